"""The table service on both backends (SQLite files and a real PostgreSQL): lobby, authorisation, chance, replay, races, restarts."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

import rules
from rules import CHANCE
from storage import Database
from table.messages import MESSAGES, TableError
from table.service import TableService, User, parse_options

ANN = User("1", "Ann")
BOB = User("2", "Bob")
CHO = User("3", "小明")
MOD = User("9", "Mod", can_manage=True)


@pytest.fixture
async def table(db_target: str) -> AsyncIterator[TableService]:
    async with Database(db_target) as db:
        yield TableService(db, seed_source=lambda: "seed-1")


async def started_two_player(table: TableService, channel: str = "c") -> None:
    await table.open(channel_id=channel, guild_id="g", user=ANN, game="fixer", players=2)
    await table.join(channel_id=channel, user=BOB)
    await table.start(channel_id=channel, user=ANN)


def seated(status: object, seat: int, users: list[User]) -> User:
    """The user in ``seat`` (the start draws the seat order, so it is not the join order)."""
    return next(u for u in users if u.id == status.user_ids[seat])  # type: ignore[attr-defined]


async def play_out(table: TableService, channel: str, users: list[User], rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        status = await table.status(channel_id=channel)
        if status.status != "active":
            return
        seat = status.to_act[0]
        user = seated(status, seat, users)
        _, legal = await table.legal_moves(channel_id=channel, user=user)
        await table.act(channel_id=channel, user=user, action=rng.choice(legal))
    raise AssertionError("game did not end")


def test_messages_have_every_locale() -> None:
    for key, texts in MESSAGES.items():
        assert set(texts) == {"en", "zh-TW", "zh-CN"}, key


def test_parse_options() -> None:
    assert parse_options("card_passing=true, long_match=yes") == {"card_passing": "true", "long_match": "yes"}
    with pytest.raises(TableError) as err:
        parse_options("card_passing")
    assert err.value.key == "options_format" and "“card_passing” is not an option" in err.value.text("en")
    assert "Option refused" not in err.value.text("en")  # the format is the problem, not a value
    with pytest.raises(TableError) as err:
        parse_options("cards=shared Cards=own")
    assert err.value.key == "option_twice" and "cards" in err.value.text("zh-TW")


async def test_lobby_flow_and_refusals(table: TableService) -> None:
    # seating=host: the lobby order (host first) is kept, so the seat names below are fixed.
    r = await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="seating=host")
    assert r.kind == "opened" and r.names == ["Ann"] and r.capacity == 2
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=BOB, game="fixer")
    assert err.value.key == "channel_busy"
    with pytest.raises(TableError) as err:
        await table.join(channel_id="c", user=ANN)
    assert err.value.key == "already_joined"
    with pytest.raises(TableError) as err:
        await table.start(channel_id="c", user=ANN)
    assert err.value.key == "too_few"
    await table.join(channel_id="c", user=BOB)
    with pytest.raises(TableError) as err:
        await table.join(channel_id="c", user=CHO)
    assert err.value.key == "lobby_full"
    with pytest.raises(TableError) as err:
        await table.start(channel_id="c", user=BOB)
    assert err.value.key == "not_host"
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=ANN, action="R1@1")
    assert err.value.key == "not_started"
    r = await table.start(channel_id="c", user=ANN)
    assert r.kind == "started" and r.status == "active" and r.view is not None
    assert r.view["names"] == ["Ann", "Bob"]
    assert any(e["kind"] == "dealt" for e in r.events)
    with pytest.raises(TableError) as err:
        await table.join(channel_id="c", user=CHO)
    assert err.value.key == "already_started"


async def test_unknown_game_bad_options_and_no_game(table: TableService) -> None:
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="chess")
    assert err.value.key == "unknown_game" and "fixer" in err.value.text()
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", options="nope=1")
    assert err.value.key == "bad_options"
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=7)
    assert err.value.key == "bad_capacity"
    # An option that cannot matter is refused with a reason, even typed at its default value.
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3, options="solo_rounds=2")
    assert err.value.key == "bad_options" and "solo_rounds" in err.value.text() and "3 player" in err.value.text()
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=2, options="cards=shared, master=true")
    text = err.value.text()
    assert err.value.key == "bad_options" and "cards=shared cannot be combined with master=true" in text
    for ok in ("cards=shared", "master=true", "cards=own, master=true"):  # each alone, or the default with it
        await table.open(channel_id=f"ok-{ok}", guild_id="g", user=ANN, game="torres", players=2, options=ok)
    for call in (table.join, table.start, table.abandon):
        with pytest.raises(TableError) as err:
            await call(channel_id="nowhere", user=ANN)
        assert err.value.key == "no_game"
    assert "/game new" in TableError("no_game").text("en") and "/game new" in TableError("no_game").text("zh-TW")


async def test_leave_passes_host_and_empty_lobby_is_abandoned(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3)
    await table.join(channel_id="c", user=BOB)
    r = await table.leave(channel_id="c", user=ANN)
    assert r.names == ["Bob"] and r.host_id == BOB.id
    r = await table.leave(channel_id="c", user=BOB)
    assert r.kind == "abandoned"
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer")


async def test_the_host_after_the_first_host_left_is_named_not_the_first_seat(table: TableService) -> None:
    """Ann adds a bot, Bob joins, Ann leaves: Bob hosts; a refusal names Bob, not the bot in seat 1."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=3)
    await table.add_bot(channel_id="c", user=ANN, level="easy")
    await table.join(channel_id="c", user=BOB)
    r = await table.leave(channel_id="c", user=ANN)
    assert r.host_id == BOB.id and r.names[0] != "Bob"
    with pytest.raises(TableError) as err:
        await table.start(channel_id="c", user=CHO)
    assert err.value.key == "not_host" and "Bob" in err.value.text("en")


