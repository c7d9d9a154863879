"""The benchmark command keeps working (a tiny run; the figures themselves are not asserted)."""

from __future__ import annotations

import rules
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


async def test_storage_lookup_bench_runs() -> None:
    from bench.storage_scale import lookup_figures

    figures = await lookup_figures(games=500, samples=5)
    assert [f.name.split()[0] for f in figures] == ["latest_game", "games_of_user", "games_in_guild"]
    assert all(len(f.samples) == 5 for f in figures)
