"""Interactions as the fake dispatched them, and everything the bot answered to them.

A :class:`FakeInteraction` is what the driver hands back to a test: it records the callback
(``response_type``, ``elapsed``), the messages it produced (``original``, ``followups``), the
autocomplete ``choices`` and the requests Discord would have refused (``rejections``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .world import World

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

# Which callback types Discord accepts for which interaction type.
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL}),
    MESSAGE_COMPONENT: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL}),
    AUTOCOMPLETE: frozenset({AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE}),
}


class DriverError(AssertionError):
    """The test asked for something a Discord user could not do (unknown command, disabled button...)."""


class CommandRefused(DriverError):
    """Discord's client refuses the action there (e.g. a command in an archived or locked thread)."""


class InteractionFailed(AssertionError):
    """The bot did not answer in time, or Discord would have refused its answer."""

    def __init__(self, message: str, interaction: FakeInteraction | None = None) -> None:
        super().__init__(message)
        self.interaction = interaction


@dataclass
class Rejection:
    """A request the fake refused the way Discord would (kept for assertions and for diagnosis)."""

    method: str
    path: str
    status: int
    body: dict[str, Any]
    interaction_id: int | None = None

    @property
    def code(self) -> int:
        return int(self.body.get("code", 0))

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} {self.body}"


@dataclass(eq=False)
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    world: World
    payload: dict[str, Any]
    name: str  # command path ("game new"), or the custom_id of a component/modal
    locale: str
    focused: dict[str, Any] | None = None  # the focused option definition, for autocomplete
    source_message: FakeMessage | None = None  # the message whose component was used
    dispatched_at: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    responded_at: float | None = None
    replied_at: float | None = None  # first time a user could read an answer
    reply_message: FakeMessage | None = None  # the message that carried that answer
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    rejections: list[Rejection] = field(default_factory=list)

    @property
    def guild(self) -> FakeGuild | None:
        return self.channel.guild

    # -- state ------------------------------------------------------------------------------

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def elapsed(self) -> float | None:
        """Seconds from dispatch to the initial callback (what the 3 s deadline measures)."""
        return None if self.responded_at is None else self.responded_at - self.dispatched_at

    @property
    def reply_elapsed(self) -> float | None:
        """Seconds from dispatch to the first content the user could read (after a defer: the edit
        or followup)."""
        return None if self.replied_at is None else self.replied_at - self.dispatched_at

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (unless it only updated another message) then the followups."""
        first = [self.original] if self.original is not None and self.response_type in (4, 5) else []
        return [m for m in [*first, *self.followups] if not m.deleted]

    @property
    def message(self) -> FakeMessage | None:
        """The message that carried the first readable answer: the reply (type 4), the updated
        message (7), or — after a defer (5, 6) — the edited original or the first followup.
        ``None`` while nothing readable was produced."""
        if self.reply_message is None or self.reply_message.deleted:
            return None
        return self.reply_message

    @property
    def content(self) -> str | None:
        msg = self.message
        return None if msg is None else msg.content

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        if msg is not None:
            return msg.ephemeral
        return bool(self.original is not None and self.original.ephemeral)

    @property
    def files(self) -> list[FakeAttachment]:
        msg = self.message
        return [] if msg is None else list(msg.attachments)

    @property
    def components(self) -> list[dict[str, Any]]:
        msg = self.message
        return [] if msg is None else msg.components

    @property
    def embeds(self) -> list[dict[str, Any]]:
        msg = self.message
        return [] if msg is None else msg.embeds

    def custom_ids(self) -> list[str]:
        msg = self.message
        return [] if msg is None else msg.custom_ids()

    # -- waiting ------------------------------------------------------------------------------

    async def response(self, timeout: float | None = None) -> FakeInteraction:
        """Wait for the initial callback; raise :class:`InteractionFailed` like Discord's "The
        application did not respond" when none was accepted before the deadline."""
        deadline = self.world.interaction_deadline
        wait = timeout if timeout is not None else max(0.0, deadline - (time.monotonic() - self.dispatched_at)) + 0.5
        await self.world.wait_until(lambda: self.acknowledged or self._expired(), wait)
        if not self.acknowledged:
            raise InteractionFailed(f"interaction {self.name!r} got no valid response: {self.diagnosis()}", self)
        return self

    async def reply(self, timeout: float = 5.0) -> FakeMessage:
        """Wait until the user can read an answer (after a defer: its edit or first followup)."""
        await self.response()
        await self.world.wait_until(lambda: self.reply_message is not None, timeout)
        msg = self.message
        if msg is None:
            raise InteractionFailed(f"interaction {self.name!r} was deferred but never answered: "
                                    f"{self.diagnosis()}", self)
        return msg

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        await self.world.wait_until(lambda: len(self.followups) >= count, timeout)
        if len(self.followups) < count:
            raise InteractionFailed(
                f"interaction {self.name!r}: {len(self.followups)} followups, wanted {count}: {self.diagnosis()}", self
            )
        return list(self.followups)

    def _expired(self) -> bool:
        return time.monotonic() - self.dispatched_at > self.world.interaction_deadline + 0.25

    def diagnosis(self) -> str:
        parts = [f"elapsed={self.elapsed}", f"response_type={self.response_type}"]
        if self.rejections:
            parts.append("rejected: " + "; ".join(str(r) for r in self.rejections))
        return ", ".join(parts)

    def __repr__(self) -> str:
        return (f"<FakeInteraction {self.name!r} type={self.type} response={self.response_type} "
                f"elapsed={self.elapsed}>")
