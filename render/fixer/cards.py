"""FIXER card faces, card backs and conflict markers, pre-drawn once and pasted.

Every card is identified three ways at once — suit colour, suit letter and a suit symbol — so that
nobody depends on colour (Okabe–Ito palette, colour-blind safe). Card images are cached by
(card, size): a table shows at most 36 distinct cards, so after the first few renders drawing a card
is a single ``paste``, which keeps whole-image rendering well inside the 40 ms budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit


@dataclass(frozen=True)
class Suit:
    """How a suit looks: fill colour, the ink printed on it, and its symbol."""

    letter: str
    colour: kit.RGB
    symbol: str


# Box colours are [UNCERTAIN] in the rules reference and purely cosmetic, so we pick four
# Okabe–Ito colours that stay apart under every common colour-vision deficiency. Red is kept for
# the critical ("red") markers only. Symbols: crown = Regime, dollar = Capital, pen = Media,
# face = People (all present in DejaVu Sans, so they never fall back to a missing glyph).
SUITS: dict[str, Suit] = {
    "R": Suit("R", kit.BLUE, "♛"),
    "C": Suit("C", kit.YELLOW, "$"),
    "M": Suit("M", kit.PURPLE, "✎"),
    "P": Suit("P", kit.GREEN, "☻"),
}
SUIT_ORDER = "RCMP"

BACK: kit.RGB = (58, 62, 80)
BACK_STRIPE: kit.RGB = (84, 90, 112)
MARKER_RED: kit.RGB = kit.VERMILION
MARKER_BLACK: kit.RGB = kit.BLACK
NEUTRAL_FILL: kit.RGB = (205, 200, 188)
REGION_FILL: kit.RGB = (236, 231, 218)
REGION_CLOSED_FILL: kit.RGB = (214, 211, 204)
CLEAR = (0, 0, 0, 0)


@dataclass(frozen=True)
class CardSize:
    """A card format: outer size, numeral and corner text sizes, and where the suit is printed."""

    width: int
    height: int
    numeral: int
    corner: int
    style: str
    """``corners``: letter and symbol in the top corners, suit name below; ``strip``: letter and
    symbol on top at the left, numeral left-aligned (fan-friendly); ``plain``: numeral only."""


BIG = CardSize(104, 150, 76, 26, "corners")  # the private hand (/hand image)
TABLE = CardSize(96, 136, 68, 24, "corners")  # a card lying on a region side
MINI = CardSize(58, 84, 42, 18, "strip")  # won cards, pending card, removed cards
TILE = CardSize(46, 62, 38, 0, "plain")  # a number in an automa suit pile (the pile shows the suit)
SUIT_NAME = 18
"""The localised suit word along the foot of table and hand cards."""


def parse(card: str) -> tuple[str, int]:
    """``"R7"`` → ``("R", 7)``; unknown suits fall back to a neutral look rather than crashing."""
    return card[:1].upper(), int(card[1:]) if card[1:].isdigit() else 0


def sort_key(card: str) -> tuple[int, int]:
    """Suit order R, C, M, P then number, the order players sort a FIXER hand in."""
    suit, number = parse(card)
    return (SUIT_ORDER.index(suit) if suit in SUIT_ORDER else 9, number)


def _suit(letter: str) -> Suit:
    return SUITS.get(letter, Suit(letter or "?", kit.GREY, "?"))


@lru_cache(maxsize=256)
def face(card: str, size: CardSize, suit_name: str = "") -> Image.Image:
    """The face of ``card`` at ``size``; ``suit_name`` is the localised suit word for big cards."""
    letter, number = parse(card)
    suit = _suit(letter)
    ink = kit.contrast_ink(suit.colour)
    image = Image.new("RGBA", (size.width, size.height), CLEAR)
    d = ImageDraw.Draw(image)
    w, h = size.width, size.height
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=max(6, w // 10), fill=suit.colour, outline=kit.INK, width=2
    )
    if size.style == "strip":
        # Small cards are fanned with overlap, so suit and numeral sit in the left 34 px that a
        # fan always leaves visible.
        kit.draw_text(d, (5, 3), suit.letter + suit.symbol, size.corner, ink, bold=True)
        kit.draw_text(d, (5, h * 0.62), str(number), size.numeral, ink, bold=True, anchor="lm")
    elif size.style == "corners":
        kit.draw_text(d, (8, 4), suit.letter, size.corner, ink, bold=True)
        kit.draw_text(d, (w - 8, 4), suit.symbol, size.corner, ink, bold=True, anchor="ra")
        kit.draw_text(d, (w / 2, h * 0.5), str(number), size.numeral, ink, bold=True, anchor="mm")
        if suit_name:
            kit.draw_text(
                d, (w / 2, h - 6 - SUIT_NAME), suit_name, SUIT_NAME, ink, anchor="ma", max_width=w - 8
            )
    else:
        kit.draw_text(d, (w / 2, h / 2), str(number), size.numeral, ink, bold=True, anchor="mm")
    return image


@lru_cache(maxsize=32)
def back(width: int, height: int) -> Image.Image:
    """A face-down card: dark with diagonal stripes, so it never reads as a suit colour."""
    image = Image.new("RGBA", (width, height), CLEAR)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=max(6, width // 10), fill=BACK, outline=kit.INK, width=2
    )
    for x in range(-height, width, 14):
        d.line((x + 4, height - 4, x + height - 4, 4), fill=BACK_STRIPE, width=4)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=max(6, width // 10), outline=kit.INK, width=2)
    return image


@lru_cache(maxsize=32)
def empty_slot(width: int, height: int) -> Image.Image:
    """An empty card place on a region side: a dashed-looking outline on the region colour."""
    image = Image.new("RGBA", (width, height), CLEAR)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((2, 2, width - 3, height - 3), radius=10, outline=kit.GREY, width=3)
    for y in range(10, height - 10, 18):
        d.line((2, y, 2, y + 8), fill=CLEAR, width=4)
        d.line((width - 3, y, width - 3, y + 8), fill=CLEAR, width=4)
    return image


def paste(image: Image.Image, xy: tuple[float, float], sprite: Image.Image) -> None:
    """Paste a cached RGBA sprite (rounded corners stay transparent over any background)."""
    kit.paste_sprite(image, (round(xy[0]), round(xy[1])), sprite)


def paste_face(
    image: Image.Image, xy: tuple[float, float], card: str, size: CardSize, suit_name: str = ""
) -> None:
    paste(image, xy, face(card, size, suit_name))


def paste_back(image: Image.Image, xy: tuple[float, float], width: int, height: int) -> None:
    paste(image, xy, back(width, height))


@lru_cache(maxsize=32)
def marker_sprite(colour: str, radius: int) -> Image.Image:
    """A conflict marker: ``"B"`` black side, ``"R"`` red side, anything else = neutral (unclaimed)."""
    size = 2 * radius + 4
    image = Image.new("RGBA", (size, size), CLEAR)
    d = ImageDraw.Draw(image)
    c = size / 2
    if colour == "B":
        kit.badge(d, (c, c), radius, MARKER_BLACK, "B", outline=kit.INK)
    elif colour == "R":
        kit.badge(d, (c, c), radius, MARKER_RED, "R", outline=kit.INK)
    else:
        d.ellipse(
            (c - radius, c - radius, c + radius, c + radius), fill=NEUTRAL_FILL, outline=kit.DARK, width=3
        )
    return image


def marker(image: Image.Image, centre: tuple[float, float], radius: int, colour: str) -> None:
    sprite = marker_sprite(colour, radius)
    paste(image, (centre[0] - sprite.width / 2, centre[1] - sprite.height / 2), sprite)
