"""The console reads any move text as listed, numbers every move, and survives any line (issues 7, 13)."""

from __future__ import annotations

import asyncio
import io
import re
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import console
import rules
from storage import Database
from table.service import TableService


@pytest.fixture
async def con(tmp_path: Path) -> AsyncIterator[tuple[console.Console, io.StringIO]]:
    async with Database(tmp_path / "c.db") as db:
        out = io.StringIO()
        yield console.Console(TableService(db, seed_source=lambda: "seed-1"), out, tmp_path / "img"), out


async def run_lines(c: console.Console, *lines: str) -> None:
    for line in lines:
        assert await c.handle(line) is not False or line == "quit"


def fresh(out: io.StringIO) -> str:
    """Output since the last call (and forget it)."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


async def test_a_torres_move_starting_with_move_is_played_as_listed(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await run_lines(c, "new torres 2 seating=host", "add Bea", "start")
    for _ in range(60):
        moves = [a for a in c.numbered if a.startswith("move ")]
        if moves:
            break
        await c.handle("1")
    else:
        raise AssertionError("no knight move became legal")
    fresh(out)
    await c.handle("move z1-z2")  # illegal: the game says why, it is not taken as the move "z1-z2"
    text = fresh(out)
    assert "✗" in text and "z1 is not a square" in text, text
    await c.handle(moves[0])
    text = fresh(out)
    assert "✗" not in text, text
    assert "not a Torres move" not in text
    assert "• " in text  # the move's public event line was posted


async def test_a_move_shadowing_a_command_word_is_played(con: tuple[console.Console, io.StringIO]) -> None:
    """Burgundy's `board 3` (boards=choose) is a move, not the `board` command."""
    c, out = con
    await run_lines(c, "new burgundy 2 boards=choose seating=host", "add Bea", "start")
    assert "board 3" in c.numbered
    fresh(out)
    await c.handle("board 3")
    text = fresh(out)
    assert "takes estate board 3" in text
    assert "board 3" not in c.numbered  # the next player may no longer take it


async def test_move_prefix_still_forces_a_move_where_move_is_no_notation(
    con: tuple[console.Console, io.StringIO],
) -> None:
    c, out = con
    await c.handle("solo fixer")
    first = c.numbered[0]
    fresh(out)
    await c.handle(f"move {first}")
    text = fresh(out)
    assert "✗" not in text and "• " in text, text


