"""FIXER renderer: every stage and player count draws a valid, phone-sized PNG within budget.

The views are built by hand to the schema in notes/fixer_view.md (render must not import rules),
including the awkward ones: hidden scores, face-down captures, the automa, CJK names, no names.
"""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from render import draw as render_draw
from render.fixer import image as fixer
from render.fixer.cards import BIG, MINI, SUITS, TABLE, TILE, sort_key
from render.fixer.panels import (
    pile_positions,
    ranked_seats,
    result_notes,
    result_score_text,
    score_items,
    total_heading,
    winners,
)
from render.fixer.scene import Scene

MAX_BYTES = 400 * 1024


# ---- sample views ----------------------------------------------------------------------------------
def _seat(
    seat: int,
    hand: list[str] | None,
    hand_count: int,
    up: list[str],
    down: list[str] | None,
    down_count: int,
    black: int,
    red: int,
    score: int | None,
    rounds: list[int] | None = None,
    passed: bool = False,
) -> dict[str, Any]:
    rounds = rounds or []
    return {
        "seat": seat,
        "hand": hand,
        "hand_count": hand_count,
        "won_up": up,
        "won_down": down,
        "won_down_count": down_count,
        "markers": {"black": black, "red": red},
        "score": score,
        "round_scores": rounds,
        "total": sum(rounds),
        "passed": passed,
    }


def _region(
    rid: int, seats: list[int], cards: list[str | None], left: int, sides: list[list[str]] | None = None
) -> dict[str, Any]:
    return {
        "id": rid,
        "seats": seats,
        "cards": cards,
        "markers_left": left,
        "sides": sides or [[], []],
        "open": left > 0,
    }


def two_player(viewer: int | None = None) -> dict[str, Any]:
    """Round 1 of 2, mid-play: S2 to reply on @2; S1 has won a red and a black marker."""
    view = {
        "game": "fixer",
        "players": 2,
        "solo": False,
        "viewer": viewer,
        "round": 1,
        "rounds": 2,
        "stage": "play",
        "to_act": [1],
        "start": 0,
        "critical_bonus": 3,
        "regions": [
            _region(1, [0, 1], ["R5", None], 2, [["R"], []]),
            _region(2, [0, 1], ["C3", None], 3),
            _region(3, [0, 1], [None, "M6"], 1, [["B"], ["B"]]),
            _region(4, [0, 1], [None, None], 3),
        ],
        "seats": [
            _seat(0, None, 7, ["M2"], None, 1, 1, 1, None),
            _seat(1, None, 8, [], None, 1, 1, 0, None),
        ],
        "automa": None,
        "pending": None,
        "discard_count": 1,
        "removed_count": 4,
        "over": False,
        "result": None,
        "names": ["Alice", "Bob"],
    }
    if viewer is not None:
        seat = view["seats"][viewer]
        seat["hand"] = (
            ["R1", "C2", "C7", "M5", "P3", "P4", "R6"][: seat["hand_count"]]
            if viewer == 0
            else ["R2", "R3", "C1", "C5", "M1", "M4", "P1", "P6"]
        )
        seat["won_down"] = ["P5"] if viewer == 0 else ["C4"]
        seat["score"] = 13 if viewer == 0 else 4
    return view


def two_player_decide() -> dict[str, Any]:
    """S2 lost on @2 and decides whether to keep S1's C6."""
    view = two_player()
    view["stage"] = "decide"
    view["to_act"] = [1]
    view["pending"] = {"kind": "keep", "seat": 1, "card": "C6"}
    view["regions"][1] = _region(2, [0, 1], [None, None], 2, [["B"], []])
    return view


