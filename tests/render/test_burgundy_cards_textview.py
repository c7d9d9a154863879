"""The card game's text board: within budget at every player count, locale and stage; shows the
view's facts (display, piles, scores, Storage in words, the hand only in its private view) and leaks
no code, key or Python repr; Chinese boards carry no English words."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import render
from render.burgundy_cards import textview
from render.burgundy_cards.style import COLOUR_NAMES, KINDS, STORE_WORDS, store_word, words
from rules import LOCALES
from rules.burgundy_cards import GAME
from rules.burgundy_cards import data as D
from rules.burgundy_cards.texts import PILE_NAMES, TYPE_NAMES, card_name
from tests.conformance import playout

LONG = [  # four ~30-character names: the budget's worst case
    "Alexandrina Montgomery-Smythe_",
    "王小明王小明王小明王小明王小明王小明王小明王小明王小明王小",
    "Bartholomew Q. Featherstonehau",
    "Ōtsuka Ōtsuka Ōtsuka Ōtsuka Ōt",
]
SHORT = ["Alice", "王小明", "Bob", "Ōtsuka"]
CODES = set(D.DIE_TABLES["even"])
QUOTED = ("'1.'", "'All 7'", "carpenter's", "row's")
"""The only apostrophes a board may hold: the picture's words and the rules' card name."""


@cache
def _states(
    players: int, seed: int = 4, every: int = 9, options: tuple[tuple[str, Any], ...] = ()
) -> list[Any]:
    """States of a whole seeded game, from setup to game over."""
    opts = dict(options) or None
    run = playout(GAME, players, opts, seed=seed)
    state = GAME.new(players, opts)
    out = [state]
    for i, (seat, action) in enumerate(run.log):
        state, _ = GAME.apply(state, seat, action)
        if i % every == 0:
            out.append(state)
    return [*out, run.state]


def _text(view: dict[str, Any]) -> str:
    return "\n".join(render.text("burgundy_cards", view))


def _view(state: Any, seat: int | None, names: list[str], locale: str = "en") -> dict[str, Any]:
    return {**GAME.view(state, seat), "names": names[: state["n"]], "locale": locale}


def _player_line(text: str, name: str) -> str:
    return next(line for line in text.split("\n") if re.match(rf"(▶ )?\*\*{re.escape(name)}\*\*", line))


def _block(text: str, names: list[str], seat: int) -> str:
    """A player's lines: from the name to the next player's name (or the hand)."""
    lines = text.split("\n")
    start = lines.index(_player_line(text, names[seat]))
    end = start + 1
    while end < len(lines) and not re.match(r"(▶ )?\*\*", lines[end]):
        end += 1
    return "\n".join(lines[start:end])


def _shown_names(text: str, names: list[str]) -> list[str]:
    """The names as the board prints them: whole, or cut short by the most compact tier."""
    cut = [name[: textview.NAME_CHARS].rstrip("\\") + "…" for name in names]
    return [name if f"**{name}**" in text else short for name, short in zip(names, cut, strict=True)]


def _clean(text: str, names: list[str]) -> str:
    """``text`` without the player names (which may hold any letters)."""
    for name in [*names, *_shown_names(text, names)]:
        text = text.replace(name, "")
    return text


CASES = [
    (1, ()),
    (2, ()),
    (3, ()),
    (4, ()),
    (1, (("solo_duke", True), ("solo_target", 35))),
    (4, (("buys_per_turn", "unlimited"), ("all7_set", "all"), ("cloister_join", "any"))),
]


@pytest.mark.parametrize(("players", "options"), CASES)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_view_fits_its_budget_and_names_every_player(
    players: int, options: tuple[tuple[str, Any], ...], locale: str
) -> None:
    for state in _states(players, options=options):
        for seat in [None, *range(players)]:
            view = _view(state, seat, LONG, locale)
            lines = render.text("burgundy_cards", view)
            text = "\n".join(lines)
            budget = 1100 if seat is None else 1500
            assert len(text) <= budget, (players, seat, locale, len(text), text)
            assert all(isinstance(line, str) and line for line in lines)
            for name in LONG[:players]:
                assert f"**{name}**" in text, (name, text)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_facts_of_the_view_are_shown(players: int) -> None:
    for state in _states(players, every=13):
        for locale in LOCALES:
            view = _view(state, None, SHORT, locale)
            text = _text(view)
            w = words(locale)
            for row in view["display"]:
                assert all(code in text for code in row), (row, text)
            for name, pile in view["piles"].items():
                assert PILE_NAMES[name][locale] in text
                top = store_word(pile["top"], locale) if pile["top"] else "?" if pile["n"] else "—"
                pile_text = textview.TEXT["pile"][locale].format(
                    pile=PILE_NAMES[name][locale], top=top, n=pile["n"]
                )
                assert pile_text in text
            for seat, est in enumerate(view["estates"]):
                line = _block(text, SHORT, seat)
                assert w["vp"].format(n=est["score"]["total"]) in _player_line(text, SHORT[seat])
                assert all(code in line for code in est["proj"]), (est["proj"], line)
                for code in est["goods"] + est["animals"]:  # Storage reads as words, never codes
                    assert store_word(code, locale) in line
                    assert code not in text
            assert (
                words(locale)["to_act"].replace("{p}", "").strip() not in text
            )  # the post says whose move it is
            current = view["current"]
            marked = [line for line in text.split("\n") if line.startswith("▶ ")]
            assert len(marked) == (current is not None)
            if current is not None:
                assert marked[0].startswith(f"▶ **{SHORT[current]}**")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_hand_shows_only_in_its_own_private_view(players: int) -> None:
    seen = 0
    for state in _states(players, every=11):
        public = _text(_view(state, None, SHORT))
        for seat in range(players):
            hand = state["pl"][seat]["hand"]
            assert not any(code in public for code in hand), (hand, public)
            private = _text(_view(state, seat, SHORT))
            assert _player_line(private, SHORT[seat]).startswith(
                f"{'▶ ' if state['turn'] and state['turn']['seat'] == seat else ''}**{SHORT[seat]}** (you)"
            )
            assert private.count("(you)") == 1
            if hand:
                seen += 1
                assert "**Your hand — what each card can do now**" in private
                for slot, code in enumerate(hand, 1):
                    assert f"Card {slot}: {card_name(code, 'en')}" in private
            for other in range(players):  # never another seat's hand
                if other != seat:
                    assert not any(code in private for code in state["pl"][other]["hand"])
    assert seen


@pytest.mark.parametrize("locale", LOCALES)
def test_no_leaks_of_keys_codes_or_reprs(locale: str) -> None:
    for players in (1, 2, 3, 4):
        for state in _states(players, every=17):
            for seat in (None, 0):
                text = _clean(_text(_view(state, seat, LONG, locale)), LONG)
                for bad in ("None", "{", "}", "[", "]", "_", "True", "False", "A7-", "B1"):
                    assert bad not in text, (bad, text)
                stripped = text
                for quoted in QUOTED:
                    stripped = stripped.replace(quoted, "")
                assert "'" not in stripped, text
                for code in re.findall(r"\b(?:LGT|MED|DRK|CHK|COW|SHP|PIG)[a-f]\b", text):
                    raise AssertionError(f"goods/animal code {code} shown: {text}")
                assert not re.search(r"\bg[12]\b|\ba[12]\b", text), text  # piles by name, not code


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_chinese_boards_have_no_english_words(locale: str) -> None:
    for players in (1, 2, 3, 4):
        for state in _states(players, every=17):
            for seat in (None, 0):
                text = _clean(_text(_view(state, seat, LONG, locale)), LONG)
                for token in re.findall(r"[A-Za-z][A-Za-z0-9]*", text):
                    assert token in CODES or re.fullmatch("[A-E]", token), (
                        token,
                        text,
                    )  # codes, round letters


def test_zh_words_differ_from_english() -> None:
    for key, entry in textview.TEXT.items():
        assert set(entry) == set(LOCALES), key
        if re.search(r"[A-Za-z]", entry["en"]):
            assert entry["zh-TW"] != entry["en"] and entry["zh-CN"] != entry["en"], key
            assert not re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", entry["zh-TW"] + entry["zh-CN"])), (
                key
            )


def test_locale_and_name_fallbacks() -> None:
    state = _states(3)[5]
    view = GAME.view(state, 1)
    assert render.text("burgundy_cards", {**view, "locale": "fr"}) == render.text("burgundy_cards", view)
    text = _text(view)
    for label in ("**S1**", "**S2** (you)", "**S3**"):
        assert label in text
    assert "**S2**" in _text({**view, "names": ["Ann", None, "Cy"]})


def test_game_over_names_the_winner_and_the_solo_verdict() -> None:
    final = _states(4)[-1]
    assert final["final"] is not None
    for locale in LOCALES:
        text = _text(_view(final, None, SHORT, locale))
        winners = [
            s for s, p in zip(final["final"]["ranking"], final["final"]["places"], strict=True) if p == 1
        ]
        key = "winner" if len(winners) == 1 else "shared"
        head = words(locale)[key].split("{")[0]
        line = next(line for line in text.split("\n") if line.startswith(head))
        assert all(f"**{SHORT[s]}**" in line for s in winners)
        assert text.startswith(f"**{words(locale)['over']}**")
    solo = _states(1, options=(("solo_duke", True),))[-1]
    text = _text(_view(solo, None, SHORT))
    verdict = solo["final"]["solo"]
    assert ("Won: " if verdict["won"] else "Lost: ") + f"{verdict['score']} VP" in text
    assert "start player card" not in text
    four = _text(_view(final, None, SHORT))
    holder = final["sp"]["holder"]
    assert "start player card" in _player_line(four, SHORT[holder]) and four.count("start player card") == 1


def _crowded(locale: str, seat: int | None, overfull: bool = False) -> dict[str, Any]:
    """Four long names late in a busy round: a 13-card display of long names, full Projects,
    seven-colour Estates, Storage, sold goods and bonus cards, a purchase and a question. More
    than the budget holds at full length. ``overfull``: every player holds everything (more than
    a game allows), which not even the most compact tier fits."""
    state = next(s for s in _states(4)[3:] if s["pl"][0]["hand"])
    view = _view(state, seat, LONG, locale)
    firsts = [["B1CAS", "B1MIN", "B1CLO"], ["B1KNO", "B1SHI"], ["B1PAS"], ["B1BLD"]]
    for k, est in enumerate(view["estates"]):
        est["proj"] = ["CAR6a", "BOA2a", "KNO3a"]
        est["est"] = {
            c: [f"{c if c != 'BLD' else 'WAR'}{d}a" for d in range(1, 2 + (k + i) % 4)]
            for i, c in enumerate(D.COLOURS)
        }
        est["goods"], est["animals"] = ["LGTa", "DRKb"], ["COWa", "PIGb"]
        est["sold"] = ["DRKa", "DRKb"]
        est["bonus"], est["all7"] = firsts[k], ["A7-4", "A7-3", None, None][k]
        if overfull:
            est["goods"], est["animals"] = ["LGTa", "MEDb", "DRKc", "LGTd"], ["COWa", "SHPb", "PIGc", "CHKd"]
            est["bonus"], est["all7"] = [f"B1{c}" for c in D.COLOURS], "A7-4"
    view["display"] = [
        ["CAR1a", "BOA1a", "KNO1a"],
        ["WAT2a", "CIT2a"],
        ["CHU3a", "MAR3a"],
        ["CAS4a", "PAS4a"],
        ["SHI5a", "MIN5a"],
        ["CLO6a", "BAN6a"],
    ]
    view["bonus1"], view["all7"] = [], ["A7-2", "A7-1"]
    view["shown"] = ["WAT6c", "CLO4b", "MIN3a"]
    view["pending"] = {"q": "pile", "card": "SHI4b", "options": ["pile g1", "pile g2"]}
    return view


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seat", [None, 0])
@pytest.mark.parametrize("overfull", [False, True])
def test_a_crowded_board_abbreviates_to_fit(locale: str, seat: int | None, overfull: bool) -> None:
    view = _crowded(locale, seat, overfull)
    text = _text(view)
    assert len(text) <= (1100 if seat is None else 1500), len(text)
    names = _shown_names(text, LONG)
    assert names == LONG or locale == "en"  # only English, past every other tier, cuts long names
    for s, est in enumerate(view["estates"]):  # every player's line, whatever else had to go
        assert words(locale)["vp"].format(n=est["score"]["total"]) in _player_line(text, names[s])
        assert all(code in _block(text, names, s) for code in est["proj"])
    for row in view["display"]:
        assert all(code in text for code in row)
    if seat is not None:
        assert all(code in text for code in view["me"]["hand"])


def test_full_names_while_they_fit_then_codes() -> None:
    state = _states(2)[3]
    text = _text(_view(state, None, SHORT))
    shown = [c for row in state["display"] for c in row]
    assert shown and all(code in text for code in shown)
    assert any(card_name(c, "en") in text for c in shown)  # "castle CAS3a", as the moves say it
    assert "**Triples** (+1 = '1.' bonus left)" in text
    crowded = _text(_crowded("en", None))
    assert "**Triples**" not in crowded and "'1.' bonus left: —" in crowded  # dropped first
    assert "carpenter's workshop CAR1a" not in crowded and "CAR1a" in crowded


def test_questions_and_purchases_read_as_the_moves_do() -> None:
    state = _states(2)[4]
    view = _view(state, None, SHORT, "zh-TW")
    view["shown"] = ["WAT6c", "CLO4b"]
    view["pending"] = {"q": "pile", "card": "SHI4b", "options": ["pile g1", "pile g2"]}
    text = _text(view)
    assert "**選擇：從牌堆拿取**(船 SHI4b)：貨物牌堆1、貨物牌堆2" in text
    assert "**購買的卡：保留或使用一張**：瞭望台 WAT6c、修道院 CLO4b" in text
    view["pending"] = {"q": "sell", "card": "WAR5a", "options": ["sell dark", "sell light", "skip"]}
    assert f"({card_name('WAR5a', 'zh-TW')})：{KINDS['dark']['zh-TW']}、{KINDS['light']['zh-TW']}" in _text(
        view
    )
    text = _text({**view, "locale": "en"})
    assert f"**Question: warehouse: sell goods** ({card_name('WAR5a', 'en')}): dark, light" in text


def test_lines_stay_short_with_ordinary_names() -> None:
    for players in (1, 2, 3, 4):
        for state in _states(players, every=13):
            for seat in (None, 0):
                for locale in LOCALES:
                    for line in render.text("burgundy_cards", _view(state, seat, SHORT, locale)):
                        assert len(line) <= 90, line


def test_store_words_are_the_pictures() -> None:
    """Goods and animals use the picture's words (``style.STORE_WORDS``) in every locale."""
    state = next(s for s in _states(3) if any(p["goods"] and p["animals"] for p in s["pl"]))
    for locale in LOCALES:
        text = _text(_view(state, None, SHORT, locale))
        held = {c[:3] for p in state["pl"] for c in p["goods"] + p["animals"]}
        assert all(STORE_WORDS[prefix][locale] in text for prefix in held)


