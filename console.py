"""The local console: play any Postern game in a terminal, through the same table service.

It is the newcomer's first contact, so it favours short commands: type a move's number from the
list, or its notation. Several local players can share the terminal (``as NAME`` switches who
you are; moves go to whoever must act when that is a single local player). Each board image is
written to a folder and its path printed.

It speaks the player's language (``console_texts``): the one named by ``POSTERN_LANGUAGE``, else
the terminal's POSIX locale, switchable with ``language``; the table and the games get the same
locale, so the whole session reads in one language.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import difflib
import functools
import hashlib
import logging
import os
import random
import re
import sys
import threading
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

import console_texts
import render
import rules
import storage
from console_texts import LANGUAGE_NAMES
from render import pool as render_pool
from storage import Database
from table import bots, hints, timer
from table import scheduler as due
from table import solo as solo_play
from table.messages import TableError, message
from table.options import split_options
from table.service import Result, TableService, User, as_typed

log = logging.getLogger("postern.console")

CHANNEL = "local-console"
GAME_TIME_NOTE = "game-time-skipped"
"""Where earlier versions kept the seconds of game time `wait` skipped (read once, see
``load_game_time``; game time is now kept in the database, ``table.clock``)."""
LOCAL_PREFIX = "local:"
"""The user ids of the console's players (``local:<name>``), as Discord's are snowflakes."""
SERVER = "local-server"
"""The console's lobbies open as in one local server, so ``settings`` (a server's ``/settings``)
can be tried here: its default timer and post language apply to the next ``new``."""
PAGE = 40
"""Moves numbered per page of the list; ``more`` shows the next page (numbers keep counting)."""
MAX_LOG = 200
"""The most lines ``log N`` shows."""
UNDO_LOOKBACK = 50
"""How many logged actions `undo` reads back for the last player's decision (bots' and chance
steps between carry no user)."""
MAX_NAME = 32
"""Longest local player name (Discord's display-name limit)."""
NUMBER = re.compile(r"[0-9]+")
"""ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int`` refuses."""

LANGUAGE_ENV = "POSTERN_LANGUAGE"
"""Names the console's starting language, ahead of the terminal's locale (``starting_locale``)."""
POSIX_LOCALE_ENV = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX locale variables for messages, first set one wins (as ``gettext`` reads them)."""
TRADITIONAL = {"tw", "hk", "mo", "hant"}
"""Parts of a ``zh`` POSIX locale that mean Traditional characters; any other ``zh`` is Simplified."""


class Console:
    def __init__(self, table: TableService, out: TextIO, image_dir: Path, locale: str = "en") -> None:
        """``locale`` is the console's own language, also passed to the table and the games for
        everything shown here (``language`` changes it for the session)."""
        self.table = table
        self.scheduler = due.Scheduler(table)
        """The durable scheduler, run as the bot's keeper runs it: after `wait` and before each
        command, so reminders, a seat whose time ran out (its vote) and an away that ended happen
        here too."""
        self.out = out
        self.image_dir = image_dir
        self.locale = locale
        self.players: dict[str, User] = {}
        own = clean_name(os.environ.get("USER") or "")  # the login name; without one, a word in the session's language
        self.current = User(f"{LOCAL_PREFIX}you", own or console_texts.text("default_name", locale))
        self.players[self.current.name.lower()] = self.current
        self.numbered: list[str] = []
        self.last_mover: User | None = None
        """Who made the last decision at this console: ``undo`` takes back theirs."""
        self.page = 0
        self.labels: Callable[[str], str] = str
        self.pruned: set[str] = set()
        """Games (``<game>-<id>``) whose per-move pictures from earlier consoles were removed."""

    def say(self, text: str = "") -> None:
        print(as_typed_here(text), file=self.out, flush=True)

    def t(self, key: str, **params: object) -> str:
        """The console's own message ``key`` (``console_texts``) in the session's language."""
        return console_texts.text(key, self.locale, **params)

    def joined(self, items: list[str]) -> str:
        """Names or entries as one list, separated as the session's language does (", " or "、")."""
        return console_texts.joined(items, self.locale)

    def status_word(self, status: str) -> str:
        """A game's stored status (``active``, …) in the session's language."""
        return console_texts.status_word(status, self.locale)

    def title(self, game: str) -> str:
        """A game's title in the session's language."""
        return rules.localised(rules.get(game).title, self.locale)

    def table_line(self, result: Result) -> str:
        """The header of ``board`` and ``status``: the game, its number and state, its players."""
        status = self.status_word(result.status)
        names = self.joined(result.names)
        return self.t("table_line", title=self.title(result.game), id=result.game_id, status=status, names=names)

    # ---- output ---------------------------------------------------------------------------------
    async def in_my_language(self, result: Result) -> Result:
        """``result`` with the words the table made in its own language (a bot's name "Bot
        (normal)", the clocks and away notes drawn on the board) redone in the console's.

        The table keeps the language it was opened in; after ``language`` the console reads in
        another, and ``status`` and the board pictures still named bots in the old one."""
        if result.locale == self.locale:
            return result
        seats = await self.table.db.seats(result.game_id)
        if len(seats) != len(result.names):  # not this table's lineup: leave it as it was
            return result
        names = bots.display_names([(s.user_id, s.name, s.bot_level) for s in seats], self.locale)
        view = result.view
        if view is not None:
            view = {**view, "names": names, "locale": self.locale}
            if "clocks" in view:
                view["clocks"] = result.clocks(self.locale)
            if "away" in view:
                view["away"] = result.away_texts(self.locale)
        return dataclasses.replace(result, names=names, view=view, locale=self.locale)

    async def show(self, result: Result) -> None:
        result = await self.in_my_language(result)
        for line in result.lines(self.locale):
            self.say(f"  • {line}")
        if result.view is not None:
            path = await self.save_image(result.game, result.view, board_stem(result.game, result.game_id))
            self.say(f"  {self.t('board_image', path=path)}")
        if result.finished:
            self.say(f"  {self.t('game_over')}")
        elif result.standings:  # ended early by the players' vote
            self.final_lines(result)
        elif result.status == "active":
            if len([u for u in result.user_ids if not bots.is_bot_id(u)]) == 1:  # alone (or against bots)
                await self.show_hand(result)
            await self.prompt_moves(result)

    async def show_hand(self, result: Result) -> None:
        """A solo player's own private view after each move (nobody else shares the terminal)."""
        human = next((u for u in result.user_ids if not bots.is_bot_id(u)), None)
        user = self._user_of(human) if human is not None else None
        if user is None:
            return
        _, private, _ = await self.table.hand(channel_id=CHANNEL, user=user, reader=self.locale)
        path = await self.save_image(result.game, private, hand_stem(result.game, result.game_id, user))
        self.say(f"  {self.t('hand_image', path=path)}")

    def say_board(self, game: str, view: dict) -> None:
        """The board as text under the image's path (``render.text``), so a terminal reader sees
        it without opening the file: Discord's bold and code fences are dropped, names are not
        escaped (nothing here reads markdown)."""
        try:
            lines = render.text(game, {**view, "locale": self.locale})
        except Exception:  # the image above still shows the board: a text bug must not end the session
            log.exception("text board of %s failed", game)
            return
        for line in lines:
            if line.strip().startswith("```"):
                continue
            self.say(f"    {line.replace('**', '')}")

    async def save_image(self, game: str, view: dict, stem: str) -> Path:
        """Draw ``view`` into ``<image_dir>/<stem>.png``, replacing the picture drawn before.

        One file per game's board and per player's hand (``board_stem``, ``hand_stem``): a
        picture per move piled up hundreds of files an evening, and only the latest is worth
        opening. The new picture is written beside the old one and renamed over it, so a viewer
        that reloads the file never reads half an image."""
        # One reader at this terminal: every picture in the session's language (`language`
        # switches it), as Discord draws a private reply in its reader's.
        data = await render_pool.shared().draw(game, {**view, "locale": self.locale})
        self.image_dir.mkdir(parents=True, exist_ok=True)
        path = self.image_dir / f"{stem}.png"
        partial = path.with_name(f".{path.name}.partial")
        partial.write_bytes(data)
        os.replace(partial, path)
        self.prune_numbered(game, stem)
        return path

    def prune_numbered(self, game: str, stem: str) -> None:
        """Remove the pictures earlier consoles wrote for this game, one per move
        (``fixer-1-v12.png``, ``fixer-1-hand-v12.png``): the file just written replaces them all.
        Only names of exactly that form are touched, once per game and session."""
        prefix = stem.split("-board")[0].split("-hand-")[0]  # "<game>-<id>"
        if prefix in self.pruned or not prefix.startswith(f"{game}-"):
            return
        self.pruned.add(prefix)
        numbered = re.compile(rf"{re.escape(prefix)}-(hand-)?v[0-9]+\.png")
        for old in self.image_dir.glob(f"{prefix}-*v*.png"):
            if numbered.fullmatch(old.name):
                with contextlib.suppress(OSError):  # already gone, or not ours to remove: keep playing
                    old.unlink()

    async def prompt_moves(self, result: Result, stay: bool = False) -> None:
        """List the moves of whoever must act here and become them; with ``stay`` (after ``as``,
        which chose who we are) list only our own, else say who is awaited."""
        acting = [s for s in result.to_act if 0 <= s < len(result.user_ids)]
        if not acting or result.status != "active":
            return
        result = await self.in_my_language(result)
        local = [u for s in acting if (u := self._user_of(result.user_ids[s])) is not None]
        mover = next((u for u in local if u.id == self.current.id), None) or (local[0] if local and not stay else None)
        if mover is None:
            self.numbered = []  # a number typed now is not one of another player's moves
            names = self.joined([result.names[s] for s in acting])
            self.say(f"  {self.t('waiting', names=names)}")
            return
        if len(acting) > 1:
            others = self.joined([u.name for u in local if u.id != mover.id])
            self.say(f"  {self.t('simultaneous', mover=mover.name, others=others)}")
        self.current = mover
        game, legal = await self.table.legal_moves(channel_id=CHANNEL, user=mover)
        self.numbered = legal
        self.labels = lambda action: game.describe(action, self.locale)
        self.say(f"  {self.t('your_move', name=mover.name, count=len(legal))}")
        self.list_page(0)

    def list_page(self, page: int) -> None:
        """Number one page of the legal moves; every move is reachable by number through ``more``."""
        self.page = page
        first = page * PAGE
        chunk = self.numbered[first : first + PAGE]
        # The move column is as wide as this page's longest move, so a long move never runs into
        # its label; a label that only repeats the move is left out.
        width = max((len(a) for a in chunk), default=0)
        for i, action in enumerate(chunk, first + 1):
            label = self.labels(action)
            self.say(f"   {i:>3}. {action:<{width}}  — {label}" if label != action else f"   {i:>3}. {action}")
        rest = len(self.numbered) - first - len(chunk)
        if rest > 0:
            last = min(first + 2 * PAGE, len(self.numbered))
            self.say(f"   {self.t('more_moves', rest=rest, first=first + len(chunk) + 1, last=last)}")

    def _user_of(self, user_id: str) -> User | None:
        return next((u for u in self.players.values() if u.id == user_id), None)

    async def run_due(self) -> None:
        """One pass of the durable scheduler, and what it has to say: a reminder, the vote on a
        seat whose time ran out (`vote` answers it), the vote's outcome with the board it made."""
        for notice in await self.scheduler.run_once():
            text = notice.text(self.locale)
            if notice.kind == "reminder":
                self.say(f"  ⏰ {notice.name}: {text}")
            elif notice.kind == "vote_opened":
                voters = [u.name for uid in notice.voters if (u := self._user_of(uid)) is not None]
                self.say(f"  ⌛ {text}")
                self.say(f"  {self.t('vote_how', choices='|'.join(due.VOTE_CHOICES), names=self.joined(voters))}")
            elif notice.kind == "vote_decided":
                self.say(f"  ⌛ {text}")
                if notice.result is not None:
                    await self.show(notice.result)

    async def cmd_vote(self, args: list[str]) -> bool:
        """``vote wait|bot|replace|end``: the current player's vote on a seat whose time ran out."""
        choice = args[0].lower() if len(args) == 1 else ""
        if choice not in due.VOTE_CHOICES:
            self.say(f"  {self.t('vote_usage', choices='|'.join(due.VOTE_CHOICES))}")
            return True
        status = await self.table.status(channel_id=CHANNEL)
        pending = [d for d in await self.table.db.pending_due(status.game_id) if d.kind == due.VOTE]
        if status.status != "active" or not pending:
            self.say(f"  ✗ {self.t('no_vote_open')}")
            return True
        item = pending[0]
        votes = await due.cast_vote(
            self.table, channel_id=CHANNEL, user=self.current, game_id=status.game_id, seat=item.seat,
            turn=item.turn, choice=choice,
        )
        tally = self.joined([f"{(self._user_of(uid) or User(uid, uid)).name} {vote}" for uid, vote in votes.items()])
        self.say(f"  {self.t('voted', name=self.current.name, choice=choice, votes=tally)}")
        return True

    async def cmd_leave(self, args: list[str]) -> bool:
        """``leave``: the current player leaves the lobby (the host's role passes on)."""
        result = await self.table.leave(channel_id=CHANNEL, user=self.current)
        if result.status == "abandoned":
            self.say(f"  {self.t('left_lobby_empty', name=self.current.name)}")
            return True
        names = self.joined(result.names)
        self.say(f"  {self.t('left_lobby', name=self.current.name, names=names, count=len(result.names), capacity=result.capacity)}")
        return True

    async def load_game_time(self, db_path: str) -> None:
        """Run on the game time kept in the database (``table.clock.keep``). A database whose game
        time was kept the old way (the seconds `wait` skipped, in a note or a file beside an SQLite
        one) starts its kept game time with them, once."""
        db = self.table.db
        if await db.game_clock() is None:
            try:
                note = Path(f"{db_path}.{GAME_TIME_NOTE}")
                text = await db.read_note(GAME_TIME_NOTE) if db.keeps_notes else note.read_text()
                skipped = float(text or 0)
            except (OSError, ValueError):
                skipped = 0.0
            if skipped > 0:
                self.table.clock.advance(skipped)
        await self.table.keep_time()

    def remember_seated(self, result: Result) -> None:
        """Know again the local players seated at ``result``'s table: after a restart the console
        has forgotten who ``add`` brought in, and without this nobody could act for them (``as``
        would not know the name, and a started game accepts no new ``add``)."""
        for user_id, name in zip(result.user_ids, result.names, strict=False):
            if user_id.startswith(LOCAL_PREFIX) and self._user_of(user_id) is None:
                self.players.setdefault(name.lower(), User(user_id, name))

    async def remember_seated_in(self, result: Result) -> None:
        """``remember_seated``, and the local players whose seats a bot holds for them (so they
        can `as NAME` and `rejoin`): the seat keeps the player's own name."""
        self.remember_seated(result)
        held = f"{bots.USER_PREFIX}for:{LOCAL_PREFIX}"
        for seat in await self.table.db.seats(result.game_id):
            if seat.user_id.startswith(held):
                user_id = seat.user_id.removeprefix(f"{bots.USER_PREFIX}for:")
                if self._user_of(user_id) is None:
                    self.players.setdefault(seat.name.lower(), User(user_id, seat.name))

    # ---- commands -------------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        """Run one command line; returns False to quit.

        Order of reading: a line that is exactly one of the current player's legal moves is that
        move (so no command word can shadow a move text); then a command word, unless the line
        has several words and its first begins a listed move; then a move number; then
        ``move TEXT``; anything else is tried as a move and refused by the rules if illegal.
        Full-width text from a Chinese input method reads as its ASCII twin (``as_typed``).
        """
        line = as_typed(line)
        words = line.split()
        if not words:
            return True
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in line):
            self.say(f"  ✗ {self.t('lone_surrogate')}")
            return True
        text = " ".join(words)
        cmd, args = words[0].lower(), words[1:]
        saved_before = storage.commits()
        try:
            await self.run_due()  # real time passes between lines too
            _, legal = await self.table.legal_moves(channel_id=CHANNEL, user=self.current)
            listed = listed_move(text, legal)
            if listed is not None:
                await self.move(listed)
                return True
            # The first word of a multi-word listed move ("move a4-a3", "board 3") is notation
            # here: a line of several words starting with it is a move, and the game explains
            # why it is illegal, rather than a command with arguments.
            notation = {a.split()[0].casefold() for a in legal if " " in a}
            handler = self.commands().get(cmd)
            if handler is not None and not (args and cmd in notation):
                return await handler(args)
            if NUMBER.fullmatch(cmd) and len(words) == 1:
                index = int(cmd) - 1
                if not 0 <= index < len(self.numbered):
                    self.say(f"  {self.t('no_such_number')}")
                    return True
                await self.move(self.numbered[index])
                return True
            if cmd != "move" and await self.unknown_word(cmd, legal):
                self.say_unknown(cmd)
                return True
            await self.move(" ".join(args) if cmd == "move" and args and cmd not in notation else text)
        except TableError as err:
            self.say(f"  ✗ {err.text(self.locale)}")
        except Exception:  # a bug of ours: logged in full, one honest line at the prompt, play goes on
            log.exception("console command %r failed", text)
            key = "internal_saved" if storage.commits() > saved_before else "internal"
            self.say(f"  ✗ {message(key, self.locale, game_id=await self.latest_game_id())}")
        return True

    async def unknown_word(self, word: str, legal: list[str]) -> bool:
        """Whether a line starting with ``word`` (neither a command, a move number nor a listed
        move) is a mistyped command rather than a move: a word of letters only that begins none
        of the game's moves. Text in the game's notation ("R7@2", "keep", "tower z9") still goes
        to the rules, whose refusal says what is wrong with the move."""
        if not word.isalpha() or word in {a.split()[0].casefold() for a in legal if a.strip()}:
            return False
        row = await self.table.db.live_game(CHANNEL)
        if row is None:
            return True  # no game here: only a command can mean something
        game = rules.get(row.game)
        try:
            options = split_options(game, row.options, row.capacity)[0]
        except rules.IllegalAction:
            options = {}
        seated = len(await self.table.db.seats(row.id)) if row.status == "active" else row.capacity
        players = min(max(seated, game.min_players), game.max_players)
        # Options as stored (text), so any value can key the cache; the rules read text options.
        key = tuple(sorted((str(k), str(v)) for k, v in options.items()))
        return word not in notation_words(row.game, players, key)

    def say_unknown(self, word: str) -> None:
        """"Unknown command" with the nearest command (a typo's likely intent) and all of them."""
        commands = [c for c in self.commands() if c.isalpha()]
        # The same letters in another order is a slip of the fingers ("stauts" → status), nearer
        # than a word that merely shares more letters ("stats").
        swapped = [c for c in commands if c != word and sorted(c) == sorted(word.casefold())]
        near = swapped[:1] or difflib.get_close_matches(word, [*commands, "move"], n=1, cutoff=0.6)
        if near:
            self.say(f"  ✗ {self.t('unknown_command_near', word=word, command=near[0])}")
        else:
            self.say(f"  ✗ {self.t('unknown_command', word=word)}")
        self.say(f"  {self.t('command_list', commands=self.joined(commands))}")

    async def latest_game_id(self) -> str:
        """The id of the console's latest game for an error report; "-" when it cannot be read."""
        try:
            row = await self.table.db.latest_game(CHANNEL)
        except Exception:  # the report must not fail because the database did
            return "-"
        return str(row.id) if row is not None else "-"

    def commands(self) -> dict[str, Callable]:
        return {
            "help": self.cmd_help,
            "?": self.cmd_help,
            "quit": self.cmd_quit,
            "exit": self.cmd_quit,
            "solo": self.cmd_solo,
            "new": self.cmd_new,
            "add": self.cmd_add,
            "start": self.cmd_start,
            "as": self.cmd_as,
            "moves": self.cmd_moves,
            "more": self.cmd_more,
            "hand": self.cmd_hand,
            "board": self.cmd_board,
            "status": self.cmd_status,
            "log": self.cmd_log,
            "rules": self.cmd_rules,
            "abandon": self.cmd_abandon,
            "games": self.cmd_games,
            "undo": self.cmd_undo,
            "addbot": self.cmd_addbot,
            "replace": self.cmd_replace,
            "rejoin": self.cmd_rejoin,
            "vote": self.cmd_vote,
            "leave": self.cmd_leave,
            "wait": self.cmd_wait,
            "away": self.cmd_away,
            "back": self.cmd_back,
            "mine": self.cmd_mine,
            "settings": self.cmd_settings,
            "language": self.cmd_language,
            "since": self.cmd_since,
            "note": self.cmd_note,
            "hint": self.cmd_hint,
            "replay": self.cmd_replay,
            "stats": self.cmd_stats,
        }

    async def cmd_help(self, args: list[str]) -> bool:
        self.say(self.t("help"))
        return True

    async def cmd_quit(self, args: list[str]) -> bool:
        return False

    async def cmd_games(self, args: list[str]) -> bool:
        for name, game in rules.GAMES.items():
            entry = self.t("game_entry", title=self.title(name), least=game.min_players, most=game.max_players)
            self.say(f"  {name:<16} {entry}")
        return True

    async def cmd_solo(self, args: list[str]) -> bool:
        """``solo [GAME] [opponents=N] [level=L] [key=value …]``: the game defaults to FIXER; a game
        with solo rules plays them unless ``opponents`` is given, any other plays against bots
        (one by default, at ``normal``); every other ``key=value`` goes to the game."""
        name = args[0] if args and "=" not in args[0] else "fixer"
        extra = [a for a in args[1:] if "=" not in a]
        if extra:
            self.say(f"  {self.t('solo_usage', given=repr(' '.join(extra)))}")
            return True
        pairs = [a.partition("=") for a in args if "=" in a]
        wanted = {key.lower(): value for key, _, value in pairs if key.lower() in ("opponents", "level")}
        options = " ".join(f"{k}={v}" for k, _, v in pairs if k.lower() not in wanted) or None
        opponents = wanted.get("opponents")
        if opponents is not None and not NUMBER.fullmatch(opponents):
            self.say(f"  ✗ {self.t('opponents_not_number', given=opponents)}")
            return True
        result = await solo_play.open_solo(
            self.table, channel_id=CHANNEL, user=self.current, game=name, locale=self.locale, options=options,
            opponents=int(opponents) if opponents is not None else None, level=wanted.get("level"),
        )
        rivals = [n for n, u in zip(result.names, result.user_ids, strict=False) if u != self.current.id]
        title = self.title(result.game)
        if rivals:
            started = self.t("solo_started_against", title=title, rivals=self.joined(rivals), id=result.game_id)
        else:
            started = self.t("solo_started", title=title, id=result.game_id)
        self.say(f"  {started}")
        await self.show(result)
        return True

    async def cmd_new(self, args: list[str]) -> bool:
        if not args:
            self.say(f"  {self.t('new_usage')}")
            return True
        counts = [a for a in args[1:] if NUMBER.fullmatch(a)]
        extra = [a for a in args[1:] if "=" not in a and not NUMBER.fullmatch(a)]
        if extra or len(counts) > 1:  # never drop a word: `new torres 2 master` must not open a basic game
            given = " ".join(extra or counts)
            self.say(f"  ✗ {self.t('new_usage_given', given=repr(given))}")
            return True
        players = int(counts[0]) if counts else None
        options = " ".join(a for a in args[1:] if "=" in a) or None
        result = await self.table.open(
            channel_id=CHANNEL, guild_id=SERVER, user=self.current, game=args[0], players=players, options=options,
            locale=self.locale,
        )
        opened = self.t(
            "lobby_opened", title=self.title(result.game), host=self.current.name,
            count=len(result.names), capacity=result.capacity,
        )
        self.say(f"  {opened}")
        return True

    async def cmd_add(self, args: list[str]) -> bool:
        if not args:
            self.say(f"  {self.t('add_usage')}")
            return True
        name = clean_name(" ".join(args))
        if name is None:
            self.say(f"  ✗ {self.t('bad_name', most=MAX_NAME)}")
            return True
        user = self.players.setdefault(name.lower(), User(f"{LOCAL_PREFIX}{name.lower()}", name))
        try:
            result = await self.table.join(channel_id=CHANNEL, user=user)
        except TableError as err:
            if err.key != "already_joined":
                raise
            # The table says "You have already joined" to the one who clicked; here someone
            # else is being added, and names are matched regardless of case.
            self.say(f"  ✗ {self.t('already_seated', name=user.name)}")
            return True
        names = self.joined(result.names)
        self.say(f"  {self.t('joined', name=name, names=names, count=len(result.names), capacity=result.capacity)}")
        return True

    async def cmd_undo(self, args: list[str]) -> bool:
        result = await self.table.undo(channel_id=CHANNEL, user=self.last_mover or await self.logged_mover())
        self.last_mover = None
        await self.show(result)
        return True

    async def logged_mover(self) -> User:
        """Who made the game's last decision, read from its log: after a restart the console no
        longer remembers who moved last, and `undo` would otherwise act for whoever is current
        (and be refused). The current player when the log names nobody local."""
        row = await self.table.db.live_game(CHANNEL)
        if row is None:
            return self.current
        for action in reversed(await self.table.db.recent_actions(row.id, UNDO_LOOKBACK)):
            if action.user_id is not None:
                return self._user_of(action.user_id) or self.current
        return self.current

    async def cmd_addbot(self, args: list[str]) -> bool:
        status = await self.table.status(channel_id=CHANNEL)
        host = self._user_of(status.host_id) or self.current
        result = await self.table.add_bot(channel_id=CHANNEL, user=host, level=args[0] if args else None)
        for line in result.lines(self.locale):
            self.say(f"  • {line}")
        names = self.joined(result.names)
        self.say(f"  {self.t('seats', names=names, count=len(result.names), capacity=result.capacity)}")
        return True

    async def cmd_replace(self, args: list[str]) -> bool:
        if len(args) != 2:
            self.say(f"  {self.t('replace_usage')}")
            return True
        status = await self.table.status(channel_id=CHANNEL)
        old = self.players.get(args[0].lower())
        name = clean_name(args[1])
        if old is None or name is None:
            self.say(f"  ✗ {self.t('replace_unknown', old=repr(args[0]), new=repr(args[1]))}")
            return True
        new = self.players.setdefault(name.lower(), User(f"{LOCAL_PREFIX}{name.lower()}", name))
        host = self._user_of(status.host_id) or self.current
        result = await self.table.replace(channel_id=CHANNEL, user=host, old_id=old.id, new=new)
        await self.show(result)
        return True

    async def cmd_rejoin(self, args: list[str]) -> bool:
        await self.show(await self.table.rejoin(channel_id=CHANNEL, user=self.current))
        return True

    async def cmd_wait(self, args: list[str]) -> bool:
        seconds = parse_duration(" ".join(args))
        if seconds is None:
            self.say(f"  {self.t('wait_usage')}")
            return True
        try:
            await self.table.advance_time(seconds)
        except storage.StorageError as err:  # kept for every process, or not at all: nothing moved
            self.say(f"  ✗ {self.t('game_time_not_saved', error=err)}")
            return True
        self.say(f"  {self.t('waited', duration=' '.join(args))}")
        await self.run_due()
        try:
            status = await self.table.status(channel_id=CHANNEL)
        except TableError:
            return True
        for line in status.clock_lines(self.locale):
            self.say(f"  ⏳ {line}")
        return True

    async def cmd_settings(self, args: list[str]) -> bool:
        """``settings [timer=T] [language=L]``: the local server's defaults, as ``/settings`` sets a
        server's (threads do not apply: the console has one channel)."""
        pairs = [a.partition("=") for a in args]
        unknown = [a for a, (key, eq, _) in zip(args, pairs, strict=True) if not eq or key.lower() not in ("timer", "language")]
        if unknown:
            self.say(f"  {self.t('settings_usage')}")
            return True
        given = {key.lower(): value for key, _, value in pairs}
        admin = dataclasses.replace(self.current, can_manage_server=True)  # the console's user runs it
        now = await self.table.server_settings(
            guild_id=SERVER, user=admin, timer_choice=given.get("timer"), language=given.get("language")
        )
        # With no post language of its own, a new table takes the console's at ``new``: name it.
        posts = now.locale or self.t("settings_console_language", language=LANGUAGE_NAMES[self.locale])
        default_timer = self.t("settings_timer_default", timer=timer.DEFAULT)
        self.say(f"  {self.t('settings_now', timer=now.timer or default_timer, language=posts)}")
        return True

    async def cmd_language(self, args: list[str]) -> bool:
        """``language [en|zh-TW|zh-CN]``: show or switch the console's own language for this
        session. Unlike ``settings language=`` (the local server's post language of new tables),
        it changes what this terminal reads at once, game texts included."""
        if not args:
            self.say(f"  {self.t('language_now', language=LANGUAGE_NAMES[self.locale], code=self.locale)}")
            return True
        chosen = parse_language(args[0]) if len(args) == 1 else None
        if chosen is None:
            self.say(f"  ✗ {self.t('language_usage', given=repr(' '.join(args)))}")
            return True
        self.locale = chosen
        self.say(f"  {self.t('language_set', language=LANGUAGE_NAMES[chosen], code=chosen)}")
        return True

    async def cmd_away(self, args: list[str]) -> bool:
        if len(args) != 1 or not NUMBER.fullmatch(args[0]):
            self.say(f"  {self.t('away_usage')}")
            return True
        settings = await self.table.away(user=self.current, days=int(args[0]))
        self.say(f"  {self.t('away_set', days=args[0], used=settings.away_days_used)}")
        return True

    async def cmd_back(self, args: list[str]) -> bool:
        settings = await self.table.back(user=self.current)
        self.say(f"  {self.t('back_set', used=settings.away_days_used)}")
        return True

    async def cmd_mine(self, args: list[str]) -> bool:
        games = await self.table.my_games(user=self.current)
        if not games:
            self.say(f"  {self.t('no_games')}")
        for g in games:
            details = [self.status_word(g.row.status)]
            if g.waiting:
                details.append(self.t("your_turn"))
            if g.held:
                details.append(message("held_by_bot", self.locale))
            if g.left is not None:
                details.append(timer.left_text(g.left, self.locale))
            entry = self.t(
                "mine_entry", id=g.row.id, title=self.title(g.row.game),
                details=self.t("detail_sep").join(details),
            )
            self.say(f"  {entry}")
        return True

    async def cmd_start(self, args: list[str]) -> bool:
        status = await self.table.status(channel_id=CHANNEL)
        host = self._user_of(status.host_id) or self.current
        result = await self.table.start(channel_id=CHANNEL, user=host)
        self.say(f"  {self.t('started', id=result.game_id, names=self.joined(result.names))}")
        await self.show(result)
        return True

    async def cmd_as(self, args: list[str]) -> bool:
        user = self.players.get(" ".join(args).lower())
        if user is None:
            known = self.joined([u.name for u in self.players.values()])
            self.say(f"  {self.t('as_unknown', name=repr(' '.join(args)), known=known)}")
            return True
        self.current = user
        self.say(f"  {self.t('as_now', name=user.name)}")
        await self.prompt_moves(await self.table.status(channel_id=CHANNEL), stay=True)
        return True

    async def cmd_moves(self, args: list[str]) -> bool:
        result = await self.table.status(channel_id=CHANNEL)
        await self.prompt_moves(result)
        return True

    async def cmd_more(self, args: list[str]) -> bool:
        if not self.numbered:
            self.say(f"  {self.t('nothing_listed')}")
            return True
        following = self.page + 1
        if following * PAGE >= len(self.numbered):
            self.say(f"  {self.t('last_page')}")
            following = 0
        self.list_page(following)
        return True

    async def cmd_hand(self, args: list[str]) -> bool:
        result, private, legal = await self.table.hand(channel_id=CHANNEL, user=self.current, reader=self.locale)
        result = await self.in_my_language(result)
        path = await self.save_image(result.game, private, hand_stem(result.game, result.game_id, self.current))
        self.say(f"  {self.t('private_image', path=path)}")
        self.say_board(result.game, private)
        if legal:
            await self.prompt_moves(result)
        return True

    async def cmd_board(self, args: list[str]) -> bool:
        result = await self.in_my_language(await self.table.status(channel_id=CHANNEL, reader=self.locale))
        self.say(f"  {self.table_line(result)}")
        if result.view is not None:
            path = await self.save_image(result.game, result.view, board_stem(result.game, result.game_id))
            self.say(f"  {self.t('board_image', path=path)}")
            self.say_board(result.game, result.view)
            if result.standings:
                self.final_lines(result)
        return True

    def final_lines(self, result: Result) -> None:
        """The final scores, best first (tie-breaks applied by the rules), and the winner; nothing
        for a game played against the rules' target (its verdict line says won or lost)."""
        if not result.ranking or result.against_the_rules:
            return

        def who(seat: int) -> str:
            return self.t("automa") if seat == rules.AUTOMA else result.names[seat]

        def score(seat: int) -> int:
            return result.scores[seat if seat >= 0 else len(result.scores) - 1]

        scores = self.joined([self.t("score_entry", name=who(s), score=score(s)) for s in result.ranking])
        if not result.finished:  # ended early: the scores as they stood, and no winner
            self.say(f"  {self.t('unfinished_scores', scores=scores)}")
            return
        self.say(f"  {self.t('final_scores', scores=scores)}")
        places = result.places if len(result.places) == len(result.ranking) else [1]
        first = [seat for seat, place in zip(result.ranking, places, strict=False) if place == 1]
        self.say(f"  {self.t('winner', name=self.joined([who(s) for s in first]))}")  # a shared win names all

    async def cmd_status(self, args: list[str]) -> bool:
        """The table, the caller's own score (only theirs) and, once over, the result and winner."""
        result = await self.in_my_language(await self.table.status(channel_id=CHANNEL, reader=self.locale))
        self.say(f"  {self.table_line(result)}")
        if result.status == "active":
            waiting = self.joined([result.names[s] for s in result.to_act if 0 <= s < len(result.names)])
            if waiting:
                self.say(f"  {self.t('to_act', names=waiting)}")
        for line in result.clock_lines(self.locale):
            self.say(f"  ⏳ {line}")
        mine = await self.table.own_score(channel_id=CHANNEL, user=self.current)
        if mine is not None and not (result.finished and result.against_the_rules):
            points = await self.own_points() if result.status == "active" else None
            if points is not None and points != mine:  # the rules score a solo goal, the board shows points
                self.say(f"  {self.t('own_score_goal', name=self.current.name, score=points, goal=mine)}")
            else:
                self.say(f"  {self.t('own_score', name=self.current.name, score=mine)}")
        if result.finished:  # the last move's lines (the game's verdict), then everyone's scores
            for line in result.lines(self.locale):
                self.say(f"  • {line}")
        if result.standings:
            self.final_lines(result)
        return True

    async def own_points(self) -> int | None:
        """The current player's points as their board shows them, where the view keeps points
        apart from the rules' score: in Burgundy's solo game the score is the estate spaces filled
        (the goal: all 37), so `status` said "your score: 5" beside a board showing 35 VP."""
        try:
            result, private, _ = await self.table.hand(channel_id=CHANNEL, user=self.current)
        except TableError:  # not seated, or a bot holds the seat: no board of one's own
            return None
        return shown_points(private, result.user_ids.index(self.current.id))

    async def cmd_since(self, args: list[str]) -> bool:
        """What the others did since the current player's own last decision (``/log since:me``)."""
        digest = await self.table.since(user_id=self.current.id, locale=self.locale, channel_id=CHANNEL)
        for line in digest.full(self.locale):
            self.say(f"  {line.replace('**', '')}")
        return True

    async def cmd_note(self, args: list[str]) -> bool:
        """``note`` shows the current player's private note on this game, ``note TEXT`` keeps
        TEXT, ``note clear`` deletes it (``/note``)."""
        clear = args == ["clear"]
        text = None if clear or not args else " ".join(args)
        _, kept = await self.table.note(channel_id=CHANNEL, user=self.current, text=text, clear=clear)
        if clear:
            self.say(f"  {self.t('note_cleared')}")
        elif kept is None:
            self.say(f"  {self.t('note_none')}")
        else:
            self.say(f"  📝 {kept}")
        return True

    async def cmd_hint(self, args: list[str]) -> bool:
        """The AI's top 3 moves for the current player's own position (``/hint``): advice with
        their notation, to be typed or picked from the move list."""
        found = await self.table.hint(channel_id=CHANNEL, user=self.current, reader=self.locale)
        for line in hints.words(found, self.locale):
            self.say(f"  {line}")
        return True

    async def cmd_replay(self, args: list[str]) -> bool:
        """The whole game as an animated GIF written beside the boards (``/replay``)."""
        speed = args[0] if args else "normal"
        if speed not in REPLAY_SPEEDS:
            self.say(f"  ✗ {self.t('replay_usage')}")
            return True
        plan = await self.table.replay_plan(channel_id=CHANNEL, user=self.current, locale=self.locale)
        data = await render_pool.shared().draw("replay", plan.view(REPLAY_SPEEDS[speed], REPLAY_LIMIT))
        self.image_dir.mkdir(parents=True, exist_ok=True)
        path = self.image_dir / f"{plan.game}-{plan.game_id}-replay.gif"
        partial = path.with_name(f".{path.name}.partial")
        partial.write_bytes(data)
        os.replace(partial, path)
        self.say(f"  {self.t('replay_written', path=path, turns=len(plan.frames))}")
        return True

    async def cmd_stats(self, args: list[str]) -> bool:
        """The current player's statistics and rating (``/stats``): ``stats [GAME]``."""
        game = args[0] if args else None
        if game is not None and game not in rules.GAMES:
            self.say(f"  ✗ {self.t('stats_usage', games=', '.join(rules.GAMES))}")
            return True
        found = await self.table.player_stats(self.current.id, self.current.name, game, None)
        if not found.games:
            self.say(f"  {self.t('stats_none', name=self.current.name)}")
            return True
        if found.rating is not None:
            r = found.rating
            self.say(f"  {self.t('stats_rating', value=f'{r.conservative:.1f}', mu=f'{r.mu:.1f}', sigma=f'{r.sigma:.1f}', games=r.games)}")
        rate = f"{100 * (found.win_rate or 0):.0f} %"
        self.say(f"  {self.t('stats_games', games=found.games, wins=found.wins, rate=rate, finished=found.finished)}")
        return True

    async def cmd_log(self, args: list[str]) -> bool:
        if args and not (NUMBER.fullmatch(args[0]) and 1 <= int(args[0]) <= MAX_LOG):
            self.say(f"  ✗ {self.t('log_usage', most=MAX_LOG)}")
            return True
        count = int(args[0]) if args else 10
        _, lines = await self.table.recent(channel_id=CHANNEL, count=count, locale=self.locale)
        for line in lines:
            self.say(f"  • {line}")
        return True

    async def cmd_rules(self, args: list[str]) -> bool:
        name = args[0] if args and args[0] in rules.GAMES else "fixer"
        topics = rules.get(name).help(self.locale)
        wanted = [a for a in args if a in topics]
        for topic in wanted or list(topics):
            self.say(f"  [{topic}] {topics[topic]}")
        return True

    async def cmd_abandon(self, args: list[str]) -> bool:
        status = await self.table.status(channel_id=CHANNEL)
        host = self._user_of(status.host_id) or self.current
        await self.table.abandon(channel_id=CHANNEL, user=host)
        self.say(f"  {self.t('abandoned')}")
        return True

    async def move(self, action: str) -> None:
        # Each typed line is one command: its own id, as a Discord interaction has (table.act).
        result = await self.table.act(channel_id=CHANNEL, user=self.current, action=action, act_id=uuid.uuid4().hex)
        self.last_mover = self.current
        await self.show(result)


REPLAY_SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35}
REPLAY_LIMIT = 9 * 1024 * 1024
"""The console writes the same GIF the bot posts: within Discord's attachment limit."""

SLASH_COMMANDS = {
    "/log since:me": "since",
    "/note": "note",
    "/replay": "replay",
    "/stats": "stats",
    "/game status": "status",
    "/game new": "new",
    "/game rejoin": "rejoin",
    "/game replace": "replace",
    "/solo": "solo",
    "/rules": "rules",
    "/hand": "hand",
    "/settings": "settings",
    "/game addbot": "addbot",
    "/game abandon": "abandon",
}
"""The Discord commands the table's words name, and what is typed for each here: a refusal that
says "start one with /game new" would send a console player looking for a command they lack."""
SLASH_COMMAND = re.compile(
    r"(?<![\w/.~-])(" + "|".join(re.escape(c) for c in sorted(SLASH_COMMANDS, key=len, reverse=True)) + r")(?![\w/-])"
)
"""A command as a word of its own: never part of a path (an image folder under ``/rules/``)."""


MOVE_COMMAND = re.compile(r"(?<![\w/.~-])/move (?=\S)")
"""Discord's ``/move`` before a move's text (the rules help's "/move R7@2"): here a move is typed
as it is written, so the command word is dropped rather than translated."""


def as_typed_here(text: str) -> str:
    """``text`` with each Discord command it names replaced by the console's own (`new`, …), and
    "/move R7@2" written as the console takes it: "R7@2"."""
    if "/" not in text:
        return text
    text = MOVE_COMMAND.sub("", text)
    return SLASH_COMMAND.sub(lambda m: f"`{SLASH_COMMANDS[m.group(1)]}`", text)


SAFE_NAME = re.compile(r"[^\w-]|^-")
"""What may not stand in a file name made from a player's name: anything but letters, digits,
``_`` and ``-`` (``/``, ``..``, ``\\``, spaces, control characters), and a leading ``-``."""
MAX_STEM_NAME = 24


def board_stem(game: str, game_id: int) -> str:
    """The file name (without ``.png``) of a game's board: one per game, redrawn after each move."""
    return f"{game}-{game_id}-board"


def hand_stem(game: str, game_id: int, user: User) -> str:
    """The file name (without ``.png``) of ``user``'s private view in a game: one per player.

    A name never goes into a path as typed: ``a/b`` made the console write into a folder that
    does not exist. Characters that are unsafe in a file name become ``_``, and a name changed that
    way gets a short digest of the player's id, so ``a/b`` and ``a_b`` keep two files."""
    name = user.name.casefold()
    safe = SAFE_NAME.sub("_", name)[:MAX_STEM_NAME]
    if safe != name:
        safe += "-" + hashlib.sha256(user.id.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{game}-{game_id}-hand-{safe}"


PLAYOUT_STEPS = 3000
"""The longest random playout ``notation_words`` runs (every game ends well before)."""
PLAYOUTS = 2
"""How many seeded random playouts ``notation_words`` learns from."""


@functools.cache
def notation_words(game_name: str, players: int, options: tuple[tuple[str, str], ...] = ()) -> frozenset[str]:
    """The words, in lower case, that a game's moves can begin with at a table of ``players``
    with ``options`` (a variant adds its own, as FIXER's ``pass``), learned from the rules
    themselves: seeded random playouts, noting the first word of every legal move on the way
    (``take``, ``keep``, ``tower``…; "R7@2" is not a word). The console reads a line beginning
    with any other word of letters as a mistyped command. Computed once per kind of table, on the
    first such line (a fraction of a second)."""
    game = rules.get(game_name)
    words: set[str] = set()
    for playout in range(PLAYOUTS):
        pick = random.Random(f"notation:{game_name}:{players}:{playout}")
        try:
            state = game.new(players, dict(options))
            for _ in range(PLAYOUT_STEPS):
                acting = game.to_act(state)
                if not acting:
                    break
                legal = game.legal_actions(state, acting[0])
                if acting[0] != rules.CHANCE:
                    words.update(a.split()[0].casefold() for a in legal if a.split())
                state, _ = game.apply(state, acting[0], pick.choice(legal))
        except Exception:  # a rules bug must not stop the console: what was learned still helps
            log.exception("learning the notation of %s failed", game_name)
    return frozenset(w for w in words if w.isalpha())


def shown_points(view: dict[str, Any], seat: int) -> int | None:
    """A seat's points as the board draws them, when the view keeps them beside the rules' score
    (an estate's ``total_vp``); None when it shows none apart."""
    estates = view.get("estates")
    if not isinstance(estates, list) or not 0 <= seat < len(estates) or not isinstance(estates[seat], dict):
        return None
    points = estates[seat].get("total_vp")
    return points if isinstance(points, int) and not isinstance(points, bool) else None


def listed_move(text: str, legal: list[str]) -> str | None:
    """``text`` as one of ``legal`` (exactly, else the only case-insensitive match), if it is one."""
    if text in legal:
        return text
    folded = [a for a in legal if a.casefold() == text.casefold()]
    return folded[0] if len(folded) == 1 else None


def clean_name(text: str) -> str | None:
    """A local player's name, or ``None`` if it cannot be one: empty, too long, or holding
    characters that are not printable text (control characters, lone surrogates — SQLite
    cannot store those)."""
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        return None
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return name


def parse_language(text: str) -> str | None:
    """A console language as typed (``zh-tw``, ``ZH_TW``, ``en``): its ``rules.LOCALES`` code, or None."""
    wanted = text.strip().replace("_", "-").casefold()
    return next((code for code in rules.LOCALES if code.casefold() == wanted), None)


def posix_language(value: str) -> str:
    """The console language for a POSIX locale value: ``zh_TW``/``zh_HK``/``zh_MO``/``zh_Hant…``
    read Traditional (zh-TW), any other ``zh…`` Simplified (zh-CN), everything else English."""
    name = value.split(".")[0].split("@")[0].replace("-", "_").lower()  # drop ".UTF-8", "@modifier"
    parts = name.split("_")
    if parts[0] != "zh":
        return "en"
    return "zh-TW" if "hans" not in parts and TRADITIONAL & set(parts[1:]) else "zh-CN"


def starting_locale(environ: Mapping[str, str]) -> str:
    """The console's language at start: ``POSTERN_LANGUAGE`` when it names one, else the first set
    of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (the POSIX precedence), else English."""
    chosen = parse_language(environ.get(LANGUAGE_ENV, ""))
    if chosen is not None:
        return chosen
    value = next((environ[name] for name in POSIX_LOCALE_ENV if environ.get(name)), "")
    return posix_language(value)


DURATION = re.compile(r"([0-9]+)\s*(d|h|m|min)?")
UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "min": 60}


def parse_duration(text: str) -> float | None:
    """``24h``, ``3d``, ``90m``, ``1d 12h`` → seconds (a bare number is hours); None if not one."""
    text = text.strip().lower()
    if not text:
        return None
    total, at = 0, 0
    for match in DURATION.finditer(text):
        if text[at:match.start()].strip():
            return None
        total += int(match.group(1)) * UNIT_SECONDS[match.group(2) or "h"]
        at = match.end()
    if text[at:].strip() or total <= 0:
        return None
    return float(total)


async def read_line(stdin: TextIO) -> str:
    """The next line typed ('' at end of input), read in a daemon thread.

    Why not ``asyncio.to_thread``: its thread belongs to the loop's default executor, which
    ``asyncio.run`` waits for on the way out, so after Ctrl-C the console sat blocked in
    ``readline`` until Enter was pressed. A daemon thread is abandoned at exit instead."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[str] = loop.create_future()

    def settle(line: str | None, error: BaseException | None) -> None:
        if done.done():  # the read was given up (Ctrl-C): nobody waits for this line
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(line or "")

    def work() -> None:
        try:
            line, error = stdin.readline(), None
        except Exception as err:  # e.g. UnicodeDecodeError: the prompt reports it
            line, error = None, err
        with contextlib.suppress(RuntimeError):  # the loop closed while we waited: nothing to tell
            loop.call_soon_threadsafe(settle, line, error)

    threading.Thread(target=work, name="console-input", daemon=True).start()
    return await done


async def farewell(console: Console) -> None:
    """The last words at ``quit``, Ctrl-D or Ctrl-C: the live game is saved (every move was
    committed when it was shown), and running the console again resumes it."""
    try:
        row = await console.table.db.live_game(CHANNEL)
    except Exception:  # leaving must not fail because the database did
        row = None
    if row is not None:
        console.say(console.t("bye_saved", id=row.id))
    else:
        console.say(console.t("bye"))


async def run(
    db_path: str, image_dir: str, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout, locale: str | None = None
) -> int:
    """Play at the terminal until ``quit``, end of input (Ctrl-D) or Ctrl-C, which all leave at
    once and say the game is saved. ``locale`` (one of ``rules.LOCALES``) is the console's starting
    language; None reads it from the environment (``starting_locale``)."""
    async with Database(db_path) as db:
        console = Console(TableService(db), out, Path(image_dir), locale or starting_locale(os.environ))
        try:
            await play(console, db_path, image_dir, stdin, env_language=locale is None)
        except (asyncio.CancelledError, KeyboardInterrupt):
            # Ctrl-C: ``asyncio.run`` cancels this task (a KeyboardInterrupt where no loop step
            # was running). A move being made is either committed or rolled back by the
            # database, so the game is saved either way; leave quietly, no traceback.
            console.say()
        await farewell(console)
    return 0


async def play(console: Console, db_path: str, image_dir: str, stdin: TextIO, *, env_language: bool) -> None:
    """The session: greet, resume the game here, then read command lines until one quits.
    ``env_language``: the language came from the environment (a bad ``POSTERN_LANGUAGE`` is named)."""
    await console.load_game_time(db_path)
    given = os.environ.get(LANGUAGE_ENV, "")
    if env_language and given.strip() and parse_language(given) is None:
        console.say(console.t("bad_env_language", given=given, language=LANGUAGE_NAMES[console.locale]))
    console.say(console.t("greeting"))
    folder = Path(image_dir).resolve()
    console.say(console.t("games_and_images", games=console.joined(list(rules.GAMES)), folder=folder))
    try:
        status = await console.table.status(channel_id=CHANNEL)
        if status.status in ("lobby", "active"):
            state = console.status_word(status.status)
            console.say(console.t("resuming", id=status.game_id, game=console.title(status.game), status=state))
            await console.remember_seated_in(status)
            await console.run_due()  # what came due while the console was closed
            if status.status == "active":
                await console.prompt_moves(await console.table.status(channel_id=CHANNEL))
    except TableError:
        pass
    while True:
        print("> ", end="", file=console.out, flush=True)
        try:
            line = await read_line(stdin)
        except UnicodeDecodeError:
            console.say(f"  ✗ {console.t('bad_encoding')}")
            continue
        if not line:
            console.say()
            return
        if not await console.handle(line):
            return
