"""Fast PNG encoding for FIXER images through a fixed 256-colour palette.

Encoding a ~1440×1400 RGB PNG costs 30–60 ms on the target machine (Pillow filters every row of
a true-colour image), which alone would break the 40 ms budget. The picture is drawn from a
small set of flat colours, so we map it onto a fixed palette instead: every colour the renderer
uses, plus blend steps between each ink and each surface it is drawn on (that is where
anti-aliased text and shape edges live). Mapping onto a fixed palette is a table lookup (a few ms),
and a palette PNG is a third of the data, so the whole encode takes ~10 ms for < 100 KB.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from PIL import Image

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

STATUS_FILL: kit.RGB = (232, 226, 212)

INKS: tuple[kit.RGB, ...] = (kit.INK, kit.WHITE, kit.DARK, kit.GREY, kit.BLACK)
SURFACES: tuple[kit.RGB, ...] = (
    kit.PAPER,
    PANEL_FILL,
    REGION_FILL,
    REGION_CLOSED_FILL,
    STATUS_FILL,
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
those only). Each gets three blend steps towards the inks that are drawn on it."""


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette of every FIXER picture: inks and surfaces, then the edges between them."""
    light = SURFACES[:7]
    ramps: list[kit.Ramp] = [
        (surface, ink, (0.25, 0.5, 0.75))
        for ink, surfaces in ((kit.INK, SURFACES), (kit.WHITE, SURFACES), (kit.DARK, light), (kit.GREY, light))
        for surface in surfaces
    ]
    # Edges between two surfaces (a card on a region, a marker on a panel): one midpoint each.
    ramps += [(a, b, (0.5,)) for a, b in combinations(SURFACES, 2)]
    return kit.fixed_palette((*INKS, *SURFACES), ramps)


def encode(image: Image.Image) -> bytes:
    return kit.png_indexed(image, palette())
