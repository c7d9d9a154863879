"""The solo automa examples of the FIXER reference (§11, A01–A18) as tests.

Seat 0 is the human (S1); the automa is side 1 internally and seat ``-2`` in events and views.
Region cards are written (S1 side, AU side).
"""

from __future__ import annotations

from rules import CHANCE
from rules.fixer import GAME, automa, engine
from tests.rules.fixer_tables import find, flip, kinds, marks, play, region, table

AU = -2


def choice(state: dict) -> str:
    card, r = automa.choose_play(state, engine.available_regions(state, 1))
    return f"{card}@{r + 1}"


def test_a01_initial_plays_and_first_turn() -> None:
    s = table(1, hands={0: ["M6", "R4", "C1", "P1"]}, stage="initial", turn=1, start=1, deck=["P5", "C2", "R3", "M1"])
    assert GAME.to_act(s) == [CHANCE]
    s, ev = flip(s, "P5")
    assert find(ev, "play")["card"] == "P5" and find(ev, "play")["region"] == 4
    s, _ = play(s, 0, "M6@2")
    s, ev = flip(s, "C2")
    assert find(ev, "play")["region"] == 3
    s, _ = play(s, 0, "R4@1")
    assert s["stage"] == "play" and s["hands"][1] == []
    s, ev = flip(s, "R3")
    p = find(ev, "play")
    assert (p["card"], p["region"]) == ("R3", 1)
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"]) == (0, False)
    assert s["won_down"][0] == ["R3"] and marks(s, 1) == [["B"], []]
    assert find(ev, "keep")["card"] == "R4" and s["hands"][1] == ["R4"]
    assert GAME.to_act(s) == [0]


def test_a02_pile_order() -> None:
    s = table(1, hands={0: ["R1", "C2"], 1: ["C3", "R6"]}, slots=["C", "R"], turn=1, deck=["M5", "P1"])
    s, _ = flip(s, "M5")
    assert s["slots"] == ["C", "R", "M"]
    view = GAME.view(s, None)["automa"]
    assert [p["suit"] for p in view["piles"]] == ["C", "R", "M"]


A03_REGIONS = {1: region(("R5", None)), 2: region(("C5", None)), 3: region(), 4: region((None, "M3"))}


def test_a03_same_suit_win_fewest_cards() -> None:
    s = table(1, hands={0: ["P1", "M1"], 1: ["R6", "R7", "C6"]}, slots=["R", "C"], regions=dict(A03_REGIONS), turn=1, deck=["P2", "M7"])
    s, ev = flip(s, "P2")
    p = find(ev, "play")
    assert (p["card"], p["region"]) == ("C6", 2)
    assert s["won_down"][1] == ["C5"] and marks(s, 2) == [[], ["B"]]
    assert s["pending"] == {"loser": 0, "card": "C6", "active": 1, "region": 2}


def test_a04_same_suit_win_rightmost() -> None:
    s = table(1, hands={0: ["P1"], 1: ["R6", "C6", "P2"]}, slots=["R", "C", "P"], regions=dict(A03_REGIONS), turn=1)
    assert choice(s) == "R6@1"


def test_a05_same_suit_before_strong_suit() -> None:
    regions = {1: region(("R5", None)), 2: region(("C7", None)), 3: region((None, "P1")), 4: region((None, "M3"))}
    s = table(1, hands={0: ["P1"], 1: ["R2", "R7", "M1"]}, slots=["R", "M"], regions=regions, turn=1)
    assert automa.classify("R2", "C7") == automa.WIN_STRONG
    assert choice(s) == "R7@1"


def test_a06_strong_suit_before_empty() -> None:
    regions = {1: region(("P7", None)), 2: region(("C3", None)), 3: region(), 4: region((None, "M4"))}
    s = table(1, hands={0: ["R1"], 1: ["M2", "R4", "R6"]}, slots=["M", "R"], regions=regions, turn=1)
    assert choice(s) == "M2@1"
    events: list[dict] = []
    engine.settle(s, events)
    c = find(events, "conflict")
    assert (c["winner"], c["critical"]) == (AU, True)
    assert s["won_up"][1] == ["P7"] and marks(s, 1) == [[], ["R"]]
    assert engine.round_score(s, 1) == 10


