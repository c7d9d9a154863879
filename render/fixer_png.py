"""Fast PNG encoding for FIXER images through a fixed 256-colour palette.

Encoding a ~1440×1400 RGB PNG costs 30–60 ms on the target machine (Pillow filters every row of
a true-colour image), which alone would break the 40 ms budget. The picture is drawn from a
small set of flat colours, so we map it onto a fixed palette instead: every colour the renderer
uses, plus blend steps between each ink and each surface it is drawn on (that is where
anti-aliased text and shape edges live). Mapping onto a fixed palette is a table lookup (a few ms),
and a palette PNG is a third of the data, so the whole encode takes ~10 ms for < 100 KB.
"""

from __future__ import annotations

import io
from functools import lru_cache
from itertools import combinations

from PIL import Image

from render import kit
from render.fixer_cards import (
    BACK,
    BACK_STRIPE,
    MARKER_RED,
    NEUTRAL_FILL,
    REGION_CLOSED_FILL,
    REGION_FILL,
    SUITS,
)
from render.fixer_panels import PANEL_FILL, YOU_FILL
from render.fixer_widgets import HIGHLIGHT

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


def _mix(a: kit.RGB, b: kit.RGB, t: float) -> kit.RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette image used for every FIXER picture (built once)."""
    colours: list[kit.RGB] = []

    def add(colour: kit.RGB) -> None:
        if colour not in colours and len(colours) < 256:
            colours.append(colour)

    for colour in (*INKS, *SURFACES):
        add(colour)
    light = SURFACES[:7]
    for ink, surfaces in ((kit.INK, SURFACES), (kit.WHITE, SURFACES), (kit.DARK, light), (kit.GREY, light)):
        for surface in surfaces:
            for t in (0.25, 0.5, 0.75):
                add(_mix(surface, ink, t))
    # Edges between two surfaces (a card on a region, a marker on a panel): one midpoint each.
    for a, b in combinations(SURFACES, 2):
        add(_mix(a, b, 0.5))
    flat = [channel for colour in colours for channel in colour]
    flat += flat[:3] * (256 - len(colours))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` mapped onto :func:`palette` (no dithering: flat colours stay flat)."""
    indexed = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=1)
    return out.getvalue()
