"""Information-set Monte Carlo tree search over a game's sampler (single-observer ISMCTS).

Each iteration draws one full state consistent with the searching seat's view (``sample_state``),
then walks one shared tree keyed by the moves made, so statistics pool over every hidden
arrangement the seat cannot tell apart. Moves illegal in the current sample are skipped and each
child counts how often it was *available*, which keeps UCB fair between moves that exist in
some samples only.

The first time the walk stands on a node it values every legal move one ply deep with
``ai.evaluate.estimate`` (the *priors*). Those values order progressive widening — the mover's
most promising moves are opened first, so the opponent replies the search considers first are the
ones a sensible opponent plays, not random ones — and a newly opened child starts from its prior
instead of a fresh evaluation, so a new leaf costs no extra move. Budgets of a second or less give
only hundreds of iterations in these games; spending them on the moves a one-ply player would
already prefer, then checking them against replies, is what lets the search beat that player.

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

from ai.evaluate import estimate, raw_estimate
from rules import CHANCE, Game

EXPLORATION = 0.5
"""UCB exploration constant (values are in [0, 1])."""

WIDEN_BASE = 2.0
WIDEN_POWER = 0.5
"""Progressive widening: a node visited n times may have ``WIDEN_BASE * (n + 1) ** WIDEN_POWER`` children."""

MARGIN = 0.04
"""Share of a time budget left unspent, for the work around the search (sampling the root, choosing)."""

MAX_STEPS = 400
"""A bound on the steps of one tree walk, whatever the game does."""

CHECK_EVERY = 8
"""Iterations between two checks of whether the most visited root move can still be overtaken."""

CLOCK: Callable[[], float] = time.perf_counter
"""The clock a timed search reads. A bot at a table spends wall time (the player waits for it);
the strength benchmark swaps in ``time.process_time`` so a decision gets the same one-core budget
however loaded the machine is, and its results do not depend on what else ran beside it."""


NOISE = 1.0
"""Root moves whose visits are within ``NOISE * sqrt(leader's visits)`` of the leader's count as
equally visited (``best``)."""


def noise(visits: float) -> float:
    """The visit band within which two root moves count as equally visited."""
    return NOISE * math.sqrt(max(0.0, visits))


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
    """Statistics of the move that led here, the moves tried from here and their one-ply priors."""

    visits: int = 0
    available: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[tuple[int, str], Node] = field(default_factory=dict)
    priors: dict[str, list[float]] = field(default_factory=dict)
    prior: list[float] = field(default_factory=list)
    """The one-ply value this node was opened with (its first result)."""

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
        self.iterations = 0
        self.baseline: list[float] | None = None
        self.deadline: float | None = None
        self.clock: Callable[[], float] = CLOCK
        """The clock the deadline was measured on: every later comparison must read the same one
        (a CPU-clock deadline compared with the wall clock looks long passed)."""

    def value(self, state: Any) -> list[float]:
        """``estimate`` of ``state``, measured from the decision's own estimate in solo games."""
        return estimate(self.game, state, self.seats, self.baseline)

    def sample(self) -> Any:
        return self.game.sample_state(self.view, self.seat, self.pick)

    def root_actions(self) -> list[str]:
        state = self.sample()
        if self.seat not in self.game.to_act(state):
            raise ValueError(f"seat {self.seat} has no decision in this view")
        if self.seats == 1:
            self.baseline = raw_estimate(self.game, state) or [float(x) for x in self.game.scores(state)]
        return self.game.legal_actions(state, self.seat)

    def run(
        self,
        iterations: int | None,
        seconds: float | None,
        legal: list[str] | None = None,
        started: float | None = None,
    ) -> None:
        """Search for ``iterations`` iterations, or until ``seconds`` after ``started`` (default now),
        whichever comes first when both are given (a level: an iteration target under a ceiling).

        A timed search stops early enough that the next iteration, estimated from the slowest
        recent one, would not overrun the budget: the level's time is a promise to the player.

        Either search also stops as soon as the most visited root move leads every other by more
        visits than the iterations left could give one of them (``decided``): the answer, the most
        visited move, can no longer change, so the rest of the budget would be spent for nothing.
        With a fixed iteration count this gives exactly the move the full count would give."""
        clock = self.clock = CLOCK
        start = started if started is not None else clock()
        deadline = None if seconds is None else start + (1.0 - MARGIN) * seconds
        self.deadline = deadline
        done = 0
        slowest = 0.0
        checked = start
        while True:
            if iterations is not None and done >= iterations:
                break
            now = clock()
            if deadline is not None and done > 0 and now + slowest >= deadline:
                break
            if done and done % CHECK_EVERY == 0:
                left = float("inf")
                if iterations is not None:
                    left = float(iterations - done)
                if deadline is not None:
                    # the pace of the last few iterations, doubled: the first ones value the root's
                    # moves and are slow, so the pace since the start would promise too few
                    left = min(left, 2.0 * (deadline - now) * CHECK_EVERY / max(now - checked, 1e-9))
                    checked = now
                if self.decided(left):
                    break
            self.iterate()
            slowest = max(slowest * 0.9, clock() - now)
            done += 1
        self.iterations = done

    def decided(self, left: float) -> bool:
        """Whether the most visited root move stays the most visited after ``left`` more iterations.

        ``left`` may be an estimate; it is taken generously (an iteration rate from the search so
        far), and a root child can gain at most one visit per iteration, so a lead larger than
        ``left`` is final."""
        counts = sorted((child.visits for (mover, _), child in self.root.children.items() if mover == self.seat), reverse=True)
        if not counts:
            return False
        runner_up = counts[1] if len(counts) > 1 else 0
        # ``best`` weighs every move within ``noise`` visits of the leader: the lead must also
        # outgrow the noise band the leader could have at the end
        return counts[0] - runner_up > left + noise(counts[0] + left)

    def best(self, legal: list[str]) -> str:
        """The move the search values most among the most visited ones.

        Visits are the robust choice, but when the leading moves' visits are within noise
        (``noise``: the search could not tell them apart; typical when every move looks won or
        lost) the most visited one is an accident of exploration. Among those, the better mean
        wins, then the better one-ply prior (exact: a wasted worker or action point shows there
        even when rollouts cannot see it), then more visits, then notation order."""
        rows = []
        for action in legal:
            child = self.root.children.get((self.seat, action))
            visits = child.visits if child else 0
            mean = child.mean(self.seat) if child else 0.0
            prior = self.root.priors.get(action)
            rows.append((visits, mean, prior[self.seat] if prior else 0.0, action))
        top = max(r[0] for r in rows)
        close = [r for r in rows if r[0] > 0 and r[0] >= top - noise(top)] or rows
        return min(close, key=lambda r: (-r[1], -r[2], -r[0], r[3]))[3]

    # ---- one iteration ------------------------------------------------------------------------
    def iterate(self) -> None:
        game = self.game
        state = self.sample()
        node = self.root
        path = [node]
        steps = 0
        first = True
        result: list[float] | None = None
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
            action, child, expanded = self.select(node, mover, legal, state)
            node = child
            path.append(node)
            if expanded:
                result = node.prior
                break
            state, _ = game.apply(state, mover, action)
        if result is None:
            result = self.value(state)
        for visited in path:
            visited.add(result)

    def ensure_priors(self, node: Node, mover: int, legal: list[str], state: Any) -> None:
        """One-ply values of the legal moves this sample offers that ``node`` has not valued yet.

        A timed search stops valuing at its deadline (a long move list must not overrun the level's
        budget); moves left unvalued rank after the valued ones."""
        game = self.game
        for action in legal:
            if action not in node.priors:
                if self.deadline is not None and node.priors and self.clock() >= self.deadline:
                    return
                after, _ = game.apply(state, mover, action)
                node.priors[action] = self.value(after)

    def best_prior(self, node: Node, mover: int, actions: list[str]) -> str:
        """The action with the best prior for ``mover``, ties drawn from the generator.

        Many moves often tie one ply ahead (in Torres most tower squares do: nothing scores until
        the phase ends). Taking the first of them in notation order made the search open — and so
        play — the same corner squares game after game; a seeded draw keeps it reproducible
        without that bias."""
        def prior(action: str) -> float:
            return node.priors[action][mover] if action in node.priors else 0.0

        top = max(prior(a) for a in actions)
        tied = [a for a in actions if prior(a) >= top - 1e-9]
        return tied[index(self.rng, len(tied))] if len(tied) > 1 else tied[0]

    def select(self, node: Node, mover: int, legal: list[str], state: Any) -> tuple[str, Node, bool]:
        """UCB among available children, or the best-prior new child while widening allows one."""
        self.ensure_priors(node, mover, legal, state)
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
            valued = [a for a in fresh if a in node.priors] or fresh
            action = self.best_prior(node, mover, valued)
            if action not in node.priors:
                after, _ = self.game.apply(state, mover, action)
                node.priors[action] = self.value(after)
            child = Node(available=1, prior=node.priors[action])
            node.children[(mover, action)] = child
            return action, child, True
        best_key = -1.0
        best: tuple[str, Node] = known[0]
        log_n = 0.0
        for action, child in known:
            child.available += 1
            log_n = math.log(child.available)
            key = child.mean(mover) + EXPLORATION * math.sqrt(log_n / child.visits) if child.visits else 1e9
            if key > best_key:
                best_key, best = key, (action, child)
        return best[0], best[1], False
