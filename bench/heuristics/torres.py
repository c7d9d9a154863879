"""An independent rules-based Torres player for the strength benchmark (issue 26).

Not the greedy baseline and not the search: what a sensible casual player does, reading what one
move pays and nothing deeper. Its rules, in words:

- Spend every action point: a turn ends only when no AP is left (and a pending card keep is done).
- Each AP goes to the move that pays most per AP point, read one move ahead on a simple tally of
  the seat's position: its score, its castle points (area × its highest level on each castle)
  counted at every phase scoring still to come, the King's bonus of the running phase, the best
  castle one of its knights could step up onto next (a tower built beside a knight is a stair),
  and a bonus per knight on the board (more knights, more castles to score), less a share of what
  a move hands the rival (building a castle the rival stands on). ``score`` (1 point per AP) is the
  fallback, so AP are never wasted.
- Blocks of the turn stack are otherwise lost at the turn's end, so a block is worth placing
  unless it feeds the rival more than it helps.
- Cards: draw one early in a turn in phases 1-2 when nothing better than ``score`` is on offer;
  keep the strongest revealed (AP7, UP2, UNDER, DOOR, ...), the rest go under the deck. Play an
  AP card first thing in a turn (more AP to spend); play a move or building card when it raises the
  tally by a few points; in the last phase play whatever still gains.
- Setup: the first knight on the start castle with most room around it; the King beside one's own
  knight. Between phases (as the lowest scorer) the King goes to the castle where the seat's
  knights could earn the next bonus and the rival's could not; else it stays.

Decides from the seat's view only (a state sampled from it), deterministic per seed.
"""

from __future__ import annotations

import random
from typing import Any

import rules
from ai.search import index, picker
from rules.torres.board import Castles, castles, knights_of
from rules.torres.data import AP_CARD_BONUS, EMPTY, KNIGHTS_PER_PLAYER, ORTHO, PHASES, parse_square
from rules.torres.scoring import castle_points, king_bonus

KEEP_ORDER = ("AP7", "UP2", "UNDER", "DOOR", "DIAG", "EXTRA", "AP6", "RELOC", "OVER", "SHIFT")
"""Which revealed card to keep: the ones that most often raise a knight or give AP first."""

RIVAL_SHARE = 0.6
"""How much of a rival's gain counts against a move (a casual player minds it, not fully)."""
CLIMB_SHARE = 0.5
"""A stair beside a knight is worth half the climb it allows (it still costs an AP to take)."""
KNIGHT_BONUS = {1: 3.0, 2: 2.0, 3: 0.5}
"""A knight on the board by phase: early knights reach more castles over more scorings."""
BLOCK_BONUS = 0.8
"""A turn-stack block left unplaced is lost, so placing one has a value of its own."""
DRAW_VALUE = {1: 1.6, 2: 1.2, 3: 0.0}
"""What a card draw is worth by phase (a card is played on a later turn, so not in phase 3)."""
CARD_PLAY_MIN = 2.5
"""A move/building card is played when it gains at least this much (in the last phase: any gain)."""


def _climb(state: Any, cs: Castles, seat: int) -> float:
    """The best castle-point rise one step of one of the seat's knights could reach next."""
    h, fig = state["h"], state["fig"]
    best = 0.0
    mine: dict[int, int] = {}
    for sq in knights_of(fig, seat):
        c = cs.label[sq]
        if c >= 0:
            mine[c] = max(mine.get(c, 0), h[sq])
    for sq in knights_of(fig, seat):
        for n in ORTHO[sq]:
            if fig[n] != EMPTY or h[n] == 0 or h[n] > h[sq] + 1:
                continue
            c = cs.label[n]
            rise = cs.area(c) * (h[n] - mine.get(c, 0))
            best = max(best, float(rise))
    return best


def tally(state: Any, seat: int) -> float:
    """The seat's position in points as a casual player reads it (see the module docstring)."""
    cs = castles(state["h"])
    phase = int(state["phase"])
    scorings = PHASES - phase + 1
    own = castle_points(state["h"], state["fig"], cs, seat)
    rivals = max(
        (castle_points(state["h"], state["fig"], cs, r) for r in range(len(state["ps"])) if r != seat),
        default=0,
    )
    value = float(state["ps"][seat]["score"]) + 0.8 * scorings * (own - RIVAL_SHARE * rivals)
    value += king_bonus(state["h"], state["fig"], cs, state["king"], seat, phase)
    value += CLIMB_SHARE * 0.8 * scorings * _climb(state, cs, seat)
    value += KNIGHT_BONUS[phase] * len(knights_of(state["fig"], seat))
    return value


def _gain(game: rules.Game, state: Any, seat: int, action: str, base: float) -> float:
    after, _ = game.apply(state, seat, action)
    return tally(after, seat) - base


def _room(h: list[int], fig: list[int], sq: int) -> int:
    return sum(1 for n in ORTHO[sq] if h[n] == 0 and fig[n] == EMPTY)


