"""Player panels, the automa's panel, the private hand strip and the end-of-game result.

Panels show only what the view holds: hidden values arrive as ``null`` and are simply not drawn
(a face-down capture whose cards are hidden becomes a card back with a count), so the public image
can never leak a hand or a face-down card.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import kit
from render.fixer.cards import BIG, MINI, SUITS, TILE, Suit, marker, paste_face, sort_key
from render.fixer.scene import AUTOMA, Box, Scene
from render.fixer.widgets import HIGHLIGHT, chip, counted_back, fan, fit, seat_label, write

PANEL_FILL: kit.RGB = (252, 250, 244)
YOU_FILL: kit.RGB = kit.SKY
LINE_GAP = 28
LABEL_SIZE = 20
"""Small captions over a row (won face up / face down)."""


def panel_frame(d: ImageDraw.ImageDraw, box: Box, highlighted: bool) -> None:
    """A panel's plate; the plain look is part of the cached static layer, so only the
    highlighted one (whose turn it is: a yellow frame) is drawn per picture."""
    x, y, w, h = box
    if highlighted:
        d.rounded_rectangle(
            (x - 4, y - 4, x + w + 4, y + h + 4), radius=22, fill=HIGHLIGHT, outline=kit.INK, width=2
        )
        d.rounded_rectangle(
            (x + 6, y + 6, x + w - 6, y + h - 6), radius=14, fill=PANEL_FILL, outline=kit.INK, width=2
        )
    else:
        d.rounded_rectangle((x, y, x + w, y + h), radius=18, fill=PANEL_FILL, outline=kit.DARK, width=3)


def _name_line(scene: Scene, box: Box, seat: int) -> None:
    """Badge, name and the status chips (to play / passed / you) on the panel's first line."""
    x, y, w, _ = box
    cy = y + 34
    right = x + w - 16
    info = scene.seat_info(seat)
    chips: list[tuple[str, kit.RGB]] = []
    if scene.acting(seat):
        chips.append(("▶ " + scene.act_phrase(short=w < 900), HIGHLIGHT))
    elif scene.stage == "pass" and info.get("passed"):
        chips.append((scene.words("passed"), kit.LIGHT))
    if scene.viewer == seat:
        chips.append((scene.words("you"), YOU_FILL))
    if scene.view.get("start") == seat and not scene.view.get("over"):
        chips.append((scene.words("start"), kit.LIGHT))
    for text, fill in chips:
        right -= chip(scene, (right, cy), text, 22, fill, anchor="rm") + 10
    seat_label(scene, (x + 16, cy), seat, 28, right - x - 24)


def _info_items(scene: Scene, info: dict[str, Any], with_hand: bool) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    if with_hand:
        items.append(("hand", int(info.get("hand_count") or 0)))
    markers = info.get("markers") or {}
    items.append(("markers", (int(markers.get("black") or 0), int(markers.get("red") or 0))))
    items.extend(score_items(scene, info))
    return items


def score_items(scene: Scene, info: dict[str, Any]) -> list[tuple[str, Any]]:
    """The score words a panel shows: only what the view holds (another player's are ``None``).

    During play: "This round 12" and each finished round ("Round 1: 30"). At the end a single
    "Game total 52 (25 + 27)", so nobody mistakes the last round's score for the result.
    """
    score = info.get("score")
    rounds = [int(r) for r in info.get("round_scores") or []]
    if scene.view.get("over"):
        total = info.get("total")
        if total is None or not rounds:
            total = score
        if total is None:
            return []
        detail = " + ".join(str(r) for r in rounds) if len(rounds) > 1 else ""
        return [("text", scene.words("game_total", n=int(total)) + (f" ({detail})" if detail else ""))]
    items: list[tuple[str, Any]] = []
    if score is not None:
        items.append(("text", scene.words("round_score", n=int(score))))
    for number, points in enumerate(rounds, start=1):
        items.append(("small", scene.words("earlier", r=number, n=points)))
    return items


