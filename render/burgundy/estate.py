"""Estate panels: the medium public panel, the large own panel (``/hand``, solo) and compact panels.

Each shows the 37 hexes (the empty board is a cached layer per board and size; placed tiles are
pasted on top, the last placement ringed in red), then dice, silverlings, workers, storage, goods,
bonus tiles and sold goods.
"""

from __future__ import annotations

from typing import Any

from render import kit
from render.burgundy.ctx import Ctx, as_int, box, final_totals, label, last_spaces, num
from render.burgundy.goods import goods_flow, goods_groups_of
from render.burgundy.sprites import (
    bonus_tile,
    coin,
    die,
    estate_extent,
    estate_layer,
    hex_box,
    highlight_ring,
    paste_centre,
    seat_marker,
    storage_slot,
    worker,
)
from render.burgundy.style import COLOUR_ORDER, HIGHLIGHT, PANEL, seat_colour, seat_tint

# Hex widths and panel heights (header + estate of a standard board at that width + margin).
PANEL_HEX = 60
PANEL_H = 52 + 383 + 12
OWN_H = 60 + 572 + 14
COMPACT_HEX = 34
OTHER_H = 48 + 217 + 10
SOLO_HEX = 78
SOLO_H = 60 + 542 + 14


def _space_key(
    estate: dict[str, Any],
) -> tuple[tuple[tuple[str, int, float, float], ...], tuple[tuple[int, int], ...]]:
    """The estate's layout as hashable tuples: the cache key of its empty-board layer."""
    spaces = tuple(
        (str(s.get("colour") or "?"), as_int(s.get("n")), float(s.get("x") or 0.0), float(s.get("y") or 0.0))
        for s in estate.get("spaces") or []
        if isinstance(s, dict)
    )
    rivers = tuple(
        (int(p[0]), int(p[1]))
        for p in estate.get("rivers") or []
        if isinstance(p, list | tuple) and len(p) == 2
    )
    return spaces, rivers


def _estate_hexes(
    ctx: Ctx, estate: dict[str, Any], x: int, y: int, hex_w: int, bg: kit.RGB
) -> tuple[int, int]:
    """Paste the estate (cached empty board + placed tiles); returns its pixel size."""
    spaces, rivers = _space_key(estate)
    if not spaces:
        label(ctx, (x + 10, y + 20), ctx.w("not_dealt"), 20, kit.GREY)
        return 300, 60
    layer = estate_layer(spaces, rivers, hex_w, bg)
    kit.paste_layer(ctx.img, layer, (x, y))
    _, _, ox, oy = estate_extent(spaces, hex_w)
    marks = last_spaces(ctx.view)
    seat = estate.get("seat")
    for k, space in enumerate(estate.get("spaces") or []):
        if not isinstance(space, dict):
            continue
        cx = x + ox + spaces[k][2] * hex_w
        cy = y + oy + spaces[k][3] * hex_w
        code = space.get("tile")
        if code:
            paste_centre(ctx.img, ctx.tile(str(code), hex_w), cx, cy)
        if (seat, as_int(space.get("i"), k)) in marks:
            paste_centre(ctx.img, highlight_ring(hex_w, HIGHLIGHT), cx, cy)
    return layer.width, layer.height


def _panel_header(ctx: Ctx, estate: dict[str, Any], x: int, y: int, w: int, big: bool = False) -> None:
    """Seat marker, name, board, "to act"/"done" and VP (final total once the game is over)."""
    seat = as_int(estate.get("seat"))
    h = 48 if big else 42
    ctx.d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=seat_tint(seat))
    ctx.d.rectangle((x, y + h - 10, x + w, y + h), fill=seat_tint(seat))
    paste_centre(ctx.img, seat_marker(seat, 34), x + 26, y + h / 2)
    name = ctx.name(seat)
    # solo: "vp" is the target counter (shown on the board); the header shows all VP gained
    vp = final_totals(ctx.view).get(seat, as_int(estate.get("total_vp"), as_int(estate.get("vp"))))
    vp_w = num(
        ctx.img,
        (x + w - 14, y + h / 2),
        f"{vp} {ctx.w('vp')}" if ctx.locale == "en" else str(vp),
        30 if big else 26,
        kit.INK,
        "rm",
    )
    if ctx.locale != "en":
        vp_w += label(ctx, (x + w - 14 - vp_w - 4, y + h / 2), ctx.w("vp"), 18, kit.INK, anchor="rm") + 4
    tag = ""
    if seat in [s for s in ctx.view.get("to_act") or [] if isinstance(s, int)]:
        tag = "▶ " + ctx.w("to_act")
    elif estate.get("played") and ctx.view.get("status") != "over":
        tag = "✓ " + ctx.w("done")
    board = str(estate.get("board") or "?")
    extra = f"{ctx.w('board')} {board}"
    if big and ctx.view.get("seat") == seat and len(ctx.view.get("estates") or []) > 1:
        extra = f"{ctx.w('you')} · {extra}"
    right = x + w - 14 - vp_w - 16
    if tag:
        right -= label(ctx, (right, y + h / 2), tag, 18, kit.INK, anchor="rm") + 14
    extra_w = kit.text_width(extra, 16, False)
    name_w = max(60, right - (x + 50) - extra_w - 16)
    nw = label(ctx, (x + 50, y + h / 2), name, 24 if big else 22, kit.INK, anchor="lm", max_width=name_w)
    label(ctx, (x + 50 + nw + 12, y + h / 2 + 1), extra, 16, kit.DARK, bold=False, anchor="lm")


