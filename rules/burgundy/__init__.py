"""The Castles of Burgundy (Stefan Feld, alea 2011): rules engine, 1-4 players incl. the official solo rules."""

from rules.burgundy.game import GAME, BurgundyGame

__all__ = ["GAME", "BurgundyGame"]
