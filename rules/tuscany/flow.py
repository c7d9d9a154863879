"""The task queue: chance steps, decisions and automatic effects, in the order the rules give.

Every action pushes tasks to the front of ``s["tasks"]`` and then ``run`` works through the
automatic ones until a chance step or a decision is needed. Task kinds:

  input (wait for a seat or for chance)
    ["first"]                 start player: chance (``start_player: random``) or seat 1's host decision
    ["board", seat, letter]   deal one region board (chance)
    ["preset", seat]          the host gives a seat's boards (``boards: preset``)
    ["card", seat, n]         draw n region cards one at a time (chance; reshuffles on an empty deck)
    ["wait", what]            simultaneous hidden choice of every seat: "assemble" or "start"
    ["bonus", seat]           take a square bonus tile (setup or city effect)
    ["fill", slot, seat]      refill a display slot from seat's stacks, or seat -1: the neutral stack (chance)
    ["yield", seat, n]        draw and resolve n yield cards (chance)
    ["castle", seat]          the optional free tile of a castle effect
  automatic
    ["bonuses"]               queue the setup bonus choices in turn order
    ["check5"]                the five-of-a-colour refresh (§5.3 step 2)
    ["place", seat, code, space]   cover a space and resolve it (§5.4)
    ["begin"]                 round 1 starts

When the queue is empty during play, the current action is over: the turn either offers the
marble action or ends (§4.1), and the round-end check runs (§4.2).
"""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.tuscany.data import (
    AREA_POINTS,
    CARDS_PER_RED,
    COLOURS,
    DRAW_BASE,
    MONASTERY_CARDS,
    REFRESH_AT,
    ROUNDS,
    ST_GREEN,
    STORAGE_BASE,
    TAVERN_FULL_RED,
    data,
)
from rules.tuscany.estate import fixed_estate
from rules.tuscany.spaces import castle_targets
from rules.tuscany.state import State, cards_in, colour_of, empty_spaces, lay, next_seat, order

INPUT = {"first", "board", "preset", "card", "wait", "bonus", "fill", "yield", "castle"}
CHANCE_TASKS = {"board", "card", "fill", "yield"}


def head(s: State) -> list[Any] | None:
    return s["tasks"][0] if s["tasks"] else None


def run(s: State, ev: list[Event]) -> None:
    """Resolve automatic steps until input is needed (or the game is over)."""
    while True:
        if s["phase"] == "over":
            return
        t = head(s)
        if t is None:
            if s["phase"] == "play" and s["turn"]["stage"] == "busy":
                finish_action(s, ev)
                continue
            return
        kind = t[0]
        if kind in INPUT:
            if not _skip_input(s, t, ev):
                return
            continue
        s["tasks"].pop(0)
        AUTO[kind](s, t, ev)


def push(s: State, *tasks: list[Any]) -> None:
    """Put ``tasks`` at the front of the queue, in the given order."""
    s["tasks"][0:0] = [list(t) for t in tasks]


def _skip_input(s: State, t: list[Any], ev: list[Event]) -> bool:
    """Handle an input task that needs no input now; True if it was removed or changed."""
    kind = t[0]
    if kind == "card":
        if t[2] <= 0:
            s["tasks"].pop(0)
            return True
        if cards_in(s["deck"]) == 0:
            if cards_in(s["discard"]) == 0:
                s["tasks"].pop(0)  # nothing left to draw (Q17)
                return True
            s["deck"], s["discard"] = s["discard"], {c: 0 for c in COLOURS}
            ev.append({"kind": "shuffle", "deck": "region"})
        return False
    if kind == "yield":
        if t[2] <= 0:
            s["tasks"].pop(0)
            return True
        if not s["ydeck"]:
            if not s["ydiscard"]:
                s["tasks"].pop(0)
                return True
            s["ydeck"], s["ydiscard"] = sorted(s["ydiscard"]), []
            ev.append({"kind": "shuffle", "deck": "yield"})
        return False
    if kind == "fill":
        slot, seat = t[1], t[2]
        source = s["neutral"] if seat < 0 else s["ps"][seat]["pool"]
        if not source:
            s["tasks"].pop(0)
            ev.append({"kind": "empty_slot", "slot": slot + 1})
            return True
        return False
    if kind == "bonus":
        if not any(s["supply"].values()):
            s["tasks"].pop(0)
            return True
        return False
    if kind == "castle":
        if not castle_targets(s, t[1]):
            s["tasks"].pop(0)
            ev.append({"kind": "castle_lost", "seat": t[1]})
            return True
        return False
    if kind == "wait":
        what = t[1]
        if what == "assemble" and s["opts"]["estate"] == "fixed":
            for p in s["ps"]:
                p["estate"] = [list(x) for x in fixed_estate(p["boards"])]
            s["tasks"].pop(0)
            return True
        key = "estate" if what == "assemble" else "start"
        if all(p[key] is not None for p in s["ps"]):
            s["tasks"].pop(0)
            if what == "assemble":
                ev.append({"kind": "assembled", "estates": [p["estate"] for p in s["ps"]]})
            else:
                for seat, p in enumerate(s["ps"]):
                    p["cov"][p["start"]] = f"{seat + 1}S"
                ev.append({"kind": "started", "spaces": [p["start"] for p in s["ps"]]})
            return True
        return False
    return False


