"""The discord.py client: settings, database, cogs, persistent components and command sync.

``PosternBot`` runs every gateway shard Discord recommends in one process; ``ShardedPosternBot``
(``POSTERN_SHARDS=2/8`` or ``0-3/8``) runs only some, so several processes can share one
PostgreSQL. Only the process running shard 0 syncs the slash commands. ``run_bot`` adds the
operator's side: the metrics/health server (``POSTERN_METRICS_PORT``) and a clean stop on SIGTERM
(moves and posts in flight finish, the database closes, exit 0).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import signal
from pathlib import Path
from typing import Any

import discord
from aiohttp import web
from discord import app_commands
from discord.ext import commands

import rules
from cogs import components, flows, inflight, replies
from cogs.commands import PlayCog
from cogs.i18n import PosternTranslator, code
from cogs.keeper import TurnKeeper
from cogs.threads import ThreadKeeper
from cogs.throttle import Throttle
from render import pool as render_pool
from storage import Database
from table import observability, thinkers
from table.messages import message
from table.service import TableService

log = logging.getLogger("postern.discord")

# Postern has no voice features: discord.py's warnings about missing voice libraries (PyNaCl,
# davey) at every start would only send an operator looking for a problem that is not there.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

SYNC_NOTE = "commands-sync"
"""The database note holding the hash of the last command sync (on a server database)."""

LIVE_GAMES_PERIOD = 60.0
"""Seconds between refreshes of the live-games gauge (one grouped read of the live-games index)."""
GAME_TIME_PERIOD = 60.0
"""Real seconds between reads of the shared game time (one row), so every process keeps to it."""

SHUTDOWN_GRACE = 20.0
"""Seconds from SIGTERM to exit, all included: well inside Kubernetes' default 30 s grace."""

CLOSE_RESERVE = 3.0
"""Of ``SHUTDOWN_GRACE``, what is kept for closing: the gateway, the database, the render workers."""

ROUTED_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-")
"""Names of the tasks discord.py starts for one interaction (a command or autocomplete, a view's
button or modal, a persistent button): each runs the whole callback, acknowledgement to reply."""

REFUSALS_WAIT = 1.0
"""Longest the close waits for "restarting" replies still on their way to Discord."""


