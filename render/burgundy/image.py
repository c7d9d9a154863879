"""The Castles of Burgundy: a rules view → one PNG of the table.

Schema: ``rules/burgundy/VIEW.md`` (read, never imported: render must not depend on rules).

Two layouts, both about 1500 px wide:

* **public** (``seat`` null — the image posted after every move): header with phase, round, white
  die and who acts; the central board (six depots in their ring around the black depot, round
  goods, future goods stacks, turn-order track, bonus tiles, a players table with scores); then
  every estate at a medium size with its dice, storage, goods, silverlings, workers and bonus tiles.
  With three or four estates there is no header (the band says phase, round and who acts; the
  white die moves to the players box), the panels' hexes are smaller and the knowledge legend
  flows in rows: the image stays near 4:3 portrait, as a phone previews it.
* **private** (``seat`` set — ``/hand``): the same header and board, that player's estate large,
  and the other estates as compact panels.

A finished game adds the final score table under the header. The game has no hidden hand, so the
two layouts differ only in emphasis.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render import kit
from render.burgundy.band import band, bare_names, final_places
from render.burgundy.board import BOARD_H, board
from render.burgundy.choose import previews, previews_height
from render.burgundy.ctx import MARGIN, PHASES, WIDTH, Ctx, as_int, box, label, num, status_seat
from render.burgundy.estate import (
    CROWDED_HEX,
    OWN_SIDE_H,
    OWN_SIDE_HEX,
    OWN_SIDE_W,
    PANEL_HEX,
    SOLO_H,
    SOLO_HEX,
    PanelInfo,
    compact_estate,
    compact_height,
    estate_panel,
    own_estate,
    own_height,
    panel_height,
    panel_info,
)
from render.burgundy.sprites import TEXT_MIN, die, paste_centre, seat_marker
from render.burgundy.style import HIGHLIGHT, PALETTE, prompt_text, word

__all__ = ["HIGHLIGHT", "compose", "draw"]

HEADER_H = 92
PHASE_X = 940
"""Left edge of the phase boxes in the header."""


def draw(view: dict[str, Any]) -> bytes:
    """Render ``view`` (public when ``view["seat"]`` is null, else that seat's ``/hand`` image)."""
    return kit.finish(compose(view), view, PALETTE)


RIVAL_W = 600
"""Width of a rival's compact panel in a private image: its estate (hexes of 56 px, codes at 18 px)
and an info column as wide as three storage hexes."""


def compose(view: dict[str, Any]) -> Image.Image:
    """The table as a ``P`` image on :data:`PALETTE`, the summary band on top (drawn here, on the
    same canvas: a separate band image would copy the whole picture once more); ``draw`` encodes
    it. Split out so tests can inspect pixels."""
    # bare names: the band marks bot seats with a badge, so a long bot name is not cut to make room
    # for "(Bot, normal)"
    names = bare_names(view)
    locale = str(view.get("locale") or "en")
    estates = [e for e in view.get("estates") or [] if isinstance(e, dict)]
    seat = view.get("seat")
    private = isinstance(seat, int) and 0 <= seat < len(estates) and len(estates) > 1
    choose_h = previews_height(view)
    if choose_h:  # boards being chosen: the previews, and only the estates already chosen
        estates = [e for e in estates if e.get("spaces")]
        private = False
    final_h = _final_height(view)
    # a finished game's final table names the knowledge tiles that scored; no legend then
    notes = knowledge_notes(view, locale) if view.get("status") != "over" and not view.get("ended") else []

    # a private image has no header: the band above says who acts, what and when, and the image
    # must stay near 4:3 (a tall image previews small in Discord)
    # once the game is over the depots and the track no longer matter: the final table and the
    # estates are the end screen
    finished = view.get("status") == "over" or bool(view.get("ended"))
    # The public image of three or four players (two rows of panels under the board) folds the
    # header into the band too, whose stage line carries phase and round, and draws its panels'
    # hexes a little smaller: it must stay near 4:3 as well. A finished game keeps the header (it
    # names the winner; the depots are gone, so there is room).
    crowded = not private and not choose_h and not finished and len(estates) >= 3
    header_h = 0 if private or crowded else HEADER_H
    panel_hex = CROWDED_HEX if crowded else PANEL_HEX
    flow = _legend_flow(notes, locale, WIDTH - 2 * MARGIN) if crowded and notes else []
    legend_h = _flow_height(flow) if flow else _legend_height(notes)
    summary = band(view)
    band_h = kit.band_height(summary, WIDTH)
    board_h = 0 if finished else BOARD_H + 2 * MARGIN
    top = band_h + header_h + final_h + board_h + choose_h + (MARGIN if choose_h else 0)
    others = [e for e in estates if e.get("seat") != seat][:3] if private else []
    # panels are as tall as their standard board, or as their info column when it holds a lot
    ctx = Ctx(*PALETTE.canvas(WIDTH, 1, kit.PAPER), view, names, locale)
    own = next((e for e in estates if e.get("seat") == seat), estates[0]) if estates else {}
    pw = (WIDTH - 3 * MARGIN) // 2
    own_h = 0
    row_h: list[int] = []
    infos: list[PanelInfo] = []
    legend_at: tuple[int, int, int, int, int] | None = None  # x, y offset, w, h, columns beside panels
    if private:
        # Why this layout: the summary band on top is sized for a phone, and a tall image previews
        # small in Discord. So the first rival sits beside the own estate (drawn a little smaller
        # than a solo board), the other rivals share one row under them, and the knowledge legend
        # takes a free slot beside a rival when it fits there: 2-4 players stay near 4:3.
        own_h = own_height(ctx, own, OWN_SIDE_W, OWN_SIDE_H, OWN_SIDE_HEX, narrow=True)
        first_h = compact_height(ctx, others[0], RIVAL_W)
        own_h = max(own_h, first_h)
        row_h = [max(compact_height(ctx, e, pw) for e in others[1:])] if len(others) > 1 else []
        slots = [(WIDTH - MARGIN - RIVAL_W, first_h + MARGIN, RIVAL_W, own_h - first_h - MARGIN)]
        if len(others) == 2:  # the lone rival of the second row leaves half of it free
            slots.insert(0, (2 * MARGIN + pw, own_h + MARGIN, pw, row_h[0]))
        for x, dy, w, h in slots:
            columns = _legend_slot(notes, w, h) if notes else 0
            if columns:
                legend_at, legend_h = (x, dy, w, h, columns), 0
                break
        if notes and legend_at is None and len(others) == 3:
            # four players and many tiles in sight: the ones this seat can take or holds first, the
            # rest named as a count (the table image, posted after every move, lists them all)
            x, dy, w, h = slots[0]
            notes = _shortlist(view, notes, 2 * max(1, (h - 52) // LEGEND_ROW), locale)
            legend_at, legend_h = (x, dy, w, h, 2), 0
        height = top + own_h + MARGIN + sum(h + MARGIN for h in row_h)
    elif choose_h and not estates:
        height = top
    elif len(estates) <= 1 and not choose_h:
        own_h = own_height(ctx, estates[0], WIDTH - 2 * MARGIN, SOLO_H, SOLO_HEX) if estates else SOLO_H
        height = top + own_h + MARGIN
    else:
        infos = [panel_info(ctx, e, pw, panel_hex) for e in estates]
        heights = [panel_height(ctx, e, pw, panel_hex, i) for e, i in zip(estates, infos, strict=True)]
        row_h = [max(heights[k : k + 2]) for k in range(0, len(estates), 2)]
        height = top + sum(h + MARGIN for h in row_h)
    height += legend_h
    ctx.img, ctx.d = PALETTE.canvas(WIDTH, height, kit.PAPER)

    kit.draw_band(ctx.d, summary, WIDTH, 0)
    if header_h:
        _header(ctx, band_h)
    y = band_h + header_h
    if final_h:
        _final_table(ctx, MARGIN, y, WIDTH - 2 * MARGIN, final_h - MARGIN)
        y += final_h
    if board_h:
        board(ctx, y + MARGIN, white=not header_h)
    y += board_h
    if choose_h:
        previews(ctx, MARGIN, y, WIDTH - 2 * MARGIN, choose_h)
        y += choose_h + MARGIN
    if private:
        own_estate(ctx, own, MARGIN, y, OWN_SIDE_W, own_h, OWN_SIDE_HEX, narrow=True)
        compact_estate(
            ctx, others[0], WIDTH - MARGIN - RIVAL_W, y, RIVAL_W, compact_height(ctx, others[0], RIVAL_W)
        )
        if legend_at:
            x, dy, w, h, columns = legend_at
            _knowledge_legend(ctx, notes, x, y + dy, w, h, columns)
        y += own_h + MARGIN
        rest = others[1:]
        for k, estate in enumerate(rest):
            beside = legend_at is not None and legend_at[1] > own_h  # the legend shares this row
            x = MARGIN + k * (pw + MARGIN) if len(rest) == 2 or beside else (WIDTH - pw) // 2
            compact_estate(ctx, estate, x, y, pw, row_h[0])
    elif choose_h and not estates:
        pass
    elif len(estates) <= 1 and not choose_h:
        if estates:
            own_estate(ctx, estates[0], MARGIN, y, WIDTH - 2 * MARGIN, own_h, hex_w=SOLO_HEX)
    else:
        for k, estate in enumerate(estates):
            col, row = k % 2, k // 2
            x = MARGIN + col * (pw + MARGIN)
            if len(estates) % 2 == 1 and k == len(estates) - 1:
                x = (WIDTH - pw) // 2
            top_k = y + sum(h + MARGIN for h in row_h[:row])
            estate_panel(ctx, estate, x, top_k, pw, row_h[row], panel_hex, infos[k])
    if flow:
        _flow_legend(ctx, flow, MARGIN, height - legend_h, WIDTH - 2 * MARGIN, legend_h - MARGIN)
    elif legend_h:
        _knowledge_legend(ctx, notes, MARGIN, height - legend_h, WIDTH - 2 * MARGIN, legend_h - MARGIN)
    return ctx.img


# ---- knowledge legend ---------------------------------------------------------------------------------------
LEGEND_COLUMNS = 3
LEGEND_ROW = 30
LEGEND_TEXT = 20


def knowledge_notes(view: dict[str, Any], locale: str) -> list[tuple[str, str]]:
    """(code, short effect) of every knowledge tile in sight, from the view's ``knowledge_effects``."""
    effects = view.get("knowledge_effects")
    if not isinstance(effects, dict):
        return []
    out = []
    for code, texts in sorted(effects.items()):
        if isinstance(texts, dict):
            text = texts.get(locale) or texts.get("en")
            if isinstance(text, str) and text:
                out.append((str(code), text))
    return out


def _shortlist(
    view: dict[str, Any], notes: list[tuple[str, str]], room: int, locale: str
) -> list[tuple[str, str]]:
    """At most ``room`` notes, the reader's own tiles and those on offer first; when some are left
    out, the last note says how many (never a silent cut)."""
    if len(notes) <= room:
        return notes
    seat = view.get("seat")
    estates = [e for e in view.get("estates") or [] if isinstance(e, dict)]
    own = [
        t
        for e in estates
        if e.get("seat") == seat
        for t in (e.get("storage") or []) + (e.get("knowledge") or [])
    ]
    offer = [
        s.get("tile") for d in view.get("depots") or [] if isinstance(d, dict) for s in d.get("slots") or []
    ]
    offer += list(view.get("black_depot") or [])
    rank = {code: 0 for code in own if isinstance(code, str)}
    for code in offer:
        if isinstance(code, str):
            rank.setdefault(code, 1)
    ordered = sorted(notes, key=lambda note: (rank.get(note[0], 2), note[0]))
    kept = ordered[: room - 1]
    more = word("legend_more", locale).format(n=len(notes) - len(kept))
    return [*kept, ("+", more)]


def _legend_height(notes: list[tuple[str, str]], columns: int = LEGEND_COLUMNS) -> int:
    if not notes:
        return 0
    rows = (len(notes) + columns - 1) // columns
    return 44 + rows * LEGEND_ROW + 8 + MARGIN


def _knowledge_legend(
    ctx: Ctx, notes: list[tuple[str, str]], x: int, y: int, w: int, h: int, columns: int = LEGEND_COLUMNS
) -> None:
    """What each knowledge tile in sight does: its code (as on the hex) and a short effect."""
    box(ctx, x, y, w, h, kit.WHITE, kit.GREY, 1)
    label(ctx, (x + 16, y + 10), ctx.w("knowledge_legend"), LEGEND_TEXT, kit.DARK)
    col_w = (w - 32) // columns
    rows = (len(notes) + columns - 1) // columns
    size = LEGEND_TEXT if columns * 420 <= w else TEXT_MIN  # narrow columns: the smallest size used
    for k, (code, text) in enumerate(notes):
        col, row = k // rows, k % rows
        cx = x + 16 + col * col_w
        cy = y + 44 + row * LEGEND_ROW + LEGEND_ROW // 2
        code_w = num(ctx.img, (cx, cy), code, size, kit.INK) + 8
        label(ctx, (cx + code_w, cy), text, size, kit.DARK, False, "lm", col_w - code_w - 8)


FLOW_GAP = 28
"""Space between two notes of a flowing legend."""
Placed = tuple[int, int, str, str]
"""A flowing legend's note: its row, x offset, code and text (code "" for the title)."""


def _legend_flow(notes: list[tuple[str, str]], locale: str, w: int) -> list[Placed]:
    """The notes laid out left to right in rows ``w`` wide, after the legend's title: a three- or
    four-player public image has no room for a column layout's title line and ragged columns (a
    tall image previews small in Discord), and the notes' lengths differ a lot."""
    inner = w - 32
    placed: list[Placed] = [(0, 0, "", word("knowledge_legend", locale))]
    x = kit.text_width(word("knowledge_legend", locale), LEGEND_TEXT, True) + FLOW_GAP
    row = 0
    for code, text in notes:
        need = kit.text_width(code, LEGEND_TEXT, True) + 8 + kit.text_width(text, LEGEND_TEXT, False)
        if x > 0 and x + need > inner:
            row, x = row + 1, 0
        placed.append((row, x, code, text))
        x += min(need, inner) + FLOW_GAP
    return placed


def _flow_height(placed: list[Placed]) -> int:
    return 12 + (placed[-1][0] + 1) * LEGEND_ROW + 8 + MARGIN


def _flow_legend(ctx: Ctx, placed: list[Placed], x: int, y: int, w: int, h: int) -> None:
    """The knowledge legend as :func:`_legend_flow` laid it out, in a box ``w`` × ``h``."""
    box(ctx, x, y, w, h, kit.WHITE, kit.GREY, 1)
    for row, dx, code, text in placed:
        cx, cy = x + 16 + dx, y + 12 + row * LEGEND_ROW + LEGEND_ROW // 2
        if not code:
            label(ctx, (cx, cy), text, LEGEND_TEXT, kit.DARK, anchor="lm")
            continue
        code_w = num(ctx.img, (cx, cy), code, LEGEND_TEXT, kit.INK) + 8
        label(ctx, (cx + code_w, cy), text, LEGEND_TEXT, kit.DARK, False, "lm", w - 32 - dx - code_w)


def _legend_slot(notes: list[tuple[str, str]], w: int, h: int) -> int:
    """Columns (1 or 2) that fit ``notes`` in a ``w`` × ``h`` slot, or 0 when they do not fit."""
    for columns in (1, 2):
        if columns == 2 and w < 560:
            break
        if _legend_height(notes, columns) - MARGIN <= h:
            return columns
    return 0


# ---- header -------------------------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def _header_frame(locale: str, phase: str, over: bool) -> Image.Image:
    """The header's static part: title, phase boxes (current one yellow, past ones grey), labels."""
    img, d = kit.canvas(WIDTH, HEADER_H, kit.PAPER)
    ctx = Ctx(img, d, {}, [], locale)
    d.rectangle((0, 0, WIDTH, HEADER_H - 4), fill=kit.DARK)
    label(ctx, (18, 10), ctx.w("title"), 24, kit.WHITE)
    for k, letter in enumerate(PHASES):
        bx = PHASE_X + k * 50
        current = letter == phase and not over
        past = PHASES.index(phase) > k if phase in PHASES else False
        fill = kit.YELLOW if current else (kit.GREY if past or over else kit.LIGHT)
        d.rounded_rectangle(
            (bx, 14, bx + 44, 58), radius=8, fill=fill, outline=kit.INK, width=3 if current else 1
        )
        num(img, (bx + 22, 37), letter, 28, kit.INK, "mm")
    label(ctx, (PHASE_X, 62), ctx.w("phase"), 18, kit.LIGHT)
    label(ctx, (PHASE_X + 262, 8), ctx.w("round"), 18, kit.LIGHT)
    label(ctx, (WIDTH - 92, 3), ctx.w("white"), 18, kit.LIGHT, anchor="ma")
    return img


def _header(ctx: Ctx, top: int = 0) -> None:
    view = ctx.view
    status = str(view.get("status") or "play")
    phase = str(view.get("phase") or "A")
    kit.paste_layer(ctx.img, _header_frame(ctx.locale, phase, status == "over"), (0, top))
    x, y = 18, top + 58
    if status == "over":
        x += label(ctx, (x, y), ctx.w("over"), 26, kit.YELLOW, anchor="lm") + 18
        _winner(ctx, x, y)
    elif view.get("ended"):  # ended unfinished by vote: nobody is to act
        label(ctx, (x, y), ctx.w("ended"), 26, kit.YELLOW, anchor="lm", max_width=PHASE_X - x - 20)
    else:
        seat = status_seat(view)
        if seat is not None and seat < len(ctx.names):
            label(ctx, (x, y), "▶", 24, kit.YELLOW, anchor="lm")
            x += 30
            paste_centre(ctx.img, seat_marker(seat, 34), x + 17, y)
            x += 44
            x += label(ctx, (x, y), ctx.names[seat], 26, kit.WHITE, anchor="lm", max_width=360) + 14
            prompt = view.get("prompt")
            if isinstance(prompt, dict) and prompt.get("kind"):
                label(
                    ctx,
                    (x, y),
                    "— " + prompt_text(str(prompt["kind"]), ctx.locale),
                    22,
                    kit.LIGHT,
                    anchor="lm",
                    bold=False,
                    max_width=PHASE_X - x - 20,
                )
        elif view.get("chance"):
            label(ctx, (x, y), ctx.w("chance"), 24, kit.LIGHT, anchor="lm")
    rnd = as_int(view.get("round"))
    num(ctx.img, (PHASE_X + 262, top + 52), f"{rnd}/5", 36, kit.WHITE, "lm")
    white = view.get("white_die")
    if isinstance(white, int) and 1 <= white <= 6:
        paste_centre(ctx.img, die(white, 56, kit.GREY), WIDTH - 92, top + 55)
    else:
        paste_centre(ctx.img, die(0, 56, kit.GREY, faded=True), WIDTH - 92, top + 55)


# ---- final scores -------------------------------------------------------------------------------------------
FINAL_COLUMNS = ("in_game", "knowledge", "goods", "silver", "workers", "empty", "total")
"""Keys of ``final.rows`` shown as columns (headers: ``WORDS["col_<key>"]``)."""
FINAL_NAMES_W = 480
"""Width of the final table's rank and name column; the score columns share the rest (wide
enough for "Empty spaces" at 18 px)."""


def _final_height(view: dict[str, Any]) -> int:
    final = view.get("final")
    if not isinstance(final, dict):
        if view.get("ended") and len(final_places(view)) > 1:  # standings of a game ended early
            return 56 + 38 * len(final_places(view)) + MARGIN
        return 0
    if isinstance(final.get("solo"), dict):
        return 110 + MARGIN
    rows = final.get("rows") or []
    return 56 + 38 * max(1, len(rows)) + MARGIN + (30 if _tied_winner(final) else 0)


def _tied_winner(final: dict[str, Any]) -> dict[str, Any] | None:
    """The runner-up's row when the winner won a tie on points (the tie-break then needs explaining)."""
    ranking = [s for s in final.get("ranking") or [] if isinstance(s, int)]
    rows = {r.get("seat"): r for r in final.get("rows") or [] if isinstance(r, dict)}
    if len(ranking) < 2 or ranking[0] not in rows or ranking[1] not in rows:
        return None
    first, second = rows[ranking[0]], rows[ranking[1]]
    return second if first.get("total") == second.get("total") else None


def _tie_break_note(ctx: Ctx, final: dict[str, Any]) -> str:
    """Why the winner won a tie: the empty-space rule (``tiebreak`` option) or the turn order."""
    second = _tied_winner(final)
    if second is None:
        return ""
    ranking = [s for s in final.get("ranking") or [] if isinstance(s, int)]
    first = next(r for r in final.get("rows") or [] if isinstance(r, dict) and r.get("seat") == ranking[0])
    if first.get("empty") != second.get("empty"):
        rule = "tie_more_empty" if final.get("tiebreak") == "bga" else "tie_fewer_empty"
    else:
        rule = "tie_order"
    return ctx.w("tie").format(points=first.get("total"), rule=ctx.w(rule))


def _winner(ctx: Ctx, x: int, y: int) -> None:
    """ "· (marker) NAME wins!" after "Game over" in the header, where a long name has room (in the
    final table's heading it had to share 480 px with the heading itself)."""
    final = ctx.view.get("final")
    if not isinstance(final, dict) or isinstance(final.get("solo"), dict):
        return  # a solo game is won or lost, which the final table says
    ranking = [s for s in final.get("ranking") or [] if isinstance(s, int)]
    if not ranking or not 0 <= ranking[0] < len(ctx.names):
        return
    x += label(ctx, (x, y), "·", 26, kit.YELLOW, anchor="lm") + 14
    paste_centre(ctx.img, seat_marker(ranking[0], 34), x + 17, y)
    x += 44
    suffix = f" {ctx.w('winner')}!"
    room = PHASE_X - 20 - x - kit.text_width(suffix, 26, True)
    x += label(ctx, (x, y), ctx.names[ranking[0]], 26, kit.YELLOW, anchor="lm", max_width=room)
    label(ctx, (x, y), suffix, 26, kit.YELLOW, anchor="lm")


def _standings_table(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    """A game ended early (unfinished): the places by VP so far, equal VP sharing a place."""
    box(ctx, x, y, w, h, kit.WHITE, kit.INK, 3)
    label(ctx, (x + 16, y + 12), ctx.w("standings_ended"), 24, kit.INK, max_width=w - 32)
    for k, (place, seat, vp) in enumerate(final_places(ctx.view)):
        ry = y + 56 + k * 38 + 16
        num(ctx.img, (x + 30, ry), f"{place}.", 24, kit.INK, "mm")
        paste_centre(ctx.img, seat_marker(seat, 30), x + 70, ry)
        label(ctx, (x + 94, ry), ctx.name(seat), 22, kit.INK, anchor="lm", max_width=500)
        vp_text = f"{vp} {ctx.w('vp')}" if ctx.locale == "en" else f"{vp}{ctx.w('vp')}"
        label(ctx, (x + 700, ry), vp_text, 24, kit.INK, anchor="rm")


def _final_table(ctx: Ctx, x: int, y: int, w: int, h: int) -> None:
    if not isinstance(ctx.view.get("final"), dict):
        _standings_table(ctx, x, y, w, h)
        return
    final = ctx.view["final"]
    box(ctx, x, y, w, h, kit.WHITE, kit.INK, 3)
    label(ctx, (x + 16, y + 12), ctx.w("final"), 24, kit.INK)
    solo = final.get("solo")
    if isinstance(solo, dict):
        won = bool(solo.get("won"))
        label(
            ctx,
            (x + 16, y + 58),
            ctx.w("solo_won") if won else ctx.w("solo_lost"),
            28,
            kit.GREEN if won else kit.VERMILION,
        )
        rows = [r for r in final.get("rows") or [] if isinstance(r, dict)]
        vp = rows[0].get("in_game") if rows else None
        parts = [
            f"{as_int(solo.get('filled'))}/37 {ctx.w('filled')}",
            f"{ctx.w('round')} {as_int(solo.get('round'))}",
        ]
        if isinstance(vp, int):
            parts.append(f"{vp} {ctx.w('vp')}")
        label(ctx, (x + 560, y + 62), " · ".join(parts), 24, kit.DARK)
        return
    ranking = [s for s in final.get("ranking") or [] if isinstance(s, int)]
    rows = {r.get("seat"): r for r in final.get("rows") or [] if isinstance(r, dict)}
    note = _tie_break_note(ctx, final)
    if note:
        label(ctx, (x + 16, y + h - 22), note, 20, kit.DARK, False, "lm", w - 32)
    cx0 = x + FINAL_NAMES_W
    step = (w - FINAL_NAMES_W - 10) // len(FINAL_COLUMNS)
    for k, key in enumerate(FINAL_COLUMNS):
        label(
            ctx,
            (cx0 + k * step + step // 2, y + 16),
            ctx.w("col_" + key),
            18,
            kit.DARK,
            anchor="ma",
            max_width=step,
        )
    order = [s for s in ranking if s in rows] + [s for s in rows if s not in ranking]
    for k, seat in enumerate(order):
        row = rows[seat]
        ry = y + 56 + k * 38 + 16
        num(ctx.img, (x + 30, ry), f"{k + 1}.", 24, kit.INK, "mm")
        if isinstance(seat, int):
            paste_centre(ctx.img, seat_marker(seat, 30), x + 70, ry)
            name = ctx.name(seat)
            nw = label(ctx, (x + 94, ry), name, 22, kit.INK, anchor="lm", max_width=240)
            tiles = row.get("knowledge_tiles")
            if isinstance(tiles, dict) and tiles:  # which knowledge tiles scored what
                detail = "  ".join(f"{code} +{vp}" for code, vp in sorted(tiles.items()))
                label(ctx, (x + 94 + nw + 14, ry + 1), detail, 18, kit.DARK, False, "lm", cx0 - x - nw - 68)
        for c, key in enumerate(FINAL_COLUMNS):
            value = row.get(key)
            if value is None:
                continue
            bold = key == "total"
            num(
                ctx.img,
                (cx0 + c * step + step // 2, ry),
                str(value),
                26 if bold else 22,
                kit.INK if bold else kit.DARK,
                "mm",
            )
