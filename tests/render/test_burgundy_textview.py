"""The Castles of Burgundy as text (``render/burgundy/textview.py``): the board in a few short lines.

Views come from seeded random games of the real engine at every player count (1 = the official
solo), from setup to game over, plus the hand-built views of ``test_burgundy_render`` (crowded
depots, a solo estate, a finished game). Checked: the budget (1,100 characters public, 1,500
private) with four long names, the names and the view's facts in the text, the words in the
player's language and the same as the move descriptions', and the open spaces against the rules.
"""

from __future__ import annotations

import ast
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from render import text
from render.burgundy import textview
from render.burgundy.style import WORDS as IMAGE_WORDS
from rules.burgundy import GAME
from rules.burgundy.state import frontier
from rules.burgundy.texts import COLOUR_NAMES, TILE_NAMES, describe
from rules.core import CHANCE
from tests.conformance import busy_step
from tests.render.test_burgundy_render import crowded_view, final_view, sample_view, solo_view

LOCALES = ("en", "zh-TW", "zh-CN")
LONG_NAMES = [f"Player number {s} with a long name"[:30] for s in range(4)]
LEAKS = ("None", "{", "}", "[", "]", "'", "True", "False")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
SAMPLE_EVERY = 23
"""Keep every 23rd decision of a game (plus setup, every effect prompt and the end): about 30
positions per game, from setup to game over."""


@cache
def positions(players: int, seed: int, boards: str = "basic") -> tuple[Any, ...]:
    """States of one seeded random game: its setup, positions through all five phases, effect
    prompts (ship, castle, buildings) and the finished game."""
    rng = random.Random(seed)
    state = GAME.new(players, {"boards": boards} if players > 1 else None)
    kept = [state]
    decisions = prompts = 0
    while GAME.to_act(state):
        state = busy_step(GAME, state, rng)
        if GAME.to_act(state) in ([], [CHANCE]):
            continue
        decisions += 1
        prompt = GAME.view(state, None)["prompt"]
        if decisions % SAMPLE_EVERY == 0 or (prompt and prompts < 8):
            prompts += 1 if prompt else 0
            kept.append(state)
    kept.append(state)
    return tuple(kept)


def views(state: Any, players: int, locale: str, names: list[str] | None = None) -> list[dict[str, Any]]:
    """The public view and every seat's view, as the table passes them (names, locale)."""
    out = []
    for seat in [None, *range(players)]:
        view = GAME.view(state, seat) | {"locale": locale}
        if names is not None:
            view["names"] = names[:players]
        out.append(view)
    return out


def budget(view: dict[str, Any]) -> int:
    return textview.PRIVATE_BUDGET if isinstance(view.get("seat"), int) else textview.PUBLIC_BUDGET


def check_clean(board: str, view: dict[str, Any]) -> None:
    """Within budget, no Python value leaked, lines no wider than a phone shows, no English in Chinese."""
    assert len(board) <= budget(view), (len(board), view.get("seat"), view.get("locale"), board)
    for leak in LEAKS:
        assert leak not in board, (leak, board)
    for line in board.split("\n"):
        assert line.strip(), board
        assert textview.width(line) <= textview.WIDTH or any(n in line for n in view.get("names") or []), line
    if view.get("locale") in ("zh-TW", "zh-CN"):
        plain = board
        for name in view.get("names") or []:
            plain = plain.replace(name, "")
        assert not LATIN_WORD.findall(plain), (LATIN_WORD.findall(plain), board)


def player_line(board: str, name: str) -> str:
    return next(line for line in board.split("\n") if f"**{name}**" in line)


