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
  without them a castle, a city hall or a purchase looks like a loss to the search;
* the own turns still to play, each at what an average turn adds (``TEMPO``): a seat one turn ahead
  of its rival in the turn order is not a turn ahead in points.
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

PARTIAL = (0.0, 0.25, 0.6)
"""Share of a triple's VP held with 0, 1 or 2 cards towards the next triple (two cards of three are
more than half of the way: any one card of the colour, or a cloister, completes them). Each card
adds more than the one before (0.25, 0.35, then the last 0.4 and the triple itself): a lone card
is still two cards short. At 0.3 for a lone card the search spread single cards over many colours
and completed fewer triples than the rules-based player (10.5 against 13.8 VP in its losses); the
one-ply proxy against that player went from 73 to 81 % (1,800 games), the search at 100 iterations
from 64 to 69 of 100."""

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

TEMPO: tuple[float, ...] = (1.2, 1.25, 1.25, 1.3, 0.0)
"""VP an own turn adds to a seat's estimate on average, by round (A-E), counted for every own turn
still to play (``FUTURE``).

Why: the search compares leaves at different points of the turn order — after a turn that ended,
the rival's reply included, and in the middle of one. Without this term a seat that had played one
more turn than its rival looked a turn ahead, so leaves inside a turn looked better than leaves
after it, and the search preferred moves that keep the turn going (a silver towards a purchase
over a card): at 469 iterations it won 29.5 of 40 tuning games against the rules-based player where
its own estimate one move ahead won 35. Measured: the estimate's mean change over a seat's own turn,
1,133 turns of 20 games between the one-ply player and the rules player: +1.19, +1.23, +1.26, +1.29
and -0.17 in round E (promises fade there as fast as they are kept). A one-ply choice is unchanged:
every move of a turn spends the same turn."""

HORIZON: dict[str, float] = {"triple": 6.0, "project": 3.0, "goods": 3.0, "resource": 3.0, "all7": 8.0}
"""Own turns left below which a promise fades linearly (none of it scores after the last turn)."""

EFFECT: dict[str, float] = {
    "CAS": 1.2, "MIN": 0.68, "KNO": 0.6, "SHI": 1.0, "PAS": 0.5, "CLO": 0.0,
    "WAR": 0.5, "CAR": 0.5, "CHU": 0.5, "MAR": 0.5, "BOA": 0.8, "BAN": 1.0, "CIT": 0.8, "WAT": 1.0,
}
"""VP a card's effect is worth when it is built (a castle: an extra action; mine / bank: 2 / 3
silver; knowledge: 2 workers; ship: a goods card; watchtower: 1 VP; ...), by card-code prefix."""


