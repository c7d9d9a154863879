"""Position values: one number in [0, 1] per seat, higher is better.

A finished game is valued by its ranking (first 1, last 0). ``values`` — the one-ply greedy
baseline's evaluation — values an unfinished one by the score margin each game exposes through
``Game.scores``, squashed with a per-game scale: a margin of one ``SCALE`` is worth about three
quarters of a win. ``estimate`` — the search's evaluation — squashes the same way a per-game
estimate of the final scores that also counts what a seat holds for later (goods, projects,
partial triples, castle positions, the instant-win race), and in a solo game against a target
measures progress since the decision. Scales and weights are tuning tables, not logic.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rules import AUTOMA, Game
from rules.burgundy.effects import knowledge_vp
from rules.burgundy_cards import data as CD
from rules.burgundy_cards.scoring import breakdown
from rules.fixer.engine import region_sides, totals, two_sided
from rules.fixer.layout import MARKERS_PER_REGION
from rules.torres.board import castles
from rules.torres.data import AP_PER_TURN
from rules.torres.data import PHASES as TORRES_PHASES
from rules.torres.scoring import castle_points, king_bonus
from rules.tuscany.data import AREA_POINTS, CARDS_PER_RED, ROUNDS, STACK_SIZE
from rules.tuscany.data import COLOURS as TUSCANY_COLOURS
from rules.tuscany.data import data as tuscany_data
from rules.tuscany.state import lay

SCALE: dict[str, float] = {
    "fixer": 6.0,
    "burgundy": 12.0,
    "burgundy_cards": 12.0,
    "torres": 15.0,
    "tuscany": 8.0,
}
"""Points of margin worth about a 0.75 win expectation, per game (tuned by the benchmark)."""


def _torres_projection(state: Any) -> list[float]:
    """Score plus the castle points each seat would get at every phase scoring still to come.

    Torres scores only at phase ends, so the running score says little mid-phase; a knight high on a
    large castle is worth its area × level at each later scoring if it stays."""
    cs = castles(state["h"])
    scorings = TORRES_PHASES - state["phase"] + 1
    return [
        p["score"] + 0.8 * scorings * castle_points(state["h"], state["fig"], cs, seat)
        for seat, p in enumerate(state["ps"])
    ]


PROJECTIONS: dict[str, Callable[[Any], list[float]]] = {"torres": _torres_projection}
"""Per game, a better running estimate of the final scores than ``Game.scores``."""


def _solo_won(game: Game, state: Any) -> bool | None:
    """Burgundy's solo game is won against its target, not a rival: the rules record the outcome."""
    final = state.get("final") if isinstance(state, dict) else None
    solo = final.get("solo") if isinstance(final, dict) else None
    return bool(solo["won"]) if isinstance(solo, dict) and "won" in solo else None


def final_values(game: Game, state: Any, seats: int) -> list[float]:
    """Win values of a finished game from its ranking; the automa counts as a rival place."""
    order = game.ranking(state)
    places = len(order)
    values = [0.0] * seats
    won = _solo_won(game, state) if seats == 1 else None
    if won is not None:
        values[0] = 1.0 if won else 0.0
        return values
    if places <= 1:
        # Solo against the rules: a win is beating the automa or just a higher score.
        if seats == 1:
            scores = game.scores(state)
            values[0] = 1.0 if len(scores) < 2 or scores[0] > scores[1] else 0.0
        return values
    shared = game.places(state)
    for position, seat in enumerate(order):
        if seat == AUTOMA or not 0 <= seat < seats:
            continue
        # Seats sharing a place split the value of the positions they hold together (a shared win
        # of two is worth ½ each, as a draw), so the search neither seeks nor fears a tie unduly.
        tied = [i for i, place in enumerate(shared) if place == shared[position]] or [position]
        values[seat] = sum(1.0 - i / (places - 1) for i in tied) / len(tied)
    return values


def heuristic_values(game: Game, state: Any, seats: int) -> list[float]:
    """Values of an unfinished game from score margins (each seat against its best rival)."""
    try:
        project = PROJECTIONS.get(game.name)
        scores = project(state) if project is not None else [float(x) for x in game.scores(state)]
    except (KeyError, IndexError, TypeError, ValueError):
        return [0.5] * seats
    scale = SCALE.get(game.name, 10.0)
    values = []
    for seat in range(seats):
        rivals = [s for i, s in enumerate(scores) if i != seat]
        if seat >= len(scores):
            values.append(0.5)
            continue
        if not rivals:
            # Solo against the rules' target (Burgundy: tiles placed): more is better.
            values.append(0.5 + 0.5 * math.tanh(scores[seat] / (3 * scale)))
            continue
        margin = (scores[seat] - max(rivals)) / scale
        values.append(0.5 + 0.5 * math.tanh(margin))
    return values


