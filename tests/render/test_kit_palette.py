"""The kit's fixed-palette PNG encoding: one mechanism every game declares its colours to."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render import kit
from render.burgundy.style import PALETTE as BURGUNDY
from render.fixer.png import PALETTE as FIXER
from render.torres.png import PALETTE as TORRES

SURFACE: kit.RGB = (200, 180, 120)
SPEC = kit.Palette(
    colours=(kit.INK, kit.WHITE, SURFACE),
    ramps=(kit.Ramps((kit.INK,), (SURFACE, kit.WHITE), (0.5,)),),
    edges=(SURFACE, kit.WHITE),
)


def test_entries_are_colours_then_ramps_then_edges_without_repeats() -> None:
    assert SPEC.entries() == [
        kit.INK,
        kit.WHITE,
        SURFACE,
        kit.blend(SURFACE, kit.INK, 0.5),
        kit.blend(kit.WHITE, kit.INK, 0.5),
        kit.blend(SURFACE, kit.WHITE, 0.5),
    ]


def test_a_ramp_skips_an_ink_on_itself() -> None:
    assert list(kit.Ramps((kit.INK,), (kit.INK,)).colours()) == []


def test_overfull_palettes_keep_the_declared_colours_first() -> None:
    greys = tuple((i, i, i) for i in range(0, 256, 4))
    mixed = tuple((i, (i * 37) % 256, (i * 91) % 256) for i in range(40))  # 780 edge midpoints
    spec = kit.Palette(colours=greys, edges=mixed)
    entries = spec.entries()
    assert len(entries) == 256 and entries[:64] == list(greys)


def test_flat_colours_and_their_edges_survive_encoding() -> None:
    image = Image.new("RGB", (120, 40), SURFACE)
    ImageDraw.Draw(image).rectangle((10, 10, 50, 30), fill=kit.INK)
    image.putpixel((60, 20), kit.blend(SURFACE, kit.INK, 0.5))
    decoded = Image.open(io.BytesIO(SPEC.encode(image)))
    assert decoded.mode == "P"
    rgb = decoded.convert("RGB")
    assert rgb.getpixel((0, 0)) == SURFACE
    assert rgb.getpixel((20, 20)) == kit.INK
    assert rgb.getpixel((60, 20)) == kit.blend(SURFACE, kit.INK, 0.5)


def test_a_p_image_is_saved_as_it_is() -> None:
    image = Image.new("P", (8, 8), 2)
    image.putpalette(SPEC.image().getpalette())
    decoded = Image.open(io.BytesIO(SPEC.encode(image)))
    assert decoded.getpixel((3, 3)) == 2


def test_equal_declarations_share_one_palette_image() -> None:
    same = kit.Palette(colours=SPEC.colours, ramps=SPEC.ramps, edges=SPEC.edges)
    assert same.image() is SPEC.image()


@pytest.mark.parametrize("palette", [FIXER, TORRES, BURGUNDY], ids=["fixer", "torres", "burgundy"])
def test_every_game_declares_its_flat_colours_exactly(palette: kit.Palette) -> None:
    entries = palette.entries()
    assert 0 < len(entries) <= 256
    assert set(palette.colours) <= set(entries)
    flat = palette.image().getpalette()[: 3 * len(entries)]
    assert [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)] == entries


def test_cached_text_matches_freetype_drawing() -> None:
    """Text pasted from a cached mask looks like text drawn by FreeType at the same place."""
    from PIL import ImageChops, ImageStat

    def reference(text: str, anchor: str) -> Image.Image:
        image = Image.new("RGB", (420, 80), SURFACE)
        d = ImageDraw.Draw(image)
        x, y = 20.0, 40.0 if anchor[1] == "m" else 10.0
        for chunk, latin in kit._runs(text, True):
            f = kit.font(28, True) if latin else kit.cjk_font(28)
            for shift in range(1 + (0 if latin else kit.cjk_smear(28, True))):  # bold CJK: smeared
                d.text((x + shift, y), chunk, font=f, fill=kit.INK, anchor="l" + anchor[1])
            x += f.getlength(chunk)
        return image

    for text in ("Zoë ♚ 12", "勃根地 Ada", "K +0"):
        for anchor in ("la", "lm"):
            cached = Image.new("RGB", (420, 80), SURFACE)
            y = 40 if anchor[1] == "m" else 10
            width = kit.draw_text(ImageDraw.Draw(cached), (20, y), text, 28, kit.INK, True, anchor)
            assert width == kit.text_width(text, 28, True)
            diff = ImageStat.Stat(ImageChops.difference(reference(text, anchor), cached)).mean
            assert max(diff) < 0.5, (text, anchor, diff)
    assert kit.text_mask.cache_info().currsize >= 6


def test_text_is_measured_once_per_string() -> None:
    kit.text_width.cache_clear()
    for _ in range(3):
        kit.text_width("Player 1", 30, True)
    info = kit.text_width.cache_info()
    assert info.misses == 1 and info.hits == 2


def test_sprite_paste_equals_an_alpha_paste() -> None:
    sprite = Image.new("RGBA", (60, 80), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle(
        (0, 0, 59, 79), radius=12, fill=kit.ORANGE, outline=kit.INK, width=2
    )
    sprite.putpixel((30, 1), (255, 255, 255, 128))  # a half-transparent edge pixel
    clear = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    ImageDraw.Draw(clear).ellipse((2, 2, 17, 17), fill=kit.BLUE)  # no fully opaque row at all
    for item in (sprite, clear):
        expected = Image.new("RGB", (120, 120), SURFACE)
        expected.paste(item, (13, 21), item)
        for _ in range(2):  # first paste splits the sprite, the second uses the cached parts
            fast = Image.new("RGB", (120, 120), SURFACE)
            kit.paste_sprite(fast, (13, 21), item)
            assert fast.tobytes() == expected.tobytes()
