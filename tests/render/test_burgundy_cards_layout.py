"""The card game's images stay near 4:3 portrait (issue #29: a tall image previews small in
Discord) at every player count, public and private, over whole games; from three players the
estates are half panels, two to a row, that still show every fact of a full panel."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import render
from render import kit
from render.burgundy_cards import halves, image, style
from rules import CHANCE
from rules.burgundy_cards import GAME

NAMES = ["Alice", "Bartholomew Longname", "王小明", "Dana"]
MAX_RATIO = 1.36
"""About 4:3 portrait (1.333), with room for a two-line headline."""


def decorated(view: dict[str, Any], players: int, locale: str) -> dict[str, Any]:
    """As the table hands it to render: names, a bot, the last move in words."""
    return view | {
        "locale": locale,
        "names": NAMES[:players],
        "bare_names": NAMES[:players],
        "bots": [None, "normal", None, None][:players],
        "last": {"seat": 1, "events": [], "lines": ["Bartholomew Longname plays SHI1c as a 1", "+3 VP"]},
    }


def positions(players: int, every: int = 15) -> list[Any]:
    """Every ``every``-th decision of a seeded random game, and its end."""
    rng = random.Random(players)
    state = GAME.new(players)
    out, decisions = [], 0
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            outcomes = GAME.chance_outcomes(state)
            state, _ = GAME.apply(state, CHANCE, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        decisions += 1
        if decisions % every == 0:
            out.append(state)
        state, _ = GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
    return [*out, state]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_images_stay_near_four_by_three(players: int) -> None:
    worst = (0.0, "")
    for state in positions(players):
        acting = [s for s in GAME.to_act(state) if s != CHANCE]
        for seat in (None, acting[0] if acting else 0):
            for locale in ("en", "zh-TW"):
                view = decorated(GAME.view(state, seat), players, locale)
                img = Image.open(io.BytesIO(render.draw("burgundy_cards", view)))
                assert img.width == 1440
                worst = max(worst, (img.height / img.width, f"{seat} {locale}"))
    assert worst[0] <= MAX_RATIO, worst


def test_half_panels_show_what_a_full_panel_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players: each seat's name and VP, every score part's name, each colour's triple value
    and held cards, projects, storage and the counters are all stamped on the half panels."""
    state = positions(4, every=40)[2]
    view = decorated(GAME.view(state, None), 4, "en")
    seen: list[str] = []
    label = image.label

    def record(base: Image.Image, xy: tuple[float, float], text: str, *a: Any, **k: Any) -> int:
        seen.append(text)
        return label(base, xy, text, *a, **k)

    monkeypatch.setattr(image, "label", record)
    render.draw("burgundy_cards", view)
    w = style.words("en")
    for seat, est in enumerate(view["estates"]):
        assert any(NAMES[seat] in text for text in seen) and w["vp"].format(n=est["score"]["total"]) in seen
        for col in image.COLOURS:
            assert w["triple_short"].format(n=view["triple_vp"][col]) in seen
        held = [c for cards in est["est"].values() for c in cards]
        assert all(any(code in text for text in seen) for code in held[:3]), held
        assert f"{est['silver']} {w['silver']}" in seen
    for locale in ("en", "zh-TW", "zh-CN"):  # a two-digit triple value fits its narrow column whole
        assert kit.text_width(style.words(locale)["triple_short"].format(n=12), image.SMALL, True) <= halves.COL_IN
