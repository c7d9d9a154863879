"""The benchmark's independent FIXER player plays legal whole games, beats random play and makes
the moves a sensible player makes (it is the bar the search must clear, so it must be a real
player, issue 26). ``position`` builds hand-made 2-player positions for these tests and the
estimate's."""

from __future__ import annotations

from typing import Any

import rules
from bench import ai as bench_ai
from bench.heuristics import fixer as fixer_rules
from rules.fixer.cards import deck, sorted_cards

GAME = rules.get("fixer")


def position(
    hands: tuple[list[str], list[str]],
    cards: list[tuple[str | None, str | None]] | None = None,
    marks: list[tuple[str, str]] | None = None,
    turn: int = 0,
    pending: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A 2-player round-1 position in the ``play`` stage (or ``decide`` with ``pending``).

    ``cards[r]`` are the cards waiting on region r's two sides; ``marks[r]`` the markers each side
    holds there, one letter each (``"B"`` black, ``"R"`` red). Every marker comes with a won card
    (face down for black, face up for red) taken from the cards nobody holds, so the counts stay
    those of a real game; the rest of the 28 cards are the 4 removed ones and the discard."""
    cards = cards or [(None, None)] * 4
    marks = marks or [("", "")] * 4
    state = GAME.new(2)
    placed = [c for pair in cards for c in pair if c is not None]
    used = [*hands[0], *hands[1], *placed, *([pending["card"]] if pending else [])]
    spare = [c for c in deck(7) if c not in used]
    won_up: list[list[str]] = [[], []]
    won_down: list[list[str]] = [[], []]
    for pair in marks:
        for side, letters in enumerate(pair):
            for letter in letters:
                (won_up if letter == "R" else won_down)[side].append(spare.pop(0))
    state.update(
        stage="decide" if pending else "play",
        turn=turn,
        initial_done=4,
        hands=[sorted_cards(hands[0]), sorted_cards(hands[1])],
        regions=[
            {"cards": list(pair), "left": 3 - len(m[0]) - len(m[1]), "marks": [list(m[0]), list(m[1])]}
            for pair, m in zip(cards, marks, strict=True)
        ],
        won_up=[sorted_cards(w) for w in won_up],
        won_down=[sorted_cards(w) for w in won_down],
        black=[sum(m[s].count("B") for m in marks) for s in (0, 1)],
        red=[sum(m[s].count("R") for m in marks) for s in (0, 1)],
        removed=spare[:4],
        discard=spare[4:],
        pending=pending,
    )
    return state


def choose(state: dict[str, Any], seat: int = 0, seed: int = 0) -> str:
    return fixer_rules.play("fixer", GAME.view(state, seat), seat, seed)


def test_the_rules_player_finishes_games_and_beats_random_play() -> None:
    wins = 0.0
    for seed in range(6):
        seat = seed % 2
        policies = [bench_ai.random_policy, bench_ai.random_policy]
        policies[seat] = fixer_rules.play
        state = bench_ai.play_game("fixer", 2, policies, seed=seed)
        assert GAME.is_over(state)
        wins += bench_ai.win_share(GAME, state, seat)
    assert wins >= 5


def test_it_answers_a_waiting_card_with_the_smallest_winning_card() -> None:
    # The rival's R3 waits in @1; R5 and R7 both win it, R5 is the cheaper (the winner's card
    # goes to the loser).
    state = position((["R5", "R7", "C1", "M2"], ["P2", "P4", "C6"]), cards=[(None, "R3"), (None, None), (None, None), (None, None)])
    assert choose(state) == "R5@1"


def test_it_wins_critically_when_void_in_the_led_suit() -> None:
    # Void in Capital, it answers the rival's C6 with a Regime card (Regime beats Capital): +6, +3.
    state = position((["R1", "M7", "P2"], ["C2", "C3", "M1"]), cards=[(None, "C6"), (None, None), (None, None), (None, None)])
    assert choose(state) == "R1@1"


def test_it_takes_the_instant_win() -> None:
    # One full region (@1) and two markers on @3: winning @3 wins the game, whatever the points.
    state = position(
        (["M5", "P7", "R7"], ["M1", "C2", "C3"]),
        cards=[(None, None), (None, "P4"), (None, "M3"), (None, None)],
        marks=[("BBB", ""), ("", "B"), ("BB", ""), ("", "")],
    )
    assert choose(state) == "M5@3"


def test_it_leads_a_card_the_rival_cannot_beat_rather_than_a_beatable_one() -> None:
    # R7 is the highest Regime: only a rival void in Regime holding People beats it. C2 is beaten
    # by any higher Capital the rival may hold.
    state = position((["R7", "C2"], ["M1", "M2", "M3", "M4", "R1", "R2"]))
    assert choose(state).startswith("R7@")


def test_it_does_not_feed_a_rival_region_that_would_fill() -> None:
    # The rival holds two markers on @2 and its P6 waits there; answering with P1 loses and hands
    # over the full region. Leading elsewhere is the sensible move.
    state = position(
        (["P1", "C1"], ["R5", "M6", "C7"]),
        cards=[(None, None), (None, "P6"), (None, None), (None, None)],
        marks=[("", ""), ("", "BB"), ("", ""), ("", "")],
    )
    assert not choose(state).endswith("@2")


def test_it_keeps_a_high_card_and_drops_a_low_one_of_a_suit_it_is_void_in() -> None:
    pending = {"loser": 0, "card": "M7", "active": 1, "region": 1}
    state = position((["R1", "R2", "C3", "P4"], ["C5", "C6"]), pending=pending, turn=1)
    assert choose(state).startswith("keep")
    pending = {"loser": 0, "card": "M2", "active": 1, "region": 1}
    state = position((["R1", "R2", "C3", "P4"], ["C5", "C6"]), pending=pending, turn=1)
    assert choose(state).startswith("discard")
