"""Information-set Monte Carlo tree search over a game's sampler (single-observer ISMCTS).

Each iteration draws one full state consistent with the searching seat's view (``sample_state``),
then walks one shared tree keyed by the moves made, so statistics pool over every hidden
arrangement the seat cannot tell apart. Moves illegal in the current sample are skipped and each
child counts how often it was *available*, which keeps UCB fair between moves that exist in
some samples only. Long move lists are opened gradually (progressive widening), chance steps are
sampled with their probabilities, and rollouts stop after a few decisions and are valued by
``ai.evaluate``.

Randomness comes only from the caller's seeded ``random.Random`` through ``random()``, so with a
fixed iteration count the result depends only on the arguments.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.evaluate import values
from rules import CHANCE, Game

EXPLORATION = 0.7
"""UCB exploration constant (values are in [0, 1])."""

WIDEN_BASE = 4.0
WIDEN_POWER = 0.5
"""Progressive widening: a node visited n times may have ``WIDEN_BASE * n ** WIDEN_POWER`` children."""

ROLLOUT_DECISIONS: dict[str, int] = {"fixer": 0, "burgundy": 0, "burgundy_cards": 0, "torres": 0, "tuscany": 0}
"""Decisions a rollout plays at random before the evaluation takes over, per game.

Measured (bench ai, 100 iterations against greedy): random moves before the evaluation made the
value noisier, not better (Torres won 0/6 with 2 random decisions, 4/6 with none), so the search
values each new node by the game's evaluation directly; the table keeps the knob per game."""

PRIOR_SHARE = 0.3
"""At most this share of a time budget goes to ranking the root moves one ply deep."""

MAX_STEPS = 400
"""A bound on the steps of one tree walk plus rollout, whatever the game does."""


def index(rng: random.Random, size: int) -> int:
    """A uniform index below ``size`` from ``random()`` alone (stable across Python versions)."""
    return min(size - 1, int(rng.random() * size))


def weighted(rng: random.Random, outcomes: list[tuple[str, float]]) -> str:
    """One chance outcome drawn with its probability."""
    x = rng.random() * sum(p for _, p in outcomes)
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]


def picker(rng: random.Random) -> Callable[[list[Any]], Any]:
    """The ``pick`` a sampler receives: one element of a list, drawn from ``rng``."""

    def pick(options: list[Any]) -> Any:
        if not options:
            raise ValueError("pick() needs at least one option")
        return options[index(rng, len(options))]

    return pick


@dataclass
class Node:
    """Statistics of the move that led here, and the moves tried from here."""

    visits: int = 0
    available: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits and seat < len(self.total) else 0.5

    def add(self, result: list[float]) -> None:
        self.visits += 1
        if not self.total:
            self.total = [0.0] * len(result)
        for i, v in enumerate(result):
            self.total[i] += v


