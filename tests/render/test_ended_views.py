"""A game ended unfinished by the players' vote: the table marks its public view ``ended`` (with
``to_act`` emptied) while the rules' own keys (``current``, ``turn``, ``pending``, ``prompt``,
``status``) still read as mid-game. Every game's image and text board then say the game ended
unfinished and mark nobody as to act, in every locale; views without ``ended`` are unchanged."""

from __future__ import annotations

import io
import string
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from render.burgundy.style import prompt_text
from render.burgundy_cards.style import QUESTIONS, pick
from render.fixer.text import Words as FixerWords
from render.torres.textview import WORDS as TORRES_WORDS
from render.tuscany.style import WORDS as TUSCANY_WORDS
from rules import CHANCE
from rules.burgundy import GAME as BURGUNDY
from rules.burgundy_cards import GAME as BURGUNDY_CARDS
from rules.core import Game
from rules.fixer import GAME as FIXER
from rules.torres import GAME as TORRES
from rules.tuscany import GAME as TUSCANY
from tests.conformance import playout

LOCALES = ("en", "zh-TW", "zh-CN")
ENDED = {"en": "Ended early (unfinished)", "zh-TW": "提前結束(未完成)", "zh-CN": "提前结束(未完成)"}
NAMES = ["Alice", "王小明", "林美玲 the long-named", "Ōtsuka"]


def _literal(template: str) -> str:
    """The longest fixed part of a format template ("{name} decides: keep {card}…" → " decides: keep ")."""
    return max((text for text, *_ in string.Formatter().parse(template)), key=len)


def _acting(game: Game, state: Any) -> bool:
    """Some seat (not chance) is to act."""
    return any(s != CHANCE for s in game.to_act(state))


# Per game: the rules, the player count, which mid-game position to take (the first after a few
# moves where it holds), and the to-act words its text board prints for that position.
CASES: dict[
    str, tuple[Game, int, Callable[[dict[str, Any]], bool], Callable[[dict[str, Any], str], list[str]]]
] = {
    "fixer": (
        FIXER,
        2,
        lambda v: v["stage"] == "decide" and isinstance(v.get("pending"), dict),
        lambda v, loc: [
            _literal(FixerWords(loc).table["decides"]),
            FixerWords(loc)("stage.decide"),
        ],
    ),
    "burgundy": (
        BURGUNDY,
        2,
        lambda v: v["status"] == "play" and isinstance(v.get("prompt"), dict) and v["prompt"].get("kind"),
        lambda v, loc: [prompt_text(str(v["prompt"]["kind"]), loc)],
    ),
    "burgundy_cards": (
        BURGUNDY_CARDS,
        3,
        lambda v: v["status"] != "over" and v.get("current") is not None and bool(v.get("pending")),
        lambda v, loc: [pick(QUESTIONS, v["pending"]["q"], loc)],
    ),
    "tuscany": (
        TUSCANY,
        2,
        lambda v: v.get("phase") == "play" and v.get("current") is not None,
        lambda v, loc: [],  # the text names nobody but with "▶"; "To act: …" is the image's
    ),
    "torres": (
        TORRES,
        2,
        lambda v: (
            bool(v.get("turn")) and v.get("current") is not None and v.get("stage") not in ("build", "place")
        ),
        lambda v, loc: [_literal(TORRES_WORDS[loc]["ap_left"])],
    ),
}


@cache
def _view(name: str) -> dict[str, Any]:
    """A mid-game public view of a seeded game with a seat to act (and a pending prompt where the
    game has one)."""
    game, players, wanted, _ = CASES[name]
    run = playout(game, players, None, seed=5)
    state = game.new(players, None)
    for i, (seat, action) in enumerate(run.log):
        state, _ = game.apply(state, seat, action)
        view = game.view(state, None)
        if i >= 10 and _acting(game, state) and wanted(view):
            return view
    raise AssertionError(f"no suitable mid-game position in {name}")


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", list(CASES))
def test_ended_view_says_so_and_marks_nobody(name: str, locale: str) -> None:
    base = {**_view(name), "names": NAMES[: _view(name)["players"]], "locale": locale}
    ended = {**base, "ended": True, "to_act": []}
    acting_words = CASES[name][3](base, locale)

    normal_text = "\n".join(render.text(name, base))
    assert "▶" in normal_text  # the position really has a seat to act ...
    for words in acting_words:
        assert words in normal_text  # ... and a to-act prompt the ended board must drop
    assert ENDED[locale] not in normal_text

    text = "\n".join(render.text(name, ended))
    assert ENDED[locale] in text
    assert "▶" not in text
    for words in acting_words:
        assert words not in text
    if name == "tuscany":
        assert _literal(TUSCANY_WORDS["to_act"][locale]) not in text

    image = render.draw(name, ended)
    _png(image)
    assert image != render.draw(name, base)


@pytest.mark.parametrize("name", list(CASES))
def test_ended_header_keeps_the_round(name: str) -> None:
    """The round (or phase) stays on the status line next to the ended words."""
    base = {**_view(name), "locale": "en"}
    head = render.text(name, {**base, "ended": True, "to_act": []})
    line = next(line for line in head if ENDED["en"] in line)
    assert any(word in line for word in ("Round", "round", "Phase", "Setup")), line
