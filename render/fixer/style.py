"""FIXER's colours that carry meaning, for the colour-blind rule (``render.cvd``, issue #29).

Seats are told apart by their ``S1``…``S4`` tags, never by colour, so only the suits are listed.
The suits' Okabe–Ito colours come close under deuteranopia (blue Regime and purple Media), and
that is fine: every card prints its suit letter, symbol and number beside the colour.
"""

from __future__ import annotations

from render import kit
from render.fixer.cards import SUITS

MEANINGFUL: dict[str, list[kit.RGB]] = {"suits": [suit.colour for suit in SUITS.values()]}
LABELLED: dict[str, str] = {"suits": "every card and pile prints its suit letter and symbol (R♛ C$ M✎ P☻)"}
