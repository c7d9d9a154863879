"""Which estate spaces to mark: the last move (ringed), the moves since the reader's own last
decision (lightly ringed, private view), and the spaces where the reader may place a tile now.

Why: a returning player's first questions are "what changed?" and "where can my tile go?". The
last move and the moves since come from the table's ``view["last"]`` / ``view["since"]``
(``{"seat", "events", "lines"}``; the events are the rules' public event dicts); an older view
carries the rules' own ``last`` (a plain event list), read the same way.

The legal spaces repeat the placement rule of ``rules/burgundy`` (render may not import rules; a
test compares this module with the rules' legal moves over whole games): an empty space next to a
placed tile (solo: or joined by a river), of the colour of a tile the seat may place, not a second
copy of a building in one city (unless it owns knowledge tile 1), and on the number of an unused
die — or ±1 with the matching knowledge tile 9/10/11, or any number in a free placement (castle's
free action, city hall, solo colour reward). The start castle goes on any castle space.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

JOKER = "JOK"
FREE_STEP = {"B": "K09", "S": "K10", "A": "K10", "C": "K11", "M": "K11", "K": "K11"}
"""Which knowledge tile lets a tile of that colour be placed on a die ±1 for free."""
PLACING_EVENTS = ("place", "castle")


def _int(value: Any, default: int = -1) -> int:
    return value if isinstance(value, int) else default


# ---- last move and moves since -----------------------------------------------------------------------
def _events(entry: Any) -> list[dict[str, Any]]:
    """The events of one decision: the table's ``{"events": [...]}`` or the rules' plain list."""
    if isinstance(entry, dict):
        entry = entry.get("events")
    return [e for e in entry or [] if isinstance(e, dict)] if isinstance(entry, list) else []


def _placed(events: list[dict[str, Any]]) -> set[tuple[int, int]]:
    return {
        (_int(e.get("seat")), _int(e.get("space")))
        for e in events
        if e.get("kind") in PLACING_EVENTS
        and isinstance(e.get("seat"), int)
        and isinstance(e.get("space"), int)
    }


def last_spaces(view: dict[str, Any]) -> set[tuple[int, int]]:
    """(seat, space) of the tiles the last decision placed."""
    return _placed(_events(view.get("last")))


def since_spaces(view: dict[str, Any]) -> set[tuple[int, int]]:
    """(seat, space) of the tiles other seats placed since the reader's own last decision (only a
    private view has ``since``); the last move itself is ringed strongly instead."""
    out: set[tuple[int, int]] = set()
    for entry in view.get("since") or []:
        out |= _placed(_events(entry))
    return out - last_spaces(view)


def last_tiles(view: dict[str, Any]) -> set[tuple[int, str]]:
    """(seat, tile) the last decision moved into a seat's storage (take, buy, swap): ringed there."""
    return {
        (_int(e.get("seat")), str(e.get("tile")))
        for e in _events(view.get("last"))
        if e.get("kind") in ("take", "buy", "swap") and isinstance(e.get("seat"), int) and e.get("tile")
    }


# ---- legal spaces ---------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _neighbours(
    xy: tuple[tuple[float, float], ...], rivers: tuple[tuple[int, int], ...]
) -> tuple[frozenset[int], ...]:
    """Adjacency from the hex centres (neighbours are one hex width apart) plus the river links."""
    near: list[set[int]] = [set() for _ in xy]
    for i, a in enumerate(xy):
        for j in range(i + 1, len(xy)):
            if abs(math.dist(a, xy[j]) - 1.0) < 0.05:
                near[i].add(j)
                near[j].add(i)
    for a, b in rivers:
        if 0 <= a < len(near) and 0 <= b < len(near):
            near[a].add(b)
            near[b].add(a)
    return tuple(frozenset(n) for n in near)


def _spaces(estate: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in estate.get("spaces") or [] if isinstance(s, dict)]


def frontier(estate: dict[str, Any]) -> list[int]:
    """Empty spaces next to a placed tile (index order)."""
    spaces = _spaces(estate)
    xy = tuple((float(s.get("x") or 0.0), float(s.get("y") or 0.0)) for s in spaces)
    rivers = tuple(
        (int(p[0]), int(p[1]))
        for p in estate.get("rivers") or []
        if isinstance(p, list | tuple) and len(p) == 2
    )
    near = _neighbours(xy, rivers)
    return [
        i for i, s in enumerate(spaces) if not s.get("tile") and any(spaces[j].get("tile") for j in near[i])
    ]


def _fits(view: dict[str, Any], estate: dict[str, Any], code: str, i: int) -> bool:
    """Colour and the one-building-per-city rule (numbers and adjacency aside)."""
    spaces = _spaces(estate)
    colours = view.get("tile_colours") if isinstance(view.get("tile_colours"), dict) else {}
    if code != JOKER and colours.get(code) != spaces[i].get("colour"):
        return False
    # every city (beige) tile is a building, and the view's tile_colours say which those are
    if colours.get(code) != "B" or "K01" in (estate.get("knowledge") or []):
        return True
    region = spaces[i].get("region")
    return not any(s.get("region") == region and s.get("tile") == code for s in spaces)


def _numbers(estate: dict[str, Any], code: str, colours: dict[str, Any]) -> set[int]:
    """Space numbers an unused die places ``code`` on (±1 with the matching knowledge tile)."""
    dice = {d for d in estate.get("dice") or [] if isinstance(d, int)}
    out = set(dice)
    step = FREE_STEP.get(str(colours.get(code)), "")
    if code != JOKER and step and step in (estate.get("knowledge") or []):
        out |= {d % 6 + 1 for d in dice} | {(d - 2) % 6 + 1 for d in dice}
    return out


def legal_spaces(view: dict[str, Any]) -> set[int]:
    """Spaces of the reader's estate where a tile may go now; empty unless the view is the private
    view of the seat to act and that seat's decision can place a tile."""
    seat = view.get("seat")
    if not isinstance(seat, int) or view.get("ended") or view.get("status") == "over":
        return set()
    if seat not in [s for s in view.get("to_act") or [] if isinstance(s, int)]:
        return set()
    estate = next(
        (e for e in view.get("estates") or [] if isinstance(e, dict) and e.get("seat") == seat), None
    )
    if estate is None or not _spaces(estate):
        return set()
    spaces = _spaces(estate)
    prompt = view.get("prompt") if isinstance(view.get("prompt"), dict) else {}
    kind = prompt.get("kind")
    if kind == "castle":
        return {i for i, s in enumerate(spaces) if s.get("colour") == "C" and not s.get("tile")}
    colours = view.get("tile_colours") if isinstance(view.get("tile_colours"), dict) else {}
    store = sorted({str(t) for t in estate.get("storage") or [] if t})
    out: set[int] = set()
    if kind in ("free", "city_hall"):  # no die: any number
        for i in frontier(estate):
            if any(_fits(view, estate, t, i) for t in store):
                out.add(i)
    elif kind == "reward":  # a black-depot tile, no die
        black = sorted({str(t) for t in view.get("black_depot") or [] if t})
        for i in frontier(estate):
            if any(_fits(view, estate, t, i) for t in black):
                out.add(i)
    elif not kind:  # the ordinary turn: an unused die's number
        for i in frontier(estate):
            n = spaces[i].get("n")
            if any(n in _numbers(estate, t, colours) and _fits(view, estate, t, i) for t in store):
                out.add(i)
    return out
