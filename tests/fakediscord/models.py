"""The fake's world (users, guilds, channels, messages) and the JSON payloads Discord builds from it.

Payloads carry every key discord.py reads without a default (``member.flags``, ``thread_metadata``,
``attachment.proxy_url``...), so the real client parses them as it parses Discord's.
"""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from . import limits

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
USE_EXTERNAL_APPS = 1 << 50
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
    | READ_MESSAGE_HISTORY | USE_EXTERNAL_EMOJIS | CHANGE_NICKNAME | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS | USE_EXTERNAL_APPS
)
BOT_DEFAULT = (
    VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | CREATE_PUBLIC_THREADS | EMBED_LINKS
    | ATTACH_FILES | READ_MESSAGE_HISTORY | ADD_REACTIONS | USE_EXTERNAL_EMOJIS
)
# What an app may do in a DM with a user (Discord reports a fixed set there).
DM_APP_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS
)
# What a user-installed app may put in an interaction reply where its bot is not a member (a
# server without the bot, a group DM): Discord reports these bits of the channel's @everyone.
USER_APP_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | USE_EXTERNAL_EMOJIS

GUILD_TEXT = 0
DM = 1
GROUP_DM = 3
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)


_USER_MENTION = re.compile(r"<@!?(\d+)>")


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Time-ordered ids, so ``created_at`` looks right and ids sort like Discord's."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._counter) % 4096)
        self._last = max(value, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, count: int) -> int:
        """A later id whose guild would live on gateway shard ``shard`` of ``count``
        (``(id >> 22) % count``: the id's millisecond, moved forward to the next fitting one)."""
        value = self.next()
        ms = value >> 22
        ms += (shard - ms) % count
        self._last = max((ms << 22) | (value & ((1 << 22) - 1)), self._last)
        return self._last


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name or self.name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def me_payload(self) -> dict[str, Any]:
        return {**self.payload(), "verified": True, "mfa_enabled": False, "locale": self.locale,
                "bot": self.bot}


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=now_iso)

    @property
    def permissions(self) -> int:
        return self.guild.permissions_of(self)

    def payload(self, *, with_user: bool = True, permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild: FakeGuild | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created: str = field(default_factory=now_iso)
    message_count: int = 0
    last_message_id: int | None = None
    member_ids: set[int] = field(default_factory=set)
    recipients: list[FakeUser] = field(default_factory=list)  # a group DM's members
    # Permission overwrites: target id -> (type 0 role / 1 member, allow bits, deny bits).
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_group_dm(self) -> bool:
        return self.type == GROUP_DM

    def payload(self) -> dict[str, Any]:
        last = str(self.last_message_id) if self.last_message_id else None
        if self.type == DM:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "last_message_id": last, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        if self.type == GROUP_DM:
            return {"id": str(self.id), "type": GROUP_DM, "last_message_id": last, "flags": 0, "name": self.name,
                    "icon": None, "owner_id": str(self.owner_id), "recipients": [u.payload() for u in self.recipients]}
        assert self.guild is not None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                parent_id=str(self.parent_id),
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=max(1, len(self.member_ids)),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created,
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": self.created,
                },
            )
        else:
            data.update(
                position=self.position,
                parent_id=None,
                topic=self.topic,
                nsfw=False,
                permission_overwrites=[
                    {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}
                    for target, (kind, allow, deny) in self.overwrites.items()
                ],
                default_auto_archive_duration=1440,
                default_thread_rate_limit_per_user=0,
            )
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    locale: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: list[FakeChannel] = field(default_factory=list)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def has_bot(self, bot_id: int) -> bool:
        """Whether the bot is a member (a guild install); else the app is at most user-installed."""
        return bot_id in self.members

    def permissions_of(self, member: FakeMember) -> int:
        """Guild-level permissions: @everyone and the member's roles; owner and admins get all."""
        if member.user.id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        for role_id in member.roles:
            role = self.roles.get(role_id)
            if role is not None:
                value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def permissions_in(self, member: FakeMember, channel: FakeChannel) -> int:
        """Discord's algorithm: base permissions, then the channel's @everyone, role and member
        overwrites in that order (a thread uses its parent's overwrites)."""
        base = self.permissions_of(member)
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        source = channel
        if channel.is_thread:
            source = next((c for c in self.channels if c.id == channel.parent_id), channel)
        overwrites = source.overwrites
        if self.id in overwrites:
            _, allow, deny = overwrites[self.id]
            base = (base & ~deny) | allow
        role_allow = role_deny = 0
        for role_id in member.roles:
            if role_id in overwrites and overwrites[role_id][0] == 0:
                role_allow |= overwrites[role_id][1]
                role_deny |= overwrites[role_id][2]
        base = (base & ~role_deny) | role_allow
        if member.user.id in overwrites:
            _, allow, deny = overwrites[member.user.id]
            base = (base & ~deny) | allow
        return base

    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels if c.is_thread]

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def create_payload(self, bot_id: int, *, all_members: bool) -> dict[str, Any]:
        """GUILD_CREATE: the guild plus channels, threads and members (only the bot itself without
        the GUILD_MEMBERS intent, as Discord does)."""
        data = self.payload()
        members = [m for m in self.members.values() if all_members or m.user.id == bot_id]
        data.update(
            unavailable=False,
            large=False,
            member_count=len(self.members),
            joined_at=now_iso(),
            members=[m.payload() for m in members],
            channels=[c.payload() for c in self.channels if not c.is_thread],
            threads=[c.payload() for c in self.channels if c.is_thread and not c.archived],
            voice_states=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
        return data


@dataclass(eq=False)
class FakeAttachment:
    """A file as the bot uploaded it: ``data`` holds the exact bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    uploaded_at: float = field(default_factory=time.monotonic)
    """When the fake received the file (``time.monotonic``): what "time to the image" measures."""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type or guess_content_type(self.filename),
        }
        if self.description:
            data["description"] = self.description
        return data


def guess_content_type(filename: str) -> str:
    lower = filename.lower()
    for suffix, kind in ((".png", "image/png"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"),
                         (".gif", "image/gif"), (".webp", "image/webp"), (".txt", "text/plain; charset=utf-8"),
                         (".json", "application/json; charset=utf-8")):
        if lower.endswith(suffix):
            return kind
    return "application/octet-stream"


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake stores it. ``content``, ``components`` and ``attachments`` are what a
    user would see; ``ephemeral`` messages belong to one interaction and never reach a channel."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created: str = field(default_factory=now_iso)
    edited: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    thread: FakeChannel | None = None
    deleted: bool = False
    pinned: bool = False
    edits: int = 0
    allowed_mentions: dict[str, Any] | None = None
    mentions: list[FakeUser] = field(default_factory=list)  # known users mentioned in the content
    referenced: FakeMessage | None = None  # the message this one replies to

    def mentioned_user_ids(self) -> list[int]:
        """Users written as ``<@id>`` in the content, in order, without repeats."""
        seen: list[int] = []
        for match in _USER_MENTION.finditer(self.content):
            ident = int(match.group(1))
            if ident not in seen:
                seen.append(ident)
        return seen

    def pinged_user_ids(self) -> list[int]:
        """The mentioned users Discord would notify, after ``allowed_mentions``."""
        mentioned = self.mentioned_user_ids()
        rules = self.allowed_mentions
        if rules is None:
            return mentioned
        if isinstance(rules.get("users"), list):
            allowed = {int(u) for u in rules["users"]}
            return [u for u in mentioned if u in allowed]
        return mentioned if "users" in (rules.get("parse") or []) else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & limits.FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & limits.FLAG_LOADING)

    @property
    def files(self) -> list[FakeAttachment]:
        return self.attachments

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component at any depth (rows, sections, containers), depth first."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for comp in items:
                found.append(comp)
                walk(comp.get("components") or [])
                if isinstance(comp.get("accessory"), dict):
                    walk([comp["accessory"]])

        walk(self.components)
        return found

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.iter_components() if c.get("custom_id") == custom_id), None)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label (raises ``KeyError`` listing the labels present)."""
        for comp in self.buttons():
            if comp.get("label") == label:
                return comp
        raise KeyError(f"no button labelled {label!r}; labels: {[b.get('label') for b in self.buttons()]}")

    def payload(self, base_url: str, *, with_reference: bool = True) -> dict[str, Any]:
        channel = self.channel
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "timestamp": self.created,
            "edited_timestamp": self.edited,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.payload(base_url, channel.id) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": self.pinned,
            "flags": self.flags,
            "reactions": [],
        }
        if channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
            member = channel.guild.members.get(self.author.id)
            if member is not None and self.webhook_id is None:
                data["member"] = member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
            if with_reference and self.referenced is not None:
                data["referenced_message"] = self.referenced.payload(base_url, with_reference=False)
        if self.thread is not None:
            data["thread"] = self.thread.payload()
        return data
