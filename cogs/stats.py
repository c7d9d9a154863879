"""``/stats``, ``/leaderboard`` and the rating lines of a final post: the table's records in words.

No rules here: the table (``table.records``) reads the results and ratings; this module words them
in the reader's language and asks the render pool for the two pictures (a rating over time, the
top ten of a leaderboard).
"""

from __future__ import annotations

import io
import math
import time
from typing import Any

import discord

import rules
from cogs import flows, posting
from cogs.i18n import ui
from cogs.rating_words import number, who
from render import pool as render_pool
from storage.ratings import GLOBAL, Rating, conservative, guild_scope
from table.messages import listing
from table.records import MIN_GAMES, PAGE, bot_player

SERVER, EVERYWHERE = "server", "global"


def pace(seconds: float | None, locale: str) -> str:
    """Time per move in the largest units that read naturally ("2 h 10 min", "45 s")."""
    if seconds is None:
        return "—"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = seconds / 60
    if minutes < 60:
        return f"{minutes:.0f} min"
    hours, rest = divmod(int(minutes), 60)
    return f"{hours} h {rest} min" if hours < 48 else f"{hours / 24:.1f} d"


def percent(value: float | None) -> str:
    return "—" if value is None or math.isnan(value) else f"{value * 100:.0f} %"


def title(game: str | None, locale: str) -> str:
    return rules.localised(rules.get(game).title, locale) if game else ui("stats_all_games", locale)


async def chart(history: list[tuple[float, Rating]], name: str, game: str, locale: str) -> discord.File | None:
    """The rating-over-time picture (two rated games or more)."""
    if len(history) < 2:
        return None
    view: dict[str, Any] = {
        "kind": "rating_chart", "locale": locale,
        "title": f"{name} — {title(game, locale)}", "subtitle": ui("chart_title", locale),
        "axis": ui("chart_games", locale), "line_label": ui("chart_line", locale), "band_label": ui("chart_band", locale),
        "points": [[r.mu, r.sigma] for _, r in history],
    }
    data = await render_pool.shared().draw("stats", view)
    return discord.File(io.BytesIO(data), filename=f"rating-{game}.png")


@flows.guarded
async def stats(
    interaction: discord.Interaction,
    user: discord.User | discord.Member | None,
    game: str | None,
    versus: discord.User | discord.Member | None,
    bot: str | None,
    public: bool,
) -> None:
    locale = flows.reader_locale(interaction)
    table = flows.service(interaction)
    me = interaction.user
    if bot is not None:
        player, name = bot_player(bot), who(bot_player(bot), "", locale)
    else:
        target = user or me
        player, name = str(target.id), posting.escape(target.display_name)
        if target.id != me.id and await table.db.stats_private(player):
            await flows.send(interaction, content=ui("stats_private", locale, name=name), ephemeral=True)
            return
    if versus is not None:
        await _versus(interaction, player, name, versus, game, locale, public)
        return
    found = await table.player_stats(player, name, game, str(interaction.guild_id) if interaction.guild_id else None)
    if not found.games:
        await flows.send(interaction, content=ui("stats_none", locale, name=name), ephemeral=not public)
        return
    lines = [ui("stats_title", locale, name=name, what=title(game, locale))]
    if game is not None:
        if found.rating is None:
            lines.append(ui("stats_unrated", locale))
        else:
            rank = ""
            if found.rank is not None:
                here = interaction.guild_id is not None and await table.db.rating(
                    guild_scope(str(interaction.guild_id)) or GLOBAL, game, player) is not None
                scope = guild_scope(str(interaction.guild_id)) if here else None
                total = await table.db.leaderboard_size(scope or GLOBAL, game, MIN_GAMES)
                rank = ui("stats_rank", locale, rank=found.rank, total=total,
                          where=ui("stats_here" if here else "stats_everywhere", locale))
            r = found.rating
            lines.append(ui("stats_rating", locale, conservative=number(r.conservative), mu=number(r.mu),
                            sigma=number(r.sigma), games=r.games, rank=rank))
    places = " ".join(ui("stats_place", locale, place=p, count=n) for p, n in sorted(found.places.items()))
    lines.append(ui("stats_games", locale, games=found.games, wins=found.wins, rate=percent(found.win_rate),
                    places=places or "—"))
    lines.append(ui("stats_finished", locale, finished=found.finished, games=found.games,
                    rate=percent(found.completion), pace=pace(found.seconds_per_move, locale)))
    if found.best is not None:
        day = time.strftime("%Y-%m-%d", time.gmtime(found.best.ended_at))
        lines.append(ui("stats_best", locale, place=found.best.place, score=found.best.score,
                        title=title(found.best.game, locale), date=day))
    if found.opponents:
        names = [f"{who(p, posting.escape(n), locale)} ({k})" for p, n, k in found.opponents]
        lines.append(ui("stats_opponents", locale, who=listing(names, locale)))
    post: dict[str, Any] = {"content": posting.fit(lines)}
    if game is not None:
        picture = await chart(found.history, name, game, locale)
        if picture is not None:
            post["file"] = picture
    await flows.send(interaction, ephemeral=not public, **post)


