"""The turn keeper: runs the table's durable scheduler in the background and delivers what it
decides — reminders by DM (a mention in the game's channel when DMs are closed), the vote post
with its buttons when a bank runs out, and the vote's outcome. No game logic: the table decides.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
from typing import Any

import discord
from discord.ext import commands

import rules
import storage
from cogs import components, inflight, outbox, posting, reach, replies
from cogs.i18n import ui
from table import observability
from table.clock import scheduler_seconds_from_env
from table.messages import TableError, message
from table.scheduler import VOTE_CHOICES, Notice, Scheduler
from table.service import Result, TableService

log = logging.getLogger("postern.keeper")
USERS_ONLY = discord.AllowedMentions(users=True, roles=False, everyone=False)
"""The keeper's posts ping the players they name with <@id>, never a role or @everyone that a
display name in the text might spell out."""
NOBODY = discord.AllowedMentions.none()

INTERVAL = scheduler_seconds_from_env(os.environ)
"""Real seconds between passes (shortened by the time scale, so a sped-up demo stays lively)."""


class TurnKeeper(commands.Cog):
    def __init__(self, bot: commands.Bot, table: TableService) -> None:
        self.bot = bot
        self.table = table
        self.scheduler = Scheduler(table)
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="postern-turn-keeper")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def interval(self) -> float:
        """Real seconds to the next pass: ``INTERVAL``, but never more than one game minute (a
        sped-up clock), and never under a second."""
        scale = float(getattr(self.table.clock, "scale", 1.0))
        return max(1.0, min(INTERVAL, 60.0 / scale))

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.run_pass()
            except Exception:
                log.exception("scheduler pass failed; the next pass retries what is still due")
            await asyncio.sleep(self.interval())

    async def run_pass(self) -> int:
        """One pass: act on what is due and deliver it; the number of notices handed to Discord.

        Each notice is confirmed (``Scheduler.delivered``) only once Discord took it, or refused
        it for good (a post it will never accept is not tried for ever). A notice that failed on a
        passing fault — a 5xx, a dropped connection — or on a fault of ours stays leased, and a
        later pass sends it again (``table.notices``). The pass counts as a flow in flight, so a
        clean stop (SIGTERM) waits for its notices like it waits for move posts."""
        with inflight.FLOWS.track():
            notices = await self.scheduler.run_once()
            for notice in notices:
                try:
                    await self.deliver(notice)
                except replies.POST_ERRORS as err:
                    if replies.transient(err):
                        log.warning("could not deliver %s for game %s (%s); sent again later", notice.kind, notice.game.id, err)
                        continue
                    log.warning("%s for game %s refused for good (%s); not sent again", notice.kind, notice.game.id, err)
                except Exception:  # a drawing or storage fault: the pass's other notices still go out
                    log.exception("could not deliver %s for game %s; sent again later", notice.kind, notice.game.id)
                    continue
                await replies.confirm(functools.partial(self.scheduler.delivered, notice))
            return len(notices)

    async def _channel(self, channel_id: str) -> discord.abc.Messageable:
        channel = self.bot.get_channel(int(channel_id))
        if channel is None:
            channel = await self.bot.fetch_channel(int(channel_id))
        return channel  # type: ignore[return-value]

    async def deliver(self, notice: Notice) -> None:
        if notice.kind == "announce":
            await self._announce(notice)
            return
        if notice.kind == "reminder":
            await self._remind(notice)
            return
        try:
            channel: discord.abc.Messageable | None = await self._channel(notice.game.channel_id)
        except (discord.Forbidden, discord.NotFound):  # closed to the bot, or gone: what can go by DM does
            channel = None
        if notice.kind == "vote_opened":
            mentions = " ".join(f"<@{uid}>" for uid in notice.voters)
            content = posting.fit([notice.text(), mentions])
            if channel is not None:
                try:
                    await outbox.post(channel, content=content, view=vote_view(notice, notice.locale), allowed_mentions=USERS_ONLY)
                    return
                except discord.Forbidden:
                    pass
            await self._instead_by_dm(notice, channel, notice.voters)  # the channel is closed to the bot: vote by DM
        else:
            taken = notice.taken
            try:
                if channel is None:
                    return  # nowhere to post; the takeover DM below still goes
                if taken:  # the player whose seat a bot now plays is told, here and by DM
                    await outbox.post(channel, content=f"<@{notice.user_id}> {notice.text()}", allowed_mentions=USERS_ONLY)
                else:
                    await outbox.post(channel, content=notice.text(), allowed_mentions=NOBODY)
                if notice.result is not None and notice.result.view is not None:
                    await outbox.post(channel, **await posting.public_post(notice.result))
                    await self._posted(notice.result)
            finally:  # the DM goes out even when the channel refused the post (it matters most then)
                if taken:
                    await self._tell_taken_over(notice, channel)

    async def _posted(self, result: Result) -> None:
        """Settle the announcement of the moves a post carried (``table.announce``)."""
        if result.announce is not None:
            await replies.confirm(lambda: self.table.announced(result))

    async def _announce(self, notice: Notice) -> None:
        """The late post of moves whose own post never arrived (``table.announce``).

        Posted under the channel's posting lock, and only if the game is still at the version the
        post shows: a newer write means a newer board, and the next lease rebuilds the late post
        from it. A channel that refuses a file gets a text board; one that is gone or refuses the
        bot, or a post Discord rejects for good, ends the attempts (logged and counted). A passing
        fault leaves the announcement leased: a later pass tries again."""
        result = notice.result
        assert result is not None
        game = notice.game
        try:
            channel = await self._channel(game.channel_id)
            async with outbox.lock(int(game.channel_id)):
                row = await self.table.db.game(game.id)
                if row is None or row.version != result.version:
                    log.info("game %s changed since its late post was built; rebuilt at the next lease", game.id)
                    return
                await self._send_late(channel, notice, result)
        except replies.POST_ERRORS as err:
            if replies.transient(err):
                raise
            log.warning("game %s: its late post is refused for good (%s); giving up", game.id, err)
            observability.LATE_POSTS.labels(game.game, "gave_up").inc()
        else:
            observability.LATE_POSTS.labels(game.game, "posted").inc()
        await self._posted(result)

    @staticmethod
    async def _send_late(channel: discord.abc.Messageable, notice: Notice, result: Result) -> None:
        header = [notice.text()]
        try:
            post = await posting.public_post(result, header)
        except Exception:
            log.exception("drawing game %s failed; announcing without the image", notice.game.id)
            post = await posting.public_post(result, header, draw=False)
        try:
            await channel.send(**post)
        except discord.Forbidden:
            if "file" not in post and "files" not in post:
                raise
            with reach.text_only():  # perhaps no Attach Files here: the text board instead
                post = await posting.public_post(result, header)
            await channel.send(**post)

    async def _instead_by_dm(self, notice: Notice, channel: discord.abc.Messageable | None, users: list[str]) -> None:
        """A vote the game's channel refused (the bot lost Send Messages there): each voter gets
        it by DM, buttons included, with why it came there, so the vote is not decided by a
        silence nobody chose. A voter with closed DMs only loses their copy (logged); a fault that
        may pass (a 503, a dropped connection) is raised once every voter was tried, so the notice
        stays owed and is sent again (the others then get a second copy: twice, never missing)."""
        passing: BaseException | None = None
        for user_id in users:
            try:
                settings = await self.table.db.user_settings(user_id)
                locale = settings.dm_locale(notice.game.locale)
                where = _place(notice, channel)
                text = posting.fit([message("unposted_vote", locale, where=where), notice.text(locale)])
                await self._dm(user_id, content=text, view=vote_view(notice, locale))
            except (*replies.POST_ERRORS, storage.StorageError, ValueError) as err:
                log.info("could not send the vote of game %s to %s by DM: %s", notice.game.id, user_id, err)
                if replies.transient(err) or isinstance(err, storage.StorageError):
                    passing = passing or err
        if passing is not None:
            raise passing

    async def _tell_taken_over(self, notice: Notice, channel: discord.abc.Messageable | None) -> None:
        """A DM to the player a bot now stands in for: the mention above may never reach someone
        who left the thread, and ``/me games`` is where they would look for the way back.
        Closed DMs only cost the note (the mention was made); a fault that may pass is raised, so
        the notice stays owed and is sent again."""
        try:
            settings = await self.table.db.user_settings(notice.user_id)
            locale = settings.dm_locale(notice.game.locale)
            title = rules.localised(rules.get(notice.game.game).title, locale)
            key = "taken_over_end_dm" if notice.over else "taken_over_dm"  # no way back from a game that is over
            text = message(key, locale, game=title, where=_place(notice, channel))
            await self._dm(notice.user_id, content=text)
        except (*replies.POST_ERRORS, storage.StorageError, ValueError) as err:
            log.info("could not tell %s that a bot took their seat in game %s: %s", notice.user_id, notice.game.id, err)
            if replies.transient(err) or isinstance(err, storage.StorageError):
                raise

    async def _dm(self, user_id: str, **post: Any) -> None:
        """Post to a user's DM with the bot (mentioning nobody); Discord's refusal (closed DMs) is
        the caller's to handle."""
        user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
        await outbox.post(await user.create_dm(), allowed_mentions=NOBODY, **post)

    async def _remind(self, notice: Notice) -> None:
        """A reminder goes by DM: the game's channel only names the place (and takes the mention
        if DMs are closed), so a channel the bot cannot open — a group DM, a server where the app
        is only user-installed — must not cost the reminder itself."""
        try:
            channel: discord.abc.Messageable | None = await self._channel(notice.game.channel_id)
        except replies.POST_ERRORS:
            channel = None
        guild = notice.game.guild_id
        link = f"https://discord.com/channels/{guild or '@me'}/{notice.game.channel_id}"
        place = getattr(channel, "mention", "") or ""
        server = getattr(getattr(channel, "guild", None), "name", None)
        where = " — ".join(part for part in (f"{server or ''} {place}".strip(), link) if part)  # names and a link
        try:  # what the others did since the player's last turn, in public words (``table.since``)
            digest = await self.table.since(user_id=notice.user_id, locale=notice.locale, game_id=notice.game.id)
            since = digest.fold(notice.locale)
        except (TableError, storage.StorageError):
            since = []
        text = posting.fit([notice.text(), where, *since], head=2)
        try:
            await self._dm(notice.user_id, content=text)
        except discord.HTTPException as err:
            if replies.transient(err):
                raise  # Discord failed for a moment: the reminder is sent again later
            # DMs closed: one mention in the game's thread instead, once per turn (the table
            # keeps a mark, so a second reminder stays quiet).
            if channel is not None and await self.scheduler.mention_instead(notice):
                await outbox.post(channel, content=f"<@{notice.user_id}> {text}", allowed_mentions=USERS_ONLY)


def vote_view(notice: Notice, locale: str) -> discord.ui.View:
    """The buttons of a vote on a seat whose bank ran out, labelled in ``locale``."""
    view = discord.ui.View(timeout=None)
    for choice in VOTE_CHOICES:
        label = ui(f"vote_btn_{choice}", locale)
        view.add_item(components.VoteButton(notice.game.id, notice.seat, notice.turn, choice, label))
    return view


def _place(notice: Notice, channel: discord.abc.Messageable | None) -> str:
    """Where a game is, for a DM: the channel's mention (when known) and a jump link."""
    link = f"https://discord.com/channels/{notice.game.guild_id or '@me'}/{notice.game.channel_id}"
    place = getattr(channel, "mention", "") or ""
    return f"{place} {link}".strip()
