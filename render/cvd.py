"""Colour-vision checks for the boards: Machado 2009 simulation of deuteranopia and protanopia
and the CIEDE2000 colour difference, small and self-contained.

Why here: the boards' rule is that every pair of colours that carries meaning (players, suits,
terrains) stays ΔE ≥ 20 apart under both simulations, or always carries a letter or number. Each
game declares those colours in its style module::

    MEANINGFUL: dict[str, list[RGB]] = {"players": [...], "suits": [...]}
    LABELLED: dict[str, str] = {"players": "every seat token carries the seat's letter"}

``LABELLED`` exempts a whole group (the reason is printed in the phone report); pairs inside a
group are compared, never across groups. ``bench/phone.py`` reports the worst pairs, and a test
holds every game that declares its palettes to the rule.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from itertools import combinations

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]

THRESHOLD = 20.0
"""The least CIEDE2000 difference between meaningful colours under both simulations."""

# Machado, Oliveira & Fernandes (2009), severity 1.0; applied to linear RGB.
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
SIMULATIONS = tuple(MACHADO)


def to_linear(channel: int) -> float:
    """An sRGB channel (0–255) as linear light (0–1)."""
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(value: float) -> int:
    """Linear light (clipped to 0–1) as an sRGB channel."""
    v = min(1.0, max(0.0, value))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(255 * c)


def simulate(colour: RGB, deficiency: str) -> RGB:
    """``colour`` as a person with ``deficiency`` (``deuteranopia``/``protanopia``) sees it."""
    linear = [to_linear(c) for c in colour]
    rows = MACHADO[deficiency]
    r, g, b = (to_srgb(sum(m * v for m, v in zip(row, linear, strict=True))) for row in rows)
    return (r, g, b)


def lab(colour: RGB) -> Lab:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 difference of two L*a*b* colours (kL = kC = kH = 1), per Sharma et al. 2005."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    d_hue = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_hue / s_h) ** 2 + r_t * (dc / s_c) * (d_hue / s_h)
    )


def delta_e(first: RGB, second: RGB, deficiency: str | None = None) -> float:
    """CIEDE2000 between two sRGB colours, as seen with ``deficiency`` (``None``: normal vision)."""
    if deficiency is not None:
        first, second = simulate(first, deficiency), simulate(second, deficiency)
    return ciede2000(lab(first), lab(second))


def worst_pairs(colours: Iterable[RGB], deficiency: str) -> tuple[float, RGB, RGB] | None:
    """The closest pair of distinct ``colours`` under ``deficiency``: (ΔE, colour, colour)."""
    unique = list(dict.fromkeys(tuple(c) for c in colours))
    pairs = [(delta_e(a, b, deficiency), a, b) for a, b in combinations(unique, 2)]  # type: ignore[arg-type]
    return min(pairs) if pairs else None


def failures(
    meaningful: Mapping[str, Iterable[RGB]], labelled: Mapping[str, str] | None = None
) -> list[tuple[str, str, float, RGB, RGB]]:
    """Every (group, deficiency, ΔE, colour, colour) below :data:`THRESHOLD` in a group that is
    not declared ``labelled``: what a board must fix."""
    out = []
    for group, colours in meaningful.items():
        if labelled and group in labelled:
            continue
        unique = list(dict.fromkeys(tuple(c) for c in colours))
        for deficiency in SIMULATIONS:
            for a, b in combinations(unique, 2):
                d = delta_e(a, b, deficiency)  # type: ignore[arg-type]
                if d < THRESHOLD:
                    out.append((group, deficiency, d, a, b))  # type: ignore[arg-type]
    return out
