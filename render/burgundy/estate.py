"""Estate panels: the medium public panel, the large own panel (``/hand``, solo) and compact panels.

Each shows the 37 hexes (the empty board is a cached layer per board and size; placed tiles are
pasted on top, the last placement ringed in red), then dice, silverlings, workers, storage, goods,
bonus tiles and sold goods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from render import kit
from render.burgundy.ctx import Ctx, as_int, box, final_totals, label, num
from render.burgundy.goods import READABLE_CRATE, goods_flow, goods_flow_height, goods_groups_of
from render.burgundy.marks import last_spaces, last_tiles, legal_spaces, since_spaces
from render.burgundy.sprites import (
    TEXT_MIN,
    bonus_tile,
    coin,
    die,
    estate_extent,
    estate_layer,
    hex_box,
    highlight_ring,
    legal_ring,
    paste_centre,
    seat_marker,
    since_ring,
    storage_slot,
    worker,
)
from render.burgundy.style import COLOUR_ORDER, HIGHLIGHT, LEGAL, PANEL, SINCE, seat_colour, seat_tint

# Hex widths and panel heights (header + estate of a standard board at that width + margin). The
# public panels' hexes are the smallest that print letter, die number and "@n" at 18 px or more.
PANEL_HEX = 66
PANEL_H = 52 + 422 + 12
CROWDED_HEX = 56
"""The public panels' hexes with three or four estates (two rows of panels under the board, which
must stay near 4:3): a private image's rivals' size, every code and letter still at 18 px. The
"@n" space numbers are left out, as on those rivals: the player who types a move reads them on
their own ``/hand`` image, where the estate is large."""
OWN_H = 60 + 572 + 14
# A private image's rival estates, two across: the smallest hexes that still print every placed
# tile's code and every empty space's letter at 18 px (the die number larger; no "@n").
COMPACT_HEX = 56
OTHER_H = 48 + 358 + 10
SOLO_HEX = 78
OWN_SIDE_HEX = 74
OWN_SIDE_H = 60 + 471 + 14
OWN_SIDE_W = 12 + 7 * OWN_SIDE_HEX + 30 + 268 + 14 + 28
"""The own panel of a private image, beside a rival's (1500 px = this + a rival panel + margins):
a standard estate at 74 px hexes (the "@n" still at 18 px) and one info column as wide as three
storage hexes."""
SOLO_H = 60 + 542 + 14


SpaceKeys = tuple[tuple[tuple[str, int, float, float], ...], tuple[tuple[int, int], ...]]
_KEYS: dict[int, tuple[Any, list[Any], SpaceKeys]] = {}
"""Recent layouts by the identity of their ``spaces`` list (kept alive here, so an id is never
reused while cached): one image asks for each estate's layout a dozen times."""


def _space_key(estate: dict[str, Any]) -> SpaceKeys:
    """The estate's layout as hashable tuples: the cache key of its empty-board layer."""
    raw = estate.get("spaces") or []
    hit = _KEYS.get(id(raw))
    if hit is not None and hit[1] is raw and hit[0] is estate.get("rivers") and len(raw) == len(hit[2][0]):
        return hit[2]
    key = _layout(estate)
    if len(_KEYS) > 64:
        _KEYS.clear()
    _KEYS[id(raw)] = (estate.get("rivers"), raw, key)
    return key


def _layout(estate: dict[str, Any]) -> SpaceKeys:
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
    seat = estate.get("seat")
    last = last_spaces(ctx.view)
    since = since_spaces(ctx.view)
    legal = legal_spaces(ctx.view) if seat == ctx.view.get("seat") else set()
    for k, space in enumerate(estate.get("spaces") or []):
        if not isinstance(space, dict):
            continue
        cx = x + ox + spaces[k][2] * hex_w
        cy = y + oy + spaces[k][3] * hex_w
        code = space.get("tile")
        if code:
            paste_centre(ctx.img, ctx.tile(str(code), hex_w), cx, cy)
        i = as_int(space.get("i"), k)
        if (seat, i) in last:
            paste_centre(ctx.img, highlight_ring(hex_w, HIGHLIGHT), cx, cy)
        elif (seat, i) in since:
            paste_centre(ctx.img, since_ring(hex_w, SINCE), cx, cy)
        elif i in legal:
            paste_centre(ctx.img, legal_ring(hex_w, LEGAL), cx, cy)
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
        vp_w += label(ctx, (x + w - 14 - vp_w - 4, y + h / 2), ctx.w("vp"), 20, kit.INK, anchor="rm") + 4
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
    extra_w = kit.text_width(extra, TEXT_MIN, False)
    name_w = max(60, right - (x + 50) - extra_w - 16)
    nw = label(ctx, (x + 50, y + h / 2), name, 24 if big else 22, kit.INK, anchor="lm", max_width=name_w)
    label(ctx, (x + 50 + nw + 12, y + h / 2 + 1), extra, TEXT_MIN, kit.DARK, bold=False, anchor="lm")


