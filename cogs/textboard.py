"""A short text board for channels where the bot may not attach the board image.

It says only what the table's result already tells every player — whose move it is, whether
the game is over, and the scores where the public view shows them — under the post's event lines.
Hidden scores (e.g. FIXER's running scores) are absent from the public view, so never shown here.
"""

from __future__ import annotations

from typing import Any

from cogs.i18n import ui
from table.messages import listing
from table.service import Result


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


def summary(result: Result, names: list[str], locale: str) -> str:
    """Two lines: a heading saying why there is no image, then turn and scores."""
    parts: list[str] = []
    if result.status == "active":
        who = [names[s] for s in result.to_act if 0 <= s < len(names)]
        if who:
            parts.append(ui("tb_turn", locale, who=listing(dict.fromkeys(who), locale)))
    elif result.status == "finished":
        parts.append(ui("tb_over", locale))
    scores = public_scores(result.view, len(names))
    if scores is not None:
        parts.append(ui("tb_scores", locale, scores=listing((f"{n} {v}" for n, v in zip(names, scores, strict=False)), locale)))
    head = ui("tb_head", locale)
    return f"{head}\n{' · '.join(parts)}" if parts else head
