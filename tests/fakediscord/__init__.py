"""An offline fake of Discord (REST v10 + gateway) for end-to-end tests of discord.py bots.

See :mod:`tests.fakediscord.driver` for how to use it.
"""

from . import limits
from .driver import FakeDiscord
from .interactions import CommandRefused, DriverError, FakeInteraction, InteractionFailed, Rejection
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser

__all__ = [
    "CommandRefused",
    "DriverError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionFailed",
    "Rejection",
    "limits",
]
