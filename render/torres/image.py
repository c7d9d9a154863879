"""Torres: the board from above plus a side panel, as one PNG drawn from a rules view.

Each square shows its height as a large number and a shade that darkens with height; castles
are outlined with a thick line and labelled with their area (the scoring multiplier); knights
are discs in the seat colour carrying the colour's letter (B, G, O, N), and the King is a
yellow disc with a crown; the King's castle has a yellow inner frame and a crown by its area.
The side panel lists every seat (name, letter, score, stacks, knights, cards in hand and deck,
cards played this phase), the phase, round and AP left; a seat's private view adds its own
cards at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.torres.band import band, last_turn, legal_squares, squares
from render.torres.band import names as bare_names
from render.torres.band import places as band_places
from render.torres.layers import background, king_stamp, knight_stamp, paste_stamp, tile
from render.torres.png import PALETTE
from render.torres.style import (
    ACTIVE_FILL,
    BOARD_X,
    BOARD_Y,
    CARD_STRIP,
    CARD_TEXT,
    CELL,
    COLOUR_LETTERS,
    COLOUR_RGB,
    HEIGHT,
    KING_RGB,
    MARGIN,
    PANEL_PITCH,
    PANEL_TEXT,
    PANEL_X,
    SEAT_HEAD,
    SEAT_PITCH,
    SEAT_TEXT,
    START_FRAME,
    WIDTH,
    card_label,
    square_fill,
    words,
)

FILES = "abcdefgh"


BOT_MARK = kit.BOT_MARK
"""After a bot seat's name in the panel: the band's bot badge, instead of "(Bot, normal)"."""
LAST_RING: kit.RGB = kit.WHITE
"""The squares the last decision changed: a white ring edged in ink, seen on every stone shade."""
SINCE_RING: kit.RGB = kit.WHITE
"""Squares others changed since the reader's own last decision (private view): a thin white ring."""
LEGAL_MARK: kit.RGB = kit.WHITE
"""Squares where the reader may act now (their private view): a small white disc in the corner."""
EMPTY_STRIP = 90
"""The private view's card strip when there is no card to show: one line, not a blank 250 px."""


def draw(view: dict[str, Any]) -> bytes:
    """The PNG for ``view`` (public or a seat's private view)."""
    private = view.get("me") is not None
    locale = str(view.get("locale") or "en")
    names = panel_names(view)
    panel = _panel_layout(view, names, locale)
    board_height = max(HEIGHT, panel.bottom + MARGIN)
    height = board_height + (strip_height(view) if private else 0)
    image = background(height).copy()
    d = kit.draw_on(image)
    _header(d, view, locale, names)
    _board(image, d, view)
    _marks(d, view)
    _panel(d, view, names, locale, panel)
    if private:
        _cards(d, view, locale, board_height)
    return kit.finish(image, view, PALETTE, band(view))


def band_height(view: dict[str, Any]) -> int:
    """How far the summary band pushes the picture down in the PNG (for pixel checks)."""
    return kit.band_height(band(view), WIDTH)


def panel_names(view: dict[str, Any]) -> list[str]:
    """Seat names for the panel: bare names (no "(Bot, normal)"), a bot marked with ⚙."""
    plain = bare_names(view)
    bots = list(view.get("bots") or [])
    return [name + BOT_MARK if i < len(bots) and bots[i] else name for i, name in enumerate(plain)]


def strip_height(view: dict[str, Any]) -> int:
    """The private card strip's height: full with cards to show, one line without."""
    me = view.get("me") or {}
    return CARD_STRIP if (me.get("hand") or me.get("reveal")) else EMPTY_STRIP


