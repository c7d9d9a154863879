"""Fast PNG encoding for Torres images through a fixed palette.

A true-colour PNG of this size costs ~35 ms to encode, most of the render budget. The image is
drawn from a few flat colours, so it is mapped onto a fixed palette built from those colours
plus blend steps between each text ink and each surface (anti-aliased edges live there). The
mapping is a lookup of a few ms and the palette PNG is about half the size.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import kit
from render.torres.style import (
    ACTIVE_FILL,
    COLOUR_RGB,
    FRAME,
    KING_RGB,
    LEVEL_FILLS,
    START_FRAME,
)

INKS: tuple[kit.RGB, ...] = (kit.INK, kit.WHITE, kit.DARK)
SURFACES: tuple[kit.RGB, ...] = (
    kit.PAPER,
    kit.LIGHT,
    kit.WHITE,
    ACTIVE_FILL,
    KING_RGB,
    *LEVEL_FILLS,
    *COLOUR_RGB.values(),
)
STEPS = (0.2, 0.4, 0.6, 0.8)


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    pairs = [(ink, surface) for ink in INKS for surface in SURFACES if ink != surface]
    pairs.append((kit.VERMILION, kit.WHITE))
    return kit.fixed_palette(
        (*INKS, *SURFACES, kit.GREY, FRAME, START_FRAME, kit.VERMILION),
        [(ink, surface, STEPS) for ink, surface in pairs],
    )


def encode(image: Image.Image) -> bytes:
    return kit.png_indexed(image, palette_image())
