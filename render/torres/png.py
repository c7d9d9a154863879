"""Torres' fixed PNG palette, declared for the kit's :class:`render.kit.Palette`.

The image is drawn from a few flat colours: those, plus blend steps between each text ink and
each surface (anti-aliased edges live there). The kit builds the palette and encodes.
"""

from __future__ import annotations

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

PALETTE = kit.Palette(
    colours=(*INKS, *SURFACES, kit.GREY, FRAME, START_FRAME, kit.VERMILION),
    ramps=(kit.Ramps(INKS, SURFACES, STEPS), kit.Ramps((kit.VERMILION,), (kit.WHITE,), STEPS)),
).with_band(tuple(COLOUR_RGB.values()))
