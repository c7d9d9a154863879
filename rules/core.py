"""The rules contract shared by every game (see the README's "Rules contract").

A game is a pure object: it builds, inspects and transforms *states* and never does I/O, never
draws, never rolls a die. Every random event is a *chance step*: ``to_act(state) == [CHANCE]`` and
the possible outcomes are listed as text actions, so the table can pick one from a seeded
generator, record it in the log, and a replay (or a test) can script it.

States are plain Python values owned by each game. ``apply`` never mutates its input; games are
free to share unchanged sub-structures between the old and the new state.
"""

from __future__ import annotations

import contextlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
"""The pseudo-seat whose turn it is while a random outcome is pending."""

AUTOMA = -2
"""The automa's place in ``ranking`` (it is part of the rules, never a seat)."""

Locale = str
LOCALES: tuple[Locale, ...] = ("en", "zh-TW", "zh-CN")

Event = dict[str, Any]
"""A public, JSON-serialisable record of something that happened (``{"kind": ..., ...}``).

Events never carry hidden information: a hidden draw is an event without the card.
"""


class IllegalAction(Exception):
    """Raised by ``apply`` (and option checks) for anything not legal now.

    ``reason`` is a short English sentence safe to show the player; ``key`` and ``params`` let
    an adapter localise it through the game's ``reason_text``.
    """

    def __init__(self, reason: str, key: str = "", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Option:
    """One table option (a variant): ``choices`` is the tuple of allowed values."""

    key: str
    choices: tuple[Any, ...]
    default: Any
    label: dict[Locale, str] = field(default_factory=dict)
    players: tuple[int, ...] = ()
    """Player counts where the option applies (empty = all)."""
    only_with: tuple[tuple[str, Any], ...] = ()
    """Other options' values this one needs when set away from its default (e.g. Torres's shared
    deck means nothing in the master version, where every card starts in hand): a combination
    the rules would ignore is refused, not accepted silently."""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} of option {self.key} is not a choice")


def localised(texts: dict[Locale, str], locale: Locale) -> str:
    """Pick ``locale`` from a ``{locale: text}`` table, falling back to English."""
    if locale in texts:
        return texts[locale]
    if locale.startswith("zh"):
        for alt in ("zh-TW", "zh-CN"):
            if alt in texts:
                return texts[alt]
    return texts.get("en", next(iter(texts.values()), ""))


def _typed(value: Any) -> str:
    """An option value as a host types it (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_option_value(option: Option, value: Any) -> Any:
    """Accept a value or its text form (``"true"``, ``"2"``) as one of the option's choices."""
    if value in option.choices and isinstance(value, bool) == isinstance(option.default, bool):
        return value
    text = str(value).strip().lower()
    for choice in option.choices:
        if str(choice).lower() == text:
            return choice
    if isinstance(option.default, bool) and text in ("1", "yes", "on", "0", "no", "off"):
        return text in ("1", "yes", "on")
    allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in option.choices)
    raise IllegalAction(
        f"option {option.key} must be one of: {allowed}",
        "bad_option_value",
        option=option.key,
        allowed=allowed,
    )


