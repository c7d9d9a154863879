"""FIXER's state machine: setup, turns, conflicts, rounds and scoring (reference §3–§8).

The state is a JSON-like dict (see ``new_state``). Internally seats are *sides*: in a solo game
side 0 is the human and side 1 the automa; elsewhere side == seat. ``step`` applies one decision
to a private copy and then ``settle`` runs everything that follows without a decision — automatic
discards, skips, the automa's plays when no flip is needed, round ends — so that afterwards the
state always waits on a chance step, a human decision, or nothing (game over).
"""

from __future__ import annotations

import marshal
import re
from typing import Any

from rules.core import IllegalAction
from rules.fixer import automa
from rules.fixer.cards import deck, number, resolve, sorted_cards
from rules.fixer.layout import HAND_SIZE, INITIAL_PLAYS_EACH, MARKERS_PER_REGION, MAX_NUMBER, REMOVED, layout

State = dict[str, Any]
Event = dict[str, Any]
Events = list[Event]

AUTOMA_SEAT = -2
PASS_COUNT = 3
PLAY_RE = re.compile(r"^([RCMP])([1-9])@([1-9])$")
PASS_RE = re.compile(r"^PASS((?: [RCMP][1-9]){3})$")


# ---------------------------------------------------------------------------------------- helpers
def clone(state: State) -> State:
    """A deep copy; marshal round-trips plain dicts/lists/str/int in C, far faster than deepcopy."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def is_automa(state: State, side: int) -> bool:
    return bool(state["solo"]) and side == 1


def seat_of(state: State, side: int) -> int:
    """The public seat number of a side (the automa is ``-2``)."""
    return AUTOMA_SEAT if is_automa(state, side) else side


def side_of(state: State, seat: int) -> int | None:
    """The side a seat plays, or None for a seat that is not at this table."""
    humans = 1 if state["solo"] else state["sides"]
    return seat if 0 <= seat < humans else None


def label(state: State, side: int) -> str:
    return "AU" if is_automa(state, side) else f"S{side + 1}"


def region_sides(state: State, r: int) -> tuple[int, int]:
    return layout(state["sides"])[r]


def next_side(state: State, side: int) -> int:
    return (side + 1) % state["sides"]


def two_sided(state: State) -> bool:
    """2-player and solo tables: neutral markers move to the winner's side; instant wins exist."""
    return state["sides"] == 2


# ------------------------------------------------------------------------------------------ setup
def new_state(players: int, opts: dict[str, Any]) -> State:
    solo = players == 1
    sides = 2 if solo else players
    if solo:
        rounds = int(opts["solo_rounds"])
    elif sides == 2:
        rounds = 2
    else:
        rounds = 2 if opts["long_match"] else 1
    state: State = {
        "sides": sides,
        "solo": solo,
        "opts": dict(opts),
        "round": 1,
        "rounds": rounds,
        "stage": "start",
        "start": 0,
        "turn": 0,
        "initial_done": 0,
        "hands": [[] for _ in range(sides)],
        "slots": [],
        "deck": [],
        "pool": [],
        "deal_to": [],
        "regions": [],
        "won_up": [[] for _ in range(sides)],
        "won_down": [[] for _ in range(sides)],
        "black": [0] * sides,
        "red": [0] * sides,
        "round_scores": [[] for _ in range(sides)],
        "round_red": [[] for _ in range(sides)],
        "round_cards": [[] for _ in range(sides)],
        "pending": None,
        "passes": [None] * sides,
        "discard": [],
        "removed": [],
        "instant": None,
    }
    reset_regions(state)
    return state


def reset_regions(state: State) -> None:
    state["regions"] = [
        {"cards": [None, None], "left": MARKERS_PER_REGION, "marks": [[], []]} for _ in layout(state["sides"])
    ]


