"""Tuscany's estimate (ai/estimates/tuscany.py) on hand-built positions: it must see what a placement
is worth against a draw, which stored tiles can still become placements, and that resources are
worth only what the time left can turn into placements (issue 26)."""

from __future__ import annotations

import copy
from typing import Any

import ai
import rules
from ai.estimates import tuscany as estimates
from ai.evaluate import estimate
from rules.tuscany.state import colour_of, lay
from tests.ai.positions import positions

GAME = rules.get("tuscany")


def settle(state: Any) -> Any:
    """Resolve chance steps with their first outcome (a reproducible continuation)."""
    while GAME.to_act(state) == [rules.CHANCE]:
        state, _ = GAME.apply(state, rules.CHANCE, GAME.chance_outcomes(state)[0][0])
    return state


def main_action(seed: int = 5) -> tuple[Any, int]:
    """The first main action of the play phase in a seeded random game, and the seat to act."""
    for state in positions(GAME, 2, seed=seed, every=1):
        if state["phase"] == "play" and state["turn"] is not None and state["turn"]["stage"] == "main":
            return copy.deepcopy(state), GAME.to_act(state)[0]
    raise AssertionError("no main action")


def cover(state: Any, seat: int, space: str, colour: str) -> None:
    """Cover ``space`` with a tile of ``colour`` from the seat's own pool (a stack tile less)."""
    p = state["ps"][seat]
    code = next(c for c in p["pool"] if colour_of(c) == colour)
    p["pool"].remove(code)
    p["stacks"][-1] -= 1
    p["cov"][space] = code


def store(state: Any, seat: int, colour: str) -> str:
    """Put a tile of ``colour`` from the seat's pool into its storage; its code."""
    p = state["ps"][seat]
    code = next(c for c in p["pool"] if colour_of(c) == colour)
    p["pool"].remove(code)
    p["stacks"][-1] -= 1
    p["store"].append(code)
    return code


def balance(state: Any, seat: int) -> None:
    """Give the rival red points so both seats' estimates start level: a hand-built position is
    otherwise one-sided, and a squashed value there barely moves whatever the seat does."""
    est = estimates.estimate(state)
    state["ps"][1 - seat]["red"] += round(est[seat] - est[1 - seat])


def three_area(state: Any, seat: int, done: int) -> tuple[str, tuple[str, ...]]:
    """An empty 3-space area next to a covered space: ``done`` of its spaces get covered, so its
    next space is open. (colour, spaces)."""
    p = state["ps"][seat]
    layout = lay(state, seat)
    for spaces in layout.areas.values():
        colour = layout.colour[spaces[0]]
        if len(spaces) != 3 or colour in "KT" or any(sp in p["cov"] for sp in spaces):
            continue
        ordered = sorted(spaces, key=lambda sp: not any(n in p["cov"] for n in layout.neighbours[sp]))
        if not any(n in p["cov"] for n in layout.neighbours[ordered[0]]):
            continue
        # cover in an order where each next space touches a covered one
        chain = [ordered[0]]
        rest = [sp for sp in spaces if sp != ordered[0]]
        while rest:
            nxt = next((sp for sp in rest if any(n in chain for n in layout.neighbours[sp])), None)
            if nxt is None:
                break
            chain.append(nxt)
            rest.remove(nxt)
        if len(chain) < 3:
            continue
        for sp in chain[:done]:
            cover(state, seat, sp, colour)
        return colour, tuple(chain)
    raise AssertionError("no empty 3-area next to the start castle")


def test_prefers_a_placement_completing_a_three_area_over_drawing() -> None:
    """The issue's required test: completing a 3-area (+6 green, scored at every scoring to come)
    beats drawing cards, in the estimate and in the search's choice."""
    state, seat = main_action()
    colour, chain = three_area(state, seat, done=2)
    tile = store(state, seat, colour)
    p = state["ps"][seat]
    p["workers"] = 2
    p["hand"] = {c: 1 for c in p["hand"]}
    balance(state, seat)
    place = f"place {tile}@{chain[2]} using {colour}+wk"
    legal = GAME.legal_actions(state, seat)
    assert place in legal and "draw" in legal
    placed = settle(GAME.apply(state, seat, place)[0])
    drawn = settle(GAME.apply(state, seat, "draw")[0])
    assert estimate(GAME, placed, 2)[seat] > estimate(GAME, drawn, 2)[seat] + 0.05
    chosen = ai.choose("tuscany", GAME.view(state, seat), seat, iterations=200, seed=1)
    assert chosen.startswith("place ") and f"@{chain[2]} " in chosen, chosen


