"""Small FIXER drawing pieces shared by the board and the player panels."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.fixer.cards import MINI, CardSize, paste, paste_back, paste_face
from render.fixer.scene import Scene

HIGHLIGHT: kit.RGB = kit.YELLOW
"""Whose turn it is: a yellow frame, always together with the words "to play"/"to decide"."""
BADGE_TEXT = 18
"""The seat tag (``S1``/``AU``) is never printed smaller than this, however small its disc."""
BADGE_RADIUS = 17
"""The smallest seat disc: room for an 18 px ``AU``."""


def seat_badge(scene: Scene, centre: tuple[float, float], seat: int, radius: int = 20) -> None:
    """The seat label (``S1``/``AU``) on an ink disc; seats are told apart by label, not colour."""
    sprite = _badge_sprite(scene.tag(seat), radius)
    paste(scene.image, (centre[0] - sprite.width / 2, centre[1] - sprite.height / 2), sprite)


@lru_cache(maxsize=64)
def _badge_sprite(tag: str, radius: int) -> Image.Image:
    size = 2 * radius + 4
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    c = size / 2
    fill = kit.DARK if tag == "AU" else kit.INK
    d.ellipse((c - radius, c - radius, c + radius, c + radius), fill=fill, outline=kit.INK, width=2)
    kit.draw_text(d, (c, c), tag, max(BADGE_TEXT, int(radius * 0.85)), kit.WHITE, bold=True, anchor="mm")
    return image


def seat_label(
    scene: Scene, xy: tuple[float, float], seat: int, size: int, max_width: int, anchor: str = "lm"
) -> None:
    """Badge + display name on one line, e.g. the owner of a region side."""
    x, y = xy
    radius = max(BADGE_RADIUS, int(size * 0.75))
    label_width = min(max_width - 2 * radius - 6, kit.text_width(scene.name(seat), size, True))
    total = 2 * radius + 6 + label_width
    if anchor[0] == "m":
        x -= total / 2
    elif anchor[0] == "r":
        x -= total
    seat_badge(scene, (x + radius, y), seat, radius)
    write(
        scene.image,
        (x + 2 * radius + 6, y),
        scene.name(seat),
        size,
        kit.INK,
        bold=True,
        anchor="lm",
        max_width=max_width - 2 * radius - 6,
    )


def chip(
    scene: Scene, xy: tuple[float, float], text: str, size: int, fill: kit.RGB = HIGHLIGHT, anchor: str = "lm"
) -> int:
    """Text on a rounded coloured label; returns its width. ``anchor`` is ``lm`` or ``rm``."""
    pad = size // 2
    width = kit.text_width(text, size, True) + 2 * pad
    x, y = xy
    if anchor[0] == "r":
        x -= width
    h = size + pad
    scene.d.rounded_rectangle(
        (x, y - h / 2, x + width, y + h / 2), radius=h // 2, fill=fill, outline=kit.INK, width=2
    )
    write(scene.image, (x + pad, y), text, size, kit.contrast_ink(fill), bold=True, anchor="lm")
    return width


def fan(scene: Scene, x: int, y: int, max_width: int, cards: list[str], size: CardSize = MINI) -> int:
    """Cards left to right, overlapping when short of room; returns the width used.

    Small cards print suit and numeral in their left part, so even a tight fan stays readable; the
    step never goes below that readable part — past that the fan may run long, which layouts avoid
    by giving fans the room of the largest possible capture.
    """
    if not cards:
        return 0
    step = size.width + 6
    if len(cards) > 1 and size.width + step * (len(cards) - 1) > max_width:
        step = max(36, (max_width - size.width) // (len(cards) - 1))
    for i, card in enumerate(cards):
        paste_face(scene.image, (x + i * step, y), card, size, scene.suit_name(card))
    return size.width + step * (len(cards) - 1)


def counted_back(
    scene: Scene, x: int, y: int, count: int, width: int = 40, height: int = 58, size: int = 30
) -> int:
    """A face-down card with ``×n`` beside it (hand, face-down captures, automa deck); returns width."""
    paste_back(scene.image, (x, y), width, height)
    text = f"×{count}"
    write(scene.image, (x + width + 6, y + height / 2), text, size, kit.INK, bold=True, anchor="lm")
    return width + 6 + kit.text_width(text, size, True)


@lru_cache(maxsize=512)
def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text`` shortened with an ellipsis to ``max_width`` (for a name inside a longer sentence)."""
    if kit.text_width(text, size, bold) <= max_width:
        return text
    while text and kit.text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=2048)
def _text_mask(
    text: str, size: int, bold: bool, middle: bool, max_width: int | None
) -> tuple[Image.Image, int, int]:
    """``text`` drawn once as an alpha mask: (mask, drawn width, y of the anchor line in it).

    The glyphs are drawn by ``kit.draw_text`` (CJK fallback, ellipsis); pasting a colour through
    the mask anti-aliases correctly over any background. Labels repeat from picture to picture
    (names, words, small numbers), so caching them removes most of the FreeType work from a render.
    Masks are one byte per pixel, so even a full cache stays around ten megabytes.
    """
    pad = 5
    width = min(kit.text_width(text, size, bold), max_width or 1 << 30) + 2 * pad
    height = int(size * 1.7)
    anchor_y = height // 2 if middle else int(size * 0.25)
    mask = Image.new("L", (width, height), 0)
    d = ImageDraw.Draw(mask)
    # The CJK font has no bold face; a second pass one pixel to the right keeps bold names bold.
    passes = (0, 1) if bold and any(ord(ch) >= 0x2E80 for ch in text) else (0,)
    drawn = 0
    for dx in passes:
        drawn = kit.draw_text(
            d,
            (pad + dx, anchor_y),
            text,
            size,
            255,  # type: ignore[arg-type]
            bold=bold,
            anchor="lm" if middle else "la",
            max_width=max_width,
        )
    return mask, drawn, anchor_y


def write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: kit.RGB = kit.INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
) -> int:
    """Like ``kit.draw_text`` (same anchors and ellipsis), but pasted from a cached mask."""
    if not text:
        return 0
    middle = len(anchor) > 1 and anchor[1] == "m"
    mask, width, anchor_y = _text_mask(
        text, size, bold, middle, int(max_width) if max_width is not None else None
    )
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    left, top = round(x) - 5, round(y) - anchor_y
    kit.paste_ink(image, fill, (left, top), mask)
    return width
