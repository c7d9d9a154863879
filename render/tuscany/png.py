"""Fast PNG encoding through a fixed palette (see ``kit.fixed_palette`` for why).

The picture is flat colours: tile colours full and tinted, panel fills, seat colours, and text
and outline inks whose anti-aliased edges lie on the ramps between each ink and each surface.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import kit
from render.tuscany.style import ACTIVE_FILL, COLOUR_RGB, COLOURS, FRAME, PANEL_FILL, tint

INKS: tuple[kit.RGB, ...] = (kit.INK, kit.WHITE, kit.DARK)
STEPS = (0.2, 0.4, 0.6, 0.8)


def _surfaces() -> tuple[kit.RGB, ...]:
    return (
        kit.PAPER,
        PANEL_FILL,
        ACTIVE_FILL,
        kit.WHITE,
        kit.LIGHT,
        kit.SKY,
        kit.GREEN,
        kit.VERMILION,
        *kit.SEAT_COLOURS,
        *COLOUR_RGB.values(),
        *(tint(c) for c in COLOURS),
    )


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    surfaces = _surfaces()
    pairs = [(ink, surface) for ink in INKS for surface in surfaces if ink != surface]
    pairs += [(kit.GREY, surface) for surface in surfaces]
    pairs += [(FRAME, kit.PAPER), (FRAME, PANEL_FILL), (FRAME, ACTIVE_FILL)]
    return kit.fixed_palette((*INKS, *surfaces, kit.GREY, FRAME), [(a, b, STEPS) for a, b in pairs])


def encode(image: Image.Image) -> bytes:
    return kit.png_indexed(image, palette_image())
