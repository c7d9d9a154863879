"""Torres's summary band (``render.kit.Band``): who acts and what they must decide, in words.

Every decision the rules have gets its prompt (rules §3-5): the setup steps (a start castle in the
master game, a knight on a start castle, the King), a turn's action points (knight 2 AP; move,
block, card draw and score 1 AP; a card play; end), the card to keep after a draw, and the King
move offered at a phase's end; then the chance steps nobody decides, a finished game and one ended
early. The same prompt is the text board's prompt line.
"""

from __future__ import annotations

import re
from typing import Any

from render import kit
from render.torres.style import COLOUR_RGB, words

CHANCE = -1
SQUARE = re.compile(r"\b([a-h][1-8])\b")


def names(view: dict[str, Any]) -> list[str]:
    """Each seat's name without a bot suffix (the band draws a badge instead)."""
    count = int(view.get("players") or len(view.get("seats") or []))
    plain = kit.seat_names(view, count)
    bare = list(view.get("bare_names") or [])
    return [str(bare[i]) if i < len(bare) and bare[i] else plain[i] for i in range(count)]


def places(view: dict[str, Any]) -> list[int]:
    """Each seat's place: the table's standings when present (the rules' own word), else equal
    scores share a place (Torres breaks no tie, §7.5)."""
    scores = [int(info["score"]) for info in view.get("seats") or []]
    standings = view.get("standings") or {}
    ranking, given = list(standings.get("ranking") or []), list(standings.get("places") or [])
    if ranking and len(ranking) == len(given):
        out = [0] * len(scores)
        for seat, place in zip(ranking, given, strict=True):
            if 0 <= int(seat) < len(out):
                out[int(seat)] = int(place)
        if all(out):
            return out
    return [1 + sum(other > mine for other in scores) for mine in scores]


def prompt(view: dict[str, Any], w: dict[str, Any]) -> str:
    """What the seat to act must decide now, without its name."""
    stage = str(view.get("stage") or "")
    turn = view.get("turn") or {}
    if stage in ("build", "place", "crown", "king"):
        return str(w[f"do_{stage}"])
    if turn.get("revealing"):
        return str(w["do_keep"])
    return str(w["do_turn"]).format(ap=turn.get("ap", "?"))


def headline(view: dict[str, Any]) -> str:
    """The prompt, or how the game ended, in the view's language."""
    w = words(str(view.get("locale") or "en"))
    if view.get("ended"):
        return str(w["ended"])
    seat_names = names(view)
    if view.get("over"):
        placed = places(view)
        first = [seat for seat, place in enumerate(placed) if place == 1]
        if not first:
            return str(w["over"])
        score = view["seats"][first[0]]["score"]
        who = str(w["sep"]).join(seat_names[s] for s in first)
        key = "shared_head" if len(first) > 1 else "wins_head"
        return "★ " + str(w[key]).format(names=who, score=score)
    acting = [int(s) for s in view.get("to_act") or []]
    if CHANCE in acting:
        return str(w["chance"])
    current = view.get("current")
    if current is None or not acting:
        return ""
    return "▶ " + str(w["prompt"]).format(name=seat_names[int(current)], what=prompt(view, w))


def stage_text(view: dict[str, Any]) -> str:
    """Phase and round, or the setup step."""
    w = words(str(view.get("locale") or "en"))
    stage = str(view.get("stage") or "")
    if stage in ("first", "build", "place", "crown", "master"):
        return str(w["setup"])
    return str(w["phase"]).format(phase=view.get("phase"), round=view.get("round"), rounds=view.get("rounds"))


def band(view: dict[str, Any]) -> kit.Band:
    """The band for any Torres view."""
    seats = list(view.get("seats") or [])
    colours = [COLOUR_RGB[str(info.get("colour"))] for info in seats]
    scores = [str(info.get("score", "")) for info in seats]
    if view.get("ended"):
        view = {**view, "to_act": []}
    made = kit.band_seats(view, colours or [kit.INK], scores)
    return kit.Band(headline(view), stage_text(view), made, kit.last_text({**view, "last": last_turn(view)}))


def last_turn(view: dict[str, Any]) -> dict[str, Any] | None:
    """The last decision widened to the whole turn it closed (``view["last_turn"]``): a Torres
    turn is several decisions ending with ``end``, and "ended the turn" alone says nothing."""
    last = view.get("last") if isinstance(view.get("last"), dict) else None
    turn = [d for d in view.get("last_turn") or [] if isinstance(d, dict)]
    if last is None or not turn:
        return last
    events = [e for d in turn for e in d.get("events") or []]
    lines = [line for d in turn for line in d.get("lines") or []]
    return {"seat": last.get("seat"), "events": events, "lines": lines}


def squares(decision: dict[str, Any]) -> set[str]:
    """The squares one decision changed, from its public events: a knight placed or moved, a
    block built, the King placed or moved, a card played on squares."""
    out: set[str] = set()
    for event in decision.get("events") or []:
        if not isinstance(event, dict):
            continue
        for key in ("sq", "frm", "to"):
            value = event.get(key)
            if isinstance(value, str) and SQUARE.fullmatch(value):
                out.add(value)
        if event.get("kind") == "play":
            out |= set(SQUARE.findall(str(event.get("args") or "")))
    return out


def legal_squares(view: dict[str, Any]) -> set[str]:
    """Where the reader may act now (their private view, ``view["legal"]`` from the table): a
    knight or block placed, a knight or the King moved to. Card plays are left out: their many
    argument squares would cover the board."""
    out: set[str] = set()
    for action in view.get("legal") or []:
        parts = str(action).split()
        if len(parts) != 2 or parts[0] not in ("knight", "tower", "king", "move"):
            continue
        target = parts[1].split("-")[-1]  # a move's destination
        if SQUARE.fullmatch(target):
            out.add(target)
    return out
