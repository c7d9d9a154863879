"""Names listed in an image (shared winners, the seats deciding at once) are separated as the
reader's language separates them: "Ana, Bo" in English, "安娜、小波" in Chinese."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import kit
from render.torres import image as torres_image
from render.torres.style import words as torres_words

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
def test_tuscany_shared_winners_and_simultaneous_choosers(locale: str) -> None:
    """Tuscany says both in its summary band's headline (``render.tuscany.prompt``)."""
    from render.tuscany import prompt

    over = {"over": True, "result": {"winners": [0, 1]}, "players": 2, "seats": [{}, {}]}
    assert prompt.headline(over, NAMES, [30, 30], locale).startswith(EXPECTED[locale] + " ")
    seats = [{"ready": False, "boards": ["A1", "B1", "C1"]}, {"ready": False, "boards": ["A2", "B2", "C2"]}]
    setup = {"phase": "setup", "pending": "wait", "to_act": [0, 1], "players": 2, "seats": seats}
    assert prompt.headline(setup, NAMES, [0, 0], locale).startswith("▶ " + EXPECTED[locale])


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