def values(game: Game, state: Any, seats: int) -> list[float]:
    """The value of ``state`` for each of ``seats`` seats."""
    if game.is_over(state):
        return final_values(game, state, seats)
    return heuristic_values(game, state, seats)


# ---- the search's richer estimates ----------------------------------------------------------------
# ``values`` above is the score-margin evaluation of the one-ply greedy baseline (ai.greedy) and stays
# as it is. The search values positions with ``estimate``: the same squashed margin, over a per-game
# estimate of the final score that also counts what the game's structure says a seat holds for later.
# The weights live in tables. They come from each game's scoring rules; the benchmark (bench/ai.py,
# vs greedy) judged them only in aggregate, at small game counts — see the commit log for the runs.

BURGUNDY_WEIGHTS: dict[str, tuple[float, float]] = {
    "goods": (1.0, 1.5),
    "silver": (1.0, 0.5),
    "workers": (0.5, 0.5),
    "store": (0.0, 3.0),
    "placed": (1.0, 0.0),
}
"""Burgundy: VP worth of one unit, as (at the game's end, extra while the whole game remains).

Goods, silverlings and workers score 1, 1 and ½ at the end and are worth more while they can still
be sold or turned into placements; a tile in storage is only a future placement; a placed tile is a
step towards region and colour completions."""

BURGUNDY_SOLO_WEIGHTS: dict[str, float] = {"store": 0.7, "goods": 0.15, "silver": 0.2, "workers": 0.1, "target": 2.0}
"""Burgundy solo (won by filling the estate): a placed tile counts 1; these are worth part of one."""


def _burgundy_remaining(state: Any) -> float:
    """The share of the game's 25 rounds still to come."""
    done = state["phase"] * 5 + state["round"]
    return max(0.0, 1.0 - done / 25.0)


def _burgundy_projection(state: Any) -> list[float]:
    """Burgundy: VP, end-game knowledge VP as the estate stands, and the weighted stock (solo: tiles)."""
    rest = _burgundy_remaining(state)
    out = []
    solo = state["solo"] is not None
    w = BURGUNDY_WEIGHTS
    for seat, pl in enumerate(state["pl"]):
        placed = sum(1 for t in pl["est"] if t is not None)
        stock = {
            "goods": sum(pl["goods"]),
            "silver": pl["silver"],
            "workers": pl["workers"],
            "store": len(pl["store"]),
        }
        if solo:
            sw = BURGUNDY_SOLO_WEIGHTS
            target = state["solo"]["counter"] / max(1, state["solo"]["target"])
            out.append(placed + rest * sum(sw[k] * v for k, v in stock.items()) + sw["target"] * target)
            continue
        value = float(pl["vp"]) + sum(knowledge_vp(state, seat, t) for t in pl["est"] if t is not None and t.startswith("K"))
        value += sum((w[k][0] + w[k][1] * rest) * v for k, v in stock.items())
        value += (w["placed"][0] + w["placed"][1] * rest) * placed
        out.append(value)
    return out


TORRES_AP_POINTS = 1.0
"""Points one unspent action point of the seat in its turn is worth: at least what ``score`` (1 AP:
one step on the score track) turns it into, so ending a turn with points left is a visible loss."""


def _torres_estimate(state: Any) -> list[float]:
    """Torres: the projection, plus half the King's bonus a seat would get if the phase ended now,
    plus the action points each seat has still to spend this round (lost if a turn ends early)."""
    base = _torres_projection(state)
    cs = castles(state["h"])
    phase = state["phase"]
    for seat in range(len(state["ps"])):
        base[seat] += 0.5 * king_bonus(state["h"], state["fig"], cs, state["king"], seat, phase)
    turn = state.get("t")
    if state.get("stage") == "turn" and isinstance(turn, dict):
        # This round's action points still to spend: the seat in its turn has what it has left, a
        # seat yet to play this round a full turn's, a seat done none. Later rounds give every seat
        # the same and cancel out of the margins. Ending a turn early so loses exactly what it wastes.
        n = len(base)
        for seat in range(n):
            position = (seat - state["start"]) % n
            if position == state["idx"]:
                base[seat] += TORRES_AP_POINTS * turn.get("ap", 0)
            elif position > state["idx"]:
                base[seat] += TORRES_AP_POINTS * AP_PER_TURN
    return base


