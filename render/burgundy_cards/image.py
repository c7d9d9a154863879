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
from itertools import pairwise
from typing import Any

from PIL import Image

from render import kit
from render.burgundy_cards.band import band, panel_names
from render.burgundy_cards.layers import TILE_TEXT, frame, label, pips, tile, warm
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
    store_word,
    words,
)

COLOURS = ("CAS", "MIN", "CLO", "KNO", "SHI", "PAS", "BLD")
CARD_W, CARD_H = 100, 54
SHOWN_W = 110  # a purchase on the table: wide enough for its type code beside the die at 19 px
ROW_H = 62
HEADER_H = 48
"""Deck and discard counts, the start player card. The title, round and turn are gone: the band
above says who acts, in which round and turn, and a tall image previews small in Discord."""
TOP_H = HEADER_H + 34 + 6 * ROW_H + 10
HAND_H = 216
FINAL_H = 124
SIDE_X = 900

# Text sizes. Why: the picture is 1440 px wide and a phone shows it about 390 px wide, so text
# shrinks to ~27 %; below 18 px it cannot be read without zooming. The numbers read most (the
# score parts, the per-colour counts, the counters at the panel's foot) are larger still.
SMALL = TILE_TEXT  # labels, card codes, option lists: the smallest text anywhere (18)
COUNT = 20  # per-colour "0 ✓ · 0/3", goods sold / hand / stack values, silver and workers
PART_VALUE = 22  # the score parts under "triples", "'1.' cards", …
LINE = SMALL + 6  # line pitch of SMALL text

# A player's panel: a header band (name, score parts, VP), then seven colour columns on the left
# and Projects / Storage on the right; the counters row runs under the colour columns.
ESTATE_H = 272
BAND_H = 58  # header band; the colour columns start here
COL_X = MARGIN + 12
COL_IN = 140  # a column holds two card codes side by side at SMALL size
COL_W = COL_IN + 8
PROJ_X = COL_X + 7 * COL_W + 4
PROJ_W, PROJ_STEP = 100, 106
GOODS_W, GOODS_H, GOODS_STEP = 74, 28, 78
GOODS_PER_ROW = 4
CODE_ROWS = 3
PARTS = ("triples", "first", "all7", "vp", "goods", "animals", "sp")


def parts_of(players: int) -> tuple[str, ...]:
    """The score parts an estate shows: a solo game has no start player card to score."""
    return PARTS if players > 1 else tuple(p for p in PARTS if p != "sp")


PARTS_X, PART_W = MARGIN + 450, 116
INFO = ("i_sold", "i_hand", "i_stack", "i_bonus")
INFO_Y = 182  # centre of the counters row, below the columns' top


HALVES_FROM = 3
"""From three players the estates are half panels, two to a row (:mod:`halves`): one full-width
panel each made a four-player image up to 1.6 times as tall as wide."""


def draw(view: dict[str, Any]) -> bytes:
    """The PNG for ``view``, the summary band on top."""
    warm((CARD_W, ROW_H - 12), SMALL, PANEL)
    return kit.finish(compose(view), view, PALETTE, band(view))


def compose(view: dict[str, Any]) -> Image.Image:
    locale = str(view.get("locale") or "en")
    w = words(locale)
    players = int(view["players"])
    names = panel_names(view, players)
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
    if players >= HALVES_FROM:
        for seat in range(players):
            halves.estate(image, view, seat, names, w, y)
        y += halves.rows(players) * halves.HALF_H
    else:
        for seat in range(players):
            _estate(image, view, seat, names, w, y)
            y += ESTATE_H
    if me:
        _hand(image, me, w, locale, y)
    _marks(image, view)
    return image


@lru_cache(maxsize=32)
def background(players: int, locale: str, private: bool, final: bool) -> Image.Image:
    """Everything that does not change between moves, assembled from cached pieces (so a new
    player count or the private view costs a few pastes, not a redraw)."""
    estates_h = halves.rows(players) * halves.HALF_H if players >= HALVES_FROM else players * ESTATE_H
    height = TOP_H + estates_h + (HAND_H if private else 0) + (FINAL_H if final else 0) + MARGIN
    image, _ = kit.canvas(WIDTH, height)
    image.paste(_top(locale), (0, 0))
    y = TOP_H + (FINAL_H if final else 0)
    if players >= HALVES_FROM:
        for seat in range(players):
            image.paste(halves.frame(seat, locale), halves.origin(seat, y))
        y += estates_h
    for seat in range(players if players < HALVES_FROM else 0):
        image.paste(_estate_frame(seat, locale, players == 1), (0, y))
        y += ESTATE_H
    if private:
        image.paste(_hand_frame(locale), (0, y))
    return PALETTE.convert(image)


