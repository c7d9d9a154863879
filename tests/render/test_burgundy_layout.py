"""Burgundy image layout: the private image stays near 4:3 portrait with the band on top (a tall
image previews small in Discord), for every player count, at whole-game positions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rules
from render.burgundy import image as burgundy
from rules.core import CHANCE
from tests.conformance import busy_step

GAME = rules.get("burgundy")
NAMES = ["Alice", "Bartholomew Longname", "王小明", "Dana"]
MAX_RATIO = 1.36
"""About 4:3 portrait (1.333), with room for a two-line headline."""


def decorated(view: dict, players: int, locale: str) -> dict:
    """As the table hands it to render: names, bot levels, the last move in words."""
    return view | {
        "locale": locale,
        "names": NAMES[:players],
        "bare_names": NAMES[:players],
        "bots": [None, "normal", None, None][:players],
        "last": {
            "seat": 1,
            "events": [],
            "lines": ["Bartholomew Longname placed a ship on space 16", "+3 VP"],
        },
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_private_images_stay_near_four_by_three(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new(players)
    worst = 0.0
    decisions = 0
    while GAME.to_act(state):
        state = busy_step(GAME, state, rng)
        acting = GAME.to_act(state)
        if acting in ([], [CHANCE]):
            continue
        decisions += 1
        if decisions % 40:
            continue
        for locale in ("en", "zh-TW"):
            view = decorated(GAME.view(state, acting[0]), players, locale)
            img = Image.open(io.BytesIO(burgundy.draw(view)))
            assert img.width == 1500
            worst = max(worst, img.height / img.width)
    assert worst <= MAX_RATIO, worst


@pytest.mark.parametrize("players", [2, 3, 4])
def test_public_images_stay_near_four_by_three(players: int) -> None:
    """The table image posted after every move too: with three or four estates under the board it
    used to reach h/w 1.42 (the header, 66 px panel hexes and a column legend)."""
    rng = random.Random(players)
    state = GAME.new(players)
    worst = 0.0
    decisions = 0
    while GAME.to_act(state):
        state = busy_step(GAME, state, rng)
        acting = GAME.to_act(state)
        if acting in ([], [CHANCE]):
            continue
        decisions += 1
        if decisions % 20:
            continue
        for locale in ("en", "zh-TW"):
            img = burgundy.compose(decorated(GAME.view(state, None), players, locale))
            assert img.width == 1500
            worst = max(worst, img.height / img.width)
    assert worst <= MAX_RATIO, worst


def test_board_previews_copy_the_rules_boards() -> None:
    from render.burgundy import boards
    from rules.burgundy import data

    assert boards.BOARD_ROWS == data.BOARD_ROWS
    assert boards.EDITION_BOARDS == data.EDITION_BOARDS
    assert boards.MULTI_COPY_BOARDS == data.MULTI_COPY_BOARDS
    state = GAME.new(2)
    for estate in GAME.view(state, None)["estates"]:
        if estate["spaces"]:
            drawn = tuple((s["colour"], s["n"], s["x"], s["y"]) for s in estate["spaces"])
            assert boards.board_spaces(estate["board_id"]) == drawn


def test_choosing_a_board_shows_every_board_numbered_and_the_taken_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from render.burgundy import choose
    from tests.render.test_burgundy_render import record_text_sizes

    state = GAME.new(3, {"boards": "choose"})
    state, _ = GAME.apply(state, GAME.to_act(state)[0], "board 4")
    while GAME.to_act(state) == [CHANCE]:
        state, _ = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    view = GAME.view(state, GAME.to_act(state)[0])
    free = {f"board {n}" for n, _, ok in choose_choices(view) if ok}
    assert free == set(GAME.legal_actions(state, GAME.to_act(state)[0]))  # numbered like the choices
    drawn, cached = record_text_sizes(monkeypatch)
    burgundy.compose(view)
    numbers = {text for size, text in drawn if size == choose.NUMBER}
    assert numbers == {str(n) for n in range(1, 10)}
    assert sum(1 for _, text in drawn if text == "taken") == 1  # board 4
    for function in cached:
        function.cache_clear()
    assert choose.previews_height(GAME.view(GAME.new(3), 0)) == 0  # basic boards: nothing to choose


def choose_choices(view: dict) -> list:
    from render.burgundy.boards import choices

    return choices(view)


def test_phone_report_band_is_readable_and_private_images_near_four_by_three() -> None:
    """The phone report's Burgundy shots (2 and 4 players; start, middle, end; public and private;
    en and zh-TW): the band's smallest cap-height ≥ 9 px at 400 px wide; private images ≤ ~4:3."""
    from bench import phone

    shots = list(phone.shots("burgundy"))
    assert shots and all(s.band_cap is not None and s.band_cap >= 9 for s in shots)
    private = [s for s in shots if s.view_name == "private"]
    assert private and max(s.height / s.width for s in private) <= MAX_RATIO


def test_images_without_the_header_still_show_the_round_and_the_white_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header (phase, round, white die) is folded away from a four-player public image: the
    band's stage line says phase and round, and the board's players box shows the white die."""
    from render.burgundy import band, board
    from tests.render.test_burgundy_render import record_text_sizes

    state = GAME.new(4)
    while GAME.to_act(state) == [CHANCE] or not isinstance(GAME.view(state, None).get("white_die"), int):
        state = busy_step(GAME, state, random.Random(4))
    view = decorated(GAME.view(state, None), 4, "en")
    dice: list[int] = []
    drawn_die = board.die
    monkeypatch.setattr(board, "die", lambda value, size, *a, **k: dice.append(value) or drawn_die(value, size, *a, **k))
    drawn, cached = record_text_sizes(monkeypatch)
    burgundy.compose(view)
    assert not [t for _, t in drawn if t.endswith("/5")]  # no header: its "3/5" is not drawn
    assert f"round {view['round']}/5" in band.stage(view)
    assert view["white_die"] in dice and "White die" in {t for _, t in drawn}
    for function in cached:
        function.cache_clear()
