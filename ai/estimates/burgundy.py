"""The Castles of Burgundy's estimate for the search: the VP a seat holds and what its estate,
storage, stock, dice and pending effects will still pay.

Why each term (issue 26: the old estimate valued a stored tile far above a placed one, so the
search hoarded tiles, took workers with nearly every die and, once the scores were flat, burnt
its workers on back-and-forth die adjustments):

* **VP** and the end-game knowledge tiles as the estate stands now — points already certain.
* **Stock** at its end-game worth (goods 1, silverling 1, worker ½) plus a share of what it still
  buys while rounds remain: goods are sold for 2 VP each, two silverlings buy a black-depot tile,
  a worker moves a die one pip. The in-game shares stay below what selling or spending returns,
  so sales and useful purchases gain and a pointless adjustment loses.
* **Dice in hand**: an unused die is always worth at least its worst use, taking two workers; so
  ending a turn with a die unused loses that much and a worker take is worth no more than the die.
* **Stored tiles** are half a placement (a second die must still place them), and nothing when the
  estate has no empty space of their colour left.
* **Placed tiles** carry what they still pay: a mine its silverling at every phase end to come, a
  lasting knowledge tile its edge for the rounds left; and every unfinished region a share of its
  completion VP (region size VP plus this phase's bonus) in proportion to the spaces filled — so
  filling a region's last space is the best placement and scattering tiles the worst.
* **Pending prompts** (a castle's free action, a ship's goods, a building's tile) are valued at
  what answering them brings, so a placement is worth its effect one ply ahead already.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy.effects import knowledge_vp
from rules.burgundy.moves import TAKE_KINDS
from rules.burgundy.state import fits, frontier, round_order

SCALE = 16.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.3
"""Share of the value given to a wider margin (``ai.evaluate._squash``): a lead's points stay worth
something, so with a lead the search still tells a wasted worker from a placement."""

SOLO_SCALE = 1.5
"""Solo against the target: estimated spaces above the decision's start worth about 0.75."""

WEIGHTS: dict[str, tuple[float, float]] = {
    "goods": (1.0, 0.4),
    "silver": (1.0, 0.2),
    "workers": (0.5, 0.1),
}
"""Burgundy stock: VP worth of one unit, as (at the game's end, extra while the whole game remains).

The in-game extras stay small (session 13): two silverlings buy one black-depot tile (a stored tile,
~2.5) and a worker one pip of adjustment, which a turn rarely needs more than once — with larger
extras the search hoarded them (one-ply games ended with 15 workers and 7 silverlings unused against
the rules player's 3 and 2) and took workers instead of tiles."""

STORED: dict[str, float] = {
    "C": 2.5, "S": 2.5, "M": 1.0, "A": 1.5, "B": 2.0, "K": 2.5,
}
"""VP worth of a tile in storage by colour (half of what placing it typically brings); an
animal adds ½ per animal, a mine ½ per phase end still to come."""

WATCHTOWER_STORED = 2.5
"""A stored watchtower: 4 VP on placement."""

DIE_USE_SHARE = 0.5
"""Share of an unused die's best use counted before it is played (``dice_worth``)."""

REGION_SHARE = 1.0
"""Share of an unfinished region's completion VP credited per filled fraction of it. A full share
(session 13): every tile placed is one of the spaces that region VP (plus the phase bonus) pays
for, so it earns its part of it at once; at half a share a placed tile was worth little more than a
stored one and the search left 21 of 37 spaces empty (rules player: 9). Proxy vs rules, 80 games:
7/40 → 42/80 with the stock extras above."""

LASTING_KNOWLEDGE = 3.0
"""VP worth of a lasting knowledge tile (K01-K14) over the whole game."""

END_KNOWLEDGE_GROWTH: dict[str, float] = {
    **{k: 4.0 for k in D.KNOWLEDGE_BUILDING_COUNT}, "K15": 6.0, "K24": 4.0, "K25": 10.0, "K26": 2.0,
}
"""VP an end-game knowledge tile (K15-K26) placed in the estate still gains over the whole game
beyond what the estate scores with it now (about one more building of its type, two more kinds
sold, one more species, ten more goods sold, one more bonus tile). Session 13: counted as the
estate stands only, such a tile scored 0 when placed early, so the search kept it in storage or
never took it (end-game knowledge 7 VP a game against the rules player's 13)."""

