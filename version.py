"""Postern's version: one place, read by ``python bot.py --version``, ``/ping``, ``/healthz`` and
the start-up line, so an operator can tell which build answers without reading the image tag.

Raised by hand in the commit that ships a release-worthy change (semantic versioning: the minor
number for new features, the patch number for fixes; 0.x while the command surface still grows).
"""

__version__ = "0.11.0"
