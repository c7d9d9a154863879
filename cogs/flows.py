"""What each command, button and menu does, in one place: table call → reply.

Commands and components share these flows, so a move behaves the same whether typed, picked or
clicked. Every flow runs under ``guarded``: a refusal becomes an ephemeral, localised reply; an
unexpected error is logged with the game id and answered politely — never a traceback.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import logging
import math
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, Protocol

import discord

import rules
import storage
from cogs import inflight, languages, notices, outbox, posting, reach, replies, textboard
from cogs.i18n import code, language_name, topic_name, ui
from table import bots, me, observability, scheduler, timer
from table import solo as solo_play
from table.messages import TableError, listing, message
from table.named import named
from table.service import Result, TableService, User
from version import __version__


class Host(Protocol):
    """What the flows need of the client that received an interaction (the bot, or a test's)."""

    table: TableService

log = logging.getLogger("postern.discord")
P = ParamSpec("P")
THREAD_ARCHIVE_MINUTES = 10080
SQLITE_MAX_INT = 2**63 - 1
"""Ids beyond SQLite's integer range can only come from a forged custom_id or option."""
RECEIVED = "postern_received"

STORAGE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.OperationalError, storage.StorageBusy)
"""Storage faults the player can simply retry ("database is locked", "disk full"): the
transaction was rolled back, so nothing was applied."""


def service(interaction: discord.Interaction) -> TableService:
    host: Host = interaction.client  # type: ignore[assignment]
    return host.table


def caller(interaction: discord.Interaction) -> User:
    perms = getattr(interaction, "permissions", None)
    manage = bool(interaction.guild is not None and perms is not None and perms.manage_messages)
    return User(str(interaction.user.id), interaction.user.display_name, can_manage=manage)


def channel_of(interaction: discord.Interaction) -> str:
    return str(interaction.channel_id)


def reader_locale(interaction: discord.Interaction) -> str:
    return code(interaction.locale)


def table_locale(interaction: discord.Interaction) -> str:
    return code(interaction.guild_locale if interaction.guild_id else interaction.locale)


async def send(interaction: discord.Interaction, *, on_posted: replies.Posted | None = None, **kwargs: Any) -> None:
    """Answer the interaction: first reply, the deferred message, or a follow-up (see replies).
    Where the server forces a user-installed app's replies to be private, a public post says that
    others cannot see it."""
    if not kwargs.get("ephemeral") and reach.current().forced_private:
        note = ui("forced_private", reader_locale(interaction))
        kwargs["content"] = posting.fit([text for text in (kwargs.get("content"), note) if text])
    await replies.deliver(interaction, on_posted=on_posted, **kwargs)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    await send(interaction, content=text[:2000], ephemeral=True)


async def post_public(interaction: discord.Interaction, result: Result, header: list[str] | None = None) -> None:
    """The public post about ``result`` (board image included): acknowledged before drawing, so
    the reply never waits for rendering; if drawing fails the post still goes out, without it."""
    await replies.acknowledge(interaction, ephemeral=False)
    await replies.acknowledgements_first()
    try:
        post = await posting.public_post(result, header)
    except Exception:
        log.exception("drawing game %s v%s failed; posting without the image", result.game_id, result.version)
        post = await posting.public_post(result, header, draw=False)
    await send(interaction, on_posted=posted(interaction, result), **post)


def posted(interaction: discord.Interaction, result: Result) -> replies.Posted | None:
    """What closes the announcement of the moves ``result`` logged once its post is out."""
    if result.announce is None:
        return None
    table = service(interaction)
    return lambda: table.announced(result)


def throttled(interaction: discord.Interaction) -> bool:
    """True if the caller has used up their share of commands for now."""
    throttle = getattr(interaction.client, "throttle", None)
    return throttle is not None and not throttle.command(interaction.user.id)


def seen_at(interaction: discord.Interaction) -> float:
    """The latest moment the sender could have seen the game when acting: the interaction's
    creation (its snowflake), bounded by when we received it (clock skew)."""
    received = float(interaction.extras.get(RECEIVED) or time.time())
    return min(interaction.created_at.timestamp(), received)


def check_id(*values: int | None) -> None:
    """Refuse ids no real game, version or page can have (a forged custom_id) as stale."""
    if any(v is not None and not 0 <= v <= SQLITE_MAX_INT for v in values):
        raise TableError("stale")


