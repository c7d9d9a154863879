"""Every setting Postern reads from the environment, checked together before anything is opened.

Why one place: the settings used to be read where each was needed, so a typo surfaced late — a
traceback after the database file had been created, or never (a mistyped ``POSTERN_DB`` URL became
a SQLite file of its own, silently keeping a shard's games apart). ``load`` reads and checks them
all, touches no file and no server, and raises ``SettingsError`` with one line naming the variable;
``bot.py`` prints that line and exits 2. Modules that read a setting themselves (the throttle, the
clock, the keeper's interval, the PostgreSQL pool) keep their own parser, and ``load`` calls the
very same one, so the check and the use can never disagree.

This module sits beside ``bot.py``, above the layers: it may look at every layer's parser.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from storage.db import StorageError
from storage.targets import check_url, is_postgres_url

DEFAULT_DB = "postern.db"
DEFAULT_IMAGES = "postern-images"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
THINKER_MODES = ("pool", "inline")
DISCORD_ONLY = ("POSTERN_SHARDS", "POSTERN_METRICS_PORT", "POSTERN_DEV_GUILD")
"""Settings that only the Discord bot uses: set without a token, they betray a missing token."""


class SettingsError(ValueError):
    """A setting that cannot work; the message is one line for the operator."""


@dataclass(frozen=True)
class Settings:
    """The checked settings of one run (``local``: the console instead of Discord)."""

    local: bool
    token: str | None
    db: str
    images: str
    dev_guild: str | None
    shards: tuple[list[int], int] | None
    metrics_port: int | None
    log_level: str
    log_format: str
    throttle: str
    time_scale: float
    scheduler_seconds: float
    db_pool: int
    db_migration_wait: float
    bot_thinkers: str
    bot_iterations: int | None


def parse_shards(text: str | None) -> tuple[list[int], int] | None:
    """``POSTERN_SHARDS``: ``2/8`` (shard 2 of 8) or ``0-3/8`` (shards 0 to 3 of 8); None = all.

    Raises ``ValueError`` with a plain reason for anything else.
    """
    if not text or not text.strip():
        return None
    ids_text, sep, count_text = text.strip().partition("/")
    if not sep or not count_text.isascii() or not count_text.isdigit():
        raise ValueError(f"POSTERN_SHARDS={text!r}: expected SHARD/COUNT or FIRST-LAST/COUNT, e.g. 2/8 or 0-3/8")
    count = int(count_text)
    first_text, dash, last_text = ids_text.partition("-")
    parts = [first_text, last_text] if dash else [first_text]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"POSTERN_SHARDS={text!r}: shard numbers must be whole numbers, e.g. 0-3/8")
    first, last = int(parts[0]), int(parts[-1])
    if count < 1 or first > last or last >= count:
        raise ValueError(f"POSTERN_SHARDS={text!r}: shards must lie within 0..{max(count - 1, 0)}, first ≤ last")
    return list(range(first, last + 1)), count


def parse_port(text: str | None) -> int | None:
    """``POSTERN_METRICS_PORT``: a TCP port (1-65535), or None when unset."""
    if not text or not text.strip():
        return None
    value = text.strip()
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 65535:
        raise ValueError(f"POSTERN_METRICS_PORT={text!r}: expected a port number between 1 and 65535")
    return int(value)


def parse_log_format(text: str | None) -> str:
    """``POSTERN_LOG_FORMAT``: ``text`` (default) or ``json``."""
    value = (text or "text").strip().lower() or "text"
    if value not in ("text", "json"):
        raise ValueError(f"POSTERN_LOG_FORMAT={text!r}: expected text or json")
    return value


def parse_log_level(text: str | None) -> str:
    """``POSTERN_LOG_LEVEL``: a level name, any case (default ``INFO``; ``WARN`` means ``WARNING``)."""
    value = (text or "").strip().upper() or "INFO"
    value = {"WARN": "WARNING", "FATAL": "CRITICAL"}.get(value, value)
    if value not in LOG_LEVELS:
        raise ValueError(f"POSTERN_LOG_LEVEL={text!r}: expected one of {', '.join(LOG_LEVELS)}")
    return value


def parse_dev_guild(text: str | None) -> str | None:
    """``POSTERN_DEV_GUILD``: a guild id (a Discord snowflake: digits only), or None."""
    value = (text or "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"POSTERN_DEV_GUILD={text!r}: expected a guild id (digits only, e.g. 123456789012345678)")
    return value


def parse_thinkers(text: str | None) -> str:
    """``POSTERN_BOT_THINKERS``: ``pool`` (default) or ``inline``."""
    value = (text or "").strip().lower() or "pool"
    if value not in THINKER_MODES:
        raise ValueError(f"POSTERN_BOT_THINKERS={text!r}: expected {' or '.join(THINKER_MODES)}")
    return value


def parse_iterations(text: str | None) -> int | None:
    """``POSTERN_BOT_ITERATIONS``: a positive whole number, or None when unset."""
    value = (text or "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit() and int(value) > 0):
        raise ValueError(f"POSTERN_BOT_ITERATIONS={text!r}: expected a positive whole number, e.g. 200")
    return int(value)


def parse_images(text: str | None) -> str:
    """``POSTERN_IMAGES``: the console's image folder; an existing file there is refused."""
    value = (text or "").strip() or DEFAULT_IMAGES
    if Path(value).exists() and not Path(value).is_dir():
        raise ValueError(f"POSTERN_IMAGES={text!r}: that is a file, not a folder")
    return value


