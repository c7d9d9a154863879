"""Moving house: ``python -m storage.copy SOURCE TARGET`` copies a whole database between backends.

SOURCE and TARGET are what ``POSTERN_DB`` takes (a SQLite file or a ``postgresql://`` URL), in
either direction. Every game is copied with its id, version, seats, whole action log, due items
(reminders, expiries, votes closing, away ends: pending and done, so nothing repeats or is lost),
votes and the earlier holders of seats that changed hands, each game in one transaction, then
verified on the target by replaying its log through the rules and comparing the result with the
stored snapshot (the log is the truth, the snapshot a cache). Every user's settings (reminders, quiet hours, language, away mode and away periods) and every server's
settings follow, and the game time (due times are in game time, see ``table.clock``). Re-running is safe: a game already on the target at the same version with the
same log, due items and votes is left alone, a changed one is replaced whole; settings are
written over. Stop the bot while copying, or copy twice (the second pass is quick).

This module is an operator's command sitting above the layers: it reaches up to the table's
replay to verify, which the storage layer itself never does.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field

from storage.db import Database, StorageError


@dataclass
class CopyReport:
    copied: int = 0
    unchanged: int = 0
    verified: int = 0
    users: int = 0
    servers: int = 0
    failed: list[str] = field(default_factory=list)

    def line(self) -> str:
        text = (
            f"copied {self.copied}, unchanged {self.unchanged}, verified {self.verified} by replay;"
            f" settings of {self.users} users and {self.servers} servers"
        )
        return text + (f", FAILED {len(self.failed)}: " + "; ".join(self.failed[:5]) if self.failed else "")


async def verify(db: Database, game_id: int) -> str | None:
    """Replay a game's log on ``db``; the problem, or None when it reproduces the snapshot."""
    import rules
    from table.service import TableService

    row = await db.game(game_id)
    if row is None:
        return f"game {game_id} is missing"
    if row.snapshot is None:
        return None  # a lobby: no log to replay
    try:
        state = await TableService(db).replay(game_id)
    except Exception as err:  # any rules error means the copy (or the source) is not a valid game
        return f"game {game_id} does not replay: {err}"
    if rules.get(row.game).dumps(state) != row.snapshot:
        return f"game {game_id} replays to a different state than its snapshot"
    return None


async def _same(source: Database, target: Database, game_id: int, version: int, actions: int) -> bool:
    there = await target.game(game_id)
    if there is None or there.version != version or await target.action_count(game_id) != actions:
        return False
    # The scheduler marks items done and players vote without a new game version: compare them too.
    return await target.schedule_of(game_id) == await source.schedule_of(game_id)


async def copy_settings(source: Database, target: Database, report: CopyReport) -> None:
    """Every user's and every server's settings, a page at a time by primary key."""
    after = ""
    while users := await source.user_settings_after(after):
        for settings in users:
            await target.save_user_settings(settings)
            await target.put_away_periods(settings.user_id, await source.away_periods(settings.user_id))
        report.users += len(users)
        after = users[-1].user_id
    after = ""
    while servers := await source.server_settings_after(after):
        for server in servers:
            await target.save_server_settings(server)
        report.servers += len(servers)
        after = servers[-1].guild_id


async def copy(source: Database, target: Database) -> CopyReport:
    report = CopyReport()
    after = 0
    while ids := await source.game_ids_after(after):
        for game_id in ids:
            row = await source.game(game_id)
            if row is None:
                continue
            actions = await source.actions(game_id)
            if await _same(source, target, game_id, row.version, len(actions)):
                report.unchanged += 1
            else:
                due, votes = await source.schedule_of(game_id)
                changes = await source.seat_changes(game_id)
                await target.put_game(row, await source.seats(game_id), actions, due, votes, changes)
                report.copied += 1
            problem = await verify(target, game_id)
            if problem:
                report.failed.append(problem)
            else:
                report.verified += 1
        after = ids[-1]
    await copy_settings(source, target, report)
    # Due times and banks are in game time: the target runs on the source's game time, not its own.
    anchor = await source.game_clock()
    if anchor is not None:
        await target.anchor_clock(anchor, replace=True)
    return report


async def run(source_target: str, target_target: str) -> int:
    try:
        async with Database(source_target) as source, Database(target_target) as target:
            report = await copy(source, target)
    except StorageError as err:
        print(f"postern: {err}", file=sys.stderr)
        return 2
    print(report.line())
    return 1 if report.failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.copy", description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="SQLite file or postgresql:// URL to copy from")
    parser.add_argument("target", help="SQLite file or postgresql:// URL to copy to (created/migrated)")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.source, args.target))


if __name__ == "__main__":
    sys.exit(main())