def guarded(flow: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    @functools.wraps(flow)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        interaction = args[0]
        assert isinstance(interaction, discord.Interaction)
        interaction.extras.setdefault(RECEIVED, time.time())
        started = time.perf_counter()
        bound = reach.bind(interaction)
        try:
            with inflight.FLOWS.track():  # a clean stop waits for this move and its posts
                if throttled(interaction):
                    await refuse(interaction, ui("slow_down", reader_locale(interaction)))
                    return
                async with replies.watch(interaction):
                    await run_flow(flow, interaction, *args, **kwargs)
                await languages.remember(service(interaction).db, interaction)  # answered: costs no wait
        finally:
            reach.unbind(bound)
            observability.COMMAND_SECONDS.labels(command_label(interaction, flow)).observe(
                time.perf_counter() - started
            )

    return wrapper


def command_label(interaction: discord.Interaction, flow: Callable[..., Awaitable[None]]) -> str:
    """The metrics label of an interaction: the slash command's name, else the flow behind a
    button or menu (a small fixed set either way)."""
    command = interaction.command
    if command is not None:
        return command.qualified_name
    return flow.__name__


async def run_flow(
    flow: Callable[..., Awaitable[None]], interaction: discord.Interaction, *args: Any, **kwargs: Any
) -> None:
    """Run a flow; every failure becomes a short private answer (and a log line), never a traceback.

    A failure after something was committed says so ("saved, then failed"), never "nothing was
    changed": a player told that would repeat a move that did apply."""
    saved_before = storage.commits()
    try:
        await flow(*args, **kwargs)
    except TableError as err:
        await refuse(interaction, err.text(reader_locale(interaction)))
    except OverflowError:
        log.info("refused an out-of-range id from %s in channel %s", interaction.user.id, interaction.channel_id)
        await refuse(interaction, TableError("stale").text(reader_locale(interaction)))
    except STORAGE_ERRORS as err:
        observability.ERRORS.labels("storage").inc()
        log.warning("storage fault in %s (channel %s): %s", flow.__name__, interaction.channel_id, err)
        await refuse(interaction, ui("not_saved", reader_locale(interaction)))
    except Exception:
        game_id = kwargs.get("game_id")
        if game_id is None:
            try:
                row = await service(interaction).db.latest_game(channel_of(interaction))
                game_id = row.id if row else None
            except Exception:  # the report must not fail because the database did
                game_id = None
        observability.ERRORS.labels("flow").inc()
        log.exception(
            "flow %s failed (game %s, channel %s)", flow.__name__, game_id, interaction.channel_id,
            extra={"game_id": game_id, "guild_id": interaction.guild_id, "command": command_label(interaction, flow)},
        )
        key = "internal_saved" if storage.commits() > saved_before else "internal"
        await refuse(interaction, message(key, reader_locale(interaction), game_id=game_id or "-"))


# ---- lobby ------------------------------------------------------------------------------------
@guarded
async def open_game(interaction: discord.Interaction, game: str, players: int | None, options: str | None) -> None:
    table = service(interaction)
    where = reach.current()
    if interaction.guild_id is None and not where.shared_dm:
        if players is not None and players > 1:  # never drop what was asked for without a word
            raise TableError("dm_is_solo", players=players, rivals=players - 1)
        await replies.acknowledge(interaction, ephemeral=False)  # a solo game starts: drawing follows
        result = await table.open(
            channel_id=channel_of(interaction), guild_id=None, user=caller(interaction), game=game,
            options=options, locale=reader_locale(interaction), solo=True,
        )
        await post_public(interaction, result, [started_header(result)])
        return
    # Refuse bad input before anything exists on Discord (no empty thread left behind).
    table.validate(game=game, players=players, options=options, locale=reader_locale(interaction))
    target = await lobby_thread(interaction, game)
    channel_id = str(target.id) if target is not None else channel_of(interaction)
    guild_id = str(interaction.guild_id) if interaction.guild_id is not None else None
    result = await table.open(
        channel_id=channel_id, guild_id=guild_id, user=caller(interaction), game=game,
        players=players, options=options, locale=table_locale(interaction),
    )
    post = posting.lobby_post(result, result.locale)
    if target is None:
        await send(interaction, **post)
    else:
        await outbox.post(target, **post)
        title = rules.localised(rules.get(result.game).title, reader_locale(interaction))
        await send(interaction, content=ui("lobby_thread", reader_locale(interaction), game=title, thread=target.mention))
    await tell_missing_permissions(interaction, where)


async def tell_missing_permissions(interaction: discord.Interaction, where: reach.Reach) -> None:
    """Tell the host, once, which recommended permissions the bot lacks here and what changes."""
    key = ("perms", interaction.guild_id, interaction.user.id, where.missing)
    if not where.missing or not notices.first_time(interaction.client, key):
        return
    try:
        await interaction.followup.send(notices.missing_permissions(where.missing, reader_locale(interaction)), ephemeral=True)
    except replies.POST_ERRORS:
        log.info("could not tell the host about missing permissions in %s", interaction.channel_id)


async def lobby_thread(interaction: discord.Interaction, game: str) -> discord.Thread | None:
    """A new public thread for the game when we may make one here (else play in the channel)."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel) or not reach.current().threads:
        return None
    if not await service(interaction).opens_threads(str(interaction.guild_id)):
        return None  # the server's /settings: games play in the channel itself
    if game.strip().lower() not in rules.GAMES:
        return None  # let the table refuse the unknown game before any thread exists
    if await service(interaction).db.live_game(channel_of(interaction)) is not None:
        return None
    # Named in the language the table will post in, like everything else in the thread.
    locale = await service(interaction).post_language(str(interaction.guild_id), table_locale(interaction))
    title = rules.localised(rules.get(game.strip().lower()).title, locale)
    name = f"{title} — {interaction.user.display_name}"[:100]
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.HTTPException:
        log.info("could not create a thread in %s; using the channel", channel.id)
        return None


@guarded
async def join(interaction: discord.Interaction, game_id: int | None = None) -> None:
    result = await service(interaction).join(channel_id=channel_of(interaction), user=caller(interaction), game_id=game_id)
    await show_lobby(interaction, result, from_button=game_id is not None)


@guarded
async def leave(interaction: discord.Interaction) -> None:
    result = await service(interaction).leave(channel_id=channel_of(interaction), user=caller(interaction))
    if result.kind == "abandoned":
        await send(interaction, content=ui("abandoned", result.locale))
        return
    await show_lobby(interaction, result, from_button=False)


async def show_lobby(interaction: discord.Interaction, result: Result, from_button: bool) -> None:
    post = posting.lobby_post(result, result.locale)
    if from_button and interaction.message is not None:
        await replies.update(interaction, content=post["content"], view=post["view"])
    else:
        await send(interaction, **post)


def started_header(result: Result) -> str:
    title = rules.localised(rules.get(result.game).title, result.locale)
    names = listing((posting.escape(n) for n in result.names), result.locale)
    return ui("started", result.locale, game=title, names=names)


@guarded
async def start(interaction: discord.Interaction, game_id: int | None = None) -> None:
    await replies.acknowledge(interaction, ephemeral=False)  # drawing follows: answer first
    result = await service(interaction).start(channel_id=channel_of(interaction), user=caller(interaction), game_id=game_id)
    await post_public(interaction, result, [started_header(result)])
    await name_thread(interaction, result)
    await tell_missing_permissions(interaction, reach.current())


async def name_thread(interaction: discord.Interaction, result: Result) -> None:
    """Once the players are known, name the game's thread after the game and its players."""
    thread = interaction.channel
    if not isinstance(thread, discord.Thread) or thread.owner_id != interaction.client.user.id:  # type: ignore[union-attr]
        return
    title = rules.localised(rules.get(result.game).title, result.locale)
    try:
        await thread.edit(name=f"{title} — {', '.join(result.names)}"[:100])
    except replies.POST_ERRORS as err:  # a name is a nicety: never fail the started game's flow
        log.info("could not rename thread %s: %s", thread.id, err)


@guarded
async def abandon(interaction: discord.Interaction) -> None:
    result = await service(interaction).abandon(channel_id=channel_of(interaction), user=caller(interaction))
    await send(interaction, content=ui("abandoned", result.locale))


@guarded
async def solo(interaction: discord.Interaction, game: str, opponents: int | None = None, level: str | None = None) -> None:
    """A solo game in the caller's DMs: the game's own solo rules, or (``opponents``, and always for
    games without solo rules) against bots of ``level``. From a server, the game goes to the DM."""
    table = service(interaction)
    locale = reader_locale(interaction)
    chosen = rules.get(game) if game in rules.GAMES else None
    if chosen is not None:
        solo_play.plan(chosen, opponents, level)  # refuse bad input before a DM is opened
    if interaction.guild_id is None and not reach.current().shared_dm:  # our own DM (a group DM or a
        # friend's DM, where a user-installed app cannot post later, sends it to our DM like a server)
        await replies.acknowledge(interaction, ephemeral=False)  # a solo game starts: drawing follows
        result = await solo_play.open_solo(
            table, channel_id=channel_of(interaction), user=caller(interaction), game=game,
            opponents=opponents, level=level, locale=locale,
        )
        await post_public(interaction, result, [started_header(result)])
        return
    await replies.acknowledge(interaction, ephemeral=True)  # opening the DM and drawing take a while
    try:
        dm = await interaction.user.create_dm()
    except discord.HTTPException:
        await refuse(interaction, ui("dm_closed", locale))
        return
    try:
        result = await solo_play.open_solo(
            table, channel_id=str(dm.id), user=caller(interaction), game=game, opponents=opponents, level=level,
            locale=locale,
        )
    except TableError as err:
        if err.key != "channel_busy":
            raise
        # The busy channel is the DM, not the one typed in: say where the game is.
        where = f"https://discord.com/channels/@me/{dm.id}"
        raise TableError("solo_busy_dm", game=err.params.get("game", "?"), where=where) from None
    try:
        with reach.unrestricted():  # the DM is not the interaction's channel
            try:
                post = await posting.public_post(result, [started_header(result)])
            except Exception:  # the game is on: its first post goes out without the picture
                log.exception("drawing solo game %s failed; posting without the image", result.game_id)
                post = await posting.public_post(result, [started_header(result)], draw=False)
        await outbox.post(dm, **post)
    except replies.POST_ERRORS as err:
        # Nothing reached the DM: the game must not live on unseen (the next /solo would be
        # refused as "this channel already has a game").
        await table.abandon(channel_id=str(dm.id), user=caller(interaction))
        refusal = "dm_closed" if isinstance(err, discord.Forbidden) else "solo_not_posted"
        await refuse(interaction, ui(refusal, locale))
        return
    await replies.confirm(posted(interaction, result))
    title = rules.localised(rules.get(result.game).title, locale)
    me_id = caller(interaction).id
    rivals = [posting.escape(n) for n, u in zip(result.names, result.user_ids, strict=False) if u != me_id]
    if rivals:
        await send(interaction, content=ui("solo_bots_sent", locale, game=title, bots=listing(rivals, locale)), ephemeral=True)
    else:
        await send(interaction, content=ui("solo_sent", locale, game=title), ephemeral=True)


# ---- play -------------------------------------------------------------------------------------
@guarded
async def move(
    interaction: discord.Interaction, action: str, expected_version: int | None = None, game_id: int | None = None
) -> None:
    """A move, typed or picked. A typed move carries no version, so it applies only against what
    its sender could have seen (``seen_at``): a repeated identical command is "already done"."""
    check_id(expected_version, game_id)
    replies.acknowledge_soon(interaction, ephemeral=False)  # alongside the table call: never late
    # One game's posts go out in the order its moves were committed: a slow board image for one
    # move must not let the next move's post overtake it (simultaneous decisions, rate limits).
    async with outbox.lock(interaction.channel_id or 0):
        await replies.acknowledgements_first()
        result = await service(interaction).act(
            channel_id=channel_of(interaction),
            user=caller(interaction),
            action=action,
            expected_version=expected_version,
            game_id=game_id,
            seen_at=seen_at(interaction) if expected_version is None else None,
            act_id=str(interaction.id),  # logged with the move: a lost commit is looked up by it
        )
        await post_public(interaction, result)


@guarded
async def quick_move(interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
    check_id(game_id, version, index)
    table = service(interaction)
    action = await table.quick_action(
        channel_id=channel_of(interaction), user=caller(interaction), game_id=game_id, version=version, index=index
    )
    await move.__wrapped__(interaction, action, expected_version=version, game_id=game_id)  # type: ignore[attr-defined]


@guarded
async def hand(
    interaction: discord.Interaction,
    game_id: int | None = None,
    page: int = 0,
    edit: bool = False,
    part: int | None = None,
    version: int | None = None,
) -> None:
    """The private view and a picker of the caller's moves (narrowed to one slice if ``part``)."""
    check_id(game_id, page, part, version)
    await replies.acknowledge(interaction, ephemeral=True)  # drawing follows: answer first
    locale = reader_locale(interaction)
    result, private, legal = await service(interaction).hand(
        channel_id=channel_of(interaction), user=caller(interaction), game_id=game_id, reader=locale
    )
    if version is not None and not result.shows(version):
        raise TableError("stale")
    game = named(rules.get(result.game), result.names)  # "bob starts", not "Seat 2 starts"
    if part is not None:
        if not legal:
            waiting = [result.names[s] for s in result.to_act if 0 <= s < len(result.names)]
            raise TableError("not_your_turn", who=lambda loc, w=waiting: listing(w, loc) or "…")
        slices = game.split_moves(legal, locale)
        if not 0 <= part < len(slices):
            raise TableError("stale")
        legal = slices[part][1]
    view = None
    if legal:
        lines = [ui("your_moves", locale, count=len(legal))]
    else:  # over: say so (and that /game status has the result), not "no move right now"
        lines = [ui("no_moves" if result.status == "active" else "hand_game_over", locale)]
    if legal:
        view = discord.ui.View(timeout=None)
        drawn_for = result.seat_stamp if result.seat_stamp is not None else result.stamp
        view.add_item(posting.move_picker(game, legal, result.game_id, drawn_for, page, locale, part))
        jump = posting.page_jump(game, legal, result.game_id, drawn_for, page, locale, part)
        if jump is not None:
            view.add_item(jump)
    if result.status == "active":
        lines += await digest_lines(interaction, result.game_id, locale)
    kept = await service(interaction).own_note(result.game_id, str(interaction.user.id))
    if kept:  # the player's private note (``/note``): only ever in their own replies
        lines.append(ui("note_in_hand", locale, text=posting.escape(kept)))
    kwargs: dict[str, Any] = {"content": "\n".join(lines)}
    files: list[discord.File] = []
    if reach.current().attach:
        private = {**private, "locale": locale}  # the reader's language, not the table's
        files.append(await posting.image(result.game, private, f"{result.game}-{result.game_id}-hand"))
    else:  # no Attach Files here: the seat's board as text (their hand included), within a message
        names = [posting.escape(n) for n in result.names]
        board = textboard.board_lines(result.game, private, names, locale) or []
        kwargs["content"] = posting.fit([*lines, ui("no_image", locale), *board], head=2)
    if view is not None:
        kwargs["view"] = view
    if edit:
        await replies.update(interaction, attachments=files, **kwargs)
    else:
        await send(interaction, files=files, ephemeral=True, **kwargs)


@guarded
async def board(interaction: discord.Interaction) -> None:
    await replies.acknowledge(interaction, ephemeral=False)  # drawing follows: answer first
    result = await service(interaction).status(channel_id=channel_of(interaction))
    if result.view is None:
        raise TableError("not_started")
    await post_public(interaction, result)


@guarded
async def ping(interaction: discord.Interaction) -> None:
    """``/ping``: the bot answers with its version and gateway latency (operators and players
    checking whether the bot is up, and which build runs)."""
    locale = reader_locale(interaction)
    latency = getattr(interaction.client, "latency", float("nan"))
    shown = f"{latency * 1000:.0f} ms" if math.isfinite(latency) else ui("latency_unknown", locale)
    await send(interaction, content=ui("pong", locale, version=__version__, latency=shown), ephemeral=True)


@guarded
async def status(interaction: discord.Interaction) -> None:
    await replies.acknowledge(interaction, ephemeral=True)  # drawing follows: answer first
    locale = reader_locale(interaction)
    result = await service(interaction).status(channel_id=channel_of(interaction), reader=locale)
    title = rules.localised(rules.get(result.game).title, locale)
    header = ui(
        "status",
        locale,
        game=title,
        id=result.game_id,
        status=ui(f"st_{result.status}", locale),
        names=listing((posting.escape(n) for n in result.names), locale),
    )
    if result.banks:
        header += "\n" + ui("clocks", locale, clocks="; ".join(posting.escape(line) for line in result.clock_lines(locale)))
    if result.status == "active":
        header = "\n".join([header, *await digest_lines(interaction, result.game_id, locale)])
    if result.view is None:
        await send(interaction, content=header, ephemeral=True)
        return
    # A private reply: in the reader's language (text, buttons and the board image).
    private_view = {**result.view, "locale": locale}
    if result.banks:
        private_view["clocks"] = result.clocks(locale)
        private_view["away"] = result.away_texts(locale)
    result = dataclasses.replace(result, events=[], locale=locale, view=private_view)
    post = await posting.public_post(result, [header])
    if result.status in ("finished", "abandoned") and reach.current().attach:
        _, record = await service(interaction).export(channel_id=channel_of(interaction), locale=locale)
        log_file = discord.File(io.BytesIO(record.encode("utf-8")), filename=f"{result.game}-{result.game_id}.txt")
        post["files"] = [post.pop("file"), log_file]
    await send(interaction, ephemeral=True, **post)


@guarded
async def list_games(interaction: discord.Interaction) -> None:
    locale = reader_locale(interaction)
    guild = str(interaction.guild_id) if interaction.guild_id else None
    rows = await service(interaction).games(guild_id=guild, user=caller(interaction))
    if not rows:
        await send(interaction, content=ui("no_games", locale), ephemeral=True)
        return
    lines = []
    for row, seats in rows:
        title = rules.localised(rules.get(row.game).title, locale)
        shown = bots.display_names([(s.user_id, s.name, s.bot_level) for s in seats], locale)
        names = listing((posting.escape(name) for name in shown), locale)
        where = f"<#{row.channel_id}>" if guild else ""
        lines.append(f"#{row.id} **{title}** — {ui(f'st_{row.status}', locale)} — {names} {where}".strip())
    await send(interaction, content=posting.fit_first(lines), ephemeral=True)  # newest first


@guarded
async def recent(interaction: discord.Interaction, count: int, since: str | None = None) -> None:
    locale = reader_locale(interaction)
    if since is not None:  # ``/log since:me``: the others' moves since the reader's own last one
        await since_list(interaction, None)
        return
    _, lines = await service(interaction).recent(
        channel_id=channel_of(interaction), count=max(1, min(count, 50)), locale=locale
    )
    text = posting.fit([f"• {line}" for line in lines]) if lines else ui("no_log", locale)
    await send(interaction, content=text, ephemeral=True)


@guarded
async def since(interaction: discord.Interaction, game_id: int | None = None) -> None:
    """The *Since my turn* button: the clicker's own digest of the game, privately."""
    check_id(game_id)
    await since_list(interaction, game_id)


async def since_list(interaction: discord.Interaction, game_id: int | None) -> None:
    locale = reader_locale(interaction)
    digest = await service(interaction).since(
        user_id=str(interaction.user.id), locale=locale, channel_id=channel_of(interaction), game_id=game_id
    )
    await send(interaction, content=posting.fit(digest.full(locale), head=1), ephemeral=True)


async def digest_lines(interaction: discord.Interaction, game_id: int, locale: str) -> list[str]:
    """The folded "since your last turn" lines for the caller's own replies (none if they are not
    playing, or nobody moved since)."""
    try:
        digest = await service(interaction).since(user_id=str(interaction.user.id), locale=locale, game_id=game_id)
    except TableError:
        return []
    return digest.fold(locale)


async def table_options(interaction: discord.Interaction, game: str) -> dict[str, Any] | None:
    """The options of this channel's table when it plays ``game``, so help quotes its numbers."""
    try:
        here = await service(interaction).status(channel_id=channel_of(interaction))
    except TableError:
        return None
    options = (here.view or {}).get("options") if here.game == game else None
    return options if isinstance(options, dict) else None


def topic_key(topics: dict[str, str], typed: str | None) -> str | None:
    """The help topic a reader named: its key, or its name in any of our languages."""
    if not typed:
        return None
    wanted = typed.strip().casefold()
    for key in topics:
        names = {key.casefold(), *(topic_name(key, lang).casefold() for lang in ("en", "zh-TW", "zh-CN"))}
        if wanted in names:
            return key
    return None


@guarded
async def rules_help(interaction: discord.Interaction, game: str, topic: str | None) -> None:
    locale = reader_locale(interaction)
    try:
        chosen = rules.get(game.strip().lower())
    except KeyError:
        raise TableError("unknown_game", game=game, games=", ".join(rules.GAMES)) from None
    topics = chosen.help(locale, await table_options(interaction, chosen.name))
    key = topic_key(topics, topic)
    picked = {key: topics[key]} if key is not None else topics
    title = rules.localised(chosen.title, locale)
    lines = [f"**{title}**", *(f"**{topic_name(name, locale)}** — {text}" for name, text in picked.items())]
    await send(interaction, content=rules_text(lines, list(picked), chosen.name, locale), ephemeral=True)


def rules_text(lines: list[str], keys: list[str], game: str, locale: str) -> str:
    """The title and topic lines as one message; when they do not fit, the first topics and a
    last line naming the others with the command that shows each (the overview first)."""
    text = "\n".join(lines)
    if len(text) <= posting.CONTENT_LIMIT:
        return text
    for kept in range(len(keys) - 1, -1, -1):
        rest = listing([f"`/rules game:{game} topic:{key}`" for key in keys[kept:]], locale)
        text = "\n".join([*lines[: 1 + kept], ui("rules_more", locale, topics=rest)])
        if len(text) <= posting.CONTENT_LIMIT:
            return text
    return posting.fit_first(lines)


# ---- keeping asynchronous games alive ------------------------------------------------------------
@guarded
async def undo(interaction: discord.Interaction) -> None:
    """Take back the caller's last decision; the public post says who took back what."""
    replies.acknowledge_soon(interaction, ephemeral=False)
    async with outbox.lock(interaction.channel_id or 0):
        await replies.acknowledgements_first()
        result = await service(interaction).undo(
            channel_id=channel_of(interaction), user=caller(interaction), seen_at=seen_at(interaction)
        )
        await post_public(interaction, result)


def member_user(member: discord.User | discord.Member) -> User:
    return User(str(member.id), member.display_name)


@guarded
async def replace(interaction: discord.Interaction, old: discord.User | discord.Member, new: discord.User | discord.Member) -> None:
    if new.bot:  # Postern itself or another app: it would hold the seat and never move
        raise TableError("replace_with_bot", name=new.display_name)
    await replies.acknowledge(interaction, ephemeral=False)
    try:
        result = await service(interaction).replace(
            channel_id=channel_of(interaction), user=caller(interaction), old_id=str(old.id), new=member_user(new)
        )
    except TableError as err:
        if err.key == "not_replaceable":  # named as the reader sees them, not by their user id
            err.params["name"] = old.display_name
        raise
    if result.status == "lobby":
        await show_lobby(interaction, result, from_button=False)
        return
    await post_public(interaction, result)
    if old.id != interaction.user.id and not old.bot:
        await tell_replaced(interaction, old, new, result)


async def tell_replaced(
    interaction: discord.Interaction, old: discord.User | discord.Member, new: discord.User | discord.Member, result: Result
) -> None:
    """A DM to the player whose seat a host or moderator gave away: a seat (and its hidden hand)
    never changes hands behind its player's back. Closed DMs only cost the note (logged)."""
    try:
        settings = await service(interaction).db.user_settings(str(old.id))
        locale = settings.dm_locale(result.locale)
        title = rules.localised(rules.get(result.game).title, locale)
        where = f"https://discord.com/channels/{interaction.guild_id or '@me'}/{channel_of(interaction)}"
        text = ui("seat_given_away", locale, by=interaction.user.display_name, game=title, new=new.display_name, where=where)
        await outbox.post(await old.create_dm(), content=text[:2000])
    except (*replies.POST_ERRORS, storage.StorageError) as err:
        log.info("could not tell %s that their seat in game %s was given away: %s", old.id, result.game_id, err)


@guarded
async def rejoin(interaction: discord.Interaction) -> None:
    await replies.acknowledge(interaction, ephemeral=False)
    result = await service(interaction).rejoin(channel_id=channel_of(interaction), user=caller(interaction))
    await post_public(interaction, result)


@guarded
async def add_bot(
    interaction: discord.Interaction, level: str | None, game_id: int | None = None, version: int | None = None
) -> None:
    """``/game addbot [level]``, or an *Add bot* button of the lobby ``game_id`` at ``version``
    (which then updates that lobby post). Only the host may; a button of an older lobby, or one
    clicked twice, is refused as stale."""
    check_id(game_id, version)
    table = service(interaction)
    if game_id is not None:
        live = await table.db.live_game(channel_of(interaction))
        if live is None or live.id != game_id:
            raise TableError("stale")
    result = await table.add_bot(
        channel_id=channel_of(interaction), user=caller(interaction), level=level, expected_version=version
    )
    await show_lobby(interaction, result, from_button=game_id is not None)


def _until(moment: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(moment))


@guarded
async def away(interaction: discord.Interaction, days: int) -> None:
    locale = reader_locale(interaction)
    settings = await service(interaction).away(user=caller(interaction), days=days)
    until = _until(settings.away_until or 0.0)
    text = ui("away_set", locale, until=until, used=settings.away_days_used, limit=me.AWAY_LIMIT_DAYS)
    await send(interaction, content=text, ephemeral=True)


@guarded
async def back(interaction: discord.Interaction) -> None:
    locale = reader_locale(interaction)
    settings = await service(interaction).back(user=caller(interaction))
    text = ui("back_set", locale, used=settings.away_days_used, limit=me.AWAY_LIMIT_DAYS)
    await send(interaction, content=text, ephemeral=True)


@guarded
async def my_settings(
    interaction: discord.Interaction,
    reminders: bool | None,
    quiet: str | None,
    time_zone: str | None,
    language: str | None,
    stats: str | None = None,
) -> None:
    locale = reader_locale(interaction)
    table = service(interaction)
    s = await table.settings(
        user=caller(interaction), reminders=reminders, quiet=quiet, time_zone=time_zone, language=language
    )
    if stats is not None:
        await table.db.set_stats_private(str(interaction.user.id), stats == "private", table.clock.now())
    private = await table.db.stats_private(str(interaction.user.id))
    hours = "—" if s.quiet_start is None or s.quiet_end is None else (
        f"{s.quiet_start // 60:02d}:{s.quiet_start % 60:02d}-{s.quiet_end // 60:02d}:{s.quiet_end % 60:02d}"
    )
    text = ui(
        "settings_now", locale,
        reminders=ui("on" if s.reminders else "off", locale), quiet=hours, zone=s.time_zone,
        language=language_name(s.locale) if s.locale else ui("language_default", locale),
    )
    shown = ui("stats_set", locale, state=ui("stats_hidden" if private else "stats_public", locale))
    await send(interaction, content=f"{text}\n{shown}", ephemeral=True)


def jump_link(guild_id: str | None, channel_id: str) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


@guarded
async def my_games(interaction: discord.Interaction) -> None:
    """Every game of the caller, across servers and DMs: waiting on them first, oldest wait first."""
    locale = reader_locale(interaction)
    games = await service(interaction).my_games(user=caller(interaction))
    if not games:
        await send(interaction, content=ui("no_my_games", locale), ephemeral=True)
        return
    lines = []
    for g in games:
        title = rules.localised(rules.get(g.row.game).title, locale)
        parts = [f"#{g.row.id} **{title}**", ui(f"st_{g.row.status}", locale)]
        if g.waiting:
            parts.append(f"**{ui('waits_on_you', locale)}**")
        if g.held:
            parts.append(message("held_by_bot", locale))
        if g.left is not None:
            parts.append(timer.left_text(g.left, locale))
        parts.append(jump_link(g.row.guild_id, g.row.channel_id))
        lines.append(" — ".join(parts))
    await send(interaction, content=posting.fit_first(lines), ephemeral=True)  # those waiting on you first


@guarded
async def vote(interaction: discord.Interaction, game_id: int, seat: int, turn: int, choice: str) -> None:
    """A click on a vote button: recorded (changeable until the vote closes), answered privately."""
    check_id(game_id, seat, turn)
    locale = reader_locale(interaction)
    # Outside a server the click may come from the voter's DM, where the vote was sent because
    # the game's channel refused it: no channel to match (the voter must still hold a seat of
    # that game, which ``cast_vote`` checks).
    channel = channel_of(interaction) if interaction.guild_id is not None else None
    votes = await scheduler.cast_vote(
        service(interaction), channel_id=channel, user=caller(interaction),
        game_id=game_id, seat=seat, turn=turn, choice=choice,
    )
    counts: dict[str, int] = {}
    for picked in votes.values():
        counts[picked] = counts.get(picked, 0) + 1
    tally = listing((f"{ui(f'vote_btn_{c}', locale)} {n}" for c, n in counts.items()), locale)
    await send(interaction, content=ui("voted", locale, choice=ui(f"vote_btn_{choice}", locale), tally=tally), ephemeral=True)

