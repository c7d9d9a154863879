"""The card game's summary band (``kit.Band``): who acts and what they decide, the round and turn,
each seat's VP (its seat number on the swatch, as on its estate), the last move."""

from __future__ import annotations

from typing import Any

from render import kit
from render.burgundy_cards import prompt
from render.burgundy_cards.style import words


def stage(view: dict[str, Any], locale: str) -> str:
    """"Round A · turn 3/6"; "Game over"."""
    w = words(prompt.known(locale))
    if view.get("status") == "over":
        return w["over"]
    return w["round"].format(r=view["round"], t=view["turn_in_round"])


def band(view: dict[str, Any]) -> kit.Band:
    """The band of ``view`` (public or private, any stage)."""
    locale = prompt.known(str(view.get("locale") or "en"))
    w = words(locale)
    players = int(view["players"])
    scores = [w["vp"].format(n=view["estates"][s]["score"]["total"]) for s in range(players)]
    colours = [kit.SEAT_COLOURS[s % len(kit.SEAT_COLOURS)] for s in range(players)]
    acting = set(prompt.acting(view))
    seats = [
        kit.BandSeat(seat.name, seat.colour, seat.score, i in acting, seat.bot, tag=str(i + 1))
        for i, seat in enumerate(kit.band_seats(view, colours, scores))
    ]
    return kit.Band(
        headline=prompt.headline(view, [seat.name for seat in seats], locale),
        stage=stage(view, locale),
        seats=seats,
        last=kit.last_text(view),
    )



def panel_names(view: dict[str, Any], players: int) -> list[str]:
    """The names the board's panels print (``kit.board_names``)."""
    return kit.board_names(view, players)