def two_player_over() -> dict[str, Any]:
    """2p game over after round 2: everything revealed, Bob wins on the sum of both rounds."""
    view = two_player()
    view.update(stage="over", to_act=[], round=2, over=True)
    view["seats"] = [
        _seat(0, [], 0, ["M2", "P7"], ["P5", "R4", "C1"], 3, 3, 2, 23, [20, 23]),
        _seat(1, [], 0, ["R3"], ["C4", "M7", "M1", "P6"], 4, 4, 1, 27, [25, 27]),
    ]
    for region in view["regions"]:
        region.update(cards=[None, None], markers_left=0, open=False)
    view["result"] = {
        "scores": [43, 52],
        "ranking": [1, 0],
        "instant_win": None,
        "shared": False,
        "removed": ["R7", "C5", "M3", "P2"],
    }
    return view


def solo(viewer: int | None = 0) -> dict[str, Any]:
    view = two_player(viewer)
    view.update(solo=True, players=1, names=["Alice"], to_act=[0], start=-2, rounds=2)
    view["seats"] = [view["seats"][0]]
    for region in view["regions"]:
        region["seats"] = [0, -2]
    view["automa"] = {
        "piles": [
            {"suit": "R", "cards": [3, 5]},
            {"suit": "C", "cards": []},
            {"suit": "P", "cards": [1, 4, 6]},
        ],
        "deck_count": 7,
        "won_up": ["C4"],
        "won_down_count": 2,
        "markers": {"black": 2, "red": 1},
        "score": None,
        "round_scores": [],
        "total": 0,
    }
    return view


def solo_instant_win() -> dict[str, Any]:
    view = solo(None)
    view.update(stage="over", to_act=[], over=True)
    view["regions"][0].update(markers_left=0, open=False, sides=[[], ["B", "B", "R"]])
    view["regions"][3].update(markers_left=0, open=False, sides=[[], ["R", "B", "B"]])
    view["seats"][0].update(score=9, won_down=["P5"], hand=["C2"])
    view["automa"].update(score=21)
    view["result"] = {
        "scores": [9, 21],
        "ranking": [-2, 0],
        "instant_win": -2,
        "shared": False,
        "removed": ["R7", "C5", "M3", "P2"],
    }
    return view


def three_player(viewer: int | None = None, stage: str = "play") -> dict[str, Any]:
    pairs = {1: [0, 1], 2: [0, 1], 3: [1, 2], 4: [1, 2], 5: [0, 2], 6: [0, 2]}
    cards: dict[int, list[str | None]] = {
        1: ["P9", None],
        2: [None, None],
        3: [None, "R8"],
        4: ["M4", None],
        5: [None, "C9"],
        6: [None, None],
    }
    left = {1: 3, 2: 1, 3: 2, 4: 3, 5: 0, 6: 2}
    view = {
        "game": "fixer",
        "players": 3,
        "solo": False,
        "viewer": viewer,
        "round": 1,
        "rounds": 1,
        "stage": stage,
        "to_act": [2],
        "start": 0,
        "critical_bonus": 3,
        "regions": [_region(r, pairs[r], cards[r], left[r]) for r in range(1, 7)],
        "seats": [
            _seat(0, None, 9, ["R2"], None, 2, 2, 1, None),
            _seat(1, None, 10, [], None, 2, 2, 0, None),
            _seat(2, None, 8, ["M7", "C1"], None, 1, 1, 2, None),
        ],
        "automa": None,
        "pending": None,
        "discard_count": 3,
        "removed_count": 0,
        "over": False,
        "result": None,
        "names": ["Alice", "Bartholomew the Magnificent", "Chen"],
    }
    if viewer is not None:
        view["seats"][viewer].update(
            hand=["R1", "R5", "R9", "C3", "C8", "M2", "M6", "P4", "P8"][
                : view["seats"][viewer]["hand_count"]
            ],
            won_down=["C2", "P1"][: view["seats"][viewer]["won_down_count"]],
            score=11,
        )
    if stage == "pass":
        view["to_act"] = [0, 2]
        view["seats"][1]["passed"] = True
        for region in view["regions"]:
            region.update(cards=[None, None], markers_left=3, open=True)
    return view


