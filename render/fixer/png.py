"""FIXER's fixed PNG palette, declared for the kit's :class:`render.kit.Palette`.

Every colour the renderer draws, then the anti-aliasing ramps between each ink and each surface
it is drawn on, then one midpoint between surfaces drawn on one another (a card on a region, a
marker on a panel). The kit turns this into the palette and does the encoding.
"""

from __future__ import annotations

from render import kit
from render.fixer.cards import (
    BACK,
    BACK_STRIPE,
    MARKER_RED,
    NEUTRAL_FILL,
    REGION_CLOSED_FILL,
    REGION_FILL,
    SUITS,
)
from render.fixer.panels import PANEL_FILL, YOU_FILL
from render.fixer.widgets import HIGHLIGHT

INKS: tuple[kit.RGB, ...] = (kit.INK, kit.WHITE, kit.DARK, kit.GREY, kit.BLACK)
SURFACES: tuple[kit.RGB, ...] = (
    kit.PAPER,
    PANEL_FILL,
    REGION_FILL,
    REGION_CLOSED_FILL,
    NEUTRAL_FILL,
    kit.LIGHT,
    HIGHLIGHT,
    YOU_FILL,
    MARKER_RED,
    BACK,
    BACK_STRIPE,
    kit.INK,
    *(s.colour for s in SUITS.values()),
)
"""Colours that text and lines are drawn on; the first seven are the light ones (grey text sits on
those only)."""

PALETTE = kit.Palette(
    colours=(*INKS, *SURFACES),
    ramps=(
        kit.Ramps((kit.INK, kit.WHITE), SURFACES),
        kit.Ramps((kit.DARK, kit.GREY), SURFACES[:7]),
    ),
    edges=SURFACES,
).with_band((kit.INK, kit.DARK))