CARDS_WEIGHTS: dict[str, float] = {
    "partial": 1.0,
    "project": 0.4,
    "goods": 0.6,
    "silver": 0.34,
    "workers": 0.25,
    "species": 0.5,
}
"""The card game, scaled by the share of the game still to come (none of it scores at the end): share
of a triple's VP per card towards the next triple (a third per card, so building pays before the
triple is complete), VP per project (less than the card is worth once built, so projects get built), share of a goods card's VP when
unsold, VP per silver (3 convert to 1) and per worker, and per animal species towards the bonus."""


def _cards_projection(state: Any) -> list[float]:
    """The card game: the score so far, plus what projects, partial triples and storage promise."""
    rest = max(0.0, 1.0 - sum(p["turns"] for p in state["pl"]) / (30.0 * state["n"]))
    table = CD.TRIPLE_VP[state["opt"]["triple_vp"]]
    w = CARDS_WEIGHTS
    out = []
    for seat, pl in enumerate(state["pl"]):
        value = float(breakdown(state, seat)["total"])
        partial = sum(table[c] * (len(pl["est"][c]) % 3) / 3 for c in CD.COLOURS)
        later = w["partial"] * partial + w["project"] * len(pl["proj"])
        later += w["goods"] * sum(CD.goods_vp(g, state["opt"]["goods_vp"]) for g in pl["goods"])
        later += w["species"] * len({CD.species(a) for a in pl["animals"]})
        later += w["silver"] * pl["silver"] + w["workers"] * pl["workers"]
        value += rest * later
        out.append(value)
    return out


FIXER_WEIGHTS: dict[str, float] = {"full": 4.0, "two": 1.5, "both": 25.0}
"""FIXER (2 sides): points for a region whose 3 markers are all on one side, for 2 of 3 while the
region is still open, for holding one full region with a second at 2 (one win from the instant
win of §7.4). (Valuing the hand's numbers too was tried: 0.3 per point lost ground against greedy,
50 % against 62.5 % over the same 40 games.)"""


def _fixer_projection(state: Any) -> list[float]:
    """FIXER: the running score, plus the race to the 2-player instant win (two full regions)."""
    scores = [float(x) for x in totals(state)]
    if not two_sided(state):
        return scores
    w = FIXER_WEIGHTS
    for side in range(len(scores)):
        full = two = 0
        for r, region in enumerate(state["regions"]):
            pair = region_sides(state, r)
            if side not in pair:
                continue
            held = len(region["marks"][pair.index(side)])
            full += held == MARKERS_PER_REGION
            two += held == MARKERS_PER_REGION - 1 and region["left"] > 0
        scores[side] += w["full"] * full + w["two"] * two + (w["both"] if full >= 1 and two >= 1 else 0.0)
    return scores


TUSCANY_WEIGHTS: dict[str, float] = {
    "area": 0.45,
    "colour": 0.5,
    "unit": 0.6,
    "item": 0.8,
    "marble": 0.6,
}
"""Tuscany, in red points: the share of an open area's green (1/3/6 for 1/2/3 spaces) counted per
covered space, of a colour bonus still to win (by the square of the share of that colour covered:
it is a race), and, while the game remains, what one payment unit (a worker, a matching card), one
stored tile or hex token, and one marble (an extra action) add towards placements beyond their
value at the end."""


def _tuscany_estimate(state: Any) -> list[float]:
    """Tuscany: red points, green points times the scorings still to come, progress towards areas
    and colour bonuses, and resources that turn into placements while stacks last.

    Only red points decide the game, but green points are scored again at every round's end (§7.2)
    and come almost only from placements (areas, colour bonuses, farms, effects). Counting red
    alone made every move look equal until a round ended, so the search drew cards forever."""
    w = TUSCANY_WEIGHTS
    players = state["ps"]
    if state["phase"] == "over":
        return [float(p["red"]) for p in players]
    rnd = int(state["round"])
    scorings = ROUNDS - rnd + 1
    # the round ends when the first seat empties its stack of this round
    stack = [p["stacks"][rnd - 1] if len(p["stacks"]) >= rnd else 0 for p in players]
    rest = max(0.0, (ROUNDS - rnd + min(stack) / STACK_SIZE) / ROUNDS) if state["phase"] == "play" else 1.0
    bonus = tuscany_data(state["v"]).colour_bonus
    out = []
    for seat, p in enumerate(players):
        hand = sum(p["hand"].values())
        value = float(p["red"]) + scorings * float(p["green"])
        # what the final scoring pays for what is left (§7.3), a floor under every resource
        value += len(p["store"]) + p["marble"] + p["workers"] + hand // CARDS_PER_RED
        if p["estate"] is not None:
            layout = lay(state, seat)
            cov = p["cov"]
            progress = 0.0
            for spaces in layout.areas.values():
                done = sum(1 for sp in spaces if sp in cov)
                if 0 < done < len(spaces):
                    progress += AREA_POINTS[len(spaces)] * done / len(spaces)
            race = 0.0
            for colour in TUSCANY_COLOURS:
                spaces = layout.by_colour.get(colour, ())
                side = state["cb"].get(colour, 2)
                if not spaces or side >= 2 or colour not in bonus:
                    continue
                done = sum(1 for sp in spaces if sp in cov)
                if done < len(spaces):
                    race += bonus[colour][side] * (done / len(spaces)) ** 2
            value += scorings * (w["area"] * progress + w["colour"] * race)
        units = p["workers"] + hand / 1.5
        value += rest * (w["unit"] * units + w["item"] * len(p["store"]) + w["marble"] * p["marble"])
        out.append(value)
    return out


