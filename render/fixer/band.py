"""FIXER's summary band (``render.kit.Band``): who acts and what they must decide, in words.

Every decision type the rules have gets its prompt (rules §4-5: a play onto a region, the 2p and
solo initial plays, keep-or-discard after losing a conflict, the card-passing variant's 3 cards),
and so do the steps nobody decides (a deal, the automa's flip), a finished game (winner, shared
victory, instant win) and a game ended early. Seats are told apart by their ``S1`` tags, as on the
board, not by colour. The same headline is the text board's prompt line (``textview``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from render import kit
from render.fixer.text import Words

AUTOMA = -2
CHANCE = -1
SEAT_FILL: kit.RGB = kit.INK
"""The band's seat swatches: ink with the seat tag, like the board's badges."""
AUTOMA_FILL: kit.RGB = kit.DARK


def seat_names(view: dict[str, Any]) -> list[str]:
    """Each human seat's name without a bot suffix (the band draws a badge instead)."""
    humans = len(view.get("seats") or []) or int(view.get("players") or 0)
    bare = list(view.get("bare_names") or [])
    names = kit.seat_names(view, humans)
    return [str(bare[i]) if i < len(bare) and bare[i] else names[i] for i in range(humans)]


def _name(view: dict[str, Any], words: Words, seat: int) -> str:
    if seat == AUTOMA:
        return words("automa")
    names = seat_names(view)
    return names[seat] if 0 <= seat < len(names) else f"S{seat + 1}"


def _winners(view: dict[str, Any]) -> tuple[list[int], int | None]:
    """The winning seats (the automa as -2) and their score, from the table's standings when
    present, else from the rules' result."""
    humans = len(view.get("seats") or [])
    solo = bool(view.get("solo"))
    standings = view.get("standings") or {}
    result = view.get("result") or {}

    def seat_of(entry: int) -> int:
        return AUTOMA if solo and entry in (AUTOMA, humans) else entry

    scores = list(standings.get("scores") or result.get("scores") or [])
    ranking = [int(s) for s in standings.get("ranking") or result.get("ranking") or []]
    places = [int(p) for p in standings.get("places") or []]
    if result.get("instant_win") is not None:
        first = [seat_of(int(result["instant_win"]))]
    elif places:
        first = [seat_of(s) for s, p in zip(ranking, places, strict=False) if p == 1]
    elif result.get("shared") and len(ranking) > 1:
        first = [seat_of(s) for s in ranking[:2]]
    else:
        first = [seat_of(s) for s in ranking[:1]]
    score = None
    if first and scores:
        index = humans if first[0] == AUTOMA else first[0]
        score = int(scores[index]) if 0 <= index < len(scores) else None
    return first, score


def headline(view: dict[str, Any]) -> str:
    """What the game waits for, or how it ended, in the view's language."""
    words = Words(view.get("locale"))
    if view.get("ended"):
        return words("ended")
    stage = str(view.get("stage") or "play")
    if view.get("over") or stage == "over":
        result = view.get("result") or {}
        first, score = _winners(view)
        names = words("sep").join(_name(view, words, s) for s in first)
        if result.get("instant_win") is not None and first:
            return "★ " + words("instant_win", name=names)
        if len(first) > 1:
            return "★ " + words("shared_head", names=names, score=score if score is not None else "?")
        if first:
            return "★ " + words("wins", name=names, score=score if score is not None else "?")
        return words("stage.over")
    pending = view.get("pending")
    if isinstance(pending, dict) and stage == "decide":
        seat = int(pending.get("seat") or 0)
        return "▶ " + words("decides", name=_name(view, words, seat), card=str(pending.get("card") or "?"))
    acting = [int(s) for s in view.get("to_act") or []]
    if CHANCE in acting:
        return words("automa_flip") if view.get("solo") and stage in ("initial", "play") else words("chance")
    if not acting:
        return words(f"stage.{stage}") if stage in {"deal", "pass", "initial", "play", "decide"} else ""
    what = {"pass": "do.pass", "initial": "do.initial"}.get(stage, "do.play")
    names = words("sep").join(_name(view, words, s) for s in acting)
    return "▶ " + words("prompt", names=names, what=words(what))


def stage_text(view: dict[str, Any]) -> str:
    """Round and stage: "Round 2/2 · Initial plays"."""
    words = Words(view.get("locale"))
    stage = str(view.get("stage") or "play")
    word = words(f"stage.{stage}") if stage in {"deal", "pass", "initial", "play", "decide", "over"} else stage
    if view.get("ended"):
        word = words("ended")
    return f"{words('round', r=view.get('round', 1), n=view.get('rounds', 1))} · {word}"


def _score(info: dict[str, Any], view: dict[str, Any], index: int) -> str:
    """A seat's score as the band shows it: only what this view may know (running scores are
    private, rules §10); at the end, or ended early, the standings' total."""
    standings = view.get("standings") or {}
    scores = list(standings.get("scores") or (view.get("result") or {}).get("scores") or [])
    if scores and 0 <= index < len(scores):
        return str(scores[index])
    score = info.get("score")
    return "" if score is None else str(score)


def band(view: dict[str, Any]) -> kit.Band:
    """The band for any FIXER view."""
    words = Words(view.get("locale"))
    infos = [dict(s) for s in view.get("seats") or []]
    humans = len(infos)
    scores = [_score(info, view, i) for i, info in enumerate(infos)]
    seats = [
        dataclasses.replace(seat, tag=f"S{i + 1}")
        for i, seat in enumerate(kit.band_seats(view, [SEAT_FILL], scores))
    ]
    ended = bool(view.get("ended"))
    pending = view.get("pending")
    if isinstance(pending, dict) and view.get("stage") == "decide" and not ended:
        loser = int(pending.get("seat") or 0)  # the keep/discard waits for the loser alone
        seats = [dataclasses.replace(s, acting=i == loser) for i, s in enumerate(seats)]
    if ended:
        seats = [dataclasses.replace(s, acting=False) for s in seats]
    if view.get("solo"):
        automa = dict(view.get("automa") or {})
        seats.append(
            kit.BandSeat(words("automa"), AUTOMA_FILL, _score(automa, view, humans), False, tag="AU")
        )
    return kit.Band(headline(view), stage_text(view), seats, kit.last_text(view))
