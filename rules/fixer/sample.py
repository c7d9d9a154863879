"""A full FIXER state consistent with one seat's view, for the AI (``Game.sample_state``).

The 28 or 36 cards are always somewhere: hands, regions, won piles, the pending card, the
discard, the removed cards, the automa's deck or the pool being dealt. A seat sees its own hand
and face-down won cards, every face-up card and the counts of everything else, so the cards it
cannot place are shuffled by ``pick`` into the hidden places of the right sizes. Counters the view
leaves out follow from the stage as the engine sets them; earlier rounds' scores of other players
(hidden until the end) are taken as equal to the viewer's, a neutral guess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import multiset_minus, shuffled
from rules.fixer.cards import deck, sorted_cards
from rules.fixer.engine import AUTOMA_SEAT, State
from rules.fixer.layout import HAND_SIZE, INITIAL_PLAYS_EACH, MAX_NUMBER, REMOVED

Pick = Callable[[list[Any]], Any]


def _side(seat: int | None) -> int:
    return 1 if seat == AUTOMA_SEAT else (seat or 0)


def sample_state(view: dict[str, Any], seat: int, pick: Pick) -> State:
    solo = bool(view["solo"])
    sides = 2 if solo else view["players"]
    humans = 1 if solo else sides
    over = bool(view["over"])
    opts = dict(view["options"])
    rnd = view["round"]
    seats = view["seats"]
    auto = view["automa"]
    result = view["result"]

    hands: list[list[str] | None] = [s["hand"] for s in seats]
    won_down: list[list[str] | None] = [s["won_down"] for s in seats]
    won_up = [list(s["won_up"]) for s in seats]
    black = [s["markers"]["black"] for s in seats]
    red = [s["markers"]["red"] for s in seats]
    mine = seats[seat]["round_scores"] or []
    round_scores = [list(s["round_scores"]) if s["round_scores"] is not None else list(mine) for s in seats]
    slots: list[str] = []
    if solo:
        hands.append(sorted_cards([f"{p['suit']}{n}" for p in auto["piles"] for n in p["cards"]]))
        slots = [p["suit"] for p in auto["piles"]]
        won_down.append(auto["won_down"])
        won_up.append(list(auto["won_up"]))
        black.append(auto["markers"]["black"])
        red.append(auto["markers"]["red"])
        round_scores.append(list(auto["round_scores"]) if auto["round_scores"] is not None else list(mine))

    stage = view["stage"]
    dealt = sum(s["hand_count"] for s in seats) + view["removed_count"]
    if stage == "deal":
        if rnd == 1 and dealt == 0 and not any(region["cards"] != [None, None] for region in view["regions"]):
            stage = "start"
        elif opts.get("long_match") and rnd > 1 and not solo:
            stage = "refill"

    removed = list(result["removed"]) if result is not None else None
    known: list[str] = [c for h in hands if h is not None for c in h]
    known += [c for w in won_down if w is not None for c in w]
    known += [c for w in won_up for c in w]
    known += [c for region in view["regions"] for c in region["cards"] if c is not None]
    if view["pending"]:
        known.append(view["pending"]["card"])
    if removed is not None:
        known += removed
    unknown = [] if stage == "start" else shuffled(multiset_minus(deck(MAX_NUMBER[sides]), known), pick)

    def take(size: int) -> list[str]:
        nonlocal unknown
        part, unknown = unknown[:size], unknown[size:]
        return sorted_cards(part)

    for side in range(humans):
        if hands[side] is None:
            hands[side] = take(seats[side]["hand_count"])
        if won_down[side] is None:
            won_down[side] = take(seats[side]["won_down_count"])
    automa_deck: list[str] = []
    if solo:
        if won_down[1] is None:
            won_down[1] = take(auto["won_down_count"])
        automa_deck = take(auto["deck_count"])
    if removed is None:
        removed = take(view["removed_count"])
    discard = take(view["discard_count"])
    pool = sorted_cards(unknown) if stage in ("deal", "refill") else []

    deal_to: list[int] = []
    if stage == "deal":
        hand = HAND_SIZE[sides]
        if solo:
            targets = [0] * hand + [-1] * REMOVED[sides]
        elif sides == 2:
            targets = [0] * hand + [1] * hand
        else:
            targets = [s for s in range(sides - 1) for _ in range(hand)]
        deal_to = targets[dealt:]

    passes: list[list[str] | None] = [None] * sides
    if stage == "pass":
        for side in range(humans):
            if not seats[side]["passed"]:
                continue
            if seats[side]["passing"] is not None:
                passes[side] = list(seats[side]["passing"])
            elif side == seat or len(hands[side] or []) < 3:
                passes[side] = []
            else:
                passes[side] = sorted_cards(shuffled(list(hands[side] or []), pick)[:3])

    pending = None
    turn = _side(view["turn"]) if view["turn"] is not None else _side(view["start"])
    if view["pending"]:
        pending = {
            "loser": _side(view["pending"]["seat"]),
            "card": view["pending"]["card"],
            "active": turn,
            "region": view["pending"]["region"],
        }
    finished = len(round_scores[0])
    round_red = [[0] * finished for _ in range(sides)]
    round_cards = [[0] * finished for _ in range(sides)]
    if over:
        for side in range(sides):
            round_red[side][-1:] = [red[side]]
            round_cards[side][-1:] = [len(won_up[side]) + len(won_down[side] or [])]
    return {
        "sides": sides,
        "solo": solo,
        "opts": opts,
        "round": rnd,
        "rounds": view["rounds"],
        "stage": stage,
        "start": _side(view["start"]),
        "turn": turn,
        "initial_done": _initial_done(view["regions"], hands, _side(view["start"]), solo) if stage == "initial" else 0,
        "hands": hands,
        "slots": slots,
        "deck": automa_deck,
        "pool": pool,
        "deal_to": deal_to,
        "regions": [
            {"cards": list(region["cards"]), "left": region["markers_left"], "marks": [list(m) for m in region["sides"]]}
            for region in view["regions"]
        ],
        "won_up": won_up,
        "won_down": won_down,
        "black": black,
        "red": red,
        "round_scores": round_scores,
        "round_red": round_red,
        "round_cards": round_cards,
        "pending": pending,
        "passes": passes,
        "discard": discard,
        "removed": removed,
        "instant": _side(result["instant_win"]) if result is not None and result["instant_win"] is not None else None,
    }


def _initial_done(regions: list[dict[str, Any]], hands: list[list[str] | None], start: int, solo: bool) -> int:
    """How many of the alternating initial plays (2 players, solo) are behind us: the plays on the
    table *and* the turns skipped by a side whose hand ran empty (``engine.next_initial``; only a
    long match's second round can deal a hand too small for its plays). Counting the cards alone
    would give a side that skipped its play another one."""
    placed = [sum(1 for region in regions if region["cards"][side] is not None) for side in (0, 1)]
    played = [0, 0]
    side = start
    for done in range(INITIAL_PLAYS_EACH * 2):
        holds = (solo and side == 1) or len(hands[side] or []) + placed[side] - played[side] > 0
        if holds and played[side] == placed[side]:
            return done  # this side plays next
        if holds:
            played[side] += 1
        side = 1 - side
    return INITIAL_PLAYS_EACH * 2
