"""Cached pieces of the Torres image: the static background, square tiles and figure stamps.

Text is the costly part of drawing; the background (frame, coordinates), a tile per height
(shade plus its number) and a stamp per figure never change, so each is drawn once per process
and pasted afterwards.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.torres.png import PALETTE
from render.torres.style import (
    BOARD_X,
    BOARD_Y,
    CELL,
    COLOUR_LETTERS,
    COLOUR_RGB,
    FRAME,
    KING_RGB,
    WIDTH,
    square_fill,
)

FILES = "abcdefgh"
TOKEN = 64
"""Side of a figure stamp in pixels."""


@lru_cache(maxsize=16)
def background(height: int) -> Image.Image:
    image, d = kit.canvas(WIDTH, height)
    d.rectangle((BOARD_X - 6, BOARD_Y - 6, BOARD_X + 8 * CELL + 6, BOARD_Y + 8 * CELL + 6), fill=FRAME)
    for i in range(8):
        kit.draw_text(
            d, (BOARD_X + i * CELL + CELL / 2, BOARD_Y + 8 * CELL + 12), FILES[i], 26, kit.DARK, True, "ma"
        )
        kit.draw_text(
            d, (BOARD_X - 24, BOARD_Y + (7 - i) * CELL + CELL / 2), str(i + 1), 26, kit.DARK, True, "mm"
        )
    return PALETTE.convert(image)


@lru_cache(maxsize=32)
def tile(level: int) -> Image.Image:
    fill = square_fill(level)
    image = Image.new("RGB", (CELL + 1, CELL + 1), fill)
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, CELL, CELL), outline=kit.GREY, width=1)
    if level:
        kit.draw_text(d, (8, 4), str(level), 34, kit.contrast_ink(fill), bold=True)
    return image


@lru_cache(maxsize=8)
def knight_stamp(colour: str) -> Image.Image:
    image = Image.new("RGBA", (TOKEN, TOKEN), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    c = TOKEN / 2
    d.ellipse((c - 30, c - 30, c + 30, c + 30), fill=kit.INK)
    kit.badge(d, (c, c), 27, COLOUR_RGB[colour], COLOUR_LETTERS[colour], outline=kit.WHITE)
    return image


@lru_cache(maxsize=1)
def king_stamp() -> Image.Image:
    image = Image.new("RGBA", (TOKEN, TOKEN), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    c = TOKEN / 2
    d.ellipse((c - 30, c - 30, c + 30, c + 30), fill=KING_RGB, outline=kit.INK, width=3)
    kit.draw_text(d, (c, c), "♚", 40, kit.INK, anchor="mm")
    return image


def paste_stamp(image: Image.Image, stamp: Image.Image, centre: tuple[float, float]) -> None:
    x = int(centre[0] - TOKEN / 2)
    y = int(centre[1] - TOKEN / 2)
    kit.paste_sprite(image, (x, y), stamp)
