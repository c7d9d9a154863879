"""The Castles of Burgundy notation (reference §5.1): one decision per action string.

Player decisions (verbs lower case, codes upper case; input is case-insensitive and spacing-tolerant,
the canonical form has single spaces):

==========================  ==============================================================
``pass``                    end the turn (unused dice are forfeited)
``skip``                    decline the pending effect prompt
``adjust d>v``              spend workers to turn a die showing ``d`` into ``v`` (6↔1 wrap)
``take v:T``                use a die ``v`` to take tile ``T`` from depot ``v``
``take d>v:T``              same with a free ±1 (knowledge tile K12); in a free action ``v`` is any depot
``place v:T@i``             use a die ``v`` to place stored tile ``T`` on estate space ``i``
``place d>v:T@i``           same with a free ±1 (K09 / K10 / K11)
``sell v``                  use a die ``v`` to sell all goods of kind ``v``
``workers v``               use a die ``v`` to take workers; ``workers`` in a free action
``buy T`` / ``buy n:T``     buy tile ``T`` from the black depot / numbered depot ``n`` (K06)
``vp n``                    solo: buy ``n`` VP for ``n`` silverlings
``choose Dn`` / ``choose Da+Db Gx…``   ship: take goods from depot(s), naming new kinds if they do not all fit
``choose Gk``               warehouse: sell goods kind ``k``
``choose n:T``              carpenter / church / market: take ``T`` from depot ``n``
``choose T@i``              city hall / solo colour reward: place ``T`` on ``i`` without a die
``swap T abcde``            solo: trade five goods (kinds as digits) for black-depot tile ``T``
``board n`` / ``castle @i`` setup: pick a board / put the start castle on space ``i``
==========================  ==============================================================

``take``, ``buy``, ``choose n:T`` and ``swap`` get the suffix `` drop U`` exactly when storage is full:
stored tile ``U`` is discarded first. Chance outcomes: ``roll v`` (a die), ``draw T`` (a hex tile),
``goods Gk`` (a goods tile), ``deal n`` (a board).
"""

from __future__ import annotations

import re
from typing import Any

from rules.burgundy.data import ALL_TILES, JOKER
from rules.core import IllegalAction

Action = tuple[Any, ...]
"""Parsed action: ``(verb, *fields)``; see ``parse``."""

TILE_CODES = frozenset((*ALL_TILES, JOKER))
_DIE = r"([1-6])(?:>([1-6]))?"
_TILE = r"([A-Z]{3}\d?|K\d\d)"
_DROP = rf"(?: DROP {_TILE})?"
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("pass", re.compile(r"PASS")),
    ("skip", re.compile(r"SKIP")),
    ("adjust", re.compile(r"ADJUST ([1-6]) ?> ?([1-6])")),
    ("take", re.compile(rf"TAKE {_DIE} ?: ?{_TILE}{_DROP}")),
    ("place", re.compile(rf"PLACE {_DIE} ?: ?{_TILE} ?@ ?(\d{{1,2}})")),
    ("sell", re.compile(r"SELL ([1-6])")),
    ("workers", re.compile(r"WORKERS(?: ([1-6]))?")),
    ("buy", re.compile(rf"BUY (?:([1-6]) ?: ?)?{_TILE}{_DROP}")),
    ("vp", re.compile(r"VP (\d{1,3})")),
    ("ship", re.compile(r"CHOOSE D([1-6])(?: ?\+ ?D([1-6]))?((?: G[1-6])*)")),
    ("wgoods", re.compile(r"CHOOSE G([1-6])")),
    ("ctake", re.compile(rf"CHOOSE ([1-6]) ?: ?{_TILE}{_DROP}")),
    ("cplace", re.compile(rf"CHOOSE {_TILE} ?@ ?(\d{{1,2}})")),
    ("swap", re.compile(rf"SWAP {_TILE} ([1-6]{{5}}){_DROP}")),
    ("board", re.compile(r"BOARD (\d{1,2})")),
    ("castle", re.compile(r"CASTLE @ ?(\d{1,2})")),
    ("roll", re.compile(r"ROLL ([1-6])")),
    ("draw", re.compile(rf"DRAW {_TILE}")),
    ("goods", re.compile(r"GOODS G([1-6])")),
    ("deal", re.compile(r"DEAL (\d{1,2})")),
]

HINT = (
    "Moves look like: take 3:SHP · place 2:CAS@17 · sell 4 · workers 5 · adjust 6>1 · buy K12 · "
    "choose D3 · skip · pass"
)