def begin_deal(state: State) -> None:
    """Shuffle-and-deal as successive chance draws, skipping the draws that are forced.

    2p: 12 + 12 are drawn; the 4 cards left over are the removed ones. Solo: the human's 12 and the 4
    removed are drawn; the remaining 12 are the automa's deck, an unordered set whose order only
    appears flip by flip. 3-4p: every hand but the last is drawn; the last takes the rest.
    """
    sides = state["sides"]
    state["pool"] = deck(MAX_NUMBER[sides])
    hand = HAND_SIZE[sides]
    if state["solo"]:
        targets = [0] * hand + [-1] * REMOVED[sides]
    elif two_sided(state):
        targets = [0] * hand + [1] * hand
    else:
        targets = [s for s in range(sides - 1) for _ in range(hand)]
    state["deal_to"] = targets
    state["stage"] = "deal"


def finish_deal(state: State, events: Events) -> None:
    """Give the forced remainder of the pool to its owner and move on to the first decisions."""
    rest = sorted_cards(state["pool"])
    state["pool"] = []
    if state["solo"]:
        state["deck"] = rest
    elif two_sided(state):
        state["removed"] = rest
    else:
        last = state["sides"] - 1
        state["hands"][last] = sorted_cards(state["hands"][last] + rest)
    events.append(
        {
            "kind": "dealt",
            "round": state["round"],
            "hands": [len(h) for h in state["hands"]],
            "deck": len(state["deck"]),
            "removed": len(state["removed"]) if two_sided(state) else 0,
        }
    )
    after_deal(state, events)


def after_deal(state: State, events: Events) -> None:
    if state["opts"].get("card_passing") and not state["solo"]:
        state["stage"] = "pass"
        # [DECISION] after a long-match refill a hand may hold fewer than 3 cards: it passes none.
        state["passes"] = [None if len(h) >= PASS_COUNT else [] for h in state["hands"]]
        if all(p is not None for p in state["passes"]):
            exchange_passes(state, events)
    else:
        start_plays(state, events)


def start_plays(state: State, events: Events) -> None:
    if two_sided(state):
        state["stage"] = "initial"
        state["initial_done"] = 0
        next_initial(state, state["start"], events)
    else:
        begin_turn(state, state["start"], events)


def next_initial(state: State, side: int, events: Events) -> None:
    """2p/solo initial plays alternate; a side with no card left (long match) skips its play.

    [DECISION] The rules assume full hands; after a long-match refill a hand may be empty.
    """
    while state["initial_done"] < INITIAL_PLAYS_EACH * 2:
        if state["hands"][side] or (is_automa(state, side) and state["deck"]):
            state["turn"] = side
            return
        events.append({"kind": "skip", "seat": seat_of(state, side)})
        state["initial_done"] += 1
        side = next_side(state, side)
    begin_turn(state, state["start"], events)


# -------------------------------------------------------------------------------------- queries
def available_regions(state: State, side: int, initial: bool = False) -> list[int]:
    """Open regions where ``side`` sits and its own side is empty (initial: both sides empty)."""
    out = []
    for r, region in enumerate(state["regions"]):
        pair = region_sides(state, r)
        if side not in pair or region["left"] == 0:
            continue
        mine = pair.index(side)
        if region["cards"][mine] is not None:
            continue
        if initial and region["cards"][1 - mine] is not None:
            continue
        out.append(r)
    return out


def can_act(state: State, side: int) -> bool:
    if not available_regions(state, side):
        return False
    if is_automa(state, side):
        return bool(state["hands"][side] or state["deck"])
    return bool(state["hands"][side])


def opponent_card(state: State, side: int, r: int) -> str | None:
    pair = region_sides(state, r)
    return state["regions"][r]["cards"][1 - pair.index(side)]


def legal_plays(state: State, side: int) -> list[str]:
    """Every ``<card>@<region>`` legal for ``side`` now (must-follow applied per region)."""
    initial = state["stage"] == "initial"
    hand = state["hands"][side]
    out = []
    for r in available_regions(state, side, initial):
        lead = opponent_card(state, side, r)
        for card in automa.legal_cards(hand, lead):
            out.append(f"{card}@{r + 1}")
    return sorted(out)


