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
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.tuscany import layers
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
    tint,
    words,
)

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
    """The PNG for ``view`` (public, or a seat's private view with its hand)."""
    players = int(view["players"])
    rows = (players + 1) // 2
    private = view.get("me") is not None
    height = HEADER + SHARED + rows * (PANEL_H + MARGIN) + (HAND_STRIP if private else 0) + MARGIN
    image, d = PALETTE.canvas(WIDTH, height)
    d.im_ = image  # type: ignore[attr-defined]  # the image under this draw, for pasted text
    locale = str(view.get("locale") or "en")
    w = words(locale)
    names = kit.seat_names(view, players)
    _header(d, view, names, w)
    _shared(d, view, w)
    for seat in range(players):
        ox = MARGIN + (seat % 2) * (PANEL_W + MARGIN)
        oy = HEADER + SHARED + (seat // 2) * (PANEL_H + MARGIN)
        mine = w["you"] if private and seat == view.get("seat") else ""  # whose hand this view shows
        _panel(d, view, seat, names[seat] + mine, w, ox, oy)
    if private:
        _hand(d, view, w, HEADER + SHARED + rows * (PANEL_H + MARGIN))
    return kit.finish(image, view, PALETTE)


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


def _who(view: dict[str, Any], names: list[str], w: dict[str, str]) -> str:
    acting = [s for s in view.get("to_act") or [] if s >= 0]
    if view.get("to_act") == [-1]:
        return w["chance"]
    return w["sep"].join(names[s] for s in acting)


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], w: dict[str, str]) -> None:
    layers.text(d.im_, (MARGIN + 6, 16), w["title"], 40, kit.INK, bold=True)
    if view.get("over"):
        status = w["over"]
        winners = (view.get("result") or {}).get("winners") or []
        if winners:  # several winners share the win (every tie-break equal, §7.3)
            label = w["shared_win"] if len(winners) > 1 else w["winner"]
            status += " · " + label + w["colon"] + w["sep"].join(names[s] for s in winners)
    elif view.get("ended"):  # ended unfinished by vote: nobody is to act
        head = w["setup"] if view.get("phase") == "setup" else w["round"].format(n=view["round"])
        status = head + " · " + w["ended"]
    elif view.get("phase") == "setup":
        status = w["setup"] + " · " + w["to_act"].format(who=_who(view, names, w))
    else:
        status = w["round"].format(n=view["round"]) + " · " + w["to_act"].format(who=_who(view, names, w))
        if view.get("final_left") is not None:
            status += " · " + w["last_turns"].format(n=view["final_left"])
        elif view.get("trigger") is not None:
            status += " · " + w["round_ends"]
    layers.text(d.im_, (560, 24), status, 30, kit.DARK, bold=True, max_width=WIDTH - 580)


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


def _shared(d: ImageDraw.ImageDraw, view: dict[str, Any], w: dict[str, str]) -> None:
    top = HEADER
    d.rounded_rectangle(
        (MARGIN, top, WIDTH - MARGIN, top + SHARED - MARGIN), 12, fill=PANEL_FILL, outline=FRAME
    )
    layers.text(d.im_, (MARGIN + 14, top + 8), w["display"], 22, kit.DARK, bold=True)
    farm = view.get("farm_types") or {}
    r = DISPLAY_R
    for slot, code in enumerate(view["display"]):
        cx = MARGIN + 72 + (slot % 4) * (2 * r + 26)
        cy = top + 80 + (slot // 4) * (2 * r + 16)
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
    _estate(d, info, w, ox + 34, oy + 40, ACTIVE_FILL if active else PANEL_FILL)
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
    d: ImageDraw.ImageDraw, info: dict[str, Any], w: dict[str, str], ox: int, oy: int, bg: kit.RGB
) -> None:
    geometry = info.get("geometry")
    if not geometry:
        layers.text(d.im_, (ox, oy + 40), w["assembling"], 24, kit.DARK, bold=True)
        if info.get("boards"):
            layers.text(d.im_, (ox, oy + 80), w["boards"].format(b=" ".join(info["boards"])), 22, kit.INK)
        return
    key = (
        bg,
        tuple(sorted(geometry["colours"].items())),
        tuple(tuple(a) for a in geometry["areas"]),
        tuple(sorted(info["covered"].items())),
    )
    stamp = _estate_stamp(key)
    kit.paste_layer(d.im_, stamp, (ox - ESTATE_PAD, oy - ESTATE_PAD))


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