def _tile(code: str | None) -> str:
    if code is None:
        return ""
    if code not in TILE_CODES:
        raise IllegalAction(f"unknown tile code {code}", "unknown_tile", tile=code)
    return code


def _space(text: str) -> int:
    value = int(text)
    if value > 36:
        raise IllegalAction("estate spaces are numbered 0-36", "bad_space", space=value)
    return value


def parse(text: str) -> Action:
    """Parse ``text`` into an action tuple; raise ``IllegalAction`` with a notation hint otherwise."""
    if not isinstance(text, str) or len(text) > 100:
        raise IllegalAction(HINT, "garbage")
    norm = " ".join(text.upper().split())
    for verb, pattern in _PATTERNS:
        m = pattern.fullmatch(norm)
        if not m:
            continue
        g = m.groups()
        if verb in ("pass", "skip"):
            return (verb,)
        if verb == "adjust":
            return ("adjust", int(g[0]), int(g[1]))
        if verb == "take":
            d = int(g[0])
            return ("take", d, int(g[1] or d), _tile(g[2]), _tile(g[3]))
        if verb == "place":
            d = int(g[0])
            return ("place", d, int(g[1] or d), _tile(g[2]), _space(g[3]))
        if verb == "sell":
            return ("sell", int(g[0]))
        if verb == "workers":
            return ("workers", int(g[0] or 0))
        if verb == "buy":
            return ("buy", int(g[0] or 0), _tile(g[1]), _tile(g[2]))
        if verb == "vp":
            return ("vp", int(g[0]))
        if verb == "ship":
            a, b = int(g[0]), int(g[1] or 0)
            if b and a == b:
                raise IllegalAction(HINT, "garbage")
            depots = tuple(sorted((a, b))) if b else (a,)
            kinds = tuple(sorted(int(k) for k in re.findall(r"G([1-6])", g[2] or "")))
            return ("ship", depots, kinds)
        if verb == "wgoods":
            return ("wgoods", int(g[0]))
        if verb == "ctake":
            return ("ctake", int(g[0]), _tile(g[1]), _tile(g[2]))
        if verb == "cplace":
            return ("cplace", _tile(g[0]), _space(g[1]))
        if verb == "swap":
            return ("swap", _tile(g[0]), "".join(sorted(g[1])), _tile(g[2]))
        if verb == "board":
            return ("board", int(g[0]))
        if verb == "castle":
            return ("castle", _space(g[0]))
        if verb == "roll":
            return ("roll", int(g[0]))
        if verb == "draw":
            return ("draw", _tile(g[0]))
        if verb == "goods":
            return ("goods", int(g[0]))
        if verb == "deal":
            return ("deal", int(g[0]))
    raise IllegalAction(HINT, "garbage")


def _die(d: int, v: int) -> str:
    return f"{d}" if d == v else f"{d}>{v}"


def _drop(u: str) -> str:
    return f" drop {u}" if u else ""


def fmt(action: Action) -> str:
    """The canonical text of a parsed action."""
    verb = action[0]
    if verb in ("pass", "skip"):
        return verb
    if verb == "adjust":
        return f"adjust {action[1]}>{action[2]}"
    if verb == "take":
        return f"take {_die(action[1], action[2])}:{action[3]}{_drop(action[4])}"
    if verb == "place":
        return f"place {_die(action[1], action[2])}:{action[3]}@{action[4]}"
    if verb == "sell":
        return f"sell {action[1]}"
    if verb == "workers":
        return f"workers {action[1]}" if action[1] else "workers"
    if verb == "buy":
        where = f"{action[1]}:" if action[1] else ""
        return f"buy {where}{action[2]}{_drop(action[3])}"
    if verb == "vp":
        return f"vp {action[1]}"
    if verb == "ship":
        kinds = "".join(f" G{k}" for k in action[2])
        return "choose " + "+".join(f"D{d}" for d in action[1]) + kinds
    if verb == "wgoods":
        return f"choose G{action[1]}"
    if verb == "ctake":
        return f"choose {action[1]}:{action[2]}{_drop(action[3])}"
    if verb == "cplace":
        return f"choose {action[1]}@{action[2]}"
    if verb == "swap":
        return f"swap {action[1]} {action[2]}{_drop(action[3])}"
    if verb == "board":
        return f"board {action[1]}"
    if verb == "castle":
        return f"castle @{action[1]}"
    if verb == "roll":
        return f"roll {action[1]}"
    if verb == "draw":
        return f"draw {action[1]}"
    if verb == "goods":
        return f"goods G{action[1]}"
    if verb == "deal":
        return f"deal {action[1]}"
    raise ValueError(action)