async def test_moves_are_authorised_and_refusals_write_nothing(table: TableService) -> None:
    await started_two_player(table)
    status = await table.status(channel_id="c")
    mover = seated(status, status.to_act[0], [ANN, BOB])
    other = BOB if mover is ANN else ANN
    count = await table.db.action_count(status.game_id)
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=other, action="R1@1")
    assert err.value.key == "not_your_turn" and mover.name in err.value.text()
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=CHO, action="R1@1")
    assert err.value.key == "not_seated"
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=mover, action="banana")
    assert err.value.key == "illegal" and "R7@2" in err.value.text("en") and "例如" in err.value.text("zh-TW")
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=mover, action="")
    assert err.value.key == "empty_action"
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=mover, action="R1@1", expected_version=status.version - 1)
    assert err.value.key == "stale"
    after = await table.status(channel_id="c")
    assert after.version == status.version and await table.db.action_count(status.game_id) == count
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    r = await table.act(channel_id="c", user=mover, action=legal[0].lower())
    assert r.version == status.version + 1 and r.mention == [other.id]
    assert r.lines() and "Ann" in " ".join(r.lines()) + " ".join(r.lines()).replace("Bob", "Ann")


async def test_whole_games_replay_from_the_log(table: TableService) -> None:
    rng = random.Random(3)
    for i, players in enumerate((2, 3, 4)):
        channel = f"c{i}"
        users = [ANN, BOB, CHO, MOD][:players]
        await table.open(channel_id=channel, guild_id="g", user=ANN, game="fixer", players=players)
        for u in users[1:]:
            await table.join(channel_id=channel, user=u)
        await table.start(channel_id=channel, user=ANN)
        await play_out(table, channel, users, rng)
        status = await table.status(channel_id=channel)
        assert status.status == "finished" and status.view is not None and status.view["over"]
        game = rules.get("fixer")
        row = await table.db.game(status.game_id)
        assert row is not None
        assert game.dumps(await table.replay(status.game_id)) == row.snapshot
        actions = await table.db.actions(status.game_id)
        assert any(a.seat == CHANCE for a in actions) and [a.seq for a in actions] == list(range(len(actions)))
        with pytest.raises(TableError) as err:
            await table.act(channel_id=channel, user=ANN, action="R1@1")
        assert err.value.key == "no_game"  # the channel is free: the finished game is no longer live


