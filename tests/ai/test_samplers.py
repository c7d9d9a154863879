"""Every game's sampler rebuilds, from a seat's view, a state that shows that seat the same game.

Over random positions of whole games (every player count, the options that change what is hidden):
the sampled state gives the seat exactly the same view and legal actions as the true state, and
different seeds give different hidden parts where hidden information exists.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from tests.ai.positions import check_sample, positions

CASES: list[tuple[str, int, dict[str, Any] | None]] = [
    ("fixer", 1, None),
    ("fixer", 2, None),
    ("fixer", 3, {"card_passing": True}),
    ("fixer", 4, {"long_match": True}),
    ("burgundy", 1, None),
    ("burgundy", 2, {"boards": "random"}),
    ("burgundy", 3, {"boards": "choose"}),
    ("burgundy", 4, None),
    ("torres", 2, None),
    ("torres", 3, {"cards": "shared"}),
    ("torres", 4, None),
    ("torres", 2, {"master": True}),
    ("tuscany", 2, None),
    ("tuscany", 3, {"estate": "fixed", "start_player": "host"}),
    ("tuscany", 4, {"round_end": "equal_turns"}),
    ("burgundy_cards", 1, None),
    ("burgundy_cards", 1, {"solo_duke": True}),
    ("burgundy_cards", 2, {"start_player": "host", "buys_per_turn": "unlimited"}),
    ("burgundy_cards", 3, {"pile_resplit": False, "supply_limits": "cards"}),
    ("burgundy_cards", 4, None),
]
EVERY = {"fixer": 2, "burgundy": 9, "torres": 5, "tuscany": 9, "burgundy_cards": 7}
"""Sample every n-th position (the long games less often, to keep the suite quick)."""


def test_every_game_with_a_sampler_is_covered() -> None:
    covered = {name for name, _, _ in CASES}
    assert covered == {name for name in rules.GAMES if type(rules.get(name)).sample_state is not rules.Game.sample_state}


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_sampled_states_match_the_view(name: str, players: int, options: dict[str, Any] | None) -> None:
    game = rules.get(name)
    checked = differing = 0
    for state in positions(game, players, seed=7, every=EVERY[name], options=options):
        for seat in range(players):
            first = check_sample(game, state, seat, seed=1)
            second = check_sample(game, state, seat, seed=2)
            checked += 1
            differing += game.dumps(first) != game.dumps(second)
    assert checked > 10
    if name == "torres":
        # Torres hides only drawn cards (none at all in the master game, and random 2-player play
        # rarely draws), so only some positions have hidden parts.
        if players > 2 and not (options or {}).get("master"):
            assert differing > 0, f"torres: seeds never change the hidden parts ({checked} positions)"
    else:
        assert differing > checked // 2, f"{name}: seeds rarely change the hidden parts ({differing}/{checked})"


def test_torres_master_game_hides_nothing() -> None:
    game = rules.get("torres")
    for state in positions(game, 3, seed=3, every=20, options={"master": True}):
        assert check_sample(game, state, 0, 1) == check_sample(game, state, 0, 2)


def test_torres_hidden_hands_vary_when_cards_were_drawn() -> None:
    game = rules.get("torres")
    varied = False
    for state in positions(game, 4, seed=5, every=4):
        drawn = any(p["hand"] or p["top"] or p["bottom"] for p in state["ps"][1:])
        if drawn and game.dumps(check_sample(game, state, 0, 1)) != game.dumps(check_sample(game, state, 0, 2)):
            varied = True
            break
    assert varied


def test_sampled_hidden_cards_are_never_the_viewers_own() -> None:
    """FIXER: the viewer's hand never reappears in a sampled opponent hand (cards are conserved)."""
    game = rules.get("fixer")
    for state in positions(game, 3, seed=11, every=6):
        sample = check_sample(game, state, 0, seed=4)
        mine = set(state["hands"][0])
        assert not mine & {c for h in sample["hands"][1:] for c in h}
        every = [c for h in sample["hands"] for c in h] + sample["discard"] + sample["removed"] + sample["pool"]
        every += [c for w in sample["won_up"] + sample["won_down"] for c in w]
        every += [c for r in sample["regions"] for c in r["cards"] if c]
        if sample["pending"]:
            every.append(sample["pending"]["card"])
        assert len(every) == len(set(every))


def test_fixer_sample_counts_initial_plays_skipped_by_an_empty_hand() -> None:
    """Long match, round 2: a side dealt no card skips its initial plays. A sampled state must know
    those turns are gone, or the viewer's next play would not end the initial plays as it does."""
    from rules.fixer import GAME
    from tests.rules.fixer_tables import table

    state = table(2, options={"long_match": True}, hands={0: ["R1", "R2", "C3"], 1: []}, stage="initial", turn=0, start=0, round_no=2)
    state["initial_done"] = 0
    state, events = GAME.apply(state, 0, "R1@1")
    assert [e["kind"] for e in events] == ["play", "skip"]
    sample = check_sample(GAME, state, 0, seed=1)
    assert sample["initial_done"] == state["initial_done"] == 2
    real, _ = GAME.apply(state, 0, "R2@2")
    guessed, _ = GAME.apply(sample, 0, "R2@2")
    assert guessed["stage"] == real["stage"] == "play"