def test_placing_beats_drawing_even_with_a_big_hand() -> None:
    """A seat with a hand far beyond what it can spend still places: extra cards are worth little
    (the old flat card value made the bot draw ~40 times a game)."""
    state, seat = main_action()
    colour, chain = three_area(state, seat, done=0)
    tile = store(state, seat, colour)
    state["ps"][seat]["hand"] = {c: 6 for c in state["ps"][seat]["hand"]}
    place = f"place {tile}@{chain[0]} using {colour}+{colour}"
    assert place in GAME.legal_actions(state, seat)
    placed = settle(GAME.apply(state, seat, place)[0])
    drawn = settle(GAME.apply(state, seat, "draw")[0])
    assert estimates.estimate(placed)[seat] > estimates.estimate(drawn)[seat] + 0.5


def test_a_stored_tile_that_fits_is_worth_more_than_one_that_cannot() -> None:
    """A tile whose colour has no empty space left can never be placed: it is worth only its red
    point at the end, while one that fits an open space is most of a placement."""
    state, seat = main_action()
    colour, _ = three_area(state, seat, done=0)
    state["ps"][seat]["hand"][colour] += 2  # its payment in hand
    fits = copy.deepcopy(state)
    store(fits, seat, colour)
    dead = copy.deepcopy(state)
    store(dead, seat, colour)
    layout = lay(dead, seat)
    for sp in layout.by_colour[colour]:
        if sp not in dead["ps"][seat]["cov"]:
            dead["ps"][seat]["cov"][sp] = "hex"
    # the dead estate gained coverage (its own points); compare the stored tile's share alone
    dead_without = copy.deepcopy(dead)
    dead_without["ps"][seat]["store"] = []
    fits_without = copy.deepcopy(fits)
    fits_without["ps"][seat]["store"] = []
    dead_share = estimates.estimate(dead)[seat] - estimates.estimate(dead_without)[seat]
    fits_share = estimates.estimate(fits)[seat] - estimates.estimate(fits_without)[seat]
    assert dead_share < 1.5  # the final-scoring red point, little else
    assert fits_share > dead_share + 0.25


def test_cards_are_worth_what_the_time_left_can_use() -> None:
    """In round 3 with the round-end triggered, cards can no longer become placements: four cards
    are worth the final scoring's 1 red per 3 cards, less than the payments they make early on."""
    state, seat = main_action()
    state["ps"][seat]["hand"] = {c: 0 for c in state["ps"][seat]["hand"]}

    def gain(s: Any) -> float:
        richer = copy.deepcopy(s)
        richer["ps"][seat]["hand"]["V"] += 4
        return estimates.estimate(richer)[seat] - estimates.estimate(s)[seat]

    late = copy.deepcopy(state)
    late["round"] = 3
    late["trigger"] = 1 - seat
    late["final_left"] = 1
    assert abs(gain(late) - 1.0) < 1e-9
    assert gain(state) > gain(late) + 0.5


def test_a_tile_placed_before_the_round_ends_is_scored_once_more() -> None:
    """With the round about to end, a tile kept in storage loses a scoring: placing it now is worth
    more, relative to keeping it, than early in the round (stacks left against round end)."""
    state, seat = main_action()
    colour, chain = three_area(state, seat, done=2)
    tile = store(state, seat, colour)
    state["ps"][seat]["hand"][colour] = 2
    place = f"place {tile}@{chain[2]} using {colour}+{colour}"

    def edge(s: Any) -> float:
        placed = settle(GAME.apply(s, seat, place)[0])
        return estimates.estimate(placed)[seat] - estimates.estimate(s)[seat]

    early = edge(state)
    ending = copy.deepcopy(state)
    for p in ending["ps"]:
        p["stacks"][0] = 1
    assert edge(ending) > early + 1.0


def test_a_placeable_tile_beats_a_random_one_when_taking() -> None:
    """Taking a tile that fits an open space with the payment in hand is worth more than a draw."""
    state, seat = main_action()
    colour, _ = three_area(state, seat, done=0)
    p = state["ps"][seat]
    p["hand"] = {c: 0 for c in p["hand"]}
    p["hand"][colour] = 2
    with_tile = copy.deepcopy(state)
    store(with_tile, seat, colour)
    with_cards = copy.deepcopy(state)
    with_cards["ps"][seat]["hand"]["K"] += 2
    assert estimates.estimate(with_tile)[seat] > estimates.estimate(with_cards)[seat] + 0.5
