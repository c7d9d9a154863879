"""Legal decisions, chance outcomes, and the rule behind every refusal.

``legal`` is the one source of truth: ``apply`` accepts an action only if its canonical text is
listed. When it is not, ``explain`` names the rule that forbids it (localised in ``texts``).
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.notation import Action, fmt
from rules.burgundy_cards.state import Player, State, can_draw, current, die, draw_source, shift
from rules.core import CHANCE, IllegalAction

OPTIONAL_ASKS = frozenset({"free", "cityhall", "grab", "sell"})
ASK_VERB = {"drop": "drop", "as": "as", "pile": "pile", "free": "free", "cityhall": "cityhall", "grab": "grab",
            "sell": "sellk"}


def illegal(key: str, en: str, **params: Any) -> IllegalAction:
    return IllegalAction(en, key, **params)


# ---- chance -------------------------------------------------------------------------------------------
def chance_outcomes(st: State) -> list[tuple[str, float]]:
    if not st["queue"] or st["status"] == "over":
        return []
    task = st["queue"][0]
    if task[0] == "first":
        return [(f"first {s + 1}", 1 / st["n"]) for s in range(st["n"])]
    source = draw_source(st, task)
    p = 1 / len(source)
    return [(f"draw {c}", p) for c in source]


# ---- queries ------------------------------------------------------------------------------------------------
def stage(st: State) -> str | None:
    """TURN_START ``start``, BUY_CHOICE ``buy``, PENDING ``pending``, AFTER_ACTION ``after``."""
    turn = st["turn"]
    if turn is None or st["queue"]:
        return None
    if turn["shown"]:
        return "buy"
    if st["stack"]:
        return "pending"
    return "after" if turn["played"] else "start"


def can_buy(st: State) -> bool:
    """§5.5: at TURN_START, AFTER_ACTION or a pending ``free``/``cityhall``; limits and silver."""
    turn = st["turn"]
    if turn is None or turn["shown"] is not None:
        return False
    limit = st["opt"]["buys_per_turn"]
    if limit != "unlimited" and turn["buys"] >= int(limit):
        return False
    pl = st["pl"][turn["seat"]]
    if pl["silver"] < D.BUY_COST or not can_draw(st):
        return False
    stack = st["stack"]
    if any(f["k"] == "use_end" for f in stack):
        return False
    return not stack or (stack[-1]["k"] == "ask" and stack[-1]["q"] in ("free", "cityhall"))


def reachable(pl: Player, value: int) -> list[tuple[int, int]]:
    """(shift, value) pairs a card of die ``value`` reaches with the player's workers (§5.4)."""
    out = [(0, value)]
    out += [(s, shift(value, s)) for s in D.SHIFTS if abs(s) <= pl["workers"]]
    return out


def converts(pl: Player) -> list[Action]:
    out: list[Action] = []
    for w in range(pl["workers"] + 1):
        for s in range(pl["silver"] + 1):
            if w + s >= D.CONVERT_RATE and (w + s) % D.CONVERT_RATE == 0:
                out.append(("convert", w, s))
    return out


def valued_actions(st: State, pl: Player, value: int) -> list[Action]:
    """Actions that use the value: take from the row, build a matching project, sell."""
    out: list[Action] = [("take", c) for c in st["display"][value - 1]]
    out += [("build", c) for c in pl["proj"] if die(st, c) == value]
    if any(D.goods_kind(g) == D.SELL_KIND[value] for g in pl["goods"]):
        out.append(("sell",))
    return out


def free_actions(pl: Player) -> list[Action]:
    return [("workers",), ("silver",), *converts(pl)]


def card_actions(st: State, pl: Player, card: str) -> list[tuple[int, Action]]:
    """(shift, action) for every main action a card of ``card``'s die can do now."""
    out: list[tuple[int, Action]] = [(0, a) for a in free_actions(pl)]
    for adj, value in reachable(pl, die(st, card)):
        out += [(adj, a) for a in valued_actions(st, pl, value)]
    return out


def held_kinds(pl: Player) -> list[str]:
    return [k for k in D.GOODS_KINDS if any(D.goods_kind(g) == k for g in pl["goods"])]


def as_options(st: State, pl: Player) -> list[str]:
    if st["opt"]["cloister_join"] == "any":
        return list(D.COLOURS)
    return [c for c in D.COLOURS if c == "CLO" or pl["est"][c]]


