"""The gateway: one aiohttp websocket per connection, sessions that survive a disconnect.

Speaks gateway v10 JSON. discord.py always asks for ``compress=zlib-stream`` (``zstd-stream`` when
the ``zstandard`` package is installed); zlib-stream is honoured with one deflate context per
connection and a ``Z_SYNC_FLUSH`` after each message, anything else gets plain text frames (which
discord.py also accepts). Sequence numbers count per session, RESUME replays what was missed.

Sharding as on Discord: an IDENTIFY with ``shard: [id, count]`` opens a session that hears only
of the guilds with ``(guild_id >> 22) % count == id`` (READY, GUILD_CREATE, their events and
interactions); DMs and events without a guild go to shard 0. A session without ``shard`` hears
everything.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .world import World

log = logging.getLogger("fakediscord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Closing codes with which Discord ends a session for good (no RESUME afterwards). discord.py's
# own close() usually reaches the server as 4000 (its reader task closes first), so such a session
# stays resumable, as it would on Discord.
_FINAL_CLOSES = frozenset({1000, 1001})


# Events whose payload is the guild itself (its id in ``id``, not ``guild_id``).
_GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})

# An event body, or a function building it for one session (GUILD_CREATE depends on intents).
EventData = dict[str, Any] | Callable[["Session"], dict[str, Any]]


@dataclass(eq=False)
class Connection:
    """One websocket. Sends are serialised: the deflate stream must see messages in order."""

    ws: web.WebSocketResponse
    compress: bool
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deflate: Any = None
    closed_by_server: bool = False

    def __post_init__(self) -> None:
        if self.compress:
            self.deflate = zlib.compressobj()

    async def close(self, code: int, message: bytes = b"") -> None:
        self.closed_by_server = True
        await self.ws.close(code=code, message=message)

    async def send(self, payload: dict[str, Any]) -> None:
        if payload.get("op") != DISPATCH:
            payload = {"t": None, "s": None, **payload}  # Discord always sends both keys
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        async with self.lock:
            if self.ws.closed:
                return
            if self.deflate is not None:
                data = self.deflate.compress(text.encode()) + self.deflate.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    seq: int = 0
    connection: Connection | None = None
    ready: bool = False
    alive: bool = True
    sent: list[dict[str, Any]] = field(default_factory=list)
    shard: tuple[int, int] | None = None

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    def owns(self, guild_id: str | int | None) -> bool:
        """Whether Discord routes this guild's events to this session (DMs: shard 0)."""
        if self.shard is None:
            return True
        shard, count = self.shard
        if guild_id is None or not str(guild_id).isdigit():
            return shard == 0
        return (int(guild_id) >> 22) % count == shard

    def wants(self, event: str, data: dict[str, Any]) -> bool:
        """Discord only sends what the identified intents ask for (interactions always)."""
        if event.startswith("MESSAGE_"):
            bit = INTENT_DIRECT_MESSAGES if "guild_id" not in data else INTENT_GUILD_MESSAGES
            return bool(self.intents & bit)
        if event.startswith(("THREAD_", "CHANNEL_", "GUILD_ROLE_")):
            return bool(self.intents & INTENT_GUILDS)
        if event.startswith("GUILD_MEMBER_") and event != "GUILD_MEMBERS_CHUNK":
            return bool(self.intents & INTENT_GUILD_MEMBERS)
        return True

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        if self.connected:
            assert self.connection is not None
            await self.connection.send(payload)
        return self.seq


