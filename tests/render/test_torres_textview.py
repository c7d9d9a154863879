"""The Torres text board: within budget, localised, true to the view, and no hidden card leaks."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

import render
from render.torres import textview
from render.torres.style import CARD_NAMES as IMAGE_CARD_NAMES
from render.torres.style import COLOUR_LETTERS
from render.torres.style import WORDS as IMAGE_WORDS
from rules import CHANCE, LOCALES
from rules.torres import GAME
from rules.torres.data import CARDS, parse_square
from rules.torres.text import CARD_NAMES, card_name
from tests.conformance import playout
from tests.rules.locale_check import check_locales, english_left

LONG_NAMES = [
    "Alice the Magnificent Builder!",
    "王小明王小明王小明 the second one",
    "Bartholomew Q. Longname-Smythe",
    "Ōtsuka Hiroshi of the far north",
]
PUBLIC_BUDGET = 1100
PRIVATE_BUDGET = 1500
GRID_WIDTH = 34
LINE = 90

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"cards": "shared"}),
    (4, {"cards": "shared"}),
    (2, {"master": True}),
    (3, {"master": True, "ph3_split": "3331"}),
    (4, {"master": True}),
]


@cache
def _states(players: int, options_key: tuple[tuple[str, Any], ...], seed: int = 1) -> list[dict[str, Any]]:
    """Every state of one seeded game, from setup to game over."""
    options = dict(options_key)
    run = playout(GAME, players, options, seed=seed)
    state = GAME.new(players, options)
    states = [state]
    for seat, action in run.log:
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states


def states(players: int, options: dict[str, Any], seed: int = 1) -> list[dict[str, Any]]:
    return _states(players, tuple(sorted(options.items())), seed)


def sampled(players: int, options: dict[str, Any], every: int = 7) -> list[dict[str, Any]]:
    """Setup, every ``every``-th state and the final one, plus the first state of each stage."""
    run = states(players, options)
    picked = [*run[::every], run[-1]]
    seen: set[str] = set()
    for state in run:
        if state["stage"] not in seen:
            seen.add(state["stage"])
            picked.append(state)
    return picked


def text_of(view: dict[str, Any]) -> str:
    return "\n".join(textview.lines(view))


def view_of(
    state: dict[str, Any], seat: int | None, locale: str = "en", names: list[str] | None = None
) -> dict:
    view = GAME.view(state, seat)
    view["locale"] = locale
    players = int(view["players"])
    view["names"] = (names or LONG_NAMES)[:players]
    return view


def grid_rows(lines: list[str]) -> list[str]:
    start = lines.index("```")
    end = lines.index("```", start + 1)
    return lines[start + 1 : end]


# ---- budget and shape ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=lambda c: str(c))
def test_every_view_fits_the_budget_in_every_locale(players: int, options: dict[str, Any]) -> None:
    for state in sampled(players, options):
        for seat in [None, *range(players)]:
            for locale in LOCALES:
                view = view_of(state, seat, locale)
                lines = textview.lines(view)
                text = "\n".join(lines)
                budget = PUBLIC_BUDGET if seat is None else PRIVATE_BUDGET
                assert len(text) <= budget, (players, options, seat, locale, len(text), text)
                rows = grid_rows(lines)
                assert len(rows) == 9 and all(len(row) <= GRID_WIDTH for row in rows), rows
                assert text.count("```") == 2, "one code block: the board, nothing else"
                outside = [line for line in lines if line not in rows and line != "```"]
                assert all(len(line) <= LINE for line in outside), max(outside, key=len)
                for name in view["names"]:
                    assert f"**{name}**" in text, (name, text)
                for leak in ("None", "{", "}", "[", "]", "'", "True", "False"):
                    assert leak not in text, (leak, text)
                if locale != "en":
                    stripped = text
                    for name in view["names"]:
                        stripped = stripped.replace(name, "")
                    assert not english_left(stripped), (locale, english_left(stripped), text)


def test_render_text_entry_point_and_unknown_locale_falls_back_to_english() -> None:
    state = states(3, {})[60]
    view = view_of(state, None, "fr")
    text = "\n".join(render.text("torres", view))
    assert text == text_of({**view, "locale": "en"})
    assert "**Torres**" in text and "knights left" in text


def test_without_names_seats_get_the_images_labels() -> None:
    state = states(4, {})[80]
    view = GAME.view(state, None)
    text = text_of(view)
    for label in ("**S1** (B)", "**S2** (G)", "**S3** (O)", "**S4** (N)"):
        assert label in text


# ---- the board grid -----------------------------------------------------------------------------------
def parse_grid(rows: list[str]) -> dict[str, str]:
    """Square name (as the notation writes it) → its three-character cell."""
    footer = rows[-1]
    files = footer.split()
    assert files == list("abcdefgh")
    cells: dict[str, str] = {}
    for row in rows[:-1]:
        rank = row[0]
        padded = row.ljust(GRID_WIDTH)
        for file in files:
            column = footer.index(file)  # the file letter stands over the cell's middle (level)
            assert padded[column - 2] == " ", row  # cells are separated by a space
            cells[f"{file}{rank}"] = padded[column - 1 : column + 2]
    return cells


@pytest.mark.parametrize(("players", "options"), [(4, {}), (2, {"master": True}), (3, {"cards": "shared"})])
def test_grid_cells_match_the_view_at_the_squares_the_moves_name(
    players: int, options: dict[str, Any]
) -> None:
    for state in sampled(players, options, every=23):
        view = view_of(state, None)
        cells = parse_grid(grid_rows(textview.lines(view)))
        letter_of: dict[int, str] = {}
        for name, text in cells.items():
            sq = parse_square(name)
            assert sq is not None
            height = view["heights"][sq]
            figure = view["figures"][sq]
            mark = text[2]
            if figure == "K":
                assert mark == "K", (name, text)
            elif figure == -1:
                assert mark == " ", (name, text)
            else:
                assert mark == COLOUR_LETTERS[view["seats"][figure]["colour"]], (name, text)
            if height == 0:
                assert text[:2] == " .", (name, text)
                continue
            assert text[1] == str(height), (name, text)
            label = view["castles"][sq]
            assert text[0] not in "BGONK .", (name, text)  # never a figure's letter
            assert letter_of.setdefault(label, text[0]) == text[0], "one castle, one letter"
        assert len(set(letter_of.values())) == len(letter_of), "different castles, different letters"


def test_the_squares_of_legal_moves_are_where_the_grid_shows_them() -> None:
    """Every ``move X-Y`` starts on a cell showing the mover's knight; ``tower X`` never on a figure."""
    checked = 0
    for state in sampled(4, {}, every=11):
        if state["stage"] != "turn":
            continue
        seat = state["cur"]
        view = view_of(state, seat)
        cells = parse_grid(grid_rows(textview.lines(view)))
        mine = COLOUR_LETTERS[view["seats"][seat]["colour"]]
        for action in GAME.legal_actions(state, seat):
            words = action.split()
            if words[0] == "move":
                start, end = words[1].split("-")
                assert cells[start][2] == mine and cells[end][2] == " ", (action, cells[start], cells[end])
                checked += 1
            elif words[0] == "tower":
                assert cells[words[1]][2] == " ", action
    assert checked > 20