def _future(tempo: tuple[float, ...]) -> list[float]:
    """``TEMPO`` summed over the last n own turns of a game, for every n (the turns still to play)."""
    per_round = TOTAL_TURNS // len(tempo)
    out = [0.0]
    for j in range(TOTAL_TURNS):
        out.append(out[-1] + tempo[(TOTAL_TURNS - 1 - j) // per_round])
    return out


FUTURE = _future(TEMPO)


def _clip(x: float) -> float:
    """``_fade``'s clip to [0, 1], written out: ``min(1.0, max(0.0, x))`` for every float ``x``."""
    return 1.0 if x >= 1.0 else x if x > 0.0 else 0.0


def _fade(left: float, horizon: str) -> float:
    return _clip(left / HORIZON[horizon])


def _turns_left(state: Any, seat: int) -> float:
    """Own turns still to act in, counting the current one unless its card is already played."""
    pl = state["pl"][seat]
    left = TOTAL_TURNS - pl["turns"]
    turn = state.get("turn")
    if turn is not None and turn["seat"] == seat and turn["played"]:
        left -= 1
    return float(max(0, left))







def _in_counting_order(cards: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """``cards`` in counting order — entering now (share 1) before projects, cloisters last — by four
    stable buckets."""
    buckets: tuple[list[tuple[str, float]], ...] = ([], [], [], [])
    for cs in cards:
        buckets[2 * (cs[1] < 1.0) + (cs[0][:3] == "CLO")].append(cs)
    return buckets[0] + buckets[1] + buckets[2] + buckets[3]



def _projects(state: Any, seat: int, proj: list[str], left: float, first: list[str] | None = None) -> float:
    """Joint value of the projects ``proj`` (at the project share), after cards ``first`` entering
    the Estate now (in full)."""
    return _Seat(_Turns(state, left), seat).projects(proj, first)




def _entering(state: Any, seat: int) -> list[str]:
    """Cards of the seat's turn on their way into the Estate (a cloister waiting for its colour)."""
    turn = state.get("turn")
    if turn is None or turn["seat"] != seat:
        return []
    return [frame["card"] for frame in state["stack"] if frame["k"] == "enter"]



def _goods_held(state: Any, goods: str, fade: float) -> float:
    """What an unsold goods card is worth in Storage (a share of its VP and silver once sold)."""
    return WEIGHTS["goods"] * (CD.goods_vp(goods, state["opt"]["goods_vp"]) + WEIGHTS["silver"]) * fade



_BUILDINGS = frozenset(CD.BUILDING_TYPES)
"""Prefixes of the building types, whose colour is ``BLD`` (``CD.colour``)."""


_STEPS: dict[tuple[Any, ...], dict[tuple[str, int], float]] = {}
"""Steps towards a triple (``_Turns.step``), by everything they depend on: the triple table and rule, the
``PARTIAL`` shares, the colours whose "1." bonus is still free and the triple fade; within, by colour
and cards already had. The search's leaves share most of these (the cards of a colour change slowly),
and a key holds the values, not the names, so a retuned ``PARTIAL`` finds its own entries."""

_STEPS_KEPT = 512
"""Keys of ``_STEPS`` kept before it starts afresh (a game meets a few dozen)."""


class _Turns:
    """What one estimate reads of a state at one number of own turns left, once.

    The search asks for an estimate at every leaf, and within one the same triple steps, fades and
    "All 7" promises came up again and again (each card of each plan, every colour of every seat). The
    per-state constants (triple table, options, "1." bonuses) and the fades of the turns left are read
    here once, shared by the seats with as many turns left, and the steps towards a triple are
    remembered in ``_STEPS``. The tunables (``PARTIAL``,
    ``WEIGHTS``, ``HORIZON``, ...) are read when it is made: it lives for one estimate, as the state
    changes between leaves."""

    __slots__ = (
        "a7fade", "a7scale", "a7top", "a7vals", "bonus1", "fade", "goods", "left", "many", "partial", "res",
        "share", "state", "steps", "table",
    )

    def __init__(self, state: Any, left: float) -> None:
        opt = state["opt"]
        horizon = HORIZON
        self.state = state
        self.left = left
        self.fade = fade = _clip(left / horizon["triple"])
        self.res = _clip(left / horizon["resource"])
        self.goods = _clip(left / horizon["goods"])
        self.share = WEIGHTS["project"] * _clip(left / horizon["project"])
        self.table: dict[str, int] = CD.TRIPLE_VP[opt["triple_vp"]]
        self.bonus1: list[str] = state["bonus1"]
        self.partial = PARTIAL
        self.many = opt["triples_per_colour"] == "many"
        key = (opt["triple_vp"], self.many, tuple(self.partial), tuple(self.bonus1), fade)
        steps = _STEPS.get(key)
        if steps is None:
            if len(_STEPS) >= _STEPS_KEPT:
                _STEPS.clear()
            steps = _STEPS[key] = {}
        self.steps = steps
        self.a7vals: list[float | None] = []
        if state["all7"]:
            self.a7top = CD.ALL7_VALUE[state["all7"][0]]
            self.a7scale = WEIGHTS["all7"] * self.a7top
            self.a7fade = _clip(left / horizon["all7"])
            self.a7vals = [None] * (len(CD.COLOURS) + 1)

    def all7(self, have: int) -> float:
        """Promise of the "All 7" card with ``have`` colours in the Estate (the card still to be had):
        all of it with every colour, else a share growing with the square of the colours."""
        n = len(CD.COLOURS)
        got = self.a7vals[have] = float(self.a7top) if have >= n else self.a7scale * (have / n) ** 2 * self.a7fade
        return got

    def step(self, colour: str, have: int) -> float:
        """What one more card of ``colour`` adds to the seat's triples (completed or promised) with
        ``have`` cards of it already counted: the next ``PARTIAL`` share of the triple's VP (and of a
        "1." card still free), or, for the third card, the triple itself."""
        partial = self.partial
        fade = self.fade
        first = colour in self.bonus1
        more = have + 1
        vp = self.table[colour]
        gain = (vp + (CD.FIRST_BONUS_VP if first and more < 3 else 0)) * partial[more % 3] * fade - (
            vp + (CD.FIRST_BONUS_VP if first and have < 3 else 0)
        ) * partial[have % 3] * fade
        if more % 3 == 0:
            many = self.many or more == 3
            gain += vp * many + (CD.FIRST_BONUS_VP if first else 0)
        self.steps[colour, have] = gain
        return gain


class _Seat:
    """One seat in one estimate: its Estate counts and its project plans, remembered (the estimate,
    a city hall's choice and each card a grab could take all value the current projects)."""

    __slots__ = ("a7", "base", "counts", "pl", "plans", "seat", "turns")

    def __init__(
        self, turns: _Turns, seat: int, counts: dict[str, int] | None = None, base: int = 0, a7: bool = False
    ) -> None:
        self.turns = turns
        self.seat = seat
        pl = self.pl = turns.state["pl"][seat]
        if counts is None:
            est = pl["est"]
            counts = {c: len(est[c]) for c in CD.COLOURS}
            base = len(counts) - list(counts.values()).count(0)
            a7 = pl["all7"] is None and bool(turns.a7vals)
        self.counts = counts
        self.base = base
        self.a7 = a7
        self.plans: dict[tuple[Any, ...], float] = {}

    def plan(self, cards: list[tuple[str, float]]) -> float:
        """Joint value of cards on their way to the Estate, each ``(card, share)`` counted at its
        share, in counting order (cards entering now before projects, cloisters last).

        Cards of one colour fill successive places of its stack: with two pastures built, three
        pasture projects are one completed triple and two first steps of the next, not three
        completed triples (valued one by one, each of them looked like the triple's last card, so
        the seat hoarded projects of one colour and never built them: building one took the triple
        from the other two). A cloister joins the colour it helps most by then."""
        turns = self.turns
        counts = self.counts.copy()
        steps = turns.steps
        effect = EFFECT
        res = turns.res
        a7 = self.a7
        a7vals = turns.a7vals
        colours = self.base
        total = 0.0
        for card, share in cards:
            kind = card[:3]
            if kind == "CLO":
                colour = ""
                step = 0.0
                for c in CD.COLOURS:
                    have = counts[c]
                    if have or c == "CLO":
                        got = steps.get((c, have))
                        if got is None:
                            got = turns.step(c, have)
                        if not colour or got > step:
                            colour = c
                            step = got
                have = counts[colour]
            else:
                colour = "BLD" if kind in _BUILDINGS else kind
                have = counts[colour]
                got = steps.get((colour, have))
                step = turns.step(colour, have) if got is None else got
            if not have and a7:
                more = a7vals[colours + 1]
                if more is None:
                    more = turns.all7(colours + 1)
                now = a7vals[colours]
                if now is None:
                    now = turns.all7(colours)
                step += more - now
                colours += 1
            counts[colour] = have + 1
            total += share * (step + effect[kind] * res)
        return total

    def projects(self, proj: list[str], first: list[str] | None = None) -> float:
        """Joint value of the projects ``proj`` (at the project share) after cards ``first`` entering
        the Estate now (in full), remembered for the estimate."""
        key = (tuple(first), tuple(proj)) if first else tuple(proj)
        got = self.plans.get(key)
        if got is None:
            share = self.turns.share
            cards = [(p, share) for p in proj]
            if first:
                cards = [(c, 1.0) for c in first] + cards
            # Without a cloister the counting order is the order given (entering before projects).
            for card, _ in cards:
                if card[:3] == "CLO":
                    cards = _in_counting_order(cards)
                    break
            got = self.plans[key] = self.plan(cards)
        return got

    def project_gain(self, card: str) -> float:
        """What ``card`` adds as a new project: room for it, or the best project dropped for it."""
        proj = self.pl["proj"]
        now = self.projects(proj)
        if len(proj) < CD.PROJECT_LIMIT:
            return self.projects([*proj, card]) - now
        return max(self.projects([q for q in proj if q != p] + [card]) for p in proj) - now

    def turn_holds(self) -> float:
        """What the seat's turn in progress already holds beyond the tableau (see the module doc)."""
        state = self.turns.state
        turn = state.get("turn")
        if turn is None or turn["seat"] != self.seat:
            return 0.0
        proj = self.pl["proj"]
        extra = WEIGHTS["extra"] * _fade(self.turns.left + 1, "resource")
        value = 0.0
        if turn["shown"] or any(task[0] == "buy" for task in state["queue"]):
            value += extra
        for frame in state["stack"]:
            kind = frame["k"]
            if kind == "proj":
                value += self.project_gain(frame["card"])
            elif kind == "ask" and frame["q"] == "free":
                value += extra
            elif kind == "ask" and frame["q"] == "cityhall" and proj:
                now = self.projects(proj)
                value += max(self.projects([q for q in proj if q != p], [p]) - now for p in proj)
            elif kind == "ask" and frame["q"] in ("pile", "grab", "sell"):
                value += self.effect_due(frame)
        return value

    def effect_due(self, frame: dict[str, Any]) -> float:
        """A built card's effect still waiting for its own question (a ship's or pasture's pile, a
        carpenter's grab, a warehouse's sale): what its best answer adds. Without it, building a
        ship looks worse than fetching a silver one ply ahead, as its goods card is not in Storage
        yet."""
        state = self.turns.state
        pl = self.pl
        left = self.turns.left
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
            return max(0.0, max(self.project_gain(c) for c in cards))
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
    """The card game: the score so far, plus what the tableau and the turn in progress promise.

    Per seat: the score, the own turns still to play (``FUTURE``), each colour's partial-triple
    promise (its ``PARTIAL`` share of the triple's VP and of a "1." card still free; complete triples
    are in the score), the "All 7" promise, the projects and cards entering now, unsold goods, silver,
    workers, animal species and what the turn in progress holds (``_Seat``), with the per-state
    constants read once (``_Turns``)."""
    w = WEIGHTS
    partial = PARTIAL
    total_turns = TOTAL_TURNS
    first_vp = CD.FIRST_BONUS_VP
    opt = state["opt"]
    setting = opt["goods_vp"]
    goods_vp = CD.GOODS_VP.get(setting, setting) if isinstance(setting, int) else setting
    table = CD.TRIPLE_VP[opt["triple_vp"]]
    bonus1 = state["bonus1"]
    # the partial-triple promise's triple VP plus "1." bonus: with the bonus still free (below 3 cards), and without.
    rows = [(c, table[c] + (first_vp if c in bonus1 else 0), table[c]) for c in CD.COLOURS]
    all7 = bool(state["all7"])
    turn = state.get("turn")
    by_left: dict[float, _Turns] = {}
    out = []
    for seat, pl in enumerate(state["pl"]):
        left = total_turns - pl["turns"]
        mine = turn is not None and turn["seat"] == seat
        if mine and turn["played"]:
            left -= 1
        left = float(left) if left > 0 else 0.0  # float(max(0, left))
        value = float(breakdown(state, seat)["total"]) + FUTURE[int(left)]  # the turns still to play
        turns = by_left.get(left)
        if turns is None:
            turns = by_left[left] = _Turns(state, left)
        fade = turns.fade
        est = pl["est"]
        counts: dict[str, int] = {}
        terms: list[float] = []
        for c, free, taken in rows:
            n = counts[c] = len(est[c])
            terms.append((free if n < 3 else taken) * partial[n % 3] * fade)
        value += sum(terms)
        base = len(counts) - list(counts.values()).count(0)
        a7 = all7 and pl["all7"] is None
        if a7:
            got = turns.a7vals[base]
            value += turns.all7(base) if got is None else got
        else:
            value += 0.0
        proj = pl["proj"]
        entering = [frame["card"] for frame in state["stack"] if frame["k"] == "enter"] if mine else []
        at = _Seat(turns, seat, counts, base, a7) if proj or entering or mine else None
        value += at.projects(proj, entering) if at is not None else 0.0
        share = w["goods"]
        silver = w["silver"]
        fade = turns.goods
        if isinstance(goods_vp, int):  # every goods card is worth as much (``CD.goods_vp``)
            held = share * (goods_vp + silver) * fade
            value += sum([held for _ in pl["goods"]])
        else:
            value += sum([share * (CD.goods_vp(g, setting) + silver) * fade for g in pl["goods"]])
        res = turns.res
        value += (w["silver"] * pl["silver"] + w["workers"] * min(pl["workers"], 4)) * res
        value += w["species"] * len({a[:3] for a in pl["animals"]}) * res
        value += at.turn_holds() if mine and at is not None else 0.0
        out.append(value)
    return out