def _item_width(scene: Scene, kind: str, value: Any) -> int:
    if kind == "hand":
        return kit.text_width(scene.words("hand"), 24) + 8 + 40 + 6 + kit.text_width(f"×{value}", 30, True)
    if kind == "markers":
        return 2 * (34 + 6 + kit.text_width(f"×{max(value)}", 30, True)) + 14
    if kind == "text":
        return kit.text_width(str(value), 30, True)
    return kit.text_width(str(value), 24, True)


def _draw_item(scene: Scene, x: int, cy: int, kind: str, value: Any) -> None:
    if kind == "hand":
        x += write(scene.image, (x, cy), scene.words("hand"), 24, kit.DARK, anchor="lm") + 8
        counted_back(scene, x, cy - 29, int(value))
    elif kind == "markers":
        for colour, count in zip(("B", "R"), value, strict=True):
            marker(scene.image, (x + 17, cy), 17, colour)
            x += 34 + 6
            x += write(scene.image, (x, cy), f"×{count}", 30, kit.INK, bold=True, anchor="lm") + 14
    elif kind == "text":
        write(scene.image, (x, cy), str(value), 30, kit.INK, bold=True, anchor="lm")
    else:
        write(scene.image, (x, cy), str(value), 24, kit.DARK, bold=True, anchor="lm")


def _info_lines(scene: Scene, box: Box, items: list[tuple[str, Any]], top: int, line_height: int = 50) -> int:
    """Lay the info items out left to right, wrapping; returns the y below the last line."""
    x0, _, w, _ = box
    x, cy = x0 + 18, top + line_height // 2
    for kind, value in items:
        width = _item_width(scene, kind, value)
        if x > x0 + 18 and x + width > x0 + w - 18:
            x, cy = x0 + 18, cy + line_height
        _draw_item(scene, x, cy, kind, value)
        x += width + 28
    return cy + line_height // 2