# ---- chance outcomes -------------------------------------------------------------------------
def apply_chance(s: State, t: list[Any], outcome: str, ev: list[Event]) -> None:
    """Apply a validated chance outcome to the head task ``t``."""
    kind = t[0]
    word = outcome.split()[1]
    if kind == "first":
        s["first"] = int(word) - 1
        s["tasks"].pop(0)
        ev.append({"kind": "first", "seat": s["first"]})
    elif kind == "board":
        s["ps"][t[1]]["boards"].append(word)
        s["tasks"].pop(0)
        if len(s["ps"][t[1]]["boards"]) == 3:
            ev.append({"kind": "boards", "seat": t[1], "boards": sorted(s["ps"][t[1]]["boards"])})
    elif kind == "card":
        s["deck"][word] -= 1
        s["ps"][t[1]]["hand"][word] += 1
        t[2] -= 1
    elif kind == "fill":
        reveal(s, t[1], t[2], word, ev)
        s["tasks"].pop(0)
    elif kind == "yield":
        t[2] -= 1
        s["ydeck"].remove(word)
        s["ydiscard"].append(word)
        reward = [list(r) for r in data(s["v"]).yield_cards[word]]
        ev.append({"kind": "yield", "seat": t[1], "card": word, "reward": reward})
        yield_reward(s, t[1], word, ev)


def reveal(s: State, slot: int, seat: int, code: str, ev: list[Event]) -> None:
    """A tile turns up in a display slot (CH10/CH11); a stack reveal may set the round-end trigger."""
    if seat < 0:
        s["neutral"].remove(code)
    else:
        p = s["ps"][seat]
        p["pool"].remove(code)
        index = next(i for i, k in enumerate(p["stacks"]) if k > 0)
        p["stacks"][index] -= 1
        emptied_own_round = p["stacks"][index] == 0 and index == s["round"] - 1 and s["phase"] == "play"
        if emptied_own_round and s["trigger"] is None and s["final_left"] is None:
            s["trigger"] = seat
            ev.append({"kind": "trigger", "seat": seat, "round": s["round"]})
    s["display"][slot] = code
    ev.append({"kind": "reveal", "tile": code, "slot": slot + 1})


def yield_reward(s: State, seat: int, card: str, ev: list[Event]) -> None:
    """Apply a yield card's printed reward (§2.5); bonus tiles never add to it (Q11)."""
    p = s["ps"][seat]
    for reward, amount in data(s["v"]).yield_cards[card]:
        if reward in ("green", "red", "marble", "workers"):
            p[reward] += amount
        elif reward == "cards":
            # resolved now, before the next yield card is revealed
            push(s, ["card", seat, amount])
            ev.append({"kind": "cards", "seat": seat, "n": drawable(s, amount)})
        elif reward == "hex":
            for _ in range(amount):
                gain_hex(s, seat, ev)


def gain_hex(s: State, seat: int, ev: list[Event]) -> None:
    """A hex token into storage, or 2 red with no free space (§6 tavern)."""
    p = s["ps"][seat]
    if len(p["store"]) < storage_cap(p):
        p["store"].append("hex")
        p["fresh"] += 1
        ev.append({"kind": "hex", "seat": seat})
    else:
        p["red"] += TAVERN_FULL_RED
        ev.append({"kind": "red", "seat": seat, "n": TAVERN_FULL_RED, "why": "hex_full"})


