"""The table's own messages in en / zh-TW / zh-CN (refusals and confirmations).

Game-specific words (moves, rule refusals) come from each game's ``describe``/``reason_text``;
these are the words of the platform around the games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules import Game, IllegalAction, localised
from table.comeback_texts import COMEBACK_MESSAGES
from table.hint_texts import HINT_MESSAGES
from table.lifecycle_texts import LIFECYCLE_MESSAGES
from table.server_texts import SERVER_MESSAGES
from table.solo_texts import SOLO_MESSAGES

MESSAGES: dict[str, dict[str, str]] = {
    "unknown_game": {
        "en": "Unknown game “{game}”. Games: {games}.",
        "zh-TW": "未知的遊戲「{game}」。可選:{games}。",
        "zh-CN": "未知的游戏“{game}”。可选:{games}。",
    },
    "storage_busy": {
        "en": "Could not save that just now (the database is busy or full) — nothing was applied. Please try again.",
        "zh-TW": "剛才無法儲存(資料庫忙碌或已滿)——沒有任何變更生效。請再試一次。",
        "zh-CN": "刚才无法保存(数据库繁忙或已满)——没有任何更改生效。请再试一次。",
    },
    "commit_unknown": {
        "en": "The connection to the database broke while saving, and I could not find out whether your "
              "change was saved. Check /game status before trying again.",
        "zh-TW": "儲存時與資料庫的連線中斷,無法確認你的變更是否已儲存。再試一次之前,請先用 /game status 查看。",
        "zh-CN": "保存时与数据库的连接中断,无法确认你的更改是否已保存。再试一次之前,请先用 /game status 查看。",
    },
    "restarting": {
        "en": "Postern is restarting — please try again in a moment. Nothing was changed.",
        "zh-TW": "Postern 正在重新啟動,請稍後再試。沒有任何變更。",
        "zh-CN": "Postern 正在重新启动,请稍后再试。没有任何更改。",
    },
    "no_game": {
        "en": "There is no game in this channel. Start one with /game new.",
        "zh-TW": "這個頻道沒有進行中的遊戲。用 /game new 開一局。",
        "zh-CN": "这个频道没有进行中的游戏。用 /game new 开一局。",
    },
    "channel_busy": {
        "en": "This channel already has a game ({game}). Finish or abandon it first, or use another channel or thread.",
        "zh-TW": "這個頻道已有一局遊戲({game})。請先結束或放棄,或改用其他頻道/討論串。",
        "zh-CN": "这个频道已有一局游戏({game})。请先结束或放弃,或改用其他频道/子区。",
    },
    "solo_busy_dm": {
        "en": "Our DM already has a game ({game}): a solo game is played there. Finish it, or /game abandon it "
              "in that DM, then start another ({where}).",
        "zh-TW": "我們的私訊裡已有一局遊戲({game}),單人遊戲都在那裡進行。請先下完,或在私訊中用 /game abandon 放棄,再開新局({where})。",
        "zh-CN": "我们的私信里已有一局游戏({game}),单人游戏都在那里进行。请先下完,或在私信中用 /game abandon 放弃,再开新局({where})。",
    },
    "not_seated": {
        "en": "You are not playing in this game.",
        "zh-TW": "你不在這局遊戲中。",
        "zh-CN": "你不在这局游戏中。",
    },
    "not_your_turn": {
        "en": "It is not your turn — waiting for {who}.",
        "zh-TW": "還沒輪到你——正在等待 {who}。",
        "zh-CN": "还没轮到你——正在等待 {who}。",
    },
    "lobby_full": {
        "en": "The lobby is full ({count}/{capacity}).",
        "zh-TW": "等待室已滿({count}/{capacity})。",
        "zh-CN": "等待室已满({count}/{capacity})。",
    },
    "already_joined": {"en": "You have already joined.", "zh-TW": "你已經加入了。", "zh-CN": "你已经加入了。"},
    "already_started": {
        "en": "The game has already started.",
        "zh-TW": "遊戲已經開始。",
        "zh-CN": "游戏已经开始。",
    },
    "not_started": {
        "en": "The game has not started yet: join it, then the host presses Start.",
        "zh-TW": "遊戲尚未開始:先加入,再由開局者按「開始」。",
        "zh-CN": "游戏尚未开始:先加入,再由开局者按“开始”。",
    },
    "not_host": {
        "en": "Only the host ({who}) can do that.",
        "zh-TW": "只有開局者({who})可以這麼做。",
        "zh-CN": "只有开局者({who})可以这么做。",
    },
    "cannot_abandon": {
        "en": "Only the host or a member with Manage Messages can abandon this game.",
        "zh-TW": "只有開局者或擁有「管理訊息」權限的成員可以放棄這局遊戲。",
        "zh-CN": "只有开局者或拥有“管理消息”权限的成员可以放弃这局游戏。",
    },
    "too_few": {
        "en": "{game} needs at least {min} players (now {count}).",
        "zh-TW": "{game} 至少需要 {min} 位玩家(目前 {count} 位)。",
        "zh-CN": "{game} 至少需要 {min} 位玩家(目前 {count} 位)。",
    },
    "bad_capacity": {
        "en": "{game} is for {min}–{max} players.",
        "zh-TW": "{game} 限 {min}–{max} 位玩家。",
        "zh-CN": "{game} 限 {min}–{max} 位玩家。",
    },
    "no_solo": {
        "en": "{game} has no solo rules: play it alone against bots with /solo.",
        "zh-TW": "{game} 沒有單人規則:可用 /solo 獨自與機器人對戰。",
        "zh-CN": "{game} 没有单人规则:可用 /solo 独自与机器人对战。",
    },
    "solo_dm_only": {
        "en": "Solo games are played in DMs: I have sent you one.",
        "zh-TW": "單人遊戲在私訊中進行:我已在私訊中為你開了一局。",
        "zh-CN": "单人游戏在私信中进行:我已在私信中为你开了一局。",
    },
    "bad_options": {
        "en": "Option refused: {detail}",
        "zh-TW": "選項不被接受:{detail}",
        "zh-CN": "选项不被接受:{detail}",
    },
    "options_format": {
        "en": "“{part}” is not an option: options are written key=value (see /rules for this game's).",
        "zh-TW": "「{part}」不是選項:選項寫成 key=value(這個遊戲的選項見 /rules)。",
        "zh-CN": "“{part}”不是选项:选项写成 key=value(这个游戏的选项见 /rules)。",
    },
    "option_twice": {
        "en": "The option {option} is given twice; give each option once.",
        "zh-TW": "選項 {option} 給了兩次;每個選項只給一次。",
        "zh-CN": "选项 {option} 给了两次;每个选项只给一次。",
    },
    "illegal": {"en": "Illegal move: {reason}", "zh-TW": "不合法的行動:{reason}", "zh-CN": "不合法的行动:{reason}"},
    "game_over": {
        "en": "This game is over. Use /game status to see the result.",
        "zh-TW": "這局遊戲已結束。用 /game status 查看結果。",
        "zh-CN": "这局游戏已结束。用 /game status 查看结果。",
    },
    "vote_closed": {
        "en": "This vote has closed (or the player moved in time); nothing to vote on any more.",
        "zh-TW": "這次投票已結束(或該玩家已及時行動),不需要再投票。",
        "zh-CN": "这次投票已结束(或该玩家已及时行动),不需要再投票。",
    },
    "lobby_changed": {
        "en": "This lobby changed since that button was posted (someone joined or left); use the newest lobby post.",
        "zh-TW": "這個按鈕貼出後等待室已有變動(有人加入或離開);請使用最新的等待室貼文。",
        "zh-CN": "这个按钮发出后等待室已有变动(有人加入或离开);请使用最新的等待室消息。",
    },
    "stale": {
        "en": "That button belongs to an older position; the game has moved on. Use /hand for the current one.",
        "zh-TW": "這個按鈕屬於較早的局面,遊戲已經往下進行。請用 /hand 查看目前局面。",
        "zh-CN": "这个按钮属于较早的局面,游戏已经往下进行。请用 /hand 查看当前局面。",
    },
    "already_done": {
        "en": "Already done: your “{action}” was played just before this command arrived. Nothing more was applied.",
        "zh-TW": "已完成:你的「{action}」在這個指令送達前已經執行,沒有再次套用。",
        "zh-CN": "已完成:你的“{action}”在这个指令送达前已经执行,没有再次应用。",
    },
    "busy": {
        "en": "Someone moved at the same moment; please try again.",
        "zh-TW": "有人同時行動,請再試一次。",
        "zh-CN": "有人同时行动,请再试一次。",
    },
    "internal": {
        "en": "Something went wrong on my side (game {game_id}). It has been logged; nothing was changed.",
        "zh-TW": "系統發生錯誤(第 {game_id} 局)。已記錄,沒有任何改變。",
        "zh-CN": "系统发生错误(第 {game_id} 局)。已记录,没有任何改变。",
    },
    "internal_saved": {
        "en": "Something went wrong on my side (game {game_id}) after your change was saved, so it did "
        "take effect. It has been logged; /game status shows the game as it stands.",
        "zh-TW": "系統發生錯誤(第 {game_id} 局),但你的變更已經儲存並生效。已記錄;用 /game status 查看目前局面。",
        "zh-CN": "系统发生错误(第 {game_id} 局),但你的更改已经保存并生效。已记录;用 /game status 查看当前局面。",
    },
    "empty_action": {
        "en": "Type a move, e.g. {example}. Autocomplete lists the legal ones.",
        "zh-TW": "請輸入行動,例如 {example}。自動完成會列出合法行動。",
        "zh-CN": "请输入行动,例如 {example}。自动补全会列出合法行动。",
    },
    "opt_bad_player_count": {
        "en": "{game} is for {min}–{max} players.",
        "zh-TW": "{game} 限 {min}–{max} 位玩家。",
        "zh-CN": "{game} 限 {min}–{max} 位玩家。",
    },
    "opt_unknown_option": {
        "en": "{game} has no option “{option}”.",
        "zh-TW": "{game} 沒有「{option}」這個選項。",
        "zh-CN": "{game} 没有“{option}”这个选项。",
    },
    "opt_bad_option_value": {
        "en": "Option {option} must be one of: {allowed}.",
        "zh-TW": "選項 {option} 只能是:{allowed}。",
        "zh-CN": "选项 {option} 只能是:{allowed}。",
    },
    "opt_option_not_for_count": {
        "en": "Option {option} is not available with {players} player(s).",
        "zh-TW": "{players} 位玩家時不能使用選項 {option}。",
        "zh-CN": "{players} 位玩家时不能使用选项 {option}。",
    },
    "opt_option_combination": {
        "en": "Option {option} cannot be combined with {other}: the rules would ignore it.",
        "zh-TW": "選項 {option} 不能與 {other} 一起使用:規則會忽略它。",
        "zh-CN": "选项 {option} 不能与 {other} 一起使用:规则会忽略它。",
    },
    "seating_drawn": {
        "en": "Seat order drawn at random: {order}.",
        "zh-TW": "隨機抽出座位順序:{order}。",
        "zh-CN": "随机抽出座位顺序:{order}。",
    },
    "not_lobby_member": {
        "en": "You are not in this lobby.",
        "zh-TW": "你不在這個等待室中。",
        "zh-CN": "你不在这个等待室中。",
    },
}

MESSAGES.update(LIFECYCLE_MESSAGES)
MESSAGES.update(SOLO_MESSAGES)
MESSAGES.update(SERVER_MESSAGES)
MESSAGES.update(COMEBACK_MESSAGES)
MESSAGES.update(HINT_MESSAGES)


class TableError(Exception):
    """A refusal for the user, localised late (the adapter knows the reader's locale)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, locale: str = "en") -> str:
        template = localised(MESSAGES[self.key], locale)
        params = {k: (v(locale) if callable(v) else v) for k, v in self.params.items()}
        return template.format(**params)


CORE_REASONS = ("bad_player_count", "unknown_option", "bad_option_value", "option_not_for_count", "option_combination")
"""Refusal keys raised by the shared option checks of ``rules.core`` (not by any one game): their
words are the platform's, so every game — and the table's own ``seating`` option — reads the same."""


def refusal(game: Game, error: IllegalAction, locale: str = "en") -> str:
    """A rules refusal as the player reads it: the core's option checks in the table's words,
    every other refusal through the game's ``reason_text``."""
    if error.key in CORE_REASONS:
        title = localised(game.title, locale) if game.title else game.name
        return message(f"opt_{error.key}", locale, game=title, **error.params)
    return game.reason_text(error, locale)


LANGUAGE_NAMES: dict[str, str] = {"en": "English", "zh-TW": "繁體中文", "zh-CN": "简体中文"}
"""Each language by its own name: a reader looks for their language as they write it, not its code."""

LIST_SEPARATOR: dict[str, str] = {"en": ", ", "zh-TW": "、", "zh-CN": "、"}
"""Between the names of a list in running text: Chinese lists names with the enumeration comma."""


def listing(items: Iterable[str], locale: str) -> str:
    """Names (players, seats) as one list, separated as the reader's language separates them."""
    return LIST_SEPARATOR.get(locale, ", ").join(items)


def message(key: str, locale: str = "en", **params: Any) -> str:
    return localised(MESSAGES[key], locale).format(**params)
