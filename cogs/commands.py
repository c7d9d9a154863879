"""The slash commands of design.md's Discord surface, mapped onto ``cogs.flows``.

Every command is usable in servers, in DMs and as a user-installed app. Autocomplete narrows
long lists by what was typed, ignoring case and accents, in English and the reader's language.
"""

from __future__ import annotations

import unicodedata
from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs import comeback, flows, hints, posting, server_settings, stats
from cogs.i18n import DESCRIPTIONS, LANGUAGE_NAMES, UI, desc, group_name, titled, topic_name
from table import bots, server, timer
from table import options as table_options
from table.order import move_order

MAX_CHOICES = 25
CHOICE_NAME_LIMIT = 100

GAME_CHOICES = [app_commands.Choice(name=titled(g.title), value=name) for name, g in rules.GAMES.items()]
LEVEL_CHOICES = [app_commands.Choice(name=titled(bots.NAMES[level]), value=level) for level in bots.LEVELS]
SOLO_LEVEL_CHOICES = [app_commands.Choice(name=titled(bots.NAMES[level]), value=level) for level in bots.SEARCH_LEVELS]

contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
installs = app_commands.allowed_installs(guilds=True, users=True)


def fold(text: str) -> str:
    """Case- and accent-insensitive form for matching typed text."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def matches(typed: str, *haystacks: str) -> bool:
    words = fold(typed).split()
    hay = " ".join(fold(h) for h in haystacks)
    return all(w in hay for w in words)


def typing_allowed(interaction: discord.Interaction) -> bool:
    """Autocomplete has its own, larger bucket (cogs.throttle): when it runs dry the list is
    empty for a moment; typing never uses up a player's commands."""
    throttle = getattr(interaction.client, "throttle", None)
    return throttle is None or throttle.autocomplete(interaction.user.id)


OTHER_SCRIPT = {"zh-TW": "zh-CN", "zh-CN": "zh-TW"}
"""A Chinese reader may type in either script (a zh-TW client with a simplified input method, or
a word copied from a friend's post): typed Han text is matched against both forms."""


def other_script(typed: str, locale: str) -> str | None:
    """The other Chinese locale to match ``typed`` against, if it holds Han characters."""
    other = OTHER_SCRIPT.get(locale)
    return other if other and any("\u3400" <= c <= "\u9fff" for c in typed) else None


def move_choices(game: rules.Game, legal: list[str], typed: str, locale: str) -> list[app_commands.Choice[str]]:
    """Legal moves matching ``typed``, grouped by kind, at most 25, labelled for humans."""
    found = []
    other = other_script(typed, locale)
    for action in sorted(legal, key=move_order(game)):
        label = game.describe(action, locale)
        english = game.describe(action, "en") if locale != "en" else ""
        kind = game.group(action)
        also = (game.describe(action, other), group_name(kind, other)) if other else ()
        if matches(typed, action, label, english, kind, group_name(kind, locale), *also):
            name = f"{action} — {label}" if label != action else action
            found.append(app_commands.Choice(name=posting.clip(name, CHOICE_NAME_LIMIT), value=action))
        if len(found) == MAX_CHOICES:
            break
    return found