BONUS_SHARE = 1.0
"""Share of a colour's bonus tile (the large one while it lies, else the small one) credited by
the square of the colour's filled fraction: the last spaces of a colour are what wins the bonus,
and the race for the large one is lost by waiting. Fades in the last third like a region's share
(an unfinished colour pays nothing). Proxy vs rules, 160 games: 89 → 90 won, margin +0.3 → +2.3."""

MINE_SILVER = 1.2
"""VP worth of one silverling a mine will pay (1 at the end plus what it buys)."""

PROMPTS: dict[str, float] = {
    "free": 2.5, "carpenter": 2.0, "church": 2.0, "market": 1.5, "city_hall": 3.0,
}
"""VP worth of a pending effect prompt (a ship's and a warehouse's are counted from the goods)."""

TURN_FIRST = 2.0
"""VP worth of standing first in the turn order the track gives for the next round (§4.3): the
first player uses both dice on the depots before the other takes his pick, and ties go to the
later seat only at the end. Worth a few rounds of first choice (a ship moves the other past only
one position at a time), it fades in the last phase like a stored tile. Without it a ship was worth
its goods only, and the seat that starts second (P2, behind P1 at setup) stayed second."""

TURN_ROUNDS_HELD = 3.0
"""Rounds a lead on the track is worth at most, counted at one position per round (a lead of one
position is lost to the next ship of the other seat)."""

SOLO_WEIGHTS: dict[str, float] = {"store": 0.7, "goods": 0.15, "silver": 0.2, "workers": 0.1, "target": 2.0}
"""Burgundy solo (won by filling the estate): a placed tile counts 1; these are worth part of one."""


def _remaining(state: Any) -> float:
    """The share of the game's 25 rounds still to come."""
    done = state["phase"] * 5 + state["round"]
    return max(0.0, 1.0 - done / 25.0)


def _phases_left(state: Any) -> int:
    """Phase ends still to come (each pays mine income), the running phase's included."""
    return max(0, len(D.PHASES) - int(state["phase"]))


def stock_worth(kind: str, rest: float) -> float:
    """VP worth of one unit of goods, silverling or worker with ``rest`` of the game left."""
    end, extra = WEIGHTS[kind]
    return end + extra * rest


def die_worth(rest: float) -> float:
    """An unused die's floor: the two workers it can always take."""
    return 2.0 * stock_worth("workers", rest)


def _region_gain(pl: dict[str, Any], board: D.Board, space: int, phase_vp: int, share: float) -> float:
    """What filling ``space`` adds to its region: the completion VP, or one more filled share."""
    region = board.regions[board.region[space]]
    filled = sum(1 for j in region if pl["est"][j] is not None)
    full = D.REGION_VP[len(region)] + phase_vp
    if filled + 1 == len(region):
        return full - share * filled / len(region) * full
    return share * full / len(region)


def die_use(state: Any, seat: int, die: int, rest: float, front: list[int] | None = None) -> float:
    """The best use a die showing ``die`` has now, over its floor (``die_worth``), read from the
    position without playing it: selling its goods, taking a tile of its depot that fits the
    estate, or placing a stored tile on a space of its number (the tile's other half and what the
    space adds to its region)."""
    pl = state["pl"][seat]
    floor = die_worth(rest)
    best = floor
    count = pl["goods"][die - 1]
    if count:
        silver = 2 if "K03" in pl["est"] else 1
        best = max(best, count * D.SELL_VP.get(state["n"], 2) + silver * stock_worth("silver", rest)
                   - count * stock_worth("goods", rest))
    full = len(pl["store"]) >= D.STORAGE_SPACES
    if not full:
        for tile in state["depots"][die - 1]:
            if tile is not None:
                best = max(best, stored_worth(state, pl, tile, rest))
    if pl["store"] and pl["board"]:
        board = D.BOARDS[pl["board"]]
        phase_vp = D.PHASE_VP[D.PHASES[min(int(state["phase"]), len(D.PHASES) - 1)]]
        share = REGION_SHARE * min(1.0, 3.0 * rest)
        for space in frontier(pl) if front is None else front:
            if board.number[space] != die:
                continue
            for tile in set(pl["store"]):
                if fits(pl, tile, space):
                    gain = stored_worth(state, pl, tile, rest) + _region_gain(pl, board, space, phase_vp, share)
                    best = max(best, gain)
    return best - floor


