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
        "last": {"seat": 1, "events": [], "lines": ["Bartholomew Longname placed a ship on space 16", "+3 VP"]},
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
