"""``BurgundyCardsGame``: the rules contract for The Castles of Burgundy: The Card Game.

Choices made where the reference leaves room (its [UNCERTAIN] facts are in ``data``):

* Seats are fixed by the table; ``start_player`` decides which seat starts (a chance step ``first N``
  or the host's decision), and turn order runs clockwise from it — the reference's "seat 1".
* No hidden order exists in the state: the deck, each personal stack and the goods/animal cards
  under the piles' tops are unordered sets, and every draw is a chance step ``draw CODE``. A new pile
  top is drawn from the cards under both piles of its kind (the same distribution as two shuffled
  piles, since nobody has seen them).
* A question with one possible answer is answered automatically (§5.2); a lone ``skip`` lapses.
* Solo (§3.4, our own mode): ``scores`` is the player's VP; ``final["solo"]`` holds the verdict
  against ``solo_target`` and the ladder title.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards import sample, texts
from rules.burgundy_cards.engine import (
    advance,
    answer,
    apply_chance,
    begin,
    buy,
    end_turn,
    keep_or_use,
    play,
    set_first,
)
from rules.burgundy_cards.moves import chance_outcomes, decisions, explain, stage
from rules.burgundy_cards.notation import Action, fmt, parse
from rules.burgundy_cards.scoring import breakdown
from rules.burgundy_cards.state import State, copy_state, current, new_state
from rules.burgundy_cards.view import build_view
from rules.core import CHANCE, Event, Game, IllegalAction, Locale, Option, localised


def _label(en: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


class _LegalMemo:
    """The legal decisions of the last few states ``legal_actions`` was asked about.

    The AI search asks ``legal_actions`` once and then ``apply``s every legal action to the same
    state: without a memo each ``apply`` recomputed (and formatted) the whole legal set to validate
    one action. An entry keeps a private deep copy of the state it was computed for and is used only
    for a state equal (``==``) to that copy, so a state mutated in place after the question, or
    a different state object, is never answered from an entry made for another value: the legal set
    is a function of the state's value (``moves.decisions`` reads the state and constant data only).
    The copy shares the state's ``last`` (the previous move's events), which no legal set reads.
    Entries are immutable tuples and the memo is replaced, never edited, so concurrent readers only
    ever see consistent entries.
    """

    SIZE = 4

    def __init__(self) -> None:
        self.entries: tuple[tuple[int, State, frozenset[str], tuple[str, ...]], ...] = ()

    def remember(self, state: State, seat: int) -> tuple[str, ...]:
        """``seat``'s legal texts in ``state``, sorted; kept for the ``apply`` calls that follow."""
        allowed = frozenset(fmt(a) for a in decisions(state, seat))
        ordered = tuple(sorted(allowed))
        snapshot = copy_state(state, last=False)
        snapshot["last"] = state["last"]  # shared, not copied: no legal set reads ``last``
        self.entries = ((seat, snapshot, allowed, ordered), *self.entries[: self.SIZE - 1])
        return ordered

    def allowed(self, state: State, seat: int) -> frozenset[str] | set[str]:
        """``seat``'s legal texts in ``state``: remembered if an entry was made for an equal state."""
        for s, snapshot, allowed, _ in self.entries:
            if s == seat and snapshot == state:
                return allowed
        if seat == CHANCE:
            return {o for o, _ in chance_outcomes(state)}
        return {fmt(a) for a in decisions(state, seat)}


_PARSED: dict[str, tuple[Action, str]] = {}
"""Action text → (parsed, canonical text): the search applies the same few thousand texts over and
over. Only accepted texts are kept (a refusal raises afresh); parsed actions are immutable tuples."""
_PARSED_LIMIT = 50_000


def _parse(action: str) -> tuple[Action, str]:
    """``parse`` and ``fmt`` of ``action``, remembered for strings."""
    if action.__class__ is str:
        hit = _PARSED.get(action)
        if hit is not None:
            return hit
    parsed = parse(action)
    hit = (parsed, fmt(parsed))
    if action.__class__ is str:
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[action] = hit
    return hit


