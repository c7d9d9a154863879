"""Buttons and select menus that survive restarts.

Each is a ``DynamicItem``: its ``custom_id`` carries the game id (and, for moves, the stamp of
the position it was drawn for, ``table.stamps``; older posts carry the game's version there), so
after a restart discord.py rebuilds it from the id alone, and a click on an outdated one is
refused politely instead of acting on a newer position.

Imports point one way (client → commands → flows → posting → components): this module knows
nothing above it. A click reaches the flows through ``Handlers``, which the client provides
(``PosternBot.component_handlers``, the flows module itself), so the items never import them.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol, Self

import discord


class Handlers(Protocol):
    """What a click may ask for: the flows these items call, as the client provides them."""

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def hand(
        self,
        interaction: discord.Interaction,
        game_id: int | None = None,
        page: int = 0,
        edit: bool = False,
        part: int | None = None,
        version: int | None = None,
    ) -> None: ...

    async def since(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def quick_move(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None: ...

    async def add_bot(
        self, interaction: discord.Interaction, level: str | None, game_id: int | None = None, version: int | None = None
    ) -> None: ...

    async def vote(self, interaction: discord.Interaction, game_id: int, seat: int, turn: int, choice: str) -> None: ...

    async def move(
        self,
        interaction: discord.Interaction,
        action: str,
        expected_version: int | None = None,
        game_id: int | None = None,
    ) -> None: ...


def handlers(interaction: discord.Interaction) -> Handlers:
    """The flows behind the client that received ``interaction``."""
    found = getattr(interaction.client, "component_handlers", None)
    if found is None:
        raise RuntimeError("the client provides no component handlers")
    return found  # type: ignore[no-any-return]

PAGE_SIZE = 24
"""Moves per select page: Discord allows 25 options; the 25th is "more…" when needed."""


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"postern:(?P<kind>join|start|hand|since):(?P<gid>\d+)"):
    """Buttons that need only the game id: Join, Start, My hand and Since my turn (one class)."""

    STYLES = {
        "join": discord.ButtonStyle.primary,
        "start": discord.ButtonStyle.success,
        "hand": discord.ButtonStyle.secondary,
        "since": discord.ButtonStyle.secondary,
    }

    def __init__(self, kind: str, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=self.STYLES[kind], custom_id=f"postern:{kind}:{game_id}")
        )
        self.kind, self.game_id = kind, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> GameButton:
        return cls(match["kind"], int(match["gid"]), label=str(getattr(item, "label", "") or match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = handlers(interaction)
        flow = {"join": flows.join, "start": flows.start, "hand": flows.hand, "since": flows.since}[self.kind]
        await flow(interaction, game_id=self.game_id)


def join_button(game_id: int, label: str = "Join") -> GameButton:
    return GameButton("join", game_id, label)


def start_button(game_id: int, label: str = "Start") -> GameButton:
    return GameButton("start", game_id, label)


def hand_button(game_id: int, label: str = "My hand") -> GameButton:
    return GameButton("hand", game_id, label)


def since_button(game_id: int, label: str = "Since my turn") -> GameButton:
    return GameButton("since", game_id, label)


class BotButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"postern:addbot:(?P<gid>\d+):(?:v(?P<ver>\d+):)?(?P<level>[a-z]{1,16})",
):
    """*Add bot* in a lobby, one button per level (the host's; the table refuses anyone else).

    It carries the lobby's version, so a double click seats one bot, not two (the second click
    meets a newer lobby and is refused as stale; the updated post has fresh buttons). Buttons of
    posts made before versions were added still work, unguarded."""

    def __init__(self, game_id: int, level: str, label: str = "", version: int | None = None) -> None:
        mark = "" if version is None else f"v{version}:"
        super().__init__(
            discord.ui.Button(
                label=label or level, style=discord.ButtonStyle.secondary,
                custom_id=f"postern:addbot:{game_id}:{mark}{level}",
            )
        )
        self.game_id, self.level, self.version = game_id, level, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> BotButton:
        version = int(match["ver"]) if match["ver"] else None
        return cls(int(match["gid"]), match["level"], label=str(getattr(item, "label", "") or match["level"]), version=version)

    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).add_bot(interaction, self.level, game_id=self.game_id, version=self.version)


def bot_button(game_id: int, level: str, label: str, version: int | None = None) -> BotButton:
    return BotButton(game_id, level, label, version)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"postern:(?P<kind>act|slice):(?P<gid>\d+):(?P<ver>\d+):(?P<idx>\d+)",
):
    """A button for the player to act, drawn for one position (a click after it changed is refused).

    ``act``: the frequent decision, by its index among ``Game.quick_actions``.
    ``slice``: opens the player's picker narrowed to one slice of ``Game.split_moves`` (e.g. a die).
    """

    STYLES = {"act": discord.ButtonStyle.primary, "slice": discord.ButtonStyle.secondary}

    def __init__(self, kind: str, game_id: int, version: int, index: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Move",
                style=self.STYLES[kind],
                custom_id=f"postern:{kind}:{game_id}:{version}:{index}",
            )
        )
        self.kind, self.game_id, self.version, self.index = kind, game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> MoveButton:
        return cls(match["kind"], int(match["gid"]), int(match["ver"]), int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = handlers(interaction)
        if self.kind == "act":
            await flows.quick_move(interaction, self.game_id, self.version, self.index)
        else:
            await flows.hand(interaction, game_id=self.game_id, part=self.index, version=self.version)


def act_button(game_id: int, version: int, index: int, label: str) -> MoveButton:
    return MoveButton("act", game_id, version, index, label)


def slice_button(game_id: int, version: int, index: int, label: str) -> MoveButton:
    return MoveButton("slice", game_id, version, index, label)


class _ListMenu:
    """What both menus of a move list share (mixed into a ``DynamicItem``): the custom_id naming
    the game, the stamp it was drawn for, the page and the slice, and reading them back.

    ``KIND`` is the custom_id's word (``pick``: the moves; ``jump``: the pages); ``EMPTY`` the value
    of the lone placeholder option of a menu built without options."""

    KIND: ClassVar[str]
    EMPTY: ClassVar[str]

    def __init__(
        self,
        game_id: int,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        part: int | None = None,
    ) -> None:
        suffix = "" if part is None else f":{part}"
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"postern:{self.KIND}:{game_id}:{version}:{page}{suffix}",
            options=options or [discord.SelectOption(label="…", value=self.EMPTY)],
            placeholder=placeholder[:150] or None,
            min_values=1,
            max_values=1,
        )
        super().__init__(menu)  # type: ignore[call-arg]  # the DynamicItem this is mixed into
        self.game_id, self.version, self.page, self.part = game_id, version, page, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        """The menu back from its custom_id (its options come with the interaction)."""
        part = match["part"]
        return cls(int(match["gid"]), int(match["ver"]), int(match["page"]), None, "", None if part is None else int(part))


class MoveSelect(
    _ListMenu,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"postern:pick:(?P<gid>\d+):(?P<ver>\d+):(?P<page>\d+)(?::(?P<part>\d+))?",
):
    """A page of the player's legal moves (or of one slice); the last option opens the next page."""

    KIND, EMPTY = "pick", "__more:0"

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = handlers(interaction)
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        choice = str(values[0]) if values else ""
        if choice.startswith("__more:"):
            number = choice.split(":", 1)[1]
            page = int(number) if number.isascii() and number.isdigit() else -1  # forged: refused as stale
            await flows.hand(interaction, game_id=self.game_id, page=page, edit=True, part=self.part, version=self.version)
            return
        await flows.move(interaction, choice, expected_version=self.version, game_id=self.game_id)