async def test_solo_game_runs_the_automa_to_the_end(table: TableService) -> None:
    r = await table.open(channel_id="dm", guild_id=None, user=ANN, game="fixer", solo=True)
    assert r.kind == "started" and r.names == ["Ann"]
    rng = random.Random(5)
    await play_out(table, "dm", [ANN], rng)
    status = await table.status(channel_id="dm")
    assert status.finished
    _, lines = await table.recent(channel_id="dm", count=50)
    assert any("Automa" in line for line in lines)
    assert len(rules.get("fixer").scores(rules.get("fixer").loads((await table.db.game(status.game_id)).snapshot))) == 2  # type: ignore[union-attr]
    # The status of a finished game repeats the last move's lines; the automa is ranked beside Ann.
    last = (await table.db.recent_actions(status.game_id, 1))[-1]
    assert status.events == last.events and status.events
    assert not status.against_the_rules and rules.AUTOMA in status.ranking


async def test_a_solo_game_against_a_target_states_its_verdict(table: TableService) -> None:
    """The card game's solo mode is won or lost against a target: the finished game's status says
    which (the rules' own final line), and it is not one player "ranked first"."""
    await table.open(channel_id="dm", guild_id=None, user=ANN, game="burgundy_cards", solo=True)
    await play_out(table, "dm", [ANN], random.Random(2), limit=4000)
    status = await table.status(channel_id="dm")
    assert status.finished and status.against_the_rules
    verdict = [line for line in status.lines("en") if "(target " in line]
    assert verdict and (": won!" in verdict[0] or ": lost." in verdict[0]), status.lines("en")


async def test_refusals_name_the_game_in_the_readers_language(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="burgundy", players=3)
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=BOB, game="torres")
    assert "勃艮第城堡" in err.value.text("zh-CN") and "勃根地城堡" in err.value.text("zh-TW")
    assert "The Castles of Burgundy" in err.value.text("en")
    with pytest.raises(TableError) as err:
        await table.start(channel_id="c", user=ANN)
    assert err.value.key == "too_few" and "勃根地城堡" in err.value.text("zh-TW")


async def test_abandon_rights(table: TableService) -> None:
    await started_two_player(table)
    with pytest.raises(TableError) as err:
        await table.abandon(channel_id="c", user=BOB)
    assert err.value.key == "cannot_abandon"
    before = await table.status(channel_id="c")
    assert before.to_act and before.view is not None and "ended" not in before.view
    r = await table.abandon(channel_id="c", user=MOD)
    assert r.kind == "abandoned" and r.status == "abandoned"
    # Ended unfinished: nobody is to act any more, and the board is told so (not whose turn it was).
    after = await table.status(channel_id="c")
    assert after.status == "abandoned" and after.to_act == [] and after.view is not None
    assert after.view["ended"] is True and after.view["to_act"] == []


async def test_fifty_concurrent_conflicting_moves_apply_once(table: TableService) -> None:
    await started_two_player(table)
    status = await table.status(channel_id="c")
    mover = seated(status, status.to_act[0], [ANN, BOB])
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    before = await table.db.action_count(status.game_id)

    async def attempt(action: str) -> str:
        try:
            await table.act(channel_id="c", user=mover, action=action, expected_version=status.version)
            return "ok"
        except TableError as err:
            return err.key

    outcomes = await asyncio.gather(*(attempt(legal[i % len(legal)]) for i in range(50)))
    assert outcomes.count("ok") == 1
    assert set(outcomes) - {"ok"} <= {"stale", "not_your_turn", "busy"}
    after = await table.status(channel_id="c")
    assert after.version == status.version + 1
    assert await table.db.action_count(status.game_id) > before


async def test_two_services_on_one_file_never_double_apply(db_target: str) -> None:
    """Two processes' worth of services (separate connections and locks) race on one game."""
    path = db_target
    async with Database(path) as db1, Database(path) as db2:
        t1, t2 = TableService(db1, lambda: "s"), TableService(db2, lambda: "s")
        await started_two_player(t1)
        status = await t1.status(channel_id="c")
        mover = seated(status, status.to_act[0], [ANN, BOB])
        _, legal = await t1.legal_moves(channel_id="c", user=mover)

        async def attempt(t: TableService, action: str) -> str:
            try:
                await t.act(channel_id="c", user=mover, action=action)
                return "ok"
            except TableError as err:
                return err.key

        outcomes = await asyncio.gather(*(attempt(t1 if i % 2 else t2, legal[i % len(legal)]) for i in range(50)))
        moved = await t1.status(channel_id="c")
        applied = moved.version - status.version
        assert outcomes.count("ok") == applied
        row = await db1.game(status.game_id)
        assert row is not None
        assert rules.get("fixer").dumps(await t1.replay(status.game_id)) == row.snapshot


