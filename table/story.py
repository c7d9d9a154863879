"""A finished game's story: each seat's score over the game, its rounds marked, and the figures
that tell how it went — drawn as a second picture under the final post (``render.stats``).

Everything comes from the action log, replayed through the rules (the log is the truth): a
sample of the scores after every decision (a seat's, not a chance step), a mark where the game's
chapter (round, phase) changes (``Game.chapter``), and per seat a few figures. Some figures fit
every game (the final score, turns spent in the lead, the best single turn); a game adds its own
through ``Game.figures`` (FIXER's round scores, the card game's points by source, …). The story is
built only once the game has ended, when nothing in it is secret any more; a solo game against an
automa or a target shows that line too.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rules
from rules import CHANCE, Game
from storage import ActionRow, GameRow
from table import seating
from table.messages import message
from table.options import split_options

if TYPE_CHECKING:
    from table.core import TableCore

MAX_POINTS = 240
"""Samples a chart keeps at most (a 600-decision Burgundy game is thinned evenly): a phone shows
no more than that anyway."""


@dataclass
class Story:
    names: list[str]
    """One per line of the chart: the seats, then the automa where it scores."""
    points: list[list[int]] = field(default_factory=list)
    """The scores after each sampled decision (the first: the start)."""
    marks: list[tuple[int, str]] = field(default_factory=list)
    """Where a chapter (round, phase) began: (index into ``points``, its label)."""
    figures: list[tuple[str, list[str]]] = field(default_factory=list)
    """(label, one value per line) rows of the table under the chart."""

    def view(self, title: str, locale: str) -> dict[str, Any]:
        """The ``render.stats`` view of the story picture."""
        return {
            "kind": "story", "locale": locale, "title": title, "names": self.names, "points": self.points,
            "marks": [[i, label] for i, label in self.marks], "figures": [[label, values] for label, values in self.figures],
        }


def tell(game: Game, state: Any, log: list[ActionRow], names: list[str], locale: str) -> Story:
    """The story of a game whose log is ``log``, starting from ``state`` (its set-up)."""
    points = [list(game.scores(state))]
    marks: list[tuple[int, str]] = []
    chapter = game.chapter(state)
    if chapter:
        marks.append((0, chapter))
    for action in log:
        if action.seat == seating.SEATING:
            continue
        state, _ = game.apply(state, action.seat, action.action)
        if action.seat == CHANCE:
            continue
        points.append(list(game.scores(state)))
        now = game.chapter(state)
        if now and now != chapter:
            marks.append((len(points) - 1, now))
            chapter = now
    lines = len(points[-1])
    shown = list(names[:lines]) + [message("story_automa", locale)] * max(0, lines - len(names))
    story = Story(shown, points, marks)
    story.figures = [*_common_figures(points, locale), *game.figures(state, locale)]
    _thin(story)
    return story


def _common_figures(points: list[list[int]], locale: str) -> list[tuple[str, list[str]]]:
    lines = len(points[-1])
    led = [0] * lines
    best = [0] * lines
    for before, after in itertools.pairwise(points):
        top = max(after)
        if list(after).count(top) == 1 and top > 0:
            led[after.index(top)] += 1
        for seat in range(lines):
            best[seat] = max(best[seat], after[seat] - before[seat])
    turns = max(len(points) - 1, 1)
    return [
        (message("story_final", locale), [str(v) for v in points[-1]]),
        (message("story_led", locale), [f"{round(100 * n / turns)} %" for n in led]),
        (message("story_best_turn", locale), [f"+{v}" for v in best]),
    ]


def _thin(story: Story) -> None:
    """Keep at most ``MAX_POINTS`` samples, evenly, always the first and the last; chapter
    marks move to the kept sample nearest after them."""
    count = len(story.points)
    if count <= MAX_POINTS:
        return
    step = (count - 1) / (MAX_POINTS - 1)
    keep = sorted({round(i * step) for i in range(MAX_POINTS)} | {count - 1})
    where = {old: new for new, old in enumerate(keep)}
    story.points = [story.points[i] for i in keep]
    marks = []
    for index, label in story.marks:
        after = next((k for k in keep if k >= index), keep[-1])
        marks.append((where[after], label))
    story.marks = marks


class StoryCalls:
    """Mixed into ``TableService``."""

    async def story(self: TableCore, row: GameRow, names: list[str], locale: str) -> Story | None:
        """The story of an ended game (``None`` while it runs or if it never started)."""
        if row.status not in ("finished", "abandoned") or row.snapshot is None:
            return None
        game = rules.get(row.game)
        seats = await self.db.seats(row.id)
        log = await self.db.actions(row.id)
        start = game.new(len(seats), split_options(game, row.options, row.capacity)[0])
        # Replaying a long game costs tens of milliseconds of pure Python: off the event loop.
        return await asyncio.to_thread(tell, game, start, log, names, locale)
