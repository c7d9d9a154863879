"""The benchmark command keeps working (a tiny run; the figures themselves are not asserted)."""

from __future__ import annotations

import rules
from bench.discord_roundtrip import burst
from bench.measure import render_figures, rules_figures, table_figure
from bench.stats import Figure


def test_figure_statistics() -> None:
    f = Figure("x", [5.0, 1.0, 3.0, 2.0, 4.0])
    assert f.median == 3.0 and f.percentile(0.95) == 5.0 and f.percentile(0.0) == 1.0
    assert "median" in f.row()


async def test_bench_pieces_run_for_every_game() -> None:
    for name, game in rules.GAMES.items():
        figures, states = rules_figures(game, runs=1)
        assert all(f.samples for f in figures) and states
        drawn = render_figures(game, states, limit=1)
        assert all(f.samples for f in drawn)
        table = await table_figure(3, name, game.max_players)
        assert len(table.samples) == 3


async def test_the_move_burst_runs_small() -> None:
    """The burst of ``/move`` through the fake Discord at a smoke size: every interaction is
    acknowledged within the deadline and every committed move is posted with its image."""
    report = await burst(moves=8, games=2)
    assert report.sent == 8 and report.acknowledged == 8
    assert report.committed == 8 and report.posted == report.committed
    assert len(report.image_ms) == report.committed and all(ms > 0 for ms in report.image_ms)
    assert "posted 8/8" in report.figures()[0].row()
