"""The table's own options, next to each game's variants in ``/game new … options:``.

Some choices belong to the table, not to the rules: who sits where (``seating``), how long each
player may take (``timer``). They are declared once here, each with the games it applies to, and
every adapter (autocomplete, help, validation, the start of a game) reads them from here. A game
that declares an option of the same key keeps its own. Rules never see the table's options:
``split_options`` hands the game only its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules import Game, IllegalAction, Option
from rules.core import parse_option_value
from table import bots, hint_option, ranked, seating, timer


@dataclass(frozen=True)
class TableOption:
    option: Option
    applies: Callable[[Game], bool]
    """Whether the table offers the option for this game."""
    solo_default: Any = None
    """The default at a one-seat table, where it differs (no turn timer in a solo game)."""

    def default(self, capacity: int | None) -> Any:
        if capacity == 1 and self.solo_default is not None:
            return self.solo_default
        return self.option.default


TABLE_OPTIONS: tuple[TableOption, ...] = (
    TableOption(seating.OPTION, lambda game: game.random_seating),
    TableOption(timer.OPTION, lambda game: True, solo_default=timer.OFF),
    TableOption(ranked.OPTION, lambda game: game.max_players >= 2),
    TableOption(hint_option.OPTION, bots.can_play),
)


def _own(game: Game) -> list[TableOption]:
    keys = {o.key for o in game.options}
    return [t for t in TABLE_OPTIONS if t.applies(game) and t.option.key not in keys]


def table_options(game: Game) -> list[Option]:
    """The table's own options for ``game`` (a game's option of the same key takes precedence)."""
    return [t.option for t in _own(game)]


def offered_options(game: Game) -> list[Option]:
    """Every option a host may set for ``game``: the game's, then the table's."""
    return [*game.options, *table_options(game)]


def split_options(
    game: Game, options: dict[str, Any], capacity: int | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``options`` as (the game's, the table's validated, defaults filled in for ``capacity``
    seats); raises ``IllegalAction`` on a bad value."""
    own = {t.option.key: t for t in _own(game)}
    game_opts = {k: v for k, v in options.items() if k not in own}
    table_opts = {key: t.default(capacity) for key, t in own.items()}
    for key, entry in own.items():
        if key in options:
            table_opts[key] = parse_option_value(entry.option, options[key])
            if capacity is not None and entry.option.players and capacity not in entry.option.players:
                # As for a game's own options: typed at a count where it cannot matter, it is refused.
                raise IllegalAction(
                    f"option {key} is not available with {capacity} player(s)",
                    "option_not_for_count", option=key, players=capacity,
                )
    return game_opts, table_opts
