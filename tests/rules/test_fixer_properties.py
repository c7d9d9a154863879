"""Property tests: FIXER's bookkeeping holds after any sequence of legal moves (hypothesis).

Invariants (reference §6.2 "counting facts" and conservation of the deck):
* every card of the round's deck is in exactly one place;
* cards won = markers won, face-up cards won = red markers, for every side;
* markers on a region plus those won there never exceed 3;
* views never show another seat's hand or face-down cards.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import CHANCE
from rules.fixer import GAME, engine
from rules.fixer.cards import deck
from rules.fixer.layout import MAX_NUMBER


def places(state: dict) -> list[str]:
    cards: list[str] = []
    for hand in state["hands"]:
        cards += hand
    for side in range(state["sides"]):
        cards += state["won_up"][side] + state["won_down"][side]
    for region in state["regions"]:
        cards += [c for c in region["cards"] if c]
    cards += state["deck"] + state["pool"] + state["discard"] + state["removed"]
    if state["pending"]:
        cards.append(state["pending"]["card"])  # the winner's card, awaiting keep or discard
    return cards


def check(state: dict) -> None:
    sides = state["sides"]
    if state["stage"] not in ("over",):
        everything = places(state)
        assert len(everything) == len(set(everything)), "a card is in two places"
        if state["stage"] not in ("refill", "start") and state["round"] == 1:
            assert sorted(everything) == sorted(deck(MAX_NUMBER[sides]))
    for side in range(sides):
        won = len(state["won_up"][side]) + len(state["won_down"][side])
        assert won == state["black"][side] + state["red"][side]
        assert len(state["won_up"][side]) == state["red"][side]
    for region in state["regions"]:
        assert 0 <= region["left"] <= 3
        if sides == 2:
            assert region["left"] + len(region["marks"][0]) + len(region["marks"][1]) == 3
    humans = 1 if state["solo"] else sides
    for viewer in range(humans):
        view = GAME.view(state, viewer)
        json.dumps(view)
        for seat in view["seats"]:
            if seat["seat"] != viewer and not view["over"]:
                assert seat["hand"] is None and seat["won_down"] is None and seat["score"] is None
    public = GAME.view(state, None)
    if not public["over"]:
        assert all(s["hand"] is None for s in public["seats"])
        if public["automa"]:
            assert "deck" not in public["automa"]


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(min_value=1, max_value=4),
    options=st.fixed_dictionaries({}, optional={"critical_bonus": st.integers(0, 9)}),
    extra=st.sampled_from([{}, {"card_passing": True}, {"long_match": True}]),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=30, max_size=400),
)
def test_invariants_hold_along_any_game(players: int, options: dict, extra: dict, choices: list[int]) -> None:
    opts = {**options, **(extra if players > 1 else {})}
    state = GAME.new(players, opts)
    for pick in choices:
        if GAME.is_over(state):
            break
        acting = GAME.to_act(state)
        seat = acting[pick % len(acting)]
        legal = GAME.legal_actions(state, seat)
        state, events = GAME.apply(state, seat, legal[pick % len(legal)])
        json.dumps(events)
        if seat == CHANCE:
            assert not any("card" in e and e["kind"] == "dealt" for e in events)
        check(state)
    assert engine.final_scores(state) == GAME.scores(state)