async def test_restart_resumes_the_same_game(db_target: str) -> None:
    path = db_target
    async with Database(path) as db:
        t = TableService(db, lambda: "seed")
        await started_two_player(t)
        rng = random.Random(1)
        for _ in range(6):
            s = await t.status(channel_id="c")
            user = seated(s, s.to_act[0], [ANN, BOB])
            _, legal = await t.legal_moves(channel_id="c", user=user)
            await t.act(channel_id="c", user=user, action=rng.choice(legal))
        before = await t.status(channel_id="c")
    async with Database(path) as db:
        t = TableService(db, lambda: "other")
        after = await t.status(channel_id="c")
        assert (after.game_id, after.version, after.view) == (before.game_id, before.version, before.view)


async def test_the_log_shows_as_many_lines_as_asked_across_silent_draws(table: TableService) -> None:
    """A FIXER deal is dozens of chance actions with no public line: `log 5` right after the start
    used to show only one line, since it read only 20 actions back."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3, options="seating=host")
    await table.join(channel_id="c", user=BOB)
    await table.join(channel_id="c", user=CHO)
    await table.start(channel_id="c", user=ANN)
    status = await table.status(channel_id="c")
    assert await table.db.action_count(status.game_id) > 20
    _, every = await table.recent(channel_id="c", count=200)
    _, five = await table.recent(channel_id="c", count=5)
    assert len(five) == min(5, len(every)) and five == every[-len(five):]
    assert len(every) >= 2


async def test_an_old_add_bot_button_says_the_lobby_changed(table: TableService) -> None:
    """A lobby button from before someone joined is refused with what happened, not "use /hand"."""
    opened = await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=3)
    await table.join(channel_id="c", user=BOB)
    with pytest.raises(TableError) as err:
        await table.add_bot(channel_id="c", user=ANN, level="easy", expected_version=opened.version)
    assert err.value.key == "lobby_changed" and "newest lobby post" in err.value.text("en")
    assert "/hand" not in err.value.text("en")


async def test_a_typed_move_sent_twice_is_already_done_even_when_it_ended_the_turn(table: TableService) -> None:
    """The second copy meets the next player's turn: it must say "already done" (the move did
    count), not "not your turn"; a different move by the same player is still refused as out of turn."""
    import time

    await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=2, options="seating=host")
    await table.join(channel_id="c", user=BOB)
    await table.start(channel_id="c", user=ANN)
    status = await table.status(channel_id="c")
    mover = seated(status, status.to_act[0], [ANN, BOB])
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    sent = time.time()
    await asyncio.sleep(0.01)
    moved = await table.act(channel_id="c", user=mover, action=legal[0], seen_at=sent)
    assert mover.id not in [moved.user_ids[s] for s in moved.to_act]  # the knight ended the turn
    with pytest.raises(TableError) as again:
        await table.act(channel_id="c", user=mover, action=legal[0], seen_at=sent)
    assert again.value.key == "already_done"
    with pytest.raises(TableError) as other:
        await table.act(channel_id="c", user=mover, action=legal[1], seen_at=sent)
    assert other.value.key == "not_your_turn"


async def test_a_player_still_deciding_in_a_simultaneous_step_is_not_pinged_again(table: TableService) -> None:
    """Tuscany's players assemble their estates at once: when one has chosen, the post still names
    the other as deciding, but without a second mention (one ping per turn, not per decision)."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="tuscany", players=2)
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ANN)
    assert len(started.to_act) == 2 and set(started.mention) == {ANN.id, BOB.id}
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    chosen = await table.act(channel_id="c", user=ANN, action=legal[0])
    assert [chosen.user_ids[s] for s in chosen.to_act] == [BOB.id]
    assert chosen.mention == []
    _, legal = await table.legal_moves(channel_id="c", user=BOB)
    both = await table.act(channel_id="c", user=BOB, action=legal[0])
    newly = [both.user_ids[s] for s in both.to_act if both.user_ids[s] != BOB.id]
    assert both.mention == newly  # the next step's players are pinged again


