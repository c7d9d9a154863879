"""The console's rough edges (issue #28, items 14-19): names in file names, typos read as moves,
the rules help's Discord syntax, Burgundy's solo score, `language` mid-game, and piles of images.
(Item 13, leaving with Ctrl-C / Ctrl-D, is in ``test_console_exit``.)"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import console
from storage import Database
from table.service import TableService


@pytest.fixture
async def con(tmp_path: Path) -> AsyncIterator[tuple[console.Console, io.StringIO]]:
    async with Database(tmp_path / "c.db") as db:
        out = io.StringIO()
        c = console.Console(TableService(db, seed_source=lambda: "seed-1"), out, tmp_path / "img")
        c.current = console.User(f"{console.LOCAL_PREFIX}you", "Ann")
        c.players = {"ann": c.current}
        yield c, out


@pytest.fixture(autouse=True)
def tiny_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")


def fresh(out: io.StringIO) -> str:
    """Output since the last call (and forget it)."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


async def lines(c: console.Console, out: io.StringIO, *commands: str) -> str:
    for command in commands:
        assert await c.handle(command) is True, command
    return fresh(out)


# ---- 14: a player's name never goes into a path as typed ----------------------------------------------
@pytest.mark.parametrize("name", ["a/b", "../../etc"])
async def test_a_name_with_path_characters_gets_its_own_image_file(
    con: tuple[console.Console, io.StringIO], tmp_path: Path, name: str
) -> None:
    c, out = con
    text = await lines(c, out, "new fixer 2 seating=host", f"add {name}", "start", f"as {name}", "hand")
    assert "✗" not in text and "Something went wrong" not in text, text
    images = tmp_path / "img"
    written = [p for p in tmp_path.rglob("*.png")]
    assert written and all(p.parent == images for p in written), written
    hand = [p for p in written if "-hand-" in p.name]
    assert len(hand) == 1 and not hand[0].name.startswith(("-", ".")), hand
    assert f"your private view: {hand[0]}" in text


