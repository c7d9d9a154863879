"""The Castles of Tuscany (Stefan Feld, alea 2020): rules engine. Reference: ``shared/rules/tuscany.md``.

Modules: ``data`` (component data per ``data_version``), ``estate`` (board geometry, areas,
adjacency, assembly), ``state`` (the JSON state), ``flow`` (task queue, effects, turns, rounds,
scoring), ``notation`` (payments), ``moves`` (who acts, legality, apply), ``view`` (per seat),
``names``/``texts``/``reasons`` (words in en, zh-TW, zh-CN), ``game`` (the contract).
"""

from rules.tuscany.game import Tuscany

GAME = Tuscany()

__all__ = ["GAME", "Tuscany"]
