"""FIXER at phone size (issue #29): the summary band prompts every decision type in words, the last
move is ringed and the moves since the reader's own lightly marked, the end screen shares places
and says why a tie was broken, an unfinished game says so, and the solo automa's deck count stays
inside its panel."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image

import rules
from render import kit
from render.fixer import band as fixer_band
from render.fixer import image as fixer
from render.fixer import panels, textview
from render.fixer.scene import Scene
from render.fixer.text import WORDS
from table.chance import resolve

GAME = rules.get("fixer")
NAMES = ["Alice", "Bartholomew Longname", "Chen", "Dora"]


def _states(players: int, options: dict[str, Any] | None = None, seed: int = 3) -> list[Any]:
    rng = random.Random(seed)
    state = GAME.new(players, options)
    out, step = [state], 0
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [rules.CHANCE]:
            state, _ = GAME.apply(state, rules.CHANCE, resolve("s", step, GAME.chance_outcomes(state)))
        else:
            state, _ = GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
        out.append(state)
        step += 1
    return out


def _view(state: Any, seat: int | None = None, locale: str = "en", **extra: Any) -> dict[str, Any]:
    view = GAME.view(state, seat)
    count = len(view.get("seats") or [])
    return {**view, "names": NAMES[:count], "bare_names": NAMES[:count], "locale": locale, **extra}


def _stage(states: list[Any], stage: str) -> Any:
    return next(s for s in states if GAME.view(s, None)["stage"] == stage and GAME.to_act(s) != [rules.CHANCE])


def test_every_decision_type_has_its_prompt_in_every_language() -> None:
    passing = _states(3, {"card_passing": True})
    two = _states(2)
    cases = {
        "pass": (_stage(passing, "pass"), "choose 3 cards to pass"),
        "initial": (_stage(two, "initial"), "initial play: a card onto your side of a region"),
        "play": (_stage(two, "play"), "play a card onto your side of a region"),
        "decide": (_stage(two, "decide"), "decides: keep"),
    }
    for stage, (state, words) in cases.items():
        view = _view(state)
        head = fixer_band.headline(view)
        assert head.startswith("▶ ") and words in head, (stage, head)
        acting = [s for s in GAME.to_act(state)]
        assert all(NAMES[s] in head for s in acting), (stage, head)
        for locale in ("zh-TW", "zh-CN"):
            zh = fixer_band.headline(_view(state, locale=locale))
            assert "：" in zh and ":" not in zh, zh
    deal = next(s for s in two if GAME.to_act(s) == [rules.CHANCE])
    assert fixer_band.headline(_view(deal)) == WORDS["en"]["chance"]


def test_end_headlines_winner_shared_and_ended_early() -> None:
    for seed in (3, 4, 5, 6):
        _final_headline(_states(2, seed=seed)[-1])
    _ended_headline()


def _final_headline(final: Any) -> None:
    view = _view(final)
    ranking, scores = view["result"]["ranking"], view["result"]["scores"]
    head = fixer_band.headline(view)
    if view["result"]["instant_win"] is not None:
        assert head.startswith(f"★ Instant win: {NAMES[view['result']['instant_win']]}")
    elif view["result"]["shared"]:
        assert head.startswith("★ Shared victory")
    else:
        assert head == f"★ {NAMES[ranking[0]]} wins — {scores[ranking[0]]}"


def _ended_headline() -> None:
    middle = _states(4)[40]
    ended = _view(middle, ended=True, to_act=[], standings={"ranking": [2, 0, 1, 3], "places": [1, 2, 2, 4],
                                                            "scores": [7, 7, 9, 1], "ended": True})
    assert fixer_band.headline(ended) == "Ended early (unfinished)"
    assert fixer_band.headline({**ended, "locale": "zh-TW"}) == "提前結束(未完成)"
    made = fixer_band.band(ended)
    assert [s.score for s in made.seats] == ["7", "7", "9", "1"] and not any(s.acting for s in made.seats)


def test_the_band_is_drawn_on_the_image_and_readable_at_phone_width() -> None:
    state = _stage(_states(2), "play")
    with kit.recording() as drawn:
        fixer.draw(_view(state, 0, bots=[None, "normal"]))
    band_texts = [t for t in drawn if t.band]
    assert any("play a card" in t.text for t in band_texts)
    assert min(kit.cap_height(t.size) for t in band_texts) * 400 / fixer.WIDTH >= 9
    assert not any("(Bot" in t.text for t in drawn)
    made = fixer_band.band(_view(state, 0, bots=[None, "normal"]))
    assert made.seats[1].bot == "normal" and made.seats[1].name == NAMES[1] and made.seats[0].tag == "S1"


def _ring_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> list[kit.RGB]:
    x, y, w, h = box
    rgb = image.convert("RGB")
    return [rgb.getpixel((x + w // 3, y - 5)), rgb.getpixel((x - 5, y + h // 2))]


def test_last_move_ringed_and_moves_since_lightly_marked() -> None:
    state = _stage(_states(2), "play")
    played = {"kind": "play", "seat": 1, "card": "R3", "region": 2}
    other = {"kind": "play", "seat": 1, "card": "C3", "region": 3}
    view = _view(state, 0, last={"seat": 1, "events": [played], "lines": ["Bartholomew plays R3 to @2"]},
                 since=[{"seat": 1, "events": [other], "lines": []}, {"seat": 1, "events": [played], "lines": []}])
    picture = fixer.picture(view)
    shape = fixer.layout(2, False, True, 0)
    boxes = {region_id: box for region_id, box, _, _ in shape.regions}
    indexed = fixer.PALETTE.indexed()
    last, since = (indexed.rgb(indexed.index(c)) for c in (fixer.LAST_RING, fixer.SINCE_RING))
    assert _ring_pixels(picture, boxes[2]) == [last] * 2
    assert _ring_pixels(picture, boxes[3]) == [since] * 2
    assert since not in _ring_pixels(picture, boxes[1]) and last not in _ring_pixels(picture, boxes[1])
    plain = fixer.picture(_view(state, 0))
    assert _ring_pixels(plain, boxes[2]) != [last] * 2
    assert fixer_band.band(view).last == "Last: Bartholomew plays R3 to @2"


def test_end_screen_shares_places_and_explains_a_broken_tie() -> None:
    final = _states(4, seed=5)[-1]
    view = _view(final)
    view["result"].update(ranking=[2, 0, 1, 3], scores=[10, 10, 14, 3], shared=False, instant_win=None)
    for seat, red in ((0, 1), (1, 1), (2, 2), (3, 0)):
        view["seats"][seat]["markers"] = {"black": 0, "red": red}
    scene = Scene.start(view, Image.new("RGB", (1, 1)))
    ranked = panels.ranked_seats(scene)
    # without the table's standings: the tie-breaks the view shows (equal red, then cards) decide
    fronts = [len(view["seats"][s]["won_up"]) + view["seats"][s]["won_down_count"] for s in (0, 1)]
    shared = fronts[0] == fronts[1]
    assert panels.places(scene, ranked) == ([1, 2, 2, 4] if shared else [1, 2, 3, 4])
    assert panels.tie_reasons(scene, ranked, panels.places(scene, ranked)) == ({} if shared else {0: "fewer cards won"})
    # the table's standings are the rules' own word: two seats tied on 10 share second place
    view["standings"] = {"ranking": [2, 0, 1, 3], "places": [1, 2, 2, 4], "scores": [10, 10, 14, 3], "ended": False}
    scene = Scene.start(view, Image.new("RGB", (1, 1)))
    assert panels.places(scene, ranked) == [1, 2, 2, 4] and panels.tie_reasons(scene, ranked, [1, 2, 2, 4]) == {}
    view["seats"][0]["markers"] = {"black": 0, "red": 2}
    view["standings"]["places"] = [1, 2, 3, 4]
    scene = Scene.start(view, Image.new("RGB", (1, 1)))
    assert panels.tie_reasons(scene, ranked, [1, 2, 3, 4]) == {0: "more red markers"}
    assert fixer.draw(view)[:4] == b"\x89PNG"
    # an unfinished game shows the standings as they stood, and says so
    ended = _view(_states(4)[40], ended=True, to_act=[])
    ended["standings"] = {"ranking": [2, 0, 1, 3], "places": [1, 2, 2, 4], "scores": [9, 7, 7, 1], "ended": True}
    with kit.recording() as drawn:
        fixer.draw(ended)
    assert any(t.text.startswith("Ended early (unfinished) — scores") for t in drawn)


@pytest.mark.parametrize("deck", [9, 10, 12])
def test_solo_automa_deck_count_stays_inside_its_panel(deck: int) -> None:
    state = _stage(_states(1), "play")
    view = _view(state, 0)
    view["automa"] = {**view["automa"], "deck_count": deck}
    picture = fixer.picture(view).convert("RGB")
    shape = fixer.layout(1, True, True, 0)
    x, y, w, h = next(box for seat, box in shape.panels if seat == -2)
    outside = {picture.getpixel((x + w + dx, y + dy)) for dx in range(3, 12) for dy in range(10, h - 10)}
    assert len(outside) == 1  # the plain background: no ink of the "×n" beyond the border


def test_zh_words_use_full_width_punctuation() -> None:
    for locale in ("zh-TW", "zh-CN"):
        for key, text in WORDS[locale].items():
            assert ":" not in text, (locale, key, text)  # "：" as in every zh board


def test_text_board_has_the_prompt_line() -> None:
    state = _stage(_states(3, {"card_passing": True}), "pass")
    lines = textview.lines(_view(state))
    assert any(line.startswith("→ ") and "choose 3 cards to pass" in line for line in lines)
    state = _stage(_states(2), "initial")
    lines = textview.lines(_view(state, locale="zh-TW"))
    assert any(line.startswith("→ ") and "初始出牌：" in line for line in lines)


def test_the_readers_playable_cards_are_marked_in_their_hand() -> None:
    state = _stage(_states(2), "play")
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    view = _view(state, seat, legal=legal)
    playable = panels.playable_cards(view)
    assert playable == {a.split("@")[0] for a in legal} and playable
    assert not panels.playable_cards(_view(state, seat))  # without the table's list: no marks
    with kit.recording() as drawn:
        marked = fixer.picture(view)
    hand = view["seats"][seat]["hand"]
    assert any(t.text.endswith(f"{len([c for c in hand if c in playable])} playable (marked)") for t in drawn)
    plain = fixer.picture(_view(state, seat))
    shape = fixer.layout(2, False, True, 0)
    x, y, w, _h = shape.hand
    strip = (x, y + 60 + 150 + 3, x + w, y + 60 + 150 + 15)  # the row under the cards
    assert marked.crop(strip).tobytes() != plain.crop(strip).tobytes()
