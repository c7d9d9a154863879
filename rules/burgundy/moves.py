"""Move generation: chance outcomes, legal decisions, and why an action is illegal.

``apply`` accepts an action only if its canonical text is in ``legal`` (one source of truth); when
it is not, ``explain`` finds the rule that forbids it so the player reads "space 24 needs a 4"
instead of a bare refusal.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy.effects import ship_choices
from rules.burgundy.notation import Action, fmt
from rules.burgundy.state import (
    State,
    adjust_cost,
    board_of,
    building_clash,
    current,
    fits,
    frontier,
    has,
    step_values,
)
from rules.core import CHANCE, IllegalAction

PROMPT_VERBS = {
    "free": {"take", "place", "sell", "workers", "skip"},
    "ship": {"ship"},
    "warehouse": {"wgoods", "skip"},
    "carpenter": {"ctake", "skip"},
    "church": {"ctake", "skip"},
    "market": {"ctake", "skip"},
    "city_hall": {"cplace", "skip"},
    "swap": {"swap", "skip"},
    "reward": {"cplace", "skip"},
}
TAKE_KINDS = {
    "carpenter": lambda t: D.tile_colour(t) == "B",
    "church": lambda t: t in ("CAS", "MIN") or D.tile_colour(t) == "K",
    "market": lambda t: t == "SHP" or D.tile_colour(t) == "A",
}
CHANCE_VERBS = {"roll", "draw", "goods", "deal"}
MAIN_VERBS = {"adjust", "take", "place", "sell", "workers", "buy", "vp", "pass"}


# ---- chance ---------------------------------------------------------------------------------------
def _weighted(prefix: str, counts: dict[str, int]) -> list[tuple[str, float]]:
    total = sum(counts.values())
    return [(f"{prefix}{k}", c / total) for k, c in sorted(counts.items()) if c]


def chance_outcomes(st: State) -> list[tuple[str, float]]:
    task = st["queue"][0]
    kind = task[0]
    if kind in ("die", "white"):
        return [(f"roll {v}", 1 / 6) for v in range(1, 7)]
    if kind in ("goods", "rgood"):
        return _weighted("goods G", {str(k + 1): c for k, c in enumerate(st["gpool"])})
    if kind == "tile":
        return _weighted("draw ", st["supply"][task[3]])
    if kind == "black":
        return _weighted("draw ", st["bsupply"])
    if kind == "board":
        left = boards_left_to_deal(st)
        return [(f"deal {n}", 1 / len(left)) for n in left]
    raise ValueError(task)


def boards_left_to_deal(st: State) -> list[int]:
    taken = {pl["label"] for pl in st["pl"]}
    return [n for n in D.EDITION_BOARDS[st["opt"]["edition"]] if str(n) not in taken]


def boards_left_to_choose(st: State) -> list[int]:
    edition = st["opt"]["edition"]
    labels = [pl["label"] for pl in st["pl"]]
    return [n for n in D.EDITION_BOARDS[edition]
            if n in D.MULTI_COPY_BOARDS[edition] or str(n) not in labels]


# ---- decisions --------------------------------------------------------------------------------------
def _drops(pl: dict[str, Any]) -> list[str]:
    return sorted(set(pl["store"])) if len(pl["store"]) >= D.STORAGE_SPACES else [""]


def _depot_tiles(st: State, depot: int) -> list[str]:
    return sorted({t for t in st["depots"][depot - 1] if t is not None})


def placements(pl: dict[str, Any]) -> list[tuple[str, int]]:
    """(tile, space) pairs allowed by colour, adjacency and the building rule (numbers aside)."""
    if not pl["store"]:
        return []
    front = frontier(pl)
    return [(t, i) for t in sorted(set(pl["store"])) for i in front if fits(pl, t, i)]


def main_moves(st: State, seat: int) -> list[Action]:
    pl = st["pl"][seat]
    out: list[Action] = [("pass",)]
    dice = sorted(set(pl["dice"]))
    board = board_of(pl)
    drops = _drops(pl)
    places = placements(pl)
    for d in dice:
        for v in range(1, 7):
            if v != d and adjust_cost(pl, d, v) <= pl["workers"]:
                out.append(("adjust", d, v))
        take_values = [d, *step_values(d)] if has(pl, "K12") else [d]
        for v in take_values:
            for t in _depot_tiles(st, v):
                out.extend(("take", d, v, t, u) for u in drops)
        for t, i in places:
            n = board.number[i]
            if n == d:
                out.append(("place", d, d, t, i))
            elif t != D.JOKER and n in step_values(d) and has(pl, D.free_step_kind(t)):
                out.append(("place", d, n, t, i))
        if pl["goods"][d - 1]:
            out.append(("sell", d))
        out.append(("workers", d))
    out.extend(buy_moves(st, seat))
    if st["solo"] is not None:
        out.extend(("vp", n) for n in range(1, pl["silver"] + 1))
    return out


def buy_moves(st: State, seat: int) -> list[Action]:
    pl = st["pl"][seat]
    if st["bought"] or pl["silver"] < D.PURCHASE_COST:
        return []
    drops = _drops(pl)
    out: list[Action] = [("buy", 0, t, u) for t in sorted({t for t in st["black"] if t}) for u in drops]
    if has(pl, "K06"):
        for n in range(1, 7):
            out.extend(("buy", n, t, u) for t in _depot_tiles(st, n) for u in drops)
    return out


def _goods_multisets(goods: list[int], size: int) -> list[str]:
    out: list[str] = []

    def walk(kind: int, left: int, acc: str) -> None:
        if left == 0:
            out.append(acc)
            return
        if kind > D.GOODS_KINDS:
            return
        for take in range(min(left, goods[kind - 1]), -1, -1):
            walk(kind + 1, left - take, acc + str(kind) * take)

    walk(1, size, "")
    return out


def prompt_answers(st: State, frame: dict[str, Any]) -> list[Action]:
    seat = frame["seat"]
    pl = st["pl"][seat]
    kind = frame["kind"]
    if kind == "ship":
        return [("ship", depots, kinds) for depots, kinds in ship_choices(st, seat)]
    out: list[Action] = [("skip",)]
    if kind == "free":
        drops = _drops(pl)
        for n in range(1, 7):
            for t in _depot_tiles(st, n):
                out.extend(("take", n, n, t, u) for u in drops)
        board = board_of(pl)
        out.extend(("place", board.number[i], board.number[i], t, i) for t, i in placements(pl))
        out.extend(("sell", k + 1) for k in range(D.GOODS_KINDS) if pl["goods"][k])
        out.append(("workers", 0))
    elif kind == "warehouse":
        out.extend(("wgoods", k + 1) for k in range(D.GOODS_KINDS) if pl["goods"][k])
    elif kind in TAKE_KINDS:
        allowed = TAKE_KINDS[kind]
        drops = _drops(pl)
        for n in range(1, 7):
            out.extend(("ctake", n, t, u) for t in _depot_tiles(st, n) if allowed(t) for u in drops)
    elif kind == "city_hall":
        out.extend(("cplace", t, i) for t, i in placements(pl))
    elif kind == "swap":
        drops = _drops(pl)
        for t in sorted({t for t in st["black"] if t}):
            out.extend(("swap", t, g, u) for g in _goods_multisets(pl["goods"], 5) for u in drops)
    elif kind == "reward":
        front = frontier(pl)
        for t in sorted({t for t in st["black"] if t}):
            out.extend(("cplace", t, i) for i in front if fits(pl, t, i))
    return out


def lapse_reason(st: State, frame: dict[str, Any]) -> str:
    """Why a prompt has no answer but ``skip`` (a key of ``texts.LAPSE_WHY``), for the lapse event."""
    pl = st["pl"][frame["seat"]]
    kind = frame["kind"]
    if kind == "ship":
        return "kinds_full" if any(st["dgoods"]) else "depots_empty"
    if kind == "warehouse":
        return "no_goods"
    if kind in TAKE_KINDS:
        return "nothing_to_take"
    if kind == "city_hall":
        return "nothing_fits" if pl["store"] else "store_empty"
    if kind == "reward":
        return "black_fits" if any(st["black"]) else "black_empty"
    return "no_use"


def setup_moves(st: State, seat: int) -> list[Action]:
    if st["step"] == "board":
        return [("board", n) for n in boards_left_to_choose(st)]
    return [("castle", i) for i in board_of(st["pl"][seat]).castle_spaces]


def top_prompt(st: State) -> dict[str, Any] | None:
    """The prompt waiting for an answer, if any (continuations never wait)."""
    stack = st["stack"]
    return stack[-1] if stack and stack[-1]["t"] == "P" else None


def decision_moves(st: State, seat: int) -> list[Action]:
    """All legal decisions of ``seat`` now (unsorted action tuples)."""
    if st["status"] == "over" or st["queue"]:
        return []
    if st["step"] in ("board", "castle"):
        return setup_moves(st, seat) if seat == st["await"] else []
    if st["step"] != "turn" or seat != current(st):
        return []
    frame = top_prompt(st)
    if frame is None:
        return main_moves(st, seat)
    moves = prompt_answers(st, frame)
    if st["opt"]["edition"] == "2019":
        moves = moves + buy_moves(st, seat)
    return moves


def legal(st: State, seat: int) -> list[str]:
    if seat == CHANCE:
        return sorted(o for o, _ in chance_outcomes(st)) if st["queue"] and st["status"] != "over" else []
    return sorted({fmt(a) for a in decision_moves(st, seat)})


# ---- explanations -------------------------------------------------------------------------------------
COLOUR_NAMES = {"C": "castle", "A": "pasture", "S": "river", "M": "mine", "B": "city", "K": "knowledge"}


def _fail(reason: str, key: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, key, **params)


def _die_check(pl: dict[str, Any], d: int) -> None:
    if d not in pl["dice"]:
        shown = ", ".join(str(x) for x in pl["dice"]) or "none"
        raise _fail(f"you have no unused die showing {d} (your dice: {shown})", "no_die", die=d, dice=shown)


def _storage_check(pl: dict[str, Any], drop: str) -> None:
    if len(pl["store"]) >= D.STORAGE_SPACES and not drop:
        raise _fail("storage full: discard first (add ' drop' and a stored tile)", "storage_full")
    if drop and len(pl["store"]) < D.STORAGE_SPACES:
        raise _fail("storage is not full: nothing to drop", "no_drop_needed")
    if drop and drop not in pl["store"]:
        raise _fail(f"{drop} is not in your storage", "not_stored", tile=drop)


def _space_check(pl: dict[str, Any], tile: str, space: int, number: int | None) -> None:
    board = board_of(pl)
    if tile not in pl["store"]:
        raise _fail(f"{tile} is not in your storage", "not_stored", tile=tile)
    if pl["est"][space] is not None:
        raise _fail(f"space {space} is already occupied", "space_taken", space=space)
    colour = board.colour[space]
    if tile != D.JOKER and D.tile_colour(tile) != colour:
        raise _fail(f"space {space} is a {COLOUR_NAMES[colour]} space", "wrong_colour", space=space,
                    colour=colour)
    if number is not None and board.number[space] != number:
        need = board.number[space]
        raise _fail(f"space {space} needs a {need}", "wrong_number", space=space, need=need)
    if not any(pl["est"][j] is not None for j in board.neighbours[space]):
        raise _fail(f"space {space} does not touch a tile of your estate", "not_adjacent", space=space)
    if building_clash(pl, tile, space):
        raise _fail(f"that city already has a {tile}", "city_has_building", tile=tile)


def _free_step_check(pl: dict[str, Any], d: int, v: int, need: str) -> None:
    if d == v:
        return
    if v not in step_values(d):
        raise _fail("a knowledge tile's free step is only ±1", "free_step_range")
    if not need or not has(pl, need):
        raise _fail(f"a free ±1 here needs knowledge tile {need or 'K09-K12'} in your estate", "needs_tile",
                    tile=need or "K09-K12")


def _depot_check(st: State, depot: int, tile: str) -> None:
    if tile not in st["depots"][depot - 1]:
        raise _fail(f"depot {depot} holds no {tile}", "not_in_depot", depot=depot, tile=tile)


def _explain_main(st: State, seat: int, a: Action) -> None:
    pl = st["pl"][seat]
    verb = a[0]
    if verb == "adjust":
        _die_check(pl, a[1])
        cost = adjust_cost(pl, a[1], a[2])
        if a[1] == a[2]:
            raise _fail("that die already shows that value", "same_value")
        if cost > pl["workers"]:
            raise _fail(f"that needs {cost} workers; you have {pl['workers']}", "workers_short", need=cost,
                        have=pl["workers"])
    elif verb == "take":
        _die_check(pl, a[1])
        _free_step_check(pl, a[1], a[2], "K12")
        _depot_check(st, a[2], a[3])
        _storage_check(pl, a[4])
    elif verb == "place":
        _die_check(pl, a[1])
        if a[3] == D.JOKER and a[1] != a[2]:
            raise _fail("no free step for a joker", "joker_step")
        if a[3] != D.JOKER:
            _free_step_check(pl, a[1], a[2], D.free_step_kind(a[3]))
        _space_check(pl, a[3], a[4], a[2])
    elif verb == "sell":
        _die_check(pl, a[1])
        if not pl["goods"][a[1] - 1]:
            raise _fail(f"you have no goods of kind {a[1]}", "no_goods", kind=a[1])
    elif verb == "workers":
        if not a[1]:
            raise _fail("name the die: workers 1-6", "workers_die")
        _die_check(pl, a[1])
    elif verb == "buy":
        _explain_buy(st, seat, a)
    elif verb == "vp":
        if st["solo"] is None:
            raise _fail("buying VP is a solo rule", "solo_only")
        if not 1 <= a[1] <= pl["silver"]:
            raise _fail(f"you have {pl['silver']} silverlings", "silver_short", have=pl["silver"])


def _explain_buy(st: State, seat: int, a: Action) -> None:
    pl = st["pl"][seat]
    if st["bought"]:
        raise _fail("only one purchase per turn", "bought_already")
    if pl["silver"] < D.PURCHASE_COST:
        raise _fail("a purchase costs 2 silverlings", "silver_short", have=pl["silver"])
    if a[1]:
        if not has(pl, "K06"):
            raise _fail("buying from a numbered depot needs knowledge tile K06 in your estate", "needs_tile",
                        tile="K06")
        _depot_check(st, a[1], a[2])
    elif a[2] not in st["black"]:
        raise _fail(f"the black depot holds no {a[2]}", "not_in_black", tile=a[2])
    _storage_check(pl, a[3])


def _explain_prompt(st: State, seat: int, frame: dict[str, Any], a: Action) -> None:
    pl = st["pl"][seat]
    verb, kind = a[0], frame["kind"]
    if verb == "buy":
        if st["opt"]["edition"] != "2019":
            raise _fail("with the 2011 rules you buy only when no effect is pending", "buy_in_prompt")
        _explain_buy(st, seat, a)
        return
    if verb not in PROMPT_VERBS[kind]:
        raise _fail(f"answer the pending {kind.replace('_', ' ')} prompt first", "prompt_pending", prompt=kind)
    if verb == "take":
        if a[1] != a[2]:
            raise _fail("a free action takes any value: no ±1 needed", "free_no_step")
        _depot_check(st, a[2], a[3])
        _storage_check(pl, a[4])
    elif verb == "place":
        _space_check(pl, a[3], a[4], a[2])
    elif verb in ("sell", "wgoods") and not pl["goods"][a[1] - 1]:
        raise _fail(f"you have no goods of kind {a[1]}", "no_goods", kind=a[1])
    elif verb == "workers" and a[1]:
        raise _fail("a free action uses no die: write just 'workers'", "free_no_die")
    elif verb == "ship":
        for d in a[1]:
            if not st["dgoods"][d - 1]:
                raise _fail(f"depot {d} has no goods", "depot_no_goods", depot=d)
        if len(a[1]) == 2 and (not has(pl, "K05") or (a[1][1] - a[1][0]) % 6 not in (1, 5)):
            raise _fail("two neighbouring depots need knowledge tile K05 in your estate", "needs_tile",
                        tile="K05")
        raise _fail("that goods choice does not fit the 3-kind goods storage (name the new kinds to take)",
                    "goods_choice")
    elif verb == "ctake":
        if not TAKE_KINDS[kind](a[2]):
            raise _fail(f"the {kind} cannot take {a[2]}", "wrong_kind", prompt=kind, tile=a[2])
        _depot_check(st, a[1], a[2])
        _storage_check(pl, a[3])
    elif verb == "cplace":
        if kind == "reward":
            if a[1] not in st["black"]:
                raise _fail(f"the black depot holds no {a[1]}", "not_in_black", tile=a[1])
            probe = dict(pl, store=[a[1]])
            _space_check(probe, a[1], a[2], None)
        else:
            _space_check(pl, a[1], a[2], None)
    elif verb == "swap":
        if a[1] not in st["black"]:
            raise _fail(f"the black depot holds no {a[1]}", "not_in_black", tile=a[1])
        for k in set(a[2]):
            if pl["goods"][int(k) - 1] < a[2].count(k):
                raise _fail(f"you do not hold those goods ({a[2]})", "no_goods", kind=int(k))
        _storage_check(pl, a[3])


def explain(st: State, seat: int, a: Action) -> IllegalAction:
    """The most specific rule that forbids ``a`` for ``seat`` now."""
    try:
        if st["status"] == "over":
            return _fail("the game is over", "game_over")
        if st["queue"]:
            if seat != CHANCE:
                return _fail("waiting for a die roll or a draw", "chance_pending")
            return _fail("that is not a possible outcome now", "bad_outcome")
        if seat == CHANCE:
            return _fail("no die roll or draw is pending", "no_chance")
        if a[0] in CHANCE_VERBS:
            return _fail("dice and draws are not moves", "not_a_move")
        if st["step"] in ("board", "castle"):
            if seat != st["await"]:
                return _fail("it is not your turn", "not_your_turn")
            if a[0] != st["step"]:
                return _fail(f"choose your {'board' if st['step'] == 'board' else 'start castle space'} first",
                             "setup_pending", step=st["step"])
            if a[0] == "board":
                return _fail(f"board {a[1]} is not available", "board_unavailable", board=a[1])
            return _fail(f"space {a[1]} is not a castle space of your board", "not_castle_space", space=a[1])
        if seat != current(st):
            return _fail("it is not your turn", "not_your_turn")
        frame = top_prompt(st)
        if frame is None:
            if a[0] not in MAIN_VERBS:
                return _fail("there is nothing to choose now", "no_prompt")
            _explain_main(st, seat, a)
        else:
            _explain_prompt(st, seat, frame, a)
    except IllegalAction as err:
        return err
    return _fail("that move is not legal now", "not_legal")