def _dice_row(ctx: Ctx, estate: dict[str, Any], x: int, y: int, size: int) -> int:
    """Unused dice bright in the owner's colour, used ones blank and faded; returns the width used."""
    seat = as_int(estate.get("seat"))
    unused = [v for v in estate.get("dice") or [] if isinstance(v, int)]
    rolled = [v for v in estate.get("rolled") or [] if isinstance(v, int)]
    used = max(0, len(rolled) - len(unused))
    cx = x
    for v in unused:
        paste_centre(ctx.img, die(v, size, seat_colour(seat)), cx + size / 2, y + size / 2)
        cx += size + 8
    for _ in range(used):
        paste_centre(ctx.img, die(0, size, seat_colour(seat), faded=True), cx + size / 2, y + size / 2)
        cx += size + 8
    if not rolled:
        label(ctx, (x, y + size / 2), "—", 20, kit.GREY, anchor="lm")
        cx += 30
    return cx - x


def _counters(ctx: Ctx, estate: dict[str, Any], x: int, y: int, size: int) -> int:
    """Silverlings and workers, icon plus a large number."""
    font = int(size * 0.85)
    paste_centre(ctx.img, coin(size), x + size / 2, y)
    cx = x + size + 6
    cx += num(ctx.img, (cx, y), str(as_int(estate.get("silver"))), font) + 18
    paste_centre(ctx.img, worker(size), cx + size / 2, y)
    cx += size + 6
    cx += num(ctx.img, (cx, y), str(as_int(estate.get("workers"))), font)
    return cx - x


def _storage_row(ctx: Ctx, estate: dict[str, Any], x: int, y: int, hex_w: int) -> None:
    """The three storage spaces (left to right as the view lists them)."""
    store = [str(t) for t in estate.get("storage") or []]
    sw, sh, _ = hex_box(hex_w)
    slots = max(3, len(store))
    for k in range(slots):
        sprite = ctx.tile(store[k], hex_w) if k < len(store) else storage_slot(hex_w)
        paste_centre(ctx.img, sprite, x + k * (sw + 6) + sw / 2, y + sh / 2)


def _bonus_row(ctx: Ctx, estate: dict[str, Any], x: int, y: int, size: int) -> int:
    """Bonus tiles won (large ones bigger, with their value); returns the width used."""
    cx = x
    for code in estate.get("bonus") or []:
        code = str(code)
        if len(code) == 4 and code[:3] in ("BL-", "BS-") and code[3] in COLOUR_ORDER:
            large = code[1] == "L"
            values = ctx.view.get("bonus_values") or [0, 0]
            value = values[0] if large else values[1]
            s = size if large else int(size * 0.8)
            paste_centre(ctx.img, bonus_tile(code[3], as_int(value), s, large), cx + s / 2, y)
            cx += s + 6
    return cx - x


def _counters_width(estate: dict[str, Any], size: int) -> int:
    """Width ``_counters`` will need (large counts push them under the dice)."""
    font = int(size * 0.85)
    digits = kit.text_width(str(as_int(estate.get("silver"))), font, True) + kit.text_width(
        str(as_int(estate.get("workers"))), font, True
    )
    return 2 * (size + 6) + 18 + digits


