"""Action cards: acquiring (own and shared decks) and playing all 10 — T10, T17–T26, T31, T32."""

from __future__ import annotations

import pytest

from rules import CHANCE
from rules.torres import GAME
from rules.torres.data import CARDS
from tests.rules.test_torres_support import BLUE, GREEN, chance, play, position, refused, sq, targets


def test_t10_door_card_climbs_but_never_onto_a_tallest_tower() -> None:
    s = position({"c4": 1, "d4": 4, "e4": 3, "f4": 1}, {"blue": ["b4"]}, hand={"blue": ["DOOR"]})
    assert refused(s, BLUE, "move b4-e4").key == "door_climb"
    after = play(s, BLUE, "card play DOOR b4-e4")
    assert after["fig"][sq("e4")] == BLUE and after["h"][sq("e4")] == 3
    assert after["t"]["ap"] == 5
    assert refused(s, BLUE, "card play DOOR b4-d4").key == "door_card"
    play(s, BLUE, "card play DOOR b4-c4")


def test_t17_ap_cards_and_one_card_per_turn() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, hand={"blue": ["AP6", "AP7"]})
    s = play(s, BLUE, "score", "score", "score")
    s = play(s, BLUE, "card play AP7")
    assert s["t"]["ap"] == 4
    assert refused(s, BLUE, "card play AP6").key == "one_card"


def test_ap_card_after_all_ap_are_spent() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, hand={"blue": ["AP6"]})
    s = play(s, BLUE, *["score"] * 5)
    assert "score" not in GAME.legal_actions(s, BLUE)
    s = play(s, BLUE, "card play AP6", "score")
    assert s["t"]["ap"] == 0


def test_t18_acquiring_from_an_own_deck() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    s = play(s, BLUE, "card draw")
    assert s["t"]["ap"] == 4
    assert dict(GAME.chance_outcomes(s)) == {f"draw {c}": pytest.approx(0.1) for c in CARDS}
    s = chance(s, "draw DIAG", "draw AP6", "draw SHIFT")
    assert GAME.to_act(s) == [BLUE]
    assert all(a.startswith("card keep ") for a in GAME.legal_actions(s, BLUE))
    assert refused(s, BLUE, "end").key == "keep_first"
    s, events = GAME.apply(s, BLUE, "card keep SHIFT bottom")
    blue = s["ps"][BLUE]
    assert blue["hand"] == ["SHIFT"]
    assert len(blue["pool"]) == 7
    assert blue["bottom"] == ["DIAG", "AP6"]
    assert refused(s, BLUE, "card play SHIFT c4-c5").key == "fresh_card"
    assert events == [{"kind": "keep", "seat": BLUE, "returned": 2, "side": "bottom"}]
    assert GAME.event_text(events[0], "en", ["Ann", "Bo"]) == "Ann kept one and returned 2 to the bottom"
    green_view = GAME.view(s, GREEN)
    assert green_view["seats"][BLUE]["hand"] is None
    assert green_view["seats"][BLUE]["deck"] == {"top": 0, "pool": 7, "bottom": 2}
    assert "SHIFT" not in str(green_view["seats"]) and "DIAG" not in str(green_view["seats"])
    assert "SHIFT" not in str(GAME.view(s, None)) and "DIAG" not in str(GAME.view(s, None))
    assert GAME.view(s, BLUE)["me"]["bottom"] == ["DIAG", "AP6"]
    s = play(s, BLUE, "card draw")
    s = chance(s, "draw UP2", "draw OVER", "draw DOOR")
    s = play(s, BLUE, "card keep DOOR top")
    assert s["ps"][BLUE]["top"] == ["UP2", "OVER"]
    assert refused(s, BLUE, "card draw").key == "draw_limit"


def test_returned_to_the_top_are_drawn_first_without_chance() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    s["ps"][BLUE]["top"] = ["UP2", "OVER"]
    s["ps"][BLUE]["pool"] = [c for c in CARDS if c not in ("UP2", "OVER")]
    s = play(s, BLUE, "card draw")
    assert GAME.to_act(s) == [CHANCE]
    assert s["t"]["reveal"] == ["UP2", "OVER"]
    s = chance(s, "draw AP7")
    assert s["t"]["reveal"] == ["UP2", "OVER", "AP7"]


def test_t19_acquiring_from_the_shared_deck() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, turn=GREEN, options={"cards": "shared"})
    assert len(s["pool"]) == 40
    s = play(s, GREEN, "card draw")
    assert dict(GAME.chance_outcomes(s)) == {f"draw {c}": pytest.approx(4 / 40) for c in CARDS}
    s = chance(s, "draw OVER")
    assert s["ps"][GREEN]["hand"] == ["OVER"]
    assert len(s["pool"]) == 39
    assert GAME.to_act(s) == [GREEN]
    assert not any(a.startswith("card keep") for a in GAME.legal_actions(s, GREEN))