def four_player(viewer: int | None = None) -> dict[str, Any]:
    pairs = {1: [0, 1], 2: [1, 2], 3: [2, 3], 4: [0, 3], 5: [0, 2], 6: [1, 3]}
    cards: dict[int, list[str | None]] = {
        1: ["C5", None],
        2: [None, "P2"],
        3: [None, None],
        4: [None, "R9"],
        5: ["M8", None],
        6: [None, "P6"],
    }
    left = {1: 2, 2: 3, 3: 1, 4: 3, 5: 2, 6: 0}
    view = {
        "game": "fixer",
        "players": 4,
        "solo": False,
        "viewer": viewer,
        "round": 1,
        "rounds": 1,
        "stage": "play",
        "to_act": [0],
        "start": 3,
        "critical_bonus": 3,
        "regions": [_region(r, pairs[r], cards[r], left[r]) for r in range(1, 7)],
        "seats": [
            _seat(0, None, 6, ["R1"], None, 1, 1, 1, None),
            _seat(1, None, 6, [], None, 3, 3, 0, None),
            _seat(2, None, 7, ["C2", "M3", "P4"], None, 0, 0, 3, None),
            _seat(3, None, 6, [], None, 0, 0, 0, None),
        ],
        "automa": None,
        "pending": None,
        "discard_count": 4,
        "removed_count": 0,
        "over": False,
        "result": None,
        "names": ["小明", "Дмитрий", "José", "さくら"],
    }
    if viewer is not None:
        view["seats"][viewer].update(hand=["P9", "C1", "R4", "M9", "C7", "R7"], won_down=["P3"], score=7)
    return view


def four_player_shared_over() -> dict[str, Any]:
    view = four_player()
    view.update(stage="over", to_act=[], over=True)
    for i, info in enumerate(view["seats"]):
        info.update(hand=[], won_down=[["P3"], ["C3", "M2", "R5"], [], []][i], score=[10, 10, 15, 0][i])
    view["seats"][2]["score"] = 15
    view["seats"][0]["score"] = 15
    view["seats"][0].update(
        won_up=["R1"], won_down=["P3", "R6", "C4"], won_down_count=3, markers={"black": 3, "red": 1}
    )
    view["seats"][2].update(won_down_count=0)
    view["result"] = {
        "scores": [15, 10, 15, 0],
        "ranking": [0, 2, 1, 3],
        "instant_win": None,
        "shared": False,
        "removed": [],
    }
    return view


def deal_stage() -> dict[str, Any]:
    view = two_player()
    view.update(stage="deal", to_act=[-1])
    for region in view["regions"]:
        region.update(cards=[None, None], markers_left=3, sides=[[], []], open=True)
    for info in view["seats"]:
        info.update(hand_count=0, won_up=[], won_down_count=0, markers={"black": 0, "red": 0})
    return view


def two_player_initial() -> dict[str, Any]:
    """Setup: S1 has made one initial play; S2 now plays into a region with both sides empty."""
    view = deal_stage()
    view.update(stage="initial", to_act=[1], start=0)
    view["regions"][0]["cards"] = ["P4", None]
    view["seats"][0]["hand_count"] = 11
    view["seats"][1]["hand_count"] = 12
    return view


def two_player_shared() -> dict[str, Any]:
    view = two_player_over()
    view["seats"][1].update(round_scores=[20, 23], total=43, score=23)
    view["result"].update(scores=[43, 43], ranking=[0, 1], shared=True)
    return view


def solo_automa_flip() -> dict[str, Any]:
    """Solo, the automa's turn: its flip is a pending chance step."""
    view = solo(None)
    view.update(to_act=[-1])
    return view


def four_player_decide() -> dict[str, Any]:
    view = four_player(2)
    view.update(stage="decide", to_act=[2])
    view["pending"] = {"kind": "keep", "seat": 2, "card": "M8"}
    return view


