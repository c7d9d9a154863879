"""An independent rules-based Castles of Burgundy player for the strength benchmark (issue 26).

Not the greedy baseline and not the search: the rules a sensible casual player follows, looking one
move ahead only to read the VP a placement pays. In its turn it ranks every legal move and takes the
best, one decision at a time:

1. **Place** a stored tile whenever a die fits (the placement whose one-move look-ahead pays the
   most VP — a region closed, animals, a bonus tile, a watchtower — plus what the tile will do
   later: a castle's free action, a ship's goods and turn order, a mine's silver...). A region
   nearly full is preferred to starting a new one.
2. **Buy** from the black depot (2 silverlings) a tile that has a place in the estate, first thing
   in the turn so a die may place it at once.
3. **Adjust** a die with one worker (two for a placement worth it) when that lets it place a tile,
   or sell three goods or more.
4. **Sell** goods with a matching die (more goods first; a lone goods tile only late).
5. **Take** from the die's depot a tile that fits the estate (the most useful kind, one whose
   number another die or the same die could place soon), while storage has room.
6. Otherwise **take workers** with the die nobody wants; pass only with no die left.

Prompts: a castle's free action is ranked like a turn's move (any number); a ship takes the most
goods; a warehouse sells the largest pile; a carpenter/church/market takes the most useful tile; a
city hall places the most paying tile. Setup: the first board and castle space offered.
Deterministic per seed; only the seat's view is used (a sampled state gives the legal moves).
"""

from __future__ import annotations

import random
from typing import Any

import rules
from ai.search import index, picker
from rules.burgundy import data as D
from rules.burgundy.state import board_of, fits, frontier

TILE_WORTH: dict[str, float] = {
    "CAS": 4.0, "SHP": 3.0, "MIN": 1.0, "K": 3.0,
    "WAR": 2.0, "CAR": 3.0, "CHU": 3.0, "MAR": 2.5, "BOA": 2.5, "BAN": 2.0, "CIT": 3.5, "WAT": 0.5,
    "A": 1.5,
}
"""What a placed tile does beyond the VP the look-ahead reads (in VP): a castle's free action, a
ship's goods and turn order, a building's effect, a knowledge tile's lasting power. A mine's silver
is added per phase left; an animal's VP is read from the placement itself."""


def _worth(state: Any, seat: int, tile: str) -> float:
    """What holding ``tile`` promises: its kind's worth, if it has a place in this estate."""
    if tile == "MIN":
        return 0.8 * (len(D.PHASES) - state["phase"])
    if tile in TILE_WORTH:
        return TILE_WORTH[tile]
    colour = D.tile_colour(tile)
    if colour == "A":
        return 1.0 + int(tile[3]) * 0.6
    return TILE_WORTH.get(colour, 1.0)


def _open_spaces(pl: dict[str, Any], tile: str) -> list[int]:
    """Frontier spaces where ``tile`` could go (colour and building rule; number aside)."""
    return [i for i in frontier(pl) if fits(pl, tile, i)]


def _region_progress(pl: dict[str, Any], space: int) -> float:
    """Share of the region of ``space`` already filled (closing regions is how VP is made)."""
    board = board_of(pl)
    region = board.regions[board.region[space]]
    return sum(1 for j in region if pl["est"][j] is not None) / len(region)


def _placement_value(game: rules.Game, state: Any, seat: int, action: str, tile: str, space: int) -> float:
    after, _ = game.apply(state, seat, action)
    pl = state["pl"][seat]
    gain = after["pl"][seat]["vp"] - pl["vp"]
    return gain + _worth(state, seat, tile) + 1.5 * _region_progress(pl, space)


def _tile_wish(state: Any, seat: int, tile: str, dice: list[int]) -> float:
    """How much a tile in storage is wanted: its worth, if it has a place, more if a die fits it."""
    pl = state["pl"][seat]
    spaces = _open_spaces(pl, tile)
    if not spaces:
        return -5.0
    board = board_of(pl)
    numbers = {board.number[i] for i in spaces}
    near = 1.0 if numbers & set(dice) else 0.0
    return _worth(state, seat, tile) + near + max(_region_progress(pl, i) for i in spaces)


def _fields(action: str) -> tuple[str, list[str]]:
    """The verb and its fields; a prompt's ``choose`` is told apart by its shape (notation)."""
    verb, *rest = action.split()
    if verb == "choose" and "@" in rest[0]:
        verb = "cplace"
    elif verb == "choose" and ":" in rest[0]:
        verb = "ctake"
    return verb, rest


