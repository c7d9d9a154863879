"""``BurgundyGame``: the rules contract for The Castles of Burgundy (reference ``shared/rules/burgundy.md``).

Modules: ``data`` (boards, tiles, values), ``state`` (layout and queries), ``notation`` (parse and
format actions; the notation is documented there), ``moves`` (legal actions and refusals),
``actions`` / ``effects`` (what a move does), ``flow`` (setup, chance, turns, phases), ``scoring``,
``view`` (schema in ``VIEW.md``) and ``texts`` (en / zh-TW / zh-CN).

Choices made where the reference leaves room (the reference's own [DECISION]s are in ``data`` and
the modules that apply them):

* No ``seats`` chance step: the table fixes the seat order (reference §3 step 1 allows this).
* Goods are drawn one tile at a time: each player's 3 start goods at setup, and the five goods of
  a phase when that phase starts (the same distribution as dealing five face-down stacks at setup,
  but no hidden order ever sits in the state). The goods never drawn are the ones "removed".
* A prompt whose only answer is one choice is answered automatically, one whose only answer is
  ``skip`` lapses (the event says why), and a turn ends by itself once no die is left and nothing
  can be bought (solo: and no silverling is left for ``vp``) — the reference's "exactly one legal
  command" rule. With ``edition=2019`` a prompt lapses only when no purchase could still give it an
  answer: a city hall with nothing placeable waits while buying a placeable tile is possible (§8).
* Solo: ``scores`` is the number of occupied spaces (37 = won); the VP counter and target are in
  the view and in ``final["solo"]``. ``solo_sell_vp`` offers 1, 2 (default) or 3.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy import sample, texts
from rules.burgundy.actions import answer_prompt, do_main
from rules.burgundy.flow import apply_chance, begin, end_turn, settle, setup_choice
from rules.burgundy.moves import chance_outcomes, decision_moves, explain, legal, top_prompt
from rules.burgundy.notation import fmt, parse
from rules.burgundy.state import State, clone, current, new_state
from rules.burgundy.view import make_view
from rules.core import CHANCE, Event, Game, IllegalAction, Locale, Option


class BurgundyGame(Game):
    name = "burgundy"
    title = {"en": "The Castles of Burgundy", "zh-TW": "勃根地城堡", "zh-CN": "勃艮第城堡"}
    min_players = 1
    max_players = 4
    options = [
        Option("edition", ("2011", "2019"), "2011",
               {"en": "Rules edition", "zh-TW": "規則版本", "zh-CN": "规则版本"}),
        Option("boards", ("basic", "random", "choose"), "basic",
               {"en": "Estate boards", "zh-TW": "莊園板", "zh-CN": "庄园板"}, players=(2, 3, 4)),
        Option("tiebreak", ("seed", "bga"), "seed",
               {"en": "Tie-break", "zh-TW": "平手判定", "zh-CN": "平手判定"}, players=(2, 3, 4)),
        Option("solo_sell_vp", (1, 2, 3), 2,
               {"en": "Solo: VP per goods sold", "zh-TW": "單人:每個賣出貨物的勝分",
                "zh-CN": "单人:每个卖出货物的胜分"}, players=(1,)),
    ]

    # ---- construction / flow ------------------------------------------------------------------
    def new(self, players: int, options: dict[str, Any] | None = None) -> State:
        opts = self.resolve_options(players, options)
        st = new_state(players, opts)
        ev: list[Event] = []
        begin(st, ev)
        st["last"] = ev
        return st

    def to_act(self, state: State) -> list[int]:
        if state["status"] == "over":
            return []
        if state["queue"]:
            return [CHANCE]
        if state["step"] in ("board", "castle"):
            return [state["await"]]
        seat = current(state)
        return [seat] if seat >= 0 else []

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return legal(state, seat)

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        if state["status"] == "over" or not state["queue"]:
            return []
        return chance_outcomes(state)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        parsed = parse(action)
        text = fmt(parsed)
        if seat == CHANCE:
            allowed = {o for o, _ in self.chance_outcomes(state)}
        else:
            allowed = {fmt(a) for a in decision_moves(state, seat)}
        if text not in allowed:
            raise explain(state, seat, parsed)
        st = clone(state)
        ev: list[Event] = []
        if seat == CHANCE:
            apply_chance(st, parsed, ev)
        else:
            if st["step"] in ("board", "castle"):
                setup_choice(st, seat, parsed, ev)
            elif top_prompt(st) is not None and parsed[0] != "buy":
                answer_prompt(st, seat, parsed, ev)
                settle(st, ev)
            elif parsed[0] == "pass":
                end_turn(st, ev)
            else:
                do_main(st, seat, parsed, ev)
                settle(st, ev)
        st["last"] = ev
        return st, ev

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return make_view(state, seat)

    def sample_state(self, view: dict[str, Any], seat: int, pick: Any) -> State:
        """A state consistent with ``seat``'s view, face-down supplies drawn by ``pick`` (see ``sample``)."""
        return sample.sample_state(view, seat, pick)

    # ---- end ----------------------------------------------------------------------------------------
    def progress(self, state: State) -> float:
        """Rounds begun of the 25 (five phases of five rounds), the running one not counted."""
        if self.is_over(state):
            return 1.0
        total = len(D.PHASES) * D.ROUNDS_PER_PHASE
        return min(1.0, (state["phase"] * D.ROUNDS_PER_PHASE + max(state["round"] - 1, 0)) / total)

    def chapter(self, state: State) -> str:
        return D.PHASES[min(state["phase"], len(D.PHASES) - 1)]

    def figures(self, state: State, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Spaces filled, goods sold and bonus tiles won, per player (the solo target's line, if
        the scores have one, reads "—")."""
        lines = len(self.scores(state))
        rows = []
        for key, value in (("spaces", lambda p: sum(1 for x in p["est"] if x is not None)),
                           ("sold", lambda p: sum(p["sold"])), ("bonus", lambda p: len(p["bonus"]))):
            values = [str(value(p)) for p in state["pl"]]
            rows.append((texts.story_label(key, locale), (values + ["—"] * lines)[:lines]))
        return rows

    def scores(self, state: State) -> list[int]:
        if state["final"] is not None:
            return [row["total"] for row in state["final"]["rows"]]
        if state["solo"] is not None:
            return [sum(1 for t in state["pl"][0]["est"] if t is not None)]
        return [pl["vp"] for pl in state["pl"]]

    def ranking(self, state: State) -> list[int]:
        if state["final"] is not None:
            return list(state["final"]["ranking"])
        return super().ranking(state)

    def places(self, state: State) -> list[int]:
        """No shared places: the tie-breaks end with the turn order, which always separates (§7.4)."""
        if state["final"] is not None:
            return list(range(1, len(state["final"]["ranking"]) + 1))
        return super().places(state)

    # ---- words ----------------------------------------------------------------------------------------
    def describe(self, action: str, locale: Locale = "en") -> str:
        return texts.describe(action, locale)

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        return texts.event_text(event, locale, names)

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        return texts.reason_text(error, locale)

    def group(self, action: str) -> str:
        return texts.group(action)

    def split_moves(self, legal: list[str], locale: Locale = "en") -> list[tuple[str, list[str]]]:
        return texts.split_by_die(legal, locale)

    def quick_actions(self, legal: list[str]) -> list[str]:
        """A lone end-of-turn next to the die slices; every move when there are only a few."""
        if len(legal) <= 4:
            return legal
        return ["pass"] if "pass" in legal else []

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        return texts.help_topics(locale)


GAME = BurgundyGame()