@dataclass(frozen=True)
class InfoSizes:
    """Sizes in an estate's info column: section titles (0 leaves them out), dice, counter icons,
    storage hexes, goods crates, sold crates, large bonus tiles, and the gap between sections."""

    text: int
    die: int
    icon: int
    storage: int
    crate: int
    sold: int
    bonus: int
    gap: int

    @property
    def head(self) -> int:
        """Height of a section title line."""
        return self.text + 6 if self.text else 0


PUBLIC_INFO = InfoSizes(
    text=TEXT_MIN, die=46, icon=30, storage=56, crate=36, sold=READABLE_CRATE, bonus=46, gap=10
)
OWN_INFO = InfoSizes(text=22, die=68, icon=42, storage=78, crate=52, sold=36, bonus=56, gap=14)
SIDE_INFO = InfoSizes(text=20, die=60, icon=38, storage=70, crate=46, sold=34, bonus=50, gap=10)
"""The own panel beside a rival (private image): one column, a little smaller, so the whole image
stays near 4:3."""
COMPACT_INFO = InfoSizes(text=0, die=40, icon=28, storage=56, crate=30, sold=0, bonus=46, gap=8)


def _dice(estate: dict[str, Any]) -> tuple[list[int], int]:
    """Unused dice values and the number of used ones."""
    unused = [v for v in estate.get("dice") or [] if isinstance(v, int)]
    rolled = [v for v in estate.get("rolled") or [] if isinstance(v, int)]
    return unused, max(0, len(rolled) - len(unused))


def _dice_width(estate: dict[str, Any], size: int) -> int:
    """Width ``_dice_row`` uses (each die and the gap after it; a dash when none was rolled)."""
    unused, used = _dice(estate)
    return (len(unused) + used) * (size + 8) if unused or used else 30


def _dice_row(ctx: Ctx, estate: dict[str, Any], x: int, y: int, size: int) -> int:
    """Unused dice bright in the owner's colour, used ones blank and faded; returns the width used."""
    seat = as_int(estate.get("seat"))
    unused, used = _dice(estate)
    cx = x
    for v in unused:
        paste_centre(ctx.img, die(v, size, seat_colour(seat)), cx + size / 2, y + size / 2)
        cx += size + 8
    for _ in range(used):
        paste_centre(ctx.img, die(0, size, seat_colour(seat), faded=True), cx + size / 2, y + size / 2)
        cx += size + 8
    if not unused and not used:
        label(ctx, (x, y + size / 2), "—", 20, kit.GREY, anchor="lm")
        cx += 30
    return cx - x


def _counter_font(size: int) -> int:
    return max(20, int(size * 0.85))


def _counters(ctx: Ctx, estate: dict[str, Any], x: int, y: int, size: int) -> int:
    """Silverlings and workers, icon plus a large number."""
    font = _counter_font(size)
    paste_centre(ctx.img, coin(size), x + size / 2, y)
    cx = x + size + 5
    cx += num(ctx.img, (cx, y), str(as_int(estate.get("silver"))), font) + 12
    paste_centre(ctx.img, worker(size), cx + size / 2, y)
    cx += size + 5
    cx += num(ctx.img, (cx, y), str(as_int(estate.get("workers"))), font)
    return cx - x


def _counters_width(estate: dict[str, Any], size: int) -> int:
    """Width ``_counters`` will need (large counts push them under the dice)."""
    font = _counter_font(size)
    digits = kit.text_width(str(as_int(estate.get("silver"))), font, True) + kit.text_width(
        str(as_int(estate.get("workers"))), font, True
    )
    return 2 * (size + 5) + 12 + digits


