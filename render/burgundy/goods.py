"""Goods crates laid out in rows: a depot's goods space, a player's goods and sold pile.

Counts can grow (goods pile up on a depot nobody ships from; solo players hold every kind), so the
crates wrap onto further rows and shrink rather than run out of their panel.
"""

from __future__ import annotations

from typing import Any

from render import kit
from render.burgundy.ctx import Ctx, num
from render.burgundy.sprites import crate, paste_centre


def goods_groups_of(counts: list[Any]) -> list[tuple[int, int]]:
    """(kind, count) for every kind held, from a 6-entry count list."""
    return [(k + 1, n) for k, n in enumerate(counts[:6]) if isinstance(n, int) and n > 0]


def _group_width(count: int, size: int, show_one: bool) -> int:
    """Width of one crate with its "×n" count (the count left out for 1 unless ``show_one``)."""
    text = f"×{count}" if show_one or count > 1 else ""
    return size + 3 + (kit.text_width(text, _count_font(size), True) if text else 0) + max(6, size // 4)


def _count_font(size: int) -> int:
    """Counts are what players read: never under 20 px, whatever the crate size."""
    return max(20, int(size * 0.6))


def goods_flow_fits(groups: list[tuple[int, int]], w: int, size: int, show_one: bool = False) -> bool:
    """Whether ``groups`` fit on one row of width ``w``."""
    return sum(_group_width(count, size, show_one) for _kind, count in groups) <= w


READABLE_CRATE = 28
"""The smallest crate whose number stands at 18 px."""


def _layout(
    groups: list[tuple[int, int]], w: int, size: int, rows: int, show_one: bool, min_size: int
) -> tuple[int, int]:
    """Crate size and number of rows ``goods_flow`` uses for ``groups`` in width ``w``: shrink the
    crates (not below ``min_size``) until they fit in ``rows`` rows, else take more rows."""
    s = size
    while True:
        lines, line_w = 1, 0
        for _kind, count in groups:
            gw = _group_width(count, s, show_one)
            if line_w and line_w + gw > w:
                lines, line_w = lines + 1, 0
            line_w += gw
        if lines <= rows or s <= 18 or int(s * 0.85) < min_size:
            return s, lines
        s = int(s * 0.85)


def goods_flow_height(
    groups: list[tuple[int, int]],
    w: int,
    size: int,
    rows: int = 3,
    show_one: bool = True,
    min_size: int = 18,
) -> int:
    """The height ``goods_flow`` will use, without drawing."""
    s, lines = _layout(groups, w, size, rows, show_one, min_size)
    return (lines - 1) * (s + 6) + s


def goods_flow(
    ctx: Ctx,
    groups: list[tuple[int, int]],
    x: int,
    y: int,
    w: int,
    size: int,
    faded: bool = False,
    rows: int = 3,
    show_one: bool = True,
    min_size: int = 18,
) -> int:
    """Crates with "×n" counts, left to right from (x, y = first row's middle), wrapping onto
    ``rows`` rows, shrinking the crates (not below ``min_size``) if even that does not fit, else
    taking more rows. Returns the height used (``goods_flow_height`` tells it beforehand)."""
    s, _lines = _layout(groups, w, size, rows, show_one, min_size)
    cx, cy, line_w = x, y, 0
    for kind, count in groups:
        gw = _group_width(count, s, show_one)
        if line_w and line_w + gw > w:
            cx, cy, line_w = x, cy + s + 6, 0
        paste_centre(ctx.img, crate(kind, s, faded), cx + s / 2, cy)
        if show_one or count > 1:
            num(ctx.img, (cx + s + 3, cy + 1), f"×{count}", _count_font(s), kit.DARK, "lm")
        cx += gw
        line_w += gw
    return cy - y + s