def test_t20_up2_is_exactly_plus_two() -> None:
    s = position({"c4": 1, "d4": 3, "d5": 1}, {"blue": ["c4"]}, hand={"blue": ["UP2"]})
    after = play(s, BLUE, "card play UP2 c4-d4")
    assert after["fig"][sq("d4")] == BLUE and after["h"][sq("d4")] == 3
    s2 = position({"c4": 1, "d4": 2, "d5": 1}, {"blue": ["c4"]}, hand={"blue": ["UP2"]})
    assert refused(s2, BLUE, "card play UP2 c4-d4").key == "up2_exact"
    play(s2, BLUE, "move c4-d4")


def test_t21_over() -> None:
    towers = {"c4": 1, "d4": 3, "e4": 2}
    s = position(towers, {"blue": ["c4"], "green": ["d4"]}, hand={"blue": ["OVER"]})
    after = play(s, BLUE, "card play OVER c4-e4")
    assert after["fig"][sq("e4")] == BLUE and after["h"][sq("e4")] == 2
    s2 = position({**towers, "e4": 3}, {"blue": ["c4"], "green": ["d4"]}, hand={"blue": ["OVER"]})
    assert refused(s2, BLUE, "card play OVER c4-e4").key == "climb"
    s3 = position(towers, {"blue": ["c4"]}, king="d4", hand={"blue": ["OVER"]})
    assert refused(s3, BLUE, "card play OVER c4-e4").key == "over_path"
    s4 = position(towers, {"blue": ["c4", "e4"], "green": ["d4"]}, hand={"blue": ["OVER"]})
    assert refused(s4, BLUE, "card play OVER c4-e4").key == "occupied"
    s5 = position(towers, {"blue": ["c4", "d4"]}, hand={"blue": ["OVER"]})
    play(s5, BLUE, "card play OVER c4-e4")  # own knights may be jumped too (D10)


def test_t22_diag() -> None:
    s = position({"d5": 1}, {"blue": ["c4"]}, hand={"blue": ["DIAG"]})
    play(s, BLUE, "card play DIAG c4-d5")
    s2 = position({"d5": 2, "d6": 1}, {"blue": ["c4"]}, hand={"blue": ["DIAG"]})
    assert refused(s2, BLUE, "card play DIAG c4-d5").key == "climb"
    assert refused(s, BLUE, "card play DIAG c4-c5").key == "not_diagonal"


def test_t23_reloc() -> None:
    s = position({"c4": 1, "d4": 2}, {"blue": ["c4", "g7"]}, hand={"blue": ["RELOC"]})
    assert refused(s, BLUE, "card play RELOC g7-d4").key == "reloc_support"
    play(s, BLUE, "card play RELOC g7-b4")
    assert refused(s, BLUE, "card play RELOC c4-b4").key == "reloc_support"


def test_t24_under() -> None:
    s = position({"f6": 1}, {"blue": ["g7"]}, hand={"blue": ["UNDER"]})
    assert s["t"]["stack"] == 2
    after = play(s, BLUE, "card play UNDER g7")
    assert after["h"][sq("g7")] == 1 and after["fig"][sq("g7")] == BLUE
    assert after["t"]["stack"] == 1
    assert GAME.view(after, None)["castle_count"] == GAME.view(s, None)["castle_count"] + 1
    s2 = position({"c4": 2, "c5": 1}, {"blue": ["c4"]}, hand={"blue": ["UNDER"]})
    assert refused(s2, BLUE, "card play UNDER c4").key == "too_tall"
    s3 = position({"f6": 1, "g5": 1}, {"blue": ["g6"]}, hand={"blue": ["UNDER"]})
    assert refused(s3, BLUE, "card play UNDER g6").key == "merge"


SIX = {"c4": 1, "d4": 1, "e4": 1, "a8": 1, "h8": 1, "a1": 1, "h1": 1, "g6": 1}


def test_t25_shift_division_and_six_castle_minimum() -> None:
    s = position(SIX, {"blue": ["b2"]}, king="h1", hand={"blue": ["SHIFT"]})
    assert GAME.view(s, None)["castle_count"] == 6
    assert refused(s, BLUE, "card play SHIFT d4-d6").key == "shift_split"
    after = play(s, BLUE, "card play SHIFT e4-c5")
    assert after["h"][sq("c5")] == 1 and after["h"][sq("e4")] == 0
    play(s, BLUE, "card play SHIFT a8-b8")
    assert refused(s, BLUE, "card play SHIFT a8-f4").key == "shift_count"
    assert refused(s, BLUE, "card play SHIFT h1-g1").key == "shift_source"


