"""Fast PNG encoding for Torres images through a fixed palette.

A true-colour PNG of this size costs ~35 ms to encode, most of the render budget. The image is
drawn from a few flat colours, so it is mapped onto a fixed palette built from those colours
plus blend steps between each text ink and each surface (anti-aliased edges live there). The
mapping is a lookup of a few ms and the palette PNG is about half the size.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from render import kit
from render.torres_style import (
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


def _mix(a: kit.RGB, b: kit.RGB, t: float) -> kit.RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    colours: list[kit.RGB] = [*INKS, *SURFACES, kit.GREY, FRAME, START_FRAME, kit.VERMILION]
    pairs = [(ink, surface) for ink in INKS for surface in SURFACES if ink != surface]
    pairs.append((kit.VERMILION, kit.WHITE))
    for ink, surface in pairs:
        colours.extend(_mix(ink, surface, t) for t in STEPS)
    unique = list(dict.fromkeys(colours))[:256]
    unique += [unique[-1]] * (256 - len(unique))
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in unique for channel in colour])
    return image


def encode(image: Image.Image) -> bytes:
    paletted = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=3)
    return out.getvalue()
