"""The ``boards=choose`` previews: every estate board of the edition, numbered as the choices
("board 1" … "board 9"), the ones already taken marked, while a seat chooses its board.

Why: the choice was offered as bare numbers; a board's value is its layout (where the castles,
rivers and cities lie), which only a picture shows.
"""

from __future__ import annotations

from typing import Any

from render import kit
from render.burgundy.boards import board_spaces, choices
from render.burgundy.ctx import Ctx, box, label, num
from render.burgundy.sprites import estate_extent, estate_layer
from render.burgundy.style import PANEL

MINI_HEX = 34
COLUMNS = 5
TITLE_H = 48
CELL_PAD = 6
NUMBER_W = 40
"""Room left of each board for its number."""
NUMBER = 44
"""The board's number: the largest text here, what the choice names."""


def choosing(view: dict[str, Any]) -> bool:
    """True while a seat is choosing its estate board (the previews are drawn)."""
    prompt = view.get("prompt")
    return isinstance(prompt, dict) and prompt.get("kind") == "board" and not view.get("ended")


def _cell() -> tuple[int, int]:
    w, h, _, _ = estate_extent(board_spaces("1"), MINI_HEX)
    return NUMBER_W + w + 2 * CELL_PAD, h + 2 * CELL_PAD


def previews_height(view: dict[str, Any]) -> int:
    """Height of the previews panel (0 when no seat is choosing a board)."""
    if not choosing(view):
        return 0
    rows = (len(choices(view)) + COLUMNS - 1) // COLUMNS
    return TITLE_H + rows * _cell()[1] + CELL_PAD


def previews(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    """The boards in a grid, each with its number; taken ones crossed out and labelled."""
    box(ctx, x, y, w, h, PANEL, kit.INK, 2, 12)
    label(ctx, (x + 16, y + 12), ctx.w("choose_title"), 24, kit.INK)
    cw, ch = _cell()
    left = x + (w - COLUMNS * cw) // 2
    for k, (number, board_id, free) in enumerate(choices(ctx.view)):
        cx, cy = left + (k % COLUMNS) * cw, y + TITLE_H + (k // COLUMNS) * ch
        layer = estate_layer(board_spaces(board_id), (), MINI_HEX, PANEL)
        kit.paste_layer(ctx.img, layer, (cx + NUMBER_W + CELL_PAD, cy + CELL_PAD))
        num(ctx.img, (cx + NUMBER_W // 2 + 4, cy + ch // 2), str(number), NUMBER, kit.INK, "mm")
        if not free:
            mid_x, mid_y = cx + cw // 2, cy + ch // 2
            ctx.d.line((cx + NUMBER_W, cy + 20, cx + cw - 20, cy + ch - 20), fill=kit.INK, width=5)
            ctx.d.rounded_rectangle(
                (mid_x - 80, mid_y - 22, mid_x + 80, mid_y + 22),
                radius=8,
                fill=kit.WHITE,
                outline=kit.INK,
                width=2,
            )
            label(ctx, (mid_x, mid_y), ctx.w("taken"), 22, kit.INK, anchor="mm", max_width=150)
