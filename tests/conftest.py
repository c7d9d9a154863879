"""Shared fixtures: the storage backends every storage and table test runs on.

``db_target`` is a fresh, empty database for each test, once on SQLite (a file in ``tmp_path``)
and once on a real PostgreSQL (a new database on the test server). The server comes from
``POSTERN_TEST_PG`` (CI starts one, see ``.ci/run``) or is started here from the machine's
binaries. Without binaries the PostgreSQL cases skip with a clear reason — except in CI
(``CI=true``), where a missing PostgreSQL fails the run instead of hiding it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests import pgserver

# CI replays the same examples every run (a clean clone has no example database), so a red CI means
# the change broke something, never that a new random example surfaced an old fault; local runs
# keep exploring new examples, and every fault they find stays as an @example.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")

BACKENDS = ("sqlite", "postgres")


@pytest.fixture(autouse=True)
def english_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """The console takes its language from the environment (``POSTERN_LANGUAGE``, ``LANG``…); tests
    that read its English run in English on any machine. Tests of the choice set their own."""
    monkeypatch.setenv("POSTERN_LANGUAGE", "en")


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    url = os.environ.get("POSTERN_TEST_PG")
    if url:
        yield url
        return
    if not pgserver.available():
        reason = "PostgreSQL server binaries (initdb, pg_ctl) not found: PostgreSQL tests skipped"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason.replace("skipped", "required in CI"))
        pytest.skip(reason)
    server = pgserver.start()
    try:
        yield server.url
    finally:
        pgserver.stop(server.folder)


@pytest.fixture
async def pg_database(pg_server_url: str) -> AsyncIterator[str]:
    """A new, empty database on the test server; dropped afterwards."""
    import asyncpg

    name = f"t_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(pg_server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base, _, _ = pg_server_url.rpartition("/")
    yield f"{base}/{name}"
    admin = await asyncpg.connect(pg_server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database target for ``Database(...)`` / ``storage.connect``: one test per backend."""
    if request.param == "sqlite":
        return str(tmp_path / "test.db")
    return str(request.getfixturevalue("pg_database"))