def keep_allowed(state: State, side: int, card: str) -> bool:
    """A face-up card of the same suit in front of the loser bans keeping (reference §5.2)."""
    return all(c[0] != card[0] for c in state["won_up"][side])


def round_score(state: State, side: int) -> int:
    cards = state["won_up"][side] + state["won_down"][side]
    return sum(number(c) for c in cards) + int(state["opts"]["critical_bonus"]) * state["red"][side]


def totals(state: State) -> list[int]:
    """Completed rounds plus the running round (nothing runs once the game is over)."""
    live = state["stage"] != "over"
    return [
        sum(state["round_scores"][s]) + (round_score(state, s) if live else 0) for s in range(state["sides"])
    ]


def any_open(state: State) -> bool:
    return any(region["left"] > 0 for region in state["regions"])


# ------------------------------------------------------------------------------------- decisions
def parse_play(action: str) -> tuple[str, int]:
    text = re.sub(r"\s+", "", action.upper())
    m = PLAY_RE.match(text)
    if not m:
        raise IllegalAction(
            "write a play as <card>@<region>, e.g. R7@2", "bad_notation", example="R7@2"
        )
    return f"{m.group(1)}{m.group(2)}", int(m.group(3)) - 1


def check_play(state: State, side: int, card: str, r: int) -> None:
    """Raise the rule that forbids this play, in the reference's order of checks (§5.1)."""
    if card not in state["hands"][side]:
        raise IllegalAction(f"{card} is not in your hand", "not_in_hand", card=card)
    if not 0 <= r < len(state["regions"]):
        raise IllegalAction(f"there is no region @{r + 1}", "no_region", region=r + 1)
    pair = region_sides(state, r)
    if side not in pair:
        raise IllegalAction(f"@{r + 1} is not one of your regions", "not_your_region", region=r + 1)
    region = state["regions"][r]
    if region["left"] == 0:
        raise IllegalAction(f"@{r + 1} is closed", "region_closed", region=r + 1)
    mine = pair.index(side)
    if region["cards"][mine] is not None:
        raise IllegalAction(f"your side of @{r + 1} is occupied", "side_occupied", region=r + 1)
    lead = region["cards"][1 - mine]
    if state["stage"] == "initial" and lead is not None:
        raise IllegalAction(
            f"initial plays need a region with both sides empty (@{r + 1} holds a card)",
            "initial_needs_empty",
            region=r + 1,
        )
    if lead is not None and card[0] != lead[0] and any(c[0] == lead[0] for c in state["hands"][side]):
        raise IllegalAction(
            f"you must follow suit {lead[0]} at @{r + 1}", "must_follow", suit=lead[0], region=r + 1
        )


def play_card(state: State, side: int, card: str, r: int, events: Events) -> None:
    """Lay ``card`` on ``side``'s side of region ``r``; resolve if the region is now full."""
    hand = state["hands"][side]
    hand.remove(card)
    region = state["regions"][r]
    pair = region_sides(state, r)
    mine = pair.index(side)
    region["cards"][mine] = card
    initial = state["stage"] == "initial"
    events.append(
        {"kind": "play", "seat": seat_of(state, side), "card": card, "region": r + 1, "initial": initial}
    )
    if initial:
        state["initial_done"] += 1
        next_initial(state, next_side(state, side), events)
        return
    if region["cards"][1 - mine] is None:
        advance_turn(state, side, events)
        return
    conflict(state, r, side, events)


