"""Coming back to a game: ``/note``, ``/me games finished`` and ``/game record``.

The table keeps the data (``table.notes``, ``table.records``, ``TableService.export``); this
module words it for the reader, always in a private (ephemeral) reply: a note is nobody else's
business, and a list of one's games is one's own.
"""

from __future__ import annotations

import io
import math
import time

import discord

import rules
from cogs import flows, posting
from cogs.i18n import ui

FINISHED_PAGE = 10


@flows.guarded
async def note(interaction: discord.Interaction, text: str | None, clear: bool) -> None:
    locale = flows.reader_locale(interaction)
    table = flows.service(interaction)
    _, kept = await table.note(channel_id=flows.channel_of(interaction), user=flows.caller(interaction),
                               text=text, clear=clear)
    if clear:
        content = ui("note_cleared", locale)
    elif kept is None:
        content = ui("note_none", locale)
    else:
        key = "note_saved" if text and text.strip() else "note_shown"
        content = "\n".join([ui(key, locale), posting.escape(kept)])
    await flows.send(interaction, content=content[:posting.CONTENT_LIMIT], ephemeral=True,
                     allowed_mentions=discord.AllowedMentions.none())


@flows.guarded
async def finished_games(interaction: discord.Interaction, page: int) -> None:
    locale = flows.reader_locale(interaction)
    table = flows.service(interaction)
    me = str(interaction.user.id)
    total = await table.db.finished_count(me)
    if total == 0:
        await flows.send(interaction, content=ui("finished_none", locale), ephemeral=True)
        return
    pages = max(1, math.ceil(total / FINISHED_PAGE))
    if page > pages:
        await flows.send(interaction, content=ui("board_no_page", locale, page=page, pages=pages), ephemeral=True)
        return
    rows = await table.db.finished_of(me, (page - 1) * FINISHED_PAGE, FINISHED_PAGE)
    lines = [ui("finished_title", locale, page=page, pages=pages, total=total)]
    for result, channel_id, guild_id in rows:
        title = rules.localised(rules.get(result.game).title, locale)
        day = time.strftime("%Y-%m-%d", time.gmtime(result.ended_at))
        if result.place is not None:
            how = ui("finished_place", locale, place=result.place, players=result.players,
                     score="—" if result.score is None else result.score)
        else:
            how = ui(f"finished_{result.outcome}", locale)
        if result.outcome == "stood":
            how = f"{how} · {ui('finished_unfinished', locale)}"
        lines.append(f"#{result.game_id} **{title}** — {how} · {day} — {flows.jump_link(guild_id, channel_id)}")
    await flows.send(interaction, content=posting.fit_first(lines), ephemeral=True)


@flows.guarded
async def record(interaction: discord.Interaction) -> None:
    """The record file of this channel's latest game (public events; every move once it ended)."""
    locale = flows.reader_locale(interaction)
    result, text = await flows.service(interaction).export(channel_id=flows.channel_of(interaction), locale=locale)
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{result.game}-{result.game_id}.txt")
    key = "record_ended" if result.status in ("finished", "abandoned") else "record_running"
    await flows.send(interaction, content=ui(key, locale), file=file, ephemeral=True)


SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35}
"""Seconds each turn of a replay stays on screen."""
ATTACHMENT_LIMIT = 10 * 1024 * 1024


@flows.guarded
async def replay(interaction: discord.Interaction, speed: str | None) -> None:
    """``/replay``: the whole game as an animated picture (drawn in the render pool), posted here."""
    from cogs import replies
    from render import pool as render_pool

    await replies.acknowledge(interaction, ephemeral=False)  # drawing a whole game takes a while
    locale = flows.table_locale(interaction)  # a post in the channel: the table's language
    plan = await flows.service(interaction).replay_plan(
        channel_id=flows.channel_of(interaction), user=flows.caller(interaction), locale=locale
    )
    limit = int(getattr(interaction, "attachment_size_limit", 0) or ATTACHMENT_LIMIT)
    data = await render_pool.shared().draw("replay", plan.view(SPEEDS.get(speed or "normal", 0.8), int(limit * 0.9)))
    title = rules.localised(rules.get(plan.game).title, locale)
    text = ui("replay_posted", locale, game=title, id=plan.game_id, turns=len(plan.frames))
    file = discord.File(io.BytesIO(data), filename=f"replay-{plan.game}-{plan.game_id}.gif")
    await flows.send(interaction, content=text, file=file)
