"""Drive a real discord.py bot against a fake Discord on 127.0.0.1 — the API end-to-end tests use.

Build the world, run the bot against the fake, then act as users::

    from tests.fakediscord import FakeDiscord, InteractionFailed

    async def test_new_game() -> None:
        async with FakeDiscord() as fake:                     # REST + gateway on a free port
            guild = fake.add_guild("Board games", locale="zh-TW")
            alice = fake.add_user("alice", locale="zh-TW")
            fake.add_member(guild, alice)                     # permissions=<bits> adds a role
            table = fake.add_text_channel(guild, "tables")
            async with fake.running(make_bot()):              # patch discord.py, start, wait for READY
                assert "game" in fake.commands                # as synced (validated like Discord)
                ix = await fake.slash(alice, table, "game new", options={"game": "fixer"})
                msg = await ix.reply()                         # after a defer: the edit/first followup
                assert msg.files[0].data.startswith(b"\\x89PNG")
                await fake.click(alice, msg, label="Join")     # or custom_id="..."
                choices = await fake.autocomplete(alice, table, "move", "action", typed="r7")
            assert fake.rejections == [] and fake.unknown_routes == []

Users acting (each returns a :class:`FakeInteraction` once the bot's initial callback was accepted;
``wait=False`` returns at once):

* ``slash(user, channel, "group sub", options={...}, locale=...)`` — resolves the synced command the
  way the Discord client offers it (guild vs global, DM contexts, ``default_member_permissions``),
  checks required options, choices and ranges (a test asking for impossible input gets
  :class:`DriverError`). Users, members, channels and roles are passed as fake objects,
  attachments as ``(filename, bytes)``.
* ``autocomplete(user, channel, "move", "action", typed="r7", options={...})`` → list of choices.
* ``click(user, message, custom_id | label=...)``, ``select(user, message, custom_id, values)``,
  ``submit_modal(user, interaction_that_opened_it, {custom_id: text})``, ``say(user, channel, text)``.

They raise :class:`InteractionFailed` when Discord would show "The application did not respond":
no callback accepted within ``fake.interaction_deadline`` (3 s; lower it in a test that expects a
failure, the wait lasts that long). A refused callback (e.g. 2001 characters) does not fail at
once: the bot may still answer correctly before the deadline, as on Discord.

Reading results: ``ix.response_type`` (4 reply, 5 deferred, 6 deferred update, 7 update, 8
choices, 9 modal), ``ix.elapsed`` (dispatch → callback), ``ix.reply_elapsed`` (dispatch → first
readable answer), ``ix.message`` / ``content`` / ``files`` / ``components`` / ``custom_ids()`` /
``ephemeral`` (the message that carried the first readable answer), ``await ix.reply()``,
``ix.followups`` / ``await ix.wait_followups(n)`` (after a defer the first followup fills the
"thinking" message, so it is ``ix.original``, not a followup — as on Discord), ``ix.choices``,
``ix.modal``, ``ix.rejections``, ``ix.payload`` (what was dispatched). With ``wait=True`` a
deferred interaction is returned once its answer arrived (up to ``fake.answer_wait`` seconds).

The world: ``fake.messages(channel)`` (visible messages, oldest first: ``content``, ``embeds``,
``components``, ``attachments[i].data`` bytes, ``mentioned_user_ids()``, ``pinged_user_ids()``,
``thread``), ``fake.ephemeral_messages(user)``, ``fake.threads`` / ``threads_of(channel)``,
``fake.dm_channel(user)``, ``fake.close_dms(user)``, ``fake.commands`` /
``guild_commands(guild)`` / ``sync_count``, ``fake.timings()``, ``fake.rejections`` (every request
refused as Discord would: status + Discord's error JSON), ``fake.unknown_routes`` (requests the fake
does not implement: answered 404 and logged at ERROR), ``await fake.set_bot_permissions(guild,
bits)``, ``await fake.set_channel_permissions(channel, user_or_role, allow=, deny=)``,
``await fake.reconnect()`` (opcode 7: the client RESUMEs). Channels, members, roles and guilds
added while a client runs are announced to it (CHANNEL_CREATE, ...) before the next event.

Edge cases of real servers: ``await fake.archive_thread(t)`` (Discord's idle auto-archive; users
then get :class:`CommandRefused` for commands there until it is reopened), ``lock_thread``,
``delete_thread``, ``delete_channel`` (its threads go too; one CHANNEL_DELETE); reopening an
archived thread needs Send Messages in Threads (Manage Threads if locked). Interaction replies need
no Send Messages, but files need Attach Files and embeds Embed Links (``app_permissions``).
User installs: ``add_guild(..., bot_member=False)`` is a server without the bot (the gateway says
nothing of it), ``install_app(user)`` lets a user run the app's user-installable commands there and
in ``add_group_dm(owner, [users])``; a member without "Use External Apps" there gets every reply
forced ephemeral. ``close_dms(user, refuse_open=True)`` also refuses opening the DM channel.
``rate_limit_posts(allowed, per)``: channel posts beyond ``allowed`` per ``per`` seconds (per
channel) get HTTP 429 with ``retry_after``; ``fake.rate_limited`` lists them.

Restarts: leave ``fake.running(bot)`` and enter it again with a new client; messages, components
and threads stay in the fake, so a button posted by the old client can be clicked with the new.

Limits enforced (``limits.py``): at sync, command and option names, descriptions, 25
options/choices/subcommands, nesting, required-before-optional, locales, 4000 characters per command,
100 commands; on messages, content 2000, 10 embeds (6000 characters), 5 rows of 5 buttons or one
select, custom_id 100 (unique), 25 select options with 100-character labels, 10 files and
``attachment_size_limit`` bytes (10 MiB) in total; on interactions, the deadline, single use, the
callback type allowed for the interaction type, 25 autocomplete choices, 15 min token lifetime; bot
permissions (send, attach, embed, threads) with role and member overwrites; the channel-post rate
limit when configured. Not modelled: other rate limits, voice, polls, stickers, webhooks other than
interaction webhooks, context-menu commands from the driver.

Sharding: a client that IDENTIFYs with ``shard: [i, n]`` gets only the guilds with
``(guild_id >> 22) % n == i`` (in READY and GUILD_CREATE) and their events and interactions; DMs
(and interactions without a guild) go to shard 0, as on Discord. ``add_guild(..., shard=(i, n))``
makes a guild that lands on shard i; ``fake.recommended_shards`` is what ``GET /gateway/bot``
answers; ``fake.shard_sessions()`` lists the connected ``(shard, count)`` pairs.

``patch_discord()`` changes class attributes of discord.py: run one fake per process at a time
(pytest-xdist workers are separate processes, so that is fine). discord.py's ``on_ready`` fires
``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE; interactions work before
that, so ``running()`` returns as soon as the fake sent READY. Pass ``guild_ready_timeout=0.1`` to
the client if a test awaits ``wait_until_ready()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from aiohttp import web

from . import limits
from .builder import InteractionBuilder
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    DriverError,
    FakeInteraction,
    InteractionFailed,
    Rejection,
)
from .models import (
    USE_APPLICATION_COMMANDS,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .server import RestApi
from .world import World

log = logging.getLogger("fakediscord")

UserLike = FakeUser | FakeMember


class FakeDiscord:
    """A fake Discord (REST v10 + gateway) for the real discord.py client, plus user actions."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Postern",
        interaction_deadline: float = limits.INTERACTION_DEADLINE,
        attachment_size_limit: int = limits.ATTACHMENT_SIZE_LIMIT,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.world = World(
            token=token,
            bot_name=bot_name,
            interaction_deadline=interaction_deadline,
            attachment_size_limit=attachment_size_limit,
        )
        self._builder = InteractionBuilder(self.world)
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None
        self.answer_wait = 10.0
        """Seconds ``slash``/``click``/``select`` wait for the answer that follows a defer."""

    # -- lifecycle -----------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = RestApi(self.world).build_app()
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._host, self._port)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.world.base_url = f"http://{host}:{port}"
        self.world.ws_url = f"ws://{host}:{port}/"
        return self

    async def stop(self) -> None:
        await self.world.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[FakeDiscord]:
        """Point discord.py at the fake (``Route.BASE`` and ``DEFAULT_GATEWAY``), then restore."""
        import discord.gateway
        import discord.http
        import yarl

        route, ws_class = discord.http.Route, discord.gateway.DiscordWebSocket
        saved = route.BASE, ws_class.DEFAULT_GATEWAY
        route.BASE = self.api_url
        ws_class.DEFAULT_GATEWAY = yarl.URL(self.world.ws_url)
        try:
            yield self
        finally:
            route.BASE, ws_class.DEFAULT_GATEWAY = saved

    @contextlib.asynccontextmanager
    async def running(self, client: Any, *, timeout: float = 10.0) -> AsyncIterator[Any]:
        """Run ``client.start(token)`` against the fake until the block ends, then close it."""
        with self.patch_discord():
            task = asyncio.create_task(client.start(self.token), name="fakediscord-client")
            try:
                await self.wait_ready(timeout, client_task=task)
                yield client
            finally:
                await client.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait_for(task, timeout)
                await self.wait_disconnected(timeout)

    # -- addresses and configuration --------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def api_url(self) -> str:
        return f"{self.world.base_url}/api/v10"

    @property
    def ws_url(self) -> str:
        return self.world.ws_url

    @property
    def bot(self) -> FakeUser:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def interaction_deadline(self) -> float:
        return self.world.interaction_deadline

    @interaction_deadline.setter
    def interaction_deadline(self, seconds: float) -> None:
        self.world.interaction_deadline = seconds

    @property
    def token_lifetime(self) -> float:
        """Seconds an interaction token accepts followups and edits (15 minutes on Discord)."""
        return self.world.token_lifetime

    @token_lifetime.setter
    def token_lifetime(self, seconds: float) -> None:
        self.world.token_lifetime = seconds

    # -- building the world ----------------------------------------------------------------------

    def add_user(self, name: str, locale: str = "en-US") -> FakeUser:
        return self.world.add_user(name, locale)

    def add_guild(
        self,
        name: str,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        *,
        bot_member: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild the bot is in (sent in GUILD_CREATE to clients that connect afterwards); with
        ``bot_member=False`` a guild without the bot, where the app works only if user-installed.
        ``shard=(i, n)`` picks an id that Discord would route to gateway shard i of n."""
        return self.world.add_guild(name, locale, owner, bot_member=bot_member, shard=shard)

    def install_app(self, user: FakeUser) -> None:
        """``user`` adds the app to their account (a user install: its commands work anywhere)."""
        self.world.user_installs.add(user.id)

    def add_group_dm(self, owner: FakeUser, others: list[FakeUser], name: str | None = None) -> FakeChannel:
        """A group DM of users; the app reaches it only through a member's user install."""
        return self.world.add_group_dm(owner, others, name)

    async def archive_thread(self, thread: FakeChannel) -> None:
        """Discord archives an idle thread (after its auto-archive duration) and says THREAD_UPDATE."""
        await self.world.set_thread_state(thread, archived=True)

    async def lock_thread(self, thread: FakeChannel) -> None:
        """A moderator locks a thread: only members with Manage Threads may act there."""
        await self.world.set_thread_state(thread, locked=True)

    async def delete_thread(self, thread: FakeChannel) -> None:
        await self.world.delete_thread(thread)

    async def delete_channel(self, channel: FakeChannel) -> None:
        """A moderator deletes a text channel (and with it its threads)."""
        await self.world.delete_channel(channel)

    def rate_limit_posts(self, allowed: int, per: float) -> None:
        """Answer channel posts beyond ``allowed`` per ``per`` seconds (per channel) with HTTP 429."""
        self.world.post_limit = (allowed, per)

    @property
    def rate_limited(self) -> list[str]:
        """Requests answered with 429 (not rejections: a client must wait and retry them)."""
        return self.world.rate_limited

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        return self.world.add_role(guild, name, permissions)

    def add_member(
        self, guild: FakeGuild, user: FakeUser, permissions: int | None = None, roles: list[FakeRole] | None = None
    ) -> FakeMember:
        """Make ``user`` a member; ``permissions`` (an int of permission bits) adds a role granting
        them on top of @everyone's defaults."""
        return self.world.add_member(guild, user, permissions, roles)

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        return self.world.add_text_channel(guild, name)

    async def set_bot_permissions(self, guild: FakeGuild, permissions: int) -> None:
        """Give the bot exactly ``permissions`` in every channel of ``guild``: its managed role gets
        them and a member overwrite on each channel denies what @everyone would add. A connected
        client hears GUILD_ROLE_UPDATE / CHANNEL_UPDATE, as from Discord."""
        member = guild.members[self.bot.id]
        role = guild.roles[member.roles[0]]
        role.permissions = permissions
        await self.world.gateway.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()})
        for channel in guild.channels:
            if not channel.is_thread:
                await self.set_channel_permissions(channel, self.bot, deny=guild.everyone.permissions & ~permissions)

    async def set_channel_permissions(
        self, channel: FakeChannel, target: FakeUser | FakeRole, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a permission overwrite for a member or role on a guild channel."""
        kind = 0 if isinstance(target, FakeRole) else 1
        channel.overwrites[target.id] = (kind, allow, deny)
        await self.world.gateway.dispatch("CHANNEL_UPDATE", channel.payload())

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        return self.world.dm_channel(user)

    def close_dms(self, user: FakeUser, *, refuse_open: bool = False) -> None:
        """Make the bot's DMs to ``user`` fail with 403 / 50007, like a user who blocks DMs; with
        ``refuse_open`` even opening the DM channel fails so."""
        self.world.dms_closed.add(user.id)
        if refuse_open:
            self.world.dm_open_refused.add(user.id)

    # -- what tests inspect ------------------------------------------------------------------------

    def messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Visible messages of a channel, oldest first (no ephemeral, no deleted ones)."""
        return self.world.channel_history(channel)

    def last_message(self, channel: FakeChannel) -> FakeMessage:
        history = self.messages(channel)
        if not history:
            raise DriverError(f"no message in channel {channel.name or channel.id}")
        return history[-1]

    def ephemeral_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` saw (replies and followups to their interactions)."""
        return [
            m for m in self.world.messages.values()
            if m.ephemeral and not m.deleted and (m.interaction_metadata or {}).get("user", {}).get("id") == str(user.id)
        ]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.world.channels.values() if c.is_thread]

    def threads_of(self, channel: FakeChannel) -> list[FakeChannel]:
        return [t for t in self.threads if t.parent_id == channel.id]

    @property
    def commands(self) -> dict[str, dict[str, Any]]:
        """Global commands as last synced (name → Discord's stored command object)."""
        return {c["name"]: c for c in self.world.global_commands}

    def guild_commands(self, guild: FakeGuild) -> dict[str, dict[str, Any]]:
        return {c["name"]: c for c in self.world.guild_commands.get(guild.id, [])}

    @property
    def sync_count(self) -> int:
        return self.world.sync_count

    @property
    def rejections(self) -> list[Rejection]:
        return self.world.rejections

    @property
    def unknown_routes(self) -> list[str]:
        return self.world.unknown_routes

    @property
    def internal_errors(self) -> list[str]:
        """Exceptions raised inside the fake (bugs of the fake, answered 400 and logged)."""
        return self.world.internal_errors

    @property
    def interactions(self) -> list[FakeInteraction]:
        return list(self.world.interactions.values())

    def timings(self) -> list[dict[str, Any]]:
        """Per interaction: dispatch → callback (``elapsed``) and → first readable answer."""
        return [
            {"name": ix.name, "type": ix.type, "elapsed": ix.elapsed, "reply_elapsed": ix.reply_elapsed}
            for ix in self.world.interactions.values()
        ]

    # -- waiting ---------------------------------------------------------------------------------

    async def wait_ready(self, timeout: float = 10.0, *, client_task: asyncio.Task[Any] | None = None) -> None:
        """Until a client identified and got READY and every GUILD_CREATE. With ``client_task``,
        a client that dies first (e.g. a command sync refused) re-raises its error here."""

        def connected() -> bool:
            active = self.world.gateway.active
            return active is not None and active.connected

        def done() -> bool:
            return connected() or (client_task is not None and client_task.done())

        await self.world.wait_until(done, timeout)
        if client_task is not None and client_task.done():
            client_task.result()  # raises the client's exception
            raise DriverError("the client stopped before it connected")
        if not connected():
            raise DriverError(f"no client identified within {timeout} s (requests: {self.world.requests[-5:]})")

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Poll ``predicate`` whenever the fake's state changes; False if it never held in time
        (e.g. ``await fake.wait_until(lambda: fake.messages(dm))`` for a DM sent in the background)."""
        return await self.world.wait_until(predicate, timeout)

    @property
    def recommended_shards(self) -> int:
        return self.world.recommended_shards

    @recommended_shards.setter
    def recommended_shards(self, count: int) -> None:
        self.world.recommended_shards = count

    def agent_of(self, method: str, path: str) -> list[str]:
        """The User-Agents of every ``method path`` request so far (which client made them)."""
        return [agent for m, p, agent in self.world.request_agents if m == method and p == path]

    def shard_sessions(self) -> list[tuple[int, int] | None]:
        """The shard (id, count) of every connected gateway session; None for an unsharded one."""
        return [s.shard for s in self.world.gateway.sessions.values() if s.alive and s.connected]

    async def wait_shards(self, shards: list[tuple[int, int]], timeout: float = 20.0) -> None:
        """Until a connected, ready session exists for each ``(shard, count)``."""

        def all_there() -> bool:
            ready = {s.shard for s in self.world.gateway.sessions.values() if s.alive and s.ready and s.connected}
            return all(shard in ready for shard in shards)

        if not await self.world.wait_until(all_there, timeout):
            raise DriverError(f"shards {shards} not all connected within {timeout} s: {self.shard_sessions()}")

    @property
    def identify_count(self) -> int:
        """IDENTIFYs received so far (a RESUME does not count)."""
        return self.world.gateway.identify_count

    async def wait_disconnected(self, timeout: float = 10.0) -> None:
        gateway = self.world.gateway
        await self.world.wait_until(lambda: not any(s.connected for s in gateway.sessions.values()), timeout)

    async def wait_synced(self, count: int = 1, timeout: float = 10.0) -> None:
        """Until ``count`` successful command bulk overwrites happened in total."""
        if not await self.world.wait_until(lambda: self.world.sync_count >= count, timeout):
            raise DriverError(f"commands synced {self.world.sync_count} times, wanted {count}")

    async def reconnect(self) -> None:
        """Send opcode 7 RECONNECT: the client must RESUME its session."""
        await self.world.gateway.reconnect_active()

    # -- users acting ----------------------------------------------------------------------------

    async def say(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A user posts a plain message (dispatched as MESSAGE_CREATE)."""
        return await self.world.user_posts(_user(user), channel, content)

    async def slash(
        self,
        user: UserLike,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
        via_shard: tuple[int, int] | None = None,
    ) -> FakeInteraction:
        """Invoke ``/command [group] [sub]`` with ``options`` (name → value; users, channels, roles
        as fake objects; attachments as ``(filename, bytes)``), as the Discord client would.

        ``via_shard=(i, n)`` delivers it to the session of shard i of n whatever the guild, as
        while two sessions both claim a guild (a rolling restart or a change of shard count)."""
        user = _user(user)
        self._builder.require_member(user, channel, USE_APPLICATION_COMMANDS)
        cmd, chain, leaf = self._builder.resolve_command(user, channel, command)
        resolved: dict[str, dict[str, Any]] = {}
        values = self._builder.build_options(leaf, options or {}, resolved, channel, focused=None)
        data = self._builder.command_data(cmd, chain, values, resolved)
        ix = self._builder.new_interaction(APPLICATION_COMMAND, user, channel, data, command, locale)
        return await self._send(ix, wait, timeout, via_shard)

    async def autocomplete(
        self,
        user: UserLike,
        channel: FakeChannel,
        command: str,
        option: str,
        typed: str = "",
        *,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> list[dict[str, Any]]:
        """Type ``typed`` into ``option`` of ``command``: returns the bot's choices (or raises
        :class:`InteractionFailed` when it offered none acceptable in time)."""
        user = _user(user)
        self._builder.require_member(user, channel, USE_APPLICATION_COMMANDS)
        cmd, chain, leaf = self._builder.resolve_command(user, channel, command)
        definition = next((o for o in leaf if o["name"] == option), None)
        if definition is None or not definition.get("autocomplete"):
            raise DriverError(f"/{command} has no autocomplete option {option!r}")
        resolved: dict[str, dict[str, Any]] = {}
        values = self._builder.build_options(leaf, {**(options or {}), option: typed}, resolved, channel, focused=option)
        data = self._builder.command_data(cmd, chain, values, resolved)
        ix = self._builder.new_interaction(AUTOCOMPLETE, user, channel, data, command, locale)
        ix.focused = definition
        await self._send(ix, True, None)
        return list(ix.choices or [])

    async def click(
        self,
        user: UserLike,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Press a button of ``message`` (by ``custom_id`` or ``label``)."""
        user = _user(user)
        if custom_id is None:
            if label is None:
                raise DriverError("click() needs a custom_id or a label")
            custom_id = self.world.messages.get(message.id, message).button(label).get("custom_id")
        comp = self._builder.component(user, message, custom_id)
        if comp.get("type") != 2 or comp.get("style") in (5, 6):
            raise DriverError(f"component {custom_id!r} is not a clickable button: {comp}")
        data = {"custom_id": custom_id, "component_type": 2}
        ix = self._builder.new_interaction(MESSAGE_COMPONENT, user, message.channel, data, str(custom_id), locale, message)
        return await self._send(ix, wait, timeout)

    async def select(
        self,
        user: UserLike,
        message: FakeMessage,
        custom_id: str,
        values: list[Any],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Pick ``values`` in a select menu (string values; users/roles/channels as fake objects
        for the typed selects)."""
        user = _user(user)
        comp = self._builder.component(user, message, custom_id)
        kind = comp.get("type")
        if kind not in limits.SELECT_TYPES:
            raise DriverError(f"component {custom_id!r} is not a select menu: {comp}")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise DriverError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            offered = [o["value"] for o in comp.get("options", [])]
            unknown = [v for v in values if v not in offered]
            if unknown:
                raise DriverError(f"select {custom_id!r} offers {offered}, not {unknown}")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [self._builder.resolve_entity(v, resolved, message.channel) for v in values]
            data["resolved"] = resolved
        ix = self._builder.new_interaction(MESSAGE_COMPONENT, user, message.channel, data, custom_id, locale, message)
        return await self._send(ix, wait, timeout)

    async def submit_modal(
        self,
        user: UserLike,
        interaction: FakeInteraction,
        values: dict[str, str],
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Fill in and submit the modal the bot opened in answer to ``interaction``."""
        user = _user(user)
        modal = interaction.modal
        if modal is None:
            raise DriverError(f"{interaction!r} did not open a modal")

        def filled(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            if comp.get("type") == 4:
                value = values.get(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise DriverError(f"modal field {cid!r} is required")
                if len(value) > comp.get("max_length", 4000):
                    raise DriverError(f"modal field {cid!r} takes at most {comp.get('max_length')} characters")
                return {"type": 4, "custom_id": cid, "value": value}
            return {"type": comp.get("type"), "custom_id": cid, "values": list(values.get(cid, []))}

        rows: list[dict[str, Any]] = []
        for top in modal.get("components", []):
            if top.get("type") == 1:
                rows.append({"type": 1, "components": [filled(c) for c in top.get("components", [])]})
            elif top.get("type") == 18:
                rows.append({"type": 18, "component": filled(top["component"])})
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        ix = self._builder.new_interaction(
            MODAL_SUBMIT, user, interaction.channel, data, str(modal.get("custom_id")), None, interaction.source_message
        )
        return await self._send(ix, wait, timeout)

    # -- internals ---------------------------------------------------------------------------------

    async def _send(
        self, ix: FakeInteraction, wait: bool, timeout: float | None, via_shard: tuple[int, int] | None = None
    ) -> FakeInteraction:
        gateway = self.world.gateway
        if via_shard is not None:
            session = next((s for s in reversed(gateway.sessions.values()) if s.alive and s.shard == via_shard), None)
        else:
            session = gateway.session_for(ix.payload.get("guild_id"))
        if session is None or not session.connected:
            raise DriverError("no bot client (shard) for this interaction is connected to the fake gateway")
        await self.world.gateway.flush()  # the client first hears of channels/members added since
        ix.dispatched_at = time.monotonic()
        await session.dispatch("INTERACTION_CREATE", ix.payload)
        if wait:
            await ix.response(timeout)
            if ix.deferred:
                # After a defer the answer follows (its edit or first followup): wait for it, so
                # the test reads what the user would read. Not an error if it never comes.
                await self.world.wait_until(lambda: ix.reply_message is not None, self.answer_wait)
        return ix


def _user(user: UserLike) -> FakeUser:
    return user.user if isinstance(user, FakeMember) else user


__all__ = ["DriverError", "FakeDiscord", "FakeInteraction", "InteractionFailed"]