@contexts
@installs
class GameGroup(app_commands.Group, name="game", description=desc("game")):
    """``/game new|join|leave|start|status|list|abandon``."""

    @app_commands.command(name="new", description=desc("game.new"))
    @app_commands.describe(game=desc("opt.game"), players=desc("opt.players"), options=desc("opt.options"))
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        players: Optional[app_commands.Range[int, 1, 4]] = None,  # noqa: UP045 - discord.py reads Optional
        options: str | None = None,
    ) -> None:
        await flows.open_game(interaction, game, players, options)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None) or "fixer"
        if name not in rules.GAMES or not typing_allowed(interaction):
            return []
        game = rules.get(name)
        locale = flows.reader_locale(interaction)
        head, _, last = current.rpartition(" ")
        prefix = f"{head} " if head else ""
        out = []
        for opt in table_options.offered_options(game):
            for choice in opt.choices:
                value = str(choice).lower() if isinstance(choice, bool) else str(choice)
                text = f"{opt.key}={value}"
                if matches(last, text, rules.localised(opt.label, locale) if opt.label else ""):
                    label = f"{prefix}{text}"
                    if opt.label:
                        label += f" ({rules.localised(opt.label, locale)})"
                    out.append(app_commands.Choice(name=label[:CHOICE_NAME_LIMIT], value=f"{prefix}{text}"[:100]))
        return out[:MAX_CHOICES]

    @app_commands.command(name="join", description=desc("game.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await flows.join(interaction)

    @app_commands.command(name="leave", description=desc("game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await flows.leave(interaction)

    @app_commands.command(name="start", description=desc("game.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await flows.start(interaction)

    @app_commands.command(name="status", description=desc("game.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await flows.status(interaction)

    @app_commands.command(name="record", description=desc("game.record"))
    async def record(self, interaction: discord.Interaction) -> None:
        await comeback.record(interaction)

    @app_commands.command(name="list", description=desc("game.list"))
    async def list_(self, interaction: discord.Interaction) -> None:
        await flows.list_games(interaction)

    @app_commands.command(name="abandon", description=desc("game.abandon"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        await flows.abandon(interaction)

    @app_commands.command(name="replace", description=desc("game.replace"))
    @app_commands.describe(old=desc("opt.old"), new=desc("opt.new"))
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        await flows.replace(interaction, old, new)

    @app_commands.command(name="rejoin", description=desc("game.rejoin"))
    async def rejoin(self, interaction: discord.Interaction) -> None:
        await flows.rejoin(interaction)

    @app_commands.command(name="addbot", description=desc("game.addbot"))
    @app_commands.describe(level=desc("opt.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str | None = None) -> None:
        await flows.add_bot(interaction, level)


LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in LANGUAGE_NAMES.items()]
STATS_CHOICES = [app_commands.Choice(name=titled(UI[key]), value=value)
                 for key, value in (("stats_public", "public"), ("stats_private_choice", "private"))]
SPEED_CHOICES = [app_commands.Choice(name=titled(UI[f"speed.{v}"]), value=v) for v in ("slow", "normal", "fast")]
SCOPE_CHOICES = [app_commands.Choice(name=titled(DESCRIPTIONS[f"scope.{v}"]), value=v) for v in ("server", "global")]


@contexts
@installs
class MeGroup(app_commands.Group, name="me", description=desc("me")):
    """``/me games|settings|away|back``: the caller's own, across every server and DM."""

    @app_commands.command(name="games", description=desc("me.games"))
    @app_commands.describe(finished=desc("opt.finished"), page=desc("opt.page"))
    async def games(
        self, interaction: discord.Interaction, finished: bool = False, page: app_commands.Range[int, 1, 100000] = 1
    ) -> None:
        if finished:
            await comeback.finished_games(interaction, page)
        else:
            await flows.my_games(interaction)

    @app_commands.command(name="settings", description=desc("me.settings"))
    @app_commands.describe(
        reminders=desc("opt.reminders"), quiet=desc("opt.quiet"), time_zone=desc("opt.time_zone"),
        language=desc("opt.language"), stats=desc("opt.stats"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, stats=STATS_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminders: bool | None = None,
        quiet: str | None = None,
        time_zone: str | None = None,
        language: str | None = None,
        stats: str | None = None,
    ) -> None:
        await flows.my_settings(interaction, reminders, quiet, time_zone, language, stats)

    @app_commands.command(name="away", description=desc("me.away"))
    @app_commands.describe(days=desc("opt.days"))
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14]) -> None:
        await flows.away(interaction, days)

    @app_commands.command(name="back", description=desc("me.back"))
    async def back(self, interaction: discord.Interaction) -> None:
        await flows.back(interaction)


TIMER_CHOICES = [app_commands.Choice(name=value, value=value) for value in timer.SECONDS]
POST_LANGUAGE_CHOICES = [
    *LANGUAGE_CHOICES,
    app_commands.Choice(name=titled(UI["server_language_auto"]), value=server.AUTO),
]


class PlayCog(commands.Cog):
    """``/move``, ``/hand``, ``/board``, ``/ping``, ``/log``, ``/rules``, ``/solo`` and the ``/game`` group."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.group = GameGroup()
        self.me = MeGroup()
        bot.tree.add_command(self.group)
        bot.tree.add_command(self.me)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)
        self.bot.tree.remove_command(self.me.name)

    @app_commands.command(name="settings", description=desc("settings"))
    @app_commands.describe(timer=desc("opt.timer"), threads=desc("opt.threads"), language=desc("opt.post_language"))
    @app_commands.choices(timer=TIMER_CHOICES, language=POST_LANGUAGE_CHOICES)
    @contexts
    @installs
    async def settings(
        self,
        interaction: discord.Interaction,
        timer: str | None = None,
        threads: bool | None = None,
        language: str | None = None,
    ) -> None:
        """Server defaults (Manage Server); refused in DMs, shown privately."""
        await server_settings.server_settings(interaction, timer, threads, language)

    @app_commands.command(name="undo", description=desc("undo"))
    @contexts
    @installs
    async def undo(self, interaction: discord.Interaction) -> None:
        await flows.undo(interaction)

    @app_commands.command(name="move", description=desc("move"))
    @app_commands.describe(action=desc("opt.action"))
    @contexts
    @installs
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await flows.move(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if not typing_allowed(interaction):
            return []
        try:
            game, legal = await flows.service(interaction).legal_moves(
                channel_id=flows.channel_of(interaction), user=flows.caller(interaction)
            )
        except Exception:
            flows.log.exception("autocomplete failed in channel %s", interaction.channel_id)
            return []
        return move_choices(game, legal, current, flows.reader_locale(interaction))

    @app_commands.command(name="hand", description=desc("hand"))
    @contexts
    @installs
    async def hand(self, interaction: discord.Interaction) -> None:
        await flows.hand(interaction)

    @app_commands.command(name="board", description=desc("board"))
    @contexts
    @installs
    async def board(self, interaction: discord.Interaction) -> None:
        await flows.board(interaction)

    @app_commands.command(name="ping", description=desc("ping"))
    @contexts
    @installs
    async def ping(self, interaction: discord.Interaction) -> None:
        await flows.ping(interaction)

    @app_commands.command(name="replay", description=desc("replay"))
    @app_commands.describe(speed=desc("opt.speed"))
    @app_commands.choices(speed=SPEED_CHOICES)
    @contexts
    @installs
    async def replay(self, interaction: discord.Interaction, speed: str | None = None) -> None:
        await comeback.replay(interaction, speed)

    @app_commands.command(name="note", description=desc("note"))
    @app_commands.describe(text=desc("opt.note_text"), clear=desc("opt.note_clear"))
    @contexts
    @installs
    async def note(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 4000] | None = None, clear: bool = False
    ) -> None:
        await comeback.note(interaction, text, clear)

    @app_commands.command(name="hint", description=desc("hint"))
    @contexts
    @installs
    async def hint(self, interaction: discord.Interaction) -> None:
        await hints.hint(interaction)

    @app_commands.command(name="stats", description=desc("stats"))
    @app_commands.describe(user=desc("opt.user"), game=desc("opt.stats_game"), versus=desc("opt.versus"),
                           bot=desc("opt.bot"), public=desc("opt.public"))
    @app_commands.choices(game=GAME_CHOICES, bot=LEVEL_CHOICES)
    @contexts
    @installs
    async def stats_(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
        versus: discord.User | None = None,
        bot: str | None = None,
        public: bool = False,
    ) -> None:
        await stats.stats(interaction, user, game, versus, bot, public)

    @app_commands.command(name="leaderboard", description=desc("leaderboard"))
    @app_commands.describe(game=desc("opt.game"), scope=desc("opt.scope"), page=desc("opt.page"))
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    @contexts
    @installs
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: str | None = None,
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        await stats.leaderboard(interaction, game, scope, page)

    @app_commands.command(name="log", description=desc("log"))
    @app_commands.describe(count=desc("opt.count"), since=desc("opt.since"))
    @app_commands.choices(since=[app_commands.Choice(name=titled(DESCRIPTIONS["since.me"]), value="me")])
    @contexts
    @installs
    async def log(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10, since: str | None = None
    ) -> None:
        await flows.recent(interaction, count, since)

    @app_commands.command(name="rules", description=desc("rules"))
    @app_commands.describe(game=desc("opt.game"), topic=desc("opt.topic"))
    @app_commands.choices(game=GAME_CHOICES)
    @contexts
    @installs
    async def rules_(self, interaction: discord.Interaction, game: str, topic: str | None = None) -> None:
        await flows.rules_help(interaction, game, topic)

    @rules_.autocomplete("topic")
    async def topic_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None) or "fixer"
        if name not in rules.GAMES or not typing_allowed(interaction):
            return []
        locale = flows.reader_locale(interaction)
        topics = rules.get(name).help(locale)
        other = other_script(current, locale)
        return [
            app_commands.Choice(name=topic_name(t, locale), value=t)
            for t in topics
            if matches(current, t, topic_name(t, locale), *([topic_name(t, other)] if other else []))
        ][:MAX_CHOICES]

    @app_commands.command(name="solo", description=desc("solo"))
    @app_commands.describe(game=desc("opt.game"), opponents=desc("opt.opponents"), level=desc("opt.solo_level"))
    @app_commands.choices(game=GAME_CHOICES, level=SOLO_LEVEL_CHOICES)
    @contexts
    @installs
    async def solo(
        self,
        interaction: discord.Interaction,
        game: str,
        opponents: Optional[app_commands.Range[int, 1, 3]] = None,  # noqa: UP045 - discord.py reads Optional
        level: str | None = None,
    ) -> None:
        await flows.solo(interaction, game, opponents, level)
