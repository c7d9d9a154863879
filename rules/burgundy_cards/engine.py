"""What moves and chance outcomes do: setup, rounds, turns, actions, effects (reference §3-§6).

The flow is driven by ``advance``: whenever no chance step is pending it moves on (round start,
next turn, effect resolution) until a player must decide, a chance step is queued, or the game
ends. An effect being resolved is a stack of frames (``enter`` a card into the Estate, add a card
to ``proj``ects, ``ask`` a follow-up question, ``use_end`` marks a purchased card's extra action);
``settle`` works the stack depth first, answers one-option questions itself (§5.2) and stops at a
real question. Nothing here checks legality: ``moves`` decides what is legal, ``game`` checks it.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.moves import ask_options, can_buy
from rules.burgundy_cards.notation import Action
from rules.burgundy_cards.scoring import finish
from rules.burgundy_cards.state import (
    DECK_TASKS,
    Player,
    State,
    current,
    die,
    draw_source,
    gain,
    partner,
    shift,
    solo,
)

Events = list[dict[str, Any]]


EFFECT_ASKS: dict[str, tuple[str, dict[str, Any]]] = {
    "CAS": ("free", {}),
    "SHI": ("pile", {"piles": ["g1", "g2"]}),
    "PAS": ("pile", {"piles": ["a1", "a2"]}),
    "BOA": ("pile", {"piles": ["g1", "g2", "a1", "a2"]}),
    "WAR": ("sell", {}),
    "CAR": ("grab", {"colours": ["BLD", "KNO"]}),
    "CHU": ("grab", {"colours": ["CAS", "MIN", "CLO"]}),
    "MAR": ("grab", {"colours": ["SHI", "PAS"]}),
    "CIT": ("cityhall", {}),
}
"""Cards whose effect is a follow-up decision (§6); the others give resources at once."""

EFFECT_GAINS: dict[str, tuple[str, int]] = {"MIN": ("silver", 2), "KNO": ("workers", 2), "BAN": ("silver", 3),
                                            "WAT": ("vp", 1)}


# ---- setup (§3.2) -----------------------------------------------------------------------------------
def begin(st: State, ev: Events) -> None:
    """Step 1: who starts (a chance step, or the host's choice); solo starts at once."""
    if solo(st):
        set_first(st, 0, ev)
    elif st["opt"]["start_player"] == "host":
        st["await"] = "first"
    else:
        st["queue"].append(["first"])


def set_first(st: State, seat: int, ev: Events) -> None:
    n = st["n"]
    st["start"] = seat
    st["order"] = [(seat + i) % n for i in range(n)]
    st["await"] = ""
    st["status"] = "play"
    if not solo(st):
        st["sp"] = {"holder": seat, "q": False}
        ev.append({"kind": "first", "seat": seat})
    for pos, s in enumerate(st["order"]):
        pl = st["pl"][s]
        pl["silver"] = D.START_SILVER
        pl["workers"] = D.SOLO_START_WORKERS if solo(st) else D.START_WORKERS[st["opt"]["start_workers"]][n][pos]
    for kind, piles, total in (("goods", ("g1", "g2"), len(D.GOODS_CODES)),
                               ("animal", ("a1", "a2"), len(D.ANIMAL_CODES))):
        rest = total - n
        st["piles"][piles[0]]["n"] = (rest + 1) // 2
        st["piles"][piles[1]]["n"] = rest // 2
        st["queue"] += [[kind, s] for s in st["order"]] + [["top", p] for p in piles]
    st["step"] = "round"


# ---- chance --------------------------------------------------------------------------------------------
def prepare(st: State, ev: Events) -> None:
    """Make the head chance task drawable: refill an empty deck from the discard pile (CH5), or
    drop a draw that cannot happen (deck and discard both empty: deal what there is, §4.2)."""
    while st["queue"]:
        task = st["queue"][0]
        if task[0] == "first" or draw_source(st, task):
            return
        if task[0] in DECK_TASKS and st["discard"]:
            st["deck"] = sorted(st["discard"])
            ev.append({"kind": "reshuffle", "n": len(st["discard"])})
            st["discard"] = []
            return
        st["queue"].pop(0)
        closing_event(st, task[0], ev)


def closing_event(st: State, kind: str, ev: Events) -> None:
    """The public event that ends a run of draws (the dealt display, the bought cards), once the
    last draw of the run is done — or dropped because the deck and discard ran out (§4.2)."""
    if any(t[0] == kind for t in st["queue"]):
        return
    if kind == "display":
        ev.append({"kind": "display", "rows": [list(r) for r in st["display"]]})
    elif kind == "buy" and st["turn"]["shown"]:
        ev.append({"kind": "shown", "seat": st["turn"]["seat"], "cards": list(st["turn"]["shown"])})


def apply_chance(st: State, a: Action, ev: Events) -> None:
    task = st["queue"].pop(0)
    kind = task[0]
    if kind == "first":
        set_first(st, a[1] - 1, ev)
        return
    card = a[1]
    draw_source(st, task).remove(card)
    if kind in ("goods", "animal"):
        st["pl"][task[1]]["goods" if kind == "goods" else "animals"].append(card)
        ev.append({"kind": "start_" + kind, "seat": task[1], "card": card})
    elif kind == "top":
        st["piles"][task[1]]["top"] = card
        ev.append({"kind": "top", "pile": task[1], "card": card})
    elif kind == "display":
        index = task[1]
        row = index % D.ROWS if index < D.POSITIONAL[st["n"]] else die(st, card) - 1
        st["display"][row].append(card)
        closing_event(st, kind, ev)
    elif kind == "deal":
        pl = st["pl"][task[1]]
        pl["stack"].append(card)
        pl["stack"].sort()
    elif kind == "hand":
        st["pl"][task[1]]["hand"].append(card)
    elif kind == "buy":
        st["turn"]["shown"].append(card)
        closing_event(st, kind, ev)
    elif kind == "reveal":
        duke(st, card, ev)


def duke(st: State, card: str, ev: Events) -> None:
    """Solo pressure (§3.4): the revealed card is discarded and removes the oldest card of its row
    (or of the next non-empty row up, 6 wrapping to 1)."""
    st["discard"].append(card)
    start = die(st, card)
    for k in range(D.ROWS):
        row = (start - 1 + k) % D.ROWS
        if st["display"][row]:
            removed = st["display"][row].pop(0)
            st["discard"].append(removed)
            ev.append({"kind": "duke", "card": card, "removed": removed, "row": row + 1})
            return
    ev.append({"kind": "duke", "card": card, "removed": None, "row": 0})


# ---- flow ------------------------------------------------------------------------------------------------
def advance(st: State, ev: Events) -> None:
    """Run the flow until a player decides, a chance step is pending or the game is over."""
    prepare(st, ev)
    while not st["queue"] and st["status"] == "play" and not st["await"]:
        step = st["step"]
        if step == "round":
            start_round(st, ev)
        elif step == "turns":
            if start_turn(st, ev):
                return
        elif step == "turn":
            if settle(st, ev):
                return
        elif step == "next":
            next_turn(st, ev)
        prepare(st, ev)


def start_round(st: State, ev: Events) -> None:
    """§4.2: deal the display, the personal stacks (turn order), then 2 cards into each hand."""
    ev.append({"kind": "round", "round": D.ROUND_CARDS[st["round"]][1], "seat": st["start"]})
    size = D.DISPLAY_SIZE[st["n"]]
    st["queue"] += [["display", i] for i in range(size)]
    st["queue"] += [["deal", s] for s in st["order"] for _ in range(D.STACK_SIZE)]
    st["queue"] += [["hand", s] for s in st["order"] for _ in range(D.HAND_START)]
    st["tidx"] = 0
    st["step"] = "turns"


def start_turn(st: State, ev: Events) -> bool:
    seat = st["order"][st["tidx"] % st["n"]]
    pl = st["pl"][seat]
    if not pl["hand"]:
        ev.append({"kind": "no_card", "seat": seat})
        st["step"] = "next"
        return False
    st["turn"] = {"seat": seat, "played": False, "buys": 0, "shown": None}
    st["step"] = "turn"
    return True


def end_turn(st: State, ev: Events) -> None:
    """§4.3 step 4: refill from the personal stack; solo pressure; the next player."""
    seat = current(st)
    pl = st["pl"][seat]
    pl["turns"] += 1
    st["turn"] = None
    ev.append({"kind": "end", "seat": seat})
    if pl["stack"]:
        st["queue"].append(["hand", seat])
    if solo(st) and st["opt"]["solo_duke"]:
        st["queue"].append(["reveal"])
    st["step"] = "next"


def next_turn(st: State, ev: Events) -> None:
    st["tidx"] += 1
    if st["tidx"] < D.TURNS_PER_ROUND * st["n"]:
        st["step"] = "turns"
        return
    end_round(st, ev)


def end_round(st: State, ev: Events) -> None:
    """§4.4: the display goes to the discard pile; the start player card decides who starts."""
    for row in st["display"]:
        st["discard"].extend(row)
        row.clear()
    if st["round"] == len(D.ROUND_CARDS) - 1:
        finish(st, ev)
        return
    sp = st["sp"]
    if sp is not None:
        if sp["q"]:
            sp["q"] = False
        else:
            sp["holder"] = (sp["holder"] + 1) % st["n"]
        st["start"] = sp["holder"]
        st["order"] = [(st["start"] + i) % st["n"] for i in range(st["n"])]
    st["round"] += 1
    st["step"] = "round"


# ---- the effect stack --------------------------------------------------------------------------------------
def settle(st: State, ev: Events) -> bool:
    """Resolve frames until a decision is due (True) or the turn has ended (False)."""
    turn = st["turn"]
    while not st["queue"]:
        if turn["shown"]:
            return True
        stack = st["stack"]
        if not stack:
            if not turn["played"] or can_buy(st):
                return True
            end_turn(st, ev)
            return False
        top = stack[-1]
        kind = top["k"]
        seat = turn["seat"]
        pl = st["pl"][seat]
        if kind == "use_end":
            stack.pop()
        elif kind == "enter":
            if D.colour(top["card"]) == "CLO" and top["col"] is None:
                stack.append({"k": "ask", "q": "as", "card": top["card"]})
                continue
            stack.pop()
            enter_estate(st, seat, top["card"], top["col"] or D.colour(top["card"]), ev)
        elif kind == "proj":
            if len(pl["proj"]) >= D.PROJECT_LIMIT:
                stack.append({"k": "ask", "q": "drop", "card": top["card"]})
                continue
            stack.pop()
            pl["proj"].append(top["card"])
        else:
            options = ask_options(st, top)
            if not options:
                stack.pop()
                ev.append({"kind": "lapse", "seat": seat, "q": top["q"]})
                continue
            buy_too = top["q"] in ("free", "cityhall") and can_buy(st)
            if len(options) == 1 and not buy_too:
                if options[0] == ("skip",):
                    stack.pop()
                    ev.append({"kind": "lapse", "seat": seat, "q": top["q"]})
                else:
                    answer(st, seat, options[0], ev)
                continue
            return True
    return True


def enter_estate(st: State, seat: int, card: str, col: str, ev: Events) -> None:
    """§5.7 A: join the colour's stack, claim "1." and "All 7" cards, then the card's own effect."""
    pl = st["pl"][seat]
    pl["est"][col].append(card)
    ev.append({"kind": "build", "seat": seat, "card": card, "colour": col})
    if len(pl["est"][col]) % 3 == 0 and col in st["bonus1"]:
        st["bonus1"].remove(col)
        pl["bonus"].append(D.FIRST_BONUS[col])
        ev.append({"kind": "bonus1", "seat": seat, "card": D.FIRST_BONUS[col], "colour": col})
    if pl["all7"] is None and st["all7"] and all(pl["est"][c] for c in D.COLOURS):
        pl["all7"] = st["all7"].pop(0)
        ev.append({"kind": "all7", "seat": seat, "card": pl["all7"], "vp": D.ALL7_VALUE[pl["all7"]]})
    effect(st, seat, card, ev)


def effect(st: State, seat: int, card: str, ev: Events) -> None:
    """§6, by the card's printed type (a cloister has none, whatever colour it joined)."""
    pl = st["pl"][seat]
    kind = D.prefix(card)
    if kind in EFFECT_GAINS:
        what, n = EFFECT_GAINS[kind]
        if what == "vp":
            pl["vp"] += n
            got = n
        else:
            got = gain(st, pl, what, n)
        ev.append({"kind": "gain", "seat": seat, "card": card, "what": what, "n": got})
    elif kind in EFFECT_ASKS:
        q, extra = EFFECT_ASKS[kind]
        st["stack"].append({"k": "ask", "q": q, "card": card, **{k: list(v) for k, v in extra.items()}})


# ---- actions ------------------------------------------------------------------------------------------------
def play(st: State, seat: int, a: Action, ev: Events) -> None:
    """``play S [ADJ] ACTION``: discard the hand card, spend workers, do the action (§5.3)."""
    _, slot, adj, act = a
    pl = st["pl"][seat]
    card = pl["hand"].pop(slot - 1)
    st["discard"].append(card)
    pl["workers"] -= abs(adj)
    value = shift(die(st, card), adj)
    st["turn"]["played"] = True
    ev.append({"kind": "play", "seat": seat, "card": card, "adj": adj, "value": value})
    main_action(st, seat, act, value, ev)


def main_action(st: State, seat: int, act: Action, value: int | None, ev: Events) -> None:
    """One of the six actions; ``value`` None = the castle's free action (any row, any project)."""
    pl = st["pl"][seat]
    verb = act[0]
    if verb == "take":
        card = act[1]
        for r, row in enumerate(st["display"], 1):
            if card in row:
                row.remove(card)
                ev.append({"kind": "take", "seat": seat, "card": card, "row": r})
                break
        st["stack"].append({"k": "proj", "card": card})
    elif verb == "build":
        pl["proj"].remove(act[1])
        st["stack"].append({"k": "enter", "card": act[1], "col": None})
    elif verb == "sell":
        sale(st, seat, act[1] if value is None else D.SELL_KIND[value], ev)
    elif verb == "workers":
        got = gain(st, pl, "workers", max(0, 2 - pl["workers"]))
        ev.append({"kind": "workers", "seat": seat, "n": got})
    elif verb == "silver":
        got = gain(st, pl, "silver", 1)
        ev.append({"kind": "silver", "seat": seat, "n": got})
    elif verb == "convert":
        _, w, s = act
        pl["workers"] -= w
        pl["silver"] -= s
        pl["vp"] += (w + s) // D.CONVERT_RATE
        ev.append({"kind": "convert", "seat": seat, "workers": w, "silver": s, "vp": (w + s) // D.CONVERT_RATE})


def sale(st: State, seat: int, kind: str, ev: Events) -> None:
    """Sell all goods of ``kind``: 1 silver each, their VP, and the start player card "?" up (§5.3)."""
    pl = st["pl"][seat]
    sold = [g for g in pl["goods"] if D.goods_kind(g) == kind]
    pl["goods"] = [g for g in pl["goods"] if D.goods_kind(g) != kind]
    pl["sold"] += sold
    got = gain(st, pl, "silver", len(sold))
    vp = sum(D.goods_vp(g, st["opt"]["goods_vp"]) for g in sold)
    if st["sp"] is not None:
        st["sp"] = {"holder": seat, "q": True}
    ev.append({"kind": "sell", "seat": seat, "goods": kind, "cards": sold, "silver": got, "vp": vp,
               "sp": st["sp"] is not None})


def take_pile(st: State, seat: int, name: str, ev: Events) -> None:
    """Take a pile's top card; reveal the next, or re-split the partner pile (§5.7 C)."""
    pile = st["piles"][name]
    card = pile["top"]
    pl = st["pl"][seat]
    pl["goods" if name[0] == "g" else "animals"].append(card)
    pile["n"] -= 1
    pile["top"] = None
    ev.append({"kind": "pile", "seat": seat, "pile": name, "card": card})
    if pile["n"] > 0:
        st["queue"].append(["top", name])
        return
    other = st["piles"][partner(name)]
    if st["opt"]["pile_resplit"] and other["n"] >= 2:
        moved = other["n"] // 2
        pile["n"], pile["top"] = moved, other["top"]
        other["n"] -= moved
        other["top"] = None
        ev.append({"kind": "resplit", "pile": name, "n": moved})
        st["queue"].append(["top", partner(name)])


def buy(st: State, seat: int, ev: Events) -> None:
    """§5.5: pay 3 silver, draw 3 cards (shown to all)."""
    pl = st["pl"][seat]
    pl["silver"] -= D.BUY_COST
    st["turn"]["buys"] += 1
    st["turn"]["shown"] = []
    st["queue"] += [["buy"] for _ in range(D.BUY_DRAW)]
    ev.append({"kind": "buy", "seat": seat, "n": min(D.BUY_DRAW, len(st["deck"]) + len(st["discard"]))})


def keep_or_use(st: State, seat: int, a: Action, ev: Events) -> None:
    turn = st["turn"]
    card = a[1]
    shown = turn["shown"]
    turn["shown"] = None
    others = [c for c in shown if c != card]
    if a[0] == "keep":
        st["discard"].extend(others)
        ev.append({"kind": "keep", "seat": seat, "card": card})
        st["stack"].append({"k": "proj", "card": card})
        return
    _, _, adj, act = a
    st["discard"].append(card)
    st["discard"].extend(others)
    pl = st["pl"][seat]
    pl["workers"] -= abs(adj)
    value = shift(die(st, card), adj)
    ev.append({"kind": "use", "seat": seat, "card": card, "adj": adj, "value": value})
    st["stack"].append({"k": "use_end"})
    main_action(st, seat, act, value, ev)


def answer(st: State, seat: int, a: Action, ev: Events) -> None:
    """Answer the question on top of the effect stack."""
    stack = st["stack"]
    top = stack.pop()
    pl: Player = st["pl"][seat]
    verb = a[0]
    if verb == "skip":
        ev.append({"kind": "skip", "seat": seat, "q": top["q"]})
    elif verb == "drop":
        pl["proj"].remove(a[1])
        st["discard"].append(a[1])
        ev.append({"kind": "drop", "seat": seat, "card": a[1]})
    elif verb == "as":
        stack[-1]["col"] = a[1]
    elif verb == "pile":
        take_pile(st, seat, a[1], ev)
    elif verb == "free":
        main_action(st, seat, a[1], None, ev)
    elif verb == "cityhall":
        pl["proj"].remove(a[1])
        stack.append({"k": "enter", "card": a[1], "col": None})
    elif verb == "grab":
        main_action(st, seat, ("take", a[1]), None, ev)
    elif verb == "sellk":
        sale(st, seat, a[1], ev)
