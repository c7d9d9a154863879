"""Notation of the card game (reference §5.1): one decision per action string.

Input is case-insensitive and spacing-tolerant; the canonical (logged) form is lower-case keywords,
card codes as printed in the reference (``CAS3a``), ``convert`` always with both parts, no ``+0``.

==============================  ==================================================================
``play S [ADJ] ACTION``         play hand card ``S`` (1 = held longer, 2) for a main action
``buy``                         pay 3 silver, draw 3 cards (then ``keep`` or ``use``)
``keep X`` / ``use X [ADJ] A``  a purchased card into Projects / as an extra action
``end``                         end the turn after the action
``drop X``                      a project to discard (Projects full)
``as C``                        the colour a cloister joins
``pile g1|g2|a1|a2``            the goods/animal pile to take from
``free A``                      the castle's free action (any value, no ADJ)
``cityhall X``                  the city hall's project to build
``grab X``                      carpenter / church / market: a display card
``sell light|medium|dark``      the warehouse's sale
``skip``                        decline an optional effect
``first N``                     who starts (host choice with ``start_player = host``)
==============================  ==================================================================

``ACTION`` is ``take X``, ``build X``, ``sell``, ``workers``, ``silver`` or ``convert wN sM``;
``ADJ`` is ``+1 +2 +3 -1 -2`` (workers spent = the shift). Chance outcomes: ``draw X`` (an action,
goods or animal card) and ``first N`` (a random start player).
"""

from __future__ import annotations

import re
from typing import Any

from rules.burgundy_cards import data as D
from rules.core import IllegalAction

Action = tuple[Any, ...]
"""Parsed action: ``(verb, *fields)``; main actions are nested tuples like ``("take", "CAS3a")``."""

PILES: tuple[str, ...] = ("g1", "g2", "a1", "a2")
_CODE = re.compile(r"^([A-Za-z]{3})([1-6]?)([a-fA-F])$")
_CONVERT = re.compile(r"^w(\d{1,2})$"), re.compile(r"^s(\d{1,2})$")


def bad(text: str) -> IllegalAction:
    return IllegalAction(f"not a move of this game: {text!r}", "notation", text=text[:40])


def card_code(token: str) -> str:
    """Normalise ``cas3A`` → ``CAS3a``; refuse anything that is not a card of the game."""
    m = _CODE.match(token)
    if not m:
        raise IllegalAction(f"{token} is not a card code", "unknown_card", card=token[:20])
    code = m.group(1).upper() + m.group(2) + m.group(3).lower()
    if not (D.is_action_card(code) or code in D.GOODS_CODES or code in D.ANIMAL_CODES):
        raise IllegalAction(f"{token} is not a card code", "unknown_card", card=token[:20])
    return code


def _main(tokens: list[str], text: str, free: bool) -> Action:
    if not tokens:
        raise bad(text)
    verb, rest = tokens[0], tokens[1:]
    if verb in ("take", "build") and len(rest) == 1:
        return (verb, card_code(rest[0]))
    if verb == "sell":
        if free:
            if len(rest) == 1 and rest[0] in D.GOODS_KINDS:
                return ("sell", rest[0])
            raise bad(text)
        if not rest:
            return ("sell",)
    if verb in ("workers", "silver") and not rest:
        return (verb,)
    if verb == "convert" and len(rest) == 2:
        mw, ms = _CONVERT[0].match(rest[0]), _CONVERT[1].match(rest[1])
        if mw and ms:
            return ("convert", int(mw.group(1)), int(ms.group(1)))
    raise bad(text)


def _adj(tokens: list[str]) -> tuple[int, list[str]]:
    if tokens and re.fullmatch(r"[+-]\d", tokens[0]):
        return int(tokens[0]), tokens[1:]
    return 0, tokens


def parse(text: str) -> Action:
    """Parse one decision; raises ``IllegalAction`` (key ``notation``) for anything unreadable."""
    if not isinstance(text, str) or len(text) > 100:
        raise bad(str(text))
    tokens = text.strip().lower().split()
    if not tokens:
        raise bad(text)
    verb, rest = tokens[0], tokens[1:]
    if verb in ("buy", "end", "skip") and not rest:
        return (verb,)
    if verb == "play" and rest and rest[0] in ("1", "2"):
        adj, more = _adj(rest[1:])
        return ("play", int(rest[0]), adj, _main(more, text, free=False))
    if verb == "use" and rest:
        code = card_code(rest[0])
        adj, more = _adj(rest[1:])
        return ("use", code, adj, _main(more, text, free=False))
    if verb in ("keep", "drop", "cityhall", "grab", "draw") and len(rest) == 1:
        return (verb, card_code(rest[0]))
    if verb == "as" and len(rest) == 1 and rest[0].upper() in D.COLOURS:
        return ("as", rest[0].upper())
    if verb == "pile" and len(rest) == 1 and rest[0] in PILES:
        return ("pile", rest[0])
    if verb == "free":
        return ("free", _main(rest, text, free=True))
    if verb == "sell" and len(rest) == 1 and rest[0] in D.GOODS_KINDS:
        return ("sellk", rest[0])
    if verb == "first" and len(rest) == 1 and rest[0].isdigit() and 1 <= int(rest[0]) <= 4:
        return ("first", int(rest[0]))
    raise bad(text)


def fmt_main(act: Action) -> str:
    if act[0] in ("take", "build"):
        return f"{act[0]} {act[1]}"
    if act[0] == "convert":
        return f"convert w{act[1]} s{act[2]}"
    if act[0] == "sell" and len(act) == 2:
        return f"sell {act[1]}"
    return act[0]


def _fmt_adj(adj: int) -> str:
    return f" {adj:+d}" if adj else ""


def fmt(a: Action) -> str:
    """The canonical text of a parsed action."""
    verb = a[0]
    if verb == "play":
        return f"play {a[1]}{_fmt_adj(a[2])} {fmt_main(a[3])}"
    if verb == "use":
        return f"use {a[1]}{_fmt_adj(a[2])} {fmt_main(a[3])}"
    if verb == "free":
        return f"free {fmt_main(a[1])}"
    if verb == "sellk":
        return f"sell {a[1]}"
    if len(a) == 1:
        return verb
    return f"{verb} {a[1]}"
