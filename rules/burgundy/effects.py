"""Tile effects, scoring on the fly and the resolution stack (reference §5.5-§5.9, §6, §7.1).

All functions mutate a state that ``apply`` has already cloned and append public events to ``ev``.
A placement is resolved in three steps (§5.7): region VP now, then the tile effect, then colour
completion. The last two are pushed on ``state["stack"]`` as continuations *below* whatever the
region step pushes (the solo target's free action), and prompts opened by an effect sit on top of
them; ``flow.settle`` pops continuations and waits at prompts, which gives the depth-first order
the rules require (a city hall's nested placement finishes before the outer colour check).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rules.burgundy import data as D
from rules.burgundy.state import State, board_of, has, sell_vp

Events = list[dict[str, Any]]

BUILDING_PROMPT = {"CAR": "carpenter", "CHU": "church", "MAR": "market", "WAR": "warehouse", "CIT": "city_hall"}


def prompt(st: State, seat: int, kind: str, tile: str = "", space: int = -1) -> None:
    st["stack"].append({"t": "P", "kind": kind, "seat": seat, "tile": tile, "space": space})


def gain_vp(st: State, seat: int, vp: int, why: str, ev: Events, **extra: Any) -> None:
    """Add VP (solo: also to the target counter, opening a free action when it reaches the target)."""
    if vp <= 0:
        return
    pl = st["pl"][seat]
    pl["vp"] += vp
    ev.append({"kind": "score", "seat": seat, "vp": vp, "why": why, **extra})
    solo = st["solo"]
    if solo is None:
        return
    solo["counter"] += vp
    if solo["counter"] >= solo["target"]:
        solo["counter"] = 0
        solo["target"] = max(D.SOLO_TARGET_MIN, solo["target"] - D.SOLO_TARGET_STEP)
        ev.append({"kind": "target", "seat": seat, "target": solo["target"]})
        prompt(st, seat, "free")


def to_storage(st: State, seat: int, tile: str, drop: str, ev: Events) -> None:
    """Put ``tile`` into storage, discarding stored tile ``drop`` first (its event comes first)."""
    pl = st["pl"][seat]
    if drop:
        pl["store"].remove(drop)
        ev.append({"kind": "discard", "seat": seat, "tile": drop})
    pl["store"].append(tile)


def take_from_depot(st: State, depot: int, tile: str) -> None:
    """Remove ``tile`` from depot ``depot`` (1-6), lowest slot first."""
    slots = st["depots"][depot - 1]
    slots[slots.index(tile)] = None


def sell(st: State, seat: int, kind: int, ev: Events, how: str) -> None:
    pl = st["pl"][seat]
    count = pl["goods"][kind - 1]
    pl["goods"][kind - 1] = 0
    pl["sold"][kind - 1] += count
    silver = 2 if has(pl, "K03") else 1
    workers = 1 if has(pl, "K04") else 0
    pl["silver"] += silver
    pl["workers"] += workers
    ev.append({"kind": "sell", "seat": seat, "goods": kind, "count": count, "silver": silver,
               "workers": workers, "how": how})
    gain_vp(st, seat, count * sell_vp(st), "sale", ev)


def take_workers(st: State, seat: int, ev: Events, how: str) -> None:
    pl = st["pl"][seat]
    gain = 4 if has(pl, "K14") else 2
    silver = 1 if has(pl, "K13") else 0
    pl["workers"] += gain
    pl["silver"] += silver
    ev.append({"kind": "workers", "seat": seat, "gain": gain, "silver": silver, "how": how})


def place(st: State, seat: int, tile: str, space: int, ev: Events, how: str, die: int = 0) -> None:
    """Put ``tile`` from storage on ``space`` and start its resolution (§5.7)."""
    pl = st["pl"][seat]
    if how != "reward":
        pl["store"].remove(tile)
    pl["est"][space] = tile
    ev.append({"kind": "place", "seat": seat, "tile": tile, "space": space, "die": die, "how": how})
    board = board_of(pl)
    if st["solo"] is not None and all(t is not None for t in pl["est"]):
        st["solo"]["won"] = True
        st["stack"] = []
        ev.append({"kind": "solo_win", "seat": seat})
        return
    colour = board.colour[space]
    st["stack"].append({"t": "C", "do": "colour", "seat": seat, "colour": colour})
    st["stack"].append({"t": "C", "do": "effect", "seat": seat, "tile": tile, "space": space})
    region = board.regions[board.region[space]]
    if all(pl["est"][j] is not None for j in region):
        phase = D.PHASES[st["phase"]]
        gain_vp(st, seat, D.REGION_VP[len(region)] + D.PHASE_VP[phase], "region", ev,
                size=len(region), colour=colour)


def run_continuation(st: State, frame: dict[str, Any], ev: Events) -> None:
    if frame["do"] == "effect":
        tile_effect(st, frame["seat"], frame["tile"], frame["space"], ev)
    elif frame["do"] == "colour":
        colour_check(st, frame["seat"], frame["colour"], ev)
    elif frame["do"] == "swapcheck":
        pl = st["pl"][frame["seat"]]
        if sum(pl["goods"]) >= 5 and any(st["black"]):
            prompt(st, frame["seat"], "swap", "SHP", frame.get("space", -1))
    else:  # pragma: no cover - frames are only built here
        raise ValueError(frame)


def animal_vp(st: State, seat: int, tile: str, space: int) -> tuple[int, int]:
    """VP of an animal placement and the number of tiles that scored (§6.1, K07)."""
    pl = st["pl"][seat]
    board = board_of(pl)
    species = tile[:3]
    tiles = [pl["est"][j] for j in board.regions[board.region[space]]]
    scoring = [t for t in tiles if t is not None and t[:3] == species]
    vp = sum(int(t[3]) for t in scoring)
    if has(pl, "K07"):
        vp += len(scoring)
    return vp, len(scoring)


def tile_effect(st: State, seat: int, tile: str, space: int, ev: Events) -> None:
    pl = st["pl"][seat]
    if tile == "CAS":
        prompt(st, seat, "free", tile, space)
    elif tile == "SHP":
        if st["solo"] is None:
            move_marker(st, seat, ev)
        else:
            st["stack"].append({"t": "C", "do": "swapcheck", "seat": seat, "space": space})
        prompt(st, seat, "ship", tile, space)
    elif tile[:3] in D.ANIMALS:
        vp, count = animal_vp(st, seat, tile, space)
        gain_vp(st, seat, vp, "animals", ev, tiles=count)
    elif tile in BUILDING_PROMPT:
        prompt(st, seat, BUILDING_PROMPT[tile], tile, space)
    elif tile == "BOA":
        pl["workers"] += D.BOARDING_HOUSE_WORKERS
        ev.append({"kind": "gain", "seat": seat, "tile": tile, "workers": D.BOARDING_HOUSE_WORKERS})
    elif tile == "BAN":
        pl["silver"] += D.BANK_SILVER
        ev.append({"kind": "gain", "seat": seat, "tile": tile, "silver": D.BANK_SILVER})
    elif tile == "WAT":
        gain_vp(st, seat, D.WATCHTOWER_VP, "watchtower", ev)
    elif st["solo"] is not None and tile in D.END_KNOWLEDGE:
        gain_vp(st, seat, knowledge_vp(st, seat, tile), "knowledge", ev, tile=tile)


def move_marker(st: State, seat: int, ev: Events) -> None:
    track = st["track"]
    for pos, stack in enumerate(track):
        if seat in stack:
            stack.remove(seat)
            if pos + 1 >= len(track):
                track.append([])
            track[pos + 1].append(seat)
            ev.append({"kind": "track", "seat": seat, "position": pos + 1})
            return


def colour_check(st: State, seat: int, colour: str, ev: Events) -> None:
    pl = st["pl"][seat]
    if colour in pl["cred"]:
        return
    board = board_of(pl)
    if any(pl["est"][j] is None for j in board.colour_spaces[colour]):
        return
    pl["cred"] += colour
    if st["solo"] is not None:
        ev.append({"kind": "colour", "seat": seat, "colour": colour, "bonus": ""})
        prompt(st, seat, "reward")
        return
    avail = st["bonus"][colour]
    large, small = D.BONUS_VALUES[st["n"]]
    if avail[0]:
        avail[0] = False
        code, vp = f"BL-{colour}", large
    elif avail[1]:
        avail[1] = False
        code, vp = f"BS-{colour}", small
    else:
        ev.append({"kind": "colour", "seat": seat, "colour": colour, "bonus": ""})
        return
    pl["bonus"].append(code)
    ev.append({"kind": "colour", "seat": seat, "colour": colour, "bonus": code})
    gain_vp(st, seat, vp, "bonus", ev, bonus=code)


def knowledge_vp(st: State, seat: int, tile: str) -> int:
    """Value of an end-game knowledge tile (K15-K26) for the estate as it is now."""
    pl = st["pl"][seat]
    if tile == "K15":
        return 3 * sum(1 for c in pl["sold"] if c)
    if tile in D.KNOWLEDGE_BUILDING_COUNT:
        return 4 * pl["est"].count(D.KNOWLEDGE_BUILDING_COUNT[tile])
    if tile == "K24":
        return 4 * len({t[:3] for t in pl["est"] if t is not None and t[:3] in D.ANIMALS})
    if tile == "K25":
        return sum(pl["sold"])
    if tile == "K26":
        return 2 * len(pl["bonus"])
    return 0


# ---- ship goods (§5.8) --------------------------------------------------------------------------
def ship_pickup(st: State, seat: int, depots: tuple[int, ...], kinds: tuple[int, ...]) -> list[int] | None:
    """Goods the ship would take (kinds, one entry per tile), or ``None`` if the choice is illegal.

    ``kinds`` names the new kinds taken when more new kinds are offered than free spaces remain.
    """
    pl = st["pl"][seat]
    offered = [st["dgoods"][d - 1] for d in depots]
    if any(not g for g in offered):
        return None
    if st["solo"] is not None:
        if kinds:
            return None
        return [k for g in offered for k in g]
    held = {k + 1 for k in range(D.GOODS_KINDS) if pl["goods"][k]}
    free = D.GOODS_STORAGE_KINDS - len(held)
    new = sorted({k for g in offered for k in g} - held)
    if len(new) > free > 0:
        if len(kinds) != free or not set(kinds) <= set(new):
            return None
        allowed = held | set(kinds)
    else:
        if kinds:
            return None
        allowed = held | (set(new) if len(new) <= free else set())
    taken = [k for g in offered for k in g if k in allowed]
    if any(not any(k in allowed for k in g) for g in offered):
        return None
    return taken


def ship_choices(st: State, seat: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal ``(depots, kinds)`` answer of the ship prompt."""
    pl = st["pl"][seat]
    groups: list[tuple[int, ...]] = [(d,) for d in range(1, 7) if st["dgoods"][d - 1]]
    if has(pl, "K05"):
        groups += [tuple(sorted((d, d % 6 + 1))) for d in range(1, 7)
                   if st["dgoods"][d - 1] and st["dgoods"][d % 6]]
    out = []
    held = {k + 1 for k in range(D.GOODS_KINDS) if pl["goods"][k]}
    free = D.GOODS_STORAGE_KINDS - len(held)
    for group in groups:
        options: list[tuple[int, ...]] = [()]
        if st["solo"] is None:
            new = sorted({k for d in group for k in st["dgoods"][d - 1]} - held)
            if len(new) > free > 0:
                options = list(combinations(new, free))
        for kinds in options:
            if ship_pickup(st, seat, group, kinds) is not None:
                out.append((group, kinds))
    return out


