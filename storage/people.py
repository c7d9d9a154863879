"""Settings of people and servers: user settings, away periods, server settings.

A mixin of ``storage.db.Database``: its queries are written once, in portable SQL with ``?``
placeholders, over the backend's ``_fetch``/``transaction``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from storage.rows import SERVER_COLUMNS, USER_COLUMNS, ServerSettings, UserSettings, _server, _user

if TYPE_CHECKING:
    from storage.base import Tx


class PeopleCalls:
    """Mixed into ``Database`` (``storage.db``)."""

    # ---- user settings -------------------------------------------------------------------------
    async def user_settings(self, user_id: str) -> UserSettings:
        """The user's settings, or the defaults for a user who never changed any."""
        return (await self.users_settings([user_id]))[user_id]

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """The settings of several users in one read (a table needs every seat's away mode on
        each move); defaults for users who never changed any."""
        ids = list(dict.fromkeys(user_ids))
        found: dict[str, UserSettings] = {i: UserSettings(i) for i in ids}
        if not ids:
            return found
        marks = ", ".join("?" for _ in ids)
        for row in await self._fetch(f"SELECT {USER_COLUMNS} FROM user_settings WHERE user_id IN ({marks})", ids):
            found[str(row[0])] = _user(row)
        return found

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Write the user's settings whole (insert or replace)."""
        async with self.transaction() as tx:
            await self._write_user(tx, settings)

    @staticmethod
    async def _write_user(tx: Tx, settings: UserSettings) -> None:
        s = settings
        values = (
            s.user_id, int(s.reminders), s.quiet_start, s.quiet_end, s.time_zone, s.locale,
            s.away_until, s.away_window_start, s.away_days_used, s.client_locale, time.time(),
        )
        updates = ", ".join(f"{c.strip()} = excluded.{c.strip()}" for c in USER_COLUMNS.split(",")[1:])
        await tx.execute(
            f"INSERT INTO user_settings ({USER_COLUMNS}, updated_at) VALUES ({', '.join('?' * len(values))})"
            f" ON CONFLICT (user_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
            values,
        )

    async def note_client_locale(self, user_id: str, locale: str) -> None:
        """Remember the language the user's Discord client showed (``UserSettings.client_locale``);
        only that column changes, so a concurrent ``/me settings`` is never overwritten."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, client_locale, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET client_locale = excluded.client_locale",
                (user_id, locale, time.time()),
            )

    async def away_periods(self, user_id: str, since: float = 0.0) -> list[tuple[float, float]]:
        """The user's away periods (start, end) that end after ``since``, oldest first."""
        rows = await self._fetch(
            "SELECT start, until FROM away_periods WHERE user_id = ? AND until > ? ORDER BY start", (user_id, since)
        )
        return [(float(r[0]), float(r[1])) for r in rows]

    async def save_away(self, settings: UserSettings, start: float, until: float) -> None:
        """The user's settings and one away period (new, lengthened or cut short), together."""
        async with self.transaction() as tx:
            await self._write_user(tx, settings)
            await tx.execute(
                "INSERT INTO away_periods (user_id, start, until) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, start) DO UPDATE SET until = excluded.until",
                (settings.user_id, start, until),
            )

    async def put_away_periods(self, user_id: str, periods: Sequence[tuple[float, float]]) -> None:
        """Replace the user's away periods (copying a database)."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM away_periods WHERE user_id = ?", (user_id,))
            await tx.executemany(
                "INSERT INTO away_periods (user_id, start, until) VALUES (?, ?, ?)",
                [(user_id, start, until) for start, until in periods],
            )

    # ---- server settings -----------------------------------------------------------------------
    async def server_settings(self, guild_id: str) -> ServerSettings:
        """The server's settings, or the defaults for a server that never changed any."""
        row = await self._fetch_one(f"SELECT {SERVER_COLUMNS} FROM server_settings WHERE guild_id = ?", (guild_id,))
        return ServerSettings(guild_id) if row is None else _server(row)

    async def save_server_settings(self, settings: ServerSettings) -> None:
        """Write the server's settings whole (insert or replace)."""
        s = settings
        async with self.transaction() as tx:
            await tx.execute(
                f"INSERT INTO server_settings ({SERVER_COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET timer = excluded.timer, threads = excluded.threads,"
                " locale = excluded.locale, updated_at = excluded.updated_at",
                (s.guild_id, s.timer, int(s.threads), s.locale, time.time()),
            )
