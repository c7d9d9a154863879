"""The Castles of Burgundy estimate on hand-built positions (issue 26): the search must see that a
die placing a tile beats a die taking workers, that closing a region beats opening one, that a
pointless die adjustment or a die left unused loses, and that selling goods pays."""

from __future__ import annotations

import copy
import random
from typing import Any

import ai
import rules
from ai.estimates import burgundy as est
from ai.evaluate import estimate, raw_estimate
from ai.search import weighted
from bench.heuristics import burgundy as burgundy_rules
from rules.core import CHANCE

GAME = rules.get("burgundy")


def first_turn() -> tuple[Any, int]:
    """The first main decision of a 2-player game on the basic boards: (state, seat)."""
    rng = random.Random("estimate-burgundy")
    state = GAME.new(2)
    step = 0
    while True:
        seat = GAME.to_act(state)[0]
        step += 1
        if seat == CHANCE:
            state, _ = GAME.apply(state, CHANCE, weighted(rng, GAME.chance_outcomes(state)))
            continue
        if state["step"] == "turn" and not state["stack"] and state["pl"][seat]["dice"]:
            return state, seat
        state, _ = GAME.apply(state, seat, burgundy_rules.play("burgundy", GAME.view(state, seat), seat, step))


def city_position() -> tuple[Any, int]:
    """Board 1, the start castle on 18; the city 8-13-14 holds a carpenter and a church, 14 (a 3)
    is empty. In storage a watchtower, in hand a single die showing 3. Space 14 closes that city,
    11 (a 3, a city of one) closes a single-space city, 25 (a 3) opens the city of five."""
    state, seat = first_turn()
    state = copy.deepcopy(state)
    pl = state["pl"][seat]
    assert pl["board"] == "1"
    pl["est"] = [None] * 37
    pl["est"][18] = "CAS"
    pl["est"][8] = "CAR"
    pl["est"][13] = "CHU"
    pl["store"] = ["WAT"]
    pl["dice"] = [3]
    pl["workers"] = 2
    pl["goods"] = [0] * 6
    pl["silver"] = 1
    return state, seat


def value_after(state: Any, seat: int, action: str) -> float:
    after, _ = GAME.apply(state, seat, action)
    return estimate(GAME, after, 2)[seat]


def test_closing_a_region_beats_opening_one_and_beats_workers() -> None:
    state, seat = city_position()
    legal = GAME.legal_actions(state, seat)
    for move in ("place 3:WAT@14", "place 3:WAT@11", "place 3:WAT@25", "workers 3", "pass"):
        assert move in legal, move
    close3 = value_after(state, seat, "place 3:WAT@14")
    close1 = value_after(state, seat, "place 3:WAT@11")
    open5 = value_after(state, seat, "place 3:WAT@25")
    workers = value_after(state, seat, "workers 3")
    # closing either city pays its region VP now; opening the city of five only starts one
    assert min(close3, close1) > open5 > workers


def test_a_die_left_unused_and_a_pointless_adjustment_lose_to_taking_workers() -> None:
    state, seat = city_position()
    workers = value_after(state, seat, "workers 3")
    assert value_after(state, seat, "pass") < workers
    assert value_after(state, seat, "adjust 3>4") < estimate(GAME, state, 2)[seat]
    # two adjustments that bring the die back where it was cost two workers for nothing
    there, _ = GAME.apply(state, seat, "adjust 3>4")
    back, _ = GAME.apply(there, seat, "adjust 4>3")
    assert raw_estimate(GAME, back)[seat] < raw_estimate(GAME, state)[seat] - 1.0


def test_selling_goods_beats_taking_workers() -> None:
    state, seat = city_position()
    state["pl"][seat]["goods"] = [0, 0, 2, 0, 0, 0]
    assert value_after(state, seat, "sell 3") > value_after(state, seat, "workers 3")


def test_placing_a_stored_tile_gains_over_keeping_it() -> None:
    """A placed tile is worth more than a stored one (the old estimate had it the other way round
    and the search hoarded tiles in storage, taking workers with its dice)."""
    state, seat = city_position()
    state["pl"][seat]["est"][14] = "BAN"
    state["pl"][seat]["est"][11] = "BOA"
    legal = GAME.legal_actions(state, seat)
    assert "place 3:WAT@25" in legal and "place 3:WAT@14" not in legal
    assert value_after(state, seat, "place 3:WAT@25") > value_after(state, seat, "workers 3")


def test_a_die_turned_to_a_number_that_places_gains_at_once() -> None:
    """The die's worth is read from its best use: turning a 2 into the 3 that closes the city is
    a gain one ply ahead (the search need not find the placement behind it), turning it into a 4
    that does nothing is a loss."""
    state, seat = city_position()
    state["pl"][seat]["dice"] = [2]
    before = estimate(GAME, state, 2)[seat]
    assert value_after(state, seat, "adjust 2>3") > before
    assert value_after(state, seat, "adjust 2>1") < before


def test_a_stored_tile_without_a_space_of_its_colour_is_worth_nothing() -> None:
    state, seat = city_position()
    pl = state["pl"][seat]
    board = rules.burgundy.data.BOARDS["1"]
    rest = est._remaining(state)
    assert est.stored_worth(state, pl, "WAT", rest) > 0
    for space in board.colour_spaces["B"]:
        pl["est"][space] = "BOA"
    assert est.stored_worth(state, pl, "WAT", rest) == 0.0
    assert est.stored_worth(state, pl, "SHP", rest) > 0


def test_a_pending_castle_action_is_valued() -> None:
    state, seat = city_position()
    pl = state["pl"][seat]
    pl["store"] = ["CAS"]
    pl["dice"] = [6]
    pl["est"][18] = None
    pl["est"][12] = "CAS"  # the start castle elsewhere; the castle region 1-2-6 is empty
    pl["est"][6] = None
    legal = GAME.legal_actions(state, seat)
    place = next(a for a in legal if a.startswith("place 6:CAS@"))
    after, _ = GAME.apply(state, seat, place)
    assert after["stack"] and after["stack"][-1]["kind"] == "free"
    assert est.prompt_worth(after, seat, est._remaining(after)) > 0


def test_the_search_closes_a_region() -> None:
    state, seat = city_position()
    chosen = ai.choose("burgundy", GAME.view(state, seat), seat, iterations=120, seed=3)
    assert chosen in ("place 3:WAT@14", "place 3:WAT@11")