def do_ship(st: State, seat: int, depots: tuple[int, ...], kinds: tuple[int, ...], ev: Events) -> None:
    taken = ship_pickup(st, seat, depots, kinds)
    assert taken is not None
    pl = st["pl"][seat]
    allowed = set(taken)
    for d in depots:
        st["dgoods"][d - 1] = [k for k in st["dgoods"][d - 1] if k not in allowed]
    for k in taken:
        pl["goods"][k - 1] += 1
    ev.append({"kind": "ship_goods", "seat": seat, "depots": list(depots), "goods": sorted(taken)})
    if st["solo"] is not None:
        lost = [k for d in range(1, 7) if d not in depots for k in st["dgoods"][d - 1]]
        for d in range(1, 7):
            if d not in depots:
                st["dgoods"][d - 1] = []
        if lost:
            out = st.setdefault("gout", [0] * D.GOODS_KINDS)  # games saved before it was kept
            for k in lost:
                out[k - 1] += 1
            ev.append({"kind": "goods_lost", "goods": sorted(lost)})


def phase_income(st: State, ev: Events) -> None:
    for seat, pl in enumerate(st["pl"]):
        mines = pl["est"].count("MIN")
        if not mines:
            continue
        workers = mines if has(pl, "K02") else 0
        pl["silver"] += mines
        pl["workers"] += workers
        ev.append({"kind": "income", "seat": seat, "silver": mines, "workers": workers})
