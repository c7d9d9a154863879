"""Shared text drawing: bold Chinese is drawn heavier than regular (the CJK font has one weight,
so bold draws it again a pixel or two to the right), while Latin text keeps its own bold face, untouched."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageStat

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