def test_a07_the_flip_decides() -> None:
    closed = region(left=0, marks=("BB", "B"))
    regions = {1: region(("C6", None), left=2, marks=("", "B")), 2: closed, 3: region((None, "P1")), 4: closed}
    s = table(1, hands={0: ["R2"], 1: ["M4"]}, slots=["M"], regions=regions, turn=1, deck=["R1", "P7"])
    s, ev = flip(s, "R1")
    assert s["slots"] == ["M", "R"]
    p = find(ev, "play")
    assert (p["card"], p["region"]) == ("R1", 1)
    assert s["won_up"][1] == ["C6"] and marks(s, 1)[1] == ["B", "R"]


A08_REGIONS = {
    1: region(left=1, marks=("", "BB")),
    2: region(),
    3: region((None, "C5")),
    4: region(left=2, marks=("B", "")),
}


def test_a08_empty_combination_void_filter_then_marker_score() -> None:
    s = table(1, hands={0: ["C1", "M3", "P5"], 1: ["P3", "R7", "M2", "M6"]}, slots=["P", "R", "M"], regions=dict(A08_REGIONS), turn=1)
    assert automa.player_void(s) == {"R"}
    assert automa.e_card(s) == "M6"
    assert choice(s) == "M6@1"


def test_a09_empty_before_losing_fewest_cards_rightmost() -> None:
    regions = {1: region(), 2: region(), 3: region(left=1, marks=("B", "B")), 4: region(("R7", None), left=1, marks=("B", "B"))}
    s = table(1, hands={0: ["R5", "C2", "M3", "P1"], 1: ["C4", "C7", "P7", "R1"]}, slots=["C", "P", "R"], regions=regions, turn=1)
    assert choice(s) == "P7@3"


def test_a10_void_filter_removes_everything() -> None:
    regions = {1: region((None, "M1")), 2: region(), 3: region(left=2, marks=("B", "")), 4: region((None, "P1"))}
    s = table(1, hands={0: ["C3", "M1", "P4"], 1: ["R2", "R5"]}, slots=["R"], regions=regions, turn=1)
    assert choice(s) == "R5@2"


def test_a11_losing_same_suit_first_emptied_slot_kept() -> None:
    regions = {
        1: region(("R7", None), left=1, marks=("B", "B")),
        2: region(("P6", None), left=2, marks=("", "B")),
        3: region((None, "M2")),
        4: region((None, "C1")),
    }
    s = table(1, hands={0: ["M5", "C2"], 1: ["R3", "C5", "C6"]}, slots=["R", "C"], regions=regions, turn=1, deck=[])
    events: list[dict] = []
    engine.settle(s, events)
    p = find(events, "play")
    assert (p["card"], p["region"]) == ("R3", 1)
    c = find(events, "conflict")
    assert (c["winner"], c["critical"], c["closed"]) == (0, False, True)
    assert s["hands"][1] == ["R7", "C5", "C6"] and s["slots"] == ["R", "C"]
    assert find(events, "keep")["seat"] == AU


def test_a12_losing_unrelated_highest_human_card() -> None:
    regions = {1: region(("P6", None)), 2: region(("P7", None)), 3: region((None, "R4")), 4: region(left=0, marks=("BB", "B"))}
    s = table(1, hands={0: ["M5"], 1: ["C5", "C6", "R2"]}, slots=["C", "R"], regions=regions, turn=1)
    assert choice(s) == "C5@2"
    events: list[dict] = []
    engine.settle(s, events)
    assert find(events, "conflict")["winner"] == 0 and s["won_down"][0] == ["C5"]
    assert s["slots"] == ["C", "R", "P"] and sorted(s["hands"][1]) == ["C6", "P7", "R2"]


