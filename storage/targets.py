"""What a database target names, told apart before anything is opened: a SQLite file path or a
PostgreSQL URL, and anything else refused with one line.

Kept apart from the backends so that recognising a target (and hiding its password in a message)
needs neither asyncpg nor aiosqlite: the settings check at start-up and both backends share it.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from storage.base import StorageError

SCHEMES = ("postgresql", "postgres")
"""URL schemes that name PostgreSQL (asyncpg's own two); any other ``scheme://`` is refused."""

_URL_LIKE = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]+):/")
"""Something that reads as a URL (``mysql://``, ``postgresql+asyncpg://``, ``pgsql:/x``), not a file.
At least two letters before the colon, so a Windows drive (``C:/…``) stays a path."""

_SECRET_QUERY = re.compile(r"(?i)([?&](?:password|passfile|sslpassword)=)[^&#]*")
_SECRET_NETLOC = re.compile(r"^(//[^/?#@]*?:)[^/?#]*@")


def url_scheme(target: str) -> str | None:
    """The scheme of a target that reads as a URL (lower case), or None for a file path."""
    match = _URL_LIKE.match(target.strip())
    return match.group(1).lower() if match else None


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names PostgreSQL (``postgresql://`` or ``postgres://``, any case)."""
    return url_scheme(target) in SCHEMES and "://" in target


def redact(url: str) -> str:
    """The URL without its passwords (in the user part or the query), fit for a log line or an
    error message. Never raises: a malformed URL is exactly what an error message must show."""
    scheme, sep, rest = url.partition(":")
    if not sep:
        return url
    rest = _SECRET_NETLOC.sub(lambda m: f"{m.group(1)}***@", rest, count=1)
    rest = _SECRET_QUERY.sub(lambda m: f"{m.group(1)}***", rest)
    return f"{scheme}:{rest}"


def check_url(url: str) -> None:
    """``StorageError`` (one line, password hidden) for a PostgreSQL URL asyncpg could not use.

    Why here: asyncpg reports a bracket left open or a port past 65535 as a bare ``ValueError`` or
    ``OverflowError`` from deep inside, and only once a connection is attempted.
    """
    shown = redact(url)
    if "://" not in url:
        raise StorageError(f"the database URL {shown} is not valid: a PostgreSQL URL starts with postgresql://")
    try:
        parts = urlsplit(url)
    except ValueError as err:
        raise StorageError(f"the database URL {shown} is not valid: {err}") from None
    # Several hosts (``h1:5432,h2:5433``) are allowed, so each port is checked here, not by urlsplit.
    host_list = parts.netloc.rpartition("@")[2]
    for host in host_list.split(","):
        if host.startswith("[") != ("]" in host):
            raise StorageError(f"the database URL {shown} is not valid: unbalanced [ ] around the host")
        _, _, tail = host.rpartition("]") if host.startswith("[") else ("", "", host)
        port_text = tail.partition(":")[2] if ":" in tail else ""
        if port_text and not (port_text.isascii() and port_text.isdigit() and 1 <= int(port_text) <= 65535):
            raise StorageError(f"the database URL {shown} is not valid: the port must lie between 1 and 65535")