FAR = {"a1": 1, "a8": 1, "h1": 1, "h8": 1, "e7": 1, "g5": 1}


def test_t26_shift_and_the_height_limit() -> None:
    s = position({"c4": 2, "d4": 1, **FAR}, {"blue": ["b2"]}, hand={"blue": ["SHIFT"]})
    assert refused(s, BLUE, "card play SHIFT d4-g3").key == "too_tall"
    after = play(s, BLUE, "card play SHIFT d4-c5")
    assert after["h"][sq("c5")] == 1 and after["h"][sq("c4")] == 2
    after = play(s, BLUE, "card play SHIFT c4-g3")
    assert after["h"][sq("c4")] == 1 and after["h"][sq("g3")] == 1


def test_t31_under_empties_a_reserve_and_the_empty_stack_stays() -> None:
    s = position({"f6": 1}, {"blue": ["g7"]}, hand={"blue": ["UNDER"]})
    s["ps"][BLUE]["stacks"] = [1]
    s["t"]["stack"] = 3
    assert "card play UNDER g7 r1" in GAME.legal_actions(s, BLUE)
    s = play(s, BLUE, "card play UNDER g7 r1")
    assert s["ps"][BLUE]["stacks"] == [0]
    assert s["h"][sq("g7")] == 1 and s["fig"][sq("g7")] == BLUE
    assert refused(s, BLUE, "tower g6").key == "merge"  # g6 touches f6 and g7
    all_three = play(s, BLUE, "tower h7", "tower g8", "tower h8")
    assert refused(all_three, BLUE, "tower f8").key == "no_blocks"
    all_three = play(all_three, BLUE, "end")
    assert all_three["ps"][BLUE]["stacks"] == [0]
    two = play(s, BLUE, "tower h7", "tower g8", "end")
    assert two["ps"][BLUE]["stacks"] == [1]
    plain = position({"f6": 1}, {"blue": ["g7"]}, hand={"blue": ["UNDER"]})
    plain["ps"][BLUE]["stacks"] = [1]
    plain["t"]["stack"] = 3
    plain = play(plain, BLUE, "card play UNDER g7")
    assert plain["t"]["stack"] == 2 and plain["ps"][BLUE]["stacks"] == [1]


def test_a_zero_stack_turn_allows_no_tower() -> None:
    s = position({"f6": 1}, {"blue": ["f7"]})
    s["ps"][BLUE]["stacks"] = [0]
    s["t"]["stack"] = 0
    assert refused(s, BLUE, "tower f5").key == "no_blocks"


def test_t32_drawing_from_a_short_own_deck() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    blue = s["ps"][BLUE]
    blue["pool"], blue["bottom"] = [], ["DIAG", "AP7"]
    s = play(s, BLUE, "card draw")
    assert GAME.to_act(s) == [BLUE]
    assert s["t"]["reveal"] == ["DIAG", "AP7"]
    s = play(s, BLUE, "card keep AP7 bottom")
    assert s["ps"][BLUE]["hand"] == ["AP7"] and s["ps"][BLUE]["bottom"] == ["DIAG"]
    s = play(s, BLUE, "card draw")
    assert GAME.to_act(s) == [BLUE]
    assert s["ps"][BLUE]["hand"] == ["AP7", "DIAG"]
    assert s["t"]["ap"] == 3
    assert refused(s, BLUE, "card draw").key == "draw_limit"
    s["t"]["draws"] = 0
    assert refused(s, BLUE, "card draw").key == "deck_empty"


def test_extra_uses_the_general_supply_and_is_beyond_the_cap() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]}, players=2, hand={"blue": ["EXTRA"]})
    supply = s["supply"]
    s = play(s, BLUE, "tower c5", "tower c3", "tower b4", "card play EXTRA d4")
    assert s["h"][sq("d4")] == 1 and s["supply"] == supply - 1
    assert s["t"]["stack"] == 0
    assert sum(s["h"]) == 5


def test_a_card_with_no_legal_use_is_not_offered() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, hand={"blue": ["UP2"]})
    assert targets(s, BLUE, "card play UP2") == set()
    assert refused(s, BLUE, "card play UP2 c4-c5").key == "up2_exact"
    assert refused(s, BLUE, "card play AP6").key == "no_card"
    assert refused(s, BLUE, "card play UP2").key == "card_args"


def test_master_game_has_no_draws_and_public_hands() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, options={"master": True})
    assert s["ps"][BLUE]["hand"] == sorted(CARDS)
    assert refused(s, BLUE, "card draw").key == "no_draw_master"
    assert GAME.view(s, GREEN)["seats"][BLUE]["hand"] == sorted(CARDS)
