"""The Castles of Tuscany: the whole table as one PNG drawn from a rules view.

Top: title, round and who acts. Then the shared supply: the 8-slot display (hexes with the
tile's symbol, code and farm types), the decks, the neutral stack, the square bonus tiles left
and the colour-bonus tiles (value showing, or gone). Then one panel per seat: the estate as
assembled (every hex in its colour with its letter when empty and its type symbol when covered,
thick outlines around colour areas, column letters and row numbers for typing moves), green and
red totals in large numerals, stacks, cards, marble, workers, storage and bonus tiles. A seat's
private view (``/hand``) adds its region cards with what each colour can pay for now.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.tuscany import layers, prompt
from render.tuscany.band import band, panel_names
from render.tuscany.boards import fixed_geometry
from render.tuscany.png import PALETTE
from render.tuscany.style import (
    ACTIVE_FILL,
    BONUS_ORDER,
    COLOUR_RGB,
    COLOURS,
    DISPLAY_R,
    FRAME,
    HAND_STRIP,
    HEADER,
    HEX_R,
    HEX_TOKEN,
    MARGIN,
    PANEL_FILL,
    PANEL_H,
    PANEL_W,
    SHARED,
    STORAGE_R,
    SYMBOL,
    TEXT_MIN,
    TILE_TEXT_MIN,
    WIDTH,
    farm_labels,
    known_locale,
    tint,
    words,
)
from render.tuscany.textview import TILE

COLS = "abcdef"
SQ3 = math.sqrt(3)
# Edge k of a flat-topped hex runs from vertex k to k+1 (angles 0°, 60°, … with y down); the
# neighbour across it, as (dx, dy) for even columns and for odd columns (§2.9 adjacency).
EDGE_NEIGHBOUR = (
    ((1, 0), (1, 1)),  # lower right
    ((0, 1), (0, 1)),  # bottom
    ((-1, 0), (-1, 1)),  # lower left
    ((-1, -1), (-1, 0)),  # upper left
    ((0, -1), (0, -1)),  # top
    ((1, -1), (1, 0)),  # upper right
)


def draw(view: dict[str, Any]) -> bytes:
    """The PNG for ``view`` (public, or a seat's private view with its hand), the summary band on top."""
    players = int(view["players"])
    rows = (players + 1) // 2
    private = view.get("me") is not None
    summary = band(view)
    y0 = kit.band_height(summary, WIDTH)  # the band is drawn in place, on top: no second canvas
    height = y0 + HEADER + SHARED + rows * (PANEL_H + MARGIN) + (HAND_STRIP if private else 0) + MARGIN
    image, d = PALETTE.canvas(WIDTH, height)
    kit.draw_band(d, summary, WIDTH)
    d.im_ = image  # type: ignore[attr-defined]  # the image under this draw, for pasted text
    locale = str(view.get("locale") or "en")
    w = words(locale)
    names = panel_names(view, players)
    _header(d, w, locale, y0)
    if view.get("over") and view.get("result"):
        _result(d, view, names, w, y0)
    else:
        _shared(d, view, w, y0)
    for seat in range(players):
        ox, oy = panel_origin(seat, y0)
        mine = w["you"] if private and seat == view.get("seat") else ""  # whose hand this view shows
        _panel(d, view, seat, names[seat] + mine, w, ox, oy)
    _marks(d, view, y0)
    if private:
        _hand(d, view, w, y0 + HEADER + SHARED + rows * (PANEL_H + MARGIN))
    return kit.finish(image, view, PALETTE)


def panel_origin(seat: int, y0: int = 0) -> tuple[int, int]:
    """The top left corner of ``seat``'s panel, the board starting ``y0`` px down (under the band)."""
    return MARGIN + (seat % 2) * (PANEL_W + MARGIN), y0 + HEADER + SHARED + (seat // 2) * (PANEL_H + MARGIN)


def estate_origin(seat: int, y0: int = 0) -> tuple[int, int]:
    """Where ``seat``'s estate grid starts (``space_centre`` measures from here)."""
    ox, oy = panel_origin(seat, y0)
    return ox + ESTATE_DX, oy + ESTATE_DY


def slot_centre(slot: int, y0: int = 0) -> tuple[int, int]:
    """The centre of display slot ``slot`` (0-7)."""
    r = DISPLAY_R
    return MARGIN + 72 + (slot % 4) * (2 * r + 26), y0 + HEADER + 80 + (slot // 4) * (2 * r + 16)


ESTATE_DX, ESTATE_DY = 34, 40


# ---- geometry -----------------------------------------------------------------------------------


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)
    ]


def space_centre(name: str, ox: float, oy: float, r: float) -> tuple[float, float]:
    x, row = COLS.index(name[0]), int(name[1:])
    h = SQ3 * r
    return ox + r + x * 1.5 * r, oy + h / 2 + (row - 1) * h + (h / 2 if x % 2 else 0)


# ---- parts --------------------------------------------------------------------------------------


def _header(d: ImageDraw.ImageDraw, w: dict[str, str], locale: str, y0: int) -> None:
    """Title and the legends: what red and green points mean, and each tile type's letter, symbol
    and name (the band above says whose turn it is and what they decide)."""
    layers.text(d.im_, (MARGIN + 6, y0 + 8), w["title"], 32, kit.INK, bold=True)
    layers.text(
        d.im_, (WIDTH - MARGIN - 6, y0 + 12), w["legend_red"] + "  ·  " + w["legend_green"], 20, kit.DARK,
        bold=True, anchor="ra", max_width=WIDTH - 560,
    )
    x = MARGIN + 6
    step = (WIDTH - 2 * MARGIN - 12) // len(COLOURS)
    loc = known_locale(locale)
    for colour in COLOURS:
        fill = COLOUR_RGB[colour]
        d.rounded_rectangle((x, y0 + 48, x + 58, y0 + 78), 6, fill=fill, outline=kit.INK)
        layers.text(d.im_, (x + 29, y0 + 63), SYMBOL[colour] + colour, 20, kit.contrast_ink(fill), bold=True, anchor="mm")
        layers.text(d.im_, (x + 64, y0 + 63), TILE[colour][loc], 18, kit.INK, bold=True, anchor="lm", max_width=step - 68)
        x += step


def _tile_hex(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    code: str | None,
    farm: list[str] | None = None,
    label: str = "",
) -> None:
    """A loose tile (display or storage): its colour, type symbol and code (a cached sprite); a
    farm shows the farm types it feeds in place of its type letter, inside the hex, where no
    frame or neighbour can cover it."""
    kinds = tuple(farm) if farm and code is not None and code != "hex" else ()
    sprite = _tile_sprite(code, int(r), label, kinds)
    kit.paste_sprite(d.im_, (round(cx) - sprite.width // 2, round(cy) - sprite.height // 2), sprite)


@lru_cache(maxsize=512)
def _tile_sprite(code: str | None, r: int, label: str, farm: tuple[str, ...] = ()) -> Image.Image:
    """The hex of a loose tile drawn once (a few dozen tiles recur on every table)."""
    side = 2 * r + 3
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    cx = cy = side // 2
    if code is None:
        d.polygon(hex_points(cx, cy, r), fill=kit.LIGHT, outline=kit.GREY)
        return image
    if code == "hex":
        d.polygon(hex_points(cx, cy, r), fill=kit.SKY, outline=kit.INK)
        layers.text(image, (cx, cy), HEX_TOKEN, int(r * 0.9), kit.INK, anchor="mm")
        return image
    colour = code[1]
    fill = COLOUR_RGB[colour]
    ink = kit.contrast_ink(fill)
    d.polygon(hex_points(cx, cy, r), fill=fill, outline=kit.INK)
    small = max(TILE_TEXT_MIN, int(r * 0.42))  # the code, for typing moves
    if len(farm) > 1:  # a neutral farm's two types: symbol, types across the widest middle, code
        middle = "/".join(farm)
        size = _fitting(middle, int(r * 0.55), int(r * 1.7))
        bold = kit.text_width(middle, size, True) <= int(r * 1.7)  # else the narrower regular weight
        layers.text(image, (cx, cy - r * 0.52), SYMBOL[colour], int(r * 0.55), ink, bold=True, anchor="mm")
        layers.text(image, (cx, cy), middle, size, ink, bold=bold, anchor="mm")
        layers.text(image, (cx, cy + r * 0.5), label or code, small, ink, bold=True, anchor="mm")
        return image
    top = SYMBOL[colour] + (farm[0] if farm else colour)
    size = _fitting(top, int(r * 0.62), int(r * 1.5))
    layers.text(image, (cx, cy - r * 0.22), top, size, ink, bold=True, anchor="mm")
    layers.text(image, (cx, cy + r * 0.42), label or code, small, ink, bold=True, anchor="mm")
    return image


def _fitting(words: str, size: int, max_width: int) -> int:
    """The largest size up to ``size`` at which ``words`` (bold) fit ``max_width``, never under the floor."""
    while size > TILE_TEXT_MIN and kit.text_width(words, size, True) > max_width:
        size -= 1
    return max(size, TILE_TEXT_MIN)


def _shared(d: ImageDraw.ImageDraw, view: dict[str, Any], w: dict[str, str], y0: int) -> None:
    top = y0 + HEADER
    d.rounded_rectangle(
        (MARGIN, top, WIDTH - MARGIN, top + SHARED - MARGIN), 12, fill=PANEL_FILL, outline=FRAME
    )
    layers.text(d.im_, (MARGIN + 14, top + 8), w["display"], 22, kit.DARK, bold=True)
    farm = view.get("farm_types") or {}
    r = DISPLAY_R
    for slot, code in enumerate(view["display"]):
        cx, cy = slot_centre(slot, y0)
        _tile_hex(d, cx, cy, r, code, farm_labels(farm.get(code), str(view.get("locale") or "en")) if code else None)
        layers.text(d.im_, (cx - r - 4, cy - r + 2), str(slot + 1), 20, kit.INK, bold=True, anchor="ra")
    x = MARGIN + 500
    discards = sum((view.get("discard") or {}).values())
    layers.text(d.im_, (x, top + 14), w["region"].format(n=view["deck"], d=discards), 22, kit.INK)
    layers.text(d.im_, (x, top + 44), w["yield"].format(n=view["yield_deck"]), 22, kit.INK)
    layers.text(
        d.im_, (x, top + 74), w["neutral"].format(n=view["neutral_left"], a=len(view["aside"])), 22, kit.INK
    )
    layers.text(d.im_, (x, top + 112), w["bonus"], 22, kit.DARK, bold=True)
    for i, tile in enumerate(BONUS_ORDER):
        bx = x + i * 92
        d.rectangle((bx, top + 142, bx + 80, top + 186), fill=kit.WHITE, outline=kit.INK, width=2)
        layers.text(
            d.im_, (bx + 40, top + 164), f"{tile}×{view['supply'][tile]}", 22, kit.INK, bold=True, anchor="mm"
        )
        # What the tile does, under its code: the codes are what ``bonus ST`` takes, the words
        # are what a player needs to choose one (and to read the codes on the estates below).
        layers.text(d.im_, (bx + 40, top + 192), w[f"b_{tile}"], 18, kit.DARK, anchor="ma", max_width=90)
    cx0 = x + 480
    layers.text(d.im_, (cx0, top + 14), w["colour_bonus"], 22, kit.DARK, bold=True)
    for i, colour in enumerate(COLOURS):
        info = view["colour_bonus"][colour]
        bx = cx0 + (i % 4) * 118
        by = top + 48 + (i // 4) * 92
        fill = COLOUR_RGB[colour]
        ink = kit.contrast_ink(fill)
        gone = info["side"] >= 2
        d.rectangle((bx, by, bx + 106, by + 80), fill=kit.LIGHT if gone else fill, outline=kit.INK, width=2)
        layers.text(d.im_, (bx + 8, by + 6), SYMBOL[colour] + colour, 24, kit.INK if gone else ink, bold=True)
        a, b = info["values"]
        value = "—" if gone else (f"{a}·{b}" if info["side"] == 0 else f"{b}")
        layers.text(d.im_, (bx + 98, by + 50), value, 30, kit.INK if gone else ink, bold=True, anchor="rm")


def _panel(
    d: ImageDraw.ImageDraw,
    view: dict[str, Any],
    seat: int,
    name: str,
    w: dict[str, str],
    ox: int,
    oy: int,
) -> None:
    info = view["seats"][seat]
    active = seat in (view.get("to_act") or []) and not view.get("ended")
    d.rounded_rectangle(
        (ox, oy, ox + PANEL_W, oy + PANEL_H),
        12,
        fill=ACTIVE_FILL if active else PANEL_FILL,
        outline=FRAME,
        width=3,
    )
    _estate(d, view, seat, w, ox + ESTATE_DX, oy + ESTATE_DY, ACTIVE_FILL if active else PANEL_FILL)
    x = ox + 330
    colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
    d.ellipse((x, oy + 12, x + 36, oy + 48), fill=colour, outline=kit.INK, width=2)
    layers.text(d.im_, (x + 18, oy + 30), str(seat + 1), 20, kit.contrast_ink(colour), bold=True, anchor="mm")
    marker = "▶ " if active else ""
    layers.text(d.im_, (x + 46, oy + 14), marker + name, 30, kit.INK, bold=True, max_width=PANEL_W - 380)
    d.rectangle((x, oy + 64, x + 180, oy + 130), fill=kit.GREEN, outline=kit.INK, width=2)
    layers.text(d.im_, (x + 8, oy + 68), w["green"], 20, kit.WHITE, bold=True)
    layers.text(d.im_, (x + 172, oy + 104), str(info["green"]), 44, kit.WHITE, bold=True, anchor="rm")
    d.rectangle((x + 196, oy + 64, x + 376, oy + 130), fill=kit.VERMILION, outline=kit.INK, width=2)
    layers.text(d.im_, (x + 204, oy + 68), w["red"], 20, kit.WHITE, bold=True)
    layers.text(d.im_, (x + 368, oy + 104), str(info["red"]), 44, kit.WHITE, bold=True, anchor="rm")
    stacks = "/".join(str(k) for k in info["stacks"])
    lines = [
        f"{w['stacks']} {stacks}   {w['cards']} {info['hand_size']}",
        f"{w['marble']} {info['marble']}   {w['workers']} {info['workers']}",
    ]
    if info.get("empty") is not None:
        lines.append(w["empty"].format(n=info["empty"]))
    for i, line in enumerate(lines):
        layers.text(d.im_, (x, oy + 142 + i * 32), line, 24, kit.INK, bold=i == 0)
    y = oy + 150 + len(lines) * 32
    storage = w["storage"].format(n=len(info["storage"]), cap=info["capacity"])
    layers.text(d.im_, (x, y), storage, 22, kit.DARK, bold=True)
    farm = view.get("farm_types") or {}
    for i, item in enumerate(info["storage"][:5]):
        _tile_hex(d, x + STORAGE_R + i * (2 * STORAGE_R + 4), y + 68, STORAGE_R, item, farm_labels(farm.get(item), str(view.get("locale") or "en")))
    by = oy + PANEL_H - 46
    bonus = [f"{t}×{info['bonus'][t]}" for t in BONUS_ORDER if info["bonus"][t]]
    for i, label in enumerate(bonus):
        bx = x + i * 76
        d.rectangle((bx, by, bx + 68, by + 34), fill=kit.WHITE, outline=kit.INK, width=2)
        layers.text(d.im_, (bx + 34, by + 17), label, 20, kit.INK, bold=True, anchor="mm")


def _estate(
    d: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, w: dict[str, str], ox: int, oy: int, bg: kit.RGB
) -> None:
    info = view["seats"][seat]
    geometry = info.get("geometry")
    if not geometry:
        _dealt(d, view, seat, w, ox, oy, bg)
        return
    key = (
        bg,
        tuple(sorted(geometry["colours"].items())),
        tuple(tuple(a) for a in geometry["areas"]),
        tuple(sorted(info["covered"].items())),
    )
    stamp = _estate_stamp(key)
    kit.paste_layer(d.im_, stamp, (ox - ESTATE_PAD, oy - ESTATE_PAD))
    for space in legal_spaces(view, seat):
        cx, cy = space_centre(space, ox, oy, HEX_R)
        d.polygon(hex_points(cx, cy, HEX_R - 4), outline=kit.INK, width=4)


def _dealt(
    d: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, w: dict[str, str], ox: int, oy: int, bg: kit.RGB
) -> None:
    """Before the estates are shown: the three boards the seat was dealt, side by side at
    positions 1-2-3 as ``assemble`` numbers them, each named; whether the seat has chosen (the
    view's ``ready``), and for a seat still choosing how the ``assemble`` words move the boards."""
    info = view["seats"][seat]
    boards = tuple(info.get("boards") or ())
    ready = bool(info.get("ready"))
    status = w["chosen"] if ready else w["assembling"]
    geometry = fixed_geometry(str(view.get("data_version") or ""), boards)
    if geometry is None:  # boards not dealt yet (or an unknown data version): words only
        layers.text(d.im_, (ox, oy + 40), status, 24, kit.DARK, bold=True)
        if boards:
            layers.text(d.im_, (ox, oy + 80), w["boards"].format(b=" ".join(boards)), 22, kit.INK)
        return
    key = (bg, tuple(sorted(geometry["colours"].items())), tuple(tuple(a) for a in geometry["areas"]), ())
    kit.paste_layer(d.im_, _estate_stamp(key), (ox - ESTATE_PAD, oy - ESTATE_PAD))
    bottom = oy + int(SQ3 * HEX_R * 5.5) + 4
    for pos, board in enumerate(sorted(boards)):
        cx = ox + HEX_R + (2 * pos + 0.5) * 1.5 * HEX_R
        layers.text(d.im_, (cx, bottom), f"{pos + 1}: {board}", 22, kit.INK, bold=True, anchor="ma")
    # in the info column, level with the boards' names (nothing else is there before the estates show)
    layers.text(d.im_, (ox - ESTATE_DX + 330, bottom), status, 22, kit.DARK, bold=True)
    if not ready:
        for i, line in enumerate(_wrap(w["assemble_hint"], 20, PANEL_W - 40, 2)):
            layers.text(d.im_, (ox - 20, bottom + 30 + i * 25), line, 20, kit.DARK, bold=True, max_width=PANEL_W - 40)


def _neighbours(space: str) -> list[str]:
    """The spaces touching ``space`` on the estate grid (some may not exist in an estate)."""
    x, row = COLS.index(space[0]), int(space[1:])
    if x % 2 == 0:
        steps = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
    else:
        steps = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
    return [f"{COLS[x + dx]}{row + dy}" for dx, dy in steps if 0 <= x + dx < len(COLS)]


def legal_spaces(view: dict[str, Any], seat: int) -> list[str]:
    """Where the reader may put a tile now, outlined in their private view only when they are to
    act: the dark-green spaces for the start castle; in a turn, each empty space next to a covered
    one whose colour a stored tile has (a hex token fits any) and the hand can pay for; after a
    castle, such spaces of a colour showing in the display. The public view outlines nothing."""
    if view.get("me") is None or view.get("seat") != seat or seat not in prompt.acting(view):
        return []
    info = view["seats"][seat]
    geometry = info.get("geometry") or {}
    colours: dict[str, str] = geometry.get("colours") or {}
    covered = info.get("covered") or {}
    key = prompt.decision_key(view)
    if key == "start":
        return [] if view["me"].get("start") else [sp for sp, c in colours.items() if c == "K"]
    free = [sp for sp in colours if sp not in covered and any(n in covered for n in _neighbours(sp))]
    if key == "castle":
        showing = {code[1] for code in view.get("display") or [] if code}
        return [sp for sp in free if colours[sp] in showing]
    if key not in ("main", "extra"):
        return []
    storage = list(info.get("storage") or [])
    stored = {item[1] for item in storage if item != "hex"}
    if storage.count("hex") > int(info.get("fresh_tokens") or 0):  # a token gained this turn waits (Q22)
        stored.add("hex")
    pays = view["me"].get("payments") or {}
    return [sp for sp in free if (colours[sp] in stored or "hex" in stored) and pays.get(colours[sp])]


ESTATE_PAD = 30


@lru_cache(maxsize=256)
def _estate_stamp(key: tuple[Any, ...]) -> Image.Image:
    """The estate drawn once per (background, layout, coverage): most renders repeat most estates."""
    bg, colour_items, areas, covered_items = key
    r = HEX_R
    colours = dict(colour_items)
    covered = dict(covered_items)
    area_of = {sp: i for i, area in enumerate(areas) for sp in area}
    rows = max(int(sp[1:]) for sp in colours)
    pad = ESTATE_PAD
    image = Image.new("RGB", (pad + int(9.5 * r) + 6, pad + int(SQ3 * r * (rows + 0.5)) + 6), bg)
    d = ImageDraw.Draw(image)
    ox = oy = pad
    for x, letter in enumerate(COLS):
        layers.text(image, (ox + r + x * 1.5 * r, oy - 22), letter, 20, kit.DARK, bold=True, anchor="ma")
    for row in range(1, rows + 1):
        layers.text(
            image, (ox - 8, oy + SQ3 * r * (row - 0.5)), str(row), 20, kit.DARK, bold=True, anchor="rm"
        )
    for sp, colour in colours.items():
        cx, cy = space_centre(sp, ox, oy, r)
        item = covered.get(sp)
        fill = COLOUR_RGB[colour] if item else tint(colour)
        d.polygon(hex_points(cx, cy, r), fill=fill, outline=kit.GREY)
        ink = kit.contrast_ink(fill)
        if item is None:
            layers.text(image, (cx, cy), colour, 20, kit.DARK, bold=True, anchor="mm")
        elif item == "hex":
            layers.text(image, (cx, cy), HEX_TOKEN + colour, 20, ink, bold=True, anchor="mm")
        elif item.endswith("S"):
            d.ellipse((cx - r * 0.62, cy - r * 0.62, cx + r * 0.62, cy + r * 0.62), outline=ink, width=3)
            layers.text(image, (cx, cy), SYMBOL["K"], 24, ink, bold=True, anchor="mm")
        else:
            layers.text(image, (cx, cy), SYMBOL[colour], 26, ink, bold=True, anchor="mm")
    for sp in colours:
        cx, cy = space_centre(sp, ox, oy, r)
        pts = hex_points(cx, cy, r)
        x, row = COLS.index(sp[0]), int(sp[1:])
        for k, offsets in enumerate(EDGE_NEIGHBOUR):
            dx, dy = offsets[x % 2]
            other = f"{COLS[x + dx]}{row + dy}" if 0 <= x + dx < 6 else ""
            if area_of.get(other) != area_of[sp]:
                d.line([pts[k], pts[(k + 1) % 6]], fill=kit.INK, width=3)
    return image


def _hand(d: ImageDraw.ImageDraw, view: dict[str, Any], w: dict[str, str], top: int) -> None:
    me = view["me"]
    d.rounded_rectangle(
        (MARGIN, top, WIDTH - MARGIN, top + HAND_STRIP - MARGIN), 12, fill=kit.WHITE, outline=FRAME
    )
    layers.text(d.im_, (MARGIN + 14, top + 8), w["hand"], 24, kit.INK, bold=True)
    notes = [w["marks"]] + ([w["can_place"]] if legal_spaces(view, int(view.get("seat") or 0)) else [])
    layers.text(
        d.im_, (WIDTH - MARGIN - 14, top + 10), "  ·  ".join(notes), 20, kit.DARK, bold=True, anchor="ra",
        max_width=WIDTH - 420,
    )
    pays = me.get("payments") or {}
    for i, colour in enumerate(COLOURS):
        bx = MARGIN + 14 + i * 184
        fill = COLOUR_RGB[colour]
        ink = kit.contrast_ink(fill)
        d.rounded_rectangle((bx, top + 42, bx + 170, top + 100), 8, fill=fill, outline=kit.INK, width=2)
        layers.text(d.im_, (bx + 10, top + 56), SYMBOL[colour] + colour, 28, ink, bold=True)
        layers.text(d.im_, (bx + 160, top + 72), f"×{me['hand'][colour]}", 34, ink, bold=True, anchor="rm")
        options = pays.get(colour) or []
        text = " ".join(options[:3]) + (" …" if len(options) > 3 else "") if options else "—"
        for j, line in enumerate(_wrap(text, TEXT_MIN, 176, 2)):
            layers.text(
                d.im_, (bx + 2, top + 108 + j * 26), line, TEXT_MIN, kit.INK, bold=True, max_width=176
            )


def _wrap(text: str, size: int, max_width: int, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of ``max_width`` (bold); the last
    line takes the rest (and is shortened with an ellipsis when drawn, if it must be)."""
    out: list[str] = []
    rest = text.split(" ")
    if len(rest) > 1 and rest[-1] == "…":  # the ellipsis stays with the option before it
        rest[-2:] = [rest[-2] + " …"]
    while rest and len(out) < lines - 1:
        line = rest.pop(0)
        while rest and kit.text_width(line + " " + rest[0], size, True) <= max_width:
            line += " " + rest.pop(0)
        out.append(line)
    if rest:
        out.append(" ".join(rest))
    return out


# ---- what happened: the last move ringed, the moves since the reader's last turn marked lightly ----


def _places(events: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    """Where ``events`` changed the board: ("space", seat, space) and ("slot", slot, "")."""
    out: list[tuple[str, int, str]] = []
    for event in events:
        kind = event.get("kind")
        if kind in ("placed",) and event.get("space"):
            out.append(("space", int(event["seat"]), str(event["space"])))
        if kind in ("take", "castle") and event.get("slot"):
            out.append(("slot", int(event["slot"]) - 1, ""))
    return out


def marks(view: dict[str, Any]) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """(the last move's places, the places of the others' moves since the reader's last one):
    from the table's ``view["last"]`` and (private views) ``view["since"]``."""
    last = view.get("last")
    rings = _places(last.get("events") or []) if isinstance(last, dict) else []
    light: list[tuple[str, int, str]] = []
    if view.get("me") is not None:
        for move in view.get("since") or []:
            if isinstance(move, dict):
                light += [p for p in _places(move.get("events") or []) if p not in rings]
    return rings, list(dict.fromkeys(light))


def _marks(d: ImageDraw.ImageDraw, view: dict[str, Any], y0: int) -> None:
    rings, light = marks(view)
    players = int(view["players"])
    for places, width, colour in ((light, 3, kit.DARK), (rings, 6, kit.INK)):
        for kind, index, space in places:
            if kind == "space":
                if not 0 <= index < players or not (view["seats"][index].get("geometry") or {}).get("colours", {}).get(space):
                    continue
                cx, cy = space_centre(space, *estate_origin(index, y0), HEX_R)
                r = HEX_R * 0.92
            else:
                if view.get("over") or not 0 <= index < len(view.get("display") or []):
                    continue  # at the end the result table stands where the display was
                cx, cy = slot_centre(index, y0)
                r = DISPLAY_R + 8
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=width)
            if width > 3:  # the last move: a white ring inside the ink one, seen on dark tiles too
                d.ellipse((cx - r + width, cy - r + width, cx + r - width, cy + r - width), outline=kit.WHITE, width=2)


# ---- the end: places, score by category, the tie-break that decided ------------------------------


def standings(view: dict[str, Any]) -> list[tuple[int, int]]:
    """(place, seat) best first, by the rules' order (§7.3: most red, then most empty spaces,
    fewest green, fewest cards in hand); seats equal on every key share a place."""
    seats = view["seats"]
    order = list((view.get("result") or {}).get("ranking") or range(int(view["players"])))

    def key(s: int) -> tuple[int, int, int, int]:
        info = seats[s]
        return (-int(info["red"]), -int(info.get("empty") or 0), int(info["green"]), int(info["hand_size"]))

    return [(1 + sum(1 for o in order if key(o) < key(s)), s) for s in order]


def tie_notes(view: dict[str, Any], names: list[str], w: dict[str, str]) -> list[str]:
    """For each two seats next in the order with equal red: which tie-break put one first, or
    that they share the place."""
    seats = view["seats"]
    out = []
    rows = standings(view)
    for (pa, a), (pb, b) in pairwise(rows):
        x, y = seats[a], seats[b]
        if int(x["red"]) != int(y["red"]):
            continue
        if pa == pb:
            note = "tie_shared"
        elif (x.get("empty") or 0) != (y.get("empty") or 0):
            note = "tie_empty"
        elif x["green"] != y["green"]:
            note = "tie_green"
        else:
            note = "tie_cards"
        out.append(w[note].format(a=names[a], b=names[b]))
    return out


RESULT_COLUMNS = ("r_play", "r_final", "r_red", "r_empty", "r_green", "r_cards")


def _result(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], w: dict[str, str], y0: int) -> None:
    """In place of the display at the end: each seat's place, its red points from play, the final
    bonus and the total, then the tie-break keys; under it, the tie-break that decided."""
    top = y0 + HEADER
    d.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + SHARED - MARGIN), 12, fill=PANEL_FILL, outline=FRAME)
    layers.text(d.im_, (MARGIN + 14, top + 8), w["result"], 24, kit.INK, bold=True)
    final = list((view.get("result") or {}).get("final") or [])
    xs = (700, 860, 1000, 1130, 1250, 1370)
    for x, key in zip(xs, RESULT_COLUMNS, strict=True):
        layers.text(d.im_, (x, top + 12), w[key], 20, kit.DARK, bold=True, anchor="ra")
    notes = tie_notes(view, names, w)
    row_h = 34 if len(notes) < 2 else 30
    for i, (place, seat) in enumerate(standings(view)):
        info = view["seats"][seat]
        y = top + 56 + i * row_h
        gain = int(final[seat]) if seat < len(final) else 0
        layers.text(d.im_, (MARGIN + 20, y), f"{place}.", 24, kit.INK, bold=True, anchor="lm")
        colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
        d.ellipse((MARGIN + 58, y - 12, MARGIN + 82, y + 12), fill=colour, outline=kit.INK)
        layers.text(d.im_, (MARGIN + 94, y), names[seat], 24, kit.INK, bold=place == 1, anchor="lm", max_width=520)
        values = (int(info["red"]) - gain, gain, int(info["red"]), info.get("empty") or 0, info["green"], info["hand_size"])
        for x, value in zip(xs, values, strict=True):
            layers.text(d.im_, (x, y), str(value), 24, kit.INK, bold=x == xs[2], anchor="rm")
    y = top + 56 + len(view["seats"]) * row_h - 8
    for note in notes[:2]:
        layers.text(d.im_, (MARGIN + 20, y), note, 20, kit.DARK, bold=True, max_width=WIDTH - 60)
        y += 26
