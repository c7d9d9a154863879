"""Seat order: drawn at random at the start, as a logged chance step, unless the host fixes it.

The lobby seats players in join order, host first. Most games' rules choose the start player (or
the seat order) at random, and in many the seat matters (Burgundy: the start player has the
fewest workers; Torres and FIXER: who sits next to whom). So when a game declares
``Game.random_seating`` the table draws the seat order when the game starts — one general
mechanism, no per-game code — unless the host opened the table with ``seating=host`` (lobby
order, host in seat 1).

The draw is a chance step of the *table*, not of the rules: it is logged at position 0 of the
action log under the pseudo-seat ``SEATING``, as ``seating 2 1 3`` (the lobby positions, 1-based,
of seats 1, 2, 3), with an event holding the lobby's user ids, so the log alone says who sits
where (``seat_order``) and the draw itself is a pure function of the game's seed (``draw``).
Rules never see it: ``game.new`` gets only the game's own options, and replays skip it.
"""

from __future__ import annotations

import random
from typing import Any

from rules import Event, Game, IllegalAction, Option
from rules.core import parse_option_value
from table.chance import pick
from table.messages import listing, message

SEATING = -3
"""Pseudo-seat of the table's seat-order draw in the action log (``CHANCE`` is -1, ``AUTOMA`` -2)."""

KEY = "seating"
TABLE_EVENT = "table"
"""Kind of the table's own notices among the events of a result (localised by ``event_line``)."""
RANDOM, HOST = "random", "host"
OPTION = Option(
    KEY,
    (RANDOM, HOST),
    RANDOM,
    label={
        "en": "seat order: random draw, or the lobby's order with the host first",
        "zh-TW": "座位順序:隨機抽出,或依等待室順序(開局者第一)",
        "zh-CN": "座位顺序:随机抽出,或按等待室顺序(开局者第一)",
    },
)


def wanted(game: Game, options: dict[str, Any], seats: int) -> bool:
    """Whether the start draws the seat order (several seats, the game asks, the host did not fix it).

    The option itself is declared with the table's others in ``table.options``; a game that
    declares its own ``seating`` option decides its seats in its rules, so the table draws none.
    """
    if seats < 2 or not game.random_seating or any(o.key == KEY for o in game.options):
        return False
    try:
        return parse_option_value(OPTION, options.get(KEY, RANDOM)) == RANDOM
    except IllegalAction:
        return False


def draw(seed: str | int, seq: int, seats: int, first: int | None = None) -> list[int]:
    """A uniformly random seat order (lobby positions, 0-based, seat by seat) from the seed.

    Successive draws without replacement, each a weighted pick over the remaining lobby positions
    in order, fed by one ``random.Random`` keyed like every chance step (stable across Pythons).
    ``first``: the lobby position kept in seat 1 (the host, where the game's options give seat 1
    a host's decision, ``Game.host_decides``); only the others are drawn.
    """
    rng = random.Random(f"{seed}:{seq}:{KEY}")
    left = [i for i in range(seats) if i != first]
    order = [first] if first is not None and 0 <= first < seats else []
    while left:
        chosen = int(pick([(str(i), 1.0) for i in left], rng.random()))
        order.append(chosen)
        left.remove(chosen)
    return order


def action_text(order: list[int]) -> str:
    return "seating " + " ".join(str(i + 1) for i in order)


def parse_action(text: str) -> list[int]:
    word, *numbers = text.split()
    if word != KEY or sorted(int(n) for n in numbers) != list(range(1, len(numbers) + 1)):
        raise ValueError(f"not a seat-order record: {text!r}")
    return [int(n) - 1 for n in numbers]


def event(order: list[int], lobby_user_ids: list[str]) -> Event:
    """The public record of the draw: the lobby (user ids, join order) and the drawn order."""
    return {"kind": KEY, "lobby": list(lobby_user_ids), "order": list(order)}


def seat_order(action: str, events: list[Event]) -> list[str]:
    """User ids seat by seat, rebuilt from the logged draw alone."""
    order = parse_action(action)
    lobby = next(e["lobby"] for e in events if e.get("kind") == KEY)
    return [lobby[i] for i in order]


def event_line(game: Game, event_: Event, locale: str, names: list[str]) -> str:
    """One line for any event: the table's own (its seat draw, and ``{"kind": "table", "key": …}``
    notices such as a bot taking a seat or a move taken back), every other through the game."""
    if event_.get("kind") == TABLE_EVENT:
        params = {k: v for k, v in event_.items() if k not in ("kind", "key")}
        if event_["key"] == "took_back" and "undone" in params:
            # what was taken back, in its public words (the game's event lines of that decision)
            lines = [text for e in params.pop("undone") or [] if (text := game.event_text(e, locale, names))]
            if not lines:
                return message("took_back_move", locale, **params)
            params["action"] = "; ".join(line.rstrip("。.") for line in lines)
        return message(str(event_["key"]), locale, **params)
    if event_.get("kind") == KEY and "lobby" in event_:
        listed = listing((f"{i}. {name}" for i, name in enumerate(names, 1)), locale)
        return message("seating_drawn", locale, order=listed)
    return game.event_text(event_, locale, names)
