"""Cached pieces: text masks and hex stamps, pasted instead of drawn on every render.

FreeType rendering costs ~0.4 ms per string on this machine, and a 4-player table carries ~300
strings, most of them the same from one image to the next (letters, numbers, names, symbols).
Each distinct (text, size, weight) is rendered once into a mask and pasted in its colour after.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit


@lru_cache(maxsize=8192)
def _mask(text: str, size: int, bold: bool) -> tuple[Image.Image, int]:
    """A white-on-black mask of ``text`` with its vertical middle at the mask's middle; and its width."""
    width = kit.text_width(text, size, bold)
    height = int(size * 1.6) + 4
    image = Image.new("RGB", (width + 6, height), kit.BLACK)
    kit.draw_text(ImageDraw.Draw(image), (3, height / 2), text, size, kit.WHITE, bold=bold, anchor="lm")
    return image.convert("L"), width


@lru_cache(maxsize=64)
def _middle(size: int, bold: bool) -> float:
    """Distance from the top (ascender) line to the middle line, as Pillow anchors them."""
    ascent, descent = kit.font(size, bold).getmetrics()
    return (ascent + descent) / 2


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, bold: bool, max_width: int) -> str:
    if kit.text_width(text, size, bold) <= max_width:
        return text
    while text and kit.text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


def text(
    image: Image.Image,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: kit.RGB = kit.INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
) -> None:
    """Like ``kit.draw_text`` (anchors l/m/r + a/m), from a cached mask."""
    if not words:
        return
    if max_width is not None:
        words = _fit(words, size, bold, max_width)
    mask, width = _mask(words, size, bold)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    middle = y if anchor[1:2] == "m" else y + _middle(size, bold)
    kit.paste_ink(image, fill, (round(x - 3), round(middle - mask.height / 2)), mask)
