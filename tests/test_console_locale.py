"""The local console speaks the player's language: its own words come from ``console_texts`` in
en / zh-TW / zh-CN, the starting language from ``POSTERN_LANGUAGE`` or the POSIX locale, and
``language`` switches it (and the game texts shown) for the session."""

from __future__ import annotations

import io
import os
import string
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import console
import rules
from console_texts import CONSOLE_TEXTS, LANGUAGE_NAMES
from storage import Database
from table.service import TableService
from tests.test_locales import problem

ENV = ("POSTERN_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

SIMPLIFIED_ONLY = "这们个来时说为对开设戏机动没图选语还单数让进请从与关间无结输终"
TRADITIONAL_ONLY = "這們個來時說為對開設戲機動沒圖選語還單數讓進請從與關間無結輸終"
"""Common characters written differently in the two scripts: zh-TW must not use the first set,
zh-CN not the second."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_message_exists_in_every_locale_with_the_same_placeholders() -> None:
    assert tuple(LANGUAGE_NAMES) == rules.LOCALES
    for key, texts in CONSOLE_TEXTS.items():
        assert set(texts) == set(rules.LOCALES), key
        assert all(texts[locale] for locale in rules.LOCALES), key
        assert fields(texts["zh-TW"]) == fields(texts["en"]) == fields(texts["zh-CN"]), key
        if key not in ("list_sep", "detail_sep"):
            assert problem(texts) is None, (key, problem(texts))
        assert not set(texts["zh-TW"]) & set(SIMPLIFIED_ONLY), (key, texts["zh-TW"])
        assert not set(texts["zh-CN"]) & set(TRADITIONAL_ONLY), (key, texts["zh-CN"])


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-TW"),
        ({"LANG": "zh_HK.Big5-HKSCS"}, "zh-TW"),
        ({"LANG": "zh_MO"}, "zh-TW"),
        ({"LANG": "zh_Hant"}, "zh-TW"),
        ({"LANG": "zh_Hant_TW.UTF-8"}, "zh-TW"),
        ({"LANG": "zh_CN.UTF-8"}, "zh-CN"),
        ({"LANG": "zh_SG.UTF-8"}, "zh-CN"),
        ({"LANG": "zh_Hans_HK"}, "zh-CN"),
        ({"LANG": "zh"}, "zh-CN"),
        # POSIX precedence: LC_ALL, then LC_MESSAGES, then LANG; an empty variable counts as unset.
        ({"LC_ALL": "C", "LANG": "zh_TW.UTF-8"}, "en"),
        ({"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh-TW"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh-CN"),
        ({"LC_ALL": "", "LANG": "zh_HK.UTF-8"}, "zh-TW"),
        # POSTERN_LANGUAGE comes first, in any case; one the console does not speak is ignored.
        ({"POSTERN_LANGUAGE": "zh-tw", "LANG": "zh_CN.UTF-8"}, "zh-TW"),
        ({"POSTERN_LANGUAGE": "ZH-CN"}, "zh-CN"),
        ({"POSTERN_LANGUAGE": "EN", "LC_ALL": "zh_TW.UTF-8"}, "en"),
        ({"POSTERN_LANGUAGE": "klingon", "LANG": "zh_CN.UTF-8"}, "zh-CN"),
    ],
)
def test_starting_language_from_the_environment(
    env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert console.starting_locale(os.environ) == expected


@pytest.fixture
async def con(tmp_path: Path) -> AsyncIterator[tuple[console.Console, io.StringIO]]:
    async with Database(tmp_path / "c.db") as db:
        out = io.StringIO()
        yield console.Console(TableService(db, seed_source=lambda: "seed-1"), out, tmp_path / "img"), out


def fresh(out: io.StringIO) -> str:
    """Output since the last call (and forget it)."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


async def test_language_switches_help_and_later_commands(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await c.handle("help")
    text = fresh(out)
    assert text.startswith("Commands\n") and "language [en|zh-TW|zh-CN]" in text
    await c.handle("language")
    assert "Console language: English (en)" in fresh(out)
    await c.handle("language zh-TW")
    assert "主控台語言已切換為繁體中文(zh-TW)" in fresh(out)
    assert c.locale == "zh-TW"
    await c.handle("help")
    text = fresh(out)
    assert text.startswith("指令\n") and "單人遊玩" in text and "language [en|zh-TW|zh-CN]" in text
    assert "play alone" not in text and "Commands" not in text
    await c.handle("games")
    text = fresh(out)
    assert "眾塔之城(2-4 人)" in text and "players" not in text
    await c.handle("new fixer 2")
    text = fresh(out)
    assert "的等待室(1/2)" in text and "Lobby for" not in text
    await c.handle("settings")
    text = fresh(out)
    assert "主控台語言(繁體中文)" in text and "Local server" not in text
    await c.handle("LANGUAGE ZH_cn")  # command word and code in any case
    assert c.locale == "zh-CN"
    await c.handle("status")
    text = fresh(out)
    assert "FIXER — 第 1 局,等待中;玩家:" in text and "players:" not in text
    await c.handle("language en")
    fresh(out)
    await c.handle("settings")
    assert "posts in the console language (English)" in fresh(out)


async def test_an_unknown_language_gets_the_usage_line(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await c.handle("language klingon")
    text = fresh(out)
    assert "Usage: language [en|zh-TW|zh-CN] — 'klingon' is not one of them." in text
    assert c.locale == "en"
    await c.handle("language zh-CN")
    fresh(out)
    for line in ("language zh TW", "language zh-HK", "language 中文"):
        await c.handle(line)
        text = fresh(out)
        assert "✗ 用法:language [en|zh-TW|zh-CN]" in text and "Traceback" not in text, text
    assert c.locale == "zh-CN"


ENGLISH = [
    "Postern — local console",
    "Type `help`",
    "Games:",
    "Images go to",
    "Solo ",
    "started",
    "against",
    "board:",
    "your hand:",
    "your move",
    "legal):",
    "players:",
    "to act:",
    "your score",
    "more: type",
    "game 1",
    "active",
]
"""Console-owned English phrases that a zh-CN session must not print."""


async def test_a_solo_game_in_zh_cn_prints_no_english_console_sentences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # POSTERN_LANGUAGE wins over the terminal's locale
    monkeypatch.setenv("POSTERN_LANGUAGE", "zh-CN")
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")
    script = "solo torres level=easy\n1\nstatus\nboard\nmine\nquit\n"
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert "Traceback" not in text and "✗" not in text, text
    found = [phrase for phrase in ENGLISH if phrase in text]
    assert not found, found
    for chinese in (
        "Postern — 本地控制台。输入 `help` 查看指令",
        "游戏:fixer、burgundy",
        "单人游戏 众塔之城 开始,对手:机器人(简单)(第 1 局)。",
        "版图:",
        "你的手牌:",
        "轮到你了(共 ",
        "众塔之城 — 第 1 局,进行中;玩家:",
        "轮到:",
        "你的分数(",
        "第 1 局:众塔之城(进行中,轮到你",
    ):
        assert chinese in text, (chinese, text[-3000:])


async def test_an_unknown_postern_language_is_named_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POSTERN_LANGUAGE", "de")
    monkeypatch.setenv("LC_ALL", "zh_TW.UTF-8")
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO("quit\n"), out)
    text = out.getvalue()
    assert text.startswith("POSTERN_LANGUAGE=de 不是主控台支援的語言(en、zh-TW、zh-CN);改用繁體中文。")
    assert "Postern — 本機主控台" in text


async def test_pictures_follow_the_console_language(
    con: tuple[console.Console, io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `language zh-TW` the board and hand pictures are drawn in Chinese too (they kept the
    language the table was opened in), as Discord draws a private reply in its reader's language."""
    c, _ = con
    drawn: list[str] = []

    class Pool:
        async def draw(self, game: str, view: dict, key: object = None) -> bytes:
            drawn.append(view.get("locale"))
            return b"\x89PNG"

    monkeypatch.setattr(console.render_pool, "shared", lambda: Pool())
    await c.handle("solo torres level=easy")
    assert drawn and set(drawn) == {"en"}
    drawn.clear()
    await c.handle("language zh-TW")
    await c.handle("board")
    await c.handle("hand")
    assert drawn == ["zh-TW", "zh-TW"]


async def test_without_a_login_name_the_player_is_named_in_the_consoles_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No ``USER`` (a container, a service): the local player is "Player", "玩家" in Chinese, not
    an English word in a Chinese session."""
    monkeypatch.delenv("USER", raising=False)
    async with Database(tmp_path / "c.db") as db:
        table = TableService(db, seed_source=lambda: "seed-1")
        for locale, name in [("en", "Player"), ("zh-TW", "玩家"), ("zh-CN", "玩家")]:
            c = console.Console(table, io.StringIO(), tmp_path / "img", locale=locale)
            assert c.current.name == name
    monkeypatch.setenv("USER", "ana")
    assert console.Console(table, io.StringIO(), tmp_path / "img", locale="zh-TW").current.name == "ana"
