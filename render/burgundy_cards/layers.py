"""Cached pieces of the picture: text stamps, card tiles, pip rows, panel frames.

Why: rendering a glyph run or a rounded rectangle costs far more than pasting a ready image, and a
picture here has a few hundred texts and tiles that recur between moves (card codes, numbers,
labels). Each piece is drawn once and pasted after, which keeps a full image inside the 40 ms
render budget. Text is cached as an alpha mask, so it blends onto whatever surface lies under it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.burgundy_cards.style import ANIMAL, CARD, FADED, GOODS, colour_of

GOODS_PREFIX = {"LGT": "light", "MED": "medium", "DRK": "dark"}
ANIMALS = ("CHK", "COW", "SHP", "PIG")


@lru_cache(maxsize=8192)
def _mask(text: str, size: int, bold: bool, max_width: int | None, middle: bool) -> tuple[Image.Image, int, int]:
    width = kit.text_width(text, size, bold)
    if max_width is not None and width > max_width:
        while text and kit.text_width(text + "…", size, bold) > max_width:
            text = text[:-1]
        text += "…"
        width = kit.text_width(text, size, bold)
    height = int(size * 1.6) + 4
    mask = Image.new("L", (max(1, width + 4), height), 0)
    d = ImageDraw.Draw(mask)
    top = height // 2 if middle else 2
    kit.draw_text(d, (0, top), text, size, 255, bold=bold, anchor="lm" if middle else "la")  # type: ignore[arg-type]
    return mask, width, top


def label(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: kit.RGB = kit.INK,
          bold: bool = False, anchor: str = "la", max_width: int | None = None) -> int:
    """Stamp ``text`` like ``kit.draw_text`` (same anchors), from a cached mask; returns the width."""
    if not text:
        return 0
    middle = len(anchor) > 1 and anchor[1] == "m"
    mask, width, top = _mask(text, size, bold, max_width, middle)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    kit.paste_ink(image, fill, (round(x), round(y) - top), mask)
    return width


def card_fill(code: str) -> kit.RGB:
    prefix = code[:3]
    if prefix in GOODS_PREFIX:
        return GOODS[GOODS_PREFIX[prefix]]
    if prefix in ANIMALS:
        return ANIMAL
    return CARD.get(colour_of(code), kit.LIGHT)


TILE_TEXT = 18
"""The smallest text on a card (type code, copy letter, goods and animal words): what a phone
still shows legibly when Discord scales the 1440 px picture down to about 390 px."""
SMALLEST_TEXT = 15
"""How far a goods or animal word may shrink to fit a small storage card ("chicken")."""


@lru_cache(maxsize=2048)
def tile(code: str, w: int, h: int, bg: kit.RGB, faded: bool = False, word: str | None = None) -> Image.Image:
    """A card: colour fill, the die number large in a white disc, type code and copy letter; a card
    without a die (goods, animals) shows ``word`` (its kind, ``style.store_word``) or else its code,
    at the smallest readable size that fits the card."""
    image = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(image)
    fill = FADED if faded else card_fill(code)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 7, fill=fill, outline=kit.INK, width=2)
    ink = kit.contrast_ink(fill)
    if code[3:4].isdigit():
        r = h // 2 - 7
        cx, cy = r + 6, h // 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.WHITE, outline=kit.INK, width=1)
        kit.draw_text(d, (cx, cy), code[3], int(r * 1.45), kit.INK, bold=True, anchor="mm")
        size = 19 if h >= 50 else TILE_TEXT
        x = min(2 * r + 12, w - 6 - kit.text_width(code[:3], size, True))  # wide codes (WAT) clear the edge
        kit.draw_text(d, (x, 5), code[:3], size, ink, bold=True)
        kit.draw_text(d, (x, h - TILE_TEXT - 6), code[4:], TILE_TEXT, ink)
    else:
        text = word or code
        size = TILE_TEXT
        while size > SMALLEST_TEXT and kit.text_width(text, size, True) > w - 8:
            size -= 1
        kit.draw_text(d, (w // 2, h // 2), kit.fit_text(text, size, True, w - 6), size, ink, bold=True, anchor="mm")
    return image


PIP_H = 20


@lru_cache(maxsize=256)
def pips(n: int, bg: kit.RGB, width: int) -> Image.Image:
    """Held cards as filled pips in groups of three, the missing ones to the next triple hollow;
    past nine, the nine pips close up to leave room for "+n" at the right."""
    shown = min(n, 9)
    slots = min(9, max(3, -(-shown // 3) * 3 if shown % 3 else shown + 3))
    image = Image.new("RGB", (width, PIP_H), bg)
    d = ImageDraw.Draw(image)
    # narrow columns (a half-width panel): the nine pips close up whatever the count
    group, step, r = (48, 13, 5) if n <= 9 and width >= 3 * 48 else (30, 9, 4) if n <= 9 else (34, 10, 4)
    cy = PIP_H // 2
    for i in range(slots):
        g, k = divmod(i, 3)
        cx = g * group + k * step + r + 1
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.INK if i < shown else None, outline=kit.INK, width=1)
    if n > 9:
        kit.draw_text(d, (width - 1, cy), f"+{n - 9}", TILE_TEXT, kit.INK, bold=True, anchor="rm")
    return image


@lru_cache(maxsize=64)
def frame(w: int, h: int, fill: kit.RGB, outline: kit.RGB, width: int, bg: kit.RGB, radius: int = 10) -> Image.Image:
    image = Image.new("RGB", (w, h), bg)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=fill, outline=outline, width=width)
    return image


@lru_cache(maxsize=64)
def badge(colour: kit.RGB, text: str, radius: int, bg: kit.RGB) -> Image.Image:
    image = Image.new("RGB", (2 * radius + 2, 2 * radius + 2), bg)
    kit.badge(ImageDraw.Draw(image), (radius + 1, radius + 1), radius, colour, text)
    return image


_WARM: list[bool] = []


def warm(tile_size: tuple[int, int], code_size: int, bg: kit.RGB) -> None:
    """Draw every possible card code's display tile and estate label once.

    Why: a cold tile or text costs ~1 ms, and a fresh game shows dozens of new cards per image; the
    bot draws one image at start-up to warm the renderers (``cogs.client.warm_renderers``), and that
    first draw lands here, so players never pay for it. The code set is every type × die × copy
    letter (a superset of the real cards, which only the rules know).
    """
    if _WARM:
        return
    _WARM.append(True)
    prefixes = [*CARD, "WAR", "CAR", "CHU", "MAR", "BOA", "BAN", "CIT", "WAT"]
    for prefix in prefixes:
        if prefix == "BLD":
            continue
        for die in range(1, 7):
            for letter in "abc":
                code = f"{prefix}{die}{letter}"
                tile(code, *tile_size, bg)
                _mask(code, code_size, False, None, False)
