"""Interaction payloads as the Discord client builds them when a user acts.

The driver (``driver.py``) decides *what* a user does; this module turns it into the exact
``INTERACTION_CREATE`` body: the synced command resolved the way the client offers it, option
values typed and checked, ``resolved`` entities, member/user, channel, locales and permissions.
Anything a real user could not do raises :class:`DriverError`.
"""

from __future__ import annotations

import secrets
from typing import Any

from . import limits
from .interactions import CommandRefused, DriverError, FakeInteraction
from .models import (
    ADMINISTRATOR,
    MANAGE_THREADS,
    VIEW_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .world import World


class InteractionBuilder:
    """Builds interaction payloads against one :class:`World` (and registers the interaction)."""

    def __init__(self, world: World) -> None:
        self.world = world

    def require_member(self, user: FakeUser, channel: FakeChannel, *bits: int) -> None:
        if channel.is_group_dm:
            if user not in channel.recipients:
                raise DriverError(f"{user.name} is not in the group DM {channel.name or channel.id}")
            return
        if channel.guild is None:
            if channel.recipient is not user:
                raise DriverError(f"{user.name} cannot use the DM channel of {channel.recipient}")
            return
        member = channel.guild.members.get(user.id)
        if member is None:
            raise DriverError(f"{user.name} is not a member of {channel.guild.name}")
        perms = channel.guild.permissions_in(member, channel)
        for bit in (VIEW_CHANNEL, *bits):
            if not perms & bit and not perms & ADMINISTRATOR:
                raise DriverError(f"{user.name} lacks permission bit {bit} in {channel.name}")
        if channel.is_thread and not perms & (MANAGE_THREADS | ADMINISTRATOR):
            if channel.locked:
                raise CommandRefused(f"{channel.name} is locked: only moderators may act there")
            if channel.archived:
                raise CommandRefused(f"{channel.name} is archived: Discord refuses application commands there")

    def user_installed_only(self, channel: FakeChannel) -> bool:
        """Where the bot is absent (a server without it, a group DM): only a user install works."""
        return not self.world.bot_in(channel)

    @staticmethod
    def context_of(channel: FakeChannel) -> int:
        """Discord's interaction context: 0 guild, 1 the bot's DM, 2 another private channel."""
        if channel.guild is not None:
            return 0
        return 2 if channel.is_group_dm else 1

    def resolve_command(
        self, user: FakeUser, channel: FakeChannel, path: str
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """The synced command, the subcommand chain and the leaf's option definitions, as far as the
        user's Discord client would offer them here."""
        parts = path.strip().lstrip("/").split()
        if not parts:
            raise DriverError("empty command")
        world = self.world
        user_only = self.user_installed_only(channel)
        if user_only and user.id not in world.user_installs:
            raise DriverError(f"{user.name} has not installed the app, and its bot is not in {channel.name or channel.id}")
        candidates = []
        if channel.guild is not None and not user_only:
            candidates += world.guild_commands.get(channel.guild.id, [])
        candidates += world.global_commands
        cmd = next((c for c in candidates if c.get("type", 1) == 1 and c["name"] == parts[0]), None)
        if cmd is None:
            names = sorted({c["name"] for c in candidates})
            raise DriverError(f"/{parts[0]} is not synced for this channel (available: {names})")
        context = self.context_of(channel)
        if user_only and 1 not in (cmd.get("integration_types") or [0]):
            raise DriverError(f"/{parts[0]} is not a user-installable command (integration_types={cmd.get('integration_types')})")
        contexts = cmd.get("contexts")
        if "guild_id" in cmd and context != 0:
            raise DriverError(f"/{parts[0]} is a guild command; it is not offered in DMs")
        if contexts is not None and context not in contexts:
            raise DriverError(f"/{parts[0]} is not offered in context {context} (contexts={contexts})")
        if contexts is None and context == 1 and cmd.get("dm_permission") is False:
            raise DriverError(f"/{parts[0]} has dm_permission false")
        required = cmd.get("default_member_permissions")
        if required is not None and channel.guild is not None and not user_only:
            perms = channel.guild.members[user.id].permissions
            if int(required) & ~perms and not perms & ADMINISTRATOR:
                raise DriverError(f"{user.name} lacks {required} for /{parts[0]}")
        chain: list[dict[str, Any]] = []
        node = cmd
        for part in parts[1:]:
            sub = next((o for o in node.get("options") or [] if o.get("type") in (1, 2) and o["name"] == part), None)
            if sub is None:
                raise DriverError(f"/{' '.join(parts)}: no subcommand {part!r}")
            chain.append(sub)
            node = sub
        leaf = node.get("options") or []
        if any(o.get("type") in (1, 2) for o in leaf):
            subs = [o["name"] for o in leaf]
            raise DriverError(f"/{' '.join(parts)} needs a subcommand: {subs}")
        return cmd, chain, leaf

    def build_options(
        self,
        definitions: list[dict[str, Any]],
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
        *,
        focused: str | None,
    ) -> list[dict[str, Any]]:
        known = {d["name"] for d in definitions}
        unknown = set(given) - known
        if unknown:
            raise DriverError(f"unknown options {sorted(unknown)}; the command has {sorted(known)}")
        result: list[dict[str, Any]] = []
        for definition in definitions:
            name = definition["name"]
            if name not in given:
                if definition.get("required") and focused is None:
                    raise DriverError(f"option {name!r} is required")
                continue
            option: dict[str, Any] = {"name": name, "type": definition["type"]}
            if name == focused:
                option["value"] = str(given[name])
                option["focused"] = True
            else:
                option["value"] = self.option_value(definition, given[name], resolved, channel, lenient=bool(focused))
            result.append(option)
        return result

    def option_value(
        self, definition: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]],
        channel: FakeChannel, *, lenient: bool,
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        if kind in (3, 4, 10):
            if kind == 3:
                value = str(value)
                low, high = definition.get("min_length", 0), definition.get("max_length", limits.OPTION_LENGTH_MAX)
                if not lenient and not low <= len(value) <= high:
                    raise DriverError(f"option {name!r} takes {low}..{high} characters")
            else:
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise DriverError(f"option {name!r} takes a number, not {value!r}")
                if kind == 4 and not isinstance(value, int):
                    raise DriverError(f"option {name!r} takes an integer, not {value!r}")
                low, high = definition.get("min_value"), definition.get("max_value")
                if not lenient and ((low is not None and value < low) or (high is not None and value > high)):
                    raise DriverError(f"option {name!r} takes {low}..{high}, not {value!r}")
            choices = definition.get("choices")
            if choices and not lenient and value not in [c["value"] for c in choices]:
                raise DriverError(f"option {name!r} offers {[c['value'] for c in choices]}, not {value!r}")
            return value
        if kind == 5:
            return bool(value)
        if kind == 11:
            return self.attachment_option(value, resolved, channel)
        return self.resolve_entity(value, resolved, channel)

    def attachment_option(self, value: Any, resolved: dict[str, dict[str, Any]], channel: FakeChannel) -> str:
        if isinstance(value, FakeAttachment):
            attachment = value
        else:
            filename, data = value
            attachment = FakeAttachment(self.world.ids.next(), filename, bytes(data))
        self.world.extra_attachments[attachment.id] = attachment
        resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload(self.world.base_url, channel.id)
        return str(attachment.id)

    def resolve_entity(self, value: Any, resolved: dict[str, dict[str, Any]], channel: FakeChannel) -> str:
        guild = channel.guild
        if isinstance(value, FakeMember):
            value = value.user
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = guild.members.get(value.id) if guild is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = member.payload(with_user=False, permissions=True)
            return str(value.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str(self.world.bot_permissions(value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        raise DriverError(f"cannot use {value!r} as a user, role or channel")

    def command_data(
        self, cmd: dict[str, Any], chain: list[dict[str, Any]], values: list[dict[str, Any]],
        resolved: dict[str, dict[str, Any]],
    ) -> dict[str, Any]:
        options = values
        for sub in reversed(chain):
            options = [{"name": sub["name"], "type": sub["type"], "options": options}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": options}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data

    def component(self, user: FakeUser, message: FakeMessage, custom_id: str | None) -> dict[str, Any]:
        world = self.world
        current = world.messages.get(message.id, message)
        if current.deleted:
            raise DriverError(f"message {message.id} was deleted")
        if current.ephemeral:
            owner = (current.interaction_metadata or {}).get("user", {}).get("id")
            if owner != str(user.id):
                raise DriverError(f"{user.name} cannot see the ephemeral message {message.id}")
        else:
            self.require_member(user, current.channel)
        comp = current.component(str(custom_id))
        if comp is None:
            raise DriverError(f"message {message.id} has no component {custom_id!r}; it has {current.custom_ids()}")
        if comp.get("disabled"):
            raise DriverError(f"component {custom_id!r} is disabled")
        return comp

    def new_interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        name: str,
        locale: str | None,
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        world = self.world
        ident = world.ids.next()
        token = f"aW50ZXJhY3Rpb24.{ident}.{secrets.token_urlsafe(24)}"
        locale = locale or user.locale
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(ident),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale,
            "app_permissions": str(world.app_permissions(channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": (
                {"1": str(user.id)} if self.user_installed_only(channel)
                else {"0": str(guild.id) if guild is not None else "0"}
            ),
            "context": self.context_of(channel),
            "attachment_size_limit": world.attachment_size_limit,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        if guild is not None:
            member = guild.members[user.id]
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["member"] = member.payload(permissions=True)
            channel_permissions = str(guild.permissions_in(member, channel))
            payload["member"]["permissions"] = channel_permissions
            payload["channel"]["permissions"] = channel_permissions
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = world.messages.get(message.id, message).payload(world.base_url)
        ix = FakeInteraction(
            id=ident, token=token, type=kind, user=user, channel=channel, world=world, payload=payload,
            name=name, locale=locale, source_message=world.messages.get(message.id, message) if message else None,
        )
        world.interactions[ident] = ix
        world.by_token[token] = ix
        return ix
