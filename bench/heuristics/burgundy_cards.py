"""An independent rules-based player of The Castles of Burgundy: The Card Game (issue 26).

Not the greedy baseline and not the search: the habits of a sensible casual player, who reads what
each card would pay from the rules (no look-ahead beyond the move itself). Its rules, in order:

1. A card's worth in the Estate is its share of a triple (a card that completes a triple pays the
   triple and any "1." card still free; the first and second card of a colour pay part of it),
   a new colour on the way to "All 7", and its effect (a castle's free action, a city hall's
   extra build, a mine's or bank's silver, a ship's goods, a pasture's new species, ...).
   Resources count less as the game runs out: silver and workers score nothing at the end.
2. Build when a hand card (shifted by workers if needed, a worker costs a little) fits a project:
   the project worth most.
3. Else sell goods when a card fits a kind held (2 VP each, silver, the start player card),
   at once with two or more goods of a kind, or a single one when nothing better is on offer.
4. Else take the display card worth most as a project (about half its built worth, as it still
   needs a build; a full Projects area costs the worst project).
5. Else fetch workers when fewer than two, else silver. On its very last turn it converts all the
   silver and workers it can; in the last round it converts instead of fetching more.
6. With 3 silver it buys at the start of a turn and keeps or uses the best of the three cards by
   the same rules. Follow-ups: drop the weakest project, a cloister joins the colour it helps most,
   take goods of a kind already held and animals of a new species, the castle's free action and the
   city hall build the best project, church / carpenter / market grab the best card if it is worth it.

It decides from the seat's view only (a state sampled from it, then the legal moves), and is
deterministic per seed.
"""

from __future__ import annotations

import random
from typing import Any

import rules
from ai.search import index, picker
from rules.burgundy_cards import data as D
from rules.burgundy_cards.notation import Action, parse
from rules.burgundy_cards.state import die

TAKE_SHARE = 0.45
"""A project is about half of its built worth: a second action (a fitting die) must still build it."""

WORKER_COST = 0.3
"""What a worker spent on a shift costs (the ``workers`` action refills two for one turn)."""

EFFECT: dict[str, float] = {
    "CAS": 2.0, "MIN": 0.8, "KNO": 0.7, "SHI": 1.4, "PAS": 0.0, "CLO": 0.0,
    "WAR": 0.0, "CAR": 0.8, "CHU": 0.8, "MAR": 0.8, "BOA": 1.0, "BAN": 1.1, "CIT": 0.0, "WAT": 1.0,
}
"""Rough VP a card's effect pays when it enters the Estate (castle: a whole extra action; a goods
card sells for 2 VP; 2 silver or 2 workers about a VP's worth of actions). Pasture, warehouse and
city hall depend on the position and are read separately."""

RESOURCE_EFFECTS = frozenset({"MIN", "KNO", "BAN"})
"""Effects that give only silver or workers, worthless once the game is over."""


def _turns_left(state: Any, seat: int) -> int:
    """Own turns after this one."""
    return max(0, len(D.ROUND_CARDS) * D.TURNS_PER_ROUND - int(state["pl"][seat]["turns"]) - 1)


def _triple_share(state: Any, pl: dict[str, Any], colour: str) -> float:
    """What one more card of ``colour`` in the Estate is worth towards its triples."""
    table = D.TRIPLE_VP[state["opt"]["triple_vp"]]
    have = len(pl["est"][colour])
    if have % 3 == 2:
        return table[colour] + (D.FIRST_BONUS_VP if colour in state["bonus1"] and have == 2 else 0)
    return table[colour] * (0.55 if have % 3 == 1 else 0.3)


def _cloister_colour(state: Any, pl: dict[str, Any]) -> str:
    """The colour a cloister joins: the one whose triple it helps most (violet counts 6 on its own)."""
    options = [c for c in D.COLOURS if c == "CLO" or pl["est"][c]]
    if state["opt"]["cloister_join"] == "any":
        options = list(D.COLOURS)
    return max(options, key=lambda c: (_triple_share(state, pl, c) + _all7_share(state, pl, c), c == "CLO"))


