"""The fake's state and the rules Discord applies to changes of it.

HTTP handlers (``server.py``) and the test driver (``driver.py``) both go through :class:`World`,
so a message posted by the bot and a click by a test user see the same channels, permissions and
limits. Operations that Discord would refuse raise :class:`ApiError` with Discord's status and body.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import limits
from .gateway import INTENT_GUILD_MEMBERS, Gateway
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    FakeInteraction,
    Rejection,
)
from .models import (
    ADMINISTRATOR,
    ATTACH_FILES,
    BOT_DEFAULT,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DM,
    DM_APP_PERMISSIONS,
    EMBED_LINKS,
    EVERYONE_DEFAULT,
    GROUP_DM,
    GUILD_TEXT,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_EXTERNAL_APPS,
    USER_APP_PERMISSIONS,
    VIEW_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Snowflakes,
    now_iso,
)

log = logging.getLogger("fakediscord")


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body}")
        self.status = status
        self.body = body


def form_error(errors: limits.FormErrors) -> ApiError:
    return ApiError(400, errors.body())


def not_found(what: str, code: int) -> ApiError:
    return ApiError(404, {"message": f"Unknown {what}", "code": code})


def missing_permissions() -> ApiError:
    return ApiError(403, {"message": "Missing Permissions", "code": 50013})


@dataclass
class Upload:
    """A file part of a multipart request: ``index`` is N in ``files[N]``."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