SAMPLES = {
    "2p-initial": two_player_initial,
    "2p-shared": two_player_shared,
    "solo-automa-flip": solo_automa_flip,
    "4p-decide": four_player_decide,
    "2p-public": lambda: two_player(),
    "2p-private-s1": lambda: two_player(0),
    "2p-private-s2": lambda: two_player(1),
    "2p-decide": two_player_decide,
    "2p-over": two_player_over,
    "2p-deal": deal_stage,
    "solo-private": lambda: solo(0),
    "solo-public": lambda: solo(None),
    "solo-instant-win": solo_instant_win,
    "3p-public": lambda: three_player(),
    "3p-private": lambda: three_player(2),
    "3p-pass": lambda: three_player(0, stage="pass"),
    "4p-public": lambda: four_player(),
    "4p-private": lambda: four_player(0),
    "4p-over": four_player_shared_over,
}


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# ---- tests ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_is_a_valid_phone_sized_png(name: str) -> None:
    data = fixer.draw(SAMPLES[name]())
    image = _png(data)
    assert 1200 <= image.width <= 1600
    assert 700 <= image.height <= 2000
    assert len(data) <= MAX_BYTES


def test_hand_strip_needs_the_viewer_seat() -> None:
    """Hands present in a view with no viewer (a table bug) still never reach the public image."""
    public = two_player()
    leaky = copy.deepcopy(public)
    leaky["seats"][0]["hand"] = ["R1", "C2", "C7", "M5", "P3", "P4", "R6"]
    leaky["seats"][1]["hand"] = ["R2", "R3", "C1", "C5", "M1", "M4", "P1", "P6"]
    assert fixer.draw(leaky) == fixer.draw(public)


def test_dispatch_through_render_draw() -> None:
    assert render_draw("fixer", two_player()) == fixer.draw(two_player())


def test_private_view_adds_the_hand_strip_public_does_not() -> None:
    public = _png(fixer.draw(two_player()))
    private = _png(fixer.draw(two_player(0)))
    assert private.height > public.height
    # The board part above the hand strip is the same picture apart from the viewer's own extras.
    assert public.size[0] == private.size[0]


def test_hidden_hand_is_not_drawn_even_if_the_viewer_key_is_spoofed() -> None:
    """A spectator view has hands as null: drawing must not depend on anything private."""
    spectator = two_player()
    with_viewer = copy.deepcopy(spectator)
    with_viewer["viewer"] = 1  # a seat's view whose hand is still hidden → no hand strip
    assert _png(fixer.draw(spectator)).size == _png(fixer.draw(with_viewer)).size


def test_private_view_differs_and_needs_no_private_text() -> None:
    public = two_player()
    private = two_player(0)
    assert fixer.draw(public) != fixer.draw(private)
    # The same private view with the hand emptied of cards still renders (no private text required).
    private["seats"][0]["hand"] = []
    _png(fixer.draw(private))


def test_names_missing_fall_back_to_seat_labels() -> None:
    view = three_player()
    del view["names"]
    scene = Scene.start(view, Image.new("RGB", (1, 1)))
    assert [scene.name(s) for s in range(3)] == ["S1", "S2", "S3"]
    _png(fixer.draw(view))


def test_cjk_and_long_names_render() -> None:
    view = four_player(0)
    view["names"] = ["王小明", "李" * 40, "José Ñandú", "さくら🌸"]
    _png(fixer.draw(view))


@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN", "xx"])
def test_every_locale_renders(locale: str) -> None:
    view = two_player_decide()
    view["locale"] = locale
    _png(fixer.draw(view))


def test_stage_changes_the_picture() -> None:
    images = {name: fixer.draw(build()) for name, build in SAMPLES.items()}
    assert len(set(images.values())) == len(images)


def test_hand_is_sorted_by_suit_then_number() -> None:
    cards = ["P3", "R6", "C2", "M5", "R1", "C7"]
    assert sorted(cards, key=sort_key) == ["R1", "R6", "C2", "C7", "M5", "P3"]


def test_every_suit_has_a_letter_and_a_distinct_symbol() -> None:
    symbols = [suit.symbol for suit in SUITS.values()]
    assert len(set(symbols)) == 4
    assert len({suit.colour for suit in SUITS.values()}) == 4
    assert list(SUITS) == ["R", "C", "M", "P"]


