"""Every game, at every player count and with every variant, played to its end through Discord.

The real bot runs against the fake Discord; players open the lobby, join with the button, start,
and then every move is a ``/move`` slash command (chosen at random among the legal ones; every
tenth through autocomplete, as a player would). Each reply must carry the board image.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from cogs.client import PosternBot
from table.service import User
from tests.conformance import case_id, flow_cases, options_text
from tests.fakediscord import FakeDiscord

CASES = flow_cases()
MAX_MOVES = 6000
AGAINST_A_TARGET = {"burgundy", "burgundy_cards"}
"""Games whose solo game is played against a target, not an automa ranked beside the player."""
VERDICT = r"did not fill the estate|fills all 37 spaces|\(target \d+\): (won|lost)"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
async def test_game_plays_to_its_end_through_discord(tmp_path: Path, case: tuple[str, int, dict[str, Any]]) -> None:
    name, players, opts = case
    rng = random.Random(case_id(case))
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tables")
        users = [fake.add_user(f"p{i}") for i in range(max(players, 1))]
        for u in users:
            fake.add_member(guild, u)
        channel = fake.add_text_channel(guild, "games")
        bot = PosternBot(str(tmp_path / "bot.db"))
        async with fake.running(bot):
            if players == 1:
                where = fake.dm_channel(users[0])
                if opts:  # in a DM, /game new starts a solo game at once, with its variants
                    post = await fake.slash(users[0], where, "game new", {"game": name, "options": options_text(opts)})
                else:
                    post = await fake.slash(users[0], where, "solo", {"game": name})
            else:
                new = {"game": name, "players": players}
                if opts:
                    new["options"] = options_text(opts)
                await fake.slash(users[0], channel, "game new", new)
                where = fake.threads_of(channel)[0]
                for u in users[1:]:
                    await fake.click(u, fake.messages(where)[0], label="Join")
                post = await fake.click(users[0], fake.messages(where)[0], label="Start")
            assert post.files and post.files[0].data.startswith(b"\x89PNG")
            by_id = {str(u.id): u for u in users}
            for move_no in range(MAX_MOVES):
                status = await bot.table.status(channel_id=str(where.id))
                if status.status != "active":
                    break
                seat = status.to_act[0]
                user = by_id[status.user_ids[seat]]
                if move_no % 10 == 0:
                    choices = await fake.autocomplete(user, where, "move", "action", typed="")
                    assert 0 < len(choices) <= 25
                    action = rng.choice(choices)["value"]
                else:
                    _, legal = await bot.table.legal_moves(
                        channel_id=str(where.id), user=User(str(user.id), user.name)
                    )
                    action = rng.choice(legal)
                post = await fake.slash(user, where, "move", {"action": action})
                assert not post.ephemeral, post.content
                assert post.files and post.files[0].data.startswith(b"\x89PNG")
            else:
                raise AssertionError(f"{name} did not end within {MAX_MOVES} moves")
            assert status.status == "finished"
            if players == 1 and name in AGAINST_A_TARGET:
                # Won or lost against the solo rules' target: the game's verdict, not a ranking of one.
                assert re.search(VERDICT, post.content or ""), post.content
                assert "Final result" not in (post.content or "")
            else:
                assert "Final result" in (post.content or "")
            assert fake.rejections == [] and fake.unknown_routes == []