def test_castle_areas_and_the_kings_castle_are_listed() -> None:
    state = states(4, {})[160]
    view = view_of(state, None)
    lines = textview.lines(view)
    cells = parse_grid(grid_rows(lines))
    listing = next(line for line in lines if line.startswith("**Castles**"))
    entries = dict(re.findall(r"♚?([A-Z])×(\d+)", listing))
    letters = [text[0] for text in cells.values() if text[0] not in " ."]
    assert entries == {letter: str(letters.count(letter)) for letter in set(letters)}
    king = view["king"]
    assert cells[king][2] == "K"
    assert f"♚{cells[king][0]}×" in listing
    assert listing.count("♚") == 2  # the heading's key and the King's castle


# ---- players, turn and game over ------------------------------------------------------------------------
def seat_line(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if f"**{name}** (" in line)


def test_scores_turn_marker_ap_and_supplies_are_shown() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    state = states(4, {})[160]
    view = view_of(state, None, names=names)
    text = text_of(view)
    current = view["current"]
    assert view["stage"] == "turn"
    for seat, info in enumerate(view["seats"]):
        line = seat_line(text, names[seat])
        assert f"score {info['score']}" in line
        letter = COLOUR_LETTERS[info["colour"]]
        assert f"({letter})" in line
        assert line.startswith("▶ ") == (seat == current)
    assert f"{view['turn']['ap']} AP left" in seat_line(text, names[current])
    assert f"general supply: {view['supply']} blocks" in text
    for info in view["seats"]:
        assert f"knights left {info['knights_in_supply']}" in text
        assert f"deck {info['deck_size']}" in text
    assert "your move" not in text.lower()


