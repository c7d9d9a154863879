"""Moving house: ``python -m storage.copy SOURCE TARGET`` copies a whole database between backends.

SOURCE and TARGET are what ``POSTERN_DB`` takes (a SQLite file or a ``postgresql://`` URL), in
either direction. Every game is copied with its id, version, seats, whole action log, due items
(reminders, expiries, votes closing, away ends: pending and done, so nothing repeats or is lost),
votes and the earlier holders of seats that changed hands, each game in one transaction, then
verified on the target by replaying its log through the rules and comparing the result with the
stored snapshot (the log is the truth, the snapshot a cache). Every user's settings (reminders, quiet hours, language, away mode and away periods) and every server's
settings follow, and the game time (due times are in game time, see ``table.clock``), with each game's results and private notes and the players who keep their
statistics private; the ratings are then recomputed on the target from the results
(``storage.ratings``). Re-running is safe: a game already on the target at the same version with the
same log, due items and votes is left alone, an older copy of the same game is brought up to
date; settings are written over. Stop the bot while copying, or copy twice (the second pass is quick).

A target that already holds other data is checked before anything is written, and the copy is
refused with one line (exit 2, nothing copied) when it would lose or break something: a
*different* game under a source game's id, a copy of the game that was played on further on the
target (its newer moves would be replaced), or a live game in a channel where the source has
another live game (one live game per channel). A missing source file is refused too, never
created empty.

This module is an operator's command sitting above the layers: it reaches up to the table's
replay to verify, which the storage layer itself never does.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path

from storage.db import Database, GameRow, StorageError
from storage.ratings import recompute
from storage.targets import is_postgres_url


@dataclass
class CopyReport:
    copied: int = 0
    unchanged: int = 0
    verified: int = 0
    users: int = 0
    servers: int = 0
    rated: int = 0
    failed: list[str] = field(default_factory=list)

    def line(self) -> str:
        text = (
            f"copied {self.copied}, unchanged {self.unchanged}, verified {self.verified} by replay;"
            f" settings of {self.users} users and {self.servers} servers; {self.rated} rated games"
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


LIVE = ("lobby", "active")


class CopyConflict(StorageError):
    """The target holds data the copy would overwrite or collide with; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
        super().__init__(f"refusing to copy: the target already holds conflicting games ({shown})")
        self.problems = problems


def _identity(row: GameRow) -> tuple[object, ...]:
    """What makes two rows the same game (an earlier copy), whatever has been played since."""
    return (row.game, row.seed, row.guild_id, row.channel_id, row.created_at)


@dataclass(frozen=True)
class _Brief:
    """What the plan keeps of a source game (not its snapshot: a big database must fit in memory)."""

    identity: tuple[object, ...]
    status: str
    channel_id: str
    version: int
    updated_at: float

    @classmethod
    def of(cls, row: GameRow) -> _Brief:
        return cls(_identity(row), row.status, row.channel_id, row.version, row.updated_at)


async def plan(source: Database, target: Database) -> list[int]:
    """The source's game ids in a safe writing order, after checking the target for conflicts.

    Raises ``CopyConflict`` listing what clashes; reads only, so a refused copy wrote nothing.
    The order: games that are not live first, so a live game whose newer copy has ended leaves
    its channel before the source's next live game of that channel is written.
    """
    rows: dict[int, _Brief] = {}
    after = 0
    while ids := await source.game_ids_after(after):
        for game_id in ids:
            row = await source.game(game_id)
            if row is not None:
                rows[game_id] = _Brief.of(row)
        after = ids[-1]
    problems: list[str] = []
    for game_id, row in rows.items():
        there = await target.game(game_id)
        if there is None:
            continue
        if _identity(there) != row.identity:
            problems.append(f"game {game_id} there is another game ({there.game} in channel {there.channel_id})")
        elif there.version > row.version or there.updated_at > row.updated_at:
            # An untouched older copy is behind the source in both; a copy played on at the
            # target is ahead in one of them (both, unless the source was played on too).
            problems.append(
                f"game {game_id} was played on there (version {there.version}, the source has {row.version})"
            )
    for game_id, row in rows.items():
        if row.status not in LIVE:
            continue
        live = await target.live_game(row.channel_id)
        if live is None or live.id == game_id:
            continue
        newer = rows.get(live.id)
        if newer is not None and newer.identity == _identity(live) and newer.status not in LIVE:
            continue  # an older copy of a game that has ended since: written (ended) first
        problems.append(f"channel {row.channel_id} has live game {live.id} there, the source's live game is {game_id}")
    if problems:
        raise CopyConflict(problems)
    return sorted(rows, key=lambda game_id: (rows[game_id].status in LIVE, game_id))


async def copy(source: Database, target: Database) -> CopyReport:
    """Copy every game and setting; ``CopyConflict`` (nothing written) when the target disagrees."""
    report = CopyReport()
    for game_id in await plan(source, target):
        row = await source.game(game_id)
        if row is None:
            continue
        actions = await source.actions(game_id)
        if await _same(source, target, game_id, row.version, len(actions)):
            report.unchanged += 1
        else:
            due, votes = await source.schedule_of(game_id)
            changes = await source.seat_changes(game_id)
            try:
                await target.put_game(row, await source.seats(game_id), actions, due, votes, changes)
            except target.integrity_errors as err:
                # Only a game created on the target while copying gets here (the plan checked
                # the rest): that game is left whole, this one is reported, the others go on.
                first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
                report.failed.append(f"game {game_id} collides with the target: {first}")
                continue
            report.copied += 1
        await target.put_results(await source.results_of_game(game_id))
        for user_id, text, at in await source.notes_after(game_id):
            await target.save_note(game_id, user_id, text, at)
        problem = await verify(target, game_id)
        if problem:
            report.failed.append(problem)
        else:
            report.verified += 1
    await copy_settings(source, target, report)
    # Due times and banks are in game time: the target runs on the source's game time, not its own.
    anchor = await source.game_clock()
    if anchor is not None:
        await target.anchor_clock(anchor, replace=True)
    after = ""
    while private := await source.private_users_after(after):
        for user_id, since in private:
            await target.set_stats_private(user_id, True, since)
        after = private[-1][0]
    report.rated = (await recompute(target))[0]  # the copy's ratings follow from its results
    return report


def _missing_file(target: str) -> bool:
    return not is_postgres_url(target) and target != ":memory:" and not Path(target).exists()


async def run(source_target: str, target_target: str) -> int:
    if _missing_file(source_target):
        print(f"postern: the source database {source_target} does not exist (nothing copied)", file=sys.stderr)
        return 2
    if source_target == target_target or (
        not is_postgres_url(source_target)
        and Path(target_target).exists()
        and Path(source_target).resolve() == Path(target_target).resolve()
    ):
        print("postern: the source and the target are the same database (nothing copied)", file=sys.stderr)
        return 2
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
    parser.add_argument("source", help="SQLite file or postgresql:// URL to copy from (must exist)")
    parser.add_argument("target", help="SQLite file or postgresql:// URL to copy to (created/migrated)")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.source, args.target))


if __name__ == "__main__":
    sys.exit(main())
