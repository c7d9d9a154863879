"""Pure drawing: a rules ``view`` (plus optional display names) → PNG bytes.

``draw(game_name, view)`` is the contract; each game has a package ``render/<game>/`` with a
function ``draw(view: dict) -> bytes``. A view may carry ``"names"`` (display names per seat,
added by the table) and ``"locale"``; renderers fall back to seat labels without them. The table
also sets ``"ended": True`` (with ``to_act`` emptied) on a game ended unfinished by the players'
vote: the board then says so and marks nobody as to act. For the summary band on top of every
image (:class:`render.kit.Band`) the table adds ``"bare_names"`` and ``"bots"`` (names without a
bot suffix, bot levels apart), ``"last"`` (the latest decision's public events and lines) and, in a
seat's private view, ``"since"`` (the others' decisions since that seat's last one); see
``table/decorations.py``. Renderers work without them (a view drawn outside the table).
The bot calls it through :mod:`render.pool` (worker processes), never on its event loop.

``text(game_name, view)`` is the same board as Discord-markdown lines, for channels where the bot
may not attach files: each game's ``render/<game>/textview.py`` has ``lines(view) -> list[str]``.
It shows what the view shows and nothing more, so a public view never leaks a hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from render import kit

_DRAWERS: dict[str, Callable[[dict[str, Any]], bytes]] = {}
_WRITERS: dict[str, Callable[[dict[str, Any]], list[str]]] = {}


def draw(game_name: str, view: dict[str, Any]) -> bytes:
    """Render ``view`` of ``game_name`` as PNG bytes."""
    drawer = _DRAWERS.get(game_name)
    if drawer is None:
        module = importlib.import_module(f"{__name__}.{game_name}")
        drawer = module.draw
        _DRAWERS[game_name] = drawer
    for key in ("names", "bare_names"):
        names = view.get(key)
        if names:  # every game draws names through the same two fonts (kit.drawable_name)
            view = {**view, key: [kit.drawable_name(n) if isinstance(n, str) else n for n in names]}
    return drawer(view)


def text(game_name: str, view: dict[str, Any]) -> list[str]:
    """The board of ``view`` as short text lines (Discord markdown), in ``view["locale"]``.

    Cheap enough for the event loop (no drawing). Names in ``view["names"]`` are printed as given:
    the caller escapes them for markdown first."""
    writer = _WRITERS.get(game_name)
    if writer is None:
        module = importlib.import_module(f"{__name__}.{game_name}.textview")
        writer = module.lines
        _WRITERS[game_name] = writer
    return writer(view)