async def test_the_numbered_list_reaches_every_move_through_more(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await run_lines(c, "new torres 2 seating=host", "add Bea", "start")
    for _ in range(80):
        if len(c.numbered) > console.PAGE:
            break
        await c.handle("1")
    total = len(c.numbered)
    assert total > console.PAGE
    fresh(out)
    listed: list[int] = []
    for _ in range((total - 1) // console.PAGE + 1):
        await c.handle("more" if listed else "moves")
        listed += [int(n) for n in re.findall(r"^\s+(\d+)\. ", fresh(out), re.M)]
    assert listed == list(range(1, total + 1))
    last = c.numbered[-1]
    await c.handle(str(total))
    text = fresh(out)
    assert "✗" not in text and "• " in text, text
    assert last.split()[-1] in text  # the event names the last listed move's target


async def test_long_move_texts_keep_a_gap_before_their_label(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    c.numbered = ["card play EXTRA a3", "end", "knight b4"]
    c.labels = {"card play EXTRA a3": "Play EXTRA (extra block) a3", "end": "end", "knight b4": "Place a knight"}.get  # type: ignore[assignment]
    c.list_page(0)
    lines = [line for line in fresh(out).splitlines() if line.strip()]
    assert lines[0].endswith("1. card play EXTRA a3  — Play EXTRA (extra block) a3")
    assert lines[1].endswith("2. end")  # a label that repeats the move is not printed twice
    assert lines[2].index("—") == lines[0].index("—")


def test_natural_order_everywhere() -> None:
    from cogs.commands import move_choices
    from cogs.posting import picker_options
    from table.order import natural_key, sort_moves

    castles = ["castle @26", "castle @17", "castle @6", "castle @28"]
    assert sorted(castles, key=natural_key) == ["castle @6", "castle @17", "castle @26", "castle @28"]
    assert sorted(["R10@2", "R9@2", "r9@10", "R9@1"], key=natural_key) == ["R9@1", "R9@2", "r9@10", "R10@2"]
    burgundy = rules.get("burgundy")
    expected = ["castle @6", "castle @17", "castle @26", "castle @28"]
    assert sort_moves(burgundy, castles) == expected
    assert [c.value for c in move_choices(burgundy, castles, "", "en")] == expected
    assert [o.value for o in picker_options(burgundy, castles, 0, "en")] == expected


async def test_solo_takes_the_games_options(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await c.handle("solo solo_rounds=2 automa_player_void=faceup")
    text = fresh(out)
    assert "Solo FIXER started" in text, text
    row = await c.table.db.latest_game(console.CHANNEL)
    assert row is not None and row.options == {"solo_rounds": "2", "automa_player_void": "faceup"}
    await c.handle("abandon")
    fresh(out)
    await c.handle("solo fixer solo_rounds=7")
    text = fresh(out)
    assert "✗" in text and "solo_rounds" in text, text


async def test_status_shows_only_the_callers_score(con: tuple[console.Console, io.StringIO]) -> None:
    c, out = con
    await run_lines(c, "new fixer 2 seating=host", "add Bea", "start", "1")
    fresh(out)
    await c.handle("status")
    text = fresh(out)
    assert re.search(r"your score \(.+\): \d+", text)
    assert text.count("score") == 1  # nobody else's running score (FIXER §10)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("²", "No game"),
        ("log ²", "log [N]"),
        ("log 99999999999999999999", "log [N]"),
        ("log 0", "log [N]"),
        ("add \ud800", "invalid character"),
        ("add Bea\x07", "printable"),
        ("new fixer ²", "neither a player count nor key=value"),  # not read as a count, nor dropped
        ("3²", "No game"),
    ],
)
async def test_fuzz_found_lines_are_refused_clearly(
    con: tuple[console.Console, io.StringIO], line: str, expected: str
) -> None:
    c, out = con
    if line.startswith(("log", "add")):
        await c.handle("new fixer 2")
        fresh(out)
    assert await c.handle(line) is True
    text = fresh(out)
    assert expected.lower() in text.lower(), text


COMMAND_WORDS = ["help", "solo", "new", "add", "start", "as", "moves", "more", "hand", "board", "status", "log",
                 "rules", "abandon", "games", "move", "1", "41", "knight", "tower", "²", "١٢"]
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
"""Any code point, lone surrogates and control characters included (a terminal can deliver them)."""
WORDS = st.one_of(
    st.sampled_from(["fixer", "torres", "burgundy", "2", "²", "9" * 25, "k=v", "=", "@", "Bea", "\ud800"]), ANY_TEXT
)
NEAR_MISS = st.tuples(st.sampled_from(COMMAND_WORDS), st.lists(WORDS, max_size=3)).map(lambda t: " ".join([t[0], *t[1]]))
LINES = st.lists(st.one_of(ANY_TEXT, NEAR_MISS), min_size=1, max_size=6)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=LINES)
def test_fuzz_no_console_line_raises(lines: list[str]) -> None:
    """Random text and near-miss commands, in a lobby and in a running game: never an exception."""

    async def go() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            async with Database(Path(tmp) / "f.db") as db:
                c = console.Console(TableService(db, seed_source=lambda: "fuzz"), io.StringIO(), Path(tmp) / "img")
                await c.handle("new torres 2")
                await c.handle("add Bea")
                for line in lines:
                    await c.handle(line)
                await c.handle("start")
                for line in lines:
                    await c.handle(line)

    asyncio.run(go())


def test_keep_is_listed_before_discard_in_every_list() -> None:
    """FIXER's keep/discard decision lists keep first (issue: labels name the card, keep first)."""
    import rules
    from table.order import sort_moves

    fixer = rules.get("fixer")
    assert sort_moves(fixer, ["discard R5@2", "keep R5@2"]) == ["keep R5@2", "discard R5@2"]
    assert sort_moves(fixer, ["discard", "keep"]) == ["keep", "discard"]


async def test_new_never_drops_a_word(con: tuple[console.Console, io.StringIO]) -> None:
    """`new torres 2 master` used to open a basic game (the word without "=" was dropped), and
    `new torres master=true 3` a table of 4 (only the second word was read as the count)."""
    c, out = con
    for line in ("new torres 2 master", "new fixer 3 card_passing", "new torres 2 3"):
        await run_lines(c, line)
        assert "is neither a player count nor key=value" in fresh(out), line
        assert await c.table.db.live_game(console.CHANNEL) is None
    await run_lines(c, "new torres master=true 3")
    assert "1/3" in fresh(out)


async def test_as_keeps_the_chosen_player_while_another_must_act(con: tuple[console.Console, io.StringIO]) -> None:
    """`as NAME` while another player must act makes NAME the one at the keyboard (their `hand`,
    their score), says who is awaited and lists none of the other's moves; it used to switch back."""
    c, out = con
    await run_lines(c, "new torres 2 seating=host", "add Bea", "start")
    status = await c.table.status(channel_id=console.CHANNEL)
    mover = c.current
    assert status.to_act == [status.user_ids.index(mover.id)]
    other = next(u for u in c.players.values() if u.id != mover.id)
    fresh(out)
    await run_lines(c, f"as {other.name}")
    text = fresh(out)
    assert f"You are now {other.name}." in text and f"Waiting for {mover.name}" in text, text
    assert c.current.id == other.id and c.numbered == []
    await run_lines(c, "1")
    assert "No move with that number" in fresh(out)  # never one of the other player's moves
    await run_lines(c, f"as {mover.name}")
    assert c.current.id == mover.id and c.numbered  # their own moves again


def test_refusals_name_the_consoles_commands_not_discords() -> None:
    """A table refusal ("Start one with /game new") names what is typed here; paths stay as they are."""
    assert console.as_typed_here("There is no game in this channel. Start one with /game new.").endswith("with `new`.")
    assert console.as_typed_here("用 /game new 開一局。") == "用 `new` 開一局。"
    assert console.as_typed_here("Use /hand for the current one.") == "Use `hand` for the current one."
    assert console.as_typed_here("Use /game status to see the result.") == "Use `status` to see the result."
    for path in ("board: /tmp/rules/x.png", "/home/hand/a.png", "~/hand", "x/solo"):
        assert console.as_typed_here(path) == path
