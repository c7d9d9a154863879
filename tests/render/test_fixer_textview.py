"""FIXER's text board: every view of whole seeded games, at every player count (solo included), in
every locale, fits the budget, names every player, shows exactly the cards the view shows, and
leaks neither hidden cards, hidden scores, Python reprs nor untranslated words."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path
from typing import Any

import pytest

import render
from render.fixer import text as image_words
from render.fixer import textview
from rules.fixer import GAME, texts
from tests.conformance import playout

LOCALES = ("en", "zh-TW", "zh-CN")
NAMES = [
    "Alexandria Wellington-Smythe X",
    "王小明的超級長名字測試玩家一二三四五六七八九十甲乙",
    "林美玲 the very long named build",
    "Ōtsuka Hiroshi von Brandenburgh",
]
PUBLIC_BUDGET = 1100
PRIVATE_BUDGET = 1500
CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, {"solo_rounds": 1, "automa_player_void": "faceup"}),
    (2, {}),
    (2, {"card_passing": True}),
    (3, {}),
    (3, {"long_match": True}),
    (4, {}),
    (4, {"card_passing": True}),
]
CARD = re.compile(r"(?<![A-Za-z0-9])[RCMP][1-9](?![0-9])")
ENGLISH = re.compile(
    r"\b(Regime|Capital|Media|People|Suits|Regions|Players|Hand|Deck|Markers|black|red|left|neutral|"
    r"closed|Won|face|Round|Discard|Automa|cards|none|start|you|Game|total|pile|empty|Play|Keep|"
    r"discard|Dealing|passing|passed|Result|Winner|Shared|Out|unseen|pts)\b"
)


def _states(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every position of one seeded game, from setup to game over."""
    run = playout(GAME, players, options, seed=seed)
    state = GAME.new(players, options)
    states = [state]
    for seat, action in run.log:
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states


