"""Fuzzing every command's options through the fake Discord (issue 13, item 7).

Hypothesis draws sequences of commands — every slash command and subcommand, with option values
a Discord client can send (any text within the length limits, every choice, integers across their
ranges, numbers beyond 2^63 typed as text) and autocomplete on every autocompleted option — by two
users in a channel, a game thread and a DM. Each one must be answered in time, readably, without
an error logged, a request Discord would refuse, or a fault in the fake. Bounded to run in well
under a minute.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from cogs.client import PosternBot
from cogs.throttle import Throttle
from tests.fakediscord import FakeDiscord

GAMES = sorted(rules.GAMES)
SOLO = sorted(name for name, g in rules.GAMES.items() if g.min_players == 1)
TRICKY = ["", " ", "99999999999999999999", str(2**63), "-1", "²", "log ²", "R7@2", "move c3-c4", "pass",
          "card_passing=true", "nonsense=1", "players=9", "=", "a" * 100, "<@1>", "@everyone", "**x**", "中文"]
text = st.one_of(
    st.sampled_from(TRICKY),
    st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=100),
)

COMMANDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "game new": {"game": st.sampled_from(GAMES), "players": st.integers(1, 4), "options": text},
    "game join": {},
    "game leave": {},
    "game start": {},
    "game status": {},
    "game list": {},
    "game abandon": {},
    "move": {"action": text},
    "hand": {},
    "board": {},
    "log": {"count": st.integers(1, 50)},
    "rules": {"game": st.sampled_from(GAMES), "topic": text},
    "solo": {"game": st.sampled_from(SOLO)},
}
REQUIRED = {"game new": {"game"}, "move": {"action"}, "rules": {"game"}, "solo": {"game"}}
AUTOCOMPLETE = [("move", "action"), ("game new", "options"), ("rules", "topic")]


@st.composite
def step(draw: st.DrawFn) -> tuple[str, str, dict[str, Any], int, int, str]:
    """(kind, command, options, who, where, typed): kind is "slash" or "autocomplete"."""
    who, where = draw(st.integers(0, 1)), draw(st.integers(0, 2))
    if draw(st.integers(0, 4)) == 0:
        command, option = draw(st.sampled_from(AUTOCOMPLETE))
        return "autocomplete", command, {"option": option}, who, where, draw(text)
    command = draw(st.sampled_from(sorted(COMMANDS)))
    options = {}
    for name, values in COMMANDS[command].items():
        if name in REQUIRED.get(command, set()) or draw(st.booleans()):
            options[name] = draw(values)
    return "slash", command, options, who, where, ""


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step(), min_size=20, max_size=30))
async def test_every_command_survives_fuzzed_options(
    steps: list[tuple[str, str, dict[str, Any], int, int, str]], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.clear()
    caplog.set_level(logging.WARNING)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Fuzz")
        users = [fake.add_user("ann"), fake.add_user("ben", locale="zh-CN")]
        for u in users:
            fake.add_member(guild, u)
        channel = fake.add_text_channel(guild, "games")
        bot = PosternBot(str(tmp_path / f"fuzz-{id(steps)}.db"), throttle=Throttle.off())
        async with fake.running(bot):
            await fake.slash(users[0], channel, "game new", {"game": "fixer", "players": 2})
            thread = fake.threads_of(channel)[0]
            await fake.click(users[1], fake.messages(thread)[0], label="Join")
            await fake.click(users[0], fake.messages(thread)[0], label="Start")
            for kind, command, options, who, where, typed in steps:
                user = users[who]
                place = [channel, thread, fake.dm_channel(user)][where]
                if kind == "autocomplete":
                    choices = await fake.autocomplete(user, place, command, options["option"], typed=typed)
                    assert len(choices) <= 25
                    continue
                ix = await fake.slash(user, place, command, options)
                assert ix.message is not None, (command, options, ix.diagnosis())
                assert ix.content or ix.files, (command, options)
        assert fake.rejections == [] and fake.internal_errors == [] and fake.unknown_routes == []
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR and not r.name.startswith("fakediscord")]
    assert bad == [], [r.getMessage() for r in bad]
