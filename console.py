"""The local console: play any Postern game in a terminal, through the same table service.

It is the newcomer's first contact, so it favours short commands: type a move's number from the
list, or its notation. Several local players can share the terminal (``as NAME`` switches who
you are; moves go to whoever must act when that is a single local player). Each board image is
written to a folder and its path printed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import rules
from render import pool as render_pool
from storage import Database
from table import bots, timer
from table import solo as solo_play
from table.messages import TableError
from table.service import Result, TableService, User

CHANNEL = "local-console"
SERVER = "local-server"
"""The console's lobbies open as in one local server, so ``settings`` (a server's ``/settings``)
can be tried here: its default timer and post language apply to the next ``new``."""
PAGE = 40
"""Moves numbered per page of the list; ``more`` shows the next page (numbers keep counting)."""
MAX_LOG = 200
"""The most lines ``log N`` shows."""
MAX_NAME = 32
"""Longest local player name (Discord's display-name limit)."""
NUMBER = re.compile(r"[0-9]+")
"""ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int`` refuses."""

HELP = """\
Commands
  solo [GAME] [key=value …]   play alone (default: fixer): the game's solo rules (automa) where it
                              has them, else against a bot; opponents=1-3 plays against bots
                              instead, level=easy|normal|hard sets their thinking time
                              (e.g. solo torres, solo fixer opponents=2 level=easy)
  new GAME [PLAYERS] [k=v…]   open a table, e.g.  new fixer 3 card_passing=true
                              (every game also takes seating=random|host: see the README)
  add NAME                    seat another local player in the lobby
  start                       start the lobby
  as NAME                     act as that local player (for simultaneous choices)
  <number> | <move>           play a move from the list, or type its text as listed (e.g. R7@2)
  move TEXT                   play TEXT as a move even if its first word is a command
  moves | more                list your legal moves again | the next page of the list
  hand                        your private view (image) and moves
  board | status | log [N]    the public board image; the table, your score and the winner; recent moves
  rules [GAME] [TOPIC]        short rules help
  abandon                     end the game here
  undo                        take back the last decision made here (nothing revealed or played since)
  addbot [LEVEL]              seat a bot in the lobby (greedy, easy, normal, hard; default normal)
  replace OLD NEW             give OLD's seat to the local player NEW (host)
  rejoin                      take your seat back from the bot playing it
  wait DURATION               let game time pass, e.g. wait 24h, wait 3d, wait 90m (turn timers)
  away DAYS | back            pause your turn timers for 1-14 days | end that
  mine                        your games here, those waiting on you first, with time left
  settings [timer=T] [language=L]
                              this local server's defaults for new tables (a server's /settings)
  games                       the games Postern knows
  quit                        leave (the game is saved; run again to continue)

Moves come before commands: a line that is exactly one of your legal moves, as listed, is played
as that move even when it starts with a command word (`move c3-c4`, `board 3`); a line of several
words that starts like one of your listed moves is read as a move too (the game says why it is
illegal). `move TEXT` plays TEXT where `move` is not itself part of the game's notation."""


class Console:
    def __init__(self, table: TableService, out: TextIO, image_dir: Path, locale: str = "en") -> None:
        self.table = table
        self.out = out
        self.image_dir = image_dir
        self.locale = locale
        self.players: dict[str, User] = {}
        self.current = User("local:you", clean_name(os.environ.get("USER") or "") or "Player")
        self.players[self.current.name.lower()] = self.current
        self.numbered: list[str] = []
        self.last_mover: User | None = None
        """Who made the last decision at this console: ``undo`` takes back theirs."""
        self.page = 0
        self.labels: Callable[[str], str] = str

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    # ---- output ---------------------------------------------------------------------------------
    async def show(self, result: Result) -> None:
        for line in result.lines(self.locale):
            self.say(f"  • {line}")
        if result.view is not None:
            path = await self.save_image(result.game, result.view, f"{result.game}-{result.game_id}-v{result.version}")
            self.say(f"  board: {path}")
        if result.finished:
            self.say("  The game is over. `status` shows the result; `new` or `solo` starts another.")
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
        _, private, _ = await self.table.hand(channel_id=CHANNEL, user=user)
        path = await self.save_image(result.game, private, f"{result.game}-{result.game_id}-hand-v{result.version}")
        self.say(f"  your hand: {path}")

    async def save_image(self, game: str, view: dict, stem: str) -> Path:
        data = await render_pool.shared().draw(game, view)
        self.image_dir.mkdir(parents=True, exist_ok=True)
        path = self.image_dir / f"{stem}.png"
        path.write_bytes(data)
        return path

    async def prompt_moves(self, result: Result) -> None:
        acting = [s for s in result.to_act if 0 <= s < len(result.user_ids)]
        if not acting:
            return
        local = [u for s in acting if (u := self._user_of(result.user_ids[s])) is not None]
        mover = next((u for u in local if u.id == self.current.id), None) or (local[0] if local else None)
        if mover is None:
            names = ", ".join(result.names[s] for s in acting)
            self.say(f"  Waiting for {names}.")
            return
        if len(acting) > 1:
            others = ", ".join(u.name for u in local if u.id != mover.id)
            self.say(f"  Several players choose at once; now {mover.name} (then {others}; `as NAME` to switch).")
        self.current = mover
        game, legal = await self.table.legal_moves(channel_id=CHANNEL, user=mover)
        self.numbered = legal
        self.labels = lambda action: game.describe(action, self.locale)
        self.say(f"  {mover.name}, your move ({len(legal)} legal):")
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
            self.say(f"   … {rest} more: type `more` for {first + len(chunk) + 1}-{min(first + 2 * PAGE, len(self.numbered))}.")

    def _user_of(self, user_id: str) -> User | None:
        return next((u for u in self.players.values() if u.id == user_id), None)

    # ---- commands -------------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        """Run one command line; returns False to quit.

        Order of reading: a line that is exactly one of the current player's legal moves is that
        move (so no command word can shadow a move text); then a command word, unless the line
        has several words and its first begins a listed move; then a move number; then
        ``move TEXT``; anything else is tried as a move and refused by the rules if illegal.
        """
        words = line.split()
        if not words:
            return True
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in line):
            self.say("  ✗ That line holds an invalid character (a lone surrogate); retype it.")
            return True
        text = " ".join(words)
        cmd, args = words[0].lower(), words[1:]
        try:
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
                    self.say("  No move with that number: type `moves` to list them.")
                    return True
                await self.move(self.numbered[index])
                return True
            await self.move(" ".join(args) if cmd == "move" and args and cmd not in notation else text)
        except TableError as err:
            self.say(f"  ✗ {err.text(self.locale)}")
        return True

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
            "wait": self.cmd_wait,
            "away": self.cmd_away,
            "back": self.cmd_back,
            "mine": self.cmd_mine,
            "settings": self.cmd_settings,
        }

    async def cmd_help(self, args: list[str]) -> bool:
        self.say(HELP)
        return True

    async def cmd_quit(self, args: list[str]) -> bool:
        return False

    async def cmd_games(self, args: list[str]) -> bool:
        for name, game in rules.GAMES.items():
            self.say(f"  {name:<16} {game.title['en']} ({game.min_players}-{game.max_players} players)")
        return True

    async def cmd_solo(self, args: list[str]) -> bool:
        """``solo [GAME] [opponents=N] [level=L] [key=value …]``: the game defaults to FIXER; a game
        with solo rules plays them unless ``opponents`` is given, any other plays against bots
        (one by default, at ``normal``); every other ``key=value`` goes to the game."""
        name = args[0] if args and "=" not in args[0] else "fixer"
        extra = [a for a in args[1:] if "=" not in a]
        if extra:
            self.say(f"  Usage: solo [GAME] [opponents=N] [level=L] [key=value …] — {' '.join(extra)!r} is not key=value.")
            return True
        pairs = [a.partition("=") for a in args if "=" in a]
        wanted = {key.lower(): value for key, _, value in pairs if key.lower() in ("opponents", "level")}
        options = " ".join(f"{k}={v}" for k, _, v in pairs if k.lower() not in wanted) or None
        opponents = wanted.get("opponents")
        if opponents is not None and not NUMBER.fullmatch(opponents):
            self.say(f"  ✗ opponents={opponents} is not a number (e.g. solo torres opponents=2).")
            return True
        result = await solo_play.open_solo(
            self.table, channel_id=CHANNEL, user=self.current, game=name, locale=self.locale, options=options,
            opponents=int(opponents) if opponents is not None else None, level=wanted.get("level"),
        )
        rivals = [n for n, u in zip(result.names, result.user_ids, strict=False) if u != self.current.id]
        against = f" against {', '.join(rivals)}" if rivals else ""
        self.say(f"  Solo {rules.get(result.game).title['en']}{against} started (game {result.game_id}).")
        await self.show(result)
        return True

    async def cmd_new(self, args: list[str]) -> bool:
        if not args:
            self.say("  Usage: new GAME [PLAYERS] [key=value …]")
            return True
        players = int(args[1]) if len(args) > 1 and NUMBER.fullmatch(args[1]) else None
        options = " ".join(a for a in args[1:] if "=" in a) or None
        result = await self.table.open(
            channel_id=CHANNEL, guild_id=SERVER, user=self.current, game=args[0], players=players, options=options,
            locale=self.locale,
        )
        self.say(
            f"  Lobby for {rules.get(result.game).title['en']} opened by {self.current.name} "
            f"({len(result.names)}/{result.capacity}). `add NAME` seats more local players, then `start`."
        )
        return True

    async def cmd_add(self, args: list[str]) -> bool:
        if not args:
            self.say("  Usage: add NAME")
            return True
        name = clean_name(" ".join(args))
        if name is None:
            self.say(f"  ✗ A name is 1-{MAX_NAME} printable characters.")
            return True
        user = self.players.setdefault(name.lower(), User(f"local:{name.lower()}", name))
        result = await self.table.join(channel_id=CHANNEL, user=user)
        self.say(f"  {name} joined: {', '.join(result.names)} ({len(result.names)}/{result.capacity}).")
        return True

    async def cmd_undo(self, args: list[str]) -> bool:
        result = await self.table.undo(channel_id=CHANNEL, user=self.last_mover or self.current)
        self.last_mover = None
        await self.show(result)
        return True

    async def cmd_addbot(self, args: list[str]) -> bool:
        status = await self.table.status(channel_id=CHANNEL)
        host = self._user_of(status.host_id) or self.current
        result = await self.table.add_bot(channel_id=CHANNEL, user=host, level=args[0] if args else None)
        for line in result.lines(self.locale):
            self.say(f"  • {line}")
        self.say(f"  Seats: {', '.join(result.names)} ({len(result.names)}/{result.capacity}).")
        return True

    async def cmd_replace(self, args: list[str]) -> bool:
        if len(args) != 2:
            self.say("  Usage: replace OLD NEW (local player names)")
            return True
        status = await self.table.status(channel_id=CHANNEL)
        old = self.players.get(args[0].lower())
        name = clean_name(args[1])
        if old is None or name is None:
            self.say(f"  ✗ No local player called {args[0]!r}, or {args[1]!r} is not a name.")
            return True
        new = self.players.setdefault(name.lower(), User(f"local:{name.lower()}", name))
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
            self.say("  Usage: wait DURATION, e.g. wait 24h, wait 3d, wait 90m")
            return True
        self.table.clock.advance(seconds)
        self.say(f"  {' '.join(args)} of game time passed.")
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
            self.say("  Usage: settings [timer=off|12h|24h|48h|72h|7d] [language=en|zh-TW|zh-CN|auto]")
            return True
        given = {key.lower(): value for key, _, value in pairs}
        admin = dataclasses.replace(self.current, can_manage_server=True)  # the console's user runs it
        now = await self.table.server_settings(
            guild_id=SERVER, user=admin, timer_choice=given.get("timer"), language=given.get("language")
        )
        self.say(
            f"  Local server: new tables get the {now.timer or '72h (default)'} timer; "
            f"posts in {now.locale or 'the console language'}. Applies to games opened from now on."
        )
        return True

    async def cmd_away(self, args: list[str]) -> bool:
        if len(args) != 1 or not NUMBER.fullmatch(args[0]):
            self.say("  Usage: away DAYS (1-14)")
            return True
        settings = await self.table.away(user=self.current, days=int(args[0]))
        self.say(f"  Away for {args[0]} day(s): your turn timers are paused ({settings.away_days_used}/14 days used).")
        return True

    async def cmd_back(self, args: list[str]) -> bool:
        settings = await self.table.back(user=self.current)
        self.say(f"  Welcome back: your turn timers run again ({settings.away_days_used}/14 days used).")
        return True

    async def cmd_mine(self, args: list[str]) -> bool:
        games = await self.table.my_games(user=self.current)
        if not games:
            self.say("  You have no games yet.")
        for g in games:
            left = f", {timer.left_text(g.left, self.locale)}" if g.left is not None else ""
            waiting = ", your move" if g.waiting else ""
            self.say(f"  game {g.row.id}: {rules.get(g.row.game).title['en']} ({g.row.status}{waiting}{left})")
        return True

    async def cmd_start(self, args: list[str]) -> bool:
        status = await self.table.status(channel_id=CHANNEL)
        host = self._user_of(status.host_id) or self.current
        result = await self.table.start(channel_id=CHANNEL, user=host)
        self.say(f"  Game {result.game_id} started: {', '.join(result.names)}.")
        await self.show(result)
        return True

    async def cmd_as(self, args: list[str]) -> bool:
        user = self.players.get(" ".join(args).lower())
        if user is None:
            self.say(f"  No local player called {' '.join(args)!r}. Known: {', '.join(u.name for u in self.players.values())}")
            return True
        self.current = user
        self.say(f"  You are now {user.name}.")
        await self.cmd_moves([])
        return True

    async def cmd_moves(self, args: list[str]) -> bool:
        result = await self.table.status(channel_id=CHANNEL)
        await self.prompt_moves(result)
        return True

    async def cmd_more(self, args: list[str]) -> bool:
        if not self.numbered:
            self.say("  No moves listed: type `moves`.")
            return True
        following = self.page + 1
        if following * PAGE >= len(self.numbered):
            self.say("  That was the last page; from the top:")
            following = 0
        self.list_page(following)
        return True

    async def cmd_hand(self, args: list[str]) -> bool:
        result, private, legal = await self.table.hand(channel_id=CHANNEL, user=self.current)
        path = await self.save_image(result.game, private, f"{result.game}-{result.game_id}-hand-{self.current.name}")
        self.say(f"  your private view: {path}")
        if legal:
            await self.prompt_moves(result)
        return True

    async def cmd_board(self, args: list[str]) -> bool:
        result = await self.table.status(channel_id=CHANNEL)
        game = rules.get(result.game)
        self.say(f"  {game.title['en']} — game {result.game_id}, {result.status}; players: {', '.join(result.names)}")
        if result.view is not None:
            path = await self.save_image(result.game, result.view, f"{result.game}-{result.game_id}-v{result.version}")
            self.say(f"  board: {path}")
            if result.finished:
                self.final_lines(result)
        return True

    def final_lines(self, result: Result) -> None:
        """The final scores, best first (tie-breaks applied by the rules), and the winner."""
        if not result.ranking:
            return

        def who(seat: int) -> str:
            return "Automa" if seat == rules.AUTOMA else result.names[seat]

        def score(seat: int) -> int:
            return result.scores[seat if seat >= 0 else len(result.scores) - 1]

        self.say(f"  final scores: {', '.join(f'{who(s)} {score(s)}' for s in result.ranking)}")
        self.say(f"  winner: {who(result.ranking[0])}")

    async def cmd_status(self, args: list[str]) -> bool:
        """The table, the caller's own score (only theirs) and, once over, the result and winner."""
        result = await self.table.status(channel_id=CHANNEL)
        game = rules.get(result.game)
        self.say(f"  {game.title['en']} — game {result.game_id}, {result.status}; players: {', '.join(result.names)}")
        if result.status == "active":
            waiting = ", ".join(result.names[s] for s in result.to_act if 0 <= s < len(result.names))
            if waiting:
                self.say(f"  to act: {waiting}")
        for line in result.clock_lines(self.locale):
            self.say(f"  ⏳ {line}")
        mine = await self.table.own_score(channel_id=CHANNEL, user=self.current)
        if mine is not None:
            self.say(f"  your score ({self.current.name}): {mine}")
        if result.finished:
            self.final_lines(result)
        return True

    async def cmd_log(self, args: list[str]) -> bool:
        if args and not (NUMBER.fullmatch(args[0]) and 1 <= int(args[0]) <= MAX_LOG):
            self.say(f"  ✗ Usage: log [N] with N a number from 1 to {MAX_LOG}.")
            return True
        count = int(args[0]) if args else 10
        _, lines = await self.table.recent(channel_id=CHANNEL, count=count)
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
        self.say("  Game abandoned.")
        return True

    async def move(self, action: str) -> None:
        result = await self.table.act(channel_id=CHANNEL, user=self.current, action=action)
        self.last_mover = self.current
        await self.show(result)


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


async def run(db_path: str, image_dir: str, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    async with Database(db_path) as db:
        console = Console(TableService(db), out, Path(image_dir))
        console.say(
            "Postern — local console. Type `help` for commands, `solo` to play FIXER against the automa, "
            "`solo torres` to play Torres against a bot."
        )
        console.say(f"Games: {', '.join(rules.GAMES)}. Images go to {Path(image_dir).resolve()}.")
        try:
            status = await console.table.status(channel_id=CHANNEL)
            if status.status in ("lobby", "active"):
                console.say(f"Resuming game {status.game_id} ({status.game}, {status.status}).")
                if status.status == "active":
                    await console.prompt_moves(status)
        except TableError:
            pass
        while True:
            print("> ", end="", file=out, flush=True)
            try:
                line = await asyncio.to_thread(stdin.readline)
            except UnicodeDecodeError:
                console.say("  ✗ That line is not valid text in this terminal's encoding; retype it.")
                continue
            if not line:
                console.say()
                break
            if not await console.handle(line):
                break
    return 0
