"""Shared drawing context and helpers of the Castles of Burgundy renderer.

Every panel function takes a :class:`Ctx` (canvas, view, names, language) so the panels stay
independent of each other; text goes through cached masks (``paste_text``) because most strings
repeat from one image to the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.burgundy.sprites import paste_text, tile
from render.burgundy.style import word

WIDTH = 1500
MARGIN = 10
PHASES = ("A", "B", "C", "D", "E")


@dataclass
class Ctx:
    """What every drawing step needs: the canvas, the view, names and language."""

    img: Image.Image
    d: ImageDraw.ImageDraw
    view: dict[str, Any]
    names: list[str]
    locale: str

    def w(self, key: str) -> str:
        """A fixed word (``burgundy_style.WORDS``) in this image's language."""
        return word(key, self.locale)

    def tile(self, code: str, width: int) -> Image.Image:
        """The sprite of tile ``code``, coloured as the view's ``tile_colours`` say."""
        colours = self.view.get("tile_colours")
        colour = colours.get(code) if isinstance(colours, dict) else None
        return tile(code, colour if isinstance(colour, str) else "?", width)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"S{seat + 1}"


def num(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: kit.RGB = kit.INK,
    anchor: str = "lm",
) -> int:
    """Digits and codes, bold, anchored at the vertical middle by default."""
    return paste_text(img, xy, text, size, fill, True, anchor)


def label(
    ctx: Ctx,
    xy: tuple[float, float],
    text: str,
    size: int = 18,
    fill: kit.RGB = kit.DARK,
    bold: bool = True,
    anchor: str = "la",
    max_width: int | None = None,
) -> int:
    """Words and player names in any script (cached masks over ``kit.draw_text``)."""
    return paste_text(ctx.img, xy, text, size, fill, bold, anchor, max_width)


def box(
    ctx: Ctx,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: kit.RGB,
    outline: kit.RGB = kit.GREY,
    width: int = 1,
    radius: int = 10,
) -> None:
    """A rounded panel."""
    ctx.d.rounded_rectangle((x, y, x + w, y + h), radius=radius, fill=fill, outline=outline, width=width)


def goods_groups(kinds: Iterable[int]) -> list[tuple[int, int]]:
    """(kind, count) pairs, by kind, from a list of goods kinds (a depot's goods space)."""
    counts: dict[int, int] = {}
    for k in kinds:
        counts[int(k)] = counts.get(int(k), 0) + 1
    return sorted(counts.items())


def as_int(value: Any, default: int = 0) -> int:
    """``value`` if it is an int, else ``default`` (views are JSON; never trust a key blindly)."""
    return value if isinstance(value, int) else default


def status_seat(view: dict[str, Any]) -> int | None:
    """The seat whose decision is pending (None while chance resolves, after the end, or once the
    game was ended unfinished by vote)."""
    if view.get("ended"):
        return None
    to_act = [s for s in (view.get("to_act") or []) if isinstance(s, int) and s >= 0]
    if to_act:
        return to_act[0]
    current = view.get("current")
    return current if isinstance(current, int) else None


def final_totals(view: dict[str, Any]) -> dict[int, int]:
    """Final scores by seat once the game is over (the in-game VP elsewhere in the view exclude them)."""
    final = view.get("final")
    if not isinstance(final, dict) or isinstance(final.get("solo"), dict):
        return {}
    return {
        r["seat"]: r["total"]
        for r in final.get("rows") or []
        if isinstance(r, dict) and isinstance(r.get("seat"), int) and isinstance(r.get("total"), int)
    }