def test_layouts_place_every_region_and_seat() -> None:
    for players, solo_game in ((2, False), (1, True), (3, False), (4, False)):
        shape = fixer.layout(players, solo_game, True, 300)
        assert sorted(r[0] for r in shape.regions) == list(range(1, 5 if players <= 2 else 7))
        seats = sorted(s for s, _ in shape.panels)
        assert seats == ([-2, 0] if solo_game else list(range(players)))
        boxes = [box for _, box in shape.panels] + [r[1] for r in shape.regions]
        for x, y, w, h in boxes:
            assert x >= 0 and x + w <= fixer.WIDTH and y >= 0 and y + h <= shape.height
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                overlap = (
                    a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
                )
                assert not overlap, (players, a, b)


def test_2p_regions_run_left_to_right_from_s1() -> None:
    shape = fixer.layout(2, False, False, 0)
    xs = [box[0] for _, box, _, _ in sorted(shape.regions)]
    assert xs == sorted(xs)
    panels = dict(shape.panels)
    assert panels[0][1] > panels[1][1]  # S1 at the bottom


def test_odd_views_do_not_crash() -> None:
    view = two_player()
    view["regions"][0]["cards"] = ["X0", None]
    view["stage"] = "mystery"
    view["to_act"] = [-2]
    view["seats"][0]["won_up"] = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "C1", "C2", "C3", "C4", "C5"]
    _png(fixer.draw(view))
    empty = {"game": "fixer", "players": 2}
    _png(fixer.draw(empty))


def test_card_numerals_are_phone_readable() -> None:
    assert min(size.numeral for size in (BIG, TABLE, MINI, TILE)) >= 36
    assert BIG.numeral >= TABLE.numeral >= MINI.numeral


def test_automa_slot_one_is_rightmost_next_to_the_deck() -> None:
    piles = solo()["automa"]["piles"]
    placed = pile_positions(piles, right=1000)
    assert [slot for slot, *_ in placed] == [1, 2, 3]
    xs = [x for _, x, _, _ in placed]
    assert xs == sorted(xs, reverse=True)
    assert placed[0][1] + placed[0][2] == 1000  # slot 1 ends at the deck
    assert placed[0][3]["suit"] == "R"


def _scene(view: dict[str, Any]) -> Scene:
    return Scene.start(view, Image.new("RGB", (1, 1)))


def test_winner_of_a_normal_game_is_the_ranking_leader() -> None:
    scene = _scene(two_player_over())
    assert ranked_seats(scene) == [1, 0]
    assert winners(scene, ranked_seats(scene)) == {1}


def test_shared_victory_marks_every_tied_leader() -> None:
    scene = _scene(two_player_shared())
    assert winners(scene, ranked_seats(scene)) == {0, 1}


def test_shared_victory_in_4p_respects_the_visible_tie_breaks() -> None:
    view = four_player_shared_over()
    view["result"]["shared"] = True
    # S1 and S3 both have 15; S3 holds 3 red markers to S1's 1, so only ties on every break share.
    view["seats"][0]["markers"] = {"black": 0, "red": 3}
    view["seats"][0].update(won_up=["R1", "C1", "M1"], won_down_count=0)
    scene = _scene(view)
    assert winners(scene, ranked_seats(scene)) == {0, 2}
    view["seats"][0]["markers"] = {"black": 0, "red": 1}
    assert winners(_scene(view), ranked_seats(_scene(view))) == {0}


def test_a_tie_broken_by_red_markers_or_cards_says_so() -> None:
    view = four_player_shared_over()  # S1 and S3 on 15 points, S1 ranked first
    assert result_notes(_scene(view), {0}) == []
    view["result"]["decided_by"] = "red"
    assert result_notes(_scene(view), {0}) == ["Tied on points: more red markers wins"]
    view["result"]["decided_by"] = "cards"
    view["locale"] = "zh-TW"
    assert result_notes(_scene(view), {0}) == ["分數與紅色標記皆同：贏得的卡牌較少者勝"]
    view["result"]["decided_by"] = "score"
    assert result_notes(_scene(view), {0}) == []
    assert fixer.draw(view)[:4] == b"\x89PNG"