class BurgundyCardsGame(Game):
    name = "burgundy_cards"
    _legal = _LegalMemo()
    title = _label("The Castles of Burgundy: The Card Game", "勃根地城堡:卡牌版", "勃艮第城堡卡牌版")
    min_players = 1
    max_players = 4
    options = [
        Option("start_player", ("random", "host"), "random",
               _label("Start player", "起始玩家", "起始玩家"), players=(2, 3, 4)),
        Option("start_workers", tuple(D.START_WORKERS), "seed",
               _label("Start workers", "起始工人", "起始工人"), players=(2, 3, 4)),
        Option("die_table", tuple(D.DIE_TABLES), "even", _label("Card die values", "卡片點數表", "卡片点数表")),
        Option("triple_vp", tuple(D.TRIPLE_VP), "rarity", _label("Triple VP", "三張一套分數", "三张一套分数")),
        Option("triples_per_colour", ("many", "one"), "many",
               _label("Triples per colour", "每種類的三張一套", "每种类的三张一套")),
        Option("goods_vp", (2, 1, 3), 2, _label("VP per goods card", "每張貨物的分數", "每张货物的分数")),
        Option("all7_set", tuple(D.ALL7_SETS), "low", _label("'All 7' cards used", "使用的「全部七種」獎勵卡",
                                                              "使用的「所有7种」奖励卡")),
        Option("buys_per_turn", (1, 2, "unlimited"), 1, _label("Purchases per turn", "每回合購買次數", "每回合购买次数")),
        Option("supply_limits", ("unlimited", "cards"), "unlimited",
               _label("Silver/worker supply", "銀幣/工人供應", "银币/工人供应")),
        Option("pile_resplit", (True, False), True, _label("Re-split empty piles", "空牌堆重新分配", "空牌堆重新分配")),
        Option("cloister_join", ("existing", "any"), "existing",
               _label("Cloister may join", "修道院可加入", "修道院可加入")),
        Option("solo_duke", (False, True), False, _label("Solo pressure", "單人壓力", "单人压力"), players=(1,)),
        Option("solo_target", D.SOLO_TARGETS, D.SOLO_TARGETS[0], _label("Solo target VP", "單人目標分數", "单人目标分数"),
               players=(1,)),
    ]

    # ---- construction / flow -----------------------------------------------------------------------
    def new(self, players: int, options: dict[str, Any] | None = None) -> State:
        st = new_state(players, self.resolve_options(players, options))
        ev: list[Event] = []
        begin(st, ev)
        advance(st, ev)
        st["last"] = ev
        return st

    def host_decides(self, players: int, options: dict[str, Any] | None) -> bool:
        """Seat 1 chooses the start player with ``start_player: host``."""
        return self.resolve_options(players, options)["start_player"] == "host"

    def to_act(self, state: State) -> list[int]:
        if state["status"] == "over":
            return []
        if state["queue"]:
            return [CHANCE]
        if state["await"] == "first":
            return [0]
        seat = current(state)
        return [seat] if seat >= 0 else []

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat == CHANCE:
            return sorted(o for o, _ in chance_outcomes(state))
        # remembered for the ``apply`` of each of them that usually follows (the AI search)
        return list(self._legal.remember(state, seat))

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        return chance_outcomes(state)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        parsed, text = _parse(action)
        if text not in self._legal.allowed(state, seat):
            raise explain(state, seat, parsed)
        st = copy_state(state, last=False)  # ``last`` is replaced below
        ev: list[Event] = []
        verb = parsed[0]
        if seat == CHANCE:
            apply_chance(st, parsed, ev)
        elif verb == "first":
            set_first(st, parsed[1] - 1, ev)
        elif verb == "play":
            play(st, seat, parsed, ev)
        elif verb == "buy":
            buy(st, seat, ev)
        elif verb in ("keep", "use"):
            keep_or_use(st, seat, parsed, ev)
        elif verb == "end":
            end_turn(st, ev)
        else:
            answer(st, seat, parsed, ev)
        advance(st, ev)
        st["last"] = ev
        return st, ev

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat, self.to_act(state))

    def sample_state(self, view: dict[str, Any], seat: int, pick: Any) -> State:
        """A state consistent with ``seat``'s view, the unseen action cards placed by ``pick`` (see ``sample``)."""
        return sample.sample_state(view, seat, pick)

    # ---- end ------------------------------------------------------------------------------------------
    def progress(self, state: State) -> float:
        """Rounds completed of the five (one per round card)."""
        if self.is_over(state):
            return 1.0
        return min(1.0, state["round"] / len(D.ROUND_CARDS))

    def chapter(self, state: State) -> str:
        return f"R{min(state['round'], len(D.ROUND_CARDS) - 1) + 1}"

    def figures(self, state: State, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """The final score by source (triples, goods, animals, …): how it was won."""
        parts = [breakdown(state, seat) for seat in range(len(state["pl"]))]
        keys = [k for k in texts.SCORE_PARTS if any(p.get(k) for p in parts)]
        return [(localised(texts.SCORE_PARTS[k], locale), [str(p.get(k, 0)) for p in parts]) for k in keys]

    def scores(self, state: State) -> list[int]:
        if state["final"] is not None:
            return [row["total"] for row in state["final"]["rows"]]
        return [breakdown(state, s)["total"] for s in range(state["n"])]

    def ranking(self, state: State) -> list[int]:
        if state["final"] is not None:
            return list(state["final"]["ranking"])
        return super().ranking(state)

    def places(self, state: State) -> list[int]:
        """The final scoring's places: equal totals that the storage tie-break cannot separate share."""
        if state["final"] is not None:
            return list(state["final"]["places"])
        return super().places(state)

    # ---- words ------------------------------------------------------------------------------------------
    def describe(self, action: str, locale: Locale = "en") -> str:
        return texts.describe(action, locale)

    def describe_named(self, action: str, locale: Locale, names: list[str]) -> str:
        return texts.describe(action, locale, names)

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        return texts.event_text(event, locale, names)

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        return texts.reason_text(error, locale)

    def group(self, action: str) -> str:
        return texts.group(action)

    def split_moves(self, legal: list[str], locale: Locale = "en") -> list[tuple[str, list[str]]]:
        return texts.split_moves(legal, locale)

    def quick_actions(self, legal: list[str]) -> list[str]:
        return texts.quick_actions(legal)

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        return texts.help_topics(locale)

    def stage(self, state: State) -> str | None:
        """TURN_START / BUY_CHOICE / PENDING / AFTER_ACTION as ``start``/``buy``/``pending``/``after``."""
        return stage(state)


GAME = BurgundyCardsGame()