async def test_a_private_picker_survives_another_players_choice_but_not_its_own_use(table: TableService) -> None:
    """Both Tuscany players hold their /hand picker for the estate step; Ann picks first. Bob's
    picker still counts (his choices did not change), once; a public post's button, drawn for the
    old position, is stale as before."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="tuscany", players=2)
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ANN)
    ann_hand, _, ann_legal = await table.hand(channel_id="c", user=ANN)
    bob_hand, _, bob_legal = await table.hand(channel_id="c", user=BOB)
    assert bob_hand.seat_stamp is not None and bob_hand.seat_stamp != ann_hand.seat_stamp
    await table.act(channel_id="c", user=ANN, action=ann_legal[0], expected_version=ann_hand.seat_stamp)
    again, _, _ = await table.hand(channel_id="c", user=BOB)
    assert again.shows(bob_hand.seat_stamp)  # paging the old picker still works
    with pytest.raises(TableError) as public:
        await table.act(channel_id="c", user=BOB, action=bob_legal[0], expected_version=started.stamp)
    assert public.value.key == "stale"
    await table.act(channel_id="c", user=BOB, action=bob_legal[0], expected_version=bob_hand.seat_stamp)
    with pytest.raises(TableError) as twice:
        await table.act(channel_id="c", user=BOB, action=bob_legal[0], expected_version=bob_hand.seat_stamp)
    assert twice.value.key == "stale"
    with pytest.raises(TableError) as not_hers:
        await table.act(channel_id="c", user=ANN, action=ann_legal[0], expected_version=bob_hand.seat_stamp)
    assert not_hers.value.key == "stale"


def full_width(text: str) -> str:
    """``text`` as a Chinese input method in full-width mode types it ("ｔａｋｅ　１")."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in text)


@pytest.mark.parametrize("game", sorted(rules.GAMES))
async def test_a_move_typed_in_full_width_is_the_move_it_looks_like(table: TableService, game: str) -> None:
    """Every notation is ASCII; a full-width "ｔａｋｅ　１" or "Ｃ４＠１" used to be refused as
    unknown, although autocomplete had matched it."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game, players=2)
    await table.join(channel_id="c", user=BOB)
    await table.start(channel_id="c", user=ANN)
    rng = random.Random(7)
    for _ in range(200):  # on to a move with a digit and punctuation or a space in it
        status = await table.status(channel_id="c")
        mover = seated(status, status.to_act[0], [ANN, BOB])
        _, legal = await table.legal_moves(channel_id="c", user=mover)
        typed = [m for m in legal if any(ch.isdigit() for ch in m) and any(not ch.isalnum() for ch in m)]
        if typed:
            break
        await table.act(channel_id="c", user=mover, action=rng.choice(legal))
    move = typed[0]
    assert full_width(move) != move
    moved = await table.act(channel_id="c", user=mover, action=full_width(move))
    assert moved.kind == "moved"
    log = await table.db.actions(moved.game_id)
    assert any(a.action == move for a in log)  # logged in its ASCII form


@pytest.mark.parametrize("game", ["tuscany", "burgundy_cards"])
async def test_a_host_choosing_who_starts_reads_the_players_names(table: TableService, game: str) -> None:
    """``start_player=host``: the host's menu used to read "Seat 2 starts"; the move names the
    player it picks, in every place the table hands out its moves (menus, autocomplete, console)."""
    from cogs.commands import move_choices
    from cogs.posting import picker_options

    await table.open(channel_id="h", guild_id="g", user=ANN, game=game, players=2, options="start_player=host")
    await table.join(channel_id="h", user=BOB)
    status = await table.start(channel_id="h", user=ANN)
    chooser = seated(status, status.to_act[0], [ANN, BOB])  # the rules' host: seat 1 (seats are drawn)
    named_game, legal = await table.legal_moves(channel_id="h", user=chooser)
    assert sorted(legal) == ["first 1", "first 2"], legal
    labels = {a: named_game.describe(a, "en") for a in legal}
    assert labels == {f"first {i + 1}": f"{status.names[i]} starts" for i in range(2)}
    assert named_game.describe("first 1", "zh-TW").startswith(status.names[0])
    assert rules.get(game).describe("first 2", "en") != labels["first 2"]  # the rules alone know no names
    assert [c.name for c in move_choices(named_game, legal, "starts", "en")] == [f"{a} — {labels[a]}" for a in sorted(legal)]
    assert {o.label for o in picker_options(named_game, legal, 0, "en")} == set(labels.values())