def storage_cap(p: dict[str, Any]) -> int:
    return STORAGE_BASE + p["bonus"]["ST"]


def take_bonus(s: State, seat: int, tile: str, ev: list[Event]) -> None:
    p = s["ps"][seat]
    s["supply"][tile] -= 1
    p["bonus"][tile] += 1
    ev.append({"kind": "bonus", "seat": seat, "tile": tile})
    if tile == "ST":
        p["green"] += ST_GREEN
        ev.append({"kind": "green", "seat": seat, "n": ST_GREEN, "why": "ST"})


def draw_count(p: dict[str, Any]) -> int:
    return DRAW_BASE + p["bonus"]["RC"]


def drawable(s: State, n: int) -> int:
    """How many of ``n`` region cards a draw about to start will really give: the deck and its
    discard pile may hold fewer (Q17). Announced in the event, so the log never promises cards
    that do not exist."""
    return min(n, cards_in(s["deck"]) + cards_in(s["discard"]))


# ---- automatic tasks -------------------------------------------------------------------------
def _bonuses(s: State, t: list[Any], ev: list[Event]) -> None:
    push(s, *[["bonus", seat] for seat in order(s)])


def _check5(s: State, t: list[Any], ev: list[Event]) -> None:
    counts: dict[str, list[int]] = {}
    for slot, code in enumerate(s["display"]):
        if code is not None:
            counts.setdefault(colour_of(code), []).append(slot)
    for colour in COLOURS:
        slots = counts.get(colour, [])
        if len(slots) >= REFRESH_AT:
            tiles = [s["display"][i] for i in slots]
            for i in slots:
                s["display"][i] = None
            s["aside"] += tiles
            ev.append({"kind": "refresh", "colour": colour, "slots": [i + 1 for i in slots]})
            push(s, *[["fill", i, -1] for i in slots], ["check5"])
            return


def _begin(s: State, t: list[Any], ev: list[Event]) -> None:
    s["phase"] = "play"
    s["cur"] = s["first"]
    new_turn(s)
    ev.append({"kind": "round", "round": 1, "seat": s["cur"]})


def _place(s: State, t: list[Any], ev: list[Event]) -> None:
    resolve_placement(s, t[1], t[2], t[3], ev)


AUTO = {"bonuses": _bonuses, "check5": _check5, "begin": _begin, "place": _place}


def resolve_placement(s: State, seat: int, code: str, space: str, ev: list[Event]) -> None:
    """§5.4: area, colour bonus, then the effect (a hex token acts as its space's colour)."""
    p = s["ps"][seat]
    layout = lay(s, seat)
    p["cov"][space] = code
    colour = layout.colour[space]
    area = layout.areas[layout.area[space]]
    ev.append({"kind": "placed", "seat": seat, "tile": code, "space": space})
    if all(sp in p["cov"] for sp in area):
        points = AREA_POINTS[len(area)]
        p["green"] += points
        ev.append({"kind": "green", "seat": seat, "n": points, "why": "area", "spaces": list(area)})
    if all(sp in p["cov"] for sp in layout.by_colour[colour]) and s["cb"][colour] < 2:
        value = data(s["v"]).colour_bonus[colour][s["cb"][colour]]
        s["cb"][colour] += 1
        p["green"] += value
        ev.append({"kind": "green", "seat": seat, "n": value, "why": "colour", "colour": colour})
    effect(s, seat, colour, code, area, space, ev)


