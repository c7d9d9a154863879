"""FIXER (Takaaki Iida, JELLY JELLY GAMES 2024) for 2-4 players, plus the fan-made solo automa.

Notation (reference §2.4): ``R7@2`` plays card R7 to region 2; ``keep`` / ``discard`` answer a
lost conflict (listed as ``keep R5@2`` / ``discard R5@2``, naming the card received and the
region it came from; the bare words are accepted too); ``pass R7 C3 M5`` is the card-passing
variant. Chance outcomes: ``start S2`` / ``start AU`` (start player), ``deal R7`` (one card of a
shuffle-and-deal), ``flip R7`` (the automa turns its deck's top card). In a solo game seat 0 is
the human and the automa is part of the rules (it ranks as ``rules.AUTOMA``).

Long-match rulings. The reference (§8.2) assumes full hands; after round 1 of ``long_match`` a
hand may hold anything from 0 to the target, so the engine rules [DECISION]:

* a player whose hand is empty skips their initial play in round 2 (2 players; logged ``skip``);
* a hand of fewer than 3 cards passes none in the card-passing variant (it still receives);
* refill cards left over once every hand is full again go to the discard pile, unseen.

The rules help (topic ``variants``) states the same three rulings to players.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core import CHANCE, Event, Game, IllegalAction, Locale, Option, shared_places
from rules.fixer import engine, sample, texts, view
from rules.fixer.engine import State

CRITICAL_BONUS_CHOICES = tuple(range(0, 10))
CRITICAL_BONUS_DEFAULT = 3
"""[UNCERTAIN] points per red marker (reference §7.2, §9)."""


class Fixer(Game):
    name = "fixer"
    title = {"en": "FIXER", "zh-TW": "FIXER", "zh-CN": "FIXER"}
    min_players = 1
    max_players = 4
    options = [
        Option(
            "critical_bonus",
            CRITICAL_BONUS_CHOICES,
            CRITICAL_BONUS_DEFAULT,
            {"en": "points per red marker", "zh-TW": "每個紅色標記的分數", "zh-CN": "每个红色标记的分数"},
        ),
        Option(
            "card_passing",
            (False, True),
            False,
            {"en": "card passing variant", "zh-TW": "變體-卡牌交換", "zh-CN": "变体-卡牌交换"},
            players=(2, 3, 4),
        ),
        Option(
            "long_match",
            (False, True),
            False,
            {"en": "long match variant", "zh-TW": "變體-長期比賽", "zh-CN": "变体-长期比赛"},
            players=(2, 3, 4),
        ),
        Option(
            "solo_rounds",
            (1, 2),
            2,
            {"en": "solo rounds", "zh-TW": "單人局數", "zh-CN": "单人局数"},
            players=(1,),
        ),
        Option(
            "automa_player_void",
            ("hand", "faceup"),
            "hand",
            {"en": "automa reads your void suits from", "zh-TW": "自動機判斷缺花色依據", "zh-CN": "自动机判断缺花色依据"},
            players=(1,),
        ),
    ]

    # ---- construction ------------------------------------------------------------------------
    def new(self, players: int, options: dict[str, Any] | None = None) -> State:
        opts = self.resolve_options(players, options)
        return engine.new_state(players, opts)

    # ---- flow -----------------------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        if engine.pending_chance(state):
            return [CHANCE]
        return engine.humans_to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat == CHANCE:
            return sorted(engine.chance_actions(state)) if engine.pending_chance(state) else []
        side = engine.side_of(state, seat)
        if side is None or side not in engine.humans_to_act(state) or engine.pending_chance(state):
            return []
        stage = state["stage"]
        if stage == "decide":
            return engine.decision_actions(state)
        if stage == "pass":
            hand = state["hands"][side]
            return sorted(
                f"pass {a} {b} {c}" for i, a in enumerate(hand) for j, b in enumerate(hand[i + 1 :], i + 1) for c in hand[j + 1 :]
            )
        return engine.legal_plays(state, side)

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        outcomes = sorted(engine.chance_actions(state)) if engine.pending_chance(state) else []
        return [(o, 1.0 / len(outcomes)) for o in outcomes]

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        if not isinstance(action, str):
            raise IllegalAction("an action is text", "bad_notation")
        if state["stage"] == "over":
            raise IllegalAction("the game is over", "game_over")
        if seat == CHANCE:
            if not engine.pending_chance(state):
                raise IllegalAction("no chance step is pending", "bad_outcome")
            return engine.step_chance(state, action)
        side = engine.side_of(state, seat)
        if side is None:
            raise IllegalAction("that seat is not at this table", "not_seated")
        if engine.pending_chance(state) or side not in engine.humans_to_act(state):
            if state["stage"] == "pass" and state["passes"][side] is not None:
                raise IllegalAction("you have already chosen your cards", "already_passed")
            raise IllegalAction("it is not your turn", "not_your_turn")
        return engine.step(state, side, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.build(state, seat)

    def sample_state(self, view: dict[str, Any], seat: int, pick: Any) -> State:
        """A state consistent with ``seat``'s view, hidden cards drawn by ``pick`` (see ``sample``)."""
        return sample.sample_state(view, seat, pick)

    # ---- end ------------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["stage"] == "over")

    def progress(self, state: State) -> float:
        """Rounds played plus the share of the running round's region markers already taken."""
        if self.is_over(state):
            return 1.0
        regions = state["regions"]
        total = len(regions) * engine.MARKERS_PER_REGION
        within = 1.0 - sum(r["left"] for r in regions) / total if total else 0.0
        return min(1.0, (state["round"] - 1 + within) / state["rounds"])

    def chapter(self, state: State) -> str:
        return f"R{state['round']}" if state["rounds"] > 1 else ""

    def figures(self, state: State, locale: Locale = "en") -> list[tuple[str, list[str]]]:
        """Each round's score (a long match or the solo game's rounds)."""
        rows = []
        for index in range(max((len(r) for r in state["round_scores"]), default=0)):
            label = texts.round_label(index + 1, locale)
            rows.append((label, [str(r[index]) if index < len(r) else "—" for r in state["round_scores"]]))
        return rows if len(rows) > 1 else []

    def scores(self, state: State) -> list[int]:
        return engine.final_scores(state)

    def ranking(self, state: State) -> list[int]:
        return [engine.seat_of(state, s) for s in engine.ranking_sides(state)]

    def places(self, state: State) -> list[int]:
        """Sides equal on score (3-4 players: and red markers, and cards) share their place."""
        return shared_places([engine.rank_key(state, side) for side in engine.ranking_sides(state)])

    # ---- words ---------------------------------------------------------------------------------
    def describe(self, action: str, locale: Locale = "en") -> str:
        text = " ".join(action.split())
        m = re.fullmatch(r"([RCMP][1-9])@([1-9])", text.upper())
        if m:
            return texts.text("play", locale, card=texts.card_label(m.group(1), locale), region=m.group(2))
        low = text.lower()
        if low == "keep":
            return texts.text("keep_plain", locale)
        if low == "discard":
            return texts.text("discard_plain", locale)
        m = re.fullmatch(r"(keep|discard) ([rcmp][1-9])(?:\s*@\s*([1-9]))?", low)
        if m:
            key = m.group(1) + ("_from" if m.group(3) else "")
            return texts.text(key, locale, card=m.group(2).upper(), region=m.group(3))
        if low.startswith("pass "):
            return texts.text("pass", locale, cards=" ".join(text.split()[1:]).upper())
        verb, _, arg = text.partition(" ")
        if verb == "flip":
            return texts.text("flip", locale, card=arg)
        return text

    def event_text(self, event: Event, locale: Locale = "en", names: list[str] | None = None) -> str:
        def who(seat: int) -> str:
            if seat == engine.AUTOMA_SEAT:
                return texts.text("automa", locale)
            if names and 0 <= seat < len(names):
                return names[seat]
            return f"S{seat + 1}"

        def score_line(scores: list[int], seats: list[int]) -> str:
            return texts.text("sep", locale).join(f"{who(s)} {v}" for s, v in zip(seats, scores, strict=True))

        kind = event["kind"]
        if kind == "play":
            key = "ev_play_initial" if event.get("initial") else "ev_play"
            return texts.text(key, locale, who=who(event["seat"]), card=event["card"], region=event["region"])
        if kind == "flip":
            return texts.text("flip", locale, card=event["card"])
        if kind == "conflict":
            line = texts.text(
                "ev_win",
                locale,
                region=event["region"],
                winner=who(event["winner"]),
                loser=who(event["loser"]),
                won=event["won"],
                kind=texts.text("critical" if event["critical"] else "normal", locale),
            )
            if event.get("closed"):
                line += texts.text("closed", locale, region=event["region"])
            return line
        if kind == "keep":
            return texts.text("ev_keep", locale, who=who(event["seat"]), card=event["card"])
        if kind == "discard":
            why = event.get("why", "")
            suffix = texts.text(f"why_{why}", locale) if why else ""
            return texts.text("ev_discard", locale, who=who(event["seat"]), card=event["card"]) + suffix
        if kind == "skip":
            return texts.text("ev_skip", locale, who=who(event["seat"]))
        if kind == "start":
            return texts.text("start", locale, who=who(event["seat"]), round=event["round"])
        if kind == "dealt":
            if event.get("deck"):
                hands = texts.text("solo_deal", locale, hand=event["hands"][0], deck=event["deck"])
            else:
                hands = "/".join(str(h) for h in event["hands"])
            return texts.text("ev_dealt", locale, round=event["round"], hands=hands)
        if kind == "refilled":
            hands = "/".join(str(h) for h in event["hands"])
            return texts.text("ev_refilled", locale, round=event["round"], hands=hands)
        if kind == "pass_chosen":
            return texts.text("ev_pass_chosen", locale, who=who(event["seat"]))
        if kind == "passed":
            return texts.text("ev_passed", locale)
        if kind == "round_end":
            if "scores" not in event:  # a round before the last: scores stay private (§10)
                return texts.text("ev_round_end_private", locale, round=event["round"])
            return texts.text(
                "ev_round_end", locale, round=event["round"], scores=score_line(event["scores"], event["seats"])
            )
        if kind == "round_start":
            return texts.text("ev_round_start", locale, round=event["round"], who=who(event["start"]))
        if kind == "game_end":
            by_seat = dict(zip(event["seats"], event["scores"], strict=True))
            line = texts.text(
                "ev_game_end", locale,
                scores=texts.text("sep", locale).join(f"{who(s)} {by_seat[s]}" for s in event["ranking"]),
            )
            if event.get("instant_win") is not None:
                return texts.text("ev_instant", locale, who=who(event["instant_win"])) + " " + line
            if event.get("shared"):
                return line + " — " + texts.text("ev_shared", locale)
            line += " — " + texts.text("ev_winner", locale, who=who(event["ranking"][0]))
            if event.get("decided_by") in ("red", "cards"):
                line += texts.text(f"tie_{event['decided_by']}", locale)
            return line
        return kind

    def reason_text(self, error: IllegalAction, locale: Locale = "en") -> str:
        return texts.reason(error.key, locale, **error.params) or error.reason

    def quick_actions(self, legal: list[str]) -> list[str]:
        """Keep, then discard, after a lost conflict: the card is public, so buttons reveal nothing."""
        decisions = [a for a in legal if a.split()[0] in ("keep", "discard")]
        return sorted(decisions, key=lambda a: a.split()[0] != "keep")

    def group(self, action: str) -> str:
        low = action.strip().lower()
        if low.split()[:1] in (["keep"], ["discard"]):
            return "decide"
        if low.startswith("pass"):
            return "pass"
        return "play"

    def list_rank(self, action: str) -> int:
        """Keep before discard: keeping the card is the usual choice."""
        return 1 if action.strip().lower().startswith("discard") else 0

    def help(self, locale: Locale = "en", options: dict[str, Any] | None = None) -> dict[str, str]:
        """Rules help quoting the table's ``critical_bonus``, ``solo_rounds`` and automa void rule."""
        return texts.help_topics(locale, self.option_values(options))

    def seat_label(self, seat: int, locale: Locale = "en") -> str:
        return texts.text("automa", locale) if seat == engine.AUTOMA_SEAT else f"S{seat + 1}"


GAME = Fixer()