def test_the_module_is_pure() -> None:
    source = Path(textview.__file__).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        for name in names:
            top = name.split(".")[0]
            assert top in ("__future__", "dataclasses", "typing", "render"), name  # never rules (layering)


def test_copied_words_equal_the_rules() -> None:
    """render imports nothing from rules, so the board holds copies of the words the move
    descriptions use: they must not drift from their sources."""
    assert textview.PILE_NAMES == PILE_NAMES
    assert textview.ALL7_VP == D.ALL7_VALUE
    assert {t: TYPE_NAMES[t] for t in D.BUILDING_TYPES} == textview.BUILDING_NAMES
    for colour in D.COLOURS:  # the other card types are named with the picture's colour words
        assert COLOUR_NAMES[colour] == TYPE_NAMES[colour], colour
    codes = [c for table in D.DIE_TABLES.values() for c in table]
    codes += [*D.FIRST_BONUS.values(), *D.ALL7_VALUE, "BLD1a", "XYZ"]  # no name: the code itself
    for code in codes:  # every card the board names (goods and animals show as words instead)
        for locale in LOCALES:
            assert textview.card_name(code, locale) == card_name(code, locale), (code, locale)


def test_the_view_lists_the_colours_in_the_rules_order() -> None:
    """The board takes the colours and their order from the view's Estates."""
    for players in (1, 4):
        view = GAME.view(_states(players)[1], None)
        assert all(tuple(est["est"]) == D.COLOURS for est in view["estates"])


def test_the_supply_left_shows_only_when_it_is_limited() -> None:
    """With ``supply_limits=cards`` the silver and worker cards run out: the header says what is left."""
    import render
    from rules import get

    game = get("burgundy_cards")
    for options, shown in (({"supply_limits": "cards"}, True), (None, False)):
        state = game.new(2, options)
        while game.to_act(state) == [-1]:
            state, _ = game.apply(state, -1, game.chance_outcomes(state)[0][0])
        view = game.view(state, None)
        head = render.text("burgundy_cards", {**view, "locale": "en"})[0]
        if shown:
            supply = view["supply"]
            assert f"silver {supply['silver']}, workers {supply['workers']}" in head
        else:
            assert "supply" not in head