def _setup(state: Any, seat: int, legal: list[str]) -> str:
    """First knight: most room around the castle; the King: on a start castle next to one's knight."""
    h, fig = state["h"], state["fig"]
    if legal[0].startswith("knight"):
        return max(legal, key=lambda a: (_room(h, fig, _sq(a.split()[1])), a))
    mine = knights_of(fig, seat)

    def closeness(a: str) -> tuple[int, str]:
        sq = _sq(a.split()[1])
        dist = min((abs(sq % 8 - k % 8) + abs(sq // 8 - k // 8) for k in mine), default=0)
        return (-dist, a)

    return max(legal, key=closeness)


def _sq(name: str) -> int:
    sq = parse_square(name)
    assert sq is not None
    return sq


def _king_move(state: Any, seat: int, legal: list[str]) -> str:
    """The castle where the seat has a knight at (or a step below) the next phase's level and
    the rivals have fewer; ``king pass`` when no castle is better for the seat than the current."""
    h, fig = state["h"], state["fig"]
    cs = castles(h)
    nxt = min(int(state["phase"]) + 1, PHASES)

    def worth(c: int) -> float:
        total = 0.0
        for who in range(len(state["ps"])):
            levels = [h[sq] for sq in cs.squares[c] if fig[sq] == who]
            v = 2.0 if nxt in levels else 1.0 if nxt - 1 in levels or nxt + 1 in levels else 0.0
            total += v if who == seat else -v
        return total

    current = worth(cs.label[state["king"]]) if state["king"] >= 0 and cs.label[state["king"]] >= 0 else 0.0
    moves = [a for a in legal if a != "king pass"]
    if not moves:
        return "king pass"
    best = max(moves, key=lambda a: (worth(cs.label[_sq(a.split()[1])]), a))
    return best if worth(cs.label[_sq(best.split()[1])]) > current else "king pass"


def _keep(legal: list[str]) -> str:
    keeps = [a for a in legal if a.startswith("card keep ") and a.endswith(" bottom")] or legal
    return min(keeps, key=lambda a: (KEEP_ORDER.index(a.split()[2]) if a.split()[2] in KEEP_ORDER else 99, a))


def play(game_name: str, view: dict[str, Any], seat: int, seed: int) -> str:
    game = rules.get(game_name)
    rng = random.Random(f"torres-rules:{seed}")
    state = game.sample_state(view, seat, picker(rng))
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0].split()[0]
    stage = state.get("stage")
    if stage in ("place", "crown", "build") and first in ("knight", "king", "tower"):
        if first == "tower":
            return legal[index(rng, len(legal))]
        return _setup(state, seat, legal)
    if any(a.startswith("card keep ") for a in legal):
        return _keep(legal)
    if first == "king" or "king pass" in legal:
        return _king_move(state, seat, legal)
    return _turn(game, state, seat, legal, rng)


def _turn(game: rules.Game, state: Any, seat: int, legal: list[str], rng: random.Random) -> str:
    """One decision inside a turn: a card play if it pays, else the best AP use, else end."""
    t = state["t"]
    phase = int(state["phase"])
    base = tally(state, seat)
    ap = int(t["ap"])
    plays = [a for a in legal if a.startswith("card play ")]
    fresh = ap >= 5 and t.get("placed", 0) == 0
    ap_cards = [a for a in plays if a.split()[2] in AP_CARD_BONUS]
    if ap_cards and fresh:
        return max(ap_cards, key=lambda a: (AP_CARD_BONUS[a.split()[2]], a))
    others = [a for a in plays if a.split()[2] not in AP_CARD_BONUS]
    last_phase = phase == PHASES
    if others:
        gains = {a: _gain(game, state, seat, a, base) for a in others}
        best = max(others, key=lambda a: (gains[a], a))
        if gains[best] >= (0.5 if last_phase else CARD_PLAY_MIN):
            return best
    if ap_cards and last_phase and ap <= 1 and int(state["round"]) == 4:
        return ap_cards[0]
    options: list[tuple[float, str]] = []
    for a in legal:
        word = a.split()[0]
        if word in ("move", "tower", "knight"):
            gain = _gain(game, state, seat, a, base)
            if word == "tower":
                gain += BLOCK_BONUS
            if word == "knight":
                if KNIGHTS_PER_PLAYER - state["ps"][seat]["knights"] <= 0:
                    continue
                gain /= 2.0  # 2 AP: per AP
            options.append((gain, a))
        elif a == "score":
            options.append((1.0, a))
        elif a == "card draw" and t["draws"] == 0:
            options.append((DRAW_VALUE[phase] + (0.3 if ap >= 4 else -1.0), a))
    if not options:
        return "end" if "end" in legal else legal[index(rng, len(legal))]
    top = max(g for g, _ in options)
    best_moves = sorted(a for g, a in options if g >= top - 1e-9)
    return best_moves[index(rng, len(best_moves))]
