"""Torres (Kiesling & Kramer, 1999): rules engine. See ``shared/rules/torres.md`` for the reference.

Modules: ``data`` (facts and tables), ``board`` (castles, building, steps, doors), ``cards``
(the 10 action cards), ``scoring`` (phase scoring, King's bonus, master cards, the track),
``flow`` (setup, turns, phases), ``actions`` (notation, legality, apply), ``view``, ``text``.
"""

from rules.torres.game import Torres

GAME = Torres()

__all__ = ["GAME", "Torres"]