def _info_column(
    ctx: Ctx,
    estate: dict[str, Any],
    x: int,
    y: int,
    w: int,
    scale: float,
    second: tuple[int, int] | None = None,
) -> None:
    """Dice, silverlings, workers, storage, goods; then bonus tiles and sold goods.

    ``second`` (x, y) moves the bonus tiles and sold goods to a second column of a wide panel.
    """

    def px(v: float) -> int:
        return int(v * scale)

    head = px(18)
    die_s = px(56)
    label(ctx, (x, y), ctx.w("dice"), px(15))
    dw = _dice_row(ctx, estate, x, y + head, die_s)
    icon = px(34)
    cx = x + max(dw, px(128)) + px(12)
    if cx + _counters_width(estate, icon) > x + w:  # big numbers: counters go under the dice
        y += die_s + px(8)
        cx = x
        _counters(ctx, estate, cx, y + head + icon // 2, icon)
        y += icon - die_s
    else:
        _counters(ctx, estate, cx, y + head + die_s // 2, icon)
    y += head + die_s + px(10)
    label(ctx, (x, y), ctx.w("storage"), px(15))
    hex_w = px(60)
    _storage_row(ctx, estate, x, y + head, hex_w)
    y += head + hex_box(hex_w)[1] + px(8)
    label(ctx, (x, y), ctx.w("goods"), px(15))
    size = px(40)
    goods = list(estate.get("goods") or [])
    if any(isinstance(g, int) and g > 0 for g in goods):
        used = goods_flow(ctx, goods_groups_of(goods), x, y + head + size // 2, w, size, rows=2)
    else:
        label(ctx, (x, y + head + size // 2), "—", px(20), kit.GREY, anchor="lm")
        used = size
    y += head + used + px(10)
    if second is not None:
        x, y = second
    if estate.get("bonus"):
        label(ctx, (x, y), ctx.w("bonus"), px(15))
        _bonus_row(ctx, estate, x, y + head + px(18), px(36))
        y += head + px(44)
    sold = list(estate.get("sold") or [])
    if any(isinstance(g, int) and g > 0 for g in sold):
        label(ctx, (x, y), ctx.w("sold"), px(15))
        used = goods_flow(ctx, goods_groups_of(sold), x, y + head + px(12), w, px(24), faded=True, rows=2)
        y += head + used + px(10)
    if second is not None:
        label(ctx, (x, y), f"{ctx.w('empty')}: {as_int(estate.get('empty'))}", px(15))


def estate_panel(ctx: Ctx, estate: dict[str, Any], x: int, y: int, w: int, h: int) -> None:
    """Medium estate panel of the public image."""
    seat = as_int(estate.get("seat"))
    acting = seat in [s for s in ctx.view.get("to_act") or [] if isinstance(s, int)]
    box(ctx, x, y, w, h, PANEL, seat_colour(seat) if acting else kit.GREY, 4 if acting else 1, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4)
    ew, _ = _estate_hexes(ctx, estate, x + 10, y + 52, PANEL_HEX, PANEL)
    ix = x + 10 + max(ew, 300) + 14
    _info_column(ctx, estate, ix, y + 56, x + w - ix - 8, 1.0)


def own_estate(ctx: Ctx, estate: dict[str, Any], x: int, y: int, w: int, h: int, hex_w: int = 90) -> None:
    """The large estate: a private view's own board, or the solo board."""
    seat = as_int(estate.get("seat"))
    box(ctx, x, y, w, h, PANEL, seat_colour(seat), 4, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4, big=True)
    ew, _ = _estate_hexes(ctx, estate, x + 12, y + 60, hex_w, PANEL)
    ix = x + 12 + max(ew, 300) + 30
    col_w = (x + w - ix - 20) * 3 // 5
    _info_column(ctx, estate, ix, y + 66, col_w, 1.35, second=(ix + col_w + 20, y + 66))


def compact_estate(ctx: Ctx, estate: dict[str, Any], x: int, y: int, w: int, h: int) -> None:
    """Another player's estate in a private view: small board, key numbers beside it."""
    seat = as_int(estate.get("seat"))
    acting = seat in [s for s in ctx.view.get("to_act") or [] if isinstance(s, int)]
    box(ctx, x, y, w, h, PANEL, seat_colour(seat) if acting else kit.GREY, 3 if acting else 1, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4)
    ew, _ = _estate_hexes(ctx, estate, x + 6, y + 48, COMPACT_HEX, PANEL)
    ix = x + 6 + max(ew, 120) + 10
    iy = y + 52
    die_s = 40
    _dice_row(ctx, estate, ix, iy, die_s)
    iy += die_s + 22
    _counters(ctx, estate, ix, iy, 28)
    iy += 22
    _storage_row(ctx, estate, ix, iy, 46)
    iy += hex_box(46)[1] + 22
    goods = list(estate.get("goods") or [])
    iy += goods_flow(ctx, goods_groups_of(goods), ix, iy, x + w - 8 - ix, 30, rows=2) + 10
    _bonus_row(ctx, estate, ix, iy, 30)