def conflict(state: State, r: int, active: int, events: Events) -> None:
    """Resolve a full region (reference §4.3)."""
    region = state["regions"][r]
    pair = region_sides(state, r)
    second_side = active
    first_side = pair[1 - pair.index(active)]
    first = region["cards"][pair.index(first_side)]
    second = region["cards"][pair.index(second_side)]
    won_by, critical = resolve(first, second)
    winner, loser = (first_side, second_side) if won_by == 0 else (second_side, first_side)
    win_card, lose_card = (first, second) if won_by == 0 else (second, first)
    (state["won_up"] if critical else state["won_down"])[winner].append(lose_card)
    colour = "R" if critical else "B"
    state["red" if critical else "black"][winner] += 1
    region["left"] -= 1
    if two_sided(state):
        region["marks"][pair.index(winner)].append(colour)
    region["cards"] = [None, None]
    events.append(
        {
            "kind": "conflict",
            "region": r + 1,
            "winner": seat_of(state, winner),
            "loser": seat_of(state, loser),
            "critical": critical,
            "won": lose_card,
            "given": win_card,
            "closed": region["left"] == 0,
        }
    )
    if two_sided(state) and instant_winner(state) is not None:
        state["instant"] = winner
        discard(state, loser, win_card, events, "instant")
        end_game(state, events, round_unscored=True)
        return
    round_over = not any_open(state)
    hand_used_again = state["opts"].get("long_match") and state["round"] < state["rounds"] and not state["solo"]
    if round_over and not hand_used_again:
        discard(state, loser, win_card, events, "round_end")
        end_round(state, events, "closed")
        return
    if not keep_allowed(state, loser, win_card):
        discard(state, loser, win_card, events, "faceup")
    elif is_automa(state, loser):
        keep(state, loser, win_card, events, auto=True)
    else:
        state["pending"] = {"loser": loser, "card": win_card, "active": active, "region": r + 1}
        state["stage"] = "decide"
        return
    after_conflict(state, active, events)


def after_conflict(state: State, active: int, events: Events) -> None:
    if not any_open(state):
        end_round(state, events, "closed")
    else:
        advance_turn(state, active, events)


def keep(state: State, side: int, card: str, events: Events, auto: bool = False) -> None:
    state["hands"][side] = sorted_cards([*state["hands"][side], card])
    if is_automa(state, side) and card[0] not in state["slots"]:
        state["slots"].append(card[0])
    events.append({"kind": "keep", "seat": seat_of(state, side), "card": card, "auto": auto})


def discard(state: State, side: int, card: str, events: Events, why: str) -> None:
    state["discard"].append(card)
    events.append({"kind": "discard", "seat": seat_of(state, side), "card": card, "auto": why != "", "why": why})


def decision_actions(state: State) -> list[str]:
    """``discard R5@2`` / ``keep R5@2``: the answers to a lost conflict, naming the card and the
    region it came from, so every label and log line says what is kept (sorted, as legal lists are)."""
    pending = state["pending"]
    card = pending["card"]
    where = f"{card}@{pending['region']}" if pending.get("region") else card
    return [f"discard {where}", f"keep {where}"]


DECIDE_RE = re.compile(r"^(KEEP|DISCARD)(?: ([RCMP][1-9])(?:@([1-9]))?)?$")


def decide(state: State, side: int, action: str, events: Events) -> None:
    """``keep`` / ``discard`` (the reference notation), optionally naming the card as listed."""
    pending = state["pending"]
    card = pending["card"]
    m = DECIDE_RE.match(re.sub(r"\s*@\s*", "@", " ".join(action.upper().split())))
    region = pending.get("region")
    if (
        not m
        or (m.group(2) is not None and m.group(2) != card)
        or (m.group(3) is not None and region is not None and int(m.group(3)) != region)
    ):
        raise IllegalAction(f"answer keep or discard for {card}", "keep_or_discard", card=card)
    word = m.group(1).lower()
    state["pending"] = None
    state["stage"] = "play"
    if word == "keep":
        keep(state, side, card, events)
    else:
        discard(state, side, card, events, "")
    after_conflict(state, pending["active"], events)


def choose_pass(state: State, side: int, action: str) -> None:
    text = " ".join(action.upper().split())
    m = PASS_RE.match(text)
    if not m:
        raise IllegalAction("write a pass as: pass <card> <card> <card>, e.g. pass R7 C3 M5", "bad_pass")
    cards = m.group(1).split()
    if len(set(cards)) != 3:
        raise IllegalAction("pass three different cards", "pass_distinct")
    missing = [c for c in cards if c not in state["hands"][side]]
    if missing:
        raise IllegalAction(f"{missing[0]} is not in your hand", "not_in_hand", card=missing[0])
    state["passes"][side] = sorted_cards(cards)


