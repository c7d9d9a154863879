"""Half-width estate panels: three or four players, two estates to a row.

Why: one full-width panel per player made a four-player image about 1.5-1.6 times as tall as
wide, and a tall image previews small in Discord (issue #29: at most about 4:3 portrait). A half
panel holds the same facts, stacked: name and VP, the score parts in their own row, the seven
colour columns (code on the colour, pips, what a triple scores, the cards), then Projects and the
counters beside Storage. The frame (everything no move changes) is one cached layer per seat.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import kit
from render.burgundy_cards import image as full
from render.burgundy_cards.layers import PIP_H, pips, tile
from render.burgundy_cards.style import (
    CARD,
    HIGHLIGHT,
    MARGIN,
    PANEL,
    SILVER,
    WIDTH,
    WORKER,
    colour_of,
    store_word,
)

GAP = 12
"""Between the two panels of a row."""
HALF_W = (WIDTH - 2 * MARGIN - GAP) // 2
HALF_H = 370
PAD = 12
PARTS_Y = 54
COL_TOP = 100
COL_W = (HALF_W - 2 * PAD) // 7
COL_IN = COL_W - 6
BOX_H = 28
PIPS_Y = COL_TOP + BOX_H + 4
TRIPLE_Y = PIPS_Y + PIP_H + 10
CODES_Y = TRIPLE_Y + 12
BOTTOM = CODES_Y + full.CODE_ROWS * (full.SMALL + 4) + 2
"""Top of the Projects / Storage block."""
STORE_X = PAD + 3 * full.PROJ_STEP + 16
COUNTERS_Y = BOTTOM + 74 + 12
"""Centre of the first counters line (cards sold, hand, stack), under the projects."""
BONUS_Y = COUNTERS_Y + 22


def origin(seat: int, top: int) -> tuple[int, int]:
    """Top-left corner of ``seat``'s panel when the panels start at ``top``."""
    row, col = divmod(seat, 2)
    return MARGIN + col * (HALF_W + GAP), top + row * HALF_H


def rows(players: int) -> int:
    return (players + 1) // 2


@lru_cache(maxsize=8)
def _counter_xs(locale: str) -> tuple[tuple[int, int], ...]:
    """Label and value x of the three counters on their line (labels differ in width by language)."""
    w = full.words(locale)
    x, out = PAD + 4, []
    for key in full.INFO[:3]:
        value_x = x + kit.text_width(w[key], full.SMALL) + 8
        out.append((x, value_x))
        x = value_x + kit.text_width("00", full.COUNT, True) + 20
    return tuple(out)


