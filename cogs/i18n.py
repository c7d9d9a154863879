"""Discord-side words: command descriptions (through discord.py's Translator) and UI labels.

Command *names* stay English (they are typed and documented); descriptions, option
descriptions, choices and every reply follow the reader's Discord locale.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from rules import localised

LOCALE_MAP = {discord.Locale.taiwan_chinese: "zh-TW", discord.Locale.chinese: "zh-CN"}


def code(locale: discord.Locale | str | None) -> str:
    """Our locale code for a Discord locale: zh-TW, zh-CN, else en."""
    if isinstance(locale, discord.Locale):
        return LOCALE_MAP.get(locale, "en")
    text = str(locale or "en")
    if text in ("zh-TW", "zh-HK"):
        return "zh-TW"
    if text.startswith("zh"):
        return "zh-CN"
    return "en"


DESCRIPTIONS: dict[str, dict[str, str]] = {
    "game": {"en": "Play board games here", "zh-TW": "在這裡玩桌遊", "zh-CN": "在这里玩桌游"},
    "game.new": {"en": "Open a game lobby here", "zh-TW": "在這裡開一局遊戲", "zh-CN": "在这里开一局游戏"},
    "game.join": {"en": "Join the lobby here", "zh-TW": "加入這裡的等待室", "zh-CN": "加入这里的等待室"},
    "game.leave": {"en": "Leave the lobby here", "zh-TW": "離開這裡的等待室", "zh-CN": "离开这里的等待室"},
    "game.start": {"en": "Start the lobby's game", "zh-TW": "開始遊戲", "zh-CN": "开始游戏"},
    "game.status": {"en": "Show the game here", "zh-TW": "查看這裡的遊戲", "zh-CN": "查看这里的游戏"},
    "game.list": {"en": "Games in this server", "zh-TW": "本伺服器的遊戲", "zh-CN": "本服务器的游戏"},
    "game.abandon": {"en": "End the game here", "zh-TW": "結束這裡的遊戲", "zh-CN": "结束这里的游戏"},
    "move": {"en": "Make a move", "zh-TW": "進行行動", "zh-CN": "进行行动"},
    "hand": {"en": "Your private view and moves", "zh-TW": "你的手牌與可行動作", "zh-CN": "你的手牌与可行动作"},
    "board": {"en": "Post the current board", "zh-TW": "張貼目前的版圖", "zh-CN": "张贴当前的版图"},
    "log": {"en": "Recent moves", "zh-TW": "最近的行動", "zh-CN": "最近的行动"},
    "rules": {"en": "Short rules help", "zh-TW": "簡短規則說明", "zh-CN": "简短规则说明"},
    "solo": {"en": "Play solo in your DMs", "zh-TW": "在私訊中單人遊玩", "zh-CN": "在私信中单人游玩"},
    "opt.game": {"en": "Which game", "zh-TW": "哪個遊戲", "zh-CN": "哪个游戏"},
    "opt.players": {"en": "Number of seats (default: the game's maximum)", "zh-TW": "座位數(預設為最多人數)", "zh-CN": "座位数(默认为最多人数)"},
    "opt.options": {"en": "Variants, e.g. card_passing=true", "zh-TW": "變體,例如 card_passing=true", "zh-CN": "变体,例如 card_passing=true"},
    "opt.action": {"en": "Your move (pick from the list)", "zh-TW": "你的行動(從清單選擇)", "zh-CN": "你的行动(从列表选择)"},
    "opt.count": {"en": "How many lines", "zh-TW": "顯示幾行", "zh-CN": "显示几行"},
    "opt.topic": {"en": "Topic", "zh-TW": "主題", "zh-CN": "主题"},
}

UI: dict[str, dict[str, str]] = {
    "join": {"en": "Join", "zh-TW": "加入", "zh-CN": "加入"},
    "start": {"en": "Start", "zh-TW": "開始", "zh-CN": "开始"},
    "my_hand": {"en": "My hand", "zh-TW": "我的手牌", "zh-CN": "我的手牌"},
    "more": {"en": "More moves…", "zh-TW": "更多行動…", "zh-CN": "更多行动…"},
    "pick": {"en": "Choose a move", "zh-TW": "選擇行動", "zh-CN": "选择行动"},
    "lobby": {
        "en": "**{game}** lobby opened by {host} — {count}/{capacity} seats: {names}. Join, then the host presses Start.",
        "zh-TW": "**{game}** 等待室由 {host} 開啟 — {count}/{capacity} 個座位:{names}。加入後由開局者按「開始」。",
        "zh-CN": "**{game}** 等待室由 {host} 开启 — {count}/{capacity} 个座位:{names}。加入后由开局者按“开始”。",
    },
    "lobby_thread": {
        "en": "Lobby for **{game}** opened in {thread}.",
        "zh-TW": "**{game}** 的等待室已在 {thread} 開啟。",
        "zh-CN": "**{game}** 的等待室已在 {thread} 开启。",
    },
    "started": {"en": "**{game}** begins: {names}.", "zh-TW": "**{game}** 開始:{names}。", "zh-CN": "**{game}** 开始:{names}。"},
    "your_turn": {"en": "{who}: your move.", "zh-TW": "{who}:輪到你了。", "zh-CN": "{who}:轮到你了。"},
    "waiting": {"en": "Waiting for {who}.", "zh-TW": "等待 {who}。", "zh-CN": "等待 {who}。"},
    "abandoned": {"en": "The game was abandoned.", "zh-TW": "遊戲已放棄。", "zh-CN": "游戏已放弃。"},
    "left": {"en": "{who} left the lobby ({count}/{capacity}).", "zh-TW": "{who} 離開了等待室({count}/{capacity})。", "zh-CN": "{who} 离开了等待室({count}/{capacity})。"},
    "final": {"en": "**Final result**", "zh-TW": "**最終結果**", "zh-CN": "**最终结果**"},
    "status": {
        "en": "**{game}** (game {id}) — {status}. Players: {names}.",
        "zh-TW": "**{game}**(第 {id} 局)— {status}。玩家:{names}。",
        "zh-CN": "**{game}**(第 {id} 局)— {status}。玩家:{names}。",
    },
    "st_lobby": {"en": "lobby", "zh-TW": "等待中", "zh-CN": "等待中"},
    "st_active": {"en": "in progress", "zh-TW": "進行中", "zh-CN": "进行中"},
    "st_finished": {"en": "finished", "zh-TW": "已結束", "zh-CN": "已结束"},
    "st_abandoned": {"en": "abandoned", "zh-TW": "已放棄", "zh-CN": "已放弃"},
    "no_games": {"en": "No games yet.", "zh-TW": "目前沒有遊戲。", "zh-CN": "目前没有游戏。"},
    "no_moves": {"en": "You have no move to make right now.", "zh-TW": "你現在沒有需要進行的行動。", "zh-CN": "你现在没有需要进行的行动。"},
    "your_moves": {"en": "Your moves ({count}):", "zh-TW": "你的行動({count}):", "zh-CN": "你的行动({count}):"},
    "no_log": {"en": "No moves yet.", "zh-TW": "還沒有行動。", "zh-CN": "还没有行动。"},
    "solo_sent": {
        "en": "Your solo {game} game is waiting in your DMs.",
        "zh-TW": "你的單人 {game} 遊戲已在私訊中等你。",
        "zh-CN": "你的单人 {game} 游戏已在私信中等你。",
    },
    "dm_closed": {
        "en": "I could not open a DM with you (are DMs from server members allowed?). Try /solo in a DM with me.",
        "zh-TW": "無法私訊你(是否允許伺服器成員私訊?)。請在與我的私訊中使用 /solo。",
        "zh-CN": "无法私信你(是否允许服务器成员私信?)。请在与我的私信中使用 /solo。",
    },
    "score_line": {"en": "{rank}. {name} — {score}", "zh-TW": "{rank}. {name} — {score} 分", "zh-CN": "{rank}. {name} — {score} 分"},
    "automa": {"en": "Automa", "zh-TW": "自動機", "zh-CN": "自动机"},
    "slow_down": {
        "en": "Slow down a little — too many commands at once. Try again in a few seconds.",
        "zh-TW": "請放慢一點——指令太多太快了。請幾秒後再試。",
        "zh-CN": "请放慢一点——指令太多太快了。请几秒后再试。",
    },
    "not_saved": {
        "en": "Could not save just now — nothing was applied. Please try again.",
        "zh-TW": "暫時無法儲存——沒有套用任何變更。請再試一次。",
        "zh-CN": "暂时无法保存——没有应用任何更改。请再试一次。",
    },
    "posted_below": {
        "en": "Done — posted below.",
        "zh-TW": "完成——已張貼在下方。",
        "zh-CN": "完成——已张贴在下方。",
    },
}


def ui(key: str, locale: str, **params: Any) -> str:
    return localised(UI[key], locale).format(**params)


class PosternTranslator(app_commands.Translator):
    """Serves the zh-TW / zh-CN descriptions of ``DESCRIPTIONS`` (keys in ``locale_str`` extras)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        ours = LOCALE_MAP.get(locale)
        if key is None or ours is None:
            return string.extras.get("i18n", {}).get(ours) if ours else None
        return DESCRIPTIONS.get(key, {}).get(ours)


def desc(key: str) -> app_commands.locale_str:
    """A translatable description (English text, with its key for the translator)."""
    return app_commands.locale_str(DESCRIPTIONS[key]["en"], key=key)


def titled(texts: dict[str, str]) -> app_commands.locale_str:
    """A translatable choice name from a ``{locale: text}`` table (e.g. a game's title)."""
    return app_commands.locale_str(texts["en"], i18n=texts)
