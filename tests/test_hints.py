"""``/hint`` through the table (table/hints.py, issue 26): the AI's top three moves for the asker's
own position, allowed by the table's ``hints`` option (default: at most one human)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

import rules
from storage import Database
from table import bots, hints, thinkers
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN, BOB = User("1", "Ann"), User("2", "Bob")


@pytest.fixture
async def table(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "30")
    async with Database(str(tmp_path / "t.db")) as db:
        yield TableService(db, seed_source=lambda: "hint", clock=ScriptedClock(), thinker=thinkers.Thinkers("inline"))


async def opened(table: TableService, options: str = "", bob: bool = False) -> tuple[int, User, User | None]:
    """A started game; its id, the human to act and the other human (if any)."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2,
                     options=" ".join(["seating=host", options]).strip())
    if bob:
        await table.join(channel_id="c", user=BOB)
    else:
        await table.add_bot(channel_id="c", user=ANN, level="easy")
    result = await table.start(channel_id="c", user=ANN)
    if not bob:
        assert result.to_act == [0]
        return result.game_id, ANN, None
    assert len(result.to_act) == 1
    return (result.game_id, ANN, BOB) if result.to_act == [0] else (result.game_id, BOB, ANN)


async def test_a_hint_against_a_bot_gives_three_legal_moves_in_words(table: TableService) -> None:
    game_id, _, _ = await opened(table)
    hint = await table.hint(channel_id="c", user=ANN)
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    assert hint.game_id == game_id and len(hint.moves) == min(3, len(legal))
    assert all(action in legal and 0.0 <= value <= 1.0 for action, _, value in hint.moves)
    assert len({action for action, _, _ in hint.moves}) == len(hint.moves)
    assert [w for _, w, _ in hint.moves] == [rules.get("fixer").describe(a, "en") for a, _, _ in hint.moves]
    again = await table.hint(channel_id="c", user=ANN)
    assert again.moves == hint.moves  # fixed iterations: deterministic
    zh = hints.words(await table.hint(channel_id="c", user=ANN, reader="zh-TW"), "zh-TW")
    assert "勝率" in zh[1] and len(zh) == 1 + len(hint.moves)


async def test_two_humans_need_hints_on(table: TableService) -> None:
    _, mover, _ = await opened(table, bob=True)
    with pytest.raises(TableError) as refused:
        await table.hint(channel_id="c", user=mover)
    assert refused.value.key == "hints_solo_only"
    for locale in ("en", "zh-TW", "zh-CN"):
        assert refused.value.text(locale)


async def test_hints_on_allows_two_humans_but_only_on_ones_own_turn(table: TableService) -> None:
    _, mover, other = await opened(table, "hints=on", bob=True)
    assert other is not None
    assert (await table.hint(channel_id="c", user=mover)).moves
    with pytest.raises(TableError) as refused:
        await table.hint(channel_id="c", user=other)
    assert refused.value.key == "hint_not_your_turn"
    with pytest.raises(TableError) as stranger:
        await table.hint(channel_id="c", user=User("9", "Cy"))
    assert stranger.value.key == "hint_not_player"


async def test_hints_off_refuses_even_alone(table: TableService) -> None:
    await opened(table, "hints=off")
    with pytest.raises(TableError) as refused:
        await table.hint(channel_id="c", user=ANN)
    assert refused.value.key == "hints_off"
