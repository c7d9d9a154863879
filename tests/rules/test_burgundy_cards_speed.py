"""The card game's fast paths behave exactly like the plain ones they replace.

``apply`` validates from a memo of the last legal sets (kept per state value, not per object) and
copies states with ``copy_state`` instead of a ``marshal`` round trip; these tests pin that a state
changed in place after a legal check is judged afresh, and that the copy is a full, independent,
equal deep copy of every state a game (or a sample) reaches.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules import CHANCE, IllegalAction
from rules.burgundy_cards import GAME
from rules.burgundy_cards.moves import decisions
from rules.burgundy_cards.notation import fmt
from rules.burgundy_cards.state import PLAYER_KEYS, STATE_KEYS, clone, copy_state, new_player, new_state

State = dict[str, Any]


def playout(players: int, seed: int, options: dict[str, Any] | None = None) -> list[State]:
    """Every state of a random game, chance steps included."""
    rng = random.Random(seed)
    st = GAME.new(players, options)
    states = [st]
    while GAME.to_act(st):
        acting = GAME.to_act(st)
        if acting == [CHANCE]:
            outcome = rng.choice(GAME.chance_outcomes(st))[0]
            st, _ = GAME.apply(st, CHANCE, outcome)
        else:
            legal = GAME.legal_actions(st, acting[0])
            st, _ = GAME.apply(st, acting[0], rng.choice(legal))
        states.append(st)
    return states


def containers(x: Any, out: set[int]) -> set[int]:
    if isinstance(x, dict):
        out.add(id(x))
        for v in x.values():
            containers(v, out)
    elif isinstance(x, list):
        out.add(id(x))
        for v in x:
            containers(v, out)
    return out


def plain_legal(st: State, seat: int) -> list[str]:
    return sorted({fmt(a) for a in decisions(st, seat)})


def turn_start(players: int = 2, seed: int = 3) -> State:
    for st in playout(players, seed):
        if GAME.to_act(st) != [CHANCE] and GAME.stage(st) == "start":
            return st
    raise AssertionError("no turn start")


def test_layout_keys_match_new_state() -> None:
    assert tuple(new_player()) == PLAYER_KEYS
    assert tuple(new_state(2, GAME.resolve_options(2, None))) == STATE_KEYS


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_copy_state_is_an_independent_clone(players: int) -> None:
    """Equal to ``clone`` (values, types and key order) and sharing no list or dict with the original."""
    rng = random.Random(players)
    for st in playout(players, seed=players):
        states = [st]
        acting = GAME.to_act(st)
        if acting and acting != [CHANCE]:
            states.append(GAME.sample_state(GAME.view(st, acting[0]), acting[0], rng.choice))
        for s in states:
            cp = copy_state(s)
            assert cp == clone(s)
            assert json.dumps(cp) == json.dumps(s)  # key order too
            assert not containers(cp, set()) & containers(s, set())
            short = copy_state(s, last=False)
            assert short["last"] == [] and {**short, "last": s["last"]} == s


def test_copy_state_falls_back_for_another_layout() -> None:
    st = dict(turn_start())
    st["extra"] = [[1, 2]]
    cp = copy_state(st)
    assert cp == st and cp["extra"][0] is not st["extra"][0]


def test_apply_never_mutates_and_matches_plain_validation() -> None:
    for st in playout(3, seed=11)[::7]:
        before = json.dumps(st)
        for seat in GAME.to_act(st):
            if seat == CHANCE:
                continue
            legal = GAME.legal_actions(st, seat)
            assert legal == plain_legal(st, seat)
            for action in legal:
                GAME.apply(st, seat, action)
        assert json.dumps(st) == before


def test_state_changed_in_place_after_a_legal_check_is_judged_afresh() -> None:
    st = turn_start()
    seat = GAME.to_act(st)[0]
    legal = GAME.legal_actions(st, seat)
    play = next(a for a in legal if a.startswith("play 2"))
    GAME.apply(st, seat, play)
    st["pl"][seat]["hand"].pop()  # the second hand card is gone: "play 2 …" no longer exists
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, seat, play)
    assert info.value.key == "no_slot"
    st["pl"][seat]["silver"] = 9  # a purchase becomes legal without another legal_actions call
    GAME.apply(st, seat, "buy")
    assert GAME.legal_actions(st, seat) == plain_legal(st, seat)


def test_a_copy_of_a_checked_state_and_other_seats() -> None:
    st = turn_start()
    seat = GAME.to_act(st)[0]
    legal = GAME.legal_actions(st, seat)
    twin = json.loads(json.dumps(st))
    assert GAME.apply(twin, seat, legal[0])[0] == GAME.apply(st, seat, legal[0])[0]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 1 - seat, legal[0])
    assert info.value.key == "not_your_turn"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, CHANCE, legal[0])
    assert info.value.key == "no_chance"


def test_refusals_are_not_remembered() -> None:
    st = turn_start()
    seat = GAME.to_act(st)[0]
    for _ in range(2):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(st, seat, "play 1 take")
        assert info.value.key == "notation"
        with pytest.raises(IllegalAction) as info:
            GAME.apply(st, seat, "end")
        assert info.value.key == "play_first"
    with pytest.raises(IllegalAction):
        GAME.apply(st, seat, ["buy"])  # type: ignore[arg-type]
    legal = GAME.legal_actions(st, seat)
    assert GAME.apply(st, seat, "  " + legal[0].upper())[0] == GAME.apply(st, seat, legal[0])[0]
