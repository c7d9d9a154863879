"""Burgundy's summary band (``render/burgundy/band.py``): a sentence for every decision the rules
wait for, the stage ("turn n/25" solo), scores, bot badges, and the end (winner, tie-break, ended)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import rules
from render import kit
from render.burgundy import band, textview
from render.burgundy import image as burgundy
from rules.burgundy.moves import PROMPT_VERBS
from rules.core import CHANCE
from tests.conformance import busy_step
from tests.render.test_burgundy_render import final_view, sample_view

GAME = rules.get("burgundy")
LOCALES = ("en", "zh-TW", "zh-CN")


def test_every_prompt_kind_of_the_rules_has_a_sentence() -> None:
    kinds = set(PROMPT_VERBS) | {"board", "castle"}  # effect prompts and the two setup choices
    assert kinds == set(band.PROMPT_KINDS)
    for key in [*kinds, "turn_dice", "turn_done"]:
        assert set(band.DECIDE[key]) == set(LOCALES) and all(band.DECIDE[key].values()), key
    for entry in band.WORDS.values():
        assert set(entry) == set(LOCALES) and all(entry.values())


def game_views(players: int, seed: int, boards: str | None = None) -> list[dict[str, Any]]:
    """The public view of every decision of one seeded game, with its decision kind."""
    rng = random.Random(seed)
    state = GAME.new(players, {"boards": boards} if boards else None)
    out = []
    while GAME.to_act(state):
        if GAME.to_act(state) != [CHANCE]:
            out.append(GAME.view(state, None))
        state = busy_step(GAME, state, rng)
    out.append(GAME.view(state, None))
    return out


@pytest.mark.parametrize(("players", "seed", "boards"), [(1, 3, None), (2, 8, "choose"), (4, 9, None)])
def test_every_decision_of_a_game_is_named_in_the_band_and_the_text_board(
    players: int, seed: int, boards: str | None
) -> None:
    names = ["Ann", "Bo", "王小明", "Dee"][:players]
    seen: set[str] = set()
    for view in game_views(players, seed, boards):
        key = band.decision_key(view)
        if key is None:
            continue
        seen.add(key)
        seat = view["to_act"][0]
        for locale in LOCALES:
            shown = view | {"locale": locale, "names": names}
            what = band.DECIDE[key][locale].split("{")[0].split("（")[0]
            head = band.headline(shown)
            colon = ": " if locale == "en" else "："
            assert head.startswith(f"▶ {names[seat]}{colon}") and what in head, (key, head)
            if locale != "en":
                assert ":" not in head, head
            assert "▶ " + band.decision(shown) in textview.lines(shown), key
    assert "turn_dice" in seen and len(seen) >= 4, seen
    if boards == "choose":
        assert {"board", "castle"} <= seen


def test_solo_stage_counts_turns_and_multi_player_rounds() -> None:
    solo = sample_view(2) | {"players": 1, "solo": True, "phase": "C", "round": 1, "round_total": 11}
    assert band.stage(solo) == "Phase C · turn 11/25"
    assert band.stage(sample_view(2) | {"phase": "B", "round": 2}) == "Phase B · round 2/5"
    assert "11/25" in band.stage(solo | {"locale": "zh-TW"}) and "輪" in band.stage(
        solo | {"locale": "zh-TW"}
    )


def test_bot_seats_carry_a_badge_and_their_bare_name() -> None:
    view = sample_view(3) | {
        "names": ["Ann", "Bartholomew Longname (Bot, normal)", "Cy"],
        "bare_names": ["Ann", "Bartholomew Longname", "Cy"],
        "bots": [None, "normal", None],
    }
    seats = band.band(view).seats
    assert [s.name for s in seats] == ["Ann", "Bartholomew Longname", "Cy"]
    assert [s.bot for s in seats] == [None, "normal", None]
    assert [s.tag for s in seats] == ["1", "2", "3"]  # the seat number on the swatch, as on the markers
    assert [s.acting for s in seats] == [s in view["to_act"] for s in range(3)]
    assert all(s.score.isdigit() for s in seats)


def test_end_band_names_the_winner_and_the_tie_break() -> None:
    view = final_view(3)
    ranking = view["final"]["ranking"]
    rows = {r["seat"]: r for r in view["final"]["rows"]}
    head = band.headline(view)
    assert head.startswith(view["names"][ranking[0]] if "names" in view else f"S{ranking[0] + 1}")
    assert str(rows[ranking[0]]["total"]) in head
    tied = final_view(3)
    first, second = tied["final"]["ranking"][:2]
    for row in tied["final"]["rows"]:
        if row["seat"] == second:
            row["total"] = rows[first]["total"]
            row["empty"] = rows[first]["empty"] + 1
    assert "tie: fewer empty spaces" in band.headline(tied)
    assert band.seat_scores(view) == [str(rows[s]["total"]) for s in range(3)]


def test_ended_early_band_and_shared_places() -> None:
    view = sample_view(3) | {"ended": True, "scores": [20, 31, 20]}
    assert band.headline(view) == "Ended early (unfinished)"
    assert band.final_places(view) == [(1, 1, 31), (2, 0, 20), (2, 2, 20)]


def test_the_image_carries_the_band() -> None:
    view = sample_view(2)
    img = Image.open(io.BytesIO(burgundy.draw(view))).convert("RGB")
    top = kit.band_height(band.band(view), img.width)
    assert top >= 100 and img.height == burgundy.compose(view).height  # the band is part of the picture
    assert img.getpixel((img.width // 2, 2)) == kit.BAND_FILL


def test_ended_image_lists_standings_with_shared_places(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.render.test_burgundy_render import record_text_sizes

    view = sample_view(3) | {"ended": True, "to_act": [], "scores": [20, 31, 20], "locale": "zh-TW"}
    drawn, cached = record_text_sizes(monkeypatch)
    burgundy.compose(view)
    texts = [text for _, text in drawn]
    places = [text for size, text in drawn if size == 24 and text.endswith(".")]  # the standings' column
    assert places == ["1.", "2.", "2."]
    assert "31分" in texts and texts.count("20分") == 2
    assert any(text.startswith("提前結束(未完成)：") for text in texts)
    for function in cached:
        function.cache_clear()
    # the table's standings (the rules' ranking and places) win over the local ranking
    table = view | {"standings": {"ranking": [2, 0, 1], "places": [1, 1, 3], "scores": [9, 1, 9], "ended": True}}
    assert band.final_places(table) == [(1, 2, 9), (1, 0, 9), (3, 1, 1)]


def test_solo_image_calls_the_25_count_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Round 1/5" (header) and "Round 11/25" (solo track) on one image read as a contradiction."""
    from tests.render.test_burgundy_render import record_text_sizes, solo_view

    drawn, cached = record_text_sizes(monkeypatch)
    burgundy.compose(solo_view())
    texts = [text for _, text in drawn]
    assert "Turn" in texts and texts.count("Round") == 1
    assert any(text.endswith("/25") for text in texts)
    for function in cached:
        function.cache_clear()
    assert "turn 13/25" in "\n".join(textview.lines(solo_view() | {"round_total": 13}))
