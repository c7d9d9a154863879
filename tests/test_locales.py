"""Every user-facing text exists in en, zh-TW and zh-CN, and a Chinese text is Chinese (issue 7 item 6).

Walks the platform's message tables (``table.messages.MESSAGES``, ``cogs.i18n.DESCRIPTIONS`` and
``UI``, the table's own options) and, for every game in ``rules.GAMES``: its title and option
labels, ``help`` topics, ``describe`` over legal actions sampled from seeded random playouts,
``event_text`` for those playouts' events, and ``reason_text`` for refusals provoked on the way
(as players read them, through ``table.messages.refusal``: the shared option checks of
``rules.core`` are worded by the table, every other refusal by the game).

What counts as untranslated (``english_words``): a Chinese-locale text must contain CJK, unless
what it says is only codes, numbers, names and punctuation. Codes are what players type or read as
symbols — move texts (``R7@2``, ``castle @6``, ``c3-c4``), card and tile codes (``AP6``, ``K15``),
option keys and values (``card_passing=true``), slash commands — and are recognised by shape:
anything with a digit, ``@``, ``_``, ``=``, ``/``, or all in capitals. Proper names (players', game
titles) are removed first. Any other Latin word of three letters or more in a text with no CJK
means the text was left in English; a text that equals its English version while containing
English words is a missing translation (the English fallback).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import rules
from cogs.i18n import DESCRIPTIONS, UI
from console_texts import CONSOLE_TEXTS
from rules import CHANCE, Game, IllegalAction
from table import options as table_options
from table import seating, timer
from table.chance import resolve
from table.messages import MESSAGES, refusal

LOCALES = ("en", "zh-TW", "zh-CN")
CHINESE = ("zh-TW", "zh-CN")
NAMES = ["Ann", "Bob", "Cho", "Dee"]
"""Players' display names in the sampled texts (proper names: removed before checking)."""

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
WORD = re.compile(r"[^\s,.;:!?()\[\]{}<>\"“”‘’'«»·•—–…|*+→←×#%&~^`]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CODE = re.compile(r"[0-9@_=/]|^[A-Z][A-Z0-9'-]*$|^[a-h][1-8]$")


def english_words(text: str, names: list[str] | None = None) -> list[str]:
    """The Latin words of ``text`` that are neither codes nor names (see the module docstring)."""
    text = PLACEHOLDER.sub(" ", text)
    for name in sorted([*(names or []), *proper_names()], key=len, reverse=True):
        text = text.replace(name, " ")
    out = []
    for token in WORD.findall(text):
        if CODE.search(token):
            continue
        letters = token.strip(string.punctuation)
        if sum(ch.isascii() and ch.isalpha() for ch in letters) >= 3:
            out.append(letters)
    return out


def problem(texts: dict[str, str], names: list[str] | None = None) -> str | None:
    """Why this ``{locale: text}`` set is not fully localised, or ``None``."""
    for locale in LOCALES:
        if not texts.get(locale, "").strip():
            return f"{locale} missing"
    for locale in CHINESE:
        text = texts[locale]
        words = english_words(text, names)
        if words and not CJK.search(text):
            return f"{locale} is English: {text!r} ({words[:4]})"
        if words and text == texts["en"]:
            return f"{locale} repeats the English: {text!r}"
    return None


_PROPER: list[str] = []


def proper_names() -> list[str]:
    """Game titles in every locale: names, not words (``FIXER``, ``Torres``)."""
    if not _PROPER:
        _PROPER.extend(t for g in rules.GAMES.values() for t in g.title.values())
    return _PROPER


def test_the_heuristic() -> None:
    assert english_words("Play R7 to @2") == ["Play"]
    assert english_words("打出 R7 到 @2") == []
    assert english_words("card_passing=true, AP6, K15, castle @6, c3-c4, a4") == ["castle"]
    assert problem({"en": "Take {n}", "zh-TW": "拿 {n}", "zh-CN": "拿 {n}"}) is None
    assert problem({"en": "Take {n}", "zh-TW": "Take {n}", "zh-CN": "拿 {n}"}) is not None
    assert problem({"en": "R7@2", "zh-TW": "R7@2", "zh-CN": "R7@2"}) is None
    assert problem({"en": "Hi", "zh-TW": "", "zh-CN": "嗨"}) == "zh-TW missing"
    assert problem({"en": "Ann passes", "zh-TW": "Ann passes", "zh-CN": "Ann 跳過"}, ["Ann"]) is not None


# ---- the platform's tables -------------------------------------------------------------------
PLATFORM: dict[str, dict[str, dict[str, str]]] = {
    "table.messages": MESSAGES,
    "cogs.i18n.DESCRIPTIONS": DESCRIPTIONS,
    "cogs.i18n.UI": UI,
    "console_texts": CONSOLE_TEXTS,
    "table.options": {o.key: o.label for o in [seating.OPTION, timer.OPTION]},
}


@pytest.mark.parametrize("table", list(PLATFORM))
def test_platform_texts(table: str) -> None:
    bad = {key: why for key, texts in PLATFORM[table].items() if (why := problem(texts))}
    assert not bad, bad
    for key, texts in PLATFORM[table].items():
        wanted = set(PLACEHOLDER.findall(texts["en"]))
        for locale in CHINESE:
            assert set(PLACEHOLDER.findall(texts[locale])) == wanted, (table, key, locale)


# ---- the games -----------------------------------------------------------------------------------
@dataclass
class Sample:
    """What seeded random playouts of one game showed: actions, events and refusals."""

    actions: set[str] = field(default_factory=set)
    events: list[tuple[dict[str, Any], int]] = field(default_factory=list)
    refusals: list[IllegalAction] = field(default_factory=list)
    legal_lists: list[list[str]] = field(default_factory=list)
    """Whole move lists of some positions (for ``split_moves``, whose labels are buttons)."""


JUNK = ["", "xyzzy", "@@@", "1", "play", "keep keep", "R0@9", "move z9-z9", "castle @99", "世界"]
PER_GAME_ACTIONS = 500
PER_KIND_EVENTS = 4


def player_counts(game: Game) -> Iterator[int]:
    yield from range(game.min_players, game.max_players + 1)


def option_sets(game: Game, players: int) -> Iterator[dict[str, Any]]:
    yield {}
    for opt in game.options:
        if opt.players and players not in opt.players:
            continue
        for choice in opt.choices:
            if choice != opt.default:
                yield {opt.key: choice}


_SAMPLES: dict[str, Sample] = {}


def sample(game: Game) -> Sample:
    """Play each player count and option once (seeded), sampling texts along the way."""
    if game.name in _SAMPLES:
        return _SAMPLES[game.name]
    out = Sample()
    rng = random.Random(7)
    kinds: dict[str, int] = {}
    seen_refusals: set[str] = set()
    for players in player_counts(game):
        for number, opts in enumerate(option_sets(game, players)):
            try:
                state = game.new(players, opts)
            except IllegalAction as err:
                out.refusals.append(err)
                continue
            for step in range(20_000):
                acting = game.to_act(state)
                if not acting:
                    break
                if acting == [CHANCE]:
                    seat, action = CHANCE, resolve(f"{players}:{number}", step, game.chance_outcomes(state))
                else:
                    seat = rng.choice(acting)
                    legal = game.legal_actions(state, seat)
                    for a in rng.sample(legal, min(3, len(legal))):
                        if len(out.actions) < PER_GAME_ACTIONS or rng.random() < 0.02:
                            out.actions.add(a)
                    if step % 13 == 0 and len(out.legal_lists) < 200:
                        out.legal_lists.append(legal)
                    if step % 7 == 0:
                        for junk in [*JUNK, *(a + "9" for a in legal[:2])]:
                            try:
                                game.apply(state, seat, junk)
                            except IllegalAction as err:
                                if err.key not in seen_refusals or rng.random() < 0.05:
                                    seen_refusals.add(err.key)
                                    out.refusals.append(err)
                    action = rng.choice(legal)
                state, events = game.apply(state, seat, action)
                for event in events:
                    kind = str(event.get("kind"))
                    if kinds.get(kind, 0) < PER_KIND_EVENTS:
                        kinds[kind] = kinds.get(kind, 0) + 1
                        out.events.append((event, players))
    for bad in ({"nonsense": 1}, {o.key: "🙂" for o in game.options[:1]}):
        try:
            game.resolve_options(game.max_players, bad)
        except IllegalAction as err:
            out.refusals.append(err)
    try:
        game.resolve_options(game.max_players + 1, {})
    except IllegalAction as err:
        out.refusals.append(err)
    _SAMPLES[game.name] = out
    return out


def game_case(name: str, check: str) -> Any:
    """One game's check as its own test case, so a gap in one game's texts names that game."""
    return pytest.param(name, id=f"{name}-{check}")


def report(found: dict[str, str]) -> None:
    assert not found, f"{len(found)} texts not localised, e.g.\n" + "\n".join(
        f"  {k}: {v}" for k, v in list(found.items())[:15]
    )


@pytest.mark.parametrize("name", [game_case(n, "titles") for n in rules.GAMES])
def test_game_titles_and_options(name: str) -> None:
    game = rules.get(name)
    found = {}
    for locale in LOCALES:
        if not game.title.get(locale):
            found[f"title/{locale}"] = "missing"
    for option in [*game.options, *table_options.table_options(game)]:
        if option.label and (why := problem({loc: rules.localised(option.label, loc) for loc in LOCALES})):
            found[f"option {option.key}"] = why
    report(found)


@pytest.mark.parametrize("name", [game_case(n, "help") for n in rules.GAMES])
def test_game_help(name: str) -> None:
    game = rules.get(name)
    helps = {loc: game.help(loc) for loc in LOCALES}
    found = {}
    for topic in helps["en"]:
        why = problem({loc: helps[loc].get(topic, "") for loc in LOCALES})
        if why:
            found[topic] = why
    report(found)


@pytest.mark.parametrize("name", [game_case(n, "describe") for n in rules.GAMES])
def test_game_describe(name: str) -> None:
    game = rules.get(name)
    found = {}
    for action in sorted(sample(game).actions):
        why = problem({loc: game.describe(action, loc) for loc in LOCALES})
        if why:
            found[action] = why
    report(found)


@pytest.mark.parametrize("name", [game_case(n, "split_moves") for n in rules.GAMES])
def test_game_move_slices(name: str) -> None:
    """The labels of the public post's slice buttons (e.g. one per die in Burgundy)."""
    game = rules.get(name)
    found = {}
    for legal in sample(game).legal_lists:
        labels = {loc: [label for label, _ in game.split_moves(legal, loc)] for loc in LOCALES}
        assert len({len(v) for v in labels.values()}) == 1, "slices differ between languages"
        for i, english in enumerate(labels["en"]):
            why = problem({loc: labels[loc][i] for loc in LOCALES})
            if why:
                found[english] = why
    report(found)


@pytest.mark.parametrize("name", [game_case(n, "event_text") for n in rules.GAMES])
def test_game_event_text(name: str) -> None:
    game = rules.get(name)
    found = {}
    for event, players in sample(game).events:
        names = NAMES[:players]
        texts = {loc: game.event_text(event, loc, names) for loc in LOCALES}
        if not any(texts.values()):
            continue  # an event the game keeps silent in every language
        why = problem(texts, names)
        if why:
            found[str(event)[:80]] = why
    report(found)


@pytest.mark.parametrize("name", [game_case(n, "reason_text") for n in rules.GAMES])
def test_game_reason_text(name: str) -> None:
    game = rules.get(name)
    refusals = sample(game).refusals
    assert refusals, "no refusal was provoked"
    found = {}
    for err in refusals:
        why = problem({loc: refusal(game, err, loc) for loc in LOCALES})
        if why:
            found[err.key or err.reason] = why
    report(found)
