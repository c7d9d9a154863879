"""Where an interaction happens and what the bot may do there: the app's reach.

Discord sends, with every interaction, the permissions the app holds in its channel
(``app_permissions``), who installed it (``authorizing_integration_owners``) and the context (a
server, the bot's DM, a group DM). Flows use this to degrade gracefully instead of failing: no
thread where none may be made, a text board where no image may be attached, and a note when a
server forces the replies of a user-installed app to be private.

``guarded`` binds the reach of the interaction being handled (a context variable, so the post
builders in ``posting`` need no extra argument); outside an interaction everything is allowed.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from dataclasses import dataclass

import discord

RECOMMENDED = ("create_public_threads", "send_messages_in_threads", "attach_files", "embed_links")
"""Channel permissions the host is told about when the bot lacks them (README: bot permissions)."""


@dataclass(frozen=True)
class Reach:
    bot_present: bool = True
    """The bot itself is there: a server that installed the app, or the bot's own DM."""
    shared_dm: bool = False
    """A group DM, or a DM between two users (not the bot's own DM), reached through one
    member's user install: a place for a multi-player lobby, without the bot."""
    in_guild: bool = False
    attach: bool = True
    """Replies may carry files (the board image)."""
    threads: bool = True
    """The bot may open a public thread here and post in it."""
    forced_private: bool = False
    """A user-installed app in a server that turned "Use External Apps" off: every reply is
    shown to the caller only, whatever the bot asks."""
    missing: tuple[str, ...] = ()
    """Recommended permissions the bot lacks here (only where the bot is a member)."""


FULL = Reach()
_current: contextvars.ContextVar[Reach] = contextvars.ContextVar("postern_reach", default=FULL)


def of(interaction: discord.Interaction) -> Reach:
    """The reach of one interaction, from what Discord sent with it."""
    perms = interaction.app_permissions
    in_guild = interaction.guild_id is not None
    shared_dm = not in_guild and _is_shared_dm(interaction)
    bot_present = interaction.is_guild_integration() if in_guild else not shared_dm
    caller_perms = interaction.permissions
    forced = in_guild and not bot_present and not caller_perms.use_external_apps
    missing = tuple(p for p in RECOMMENDED if not getattr(perms, p)) if in_guild and bot_present else ()
    return Reach(
        bot_present=bot_present,
        shared_dm=shared_dm,
        in_guild=in_guild,
        attach=perms.attach_files or perms.administrator,
        threads=in_guild and bot_present and perms.create_public_threads and perms.send_messages_in_threads,
        forced_private=forced,
        missing=missing,
    )


def _is_shared_dm(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    if channel is not None and getattr(channel, "type", None) == discord.ChannelType.group:
        return True
    return bool(interaction.context.private_channel)


def bind(interaction: discord.Interaction) -> contextvars.Token[Reach]:
    return _current.set(of(interaction))


def unbind(token: contextvars.Token[Reach]) -> None:
    _current.reset(token)


@contextlib.contextmanager
def unrestricted() -> Iterator[None]:
    """For a post to another channel than the interaction's (e.g. the caller's DM)."""
    token = _current.set(FULL)
    try:
        yield
    finally:
        _current.reset(token)


@contextlib.contextmanager
def text_only() -> Iterator[None]:
    """For a post outside an interaction to a channel that refused a file: a text board instead."""
    token = _current.set(Reach(attach=False))
    try:
        yield
    finally:
        _current.reset(token)


def current() -> Reach:
    """The reach of the interaction being handled (everything allowed outside one)."""
    return _current.get()
