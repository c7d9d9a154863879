"""The Castles of Tuscany renderer: valid PNGs within budget for every kind of view."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from rules import CHANCE
from rules.tuscany import GAME
from tests.conformance import playout

NAMES = ["Alice", "王小明", "林美玲 the very long named builder", "Ōtsuka"]
BUDGET_BYTES = 400 * 1024


def _states(players: int, options: dict[str, Any] | None = None) -> list[Any]:
    """Positions through a whole seeded game: setup (estates hidden), early, middle, late, over."""
    run = playout(GAME, players, options, seed=4)
    state = GAME.new(players, options)
    picks = {3 * players + 5, len(run.log) // 3, len(run.log) // 2, len(run.log) - 5}
    out = []
    for i, (seat, action) in enumerate(run.log):
        state, _ = GAME.apply(state, seat, action)
        if i in picks:
            out.append(state)
    return [*out, run.state]


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_renders_within_budget(players: int) -> None:
    for state in _states(players):
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            view["names"] = NAMES[:players]
            data = render.draw("tuscany", view)
            image = _png(data)
            assert 1200 <= image.width <= 1600
            assert len(data) <= BUDGET_BYTES


def test_private_view_adds_the_hand_strip() -> None:
    state = _states(4)[2]
    public = _png(render.draw("tuscany", GAME.view(state, None)))
    private = _png(render.draw("tuscany", GAME.view(state, 0)))
    assert private.height > public.height
    strip = private.crop((0, public.height, private.width, private.height)).convert("RGB")
    assert len(strip.getcolors(maxcolors=1 << 16) or []) > 8  # eight card colours and their labels


def test_setup_view_with_hidden_estates_renders() -> None:
    state = GAME.new(3)
    while GAME.to_act(state) == [CHANCE]:
        state, _ = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    view = GAME.view(state, 1)
    assert all(s["geometry"] is None for s in view["seats"])
    _png(render.draw("tuscany", view))


@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN"])
def test_locales_and_cjk_names(locale: str) -> None:
    state = _states(3, {"estate": "fixed"})[2]
    view = GAME.view(state, 2)
    view["names"] = ["張三", "李四", "王五"]
    view["locale"] = locale
    assert _png(render.draw("tuscany", view)).width == 1500


def test_estate_changes_the_picture() -> None:
    """The estate stamp cache is keyed by coverage: a newly covered space is drawn."""
    state = _states(2)[2]
    view = GAME.view(state, None)
    before = render.draw("tuscany", view)
    seat = view["seats"][0]
    free = next(sp for sp in seat["geometry"]["colours"] if sp not in seat["covered"])
    seat["covered"][free] = "hex"
    assert render.draw("tuscany", view) != before


def test_without_names_uses_seat_labels() -> None:
    state = _states(2)[-1]
    view = GAME.view(state, None)
    assert view["over"]
    _png(render.draw("tuscany", view))
