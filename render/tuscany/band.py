"""Tuscany's summary band (``kit.Band``): who acts and what they decide, round and step, each
seat's red and green points, the last move.

Red points are the score (most red wins); green points are added to red at each round's end
(the header's legend says so): early in a game every red is 0 and the green says who leads.
"""

from __future__ import annotations

from typing import Any

from render import kit
from render.tuscany import prompt
from render.tuscany.style import known_locale, words

SCORE: dict[str, str] = {"en": "{r} red (+{g})", "zh-TW": "紅 {r}(+{g})", "zh-CN": "红 {r}(+{g})"}
"""A seat's score in the band: its red points (the score) and, in brackets, the green points its
red gains at each round's end; short, so a long name keeps room at phone size."""


def stage(view: dict[str, Any], locale: str) -> str:
    """"Round 2/3 · main action · round ends soon"; "Setup"; "Game over"."""
    w = words(locale)
    if view.get("over"):
        return w["over"]
    if view.get("phase") == "setup":
        return w["setup"]
    parts = [w["round"].format(n=view["round"])]
    step = prompt.step(view, locale)
    if step:
        parts.append(step)
    if view.get("final_left") is not None and not view.get("ended"):
        parts.append(w["last_turns"].format(n=view["final_left"]))
    elif view.get("trigger") is not None and not view.get("ended"):
        parts.append(w["round_ends"])
    return " · ".join(parts)


def band(view: dict[str, Any]) -> kit.Band:
    """The band of ``view`` (public or private, any phase)."""
    locale = str(view.get("locale") or "en")
    loc = known_locale(locale)
    players = int(view["players"])
    seats = view["seats"]
    reds = [int(seats[s]["red"]) for s in range(players)]
    scores = [SCORE[loc].format(r=reds[s], g=seats[s]["green"]) for s in range(players)]
    colours = [kit.SEAT_COLOURS[s % len(kit.SEAT_COLOURS)] for s in range(players)]
    acting = set(prompt.acting(view))
    band_seats = [
        kit.BandSeat(seat.name, seat.colour, seat.score, i in acting, seat.bot, tag=str(i + 1))
        for i, seat in enumerate(kit.band_seats(view, colours, scores))
    ]
    names = [seat.name for seat in band_seats]
    return kit.Band(
        headline=prompt.headline(view, names, reds, locale),
        stage=stage(view, locale),
        seats=band_seats,
        last=kit.last_text(view),
    )



def panel_names(view: dict[str, Any], players: int) -> list[str]:
    """The names the board's panels print (``kit.board_names``)."""
    return kit.board_names(view, players)