def _storage_row(ctx: Ctx, estate: dict[str, Any], x: int, y: int, hex_w: int) -> None:
    """The three storage spaces (left to right as the view lists them)."""
    store = [str(t) for t in estate.get("storage") or []]
    sw, sh, _ = hex_box(hex_w)
    slots = max(3, len(store))
    fresh = {t for s, t in last_tiles(ctx.view) if s == estate.get("seat")}
    for k in range(slots):
        sprite = ctx.tile(store[k], hex_w) if k < len(store) else storage_slot(hex_w)
        paste_centre(ctx.img, sprite, x + k * (sw + 6) + sw / 2, y + sh / 2)
        if k < len(store) and store[k] in fresh:  # the tile the last move took or bought
            paste_centre(ctx.img, highlight_ring(hex_w, HIGHLIGHT), x + k * (sw + 6) + sw / 2, y + sh / 2)
            fresh.discard(store[k])


def _bonus_tiles(ctx: Ctx, estate: dict[str, Any]) -> list[tuple[str, bool, int]]:
    """(colour, large, value) of the bonus tiles won."""
    values = ctx.view.get("bonus_values") or [0, 0]
    out = []
    for code in estate.get("bonus") or []:
        code = str(code)
        if len(code) == 4 and code[:3] in ("BL-", "BS-") and code[3] in COLOUR_ORDER:
            large = code[1] == "L"
            value = values[0] if large else values[1] if len(values) > 1 else 0
            out.append((code[3], large, as_int(value)))
    return out


def _bonus_row(
    ctx: Ctx, tiles: list[tuple[str, bool, int]], x: int, y: int, size: int, w: int, draw: bool = True
) -> int:
    """Bonus tiles won (large ones bigger) from the top ``y``, wrapping at width ``w``; returns
    the height used."""
    cx, cy = x, y + size / 2
    for colour, large, value in tiles:
        s = size if large else size - 6
        if cx > x and cx + s > x + w:
            cx, cy = x, cy + size + 6
        if draw:
            paste_centre(ctx.img, bonus_tile(colour, value, s, large), cx + s / 2, cy)
        cx += s + 6
    return round(cy + size / 2 - y) if tiles else 0


Draw = Callable[[int, int], None]
Section = tuple[int, Draw]
"""A block of the info column: its height, and how to draw it with its top-left at (x, y)."""


def _titled(ctx: Ctx, z: InfoSizes, title: str, height: int, body: Draw) -> Section:
    """A block under its title (no title when ``z.text`` is 0)."""

    def draw(x: int, y: int) -> None:
        if z.text:
            label(ctx, (x, y), ctx.w(title), z.text)
        body(x, y + z.head)

    return z.head + height, draw


