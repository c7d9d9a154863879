"""The Castles of Tuscany's estimate for the search: red points, green to come, the estate's progress,
and the placements a seat's tiles, cards, workers and marble can still turn into.

Why the pipeline: a placement takes three things — a tile in storage that fits an open space, two
payment units (a matching card, a pair of other cards or a worker) and an action — and only the
placement scores. The search sees about one move ahead (a leaf is valued right after a move), so an
estimate that values cards and stored tiles at a flat rate made drawing look as good as placing:
the bot drew ~40 times a game, kept tiles it could never place and placed ~3 tiles where the
rules-based player places ~20. Here a resource is worth its share of the placement it makes
possible, and nothing beyond what the estate and the time left can use.
"""

from __future__ import annotations

from typing import Any

from rules.tuscany.data import AREA_POINTS, CARDS_PER_RED, ROUNDS
from rules.tuscany.data import COLOURS as TUSCANY_COLOURS
from rules.tuscany.data import data as tuscany_data
from rules.tuscany.estate import Layout
from rules.tuscany.state import colour_of, lay

SCALE = 8.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.1
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""

WEIGHTS: dict[str, float] = {
    "area": 0.6,
    "colour": 0.5,
    "green_per_placement": 2.0,
    "hold": 0.5,
    "later": 1 / 6,
    "unit": 0.15,
    "card_units": 0.55,
    "ready_units": 4.0,
    "far_units": 0.4,
    "action": 0.25,
    "turns_per_tile": 2.5,
    "turns_per_round": 17.0,
    "actions_per_placement": 2.5,
}
"""Tuscany tuning, with the reasons:

- ``area``, ``colour``: the share of an open area's green (1/3/6) counted per covered space (most of
  it: the rest of the area costs placements of its own, valued below), and of
  a colour bonus still to win (by the square of the share of that colour covered: it is a race).
- ``green_per_placement``: what one placement scores on average (an estate's ~40 area points and
  a share of the colour bonuses over its 30 spaces, plus farms: the rules player ends with ~46
  green from ~21 placements).
- ``action``, ``unit``: the rest of a placement's cost, in placements: the placing action, and a
  payment unit (a draw brings about two: matching cards and pairs). They are what the other
  actions are worth in this estimate (a draw's cards, a take's tile), so that a stored tile is
  worth its best placement less what is still to do, no more. A marble is an extra action.
  ``later``: a stored tile whose colour has empty spaces, none open yet.
- ``hold``: a stored tile's placement is not made yet, and the search, which sees about one move
  ahead, never sees it made: the round may end first, the space may be wanted for a better tile,
  the payment may go elsewhere. Half of it counts until it is made, so a placement that is ready
  is made now (as a sensible player does) rather than after another draw.
- ``ready_units``, ``far_units``: units beyond the next two placements' payments wait many turns for
  tiles to spend them on (a tile comes one action at a time), so they count at a reduced rate.
- ``card_units``: a card not matched to a stored tile is worth about half a unit (a pair of other
  colours pays one unit) and sometimes a whole one (it matches a later tile).
- ``turns_per_tile``, ``turns_per_round``, ``actions_per_placement``: the pace of the game (a round
  ends when the fastest taker has taken 7 tiles, one every ~2.5 turns; ~17 turns a round). They
  bound how many placements the resources can still become before the game ends, and decide when a
  placement must happen now to be scored in this round.
"""

EFFECT: dict[str, float] = {"K": 0.8, "C": 0.6, "V": 1 / 6, "F": 0.0, "W": 0.4, "M": 0.28, "Q": 1 / 3, "T": 0.45}
"""A tile's effect (§6) in placements: a castle's free tile (when the display fits), a city's bonus
tile, a village's worker (one unit), a carriage's yield card, a monastery's three cards, a quarry's
marble (an action), a tavern's hex token (a tile that fits anywhere). Farms score exactly instead."""


def _time(state: Any) -> tuple[float, float]:
    """(turns each seat has left in the game, the share of a scoring a placement made later loses).

    The round ends when the first seat reveals the last tile of this round's stack (§4.2), so the
    smallest stack of the round measures the round's time left."""
    rnd = int(state["round"])
    players = state["ps"]
    smallest = min(p["stacks"][rnd - 1] if len(p["stacks"]) >= rnd else 0 for p in players)
    if state["phase"] != "play":
        return WEIGHTS["turns_per_round"] * ROUNDS, 0.0
    if state.get("final_left") is not None:
        this_round = 1.0
    elif state.get("trigger") is not None:
        this_round = 1.0 if rnd >= ROUNDS else 0.5
    else:
        this_round = WEIGHTS["turns_per_tile"] * smallest
    turns = this_round + WEIGHTS["turns_per_round"] * (ROUNDS - rnd)
    # the chance that a tile kept now is placed only after this round's scoring
    late = max(0.0, min(1.0, 1.0 - this_round / 5.0))
    return turns, late


