"""The discord.py client: settings, database, cogs, persistent components and command sync."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs import components
from cogs.commands import PlayCog
from cogs.i18n import PosternTranslator, code
from cogs.threads import ThreadKeeper
from render import pool as render_pool
from storage import Database
from table.messages import message
from table.service import TableService

log = logging.getLogger("postern.discord")


class PosternBot(commands.Bot):
    """Holds the table service; no privileged intents (no message content, no member list)."""

    def __init__(self, db_path: str, dev_guild: str | None = None, sync: bool = True) -> None:
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
        self._warm: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.db.open()
        self.table = TableService(self.db)
        await self.tree.set_translator(PosternTranslator())
        await self.add_cog(PlayCog(self))
        await self.add_cog(ThreadKeeper(self, self.table))
        self.add_dynamic_items(*components.ALL)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        if self.sync_on_start:
            await self.sync_commands()
        pool = render_pool.configure(warm_views())
        self._warm = asyncio.create_task(pool.start(), name="postern-warm-renderers")

    async def sync_commands(self) -> None:
        if self.dev_guild:
            guild = discord.Object(id=int(self.dev_guild))
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands%s", len(synced), f" to guild {self.dev_guild}" if self.dev_guild else "")

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