ESTIMATES: dict[str, Callable[[Any], list[float]]] = {
    "tuscany": _tuscany_estimate,
    "fixer": _fixer_projection,
    "burgundy_cards": _cards_projection,
    "burgundy": _burgundy_projection,
    "torres": _torres_estimate,
}
"""Per game, the search's estimate of the final scores (else ``PROJECTIONS`` / ``Game.scores``)."""


SOLO_SCALE: dict[str, float] = {"burgundy": 1.5}
"""Solo against a target: estimated points (Burgundy: spaces) above the decision's start worth ~0.75."""

LOST_SOLO_SHARE = 0.6
"""A lost solo game is still valued by how far it got, squeezed below an unfinished one's range."""


def raw_estimate(game: Game, state: Any) -> list[float] | None:
    """The per-game estimate of every seat's final score, or None where the game has none."""
    project = ESTIMATES.get(game.name)
    if project is None:
        return None
    try:
        return project(state)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def estimate(game: Game, state: Any, seats: int, baseline: list[float] | None = None) -> list[float]:
    """The search's value of ``state`` for each seat: the final ranking, or a squashed estimated margin.

    ``baseline`` (the estimate at the decision being searched) matters only in a solo game against
    a target, where there is no rival to measure a margin against: the value is then the progress
    made since the decision, so the search can tell one more tile from none. A finished solo game is
    a win (1) or a loss valued below every unfinished position by how far it got."""
    over = game.is_over(state)
    if seats == 1 and baseline is not None and game.name in SOLO_SCALE:
        if over and _solo_won(game, state):
            return [1.0]
        scores = raw_estimate(game, state) or [float(x) for x in game.scores(state)]
        value = 0.5 + 0.5 * math.tanh((scores[0] - baseline[0]) / SOLO_SCALE[game.name])
        return [LOST_SOLO_SHARE * value] if over else [value]
    if over:
        return final_values(game, state, seats)
    scores = raw_estimate(game, state)
    if scores is None:
        return heuristic_values(game, state, seats)
    return _squash(game.name, scores, seats)


LEAD_SHARE: dict[str, float] = {"torres": 0.15, "burgundy": 0.15, "tuscany": 0.1}
"""Share of the search's value given to a wider margin (``LEAD_WIDTH`` scales), per game.

Why: the squashed margin is nearly flat once a seat leads by a few scales (0.955-0.971 for every
Burgundy move with a lead; 1.0 for every Torres move), so wasting workers on back-and-forth die
adjustments or ending a turn with action points left cost nothing the search could see, and the
choice among such moves was noise. A small share of a much wider squash keeps a lead's points
worth something without making the search play for points instead of the win."""

LEAD_WIDTH = 5.0


def _squash(name: str, scores: list[float], seats: int) -> list[float]:
    scale = SCALE.get(name, 10.0)
    share = LEAD_SHARE.get(name, 0.0)
    out = []
    for seat in range(seats):
        if seat >= len(scores):
            out.append(0.5)
            continue
        rivals = [s for i, s in enumerate(scores) if i != seat]
        if not rivals:
            out.append(0.5 + 0.5 * math.tanh(scores[seat] / (3 * scale)))
            continue
        margin = scores[seat] - max(rivals)
        value = 0.5 + 0.5 * math.tanh(margin / scale)
        if share:
            value = (1.0 - share) * value + share * (0.5 + 0.5 * math.tanh(margin / (LEAD_WIDTH * scale)))
        out.append(value)
    return out