def exchange_passes(state: State, events: Events) -> None:
    """Everyone has chosen: each side's three cards go to the next side clockwise."""
    sides = state["sides"]
    for s in range(sides):
        for c in state["passes"][s]:
            state["hands"][s].remove(c)
    for s in range(sides):
        receiver = next_side(state, s)
        state["hands"][receiver] = sorted_cards(state["hands"][receiver] + state["passes"][s])
    state["passes"] = [None] * sides
    events.append({"kind": "passed", "round": state["round"]})
    start_plays(state, events)


# ------------------------------------------------------------------------------------ turn order
def advance_turn(state: State, active: int, events: Events) -> None:
    """Pass the turn clockwise from ``active``, skipping seats that cannot act (§4.2)."""
    begin_turn(state, next_side(state, active), events)


def begin_turn(state: State, side: int, events: Events) -> None:
    if not any(can_act(state, s) for s in range(state["sides"])):
        end_round(state, events, "stuck")
        return
    while not can_act(state, side):
        events.append({"kind": "skip", "seat": seat_of(state, side)})
        side = next_side(state, side)
    state["turn"] = side
    state["stage"] = "play"


def automa_needs_flip(state: State) -> bool:
    return bool(state["deck"])


def flip(state: State, card: str, events: Events) -> None:
    """The automa turns its deck's top card (a chance outcome) and then plays."""
    state["deck"].remove(card)
    events.append({"kind": "flip", "seat": AUTOMA_SEAT, "card": card})
    if state["stage"] == "initial":
        empties = available_regions(state, 1, initial=True)
        r = automa.e_region(state, empties)
        state["hands"][1].append(card)
        play_card(state, 1, card, r, events)
        return
    keep_card_in_hand(state, card)
    automa_play(state, events)


def keep_card_in_hand(state: State, card: str) -> None:
    state["hands"][1] = sorted_cards([*state["hands"][1], card])
    if card[0] not in state["slots"]:
        state["slots"].append(card[0])


def automa_play(state: State, events: Events) -> None:
    card, r = automa.choose_play(state, available_regions(state, 1))
    play_card(state, 1, card, r, events)


def settle(state: State, events: Events) -> None:
    """Run what follows without a decision: automa turns with an empty deck (no flip)."""
    while (
        state["stage"] == "play"
        and is_automa(state, state["turn"])
        and not automa_needs_flip(state)
    ):
        automa_play(state, events)


# ------------------------------------------------------------------------------------ round ends
def end_round(state: State, events: Events, reason: str) -> None:
    """Score the round, then set up the next one or end the game (§4.4)."""
    unscored = [c for region in state["regions"] for c in region["cards"] if c is not None]
    state["discard"].extend(unscored)
    for region in state["regions"]:
        region["cards"] = [None, None]
    scores = [round_score(state, s) for s in range(state["sides"])]
    for s in range(state["sides"]):
        state["round_scores"][s].append(scores[s])
        state["round_red"][s].append(state["red"][s])
        state["round_cards"][s].append(len(state["won_up"][s]) + len(state["won_down"][s]))
    ending: Event = {
        "kind": "round_end",
        "round": state["round"],
        "reason": reason,
        "unscored": unscored,
        "seats": [seat_of(state, s) for s in range(state["sides"])],
    }
    if state["round"] >= state["rounds"]:
        # Events are public: round scores may be shown only when the game ends with this round
        # (§10); otherwise each player learns their own from their view.
        ending["scores"] = scores
    events.append(ending)
    if state["round"] >= state["rounds"]:
        end_game(state, events)
        return
    previous_start = state["start"]
    long_match = bool(state["opts"].get("long_match")) and not state["solo"]
    state["round"] += 1
    pool = [c for s in range(state["sides"]) for c in state["won_up"][s] + state["won_down"][s]]
    clear_round(state, keep_hands=long_match)
    if long_match:
        state["start"] = long_match_start(state, scores, previous_start)
    else:
        state["start"] = next_side(state, previous_start)
    events.append({"kind": "round_start", "round": state["round"], "start": seat_of(state, state["start"])})
    if long_match:
        begin_refill(state, pool, events)
    else:
        begin_deal(state)


