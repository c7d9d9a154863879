"""FIXER's estimate on hand-built 2-player positions: it reads what the waiting cards are about to
decide and the race to the instant win, so the search prefers the moves a sensible player makes."""

from __future__ import annotations

from typing import Any

import ai
from ai.estimates.fixer import WEIGHTS, estimate
from tests.ai.test_heuristic_fixer import GAME, position


def after(state: dict[str, Any], action: str, seat: int = 0) -> list[float]:
    return estimate(GAME.apply(state, seat, action)[0])


def margin(values: list[float], seat: int = 0) -> float:
    return values[seat] - values[1 - seat]


def test_a_lead_the_rival_cannot_beat_is_worth_more_than_one_it_takes() -> None:
    # The rival holds C5: a led C2 is taken (normal win, +2 for it); a led R7 must be answered
    # with a lower Regime (it holds R1), so R7 wins the rival's R1.
    state = position((["R7", "C2"], ["C5", "R1", "M1"]))
    sure, beaten = after(state, "R7@1"), after(state, "C2@1")
    assert margin(sure) > 0 > margin(beaten)


def test_a_lead_into_a_void_is_lost_critically() -> None:
    # The rival holds no Regime but People, which beats Regime: R7 is lost with a red marker.
    state = position((["R7", "M4"], ["P1", "C2", "C3"]))
    assert margin(after(state, "R7@1")) <= -(7 + 3) * WEIGHTS["waiting"] + 1e-9
    # C7 is answered with a lower Capital (must-follow): the rival loses it.
    state = position((["R7", "C7"], ["P1", "C2", "C3"]))
    assert margin(after(state, "C7@1")) > 0


def test_a_sure_lead_into_the_rivals_nearly_full_region_spoils_its_instant_win() -> None:
    # The rival holds @1 in full and two markers on @3. R7 (the rival holds only R1 in Regime)
    # led into @3 takes that region's last marker; led elsewhere it leaves the threat standing.
    # C2 led into @3 hands the rival the instant win.
    marks = [("", "BBB"), ("", ""), ("", "BB"), ("", "")]
    state = position((["R7", "C2", "M5"], ["R1", "C5", "M1", "P3"]), marks=marks)
    assert margin(after(state, "R7@3")) > margin(after(state, "R7@2")) + WEIGHTS["both"] * WEIGHTS["waiting"] / 2
    assert margin(after(state, "C2@3")) < margin(after(state, "C2@2")) - WEIGHTS["won"] * WEIGHTS["waiting"] / 2


def test_the_search_blocks_the_rivals_instant_win_with_a_sure_lead() -> None:
    marks = [("", "BBB"), ("", ""), ("", "BB"), ("", "")]
    state = position((["R7", "C2", "M5"], ["R1", "C5", "M1", "P3"]), marks=marks)
    view = GAME.view(state, 0)
    assert ai.choose("fixer", view, 0, iterations=300, seed=1) == "R7@3"


def test_a_card_the_rival_must_lose_to_still_arms_it_against_a_waiting_card() -> None:
    # The rival holds @3 in full and two markers on @1, where our C5 waits: with only Media in
    # hand it cannot answer C5. Leading R6 into @2 wins the rival's Media card, but the rival keeps
    # R6 (the winner's card goes to the loser), and Regime beats Capital: it takes @1 and the game.
    # Losing M1 to it instead arms it with nothing.
    marks = [("", "BB"), ("", ""), ("", "BBB"), ("B", "")]
    cards: list[tuple[str | None, str | None]] = [("C5", None), (None, None), (None, None), (None, None)]
    state = position((["R6", "M1"], ["M4", "M5", "M6", "M7"]), cards=cards, marks=marks)
    assert margin(after(state, "M1@2")) > margin(after(state, "R6@2")) + WEIGHTS["won"] * WEIGHTS["waiting"] / 2


def test_a_face_up_card_of_the_suit_keeps_the_gift_out_of_the_rivals_hand() -> None:
    # As above, but one of the rival's @3 markers is red: it won a Regime card face up (R5), so
    # it may not keep R6 (§5.2) and leading R6 wins its Media card without arming it.
    marks = [("", "BB"), ("", ""), ("", "BBR"), ("B", "")]
    cards: list[tuple[str | None, str | None]] = [("C5", None), (None, None), (None, None), (None, None)]
    state = position((["R6", "M1"], ["M4", "M5", "M6", "M7"]), cards=cards, marks=marks)
    assert state["won_up"][1] == ["R5"]
    assert margin(after(state, "R6@2")) > margin(after(state, "M1@2"))