def test_solo_instant_win_names_the_automa() -> None:
    scene = _scene(solo_instant_win())
    assert ranked_seats(scene) == [-2, 0]
    assert winners(scene, ranked_seats(scene)) == {-2}
    as_index = solo_instant_win()
    as_index["result"].update(ranking=[1, 0], instant_win=1)  # automa given as the index after humans
    scene = _scene(as_index)
    assert ranked_seats(scene) == [-2, 0]
    assert winners(scene, ranked_seats(scene)) == {-2}


# ---- scores: private during play, one plainly named game total at the end (rules §10) ---------------
def _scene(view: dict[str, Any]) -> Scene:
    return Scene.start(view, Image.new("RGB", (10, 10)))


def test_panels_show_only_the_viewers_running_score() -> None:
    view = two_player(0)
    view.update(round=2)
    view["seats"][0].update(round_scores=[30], total=30, score=13)
    view["seats"][1].update(round_scores=None, total=None, score=None)  # hidden, as the rules send it
    scene = _scene(view)
    assert score_items(scene, scene.seat_info(0)) == [("text", "This round 13"), ("small", "Round 1: 30")]
    assert score_items(scene, scene.seat_info(1)) == []
    fixer.draw(view)  # hidden values are simply not drawn


def test_final_board_names_the_game_total() -> None:
    view = two_player_over()
    view["seats"][1].update(score=52)  # the rules send the game total as ``score`` at the end
    scene = _scene(view)
    assert score_items(scene, scene.seat_info(1)) == [("text", "Game total 52 (25 + 27)")]
    assert total_heading(scene) == "Game total = round 1 + round 2"
    assert result_score_text(scene, 1) == "52 = 25 + 27"
    view["locale"] = "zh-TW"
    scene = _scene(view)
    assert total_heading(scene) == "遊戲總分 = 第 1 局 + 第 2 局"
    assert score_items(scene, scene.seat_info(0))[0][1].startswith("遊戲總分 43")


def test_single_round_result_is_called_the_game_total() -> None:
    view = four_player_shared_over()
    scene = _scene(view)
    assert total_heading(scene) == "Game total"
    assert result_score_text(scene, 2) == "15"


def test_image_words_exist_translated_in_every_locale() -> None:
    from render.fixer.text import WORDS
    from tests.rules.locale_check import check_locales

    for key in WORDS["en"]:
        check_locales({loc: WORDS[loc][key] for loc in WORDS}, key)


def test_text_is_readable_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the 1440 px image about 390 px wide on a phone: no text on any sample (public
    or hand image, every player count, stage and locale) is printed under 18 px, and every number
    (scores, counts, markers left, round, piles) at 20 or more; only the seat tags (S1, AU) are 18."""
    from render import kit
    from render.fixer import cards, widgets

    drawn: list[tuple[int, str]] = []
    draw_text = kit.draw_text

    def record(d: Any, xy: tuple[float, float], text: str, size: int, *a: Any, **k: Any) -> int:
        drawn.append((size, text))
        return draw_text(d, xy, text, size, *a, **k)

    monkeypatch.setattr(kit, "draw_text", record)
    cached = [widgets._text_mask, widgets._badge_sprite, cards.face, cards.marker_sprite, fixer._base]
    for locale in ("en", "zh-TW", "zh-CN"):
        for name, build in SAMPLES.items():
            for function in cached:  # text and sprites are drawn once and cached: draw them again
                function.cache_clear()
            drawn.clear()
            view = build()
            view["locale"] = locale
            fixer.draw(view)
            assert drawn, name
            small = sorted({(size, text) for size, text in drawn if size < 18})
            assert not small, (name, locale, small[:10])
            tags = {"AU"} | {f"S{n}" for n in range(1, 5)}
            numbers = sorted(
                {
                    (size, text)
                    for size, text in drawn
                    if size < 20 and text not in tags and any(c.isdigit() for c in text)
                }
            )
            assert not numbers, (name, locale, numbers[:10])
    for function in cached:
        function.cache_clear()
