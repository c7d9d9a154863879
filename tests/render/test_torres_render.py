"""The Torres renderer: valid PNGs within budget for public, private, CJK and finished views."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from render.torres import image as torres_render
from render.torres import style
from rules import CHANCE
from rules.torres import GAME
from tests.conformance import playout

NAMES = ["Alice", "王小明", "林美玲 the very long named builder", "Ōtsuka"]
BUDGET_BYTES = 400 * 1024


def _mid_game(players: int = 4, options: dict[str, Any] | None = None, steps: int = 160) -> Any:
    run = playout(GAME, players, options, seed=4)
    state = GAME.new(players, options)
    for seat, action in run.log[:steps]:
        state, _ = GAME.apply(state, seat, action)
    return state, run.state


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_public_and_private_views_render(seat: int | None) -> None:
    state, _ = _mid_game()
    view = GAME.view(state, seat)
    view["names"] = NAMES
    data = render.draw("torres", view)
    image = _png(data)
    assert 1200 <= image.width <= 1600
    assert len(data) <= BUDGET_BYTES
    if seat is None:
        assert image.height < _png(torres_render.draw({**view, "me": {"hand": []}})).height


def test_private_view_shows_own_cards_strip() -> None:
    state, _ = _mid_game()
    public = _png(render.draw("torres", GAME.view(state, None)))
    private_view = GAME.view(state, 0)
    private_view["me"]["hand"] = ["AP6", "DOOR", "SHIFT"]
    private_view["me"]["acquired"] = ["SHIFT"]
    private = _png(render.draw("torres", private_view))
    assert private.height > public.height
    strip = private.crop((0, public.height, private.width, private.height)).convert("RGB")
    assert len(strip.getcolors(maxcolors=1 << 16) or []) > 4  # cards and their labels are drawn


@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN"])
def test_cjk_names_and_locales(locale: str) -> None:
    state, _ = _mid_game(3, {"cards": "shared"})
    view = GAME.view(state, 2)
    view["names"] = ["張三", "李四", "王五"]
    view["locale"] = locale
    data = torres_render.draw(view)
    assert _png(data).width == 1440


def test_finished_game_renders() -> None:
    _, final = _mid_game()
    view = GAME.view(final, None)
    assert view["over"]
    data = torres_render.draw({**view, "names": NAMES})
    assert len(data) <= BUDGET_BYTES
    _png(data)


def test_setup_and_master_views_render() -> None:
    state = GAME.new(2, {"master": True})
    state, _ = GAME.apply(state, CHANCE, "first blue")
    _png(torres_render.draw(GAME.view(state, None)))
    state, final = _mid_game(2, {"master": True}, steps=60)
    _png(torres_render.draw(GAME.view(state, 1)))
    _png(torres_render.draw(GAME.view(final, 0)))


def test_render_without_names_uses_seat_labels() -> None:
    state, _ = _mid_game()
    view = GAME.view(state, None)
    view.pop("names", None)
    _png(torres_render.draw(view))



def test_letters_are_unique_and_none_reads_as_the_king() -> None:
    """Black used to carry "K", the letter of the King (figures, crown, "K +0" scoring lines)."""
    letters = list(style.COLOUR_LETTERS.values())
    assert len(set(letters)) == len(letters)
    assert "K" not in letters


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel(xy)  # type: ignore[return-value]


def test_the_kings_castle_is_framed_in_the_kings_colour() -> None:
    state, _ = _mid_game()
    view = GAME.view(state, None)
    label = torres_render.king_castle(view)
    assert label is not None
    image = _png(torres_render.draw(view))
    image = image.crop((0, torres_render.band_height(view), image.width, image.height))  # the board under the band
    labels = view["castles"]
    inset = torres_render.KING_FRAME_INSET
    found = 0
    for sq, other in enumerate(labels):
        if other < 0:
            continue
        left, top, _right, bottom = torres_render._cell_box(sq)
        if sq % 8 == 0 or labels[sq - 1] != other:
            colour = _pixel(image, (left + inset, (top + bottom) // 2 + 30))
            assert (colour == style.KING_RGB) == (other == label), (sq, colour)
            found += other == label
    assert found >= 1


def test_stack_words_read_plainly_without_a_reserve() -> None:
    words = style.words("en")
    last = torres_render.blocks_line({"stacks": [], "turn_stack": 3}, words)
    assert last == "blocks: 3 now, no more this phase"
    assert torres_render.blocks_line({"stacks": [3, 2], "turn_stack": 3}, words) == "blocks: 3 now, then 3 · 2"
    assert torres_render.blocks_line({"stacks": [], "turn_stack": None}, words) == "stacks left: none this phase"
    for locale in ("zh-TW", "zh-CN"):
        text = torres_render.blocks_line({"stacks": [], "turn_stack": 3}, style.words(locale))
        assert "–" not in text and "+" not in text and "3" in text


def test_panel_lines_for_played_cards_and_scoring_sums() -> None:
    words = style.words("en")
    assert torres_render.played_line({"played_phase": ["AP6", "DIAG"], "played": ["UP2", "AP6", "DIAG"]}, words) == (
        "played: AP6 DIAG"
    )
    assert torres_render.played_line({"played_phase": [], "played": ["UP2"]}, words) == "played: none this phase"
    row = {"seat": 1, "before": 3, "castle": 12, "king": 0, "master": 0, "skipped": 1, "score": 16}
    assert torres_render._score_sum(row) == "3 + 12 + 1↷ = 16"


def test_image_words_exist_translated_in_every_locale() -> None:
    from tests.rules.locale_check import check_locales

    for key, value in style.WORDS["en"].items():
        if isinstance(value, dict):
            for sub in value:
                check_locales({loc: style.WORDS[loc][key][sub] for loc in style.WORDS}, f"{key}.{sub}")  # type: ignore[index]
        else:
            check_locales({loc: str(style.WORDS[loc][key]) for loc in style.WORDS}, key)


def test_text_is_readable_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the 1440 px image about 390 px wide on a phone: nothing is printed under 18 px,
    every number (scores, AP, knights and cards left, phase and round, levels) at 20 or more, and
    no line of the panel is cut short with "…" or runs past its edge (only a long name may be cut)."""
    from render import kit
    from render.torres import layers

    long_name = "林美玲 the very long named builder"
    drawn: list[tuple[int, str]] = []
    cut: list[str] = []
    draw_text = kit.draw_text

    def record(
        d: Any,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: Any = kit.INK,
        bold: bool = False,
        anchor: str = "la",
        max_width: int | None = None,
    ) -> int:
        drawn.append((size, text))
        width = kit.text_width(text, size, bold)
        shortened = max_width is not None and width > max_width
        past_edge = anchor[0] == "l" and xy[0] >= style.PANEL_X and xy[0] + width > style.WIDTH - 30
        if (shortened or past_edge) and long_name not in text:
            cut.append(text)
        return draw_text(d, xy, text, size, fill, bold, anchor, max_width)

    monkeypatch.setattr(kit, "draw_text", record)
    cached = [layers.background, layers.tile, layers.knight_stamp, layers.king_stamp]
    for function in cached:  # drawn once and cached: draw them again, recorded
        function.cache_clear()
    state4, final4 = _mid_game(4, {"master": True})
    state3, _ = _mid_game(3, {"cards": "shared"})
    state2, _ = _mid_game(2, {"cards": "own"}, steps=100)
    hand = ["AP6", "DOOR", "SHIFT", "BORDER", "CASTLES", "DIFF", "SAME", "OVER", "UNDER", "NEIGH"]
    views = [
        {**GAME.view(state2, None), "locale": "en"},
        {**GAME.view(state3, 1), "locale": "zh-CN"},
        {**GAME.view(state4, 0), "locale": "zh-TW"},
        {**GAME.view(state4, 2), "locale": "en"},
        {**GAME.view(final4, None), "locale": "zh-TW"},
        {**GAME.view(final4, None), "locale": "en"},
    ]
    views[3]["me"] = {**views[3]["me"], "hand": hand, "acquired": ["NEIGH"]}
    views[3]["master"] = "BORDER"  # the longest master card line
    try:
        for view in views:
            players = int(view["players"])
            view["names"] = ["Alice", "王小明", long_name, "Ōtsuka"][:players]
            drawn.clear()
            cut.clear()
            _png(torres_render.draw(view))
            small = sorted({(size, text) for size, text in drawn if size < 18})
            assert not small, (players, view["locale"], small[:10])
            numbers = sorted({(size, text) for size, text in drawn if size < 20 and any(c.isdigit() for c in text)})
            assert not numbers, (players, view["locale"], numbers[:10])
            assert not cut, (players, view["locale"], cut)
    finally:
        for function in cached:
            function.cache_clear()


def test_a_crowded_panel_grows_the_canvas_instead_of_running_off_it() -> None:
    state, _ = _mid_game(4, {"master": True})
    view = {**GAME.view(state, None), "names": NAMES, "locale": "en"}
    view["master"] = "BORDER"
    layout = torres_render._panel_layout(view, NAMES, "en")
    image = _png(torres_render.draw(view))
    assert layout.bottom + style.MARGIN <= image.height
    assert image.height >= style.HEIGHT
