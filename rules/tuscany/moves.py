"""Who acts, what is legal, and applying one decision or chance outcome (reference §5.2).

``apply`` validates with the rule that forbids a move (``reasons``), works on a copy and then
lets ``flow.run`` resolve everything automatic that follows.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core import CHANCE, Event, IllegalAction
from rules.tuscany import flow
from rules.tuscany.data import BONUS_TYPES, COLOURS, DISPLAY_SLOTS, LETTERS, data
from rules.tuscany.estate import assemble_moves, parse_board_word, parse_space, shifts_ok
from rules.tuscany.notation import affordable, needs, parse_payment, payment_text, payments, tidy
from rules.tuscany.reasons import illegal
from rules.tuscany.spaces import castle_targets, open_spaces
from rules.tuscany.state import State, cards_in, colour_of, copy, lay

# ---- who acts ---------------------------------------------------------------------------------


def to_act(s: State) -> list[int]:
    if s["phase"] == "over":
        return []
    t = flow.head(s)
    if t is None:
        return [s["cur"]]
    kind = t[0]
    if kind == "first":
        return [CHANCE] if s["opts"]["start_player"] == "random" else [0]
    if kind == "preset":
        return [0]
    if kind in flow.CHANCE_TASKS:
        return [CHANCE]
    if kind == "wait":
        key = "estate" if t[1] == "assemble" else "start"
        return [seat for seat, p in enumerate(s["ps"]) if p[key] is None]
    return [t[1]]  # bonus, castle


# ---- chance -------------------------------------------------------------------------------------


def chance_outcomes(s: State) -> list[tuple[str, float]]:
    if to_act(s) != [CHANCE]:
        return []
    t = s["tasks"][0]
    kind = t[0]
    if kind == "first":
        return [(f"first {i + 1}", 1 / s["n"]) for i in range(s["n"])]
    if kind == "board":
        dealt = {b for p in s["ps"] for b in p["boards"]}
        free = [b for b in sorted(data(s["v"]).boards) if b[0] == t[2] and b not in dealt]
        return [(f"board {b}", 1 / len(free)) for b in free]
    if kind == "card":
        total = cards_in(s["deck"])
        return [(f"card {c}", s["deck"][c] / total) for c in COLOURS if s["deck"][c] > 0]
    if kind == "fill":
        pool = s["neutral"] if t[2] < 0 else s["ps"][t[2]]["pool"]
        return [(f"reveal {code}", 1 / len(pool)) for code in sorted(pool)]
    if kind == "yield":
        deck = s["ydeck"]
        return [(f"yield {code}", deck.count(code) / len(deck)) for code in sorted(set(deck))]
    return []


# ---- legality -----------------------------------------------------------------------------------


def start_spaces(s: State, seat: int) -> list[str]:
    return list(lay(s, seat).by_colour.get("K", ()))


def placeable(s: State, seat: int) -> list[str]:
    """Stored items that may be placed now (a token gained this turn may not, Q22)."""
    p = s["ps"][seat]
    items = sorted(set(p["store"]))
    if "hex" in items and p["store"].count("hex") <= p["fresh"]:
        items.remove("hex")
    return items


def place_moves(s: State, seat: int) -> list[str]:
    p = s["ps"][seat]
    layout_ = lay(s, seat)
    spaces = open_spaces(s, seat)
    cache: dict[str, list[str]] = {}
    out = []
    for item in placeable(s, seat):
        for sp in spaces:
            colour = layout_.colour[sp]
            if item != "hex" and colour_of(item) != colour:
                continue
            if colour not in cache:
                cache[colour] = [payment_text(u) for u in payments(p["hand"], p["workers"], colour)]
            out += [f"place {item}@{sp} using {pay}" for pay in cache[colour]]
    return out


def take_moves(s: State, seat: int) -> list[str]:
    p = s["ps"][seat]
    full = len(p["store"]) >= flow.storage_cap(p)
    out = []
    for slot, code in enumerate(s["display"]):
        if code is None:
            continue
        if full:
            out += [f"take {slot + 1} discard {item}" for item in sorted(set(p["store"]))]
        else:
            out.append(f"take {slot + 1}")
    return out


def can_draw(s: State) -> bool:
    return cards_in(s["deck"]) + cards_in(s["discard"]) > 0


def action_moves(s: State, seat: int) -> list[str]:
    """Main or marble action: draw, take, place (§5.2 #4–#7).

    [DECISION] ``draw`` needs a card in the deck or its discard pile: with both empty it would be
    a pass, and a player may never pass (§4.1). If nothing else is legal, the empty draw stays
    legal so that no player is ever stuck.
    """
    others = take_moves(s, seat) + place_moves(s, seat)
    if can_draw(s) or not others:
        others.append("draw")
    return others


def legal(s: State, seat: int) -> list[str]:
    acting = to_act(s)
    if seat not in acting:
        return []
    if seat == CHANCE:
        return sorted(o for o, _ in chance_outcomes(s))
    t = flow.head(s)
    if t is None:
        stage = s["turn"]["stage"]
        if stage == "offer":
            return ["end", "marble"]
        return sorted(action_moves(s, seat))
    kind = t[0]
    if kind == "first":
        return [f"first {i + 1}" for i in range(s["n"])]
    if kind == "preset":
        return sorted(preset_moves(s, t[1]))
    if kind == "wait":
        p = s["ps"][seat]
        if t[1] == "assemble":
            return sorted(assemble_moves(p["boards"]))
        return sorted(f"start {sp}" for sp in start_spaces(s, seat))
    if kind == "bonus":
        return [f"bonus {b}" for b in BONUS_TYPES if s["supply"][b] > 0]
    if kind == "castle":
        return sorted([*castle_targets(s, seat), "castle pass"])
    return []


def preset_moves(s: State, seat: int) -> list[str]:
    used = {b for p in s["ps"] for b in p["boards"]}
    free = {
        letter: [b for b in sorted(data(s["v"]).boards) if b[0] == letter and b not in used]
        for letter in LETTERS
    }
    return [f"boards {seat + 1} {a} {b} {c}" for a in free["A"] for b in free["B"] for c in free["C"]]


# ---- apply --------------------------------------------------------------------------------------


def now_text(s: State, seat: int) -> str:
    """What the seat is expected to do, for the ``wrong_time`` refusal."""
    moves = legal(s, seat)
    heads = sorted({m.split()[0] for m in moves})
    return " / ".join(heads) if heads else "-"


def apply(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    if not isinstance(action, str):
        raise illegal("notation")
    text = tidy(action)
    if state["phase"] == "over":
        raise illegal("game_over")
    acting = to_act(state)
    if seat not in acting:
        raise illegal("not_your_turn")
    words = text.lower().split()
    if not words:
        raise illegal("notation")
    s = copy(state)
    ev: list[Event] = []
    if seat == CHANCE:
        outcomes = {o.lower(): o for o, _ in chance_outcomes(s)}
        if text.lower() not in outcomes:
            raise illegal("bad_outcome", outcome=text[:40])
        flow.apply_chance(s, s["tasks"][0], outcomes[text.lower()], ev)
    else:
        _decide(s, seat, text, words, ev)
    flow.run(s, ev)
    return s, ev


def _wrong(s: State, seat: int) -> IllegalAction:
    return illegal("wrong_time", now=now_text(s, seat))


def _decide(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    verb = words[0]
    t = flow.head(s)
    kind = t[0] if t is not None else ("offer" if s["turn"]["stage"] == "offer" else "action")
    if verb not in HANDLERS:
        raise illegal("notation")
    allowed = {
        "first": ("first",),
        "preset": ("boards",),
        "wait": ("assemble",) if t is not None and t[1:2] == ["assemble"] else ("start",),
        "bonus": ("bonus",),
        "castle": ("castle",),
        "offer": ("marble", "end"),
        "action": ("draw", "take", "place"),
    }[kind]
    if verb not in allowed:
        if verb in ("marble", "end") and kind == "action":
            if verb == "marble" and s["turn"]["marble"]:
                raise illegal("marble_used")
            if verb == "marble" and s["ps"][seat]["marble"] < 1:
                raise illegal("no_marble")
        raise _wrong(s, seat)
    HANDLERS[verb](s, seat, text, words, ev)


def _first(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= s["n"]:
        raise illegal("bad_seat", n=s["n"])
    flow.apply_chance(s, s["tasks"][0], f"first {int(words[1])}", ev)


def _boards(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    target = s["tasks"][0][1]
    move = f"boards {target + 1} " + " ".join(w.upper() for w in words[2:])
    if len(words) != 5 or move not in preset_moves(s, target):
        raise illegal("preset_boards", seat=target + 1)
    s["ps"][target]["boards"] = [w.upper() for w in words[2:5]]
    s["tasks"].pop(0)
    ev.append({"kind": "boards", "seat": target, "boards": sorted(s["ps"][target]["boards"])})


def _assemble(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    p = s["ps"][seat]
    parsed = [parse_board_word(w) for w in text.split()[1:]]
    if len(parsed) != 3 or any(x is None for x in parsed):
        raise illegal("assemble_boards", boards=" ".join(sorted(p["boards"])))
    placed = [x for x in parsed if x is not None]
    if sorted(b for b, _, _ in placed) != sorted(p["boards"]):
        raise illegal("assemble_boards", boards=" ".join(sorted(p["boards"])))
    if not shifts_ok(tuple(k for _, _, k in placed)):
        raise illegal("assemble_shift")
    p["estate"] = [[b, t, k] for b, t, k in placed]
    ev.append({"kind": "chose", "seat": seat, "what": "assemble"})


def _start(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    spaces = start_spaces(s, seat)
    space = words[1] if len(words) == 2 else ""
    if space not in spaces:
        raise illegal("not_castle_space", space=space or "?", spaces=", ".join(spaces))
    s["ps"][seat]["start"] = space
    ev.append({"kind": "chose", "seat": seat, "what": "start"})


def _bonus(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    tile = words[1].upper() if len(words) == 2 else ""
    if tile not in BONUS_TYPES:
        raise illegal("bad_bonus", tile=tile or "?")
    if s["supply"][tile] <= 0:
        raise illegal("bonus_gone", tile=tile)
    s["tasks"].pop(0)
    flow.take_bonus(s, seat, tile, ev)


def _slot(word: str, s: State) -> int:
    if not word.isdigit() or not 1 <= int(word) <= DISPLAY_SLOTS:
        raise illegal("bad_slot", slot=word[:10])
    slot = int(word) - 1
    if s["display"][slot] is None:
        raise illegal("empty_slot", slot=slot + 1)
    return slot


def _space(word: str, s: State, seat: int) -> str:
    parsed = parse_space(word)
    layout_ = lay(s, seat)
    if parsed is None or word not in layout_.colour:
        raise illegal("no_space", space=word[:10])
    if word in s["ps"][seat]["cov"]:
        raise illegal("covered", space=word)
    if not any(n in s["ps"][seat]["cov"] for n in layout_.neighbours[word]):
        raise illegal("not_adjacent", space=word)
    return word


def _castle(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if words == ["castle", "pass"]:
        s["tasks"].pop(0)
        ev.append({"kind": "castle_pass", "seat": seat})
        return
    m = re.fullmatch(r"castle (\S+)@(\S+)", " ".join(words))
    if not m:
        raise illegal("notation")
    slot = _slot(m.group(1), s)
    space = _space(m.group(2), s, seat)
    code = s["display"][slot]
    if lay(s, seat).colour[space] != colour_of(code):
        raise illegal("castle_target", slot=slot + 1, space=space)
    s["tasks"].pop(0)
    s["display"][slot] = None
    ev.append({"kind": "castle", "seat": seat, "tile": code, "slot": slot + 1, "space": space})
    flow.push(s, ["fill", slot, seat], ["check5"], ["place", seat, code, space])


def _start_action(s: State, seat: int) -> None:
    s["turn"]["stage"] = "busy"


def _draw(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if words != ["draw"]:
        raise illegal("notation")
    if not can_draw(s) and (take_moves(s, seat) or place_moves(s, seat)):
        raise illegal("draw_empty")
    _start_action(s, seat)
    n = flow.draw_count(s["ps"][seat])
    ev.append({"kind": "draw", "seat": seat, "n": flow.drawable(s, n)})
    flow.push(s, ["card", seat, n])


def _take(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if len(words) not in (2, 4) or (len(words) == 4 and words[2] != "discard"):
        raise illegal("notation")
    slot = _slot(words[1], s)
    p = s["ps"][seat]
    full = len(p["store"]) >= flow.storage_cap(p)
    if full and len(words) == 2:
        raise illegal("storage_full", slot=slot + 1)
    if not full and len(words) == 4:
        raise illegal("storage_free", slot=slot + 1)
    _start_action(s, seat)
    if len(words) == 4:
        item = "hex" if words[3] == "hex" else words[3].upper()
        if item not in p["store"]:
            raise illegal("not_stored", item=words[3][:10])
        p["store"].remove(item)
        if item == "hex":
            p["fresh"] = min(p["fresh"], p["store"].count("hex"))
        else:
            s["box"].append(item)
        ev.append({"kind": "discard", "seat": seat, "item": item})
    code = s["display"][slot]
    s["display"][slot] = None
    p["store"].append(code)
    ev.append({"kind": "take", "seat": seat, "tile": code, "slot": slot + 1})
    flow.push(s, ["fill", slot, seat], ["check5"])


def _place(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    m = re.fullmatch(r"place (\S+)@(\S+) using (\S+)", " ".join(words))
    if not m:
        raise illegal("notation")
    p = s["ps"][seat]
    item = "hex" if m.group(1) == "hex" else m.group(1).upper()
    if item not in p["store"]:
        raise illegal("not_stored", item=m.group(1)[:10])
    if item == "hex" and item not in placeable(s, seat):
        raise illegal("fresh_token")
    space = _space(m.group(2), s, seat)
    colour = lay(s, seat).colour[space]
    if item != "hex" and colour_of(item) != colour:
        raise illegal(
            "wrong_colour", tile=colour_of(item), colour=colour_of(item), space=space, space_colour=colour
        )
    units = parse_payment(m.group(3), colour)
    if units is None:
        raise illegal("payment_form", colour=colour, c=colour)
    if not affordable(p["hand"], p["workers"], units):
        raise illegal("payment_short", need=_need_text(units), payment=payment_text(units))
    _start_action(s, seat)
    cards, workers = needs(units)
    for c, k in cards.items():
        p["hand"][c] -= k
        s["discard"][c] += k
    p["workers"] -= workers
    p["store"].remove(item)
    if item == "hex":
        p["fresh"] = min(p["fresh"], p["store"].count("hex"))
    ev.append({"kind": "pay", "seat": seat, "payment": payment_text(units), "colour": colour})
    flow.push(s, ["place", seat, item, space])


def _need_text(units: tuple[str, ...]) -> str:
    cards, workers = needs(units)
    parts = [f"{c}{k}" for c, k in cards.items()]
    if workers:
        parts.append(f"wk{workers}")
    return " ".join(parts)


def _marble(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if words != ["marble"]:
        raise illegal("notation")
    s["ps"][seat]["marble"] -= 1
    s["turn"]["marble"] = True
    s["turn"]["stage"] = "extra"
    ev.append({"kind": "marble_action", "seat": seat})


def _end(s: State, seat: int, text: str, words: list[str], ev: list[Event]) -> None:
    if words != ["end"]:
        raise illegal("notation")
    ev.append({"kind": "end", "seat": seat})
    flow.end_turn(s, ev)


HANDLERS: dict[str, Any] = {
    "first": _first,
    "boards": _boards,
    "assemble": _assemble,
    "start": _start,
    "bonus": _bonus,
    "castle": _castle,
    "draw": _draw,
    "take": _take,
    "place": _place,
    "marble": _marble,
    "end": _end,
}
