"""The text board, for channels where the bot may not attach the board image.

Under the post's event lines: whose move it is (or that the game is over), then the game's own
text rendering of the view (``render.text``: the display, each player's public state, and in a
private view the seat's hand). The view decides what is shown, so hidden parts (e.g. FIXER's
running scores, another player's hand) never reach a public post. Should a game's text writer
fail, the post falls back to the scores the view shows rather than losing the move.
"""

from __future__ import annotations

import logging
from typing import Any

import render
from cogs.i18n import ui
from table.messages import listing
from table.service import Result

log = logging.getLogger("postern.discord")


def public_scores(view: dict[str, Any] | None, seats: int) -> list[int] | None:
    """One score per seat if the public view shows them all (``scores`` or ``seats[i].score``)."""
    if not view or seats <= 0:
        return None
    flat = view.get("scores")
    if isinstance(flat, list) and len(flat) >= seats and all(isinstance(v, int) for v in flat[:seats]):
        return list(flat[:seats])
    per_seat = view.get("seats")
    if isinstance(per_seat, list) and len(per_seat) >= seats:
        values = [s.get("score") if isinstance(s, dict) else None for s in per_seat[:seats]]
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return values  # type: ignore[return-value]
    return None


def board_lines(game: str, view: dict[str, Any], names: list[str], locale: str) -> list[str] | None:
    """The game's text board of ``view`` (names already escaped), or None if its writer failed."""
    try:
        return render.text(game, {**view, "names": names, "locale": locale})
    except Exception:  # a drawing bug must not cost the post: the caller falls back
        log.exception("text board of %s failed", game)
        return None


def summary(result: Result, names: list[str], locale: str) -> str:
    """A heading saying why there is no image, turn (or game over), then the text board."""
    parts: list[str] = []
    if result.status == "active":
        who = [names[s] for s in result.to_act if 0 <= s < len(names)]
        if who:
            parts.append(ui("tb_turn", locale, who=listing(dict.fromkeys(who), locale)))
    elif result.status == "finished":
        parts.append(ui("tb_over", locale))
    board = board_lines(result.game, result.view, names, locale) if result.view else None
    if board is None:
        scores = public_scores(result.view, len(names))
        if scores is not None:
            parts.append(ui("tb_scores", locale, scores=listing((f"{n} {v}" for n, v in zip(names, scores, strict=False)), locale)))
    head = ui("tb_head", locale)
    text = f"{head}\n{' · '.join(parts)}" if parts else head
    return "\n".join([text, *board]) if board else text
