"""The Castles of Tuscany as a ``rules.core.Game``: wiring the modules of this package to the contract."""

from __future__ import annotations

from typing import Any

from rules.core import Event, Game, IllegalAction, Locale, Option, shared_places
from rules.tuscany import moves, sample, texts
from rules.tuscany.data import STACK_SIZE, STACKS, VERSIONS
from rules.tuscany.flow import rank_key
from rules.tuscany.state import State, new_state
from rules.tuscany.view import build_view


class Tuscany(Game):
    name = "tuscany"
    title = {"en": "The Castles of Tuscany", "zh-TW": "托斯卡尼城堡", "zh-CN": "托斯卡纳城堡"}
    min_players = 2
    max_players = 4
    options = [
        Option(
            "estate",
            ("free", "fixed"),
            "free",
            {"en": "Estate assembly", "zh-TW": "區域組合", "zh-CN": "区域组合"},
        ),
        Option(
            "boards",
            ("random", "preset"),
            "random",
            {"en": "Region boards", "zh-TW": "區域圖板", "zh-CN": "区域图板"},
        ),
        Option(
            "round_end",
            ("rulebook", "equal_turns"),
            "rulebook",
            {"en": "Round end", "zh-TW": "輪結束方式", "zh-CN": "轮结束方式"},
        ),
        Option(
            "final_tiles",
            ("storage", "storage_and_stacks"),
            "storage",
            {"en": "Unplaced tiles scored", "zh-TW": "未放置板塊計分", "zh-CN": "未放置板块计分"},
        ),
        Option(
            "start_player",
            ("random", "host"),
            "random",
            {"en": "Start player", "zh-TW": "起始玩家", "zh-CN": "起始玩家"},
        ),
        Option(
            "data_version",
            VERSIONS,
            VERSIONS[-1],
            {"en": "Component data", "zh-TW": "配件資料版本", "zh-CN": "配件数据版本"},
        ),
    ]

    def new(self, players: int, options: dict[str, Any] | None = None) -> State:
        return new_state(players, self.resolve_options(players, options))

    def host_decides(self, players: int, options: dict[str, Any] | None) -> bool:
        """Seat 1 chooses the start player (``start_player: host``) or every seat's boards
        (``boards: preset``)."""
        opts = self.resolve_options(players, options)
        return opts["start_player"] == "host" or opts["boards"] == "preset"

    def to_act(self, state: State) -> list[int]:
        return moves.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return moves.legal(state, seat)

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        return moves.chance_outcomes(state)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return moves.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def sample_state(self, view: dict[str, Any], seat: int, pick: Any) -> State:
        """A state consistent with ``seat``'s view, hidden cards drawn by ``pick`` (see ``sample``)."""
        return sample.sample_state(view, seat, pick)

    def progress(self, state: State) -> float:
        """Share of the players' tile stacks already drawn (the rounds end as stacks empty)."""
        if self.is_over(state):
            return 1.0
        total = len(state["ps"]) * STACKS * STACK_SIZE
        left = sum(sum(p["stacks"]) for p in state["ps"])
        return min(1.0, max(0.0, 1.0 - left / total))

    def chapter(self, state: State) -> str:
        return f"R{state['round']}" if state.get("phase") == "play" else ""

    def figures(self, state: State, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Green points at the end and spaces built on, per player."""
        return [
            (texts.story_label("green", locale), [str(p["green"]) for p in state["ps"]]),
            (texts.story_label("built", locale), [str(len(p["cov"])) for p in state["ps"]]),
        ]

    def scores(self, state: State) -> list[int]:
        return [p["red"] for p in state["ps"]]

    def ranking(self, state: State) -> list[int]:
        """Red, then most empty spaces, fewest green, fewest cards (§7.3); then seat order."""
        if state["result"] is not None:
            return list(state["result"]["ranking"])
        return sorted(range(state["n"]), key=lambda i: (rank_key(state, i), i))

    def places(self, state: State) -> list[int]:
        """Seats equal on every criterion of §7.3 share their place (seat order is no rule)."""
        return shared_places([rank_key(state, seat) for seat in self.ranking(state)])

    def describe(self, action: str, locale: Locale = "en") -> str:
        return texts.describe(action, locale)

    def describe_named(self, action: str, locale: Locale, names: list[str]) -> str:
        return texts.describe(action, locale, names)

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        return texts.event_text(event, locale, names)

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        return texts.reason_text(error, locale)

    def quick_actions(self, legal: list[str]) -> list[str]:
        """Public decisions only: drawing, ending the turn, using marble (they show no card)."""
        return [a for a in legal if a in ("draw", "end", "marble")]

    def group(self, action: str) -> str:
        return texts.group(action)

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        return texts.help_topics(locale)

    def seat_label(self, seat: int, locale: Locale = "en") -> str:
        return texts.seat_name(seat, locale)
