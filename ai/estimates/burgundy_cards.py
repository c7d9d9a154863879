"""The Castles of Burgundy: The Card Game's estimate for the search: score plus what a tableau promises.

Everything scores only at the end, so the estimate reads each seat's tableau as the points it will
most likely turn into, discounted by the own turns left to turn it into points (a card still needs
a take and a build, a partial triple one or two more cards, goods a sale, silver a purchase):

* partial triples: a share of the triple's VP (and of a "1." card still free) per card on the way;
* projects: a share of what the card adds once built — its step towards its colour's triple, a new
  colour on the way to "All 7", and its effect — so a card that completes a triple is a far better
  project than a lone colour, and a project beats a silver;
* unsold goods, silver, workers: a share of the VP they lead to;
* what the turn already holds: a castle's free action, a city hall's build, a purchase being drawn,
  a card on its way to the Estate or Projects — one ply ahead these are not in the tableau yet, and
  without them a castle, a city hall or a purchase looks like a loss to the search.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as CD
from rules.burgundy_cards.scoring import breakdown

SCALE = 12.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.0
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""

TOTAL_TURNS = len(CD.ROUND_CARDS) * CD.TURNS_PER_ROUND
"""Own turns in a game (5 rounds of 6)."""

PARTIAL = (0.0, 0.3, 0.65)
"""Share of a triple's VP held with 0, 1 or 2 cards towards the next triple (two cards of three are
more than two thirds of the way: any one card of the colour, or a cloister, completes them)."""

WEIGHTS: dict[str, float] = {
    "project": 0.5,
    "goods": 0.6,
    "silver": 0.34,
    "workers": 0.3,
    "species": 0.3,
    "all7": 0.6,
    "extra": 1.2,
}
"""Share of a project's built value (half: a fitting die must still build it); share of a goods
card's VP and silver when unsold; VP per silver (3 buy an extra action or convert to 1 VP) and per
worker (a die shift); VP per animal species towards the species bonus; share of the "All 7" card
reached with all colours; VP of an extra action (a castle's free action, a purchase)."""

HORIZON: dict[str, float] = {"triple": 6.0, "project": 3.0, "goods": 3.0, "resource": 3.0, "all7": 8.0}
"""Own turns left below which a promise fades linearly (none of it scores after the last turn)."""

EFFECT: dict[str, float] = {
    "CAS": 1.2, "MIN": 0.68, "KNO": 0.6, "SHI": 1.0, "PAS": 0.5, "CLO": 0.0,
    "WAR": 0.5, "CAR": 0.5, "CHU": 0.5, "MAR": 0.5, "BOA": 0.8, "BAN": 1.0, "CIT": 0.8, "WAT": 1.0,
}
"""VP a card's effect is worth when it is built (a castle: an extra action; mine / bank: 2 / 3
silver; knowledge: 2 workers; ship: a goods card; watchtower: 1 VP; ...), by card-code prefix."""


def _fade(left: float, horizon: str) -> float:
    return min(1.0, max(0.0, left / HORIZON[horizon]))


def _turns_left(state: Any, seat: int) -> float:
    """Own turns still to act in, counting the current one unless its card is already played."""
    pl = state["pl"][seat]
    left = TOTAL_TURNS - pl["turns"]
    turn = state.get("turn")
    if turn is not None and turn["seat"] == seat and turn["played"]:
        left -= 1
    return float(max(0, left))


def _colour_value(state: Any, seat: int, colour: str, cards: int, fade: float) -> float:
    """Partial-triple promise of ``cards`` cards of ``colour`` (complete triples are in the score)."""
    table = CD.TRIPLE_VP[state["opt"]["triple_vp"]]
    share = PARTIAL[cards % 3]
    bonus = CD.FIRST_BONUS_VP if colour in state["bonus1"] and cards < 3 else 0
    return (table[colour] + bonus) * share * fade


def _step(state: Any, seat: int, colour: str, fade: float, have: int | None = None) -> float:
    """What one more card of ``colour`` adds to the seat's triples (completed or promised), with
    ``have`` cards of it already counted (default: those in the Estate)."""
    table = CD.TRIPLE_VP[state["opt"]["triple_vp"]]
    if have is None:
        have = len(state["pl"][seat]["est"][colour])
    gain = _colour_value(state, seat, colour, have + 1, fade) - _colour_value(state, seat, colour, have, fade)
    if (have + 1) % 3 == 0:
        many = state["opt"]["triples_per_colour"] == "many" or have + 1 == 3
        gain += table[colour] * many + (CD.FIRST_BONUS_VP if colour in state["bonus1"] else 0)
    return gain


def _built_value(state: Any, seat: int, card: str, left: float) -> float:
    """What ``card`` adds when it enters the seat's Estate: triple step, new colour, effect."""
    pl = state["pl"][seat]
    fade = _fade(left, "triple")
    colour = CD.colour(card)
    if colour == "CLO":
        options = [c for c in CD.COLOURS if c == "CLO" or pl["est"][c]]
        step = max(_step(state, seat, c, fade) for c in options)
    else:
        step = _step(state, seat, colour, fade)
    if not pl["est"][colour] and pl["all7"] is None and state["all7"]:
        step += _all7(state, pl, 1, left) - _all7(state, pl, 0, left)
    return step + EFFECT[CD.prefix(card)] * _fade(left, "resource")


def _plan_value(state: Any, seat: int, cards: list[tuple[str, float]], left: float) -> float:
    """Joint value of cards on their way to the Estate, each ``(card, share)`` counted at its share.

    Cards of one colour fill successive places of its stack: with two pastures built, three pasture
    projects are one completed triple and two first steps of the next, not three completed triples
    (valued one by one, each of them looked like the triple's last card, so the seat hoarded projects
    of one colour and never built them: building one took the triple from the other two). Cards are
    counted in the order given (a card entering now before projects), cloisters last, each joining
    the colour it helps most by then."""
    pl = state["pl"][seat]
    fade = _fade(left, "triple")
    res = _fade(left, "resource")
    counts = {c: len(pl["est"][c]) for c in CD.COLOURS}
    base = _colours(pl)
    colours = base
    total = 0.0
    for card, share in sorted(cards, key=lambda cs: (cs[1] < 1.0, CD.colour(cs[0]) == "CLO")):
        colour = CD.colour(card)
        if colour == "CLO":
            options = [c for c in CD.COLOURS if c == "CLO" or counts[c]]
            colour = max(options, key=lambda c: _step(state, seat, c, fade, counts[c]))
        step = _step(state, seat, colour, fade, counts[colour])
        if not counts[colour] and pl["all7"] is None and state["all7"]:
            step += _all7(state, pl, colours + 1 - base, left) - _all7(state, pl, colours - base, left)
            colours += 1
        counts[colour] += 1
        total += share * (step + EFFECT[CD.prefix(card)] * res)
    return total


def _colours(pl: dict[str, Any]) -> int:
    return sum(1 for c in CD.COLOURS if pl["est"][c])


def _projects(state: Any, seat: int, proj: list[str], left: float, first: list[str] | None = None) -> float:
    """Joint value of the projects ``proj`` (at the project share), after cards ``first`` entering
    the Estate now (in full)."""
    share = WEIGHTS["project"] * _fade(left, "project")
    cards = [(c, 1.0) for c in first or []] + [(p, share) for p in proj]
    return _plan_value(state, seat, cards, left)


def _all7(state: Any, pl: dict[str, Any], extra: int, left: float) -> float:
    """Promise of the "All 7" card: grows with the square of the colours in the Estate."""
    if pl["all7"] is not None or not state["all7"]:
        return 0.0
    have = sum(1 for c in CD.COLOURS if pl["est"][c]) + extra
    top = CD.ALL7_VALUE[state["all7"][0]]
    if have >= len(CD.COLOURS):
        return float(top)
    return WEIGHTS["all7"] * top * (have / len(CD.COLOURS)) ** 2 * _fade(left, "all7")


def _turn_holds(state: Any, seat: int, left: float) -> float:
    """What the seat's turn in progress already holds beyond the tableau (see the module doc)."""
    turn = state.get("turn")
    if turn is None or turn["seat"] != seat:
        return 0.0
    pl = state["pl"][seat]
    w = WEIGHTS
    extra = w["extra"] * _fade(left + 1, "resource")
    value = 0.0
    if turn["shown"] or any(task[0] == "buy" for task in state["queue"]):
        value += extra
    for frame in state["stack"]:
        kind = frame["k"]
        if kind == "proj":
            value += _project_gain(state, seat, frame["card"], left)
        elif kind == "ask" and frame["q"] == "free":
            value += extra
        elif kind == "ask" and frame["q"] == "cityhall" and pl["proj"]:
            now = _projects(state, seat, pl["proj"], left)
            value += max(
                _projects(state, seat, [q for q in pl["proj"] if q != p], left, [p]) - now for p in pl["proj"]
            )
        elif kind == "ask" and frame["q"] in ("pile", "grab", "sell"):
            value += _effect_due(state, seat, frame, left)
    return value


def _entering(state: Any, seat: int) -> list[str]:
    """Cards of the seat's turn on their way into the Estate (a cloister waiting for its colour)."""
    turn = state.get("turn")
    if turn is None or turn["seat"] != seat:
        return []
    return [frame["card"] for frame in state["stack"] if frame["k"] == "enter"]


def _project_gain(state: Any, seat: int, card: str, left: float) -> float:
    """What ``card`` adds as a new project: room for it, or the best project dropped for it."""
    proj = state["pl"][seat]["proj"]
    now = _projects(state, seat, proj, left)
    if len(proj) < CD.PROJECT_LIMIT:
        return _projects(state, seat, [*proj, card], left) - now
    return max(_projects(state, seat, [q for q in proj if q != p] + [card], left) for p in proj) - now


def _goods_held(state: Any, goods: str, fade: float) -> float:
    """What an unsold goods card is worth in Storage (a share of its VP and silver once sold)."""
    return WEIGHTS["goods"] * (CD.goods_vp(goods, state["opt"]["goods_vp"]) + WEIGHTS["silver"]) * fade


def _effect_due(state: Any, seat: int, frame: dict[str, Any], left: float) -> float:
    """A built card's effect still waiting for its own question (a ship's or pasture's pile, a
    carpenter's grab, a warehouse's sale): what its best answer adds. Without it, building a ship
    looks worse than fetching a silver one ply ahead, as its goods card is not in Storage yet."""
    pl = state["pl"][seat]
    q = frame["q"]
    if q == "pile":
        held = {CD.species(a) for a in pl["animals"]}
        species_gain = CD.ANIMAL_VP[min(4, len(held) + 1)] - CD.ANIMAL_VP[min(4, len(held))]
        best = 0.0
        for name in frame["piles"]:
            pile = state["piles"][name]
            top = pile["top"]
            if not pile["n"] or top is None:
                continue
            if name[0] == "g":
                best = max(best, _goods_held(state, top, _fade(left, "goods")))
            elif CD.species(top) not in held:
                best = max(best, species_gain + WEIGHTS["species"] * _fade(left, "resource"))
        return best
    if q == "grab":
        fade = _fade(left, "project")
        cards = [c for row in state["display"] for c in row if CD.colour(c) in frame["colours"]]
        if not cards or not fade:
            return 0.0
        return max(0.0, max(_project_gain(state, seat, c, left) for c in cards))
    best = 0.0
    fade = _fade(left, "goods")
    for kind in CD.GOODS_KINDS:
        goods = [g for g in pl["goods"] if CD.goods_kind(g) == kind]
        if goods:
            sold = sum(CD.goods_vp(g, state["opt"]["goods_vp"]) for g in goods)
            sold += WEIGHTS["silver"] * len(goods) * _fade(left, "resource")
            best = max(best, sold - sum(_goods_held(state, g, fade) for g in goods))
    return best


def estimate(state: Any) -> list[float]:
    """The card game: the score so far, plus what the tableau and the turn in progress promise."""
    w = WEIGHTS
    out = []
    for seat, pl in enumerate(state["pl"]):
        left = _turns_left(state, seat)
        value = float(breakdown(state, seat)["total"])
        fade = _fade(left, "triple")
        value += sum(_colour_value(state, seat, c, len(pl["est"][c]), fade) for c in CD.COLOURS)
        value += _all7(state, pl, 0, left)
        value += _projects(state, seat, pl["proj"], left, _entering(state, seat))
        value += sum(_goods_held(state, g, _fade(left, "goods")) for g in pl["goods"])
        res = _fade(left, "resource")
        value += (w["silver"] * pl["silver"] + w["workers"] * min(pl["workers"], 4)) * res
        value += w["species"] * len({CD.species(a) for a in pl["animals"]}) * res
        value += _turn_holds(state, seat, left)
        out.append(value)
    return out