def test_chinese_shows_the_same_facts_in_the_images_words() -> None:
    names = ["甲", "乙", "丙", "丁"]
    state = states(4, {})[160]
    for locale in ("zh-TW", "zh-CN"):
        view = view_of(state, None, locale, names)
        text = text_of(view)
        words = IMAGE_WORDS[locale]
        assert f"**{words['title']}**" in text
        assert str(words["supply"]).format(n=view["supply"]) in text
        for seat, info in enumerate(view["seats"]):
            assert f"{info['score']} 分" in seat_line(text, names[seat])
            assert str(words["knights"]).format(n=info["knights_in_supply"]) in text


def test_game_over_ranks_the_seats_and_names_the_winner() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    final = states(4, {})[-1]
    view = view_of(final, None, names=names)
    assert view["over"]
    text = text_of(view)
    scores = [info["score"] for info in view["seats"]]
    best = max(range(4), key=lambda s: scores[s])
    assert f"winner: **{names[best]}**" in text.splitlines()[0]
    assert seat_line(text, names[best]).startswith("#1 ")
    assert "▶" not in text


def test_setup_stages_say_what_is_being_placed() -> None:
    run = states(2, {"master": True})
    by_stage = {}
    for state in run:
        by_stage.setdefault(state["stage"], state)
    expected = {
        "build": "start castles",
        "place": "a knight on a start castle",
        "crown": "the King",
        "king": "move the King",
    }
    for stage, words in expected.items():
        assert words in textview.lines(view_of(by_stage[stage], None))[0], stage
    start = GAME.new(2, {"cards": "own"})
    assert "no castles" not in text_of(view_of(start, None))
    assert "no castles yet" in text_of(view_of(GAME.new(2, {"master": True}), None))
    after_first, _ = GAME.apply(GAME.new(2, {"master": True}), CHANCE, "first blue")
    assert text_of(view_of(after_first, None)).count("▶") == 1


# ---- cards: private hand, hidden in public --------------------------------------------------------------
def _state_with_hand(options: dict[str, Any]) -> tuple[dict[str, Any], int]:
    for state in states(4, options):
        for seat, p in enumerate(state["ps"]):
            if len(p["hand"]) >= 2 and state["stage"] == "turn":
                return state, seat
    raise AssertionError("no hand in the game")


@pytest.mark.parametrize("options", [{}, {"cards": "shared"}])
def test_private_view_shows_the_hand_by_describes_names_and_public_does_not(options: dict[str, Any]) -> None:
    state, seat = _state_with_hand(options)
    hand = state["ps"][seat]["hand"]
    for locale in LOCALES:
        private = text_of(view_of(state, seat, locale))
        public = text_of(view_of(state, None, locale))
        other = text_of(view_of(state, (seat + 1) % 4, locale))
        for card in hand:
            shown = textview.card_text(card, locale)
            assert shown in private, (card, private)
            assert shown not in public and shown not in other, card
            described = GAME.describe(f"card play {card}", locale)
            assert shown in described, (shown, described)  # the same words as the move labels
        assert IMAGE_WORDS[locale]["hand"] in private
        assert IMAGE_WORDS[locale]["hand"] not in public
        assert (IMAGE_WORDS[locale]["you"]) in private


def test_private_view_lists_the_known_deck_and_the_cards_being_drawn() -> None:
    found = False
    for state in states(2, {}):
        t = state["t"]
        if t is None or len(t["reveal"]) < 2:
            continue
        seat = state["cur"]
        view = view_of(state, seat)
        text = text_of(view)
        assert "**Drawn** (keep 1" in text
        for card in t["reveal"]:
            assert textview.card_text(card, "en") in text
        public = text_of(view_of(state, None))
        assert "**Drawn**" not in public and "**Your deck**" not in public
        pool = state["ps"][seat]["pool"]
        if pool:
            assert f"{len(pool)} shuffled: " + ", ".join(pool) in text
        found = True
        break
    assert found
    for state in states(2, {}) + states(4, {}):
        seat = next((i for i, p in enumerate(state["ps"]) if p["top"]), None)
        if seat is not None:
            top = state["ps"][seat]["top"]
            assert "top " + ", ".join(top) in text_of(view_of(state, seat))
            assert "top " + ", ".join(top) not in text_of(view_of(state, None))
            break
    else:
        raise AssertionError("no card was ever returned on top")


