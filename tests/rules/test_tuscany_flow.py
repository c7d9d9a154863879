"""Flow: purity of ``apply``, options, setup decisions, the draw rule and round/turn bookkeeping."""

from __future__ import annotations

import random

import pytest

from rules import CHANCE
from rules.tuscany import GAME
from rules.tuscany.estate import assemble_moves
from table.chance import resolve
from tests.rules.test_tuscany_support import e1, finish_chance, hand, play, refused, set_display, store

OPTIONS = [
    {},
    {"estate": "fixed"},
    {"boards": "preset", "start_player": "host"},
    {"round_end": "equal_turns", "final_tiles": "storage_and_stacks"},
]


@pytest.mark.parametrize("opts", OPTIONS, ids=[",".join(o) or "default" for o in OPTIONS])
def test_apply_never_changes_its_input(opts: dict) -> None:
    for players in (2, 4):
        rng = random.Random(players)
        s = GAME.new(players, opts)
        step = 0
        while not GAME.is_over(s):
            before = GAME.dumps(s)
            acting = GAME.to_act(s)
            if acting == [CHANCE]:
                seat, action = CHANCE, resolve(7, step, GAME.chance_outcomes(s))
            else:
                seat = rng.choice(acting)
                action = rng.choice(GAME.legal_actions(s, seat))
            t, _ = GAME.apply(s, seat, action)
            assert GAME.dumps(s) == before, action
            assert GAME.dumps(GAME.loads(GAME.dumps(t))) == GAME.dumps(t)
            s = t
            step += 1
        assert s["opts"] == GAME.resolve_options(players, opts)


def test_assembly_choices_are_all_distinct_layouts() -> None:
    moves = assemble_moves(["A1", "B1", "C1"])
    assert len(moves) == len(set(moves)) == 6 * 8 * 9  # orders × turns × shift patterns
    assert "assemble C1 A1r B1" in moves and "assemble A1 B1+1 C1" in moves
    assert "assemble A1+2 B1 C1" not in moves


def test_host_chooses_start_player_and_boards() -> None:
    s = GAME.new(3, {"boards": "preset", "start_player": "host"})
    assert GAME.to_act(s) == [0]
    refused(s, 0, "first 4", "bad_seat")
    s, _ = play(s, 0, "first 2")
    assert s["first"] == 1
    refused(s, 0, "boards 1 A1 A2 C1", "preset_boards")
    s, _ = play(s, 0, "boards 1 A1 B1 C1")
    assert "boards 2 A1 B2 C2" not in GAME.legal_actions(s, 0)  # A1 is taken
    s, _ = play(s, 0, "boards 2 A2 B2 C2")
    s, _ = play(s, 0, "boards 3 A3 B3 C3")
    s = finish_chance(s)
    assert GAME.to_act(s) == [0, 1, 2]  # simultaneous, hidden assembly
    for seat in range(3):
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    for seat in range(3):
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert GAME.to_act(s) == [1]  # the starting bonus goes in turn order from the start player
    s, _ = play(s, 1, "bonus RC")
    s, _ = play(s, 2, "bonus RC")
    s, _ = play(s, 0, "bonus RC")
    s = finish_chance(s)
    assert s["phase"] == "play" and s["cur"] == 1 and all(s["display"])


def test_draw_needs_a_card_unless_nothing_else_is_legal() -> None:
    s = e1()
    s["discard"] = {c: 0 for c in s["discard"]}
    s["deck"] = {c: 0 for c in s["deck"]}
    assert "draw" not in GAME.legal_actions(s, 0)
    refused(s, 0, "draw", "draw_empty")
    set_display(s, [None] * 8)
    assert GAME.legal_actions(s, 0) == ["draw"]
    t, _ = play(s, 0, "draw")
    assert t["cur"] == 1 and sum(t["ps"][0]["hand"].values()) == 0


def test_draw_announces_only_the_cards_that_exist() -> None:
    """Q17: with fewer cards left than a draw asks for, the log names the cards really drawn."""
    s = e1()
    s["deck"] = {c: 0 for c in s["deck"]} | {"V": 1}
    s["discard"] = {c: 0 for c in s["discard"]}
    t, ev = GAME.apply(s, 0, "draw")
    assert {"kind": "draw", "seat": 0, "n": 1} in ev
    t, _ = GAME.apply(t, CHANCE, "card V")
    assert sum(t["ps"][0]["hand"].values()) == sum(s["ps"][0]["hand"].values()) + 1
    s["deck"]["V"] = 5
    _, ev = GAME.apply(s, 0, "draw")
    assert {"kind": "draw", "seat": 0, "n": 2} in ev


def test_monastery_announces_only_the_cards_that_exist() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MM")
    s["deck"] = {c: 0 for c in s["deck"]}
    s["discard"] = {c: 0 for c in s["discard"]}
    _, ev = play(s, 0, "place 1M1@d1 using M+M")  # only the 2 paid cards are left to draw
    assert {"kind": "cards", "seat": 0, "n": 2} in ev


def test_monastery_reshuffles_and_stops_when_everything_is_drawn() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MM")
    s["deck"] = {c: 0 for c in s["deck"]} | {"V": 1}
    s["discard"] = {c: 0 for c in s["discard"]}
    s, _ = play(s, 0, "place 1M1@d1 using M+M")
    s, ev = GAME.apply(s, CHANCE, "card V")  # then the 2 paid cards are reshuffled
    assert {"kind": "shuffle", "deck": "region"} in ev
    s, _ = GAME.apply(s, CHANCE, "card M")
    s, _ = GAME.apply(s, CHANCE, "card M")
    assert GAME.to_act(s) == [1] and s["ps"][0]["hand"]["M"] == 2


def test_taking_discards_a_token_and_keeps_fresh_count() -> None:
    s = e1()
    store(s, 0, "hex")
    s["ps"][0]["fresh"] = 1
    t, _ = play(s, 0, "take 1 discard hex")
    assert t["ps"][0]["store"] == ["NC1"] and t["box"] == []