def _marks(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Ring the squares the last turn changed (all its decisions, not only the closing ``end``);
    in a private view, lightly ring those the others changed since the reader's own decision."""
    last = last_turn(view)
    latest = squares(last) if last else set()
    since: set[str] = set()
    for decision in view.get("since") or []:
        if isinstance(decision, dict):
            since |= squares(decision)
    for name in sorted(since - latest):
        left, top, right, bottom = _cell_box(FILES.index(name[0]) + 8 * (int(name[1]) - 1))
        d.rectangle((left + 10, top + 10, right - 10, bottom - 10), outline=SINCE_RING, width=3)
    for name in sorted(legal_squares(view)):  # the reader's own choices: a small white disc
        left, top, right, bottom = _cell_box(FILES.index(name[0]) + 8 * (int(name[1]) - 1))
        d.ellipse((right - 30, bottom - 30, right - 12, bottom - 12), fill=LEGAL_MARK, outline=kit.INK, width=2)
    for name in sorted(latest):
        left, top, right, bottom = _cell_box(FILES.index(name[0]) + 8 * (int(name[1]) - 1))
        d.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=kit.INK, width=2)
        d.rectangle((left + 5, top + 5, right - 5, bottom - 5), outline=LAST_RING, width=5)
        d.rectangle((left + 10, top + 10, right - 10, bottom - 10), outline=kit.INK, width=2)


def _cell_box(sq: int) -> tuple[int, int, int, int]:
    x, y = sq % 8, sq // 8
    left = BOARD_X + x * CELL
    top = BOARD_Y + (7 - y) * CELL
    return left, top, left + CELL, top + CELL


def places(view: dict[str, Any]) -> list[int]:
    """Each seat's finishing place: Torres breaks no tie (only equal scores can tie, at 0, §7.5),
    so seats with the same score share a place (the table's standings when the view has them)."""
    return band_places(view)


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, names: list[str]) -> None:
    w = words(locale)
    kit.draw_text(d, (BOARD_X, 22), w["title"], 40, kit.INK, bold=True)
    if view.get("over"):
        first = [names[seat] for seat, place in enumerate(places(view)) if place == 1]
        key = "shared" if len(first) > 1 else "winner"
        status = w[key].format(names=str(w["sep"]).join(first)) if first else w["over"]
    else:
        status = w["phase"].format(phase=view["phase"], round=view["round"], rounds=view["rounds"])
        if view.get("ended"):  # ended unfinished by vote
            status += f" · {w['ended']}"
    kit.draw_text(d, (BOARD_X + 250, 30), status, 30, kit.DARK, bold=True, max_width=WIDTH - BOARD_X - 280)


