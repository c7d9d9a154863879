"""Tuscany's fixed PNG palette, declared for the kit's :class:`render.kit.Palette`.

The picture is flat colours: tile colours full and tinted, panel fills, seat colours, and text
and outline inks whose anti-aliased edges lie on the ramps between each ink and each surface.
The kit builds the palette and encodes.
"""

from __future__ import annotations

from render import kit
from render.tuscany.style import ACTIVE_FILL, COLOUR_RGB, COLOURS, FRAME, PANEL_FILL, tint

INKS: tuple[kit.RGB, ...] = (kit.INK, kit.WHITE, kit.DARK)
STEPS = (0.2, 0.4, 0.6, 0.8)
SURFACES: tuple[kit.RGB, ...] = (
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

PALETTE = kit.Palette(
    colours=(*INKS, *SURFACES, kit.GREY, FRAME),
    ramps=(
        kit.Ramps(INKS, SURFACES, STEPS),
        kit.Ramps((kit.GREY,), SURFACES, STEPS),
        kit.Ramps((FRAME,), (kit.PAPER, PANEL_FILL, ACTIVE_FILL), STEPS),
    ),
).with_band(kit.SEAT_COLOURS)
"""With the summary band's colours (its white, ink, bot badge and the seat colours)."""