def ask_options(st: State, frame: dict[str, Any]) -> list[Action]:
    """Answers to the question ``frame`` (``skip`` included when optional; ``buy`` never)."""
    pl = st["pl"][st["turn"]["seat"]]
    q = frame["q"]
    out: list[Action] = []
    if q == "drop":
        out = [("drop", c) for c in pl["proj"]]
    elif q == "as":
        out = [("as", c) for c in as_options(st, pl)]
    elif q == "pile":
        out = [("pile", p) for p in frame["piles"] if st["piles"][p]["n"] > 0]
    elif q == "free":
        acts: list[Action] = [("take", c) for row in st["display"] for c in row]
        acts += [("build", c) for c in pl["proj"]]
        acts += [("sell", k) for k in held_kinds(pl)]
        acts += free_actions(pl)
        out = [("free", a) for a in acts]
    elif q == "cityhall":
        out = [("cityhall", c) for c in pl["proj"]]
    elif q == "grab":
        out = [("grab", c) for row in st["display"] for c in row if D.colour(c) in frame["colours"]]
    elif q == "sell":
        out = [("sellk", k) for k in held_kinds(pl)]
    if q in OPTIONAL_ASKS:
        out.append(("skip",))
    return out


def decisions(st: State, seat: int) -> list[Action]:
    """Every legal decision of ``seat`` now (parsed)."""
    if st["status"] == "over" or st["queue"]:
        return []
    if st["await"] == "first":
        return [("first", s + 1) for s in range(st["n"])] if seat == 0 else []
    if seat != current(st):
        return []
    pl = st["pl"][seat]
    where = stage(st)
    out: list[Action] = []
    if where == "buy":
        for card in st["turn"]["shown"]:
            out.append(("keep", card))
            out += [("use", card, adj, a) for adj, a in card_actions(st, pl, card)]
        return out
    if where == "pending":
        out = ask_options(st, st["stack"][-1])
    elif where == "start":
        for slot, card in enumerate(pl["hand"], 1):
            out += [("play", slot, adj, a) for adj, a in card_actions(st, pl, card)]
    elif where == "after":
        out.append(("end",))
    if can_buy(st):
        out.append(("buy",))
    return out


def legal(st: State, seat: int) -> list[str]:
    if seat == CHANCE:
        return sorted(o for o, _ in chance_outcomes(st))
    return sorted({fmt(a) for a in decisions(st, seat)})


# ---- refusals ------------------------------------------------------------------------------------------------
def explain(st: State, seat: int, a: Action) -> IllegalAction:
    """The rule that forbids ``a`` for ``seat`` now (``a`` is parsed and known to be illegal)."""
    if st["status"] == "over":
        return illegal("game_over", "the game is over")
    if seat == CHANCE:
        return illegal("bad_outcome", "that is not a possible outcome now") if st["queue"] else \
            illegal("no_chance", "no draw is pending")
    if st["queue"]:
        return illegal("chance_pending", "waiting for a card to be drawn")
    if a[0] == "draw":
        return illegal("not_a_move", "card draws are not moves")
    if st["await"] == "first":
        if seat != 0:
            return illegal("not_your_turn", "it is not your turn")
        return illegal("wrong_time", "first choose who starts: first 1 … first N", now="first")
    if seat != current(st):
        return illegal("not_your_turn", "it is not your turn")
    pl = st["pl"][seat]
    where = stage(st)
    verb = a[0]
    if verb == "buy":
        return _explain_buy(st, pl, where)
    if where == "buy":
        if verb not in ("keep", "use"):
            return illegal("choose_bought", "first keep or use one of the bought cards: {cards}",
                           cards=" ".join(st["turn"]["shown"]))
        if a[1] not in st["turn"]["shown"]:
            return illegal("not_shown", "{card} is not among the bought cards ({cards})", card=a[1],
                           cards=" ".join(st["turn"]["shown"]))
        return _explain_main(st, pl, die(st, a[1]), a[2], a[3], a[1])
    if verb in ("keep", "use"):
        return illegal("nothing_bought", "keep and use answer a purchase (buy first)")
    if where == "pending":
        frame = st["stack"][-1]
        expected = ASK_VERB[frame["q"]]
        if verb != expected and not (verb == "skip" and frame["q"] in OPTIONAL_ASKS):
            return illegal("answer_first", "first answer the pending question: {q}", q=frame["q"])
        return _explain_answer(st, pl, frame, a)
    if where == "start":
        if verb != "play":
            return illegal("play_first", "play a hand card first (play 1 … / play 2 …)")
        slot, adj, act = a[1], a[2], a[3]
        if slot > len(pl["hand"]):
            return illegal("no_slot", "you have no card {slot} in hand", slot=slot)
        return _explain_main(st, pl, die(st, pl["hand"][slot - 1]), adj, act, pl["hand"][slot - 1])
    if verb == "play":
        return illegal("played_already", "you have already played a card this turn")
    return illegal("not_legal", "that move is not legal now")