class Search:
    """One decision's search: a tree, a sampler and a generator."""

    def __init__(self, game: Game, view: dict[str, Any], seat: int, rng: random.Random) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.rng = rng
        self.pick = picker(rng)
        self.root = Node()
        self.seats = int(view.get("players") or 1)
        self.depth = ROLLOUT_DECISIONS.get(game.name, 0)
        self.root_order: dict[str, int] = {}

    def sample(self) -> Any:
        return self.game.sample_state(self.view, self.seat, self.pick)

    def root_actions(self) -> list[str]:
        state = self.sample()
        if self.seat not in self.game.to_act(state):
            raise ValueError(f"seat {self.seat} has no decision in this view")
        return self.game.legal_actions(state, self.seat)

    def order_root(self, legal: list[str], deadline: float | None) -> None:
        """Rank the root moves by their one-ply value, so widening opens the promising ones first.

        With a time budget the ranking may use at most ``PRIOR_SHARE`` of it; moves not ranked in
        time follow in their listed order."""
        state = self.sample()
        scored = []
        for action in legal:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            after, _ = self.game.apply(state, self.seat, action)
            scored.append((-values(self.game, after, self.seats)[self.seat], action))
        ranked = [a for _, a in sorted(scored)]
        seen = set(ranked)
        self.root_order = {a: i for i, a in enumerate(ranked + [a for a in legal if a not in seen])}

    def run(
        self,
        iterations: int | None,
        seconds: float | None,
        legal: list[str] | None = None,
        started: float | None = None,
    ) -> None:
        """Search for ``iterations`` iterations, or until ``seconds`` after ``started`` (default now).

        A timed search stops early enough that the next iteration, estimated from the slowest
        recent one, would not overrun the budget: the level's time is a promise to the player."""
        start = started if started is not None else time.perf_counter()
        deadline = None if iterations is not None else start + (seconds or 0.0)
        if legal is not None and len(legal) > 1:
            self.order_root(legal, None if deadline is None else start + PRIOR_SHARE * (seconds or 0.0))
        done = 0
        slowest = 0.0
        while True:
            if iterations is not None and done >= iterations:
                break
            now = time.perf_counter()
            if deadline is not None and done > 0 and now + slowest >= deadline:
                break
            self.iterate()
            slowest = max(slowest * 0.9, time.perf_counter() - now)
            done += 1
        self.iterations = done

    def best(self, legal: list[str]) -> str:
        """The most visited root move (ties: the better mean, then the notation order)."""
        scored = []
        for action in legal:
            child = self.root.children.get((self.seat, action))
            visits = child.visits if child else 0
            mean = child.mean(self.seat) if child else 0.0
            scored.append((-visits, -mean, action))
        return min(scored)[2]

    # ---- one iteration ------------------------------------------------------------------------
    def iterate(self) -> None:
        game = self.game
        state = self.sample()
        node = self.root
        path = [node]
        steps = 0
        first = True
        while steps < MAX_STEPS:
            acting = game.to_act(state)
            if not acting:
                break
            steps += 1
            if acting == [CHANCE]:
                outcome = weighted(self.rng, game.chance_outcomes(state))
                state, _ = game.apply(state, CHANCE, outcome)
                node = node.children.setdefault((CHANCE, outcome), Node())
                path.append(node)
                continue
            mover = self.seat if first and self.seat in acting else acting[0]
            first = False
            legal = game.legal_actions(state, mover)
            action, child, expanded = self.select(node, mover, legal)
            state, _ = game.apply(state, mover, action)
            node = child
            path.append(node)
            if expanded:
                break
        result = self.rollout(state, steps)
        for visited in path:
            visited.add(result)

    def select(self, node: Node, mover: int, legal: list[str]) -> tuple[str, Node, bool]:
        """UCB among available children, or a new child while widening allows one."""
        known = []
        fresh = []
        for action in legal:
            child = node.children.get((mover, action))
            if child is None:
                fresh.append(action)
            else:
                known.append((action, child))
        allowed = max(1, int(WIDEN_BASE * (node.visits + 1) ** WIDEN_POWER))
        if fresh and len(known) < allowed:
            if node is self.root and self.root_order:
                action = min(fresh, key=lambda a: self.root_order.get(a, len(self.root_order)))
            else:
                action = fresh[index(self.rng, len(fresh))]
            child = Node(available=1)
            node.children[(mover, action)] = child
            return action, child, True
        best_key = -1.0
        best: tuple[str, Node] = known[0]
        for action, child in known:
            child.available += 1
            if child.visits == 0:
                key = 1e9
            else:
                key = child.mean(mover) + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            if key > best_key:
                best_key, best = key, (action, child)
        return best[0], best[1], best[1].visits == 0

    def rollout(self, state: Any, steps: int) -> list[float]:
        """Random decisions (chance by its odds) until the game ends or the budget is spent."""
        game = self.game
        decisions = 0
        while decisions < self.depth and steps < MAX_STEPS:
            acting = game.to_act(state)
            if not acting:
                break
            steps += 1
            if acting == [CHANCE]:
                state, _ = game.apply(state, CHANCE, weighted(self.rng, game.chance_outcomes(state)))
                continue
            mover = acting[0]
            legal = game.legal_actions(state, mover)
            state, _ = game.apply(state, mover, legal[index(self.rng, len(legal))])
            decisions += 1
        return values(game, state, self.seats)
