"""The fake Discord against the real discord.py client, with a tiny bot defined here (not Postern).

Each test proves one thing the e2e suite relies on: that discord.py logs in, syncs and answers
through the fake exactly as it would through Discord, and that the fake refuses what Discord
refuses (limits, deadline, single use).
"""

from __future__ import annotations

import asyncio
import io
import re
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import DriverError, FakeDiscord, FakeGuild, FakeUser, InteractionFailed, limits
from tests.fakediscord.models import FakeChannel


def tiny_png() -> bytes:
    """A valid 1x1 PNG, built by hand so the test needs no imaging library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x80\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


PNG = tiny_png()


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"replay:(?P<n>\d+)"):
    """A button that survives restarts: its state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Replay", custom_id=f"replay:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"replayed {self.n} for {interaction.user.name}")


class ColourView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="colour",
        options=[discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class CounterView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Count", custom_id="count")
    async def count(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6: acknowledge, edit the clicked message later
        await interaction.edit_original_response(content=f"counted by {interaction.user.name}")


class CardLayout(discord.ui.LayoutView):
    """Components v2: a container with text, an image and a row of buttons."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        row: discord.ui.ActionRow[CardLayout] = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="Play", custom_id="card:play"))
        container: discord.ui.Container[CardLayout] = discord.ui.Container(
            discord.ui.TextDisplay("## Your hand"),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://card.png")),
            row,
        )
        self.add_item(container)


class RenameModal(discord.ui.Modal, title="Rename the table"):
    new_name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="new_name", max_length=30)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.new_name.value}")


class SmokeBot(commands.Bot):
    def __init__(self, *, bad_command: bool = False, late_by: float = 0.0) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.errors: list[BaseException] = []
        self.late_by = late_by
        build_commands(self, bad_command=bad_command)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ReplayButton)
        await self.tree.sync()

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(error.original if isinstance(error, app_commands.CommandInvokeError) else error)


def build_commands(bot: SmokeBot, *, bad_command: bool) -> None:
    tree = bot.tree
    game = app_commands.Group(name="game", description="Board games")

    @game.command(name="new", description="Open a game here")
    @app_commands.describe(name="Which game", players="How many players")
    async def game_new(interaction: discord.Interaction, name: str, players: int = 2) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton(7))
        await interaction.response.send_message(
            f"{name} for {players} ({interaction.locale.value})",
            file=discord.File(io.BytesIO(PNG), filename="board.png"),
            view=view,
        )

    tree.add_command(game)

    @tree.command(description="Your private hand")
    async def hand(interaction: discord.Interaction) -> None:
        where = "dm" if interaction.guild is None else interaction.guild.name
        await interaction.response.send_message(f"hand in {where}", ephemeral=True, view=CounterView())

    @tree.command(description="A slow answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more")

    @tree.command(description="Make a move")
    async def move(interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"moved {action}")

    @move.autocomplete("action")
    async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        count = 30 if current == "many" else 25
        return [app_commands.Choice(name=f"{current} option {i}", value=f"{current}{i}") for i in range(count)]

    @tree.command(description="Start a thread for a game")
    @app_commands.guild_only()
    async def table(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.defer()
        thread = await interaction.channel.create_thread(name="fixer: alice", type=discord.ChannelType.public_thread)
        await thread.send("Welcome to the table")
        await interaction.followup.send(f"Game in {thread.mention}")

    @tree.command(description="Answers too late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(bot.late_by)
        await interaction.response.send_message("sorry I am late")

    @tree.command(description="Answers too long")
    async def chatty(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @tree.command(description="Answers with a file over the limit")
    async def heavy(interaction: discord.Interaction) -> None:
        data = bytes(interaction.filesize_limit + 1)
        await interaction.response.send_message(file=discord.File(io.BytesIO(data), filename="big.bin"))

    @tree.command(description="Pick a colour")
    async def colour(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=ColourView())

    @tree.command(description="Rename the table")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @tree.command(description="Announce in the channel and by DM")
    @app_commands.guild_only()
    async def announce(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("announcing", ephemeral=True)
        posted = await interaction.channel.send("news", file=discord.File(io.BytesIO(PNG), filename="news.png"))
        await posted.create_thread(name="news talk")
        await interaction.user.send("psst")

    @tree.command(description="May the bot open threads here?")
    @app_commands.guild_only()
    async def canthread(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel) and interaction.guild is not None
        cached = interaction.channel.permissions_for(interaction.guild.me).create_public_threads
        await interaction.response.send_message(
            f"app={interaction.app_permissions.create_public_threads} cache={cached}",
            allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
        )
        try:
            await interaction.channel.create_thread(name="t", type=discord.ChannelType.public_thread)
        except discord.Forbidden:
            await interaction.followup.send(f"{interaction.user.mention} no thread for you")

    @tree.command(description="A card in components v2, then a redraw")
    async def card(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=CardLayout(), files=[discord.File(io.BytesIO(PNG), "card.png")])
        await interaction.edit_original_response(attachments=[discord.File(io.BytesIO(PNG * 2), "card2.png")])

    if bad_command:

        @tree.command(description="Too many choices")
        @app_commands.choices(pick=[app_commands.Choice(name=f"c{i}", value=str(i)) for i in range(26)])
        async def crowded(interaction: discord.Interaction, pick: app_commands.Choice[str]) -> None:
            await interaction.response.send_message(pick.value)


class Scene:
    """One guild with two members and a text channel, on a running fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guild: FakeGuild = fake.add_guild("Board games", locale="zh-TW")
        self.alice: FakeUser = fake.add_user("alice", locale="zh-TW")
        self.bob: FakeUser = fake.add_user("bob")
        fake.add_member(self.guild, self.alice)
        fake.add_member(self.guild, self.bob)
        self.channel: FakeChannel = fake.add_text_channel(self.guild, "tables")


@pytest.fixture
async def scene() -> AsyncIterator[Scene]:
    async with FakeDiscord() as fake:
        yield Scene(fake)


@pytest.fixture
async def bot(scene: Scene) -> AsyncIterator[SmokeBot]:
    client = SmokeBot()
    async with scene.fake.running(client):
        yield client
    assert scene.fake.unknown_routes == [] and scene.fake.internal_errors == []


async def test_login_ready_and_sync(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    assert bot.user is not None and bot.user.id == fake.bot.id
    assert bot.application_id == fake.application_id
    assert {"game", "hand", "slow", "move", "table"} <= set(fake.commands)
    game = fake.commands["game"]
    assert [o["name"] for o in game["options"]] == ["new"]
    assert [o["name"] for o in game["options"][0]["options"]] == ["name", "players"]
    assert fake.sync_count == 1 and fake.rejections == []
    [session] = fake.world.gateway.sessions.values()
    assert session.connection is not None and session.connection.compress  # zlib-stream, as discord.py asks
    assert [p["s"] for p in session.sent] == list(range(1, session.seq + 1))
    assert [p["t"] for p in session.sent[:2]] == ["READY", "GUILD_CREATE"]
    assert bot.ws is not None and bot.ws.sequence == session.seq
    guild = bot.get_guild(scene.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.taiwan_chinese
    assert guild.me is not None and guild.get_member(scene.alice.id) is None  # no GUILD_MEMBERS intent
    assert guild.get_channel(scene.channel.id) is not None


async def test_sync_violating_a_limit_is_refused(scene: Scene) -> None:
    with pytest.raises(app_commands.CommandSyncFailure) as failure:
        async with scene.fake.running(SmokeBot(bad_command=True)):
            pass
    assert failure.value.status == 400 and failure.value.code == 50035
    assert "crowded" in str(failure.value)
    assert scene.fake.commands == {}


async def test_slash_reply_with_png_and_button(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "game new", options={"name": "fixer", "players": 3})
    assert ix.content == "fixer for 3 (zh-TW)"
    assert ix.elapsed is not None and ix.elapsed < 1.0
    assert not ix.ephemeral
    [png] = ix.files
    assert png.filename == "board.png" and png.data == PNG
    assert ix.custom_ids() == ["replay:7"]
    assert fake.messages(scene.channel) == [ix.message]
    discord_message = await bot.get_partial_messageable(scene.channel.id).fetch_message(ix.message.id)
    assert await discord_message.attachments[0].read() == PNG


async def test_ephemeral_reply_stays_private(scene: Scene, bot: SmokeBot) -> None:
    ix = await scene.fake.slash(scene.bob, scene.channel, "hand")
    assert ix.ephemeral and ix.content == "hand in Board games"
    assert scene.fake.messages(scene.channel) == []
    assert scene.fake.ephemeral_messages(scene.bob) == [ix.message]
    assert scene.fake.ephemeral_messages(scene.alice) == []


async def test_deferred_reply_then_followup(scene: Scene, bot: SmokeBot) -> None:
    ix = await scene.fake.slash(scene.alice, scene.channel, "slow")
    assert ix.deferred
    reply = await ix.reply()
    assert reply.content == "done thinking" and reply is ix.original
    [extra] = await ix.wait_followups(1)
    assert extra.content == "and one more"
    assert [m.content for m in scene.fake.messages(scene.channel)] == ["done thinking", "and one more"]


async def test_autocomplete_limits(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    choices = await fake.autocomplete(scene.alice, scene.channel, "move", "action", typed="r7")
    assert len(choices) == 25 and choices[0] == {"name": "r7 option 0", "value": "r70"}
    fake.interaction_deadline = 0.5  # the refused answer below fails at the deadline; keep it short
    with pytest.raises(InteractionFailed):
        await fake.autocomplete(scene.alice, scene.channel, "move", "action", typed="many")
    assert fake.rejections[-1].status == 400 and fake.rejections[-1].code == 50035


async def test_dynamic_button_survives_restart(scene: Scene) -> None:
    fake = scene.fake
    async with fake.running(SmokeBot()):
        posted = await fake.slash(scene.alice, scene.channel, "game new", options={"name": "torres"})
    assert posted.message is not None
    async with fake.running(SmokeBot()):
        click = await fake.click(scene.bob, posted.message, label="Replay")
        assert click.content == "replayed 7 for bob"
    assert fake.identify_count == 2 and fake.unknown_routes == []


async def test_dm_slash_command(scene: Scene, bot: SmokeBot) -> None:
    dm = scene.fake.dm_channel(scene.alice)
    ix = await scene.fake.slash(scene.alice, dm, "hand")
    assert ix.payload["context"] == 1 and "user" in ix.payload and "member" not in ix.payload
    assert ix.content == "hand in dm"


async def test_thread_creation(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "table")
    reply = await ix.reply()
    [thread] = fake.threads_of(scene.channel)
    assert thread.name == "fixer: alice" and reply.content == f"Game in <#{thread.id}>"
    assert [m.content for m in fake.messages(thread)] == ["Welcome to the table"]
    assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the client cache
    inside = await fake.slash(scene.bob, thread, "hand")
    assert inside.content == "hand in Board games" and inside.message is not None
    assert inside.message.channel is thread


async def test_bot_permissions_and_mentions(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    from tests.fakediscord.models import BOT_DEFAULT, CREATE_PUBLIC_THREADS

    await fake.set_bot_permissions(scene.guild, BOT_DEFAULT & ~CREATE_PUBLIC_THREADS)
    ix = await fake.slash(scene.alice, scene.channel, "canthread")
    assert ix.content == "app=False cache=False"
    [refusal] = await ix.wait_followups(1)
    assert fake.rejections[-1].status == 403 and fake.rejections[-1].code == 50013
    assert refusal.mentioned_user_ids() == [scene.alice.id] and refusal.pinged_user_ids() == [scene.alice.id]
    assert fake.threads == []


async def test_deferred_update_of_an_ephemeral_message(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    hand = await fake.slash(scene.alice, scene.channel, "hand")
    assert hand.message is not None and hand.ephemeral
    with pytest.raises(DriverError):  # bob cannot see alice's ephemeral message
        await fake.click(scene.bob, hand.message, "count")
    click = await fake.click(scene.alice, hand.message, "count")
    assert click.response_type == 6 and click.deferred
    updated = await click.reply()
    assert updated is hand.message and updated.content == "counted by alice"
    assert click.reply_elapsed is not None and click.elapsed is not None
    assert click.reply_elapsed >= click.elapsed


async def test_late_response_is_refused(scene: Scene) -> None:
    fake = scene.fake
    fake.interaction_deadline = 0.2
    client = SmokeBot(late_by=0.3)
    async with fake.running(client):
        with pytest.raises(InteractionFailed):
            await fake.slash(scene.alice, scene.channel, "late")
        await fake.wait_until(lambda: bool(client.errors), 2.0)
    assert fake.rejections[-1].status == 404 and fake.rejections[-1].code == 10062
    assert isinstance(client.errors[-1], discord.NotFound)


async def test_content_over_2000_is_refused(scene: Scene, bot: SmokeBot) -> None:
    scene.fake.interaction_deadline = 0.5
    with pytest.raises(InteractionFailed):
        await scene.fake.slash(scene.alice, scene.channel, "chatty")
    rejection = scene.fake.rejections[-1]
    assert rejection.status == 400 and "content" in rejection.body["errors"]
    await scene.fake.wait_until(lambda: bool(bot.errors), 2.0)
    assert isinstance(bot.errors[-1], discord.HTTPException) and bot.errors[-1].status == 400


async def test_file_over_the_size_limit_is_refused(scene: Scene, bot: SmokeBot) -> None:
    scene.fake.interaction_deadline = 1.0  # room to upload 10 MiB on a loaded machine
    with pytest.raises(InteractionFailed):
        await scene.fake.slash(scene.alice, scene.channel, "heavy")
    rejection = scene.fake.rejections[-1]
    assert rejection.status == 413 and rejection.code == 40005


async def test_select_updates_the_message(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "colour")
    assert ix.message is not None and ix.custom_ids() == ["colour"]
    picked = await fake.select(scene.bob, ix.message, "colour", ["blue"])
    assert picked.response_type == 7 and picked.message is ix.message
    assert ix.message.content == "picked blue" and ix.message.components == []


async def test_modal_round_trip(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "rename")
    assert ix.modal is not None and ix.modal["title"] == "Rename the table"
    submitted = await fake.submit_modal(scene.alice, ix, {"new_name": "Friday table"})
    assert submitted.content == "renamed to Friday table"


async def test_channel_post_message_thread_and_dm(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "announce")
    assert ix.ephemeral
    dm = fake.dm_channel(scene.alice)
    assert await fake.wait_until(lambda: bool(fake.messages(dm)), 2.0)
    [news] = fake.messages(scene.channel)
    assert news.content == "news" and news.attachments[0].data == PNG
    [thread] = fake.threads_of(scene.channel)
    assert thread.id == news.id and thread.name == "news talk" and news.thread is thread
    assert [m.content for m in fake.messages(dm)] == ["psst"]


async def test_single_use_callback_and_exact_json_content_type(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    ix = await fake.slash(scene.alice, scene.channel, "hand")
    url = f"{fake.api_url}/interactions/{ix.id}/{ix.token}/callback?with_response=1"
    async with aiohttp.ClientSession() as session, session.post(
        url, json={"type": 4, "data": {"content": "again"}}
    ) as response:
        assert response.status == 400
        assert response.headers["Content-Type"] == "application/json"
        assert (await response.json())["code"] == 40060


async def test_components_v2_and_replaced_attachments(scene: Scene, bot: SmokeBot) -> None:
    ix = await scene.fake.slash(scene.alice, scene.channel, "card")
    await scene.fake.wait_until(lambda: ix.message is not None and ix.message.edits == 1)
    assert ix.message is not None and ix.message.flags & limits.FLAG_IS_COMPONENTS_V2
    assert ix.custom_ids() == ["card:play"]
    assert [(a.filename, a.data) for a in ix.files] == [("card2.png", PNG * 2)]


async def test_unknown_routes_and_bad_tokens_are_visible(scene: Scene) -> None:
    fake = scene.fake
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as response:
            assert response.status == 401
        auth = {"Authorization": f"Bot {fake.token}"}
        async with session.get(f"{fake.api_url}/voice/regions", headers=auth) as response:
            assert response.status == 404 and response.headers["Content-Type"] == "application/json"
    assert fake.unknown_routes == ["GET /api/v10/voice/regions"]


async def test_gateway_reconnect_resumes(scene: Scene, bot: SmokeBot) -> None:
    fake = scene.fake
    await fake.reconnect()
    await fake.wait_ready()
    ix = await fake.slash(scene.alice, scene.channel, "hand")
    assert ix.content == "hand in Board games"
    assert fake.identify_count == 1  # RESUME, not a new IDENTIFY


# -- the limits themselves, without a client ---------------------------------------------------------


def _command(**changes: Any) -> dict[str, Any]:
    command: dict[str, Any] = {"name": "game", "description": "Board games", "type": 1, "options": []}
    command.update(changes)
    return command


def _string_option(name: str, *, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "an option", "required": required, **extra}


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (_command(name="Game"), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(name="new game"), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(name="g" * 33), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(description=""), "BASE_TYPE_BAD_LENGTH"),
        (_command(description="d" * 101), "BASE_TYPE_BAD_LENGTH"),
        (_command(options=[_string_option(f"o{i}") for i in range(26)]), "BASE_TYPE_MAX_LENGTH"),
        (_command(options=[_string_option("a"), _string_option("b", required=True)]),
         "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
        (_command(name_localizations={"zh": "遊戲"}), "BASE_TYPE_CHOICES"),
        (_command(description_localizations={"zh-TW": "x" * 101}), "BASE_TYPE_BAD_LENGTH"),
        (_command(options=[_string_option(f"o{i}", description="d" * 100, choices=[
            {"name": "n" * 100, "value": f"{i}" * 10} for _ in range(1)]) for i in range(25)]),
         "APPLICATION_COMMAND_TOO_LARGE"),
        (_command(options=[{"type": 1, "name": "new", "description": "x"}, _string_option("a")]),
         "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"),
        (_command(options=[{"type": 1, "name": "new", "description": "x", "options": [
            {"type": 1, "name": "deeper", "description": "x"}]}]), "APPLICATION_COMMAND_OPTION_TYPE_INVALID"),
        (_command(options=[{"type": 3, "name": "pick", "description": "x", "autocomplete": True,
                            "choices": [{"name": "a", "value": "a"}]}]), "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES"),
        (_command(options=[{"type": 3, "name": "pick", "description": "x",
                            "choices": [{"name": f"c{i}", "value": str(i)} for i in range(26)]}]),
         "BASE_TYPE_MAX_LENGTH"),
    ],
)
def test_command_limits(command: dict[str, Any], code: str) -> None:
    errors = limits.validate_command_list([command])
    assert code in {c for _, c, _ in errors.entries}, errors.summary()


def test_valid_commands_pass_including_cjk_names() -> None:
    ok = _command(
        name_localizations={"zh-TW": "遊戲", "zh-CN": "游戏"},
        options=[{"type": 1, "name": "new", "description": "Open", "options": [_string_option("game", required=True)]}],
    )
    assert not limits.validate_command_list([ok])
    too_many = [_command(name=f"c{i}") for i in range(101)]
    assert limits.validate_command_list(too_many)


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


@pytest.mark.parametrize(
    ("payload", "files"),
    [
        ({"content": "x" * 2001}, 0),
        ({"content": ""}, 0),
        ({"embeds": [{"title": "t"}] * 11}, 0),
        ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, 0),
        ({"components": [_row(*(_button(f"b{i}") for i in range(6)))]}, 0),
        ({"components": [_row(_button("x" * 101))]}, 0),
        ({"components": [_row(_button("same")), _row(_button("same"))]}, 0),
        ({"components": [_row({"type": 3, "custom_id": "s", "options": [
            {"label": f"o{i}", "value": str(i)} for i in range(26)]})]}, 0),
        ({"components": [_row({"type": 3, "custom_id": "s", "options": [{"label": "l" * 101, "value": "v"}]})]}, 0),
        ({"content": "files"}, 11),
    ],
)
def test_message_limits(payload: dict[str, Any], files: int) -> None:
    assert limits.validate_message(payload, creating=True, file_count=files)


def test_a_full_valid_message_passes() -> None:
    rows = [_row(*(_button(f"b{r}{i}") for i in range(5))) for r in range(4)]
    rows.append(_row({"type": 3, "custom_id": "s", "options": [{"label": f"o{i}", "value": str(i)} for i in range(25)]}))
    payload = {"content": "x" * 2000, "embeds": [{"title": "t"}] * 10, "components": rows}
    assert not limits.validate_message(payload, creating=True, file_count=10)