class Game(ABC):
    """Base class of every game: the members the table, renderer and tests rely on.

    Subclasses set the class attributes and implement the abstract methods. Defaults are given
    where one general mechanism serves every game (options, ranking, describe).
    """

    name: str = ""
    title: dict[Locale, str] = {}
    min_players: int = 2
    max_players: int = 4
    options: list[Option] = []
    random_seating: bool = True
    """Whether the rules leave the seat order (and so the start player, seat 1) to chance.

    True for the common case (start player or seating chosen at random, or by a custom like "the
    youngest" that a bot replaces by a draw): the table then draws the seat order when the game
    starts, as a logged chance step, unless the host fixes it with the table option
    ``seating=host``. A game whose rules fix the seats themselves sets it False; the lobby order
    (host first) is then used and no ``seating`` option is offered."""

    # ---- construction -------------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, options: dict[str, Any] | None = None) -> Any:
        ...

    def resolve_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validate ``options`` against ``self.options`` and fill in defaults.

        Raises ``IllegalAction`` for an unknown key, a bad value or a player count out of range.
        """
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"{self.name} is for {self.min_players}-{self.max_players} players",
                "bad_player_count",
                min=self.min_players,
                max=self.max_players,
            )
        known = {o.key: o for o in self.options}
        out = {o.key: o.default for o in self.options}
        for key, value in (options or {}).items():
            if key not in known:
                raise IllegalAction(f"unknown option {key}", "unknown_option", option=key)
            value = parse_option_value(known[key], value)
            option = known[key]
            if option.players and players not in option.players:
                # Even at its default: a host who typed it expects it to matter at this count.
                raise IllegalAction(
                    f"option {key} is not available with {players} player(s)",
                    "option_not_for_count",
                    option=key,
                    players=players,
                )
            out[key] = value
        for option in self.options:
            if out[option.key] == option.default:
                continue
            for other, needed in option.only_with:
                if out[other] != needed:
                    raise IllegalAction(
                        f"option {option.key} cannot be combined with {other}={out[other]}",
                        "option_combination",
                        option=f"{option.key}={_typed(out[option.key])}",
                        other=f"{other}={_typed(out[other])}",
                    )
        return out

    # ---- flow -------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        ...

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[str]:
        ...

    @abstractmethod
    def chance_outcomes(self, state: Any) -> list[tuple[str, float]]:
        ...

    @abstractmethod
    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
        ...

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        ...

    def sample_state(self, view: dict[str, Any], seat: int, pick: Callable[[list[Any]], Any]) -> Any:
        """A full state consistent with ``view`` (this seat's view), hidden parts drawn by ``pick``.

        The AI searches on such states because it never receives the true one. The result must
        give ``seat`` exactly the same ``view`` and ``legal_actions`` as the true state, and what
        the view hides (other hands, undrawn tiles) is filled by calling ``pick(options)`` with
        lists in a fixed order, so the caller's seeded generator alone decides it. Games provide
        this in their own ``sample`` module; a game without one cannot have AI seats.
        """
        raise NotImplementedError(f"{self.name} has no state sampler, so it cannot have AI seats")

    def host_decides(self, players: int, options: dict[str, Any] | None) -> bool:
        """Whether these options give seat 1 a host's decision (e.g. choosing who starts). The
        table then keeps the host in seat 1 when it draws the seat order, or the choice would go
        to whoever drew seat 1. Most games' rules decide everything themselves: the default."""
        return False

    def describe_named(self, action: str, locale: Locale, names: list[str]) -> str:
        """``describe``, naming a seat the move picks by its player's display name (``names``, per
        seat): a host choosing who starts reads "bob starts", not "Seat 2 starts". Most moves name
        no seat, so the default is ``describe``."""
        return self.describe(action, locale)

    # ---- end ----------------------------------------------------------------------------------
    def is_over(self, state: Any) -> bool:
        return self.to_act(state) == []

    def progress(self, state: Any) -> float:
        """How much of the game has been played, from 0.0 (set-up) to 1.0 (over), counted in the
        game's own units (rounds, phases, tiles drawn). Why: a game ended early counts for
        ratings only when at least half of it was played (``table.ratings``). The default knows
        only the end; every game here measures its rounds."""
        return 1.0 if self.is_over(state) else 0.0

    def chapter(self, state: Any) -> str:
        """A short label of the game's current round or phase ("R2", "B"), or "" for a game
        without them: a finished game's story marks where each chapter began."""
        return ""

    def figures(self, state: Any, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Telling figures of a finished game, per score line (``scores``): (label, values). Why:
        the story under the final post says how the game was won, beyond the total."""
        return []

    @abstractmethod
    def scores(self, state: Any) -> list[int]:
        ...

    def ranking(self, state: Any) -> list[int]:
        """Seats best first; the default orders by score, then by seat number."""
        scores = self.scores(state)
        return sorted(range(len(scores)), key=lambda s: (-scores[s], s))

    def places(self, state: Any) -> list[int]:
        """The finishing place of each entry of ``ranking``, in that order: 1 for the first, and
        seats the rules do not separate share a place (1, 1, 3), so a shared win is shown as one.

        The default shares a place between equal scores: the default ``ranking`` separates them
        only by seat number, which is no rule. A game whose rules break ties overrides this."""
        scores = self.scores(state)
        return shared_places([scores[seat if seat >= 0 else len(scores) - 1] for seat in self.ranking(state)])

    # ---- serialisation --------------------------------------------------------------------
    def dumps(self, state: Any) -> str:
        return json.dumps(state, separators=(",", ":"), sort_keys=True)

    def loads(self, text: str) -> Any:
        return json.loads(text)

    # ---- words ----------------------------------------------------------------------------------
    def describe(self, action: str, locale: Locale = "en") -> str:
        """A short human label for ``action`` (autocomplete, log)."""
        return action

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        """One localised line for a public event; ``names`` are the seats' display names."""
        return str(event)

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        """Localise an ``IllegalAction``; the default is its English reason."""
        return error.reason

    def quick_actions(self, legal: list[str]) -> list[str]:
        """The moves worth a button on the *public* post (the frequent decision, e.g. "end turn").

        Everyone sees these labels, so a game must only offer moves that reveal nothing hidden
        (a card play would show the player's hand). The default offers none.
        """
        return []

    def split_moves(self, legal: list[str], locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Named slices of a long move list for the public post's buttons (e.g. one per die).

        Each button opens a picker of that slice only. The default offers none.
        """
        return []

    def group(self, action: str) -> str:
        """The kind of an action, used to group long move lists in pickers."""
        return "move"

    def list_rank(self, action: str) -> int:
        """Where an action stands within its group when moves are listed (lower first; then
        natural order). Most games leave every action at 0; a game ranks the decision players
        expect first (FIXER lists *keep* before *discard*)."""
        return 0

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        """Short rules help by topic (the first topic is the overview).

        ``options`` are a table's options (values or their text forms) when the help is asked
        about a particular table, so the text can quote that table's numbers; None = defaults.
        """
        return {"overview": localised(self.title, locale)}

    def option_values(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option's value for help texts: ``options`` where valid, else the default.

        Never raises: help must answer even for a table whose stored options are odd.
        """
        out = {o.key: o.default for o in self.options}
        for option in self.options:
            if options and option.key in options:
                with contextlib.suppress(IllegalAction):
                    out[option.key] = parse_option_value(option, options[option.key])
        return out

    def seat_label(self, seat: int, locale: Locale = "en") -> str:
        """How the rules call a seat when no display name is known."""
        return f"S{seat + 1}"


def shuffled(items: list[Any], pick: Callable[[list[Any]], Any]) -> list[Any]:
    """``items`` in an order drawn by ``pick`` (one draw per position), for ``sample_state``.

    Draws positions rather than elements so equal items never make the order ambiguous.
    """
    rest = list(range(len(items)))
    order = []
    while rest:
        i = pick(rest)
        rest.remove(i)
        order.append(items[i])
    return order


def multiset_minus(items: list[Any], taken: list[Any]) -> list[Any]:
    """``items`` without one copy of each of ``taken`` (which must all be present), order kept."""
    out = list(items)
    for item in taken:
        out.remove(item)
    return out


def shared_places(keys: Sequence[Any]) -> list[int]:
    """Places for entries already in finishing order: an entry whose ``key`` equals the one before
    it shares that entry's place; the next different one takes its own position (1, 1, 3)."""
    places: list[int] = []
    for i, key in enumerate(keys):
        places.append(places[-1] if i and key == keys[i - 1] else i + 1)
    return places
