"""The benchmark's independent card-game player plays legal whole games, beats random play, and
follows its own rules on hand-built positions (it is the bar the search must clear, issue 26)."""

from __future__ import annotations

from typing import Any

import rules
from bench import ai as bench_ai
from bench.heuristics import burgundy_cards as cards_rules
from rules.burgundy_cards import data as D
from tests.ai.cards_positions import move, set_hand, settle

GAME = rules.get("burgundy_cards")


def turn_start() -> tuple[Any, int]:
    """The first turn start of a fresh two-player game: (state, seat to act)."""
    state = settle(GAME.new(2, {"start_player": "random"}))
    seat = GAME.to_act(state)[0]
    return state, seat


def decide(state: Any, seat: int, seed: int = 0) -> str:
    return cards_rules.play("burgundy_cards", GAME.view(state, seat), seat, seed)


def test_the_rules_player_finishes_games_and_beats_random() -> None:
    for seed in range(2):
        seat = seed % 2
        policies = [bench_ai.random_policy, bench_ai.random_policy]
        policies[seat] = cards_rules.play
        state = bench_ai.play_game("burgundy_cards", 2, policies, seed=seed)
        assert GAME.is_over(state)
        scores = GAME.scores(state)
        assert scores[seat] > scores[1 - seat] + 5
        estate = state["pl"][seat]["est"]
        # It builds: many cards in its Estate and at least two completed triples.
        assert sum(len(cards) for cards in estate.values()) >= 9
        assert sum(len(cards) // 3 for cards in estate.values()) >= 2


def test_it_is_deterministic_per_seed() -> None:
    state, seat = turn_start()
    view = GAME.view(state, seat)
    assert cards_rules.play("burgundy_cards", view, seat, 7) == cards_rules.play("burgundy_cards", view, seat, 7)


def test_it_builds_the_project_that_completes_a_triple() -> None:
    state, seat = turn_start()
    for card in ("CAS1a", "CAS4b"):
        move(state, card, seat, "CAS")
    for card in ("CAS3a", "PAS5c"):
        move(state, card, seat, "proj")
    set_hand(state, seat, ["SHI3b", "KNO5a"])
    state["pl"][seat]["silver"] = 0
    action = decide(state, seat)
    # Both projects fit a hand card; the castle completes the triple (5 VP and the "1." card).
    assert action == "play 1 build CAS3a"


def test_it_spends_a_worker_to_build_rather_than_take() -> None:
    state, seat = turn_start()
    move(state, "MIN2b", seat, "proj")
    set_hand(state, seat, ["SHI3a", "SHI6a"])
    state["pl"][seat].update(workers=1, silver=0)
    assert decide(state, seat) == "play 1 -1 build MIN2b"


def test_it_sells_two_goods_of_a_kind() -> None:
    state, seat = turn_start()
    pl, hidden = state["pl"][seat], state["hidden"]["goods"]
    kind = next(k for k in D.GOODS_KINDS if sum(D.goods_kind(g) == k for g in hidden) >= 2)
    pair = [g for g in hidden if D.goods_kind(g) == kind][:2]
    for card in pair:
        hidden.remove(card)
    hidden.extend(pl["goods"])
    hidden.sort()
    state["piles"]["g2"]["n"] -= 1
    pl.update(goods=pair, silver=0)
    value = {"light": 2, "medium": 4, "dark": 6}[kind]
    # A die that sells the pair, and one that neither builds nor takes anything worth more.
    set_hand(state, seat, [f"SHI{value}a", f"SHI{value}b"])
    for row in state["display"]:
        state["discard"] += row
        row.clear()
    assert decide(state, seat) == "play 1 sell"


def test_it_converts_everything_on_its_last_turn() -> None:
    state, seat = turn_start()
    pl = state["pl"][seat]
    pl.update(turns=len(D.ROUND_CARDS) * D.TURNS_PER_ROUND - 1, workers=2, silver=4)
    assert decide(state, seat) == "play 1 convert w2 s4"


def test_a_cloister_joins_the_colour_it_completes() -> None:
    state, seat = turn_start()
    pl = state["pl"][seat]
    for card in ("SHI2a", "SHI5b"):
        move(state, card, seat, "SHI")
    move(state, "KNO1a", seat, "KNO")
    assert cards_rules._cloister_colour(state, pl) == "SHI"
    pl["est"]["SHI"] = pl["est"]["SHI"][:1]
    pl["est"]["CLO"] = ["CLO1a", "CLO2a"]
    assert cards_rules._cloister_colour(state, pl) == "CLO"
