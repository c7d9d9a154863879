"""The Castles of Tuscany text board: within budget, localised, and showing what a move needs."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

import render
from render.tuscany import textview
from render.tuscany.style import words
from rules import CHANCE
from rules.core import localised
from rules.tuscany import GAME
from rules.tuscany.names import COLOUR, FARM, TILE
from rules.tuscany.spaces import open_spaces
from rules.tuscany.texts import farm_label as rules_farm_label
from rules.tuscany.texts import item_label as rules_item_label
from tests.conformance import playout

NAMES = [
    "Alexandria\\_the\\_Great Builder",
    "王小明王小明王小明王小明王小明王小明王小明王小明王小明王小",
    "林美玲 the very long named bui",
    "Ōtsuka Ōtsuka Ōtsuka Ōtsuka Ō",
]
"""Four names of about 30 characters (as the caller passes them: markdown-escaped)."""
LOCALES = ("en", "zh-TW", "zh-CN")
ENGLISH_WORDS = re.compile(r"[A-Za-z]{3,}")
"""In Chinese text, names aside, only codes (``NF1``, ``RC``, ``a3``) may be in Latin letters."""


def _states(players: int, options: dict[str, Any] | None = None, seed: int = 4) -> list[Any]:
    """Positions through a whole seeded game: setup (estates hidden), early, middle, late, over."""
    run = playout(GAME, players, options, seed=seed)
    state = GAME.new(players, options)
    picks = {3 * players + 5, 3 * players + 9, len(run.log) // 3, len(run.log) // 2, len(run.log) - 5}
    out = []
    for i, (seat, action) in enumerate(run.log):
        state, _ = GAME.apply(state, seat, action)
        if i in picks:
            out.append(state)
    return [*out, run.state]


def _rank(action: str) -> int:
    head = action.split()[0]
    if head == "take":
        return 4 if "discard" not in action else 6
    return {"place": 0, "castle": 1, "marble": 2, "bonus": 3, "draw": 5}.get(head, 7)


@cache
def _builder_states(players: int, seed: int = 1) -> tuple[Any, ...]:
    """Every decision point of a game where each seat places whenever it can (random play
    rarely builds): estates fill up, storage and bonus tiles grow, as in real games."""
    rng = random.Random(seed)
    state = GAME.new(players)
    out = []
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            outcomes = GAME.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            state, _ = GAME.apply(state, CHANCE, action)
            continue
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        best = min(_rank(a) for a in legal)
        pool = [a for a in legal if _rank(a) == best]
        if best >= 4 and rng.random() < 0.4:
            pool = [a for a in legal if _rank(a) in (4, 5)] or pool
        out.append(state)
        state, _ = GAME.apply(state, seat, rng.choice(pool))
    return (*out, state)


def _text(state: Any, seat: int | None, locale: str = "en", players: int | None = None) -> str:
    view = GAME.view(state, seat)
    view["names"] = NAMES[: players or view["players"]]
    view["locale"] = locale
    return "\n".join(render.text("tuscany", view))


def _width(line: str) -> int:
    return textview._width(line)


def _check(text: str, view: dict[str, Any], locale: str) -> None:
    private = view.get("seat") is not None
    assert len(text) <= (1500 if private else 1100), (len(text), text)
    for bad in ("None", "{", "}", "[", "]", "'"):
        assert bad not in text, (bad, text)
    assert text.count("**") % 2 == 0, text
    assert all(_width(line) <= 90 for line in text.split("\n")), text
    if locale != "en":
        rest = text
        for name in NAMES:
            rest = rest.replace(name, "")
        assert not ENGLISH_WORDS.findall(rest), (ENGLISH_WORDS.findall(rest), text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_fits_its_budget(players: int) -> None:
    """Public and every seat's view, from setup to game over, in all three locales."""
    states = _states(players) + list(_builder_states(players)[::25]) + [_builder_states(players)[-1]]
    for state in states:
        for seat in [None, *range(players)]:
            for locale in LOCALES:
                view = GAME.view(state, seat)
                view["names"] = NAMES[:players]
                view["locale"] = locale
                text = "\n".join(render.text("tuscany", view))
                _check(text, view, locale)
                for name in NAMES[:players]:
                    assert f"**{name}**" in text, (name, text)