class PageSelect(
    _ListMenu,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"postern:jump:(?P<gid>\d+):(?P<ver>\d+):(?P<page>\d+)(?::(?P<part>\d+))?",
):
    """Beside a long move list: jump straight to one of its pages (named by the moves on it),
    instead of stepping through "more…" one page at a time (Tuscany's 432 estate layouts)."""

    KIND, EMPTY = "jump", "0"

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        number = str(values[0]) if values else ""
        page = int(number) if number.isascii() and number.isdigit() else -1  # forged: refused as stale
        await handlers(interaction).hand(
            interaction, game_id=self.game_id, page=page, edit=True, part=self.part, version=self.version
        )


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"postern:vote:(?P<gid>\d+):(?P<seat>\d+):(?P<turn>\d+):(?P<choice>wait|bot|replace|end)",
):
    """One choice of the vote on a seat whose bank ran out (that turn's vote only: later clicks
    on an old post are refused as stale)."""

    STYLES = {
        "wait": discord.ButtonStyle.primary,
        "bot": discord.ButtonStyle.secondary,
        "replace": discord.ButtonStyle.secondary,
        "end": discord.ButtonStyle.danger,
    }

    def __init__(self, game_id: int, seat: int, turn: int, choice: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or choice,
                style=self.STYLES[choice],
                custom_id=f"postern:vote:{game_id}:{seat}:{turn}:{choice}",
            )
        )
        self.game_id, self.seat, self.turn, self.choice = game_id, seat, turn, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> VoteButton:
        return cls(int(match["gid"]), int(match["seat"]), int(match["turn"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).vote(interaction, self.game_id, self.seat, self.turn, self.choice)


ALL = (GameButton, BotButton, MoveButton, MoveSelect, PageSelect, VoteButton)