# ---- whole games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_view_of_a_game_fits_and_names_every_player(players: int) -> None:
    seen_over = seen_setup = False
    games = [
        positions(players, seed, "random" if players == 3 else "basic")
        for seed in (40 + players, 90 + players)
    ]
    for state in [s for game in games for s in game]:
        for locale in LOCALES:
            for view in views(state, players, locale, LONG_NAMES):
                lines = textview.lines(view)
                board = "\n".join(lines)
                check_clean(board, view)
                over = view["status"] == "over"
                seen_over |= over
                seen_setup |= view["status"] == "setup"
                for seat in range(players):
                    if not (over and players == 1):  # a lost or won solo game names no winner
                        assert LONG_NAMES[seat] in board, (seat, board)
    assert seen_over and seen_setup


@pytest.mark.parametrize("players", [2, 4])
def test_text_shows_the_facts_of_the_view(players: int) -> None:
    w = textview._Words("en")
    playing = [s for s in positions(players, 7) if GAME.view(s, None)["status"] == "play"]
    for state in playing[1::3]:
        view = GAME.view(state, 0) | {"names": LONG_NAMES[:players]}
        board = "\n".join(textview.lines(view))
        short = textview._Words("en", short=True)
        for depot in view["depots"]:
            tiles = [s["tile"] for s in depot["slots"] if s["tile"]]
            line = next(x for x in board.split("\n") if x.startswith(f"{depot['n']}: "))
            for code in tiles:
                assert w.tile(code) in line or short.tile(code) in line, (code, line)
            for kind in set(depot["goods"]):
                assert str(kind) in line.split("goods")[-1], (depot, line)
        black = board.split("**Black depot**")[1].split("**")[0]
        for code in (t for t in view["black_depot"] if t):
            assert w.tile(code) in black or short.tile(code) in black, (code, black)
        for estate in view["estates"]:
            line = player_line(board, LONG_NAMES[estate["seat"]])
            assert f" {estate['total_vp']} VP" in line, line
            assert f"Dice {' '.join(map(str, estate['dice'])) or '—'}" in line, line
            assert f"Silver {estate['silver']}" in line and f"Workers {estate['workers']}" in line, line
        mine = view["estates"][0]
        own = board.split(f"**{LONG_NAMES[0]}**")[1]
        for code in mine["storage"]:
            assert w.tile(code) in own or short.tile(code) in own, (code, own)
        for kind, count in enumerate(mine["goods"], start=1):
            if count:
                assert (f"{kind}×{count}" if count > 1 else f"{kind}") in own, (kind, count, own)


