"""The central game board: depots in their ring, black depot, round goods, track, bonus tiles, players.

Everything no move changes (boxes, die faces, labels, track spaces) is drawn once per language
into a cached frame; each image pastes the frame and draws only the tiles, goods and markers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import kit
from render.burgundy.ctx import (
    MARGIN,
    PHASES,
    WIDTH,
    Ctx,
    as_int,
    box,
    final_totals,
    goods_groups,
    label,
    num,
)
from render.burgundy.goods import goods_flow, goods_flow_fits
from render.burgundy.sprites import (
    bonus_tile,
    crate,
    die,
    empty_slot,
    hex_box,
    hidden_crate,
    paste_centre,
    seat_marker,
    storage_slot,
)
from render.burgundy.style import (
    BLACK_DEPOT_BG,
    BOARD_BG,
    COLOUR_ORDER,
    DEPOT_BG,
    FADED,
    PANEL,
    blend,
    seat_colour,
    seat_tint,
)

BOARD_H = 500
DEPOT_W, DEPOT_H = 264, 150
SLOT_W = 58
RING_CX = 424
RIGHT_X = 2 * RING_CX + MARGIN
RIGHT_W = WIDTH - RIGHT_X - MARGIN
ROUND_BOX = (RIGHT_X, 0, RIGHT_W, 108)
TRACK_BOX = (RIGHT_X, 118, 320, 176)
BONUS_BOX = (RIGHT_X + 330, 118, RIGHT_W - 330, 176)
PLAYERS_BOX = (RIGHT_X, 304, RIGHT_W, BOARD_H - 304)
SOLO_BOX = (RIGHT_X, 118, RIGHT_W, BOARD_H - 118)
DEPOT_ROWS = (12, 12 + 163, 12 + 326)
DEPOT_AT: dict[int, tuple[int, int]] = {
    1: (RING_CX - 138, DEPOT_ROWS[0]),
    2: (RING_CX + 138, DEPOT_ROWS[0]),
    6: (RING_CX - 276, DEPOT_ROWS[1]),
    3: (RING_CX + 276, DEPOT_ROWS[1]),
    5: (RING_CX - 138, DEPOT_ROWS[2]),
    4: (RING_CX + 138, DEPOT_ROWS[2]),
}
"""Depot centres (x) and tops (y): a ring numbered clockwise around the black depot."""
TRACK_COLS = 7
TITLE = 18
"""Size of the boxes' titles ("Round goods", "Track", ...): the smallest text on the board."""
COUNT = 20
"""Size of the numbers players read at a glance (round spaces, stack counts, track positions)."""


@lru_cache(maxsize=16)
def _board_frame(locale: str, solo: bool) -> Image.Image:
    """Everything on the central board that no move changes: boxes, die faces, labels, track spaces."""
    img, d = kit.canvas(WIDTH, BOARD_H, kit.PAPER)
    ctx = Ctx(img, d, {}, [], locale)
    box(ctx, MARGIN, 0, 2 * RING_CX - MARGIN, BOARD_H, BOARD_BG, kit.GREY, 1, 16)
    # the ring of neighbouring depots (knowledge tile K05 takes goods from two neighbours)
    ring = [DEPOT_AT[n] for n in (1, 2, 3, 4, 5, 6, 1)]
    d.line([(cx, top + DEPOT_H / 2) for cx, top in ring], fill=blend(BOARD_BG, kit.INK, 0.3), width=6)
    for n, (cx, top) in DEPOT_AT.items():
        x = cx - DEPOT_W // 2
        box(ctx, x, top, DEPOT_W, DEPOT_H, DEPOT_BG, kit.INK, 2, 12)
        paste_centre(img, die(n, 50, kit.INK), x + 34, top + 34)
    bx = RING_CX - DEPOT_W // 2
    box(ctx, bx, DEPOT_ROWS[1], DEPOT_W, DEPOT_H, BLACK_DEPOT_BG, kit.INK, 2, 12)
    label(ctx, (RING_CX, DEPOT_ROWS[1] + 5), ctx.w("black"), TITLE, kit.WHITE, anchor="ma")
    # round goods and stacks
    x, y, w, h = ROUND_BOX
    box(ctx, x, y, w, h, DEPOT_BG, kit.GREY, 1, 12)
    label(ctx, (x + 14, y + 6), ctx.w("round_goods"), TITLE)
    label(ctx, (x + 14 + 5 * 62 + 14, y + 6), ctx.w("stacks"), TITLE)
    for k in range(5):
        rx, ry = x + 14 + k * 62, y + 34
        d.rounded_rectangle((rx, ry, rx + 56, ry + 66), radius=8, fill=PANEL, outline=kit.GREY, width=1)
        num(img, (rx + 28, ry + 12), str(k + 1), COUNT, kit.DARK, "mm")
    if solo:
        x, y, w, h = SOLO_BOX
        box(ctx, x, y, w, h, DEPOT_BG, kit.GREY, 1, 12)
        label(ctx, (x + 14, y + 8), ctx.w("solo_track"), TITLE)
        return img
    # turn-order track
    x, y, w, h = TRACK_BOX
    box(ctx, x, y, w, h, DEPOT_BG, kit.GREY, 1, 12)
    label(ctx, (x + 14, y + 8), ctx.w("track"), TITLE)
    cw = (w - 20) // TRACK_COLS
    base = y + h - 26
    for pos in range(TRACK_COLS):
        cx = x + 10 + pos * cw + cw / 2
        d.rounded_rectangle(
            (cx - cw / 2 + 3, y + 32, cx + cw / 2 - 3, base + 20), radius=6, fill=PANEL, outline=FADED
        )
        num(img, (cx, base + 8), str(pos), COUNT, kit.DARK, "mm")
    # bonus tiles and players
    x, y, w, h = BONUS_BOX
    box(ctx, x, y, w, h, DEPOT_BG, kit.GREY, 1, 12)
    label(ctx, (x + 14, y + 8), ctx.w("bonus"), TITLE)
    x, y, w, h = PLAYERS_BOX
    box(ctx, x, y, w, h, DEPOT_BG, kit.GREY, 1, 12)
    label(ctx, (x + 14, y + 8), ctx.w("order") + " · " + ctx.w("scores"), TITLE)
    return img


