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


def test_taking_a_fitting_tile_beats_taking_workers() -> None:
    """Early in the game a die is better spent on a tile the estate can place than on two workers
    (session 13: with large in-game worker extras the search took workers 16 times a game and
    ended with 15 unused)."""
    state, seat = city_position()
    state["depots"][2] = ["BAN", "HEN2"]
    legal = GAME.legal_actions(state, seat)
    assert "take 3:BAN" in legal and "workers 3" in legal
    assert value_after(state, seat, "take 3:BAN") > value_after(state, seat, "workers 3")


def test_silverlings_are_spent_on_a_tile_a_die_can_place() -> None:
    """Two silverlings buying a building the die in hand can place beat keeping them (session 13:
    the search ended its games with 7 silverlings unused)."""
    state, seat = city_position()
    pl = state["pl"][seat]
    pl["store"] = []
    pl["silver"] = 2
    state["black"] = ["BAN", None, None, None]
    assert "buy BAN" in GAME.legal_actions(state, seat)
    assert value_after(state, seat, "buy BAN") > estimate(GAME, state, 2)[seat]


def test_a_placed_tile_earns_its_full_share_of_the_region() -> None:
    """Each placed tile is credited its full part of the region's completion VP (region size VP
    plus this phase's bonus): opening the city of five (25) gains a fifth of 15 + 10."""
    state, seat = city_position()
    state["pl"][seat]["cred"] = "CASMBK"  # colour bonuses aside (their own test)
    after, _ = GAME.apply(state, seat, "place 3:WAT@25")
    rest = est._remaining(after)
    gain = est.estate_worth(after, after["pl"][seat], rest) - est.estate_worth(state, state["pl"][seat], rest)
    assert abs(gain - (15 + 10) / 5) < 1e-9


def test_a_building_prompt_is_worth_the_tile_it_brings() -> None:
    """A carpenter's prompt is worth the best building a depot offers (stored), nothing when no
    depot holds one; a church's the best castle, mine or knowledge tile."""
    state, seat = city_position()
    pl = state["pl"][seat]
    rest = est._remaining(state)
    state["depots"] = [["SHP", "HEN2"], ["K03", "CAS"], ["HEN2", "SHP"], ["SHP", "PIG3"], ["MIN", "K05"], ["SHP", "PIG3"]]
    assert est._take_prompt_worth(state, pl, "carpenter", rest) == 0.0
    church = est._take_prompt_worth(state, pl, "church", rest)
    assert church == max(est.stored_worth(state, pl, t, rest) for t in ("K03", "CAS", "MIN", "K05")) > 0
    state["depots"][3] = ["SHP", "WAT"]
    assert est._take_prompt_worth(state, pl, "carpenter", rest) == est.stored_worth(state, pl, "WAT", rest) > 0
    pl["store"] = ["SHP", "SHP", "SHP"]
    assert est._take_prompt_worth(state, pl, "carpenter", rest) == 0.0


def test_an_end_game_knowledge_tile_placed_early_keeps_its_growth() -> None:
    """A K16 (4 VP per warehouse) placed with no warehouse yet scores 0 as the estate stands, but
    the estate will still grow: it is credited its expected growth for the rest of the game, so
    placing it early is no loss against keeping it in storage."""
    state, seat = city_position()
    pl = state["pl"][seat]
    rest = est._remaining(state)
    assert rest > 0.9
    pl["est"][12] = "K16"
    with_k16 = est.estate_worth(state, pl, rest)
    pl["est"][12] = "CAS"  # the same space filled by a tile without a lasting or end-game effect
    other = est.estate_worth(state, pl, rest)
    assert abs(with_k16 - other - est.END_KNOWLEDGE_GROWTH["K16"] * rest) < 1e-9
    assert with_k16 - other > 3.0
    pl["est"][12] = None
    pl["store"] = ["K16"]
    pl["dice"] = [1]
    assert "place 1:K16@12" in GAME.legal_actions(state, seat)
    assert value_after(state, seat, "place 1:K16@12") > value_after(state, seat, "workers 1")


def test_a_colour_near_completion_is_credited_part_of_its_bonus() -> None:
    """The last spaces of a colour win its bonus tile (5 VP large, 2 small with two players): a
    colour filled further is worth more, and less once the large tile is gone or the colour is
    credited."""
    state, seat = city_position()
    pl = state["pl"][seat]
    rest = est._remaining(state)
    base = est.estate_worth(state, pl, rest)
    pl["est"][3] = "K05"  # a knowledge region of three: 3, 7, 12 (the region share is the same below)
    one = est.estate_worth(state, pl, rest)
    pl["est"][3] = None
    pl["est"][34] = "K05"  # one knowledge space of the other region 30-34-35 instead
    assert abs(est.estate_worth(state, pl, rest) - one) < 1e-9
    pl["est"][3] = "K03"
    two = est.estate_worth(state, pl, rest)
    # the second knowledge tile adds more bonus share than the first (square of the filled share)
    assert two - one > one - base - 1e-9 > 0
    state["bonus"]["K"] = [False, True]
    small = est.estate_worth(state, pl, rest)
    assert small < two
    pl["cred"] = "K"
    assert est.estate_worth(state, pl, rest) < small


def test_standing_first_on_the_turn_order_track_is_worth_a_lead() -> None:
    """§4.3: the seat first in next round's order picks from the depots first; a marker moved past
    the other's (as a ship does) gains, and a longer lead gains more, up to a few rounds' worth."""
    state, seat = first_turn()
    other = 1 - seat
    state = copy.deepcopy(state)
    track = [[] for _ in state["track"]]
    track[1] = [other]
    track[0] = [seat]
    state["track"] = track
    behind = raw_estimate(GAME, state)[seat]
    ahead = copy.deepcopy(state)
    ahead["track"] = [[] for _ in track]
    ahead["track"][1] = [other, seat]
    first = raw_estimate(GAME, ahead)[seat]
    assert first > behind + 0.3
    far = copy.deepcopy(state)
    far["track"] = [[] for _ in track]
    far["track"][0] = [other]
    far["track"][3] = [seat]
    assert raw_estimate(GAME, far)[seat] > first + 0.3
    assert raw_estimate(GAME, ahead)[other] < raw_estimate(GAME, state)[other]
