"""Where a tile may go now: empty spaces next to a covered one, and a castle's free-tile targets."""

from __future__ import annotations

from rules.tuscany.state import State, colour_of, lay


def open_spaces(s: State, seat: int) -> list[str]:
    """Empty spaces next to a covered space: where a tile may go (§5.2 #7)."""
    p = s["ps"][seat]
    layout_ = lay(s, seat)
    cov = p["cov"]
    return [sp for sp in layout_.colour if sp not in cov and any(n in cov for n in layout_.neighbours[sp])]


def castle_targets(s: State, seat: int) -> list[str]:
    """``castle <slot>@<space>`` moves: a display tile matching an open space's colour."""
    layout_ = lay(s, seat)
    spaces = open_spaces(s, seat)
    out = []
    for slot, code in enumerate(s["display"]):
        if code is None:
            continue
        for sp in spaces:
            if layout_.colour[sp] == colour_of(code):
                out.append(f"castle {slot + 1}@{sp}")
    return out
