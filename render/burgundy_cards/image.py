"""The card game as one PNG drawn from a rules view (public, or a seat's private view).

Top: title, round and turn, who acts, deck and discard counts, the start player card. Left: the
display, rows 1-6 each headed by a large die number, cards oldest first. Right: goods and animal
piles (top card and count), the "1." and "All 7" bonus cards left, the purchase on the table and
the pending question. Below: one panel per player — score and its parts, the Estate as seven colour
columns with pips grouped by three (progress toward triples; a cloister that joined another colour
is marked), Projects, Storage. The private view adds the hand: each card with what it can do now.
Every card shows its code and die number, so no information rests on colour alone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import kit
from render.burgundy_cards.layers import frame, label, pips, tile, warm
from render.burgundy_cards.style import (
    ACTIVE,
    CARD,
    COLOUR_NAMES,
    FADED,
    HIGHLIGHT,
    KINDS,
    MARGIN,
    PALETTE,
    PANEL,
    QUESTIONS,
    SILVER,
    TITLES,
    WIDTH,
    WORKER,
    colour_of,
    pick,
    words,
)

COLOURS = ("CAS", "MIN", "CLO", "KNO", "SHI", "PAS", "BLD")
CARD_W, CARD_H = 100, 54
ROW_H = 62
HEADER_H = 92
TOP_H = HEADER_H + 34 + 6 * ROW_H + 10
ESTATE_H = 236
HAND_H = 210
FINAL_H = 60
SIDE_X = 900
COL_W = 126
PROJ_X = MARGIN + 12 + 7 * COL_W + 8
PROJ_W, PROJ_STEP = 100, 106
PARTS = ("triples", "first", "all7", "vp", "goods", "animals", "sp")
PARTS_X, PART_W = MARGIN + 440, 104
INFO = ("i_sold", "i_hand", "i_stack", "i_bonus")
INFO_W = 160


def draw(view: dict[str, Any]) -> bytes:
    """The PNG for ``view``."""
    warm((CARD_W, ROW_H - 12), 14, PANEL)
    return kit.finish(compose(view), view, PALETTE)


def compose(view: dict[str, Any]) -> Image.Image:
    locale = str(view.get("locale") or "en")
    w = words(locale)
    players = int(view["players"])
    names = kit.seat_names(view, players)
    me = view.get("me")
    if me is not None and not me.get("hand"):
        me = None  # between turns or at the end: no hand to show
    final = view.get("final")
    image = background(players, locale, bool(me), bool(final)).copy()
    _header(image, view, names, w)
    _display(image, view)
    _side(image, view, w, locale)
    y = TOP_H
    if final:
        _final(image, view, names, w, locale, y)
        y += FINAL_H
    for seat in range(players):
        _estate(image, view, seat, names, w, y)
        y += ESTATE_H
    if me:
        _hand(image, me, w, locale, y)
    return image


@lru_cache(maxsize=32)
def background(players: int, locale: str, private: bool, final: bool) -> Image.Image:
    """Everything that does not change between moves, assembled from cached pieces (so a new
    player count or the private view costs a few pastes, not a redraw)."""
    height = TOP_H + players * ESTATE_H + (HAND_H if private else 0) + (FINAL_H if final else 0) + MARGIN
    image, _ = kit.canvas(WIDTH, height)
    image.paste(_top(locale), (0, 0))
    y = TOP_H + (FINAL_H if final else 0)
    for seat in range(players):
        image.paste(_estate_frame(seat, locale), (0, y))
        y += ESTATE_H
    if private:
        image.paste(_hand_frame(locale), (0, y))
    return PALETTE.convert(image)


@lru_cache(maxsize=8)
def _top(locale: str) -> Image.Image:
    w = words(locale)
    image, d = kit.canvas(WIDTH, TOP_H)
    kit.draw_text(d, (MARGIN, 12), w["title"], 32, kit.INK, bold=True)
    kit.draw_text(d, (MARGIN, HEADER_H), w["display"], 22, kit.INK, bold=True)
    y = HEADER_H + 34
    for r in range(1, 7):
        d.rounded_rectangle((MARGIN, y, MARGIN + 860, y + ROW_H - 6), 8, fill=PANEL, outline=kit.LIGHT, width=2)
        d.rounded_rectangle((MARGIN + 4, y + 4, MARGIN + 54, y + ROW_H - 10), 8, fill=kit.WHITE, outline=kit.INK,
                            width=2)
        kit.draw_text(d, (MARGIN + 29, y + (ROW_H - 6) // 2), str(r), 34, kit.INK, bold=True, anchor="mm")
        y += ROW_H
    kit.draw_text(d, (SIDE_X, HEADER_H), w["piles"], 22, kit.INK, bold=True)
    kit.draw_text(d, (SIDE_X, HEADER_H + 118), w["first"], 20, kit.DARK, bold=True)
    return image


@lru_cache(maxsize=32)
def _estate_frame(seat: int, locale: str) -> Image.Image:
    w = words(locale)
    image, d = kit.canvas(WIDTH, ESTATE_H)
    y = 0
    d.rounded_rectangle((MARGIN, y + 4, WIDTH - MARGIN, y + ESTATE_H - 8), 12, fill=PANEL,
                        outline=kit.SEAT_COLOURS[seat], width=4)
    kit.badge(d, (MARGIN + 30, y + 32), 19, kit.SEAT_COLOURS[seat], str(seat + 1))
    for k, part in enumerate(PARTS):
        kit.draw_text(d, (PARTS_X + k * PART_W, y + 10), w["p_" + part], 14, kit.DARK, max_width=PART_W - 6)
    for k, key in enumerate(INFO):
        kit.draw_text(d, (MARGIN + 16 + k * INFO_W, y + ESTATE_H - 34), w[key], 15, kit.DARK)
    top = y + 56
    x = MARGIN + 12
    for col in COLOURS:
        d.rounded_rectangle((x, top, x + 118, top + 28), 6, fill=CARD[col], outline=kit.INK, width=1)
        kit.draw_text(d, (x + 59, top + 40), pick(COLOUR_NAMES, col, locale), 15, kit.DARK, anchor="mm")
        x += COL_W
    kit.draw_text(d, (PROJ_X, top), w["projects"], 20, kit.INK, bold=True)
    for i in range(3):
        bx = PROJ_X + i * PROJ_STEP
        d.rounded_rectangle((bx, top + 26, bx + PROJ_W, top + 74), 7, outline=kit.GREY, width=2)
    sy = top + 84
    kit.draw_text(d, (PROJ_X, sy), w["storage"], 20, kit.INK, bold=True)
    kit.badge(d, (PROJ_X + 14, sy + 40), 13, SILVER, "S")
    kit.badge(d, (PROJ_X + 144, sy + 40), 13, WORKER, "W")
    return image


@lru_cache(maxsize=8)
def _hand_frame(locale: str) -> Image.Image:
    image, d = kit.canvas(WIDTH, HAND_H)
    d.rounded_rectangle((MARGIN, 4, WIDTH - MARGIN, HAND_H - 8), 12, fill=kit.WHITE, outline=kit.INK, width=3)
    kit.draw_text(d, (MARGIN + 16, 14), words(locale)["your_hand"], 22, kit.INK, bold=True)
    return image


def _header(image: Image.Image, view: dict[str, Any], names: list[str], w: dict[str, str]) -> None:
    if view["status"] == "over":
        status = w["over"]
    else:
        status = w["round"].format(r=view["round"], t=view["turn_in_round"])
        current = view.get("current")
        if current is not None:
            status += " · " + w["to_act"].format(p=names[current])
        elif view.get("chance"):
            status += " · " + w["drawing"]
    label(image, (MARGIN, 54), status, 24, kit.DARK, bold=True, max_width=860)
    label(image, (WIDTH - MARGIN, 16), w["deck"].format(n=view["deck"], d=len(view["discard"])), 22, kit.DARK,
          anchor="ra")
    sp = view.get("sp")
    if sp is not None:
        text = w["start"].format(p=names[sp["holder"]]) + (" (?)" if sp["q"] else "")
        label(image, (WIDTH - MARGIN, 52), text, 22, kit.DARK, bold=True, anchor="ra", max_width=520)
    elif view.get("solo_target"):
        label(image, (WIDTH - MARGIN, 52), w["target"].format(t=view["solo_target"]), 22, kit.DARK, bold=True,
              anchor="ra")


def _display(image: Image.Image, view: dict[str, Any]) -> None:
    y = HEADER_H + 34
    for row in view["display"]:
        x = MARGIN + 62
        for code in row[:7]:
            kit.paste_layer(image, tile(code, CARD_W, ROW_H - 12, PANEL), (x, y + 3))
            x += CARD_W + 6
        if len(row) > 7:
            label(image, (x, y + 16), f"+{len(row) - 7}", 22, kit.INK, bold=True)
        y += ROW_H


def _side(image: Image.Image, view: dict[str, Any], w: dict[str, str], locale: str) -> None:
    y = HEADER_H + 34
    for i, name in enumerate(("g1", "g2", "a1", "a2")):
        pile = view["piles"][name]
        x = SIDE_X + i * 128
        label(image, (x, y), f"{name.upper()} ×{pile['n']}", 19, kit.DARK, bold=True)
        if pile["top"]:
            kit.paste_layer(image, tile(pile["top"], 112, 44, kit.PAPER), (x, y + 26))
        else:
            kit.paste_layer(image, frame(112, 44, kit.PAPER, kit.GREY, 2, kit.PAPER, 7), (x, y + 26))
    y = HEADER_H + 146
    x = SIDE_X
    for col in COLOURS:
        left = col in view["bonus1"]
        kit.paste_layer(image, frame(66, 34, CARD[col] if left else FADED, kit.INK, 1, kit.PAPER, 6), (x, y))
        label(image, (x + 33, y + 17), col, 16, kit.contrast_ink(CARD[col]) if left else kit.INK, bold=True,
              anchor="mm")
        x += 72
    y += 46
    all7 = " ".join(c.split("-")[1] for c in view["all7"]) or "—"
    label(image, (SIDE_X, y), f"{w['all7']}: {all7}", 20, kit.DARK, bold=True)
    y += 36
    if view.get("shown"):
        label(image, (SIDE_X, y), w["bought"], 20, HIGHLIGHT, bold=True)
        for i, code in enumerate(view["shown"]):
            kit.paste_layer(image, tile(code, CARD_W, CARD_H, kit.PAPER), (SIDE_X + i * (CARD_W + 8), y + 28))
        y += 92
    pending = view.get("pending")
    if pending:
        q = pick(QUESTIONS, pending["q"], locale)
        text = w["question"].format(q=q) + (f" ({pending['card']})" if pending.get("card") else "")
        label(image, (SIDE_X, y), text, 20, HIGHLIGHT, bold=True, max_width=WIDTH - SIDE_X - MARGIN)
        y += 30
        options = pending["options"]
        for k in range(0, min(len(options), 12), 3):
            line: list[str] = []
            for option in options[k:k + 3]:
                line += [*(["·"] if line else []), *option.split()]
            if k + 3 >= 12 and len(options) > 12:
                line.append("…")
            tokens(image, SIDE_X, y, line, 16, kit.DARK)
            y += 22


def _estate(image: Image.Image, view: dict[str, Any], seat: int, names: list[str], w: dict[str, str],
            y: int) -> None:
    est = view["estates"][seat]
    d = kit.draw_on(image)
    if view.get("current") == seat:
        d.rectangle((MARGIN + 4, y + 60, MARGIN + 9, y + ESTATE_H - 14), fill=HIGHLIGHT)
        d.rectangle((MARGIN + 60, y + 46, MARGIN + 380, y + 49), fill=HIGHLIGHT)  # under the name, clear of the first column
    score = est["score"]
    mine = w["you"] if view.get("me") is not None and seat == view.get("seat") else ""  # whose hand this is
    label(image, (MARGIN + 58, y + 14), names[seat] + mine, 26, kit.INK, bold=True, max_width=370)
    label(image, (WIDTH - MARGIN - 16, y + 10), w["vp"].format(n=score["total"]), 34, kit.INK, bold=True, anchor="ra")
    for k, part in enumerate(PARTS):
        label(image, (PARTS_X + k * PART_W, y + 28), str(score[part]), 18, kit.INK, bold=True)
    triple_vp = view.get("triple_vp") or {}
    x = MARGIN + 12
    top = y + 56
    for col in COLOURS:
        cards = est["est"][col]
        label(image, (x + 59, top + 14), f"{col} {triple_vp.get(col, '')}", 16, kit.contrast_ink(CARD[col]),
              bold=True, anchor="mm")
        kit.paste_layer(image, pips(len(cards), PANEL), (x + 2, top + 52))
        full, rest = divmod(len(cards), 3)
        label(image, (x + 59, top + 82), f"{full} ✓ · {rest}/3", 15, kit.INK, bold=True, anchor="mm")
        for i, code in enumerate(cards[:6]):
            mark = "*" if colour_of(code) != col else ""
            label(image, (x + 4 + (i % 2) * 58, top + 96 + (i // 2) * 19), code + mark, 14, kit.DARK)
        if len(cards) > 6:
            label(image, (x + 4, top + 153), f"+{len(cards) - 6}", 14, kit.DARK)
        x += COL_W
    for i, code in enumerate(est["proj"][:3]):
        kit.paste_layer(image, tile(code, PROJ_W, 48, PANEL), (PROJ_X + i * PROJ_STEP, top + 26))
    sy = top + 84
    label(image, (PROJ_X + 32, sy + 28), f"{est['silver']} {w['silver']}", 19, kit.INK, bold=True)
    label(image, (PROJ_X + 162, sy + 28), f"{est['workers']} {w['workers']}", 19, kit.INK, bold=True)
    gx = PROJ_X
    for code in est["goods"][:6] + est["animals"][:8]:
        if gx > WIDTH - MARGIN - 70:
            break
        kit.paste_layer(image, tile(code, 60, 28, PANEL), (gx, sy + 58))
        gx += 64
    bottom = y + ESTATE_H - 36
    values = [str(len(est["sold"])), str(est["hand"]), str(est["stack"])]
    for k, value in enumerate(values):
        label(image, (MARGIN + 16 + k * INFO_W + 110, bottom), value, 17, kit.INK, bold=True)
    bonus = est["bonus"] + ([est["all7"]] if est["all7"] else [])
    tokens(image, MARGIN + 16 + 3 * INFO_W + 110, bottom, bonus or ["—"], 16, kit.INK, bold=True)


def tokens(image: Image.Image, x: int, y: int, words_: list[str], size: int, fill: kit.RGB, bold: bool = False,
           limit: int = WIDTH - MARGIN - 10) -> int:
    """Stamp words one by one (each a cached mask, so recurring codes cost a paste); returns the end x."""
    space = size // 3 + 2
    for word in words_:
        mask_w = label(image, (x, y), word, size, fill, bold=bold)
        x += mask_w + space
        if x > limit:
            break
    return x


def _hand(image: Image.Image, me: dict[str, Any], w: dict[str, str], locale: str, y: int) -> None:
    x = MARGIN + 16
    col_w = (WIDTH - 2 * MARGIN - 32) // 2
    for use in me.get("uses", []):
        kit.paste_layer(image, tile(use["card"], 120, 66, kit.WHITE), (x, y + 50))
        label(image, (x + 60, y + 124), f"#{use['slot']}", 22, kit.DARK, bold=True, anchor="ma")
        ly = y + 48
        lines = 0
        for option in use["uses"]:
            parts: list[str] = []
            if option["take"]:
                parts += [w["take"], *option["take"]]
            if option["build"]:
                parts += (["·"] if parts else []) + [w["build"], *option["build"]]
            if option["sell"]:
                parts += (["·"] if parts else []) + [w["sell"], pick(KINDS, option["sell"], locale)]
            if not parts:
                continue
            adj = f" ({option['adj']:+d})" if option["adj"] else ""
            tokens(image, x + 134, ly, [f"{option['value']}{adj}:", *parts], 17, kit.INK, limit=x + col_w - 20)
            ly += 27
            lines += 1
            if lines >= 6:
                break
        if not lines:
            label(image, (x + 134, ly), w["nothing"], 17, kit.DARK)
        x += col_w


def _final(image: Image.Image, view: dict[str, Any], names: list[str], w: dict[str, str], locale: str,
           y: int) -> None:
    final = view["final"]
    if "solo" in final:
        solo = final["solo"]
        key = "solo_won" if solo["won"] else "solo_lost"
        text = w[key].format(s=solo["score"], t=solo["target"], title=pick(TITLES, solo["title"], locale))
    else:
        winners = [s for s, place in zip(final["ranking"], final["places"], strict=True) if place == 1]
        key = "winner" if len(winners) == 1 else "shared"
        text = w[key].format(p=", ".join(names[s] for s in winners))
    kit.paste_layer(image, frame(WIDTH - 2 * MARGIN, FINAL_H - 10, ACTIVE, HIGHLIGHT, 3, kit.PAPER), (MARGIN, y + 4))
    label(image, (MARGIN + 16, y + 14), text, 26, kit.INK, bold=True, max_width=WIDTH - 2 * MARGIN - 32)
