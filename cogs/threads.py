"""Keeping each live game's thread usable, and ending games whose place on Discord is gone.

Discord archives a thread after a week without messages, and then refuses application commands
in it: a slow asynchronous game would lock its players out. So whenever Discord archives a thread
that holds a live game (the thread-update gateway event), and for every live game at start-up,
the bot reopens it; if it may not, it tells the host once how to fix it.

A game whose thread was locked or deleted, or whose channel was deleted, can no longer be played:
it ends as abandoned (so ``/game list`` no longer shows it as running), with a note in the parent
channel where the bot may post one.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

import rules
from cogs import notices, outbox, replies
from cogs.i18n import ui
from storage import GameRow
from table.messages import TableError
from table.service import TableService, User

log = logging.getLogger("postern.discord")

DISCORD = User("discord", "Discord", can_manage=True)
"""Who ends a game whose channel is gone (the table records it like a moderator's abandon)."""


class ThreadKeeper(commands.Cog):
    """Listens to thread and channel changes; sweeps every live game when the bot is ready."""

    def __init__(self, bot: commands.Bot, table: TableService) -> None:
        self.bot = bot
        self.table = table

    # ---- gateway events ------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        meta: dict[str, Any] = dict(payload.data.get("thread_metadata") or {})
        await self.check(payload.thread_id, payload.parent_id, archived=bool(meta.get("archived")), locked=bool(meta.get("locked")))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.end(str(payload.thread_id), "ended_deleted", payload.parent_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """Discord deletes a channel's threads with it, without a thread event for each: every
        live game of the server whose channel no longer exists ends."""
        for row in await self.table.db.live_games(str(channel.guild.id)):
            if row.channel_id == str(channel.id) or not await self.exists(int(row.channel_id)):
                await self.end(row.channel_id, None, None)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.sweep()

    # ---- the checks ----------------------------------------------------------------------------
    async def sweep(self) -> None:
        """At start-up (and after each reconnect): every live game in a server the bot is in must
        still have an open channel; reopen archived threads, end games whose place is gone."""
        for row in await self.table.db.live_games():
            if row.guild_id is None or self.bot.get_guild(int(row.guild_id)) is None:
                continue  # a DM game, or a server where the app is only user-installed
            cached = self.bot.get_channel(int(row.channel_id))
            if isinstance(cached, discord.TextChannel) or (
                isinstance(cached, discord.Thread) and not cached.archived and not cached.locked
            ):
                continue  # known open from the server's snapshot: no request needed
            try:
                channel = await self.bot.fetch_channel(int(row.channel_id))
            except discord.NotFound:
                await self.end(row.channel_id, None, None)
                continue
            except replies.POST_ERRORS:
                log.info("cannot see the channel of game %s", row.id)
                continue
            if isinstance(channel, discord.Thread):
                await self.check(channel.id, channel.parent_id, archived=channel.archived, locked=channel.locked)

    async def check(self, thread_id: int, parent_id: int | None, *, archived: bool, locked: bool) -> None:
        row = await self.table.db.live_game(str(thread_id))
        if row is None:
            return
        if locked:
            await self.end(str(thread_id), "ended_locked", parent_id)
        elif archived:
            await self.reopen(row, thread_id, parent_id)

    async def reopen(self, row: GameRow, thread_id: int, parent_id: int | None) -> None:
        try:
            await self.bot.http.edit_channel(thread_id, archived=False, reason="a game is still being played here")
            log.info("reopened the archived thread of game %s", row.id)
        except replies.POST_ERRORS as err:
            log.info("could not reopen the thread of game %s: %s", row.id, err)
            if notices.first_time(self.bot, ("archived", row.id)):
                title = rules.localised(rules.get(row.game).title, row.locale)
                text = ui("archive_blocked", row.locale, host=f"<@{row.host_id}>", game=title, id=row.id, thread=f"<#{thread_id}>")
                await self.tell(parent_id, row.host_id, text)

    async def end(self, channel_id: str, reason: str | None, parent_id: int | None) -> None:
        """End the channel's live game as abandoned; say why in the parent channel if we may."""
        try:
            result = await self.table.abandon(channel_id=channel_id, user=DISCORD)
        except TableError:
            return  # no live game there (or it ended meanwhile)
        log.info("game %s ended as abandoned: its channel %s is gone or locked", result.game_id, channel_id)
        if reason is not None and parent_id is not None:
            title = rules.localised(rules.get(result.game).title, result.locale)
            await self.tell(parent_id, None, ui(reason, result.locale, game=title, id=result.game_id, thread=f"<#{channel_id}>"))

    # ---- helpers ---------------------------------------------------------------------------------
    async def exists(self, channel_id: int) -> bool:
        try:
            await self.bot.fetch_channel(channel_id)
        except discord.NotFound:
            return False
        except replies.POST_ERRORS:
            return True  # not visible to us is not gone
        return True

    async def tell(self, channel_id: int | None, user_id: str | None, text: str) -> None:
        """Post in ``channel_id``; failing that, DM ``user_id``; failing both, log it."""
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        channel = self.bot.get_channel(channel_id) if channel_id is not None else None
        if isinstance(channel, discord.TextChannel):
            try:
                await outbox.post(channel, content=text[:2000], allowed_mentions=mentions)
                return
            except replies.POST_ERRORS:
                log.info("could not post in channel %s", channel_id)
        if user_id is not None:
            try:
                user = await self.bot.fetch_user(int(user_id))
                await outbox.post(await user.create_dm(), content=text[:2000])
                return
            except replies.POST_ERRORS:
                log.info("could not DM user %s", user_id)
        log.warning("nobody could be told: %s", text)