def _all7_share(state: Any, pl: dict[str, Any], colour: str) -> float:
    """A colour missing from the Estate brings the "All 7" card nearer (all of it for the seventh)."""
    if pl["all7"] or not state["all7"] or pl["est"][colour]:
        return 0.0
    have = sum(1 for c in D.COLOURS if pl["est"][c])
    top = D.ALL7_VALUE[state["all7"][0]]
    return float(top) if have == 6 else top * 0.08 * have


def _species_gain(pl: dict[str, Any]) -> float:
    """What one more animal of a new species adds to the animal score (4 species: 4 VP)."""
    count = len({D.species(a) for a in pl["animals"]})
    if count >= 4:
        return 0.0
    return float(D.ANIMAL_VP[count + 1] - D.ANIMAL_VP[count]) + 0.3


def _goods_on_sale(pl: dict[str, Any]) -> int:
    return max((sum(1 for g in pl["goods"] if D.goods_kind(g) == k) for k in D.GOODS_KINDS), default=0)


def worth(state: Any, seat: int, card: str) -> float:
    """What ``card`` pays when it enters the seat's Estate (rule 1)."""
    pl = state["pl"][seat]
    colour = D.colour(card)
    if colour == "CLO":
        colour = _cloister_colour(state, pl)
    value = _triple_share(state, pl, colour) + _all7_share(state, pl, colour)
    kind = D.prefix(card)
    late = min(1.0, _turns_left(state, seat) / 6.0)
    effect = EFFECT[kind] * (late if kind in RESOURCE_EFFECTS else 1.0)
    if kind == "PAS":
        effect = _species_gain(pl) * 0.7
    elif kind == "WAR":
        effect = 2.0 * _goods_on_sale(pl)
    elif kind == "CIT":
        others = [worth(state, seat, p) for p in pl["proj"] if p != card and D.prefix(p) != "CIT"]
        effect = max(others, default=0.3)
    elif kind == "SHI" and _turns_left(state, seat) < 2:
        effect = 0.2
    return value + effect


def _project_cost(state: Any, seat: int, incoming: str | None = None) -> float:
    """What room for one more project costs: the worst project when the area is full."""
    proj = [p for p in state["pl"][seat]["proj"] if p != incoming]
    if len(proj) < D.PROJECT_LIMIT:
        return 0.0
    return TAKE_SHARE * min(worth(state, seat, p) for p in proj)


def _sale_value(state: Any, seat: int, kind: str) -> float:
    pl = state["pl"][seat]
    count = sum(1 for g in pl["goods"] if D.goods_kind(g) == kind)
    vp = sum(D.goods_vp(g, state["opt"]["goods_vp"]) for g in pl["goods"] if D.goods_kind(g) == kind)
    sp = state["sp"]
    holder = sp is not None and sp["holder"] == seat
    single = 0.0 if count >= 2 or _turns_left(state, seat) < 6 else -0.8
    return vp + 0.25 * count + (0.3 if holder else 0.8) + single


def _main_value(state: Any, seat: int, act: Action, card: str | None) -> float:
    """Rules 2-5 as one number per main action (``card``: the die spent, if any)."""
    pl = state["pl"][seat]
    left = _turns_left(state, seat)
    verb = act[0]
    if verb == "build":
        return 10.0 + worth(state, seat, act[1])
    if verb == "sell":
        kind = act[1] if len(act) == 2 else D.SELL_KIND[die(state, card)] if card else "light"
        return 5.0 + _sale_value(state, seat, kind)
    if verb == "take":
        if left == 0:
            return -5.0
        return 3.0 + TAKE_SHARE * worth(state, seat, act[1]) * min(1.0, left / 3.0) - _project_cost(state, seat)
    if verb == "convert":
        _, w, s = act
        if left == 0:
            return 20.0 + (w + s) / 3.0
        if state["round"] == 4:
            return 1.5 + (w + s) / 3.0 - 0.1 * w
        return -1.0
    if verb == "workers":
        return 1.0 + 0.8 * max(0, 2 - pl["workers"]) if left > 2 else 0.0
    if verb == "silver":
        return 1.2 if left > 2 else 0.1
    return 0.0


def _adjusted(state: Any, seat: int, a: Action, card: str | None) -> float:
    """A main action with its worker shift: each worker spent costs a little."""
    adj, act = a[-2], a[-1]
    return _main_value(state, seat, act, card) - WORKER_COST * abs(adj)


