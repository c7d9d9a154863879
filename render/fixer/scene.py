"""What every FIXER drawing step needs: the view, the canvas, words and seat names.

Views come from the rules engine, but a renderer must never crash on a view that is a little
different (a missing key, ``names`` absent), so every read here has a sensible default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.fixer.text import Words

AUTOMA = -2
CHANCE = -1

Box = tuple[int, int, int, int]
"""x, y, width, height."""


BOT_MARK = kit.BOT_MARK


def board_names(view: dict[str, Any], humans: int) -> list[str]:
    """The names the board prints (``kit.board_names``)."""
    return kit.board_names(view, humans)


@dataclass
class Scene:
    view: dict[str, Any]
    image: Image.Image
    d: ImageDraw.ImageDraw
    words: Words
    names: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, view: dict[str, Any], image: Image.Image) -> Scene:
        humans = len(view.get("seats") or []) or int(view.get("players") or 0)
        return cls(view, image, ImageDraw.Draw(image), Words(view.get("locale")), board_names(view, humans))

    # ---- facts derived from the view ----------------------------------------------------------
    @property
    def solo(self) -> bool:
        return bool(self.view.get("solo"))

    @property
    def stage(self) -> str:
        return str(self.view.get("stage") or "play")

    @property
    def ended(self) -> bool:
        """Ended unfinished by the players' vote: nobody is to act, whatever the rules' keys say."""
        return bool(self.view.get("ended"))

    @property
    def to_act(self) -> list[int]:
        return [] if self.ended else [int(s) for s in self.view.get("to_act") or []]

    @property
    def viewer(self) -> int | None:
        viewer = self.view.get("viewer")
        return viewer if isinstance(viewer, int) else None

    def seat_info(self, seat: int) -> dict[str, Any]:
        """The ``seats`` entry of a human seat, or the ``automa`` object for seat -2."""
        if seat == AUTOMA:
            return dict(self.view.get("automa") or {})
        for info in self.view.get("seats") or []:
            if info.get("seat") == seat:
                return dict(info)
        return {}

    def private_hand(self) -> list[str] | None:
        """The viewer's own hand when this is that seat's private view, else ``None``."""
        if self.viewer is None:
            return None
        hand = self.seat_info(self.viewer).get("hand")
        return list(hand) if isinstance(hand, list) else None

    def pending(self) -> dict[str, Any] | None:
        pending = self.view.get("pending")
        return pending if isinstance(pending, dict) and not self.ended else None

    def acting(self, seat: int) -> bool:
        """Seat is the one the game waits for (the loser while a keep/discard is pending)."""
        pending = self.pending()
        if pending is not None and self.stage == "decide":
            return pending.get("seat") == seat
        return seat in self.to_act and not self.view.get("over")

    # ---- words ---------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        if seat == AUTOMA:
            return self.words("automa")
        return self.names[seat] if 0 <= seat < len(self.names) else f"S{seat + 1}"

    @staticmethod
    def tag(seat: int) -> str:
        """Short seat label printed on badges: ``S1``…``S4`` or ``AU``."""
        return "AU" if seat == AUTOMA else f"S{seat + 1}"

    def suit_name(self, card: str) -> str:
        return self.words(f"suit.{card[:1].upper()}") if card[:1].upper() in "RCMP" else ""

    def act_phrase(self, short: bool = False) -> str:
        """What the game waits for, e.g. "to play"; ``short`` for chips on narrow panels."""
        if short:
            kind = {"pass": "pass", "decide": "decide"}.get(self.stage, "play")
            return self.words(f"short.{kind}")
        return {
            "pass": self.words("to_pass"),
            "initial": self.words("to_initial"),
            "decide": self.words("to_decide"),
        }.get(self.stage, self.words("to_play"))