async def test_names_that_clean_up_alike_keep_separate_hands(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await lines(c, out, "new fixer 3 seating=host", "add a/b", "add a_b", "start")
    await lines(c, out, "as a/b", "hand", "as a_b", "hand")
    hands = sorted(p.name for p in c.image_dir.glob("*-hand-*.png"))
    assert len(hands) == 2, hands


# ---- 15: a typo is a typo, a move is a move -----------------------------------------------------------
async def test_a_typo_without_a_game_is_an_unknown_command(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    text = await lines(c, out, "hepl")
    assert "Unknown command `hepl` — did you mean `help`?" in text, text
    assert "Commands: help, " in text and "There is no game" not in text
    text = await lines(c, out, "R7@2")  # notation still reaches the table, which says why not
    assert "There is no game in this channel" in text and "Unknown command" not in text, text


async def test_a_typo_in_a_game_is_an_unknown_command_and_notation_gets_the_games_reason(
    con: tuple[console.Console, io.StringIO],
) -> None:
    c, out = con
    await lines(c, out, "solo fixer")
    text = await lines(c, out, "bord")
    assert "Unknown command `bord` — did you mean `board`?" in text, text
    assert "Illegal move" not in text
    text = await lines(c, out, "xyzzy now")
    assert "Unknown command `xyzzy`, and not a move here." in text and "did you mean" not in text, text
    # The game's own words, even when not legal now, are moves the rules explain.
    for line in ("R7@9", "keep", "Z1@1"):
        text = await lines(c, out, line)
        assert "Illegal move" in text and "Unknown command" not in text, (line, text)
    text = await lines(c, out, "move bord")  # forced: the rules answer
    assert "Illegal move" in text and "Unknown command" not in text, text
    first = c.numbered[0]
    text = await lines(c, out, first.lower())  # a listed move is always played
    assert "✗" not in text and "• " in text, text
    # A variant's own words are moves too (learned from the table's options): FIXER's card
    # passing adds `pass`, and a `pass` the rules refuse is explained by them.
    await lines(c, out, "abandon", "new fixer 2 card_passing=true seating=host", "add Bea", "start")
    text = await lines(c, out, "pass R1 R2 R3")
    assert "Unknown command" not in text and "✗" in text, text
    text = await lines(c, out, "pas R1 R2 R3")
    assert "Unknown command `pas`" in text, text


async def test_a_typo_is_refused_in_the_consoles_language(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await lines(c, out, "language zh-CN", "solo torres level=easy")
    text = await lines(c, out, "stauts")
    assert "未知的指令 `stauts` — 你是指 `status` 吗?" in text and "指令:help、" in text, text


# ---- 16: the rules help in the console's syntax -----------------------------------------------------
@pytest.mark.parametrize(("locale", "expected"), [("en", "R7@2 plays R7"), ("zh-TW", "R7@2 把 R7"), ("zh-CN", "R7@2 把 R7")])
async def test_rules_teach_the_consoles_move_syntax(
    con: tuple[console.Console, io.StringIO], locale: str, expected: str
) -> None:
    c, out = con
    text = await lines(c, out, f"language {locale}", "rules fixer")
    assert expected in text and "/move" not in text, text
    assert "R7@2" in text


# ---- 17: Burgundy's solo status shows the points the board shows ------------------------------------
EARNING = ("sell", "place", "castle", "take", "buy", "choose")


def scoring_first(move: str) -> int:
    """Burgundy moves that earn points soonest first (selling, placing, taking tiles)."""
    word = move.split()[0]
    return EARNING.index(word) if word in EARNING else len(EARNING)


async def test_burgundy_solo_status_shows_the_boards_points(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await lines(c, out, "solo burgundy")
    for _ in range(300):
        _, private, _ = await c.table.hand(channel_id=console.CHANNEL, user=c.current)
        filled = await c.table.own_score(channel_id=console.CHANNEL, user=c.current)
        vp = private["estates"][0]["total_vp"]
        if vp != filled and vp > 0:
            break
        await lines(c, out, min(c.numbered, key=scoring_first))
    else:
        raise AssertionError("the points never parted from the spaces filled")
    text = await lines(c, out, "status")
    assert f"your score (Ann): {vp} VP; the solo goal so far: {filled}" in text, text
    assert f"your score (Ann): {filled}\n" not in text
    board = await lines(c, out, "board")
    assert f"Ann {vp} VP" in board, board


# ---- 18: `language` mid-game reaches status and the pictures ----------------------------------------
async def test_language_switch_mid_game_renames_bots_in_status_and_pictures(
    con: tuple[console.Console, io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    c, out = con
    drawn: list[dict] = []

    class Pool:
        async def draw(self, game: str, view: dict, key: object = None) -> bytes:
            drawn.append(view)
            return b"\x89PNG"

    monkeypatch.setattr(console.render_pool, "shared", lambda: Pool())
    await lines(c, out, "solo torres level=easy")
    assert any("Bot (easy)" in v.get("names", []) for v in drawn)
    drawn.clear()
    text = await lines(c, out, "language zh-TW", "status")
    assert "機器人(簡單)" in text and "Bot (easy)" not in text, text
    await lines(c, out, "board", "hand", c.numbered[0])
    assert len(drawn) >= 4
    for view in drawn:
        assert view["locale"] == "zh-TW"
        assert "機器人(簡單)" in view["names"] and "Bot (easy)" not in view["names"], view["names"]
    text = fresh(out)
    assert "Bot (easy)" not in text


# ---- 19: one board and one hand per game, not two pictures a move ------------------------------------
async def test_images_do_not_pile_up(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await lines(c, out, "solo fixer")
    for _ in range(12):
        await lines(c, out, "1")
    await lines(c, out, "board", "hand")
    names = sorted(p.name for p in c.image_dir.iterdir())
    assert names == ["fixer-1-board.png", "fixer-1-hand-ann.png"], names
    assert all((c.image_dir / n).read_bytes().startswith(b"\x89PNG") for n in names)
    await lines(c, out, "abandon", "solo torres level=easy", "1")
    names = sorted(p.name for p in c.image_dir.iterdir())
    assert len(names) == 4, names  # a second game keeps its own board and hand


async def test_the_pile_an_earlier_console_left_is_cleared(con: tuple[console.Console, io.StringIO]) -> None:
    """Pictures an earlier console wrote per move for this game go; other files stay."""
    c, out = con
    c.image_dir.mkdir(parents=True)
    old = ["fixer-1-v2.png", "fixer-1-v13.png", "fixer-1-hand-v13.png"]
    kept = ["fixer-11-v2.png", "torres-1-v2.png", "fixer-1-v2.png.txt", "notes.png"]
    for name in old + kept:
        (c.image_dir / name).write_bytes(b"x")
    await lines(c, out, "solo fixer", "1")
    names = sorted(p.name for p in c.image_dir.iterdir())
    assert names == sorted(["fixer-1-board.png", "fixer-1-hand-ann.png", *kept]), names
