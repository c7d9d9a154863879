"""Shared text drawing: bold Chinese is drawn heavier than regular (the CJK font has one weight,
so bold draws it again a pixel or two to the right), while Latin text keeps its own bold face, untouched."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageStat

import render
from render import kit


def _ink(text: str, size: int, bold: bool) -> float:
    mask = kit.text_mask(text, size, bold, "m").mask
    assert mask is not None
    return float(ImageStat.Stat(mask).sum[0])


def test_bold_chinese_is_heavier_than_regular() -> None:
    for size in (18, 24, 34):
        regular, bold = _ink("勝者 共同勝利", size, False), _ink("勝者 共同勝利", size, True)
        assert bold > 1.2 * regular, (size, regular, bold)
    assert kit.cjk_smear(18, False) == 0 and kit.cjk_smear(20, True) == 1 and kit.cjk_smear(64, True) == 2


def test_latin_bold_comes_from_its_own_face_only() -> None:
    plain = kit.text_mask("Winner", 24, True, "m").mask
    assert plain is not None
    reference = Image.new("L", (400, 80), 0)
    ImageDraw.Draw(reference).text((10, 40), "Winner", font=kit.font(24, True), fill=255, anchor="lm")
    box = reference.getbbox()
    assert box is not None and reference.crop(box).tobytes() == plain.tobytes()


def test_names_are_drawn_with_letters_the_fonts_have(monkeypatch: pytest.MonkeyPatch) -> None:
    """Styled letters fold to plain ones and emoji (no font here has them: empty boxes) are left
    out, in every game's image; a name of emoji only stays as it is rather than vanishing."""
    assert kit.drawable_name("𝔸𝕟𝕒") == "Ana" and kit.drawable_name("Ｂｅａ") == "Bea"
    assert kit.drawable_name("🐉龍") == "龍" and kit.drawable_name("🇹🇼 Ann") == "Ann"
    assert kit.drawable_name("👨\u200d👩\u200d👧 family") == "family"
    assert kit.drawable_name("❤️ Zoë") == "❤ Zoë" and kit.drawable_name("★Star") == "★Star"
    assert kit.drawable_name("😀") == "😀"
    seen: list[list[str]] = []
    monkeypatch.setitem(render._DRAWERS, "fixer", lambda view: seen.append(view["names"]) or b"")
    render.draw("fixer", {"names": ["𝔸𝕟𝕒", "🐉龍"]})
    assert seen == [["Ana", "龍"]]