def board(ctx: Ctx, y: int, white: bool = False) -> None:
    """The central board with its top at ``y``; ``white``: with the round's white die (an image
    without the header, where the die used to be)."""
    solo = bool(ctx.view.get("solo"))
    kit.paste_layer(ctx.img, _board_frame(ctx.locale, solo), (0, y))
    depots = {
        as_int(dp.get("n"), k + 1): dp
        for k, dp in enumerate(ctx.view.get("depots") or [])
        if isinstance(dp, dict)
    }
    for n, (cx, top) in DEPOT_AT.items():
        _depot(ctx, depots.get(n, {}), cx - DEPOT_W // 2, y + top)
    _black_depot(ctx, RING_CX - DEPOT_W // 2, y + DEPOT_ROWS[1])
    _round_goods(ctx, ROUND_BOX[0], y + ROUND_BOX[1])
    if solo:
        _solo_track(ctx, SOLO_BOX[0], y + SOLO_BOX[1], SOLO_BOX[2], SOLO_BOX[3])
        return
    _track(ctx, TRACK_BOX[0], y + TRACK_BOX[1], TRACK_BOX[2], TRACK_BOX[3])
    _bonus(ctx, BONUS_BOX[0], y + BONUS_BOX[1], BONUS_BOX[2])
    _players_table(ctx, PLAYERS_BOX[0], y + PLAYERS_BOX[1], PLAYERS_BOX[2], PLAYERS_BOX[3])
    if white:
        _white_die(ctx, PLAYERS_BOX[0] + PLAYERS_BOX[2] - 24, y + PLAYERS_BOX[1] + 17)


def _white_die(ctx: Ctx, cx: int, cy: int) -> None:
    """The white die (blank until rolled) and its name, right-aligned in the players box's title row."""
    value = ctx.view.get("white_die")
    rolled = isinstance(value, int) and 1 <= value <= 6
    paste_centre(ctx.img, die(value if rolled else 0, 28, kit.GREY, faded=not rolled), cx, cy)
    label(ctx, (cx - 22, cy), ctx.w("white"), TITLE, kit.DARK, bold=False, anchor="rm")


def _depot(ctx: Ctx, depot: dict[str, Any], x: int, y: int) -> None:
    """Goods waiting on the depot (grouped by kind) and its hex slots (only those in use)."""
    groups = goods_groups(k for k in depot.get("goods") or [] if isinstance(k, int))
    room = DEPOT_W - 78
    for size, rows, mid in ((38, 1, 34), (30, 1, 34), (28, 2, 20)):
        if rows > 1 or goods_flow_fits(groups, room, size):
            goods_flow(ctx, groups, x + 70, y + mid, room, size, rows=rows, show_one=False)
            break
    slots = [s for s in depot.get("slots") or [] if isinstance(s, dict)]
    sw, sh, _ = hex_box(SLOT_W)
    span = len(slots) * sw + (len(slots) - 1) * 4
    sx = x + (DEPOT_W - span) / 2 + sw / 2
    for k, slot in enumerate(slots):
        code = slot.get("tile")
        sprite = ctx.tile(str(code), SLOT_W) if code else empty_slot(str(slot.get("colour") or "?"), SLOT_W)
        paste_centre(ctx.img, sprite, sx + k * (sw + 4), y + DEPOT_H - 8 - sh / 2)


def _black_depot(ctx: Ctx, x: int, y: int) -> None:
    """Black depot tiles in two staggered rows (4, 6 or 8 slots; empty slots stay visible)."""
    slots = list(ctx.view.get("black_depot") or [])
    if not slots:
        return
    per_row = (len(slots) + 1) // 2 if len(slots) > 4 else len(slots)
    width = 56 if per_row <= 4 else 46
    sw, sh, radius = hex_box(width)
    rows = [slots[:per_row], slots[per_row:]] if len(slots) > per_row else [slots]
    row_step = radius * 1.5 + 2
    total_h = sh + row_step * (len(rows) - 1)
    top = y + 28 + (DEPOT_H - 34 - total_h) / 2 + sh / 2
    for r, row in enumerate(rows):
        offset = (sw + 2) / 2 if r == 1 else 0
        span = len(row) * (sw + 2) - 2 + ((sw + 2) / 2 if len(rows) > 1 else 0)
        sx = x + (DEPOT_W - span) / 2 + sw / 2 + offset
        for k, code in enumerate(row):
            sprite = ctx.tile(str(code), width) if code else storage_slot(width)
            paste_centre(ctx.img, sprite, sx + k * (sw + 2), top + r * row_step)


def _round_goods(ctx: Ctx, x: int, y: int) -> None:
    """This phase's five round spaces (the current one framed) and the face-down future stacks."""
    goods = list(ctx.view.get("round_goods") or [])
    rnd = as_int(ctx.view.get("round"))
    for k in range(5):
        bx, by = x + 14 + k * 62, y + 34
        if rnd == k + 1 and ctx.view.get("status") != "over":
            ctx.d.rounded_rectangle(
                (bx, by, bx + 56, by + 66), radius=8, fill=kit.WHITE, outline=kit.INK, width=3
            )
            num(ctx.img, (bx + 28, by + 12), str(k + 1), COUNT, kit.DARK, "mm")
        kind = goods[k] if k < len(goods) else None
        if isinstance(kind, int):
            paste_centre(ctx.img, crate(kind, 36), bx + 28, by + 45)
    stacks = ctx.view.get("goods_stacks") or {}
    sx = x + 14 + 5 * 62 + 14
    # Five stacks (a game before phase A) fit inside the box with their "E×5" under them.
    step = min(64, (x + ROUND_BOX[2] - 12 - sx - 44) // 4)
    for k, letter in enumerate(p for p in PHASES if p in stacks):
        bx = sx + k * step
        paste_centre(ctx.img, hidden_crate(34), bx + 20, y + 56)
        num(ctx.img, (bx + 20, y + 90), f"{letter}×{as_int(stacks.get(letter))}", COUNT, kit.DARK, "mm")


def _track(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    """Markers on track positions 0-6, each stack drawn bottom → top (top acts first)."""
    track = list(ctx.view.get("track") or [])
    cw = (w - 20) // TRACK_COLS
    base = y + h - 26
    for pos, stack in enumerate(track[:TRACK_COLS]):
        cx = x + 10 + pos * cw + cw / 2
        for k, seat in enumerate(stack if isinstance(stack, list) else []):
            if isinstance(seat, int):
                paste_centre(ctx.img, seat_marker(seat, 32), cx, base - 21 - k * 28)


BONUS_COL = 49


def _bonus(ctx: Ctx, x: int, y: int, w: int) -> None:
    """One column per estate colour: the large tile above the small one; taken ones show a dash."""
    tiles = ctx.view.get("bonus_tiles") or {}
    x0 = x + (w - BONUS_COL * 6) // 2
    for k, colour in enumerate(COLOUR_ORDER):
        entry = tiles.get(colour) or {}
        large, small = entry.get("large"), entry.get("small")
        cx = x0 + k * BONUS_COL + BONUS_COL / 2
        paste_centre(
            ctx.img, bonus_tile(colour, large if isinstance(large, int) else None, 48, True), cx, y + 64
        )
        paste_centre(
            ctx.img, bonus_tile(colour, small if isinstance(small, int) else None, 44, False), cx, y + 130
        )


def _players_table(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    """This round's turn order with scores; the acting seat highlighted, finished seats faded."""
    view = ctx.view
    estates = {e.get("seat"): e for e in view.get("estates") or [] if isinstance(e, dict)}
    totals = final_totals(view)
    final = view.get("final") if isinstance(view.get("final"), dict) else {}
    first = final.get("ranking") if totals else view.get("turn_order")
    order = [s for s in first or [] if isinstance(s, int) and 0 <= s < len(ctx.names)]
    order += [s for s in range(len(ctx.names)) if s not in order]
    scores = [totals.get(s, 0) for s in range(len(ctx.names))] if totals else list(view.get("scores") or [])
    acting = {s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0}
    row_h = min(40, (h - 34) // max(1, len(order)))
    for k, seat in enumerate(order):
        ry = y + 34 + k * row_h + row_h // 2
        estate = estates.get(seat, {})
        played = bool(estate.get("played")) and not totals
        if seat in acting:
            ctx.d.rounded_rectangle(
                (x + 6, ry - row_h // 2 + 1, x + w - 6, ry + row_h // 2 - 1),
                radius=6,
                fill=seat_tint(seat),
                outline=seat_colour(seat),
                width=2,
            )
        num(ctx.img, (x + 22, ry), f"{k + 1}.", 20, kit.DARK, "mm")
        paste_centre(ctx.img, seat_marker(seat, 30, faded=played), x + 56, ry)
        label(
            ctx, (x + 80, ry), ctx.names[seat], 20, FADED if played else kit.INK, anchor="lm", max_width=300
        )
        score = (
            scores[seat] if seat < len(scores) and isinstance(scores[seat], int) else as_int(estate.get("vp"))
        )
        num(ctx.img, (x + w - 16, ry), f"{score}", 26, kit.INK, "rm")
        tag = "▶ " + ctx.w("to_act") if seat in acting else (("✓ " + ctx.w("done")) if played else "")
        if tag:
            label(ctx, (x + w - 90, ry), tag, TITLE, kit.DARK, bold=False, anchor="rm")


def _solo_track(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    """Solo: the VP counter against the target marker, and how much of the estate is filled."""
    solo = ctx.view.get("solo_track")
    if not isinstance(solo, dict):
        return
    counter, target = as_int(solo.get("counter")), max(1, as_int(solo.get("target"), 50))
    label(ctx, (x + 20, y + 56), ctx.w("solo_counter"), 22, kit.DARK, anchor="lm")
    num(ctx.img, (x + 200, y + 56), str(counter), 40, kit.INK, "lm")
    label(ctx, (x + 320, y + 56), ctx.w("solo_target"), 22, kit.DARK, anchor="lm")
    num(ctx.img, (x + 500, y + 56), str(target), 40, kit.INK, "lm")
    bar_x, bar_y, bar_w = x + 20, y + 96, w - 40
    ctx.d.rounded_rectangle(
        (bar_x, bar_y, bar_x + bar_w, bar_y + 34), radius=8, fill=PANEL, outline=kit.INK, width=2
    )
    fill = int(bar_w * min(1.0, counter / target))
    if fill > 4:
        ctx.d.rounded_rectangle(
            (bar_x, bar_y, bar_x + fill, bar_y + 34), radius=8, fill=kit.SKY, outline=kit.INK, width=2
        )
    num(ctx.img, (bar_x + bar_w / 2, bar_y + 17), f"{counter} / {target}", 20, kit.INK, "mm")
    estates = ctx.view.get("estates") or []
    if estates and isinstance(estates[0], dict) and estates[0].get("spaces"):
        filled = 37 - as_int(estates[0].get("empty"))
        label(ctx, (x + 20, y + 170), ctx.w("filled"), 22, kit.DARK, anchor="lm")
        num(ctx.img, (x + 320, y + 170), f"{filled}/37", 40, kit.INK, "lm")
        # a solo round is one turn: "Turn 11/25" (the header's "Round 1/5" counts within the phase)
        label(ctx, (x + 20, y + 230), ctx.w("turn"), 22, kit.DARK, anchor="lm")
        num(ctx.img, (x + 320, y + 230), f"{as_int(ctx.view.get('round_total'))}/25", 40, kit.INK, "lm")