def test_burgundy_sample_keeps_owned_unique_tiles_and_lost_goods_out_of_the_supplies() -> None:
    """A knowledge tile only the black supply holds, once in an estate, cannot be drawn again; and
    goods that left a solo game (after a ship) are never dealt back into the hidden pool."""
    import random

    from rules.burgundy import GAME
    from tests.rules.test_burgundy_support import act, at_turn, clear_estate, set_player

    state = at_turn(2)
    state["pl"][0]["est"][12] = "K07"
    state["bsupply"]["K07"] = 0
    for k in range(10):
        rng = random.Random(k)
        sample = GAME.sample_state(GAME.view(state, 0), 0, lambda xs, r=rng: r.choice(xs))
        assert sample["bsupply"]["K07"] == 0
    solo = at_turn(1)
    clear_estate(solo, 0, {6: "CAS"})
    set_player(solo, 0, goods=[], store=["SHP"], dice=[3, 1])
    for goods in solo["dgoods"]:  # the depots' goods go back to the pool, then five G4 and a G5 come out
        for kind in goods:
            solo["gpool"][kind - 1] += 1
    solo["dgoods"] = [[4, 4, 4], [4, 4], [], [], [5], []]
    solo["gpool"][3] -= 5
    solo["gpool"][4] -= 1
    left = solo["gpool"][3]
    solo, events = act(solo, 0, "place 3:SHP@9", "choose D5")
    assert {"kind": "goods_lost", "goods": [4, 4, 4, 4, 4]} in events and solo["gout"][3] == 5
    for k in range(10):
        sample = check_sample(GAME, solo, 0, seed=k)
        assert sample["gpool"][3] <= left and sum(sample["gpool"]) == sum(solo["gpool"])


def test_a_game_without_a_sampler_says_so() -> None:
    class Bare(rules.Game):
        name = "bare"

        def new(self, players, options=None):  # type: ignore[no-untyped-def]
            return {}

        def to_act(self, state):  # type: ignore[no-untyped-def]
            return []

        def legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
            return []

        def chance_outcomes(self, state):  # type: ignore[no-untyped-def]
            return []

        def apply(self, state, seat, action):  # type: ignore[no-untyped-def]
            return state, []

        def view(self, state, seat):  # type: ignore[no-untyped-def]
            return {}

        def scores(self, state):  # type: ignore[no-untyped-def]
            return []

    with pytest.raises(NotImplementedError, match="bare has no state sampler"):
        Bare().sample_state({}, 0, lambda options: options[0])


def _cards_everywhere(state: dict[str, Any]) -> list[str]:
    """Every action card a Castles card-game state places, once per copy."""
    cards = list(state["deck"]) + state["discard"] + [c for row in state["display"] for c in row]
    cards += (state["turn"] or {}).get("shown") or []
    cards += [f["card"] for f in state["stack"] if f["k"] in ("proj", "enter")]
    for pl in state["pl"]:
        cards += pl["hand"] + pl["stack"] + pl["proj"] + [c for col in pl["est"].values() for c in col]
    return cards


def test_burgundy_cards_samples_conserve_cards_and_vary_the_hands() -> None:
    """Every card is somewhere exactly once; the viewer's hand stays its own; opponents' hands vary."""
    from rules.burgundy_cards import data as D

    game = rules.get("burgundy_cards")
    table = sorted(D.DIE_TABLES["even"])
    hands_varied = 0
    for state in positions(game, 3, seed=13, every=5):
        first = check_sample(game, state, 0, seed=4)
        second = check_sample(game, state, 0, seed=5)
        for sample in (first, second):
            assert sorted(_cards_everywhere(sample)) == table
            assert sample["pl"][0]["hand"] == state["pl"][0]["hand"]
            assert sorted(sample["hidden"]["goods"]) == sorted(state["hidden"]["goods"])
            assert sorted(sample["hidden"]["animals"]) == sorted(state["hidden"]["animals"])
            for seat in range(3):
                assert len(sample["pl"][seat]["stack"]) == len(state["pl"][seat]["stack"])
        hands_varied += first["pl"][1]["hand"] + first["pl"][2]["hand"] != second["pl"][1]["hand"] + second["pl"][2]["hand"]
    assert hands_varied > 5


def test_burgundy_cards_sampler_refuses_a_view_it_cannot_explain() -> None:
    game = rules.get("burgundy_cards")
    state = next(s for s in positions(game, 2, seed=3, every=1) if s["status"] == "play" and not s["queue"])
    pick = lambda options: options[0]  # noqa: E731
    with pytest.raises(ValueError, match="private view"):
        game.sample_state(game.view(state, 1), 0, pick)
    with pytest.raises(ValueError, match="private view"):
        game.sample_state(game.view(state, None), 0, pick)
    broken = game.view(state, 0)
    broken["deck"] += 1
    with pytest.raises(ValueError, match="unseen"):
        game.sample_state(broken, 0, pick)
