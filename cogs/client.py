"""The discord.py client: settings, database, cogs, persistent components and command sync."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs import components, flows
from cogs.commands import PlayCog
from cogs.i18n import PosternTranslator, code
from cogs.keeper import TurnKeeper
from cogs.threads import ThreadKeeper
from cogs.throttle import Throttle
from render import pool as render_pool
from storage import Database
from table.messages import message
from table.service import TableService

log = logging.getLogger("postern.discord")


class PosternBot(commands.Bot):
    """Holds the table service; no privileged intents (no message content, no member list)."""

    def __init__(
        self, db_path: str, dev_guild: str | None = None, sync: bool = True, throttle: Throttle | None = None
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
        )
        self.db = Database(db_path)
        self.table: TableService
        self.dev_guild = dev_guild
        self.sync_on_start = sync
        self.sync_stamp = sync_stamp_path(db_path)
        self.throttle = throttle if throttle is not None else Throttle.from_env()
        self._warm: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.db.open()
        self.table = TableService(self.db)
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

    async def sync_commands(self) -> None:
        """Upload the command tree only when it changed since the last successful sync (a hash of
        the exact payload, target and application, kept next to the database): a restart loop
        must not run into Discord's command-sync rate limit."""
        guild = discord.Object(id=int(self.dev_guild)) if self.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = await self.command_digest(guild)
        if self.sync_stamp is not None and read_stamp(self.sync_stamp) == digest:
            log.info("commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        if self.sync_stamp is not None:
            write_stamp(self.sync_stamp, digest)
        log.info("synced %d commands%s", len(synced), f" to guild {self.dev_guild}" if self.dev_guild else "")

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
        log.error("command error in channel %s: %s", interaction.channel_id, error, exc_info=error)
        text = message("internal", code(interaction.locale), game_id="-")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        await super().close()
        if self._warm is not None:
            await self._warm
        await self.db.close()


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
    """Each game's opening view: every render worker draws them once as it starts, so fonts and
    cached layers are ready before the first player's move (a cold first image takes several
    times the budget)."""
    views: list[tuple[str, dict]] = []
    for name, game in rules.GAMES.items():
        try:
            views.append((name, game.view(game.new(game.max_players), None)))
        except Exception:  # warming is an optimisation; a failure must not stop the bot
            log.exception("preparing the %s warm-up view failed", name)
    return views


def run_bot(token: str, db_path: str, dev_guild: str | None) -> int:
    bot = PosternBot(db_path, dev_guild)
    bot.run(token, log_handler=None)
    return 0