def _info_sections(
    ctx: Ctx, estate: dict[str, Any], w: int, z: InfoSizes, wide: bool = False
) -> tuple[list[Section], list[Section]]:
    """The info column's blocks, each ``w`` wide: dice and counters, storage, goods; then bonus
    tiles and sold goods (and the empty spaces on a ``wide`` panel, which has a second column)."""
    first: list[Section] = []
    rest: list[Section] = []
    dw = max(_dice_width(estate, z.die), 2 * (z.die + 8)) + 6
    beside = dw + _counters_width(estate, z.icon) <= w

    def dice(x: int, y: int) -> None:
        _dice_row(ctx, estate, x, y, z.die)
        if beside:
            _counters(ctx, estate, x + dw, y + z.die // 2, z.icon)
        else:  # big numbers: counters go under the dice
            _counters(ctx, estate, x, y + z.die + z.gap + z.icon // 2, z.icon)

    first.append(_titled(ctx, z, "dice", z.die if beside else z.die + z.gap + z.icon, dice))

    def storage(x: int, y: int) -> None:
        _storage_row(ctx, estate, x, y, z.storage)

    first.append(_titled(ctx, z, "storage", hex_box(z.storage)[1], storage))
    goods = goods_groups_of(list(estate.get("goods") or []))

    def goods_body(x: int, y: int) -> None:
        if goods:
            goods_flow(ctx, goods, x, y + z.crate // 2, w, z.crate, rows=2, min_size=READABLE_CRATE)
        elif z.text:
            label(ctx, (x, y + z.crate // 2), "—", 20, kit.GREY, anchor="lm")

    height = goods_flow_height(goods, w, z.crate, rows=2, min_size=READABLE_CRATE) if goods else z.crate
    if goods or z.text:
        first.append(_titled(ctx, z, "goods", height, goods_body))
    tiles = _bonus_tiles(ctx, estate)

    def bonus(x: int, y: int) -> None:
        _bonus_row(ctx, tiles, x, y, z.bonus, w)

    if tiles:
        rest.append(_titled(ctx, z, "bonus", _bonus_row(ctx, tiles, 0, 0, z.bonus, w, draw=False), bonus))
    sold = goods_groups_of(list(estate.get("sold") or []))

    def sold_body(x: int, y: int) -> None:
        goods_flow(ctx, sold, x, y + z.sold // 2, w, z.sold, faded=True, rows=2, min_size=READABLE_CRATE)

    if sold and z.sold:
        height = goods_flow_height(sold, w, z.sold, rows=2, min_size=READABLE_CRATE)
        rest.append(_titled(ctx, z, "sold", height, sold_body))
    if wide:
        text = f"{ctx.w('empty')}{ctx.w('colon')}{as_int(estate.get('empty'))}"

        def empty(x: int, y: int) -> None:
            label(ctx, (x, y), text, z.text)

        rest.append((z.text + 6, empty))
        return first, rest
    return first + rest, []


def _stack_height(sections: list[Section], gap: int) -> int:
    return sum(h for h, _ in sections) + gap * max(0, len(sections) - 1)


def _draw_stack(sections: list[Section], x: int, y: int, gap: int) -> None:
    for height, draw in sections:
        draw(x, y)
        y += height + gap


def _estate_width(estate: dict[str, Any], hex_w: int, least: int) -> int:
    """Width the estate takes at ``hex_w`` (at least ``least``, as for a board not dealt yet)."""
    spaces, _ = _space_key(estate)
    return max(least, estate_extent(spaces, hex_w)[0] if spaces else 300)


PANEL_INFO_TOP = 54


def _panel_info(
    ctx: Ctx, estate: dict[str, Any], w: int, hex_w: int = PANEL_HEX
) -> tuple[int, list[Section]]:
    """x offset of a public panel's info column and its blocks."""
    ix = 10 + _estate_width(estate, hex_w, 300) + 10
    return ix, _info_sections(ctx, estate, w - ix - 8, PUBLIC_INFO)[0]


def panel_base(hex_w: int) -> int:
    """A public panel's height with a standard board at ``hex_w`` (header + estate + margin)."""
    return PANEL_H - 422 + round(422 * hex_w / PANEL_HEX)


def panel_height(
    ctx: Ctx, estate: dict[str, Any], w: int, hex_w: int = PANEL_HEX, info: PanelInfo | None = None
) -> int:
    """Height of a public panel ``w`` wide: :func:`panel_base`, or more when the info column needs it."""
    sections = (info or _panel_info(ctx, estate, w, hex_w))[1]
    return max(panel_base(hex_w), PANEL_INFO_TOP + _stack_height(sections, PUBLIC_INFO.gap) + 10)


PanelInfo = tuple[int, list[Section]]


def panel_info(ctx: Ctx, estate: dict[str, Any], w: int, hex_w: int = PANEL_HEX) -> PanelInfo:
    """A public panel's info column, laid out once for both its height and its drawing (the
    layout measures every text and goods group: doing it twice cost a few % of a render)."""
    return _panel_info(ctx, estate, w, hex_w)


def estate_panel(
    ctx: Ctx,
    estate: dict[str, Any],
    x: int,
    y: int,
    w: int,
    h: int,
    hex_w: int = PANEL_HEX,
    info: PanelInfo | None = None,
) -> None:
    """Medium estate panel of the public image."""
    seat = as_int(estate.get("seat"))
    acting = seat in [s for s in ctx.view.get("to_act") or [] if isinstance(s, int)]
    box(ctx, x, y, w, h, PANEL, seat_colour(seat) if acting else kit.GREY, 4 if acting else 1, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4)
    _estate_hexes(ctx, estate, x + 10, y + 52, hex_w, PANEL)
    ix, sections = info or _panel_info(ctx, estate, w, hex_w)
    _draw_stack(sections, x + ix, y + PANEL_INFO_TOP, PUBLIC_INFO.gap)


OWN_INFO_TOP = 66


def _own_info(
    ctx: Ctx, estate: dict[str, Any], w: int, hex_w: int, narrow: bool = False
) -> tuple[int, int, list[Section], list[Section]]:
    """x offsets of the large panel's two info columns and their blocks (``narrow``: one column,
    the panel beside the rivals in a private image)."""
    ix = 12 + _estate_width(estate, hex_w, 300) + 30
    if narrow:
        first, second = _info_sections(ctx, estate, w - ix - 14, SIDE_INFO, wide=True)
        return ix, ix, first + second, []
    col_w = (w - ix - 20) * 3 // 5
    second_x = ix + col_w + 20
    first = _info_sections(ctx, estate, col_w, OWN_INFO, wide=True)[0]
    # the second column has its own (narrower) width
    second = _info_sections(ctx, estate, w - second_x - 14, OWN_INFO, wide=True)[1]
    return ix, second_x, first, second


def own_height(
    ctx: Ctx, estate: dict[str, Any], w: int, base: int, hex_w: int = 90, narrow: bool = False
) -> int:
    """Height of the large panel: ``base``, or more when an info column needs it."""
    _, _, first, second = _own_info(ctx, estate, w, hex_w, narrow)
    z = SIDE_INFO if narrow else OWN_INFO
    need = max(_stack_height(first, z.gap), _stack_height(second, z.gap))
    return max(base, OWN_INFO_TOP + need + 14)


def own_estate(
    ctx: Ctx,
    estate: dict[str, Any],
    x: int,
    y: int,
    w: int,
    h: int,
    hex_w: int = 90,
    narrow: bool = False,
) -> None:
    """The large estate: a private view's own board, or the solo board."""
    seat = as_int(estate.get("seat"))
    box(ctx, x, y, w, h, PANEL, seat_colour(seat), 4, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4, big=True)
    _estate_hexes(ctx, estate, x + 12, y + 60, hex_w, PANEL)
    ix, second_x, first, second = _own_info(ctx, estate, w, hex_w, narrow)
    z = SIDE_INFO if narrow else OWN_INFO
    _draw_stack(first, x + ix, y + OWN_INFO_TOP, z.gap)
    _draw_stack(second, x + second_x, y + OWN_INFO_TOP, z.gap)


COMPACT_INFO_TOP = 52


def _compact_info(ctx: Ctx, estate: dict[str, Any], w: int) -> tuple[int, list[Section]]:
    ix = 6 + _estate_width(estate, COMPACT_HEX, 120) + 10
    return ix, _info_sections(ctx, estate, w - ix - 8, COMPACT_INFO)[0]


def compact_height(ctx: Ctx, estate: dict[str, Any], w: int) -> int:
    """Height of a compact panel: :data:`OTHER_H`, or more when its numbers need it."""
    sections = _compact_info(ctx, estate, w)[1]
    return max(OTHER_H, COMPACT_INFO_TOP + _stack_height(sections, COMPACT_INFO.gap) + 8)


def compact_estate(ctx: Ctx, estate: dict[str, Any], x: int, y: int, w: int, h: int) -> None:
    """Another player's estate in a private view: small board, key numbers beside it."""
    seat = as_int(estate.get("seat"))
    acting = seat in [s for s in ctx.view.get("to_act") or [] if isinstance(s, int)]
    box(ctx, x, y, w, h, PANEL, seat_colour(seat) if acting else kit.GREY, 3 if acting else 1, 12)
    _panel_header(ctx, estate, x + 2, y + 2, w - 4)
    _estate_hexes(ctx, estate, x + 6, y + 48, COMPACT_HEX, PANEL)
    ix, sections = _compact_info(ctx, estate, w)
    _draw_stack(sections, x + ix, y + COMPACT_INFO_TOP, COMPACT_INFO.gap)