def _choose_start(state: Any, seat: int, legal: list[str]) -> str:
    pl = state["pl"][seat]
    if "buy" in legal and _turns_left(state, seat) > 0:
        return "buy"
    best, best_value = legal[0], float("-inf")
    for text in legal:
        a = parse(text)
        if a[0] != "play":
            continue
        card = pl["hand"][a[1] - 1]
        value = _adjusted(state, seat, a, card)
        # Play the card whose die is less useful otherwise (the lower slot breaks ties).
        if value > best_value + 1e-9:
            best, best_value = text, value
    return best


def _choose_bought(state: Any, seat: int, legal: list[str]) -> str:
    best, best_value = legal[0], float("-inf")
    for text in legal:
        a = parse(text)
        if a[0] == "keep":
            value = 3.0 + TAKE_SHARE * worth(state, seat, a[1]) - _project_cost(state, seat)
        else:
            value = _adjusted(state, seat, a, a[1])
        if value > best_value + 1e-9:
            best, best_value = text, value
    return best


def _choose_pile(state: Any, seat: int, legal: list[str]) -> str:
    pl = state["pl"][seat]

    def pays(text: str) -> float:
        top = state["piles"][text.split()[1]]["top"]
        if top is None:
            return -1.0
        if top in D.ANIMAL_CODES:
            return 1.0 + _species_gain(pl) if D.species(top) not in {D.species(a) for a in pl["animals"]} else 0.5
        same = sum(1 for g in pl["goods"] if D.goods_kind(g) == D.goods_kind(top))
        return 2.0 + 0.3 * same

    return max(legal, key=lambda t: (pays(t), t))


def _choose_pending(state: Any, seat: int, legal: list[str]) -> str:
    pl = state["pl"][seat]
    options = [t for t in legal if t != "buy"]
    first = parse(options[0])[0] if options[0] != "skip" else parse(options[-1])[0]
    if first == "drop":
        return min(options, key=lambda t: (worth(state, seat, t.split()[1]), t))
    if first == "as":
        choice = _cloister_colour(state, pl)
        return f"as {choice}" if f"as {choice}" in options else options[0]
    if first == "pile":
        return _choose_pile(state, seat, options)
    if first == "sellk":
        sells = [t for t in options if t != "skip"]
        return max(sells, key=lambda t: (_sale_value(state, seat, t.split()[1]), t)) if sells else "skip"
    if first == "cityhall":
        builds = [t for t in options if t != "skip"]
        if not builds:
            return "buy" if "buy" in legal else "skip"
        return max(builds, key=lambda t: (worth(state, seat, t.split()[1]), t))
    if first == "grab":
        grabs = [t for t in options if t != "skip"]
        best = max(grabs, key=lambda t: (worth(state, seat, t.split()[1]), t), default=None)
        if best is None:
            return "skip"
        gain = TAKE_SHARE * worth(state, seat, best.split()[1]) - _project_cost(state, seat)
        return best if gain > 0.5 and _turns_left(state, seat) > 0 else "skip"
    if first == "free":
        if "buy" in legal and not pl["proj"]:
            return "buy"
        frees = [t for t in options if t != "skip"]
        scored = [(_main_value(state, seat, parse(t)[1], None), t) for t in frees]
        value, text = max(scored) if scored else (0.0, "skip")
        return text if value > 0.0 else "skip"
    return options[0]


def play(game_name: str, view: dict[str, Any], seat: int, seed: int) -> str:
    """The rules player's decision for ``seat`` from its ``view`` (deterministic per ``seed``)."""
    game = rules.get(game_name)
    rng = random.Random(f"burgundy_cards-rules:{seed}")
    state = game.sample_state(view, seat, picker(rng))
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    kinds = {t.split()[0] for t in legal}
    if "first" in kinds:
        return legal[index(rng, len(legal))]
    if "play" in kinds:
        return _choose_start(state, seat, legal)
    if "keep" in kinds or "use" in kinds:
        return _choose_bought(state, seat, legal)
    if kinds <= {"buy", "end"}:
        return "buy" if "buy" in legal and _turns_left(state, seat) > 0 else "end"
    return _choose_pending(state, seat, legal)
