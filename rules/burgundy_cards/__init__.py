"""The Castles of Burgundy: The Card Game (Feld, alea 2016): rules engine.

Reference: ``shared/rules/burgundy_cards.md``. Modules: ``data`` (components; every [UNCERTAIN]
fact in one table per option), ``state`` (layout, queries), ``notation`` (§5.1), ``engine`` (setup,
rounds, turns, actions, effects), ``moves`` (legal decisions, chance outcomes, refusals),
``scoring`` (§7), ``view`` (§10) and ``texts`` (en / zh-TW / zh-CN).
"""

from rules.burgundy_cards.game import GAME, BurgundyCardsGame

__all__ = ["GAME", "BurgundyCardsGame"]