@lru_cache(maxsize=8)
def _top(locale: str) -> Image.Image:
    w = words(locale)
    image, d = kit.canvas(WIDTH, TOP_H)
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


@lru_cache(maxsize=8)
def _info_xs(locale: str) -> tuple[tuple[int, int], ...]:
    """Where each counter's label and value start in ``locale``: labels differ in width between
    languages, so each value follows its own label instead of sitting at a fixed column."""
    w = words(locale)
    x = MARGIN + 16
    out = []
    for key in INFO:
        value_x = x + kit.text_width(w[key], SMALL) + 8
        out.append((x, value_x))
        x = value_x + kit.text_width("00", COUNT, True) + 24
    return tuple(out)


@lru_cache(maxsize=32)
def _estate_frame(seat: int, locale: str, solo: bool = False) -> Image.Image:
    w = words(locale)
    image, d = kit.canvas(WIDTH, ESTATE_H)
    y = 0
    d.rounded_rectangle((MARGIN, y + 4, WIDTH - MARGIN, y + ESTATE_H - 8), 12, fill=PANEL,
                        outline=kit.SEAT_COLOURS[seat], width=4)
    kit.badge(d, (MARGIN + 30, y + 32), 19, kit.SEAT_COLOURS[seat], str(seat + 1))
    for k, part in enumerate(parts_of(1 if solo else 2)):
        kit.draw_text(d, (PARTS_X + k * PART_W, y + 8), w["p_" + part], SMALL, kit.DARK, max_width=PART_W - 8)
    top = y + BAND_H
    for (x, _), key in zip(_info_xs(locale), INFO, strict=True):
        kit.draw_text(d, (x, top + INFO_Y), w[key], SMALL, kit.DARK, anchor="lm")
    x = COL_X
    for col in COLOURS:
        d.rounded_rectangle((x, top, x + COL_IN, top + 30), 6, fill=CARD[col], outline=kit.INK, width=1)
        kit.draw_text(d, (x + COL_IN // 2, top + 45), pick(COLOUR_NAMES, col, locale), SMALL, kit.DARK, anchor="mm",
                      max_width=COL_IN)
        x += COL_W
    kit.draw_text(d, (PROJ_X, top), w["projects"], 20, kit.INK, bold=True)
    for i in range(3):
        bx = PROJ_X + i * PROJ_STEP
        d.rounded_rectangle((bx, top + 26, bx + PROJ_W, top + 74), 7, outline=kit.GREY, width=2)
    sy = top + 78
    kit.draw_text(d, (PROJ_X, sy), w["storage"], 20, kit.INK, bold=True)
    kit.badge(d, (PROJ_X + 17, sy + _STORE_DY), 17, SILVER, "S")
    kit.badge(d, (PROJ_X + _WORKERS_DX + 17, sy + _STORE_DY), 17, WORKER, "W")
    return image


_STORE_DY = 38  # centre of the silver / workers row below "Storage"
_WORKERS_DX = 150


@lru_cache(maxsize=8)
def _hand_frame(locale: str) -> Image.Image:
    image, d = kit.canvas(WIDTH, HAND_H)
    d.rounded_rectangle((MARGIN, 4, WIDTH - MARGIN, HAND_H - 8), 12, fill=kit.WHITE, outline=kit.INK, width=3)
    kit.draw_text(d, (MARGIN + 16, 14), words(locale)["your_hand"], 22, kit.INK, bold=True,
                  max_width=WIDTH - 2 * MARGIN - 32)
    return image


def _header(image: Image.Image, view: dict[str, Any], names: list[str], w: dict[str, str]) -> None:
    # Who acts, what they decide and the round and turn are the band's, above; here the counts.
    counts = w["deck"].format(n=view["deck"], d=len(view["discard"]))
    supply = view.get("supply")  # only with supply_limits=cards: what is left of the silver and workers
    if supply:
        counts += w["supply"].format(s=supply["silver"], k=supply["workers"])
    counts_w = label(image, (MARGIN, 10), counts, 22, kit.DARK, max_width=760)
    room = WIDTH - 2 * MARGIN - counts_w - 30  # clear of the counts at the left
    sp = view.get("sp")
    if sp is not None:
        label(image, (WIDTH - MARGIN, 10), start_card_text(view, names, w), 22, kit.DARK, bold=True, anchor="ra",
              max_width=room)
    elif view.get("solo_target"):
        label(image, (WIDTH - MARGIN, 10), w["target"].format(t=view["solo_target"]), 22, kit.DARK, bold=True,
              anchor="ra", max_width=room)


def start_card_text(view: dict[str, Any], names: list[str], w: dict[str, str]) -> str:
    """Who holds the start player card and what happens to it: its "?" side up (goods were sold
    this round) means the holder starts the next round; else it passes on at the round's end."""
    sp = view["sp"]
    holder = int(sp["holder"])
    if sp["q"]:
        what = w["sp_keep"].format(p=names[holder])
    else:
        what = w["sp_pass"].format(q=names[(holder + 1) % len(names)])
    return w["start"].format(p=names[holder]) + " · " + what


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
        label(image, (x, y), f"{name.upper()} ×{pile['n']}", 20, kit.DARK, bold=True)
        if pile["top"]:
            kit.paste_layer(image, tile(pile["top"], 112, 44, kit.PAPER, word=store_word(pile["top"], locale)), (x, y + 26))
        else:
            kit.paste_layer(image, frame(112, 44, kit.PAPER, kit.GREY, 2, kit.PAPER, 7), (x, y + 26))
            if pile["n"]:  # cards there, the top one not turned up: say it is unknown, not empty
                label(image, (x + 56, y + 48), w["unknown"], 30, kit.INK, bold=True, anchor="mm")
    y = HEADER_H + 146
    x = SIDE_X
    for col in COLOURS:
        left = col in view["bonus1"]
        kit.paste_layer(image, frame(66, 34, CARD[col] if left else FADED, kit.INK, 1, kit.PAPER, 6), (x, y))
        label(image, (x + 33, y + 17), col, SMALL, kit.contrast_ink(CARD[col]) if left else kit.INK, bold=True,
              anchor="mm")
        x += 72
    # "'All 7' left" shares the line of the "'1.' bonus left" heading (right-aligned), which
    # leaves room below for the purchase and a question's options at a readable size.
    all7 = " ".join(c.split("-")[1] for c in view["all7"]) or "—"
    first_w = kit.text_width(w["first"], 20, True)
    label(image, (WIDTH - MARGIN, HEADER_H + 118), f"{w['all7']}{w['colon']}{all7}", 20, kit.DARK, bold=True, anchor="ra",
          max_width=WIDTH - MARGIN - SIDE_X - first_w - 16)
    y += 44
    if view.get("ended"):
        return  # ended unfinished by vote: no purchase to settle, no question pending
    if view.get("shown"):
        label(image, (SIDE_X, y), w["bought"], 20, HIGHLIGHT, bold=True)
        for i, code in enumerate(view["shown"]):
            kit.paste_layer(image, tile(code, SHOWN_W, CARD_H, kit.PAPER), (SIDE_X + i * (SHOWN_W + 8), y + 28))
        y += 92
    pending = view.get("pending")
    if pending:
        q = pick(QUESTIONS, pending["q"], locale)
        text = w["question"].format(q=q) + (f" ({pending['card']})" if pending.get("card") else "")
        label(image, (SIDE_X, y), text, 20, HIGHLIGHT, bold=True, max_width=WIDTH - SIDE_X - MARGIN)
        y += 30
        for line in _option_lines(pending["options"], (TOP_H - 6 - y) // LINE):
            tokens(image, SIDE_X, y, line, SMALL, kit.DARK)
            y += LINE


def _option_lines(options: list[str], max_lines: int, width: int = WIDTH - MARGIN - 10 - SIDE_X) -> list[list[str]]:
    """A question's options packed whole into at most ``max_lines`` lines of ``width`` (as many to
    a line as fit, ``·`` between them); "…" ends the last line when some are left out."""
    lines: list[list[str]] = []  # the options on each line
    for k, option in enumerate(options):
        if lines and _tokens_width(_joined([*lines[-1], option]), SMALL) <= width:
            lines[-1].append(option)
        elif len(lines) < max_lines:
            lines.append([option])
        else:
            last = lines[-1]
            while len(last) > 1 and _tokens_width([*_joined(last), "…"], SMALL) > width:
                last.pop()
            out = [_joined(line) for line in lines]
            if k < len(options):
                out[-1].append("…")
            return out
    return [_joined(line) for line in lines]


def _joined(options: list[str]) -> list[str]:
    line: list[str] = []
    for option in options:
        line += [*(["·"] if line else []), *option.split()]
    return line


def _space(size: int) -> int:
    return size // 3 + 2


def _tokens_width(words_: list[str], size: int, bold: bool = False) -> int:
    return sum(kit.text_width(t, size, bold) for t in words_) + _space(size) * max(0, len(words_) - 1)


def _estate(image: Image.Image, view: dict[str, Any], seat: int, names: list[str], w: dict[str, str],
            y: int) -> None:
    est = view["estates"][seat]
    locale = str(view.get("locale") or "en")
    d = kit.draw_on(image)
    if view.get("current") == seat and not view.get("ended"):
        d.rectangle((MARGIN + 4, y + 60, MARGIN + 9, y + ESTATE_H - 14), fill=HIGHLIGHT)
        d.rectangle((MARGIN + 60, y + 47, PARTS_X - 14, y + 50), fill=HIGHLIGHT)  # under the name, clear of the columns
    score = est["score"]
    mine = w["you"] if view.get("me") is not None and seat == view.get("seat") else ""  # whose hand this is
    label(image, (MARGIN + 58, y + 14), names[seat] + mine, 26, kit.INK, bold=True, max_width=PARTS_X - MARGIN - 72)
    label(image, (WIDTH - MARGIN - 16, y + 10), w["vp"].format(n=score["total"]), 34, kit.INK, bold=True, anchor="ra")
    for k, part in enumerate(parts_of(len(view["estates"]))):
        label(image, (PARTS_X + k * PART_W, y + 29), str(score[part]), PART_VALUE, kit.INK, bold=True)
    triple_vp = view.get("triple_vp") or {}
    x = COL_X
    top = y + BAND_H
    for col in COLOURS:
        cards = est["est"][col]
        label(image, (x + COL_IN // 2, top + 15), col, SMALL, kit.contrast_ink(CARD[col]), bold=True, anchor="mm")
        kit.paste_layer(image, pips(len(cards), PANEL, COL_IN), (x, top + 56))
        # what a triple of this colour scores (the pips above show how many are held)
        label(image, (x + COL_IN // 2, top + 87), w["triple_vp"].format(n=triple_vp.get(col, "?")), SMALL, kit.INK,
              bold=True, anchor="mm", max_width=COL_IN)
        marked = [code + ("*" if colour_of(code) != col else "") for code in cards]
        for dx, row, text in _code_places(tuple(marked), COL_IN):
            label(image, (x + dx, top + 101 + row * (SMALL + 4)), text, SMALL, kit.DARK)
        x += COL_W
    for i, code in enumerate(est["proj"][:3]):
        kit.paste_layer(image, tile(code, PROJ_W, 48, PANEL), (PROJ_X + i * PROJ_STEP, top + 26))
    sy = top + 78
    label(image, (PROJ_X + 40, sy + _STORE_DY), f"{est['silver']} {w['silver']}", COUNT, kit.INK, bold=True,
          anchor="lm", max_width=_WORKERS_DX - 46)
    label(image, (PROJ_X + _WORKERS_DX + 40, sy + _STORE_DY), f"{est['workers']} {w['worker' if est['workers'] == 1 else 'workers']}", COUNT, kit.INK,
          bold=True, anchor="lm", max_width=WIDTH - MARGIN - 10 - PROJ_X - _WORKERS_DX - 40)
    stored = est["goods"][:6] + est["animals"][:8]
    for i, code in enumerate(stored[:2 * GOODS_PER_ROW]):
        row, k = divmod(i, GOODS_PER_ROW)
        kit.paste_layer(image, tile(code, GOODS_W, GOODS_H, PANEL, word=store_word(code, locale)),
                        (PROJ_X + k * GOODS_STEP, sy + 58 + row * (GOODS_H + 3)))
    xs = _info_xs(locale)
    cy = top + INFO_Y
    values = [str(len(est["sold"])), str(est["hand"]), str(est["stack"])]
    for (_, value_x), value in zip(xs, values, strict=False):
        label(image, (value_x, cy), value, COUNT, kit.INK, bold=True, anchor="lm")
    bonus = est["bonus"] + ([est["all7"]] if est["all7"] else [])
    limit = PROJ_X - 12
    bold = _tokens_width(bonus, SMALL, True) <= limit - xs[3][1]  # regular weight when all would not fit in bold
    tokens(image, xs[3][1], cy, bonus or ["—"], SMALL, kit.INK, bold=bold, limit=limit, anchor="lm")


@lru_cache(maxsize=4096)
def _code_places(codes: tuple[str, ...], width: int) -> tuple[tuple[int, int, str], ...]:
    """Where a colour column lists its cards: codes left to right, wrapping within ``width`` over
    ``CODE_ROWS`` rows (two codes to a row); when they do not all fit, the last row ends with "+n"
    for the cards not listed. Returns (x offset, row, text) triples."""
    gap = _space(SMALL)
    places: list[tuple[int, int, str]] = []
    x, row = 0, 0
    for code in codes:
        cw = kit.text_width(code, SMALL)
        if x and x + cw > width:
            x, row = 0, row + 1
        if row == CODE_ROWS:
            break
        places.append((x, row, code))
        x += cw + gap
    while len(places) < len(codes):
        more = f"+{len(codes) - len(places)}"
        last_row = [p for p in places if p[1] == CODE_ROWS - 1]
        if not last_row:
            places.append((0, CODE_ROWS - 1, more))
            break
        dx, _, text = last_row[-1]
        end = dx + kit.text_width(text, SMALL) + gap
        if end + kit.text_width(more, SMALL) <= width:
            places.append((end, CODE_ROWS - 1, more))
            break
        places.pop()
    return tuple(places)


def tokens(image: Image.Image, x: int, y: int, words_: list[str], size: int, fill: kit.RGB, bold: bool = False,
           limit: int = WIDTH - MARGIN - 10, anchor: str = "la") -> int:
    """Stamp words one by one (each a cached mask, so recurring codes cost a paste), ending before
    ``limit``: when they do not all fit, "…" follows the words that do. Returns the end x."""
    space = _space(size)
    shown = words_
    if x + _tokens_width(words_, size, bold) > limit:
        room = limit - x - kit.text_width("…", size, bold)
        n, end = 0, 0
        while n < len(words_) and end + kit.text_width(words_[n], size, bold) <= room:
            end += kit.text_width(words_[n], size, bold) + space
            n += 1
        while n and words_[n - 1] == "·":
            n -= 1
        shown = [*words_[:n], "…"]
    for word in shown:
        x += label(image, (x, y), word, size, fill, bold=bold, anchor=anchor) + space
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
            tokens(image, x + 134, ly, [f"{option['value']}{adj}:", *parts], SMALL, kit.INK, limit=x + col_w - 20)
            ly += LINE + 2
            lines += 1
            if lines >= 6:
                break
        if not lines:
            label(image, (x + 134, ly), w["nothing"], SMALL, kit.DARK, max_width=col_w - 154)
        x += col_w


def _final(image: Image.Image, view: dict[str, Any], names: list[str], w: dict[str, str], locale: str,
           y: int) -> None:
    """The result: the winner (solo: won or lost and the title), then every seat's place and VP
    (tied seats share a place) and the tie-break that decided; each estate below keeps its score
    by category."""
    final = view["final"]
    if "solo" in final:
        solo = final["solo"]
        key = "solo_won" if solo["won"] else "solo_lost"
        text = w[key].format(s=solo["score"], t=solo["target"], title=pick(TITLES, solo["title"], locale))
    else:
        winners = [s for s, place in zip(final["ranking"], final["places"], strict=True) if place == 1]
        key = "winner" if len(winners) == 1 else "shared"
        text = w[key].format(p=w["sep"].join(names[s] for s in winners))
    kit.paste_layer(image, frame(WIDTH - 2 * MARGIN, FINAL_H - 10, ACTIVE, HIGHLIGHT, 3, kit.PAPER), (MARGIN, y + 4))
    label(image, (MARGIN + 16, y + 12), text, 26, kit.INK, bold=True, max_width=WIDTH - 2 * MARGIN - 32)
    totals = _totals(view)
    if "solo" in final or totals is None:
        return
    places = [
        w["places"].format(place=place, name=names[s], vp=totals[s])
        for s, place in zip(final["ranking"], final["places"], strict=True)
    ]
    label(image, (MARGIN + 16, y + 50), "   ".join(places), 22, kit.INK, bold=True, max_width=WIDTH - 2 * MARGIN - 32)
    notes = tie_notes(view, names, w)
    if notes:
        label(image, (MARGIN + 16, y + 82), " · ".join(notes), 20, kit.DARK, bold=True,
              max_width=WIDTH - 2 * MARGIN - 32)


def _totals(view: dict[str, Any]) -> list[int] | None:
    """Each seat's final VP: the final scoring's rows, else the estates' running scores."""
    rows = view["final"].get("rows")
    if rows:
        return [int(row["total"]) for row in rows]
    estates = view.get("estates")
    return [int(est["score"]["total"]) for est in estates] if estates else None


def tie_notes(view: dict[str, Any], names: list[str], w: dict[str, str]) -> list[str]:
    """For each two seats next in the final order with equal VP: the storage tie-break that put
    one ahead, or that they share the place."""
    final = view["final"]
    rows = final.get("rows") or [view["estates"][s]["score"] for s in range(len(view["estates"]))]
    order = list(zip(final["ranking"], final["places"], strict=True))
    out = []
    for (a, pa), (b, pb) in pairwise(order):
        if rows[a]["total"] != rows[b]["total"]:
            continue
        if pa == pb:
            out.append(w["tie_shared"].format(a=names[a], b=names[b]))
        else:
            out.append(w["tie_storage"].format(a=names[a], b=names[b], x=rows[a]["storage"], y=rows[b]["storage"]))
    return out


# ---- what happened: the last move ringed, the others' moves since the reader's last turn lightly ----


def _places(view: dict[str, Any], events: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    """Where ``events`` left a mark on the board: a colour column ("col", seat, colour), a project
    ("proj", seat, card), stored goods or animals ("store", seat, card), a display row ("row", r, "")."""
    out: list[tuple[str, int, str]] = []
    for event in events:
        kind, seat = event.get("kind"), event.get("seat")
        if not isinstance(seat, int):
            continue
        if kind == "build" and event.get("colour"):
            out.append(("col", seat, str(event["colour"])))
        elif kind == "take" and event.get("card"):
            out.append(("proj", seat, str(event["card"])))
            if isinstance(event.get("row"), int):
                out.append(("row", int(event["row"]), ""))
        elif kind == "pile" and event.get("card"):
            out.append(("store", seat, str(event["card"])))
    return out


def marks(view: dict[str, Any]) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """(the last move's places, the places of the others' moves since the reader's own last one),
    from the table's ``view["last"]`` (a dict; the rules' own ``last`` is a list of events and is
    not the table's) and, in a private view, ``view["since"]``."""
    last = view.get("last")
    rings = _places(view, last.get("events") or []) if isinstance(last, dict) else []
    light: list[tuple[str, int, str]] = []
    if view.get("me") is not None:
        for move in view.get("since") or []:
            if isinstance(move, dict):
                light += [p for p in _places(view, move.get("events") or []) if p not in rings]
    return rings, list(dict.fromkeys(light))


def mark_box(view: dict[str, Any], place: tuple[str, int, str]) -> tuple[int, int, int, int] | None:
    """The box a mark outlines for ``place``, or None where the card is no longer shown."""
    kind, index, what = place
    if kind == "row":
        if not 1 <= index <= 6:
            return None
        y = HEADER_H + 34 + (index - 1) * ROW_H
        return (MARGIN + 1, y + 1, MARGIN + 57, y + ROW_H - 7)
    players = int(view["players"])
    if not 0 <= index < players:
        return None
    est = view["estates"][index]
    if players >= HALVES_FROM:
        return halves.mark_box(view, kind, index, what, TOP_H + (FINAL_H if view.get("final") else 0))
    top = TOP_H + (FINAL_H if view.get("final") else 0) + index * ESTATE_H + BAND_H
    if kind == "col" and what in COLOURS:
        x = COL_X + COLOURS.index(what) * COL_W
        return (x - 4, top - 4, x + COL_IN + 4, top + 34)
    if kind == "proj" and what in est["proj"][:3]:
        x = PROJ_X + est["proj"].index(what) * PROJ_STEP
        return (x - 4, top + 22, x + PROJ_W + 4, top + 78)
    if kind == "store":
        stored = (est["goods"][:6] + est["animals"][:8])[: 2 * GOODS_PER_ROW]
        if what in stored:
            row, k = divmod(stored.index(what), GOODS_PER_ROW)
            x, y = PROJ_X + k * GOODS_STEP, top + 78 + 58 + row * (GOODS_H + 3)
            return (x - 3, y - 3, x + GOODS_W + 3, y + GOODS_H + 3)
    return None


def _marks(image: Image.Image, view: dict[str, Any]) -> None:
    rings, light = marks(view)
    d = kit.draw_on(image)
    for places, width, colour in ((light, 3, kit.DARK), (rings, 5, HIGHLIGHT)):
        for place in places:
            box = mark_box(view, place)
            if box is not None:
                d.rounded_rectangle(box, 8, outline=colour, width=width)


from render.burgundy_cards import halves  # noqa: E402  (halves uses this module's sizes and helpers)
