"""The card game's renderer: valid PNGs within budget for public, private, CJK, solo and final views."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from PIL import Image

import render
from rules import LOCALES
from rules.burgundy_cards import GAME
from rules.burgundy_cards import data as D
from tests.conformance import playout

NAMES = ["Alice", "王小明", "林美玲 the very long named builder", "Ōtsuka"]
BUDGET_BYTES = 400 * 1024


def _states(players: int, options: dict[str, Any] | None = None, every: int = 40) -> list[Any]:
    run = playout(GAME, players, options, seed=4)
    state = GAME.new(players, options)
    out = []
    for i, (seat, action) in enumerate(run.log):
        state, _ = GAME.apply(state, seat, action)
        if i % every == 0:
            out.append(state)
    return [*out, run.state]


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_views_render_within_size_and_width(players: int) -> None:
    for state in _states(players, every=90):
        for seat in (None, 0):
            view = {**GAME.view(state, seat), "names": NAMES[:players]}
            data = render.draw("burgundy_cards", view)
            image = _png(data)
            assert 1200 <= image.width <= 1600
            assert len(data) <= BUDGET_BYTES


@pytest.mark.parametrize("locale", LOCALES)
def test_private_view_adds_the_hand(locale: str) -> None:
    state = next(s for s in _states(3)[2:] if s["pl"][0]["hand"])
    public = _png(render.draw("burgundy_cards", {**GAME.view(state, None), "locale": locale}))
    private_view = {**GAME.view(state, 0), "locale": locale}
    private = _png(render.draw("burgundy_cards", private_view))
    assert private.height > public.height
    strip = private.crop((0, public.height, private.width, private.height)).convert("RGB")
    assert len(strip.getcolors(maxcolors=1 << 16) or []) > 4
    empty = {**private_view, "me": {**private_view["me"], "hand": [], "uses": []}}
    assert _png(render.draw("burgundy_cards", empty)).height == public.height  # no empty hand panel


def test_final_and_solo_results_render() -> None:
    for players, options in ((1, {"solo_duke": True}), (4, {})):
        final = _states(players, options)[-1]
        assert final["final"] is not None
        image = _png(render.draw("burgundy_cards", {**GAME.view(final, None), "names": NAMES[:players]}))
        assert image.width == 1440


def test_card_colours_match_the_rules_and_differ() -> None:
    from render.burgundy_cards.style import CARD

    assert set(CARD) == set(D.COLOURS)
    assert len(set(CARD.values())) == len(CARD)


def test_render_time_p95() -> None:
    """p95 over a game's views (generous here: the machine is shared; ``python -m bench`` measures)."""
    states = _states(4, every=25)
    times = []
    for state in states:
        view = {**GAME.view(state, 0), "names": NAMES}
        start = time.perf_counter()
        render.draw("burgundy_cards", view)
        times.append(time.perf_counter() - start)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 0.4


def test_renderer_words_in_every_locale() -> None:
    from render.burgundy_cards.style import COLOUR_NAMES, KINDS, QUESTIONS, TITLES, WORDS

    for table in (WORDS, COLOUR_NAMES, KINDS, QUESTIONS, TITLES):
        for key, entry in table.items():
            assert set(entry) == set(LOCALES), key
            assert entry["zh-TW"] != entry["en"] and entry["zh-CN"] != entry["en"], key


def test_crowded_estates_fit_their_columns() -> None:
    """Full colour columns, every bonus card, a long question beside a purchase: all still drawn
    inside the fixed layout (codes wrap within a column and end with "+n" when they overflow)."""
    from render.burgundy_cards.image import CODE_ROWS, COL_IN, _code_places
    from render.kit import text_width

    state = next(s for s in _states(2)[2:] if s["pl"][0]["hand"])
    view = GAME.view(state, 0)
    plain = _png(render.draw("burgundy_cards", view))
    codes = [f"SHI{d}{c}" for c in "abc" for d in range(1, 7)][:10]
    for est in view["estates"]:
        est["est"] = {**est["est"], "SHI": codes, "KNO": ["CLO4b", "CLO5c", "KNO2b", "CLO6a", "KNO3c"]}
        est["bonus"] = [f"B1{c}" for c in D.COLOURS]
        est["all7"] = "A7-4"
        est["goods"], est["animals"] = ["LGTa", "MEDb", "DRKc", "LGTd"], ["COWa", "SHPb", "PIGc", "CHKd"]
    view["shown"] = ["WAT6c", "CLO4b", "MIN3a"]
    view["pending"] = {"q": "free", "card": "CAS5b", "options": [f"free take {c}" for c in codes] + ["skip"]}
    crowded = _png(render.draw("burgundy_cards", view))
    assert (crowded.width, crowded.height) == (plain.width, plain.height)

    places = _code_places(tuple(codes), COL_IN)
    assert places[-1][2] == f"+{len(codes) - len(places) + 1}"
    assert all(row < CODE_ROWS and dx + text_width(text, 18) <= COL_IN for dx, row, text in places)