def clear_round(state: State, keep_hands: bool) -> None:
    sides = state["sides"]
    reset_regions(state)
    state["won_up"] = [[] for _ in range(sides)]
    state["won_down"] = [[] for _ in range(sides)]
    state["black"] = [0] * sides
    state["red"] = [0] * sides
    state["pending"] = None
    state["slots"] = []
    if not keep_hands:
        state["hands"] = [[] for _ in range(sides)]
        state["deck"] = []
        state["discard"] = []
        state["removed"] = []


def long_match_start(state: State, scores: list[int], previous_start: int) -> int:
    """Highest round-1 score; ties go to the first tied seat after the previous start (§8.2)."""
    best = max(scores)
    side = next_side(state, previous_start)
    while scores[side] != best:
        side = next_side(state, side)
    return side


def begin_refill(state: State, pool: list[str], events: Events) -> None:
    state["pool"] = sorted_cards(pool)
    state["deal_to"] = []
    state["stage"] = "refill"
    state["turn"] = state["start"]
    if refill_target(state) is None:
        finish_refill(state, events)


def refill_target(state: State) -> int | None:
    """The next hand to receive a pool card: clockwise from ``turn``, skipping full hands."""
    if not state["pool"]:
        return None
    target = HAND_SIZE[state["sides"]]
    side = state["turn"]
    for _ in range(state["sides"]):
        if len(state["hands"][side]) < target:
            return side
        side = next_side(state, side)
    return None


def finish_refill(state: State, events: Events) -> None:
    state["discard"].extend(state["pool"])
    state["pool"] = []
    after_deal(state, events)


def end_game(state: State, events: Events, round_unscored: bool = False) -> None:
    if round_unscored:
        # An instant win interrupts the round; its scores are kept for information only.
        for s in range(state["sides"]):
            state["round_scores"][s].append(round_score(state, s))
            state["round_red"][s].append(state["red"][s])
            state["round_cards"][s].append(len(state["won_up"][s]) + len(state["won_down"][s]))
    state["stage"] = "over"
    state["pending"] = None
    events.append(
        {
            "kind": "game_end",
            "scores": final_scores(state),
            "seats": [seat_of(state, s) for s in range(state["sides"])],
            "ranking": [seat_of(state, s) for s in ranking_sides(state)],
            "instant_win": None if state["instant"] is None else seat_of(state, state["instant"]),
            "shared": shared_first_place(state),
            "decided_by": decided_by(state),
        }
    )


# --------------------------------------------------------------------------------------- results
def final_scores(state: State) -> list[int]:
    return [sum(state["round_scores"][s]) for s in range(state["sides"])] if state["stage"] == "over" else totals(state)


def rank_key(state: State, side: int) -> tuple[int, ...]:
    """Sort key, best first: score, then (3-4p) more red markers, then fewer cards in front."""
    total = final_scores(state)[side]
    if two_sided(state):
        won = 1 if state["instant"] == side else 0
        return (-won, -total)
    red = sum(state["round_red"][side]) if state["stage"] == "over" else state["red"][side]
    cards = (
        sum(state["round_cards"][side])
        if state["stage"] == "over"
        else len(state["won_up"][side]) + len(state["won_down"][side])
    )
    return (-total, -red, cards)


def ranking_sides(state: State) -> list[int]:
    return sorted(range(state["sides"]), key=lambda s: (rank_key(state, s), s))