def effect(
    s: State, seat: int, colour: str, code: str, area: tuple[str, ...], space: str, ev: list[Event]
) -> None:
    """The effect of a tile type (§6)."""
    p = s["ps"][seat]
    if colour == "K":
        push(s, ["castle", seat])
    elif colour == "C":
        push(s, ["bonus", seat])
    elif colour == "V":
        n = 1 + p["bonus"]["WO"]
        p["workers"] += n
        ev.append({"kind": "workers", "seat": seat, "n": n})
    elif colour == "F":
        d = data(s["v"])
        if code == "hex":
            new = 1
        else:
            seen = {ft for sp in area if sp != space and sp in p["cov"] for ft in d.farm_types(p["cov"][sp])}
            new = len(set(d.farm_types(code)) - seen)
        if new:
            p["green"] += new
            ev.append({"kind": "green", "seat": seat, "n": new, "why": "farm"})
    elif colour == "W":
        push(s, ["yield", seat, 1 + p["bonus"]["YI"]])
    elif colour == "M":
        push(s, ["card", seat, MONASTERY_CARDS])
        ev.append({"kind": "cards", "seat": seat, "n": drawable(s, MONASTERY_CARDS)})
    elif colour == "Q":
        n = 1 + p["bonus"]["MA"]
        p["marble"] += n
        ev.append({"kind": "marble", "seat": seat, "n": n})
    elif colour == "T":
        gain_hex(s, seat, ev)


# ---- turns and rounds ------------------------------------------------------------------------
def new_turn(s: State) -> None:
    s["turn"] = {"stage": "main", "marble": False}


def finish_action(s: State, ev: list[Event]) -> None:
    """The action and all its effects are done: offer the marble action once, or end the turn."""
    turn = s["turn"]
    p = s["ps"][s["cur"]]
    if not turn["marble"] and p["marble"] >= 1:
        turn["stage"] = "offer"
    else:
        end_turn(s, ev)


def end_turn(s: State, ev: list[Event]) -> None:
    """§4.2: the round-end check after each turn."""
    seat = s["cur"]
    s["ps"][seat]["fresh"] = 0
    nxt = next_seat(s, seat)
    if s["opts"]["round_end"] == "equal_turns":
        last = (s["first"] - 1) % s["n"]
        if s["trigger"] is not None and seat == last:
            score_round(s, ev)
            if s["phase"] == "over":
                return
            nxt = s["first"]
    elif s["final_left"] is not None:
        s["final_left"] -= 1
        if s["final_left"] == 0:
            score_round(s, ev)
            return
    elif s["trigger"] is not None:
        if s["round"] < ROUNDS:
            score_round(s, ev)
        else:
            s["final_left"] = s["n"]
            ev.append({"kind": "final_turns", "seat": nxt})
    s["cur"] = nxt
    new_turn(s)


def score_round(s: State, ev: list[Event]) -> None:
    """§7.2: red += green for everyone; after round 3, the final scoring."""
    for p in s["ps"]:
        p["red"] += p["green"]
    ev.append({"kind": "scoring", "round": s["round"], "red": [p["red"] for p in s["ps"]]})
    if s["round"] >= ROUNDS:
        final_scoring(s, ev)
        return
    s["round"] += 1
    s["trigger"] = None
    nxt = s["first"] if s["opts"]["round_end"] == "equal_turns" else next_seat(s, s["cur"])
    ev.append({"kind": "round", "round": s["round"], "seat": nxt})


def final_bonus(s: State, seat: int) -> int:
    """§7.3: red points for what is left."""
    p = s["ps"][seat]
    tiles = len(p["store"])  # tiles and hex tokens alike
    if s["opts"]["final_tiles"] == "storage_and_stacks":
        tiles += sum(p["stacks"])
    return tiles + p["marble"] + p["workers"] + cards_in(p["hand"]) // CARDS_PER_RED


def rank_key(s: State, seat: int) -> tuple[int, int, int, int]:
    """§7.3: most red, then most empty spaces, fewest green, fewest cards in hand."""
    p = s["ps"][seat]
    return (-p["red"], -empty_spaces(s, seat), p["green"], cards_in(p["hand"]))


def final_scoring(s: State, ev: list[Event]) -> None:
    gains = [final_bonus(s, seat) for seat in range(s["n"])]
    for p, g in zip(s["ps"], gains, strict=True):
        p["red"] += g
    key = [
        (-p["red"], -empty_spaces(s, seat), p["green"], cards_in(p["hand"])) for seat, p in enumerate(s["ps"])
    ]
    ranking = sorted(range(s["n"]), key=lambda seat: (key[seat], seat))
    winners = [seat for seat in ranking if key[seat] == key[ranking[0]]]
    s["result"] = {"ranking": ranking, "winners": winners, "final": gains}
    s["phase"] = "over"
    s["tasks"] = []
    s["turn"] = None
    ev.append({"kind": "over", "red": [p["red"] for p in s["ps"]], "final": gains, "winners": winners})
