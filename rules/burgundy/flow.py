"""Game flow: setup, chance steps, turns, rounds, phases and the end (reference §3, §4, §5.9).

Every random event is one task in ``state["queue"]`` resolved by one chance action, so the state
never holds a hidden order: depot fills draw tile by tile from the supply counts, goods are drawn
one by one from the pool (a phase's five goods when the phase starts, which is the same
distribution as dealing face-down stacks at setup), and dice are rolled one by one. When the queue
runs dry ``after_chance`` continues the flow named by ``state["step"]``.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy.actions import answer_prompt, do_main
from rules.burgundy.effects import Events, phase_income, run_continuation
from rules.burgundy.moves import buy_moves, lapse_reason, prompt_answers
from rules.burgundy.scoring import final_scores
from rules.burgundy.state import State, clone, current, round_order, slot_colour


def begin(st: State, ev: Events) -> None:
    """Start the setup after ``new_state``."""
    opt = st["opt"]
    if st["n"] == 1:
        for pl in st["pl"]:
            pl["board"], pl["label"] = D.SOLO_BOARD, "A"
        _await_castle(st, 0)
        return
    if opt["boards"] == "basic":
        for seat, pl in enumerate(st["pl"]):
            pl["board"], pl["label"] = D.board_id(opt["edition"], 1), "1"
            _start_castle(st, seat, D.BASIC_START_SPACE, ev)
        _deal_goods(st)
    elif opt["boards"] == "random":
        st["queue"] = [["board", s] for s in range(st["n"])]
        st["step"] = "boards_dealt"
    else:
        st["step"], st["await"] = "board", 0


def _start_castle(st: State, seat: int, space: int, ev: Events) -> None:
    pl = st["pl"][seat]
    pl["est"][space] = "CAS"
    pl["start"] = space
    st["supply"]["C"]["CAS"] -= 1
    ev.append({"kind": "castle", "seat": seat, "space": space})


def _await_castle(st: State, seat: int) -> None:
    st["step"], st["await"] = "castle", seat


def _deal_goods(st: State) -> None:
    st["queue"] = [["goods", s] for s in range(st["n"]) for _ in range(D.START_GOODS)]
    st["step"] = "goods_dealt"


def setup_choice(st: State, seat: int, a: tuple[Any, ...], ev: Events) -> None:
    if a[0] == "board":
        pl = st["pl"][seat]
        pl["board"], pl["label"] = D.board_id(st["opt"]["edition"], a[1]), str(a[1])
        ev.append({"kind": "board", "seat": seat, "board": str(a[1])})
        if seat + 1 < st["n"]:
            st["await"] = seat + 1
        else:
            _await_castle(st, 0)
        return
    _start_castle(st, seat, a[1], ev)
    if seat + 1 < st["n"]:
        st["await"] = seat + 1
    else:
        st["await"] = -1
        _deal_goods(st)


def apply_chance(st: State, a: tuple[Any, ...], ev: Events) -> None:
    task = st["queue"].pop(0)
    kind = task[0]
    if kind == "board":
        pl = st["pl"][task[1]]
        pl["board"], pl["label"] = D.board_id(st["opt"]["edition"], a[1]), str(a[1])
        ev.append({"kind": "deal", "seat": task[1], "board": str(a[1])})
    elif kind == "goods":
        st["gpool"][a[1] - 1] -= 1
        st["pl"][task[1]]["goods"][a[1] - 1] += 1
        ev.append({"kind": "start_goods", "seat": task[1], "goods": a[1]})
    elif kind == "rgood":
        st["gpool"][a[1] - 1] -= 1
        st["rgoods"][task[1]] = a[1]
        ev.append({"kind": "round_goods", "round": task[1] + 1, "goods": a[1]})
    elif kind == "tile":
        st["supply"][task[3]][a[1]] -= 1
        st["depots"][task[1]][task[2]] = a[1]
        ev.append({"kind": "fill", "depot": task[1] + 1, "slot": task[2] + 1, "tile": a[1]})
    elif kind == "black":
        st["bsupply"][a[1]] -= 1
        st["black"][task[1]] = a[1]
        ev.append({"kind": "fill", "depot": 0, "slot": task[1] + 1, "tile": a[1]})
    elif kind == "die":
        pl = st["pl"][task[1]]
        pl["dice"].append(a[1])
        pl["rolled"].append(a[1])
        ev.append({"kind": "roll", "seat": task[1], "value": a[1]})
    elif kind == "white":
        st["white"] = a[1]
        ev.append({"kind": "white", "value": a[1]})
    _prune(st)
    if not st["queue"]:
        after_chance(st, ev)


def _prune(st: State) -> None:
    """Drop draws from an exhausted supply (cannot happen with the published counts; §9.1 #30)."""
    q = st["queue"]
    while q and ((q[0][0] == "tile" and not sum(st["supply"][q[0][3]].values()))
                 or (q[0][0] == "black" and not sum(st["bsupply"].values()))
                 or (q[0][0] in ("goods", "rgood") and not sum(st["gpool"]))):
        q.pop(0)


def after_chance(st: State, ev: Events) -> None:
    step = st["step"]
    if step == "boards_dealt":
        _await_castle(st, 0)
    elif step == "goods_dealt":
        start_phase(st, ev)
    elif step == "filled":
        start_round(st, ev)
    elif step == "rolled":
        _round_goods_out(st, ev)


def start_phase(st: State, ev: Events) -> None:
    st["status"] = "play"
    ev.append({"kind": "phase", "phase": D.PHASES[st["phase"]]})
    queue: list[list[Any]] = []
    for d in range(6):
        slots = st["depots"][d]
        for s in range(len(slots)):
            slots[s] = None
            queue.append(["tile", d, s, slot_colour(st, d, s)])
    st["black"] = [None] * len(st["black"])
    queue += [["black", x] for x in range(len(st["black"]))]
    queue += [["rgood", r] for r in range(D.ROUNDS_PER_PHASE)]
    st["rgoods"] = [None] * D.ROUNDS_PER_PHASE
    st["round"] = 0
    st["queue"] = queue
    st["step"] = "filled"
    _prune(st)
    if not st["queue"]:
        after_chance(st, ev)


def start_round(st: State, ev: Events) -> None:
    st["round"] += 1
    st["order"] = round_order(st)
    st["turn"] = -1
    st["white"] = None
    for pl in st["pl"]:
        pl["dice"], pl["rolled"], pl["played"] = [], [], False
    ev.append({"kind": "round", "phase": D.PHASES[st["phase"]], "round": st["round"], "order": st["order"]})
    st["queue"] = [["die", s] for s in st["order"] for _ in range(2)] + [["white"]]
    st["step"] = "rolled"


def _round_goods_out(st: State, ev: Events) -> None:
    white = st["white"]
    r = st["round"] - 1
    kind = st["rgoods"][r]
    if kind is not None:
        st["dgoods"][white - 1].append(kind)
        st["rgoods"][r] = None
        ev.append({"kind": "goods_out", "depot": white, "goods": kind})
    if st["solo"] is not None:
        _solo_remove(st, white, ev)
    st["step"] = "turn"
    st["turn"] = 0
    st["bought"] = False
    ev.append({"kind": "turn", "seat": current(st)})
    settle(st, ev)


def _solo_remove(st: State, white: int, ev: Events) -> None:
    """Solo: remove one hex tile, from the white die's depot or the next one clockwise (§5.9)."""
    for step in range(6):
        d = (white - 1 + step) % 6
        slots = st["depots"][d]
        for s, tile in enumerate(slots):
            if tile is not None:
                slots[s] = None
                ev.append({"kind": "solo_remove", "depot": d + 1, "slot": s + 1, "tile": tile})
                return


def settle(st: State, ev: Events) -> None:
    """Run continuations, lapse or auto-answer prompts, and end the turn when nothing is left to decide."""
    while st["status"] != "over":
        if st["solo"] is not None and st["solo"]["won"]:
            _finish(st, ev)
            return
        stack = st["stack"]
        if stack:
            frame = stack[-1]
            if frame["t"] == "C":
                stack.pop()
                run_continuation(st, frame, ev)
                continue
            answers = prompt_answers(st, frame)
            if not answers or answers == [("skip",)]:
                if _purchase_could_answer(st, frame):
                    return
                ev.append({"kind": "lapse", "seat": frame["seat"], "prompt": frame["kind"],
                           "why": lapse_reason(st, frame)})
                stack.pop()
                continue
            if len(answers) == 1:
                answer_prompt(st, frame["seat"], answers[0], ev, auto=True)
                continue
            return
        seat = current(st)
        pl = st["pl"][seat]
        if pl["dice"] or _can_still_buy(st, seat):
            return
        end_turn(st, ev, auto=True)
        return


def _purchase_could_answer(st: State, frame: dict[str, Any]) -> bool:
    """2019 rules: could a purchase made now give this prompt an answer other than ``skip``?

    The 2019 edition allows ``buy`` while a prompt is pending (reference §8), e.g. buying the tile a
    city hall then places. Such a prompt must wait for the player instead of lapsing. Each possible
    purchase is tried on a copy of the state.
    """
    if st["opt"]["edition"] != "2019":
        return False
    seat = frame["seat"]
    for purchase in buy_moves(st, seat):
        trial = clone(st)
        do_main(trial, seat, purchase, [])
        if any(answer != ("skip",) for answer in prompt_answers(trial, trial["stack"][-1])):
            return True
    return False


def _can_still_buy(st: State, seat: int) -> bool:
    if st["solo"] is not None and st["pl"][seat]["silver"] > 0:
        return True
    return bool(buy_moves(st, seat))


def end_turn(st: State, ev: Events, auto: bool = False) -> None:
    seat = current(st)
    pl = st["pl"][seat]
    pl["played"] = True
    pl["dice"] = []
    ev.append({"kind": "pass", "seat": seat, "auto": auto})
    st["turn"] += 1
    st["bought"] = False
    if st["turn"] < len(st["order"]):
        ev.append({"kind": "turn", "seat": current(st)})
        settle(st, ev)
        return
    st["turn"] = -1
    if st["round"] < D.ROUNDS_PER_PHASE:
        start_round(st, ev)
        return
    phase_income(st, ev)
    if st["phase"] + 1 < len(D.PHASES):
        st["phase"] += 1
        start_phase(st, ev)
        return
    _finish(st, ev)


def _finish(st: State, ev: Events) -> None:
    st["status"] = "over"
    st["step"] = "over"
    st["stack"] = []
    st["turn"] = -1
    st["queue"] = []
    st["final"] = final_scores(st)
    ev.append({"kind": "game_over", "final": st["final"]})

