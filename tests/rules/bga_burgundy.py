"""Translate a Board Game Arena notification log of The Castles of Burgundy into our notation.

Used by ``test_burgundy_bga.py``. Only the public ``/table/`` channel is read (README of the data
file, option (a)): it carries every committed action exactly once, so undos need no handling.

How BGA facts become our actions:

* tiles: ``drawnTiles`` give id, type/subtype and ``sprite_pos``; knowledge tile n has sprite 15+n,
  an animal's count follows its sprite (per species base 48/53/58/63 for chicken/cow/pig/sheep,
  offsets 0-4 = 2, 3, 4, 3 (black), 4 (black) animals; checked against the log's animal points);
  ``location_arg`` gives the depot (1,2→D1 … 21,23→D6, 25-32 black depot, README table);
* goods: a goods tile's kind is ``id // 7 + 1`` (ids 0-41; checked against every ``drawnGoods``);
* chance: depot fills, round goods, dice and white die are fed to the engine as chance outcomes in
  the engine's order (slots in canonical order, then the black slots by location);
* die actions: ``logIntro`` shows the die as rolled and the workers spent; the value used is the
  depot number (take) or the space's printed number (place) or the goods kind (sell), so the
  translator emits ``adjust d>v`` first when workers were spent (or a knowledge free step);
* ``dieNb == "0"`` marks an action without a die: the answer to the pending building/castle prompt;
  a prompt still pending when the next die action (or the end of the turn) arrives was declined
  (``skip``);
* prompts the engine answers automatically (a single legal choice) are not sent again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import CHANCE, IllegalAction
from rules.burgundy import GAME
from rules.burgundy.data import BOARDS, JOKER, free_step_kind
from rules.burgundy.moves import placements, top_prompt
from rules.burgundy.state import adjust_cost, current, has, step_values

LOCATION_DEPOT = {1: 1, 2: 1, 4: 2, 6: 2, 8: 3, 10: 3, 13: 4, 14: 4, 17: 5, 19: 5, 21: 6, 23: 6}
BLACK_LOCATIONS = range(25, 33)
BUILDING_CODES = {
    "warehouse": "WAR", "carpenter": "CAR", "church": "CHU", "market": "MAR",
    "boardinghouse": "BOA", "bank": "BAN", "cityhall": "CIT", "watchtower": "WAT",
}
ANIMAL_BASE = {"chicken": ("HEN", 48), "cow": ("COW", 53), "pig": ("PIG", 58), "sheep": ("SHE", 63)}
ANIMAL_COUNT = (2, 3, 4, 3, 4)
SCORING_EVENTS = {
    "regionCompleted": ("region", "points"),
    "bonusTile": ("bonus", "points"),
    "pointsForAnimals": ("animals", "pointsForAnimals"),
    "watchtowerPoints": ("watchtower", ""),  # always 4, no points field
}


def tile_code(tile: dict[str, Any]) -> str:
    kind, sub, sprite = tile["type"], tile.get("subtype", ""), int(tile["sprite_pos"])
    if kind == "building":
        return BUILDING_CODES[sub]
    if kind == "castle":
        return "CAS"
    if kind == "mine":
        return "MIN"
    if kind == "ship":
        return "SHP"
    if kind == "knowledge":
        return f"K{sprite - 15:02d}"
    species, base = ANIMAL_BASE[sub]
    return f"{species}{ANIMAL_COUNT[sprite - base]}"


def goods_kind(goods_id: str | int) -> int:
    return int(goods_id) // 7 + 1


def load_table_events(path: Path) -> list[tuple[int, str, dict[str, Any]]]:
    packets = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for packet in packets:
        if not packet["channel"].startswith("/table/"):
            continue
        for event in packet["data"]:
            out.append((int(packet["move_id"]), event["type"], event["args"]))
    return out


def _die_and_workers(args: dict[str, Any]) -> tuple[int, int]:
    intro = (args.get("logIntro") or {}).get("args") or {}
    die = int(intro["dieImage"].split("_")[1]) if "dieImage" in intro else 0
    workers = int(intro["workersImage"].split("_")[1]) if "workersImage" in intro else 0
    return die, workers


@dataclass
class Replay:
    """Drives the engine through a BGA log; collects every comparison it makes."""

    seats: dict[int, int]
    start_goods: dict[int, list[int]]
    options: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    log: list[tuple[int, str]] = field(default_factory=list)
    locations: dict[str, int] = field(default_factory=dict)
    codes: dict[str, str] = field(default_factory=dict)
    checks: list[tuple[str, Any, Any]] = field(default_factory=list)
    bga_scoring: list[tuple[int, int, str, int]] = field(default_factory=list)
    """(turn number, seat, kind, VP) of every scoring event of the log."""
    our_scoring: list[tuple[int, int, str, int]] = field(default_factory=list)
    turn_no: int = 0
    expected_vp: dict[int, int] = field(default_factory=dict)
    initial: Any = None
    """The state right after the board edit, before the first action of ``log``."""
    dice: dict[tuple[int, int], int] = field(default_factory=dict)
    turn_start: bool = False
    compared_turns: int = 0

    # ---- engine access ------------------------------------------------------------------------------
    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        self.state, events = GAME.apply(self.state, seat, action)
        self.log.append((seat, action))
        for e in events:
            if e["kind"] == "score" and e["why"] != "purchase":
                self.our_scoring.append((self.turn_no, e["seat"], e["why"], e["vp"]))
        return events

    def check(self, what: str, ours: Any, theirs: Any) -> None:
        self.checks.append((what, ours, theirs))

    def prompt(self) -> dict[str, Any] | None:
        return top_prompt(self.state)

    def skip_prompts(self, seat: int) -> None:
        while self.prompt() is not None and GAME.to_act(self.state) == [seat]:
            self.apply(seat, "skip")

    def try_sequence(self, seat: int, actions: list[str], workers: int) -> bool:
        saved_state, saved_log, saved_scoring = self.state, len(self.log), len(self.our_scoring)
        spent = 0
        try:
            for action in actions:
                events = self.apply(seat, action)
                spent += sum(e["cost"] for e in events if e["kind"] == "adjust")
        except IllegalAction:
            spent = -1
        if spent == workers:
            return True
        self.state = saved_state
        del self.log[saved_log:]
        del self.our_scoring[saved_scoring:]
        return False

    def die_action(self, seat: int, die: int, value: int, workers: int, make: Any) -> None:
        """Use die ``die`` as ``value`` spending ``workers`` (adjustments, or a knowledge free step)."""
        self.skip_prompts(seat)
        candidates: list[list[str]] = []
        if die == value:
            candidates.append([make(f"{value}")])
        else:
            candidates.append([make(f"{die}>{value}")])
            candidates.append([f"adjust {die}>{value}", make(f"{value}")])
            for mid in range(1, 7):
                if mid not in (die, value):
                    candidates.append([f"adjust {die}>{mid}", make(f"{mid}>{value}")])
        for seq in candidates:
            if self.try_sequence(seat, seq, workers):
                return
        raise AssertionError(f"no translation for {make(f'{die}>{value}')} with {workers} workers "
                             f"(legal: {GAME.legal_actions(self.state, seat)})")

    def chance(self, outcome: str) -> None:
        assert GAME.to_act(self.state) == [CHANCE], (outcome, GAME.to_act(self.state))
        self.apply(CHANCE, outcome)

    def storage_suffix(self, seat: int) -> str:
        store = self.state["pl"][seat]["store"]
        assert len(store) < 3, "storage overflow is not in this log"
        return ""

    # ---- setup --------------------------------------------------------------------------------------
    def start(self, args: dict[str, Any]) -> None:
        """Both estates are board 9 (``boardNbs``) and start castles lie on ``castles`` spaces.

        Our ``boards: choose`` lets only one player take board 9 (one copy in the box), so the
        second board is set directly on the state; the castles go through ``castle @i``.
        """
        self.state = GAME.new(2, {"boards": "choose", **self.options})
        for pid, seat in self.seats.items():
            number = str(args["boardNbs"][str(pid)])
            pl = self.state["pl"][seat]
            pl["board"], pl["label"] = number, number
        self.state["step"], self.state["await"] = "castle", 0
        self.initial = self.state
        castles = {self.seats[int(pid)]: space for pid, space in self._castles(args).items()}
        for seat in sorted(castles):
            self.apply(seat, f"castle @{castles[seat]}")
        for seat in sorted(self.start_goods):
            for kind in self.start_goods[seat]:
                self.chance(f"goods G{kind}")

    @staticmethod
    def _castles(args: dict[str, Any]) -> dict[str, int]:
        """Player id → start castle space (``castles`` is keyed by the castle tile's id)."""
        return {c["player_id"]: int(c["location_arg"]) for c in args["castles"].values()}

    # ---- events -------------------------------------------------------------------------------------
    def new_phase(self, args: dict[str, Any]) -> None:
        by_location = {int(t["location_arg"]): t for t in args["drawnTiles"]}
        for tile in args["drawnTiles"]:
            self.locations[tile["id"]] = int(tile["location_arg"])
            self.codes[tile["id"]] = tile_code(tile)
        slots = sorted(loc for loc in by_location if loc in LOCATION_DEPOT)
        for loc in slots:
            self.chance(f"draw {tile_code(by_location[loc])}")
        for loc in sorted(loc for loc in by_location if loc in BLACK_LOCATIONS):
            self.chance(f"draw {tile_code(by_location[loc])}")
        for goods in sorted(args["drawnGoods"], key=lambda g: int(g["location_arg"])):
            self.chance(f"goods G{goods['type']}")
        self.check(f"phase {args['phaseLetter']} depots", [d[:] for d in self.state["depots"]],
                   [[tile_code(by_location[a]), tile_code(by_location[b])]
                    for a, b in ((1, 2), (4, 6), (8, 10), (13, 14), (17, 19), (21, 23))])

    def new_round(self, args: dict[str, Any]) -> None:
        dice = {(self.seats[int(d["plId"])], int(d["dieNb"])): int(d["dieValue"]) for d in args["dice"]}
        self.dice = dice
        self.turn_start = True
        for task in list(self.state["queue"]):
            if task[0] == "die":
                seat = task[1]
                rolled = len(self.state["pl"][seat]["rolled"])
                self.chance(f"roll {dice[(seat, rolled + 1)]}")
            elif task[0] == "white":
                self.chance(f"roll {int(args['depot'])}")
        self.check(f"round {args['roundNb']} goods", self.state["dgoods"][int(args["depot"]) - 1][-1],
                   goods_kind(args["goodsId"]))

    def take(self, args: dict[str, Any]) -> None:
        self.turn_start = False
        seat = self.seats[int(args["plId"])]
        tid = args["tileId"]
        code = self.codes[tid]
        loc = self.locations.pop(tid)
        depot = LOCATION_DEPOT.get(loc, 0)
        suffix = self.storage_suffix(seat)
        if args.get("bTileBought"):
            if self.prompt() is not None and self.state["opt"]["edition"] == "2011":
                self.skip_prompts(seat)
            where = f"{depot}:" if depot else ""
            self.apply(seat, f"buy {where}{code}{suffix}")
            self.check("silver after purchase", self.state["pl"][seat]["silver"], int(args["nbSilverlings"]))
        elif str(args.get("dieNb")) == "0":
            frame = self.prompt()
            assert frame is not None, f"free take of {code} without a prompt"
            verb = "take" if frame["kind"] == "free" else "choose"
            self.apply(seat, f"{verb} {depot}:{code}{suffix}")
        else:
            die, workers = _die_and_workers(args)
            self.die_action(seat, die, depot, workers, lambda dv: f"take {dv}:{code}{suffix}")

    def place(self, args: dict[str, Any]) -> None:
        seat = self.seats[int(args["plId"])]
        tid = args["tileId"]
        code = self.codes[tid]
        space = int(args["spaceId"])
        number = BOARDS[self.state["pl"][seat]["board"]].number[space]
        if str(args.get("dieNb")) == "0":
            frame = self.prompt()
            assert frame is not None, f"free placement of {code} without a prompt"
            if frame["kind"] == "free":
                self.apply(seat, f"place {number}:{code}@{space}")
            else:
                self.apply(seat, f"choose {code}@{space}")
        else:
            die, workers = _die_and_workers(args)
            self.die_action(seat, die, number, workers, lambda dv: f"place {dv}:{code}@{space}")
        if "score" in args:
            self.expected_vp[seat] = int(args["score"])

    def ship_goods(self, args: dict[str, Any]) -> None:
        seat = self.seats[int(args["plId"])]
        moved = sorted(goods_kind(g["id"]) for g in args["goodsTilesToMove"])
        depot = int(args["depots"].strip("()"))
        frame = self.prompt()
        if frame is None or frame["kind"] != "ship":
            last_ship = [e for e in self.state["last"] if e["kind"] == "ship_goods"]
            self.check("automatic ship goods", last_ship[-1]["goods"] if last_ship else None, moved)
            return
        for action in GAME.legal_actions(self.state, seat):
            if not action.startswith(f"choose D{depot}") or "+" in action:
                continue
            before = self.state
            events = self.apply(seat, action)
            got = next(e["goods"] for e in events if e["kind"] == "ship_goods")
            if got == moved:
                return
            self.state = before
            self.log.pop()
        raise AssertionError(f"no ship choice gives {moved} from D{depot}")

    def sell(self, args: dict[str, Any]) -> None:
        seat = self.seats[int(args["plId"])]
        kinds = {goods_kind(g) for g in args["soldGoods"]}
        assert len(kinds) == 1
        kind = kinds.pop()
        if str(args.get("dieNb")) == "0":
            frame = self.prompt()
            assert frame is not None, "sale without a die and without a prompt"
            self.apply(seat, f"choose G{kind}" if frame["kind"] == "warehouse" else f"sell {kind}")
        else:
            die, workers = _die_and_workers(args)
            self.die_action(seat, die, kind, workers, lambda dv: f"sell {dv}")
        self.check("silver after sale", self.state["pl"][seat]["silver"], int(args["silverlings"]))
        self.check("goods sold count", self.state["pl"][seat]["sold"][kind - 1],
                   int(args["nbAllSoldGoodsPerType"][str(kind)]))
        self.expected_vp[seat] = int(args["score"])
        self.bga_scoring.append((self.turn_no, seat, "sale", int(args["nbPoints"])))

    def workers(self, args: dict[str, Any]) -> None:
        seat = self.seats[int(args["plId"])]
        if str(args.get("dieNb")) == "0":
            self.apply(seat, "workers")
        else:
            die, _ = _die_and_workers(args)
            self.skip_prompts(seat)
            self.apply(seat, f"workers {die}")
        self.check("workers after take", self.state["pl"][seat]["workers"], int(args["nbWorkers"]))
        if "nbSilverlings" in args:
            self.check("silver after workers", self.state["pl"][seat]["silver"], int(args["nbSilverlings"]))

    def turn_played(self, args: dict[str, Any]) -> None:
        seat = self.seats[int(args["plId"])]
        while GAME.to_act(self.state) == [seat]:
            self.apply(seat, "skip" if self.prompt() is not None else "pass")
        self.turn_no += 1
        if seat in self.expected_vp:
            self.check(f"VP of seat {seat} after its turn", self.state["pl"][seat]["vp"], self.expected_vp[seat])
        self.turn_start = True

    # ---- BGA's move lists against our move generator --------------------------------------------------
    def _our_options(self, seat: int, die: int) -> tuple[dict, dict, int]:
        """Reachable placements and takes with the fewest workers needed, and the sellable kinds."""
        pl = self.state["pl"][seat]

        def workers_to(value: int, free_tile: str) -> int:
            best = adjust_cost(pl, die, value)
            if free_tile and has(pl, free_tile):
                best = min([best, *(adjust_cost(pl, die, u) for u in step_values(value))])
            return best

        board = BOARDS[pl["board"]]
        place = {}
        for tile, space in placements(pl):
            need = workers_to(board.number[space], "" if tile == JOKER else free_step_kind(tile))
            if need <= pl["workers"]:
                place[(tile, space)] = need
        take = {}
        for depot in range(1, 7):
            for tile in {t for t in self.state["depots"][depot - 1] if t}:
                need = workers_to(depot, "K12")
                if need <= pl["workers"]:
                    take[(depot, tile)] = need
        sell = sum(1 for k in range(6) if pl["goods"][k] and workers_to(k + 1, "") <= pl["workers"])
        return place, take, sell

    def possible_moves(self, args: dict[str, Any]) -> None:
        """Compare BGA's move list at the start of a turn with ours (placements, takes, sales)."""
        moves = (args.get("args") or {}).get("possibleMoves")
        if not self.turn_start or not isinstance(moves, dict) or self.state["step"] != "turn":
            return
        self.turn_start = False
        seat = current(self.state)
        assert self.seats[int(args["active_player"])] == seat
        self.compared_turns += 1
        for die_nb, options in moves.items():
            die = self.dice[(seat, int(die_nb))]
            place, take, sell = self._our_options(seat, die)
            theirs_place = {}
            for tid, spaces in (options.get("placeTile") or {}).items():
                for space, need in (spaces or {}).items():
                    theirs_place[(self.codes[tid], int(space))] = int(need)
            tiles = (options.get("takeTile") or {}).get("tiles") or {}
            theirs_take = {(LOCATION_DEPOT[self.locations[tid]], self.codes[tid]): int(need)
                           for tid, need in tiles.items() if self.locations.get(tid) in LOCATION_DEPOT}
            self.check(f"placements with a {die}", place, theirs_place)
            self.check(f"takes with a {die}", take, theirs_take)
            self.check(f"sellable kinds with a {die}", sell, len(options.get("sellGoods") or []))

    def end_of_phase(self, args: dict[str, Any]) -> None:
        for pid, seat in self.seats.items():
            pl = self.state["pl"][seat]
            self.check("silver at phase end", pl["silver"], int(args["nbSilverlings"][str(pid)]))
            self.check("workers at phase end", pl["workers"], int(args["nbWorkers"][str(pid)]))

    def run(self, events: list[tuple[int, str, dict[str, Any]]]) -> None:
        for _move, kind, args in events:
            if kind == "startingBoardsAndCastles":
                self.start(args)
            elif kind == "newPhase":
                self.new_phase(args)
            elif kind == "newRound":
                self.new_round(args)
            elif kind == "tileTakenToStorage":
                self.take(args)
            elif kind == "tileAddedToEstate":
                self.place(args)
            elif kind == "goodsTaken":
                self.ship_goods(args)
            elif kind == "goodsSold":
                self.sell(args)
            elif kind == "workersTaken":
                self.workers(args)
            elif kind == "turnPlayed":
                self.turn_played(args)
            elif kind == "endOfPhase":
                self.end_of_phase(args)
            elif kind == "gameStateChange" and args.get("id") == 20:
                self.possible_moves(args)
            elif kind in SCORING_EVENTS:
                seat = self.seats[int(args["plId"])]
                points = int(args.get(SCORING_EVENTS[kind][1]) or 4) + int(args.get("ptsKn7") or 0)
                self.bga_scoring.append((self.turn_no, seat, SCORING_EVENTS[kind][0], points))