def _stuffed(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with everything as long as the game allows: eight farms on display, every bonus
    tile taken, full storage of two-type farms, big counts and many open spaces."""
    farms = {"NF1": ["OL", "GR"], "NF2": ["WH", "LI"], "NF3": ["OL", "WH"], "NF4": ["GR", "LI"]}
    farms |= {"1F1": ["OL"], "2F2": ["GR"], "3F3": ["WH"], "4F4": ["LI"]}
    view = {**view, "display": list(farms), "farm_types": farms, "final_left": 3}
    view["supply"] = dict.fromkeys(view["supply"], 0)
    seats = []
    for i, seat in enumerate(view["seats"]):
        extra = 2 if i == 0 else 1  # 5 of each bonus tile in all
        seat = {**seat, "capacity": 1 + extra, "bonus": dict.fromkeys(seat["bonus"], extra)}
        seat["storage"] = ["NF1", "NF2", "NF3"][: seat["capacity"]]
        seat |= {"marble": 12, "workers": 11, "hand_size": 55, "green": 123, "red": 245}
        if seat.get("geometry"):
            spaces = sorted(seat["geometry"]["colours"])
            seat["covered"] = {sp: "hex" for k, sp in enumerate(spaces) if k % 3 == 0}
            seat["empty"] = len(spaces) - len(seat["covered"])
        seats.append(seat)
    view["seats"] = seats
    if view.get("me"):
        view["me"] = {**view["me"], "hand": dict.fromkeys("KCVFWMQT", 12)}
    return view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_stuffed_views_still_fit(players: int) -> None:
    """The budget holds with every list at its longest: detail is given up, the facts stay."""
    state = _builder_states(players)[len(_builder_states(players)) // 2]
    for seat in [None, *range(players)]:
        for locale in LOCALES:
            view = _stuffed(GAME.view(state, seat))
            view["names"] = NAMES[:players]
            view["locale"] = locale
            view["to_act"] = [players - 1]
            text = "\n".join(render.text("tuscany", view))
            _check(text, view, locale)
            assert "245" in text and "NF3" in text
            acting = text.split("\n")
            assert any(line.startswith("▶ ") for line in acting)


def test_public_view_facts_and_no_hand() -> None:
    state = _builder_states(4)[len(_builder_states(4)) // 2]
    view = GAME.view(state, None)
    text = _text(state, None)
    w = words("en")
    display_line = next(line for line in text.split("\n") if line.startswith(f"**{w['display']}**"))
    for slot, code in enumerate(view["display"][:3]):
        if code:
            assert f"{slot + 1} {localised(TILE[code[1]], 'en')}" in display_line
    for seat, info in enumerate(view["seats"]):
        block = _block(text, seat)
        assert f"red {info['red']} · green {info['green']}" in block
        assert f"cards {info['hand_size']}" in block
        assert "stacks " + "/".join(str(k) for k in info["stacks"]) in block
        for code in info["storage"]:
            assert code in block
    assert w["hand"] not in text
    assert "can pay" not in text
    for colour in COLOUR.values():  # the hand's colour words are private
        assert f"{colour['en']} (" not in text


def test_private_view_shows_own_hand_only() -> None:
    state = _builder_states(3)[len(_builder_states(3)) // 3]
    for seat in range(3):
        view = GAME.view(state, seat)
        text = _text(state, seat)
        hand = view["me"]["hand"]
        hand_lines = text.split(f"**{words('en')['hand']}**")
        assert len(hand_lines) == 2
        mine = hand_lines[1]
        for colour, n in hand.items():
            said = f"{localised(COLOUR[colour], 'en')} ({localised(TILE[colour], 'en')}) ×{n}"
            assert (said in mine) == (n > 0), (said, mine)
        assert f"**{NAMES[seat]}** (you)" in text
        assert text.count("(you)") == 1
        public = _text(state, None)
        assert words("en")["hand"] not in public


def test_payable_tile_types_follow_the_view() -> None:
    for state in _builder_states(2)[40:200:20]:
        for seat in range(2):
            view = GAME.view(state, seat)
            text = _text(state, seat)
            pays = view["me"]["payments"]
            line = next(line for line in text.split("\n") if line.startswith("can pay: "))
            payable = [c for c in "KCVFWMQT" if pays.get(c)]
            if len(payable) == 8:
                assert line == "can pay: any tile"
            elif not payable:
                assert line == "can pay: —"
            else:
                assert line == "can pay: " + ", ".join(localised(TILE[c], "en") for c in payable)


def _block(text: str, seat: int) -> str:
    """The lines of ``seat``'s player block (from its name line to the next seat or the hand)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if f"**{NAMES[seat]}**" in line)
    end = start + 1
    while (
        end < len(lines)
        and not any(f"**{n}**" in lines[end] for n in NAMES)
        and not lines[end].startswith("**")
    ):
        end += 1
    return "\n".join(lines[start:end])


def _listed_spaces(block: str) -> set[str]:
    lines = block.split("\n")
    i = next((k for k, line in enumerate(lines) if line.startswith("can place on: ")), None)
    if i is None:
        return set()
    spaces = re.findall(r"\b[a-f][1-7]\b", " ".join(lines[i:]))
    return set(spaces)


def test_open_spaces_are_where_a_tile_may_go() -> None:
    """For the seat to move, "can place on" lists exactly the rules' open spaces, each under its
    tile type, and every legal placement's space is among them."""
    checked = 0
    for state in _builder_states(4)[60::15]:
        view = GAME.view(state, None)
        if view["phase"] != "play" or view["to_act"] in ([], [CHANCE]):
            continue
        seat = view["to_act"][0]
        block = _block(_text(state, None), seat)
        assert _listed_spaces(block) == set(open_spaces(state, seat)), block
        colours = view["seats"][seat]["geometry"]["colours"]
        for space in open_spaces(state, seat):
            tile = localised(TILE[colours[space]], "en")
            assert re.search(rf"{tile}( [a-f][1-7])* {space}\b", block), (space, tile, block)
        for action in GAME.legal_actions(state, seat):
            if action.startswith("place "):
                assert action.split("@")[1].split()[0] in _listed_spaces(block)
        checked += 1
    assert checked > 3


def test_setup_shows_boards_then_start_spaces_without_leaks() -> None:
    state = GAME.new(3)
    while GAME.to_act(state) == [CHANCE]:
        state, _ = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    view = GAME.view(state, None)
    text = _text(state, None)
    assert "Setup" in text.split("\n")[0]
    for info in view["seats"]:
        assert "choosing the estate…" in text
        assert "boards " + " ".join(info["boards"]) in text
    assert "Display" not in text  # nothing on display yet
    # seat 0 lays out its estate: the others see only that it chose
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    public = _text(state, None)
    assert "estate chosen" in _block(public, 0)
    assert "can place on" not in public
    assert "start castle" in _text(state, 0)
    for seat in (1, 2):
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    # every estate shown: each seat's dark-green spaces are where the start castle may go
    start = GAME.legal_actions(state, 1)
    assert start and all(a.startswith("start ") for a in start)
    spaces = sorted((a.split()[1] for a in start), key=lambda sp: (sp[0], int(sp[1:])))
    assert "can place on: start castle " + " ".join(spaces) in _block(_text(state, None), 1)
    choice = start[-1].split()[1]
    state, _ = GAME.apply(state, 1, start[-1])
    assert GAME.view(state, None)["phase"] == "setup"
    assert f"start castle {choice}" in _block(_text(state, 1), 1).split("\n")
    for viewer in (None, 0):  # hidden from the others until every seat has chosen
        assert f"start castle {choice}" not in _block(_text(state, viewer), 1).split("\n")
        assert "can place on: start castle " in _block(_text(state, viewer), 1)


def test_acting_seat_is_marked() -> None:
    for state in _builder_states(3)[50:120:10]:
        view = GAME.view(state, None)
        text = _text(state, None)
        for seat in range(3):
            marked = f"▶ **{NAMES[seat]}**" in text
            assert marked == (seat in view["to_act"]), (seat, view["to_act"])


def test_game_over_names_the_winner_and_final_scores() -> None:
    state = _builder_states(4)[-1]
    view = GAME.view(state, None)
    assert view["over"]
    for locale in LOCALES:
        text = _text(state, None, locale)
        first = text.split("\n")[0]
        w = words(locale)
        assert w["over"] in first
        for seat in view["result"]["winners"]:
            assert NAMES[seat] in first
        for info in view["seats"]:
            assert str(info["red"]) in text
        assert "▶" not in text
        assert textview.WORDS["open"][locale] not in text


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_chinese_uses_the_game_terms(locale: str) -> None:
    state = _builder_states(2)[len(_builder_states(2)) // 2]
    view = GAME.view(state, 0)
    text = _text(state, 0, locale)
    w = words(locale)
    assert f"**{w['display']}**" in text and f"**{w['bonus']}**" in text and f"**{w['hand']}**" in text
    for code in view["display"]:
        if code:
            assert localised(TILE[code[1]], locale) in text
    for code, types in (view.get("farm_types") or {}).items():
        if code in view["display"]:
            assert "/".join(localised(FARM[t], locale) for t in types) in text
    for letter in "KCVFWMQT":
        if view["me"]["hand"][letter]:
            assert localised(COLOUR[letter], locale) + "(" + localised(TILE[letter], locale) + ")" in text
    assert "(你)" in text


def test_unknown_locale_reads_english_and_names_fall_back_to_seat_labels() -> None:
    state = _states(2)[3]
    view = GAME.view(state, None)
    view["locale"] = "fr"
    french = render.text("tuscany", view)
    view["locale"] = "en"
    assert french == render.text("tuscany", view)
    assert "**S1**" in "\n".join(french) and "**S2**" in "\n".join(french)


def test_bonus_tiles_say_what_they_give() -> None:
    state = _states(3)[2]
    for locale in LOCALES:
        text = _text(state, None, locale)
        w = words(locale)
        line = next(line for line in text.split("\n") if line.startswith(f"**{w['bonus']}**"))
        view = GAME.view(state, None)
        for code in ("RC", "ST", "MA", "WO", "YI"):
            assert f"{code} {w[f'b_{code}']}" in line
            assert f"×{view['supply'][code]}" in line


def test_colour_bonus_values_follow_the_tiles() -> None:
    view = GAME.view(_states(2)[3], None)
    view["colour_bonus"]["V"]["side"] = 1
    view["colour_bonus"]["T"]["side"] = 2
    text = "\n".join(render.text("tuscany", view))
    assert "village 2 ·" in text
    assert "tavern —" in text
    assert "farm 4·2" in text


def test_copied_words_equal_the_rules_names() -> None:
    """render may not import rules, so the text board keeps copies of the rules' names (the words
    ``describe`` uses): they must not drift from their source."""
    assert textview.TILE == TILE
    assert textview.COLOUR == COLOUR
    assert textview.FARM == FARM


def test_item_and_farm_labels_match_the_rules_over_whole_games() -> None:
    """The text board's ``item_label``/``farm_label`` say what the rules' versions say, for every
    tile code, hex token and farm-type list in the views of three whole games."""
    items: set[str] = {"hex"}
    farms: set[tuple[str, ...]] = set()
    for players in (2, 3, 4):
        for state in _builder_states(players):
            view = GAME.view(state, None)
            items.update(code for code in view["display"] if code)
            for info in view["seats"]:
                items.update(info["storage"])
                items.update(str(code) for code in (info.get("covered") or {}).values())
            farms.update(tuple(types) for types in (view.get("farm_types") or {}).values())
    assert len(items) > 60 and len(farms) > 3
    for locale in LOCALES:
        for item in sorted(items):
            assert textview.item_label(item, locale) == rules_item_label(item, locale), item
        for types in sorted(farms):
            assert textview.farm_label(list(types), locale) == rules_farm_label(list(types), locale), types
        for code in FARM:
            assert textview.farm_label([code], locale) == rules_farm_label([code], locale)