class PosternBot(commands.Bot):
    """Holds the table service; no privileged intents (no message content, no member list)."""

    def __init__(
        self,
        db_path: str,
        dev_guild: str | None = None,
        sync: bool = True,
        throttle: Throttle | None = None,
        *,
        metrics_port: int | None = None,
        **client_options: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
            **client_options,
        )
        self.db = Database(db_path)
        self.table: TableService
        self.dev_guild = dev_guild
        self.sync_on_start = sync
        self.sync_stamp = sync_stamp_path(db_path)
        self.throttle = throttle if throttle is not None else Throttle.from_env()
        self.metrics_port = metrics_port
        self.live_games_period = LIVE_GAMES_PERIOD
        self._warm: asyncio.Task[None] | None = None
        self._ops: web.AppRunner | None = None
        self._background: list[asyncio.Task[None]] = []
        self.accepting = True
        """False from the stop signal on: every new interaction gets the polite "restarting"."""
        self._refusals = inflight.Inflight()
        self.refused = 0
        self._gate_interactions()

    def _gate_interactions(self) -> None:
        """Put the stop check in front of every interaction: commands, autocomplete, buttons,
        menus and modals all arrive as one gateway event, before discord.py routes them (to the
        command tree or the view store), so one check refuses them all."""
        self._refusing: set[asyncio.Task[None]] = set()  # referenced until done
        parsers = self._connection.parsers
        route = parsers["INTERACTION_CREATE"]

        def gated(data: Any) -> None:
            if self.accepting:
                route(data)
                return
            task = asyncio.create_task(self._refuse_while_stopping(data), name="postern-restarting")
            self._refusing.add(task)
            task.add_done_callback(self._refusing.discard)

        parsers["INTERACTION_CREATE"] = gated

    async def _refuse_while_stopping(self, data: Any) -> None:
        """Answer an interaction that arrived after the stop signal: "restarting, try again in a
        moment" (private, in the user's language); an autocomplete gets no choices."""
        with self._refusals.track():
            try:
                interaction = discord.Interaction(data=data, state=self._connection)
                if interaction.type == discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])
                else:
                    text = message("restarting", code(interaction.locale))
                    await interaction.response.send_message(text, ephemeral=True)
                observability.REFUSALS.labels("restarting").inc()
                self.refused += 1
            except Exception as err:  # the connection may be closing under it; Discord shows its own error
                log.warning("could not answer an interaction while stopping: %s", err)

    def _answer_before_hanging_up(self) -> None:
        """discord.py closes the gateway, then the HTTP session. Between the two no interaction
        can arrive any more, but "restarting" replies may still be on their way out: let them
        finish (up to ``REFUSALS_WAIT``) before the HTTP session goes."""
        http = self.http
        close_http = http.close

        async def close_after_replies() -> None:
            await self._refusals.wait_idle(REFUSALS_WAIT)
            await close_http()

        http.close = close_after_replies  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.db.open()
        self.table = TableService(self.db, durable_posts=True)  # posts can be lost: table.announce
        await self.table.keep_time()  # game time goes on from where it stood (table.clock)
        await self.tree.set_translator(PosternTranslator())
        await self.add_cog(PlayCog(self))
        await self.add_cog(ThreadKeeper(self, self.table))
        await self.add_cog(TurnKeeper(self, self.table))
        self.component_handlers: components.Handlers = flows  # clicks reach the flows through this
        self.add_dynamic_items(*components.ALL)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        if self.sync_on_start:
            await self.sync_commands()
        pool = render_pool.configure(warm_views())
        self._warm = asyncio.create_task(pool.start(), name="postern-warm-renderers")
        self._background = [
            asyncio.create_task(observability.watch_loop_lag(), name="postern-loop-lag"),
            asyncio.create_task(self.refresh_live_games(), name="postern-live-games"),
            asyncio.create_task(self.follow_game_time(), name="postern-game-time"),
        ]
        if self.metrics_port is not None:
            self._ops = await observability.serve(self.metrics_port, self.health)
            log.info("metrics and /healthz on port %d", self.metrics_port)

    async def refresh_live_games(self) -> None:
        """Keep the live-games gauge current: games also end elsewhere (other processes, timers)."""
        while True:
            try:
                await self.table.count_live_games()
            except Exception as err:  # a failed read shows in /healthz; the gauge just waits
                log.warning("could not count live games: %s", err)
            await asyncio.sleep(self.live_games_period)

    async def follow_game_time(self) -> None:
        """Keep to the game time every process shares (``table.clock``): another process sharing
        the database may have started with another ``POSTERN_TIME_SCALE`` since."""
        while True:
            await asyncio.sleep(GAME_TIME_PERIOD)
            try:
                await self.table.follow_time()
            except Exception as err:  # a failed read: the clock runs on as it was, the next one retries
                log.warning("could not read the shared game time: %s", err)

    def gateway_problem(self) -> str | None:
        """Why the bot is not connected to Discord, or None."""
        if self.is_closed():
            return "the Discord connection is closed"
        if self.ws is None or not self.is_ready():
            return "not connected to Discord yet"
        return None

    async def health(self) -> str | None:
        """``/healthz``: the database answers a trivial query and the gateway is connected."""
        try:
            await asyncio.wait_for(self.db.ping(), 3)
        except Exception as err:
            return f"database unreachable: {str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__}"
        return self.gateway_problem()

    async def shutdown(self, grace: float = SHUTDOWN_GRACE) -> bool:
        """Stop taking new work at once (each new interaction is told "restarting, try again in
        a moment"), let the commands already acknowledged finish — their moves commit and their
        posts go out — then close. Takes at most ``grace`` seconds (``CLOSE_RESERVE`` of them for
        the close itself); False if some command had to be cut short.

        Why refuse rather than keep serving: under steady traffic the bot is never idle, so a
        drain that keeps accepting runs into the deadline and cuts acknowledged moves."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, grace - CLOSE_RESERVE)
        self.accepting = False
        # discord.py starts a task per interaction as it reads the event, so every interaction
        # that got past the gate has its task now, even one whose flow has not begun yet.
        routed = [task for task in asyncio.all_tasks() if task.get_name().startswith(ROUTED_TASKS)]
        busy = max(inflight.FLOWS.count, len(routed))
        if routed:
            await asyncio.wait(routed, timeout=max(0.0, deadline - loop.time()))
        finished = all(task.done() for task in routed)
        finished = await inflight.FLOWS.wait_idle(max(0.0, deadline - loop.time())) and finished
        if hasattr(self, "table"):
            finished = await self.table.drain(max(0.0, deadline - loop.time())) and finished
        # Public posts that failed on a passing fault and wait for a later try: try them now.
        unposted = await replies.flush(max(0.0, deadline - loop.time()))
        if unposted:
            log.warning("%d post(s) still failing at the stop; the next start posts them late", unposted)
        log.info(
            "stopping: %d command(s) were in flight, %s; %d new one(s) refused", busy,
            "all finished" if finished else "some cut short", self.refused,
        )
        await self.close()
        return finished

    async def sync_commands(self) -> None:
        """Upload the command tree only when it changed since the last successful sync (a hash of
        the exact payload, target and application, kept next to the database): a restart loop
        must not run into Discord's command-sync rate limit."""
        guild = discord.Object(id=int(self.dev_guild)) if self.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = await self.command_digest(guild)
        if await self.last_sync() == digest:
            log.info("commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.record_sync(digest)
        log.info("synced %d commands%s", len(synced), f" to guild {self.dev_guild}" if self.dev_guild else "")

    async def last_sync(self) -> str | None:
        """The digest of the last successful sync: in the database when it keeps notes (a server
        shared by several processes and machines), else in the file beside the database."""
        if self.db.keeps_notes:
            return await self.db.read_note(SYNC_NOTE)
        return read_stamp(self.sync_stamp) if self.sync_stamp is not None else None

    async def record_sync(self, digest: str) -> None:
        if self.db.keeps_notes:
            try:
                await self.db.write_note(SYNC_NOTE, digest)
            except Exception as err:  # the next start will simply sync again
                log.warning("could not record the command sync in the database: %s", err)
        elif self.sync_stamp is not None:
            write_stamp(self.sync_stamp, digest)

    async def command_digest(self, guild: discord.abc.Snowflake | None) -> str:
        """SHA-256 of what ``tree.sync`` would upload, with where it goes and for which app."""
        commands = self.tree._get_all_commands(guild=guild)
        translator = self.tree.translator
        if translator is not None:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands]
        else:
            payload = [c.to_dict(self.tree) for c in commands]
        payload.sort(key=lambda c: (c.get("type", 1), c["name"]))
        envelope = {"application": self.application_id, "guild": guild.id if guild else None, "commands": payload}
        return hashlib.sha256(json.dumps(envelope, sort_keys=True, default=str).encode()).hexdigest()

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Last line of defence: flows catch their own errors, so this sees only framework ones."""
        observability.ERRORS.labels("command_tree").inc()
        log.error(
            "command error in channel %s: %s", interaction.channel_id, error, exc_info=error,
            extra={"command": interaction.command.qualified_name if interaction.command else None},
        )
        text = message("internal", code(interaction.locale), game_id="-")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        if not self.accepting:
            self._answer_before_hanging_up()
        await super().close()
        for task in self._background:
            task.cancel()
        for task in self._background:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._background = []
        if self._ops is not None:
            ops, self._ops = self._ops, None
            await ops.cleanup()
        if self._warm is not None:
            await self._warm
        await self.db.close()


class ShardedPosternBot(PosternBot, commands.AutoShardedBot):
    """The same bot on some of the application's gateway shards (``POSTERN_SHARDS``): Discord
    sends it only the events and interactions of guilds with ``(guild_id >> 22) % count`` among
    its shards (DMs go to shard 0). Commands sync only in the process running shard 0."""

    def __init__(self, db_path: str, dev_guild: str | None, shard_ids: list[int], shard_count: int, **kwargs: object) -> None:
        sync = bool(kwargs.pop("sync", True)) and 0 in shard_ids
        super().__init__(db_path, dev_guild, sync, shard_ids=list(shard_ids), shard_count=shard_count, **kwargs)

    def gateway_problem(self) -> str | None:
        # An AutoShardedClient keeps one websocket per shard (``self.ws`` stays None).
        if self.is_closed():
            return "the Discord connection is closed"
        if not self.is_ready():
            return "not connected to Discord yet"
        closed = sorted(i for i, shard in self.shards.items() if shard.is_closed())
        return f"gateway shard(s) {closed} disconnected" if closed else None


def make_bot(
    db_path: str,
    dev_guild: str | None = None,
    shards: tuple[list[int], int] | None = None,
    **kwargs: object,
) -> PosternBot:
    """The bot for ``POSTERN_SHARDS`` (None: every shard, in this one process)."""
    if shards is None:
        return PosternBot(db_path, dev_guild, **kwargs)  # type: ignore[arg-type]
    shard_ids, shard_count = shards
    return ShardedPosternBot(db_path, dev_guild, shard_ids, shard_count, **kwargs)


def sync_stamp_path(db_path: str) -> Path | None:
    """Where the hash of the last synced command tree lives: beside a database file (none for an
    in-memory database or a server URL: those sync at every start)."""
    if db_path == ":memory:" or "://" in db_path:
        return None
    return Path(f"{db_path}.commands-sync")


def read_stamp(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        return None


def write_stamp(path: Path, digest: str) -> None:
    try:
        path.write_text(digest + "\n", encoding="utf-8")
    except OSError as err:  # the next start will simply sync again
        log.warning("could not record the command sync in %s: %s", path, err)


def warm_views() -> list[tuple[str, dict]]:
    """Each game's opening views at every player count, the board and a seat's own: every render
    worker draws them once as it starts, so fonts, cached layers and the stamps of each layout are
    ready before the first player's move (a cold first image of a layout takes 150-350 ms)."""
    views: list[tuple[str, dict]] = []
    for name, game in rules.GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            try:
                state = game.new(players)
                views.extend((name, game.view(state, seat)) for seat in (None, 0))
            except Exception:  # warming is an optimisation; a failure must not stop the bot
                log.exception("preparing the %s warm-up view (%d players) failed", name, players)
    return views