@functools.cache
def _positions(players: int, options_key: tuple[tuple[str, Any], ...]) -> list[Any]:
    """Setup, a spread of positions, one of each stage, and game over, over two seeded games."""
    options = dict(options_key)
    picked: list[Any] = []
    for seed in (1, 2):
        states = _states(players, options, seed)
        stages: set[str] = set()
        for i, state in enumerate(states):
            spread = i % max(1, len(states) // 12) == 0
            if spread or state["stage"] not in stages or i == len(states) - 1:
                picked.append(state)
                stages.add(state["stage"])
    return picked


def _key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


def _views(players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    views = []
    for state in _positions(players, _key(options)):
        for viewer in [None, *range(players)]:
            views.append(GAME.view(state, viewer))
    return views


def _text(view: dict[str, Any], locale: str = "en", names: list[str] | None = None) -> str:
    humans = len(view["seats"])
    shown = {**view, "locale": locale, "names": NAMES[:humans] if names is None else names}
    return "\n".join(render.text("fixer", shown))


def _visible_cards(view: dict[str, Any]) -> set[str]:
    """Every card the view shows to its viewer that matters to a move or the result (at the end
    every hand is open, but the board lists only the viewer's: cards left in hand score nothing)."""
    cards: set[str] = set()
    for region in view["regions"]:
        cards |= {c for c in region["cards"] if c}
    for seat in view["seats"]:
        cards |= set(seat["won_up"])
        cards |= set(seat["won_down"] or [])
        if seat["seat"] == view["viewer"]:
            cards |= set(seat["hand"] or [])
            cards |= set(seat["passing"] or [])
        else:
            assert view["over"] or (seat["hand"] is None and seat["passing"] is None)
    automa = view["automa"]
    if automa:
        cards |= set(automa["won_up"]) | set(automa["won_down"] or [])
        if not view["over"]:
            cards |= {f"{p['suit']}{n}" for p in automa["piles"] for n in p["cards"]}
    if view["pending"]:
        cards.add(view["pending"]["card"])
    if view["result"]:
        cards |= set(view["result"]["removed"])
    return cards


@pytest.mark.parametrize(("players", "options"), CASES, ids=lambda c: str(c))
def test_every_view_fits_and_shows_what_the_view_holds(players: int, options: dict[str, Any]) -> None:
    for view in _views(players, options):
        private = view["viewer"] is not None
        expected = _visible_cards(view)
        for locale in LOCALES:
            text = _text(view, locale)
            assert len(text) <= (PRIVATE_BUDGET if private else PUBLIC_BUDGET), text
            for name in NAMES[: len(view["seats"])]:
                assert f"**{name}**" in text
            if view["solo"]:
                assert "AU **" in text
            for leak in ("None", "{", "}", "[", "]", "'", "stage.", "suit.", "_"):
                assert leak not in text, (leak, text)
            # exactly the view's cards: none hidden is invented, none shown is dropped
            assert set(CARD.findall(text)) == expected, (expected, text)
            if not view["over"]:
                for region in view["regions"]:
                    line = next(x for x in text.split("\n") if x.startswith(f"@{region['id']} "))
                    for card in region["cards"]:
                        assert card is None or card in line
            if locale != "en":
                stripped = text
                for name in NAMES:
                    stripped = stripped.replace(name, "")
                assert not ENGLISH.search(stripped), (ENGLISH.search(stripped), text)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_private_parts_only_in_their_own_view(players: int) -> None:
    states = _positions(players, ())
    state = next(s for s in states if s["stage"] == "play")
    public = GAME.view(state, None)
    public_text = _text(public)
    assert "Your hand" not in public_text
    assert "This round" not in public_text  # running scores are hidden in the public view
    for seat in range(players):
        view = GAME.view(state, seat)
        text = _text(view)
        mine = view["seats"][seat]
        assert f"**{NAMES[seat]}** (you)" in text
        hand_head = next(i for i, line in enumerate(text.split("\n")) if line.startswith("**Your hand**"))
        hand_line = text.split("\n")[hand_head + 1]
        assert set(CARD.findall(hand_line)) == set(mine["hand"])
        assert f"This round {mine['score']}" in text
        for card in mine["hand"] + (mine["won_down"] or []):
            assert card not in public_text
        for other in range(players):
            if other != seat:
                assert f"**{NAMES[other]}** (you)" not in text


def test_game_over_shows_every_total_and_the_winner() -> None:
    for players in (1, 2, 3, 4):
        final = _positions(players, ())[-1]
        view = GAME.view(final, None)
        assert view["over"]
        text = _text(view)
        assert "**Game over — Result**" in text
        for score in view["result"]["scores"]:
            assert f"Game total {score}" in text
        first = view["result"]["ranking"][0]
        top = "Automa" if first == -2 else NAMES[first]
        assert re.search(rf"^1\. \S+ \*\*{re.escape(top)}\*\*.*★", text, re.M), text


def test_whose_turn_and_pending_decision_are_marked() -> None:
    states = _positions(4, ())
    play = next(s for s in states if s["stage"] == "play")
    view = GAME.view(play, None)
    text = _text(view)
    turn = view["to_act"][0]
    marked = [line for line in text.split("\n") if line.startswith("▶")]
    assert marked == [next(x for x in text.split("\n") if f"**{NAMES[turn]}**" in x and x.startswith("▶"))]
    decide = next(s for s in states if s["stage"] == "decide")
    view = GAME.view(decide, None)
    pending = view["pending"]
    text = _text(view, "zh-TW")
    assert f"▶ **{NAMES[pending['seat']]}** 決定：{pending['card']} 收入手牌或棄掉" in text


def test_solo_shows_the_automa_piles_and_deck() -> None:
    states = _positions(1, ())
    state = next(s for s in states if s["stage"] == "play" and s["hands"][1])
    view = GAME.view(state, 0)
    automa = view["automa"]
    text = _text(view)
    assert "AU **Automa** · " in text
    assert f"Deck {automa['deck_count']}" in text
    for slot, pile in enumerate(automa["piles"], start=1):
        cards = " ".join(f"{pile['suit']}{n}" for n in pile["cards"]) or f"{pile['suit']} empty"
        assert f"{slot}: {cards}" in text
    assert "Out unseen 4" in text
    assert "自動機" in _text(view, "zh-TW") and "自动机" in _text(view, "zh-CN")


def test_locales_and_fallbacks() -> None:
    state = next(s for s in _positions(2, ()) if s["stage"] == "play")
    view = GAME.view(state, 0)
    assert _text(view, "fr") == _text(view, "en")
    assert "Suits: P People > R Regime > C Capital > M Media > P" in _text(view, "en")
    assert "花色：P 人民 > R 政權 > C 資本 > M 媒體 > P" in _text(view, "zh-TW")
    assert "花色：P 人民 > R 政权 > C 资本 > M 媒体 > P" in _text(view, "zh-CN")
    bare = "\n".join(textview.lines({k: v for k, v in view.items() if k not in ("names", "locale")}))
    assert "**S1** (you)" in bare and "**S2**" in bare
    assert "**Round 1/2 · Play**" in bare


def test_two_player_regions_show_markers_won_on_each_side() -> None:
    states = _positions(2, ())
    state = next(s for s in states if any(r["marks"][0] for r in s["regions"]) and s["stage"] == "play")
    view = GAME.view(state, None)
    text = _text(view)
    for region in view["regions"]:
        line = next(x for x in text.split("\n") if x.startswith(f"@{region['id']} "))
        for k, marks in enumerate(region["sides"]):
            if marks:
                assert "black" in line or "red" in line
                tag = f"S{k + 1}"
                assert tag in line
        assert ("closed" in line) == (not region["open"])
        if region["open"]:
            assert f"{region['markers_left']} neutral" in line


def test_module_is_pure() -> None:
    tree = ast.parse(Path(textview.__file__).read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    assert roots <= {"__future__", "typing", "render"}  # render imports nothing from rules (layering)


def test_copied_words_equal_the_rules_words() -> None:
    """The board's copies of the rules' words (the automa's name, a chosen pass, the suit names in
    the image's table, the hand's suit order) stay equal to ``rules.fixer.texts``, which the move
    descriptions and event lines use."""
    for locale in LOCALES:
        own, image = textview.WORDS[locale], image_words.WORDS[locale]
        for key in ("automa", "pass"):
            assert own[key] == texts.T[key][locale], (locale, key)
        for suit, names in texts.SUIT_NAMES.items():
            assert image[f"suit.{suit}"] == names[locale], (locale, suit)
    assert tuple(texts.SUIT_NAMES) == textview.HAND_ORDER
    assert set(textview.SUIT_CYCLE) == set(texts.SUIT_NAMES)
