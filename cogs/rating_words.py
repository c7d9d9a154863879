"""Rating words shared by the final post (``cogs.posting``) and ``/stats`` (``cogs.stats``)."""

from __future__ import annotations

import rules
from cogs.i18n import ui
from storage.records import RatingChange
from table import bots


def number(value: float) -> str:
    return f"{value:.1f}"


def who(player: str, name: str, locale: str) -> str:
    """A player's name (escaped by the caller) as the stats show it; a bot's rating identity as
    "Bot (normal)"."""
    if player.startswith("bot:") and not player[4:].split("#")[0].isdigit():
        level = player[4:].split("#")[0]
        return f"{rules.localised(bots.NAMES['bot'], locale)} ({bots.level_name(level, locale)})"
    return name


def rating_lines(changes: list[RatingChange], user_ids: list[str], names: list[str], locale: str) -> list[str]:
    """The final post's lines: each rated player's leaderboard number before → after."""
    if not changes:
        return []
    name_of = {uid: names[i] for i, uid in enumerate(user_ids) if i < len(names)}
    lines = [ui("rating_lines", locale)]
    for c in sorted(changes, key=lambda c: -(c.after.conservative - c.before.conservative)):
        delta = c.after.conservative - c.before.conservative
        lines.append(ui(
            "rating_change", locale, name=who(c.player, name_of.get(c.player, c.player), locale),
            before=number(c.before.conservative), after=number(c.after.conservative), delta=f"{delta:+.1f}",
        ))
    return lines