def _won_row(scene: Scene, x: int, y: int, width: int, info: dict[str, Any]) -> None:
    """Captured cards: face-up ones as cards, face-down ones as cards when visible, else a count."""
    up = sorted(info.get("won_up") or [], key=sort_key)
    down = info.get("won_down")
    down_count = int(info.get("won_down_count") or (len(down) if isinstance(down, list) else 0))
    down_cards = sorted(down, key=sort_key) if isinstance(down, list) else None
    up_need = MINI.width + 36 * max(0, len(up) - 1) if up else kit.text_width(scene.words("none"), 22)
    down_need = (MINI.width + 36 * max(0, len(down_cards) - 1)) if down_cards else 110
    gap = 30
    spare = max(0, width - up_need - down_need - gap)
    up_width = up_need + (spare // 2 if up else 0)
    label_y = y
    cards_y = y + LINE_GAP
    write(scene.image, (x, label_y), scene.words("won_up"), LABEL_SIZE, kit.DARK)
    if up:
        used = fan(scene, x, cards_y, max(up_width, MINI.width), up)
    else:
        used = write(
            scene.image, (x, cards_y + MINI.height / 2), scene.words("none"), 22, kit.GREY, anchor="lm"
        )
    dx = x + max(used, kit.text_width(scene.words("won_up"), LABEL_SIZE)) + gap
    write(scene.image, (dx, label_y), scene.words("won_down"), LABEL_SIZE, kit.DARK)
    if down_cards:
        fan(scene, dx, cards_y, x + width - dx, down_cards)
    elif down_count:
        counted_back(scene, dx, cards_y + 13, down_count)
    else:
        write(scene.image, (dx, cards_y + MINI.height / 2), scene.words("none"), 22, kit.GREY, anchor="lm")


def player_panel(scene: Scene, box: Box, seat: int) -> None:
    info = scene.seat_info(seat)
    if scene.acting(seat):
        panel_frame(scene.d, box, True)
    _name_line(scene, box, seat)
    x, y, w, h = box
    bottom = _info_lines(scene, box, _info_items(scene, info, with_hand=True), y + 58)
    won_y = max(bottom, y + h - MINI.height - LINE_GAP - 14)
    _won_row(scene, x + 18, won_y, w - 36, info)


def automa_panel(scene: Scene, box: Box) -> None:
    """Solo: the automa's public hand as suit piles, slot 1 rightmost next to its deck."""
    info = scene.seat_info(AUTOMA)
    if scene.acting(AUTOMA):
        panel_frame(scene.d, box, True)
    _name_line(scene, box, AUTOMA)
    x, y, w, h = box
    piles_left = _piles(scene, (x, y, w, h), info)
    left_box = (x, y, piles_left - x, h)
    bottom = _info_lines(scene, left_box, _info_items(scene, info, with_hand=False), y + 58)
    won_y = max(bottom, y + h - MINI.height - LINE_GAP - 14)
    _won_row(scene, x + 18, won_y, piles_left - x - 48, info)


def _piles(scene: Scene, box: Box, info: dict[str, Any]) -> int:
    """Draw deck and piles from the right edge leftwards; returns the x where they begin."""
    x, y, w, _ = box
    right = x + w - 18
    top = y + 64
    deck = int(info.get("deck_count") or 0)
    deck_label = scene.words("deck")
    # The count beside the deck ("×10") is part of its width: a fixed 50 px let two digits run
    # over the panel's border.
    deck_w = max(MINI.width + 6 + kit.text_width(f"×{deck}", 30, True), kit.text_width(deck_label, 20))
    deck_x = right - deck_w
    write(scene.image, (deck_x, top), deck_label, 20, kit.DARK)
    counted_back(scene, deck_x, top + 26, deck, MINI.width, MINI.height, 30)
    label = scene.words("hand")
    cursor = deck_x - 8
    middle = top + 26 + TILE.height / 2 + 20
    piles = list(info.get("piles") or [])
    for slot, px, width, pile in pile_positions(piles, deck_x - 24):
        suit: Suit = SUITS.get(str(pile.get("suit", "?")), Suit("?", kit.GREY, "?"))
        _pile(scene, px, top, width, slot, suit, [int(n) for n in pile.get("cards") or []])
        cursor = px - 16
    if not piles:  # "Hand none", apart from the deck: "Hand" right beside it read as the deck's count
        none = scene.words("none")
        write(scene.image, (deck_x - 24, middle), none, 22, kit.GREY, anchor="rm")
        cursor = deck_x - 42 - kit.text_width(none, 22)
    # The word "Hand" left of the whole row of piles says what they are.
    write(scene.image, (cursor + 8, middle), label, 22, kit.DARK, anchor="rm")
    return cursor - 10 - kit.text_width(label, 22)


def pile_positions(piles: list[dict[str, Any]], right: int) -> list[tuple[int, int, int, dict[str, Any]]]:
    """(slot, x, width, pile) for the automa's suit piles, laid out leftwards from ``right``.

    The view lists slot 1 first; slot 1 is the pile next to the deck (rightmost), as on the table
    (rules §5.4.1), because "rightmost card" decides the automa's ties.
    """
    placed = []
    cursor = right
    for slot, pile in enumerate(piles, start=1):
        width = max(80, len(pile.get("cards") or []) * (TILE.width + 4) - 4)
        cursor -= width
        placed.append((slot, cursor, width, pile))
        cursor -= 16
    return placed


def _pile(scene: Scene, x: int, top: int, width: int, slot: int, suit: Suit, numbers: list[int]) -> None:
    d = scene.d
    d.rounded_rectangle((x, top, x + width, top + 24), radius=8, fill=suit.colour, outline=kit.INK, width=2)
    write(
        scene.image,
        (x + width / 2, top + 12),
        f"{slot}: {suit.letter}{suit.symbol}",
        LABEL_SIZE,
        kit.contrast_ink(suit.colour),
        bold=True,
        anchor="mm",
    )
    if not numbers:
        d.rounded_rectangle(
            (x, top + 30, x + width, top + 30 + TILE.height), radius=8, outline=kit.GREY, width=2
        )
        write(
            scene.image,
            (x + width / 2, top + 30 + TILE.height / 2),
            scene.words("pile_empty"),
            LABEL_SIZE,
            kit.GREY,
            anchor="mm",
        )
        return
    for i, n in enumerate(numbers):
        paste_face(scene.image, (x + i * (TILE.width + 4), top + 30), f"{suit.letter}{n}", TILE)


def hand_strip(scene: Scene, box: Box, seat: int, hand: list[str]) -> None:
    """The viewer's own hand, big: this is what ``/hand`` shows."""
    x, y, w, _ = box
    if scene.acting(seat):
        panel_frame(scene.d, box, True)
    playable = playable_cards(scene.view) if scene.acting(seat) else set()
    title = f"{scene.words('your_hand')} — {scene.name(seat)} · {scene.words('cards', n=len(hand))}"
    if playable:
        title += " · " + scene.words("playable", n=sum(1 for card in hand if card in playable))
    right = x + w - 18
    if scene.acting(seat):
        right -= chip(scene, (right, y + 30), "▶ " + scene.act_phrase(), 22, HIGHLIGHT, anchor="rm") + 12
    write(scene.image, (x + 20, y + 30), title, 28, kit.INK, bold=True, anchor="lm", max_width=right - x - 30)
    cards = sorted(hand, key=sort_key)
    if not cards:
        write(scene.image, (x + 20, y + 60 + BIG.height / 2), scene.words("none"), 28, kit.GREY, anchor="lm")
        return
    groups = sum(1 for i, c in enumerate(cards) if i == 0 or c[0] != cards[i - 1][0])
    gap, group_gap = 8, 22
    natural = len(cards) * BIG.width + (len(cards) - 1) * gap + (groups - 1) * (group_gap - gap)
    avail = w - 40
    step_shrink = 0.0 if natural <= avail else (natural - avail) / max(1, len(cards) - 1)
    cx = float(x + 20 + max(0, (avail - natural) // 2))
    for i, card in enumerate(cards):
        if i and card[0] != cards[i - 1][0]:
            cx += group_gap - gap
        paste_face(scene.image, (int(cx), y + 60), card, BIG, scene.suit_name(card))
        if card in playable:  # a bar under each card the reader may play now (its legal moves)
            bar = y + 60 + BIG.height + 5
            scene.d.rectangle((int(cx) + 6, bar, int(cx) + BIG.width - 6, bar + 8), fill=HIGHLIGHT, outline=kit.INK, width=2)
        cx += BIG.width + gap - step_shrink


def playable_cards(view: dict[str, Any]) -> set[str]:
    """The cards of the reader's legal plays (``R7@2``) when the table lists them in their
    private view (``view["legal"]``); empty otherwise (a pass or keep/discard names no play)."""
    return {str(a).split("@")[0].strip().upper() for a in view.get("legal") or [] if "@" in str(a)}


def _final(view: dict[str, Any]) -> dict[str, Any]:
    """The final order: the rules' ``result`` of a finished game, else the table's ``standings``
    of a game ended early (scores as they stood); both list the automa's score last."""
    result = view.get("result")
    if isinstance(result, dict) and result:
        return result
    standings = view.get("standings")
    return standings if isinstance(standings, dict) else {}


def result_rows(view: dict[str, Any]) -> int:
    return len(_final(view).get("scores") or [])


def result_height(view: dict[str, Any]) -> int:
    return 78 + 52 * max(2, result_rows(view)) + 52


def ranked_seats(scene: Scene) -> list[int]:
    """Ranking entries as seats; the automa may appear as -2 or as the index after the humans."""
    result = _final(scene.view)
    humans = len(scene.view.get("seats") or [])
    seats = []
    for entry in result.get("ranking") or []:
        seat = int(entry)
        seats.append(AUTOMA if scene.solo and seat in (AUTOMA, humans) else seat)
    return seats


def _score_of(scene: Scene, seat: int) -> int | None:
    scores = list(_final(scene.view).get("scores") or [])
    index = len(scene.view.get("seats") or []) if seat == AUTOMA else seat
    return int(scores[index]) if 0 <= index < len(scores) else None


def _rank_key(scene: Scene, seat: int) -> tuple[int, ...]:
    """What the rules rank by, as far as the view shows it: the score; in a one-round game of 3-4
    players also more red markers, then fewer cards in front (rules §7.3)."""
    info = scene.seat_info(seat)
    if len(scene.view.get("seats") or []) <= 2 or int(scene.view.get("rounds") or 1) > 1:
        return (_score_of(scene, seat) or 0,)
    markers = info.get("markers") or {}
    front = len(info.get("won_up") or []) + int(info.get("won_down_count") or 0)
    return (_score_of(scene, seat) or 0, int(markers.get("red") or 0), -front)


def winners(scene: Scene, ranked: list[int]) -> set[int]:
    result = scene.view.get("result") or {}
    instant = result.get("instant_win")
    if instant is not None:
        return {
            AUTOMA
            if scene.solo and int(instant) in (AUTOMA, len(scene.view.get("seats") or []))
            else int(instant)
        }
    if not ranked:
        return set()
    places = list((scene.view.get("standings") or {}).get("places") or [])
    if len(places) == len(ranked):
        return {seat for seat, place in zip(ranked, places, strict=True) if place == 1}
    if not result.get("shared"):
        return {ranked[0]}
    # Shared victory: everyone tied with the leader on score (and, in 3–4p, on the rules' tie-breaks
    # that the view shows: red markers, then fewer cards in front).
    return {seat for seat in ranked if _rank_key(scene, seat) == _rank_key(scene, ranked[0])}


def places(scene: Scene, ranked: list[int]) -> list[int]:
    """Each ranked seat's place; seats the rules do not separate share one (1, 1, 3): the table's
    ``standings`` when the view has them, else the tie-breaks the view shows."""
    given = list((scene.view.get("standings") or {}).get("places") or [])
    if len(given) == len(ranked):
        return [int(p) for p in given]
    won = winners(scene, ranked)
    out: list[int] = []
    for i, seat in enumerate(ranked):
        if seat in won:
            out.append(1)
        elif i and ranked[i - 1] not in won and _rank_key(scene, seat) == _rank_key(scene, ranked[i - 1]):
            out.append(out[-1])
        else:
            out.append(i + 1)
    return out


def tie_reasons(scene: Scene, ranked: list[int], placed: list[int]) -> dict[int, str]:
    """Why a seat is ahead of the next one on equal points: "more red markers" or "fewer cards
    won" (3-4 players, rules §7.3), keyed by the seat that won the tie-break."""
    out: dict[int, str] = {}
    for i in range(len(ranked) - 1):
        upper, lower = ranked[i], ranked[i + 1]
        if placed[i] == placed[i + 1] or _score_of(scene, upper) != _score_of(scene, lower):
            continue
        if (scene.view.get("result") or {}).get("instant_win") is not None:
            continue
        red = [int((scene.seat_info(s).get("markers") or {}).get("red") or 0) for s in (upper, lower)]
        out[upper] = scene.words("why.red" if red[0] != red[1] else "why.cards")
    return out


def score_detail(scene: Scene, seat: int) -> str:
    """A one-round total by category: "cards 28 + red 3×3", when the view's captures and markers
    add up to it (they are the last round's only, so a two-round total shows its rounds instead)."""
    score = _score_of(scene, seat)
    info = scene.seat_info(seat)
    rounds = list(info.get("round_scores") or [])
    if score is None or len(rounds) > 1 or info.get("won_down") is None:
        return ""
    cards = sum(_number(c) for c in list(info.get("won_up") or []) + list(info.get("won_down") or []))
    red = int((info.get("markers") or {}).get("red") or 0)
    bonus = int(scene.view.get("critical_bonus") or 0)
    if cards + red * bonus != score:
        return ""
    return scene.words("cards_red", cards=cards, red=red, bonus=bonus)


def _number(card: object) -> int:
    text = str(card)
    return int(text[1:]) if text[1:].isdigit() else 0


def total_heading(scene: Scene) -> str:
    """The heading over the result's numbers: they are game totals ("= round 1 + round 2")."""
    rounds = max((len(scene.seat_info(s).get("round_scores") or []) for s in ranked_seats(scene)), default=0)
    if rounds > 1:
        parts = " + ".join(scene.words("round_n", r=r) for r in range(1, rounds + 1))
        return scene.words("total_head_rounds", rounds=parts)
    return scene.words("total_head")


def result_score_text(scene: Scene, seat: int) -> str:
    """``52 = 25 + 27``: the game total first, then the round scores that make it up."""
    score = _score_of(scene, seat)
    if score is None:
        return ""
    rounds = list(scene.seat_info(seat).get("round_scores") or [])
    if len(rounds) > 1:
        return f"{score} = " + " + ".join(str(r) for r in rounds)
    return str(score)


def result_notes(scene: Scene, won: set[int]) -> list[str]:
    """The line under the final ranking: an instant win, a shared victory, or why players equal on
    points were separated (3-4 players: red markers, then fewer cards won), so a "2." with the
    winner's score explains itself."""
    result = scene.view.get("result") or {}
    if result.get("instant_win") is not None:
        return [scene.words("instant_win", name=fit(scene.name(next(iter(won))), 26, True, 420) if won else "?")]
    if result.get("shared"):
        return [scene.words("shared")]
    if result.get("decided_by") in ("red", "cards"):
        return [scene.words(f"tie_{result['decided_by']}")]
    return []


def result_panel(scene: Scene, box: Box) -> None:
    """The final ranking: places (shared ones as one), each total with its rounds or categories,
    why a seat is ahead on equal points, the cards out of the round; or, for a game ended early,
    the standings as they stood, said so in the heading."""
    x, y, w, h = box
    d = scene.d
    result = scene.view.get("result") or {}
    ended = not result and bool(scene.view.get("ended"))
    d.rounded_rectangle((x, y, x + w, y + h), radius=18, fill=PANEL_FILL, outline=kit.INK, width=4)
    heading = scene.words("ended_result") if ended else f"{scene.words('stage.over')} — {scene.words('result')}"
    write(scene.image, (x + 20, y + 34), heading, 32, kit.INK, bold=True, anchor="lm", max_width=w - 40)
    ranked = ranked_seats(scene)
    won = set() if ended else winners(scene, ranked)
    placed = places(scene, ranked)
    reasons = tie_reasons(scene, ranked, placed)
    write(scene.image, (x + 450, y + 66), total_heading(scene), 20, kit.DARK, bold=True, anchor="lm")
    removed = sorted(result.get("removed") or [], key=sort_key)
    block = 0
    if removed:
        block = (
            max(
                min(560, MINI.width + (MINI.width + 6) * (len(removed) - 1)),
                kit.text_width(scene.words("removed_cards"), 20),
            )
            + 30
        )
    rows_right = x + w - 20 - block
    cy = y + 96
    for seat, place in zip(ranked, placed, strict=True):
        write(scene.image, (x + 24, cy), f"{place}.", 30, kit.INK, bold=True, anchor="lm")
        seat_label(scene, (x + 70, cy), seat, 28, 360)
        cursor = x + 450 + write(scene.image, (x + 450, cy), result_score_text(scene, seat), 30, kit.INK, bold=True, anchor="lm")
        detail = score_detail(scene, seat)
        if detail:
            cursor += 16 + write(scene.image, (cursor + 16, cy), detail, 22, kit.DARK, anchor="lm")
        label = ""
        if seat in won:
            label = "★ " + scene.words("shared" if len(won) > 1 else "winner")
        elif seat in reasons:
            label = reasons[seat]
        if seat in won and seat in reasons:
            label += " · " + reasons[seat]
        if label:
            chip(
                scene,
                (max(cursor + 20, min(x + 720, rows_right - kit.text_width(label, 24, True) - 30)), cy),
                label,
                24,
                HIGHLIGHT if seat in won else PANEL_FILL,
            )
        cy += 52
    notes = result_notes(scene, won)
    if notes:
        write(
            scene.image,
            (x + 24, y + h - 34),
            " · ".join(notes),
            26,
            kit.INK,
            bold=True,
            anchor="lm",
            max_width=rows_right - x - 30,
        )
    if removed:
        rx = rows_right + 10
        write(scene.image, (rx, y + 64), scene.words("removed_cards"), 20, kit.DARK)
        fan(scene, rx, y + 92, x + w - 20 - rx, removed)