def dice_worth(state: Any, seat: int, rest: float) -> float:
    """Unused dice: each its floor plus ``DIE_USE_SHARE`` of its best use now — so a die turned to
    a number that places a tile gains at once, one turned to a number with no use loses, and a
    die spent on its best use still gains (the rest of that use is realised only when played)."""
    pl = state["pl"][seat]
    if not pl["dice"]:
        return 0.0
    front = frontier(pl) if pl["store"] and pl["board"] else []
    return sum(die_worth(rest) + DIE_USE_SHARE * die_use(state, seat, d, rest, front) for d in pl["dice"])


def stored_worth(state: Any, pl: dict[str, Any], tile: str, rest: float) -> float:
    """A tile in storage: half a placement, nothing without an empty space of its colour."""
    if not pl["board"]:
        return 0.0
    colour = D.tile_colour(tile) if tile != D.JOKER else ""
    board = D.BOARDS[pl["board"]]
    if colour and all(pl["est"][i] is not None for i in board.colour_spaces[colour]):
        return 0.0
    if tile == "WAT":
        worth = WATCHTOWER_STORED
    elif colour == "A":
        worth = STORED["A"] + 0.5 * int(tile[3])
    elif colour == "M":
        worth = STORED["M"] + 0.5 * MINE_SILVER * _phases_left(state)
    else:
        worth = STORED.get(colour, 1.5)
    return worth * min(1.0, 5.0 * rest)


def estate_worth(state: Any, pl: dict[str, Any], rest: float) -> float:
    """What the placed tiles still pay: mines, lasting and end-game knowledge, unfinished regions'
    shares and the colours' bonus tiles still to be won."""
    if not pl["board"]:
        return 0.0
    board = D.BOARDS[pl["board"]]
    est = pl["est"]
    worth = MINE_SILVER * _phases_left(state) * est.count("MIN")
    worth += LASTING_KNOWLEDGE * rest * sum(1 for t in est if t is not None and t.startswith("K") and t < "K15")
    worth += rest * sum(END_KNOWLEDGE_GROWTH.get(t, 0.0) for t in est if t is not None and t >= "K15" and t[0] == "K")
    phase_vp = D.PHASE_VP[D.PHASES[min(int(state["phase"]), len(D.PHASES) - 1)]]
    share = REGION_SHARE * min(1.0, 3.0 * rest)
    if state["n"] in D.BONUS_VALUES:
        large, small = D.BONUS_VALUES[state["n"]]
        late = BONUS_SHARE * min(1.0, 3.0 * rest)
        for colour, spaces in board.colour_spaces.items():
            if colour in pl["cred"]:
                continue
            avail = state["bonus"][colour]
            bonus = large if avail[0] else small if avail[1] else 0
            if bonus:
                filled = sum(1 for j in spaces if est[j] is not None)
                worth += late * bonus * (filled / len(spaces)) ** 2
    region_vp = D.REGION_VP
    for region in board.regions:
        size = len(region)
        filled = 0
        for j in region:
            if est[j] is not None:
                filled += 1
        if 0 < filled < size:
            worth += share * filled / size * (region_vp[size] + phase_vp)
    return worth


def _take_prompt_worth(state: Any, pl: dict[str, Any], kind: str, rest: float) -> float:
    """A carpenter's, church's or market's prompt: the best allowed depot tile, stored."""
    if len(pl["store"]) >= D.STORAGE_SPACES:
        return 0.0
    allowed = TAKE_KINDS[kind]
    return max((stored_worth(state, pl, t, rest) for depot in state["depots"] for t in depot
                if t is not None and allowed(t)), default=0.0)