class World:
    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Postern",
        interaction_deadline: float = limits.INTERACTION_DEADLINE,
        attachment_size_limit: int = limits.ATTACHMENT_SIZE_LIMIT,
    ) -> None:
        self.ids = Snowflakes()
        self.token = token
        self.bot = FakeUser(self.ids.next(), bot_name, bot=True)
        self.application_id = self.bot.id  # Discord gives a bot the id of its application
        self.application_flags = 0
        self.app_owner = FakeUser(self.ids.next(), "app-owner")
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = limits.INTERACTION_TOKEN_LIFETIME
        self.attachment_size_limit = attachment_size_limit
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot, self.app_owner.id: self.app_owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.dms_closed: set[int] = set()
        self.dm_open_refused: set[int] = set()  # POST /users/@me/channels refused for these users
        self.user_installs: set[int] = set()  # users who installed the app to their account
        # Channel-post rate limit: (posts allowed, per seconds) per channel, and what it refused.
        self.post_limit: tuple[int, float] | None = None
        self.post_times: dict[int, list[float]] = {}
        self.rate_limited: list[str] = []
        self.extra_attachments: dict[int, FakeAttachment] = {}  # uploaded as command options
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_ids: dict[tuple[int | None, int, str], int] = {}
        self.sync_count = 0
        self.recommended_shards = 1  # what GET /gateway/bot suggests
        self.interactions: dict[int, FakeInteraction] = {}
        self.by_token: dict[str, FakeInteraction] = {}
        self.rejections: list[Rejection] = []
        self.unknown_routes: list[str] = []
        self.internal_errors: list[str] = []  # exceptions inside the fake itself (its bugs)
        self.requests: list[str] = []
        # (method, path, User-Agent) of every request: which client (process) asked for what.
        self.request_agents: list[tuple[str, str, str]] = []
        self.base_url = ""
        self.ws_url = ""
        self.gateway = Gateway(self)
        self._changed = asyncio.Event()

    # -- change notification ----------------------------------------------------------------

    def changed(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        end = time.monotonic() + timeout
        while not predicate():
            remaining = end - time.monotonic()
            if remaining <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))
        return True

    def reject(self, method: str, path: str, error: ApiError, interaction: FakeInteraction | None = None) -> None:
        rejection = Rejection(method, path, error.status, error.body, interaction.id if interaction else None)
        self.rejections.append(rejection)
        if interaction is not None:
            interaction.rejections.append(rejection)
        log.warning("fake Discord refused %s", rejection)
        self.changed()

    # -- building the world -----------------------------------------------------------------

    def add_user(self, name: str, locale: str = "en-US") -> FakeUser:
        user = FakeUser(self.ids.next(), name, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        *,
        bot_member: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        if owner is None:
            owner = self.add_user(f"{name}-owner")
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = FakeGuild(guild_id, name, locale, owner.id)
        guild.roles[guild.id] = FakeRole(guild.id, guild.id, "@everyone", EVERYONE_DEFAULT)
        if not bot_member:
            # The app is not installed here (at most user-installed): no bot member, and the
            # gateway never tells the bot about this guild.
            guild.members[owner.id] = FakeMember(owner, guild)
            self.guilds[guild.id] = guild
            return guild
        bot_role = FakeRole(self.ids.next(), guild.id, self.bot.name, BOT_DEFAULT, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = FakeMember(self.bot, guild, roles=[bot_role.id])
        guild.members[owner.id] = FakeMember(owner, guild)
        self.guilds[guild.id] = guild
        self.gateway.announce(
            "GUILD_CREATE",
            lambda session: guild.create_payload(self.bot.id, all_members=bool(session.intents & INTENT_GUILD_MEMBERS)),
        )
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        role = FakeRole(self.ids.next(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.gateway.announce("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_member(
        self, guild: FakeGuild, user: FakeUser, permissions: int | None = None, roles: list[FakeRole] | None = None
    ) -> FakeMember:
        role_ids = [r.id for r in roles or []]
        if permissions is not None:
            role_ids.append(self.add_role(guild, f"{user.name}-perms", permissions).id)
        member = FakeMember(user, guild, roles=role_ids)
        guild.members[user.id] = member
        self.gateway.announce("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)})
        return member

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(self.ids.next(), GUILD_TEXT, name=name, guild=guild, position=len(guild.channels))
        self._add_channel(channel)
        return channel

    def _add_channel(self, channel: FakeChannel) -> None:
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        if channel.guild is not None:
            channel.guild.channels.append(channel)
            if channel.type == GUILD_TEXT:
                self.gateway.announce("CHANNEL_CREATE", channel.payload())

    def add_group_dm(self, owner: FakeUser, others: list[FakeUser], name: str | None = None) -> FakeChannel:
        """A group DM among users (never with the bot: there an app is only user-installed)."""
        channel = FakeChannel(self.ids.next(), GROUP_DM, name=name, owner_id=owner.id, recipients=[owner, *others])
        self._add_channel(channel)
        return channel

    def bot_in(self, channel: FakeChannel) -> bool:
        """Whether the bot itself is present where ``channel`` is (its own DMs count; group DMs
        and guilds without the bot member do not)."""
        if channel.is_dm:
            return True
        return channel.guild is not None and channel.guild.has_bot(self.bot.id)

    def guild_visible(self, guild_id: str | None) -> bool:
        """Whether the gateway tells the bot about events of this guild."""
        guild = self.guilds.get(int(guild_id)) if guild_id and str(guild_id).isdigit() else None
        return guild is None or guild.has_bot(self.bot.id)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), DM, recipient=user)
            self.dm_channels[user.id] = channel
            self._add_channel(channel)
        return channel

    # -- lookups ------------------------------------------------------------------------------

    def channel(self, channel_id: int | str) -> FakeChannel:
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise not_found("Channel", 10003) from None

    def message(self, channel: FakeChannel, message_id: int | str) -> FakeMessage:
        try:
            msg = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise not_found("Message", 10008) from None
        if msg.channel is not channel or msg.deleted or msg.ephemeral:
            raise not_found("Message", 10008)
        return msg

    def bot_permissions(self, channel: FakeChannel) -> int:
        if channel.is_group_dm:
            return USER_APP_PERMISSIONS
        if channel.guild is None:
            return DM_APP_PERMISSIONS
        member = channel.guild.members.get(self.bot.id)
        return 0 if member is None else channel.guild.permissions_in(member, channel)

    def app_permissions(self, channel: FakeChannel) -> int:
        """What Discord reports to the app in ``app_permissions``: the bot's permissions where it is
        a member, else (user-installed) the reply-relevant bits of the channel's @everyone."""
        if self.bot_in(channel) or channel.guild is None:
            return self.bot_permissions(channel)
        guild = channel.guild
        everyone = FakeMember(FakeUser(guild.id, "@everyone"), guild)
        return guild.permissions_in(everyone, channel) & USER_APP_PERMISSIONS

    def forced_ephemeral(self, user: FakeUser, channel: FakeChannel) -> bool:
        """A user-installed app's replies in a server that turned "Use External Apps" off for this
        member are shown to that member only, whatever the app asked for."""
        if channel.guild is None or self.bot_in(channel):
            return False
        member = channel.guild.members.get(user.id)
        return member is None or not channel.guild.permissions_in(member, channel) & USE_EXTERNAL_APPS

    def require_reply_permissions(self, ix: FakeInteraction, payload: dict[str, Any], uploads: list[Upload]) -> None:
        """Interaction replies need no Send Messages, but files and embeds need the app to hold
        Attach Files and Embed Links in the channel (the ``app_permissions`` Discord sent)."""
        if ix.channel.guild is None:
            return
        perms = int(ix.payload.get("app_permissions") or 0)
        if perms & ADMINISTRATOR:
            return
        if uploads and not perms & ATTACH_FILES:
            raise missing_permissions()
        if payload.get("embeds") and not perms & EMBED_LINKS:
            raise missing_permissions()

    def throttle_post(self, channel: FakeChannel) -> float | None:
        """Seconds to wait if this channel post exceeds the configured rate limit, else None."""
        if self.post_limit is None:
            return None
        allowed, per = self.post_limit
        now = time.monotonic()
        recent = [t for t in self.post_times.get(channel.id, []) if now - t < per]
        if len(recent) >= allowed:
            self.post_times[channel.id] = recent
            return max(0.001, per - (now - recent[0]))
        recent.append(now)
        self.post_times[channel.id] = recent
        return None

    def require(self, channel: FakeChannel, *bits: int) -> None:
        perms = self.bot_permissions(channel)
        if perms & ADMINISTRATOR:
            return
        for bit in bits:
            if not perms & bit:
                raise missing_permissions()

    def channel_history(self, channel: FakeChannel) -> list[FakeMessage]:
        return [m for m in self.channel_messages.get(channel.id, []) if not m.deleted]

    # -- messages ---------------------------------------------------------------------------

    def check_uploads(self, uploads: list[Upload]) -> None:
        total = sum(len(u.data) for u in uploads)
        if total > self.attachment_size_limit:
            raise ApiError(413, {"message": "Request entity too large", "code": 40005})

    def _attachments_for(
        self, payload: dict[str, Any], uploads: list[Upload], existing: list[FakeAttachment]
    ) -> list[FakeAttachment]:
        """Discord's rule: ``attachments`` lists what the message keeps (old ids) and gains
        (``files[N]`` by index); without it, uploads are appended."""
        by_index = {u.index: u for u in uploads}
        if "attachments" not in payload or payload["attachments"] is None:
            return [*existing, *(self._new_attachment(u, None) for u in uploads)]
        old = {a.id: a for a in existing}
        result: list[FakeAttachment] = []
        for entry in payload["attachments"]:
            ident = int(entry.get("id", -1))
            if ident in old:
                result.append(old[ident])
            elif ident in by_index:
                upload = by_index[ident]
                filename = entry.get("filename") or upload.filename
                result.append(self._new_attachment(upload, entry.get("description"), filename))
            else:
                errors = limits.FormErrors()
                errors.add(("attachments",), "ATTACHMENT_NOT_FOUND", f"Unknown attachment {ident}")
                raise form_error(errors)
        return result

    def _new_attachment(self, upload: Upload, description: str | None, filename: str | None = None) -> FakeAttachment:
        content_type = upload.content_type
        if content_type == "application/octet-stream":
            content_type = None  # Discord sniffs the real type from the name and bytes
        return FakeAttachment(self.ids.next(), filename or upload.filename, upload.data, content_type, description)

    def validate_message(self, payload: dict[str, Any], uploads: list[Upload], *, creating: bool) -> None:
        self.check_uploads(uploads)
        errors = limits.validate_message(payload, creating=creating, file_count=len(uploads))
        if errors:
            raise form_error(errors)

    def build_message(
        self, channel: FakeChannel, payload: dict[str, Any], uploads: list[Upload], **extra: Any
    ) -> FakeMessage:
        flags = int(payload.get("flags") or 0)
        msg = FakeMessage(
            id=extra.pop("message_id", None) or self.ids.next(),
            channel=channel,
            author=extra.pop("author", self.bot),
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments_for(payload, uploads, []),
            flags=flags,
            **extra,
        )
        if payload.get("allowed_mentions") is not None:
            msg.allowed_mentions = payload["allowed_mentions"]
        if payload.get("message_reference"):
            self._attach_reference(msg, payload["message_reference"])
        return msg

    def _attach_reference(self, msg: FakeMessage, reference: dict[str, Any]) -> None:
        """A reply: Discord stores ids as strings and refuses unknown messages unless told not to."""
        ref = {k: str(v) if k.endswith("_id") and v is not None else v for k, v in reference.items()}
        ref.setdefault("channel_id", str(msg.channel.id))
        target = self.messages.get(int(ref.get("message_id") or 0))
        if target is None or target.deleted or str(target.channel.id) != ref["channel_id"]:
            if ref.get("fail_if_not_exists", True):
                errors = limits.FormErrors()
                errors.add(("message_reference",), "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
                raise form_error(errors)
            return
        ref.pop("fail_if_not_exists", None)
        ref.setdefault("type", 0)
        msg.message_reference = ref
        msg.referenced = target
        msg.type = 19

    def _refresh_mentions(self, msg: FakeMessage) -> None:
        msg.mentions = [self.users[u] for u in msg.mentioned_user_ids() if u in self.users]

    async def store_message(self, msg: FakeMessage) -> None:
        """Publish a non-ephemeral message to its channel (and the gateway)."""
        self._refresh_mentions(msg)
        self.messages[msg.id] = msg
        if msg.ephemeral:
            self.changed()
            return
        channel = msg.channel
        self.channel_messages.setdefault(channel.id, []).append(msg)
        channel.last_message_id = msg.id
        if channel.is_thread:
            channel.message_count += 1
            channel.archived = False
        self.changed()
        await self.gateway.dispatch("MESSAGE_CREATE", msg.payload(self.base_url))

    async def edit_message(self, msg: FakeMessage, payload: dict[str, Any], uploads: list[Upload]) -> FakeMessage:
        if "content" in payload:
            msg.content = payload["content"] or ""
            self._refresh_mentions(msg)
        if payload.get("allowed_mentions") is not None:
            msg.allowed_mentions = payload["allowed_mentions"]
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & (limits.FLAG_EPHEMERAL | limits.FLAG_LOADING)
            msg.flags = keep | (int(payload["flags"]) & ~(limits.FLAG_EPHEMERAL | limits.FLAG_LOADING))
        if uploads or "attachments" in payload:
            msg.attachments = self._attachments_for(payload, uploads, msg.attachments)
        msg.flags &= ~limits.FLAG_LOADING
        msg.edited = now_iso()
        msg.edits += 1
        self.changed()
        if not msg.ephemeral:
            await self.gateway.dispatch("MESSAGE_UPDATE", msg.payload(self.base_url))
        return msg

    async def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self.changed()
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            await self.gateway.dispatch("MESSAGE_DELETE", data)

    async def bot_posts(self, channel: FakeChannel, payload: dict[str, Any], uploads: list[Upload]) -> FakeMessage:
        """POST /channels/{id}/messages on behalf of the bot."""
        if channel.is_dm:
            assert channel.recipient is not None
            if channel.recipient.id in self.dms_closed:
                raise ApiError(403, {"message": "Cannot send messages to this user", "code": 50007})
        elif channel.is_thread:
            if channel.locked:
                raise ApiError(403, {"message": "Thread is locked", "code": 160005})
            self.require(channel, VIEW_CHANNEL, SEND_MESSAGES_IN_THREADS)
        else:
            self.require(channel, VIEW_CHANNEL, SEND_MESSAGES)
        if channel.is_group_dm or (channel.guild is not None and not self.bot_in(channel)):
            raise ApiError(403, {"message": "Missing Access", "code": 50001})
        if uploads and channel.guild is not None:
            self.require(channel, ATTACH_FILES)
        if payload.get("embeds") and channel.guild is not None:
            self.require(channel, EMBED_LINKS)
        self.validate_message(payload, uploads, creating=True)
        if payload.get("flags"):
            # Only interaction replies can be ephemeral; Discord ignores the flag elsewhere.
            payload = {**payload, "flags": int(payload["flags"]) & ~limits.FLAG_EPHEMERAL}
        msg = self.build_message(channel, payload, uploads)
        await self.store_message(msg)
        return msg

    async def user_posts(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        errors = limits.validate_message({"content": content}, creating=True, file_count=0)
        if errors:
            raise AssertionError(f"a user could not post this: {errors.summary()}")
        msg = FakeMessage(self.ids.next(), channel, user, content=content)
        await self.store_message(msg)
        return msg

    # -- threads ------------------------------------------------------------------------------

    async def create_thread(
        self, parent: FakeChannel, payload: dict[str, Any], *, from_message: FakeMessage | None = None
    ) -> FakeChannel:
        if parent.guild is None or parent.type != GUILD_TEXT:
            raise ApiError(400, {"message": "Cannot execute action on this channel type", "code": 50024})
        errors = limits.FormErrors()
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        duration = payload.get("auto_archive_duration") or 4320
        if duration not in (60, 1440, 4320, 10080):
            errors.add(("auto_archive_duration",), "BASE_TYPE_CHOICES", "Value must be one of (60, 1440, 4320, 10080).")
        kind = PUBLIC_THREAD if from_message is not None else int(payload.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            errors.add(("type",), "BASE_TYPE_CHOICES", "Value must be one of (11, 12).")
        if errors:
            raise form_error(errors)
        self.require(parent, VIEW_CHANNEL, CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS)
        if from_message is not None and from_message.thread is not None:
            raise ApiError(400, {"message": "A thread has already been created for this message", "code": 160004})
        thread = FakeChannel(
            from_message.id if from_message is not None else self.ids.next(),
            kind,
            name=name,
            guild=parent.guild,
            parent_id=parent.id,
            owner_id=self.bot.id,
            auto_archive_duration=duration,
        )
        thread.member_ids.add(self.bot.id)
        self._add_channel(thread)
        if from_message is not None:
            from_message.thread = thread
        self.changed()
        await self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def delete_channel(self, channel: FakeChannel) -> None:
        """A guild text channel deleted (by a moderator): its threads go with it. Discord sends one
        CHANNEL_DELETE and no THREAD_DELETE for the threads inside."""
        assert channel.guild is not None and not channel.is_thread
        for thread in [t for t in channel.guild.channels if t.is_thread and t.parent_id == channel.id]:
            del self.channels[thread.id]
            channel.guild.channels.remove(thread)
        del self.channels[channel.id]
        channel.guild.channels.remove(channel)
        self.changed()
        await self.gateway.dispatch("CHANNEL_DELETE", channel.payload())

    async def set_thread_state(self, thread: FakeChannel, *, archived: bool | None = None, locked: bool | None = None) -> None:
        """Discord (auto-archive after the idle duration) or a moderator changing a thread."""
        if archived is not None:
            thread.archived = archived
        if locked is not None:
            thread.locked = locked
        self.changed()
        await self.gateway.dispatch("THREAD_UPDATE", thread.payload())

    async def delete_thread(self, thread: FakeChannel) -> None:
        del self.channels[thread.id]
        if thread.guild is not None:
            thread.guild.channels.remove(thread)
        self.changed()
        data = {"id": str(thread.id), "type": thread.type, "parent_id": str(thread.parent_id)}
        if thread.guild is not None:
            data["guild_id"] = str(thread.guild.id)
        await self.gateway.dispatch("THREAD_DELETE", data)

    async def edit_channel(self, channel: FakeChannel, payload: dict[str, Any]) -> FakeChannel:
        if channel.is_thread:
            self._check_thread_edit(channel, payload)
        if payload.get("name"):
            channel.name = payload["name"]
        if channel.is_thread:
            channel.archived = bool(payload.get("archived", channel.archived))
            channel.locked = bool(payload.get("locked", channel.locked))
        self.changed()
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.gateway.dispatch(event, channel.payload())
        return channel

    def _check_thread_edit(self, thread: FakeChannel, payload: dict[str, Any]) -> None:
        """Discord's rules: (un)locking needs Manage Threads; reopening an archived thread needs
        Send Messages in Threads, and Manage Threads if it is locked; renaming needs ownership or
        Manage Threads."""
        manage = self.bot_permissions(thread) & (MANAGE_THREADS | ADMINISTRATOR)
        if "locked" in payload and bool(payload["locked"]) != thread.locked and not manage:
            raise missing_permissions()
        if thread.archived and payload.get("archived") is False:
            if thread.locked and not manage:
                raise missing_permissions()
            self.require(thread, VIEW_CHANNEL, SEND_MESSAGES_IN_THREADS)
        elif thread.archived and not thread.locked and "archived" not in payload:
            raise ApiError(400, {"message": "Thread is archived", "code": 50083})
        if payload.get("name") and thread.owner_id != self.bot.id and not manage:
            raise missing_permissions()

    # -- application commands ---------------------------------------------------------------

    def overwrite_commands(self, guild_id: int | None, body: Any) -> list[dict[str, Any]]:
        errors = limits.validate_command_list(body)
        if errors:
            raise form_error(errors)
        stored = [self._store_command(guild_id, cmd) for cmd in body]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.sync_count += 1
        self.changed()
        return stored

    def upsert_command(self, guild_id: int | None, body: Any) -> dict[str, Any]:
        current = self.global_commands if guild_id is None else self.guild_commands.setdefault(guild_id, [])
        others = [c for c in current if (c.get("type", 1), c["name"]) != (body.get("type", 1), body.get("name"))]
        stored = self.overwrite_commands(guild_id, [*others, body])
        return next(c for c in stored if c["name"] == body.get("name"))

    def _store_command(self, guild_id: int | None, cmd: dict[str, Any]) -> dict[str, Any]:
        key = (guild_id, cmd.get("type", 1), cmd["name"])
        ident = self.command_ids.get(key) or self.ids.next()
        self.command_ids[key] = ident
        stored = {
            "type": 1,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **cmd,
            "id": str(ident),
            "application_id": str(self.application_id),
            "version": str(self.ids.next()),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        else:
            stored.setdefault("contexts", None)
            stored.setdefault("integration_types", [0])
        return stored

    # -- interactions -----------------------------------------------------------------------

    def interaction(self, interaction_id: int | str, token: str) -> FakeInteraction:
        ix = self.interactions.get(int(interaction_id)) if str(interaction_id).isdigit() else None
        if ix is None or ix.token != token:
            raise not_found("interaction", 10062)
        return ix

    def webhook_interaction(self, app_id: str, token: str) -> FakeInteraction:
        ix = self.by_token.get(token)
        if ix is None or app_id != str(self.application_id):
            raise not_found("Webhook", 10015)
        if time.monotonic() - ix.dispatched_at > self.token_lifetime:
            raise ApiError(401, {"message": "Invalid Webhook Token", "code": 50027})
        if not ix.acknowledged:
            raise not_found("Webhook", 10015)
        return ix

    async def callback(self, ix: FakeInteraction, body: dict[str, Any], uploads: list[Upload]) -> dict[str, Any]:
        """POST /interactions/{id}/{token}/callback: single use, within the deadline."""
        if time.monotonic() - ix.dispatched_at > self.interaction_deadline:
            raise not_found("interaction", 10062)
        if ix.acknowledged:
            raise ApiError(400, {"message": "Interaction has already been acknowledged.", "code": 40060})
        kind = body.get("type")
        data = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(ix.type, frozenset()):
            errors = limits.FormErrors()
            errors.add(("type",), "INTERACTION_CALLBACK_TYPE_INVALID",
                       f"Callback type {kind} is not valid for interaction type {ix.type}")
            raise form_error(errors)
        message: FakeMessage | None = None
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            self.require_reply_permissions(ix, data, uploads)
        if kind == CHANNEL_MESSAGE:
            self.validate_message(data, uploads, creating=True)
            message = self._interaction_message(ix, data, uploads)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = (int(data.get("flags") or 0) & limits.FLAG_EPHEMERAL) | limits.FLAG_LOADING
            message = self._interaction_message(ix, {"flags": flags}, [])
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            if ix.source_message is None:
                errors = limits.FormErrors()
                errors.add(("type",), "INTERACTION_CALLBACK_TYPE_INVALID", "No message to update")
                raise form_error(errors)
            if kind == UPDATE_MESSAGE:
                self.validate_message(data, uploads, creating=False)
        elif kind == AUTOCOMPLETE_RESULT:
            option_type = (ix.focused or {}).get("type", limits.OPTION_STRING)
            errors = limits.validate_autocomplete_choices(data.get("choices"), option_type)
            if errors:
                raise form_error(errors)
        elif kind == MODAL:
            errors = limits.validate_modal(data)
            if errors:
                raise form_error(errors)
        # Accepted: from here on the interaction is acknowledged.
        ix.response_type = kind
        ix.response_data = data
        ix.responded_at = time.monotonic()
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            assert message is not None
            ix.original = message
            await self.store_message(message)
        elif kind == UPDATE_MESSAGE:
            assert ix.source_message is not None
            ix.original = ix.source_message
            await self.edit_message(ix.source_message, data, uploads)
        elif kind == DEFERRED_UPDATE:
            ix.original = ix.source_message
        elif kind == AUTOCOMPLETE_RESULT:
            ix.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            ix.modal = data
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL):
            ix.replied_at = ix.responded_at
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                ix.reply_message = ix.original
        self.changed()
        return self._callback_response(ix, kind)

    def _callback_response(self, ix: FakeInteraction, kind: int) -> dict[str, Any]:
        info: dict[str, Any] = {"id": str(ix.id), "type": ix.type}
        resource: dict[str, Any] = {"type": kind}
        if ix.original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            info["response_message_id"] = str(ix.original.id)
            info["response_message_loading"] = ix.original.loading
            info["response_message_ephemeral"] = ix.original.ephemeral
            resource["message"] = ix.original.payload(self.base_url)
        return {"interaction": info, "resource": resource}

    def _interaction_message(self, ix: FakeInteraction, data: dict[str, Any], uploads: list[Upload]) -> FakeMessage:
        metadata: dict[str, Any] = {
            "id": str(ix.id),
            "type": ix.type,
            "user": ix.user.payload(),
            "authorizing_integration_owners": ix.payload.get("authorizing_integration_owners", {}),
        }
        if ix.type == APPLICATION_COMMAND:
            metadata["name"] = ix.name
            metadata["command_type"] = 1
        if ix.source_message is not None:
            metadata["interacted_message_id"] = str(ix.source_message.id)
        if self.forced_ephemeral(ix.user, ix.channel):
            data = {**data, "flags": int(data.get("flags") or 0) | limits.FLAG_EPHEMERAL}
        return self.build_message(
            ix.channel,
            data,
            uploads,
            webhook_id=self.application_id,
            application_id=self.application_id,
            interaction_metadata=metadata,
            type=20 if ix.type == APPLICATION_COMMAND else 0,
        )

    async def followup(self, ix: FakeInteraction, body: dict[str, Any], uploads: list[Upload]) -> FakeMessage:
        """POST /webhooks/{app}/{token}. After a deferred reply, the first followup fills in the
        "thinking" message (keeping its ephemerality), as Discord does; once that message was
        deleted, a followup is a new message with its own flags."""
        self.validate_message(body, uploads, creating=True)
        self.require_reply_permissions(ix, body, uploads)
        original = ix.original
        if ix.response_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading and not original.deleted:
            await self.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, uploads)
            msg = original
        else:
            msg = self._interaction_message(ix, body, uploads)
            msg.type = 0
            if msg.interaction_metadata is not None and original is not None:
                msg.interaction_metadata["original_response_message_id"] = str(original.id)
            await self.store_message(msg)
            ix.followups.append(msg)
        self._mark_replied(ix, msg)
        self.changed()
        return msg

    @staticmethod
    def _mark_replied(ix: FakeInteraction, msg: FakeMessage) -> None:
        if ix.replied_at is None:
            ix.replied_at = time.monotonic()
            ix.reply_message = msg

    def interaction_message(self, ix: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            msg = ix.original
        else:
            msg = next((m for m in [ix.original, *ix.followups] if m is not None and str(m.id) == message_id), None)
        if msg is None or msg.deleted:
            raise not_found("Message", 10008)
        return msg

    async def edit_interaction_message(
        self, ix: FakeInteraction, msg: FakeMessage, body: dict[str, Any], uploads: list[Upload]
    ) -> FakeMessage:
        self.validate_message(body, uploads, creating=False)
        self.require_reply_permissions(ix, body, uploads)
        await self.edit_message(msg, body, uploads)
        self._mark_replied(ix, msg)
        self.changed()
        return msg