def _board(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    heights: list[int] = view["heights"]
    figures: list[Any] = view["figures"]
    starts = set(view.get("start_squares") or [])
    for sq in range(64):
        box = _cell_box(sq)
        kit.paste_layer(image, tile(heights[sq]), box[:2])
        if f"{FILES[sq % 8]}{sq // 8 + 1}" in starts:
            d.rectangle((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), outline=START_FRAME, width=3)
    _castle_outlines(d, view["castles"], heights, king_castle(view))
    for sq, fig in enumerate(figures):
        if fig == -1 or fig is None:
            continue
        box = _cell_box(sq)
        centre = ((box[0] + box[2]) / 2 + 10, (box[1] + box[3]) / 2 + 10)
        if fig == "K":
            paste_stamp(image, king_stamp(), centre)
        else:
            paste_stamp(image, knight_stamp(view["seats"][int(fig)]["colour"]), centre)


def king_castle(view: dict[str, Any]) -> int | None:
    """The castle label of the King's square, or None while the King is not on the board."""
    king = view.get("king")
    if not king:
        return None
    sq = FILES.index(king[0]) + 8 * (int(king[1:]) - 1)
    label = view["castles"][sq]
    return label if label >= 0 else None


KING_FRAME_INSET = 6
"""Distance of the King's castle's yellow inner frame from the castle's thick outline."""


def _castle_outlines(
    d: ImageDraw.ImageDraw, labels: list[int], heights: list[int], king_label: int | None
) -> None:
    """Thick lines wherever a castle square meets a square outside its castle; area labels.

    The King's castle also gets a yellow frame just inside its outline and a crown by its area,
    so the castle that pays the King's bonus is seen at a glance (colour plus symbol).
    """
    areas: dict[int, int] = {}
    anchor: dict[int, int] = {}
    for sq, label in enumerate(labels):
        if label < 0:
            continue
        areas[label] = areas.get(label, 0) + 1
        best = anchor.get(label)
        if best is None or heights[sq] > heights[best]:
            anchor[label] = sq
        left, top, right, bottom = _cell_box(sq)
        x, y = sq % 8, sq // 8
        if x == 0 or labels[sq - 1] != label:
            d.line((left, top, left, bottom), fill=kit.INK, width=6)
        if x == 7 or labels[sq + 1] != label:
            d.line((right, top, right, bottom), fill=kit.INK, width=6)
        if y == 7 or labels[sq + 8] != label:
            d.line((left, top, right, top), fill=kit.INK, width=6)
        if y == 0 or labels[sq - 8] != label:
            d.line((left, bottom, right, bottom), fill=kit.INK, width=6)
        if label == king_label:
            _king_frame(d, sq, labels)
    for label, sq in anchor.items():
        left, top, right, bottom = _cell_box(sq)
        ink = kit.contrast_ink(square_fill(heights[sq]))
        kit.draw_text(d, (right - 8, top + 8), f"×{areas[label]}", 24, ink, bold=True, anchor="ra")
        if label == king_label:  # under the height number, left of any figure on the square
            kit.draw_text(d, (left + 8, top + 44), "♚", 24, ink)


def _king_frame(d: ImageDraw.ImageDraw, sq: int, labels: list[int]) -> None:
    """The yellow inner frame on the sides of ``sq`` that face out of its castle."""
    left, top, right, bottom = _cell_box(sq)
    label = labels[sq]
    x, y = sq % 8, sq // 8
    i = KING_FRAME_INSET
    if x == 0 or labels[sq - 1] != label:
        d.line((left + i, top, left + i, bottom), fill=KING_RGB, width=5)
    if x == 7 or labels[sq + 1] != label:
        d.line((right - i, top, right - i, bottom), fill=KING_RGB, width=5)
    if y == 7 or labels[sq + 8] != label:
        d.line((left, top + i, right, top + i), fill=KING_RGB, width=5)
    if y == 0 or labels[sq - 8] != label:
        d.line((left, bottom - i, right, bottom - i), fill=KING_RGB, width=5)


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` as lines no wider than ``width``: split at the last space that fits (Latin), else
    after the last character that fits (CJK), so nothing is cut off with an ellipsis."""
    lines: list[str] = []
    rest = text.strip()
    while rest and kit.text_width(rest, size, bold) > width:
        cut = len(rest)
        while cut > 1 and kit.text_width(rest[:cut], size, bold) > width:
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        inside_word = all(c.isascii() and c.isalnum() for c in rest[cut - 1 : cut + 1])
        if space > 0 and (rest.isascii() or inside_word):
            cut = space
        lines.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    if rest:
        lines.append(rest)
    return lines


@dataclass(frozen=True)
class PanelLayout:
    """The side panel's text, wrapped to fit: each seat's lines (and whether each is drawn in the
    dimmer ink of the played cards), the lines under the seats, the height every seat box shares
    and the y of the panel's bottom."""

    seats: list[list[tuple[str, bool]]]
    notes: list[str]
    seat_box: int
    bottom: int


SEAT_WIDTH = WIDTH - PANEL_X - 60
"""Room for a seat's lines: from 20 px inside its box to 10 px short of the box's right edge."""
NOTE_WIDTH = WIDTH - PANEL_X - 30


def _panel_layout(view: dict[str, Any], names: list[str], locale: str) -> PanelLayout:
    w = words(locale)
    last = view.get("last_scoring")
    seats: list[list[tuple[str, bool]]] = []
    for seat, info in enumerate(view["seats"]):
        lines = [(blocks_line(info, w), False), (" · ".join(_counts(view, info, w)), False)]
        lines.append((played_line(info, w), True))
        if last:
            row = next(r for r in last["rows"] if r["seat"] == seat)
            lines.append((w["last"].format(phase=last["phase"], sum=_score_sum(row)), False))
            if view.get("over"):  # the final scoring by category: castles, the King, the master card
                lines.append((w["cats"].format(phase=last["phase"], **{k: row.get(k, 0) for k in ("castle", "king", "master")}), False))
        seats.append([(part, dim) for line, dim in lines for part in wrap(line, SEAT_TEXT, SEAT_WIDTH)])
    rows = max(len(lines) for lines in seats)
    seat_box = SEAT_HEAD + SEAT_PITCH * rows + 10
    notes = [part for line in _note_lines(view, names, w, locale) for part in wrap(line, PANEL_TEXT, NOTE_WIDTH)]
    bottom = BOARD_Y + len(seats) * (seat_box + 8) + 4 + PANEL_PITCH * len(notes)
    return PanelLayout(seats, notes, seat_box, bottom)


def _note_lines(view: dict[str, Any], names: list[str], w: dict[str, Any], locale: str) -> list[str]:
    """The lines under the seats: whose turn and its AP (or setup step), master card, supply, notes."""
    turn = view.get("turn")
    current = None if view.get("ended") else view.get("current")  # ended by vote: nobody is to act
    last = view.get("last_scoring")
    lines = []
    if turn and not view.get("over") and current is not None:
        # The name gives way, never the action points: a long name is shortened first.
        who = kit.fit_text(names[current], PANEL_TEXT, False, 220)
        lines.append(w["ap"].format(name=who, ap=turn["ap"]))
    stage = view.get("stage")
    if stage in w["stages"] and current is not None:
        lines.append(w["stages"][stage].format(name=kit.fit_text(names[current], PANEL_TEXT, False, 220)))
    if view.get("master"):
        card = view["master"]
        lines.append(w["master"].format(card=f"{card} ({card_label(card, locale)})"))
    supply = w["supply"].format(n=view["supply"])
    if view.get("shared_pool") is not None:
        supply += " · " + w["pool"].format(n=view["shared_pool"])
    lines.append(supply)
    if last and any(r.get("skipped") for r in last["rows"]):
        lines.append(w["skip_note"])
    if king_castle(view) is not None:
        lines.append(w["king_castle"])
    if any(label >= 0 for label in view.get("castles") or []):
        lines.append(w["area_legend"])
    if legal_squares(view):
        lines.append(w["legal_legend"])
    if view.get("over") and len(set(places(view))) < len(view["seats"]):
        lines.append(w["tie_note"])
    if view.get("ended"):
        lines.append(w["ended_note"])
    return lines


def _panel(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, panel: PanelLayout) -> None:
    w = words(locale)
    x = PANEL_X
    y = BOARD_Y
    current = view.get("current")
    ranking = view.get("ranking") or []
    for seat, info in enumerate(view["seats"]):
        colour = info["colour"]
        box = (x, y, WIDTH - 30, y + panel.seat_box)
        active = seat == current and not view.get("over") and not view.get("ended")
        d.rounded_rectangle(
            box,
            14,
            fill=ACTIVE_FILL if active else kit.LIGHT,
            outline=kit.INK if active else kit.GREY,
            width=4 if active else 2,
        )
        kit.badge(d, (x + 40, y + 36), 26, COLOUR_RGB[colour], COLOUR_LETTERS[colour], outline=kit.WHITE)
        marker = "▶ " if active else ""
        if (view.get("over") and ranking) or (view.get("ended") and view.get("standings")):
            marker = f"#{places(view)[seat]} "  # a shared place shows as one (#1, #1)
        you = w["you"] if seat == view.get("seat") else ""
        kit.draw_text(d, (x + 80, y + 16), marker + names[seat] + you, 30, kit.INK, bold=True, max_width=290)
        kit.draw_text(d, (WIDTH - 50, y + 8), str(info["score"]), 50, kit.INK, bold=True, anchor="ra")
        for i, (line, dim) in enumerate(panel.seats[seat]):
            ink = kit.DARK if dim else kit.INK
            kit.draw_text(d, (x + 20, y + SEAT_HEAD + SEAT_PITCH * i), line, SEAT_TEXT, ink)
        y += panel.seat_box + 8
    y += 4
    for line in panel.notes:
        kit.draw_text(d, (x, y), line, PANEL_TEXT, kit.INK)
        y += PANEL_PITCH


def blocks_line(info: dict[str, Any], w: dict[str, Any]) -> str:
    """This turn's stack and the stacks still to come, in words that read when either is missing."""
    later = " · ".join(str(v) for v in info["stacks"])
    now = info.get("turn_stack")
    if now is not None:
        return w["blocks_turn"].format(now=now, later=later) if later else w["blocks_turn_last"].format(now=now)
    return w["blocks"].format(later=later) if later else w["blocks_none"]


def played_line(info: dict[str, Any], w: dict[str, Any]) -> str:
    cards = info.get("played_phase")
    if cards is None:  # a view from before ``played_phase`` existed
        cards = info.get("played") or []
    return w["played_phase"].format(cards=" ".join(cards)) if cards else w["played_none"]


def _counts(view: dict[str, Any], info: dict[str, Any], w: dict[str, Any]) -> list[str]:
    """Knights in supply, cards in hand and (own decks) cards left in the deck."""
    out = [w["knights"].format(n=info["knights_in_supply"]), w["cards"].format(n=info["hand_size"])]
    options = view.get("options") or {}
    if options.get("cards") == "own" and not options.get("master"):
        out.append(w["deck"].format(n=info.get("deck_size", 0)))
    return out


def _score_sum(row: dict[str, Any]) -> str:
    """``5 + 10 = 15``, with ``+ 1↷`` for spaces skipped on the track, so the sum adds up as shown."""
    points = row["castle"] + row["king"] + row["master"]
    if "before" not in row:  # a scoring recorded before ``before`` existed
        return f"+{points} = {row['score']}"
    skipped = int(row.get("skipped", 0))
    return f"{row['before']} + {points}" + (f" + {skipped}↷" if skipped else "") + f" = {row['score']}"


def _cards(d: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, top: int) -> None:
    """The seat's own hand as a row of labelled cards, then, apart under their own heading, the
    cards just drawn that it must choose from (they are not in the hand yet)."""
    w = words(locale)
    me = view["me"]
    height = strip_height(view)
    d.rectangle((0, top, WIDTH, top + height), fill=kit.LIGHT)
    fresh = list(me.get("acquired") or [])
    hand: list[tuple[str, str]] = []
    for card in me["hand"]:
        tag = ""
        if card in fresh:
            fresh.remove(card)
            tag = w["new"]
        hand.append((card, tag))
    drawn = [(card, w["drawn_tag"]) for card in me.get("reveal") or []]
    if hand or not drawn:
        kit.draw_text(d, (BOARD_X, top + 14), w["hand"], 28, kit.INK, bold=True)
    if not hand and not drawn:
        kit.draw_text(d, (BOARD_X + kit.text_width(w["hand"], 28, True) + 24, top + 18), w["no_cards"], 26, kit.DARK)
        return
    shown = [*hand, *drawn]
    per_row = 10
    gap = 40 if hand and drawn else 0  # between the hand and the drawn cards
    card_w = min(150, (WIDTH - 2 * BOARD_X - gap) // min(len(shown), per_row) - 8)
    for i, (card, tag) in enumerate(shown[:per_row]):
        left = BOARD_X + i * (card_w + 8) + (gap if i >= len(hand) else 0)
        if drawn and i == len(hand):  # the drawn cards' own heading, above the first of them
            kit.draw_text(d, (left, top + 14), w["drawn_head"], 28, kit.INK, bold=True)
        box = (left, top + 58, left + card_w, top + 234)
        d.rounded_rectangle(box, 10, fill=kit.WHITE, outline=kit.INK, width=3 if not tag else 5)
        name_size = next((n for n in range(30, 22, -1) if kit.text_width(card, n, True) <= card_w - 16), 22)
        kit.draw_text(d, (left + card_w / 2, top + 68), card, name_size, kit.INK, bold=True, anchor="ma")
        size, lines = _card_label(card_label(card, locale), card_w - 12)
        for row, line in enumerate(lines):
            kit.draw_text(d, (left + card_w / 2, top + 108 + (size + 6) * row), line, size, kit.DARK, anchor="ma")
        if tag:
            kit.draw_text(d, (left + card_w / 2, top + 204), tag, 20, kit.VERMILION, bold=True, anchor="ma")
    if len(shown) > per_row:
        kit.draw_text(d, (WIDTH - 40, top + 14), f"+{len(shown) - per_row}", 28, kit.INK, True, "ra")


def _card_label(text: str, width: int) -> tuple[int, list[str]]:
    """A card's name in up to three lines: at ``CARD_TEXT``, or 2 px smaller when ten cards leave
    too little room; lines that still do not fit are joined into the third."""
    for size in (CARD_TEXT, CARD_TEXT - 2):
        lines = wrap(text, size, width)
        if len(lines) <= 3:
            return size, lines
    return size, [*lines[:2], kit.fit_text(" ".join(lines[2:]), size, False, width)]
