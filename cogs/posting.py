"""Turning table results into Discord messages: text within limits, the board image, buttons.

One post per move: the public event lines (automa moves folded in), the board image, a mention of
whoever must act next and the buttons (My hand, plus the frequent decision). Drawing runs in the
render process pool so the event loop never stalls.
"""

from __future__ import annotations

import io
import itertools
import logging
import re
import time
from typing import Any

import discord

import rules
from cogs import components, reach, textboard
from cogs.i18n import group_name, ui
from cogs.rating_words import rating_lines
from render import pool as render_pool
from table import bots, observability, seating
from table.messages import listing
from table.named import named
from table.order import move_order
from table.service import Result

CONTENT_LIMIT = 2000
BUTTON_LABEL_LIMIT = 80

log = logging.getLogger("postern.posting")


def escape(name: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def fit(lines: list[str], limit: int = CONTENT_LIMIT, head: int = 0) -> str:
    """Join lines, dropping the oldest ones (with a note) if the message would be too long.

    ``head``: that many first lines are kept anyway (within a third of the room), and the lines
    dropped are the ones after them. A move's post leads with the move itself, then whatever it
    set off (a Burgundy phase start logs dozens of depot tiles and dice), then whose turn it is:
    the move and the turn are what the channel must not lose."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    first: list[str] = []
    size = 20
    for line in lines[:head]:
        if size + len(line) + 1 > limit // 3:
            break
        first.append(line)
        size += len(line) + 1
    kept: list[str] = []
    for line in reversed(lines[len(first):]):
        if size + len(line) + 1 > limit:
            break
        kept.insert(0, line)
        size += len(line) + 1
    dropped = len(lines) - len(first) - len(kept)
    return "\n".join([*first, f"… (+{dropped})", *kept])[:limit]


POST_HEAD = 3
"""Lines a public post keeps at its start however long it gets (``fit``): its header and the
move that caused it."""


SLICE_BUTTONS = 15
"""Most slice buttons on a post: with "My hand" and four quick moves, 20 of Discord's 25."""


def clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word (with "…") rather than mid-word: a
    button or menu label that stops at "take the Mon" reads as a different move."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:  # a word boundary not too far back (CJK text has none: cut anywhere)
        cut = cut[:space]
    return cut.rstrip(" ,;:—-") + "…"


def fit_first(lines: list[str], limit: int = CONTENT_LIMIT) -> str:
    """Join lines, keeping the first ones (with a note of how many follow) if the message would be
    too long: for lists that put what matters first (games waiting on you, the newest games, a
    rules overview), where ``fit``'s keeping of the last lines would drop exactly those."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 20
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join([*kept, f"… (+{len(lines) - len(kept)})"])[:limit]


async def image(game: str, view: dict[str, Any], name: str) -> discord.File:
    """The picture of ``view``, drawn in the render process pool. Public boards are named
    ``<game>-<id>-v<version>``: while one waits for a worker, a newer board of the same game takes
    its place and both posts show the newer board (render/pool.py)."""
    board = re.fullmatch(r"(.+)-v\d+", name)
    started = time.perf_counter()
    data = await render_pool.shared().draw(game, view, key=board.group(1) if board else None)
    observability.RENDER_SECONDS.labels(game).observe(time.perf_counter() - started)
    return discord.File(io.BytesIO(data), filename=f"{name}.png")


def result_lines(result: Result, locale: str) -> list[str]:
    names = [escape(n) for n in result.names]
    game = rules.get(result.game)
    lines = [f"• {text}" for e in result.events if (text := seating.event_line(game, e, locale, names))]
    if result.standings and result.scores and not result.against_the_rules:
        lines.append(ui("final" if result.finished else "standings_unfinished", locale))
        places = result.places if len(result.places) == len(result.ranking) else range(1, len(result.ranking) + 1)
        shown: list[tuple[int, int]] = []
        for rank, seat in zip(places, result.ranking, strict=True):
            who = ui("automa", locale) if seat == rules.AUTOMA else (names[seat] if 0 <= seat < len(names) else "?")
            score = result.scores[seat if seat >= 0 else len(result.scores) - 1]
            lines.append(ui("score_line", locale, rank=rank, name=who, score=score))
            shown.append((score, rank))
        if any(a[0] == b[0] and a[1] != b[1] for a, b in itertools.pairwise(shown)):
            lines.append(ui("tie_broken", locale))  # "6, 6" ranked 2nd and 3rd: say why
        lines += rating_lines(result.ratings, result.user_ids, names, locale)
    elif result.status == "active":
        # Ping only players who were not already acting: one mention per turn, not per decision.
        who = [
            f"<@{result.user_ids[s]}>" if result.user_ids[s] in result.mention else names[s]
            for s in result.to_act
            if 0 <= s < len(names)
        ]
        if who:
            lines.append(ui("your_turn", locale, who=listing(dict.fromkeys(who), locale)))
    return lines


def game_buttons(result: Result, locale: str) -> discord.ui.View | None:
    if result.status != "active":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(components.hand_button(result.game_id, label=ui("my_hand", locale)))
    if len(result.names) >= 3:  # several others move between one's turns: what did they do?
        view.add_item(components.since_button(result.game_id, label=ui("since_button", locale)))
    game = named(rules.get(result.game), result.names)
    for index, action in enumerate(result.quick[:4]):
        label = clip(game.describe(action, locale), BUTTON_LABEL_LIMIT)
        view.add_item(components.act_button(result.game_id, result.stamp, index, label))
    # Every slice gets its button (Burgundy can name six; a message holds 25 components), else the
    # last slice's moves were reachable only through "My hand".
    for index, label in enumerate(result.slices[:SLICE_BUTTONS]):
        view.add_item(components.slice_button(result.game_id, result.stamp, index, clip(label, BUTTON_LABEL_LIMIT)))
    return view


async def public_post(result: Result, header: list[str] | None = None, draw: bool = True) -> dict[str, Any]:
    """Keyword arguments for ``send_message``/``send`` of a public post about ``result``; where
    the bot may not attach files (``reach``), a text board replaces the image (``draw=False``:
    without the board image, when drawing failed)."""
    locale = result.locale
    lines = [*(header or []), *result_lines(result, locale)]
    with_image = reach.current().attach
    if result.view is not None and not with_image:
        lines.append(textboard.summary(result, [escape(n) for n in result.names], locale))
    content = fit(lines, head=len(header or []) + POST_HEAD) or "\u200b"
    post: dict[str, Any] = {
        "content": content,
        "allowed_mentions": discord.AllowedMentions(users=True, roles=False, everyone=False),
    }
    if result.view is not None and with_image and draw:
        post["file"] = await image(result.game, result.view, f"{result.game}-{result.game_id}-v{result.version}")
        if result.story is not None:  # the end: the game's story beside the final board
            try:
                story = await image("stats", result.story, f"story-{result.game_id}")
                post["files"] = [post.pop("file"), story]
            except Exception:  # the story is a bonus: the final post goes out without it
                log.exception("drawing the story of game %s failed", result.game_id)
    buttons = game_buttons(result, locale)
    if buttons is not None:
        post["view"] = buttons
    return post


def picker_options(game: rules.Game, legal: list[str], page: int, locale: str) -> list[discord.SelectOption]:
    """One page of moves, grouped by kind, with "more…" leading to the next page.

    Each option reads first as the game describes the move, in the reader's language; the
    notation (what ``/move`` takes) follows in the grey line with the move's kind, since a code
    such as ``take 3:COW3`` says little to most players."""
    ordered = sorted(legal, key=move_order(game))
    start_at = page * components.PAGE_SIZE
    chunk = ordered[start_at : start_at + components.PAGE_SIZE]
    options = [
        discord.SelectOption(
            label=clip(game.describe(a, locale) or a, 100),
            value=a,
            description=clip(f"[{group_name(game.group(a), locale)}] {a}", 100),
        )
        for a in chunk
    ]
    pages = -(-len(ordered) // components.PAGE_SIZE)
    if start_at + components.PAGE_SIZE < len(ordered):
        label = ui("more", locale, page=page + 2, pages=pages)
        options.append(discord.SelectOption(label=label[:100], value=f"__more:{page + 1}"))
    elif page > 0:
        label = ui("back_to_first", locale, pages=pages)
        options.append(discord.SelectOption(label=label[:100], value="__more:0"))
    return options


def move_picker(
    game: rules.Game, legal: list[str], game_id: int, version: int, page: int, locale: str, part: int | None = None
) -> components.MoveSelect:
    """The select menu of one page of the caller's moves (narrowed to one slice with ``part``)."""
    options = picker_options(game, legal, page, locale)
    return components.MoveSelect(game_id, version, page, options, ui("pick", locale), part)


JUMP_FROM_PAGES = 3
"""A move list of this many pages or more also gets the menu of its pages (``page_jump``)."""


def page_jump(
    game: rules.Game, legal: list[str], game_id: int, version: int, page: int, locale: str, part: int | None = None
) -> components.PageSelect | None:
    """A menu of the move list's pages, each named by its first and last move, to go straight to
    one (up to 25, spread over the list when there are more); None for a short list."""
    ordered = sorted(legal, key=move_order(game))
    size = components.PAGE_SIZE
    pages = -(-len(ordered) // size)
    if pages < JUMP_FROM_PAGES:
        return None
    shown = sorted({round(i * (pages - 1) / 24) for i in range(25)}) if pages > 25 else range(pages)
    options = [
        discord.SelectOption(
            label=clip(ui("page_of", locale, page=k + 1, pages=pages), 100),
            value=str(k),
            description=clip(f"{ordered[k * size]} … {ordered[min(len(ordered), (k + 1) * size) - 1]}", 100),
            default=k == page,
        )
        for k in shown
    ]
    return components.PageSelect(game_id, version, page, options, ui("jump", locale, pages=pages), part)



def lobby_post(result: Result, locale: str) -> dict[str, Any]:
    game = rules.get(result.game)
    names = listing((escape(n) for n in result.names), locale)
    # The host is whoever holds the role now: after the first host leaves it passes on, and the
    # first seat may then be a bot.
    host = next((n for n, u in zip(result.names, result.user_ids, strict=False) if u == result.host_id), None)
    full = len(result.names) >= result.capacity
    content = ui(
        "lobby_full" if full else "lobby",
        locale,
        game=rules.localised(game.title, locale),
        host=escape(host) if host is not None else "?",
        count=len(result.names),
        capacity=result.capacity,
        names=names,
    )
    view = discord.ui.View(timeout=None)
    if not full:  # a full table has no seat to join: no button that can only be refused
        view.add_item(components.join_button(result.game_id, label=ui("join", locale)))
    view.add_item(components.start_button(result.game_id, label=ui("start", locale)))
    if result.status == "lobby" and not full and bots.can_play(game):
        for level in bots.SEARCH_LEVELS:  # Add bot, one button per level (the host's to press)
            label = ui("add_bot", locale, level=bots.level_name(level, locale))
            view.add_item(components.bot_button(result.game_id, level, label[:BUTTON_LABEL_LIMIT], result.version))
    return {"content": content, "view": view, "allowed_mentions": discord.AllowedMentions.none()}
