"""Torres as a ``rules.core.Game``: wiring the modules of this package to the contract."""

from __future__ import annotations

from typing import Any

from rules.core import Event, Game, IllegalAction, Locale, Option
from rules.torres import actions, sample, text
from rules.torres.data import COLOURS, PH3_SPLITS, rounds_for
from rules.torres.flow import State, new_state
from rules.torres.view import build_view


class Torres(Game):
    name = "torres"
    title = {"en": "Torres", "zh-TW": "眾塔之城", "zh-CN": "众塔之城"}
    min_players = 2
    max_players = 4
    options = [
        Option(
            "cards",
            ("own", "shared"),
            "own",
            {"en": "Action cards", "zh-TW": "行動卡", "zh-CN": "行动卡"},
            only_with=(("master", False),),  # master: every card starts in hand, nobody draws
        ),
        Option(
            "master",
            (False, True),
            False,
            {"en": "Master version", "zh-TW": "進階規則", "zh-CN": "进阶规则"},
        ),
        Option(
            "ph3_split",
            PH3_SPLITS,
            PH3_SPLITS[0],
            {"en": "3-player phase-1 stacks", "zh-TW": "3人第一階段塔樓堆", "zh-CN": "3人第一阶段塔楼堆"},
            players=(3,),
        ),
    ]

    def new(self, players: int, options: dict[str, Any] | None = None) -> State:
        opts = self.resolve_options(players, options)
        if players != 3:
            opts["ph3_split"] = ""
        return new_state(players, opts)

    def to_act(self, state: State) -> list[int]:
        return actions.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return actions.legal(state, seat)

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        return actions.chance_outcomes(state)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return actions.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def progress(self, state: State) -> float:
        """Rounds completed over the three phases (their lengths depend on the player count)."""
        if self.is_over(state):
            return 1.0
        lengths = [rounds_for(state["n"], state["split"], phase) for phase in (1, 2, 3)]
        done = sum(lengths[: state["phase"] - 1]) + state["round"] - 1
        return min(1.0, max(done, 0) / sum(lengths))

    def chapter(self, state: State) -> str:
        return f"P{state['phase']}"

    def figures(self, state: State, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Knights placed and action cards played, per player."""
        return [
            (text.story_label("knights", locale), [str(p["knights"]) for p in state["ps"]]),
            (text.story_label("cards", locale), [str(len(p["played"])) for p in state["ps"]]),
        ]

    def scores(self, state: State) -> list[int]:
        return [p["score"] for p in state["ps"]]

    def describe(self, action: str, locale: Locale = "en") -> str:
        return text.describe(action, locale)

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        return text.event_text(event, locale, names)

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        return text.reason_text(error, locale)

    def quick_actions(self, legal: list[str]) -> list[str]:
        """The frequent decision, "end" (or "king pass"); never card plays, which would show the hand."""
        return [a for a in legal if a in ("end", "king pass")]

    def group(self, action: str) -> str:
        return text.group(action)

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        return text.help_topics(locale)

    def seat_label(self, seat: int, locale: Locale = "en") -> str:
        return text.seat_name(seat, locale, None) if seat < len(COLOURS) else super().seat_label(seat, locale)

    def sample_state(self, view: dict[str, Any], seat: int, pick: Any) -> State:
        """A state consistent with ``seat``'s view, hidden cards drawn by ``pick`` (see ``sample``)."""
        return sample.sample_state(view, seat, pick)
