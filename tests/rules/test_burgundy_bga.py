"""Replay of a real Board Game Arena game (table 880137656, 2 players, both on estate board 9).

The log's dice, white dice, depot fills and goods are scripted as chance outcomes and its moves
translated to our notation (``tests/rules/bga_burgundy.py``). The test checks, along the way, the
depot contents, where each round's goods land, silverlings after sales/purchases, workers, the
mine income at every phase end, VP after every turn and every scoring event (region, bonus tile,
animals, watchtower, sale), BGA's own move lists at the start of each of the 50 turns against our
move generator (every placement and take with the workers it needs, the sellable kinds), and at the
end the log's final score table (221 and 143).

Facts the log lacks, reconstructed:

* Seats: JohnnySilverhand (97594154) acts first in round 1, so he is seat 0 (1 worker) and boo2365
  (28944394) seat 1 (2 workers) — BGA's own start workers 1 and 2 confirm it.
* Start goods (dealt face up, never logged): a goods tile's kind is ``id // 7 + 1``. Johnny later
  sells ids 37 (G6, zone 0), 4 (G1, zone 1) and 23 (G4, zone 2), none of which ever lay on a depot;
  boo sells 6 (G1, zone 0) and 21 (G4, zone 2); his zone 1 holds G5 from the start (his first
  ``sellGoods`` costs — 0 workers from a 5 — show it). So Johnny G6 G1 G4, boo G1 G5 G4.
* Board 9 twice: our ``boards: choose`` has one copy of board 9, so the test sets both boards
  directly, then both players send ``castle @34`` as the log shows.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules.burgundy import GAME
from tests.rules.bga_burgundy import Replay, load_table_events

LOG = Path(__file__).resolve().parents[2] / "../shared/data/cob_bga_880137656.json.txt"
JOHNNY, BOO = 97594154, 28944394


@pytest.fixture(scope="module")
def replay() -> Replay:
    if not LOG.exists():
        pytest.skip(f"BGA log not available at {LOG}")
    run = Replay(seats={JOHNNY: 0, BOO: 1}, start_goods={0: [6, 1, 4], 1: [1, 5, 4]})
    run.run(load_table_events(LOG))
    return run


def test_replay_reaches_the_end(replay: Replay) -> None:
    assert GAME.is_over(replay.state)


def test_every_intermediate_check_matches(replay: Replay) -> None:
    wrong = [(what, ours, theirs) for what, ours, theirs in replay.checks if ours != theirs]
    assert not wrong, wrong[:10]
    assert len(replay.checks) > 400


def test_move_generator_matches_bga_move_lists(replay: Replay) -> None:
    assert replay.compared_turns == 50
    placements = [c for c in replay.checks if c[0].startswith("placements")]
    assert len(placements) >= 90 and sum(len(ours) for _, ours, _ in placements) > 150


def test_scoring_events_match_turn_by_turn(replay: Replay) -> None:
    """Same (turn, seat, kind, VP) events; within one placement BGA lists animals before the region."""
    assert Counter(replay.our_scoring) == Counter(replay.bga_scoring)
    assert len(replay.bga_scoring) == 48


def test_final_scores(replay: Replay) -> None:
    final = replay.state["final"]
    johnny, boo = final["rows"]
    assert (johnny["in_game"], johnny["knowledge"], johnny["goods"], johnny["silver"], johnny["workers"]) == \
        (197, 19, 0, 4, 1)
    assert (boo["in_game"], boo["knowledge"], boo["goods"], boo["silver"], boo["workers"]) == (123, 8, 5, 7, 0)
    assert GAME.scores(replay.state) == [221, 143]
    assert GAME.ranking(replay.state) == [0, 1]


def test_log_replays_from_actions_alone(replay: Replay) -> None:
    """Our own action log (after the board edit) reproduces the final state exactly."""
    state = replay.initial
    for seat, action in replay.log:
        assert len(action) <= 100
        state, _ = GAME.apply(state, seat, action)
    assert GAME.dumps(state) == GAME.dumps(replay.state)


def test_translation_uses_every_kind_of_decision(replay: Replay) -> None:
    verbs = Counter(action.split()[0] for seat, action in replay.log if seat >= 0)
    assert {"castle", "take", "place", "adjust", "buy", "choose", "sell", "workers"} <= set(verbs)
    placements = [a for seat, a in replay.log if seat >= 0 and "@" in a and not a.startswith("castle")]
    assert len(placements) == 58  # the log's 58 tileAddedToEstate events (city hall ones as "choose T@i")