def parse_token(text: str | None, *, local: bool, environ: Mapping[str, str]) -> str | None:
    """``DISCORD_TOKEN``: None means the local console.

    Refused: a token that is set but blank (an unexpanded ``$TOKEN`` in a unit file would otherwise
    start the console on a server), a token with spaces or a ``Bot `` prefix (discord.py adds it),
    and no token while a Discord-only setting is set (the token is what went missing).
    """
    if local:
        return None
    if text is None:
        present = [name for name in DISCORD_ONLY if environ.get(name, "").strip()]
        if present:
            raise ValueError(
                f"{present[0]} is set but DISCORD_TOKEN is not: set the bot's token, or unset"
                f" {present[0]} (or pass --local) for the local console"
            )
        return None
    token = text.strip()
    if not token:
        raise ValueError("DISCORD_TOKEN is set but empty: give the bot's token, or unset it for the local console")
    if token.lower().startswith("bot "):
        raise ValueError("DISCORD_TOKEN starts with 'Bot ': give the token alone")
    if any(ch.isspace() or not ch.isprintable() for ch in token):
        raise ValueError("DISCORD_TOKEN contains spaces or control characters: give the token alone")
    return token


def check_database(target: str) -> None:
    """Refuse a ``POSTERN_DB`` that cannot work, reading nothing but the file system's answers.

    A PostgreSQL URL must parse (ports, brackets); anything else must be a SQLite file path that
    is not empty, not a URL of another database and not a folder. Whether the server answers or
    the file can be written is for opening to say (``bot.py`` opens it next, still before any
    other start-up step).
    """
    if is_postgres_url(target):
        check_url(target)
        return
    from storage.sqlite import check_path

    check_path(target)


def load(
    environ: Mapping[str, str] | None = None,
    *,
    local: bool = False,
    db: str | None = None,
    images: str | None = None,
) -> Settings:
    """Every setting, checked; ``SettingsError`` (one line) for the first that cannot work.

    ``db`` and ``images`` are the command line's ``--db`` and ``--images`` when given; they win
    over ``POSTERN_DB`` and ``POSTERN_IMAGES``.
    """
    env = os.environ if environ is None else environ
    from cogs.throttle import DEFAULT as DEFAULT_THROTTLE
    from cogs.throttle import Throttle
    from storage.postgres import migration_wait_from_env, pool_size_from_env
    from table.clock import scale_from_env, scheduler_seconds_from_env

    target = db if db is not None else env.get("POSTERN_DB", DEFAULT_DB)
    try:
        check_database(target)
        throttle_text = env.get("POSTERN_THROTTLE", "").strip() or DEFAULT_THROTTLE
        Throttle.parse(throttle_text)
        return Settings(
            local=local,
            token=parse_token(env.get("DISCORD_TOKEN"), local=local, environ=env),
            db=target,
            images=parse_images(images if images is not None else env.get("POSTERN_IMAGES")),
            dev_guild=parse_dev_guild(env.get("POSTERN_DEV_GUILD")),
            shards=parse_shards(env.get("POSTERN_SHARDS")),
            metrics_port=parse_port(env.get("POSTERN_METRICS_PORT")),
            log_level=parse_log_level(env.get("POSTERN_LOG_LEVEL")),
            log_format=parse_log_format(env.get("POSTERN_LOG_FORMAT")),
            throttle=throttle_text,
            time_scale=scale_from_env(env),
            scheduler_seconds=scheduler_seconds_from_env(env),
            db_pool=pool_size_from_env(env),
            db_migration_wait=migration_wait_from_env(env),
            bot_thinkers=parse_thinkers(env.get("POSTERN_BOT_THINKERS")),
            bot_iterations=parse_iterations(env.get("POSTERN_BOT_ITERATIONS")),
        )
    except (ValueError, StorageError) as err:
        raise SettingsError(str(err).splitlines()[0] if str(err) else type(err).__name__) from None
