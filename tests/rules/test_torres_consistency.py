"""Listed moves and accepted moves agree, and the board invariants of §5.1 hold at every step."""

from __future__ import annotations

import random

import pytest

from rules import CHANCE, IllegalAction
from rules.torres import GAME
from rules.torres.board import castles
from rules.torres.data import CARDS, KING, KNIGHTS_PER_PLAYER, SQUARES, TOTAL_BLOCKS, square_name
from tests.conformance import playout

NAMES = [square_name(sq) for sq in range(SQUARES)]


def _invariants(s: dict) -> None:
    h, fig = s["h"], s["fig"]
    cs = castles(h)
    for c in range(len(cs)):
        assert cs.height[c] <= cs.area(c), "a castle is taller than its area"
    if s["king"] >= 0:
        assert fig[s["king"]] == KING and h[s["king"]] >= 1
    assert fig.count(KING) == (1 if s["king"] >= 0 else 0)
    for seat, p in enumerate(s["ps"]):
        assert fig.count(seat) == p["knights"] <= KNIGHTS_PER_PLAYER
        assert all(0 <= v <= 3 for v in p["stacks"])
    in_stacks = sum(sum(p["stacks"]) for p in s["ps"]) + (s["t"]["stack"] if s["t"] else 0)
    assert sum(h) + s["supply"] + in_stacks == TOTAL_BLOCKS, "blocks were created or lost"


@pytest.mark.parametrize("options", [{}, {"cards": "shared"}, {"master": True}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_through_whole_games(players: int, options: dict) -> None:
    run = playout(GAME, players, options, seed=players * 7)
    s = GAME.new(players, options)
    _invariants(s)
    castles_before = len(castles(s["h"]))
    for seat, action in run.log:
        s, _ = GAME.apply(s, seat, action)
        _invariants(s)
        count = len(castles(s["h"]))
        if action.startswith("tower ") and s["stage"] not in ("build", "place"):
            assert count == castles_before, "a tower block founded or merged a castle"
        castles_before = count


def _candidates(s: dict, seat: int) -> list[str]:
    out = ["end", "score", "card draw", "king pass"]
    out += [f"{head} {n}" for head in ("knight", "tower", "king") for n in NAMES]
    mine = [sq for sq in range(SQUARES) if s["fig"][sq] == seat]
    out += [f"move {NAMES[a]}-{n}" for a in mine for n in NAMES]
    hand = set(s["ps"][seat]["hand"]) | set(s["t"]["reveal"] if s["t"] else [])
    for card in sorted(hand):
        out += [f"card keep {card} top", f"card keep {card} bottom", f"card play {card}"]
        out += [f"card play {card} {n}" for n in NAMES]
        out += [f"card play {card} {n} r{k}" for n in NAMES for k in (1, 2, 3)]
        sources = range(SQUARES) if card == "SHIFT" else mine
        out += [f"card play {card} {NAMES[a]}-{n}" for a in sources for n in NAMES]
    return out


@pytest.mark.parametrize("options", [{}, {"master": True}])
def test_listed_moves_are_exactly_the_accepted_ones(options: dict) -> None:
    rng = random.Random(11)
    run = playout(GAME, 3, options, seed=21)
    s = GAME.new(3, options)
    picks = set(rng.sample(range(len(run.log)), 25))
    for i, (seat, action) in enumerate(run.log):
        acting = GAME.to_act(s)
        if i in picks and acting != [CHANCE]:
            who = acting[0]
            legal = set(GAME.legal_actions(s, who))
            for candidate in _candidates(s, who):
                try:
                    GAME.apply(s, who, candidate)
                except IllegalAction:
                    assert candidate not in legal, candidate
                else:
                    assert candidate in legal, candidate
            assert legal <= set(_candidates(s, who)) | {a for a in legal if a.startswith("card play")}
        s, _ = GAME.apply(s, seat, action)


def test_every_card_type_gets_played_somewhere() -> None:
    played: set[str] = set()
    for seed in range(6):
        run = playout(GAME, 4, {"master": True}, seed=seed)
        played |= {a.split()[2] for _, a in run.log if a.startswith("card play")}
    assert played == set(CARDS)
