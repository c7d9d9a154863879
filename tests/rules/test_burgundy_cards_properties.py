"""Property tests (hypothesis): after any sequence of legal moves

* no view shows another player's hand, any personal stack, the deck or the cards under the goods
  and animal piles' tops (only their counts);
* every card is in exactly one place (conservation of the 114 action, 18 goods and 20 animal cards);
* silver, workers and VP never go negative; Projects never exceed 3.
"""

from __future__ import annotations

import json
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import CHANCE
from rules.burgundy_cards import GAME
from rules.burgundy_cards import data as D
from table.chance import resolve


def action_cards(state: dict) -> list[str]:
    cards = list(state["deck"]) + list(state["discard"])
    for row in state["display"]:
        cards += row
    for pl in state["pl"]:
        cards += pl["hand"] + pl["stack"] + pl["proj"]
        for stack in pl["est"].values():
            cards += stack
    if state["turn"] and state["turn"]["shown"]:
        cards += state["turn"]["shown"]
    for frame in state["stack"]:
        if frame["k"] in ("proj", "enter"):
            cards.append(frame["card"])  # a card on its way into Projects or the Estate
    return cards


def other_cards(state: dict) -> tuple[list[str], list[str]]:
    goods = list(state["hidden"]["goods"])
    animals = list(state["hidden"]["animals"])
    for name, pile in state["piles"].items():
        if pile["top"]:
            (goods if name[0] == "g" else animals).append(pile["top"])
    for pl in state["pl"]:
        goods += pl["goods"] + pl["sold"]
        animals += pl["animals"]
    return goods, animals


def check(state: dict) -> None:
    cards = action_cards(state)
    assert sorted(cards) == sorted(D.DIE_TABLES["even"]), "an action card is lost or doubled"
    if state["status"] != "setup":
        goods, animals = other_cards(state)
        assert sorted(goods) == sorted(D.GOODS_CODES) and sorted(animals) == sorted(D.ANIMAL_CODES)
        hidden = sum(max(0, p["n"] - 1) for n, p in state["piles"].items() if n[0] == "g")
        assert hidden == len(state["hidden"]["goods"]) or any(t[0] == "top" for t in state["queue"])
    for pl in state["pl"]:
        assert pl["silver"] >= 0 and pl["workers"] >= 0 and pl["vp"] >= 0
        assert len(pl["proj"]) <= D.PROJECT_LIMIT and len(pl["hand"]) <= 2
    deck = list(state["deck"])
    last = GAME.view(state, None).get("last") or []
    if any(e.get("kind") == "reshuffle" for e in last):
        # Cards the last move showed everyone (a bought card used, the display discarded) and the
        # reshuffle then put in the deck: that they are in it is public, naming them is no leak.
        shown = json.dumps([e for e in last if e.get("kind") != "reshuffle"])
        deck = [c for c in deck if f'"{c}"' not in shown]
    secret_everywhere = deck + list(state["hidden"]["goods"]) + list(state["hidden"]["animals"])
    for pl in state["pl"]:
        secret_everywhere += pl["stack"]
    for seat in [None, *range(state["n"])]:
        text = json.dumps(GAME.view(state, seat))
        secrets = list(secret_everywhere)
        for other in range(state["n"]):
            if other != seat:
                secrets += state["pl"][other]["hand"]
        leaked = [c for c in secrets if f'"{c}"' in text]
        assert not leaked, (seat, leaked)
        if seat is not None:
            for card in state["pl"][seat]["hand"]:
                assert f'"{card}"' in text, "the owner must see the hand"


@settings(max_examples=8, deadline=None)
@example(players=4, seed=2307, every=5, solo_duke=False, buys=1)  # a reshuffle right after a used card
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), every=st.integers(3, 17),
       solo_duke=st.booleans(), buys=st.sampled_from([1, 2, "unlimited"]))
def test_views_hide_hands_stacks_and_deck(players: int, seed: int, every: int, solo_duke: bool, buys) -> None:
    options = {"buys_per_turn": buys}
    if players == 1:
        options["solo_duke"] = solo_duke
    state = GAME.new(players, options)
    rng = random.Random(seed)
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            check(state)
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, resolve(seed, step, GAME.chance_outcomes(state)))
        else:
            legal = GAME.legal_actions(state, acting[0])
            # prefer purchases now and then, so the bought cards and their choices are exercised
            pick = "buy" if "buy" in legal and rng.random() < 0.5 else rng.choice(legal)
            state, events = GAME.apply(state, acting[0], pick)
            for event in events:
                for pl in state["pl"]:
                    for card in pl["hand"] + pl["stack"]:
                        assert card not in json.dumps(event), "an event revealed a hidden card"
        step += 1
    check(state)
    assert state["final"] is not None
