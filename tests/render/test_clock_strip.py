"""Seat clocks on every board image: one strip from the kit under each game's picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
import rules
from render import kit

GAMES = ("fixer", "burgundy", "burgundy_cards", "torres", "tuscany")


def _view(game_name: str) -> dict:
    game = rules.get(game_name)
    players = max(2, game.min_players)
    view = dict(game.view(game.new(players), None))
    view["names"] = ["Ana", "李小龍"][:players] + [f"P{i}" for i in range(2, players)]
    return view


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= 24


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_no_clocks_no_strip() -> None:
    assert kit.clock_strip({"names": ["Ana"]}, 800) is None
    assert kit.clock_strip({"clocks": [None, None]}, 800) is None


def test_strip_shows_every_timed_seat_and_who_is_away() -> None:
    view = {"names": ["Ana", "Bo", "Bot"], "clocks": ["1 d 4 h left", "2 h 5 min left", None],
            "away": [None, "away until 2026-11-28 09:00 UTC", None]}
    assert kit.clock_entries(view) == [
        ("Ana", "1 d 4 h left", False),
        ("Bo", "2 h 5 min left · away until 2026-11-28 09:00 UTC", True),
    ]
    strip = kit.clock_strip(view, 1440)
    assert strip is not None and strip.width == 1440
    colours = {c for _, c in strip.getcolors(1 << 16) or []}
    assert kit.CLOCK_FILL in colours and kit.CLOCK_INK in colours and kit.CLOCK_AWAY in colours


def test_many_seats_wrap_onto_more_lines() -> None:
    one = kit.clock_strip({"names": ["A"], "clocks": ["1 d 4 h left"]}, 1440)
    many = kit.clock_strip({"names": [f"Player number {i}" for i in range(6)], "clocks": ["1 d 4 h left"] * 6}, 1440)
    assert one is not None and many is not None
    assert many.height >= one.height + 2 * kit.CLOCK_LINE


def test_a_clock_only_for_an_away_player_still_shows() -> None:
    assert kit.clock_entries({"names": ["Ana"], "away": ["離開至 2026-11-28 09:00 UTC"]}) == [
        ("Ana", "離開至 2026-11-28 09:00 UTC", True)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_draws_the_clock_strip_under_its_board(game: str) -> None:
    view = _view(game)
    plain = _image(render.draw(game, view))
    timed_view = {**view, "clocks": ["1 d 4 h left", "剩 3 小時 5 分"] + [None] * (len(view["names"]) - 2),
                  "away": [None, "away until 2026-11-28 09:00 UTC"] + [None] * (len(view["names"]) - 2)}
    timed = _image(render.draw(game, timed_view))
    strip = kit.clock_strip(timed_view, plain.width)
    assert strip is not None
    assert timed.size == (plain.width, plain.height + strip.height)
    # The board above is the same picture; the strip below carries the clock colours.
    assert timed.crop((0, 0, plain.width, plain.height)).tobytes() == plain.tobytes()
    below = timed.crop((0, plain.height, plain.width, timed.height))
    counts = sorted(below.getcolors(1 << 16) or [], reverse=True)
    assert _near(counts[0][1], kit.CLOCK_FILL)  # the band (palette mapping may move it a little)
    assert any(_near(c, kit.CLOCK_INK) for _, c in counts)  # the text
    # No clocks (a game without timer): the same bytes as before this feature.
    assert render.draw(game, {**view, "clocks": [None] * len(view["names"])}) == render.draw(game, view)