def _die_tile(text: str) -> tuple[int, str]:
    """``d:T`` or ``d>v:T`` → (the die used, T)."""
    die, tile = text.split(":")
    return int(die.split(">")[0]), tile


def _score(game: rules.Game, state: Any, seat: int, action: str, free: bool) -> float:
    """The rank of one move by the rules above (higher is better)."""
    pl = state["pl"][seat]
    dice = list(pl["dice"])
    late = state["phase"] >= 3
    verb, rest = _fields(action)
    if verb == "pass":
        return -100.0
    if verb == "skip":
        return -50.0
    if verb in ("place", "cplace"):
        if verb == "place":
            _, tile = _die_tile(rest[0].split("@")[0])
            space = int(rest[0].split("@")[1])
        else:
            tile, where = rest[0].split("@")
            space = int(where)
        return 100.0 + _placement_value(game, state, seat, action, tile, space)
    if verb == "buy":
        tile = rest[0].split(":")[-1]
        if len(rest) > 1:  # a drop: storage is full of tiles still wanted
            return -200.0
        wish = _tile_wish(state, seat, tile, dice)
        return 90.0 + wish if wish > 0 else -200.0
    if verb == "adjust":
        return -60.0  # adjustments are chosen in ``_adjustment``
    if verb == "sell":
        count = pl["goods"][int(rest[0]) - 1]
        if count < 2 and not late and not free:
            return 20.0 + count
        return 60.0 + 3 * count
    if verb in ("take", "ctake"):
        if verb == "take":
            die, tile = _die_tile(rest[0])
        else:
            die, tile = 0, rest[0].split(":")[1]
        if len(rest) > 1:
            return -60.0 if not free else -40.0
        others = [d for d in dice if d != die] or dice
        wish = _tile_wish(state, seat, tile, others)
        return (50.0 if len(pl["store"]) < 2 else 30.0) + wish
    if verb == "workers":
        return 10.0 - (int(rest[0]) if rest else 0) * 0.01
    if verb == "choose":  # ship / warehouse answers
        after, _ = game.apply(state, seat, action)
        return 10.0 + sum(after["pl"][seat]["goods"]) + 3 * (after["pl"][seat]["vp"] - pl["vp"])
    return 0.0


def _adjustment(game: rules.Game, state: Any, seat: int, legal: list[str]) -> tuple[float, str] | None:
    """The best adjust that lets a die place a tile (or sell three goods or more), with its rank."""
    pl = state["pl"][seat]
    best: tuple[float, str] | None = None
    for action in legal:
        if not action.startswith("adjust "):
            continue
        value = int(action.split()[1].split(">")[1])
        after = game.apply(state, seat, action)[0]
        cost = pl["workers"] - after["pl"][seat]["workers"]
        gain = -1.0
        for follow in game.legal_actions(after, seat):
            verb, rest = _fields(follow)
            if verb == "place" and rest[0].startswith(f"{value}:") and value not in pl["dice"]:
                gain = max(gain, _score(game, after, seat, follow, False) - 100.0)
            elif verb == "sell" and rest[0] == str(value) and pl["goods"][value - 1] >= 3 and value not in pl["dice"]:
                gain = max(gain, 3.0 * pl["goods"][value - 1] / 2)
        if gain <= 0 or cost > 2 or (cost == 2 and gain < 5.0):
            continue
        rank = 95.0 + gain - 2.0 * cost
        if best is None or rank > best[0]:
            best = (rank, action)
    return best


def play(game_name: str, view: dict[str, Any], seat: int, seed: int) -> str:
    """This seat's move by the rules of the module docstring."""
    game = rules.get(game_name)
    rng = random.Random(f"burgundy-rules:{seed}")
    state = game.sample_state(view, seat, picker(rng))
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0].split()[0]
    if first in ("board", "castle"):
        return legal[0]
    free = bool(state["stack"]) and state["stack"][-1].get("t") == "P"
    ranked = [(_score(game, state, seat, a, free), a) for a in legal]
    if not free:
        adjust = _adjustment(game, state, seat, legal)
        if adjust is not None:
            ranked.append(adjust)
    top = max(r for r, _ in ranked)
    best = sorted(a for r, a in ranked if r >= top - 1e-9)
    return best[index(rng, len(best))]