def test_private_view_adds_the_own_estate_and_public_does_not_claim_one() -> None:
    state = positions(4, 7)[len(positions(4, 7)) // 2]
    for locale in LOCALES:
        public = "\n".join(textview.lines(GAME.view(state, None) | {"locale": locale, "names": LONG_NAMES}))
        you = textview.WORDS["you_mark"][locale]
        head = IMAGE_WORDS["you"][locale]
        assert you not in public and head.lower() not in public.lower()
        for seat in range(4):
            private = "\n".join(
                textview.lines(GAME.view(state, seat) | {"locale": locale, "names": LONG_NAMES})
            )
            assert you in player_line(private, LONG_NAMES[seat])
            assert head.lower() in private.lower()
            assert textview.WORDS["open_head"][locale].strip() in private


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_open_spaces_are_the_rules_frontier(players: int) -> None:
    """The open spaces come from the view's hex centres (and solo river links): the rules agree."""
    for state in positions(players, 40 + players, "random" if players == 3 else "basic"):
        for seat in range(players):
            view = GAME.view(state, seat)
            estate = view["estates"][seat]
            if not estate["spaces"] or not any(s["tile"] for s in estate["spaces"]):
                continue
            expected = frontier(state["pl"][seat])
            assert textview.open_spaces(estate) == expected
            if view["status"] != "play":
                continue
            board = "\n".join(textview.lines(view | {"names": LONG_NAMES}))
            listed = board.split("Open spaces by die — ")[1].split("**")[0]
            found = sorted(int(n) for n in re.findall(r"[a-z] (\d+)", listed))
            assert found == sorted(expected), (found, expected, listed)


def test_setup_while_boards_are_chosen() -> None:
    state = GAME.new(3, {"boards": "choose"})
    for locale in LOCALES:
        for view in views(state, 3, locale, LONG_NAMES):
            board = "\n".join(textview.lines(view))
            check_clean(board, view)
            assert IMAGE_WORDS["not_dealt"][locale] in board
            assert textview.WORDS["depots"][locale] not in board  # nothing laid out yet


def test_castle_spaces_before_the_start_castle() -> None:
    state = GAME.new(1)
    board = "\n".join(textview.lines(GAME.view(state, 0)))
    castles = [s["i"] for s in GAME.view(state, 0)["estates"][0]["spaces"] if s["colour"] == "C"]
    assert "Castle spaces: " + ", ".join(map(str, castles)) in board
    assert "place the start castle" in board


# ---- words --------------------------------------------------------------------------------------------
def test_component_names_are_the_move_descriptions_words() -> None:
    """The copies of the rules' names match them (render must not import rules)."""
    for code, names in TILE_NAMES.items():
        assert {k: v.replace("'", "’") for k, v in names.items()} == textview.WORDS[f"tile_{code}"], code
    assert {k[5:] for k in textview.WORDS if k.startswith("tile_")} == set(TILE_NAMES)
    assert {k[7:]: v for k, v in textview.WORDS.items() if k.startswith("colour_")} == COLOUR_NAMES


@pytest.mark.parametrize("locale", LOCALES)
def test_tiles_read_as_in_the_legal_moves(locale: str) -> None:
    """Every tile a legal move takes, buys or places is named in the text as its description names it."""
    w = textview._Words(locale)
    checked = 0
    for state in positions(3, 5)[1:-1]:
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            continue
        board = "\n".join(textview.lines(GAME.view(state, seat) | {"locale": locale}))
        for action in GAME.legal_actions(state, seat):
            verb, *rest = action.split()
            if verb not in ("take", "buy", "place") or not rest:
                continue
            code = rest[0].split(":")[-1].split("@")[0]
            name = w.tile(code)
            assert name in describe(action, locale).replace("'", "’"), (action, name)
            assert name in board or textview._Words(locale, short=True).tile(code) in board, (action, board)
            checked += 1
    assert checked > 20


def test_words_exist_in_every_language() -> None:
    for key, entry in textview.WORDS.items():
        assert set(entry) == set(LOCALES), key
        for locale in ("zh-TW", "zh-CN"):
            plain = re.sub(r"\{[a-z]+\}", "", entry[locale])
            assert not LATIN_WORD.findall(plain), (key, locale, entry[locale])


def test_unknown_locale_falls_back_to_english() -> None:
    state = positions(2, 3)[5]
    english = textview.lines(GAME.view(state, None) | {"locale": "en"})
    assert textview.lines(GAME.view(state, None) | {"locale": "fr"}) == english
    assert textview.lines(GAME.view(state, None)) == english


def test_seat_labels_without_names() -> None:
    state = positions(3, 3)[6]
    board = "\n".join(textview.lines(GAME.view(state, None)))
    for seat in range(3):
        assert f"**S{seat + 1}**" in board


def test_render_text_is_the_module() -> None:
    view = GAME.view(positions(2, 3)[4], 1) | {"names": ["Ann", "Bob"]}
    assert text("burgundy", view) == textview.lines(view)


# ---- hand-built views (render tests' samples) ----------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_hand_built_views_fit(locale: str) -> None:
    samples = [sample_view(p, seat=s) for p in (2, 3, 4) for s in (None, 0, p - 1)]
    samples += [
        crowded_view(),
        crowded_view(seat=2),
        solo_view(),
        solo_view(seat=0),
        final_view(4),
        final_view(2),
    ]
    for view in samples:
        view = view | {"locale": locale, "names": LONG_NAMES[: view["players"]]}
        board = "\n".join(textview.lines(view))
        check_clean(board, view)
        for seat in range(view["players"]):
            assert LONG_NAMES[seat] in board


def test_crowded_view_keeps_the_depots_and_the_acting_seat() -> None:
    """The worst case for room: every depot tile, every black tile and the acting seat's storage stay."""
    view = crowded_view() | {"names": LONG_NAMES}
    board = "\n".join(textview.lines(view))
    w = textview._Words("en", short=True)
    full = textview._Words("en")
    for code in [s["tile"] for d in view["depots"] for s in d["slots"] if s["tile"]] + view["black_depot"]:
        if code:
            assert full.tile(code) in board or w.tile(code) in board, code
    acting = view["estates"][view["current"]]
    for code in acting["storage"]:
        assert full.tile(code) in board or w.tile(code) in board, code
    assert "ship: choose a goods depot" in board


@pytest.mark.parametrize("seat", [None, 2])
def test_beyond_any_real_game_still_fits(seat: int | None) -> None:
    """Every slot full of the longest names, every player with a full storage and three goods kinds
    in double figures: the budget still holds, and the depots and the acting seat's storage stay."""
    view = crowded_view(seat) | {"names": LONG_NAMES}
    longest = ["BOA", "K22", "HEN4", "CIT", "WAT", "WAR", "K18", "CAR"]
    for depot in view["depots"]:
        for k, slot in enumerate(depot["slots"]):
            slot["tile"] = longest[(depot["n"] + k) % len(longest)]
        depot["goods"] = [1, 2, 2, 6]
    view["black_depot"] = list(longest)
    for estate in view["estates"]:
        estate.update(
            storage=["BOA", "K22", "CAR"], goods=[0, 12, 0, 14, 0, 13], silver=14, workers=12, vp=123
        )
    view["prompt"] = {"seat": 1, "kind": "church"}
    board = "\n".join(textview.lines(view))
    check_clean(board, view)
    for name in LONG_NAMES:
        assert name in board
    for tile in ("knowl. 22", "4 chickens", "boarding house", "carpenter"):
        assert tile in board
    assert "Goods 2×12, 4×14, 6×13 · Storage: boarding house, knowl. 22, carpenter" in board


def test_final_scores_and_winner() -> None:
    view = final_view(3) | {"names": LONG_NAMES[:3]}
    board = "\n".join(textview.lines(view))
    rows = {r["seat"]: r for r in view["final"]["rows"]}
    winner = view["final"]["ranking"][0]
    assert board.split("\n")[0] == f"**Final scores** · **{LONG_NAMES[winner]}** wins"
    for k, seat in enumerate(view["final"]["ranking"]):
        assert f"{k + 1}. **{LONG_NAMES[seat]}** {rows[seat]['total']} VP" in board
    assert "**Depots**" not in board  # nothing left to choose


def test_solo_shows_target_and_estate() -> None:
    view = solo_view(seat=0, locale="zh-TW")
    board = "\n".join(textview.lines(view))
    assert "計分 23" in board and "目標 45" in board
    assert "**你的莊園**" in board and "可放空格" in board
    assert "**獎勵板塊**" not in board  # no bonus tiles in solo
    lost = solo_view(
        status="over", final={"rows": [], "ranking": [0], "solo": {"won": False, "filled": 9, "round": 25}}
    )
    board = "\n".join(textview.lines(lost))
    assert "Estate not filled — lost" in board and "9/37" in board and "wins" not in board


def test_sparse_view_does_not_crash() -> None:
    assert textview.lines({"game": "burgundy", "players": 2})
    assert textview.lines({"game": "burgundy", "players": 3, "seat": 1, "future_key": {"x": 1}})


def test_module_is_pure() -> None:
    """Standard library and render only (render never imports rules: tests/test_layering.py)."""
    tree = ast.parse(Path(textview.__file__).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    assert found <= {"__future__", "math", "unicodedata", "collections", "typing", "render"}, found