def _city_hall_worth(state: Any, pl: dict[str, Any], rest: float) -> float:
    """A city hall's prompt: the best stored tile placed on any frontier space of its colour (the
    printed number is ignored), the tile's other half and what the space adds to its region."""
    if not pl["store"] or not pl["board"]:
        return 0.0
    board = D.BOARDS[pl["board"]]
    phase_vp = D.PHASE_VP[D.PHASES[min(int(state["phase"]), len(D.PHASES) - 1)]]
    share = REGION_SHARE * min(1.0, 3.0 * rest)
    best = 0.0
    for space in frontier(pl):
        for tile in set(pl["store"]):
            if fits(pl, tile, space):
                best = max(best, stored_worth(state, pl, tile, rest)
                           + _region_gain(pl, board, space, phase_vp, share))
    return best


def prompt_worth(state: Any, seat: int, rest: float) -> float:
    """Pending prompts of ``seat``: what answering them brings, read from the position (session 13:
    a fixed guess per kind undervalued the buildings that bring a tile and the castle's action)."""
    pl = state["pl"][seat]
    worth = 0.0
    for frame in state["stack"]:
        if frame.get("t") != "P" or frame.get("seat") != seat:
            continue
        kind = frame["kind"]
        if kind == "ship":
            most = max((len(g) for g in state["dgoods"]), default=0)
            worth += most * stock_worth("goods", rest)
        elif kind == "warehouse":
            pile = max(pl["goods"], default=0)
            worth += pile * (D.SELL_VP.get(state["n"], 2) - stock_worth("goods", rest))
        elif kind in TAKE_KINDS:
            worth += _take_prompt_worth(state, pl, kind, rest)
        elif kind == "city_hall":
            worth += _city_hall_worth(state, pl, rest)
        elif kind == "free":
            # any number: a die of the best value, used at its best
            worth += die_worth(rest) + max(die_use(state, seat, d, rest) for d in range(1, 7))
        else:
            worth += PROMPTS.get(kind, 0.0) * min(1.0, 5.0 * rest)
    return worth


def turn_order_worth(state: Any, seat: int, rest: float) -> float:
    """Standing first on the turn-order track (§4.3): ``TURN_FIRST`` for a lead of
    ``TURN_ROUNDS_HELD`` positions, a part of it for a smaller lead, faded in the last phase."""
    if TURN_FIRST <= 0.0 or rest <= 0.0:
        return 0.0
    order = round_order(state)
    if not order or order[0] != seat:
        return 0.0
    where = {s: pos for pos, stack in enumerate(state["track"]) for s in stack}
    # ships the others need to pass: one per position, one to pass from the same stack
    lead = max(1, min(where[seat] - where[s] for s in order[1:])) if len(order) > 1 else 0
    return TURN_FIRST * min(1.0, lead / TURN_ROUNDS_HELD) * min(1.0, 5.0 * rest)


def estimate(state: Any) -> list[float]:
    """Burgundy: every seat's VP plus what it holds for later (module docstring); solo: tiles."""
    rest = _remaining(state)
    out = []
    solo = state["solo"] is not None
    for seat, pl in enumerate(state["pl"]):
        placed = sum(1 for t in pl["est"] if t is not None)
        if solo:
            stock = {"goods": sum(pl["goods"]), "silver": pl["silver"], "workers": pl["workers"],
                     "store": len(pl["store"])}
            sw = SOLO_WEIGHTS
            target = state["solo"]["counter"] / max(1, state["solo"]["target"])
            out.append(placed + rest * sum(sw[k] * v for k, v in stock.items()) + sw["target"] * target)
            continue
        value = float(pl["vp"]) + sum(knowledge_vp(state, seat, t) for t in pl["est"] if t is not None and t.startswith("K"))
        value += stock_worth("goods", rest) * sum(pl["goods"])
        value += stock_worth("silver", rest) * pl["silver"]
        value += stock_worth("workers", rest) * pl["workers"]
        value += dice_worth(state, seat, rest)
        value += sum(stored_worth(state, pl, t, rest) for t in pl["store"])
        value += estate_worth(state, pl, rest)
        value += prompt_worth(state, seat, rest)
        value += turn_order_worth(state, seat, rest)
        out.append(value)
    return out