async def serve_bot(bot: PosternBot, token: str, grace: float = SHUTDOWN_GRACE) -> int:
    """Run ``bot`` until SIGTERM or SIGINT, then stop it cleanly (exit status 0), or until it
    stops on its own (1 when it failed, e.g. a refused token)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    running = asyncio.create_task(bot.start(token), name="postern-bot")
    stopping = asyncio.create_task(stop.wait(), name="postern-stop-signal")
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            error = running.exception()
            if error is not None:
                log.error("the bot stopped: %s", error)
                return 1
            return 0
        log.info("stop signal received: refusing new commands, finishing those in flight")
        began = loop.time()
        await bot.shutdown(grace)
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(running, max(0.5, grace - (loop.time() - began)))
        log.info("stopped %.1f s after the stop signal", loop.time() - began)
        return 0
    finally:
        stopping.cancel()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        if not bot.is_closed():
            await bot.close()
        await render_pool.shared().close()
        await thinkers.shared().close()


def run_bot(
    token: str,
    db_path: str,
    dev_guild: str | None,
    shards: tuple[list[int], int] | None = None,
    metrics_port: int | None = None,
) -> int:
    bot = make_bot(db_path, dev_guild, shards, metrics_port=metrics_port)
    return asyncio.run(serve_bot(bot, token))
