"""A TCP proxy between asyncpg and a real PostgreSQL that can cut a COMMIT's answer.

Why: a connection lost at COMMIT leaves the client not knowing whether the transaction landed.
The proxy reads PostgreSQL's wire protocol just enough to spot a simple-query ``COMMIT`` (what
asyncpg sends to end a transaction) and, for the commits a test chooses, either

* ``"after"``: forwards the COMMIT, waits for the server's answer (so the commit has landed),
  throws the answer away and drops the client's connection; or
* ``"before"``: drops the connection without forwarding the COMMIT (the server rolls back).

Use a URL with ``sslmode=disable`` (``Proxy.url``): the proxy does not speak TLS.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

SSL_CODES = (80877103, 80877104)
"""SSLRequest and GSSENCRequest: untyped messages before the startup message."""


class Proxy:
    """``await Proxy(url).start()``; ``proxy.url`` goes to the database; ``cut`` decides each COMMIT.

    ``cut(n)`` gets the 1-based number of the COMMIT seen since ``counting`` was switched on and
    returns ``None`` (pass it on), ``"after"`` or ``"before"``.
    """

    def __init__(self, upstream_url: str, cut: Callable[[int], str | None] | None = None) -> None:
        parts = urlsplit(upstream_url)
        self.upstream_host = parts.hostname or "127.0.0.1"
        self.upstream_port = parts.port or 5432
        self._parts = parts
        self.cut = cut or (lambda n: None)
        self.counting = False
        self.commits = 0
        self.cut_after = 0
        self.cut_before = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.port = 0

    @property
    def url(self) -> str:
        netloc = self._parts.netloc.rsplit("@", 1)
        host = f"127.0.0.1:{self.port}"
        netloc_text = f"{netloc[0]}@{host}" if len(netloc) == 2 else host
        query = f"{self._parts.query}&sslmode=disable" if self._parts.query else "sslmode=disable"
        return urlunsplit(self._parts._replace(netloc=netloc_text, query=query))

    async def start(self) -> Proxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def __aenter__(self) -> Proxy:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _decide(self) -> str | None:
        if not self.counting:
            return None
        self.commits += 1
        return self.cut(self.commits)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            server_r, server_w = await asyncio.open_connection(self.upstream_host, self.upstream_port)
        except OSError:
            client_w.close()
            self._tasks.discard(task)
            return
        dropping = asyncio.Event()  # set: the server's answers are thrown away until ReadyForQuery
        done = asyncio.Event()

        def hang_up() -> None:
            for writer in (client_w, server_w):
                with contextlib.suppress(Exception):
                    writer.transport.abort()
            done.set()

        async def upward() -> None:
            untyped = True
            while True:
                if untyped:
                    head = await client_r.readexactly(4)
                    (length,) = struct.unpack("!i", head)
                    body = await client_r.readexactly(length - 4)
                    code = struct.unpack("!i", body[:4])[0] if len(body) >= 4 else 0
                    untyped = code in SSL_CODES
                    server_w.write(head + body)
                    await server_w.drain()
                    continue
                kind = await client_r.readexactly(1)
                head = await client_r.readexactly(4)
                (length,) = struct.unpack("!i", head)
                body = await client_r.readexactly(length - 4)
                if kind == b"Q" and body.rstrip(b"\x00").strip().rstrip(b";").upper() == b"COMMIT":
                    decision = self._decide()
                    if decision == "before":
                        self.cut_before += 1
                        hang_up()
                        return
                    if decision == "after":
                        self.cut_after += 1
                        dropping.set()
                server_w.write(kind + head + body)
                await server_w.drain()

        async def downward() -> None:
            while True:
                kind = await server_r.readexactly(1)
                head = await server_r.readexactly(4)
                (length,) = struct.unpack("!i", head)
                body = await server_r.readexactly(length - 4)
                if dropping.is_set():
                    if kind == b"Z":  # the COMMIT was processed: its answer never arrives
                        hang_up()
                        return
                    continue
                client_w.write(kind + head + body)
                await client_w.drain()

        pumps = [asyncio.create_task(upward()), asyncio.create_task(downward())]
        try:
            await asyncio.wait([*pumps, asyncio.create_task(done.wait())], return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            pass
        finally:
            hang_up()
            for pump in pumps:
                pump.cancel()
            for pump in pumps:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await pump
            self._tasks.discard(task)
