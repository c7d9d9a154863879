"""Names listed in an image (shared winners, the seats deciding at once) are separated as the
reader's language separates them: "Ana, Bo" in English, "安娜、小波" in Chinese."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from render import kit
from render.torres import image as torres_image
from render.torres.style import words as torres_words
from render.tuscany import image as tuscany_image
from render.tuscany import layers as tuscany_layers
from render.tuscany.style import words as tuscany_words

NAMES = ["安娜", "小波"]
EXPECTED = {"en": "安娜, 小波", "zh-TW": "安娜、小波", "zh-CN": "安娜、小波"}


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_torres_shared_winners(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    monkeypatch.setattr(kit, "draw_text", lambda d, xy, text, *a, **k: drawn.append(text) or 0)
    view = {"over": True, "seats": [{"score": 40}, {"score": 40}]}
    d = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    torres_image._header(d, view, locale, NAMES)
    expected = str(torres_words(locale)["shared"]).format(names=EXPECTED[locale])
    assert expected in drawn, drawn


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_tuscany_shared_winners_and_simultaneous_choosers(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def record(image: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> int:
        drawn.append(text)
        return 0

    monkeypatch.setattr(tuscany_layers, "text", record)
    canvas = Image.new("RGB", (10, 10))
    d = ImageDraw.Draw(canvas)
    d.im_ = canvas  # type: ignore[attr-defined]  # as the game's canvas helper sets it
    w = tuscany_words(locale)
    tuscany_image._header(d, {"over": True, "result": {"winners": [0, 1]}}, NAMES, w)
    tuscany_image._header(d, {"phase": "setup", "to_act": [0, 1]}, NAMES, w)
    assert drawn[1] == w["over"] + " · " + w["shared_win"] + w["colon"] + EXPECTED[locale], drawn
    assert drawn[3] == w["setup"] + " · " + w["to_act"].format(who=EXPECTED[locale]), drawn


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_card_game_shared_winners(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from render.burgundy_cards import image as cards_image
    from render.burgundy_cards.style import words as cards_words

    drawn: list[str] = []
    monkeypatch.setattr(cards_image, "label", lambda image, xy, text, *a, **k: drawn.append(text))
    w = cards_words(locale)
    view = {"final": {"ranking": [1, 0], "places": [1, 1]}}
    cards_image._final(Image.new("RGB", (2000, 2000)), view, NAMES, w, locale, 0)
    assert drawn == [w["shared"].format(p="小波" + w["sep"] + "安娜")], drawn
    assert w["sep"] == EXPECTED[locale].removeprefix("安娜").removesuffix("小波")
