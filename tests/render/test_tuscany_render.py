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


def test_text_is_readable_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the 1500 px image about 390 px wide on a phone: nothing on the public or hand
    image is printed under 18 px, and points, counts, deck counts and bonus values at 20 or more."""
    from render.tuscany import image, layers

    drawn: list[tuple[int, str]] = []
    text = layers.text

    def record(base: Image.Image, xy: tuple[float, float], words: str, size: int, *a: Any, **k: Any) -> None:
        drawn.append((size, words))
        text(base, xy, words, size, *a, **k)

    monkeypatch.setattr(layers, "text", record)
    for cached in (image._tile_sprite, image._estate_stamp):  # stamps are drawn once: draw them again
        cached.cache_clear()
    farms = {"NF1": ["WH", "OL"], "NF2": ["GR", "LI"]}
    for players, locale in [(2, "en"), (3, "zh-CN"), (4, "zh-TW")]:
        states = _states(players)
        for state in [states[0], states[2], states[-1]]:
            for seat in [None, 0]:
                view = {**GAME.view(state, seat), "names": NAMES[:players], "locale": locale}
                view["display"] = ["NF1", *view["display"][1:]]
                view["seats"][0]["storage"] = ["NF2", "NF1", *view["seats"][0]["storage"]][:5]
                view["farm_types"] = {**(view.get("farm_types") or {}), **farms}
                drawn.clear()
                _png(render.draw("tuscany", view))
                small = sorted({(size, words) for size, words in drawn if size < 18})
                assert not small, (players, locale, seat, small[:10])
                numbers = {
                    (size, words) for size, words in drawn if words.isdigit() or "×" in words or "·" in words
                }
                assert numbers and all(size >= 20 for size, _ in numbers), (
                    players,
                    locale,
                    sorted(numbers)[:10],
                )


def test_farm_types_read_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A farm's types inside its hex: "WH/OL" in English, 麥/橄 (小麥, 橄欖) in Chinese, not the codes."""
    from render.tuscany import image, layers

    drawn: list[str] = []
    text = layers.text

    def record(base: Image.Image, xy: tuple[float, float], words: str, size: int, *a: Any, **k: Any) -> None:
        drawn.append(words)
        text(base, xy, words, size, *a, **k)

    monkeypatch.setattr(layers, "text", record)
    state = _states(2)[2]
    for locale, expected in [("en", "WH/OL"), ("zh-TW", "麥/橄"), ("zh-CN", "麦/橄")]:
        image._tile_sprite.cache_clear()
        drawn.clear()
        view = {**GAME.view(state, None), "names": NAMES[:2], "locale": locale}
        view["display"] = ["NF1", *view["display"][1:]]
        view["farm_types"] = {**(view.get("farm_types") or {}), "NF1": ["WH", "OL"]}
        _png(render.draw("tuscany", view))
        assert expected in drawn, (locale, [w for w in drawn if "/" in w])
        if locale != "en":
            assert "WH/OL" not in drawn
    image._tile_sprite.cache_clear()


@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN"])
def test_bonus_tiles_say_what_they_do(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    """Under each bonus tile of the supply (``RC×5``: the code ``bonus RC`` takes) is what it gives,
    in the reader's language and whole (no ellipsis), so the codes on the estates can be read."""
    from render.kit import text_width
    from render.tuscany import layers
    from render.tuscany.style import words

    drawn: list[tuple[str, int]] = []
    text = layers.text

    def record(base: Image.Image, xy: tuple[float, float], said: str, size: int, *a: Any, **k: Any) -> None:
        drawn.append((said, size))
        text(base, xy, said, size, *a, **k)

    monkeypatch.setattr(layers, "text", record)
    view = {**GAME.view(_states(2)[1], None), "names": NAMES[:2], "locale": locale}
    _png(render.draw("tuscany", view))
    w = words(locale)
    for code in ("RC", "ST", "MA", "WO", "YI"):
        said = w[f"b_{code}"]
        assert (said, 18) in drawn, (code, drawn)
        assert text_width(said, 18) <= 80  # the tile's width: it reads whole
    assert words("zh-TW")["b_RC"] != words("en")["b_RC"]
