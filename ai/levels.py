"""The bot levels players choose: an iteration target per decision, under a wall-clock ceiling.

Why iterations: a time budget alone makes a bot weaker whenever the machine is busy (under load a
``normal`` decision once got 0.3-0.5 s of CPU for its 1 s). A level is therefore a number of search
iterations — the strength — and a wall-clock ceiling that ends the search if the machine is so
loaded that the target cannot be reached in time: a busy machine makes the bot *slower* first (up
to the ceiling) and only then weaker.

The target of a level is the share ``TARGET_SHARE`` of what its nominal seconds (``LEVELS``) give on
one idle core (``RATE``, iterations per CPU second, measured per game: the search's cost per
iteration differs fivefold between games), so a typical decision on an idle core ends before the
nominal time, a slow position's before the ceiling.
"""

from __future__ import annotations

LEVELS: dict[str, float] = {"easy": 0.1, "normal": 1.0, "hard": 5.0}
"""Nominal seconds of search per decision (issue 11: easy 0.1 s, normal 1 s, hard 5 s)."""

DEFAULT_LEVEL = "normal"

CEILING_FACTOR = 1.2
"""The wall-clock ceiling of a level, as a multiple of its nominal seconds (issue 26: a ``normal``
decision's p95 stays ≤ 1.2 s on an idle core — and the ceiling guarantees it)."""

TARGET_SHARE = 0.7
"""The iteration target as a share of the iterations the nominal seconds give on an idle core."""

RATE: dict[str, int] = {
    "fixer": 1500,
    "burgundy": 360,
    "burgundy_cards": 670,
    "tuscany": 810,
    "torres": 350,
}
"""Median search iterations per CPU second on one idle core, per game (two players, 30 positions
spread over random games; measured 2026-12-02 on the 2-core build machine with nothing else
running, ``search.CLOCK = time.process_time``, early stopping off; p10-p90 per position: fixer
1060-2730, burgundy 200-590, burgundy_cards 230-830, tuscany 540-1210, torres 300-760). The
targets at ``normal`` are 70 % of these: fixer 1050, burgundy 252, burgundy_cards 469, tuscany
567, torres 245 iterations.

The card game's rate was 400 until its rules engine (a memo of the legal set ``apply`` checks, a
field-wise state copy) and its estimate (constants read once per estimate) were made faster with
every decision unchanged: on a later, faster machine, back to back on the same 30 positions, the
search ran 1.69x the iterations per CPU second (median 736 before, 1240 after), so its rate is
400 x 1.69 in the units of the first machine. Rates are machine-relative: that later machine ran
every game's search 1.9-3.2x faster than the figures above."""

DEFAULT_RATE = 300
"""Iterations per second assumed for a game not measured yet."""


def seconds_for(level: str) -> float:
    """The nominal seconds of ``level``; ``KeyError`` naming the known levels otherwise."""
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}") from None


def ceiling_for(level: str) -> float:
    """The wall-clock seconds after which a decision at ``level`` stops short of its target."""
    return seconds_for(level) * CEILING_FACTOR


def iterations_for(level: str, game: str) -> int:
    """The iteration target of ``level`` in ``game`` (at least one)."""
    return max(1, round(RATE.get(game, DEFAULT_RATE) * TARGET_SHARE * seconds_for(level)))