def _units_for(hand: dict[str, int], workers: int, colour: str) -> tuple[int, dict[str, int], int]:
    """Pay one placement of ``colour`` as cheaply as possible: (units found, cards used, workers used).

    Matching cards first, then workers, then pairs of the most plentiful other colour (§5.1)."""
    used: dict[str, int] = {}
    units = 0
    take = min(2, hand.get(colour, 0)) if colour != "hex" else 0
    if take:
        used[colour] = take
        units += take
    wk = min(2 - units, workers)
    units += wk
    while units < 2:
        spare = [(hand.get(c, 0) - used.get(c, 0), c) for c in TUSCANY_COLOURS if c != colour]
        count, best = max(spare)
        if count < 2:
            break
        used[best] = used.get(best, 0) + 2
        units += 1
    return units, used, wk


def _gain(layout: Layout, cov: dict[str, str], space: str, code: str, cb: dict[str, int], bonus: dict[str, tuple[int, int]],
          state: Any) -> tuple[float, float]:
    """(green scored now, change of the weighted area/colour progress) of covering ``space`` with ``code``."""
    w = WEIGHTS
    colour = layout.colour[space]
    area = layout.areas[layout.area[space]]
    n = len(area)
    done = sum(1 for sp in area if sp in cov)
    green = 0.0
    progress = 0.0
    if done + 1 == n:
        green += AREA_POINTS[n]
        progress -= w["area"] * AREA_POINTS[n] * done / n
    else:
        progress += w["area"] * AREA_POINTS[n] / n
    spaces = layout.by_colour[colour]
    side = cb.get(colour, 2)
    if side < 2 and colour in bonus:
        total = len(spaces)
        have = sum(1 for sp in spaces if sp in cov)
        value = bonus[colour][side]
        if have + 1 == total:
            green += value
            progress -= w["colour"] * value * (have / total) ** 2
        else:
            progress += w["colour"] * value * (((have + 1) / total) ** 2 - (have / total) ** 2)
    if colour == "F":
        if code == "hex":
            green += 1
        else:
            d = tuscany_data(state["v"])
            seen = {ft for sp in area if sp in cov for ft in d.farm_types(cov[sp])}
            green += len(set(d.farm_types(code)) - seen)
    return green, progress