def _explain_buy(st: State, pl: Player, where: str | None) -> IllegalAction:
    turn = st["turn"]
    limit = st["opt"]["buys_per_turn"]
    if limit != "unlimited" and turn["buys"] >= int(limit):
        return illegal("bought_already", "only {n} purchase(s) per turn", n=limit)
    if pl["silver"] < D.BUY_COST:
        return illegal("silver_short", "a purchase costs 3 silver; you have {have}", have=pl["silver"])
    if not can_draw(st):
        return illegal("deck_empty", "no cards left to buy")
    if where == "buy":
        return illegal("choose_bought", "first keep or use one of the bought cards: {cards}",
                       cards=" ".join(turn["shown"]))
    if any(f["k"] == "use_end" for f in st["stack"]):
        return illegal("buy_in_use", "a purchased card's action cannot start another purchase")
    return illegal("buy_now", "a purchase is possible before or after your action, or at a castle's or "
                   "city hall's decision — not now")


def _explain_main(st: State, pl: Player, base: int, adj: int, act: Action, card: str) -> IllegalAction:
    verb = act[0]
    if adj and verb in ("workers", "silver", "convert"):
        return illegal("no_adjust", "workers shift a value only for take, build and sell")
    if adj and adj not in D.SHIFTS:
        return illegal("bad_shift", "shifts are +1, +2, +3, -1 or -2")
    if abs(adj) > pl["workers"]:
        return illegal("workers_short", "that shift needs {need} workers; you have {have}", need=abs(adj),
                       have=pl["workers"])
    value = shift(base, adj)
    if verb == "take":
        row = next((r for r, cards in enumerate(st["display"], 1) if act[1] in cards), 0)
        if not row:
            return illegal("not_in_display", "{card} is not in the display", card=act[1])
        return illegal("wrong_row", "{card} lies in row {row}; your card gives {value}", card=act[1], row=row,
                       value=value)
    if verb == "build":
        if act[1] not in pl["proj"]:
            return illegal("not_project", "{card} is not one of your projects", card=act[1])
        return illegal("wrong_die", "{card} needs a {need}; your card gives {value}", card=act[1],
                       need=die(st, act[1]), value=value)
    if verb == "sell":
        return illegal("no_goods", "a {value} sells {kind} goods and you have none", value=value,
                       kind=D.SELL_KIND[value])
    if verb == "convert":
        _, w, s = act
        if w > pl["workers"] or s > pl["silver"]:
            return illegal("convert_short", "you have {workers} workers and {silver} silver", workers=pl["workers"],
                           silver=pl["silver"])
        return illegal("convert_three", "convert returns 3, 6, 9 … cards in all")
    return illegal("not_legal", "that move is not legal now")


def _explain_answer(st: State, pl: Player, frame: dict[str, Any], a: Action) -> IllegalAction:
    q = frame["q"]
    if q == "drop":
        return illegal("drop_project", "drop one of your projects: {cards}", cards=" ".join(pl["proj"]))
    if q == "as":
        return illegal("as_colour", "a cloister joins CLO or a colour already in your Estate: {colours}",
                       colours=" ".join(as_options(st, pl)))
    if q == "pile":
        piles = [p for p in frame["piles"] if st["piles"][p]["n"] > 0]
        return illegal("pile_choice", "take from one of these piles: {piles}", piles=" ".join(piles))
    if q == "free":
        act = a[1] if a[0] == "free" else ("skip",)
        if act[0] == "take":
            return illegal("not_in_display", "{card} is not in the display", card=act[1])
        if act[0] == "build":
            return illegal("not_project", "{card} is not one of your projects", card=act[1])
        if act[0] == "sell":
            return illegal("no_goods_kind", "you have no {kind} goods", kind=act[1])
        if act[0] == "convert":
            return _explain_main(st, pl, 1, 0, act, "")
        return illegal("not_legal", "that move is not legal now")
    if q == "cityhall":
        return illegal("not_project", "{card} is not one of your projects", card=a[1])
    if q == "grab":
        colours = " ".join(frame["colours"])
        return illegal("grab_kind", "this building takes a display card of: {colours}", colours=colours)
    if q == "sell":
        return illegal("no_goods_kind", "you have no {kind} goods", kind=a[1])
    return illegal("not_legal", "that move is not legal now")