async def _versus(
    interaction: discord.Interaction, player: str, name: str, other: discord.User | discord.Member,
    game: str | None, locale: str, public: bool,
) -> None:
    table = flows.service(interaction)
    b, b_name = str(other.id), posting.escape(other.display_name)
    if b == player:
        await flows.send(interaction, content=ui("versus_self", locale), ephemeral=True)
        return
    if other.id != interaction.user.id and await table.db.stats_private(b):
        await flows.send(interaction, content=ui("stats_private", locale, name=b_name), ephemeral=True)
        return
    found = await table.versus(player, b, game)
    if not found.games:
        await flows.send(interaction, content=ui("versus_none", locale, a=name, b=b_name), ephemeral=not public)
        return
    lines = [
        ui("versus_title", locale, a=name, b=b_name, what=title(game, locale)),
        ui("versus_line", locale, games=found.games, a=name, b=b_name, a_above=found.a_above, b_above=found.b_above,
           level=found.level),
    ]
    await flows.send(interaction, content=posting.fit(lines), ephemeral=not public)


@flows.guarded
async def leaderboard(interaction: discord.Interaction, game: str, scope: str | None, page: int) -> None:
    locale = flows.reader_locale(interaction)
    table = flows.service(interaction)
    where = scope or (SERVER if interaction.guild_id else EVERYWHERE)
    if where == SERVER and interaction.guild_id is None:
        await flows.send(interaction, content=ui("board_server_only", locale), ephemeral=True)
        return
    guild = str(interaction.guild_id) if where == SERVER else None
    place = ui("stats_here" if guild else "stats_everywhere", locale)
    rows, total = await table.standings(game, guild, page)
    name = title(game, locale)
    if total == 0:
        await flows.send(interaction, content=ui("board_empty", locale, title=name, where=place, min=MIN_GAMES), ephemeral=True)
        return
    pages = max(1, math.ceil(total / PAGE))
    if not rows:
        await flows.send(interaction, content=ui("board_no_page", locale, page=page, pages=pages), ephemeral=True)
        return
    lines = [ui("board_title", locale, title=name, where=place, page=page, pages=pages, total=total, min=MIN_GAMES)]
    for s in rows:
        lines.append(ui("board_line", locale, rank=s.rank, name=who(s.player, posting.escape(s.name), locale),
                        conservative=number(s.rating.conservative), mu=number(s.rating.mu),
                        sigma=number(s.rating.sigma), games=s.rating.games))
    mine = await table.db.rank_of(guild_scope(guild) or GLOBAL, game, str(interaction.user.id), MIN_GAMES)
    if mine is not None:
        lines.append(ui("board_you", locale, rank=mine))
    view: dict[str, Any] = {
        "kind": "leaderboard", "locale": locale, "title": f"{name} — {place}",
        "rows": [[s.rank, who(s.player, s.name, locale), conservative(s.rating.mu, s.rating.sigma),
                  f"{number(s.rating.mu)} ± {number(s.rating.sigma)} · {s.rating.games}"] for s in rows],
    }
    data = await render_pool.shared().draw("stats", view)
    picture = discord.File(io.BytesIO(data), filename=f"leaderboard-{game}-{page}.png")
    await flows.send(interaction, content=posting.fit(lines), file=picture)