def decided_by(state: State) -> str | None:
    """Which criterion separated first from second: "score", "red", "cards" (None if shared)."""
    order = ranking_sides(state)
    if len(order) < 2 or state["instant"] is not None:
        return None
    first, second = rank_key(state, order[0]), rank_key(state, order[1])
    criteria = ("score",) if two_sided(state) else ("score", "red", "cards")
    width = len(criteria)
    for name, a, b in zip(criteria, first[-width:], second[-width:], strict=True):
        if a != b:
            return name
    return None


def shared_first_place(state: State) -> bool:
    order = ranking_sides(state)
    return len(order) > 1 and rank_key(state, order[0]) == rank_key(state, order[1])


def instant_winner(state: State) -> int | None:
    """2p/solo: a side holding all 3 markers of two different regions wins at once (§7.4)."""
    for side in (0, 1):
        full = sum(1 for region in state["regions"] if len(region["marks"][side]) == MARKERS_PER_REGION)
        if full >= 2:
            return side
    return None


# ----------------------------------------------------------------------------------------- chance
def pending_chance(state: State) -> bool:
    stage = state["stage"]
    if stage in ("start", "deal", "refill"):
        return True
    return stage in ("initial", "play") and is_automa(state, state["turn"])


def chance_actions(state: State) -> list[str]:
    """The outcomes of the pending chance step, as text actions."""
    stage = state["stage"]
    if stage == "start":
        return [f"start {label(state, s)}" for s in range(state["sides"])]
    if stage in ("deal", "refill"):
        return [f"deal {c}" for c in state["pool"]]
    return [f"flip {c}" for c in state["deck"]]


def apply_chance(state: State, outcome: str, events: Events) -> None:
    text = " ".join(outcome.split())
    if text not in chance_actions(state):
        raise IllegalAction(f"{outcome!r} is not a possible outcome now", "bad_outcome")
    verb, _, arg = text.partition(" ")
    if verb == "start":
        side = 1 if arg == "AU" else int(arg[1:]) - 1
        state["start"] = side
        events.append({"kind": "start", "round": state["round"], "seat": seat_of(state, side)})
        begin_deal(state)
    elif verb == "deal" and state["stage"] == "deal":
        state["pool"].remove(arg)
        target = state["deal_to"].pop(0)
        if target < 0:
            state["removed"].append(arg)
        else:
            state["hands"][target] = sorted_cards([*state["hands"][target], arg])
        if not state["deal_to"]:
            finish_deal(state, events)
    elif verb == "deal":
        target = refill_target(state)
        assert target is not None
        state["pool"].remove(arg)
        state["hands"][target] = sorted_cards([*state["hands"][target], arg])
        state["turn"] = next_side(state, target)
        if refill_target(state) is None:
            events.append({"kind": "refilled", "round": state["round"], "hands": [len(h) for h in state["hands"]]})
            finish_refill(state, events)
    else:
        flip(state, arg, events)


# ------------------------------------------------------------------------------------------ entry
def humans_to_act(state: State) -> list[int]:
    """Sides whose decision is pending (never the automa)."""
    stage = state["stage"]
    if stage == "pass":
        return [s for s in range(state["sides"]) if state["passes"][s] is None]
    if stage == "decide":
        return [state["pending"]["loser"]]
    if stage in ("initial", "play") and not is_automa(state, state["turn"]):
        return [state["turn"]]
    return []


def step(state: State, side: int, action: str) -> tuple[State, Events]:
    """Apply a human decision of ``side`` (already authorised) to a copy of ``state``."""
    new = clone(state)
    events: Events = []
    stage = new["stage"]
    if stage == "pass":
        choose_pass(new, side, action)
        events.append({"kind": "pass_chosen", "seat": seat_of(new, side)})
        if all(p is not None for p in new["passes"]):
            exchange_passes(new, events)
    elif stage == "decide":
        decide(new, side, action, events)
    else:
        card, r = parse_play(action)
        check_play(new, side, card, r)
        play_card(new, side, card, r, events)
    settle(new, events)
    return new, events


def step_chance(state: State, outcome: str) -> tuple[State, Events]:
    new = clone(state)
    events: Events = []
    apply_chance(new, outcome, events)
    settle(new, events)
    return new, events
