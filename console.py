"""The local console: play any Postern game in a terminal, through the same table service.

It is the newcomer's first contact, so it favours short commands: type a move's number from the
list, or its notation. Several local players can share the terminal (``as NAME`` switches who
you are; moves go to whoever must act when that is a single local player). Each board image is
written to a folder and its path printed.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import rules
from render import pool as render_pool
from storage import Database
from table.messages import TableError
from table.service import Result, TableService, User

CHANNEL = "local-console"
HELP = """\
Commands
  solo [game]                 play alone against the rules' automa (default: fixer)
  new GAME [PLAYERS] [k=v…]   open a table, e.g.  new fixer 3 card_passing=true
  add NAME                    seat another local player in the lobby
  start                       start the lobby
  as NAME                     act as that local player (for simultaneous choices)
  <number> | <move>           play a move from the list, or type its notation (e.g. R7@2)
  moves                       list your legal moves again
  hand                        your private view (image) and moves
  board | status | log [N]    the public board image, the table, recent moves
  rules [GAME] [TOPIC]        short rules help
  abandon                     end the game here
  games                       the games Postern knows
  quit                        leave (the game is saved; run again to continue)"""


class Console:
    def __init__(self, table: TableService, out: TextIO, image_dir: Path, locale: str = "en") -> None:
        self.table = table
        self.out = out
        self.image_dir = image_dir
        self.locale = locale
        self.players: dict[str, User] = {}
        self.current = User("local:you", os.environ.get("USER") or "Player")
        self.players[self.current.name.lower()] = self.current
        self.numbered: list[str] = []

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
            await self.prompt_moves(result)

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
        self.say(f"  {mover.name}, your move ({len(legal)} legal):")
        for i, action in enumerate(legal[:40], 1):
            self.say(f"   {i:>3}. {action:<14} {game.describe(action, self.locale)}")
        if len(legal) > 40:
            self.say(f"   … and {len(legal) - 40} more: type the notation directly.")

    def _user_of(self, user_id: str) -> User | None:
        return next((u for u in self.players.values() if u.id == user_id), None)

    # ---- commands -------------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        """Run one command line; returns False to quit."""
        words = line.strip().split()
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        try:
            handler = self.commands().get(cmd)
            if handler is not None:
                return await handler(args)
            if cmd.isdigit() and len(words) == 1:
                index = int(cmd) - 1
                if not 0 <= index < len(self.numbered):
                    self.say("  No move with that number: type `moves` to list them.")
                    return True
                await self.move(self.numbered[index])
                return True
            await self.move(" ".join(words[1:]) if cmd == "move" else line.strip())
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
            "hand": self.cmd_hand,
            "board": self.cmd_board,
            "status": self.cmd_board,
            "log": self.cmd_log,
            "rules": self.cmd_rules,
            "abandon": self.cmd_abandon,
            "games": self.cmd_games,
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
        name = args[0] if args else "fixer"
        result = await self.table.open(
            channel_id=CHANNEL, guild_id=None, user=self.current, game=name, solo=True, locale=self.locale,
            options=" ".join(args[1:]) or None,
        )
        self.say(f"  Solo {rules.get(result.game).title['en']} started (game {result.game_id}).")
        await self.show(result)
        return True

    async def cmd_new(self, args: list[str]) -> bool:
        if not args:
            self.say("  Usage: new GAME [PLAYERS] [key=value …]")
            return True
        players = int(args[1]) if len(args) > 1 and args[1].isdigit() else None
        options = " ".join(a for a in args[1:] if "=" in a) or None
        result = await self.table.open(
            channel_id=CHANNEL, guild_id=None, user=self.current, game=args[0], players=players, options=options,
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
        name = " ".join(args)
        user = self.players.setdefault(name.lower(), User(f"local:{name.lower()}", name))
        result = await self.table.join(channel_id=CHANNEL, user=user)
        self.say(f"  {name} joined: {', '.join(result.names)} ({len(result.names)}/{result.capacity}).")
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
                scores = game.scores(game.loads((await self.table.db.game(result.game_id)).snapshot))  # type: ignore[union-attr]
                self.say(f"  final scores: {scores}")
        return True

    async def cmd_log(self, args: list[str]) -> bool:
        count = int(args[0]) if args and args[0].isdigit() else 10
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
        await self.show(result)


async def run(db_path: str, image_dir: str, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    async with Database(db_path) as db:
        console = Console(TableService(db), out, Path(image_dir))
        console.say("Postern — local console. Type `help` for commands, `solo` to play FIXER against the automa.")
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
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                console.say()
                break
            if not await console.handle(line):
                break
    return 0
