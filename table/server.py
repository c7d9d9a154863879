"""Server settings: what a server's admins choose for the games opened there.

A member with Manage Server sets, with ``/settings``: the default turn timer of new tables (used
when ``/game new … options:`` names none; a one-seat table keeps no timer), whether ``/game new``
in a text channel opens the game in its own thread, and the language of the channel posts of new
games. The table applies them when a game opens (``TableService.open``), so a running game never
changes under its players; the adapter asks ``opens_threads`` before it makes a thread.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rules import Game
from storage import ServerSettings
from table import options, timer
from table.me import LANGUAGES
from table.messages import TableError

if TYPE_CHECKING:
    from table.core import TableCore
    from table.results import User

AUTO = "auto"
"""The post-language choice that follows the server's own Discord language (stored as ``None``)."""
POST_LANGUAGES = (*LANGUAGES, AUTO)


class ServerCalls:
    """The ``TableService`` calls about a server rather than a table (mixed into the service)."""

    async def server_settings(
        self: TableCore,
        *,
        guild_id: str | None,
        user: User,
        timer_choice: str | None = None,
        threads: bool | None = None,
        language: str | None = None,
    ) -> ServerSettings:
        """The server's settings, changed by whatever is given (nothing given: just read).

        Only in a server, and only for a member with Manage Server (both to read and to change:
        they are the server's configuration, not something its players need)."""
        if guild_id is None:
            raise TableError("server_only")
        if not user.can_manage_server:
            raise TableError("needs_manage_server")
        current = await self.db.server_settings(guild_id)
        changes: dict[str, Any] = {}
        if timer_choice is not None:
            chosen = timer_choice.strip().lower()
            if chosen not in timer.SECONDS:
                raise TableError("bad_server_timer", timer=timer_choice, timers=", ".join(timer.SECONDS))
            changes["timer"] = chosen
        if threads is not None:
            changes["threads"] = threads
        if language is not None:
            if language not in POST_LANGUAGES:
                raise TableError("bad_language", language=language, languages=", ".join(POST_LANGUAGES))
            changes["locale"] = None if language == AUTO else language
        if not changes:
            return current
        updated = dataclasses.replace(current, **changes)
        await self.db.save_server_settings(updated)
        return updated

    async def opens_threads(self: TableCore, guild_id: str | None) -> bool:
        """Whether a new game in this server gets its own thread (where the bot may make one)."""
        return guild_id is None or (await self.db.server_settings(guild_id)).threads

    async def post_language(self: TableCore, guild_id: str | None, fallback: str) -> str:
        """The language a new table here posts in: the server's ``/settings language`` if it set
        one, else ``fallback`` (the server's own Discord locale)."""
        if guild_id is None:
            return fallback
        return (await self.db.server_settings(guild_id)).locale or fallback

    async def _server_defaults(
        self: TableCore, guild_id: str, game: Game, opts: dict[str, Any], capacity: int, locale: str
    ) -> tuple[dict[str, Any], str]:
        """A new table's options and post language with the server's defaults applied: its timer
        when the host named none (a one-seat table keeps none), its post language if it set one."""
        settings = await self.db.server_settings(guild_id)
        if (
            settings.timer is not None
            and timer.KEY not in opts
            and capacity > 1
            and timer.OPTION in options.table_options(game)
        ):
            opts = {**opts, timer.KEY: settings.timer}
        return opts, settings.locale or locale