@lru_cache(maxsize=32)
def frame(seat: int, locale: str) -> Image.Image:
    """A half panel's static part: border, badge, part names, colour boxes, titles, counter names."""
    w = full.words(locale)
    image, d = kit.canvas(HALF_W, HALF_H)
    d.rounded_rectangle((0, 4, HALF_W - 1, HALF_H - 8), 12, fill=PANEL, outline=kit.SEAT_COLOURS[seat], width=4)
    kit.badge(d, (30, 30), 19, kit.SEAT_COLOURS[seat], str(seat + 1))
    part_w = (HALF_W - 2 * PAD) // len(full.PARTS)
    for k, part in enumerate(full.PARTS):
        kit.draw_text(d, (PAD + k * part_w, PARTS_Y), w["p_" + part], full.SMALL, kit.DARK, max_width=part_w - 2)
    for k, col in enumerate(full.COLOURS):
        x = PAD + k * COL_W
        d.rounded_rectangle((x, COL_TOP, x + COL_IN, COL_TOP + BOX_H), 6, fill=CARD[col], outline=kit.INK, width=1)
        kit.draw_text(d, (x + COL_IN // 2, COL_TOP + BOX_H // 2), col, full.SMALL, kit.contrast_ink(CARD[col]),
                      bold=True, anchor="mm")
    kit.draw_text(d, (PAD, BOTTOM), w["projects"], 20, kit.INK, bold=True)
    for i in range(3):
        bx = PAD + i * full.PROJ_STEP
        d.rounded_rectangle((bx, BOTTOM + 26, bx + full.PROJ_W, BOTTOM + 74), 7, outline=kit.GREY, width=2)
    for (x, _), key in zip(_counter_xs(locale), full.INFO[:3], strict=True):
        kit.draw_text(d, (x, COUNTERS_Y), w[key], full.SMALL, kit.DARK, anchor="lm")
    kit.draw_text(d, (PAD + 4, BONUS_Y), w["i_bonus"], full.SMALL, kit.DARK, anchor="lm")
    kit.draw_text(d, (STORE_X, BOTTOM), w["storage"], 20, kit.INK, bold=True)
    kit.badge(d, (STORE_X + 17, BOTTOM + full._STORE_DY), 17, SILVER, "S")
    kit.badge(d, (STORE_X + full._WORKERS_DX + 17, BOTTOM + full._STORE_DY), 17, WORKER, "W")
    return image


def estate(image: Image.Image, view: dict[str, Any], seat: int, names: list[str], w: dict[str, str],
           top: int) -> None:
    """``seat``'s half panel (its frame already pasted) with the panels starting at ``top``."""
    x0, y0 = origin(seat, top)
    est = view["estates"][seat]
    locale = str(view.get("locale") or "en")
    if view.get("current") == seat and not view.get("ended"):
        d = kit.draw_on(image)
        d.rectangle((x0 + 4, y0 + 60, x0 + 9, y0 + HALF_H - 14), fill=HIGHLIGHT)
        d.rectangle((x0 + 58, y0 + 45, x0 + HALF_W - 170, y0 + 48), fill=HIGHLIGHT)
    score = est["score"]
    mine = w["you"] if view.get("me") is not None and seat == view.get("seat") else ""
    full.label(image, (x0 + 58, y0 + 12), names[seat] + mine, 26, kit.INK, bold=True, max_width=HALF_W - 58 - 160)
    full.label(image, (x0 + HALF_W - 16, y0 + 8), w["vp"].format(n=score["total"]), 34, kit.INK, bold=True, anchor="ra")
    part_w = (HALF_W - 2 * PAD) // len(full.PARTS)
    for k, part in enumerate(full.parts_of(len(view["estates"]))):
        full.label(image, (x0 + PAD + k * part_w, y0 + PARTS_Y + 20), str(score[part]), full.PART_VALUE, kit.INK,
              bold=True)
    triple_vp = view.get("triple_vp") or {}
    for k, col in enumerate(full.COLOURS):
        x = x0 + PAD + k * COL_W
        cards = est["est"][col]
        kit.paste_layer(image, pips(len(cards), PANEL, COL_IN), (x, y0 + PIPS_Y))
        full.label(image, (x + COL_IN // 2, y0 + TRIPLE_Y), w["triple_short"].format(n=triple_vp.get(col, "?")),
              full.SMALL, kit.INK, bold=True, anchor="mm", max_width=COL_IN)
        marked = [code + ("*" if colour_of(code) != col else "") for code in cards]
        for dx, row, text in full._code_places(tuple(marked), COL_IN):
            full.label(image, (x + dx, y0 + CODES_Y + row * (full.SMALL + 4)), text, full.SMALL, kit.DARK)
    for i, code in enumerate(est["proj"][:3]):
        kit.paste_layer(image, tile(code, full.PROJ_W, 48, PANEL), (x0 + PAD + i * full.PROJ_STEP, y0 + BOTTOM + 26))
    sy, sx = y0 + BOTTOM, x0 + STORE_X
    full.label(image, (sx + 40, sy + full._STORE_DY), f"{est['silver']} {w['silver']}", full.COUNT, kit.INK, bold=True,
          anchor="lm", max_width=full._WORKERS_DX - 46)
    workers = f"{est['workers']} {w['worker' if est['workers'] == 1 else 'workers']}"
    full.label(image, (sx + full._WORKERS_DX + 40, sy + full._STORE_DY), workers, full.COUNT, kit.INK, bold=True,
          anchor="lm", max_width=HALF_W - PAD - STORE_X - full._WORKERS_DX - 40)
    for i, code in enumerate(stored(est)):
        row, k = divmod(i, full.GOODS_PER_ROW)
        kit.paste_layer(image, tile(code, full.GOODS_W, full.GOODS_H, PANEL, word=store_word(code, locale)),
                        (sx + k * full.GOODS_STEP, sy + 58 + row * (full.GOODS_H + 3)))
    values = [str(len(est["sold"])), str(est["hand"]), str(est["stack"])]
    for (_, value_x), value in zip(_counter_xs(locale), values, strict=True):
        full.label(image, (x0 + value_x, y0 + COUNTERS_Y), value, full.COUNT, kit.INK, bold=True, anchor="lm")
    bonus = est["bonus"] + ([est["all7"]] if est["all7"] else [])
    start = x0 + PAD + 4 + kit.text_width(w["i_bonus"], full.SMALL) + 8
    limit = x0 + STORE_X - 12
    bold = full._tokens_width(bonus, full.SMALL, True) <= limit - start
    full.tokens(image, start, y0 + BONUS_Y, bonus or ["—"], full.SMALL, kit.INK, bold=bold, limit=limit, anchor="lm")


def stored(est: dict[str, Any]) -> list[str]:
    """The goods and animals shown in storage (two rows)."""
    return (est["goods"][:6] + est["animals"][:8])[: 2 * full.GOODS_PER_ROW]


def mark_box(view: dict[str, Any], kind: str, seat: int, what: str, top: int) -> tuple[int, int, int, int] | None:
    """The box a mark outlines on ``seat``'s half panel, or None where the card is not shown."""
    x0, y0 = origin(seat, top)
    est = view["estates"][seat]
    if kind == "col" and what in full.COLOURS:
        x = x0 + PAD + full.COLOURS.index(what) * COL_W
        return (x - 4, y0 + COL_TOP - 4, x + COL_IN + 4, y0 + COL_TOP + BOX_H + 4)
    if kind == "proj" and what in est["proj"][:3]:
        x = x0 + PAD + est["proj"].index(what) * full.PROJ_STEP
        return (x - 4, y0 + BOTTOM + 22, x + full.PROJ_W + 4, y0 + BOTTOM + 78)
    if kind == "store" and what in stored(est):
        row, k = divmod(stored(est).index(what), full.GOODS_PER_ROW)
        x, y = x0 + STORE_X + k * full.GOODS_STEP, y0 + BOTTOM + 58 + row * (full.GOODS_H + 3)
        return (x - 3, y - 3, x + full.GOODS_W + 3, y + full.GOODS_H + 3)
    return None