def _player(state: Any, seat: int, scorings: int, turns: float, late: float) -> float:
    """One seat's estimated final red points."""
    w = WEIGHTS
    p = state["ps"][seat]
    hand = dict(p["hand"])
    value = float(p["red"]) + scorings * float(p["green"])
    # what the final scoring pays for what is left (§7.3): a floor under every resource, which is
    # worth the more of that and what it can still become
    floor = len(p["store"]) + p["marble"] + p["workers"] + sum(hand.values()) // CARDS_PER_RED
    if p["estate"] is None:
        return value + floor
    layout = lay(state, seat)
    cov = p["cov"]
    cb = state["cb"]
    bonus = tuscany_data(state["v"]).colour_bonus
    # the estate: partial areas and the colour-bonus race, worth something at each scoring to come
    area_done: dict[Any, int] = {}
    colour_done: dict[str, int] = {}
    for sp in cov:
        key = layout.area[sp]
        area_done[key] = area_done.get(key, 0) + 1
        colour = layout.colour[sp]
        colour_done[colour] = colour_done.get(colour, 0) + 1
    progress = 0.0
    for key, done in area_done.items():
        size = len(layout.areas[key])
        if done < size:
            progress += w["area"] * AREA_POINTS[size] * done / size
    for colour, done in colour_done.items():
        side = cb.get(colour, 2)
        if side >= 2 or colour not in bonus:
            continue
        size = len(layout.by_colour[colour])
        if done < size:
            progress += w["colour"] * bonus[colour][side] * (done / size) ** 2
    # the pipeline: what the resources can still become, in placements of green scored later
    pend = max(0.0, scorings - late)
    value += pend * progress
    placement = w["green_per_placement"] * pend
    if placement <= 0.0:
        return value + floor
    room = max(0.0, turns * (1.0 + 0.3 * min(1, p["marble"])) / w["actions_per_placement"])
    room = min(room, float(len(layout.colour) - len(cov)))
    open_ = {n for sp in cov for n in layout.neighbours[sp] if n not in cov}
    workers = int(p["workers"])
    pipeline = 0.0
    # each stored item goes to its own space: two tiles of one colour cannot share the last open
    # space of that colour, and the second is only a later placement (or none at all)
    options = []
    for i, code in enumerate(p["store"]):
        colour = "hex" if code == "hex" else colour_of(code)
        for sp in open_:
            if colour == "hex" or layout.colour[sp] == colour:
                g, pr = _gain(layout, cov, sp, code, cb, bonus, state)
                options.append((pend * (g + pr) + EFFECT[layout.colour[sp]] * placement, i, sp))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    items: list[tuple[float, str]] = []
    given: dict[int, str] = {}
    for best, i, sp in options:
        if i in given or sp in given.values():
            continue
        given[i] = sp
        code = p["store"][i]
        items.append((max(best, 0.0), "hex" if code == "hex" else colour_of(code)))
    taken = {}
    for sp in given.values():
        taken[layout.colour[sp]] = taken.get(layout.colour[sp], 0) + 1
    for i, code in enumerate(p["store"]):
        if i in given:
            continue
        colour = "hex" if code == "hex" else colour_of(code)
        left = len(layout.colour) - len(cov) - len(given) if colour == "hex" else (
            len(layout.by_colour.get(colour, ())) - colour_done.get(colour, 0) - taken.get(colour, 0))
        if left > 0:
            pipeline += max(1.0, w["later"] * placement)
            taken[colour] = taken.get(colour, 0) + 1
        else:
            pipeline += 1.0
    items.sort(reverse=True)
    used_rooms = 0.0
    for best, colour in items:
        if used_rooms >= room:
            pipeline += 1.0
            continue
        used_rooms += 1.0
        # what is left to do: the placing action, and the payment unless the hand already holds it
        # (the payment in hand is set aside for it, at a spare unit's value: paying for a tile
        # never loses value, whatever the tile is worth)
        units, cards, wk = _units_for(hand, workers, colour if colour != "hex" else "")
        if units >= 2:
            for c, k in cards.items():
                hand[c] -= k
            workers -= wk
            units = 2
        else:
            units = 0
        held = w["hold"] * best - 2 * w["unit"] * placement
        pipeline += max(1.0, w["later"] * placement, held) + w["unit"] * placement * units
    # tasks the seat has coming: cards and yield cards to draw, a castle's free tile, a bonus tile
    pending_cards = 0
    for task in state["tasks"]:
        if len(task) < 2 or task[1] != seat:
            continue
        kind = task[0]
        if kind == "card":
            pending_cards += int(task[2])
        elif kind == "yield":
            pipeline += int(task[2]) * (0.52 * pend + 0.7 + 0.25 * placement)
        elif kind == "castle":
            pipeline += EFFECT["K"] * placement
        elif kind == "bonus":
            pipeline += EFFECT["C"] * placement
        elif kind == "place" and task[3] not in cov:
            g, pr = _gain(layout, cov, task[3], task[2], cb, bonus, state)
            pipeline += scorings * g + pend * pr + EFFECT[layout.colour[task[3]]] * placement
    cards = sum(hand.values()) + pending_cards
    spare = min(workers + w["card_units"] * cards, max(0.0, 2.0 * (room - used_rooms)))
    near = min(spare, w["ready_units"])
    units = w["unit"] * placement * (near + w["far_units"] * (spare - near))
    pipeline += max(units, workers + cards // CARDS_PER_RED)
    actions = min(float(p["marble"]), max(0.0, room - used_rooms))
    pipeline += max(w["action"] * placement, 1.0) * actions + (p["marble"] - actions)
    return value + pipeline


def estimate(state: Any) -> list[float]:
    """Tuscany: every seat's estimated final red points.

    Only red points decide the game, but green points are scored again at every round's end (§7.2)
    and come almost only from placements, so green counts once per scoring still to come, and the
    resources count by the placements they can still make (see the module's docstring)."""
    players = state["ps"]
    if state["phase"] == "over":
        return [float(p["red"]) for p in players]
    scorings = ROUNDS - int(state["round"]) + 1
    turns, late = _time(state)
    return [_player(state, seat, scorings, turns, late) for seat in range(len(players))]