def test_newly_acquired_cards_are_tagged() -> None:
    view = view_of(states(2, {})[100], 0)
    view["me"] = {**view["me"], "hand": ["AP6", "SHIFT"], "acquired": ["SHIFT"]}
    text = text_of(view)
    assert "SHIFT (shift a block) (new)" in text
    assert "AP6 (6 AP) ·" in text or "AP6 (6 AP)\n" in text


def detail_line(text: str, name: str) -> str:
    """The seat's second line (stacks, knights, cards) under its name line."""
    lines = text.splitlines()
    return lines[lines.index(seat_line(text, name)) + 1]


def test_master_game_shows_the_master_card_and_open_hands() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    run = states(4, {"master": True})
    first = next(s for s in run if s["stage"] == "turn" and s["master"])
    card = first["master"]
    for locale in LOCALES:
        text = text_of(view_of(first, None, locale))
        assert f"{card} ({CARD_NAMES[card][locale]})" in text  # the name "Master card: …" describes
    text = text_of(view_of(first, None, names=names))
    for name in names:
        assert "hand: all 10" in detail_line(text, name)
    later = next(s for s in run if s["stage"] == "turn" and s["phase"] == 2 and s["ps"][0]["played"])
    hand, played = later["ps"][0]["hand"], later["ps"][0]["played"]
    assert set(hand) | set(played) == set(CARDS)
    detail = detail_line(text_of(view_of(later, None, names=names)), "Ann")
    assert f"hand: all but {' '.join(played)}" in detail or f"hand: {' '.join(hand)}" in detail
    own = text_of(view_of(later, 0, names=names))
    assert "hand:" not in detail_line(own, "Ann")  # the seat's own hand is listed by name below
    for card in hand:
        assert textview.card_text(card, "en") in own


def test_shared_deck_size_is_shown() -> None:
    state = states(3, {"cards": "shared"})[120]
    text = text_of(view_of(state, None))
    assert f"shared deck: {len(state['pool'])}" in text
    assert "deck " not in text.replace("shared deck", "")


# ---- word tables ------------------------------------------------------------------------------------------
def test_new_words_exist_in_every_locale_and_do_not_shadow_the_images() -> None:
    assert not set(textview.WORDS["en"]) & set(IMAGE_WORDS["en"])
    for key in textview.WORDS["en"]:
        texts = {locale: textview.WORDS[locale][key] for locale in LOCALES}
        if key in ("colon", "list_sep"):
            continue
        check_locales(texts, key)
    for locale in LOCALES:
        assert set(textview.WORDS[locale]) == set(textview.WORDS["en"])


def test_copied_card_tables_equal_the_rules_tables() -> None:
    """render may not import rules, so the text board keeps copies; they must not drift from the
    names the move descriptions print, nor from the action cards a master hand holds."""
    assert textview.CARDS == CARDS
    for card, names in textview.DESCRIBE_NAMES.items():
        assert names == CARD_NAMES[card], card
        assert names != IMAGE_CARD_NAMES[card], f"{card}: the image says the same, reuse its entry"
    assert textview.CARD_NAMES == CARD_NAMES
    for locale in [*LOCALES, "fr", "zh", "zh-HK"]:
        for card in CARD_NAMES:
            assert textview.card_text(card, locale) == card_name(card, locale), (card, locale)


def test_castle_letters_skip_the_figures_letters_even_on_a_full_board() -> None:
    labels = [-1] * 64
    for sq in range(64):  # a checkerboard: 32 castles of area 1, the most that fit
        if (sq % 8 + sq // 8) % 2 == 0:
            labels[sq] = sq // 2
    letters = textview.castle_letters(labels)
    assert len(letters) == 32 and len(set(letters.values())) == 32
    assert not set(letters.values()) & set("BGONKIbgoil. ")