def test_a13_losing_weak_suit_only() -> None:
    closed = region(left=0, marks=("BB", "B"))
    regions = {1: region(("P6", None)), 2: closed, 3: region((None, "M2")), 4: closed}
    s = table(1, hands={0: ["C1"], 1: ["R2", "R6"]}, slots=["R"], regions=regions, turn=1)
    assert choice(s) == "R2@1"
    events: list[dict] = []
    engine.settle(s, events)
    c = find(events, "conflict")
    assert (c["winner"], c["critical"]) == (0, True)
    assert s["won_up"][0] == ["R2"] and engine.round_score(s, 0) == 5
    assert s["hands"][1] == ["R6", "P6"] and s["slots"] == ["R", "P"]
    s["opts"]["automa_player_void"] = "faceup"
    assert automa.player_void(s) == {"R"}


def test_a14_automa_must_discard() -> None:
    s = table(1, hands={0: ["M7", "C1"], 1: ["R1"]}, slots=["R"], regions={2: region((None, "M1"))}, won_up={1: ["M4"]}, turn=0)
    s, ev = play(s, 0, "M7@2")
    assert find(ev, "conflict")["winner"] == 0 and s["won_down"][0] == ["M1"]
    d = find(ev, "discard")
    assert (d["seat"], d["card"], d["why"]) == (AU, "M7", "faceup")
    assert "M7" not in s["hands"][1]


def test_a15_player_void_option_faceup() -> None:
    hands = {0: ["C1", "M3", "P5"], 1: ["P3", "R7", "M2", "M6"]}
    s = table(1, hands=hands, slots=["P", "R", "M"], regions=dict(A08_REGIONS), won_up={0: ["M4"]}, turn=1, options={"automa_player_void": "faceup"})
    assert automa.player_void(s) == {"M"}
    assert choice(s) == "R7@1"
    default = table(1, hands=hands, slots=["P", "R", "M"], regions=dict(A08_REGIONS), won_up={0: ["M4"]}, turn=1)
    assert choice(default) == "M6@1"


def test_a16_automa_skipped() -> None:
    s = table(1, hands={0: ["R1", "C1"], 1: []}, turn=0, deck=[])
    s, ev = play(s, 0, "R1@1")
    assert kinds(ev) == ["play", "skip"] and ev[1]["seat"] == AU
    assert GAME.to_act(s) == [0]


def test_a17_two_flips_eleven_points() -> None:
    regions = {
        1: region(),
        2: region(left=0, marks=("BB", "B")),
        3: region(left=0, marks=("B", "BB")),
        4: region(left=0, marks=("BB", "B")),
    }
    s = table(1, hands={0: ["P5"], 1: ["C1"]}, slots=["C"], regions=regions, turn=0, deck=["P6", "P7"])
    s, _ = play(s, 0, "P5@1")
    s, ev = flip(s, "P6")
    assert find(ev, "play")["card"] == "P6"
    assert find(ev, "conflict")["winner"] == AU and s["won_down"][1] == ["P5"]
    assert GAME.legal_actions(s, 0) == ["discard P6@1", "keep P6@1"]
    s, _ = play(s, 0, "keep")
    assert GAME.to_act(s) == [0]
    s, _ = play(s, 0, "P6@1")
    s, ev = flip(s, "P7")
    assert s["slots"] == ["C", "P"]
    assert find(ev, "play")["card"] == "P7"
    assert sorted(s["won_down"][1]) == ["P5", "P6"] and engine.round_score(s, 1) == 11
    assert s["regions"][0]["left"] == 1 and marks(s, 1) == [[], ["B", "B"]]
    assert s["pending"]["card"] == "P7"


def test_a18_human_starts_automa_initial_plays() -> None:
    s = table(1, hands={0: ["C3", "M2", "R1", "P2"]}, stage="initial", turn=0, start=0, deck=["R6", "P1", "C7"])
    s, _ = play(s, 0, "C3@4")
    s, ev = flip(s, "R6")
    assert find(ev, "play")["region"] == 3
    s, _ = play(s, 0, "M2@1")
    s, ev = flip(s, "P1")
    assert find(ev, "play")["region"] == 2
    assert s["hands"][1] == [] and s["stage"] == "play" and GAME.to_act(s) == [0]
    assert {a.split("@")[1] for a in GAME.legal_actions(s, 0)} == {"2", "3"}
    assert "P2@2" in GAME.legal_actions(s, 0) and "R1@2" not in GAME.legal_actions(s, 0)