def test_solo_estate_has_no_start_card_column_and_one_worker_is_singular(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solo game has no start player card, so its estate shows no "start card" score; "1 worker"."""
    from render.burgundy_cards import image as card_image
    from render.burgundy_cards.layers import label
    from render.kit import draw_text

    drawn: list[str] = []

    def record_text(d: Any, xy: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.append(text)
        return draw_text(d, xy, text, *a, **k)

    def record_label(image: Any, xy: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.append(text)
        return label(image, xy, text, *a, **k)

    monkeypatch.setattr(card_image.kit, "draw_text", record_text)
    monkeypatch.setattr(card_image, "label", record_label)
    for players in (1, 2):
        card_image._estate_frame.cache_clear()
        card_image.background.cache_clear()
        drawn.clear()
        state = _states(players, every=1000)[0]
        view = {**GAME.view(state, None), "names": NAMES[:players]}
        view["estates"][0]["workers"] = 1
        render.draw("burgundy_cards", view)
        assert ("start card" in drawn) == (players > 1), (players, [t for t in drawn if "card" in t])
        assert "1 worker" in drawn and "1 workers" not in drawn
    card_image._estate_frame.cache_clear()
    card_image.background.cache_clear()


def test_a_limited_supply_is_shown_beside_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """With supply_limits=cards the header says what is left of the silver and worker cards."""
    from PIL import Image

    from render.burgundy_cards import image as cards_image
    from render.burgundy_cards.style import words

    drawn: list[str] = []
    monkeypatch.setattr(cards_image, "label", lambda image, xy, text, *a, **k: drawn.append(text) or 0)
    view = {"status": "over", "deck": 30, "discard": ["x"], "supply": {"silver": 2, "workers": 11}}
    cards_image._header(Image.new("RGB", (10, 10)), view, ["A", "B"], words("en"))
    assert "Deck 30 · discard 1 · supply: silver 2, workers 11" in drawn, drawn
    drawn.clear()
    cards_image._header(Image.new("RGB", (10, 10)), {**view, "supply": None}, ["A", "B"], words("zh-TW"))
    assert "牌庫30 · 棄牌1" in drawn, drawn


@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN"])
def test_goods_and_animals_show_their_kind_not_their_code(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    """No move names a goods or animal card by code, and "SHPa" (a sheep here) reads as the other
    game's ship: piles and storage show the kind in words, whole, in every locale."""
    from render.burgundy_cards import layers
    from render.burgundy_cards.style import STORE_WORDS, store_word
    from render.kit import draw_text

    drawn: list[str] = []

    def record(d: Any, xy: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.append(text)
        return draw_text(d, xy, text, *a, **k)

    monkeypatch.setattr(layers.kit, "draw_text", record)
    layers.tile.cache_clear()
    views = [{**GAME.view(state, None), "names": NAMES[:3], "locale": locale} for state in _states(3, every=20)]
    view = next(v for v in views if any(e["goods"] and e["animals"] for e in v["estates"]))
    stored = [c for e in view["estates"] for c in e["goods"] + e["animals"]]
    tops = [p["top"] for p in view["piles"].values() if p["top"]]
    assert stored and tops
    render.draw("burgundy_cards", view)
    layers.tile.cache_clear()
    for code in stored + tops:
        assert store_word(code, locale) in drawn, (code, drawn)
        assert code not in drawn
    assert all(store_word(f"{prefix}a", locale) == names[locale] for prefix, names in STORE_WORDS.items())
    assert store_word("SHI4b", locale) is None