class Gateway:
    """Accepts websocket connections for a :class:`World` and fans events out to its sessions."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.sessions: dict[str, Session] = {}
        self.pending: list[tuple[str, EventData]] = []
        self.identify_count = 0
        self.heartbeat_interval_ms = 41250
        self.privileged_intents_enabled = True

    # -- what the world uses -------------------------------------------------------------------

    @property
    def active(self) -> Session | None:
        """The newest live session: the one Discord would route interactions to."""
        live = [s for s in self.sessions.values() if s.alive and s.ready]
        connected = [s for s in live if s.connected]
        return (connected or live or [None])[-1]

    def session_for(self, guild_id: str | int | None) -> Session | None:
        """The newest live session of the shard that owns ``guild_id`` (shard 0 for DMs)."""
        live = [s for s in self.sessions.values() if s.alive and s.ready and s.owns(guild_id)]
        connected = [s for s in live if s.connected]
        return (connected or live or [None])[-1]

    def announce(self, event: str, data: EventData) -> None:
        """Queue an event caused by a synchronous change of the world (a channel added by a test);
        it goes out before the next dispatch, so the client hears of it before it is used."""
        if any(s.alive and s.ready for s in self.sessions.values()):
            self.pending.append((event, data))

    async def flush(self) -> None:
        while self.pending:
            event, data = self.pending.pop(0)
            await self._fan_out(event, data)

    async def dispatch(self, event: str, data: EventData) -> None:
        await self.flush()
        await self._fan_out(event, data)

    async def _fan_out(self, event: str, data: EventData) -> None:
        for session in list(self.sessions.values()):
            if not session.alive or not session.ready:
                continue
            payload = data(session) if callable(data) else data
            guild_id = payload.get("id") if event in _GUILD_EVENTS else payload.get("guild_id")
            if not self.world.guild_visible(payload.get("guild_id")) or not session.wants(event, payload):
                continue
            if not session.owns(guild_id):
                continue
            if event.startswith("MESSAGE_") and "content" in payload and not self._content_visible(session, payload):
                payload = {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
            await session.dispatch(event, payload)

    def _content_visible(self, session: Session, data: dict[str, Any]) -> bool:
        if session.intents & INTENT_MESSAGE_CONTENT or "guild_id" not in data:
            return True
        return data.get("author", {}).get("id") == str(self.world.bot.id)

    async def close_all(self) -> None:
        for session in self.sessions.values():
            session.alive = False
            if session.connection is not None and not session.connection.ws.closed:
                await session.connection.close(1001)

    async def reconnect_active(self) -> None:
        """Ask the client to reconnect and RESUME (opcode 7), as Discord does during maintenance."""
        session = self.active
        if session is not None and session.connection is not None:
            await session.connection.send({"op": RECONNECT, "d": None})
            await session.connection.close(4000)

    # -- the websocket -------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.query.get("v", "10") != "10" or request.query.get("encoding", "json") != "json":
            log.error("gateway: unsupported query %s", dict(request.query))
            return web.Response(status=400, text="fake gateway speaks v=10&encoding=json only")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(ws, compress=request.query.get("compress") == "zlib-stream")
        session: Session | None = None
        await connection.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    if msg.type is WSMsgType.BINARY:
                        log.error("gateway: binary frames from the client are not supported")
                    continue
                payload = json.loads(msg.data)
                session = await self._on_payload(connection, session, payload)
        finally:
            log.debug("gateway: connection closed with %s", ws.close_code)
            if session is not None and session.connection is connection:
                session.connection = None
                if ws.close_code in _FINAL_CLOSES and not connection.closed_by_server:
                    session.alive = False
            self.world.changed()
        return ws

    async def _on_payload(
        self, connection: Connection, session: Session | None, payload: dict[str, Any]
    ) -> Session | None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            if session is not None:
                await connection.close(4005, b"Already authenticated")
                return session
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return await self._resume(connection, data or {})
        elif session is None:
            await connection.close(4003, b"Not authenticated")
        elif op == REQUEST_MEMBERS:
            await self._member_chunk(session, data or {})
        elif op in (PRESENCE, VOICE_STATE):
            pass
        else:
            log.error("gateway: unknown opcode %s", op)
            await connection.close(4001, b"Unknown opcode")
        return session

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.world.token:
            await connection.close(4004, b"Authentication failed")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS and not self.privileged_intents_enabled:
            await connection.close(4014, b"Disallowed intent(s)")
            return None
        shard = data.get("shard")
        if shard is not None and (
            not isinstance(shard, list) or len(shard) != 2 or not all(isinstance(n, int) for n in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            await connection.close(4010, b"Invalid shard")
            return None
        await self.flush()  # earlier sessions hear of pending changes; this one gets them in READY
        session = Session(
            id=secrets.token_hex(16), intents=intents, connection=connection,
            shard=(shard[0], shard[1]) if shard is not None else None,
        )
        self.sessions[session.id] = session
        self.identify_count += 1
        world = self.world
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": world.bot.me_payload(),
                "guilds": [
                    {"id": str(g.id), "unavailable": True}
                    for g in world.guilds.values() if g.has_bot(world.bot.id) and session.owns(g.id)
                ],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": world.ws_url,
                "application": {"id": str(world.application_id), "flags": world.application_flags},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "auth": {},
                **({"shard": data["shard"]} if "shard" in data else {}),
            },
        )
        for guild in world.guilds.values():
            if not guild.has_bot(world.bot.id) or not session.owns(guild.id):
                continue  # user-installed only, or another shard's guild: this session hears nothing of it
            all_members = bool(intents & INTENT_GUILD_MEMBERS)
            await session.dispatch("GUILD_CREATE", guild.create_payload(world.bot.id, all_members=all_members))
        session.ready = True
        world.changed()
        return session

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.alive or data.get("token") != self.world.token:
            await connection.send({"op": INVALID_SESSION, "d": False})
            return None
        if session.connection is not None and not session.connection.ws.closed:
            await session.connection.close(4000)
        session.connection = connection
        last = int(data.get("seq") or 0)
        for payload in session.sent:
            if payload["s"] > last:
                await connection.send(payload)
        await session.dispatch("RESUMED", {})
        self.world.changed()
        return session

    async def _member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None or not session.owns(guild.id):
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            m for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
