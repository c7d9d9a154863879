"""The AI benchmark keeps working (a tiny run; strength targets live in the benchmark itself)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.ai import local_greedy, main, match, random_policy, search_policy, solo, wilson


def test_wilson_interval() -> None:
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.95 < high < 0.99
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tiny_match_counts_every_game() -> None:
    score, n = match("fixer", search_policy(None, 3), random_policy, count=2)
    assert n == 2 and 0.0 <= score <= 2.0
    score, n = match("fixer", local_greedy, random_policy, count=2)
    assert n == 2 and 0.0 <= score <= 2.0
    wins, n = solo("fixer", search_policy(None, 2), count=1)
    assert n == 1 and wins in (0.0, 1.0)


def test_the_command_prints_a_line_per_pairing(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--games", "fixer", "--count", "2", "--iterations", "2", "--timing", "2", "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert out.count("vs random") == 1 and out.count("vs greedy") == 1
    assert "decision 0.1s" in out


def test_pairings_run_in_worker_processes_with_the_same_results() -> None:
    from bench.ai import pairing

    alone = pairing("fixer", "greedy", None, 2, count=2, workers=1)
    pooled = pairing("fixer", "greedy", None, 2, count=2, workers=2)
    assert alone[:2] == pooled[:2] and alone[1] == 2
    assert len(alone[2]) == len(pooled[2]) > 0


def test_the_header_states_the_budget_and_solo_lines_the_mean_score(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--games", "fixer", "--count", "1", "--iterations", "2", "--rivals", "", "--solo", "--timing", "0"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "normal at 2 iterations per decision" in out and "1 games per pairing" in out and "+ solo" in out
    assert out.count("solo") >= 2 and "mean final score" in out


def test_a_ledger_keeps_finished_games_and_plays_only_the_missing_ones(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bench.ai as bench_ai

    ledger = tmp_path / "ledger.jsonl"
    argv = ["--games", "fixer", "--iterations", "2", "--rivals", "greedy", "--timing", "0", "--ledger", str(ledger)]
    assert main([*argv, "--count", "2"]) == 0
    assert len(ledger.read_text().splitlines()) == 2
    played: list[object] = []
    real = bench_ai.run_task
    monkeypatch.setattr(bench_ai, "run_task", lambda task: played.append(task) or real(task))
    assert main([*argv, "--count", "3"]) == 0
    assert [t[4] for t in played] == [2]  # games 0 and 1 came from the ledger
    assert len(ledger.read_text().splitlines()) == 3
    assert "games=   3" in capsys.readouterr().out
    # a change of the code that plays the games makes the old records stop counting
    monkeypatch.setattr(bench_ai, "POLICY_VERSION", bench_ai.POLICY_VERSION + 1)
    played.clear()
    assert main([*argv, "--count", "1"]) == 0
    assert [t[4] for t in played] == [0]


def test_a_ledger_refuses_games_of_code_that_changed_during_the_run(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Workers run the code imported at the start: an edit during the run must not be filed as new."""
    import bench.ai as bench_ai

    ledger = tmp_path / "ledger.jsonl"
    opened = bench_ai.Ledger

    def edited_after_opening(path):  # type: ignore[no-untyped-def]
        made = opened(path)
        monkeypatch.setattr(bench_ai, "fingerprint", lambda game: "edited")
        return made

    monkeypatch.setattr(bench_ai, "Ledger", edited_after_opening)
    argv = ["--games", "fixer", "--iterations", "2", "--rivals", "greedy", "--timing", "0", "--count", "1"]
    assert main([*argv, "--ledger", str(ledger)]) == 3
    assert "changed during this run" in capsys.readouterr().err
    assert not ledger.exists()


def test_the_summary_reads_what_the_ledger_holds_for_todays_code(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    ledger = tmp_path / "ledger.jsonl"
    argv = ["--games", "fixer", "--iterations", "2", "--timing", "0", "--ledger", str(ledger), "--clock", "wall"]
    assert main([*argv, "--count", "2", "--rivals", "greedy", "--solo"]) == 0
    capsys.readouterr()
    assert main([*argv, "--summary"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "2 iterations per decision" in out[0]
    rows = {line.split()[2] + " " + line.split()[3]: line for line in out[1:]}
    assert set(rows) == {"vs greedy", "solo bot", "solo greedy"}
    assert all("games=   2" in line for line in rows.values())
    assert main([*argv, "--summary", "--clock", "cpu"]) == 0  # other games: nothing to report
    assert len(capsys.readouterr().out.splitlines()) == 1


def test_the_rules_rival_and_the_margin_reach_the_ledger_and_the_summary(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--rivals rules`` plays the game's own rules-based player; each record keeps the bot's margin
    over its rival, and ``--iterations level`` files games under the level's target for that game."""
    import ai

    ledger = tmp_path / "strength"  # a folder: one file per game
    argv = ["--games", "tuscany", "--iterations", "level", "--level", "easy", "--timing", "0", "--ledger", str(ledger)]
    assert main([*argv, "--count", "2", "--rivals", "rules"]) == 0
    out = capsys.readouterr().out
    assert f"({ai.iterations_for('easy', 'tuscany')} iterations) vs rules" in out and "mean margin" in out
    assert [p.name for p in ledger.iterdir()] == ["tuscany.jsonl"]
    records = [json.loads(line) for line in (ledger / "tuscany.jsonl").read_text().splitlines()]
    assert len(records) == 2
    for record in records:
        key = json.loads(record["key"])
        assert key[1] == "rules" and key[3] == ai.iterations_for("easy", "tuscany") and key[2] is None
        assert isinstance(record["margin"], float)
        if record["margin"] != 0:  # a tie on points is broken by the rules' tiebreak
            assert record["result"] == (1.0 if record["margin"] > 0 else 0.0)
    assert main([*argv, "--summary"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 2 and "vs rules" in rows[1] and "games=   2" in rows[1] and "mean margin" in rows[1]


def test_tuning_one_games_estimate_leaves_the_other_games_records_standing(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bench.ai as bench_ai

    before = {game: bench_ai.fingerprint(game) for game in ("fixer", "tuscany")}
    estimate = bench_ai.ROOT / "ai" / "estimates" / "tuscany.py"
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: real(self) + (b"#" if self == estimate else b""))
    assert bench_ai.fingerprint("tuscany") != before["tuscany"]
    assert bench_ai.fingerprint("fixer") == before["fixer"]
