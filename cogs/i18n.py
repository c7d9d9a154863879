"""Discord-side words: command descriptions (through discord.py's Translator) and UI labels.

Command *names* stay English (they are typed and documented); descriptions, option
descriptions, choices and every reply follow the reader's Discord locale.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from rules import localised
from table.messages import LANGUAGE_NAMES

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
    "hand": {"en": "Your private view and moves", "zh-TW": "你的私人畫面與可用行動", "zh-CN": "你的私人画面与可用行动"},
    "board": {"en": "Post the current board", "zh-TW": "張貼目前的版圖", "zh-CN": "发布当前的版图"},
    "ping": {"en": "Is the bot there? Its version and latency", "zh-TW": "機器人在嗎?版本與延遲", "zh-CN": "机器人在吗?版本与延迟"},
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
    "pong": {
        "en": "Pong: Postern {version}, gateway latency {latency}.",
        "zh-TW": "Pong:Postern {version},連線延遲 {latency}。",
        "zh-CN": "Pong:Postern {version},连接延迟 {latency}。",
    },
    "latency_unknown": {"en": "not measured yet", "zh-TW": "尚未測得", "zh-CN": "尚未测得"},
    "join": {"en": "Join", "zh-TW": "加入", "zh-CN": "加入"},
    "start": {"en": "Start", "zh-TW": "開始", "zh-CN": "开始"},
    "my_hand": {"en": "My hand", "zh-TW": "我的手牌", "zh-CN": "我的手牌"},
    "more": {
        "en": "More moves… (page {page} of {pages})",
        "zh-TW": "更多行動…(第 {page}/{pages} 頁)",
        "zh-CN": "更多行动…(第 {page}/{pages} 页)",
    },
    "page_of": {"en": "Page {page} of {pages}", "zh-TW": "第 {page}/{pages} 頁", "zh-CN": "第 {page}/{pages} 页"},
    "jump": {
        "en": "Go to a page of moves ({pages} pages)…",
        "zh-TW": "跳到某一頁行動(共 {pages} 頁)…",
        "zh-CN": "跳到某一页行动(共 {pages} 页)…",
    },
    "back_to_first": {
        "en": "Back to the first moves (page 1 of {pages})",
        "zh-TW": "回到最前面的行動(第 1/{pages} 頁)",
        "zh-CN": "回到最前面的行动(第 1/{pages} 页)",
    },
    "pick": {"en": "Choose a move", "zh-TW": "選擇行動", "zh-CN": "选择行动"},
    "lobby": {
        "en": "**{game}** lobby opened by {host} — {count}/{capacity} seats: {names}. Join, then the host presses Start.",
        "zh-TW": "**{game}** 等待室由 {host} 開啟 — {count}/{capacity} 個座位:{names}。加入後由開局者按「開始」。",
        "zh-CN": "**{game}** 等待室由 {host} 开启 — {count}/{capacity} 个座位:{names}。加入后由开局者按“开始”。",
    },
    "lobby_full": {
        "en": "**{game}** lobby opened by {host} — {count}/{capacity} seats: {names}. The table is full: the host presses Start.",
        "zh-TW": "**{game}** 等待室由 {host} 開啟 — {count}/{capacity} 個座位:{names}。座位已滿:由開局者按「開始」。",
        "zh-CN": "**{game}** 等待室由 {host} 开启 — {count}/{capacity} 个座位:{names}。座位已满:由开局者按“开始”。",
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
    "standings_unfinished": {
        "en": "**Standings when the game ended (unfinished)**",
        "zh-TW": "**遊戲提前結束時的名次**",
        "zh-CN": "**游戏提前结束时的名次**",
    },
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
    "hand_game_over": {
        "en": "This game is over: your final position. `/game status` has the result.",
        "zh-TW": "這局遊戲已結束:這是你的最終局面。結果請見 `/game status`。",
        "zh-CN": "这局游戏已结束:这是你的最终局面。结果请见 `/game status`。",
    },
    "your_moves": {"en": "Your moves ({count}):", "zh-TW": "你的行動({count}):", "zh-CN": "你的行动({count}):"},
    "no_log": {"en": "No moves yet.", "zh-TW": "還沒有行動。", "zh-CN": "还没有行动。"},
    "rules_more": {
        "en": "More topics, one at a time: {topics}",
        "zh-TW": "其他主題請逐一查看:{topics}",
        "zh-CN": "其他主题请逐一查看:{topics}",
    },
    "solo_sent": {
        "en": "Your solo {game} game is waiting in your DMs.",
        "zh-TW": "你的單人 {game} 遊戲已在私訊中等你。",
        "zh-CN": "你的单人 {game} 游戏已在私信中等你。",
    },
    "solo_not_posted": {
        "en": "Your game could not be posted in our DM just now, so it was not kept. Please try /solo again.",
        "zh-TW": "剛才無法把你的遊戲貼到私訊中,所以沒有保留。請再試一次 /solo。",
        "zh-CN": "刚才无法把你的游戏发到私信中,所以没有保留。请再试一次 /solo。",
    },
    "dm_closed": {
        "en": "I could not open a DM with you (are DMs from server members allowed?). Try /solo in a DM with me.",
        "zh-TW": "無法私訊你(是否允許伺服器成員私訊?)。請在與我的私訊中使用 /solo。",
        "zh-CN": "无法私信你(是否允许服务器成员私信?)。请在与我的私信中使用 /solo。",
    },
    "score_line": {"en": "{rank}. {name} — {score}", "zh-TW": "{rank}. {name} — {score} 分", "zh-CN": "{rank}. {name} — {score} 分"},
    "tie_broken": {
        "en": "Equal scores are placed by the game's tie-break rules (`/rules`).",
        "zh-TW": "同分者依遊戲的同分規則排名(`/rules`)。",
        "zh-CN": "同分者依游戏的同分规则排名(`/rules`)。",
    },
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
        "zh-CN": "完成——已发布在下方。",
    },
}

# Real-server edge cases: missing permissions, user installs, threads that close or vanish.
UI.update({
    "perm_create_public_threads": {"en": "Create Public Threads", "zh-TW": "建立公開討論串", "zh-CN": "创建公开子区"},
    "perm_send_messages_in_threads": {"en": "Send Messages in Threads", "zh-TW": "在討論串中傳送訊息", "zh-CN": "在子区中发送消息"},
    "perm_attach_files": {"en": "Attach Files", "zh-TW": "附加檔案", "zh-CN": "附加文件"},
    "perm_embed_links": {"en": "Embed Links", "zh-TW": "嵌入連結", "zh-CN": "嵌入链接"},
    "perms_missing": {
        "en": "For the host: I am missing these permissions in this channel: {perms}. The game still works:\n{effects}\n"
        "A server admin can grant them to my role in this channel's settings.",
        "zh-TW": "給開局者:我在這個頻道缺少這些權限:{perms}。遊戲仍可進行:\n{effects}\n伺服器管理員可以在頻道設定中把權限授予我的身分組。",
        "zh-CN": "给开局者:我在这个频道缺少这些权限:{perms}。游戏仍可进行:\n{effects}\n服务器管理员可以在频道设置中把权限授予我的身份组。",
    },
    "eff_threads": {
        "en": "• the game is played here in the channel, not in a thread of its own;",
        "zh-TW": "• 遊戲在這個頻道進行,而不是在專屬的討論串;",
        "zh-CN": "• 游戏在这个频道进行,而不是在专属的子区;",
    },
    "eff_attach": {"en": "• boards are shown as text, not as images;", "zh-TW": "• 版圖以文字顯示,而不是圖片;", "zh-CN": "• 版图以文字显示,而不是图片;"},
    "eff_embed": {"en": "• links show no previews.", "zh-TW": "• 連結不會顯示預覽。", "zh-CN": "• 链接不会显示预览。"},
    "tb_head": {
        "en": "*Text board (I may not attach images here)*",
        "zh-TW": "*文字版圖(我在這裡不能附加圖片)*",
        "zh-CN": "*文字版图(我在这里不能附加图片)*",
    },
    "tb_turn": {"en": "to move: {who}", "zh-TW": "輪到:{who}", "zh-CN": "轮到:{who}"},
    "tb_scores": {"en": "scores: {scores}", "zh-TW": "分數:{scores}", "zh-CN": "分数:{scores}"},
    "tb_over": {"en": "the game is over", "zh-TW": "遊戲已結束", "zh-CN": "游戏已结束"},
    "no_image": {
        "en": "*(No image: I may not attach files here.)*",
        "zh-TW": "*(沒有圖片:我在這裡不能附加檔案。)*",
        "zh-CN": "*(没有图片:我在这里不能附加文件。)*",
    },
    "forced_private": {
        "en": "*Only you can see this: this server does not let apps like me post for you (\u201cUse External Apps\u201d "
        "is off), so the other players cannot see the board. Ask a server admin to allow it, or to add Postern to the server.*",
        "zh-TW": "*只有你看得到這則訊息:這個伺服器不允許像我這樣的應用程式替你公開發言(「使用外部應用程式」已關閉),"
        "所以其他玩家看不到版圖。請伺服器管理員開啟此權限,或把 Postern 加入伺服器。*",
        "zh-CN": "*只有你看得到这条消息:这个服务器不允许像我这样的应用替你公开发言(“使用外部应用”已关闭),"
        "所以其他玩家看不到版图。请服务器管理员开启此权限,或把 Postern 添加到服务器。*",
    },
    "archive_blocked": {
        "en": "{host}: Discord archived the thread of your **{game}** game (game {id}) after a week without activity, "
        "and I may not reopen it, so commands no longer work there. Send any message in {thread} to reopen it, "
        "or ask a server admin to give me *Send Messages in Threads* (and *Manage Threads* if it is locked).",
        "zh-TW": "{host}:你的 **{game}**(第 {id} 局)討論串一週沒有活動,已被 Discord 封存,而我無權重新開啟,"
        "所以那裡的指令無法使用。請在 {thread} 傳送任意訊息重新開啟,"
        "或請伺服器管理員給我「在討論串中傳送訊息」權限(若已鎖定,還需要「管理討論串」)。",
        "zh-CN": "{host}:你的 **{game}**(第 {id} 局)子区一周没有活动,已被 Discord 归档,而我无权重新开启,"
        "所以那里的指令无法使用。请在 {thread} 发送任意消息重新开启,"
        "或请服务器管理员给我“在子区中发送消息”权限(若已锁定,还需要“管理子区”)。",
    },
    "ended_deleted": {
        "en": "The **{game}** game (game {id}) ended as abandoned: its thread was deleted.",
        "zh-TW": "**{game}**(第 {id} 局)已結束(視為放棄):它的討論串被刪除了。",
        "zh-CN": "**{game}**(第 {id} 局)已结束(视为放弃):它的子区被删除了。",
    },
    "ended_locked": {
        "en": "The **{game}** game (game {id}) ended as abandoned: its thread {thread} was locked.",
        "zh-TW": "**{game}**(第 {id} 局)已結束(視為放棄):它的討論串 {thread} 被鎖定了。",
        "zh-CN": "**{game}**(第 {id} 局)已结束(视为放弃):它的子区 {thread} 被锁定了。",
    },
})

TOPIC_NAMES: dict[str, dict[str, str]] = {
    "overview": {"en": "overview", "zh-TW": "概覽", "zh-CN": "概览"},
    "moves": {"en": "moves", "zh-TW": "行動", "zh-CN": "行动"},
    "end": {"en": "end", "zh-TW": "結束", "zh-CN": "结束"},
    "solo": {"en": "solo", "zh-TW": "單人", "zh-CN": "单人"},
    "turn": {"en": "turn", "zh-TW": "回合", "zh-CN": "回合"},
    "notation": {"en": "notation", "zh-TW": "記法", "zh-CN": "记法"},
    "tiles": {"en": "tiles", "zh-TW": "板塊", "zh-CN": "板块"},
    "scoring": {"en": "scoring", "zh-TW": "計分", "zh-CN": "计分"},
    "actions": {"en": "actions", "zh-TW": "行動", "zh-CN": "行动"},
    "towers": {"en": "towers", "zh-TW": "塔樓", "zh-CN": "塔楼"},
    "cards": {"en": "cards", "zh-TW": "卡牌", "zh-CN": "卡牌"},
    "king": {"en": "king", "zh-TW": "國王", "zh-CN": "国王"},
    "options": {"en": "options", "zh-TW": "選項", "zh-CN": "选项"},
    "variants": {"en": "variants", "zh-TW": "變體", "zh-CN": "变体"},
    "pay": {"en": "paying", "zh-TW": "支付", "zh-CN": "支付"},
    "effects": {"en": "card effects", "zh-TW": "卡牌效果", "zh-CN": "卡牌效果"},
    "setup": {"en": "setup", "zh-TW": "準備", "zh-CN": "准备"},
}
"""Names of the rules' help topics (``Game.help`` keys) as the reader sees them."""

GROUP_NAMES: dict[str, dict[str, str]] = {
    "bonus": {"en": "bonus", "zh-TW": "獎勵", "zh-CN": "奖励"},
    "card 1": {"en": "card 1", "zh-TW": "第 1 張牌", "zh-CN": "第 1 张牌"},
    "card 2": {"en": "card 2", "zh-TW": "第 2 張牌", "zh-CN": "第 2 张牌"},
    "card 3": {"en": "card 3", "zh-TW": "第 3 張牌", "zh-CN": "第 3 张牌"},
    "draw": {"en": "draw", "zh-TW": "抽牌", "zh-CN": "抽牌"},
    "turn": {"en": "turn", "zh-TW": "回合", "zh-CN": "回合"},
    "play": {"en": "play", "zh-TW": "出牌", "zh-CN": "出牌"},
    "pass": {"en": "pass", "zh-TW": "傳牌", "zh-CN": "传牌"},
    "decide": {"en": "decide", "zh-TW": "決定", "zh-CN": "决定"},
    "adjust": {"en": "adjust", "zh-TW": "調整", "zh-CN": "调整"},
    "take": {"en": "take", "zh-TW": "拿取", "zh-CN": "拿取"},
    "place": {"en": "place", "zh-TW": "放置", "zh-CN": "放置"},
    "sell": {"en": "sell", "zh-TW": "出售", "zh-CN": "出售"},
    "workers": {"en": "workers", "zh-TW": "工人", "zh-CN": "工人"},
    "buy": {"en": "buy", "zh-TW": "購買", "zh-CN": "购买"},
    "end": {"en": "end", "zh-TW": "結束", "zh-CN": "结束"},
    "choose": {"en": "choose", "zh-TW": "選擇", "zh-CN": "选择"},
    "setup": {"en": "setup", "zh-TW": "準備", "zh-CN": "准备"},
    "chance": {"en": "chance", "zh-TW": "機運", "zh-CN": "机运"},
    "move": {"en": "move", "zh-TW": "移動", "zh-CN": "移动"},
    "knight": {"en": "knight", "zh-TW": "騎士", "zh-CN": "骑士"},
    "tower": {"en": "tower", "zh-TW": "塔樓", "zh-CN": "塔楼"},
    "card": {"en": "card", "zh-TW": "卡牌", "zh-CN": "卡牌"},
    "score": {"en": "score", "zh-TW": "計分", "zh-CN": "计分"},
    "castle": {"en": "castle", "zh-TW": "城堡", "zh-CN": "城堡"},
}
"""Names of the rules' move groups (``Game.group``) shown in pickers and matched by autocomplete."""


def topic_name(key: str, locale: str) -> str:
    """A help topic's name in the reader's language (the key itself if it has no entry yet)."""
    return localised(TOPIC_NAMES[key], locale) if key in TOPIC_NAMES else key


def group_name(key: str, locale: str) -> str:
    """A move group's name in the reader's language (the key itself if it has no entry yet)."""
    return localised(GROUP_NAMES[key], locale) if key in GROUP_NAMES else key


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

# Keeping asynchronous games alive: undo, substitutes, bots, away mode, settings, "my games".
DESCRIPTIONS.update({
    "undo": {"en": "Take back your last decision", "zh-TW": "收回你的上一步", "zh-CN": "收回你的上一步"},
    "game.replace": {"en": "Give a player's seat to someone else", "zh-TW": "把玩家的座位交給別人", "zh-CN": "把玩家的座位交给别人"},
    "game.rejoin": {"en": "Take your seat back from the bot", "zh-TW": "從機器人手中取回你的座位", "zh-CN": "从机器人手中取回你的座位"},
    "game.addbot": {"en": "Seat a bot in the lobby", "zh-TW": "在等待室加入機器人", "zh-CN": "在等待室加入机器人"},
    "me": {"en": "Your games and settings", "zh-TW": "你的遊戲與設定", "zh-CN": "你的游戏与设置"},
    "me.games": {"en": "Your games everywhere, those waiting on you first", "zh-TW": "你在各處的遊戲(輪到你的排在前面)", "zh-CN": "你在各处的游戏(轮到你的排在前面)"},
    "me.settings": {"en": "Reminders, quiet hours, time zone, language", "zh-TW": "提醒、勿擾時段、時區、語言", "zh-CN": "提醒、免打扰时段、时区、语言"},
    "me.away": {"en": "Pause your turn timers for some days", "zh-TW": "暫停你的回合計時數天", "zh-CN": "暂停你的回合计时数天"},
    "me.back": {"en": "End away mode", "zh-TW": "結束離開模式", "zh-CN": "结束离开模式"},
    "opt.old": {"en": "The player who leaves the seat", "zh-TW": "離開座位的玩家", "zh-CN": "离开座位的玩家"},
    "opt.new": {"en": "The player who takes the seat", "zh-TW": "接手座位的玩家", "zh-CN": "接手座位的玩家"},
    "opt.level": {"en": "Bot level", "zh-TW": "機器人等級", "zh-CN": "机器人等级"},
    "opt.days": {"en": "Days away (1-14)", "zh-TW": "離開天數(1-14)", "zh-CN": "离开天数(1-14)"},
    "opt.reminders": {"en": "Reminders by DM on or off", "zh-TW": "私訊提醒開或關", "zh-CN": "私信提醒开或关"},
    "opt.quiet": {"en": "Quiet hours, e.g. 22-7, or off", "zh-TW": "勿擾時段,例如 22-7,或 off", "zh-CN": "免打扰时段,例如 22-7,或 off"},
    "opt.time_zone": {"en": "Your time zone, e.g. Asia/Taipei", "zh-TW": "你的時區,例如 Asia/Taipei", "zh-CN": "你的时区,例如 Asia/Shanghai"},
    "opt.language": {"en": "Language of reminders", "zh-TW": "提醒的語言", "zh-CN": "提醒的语言"},
})
UI.update({
    "clocks": {"en": "Time left: {clocks}", "zh-TW": "剩餘時間:{clocks}", "zh-CN": "剩余时间:{clocks}"},
    "away_set": {
        "en": "You are away until {until} (UTC); your turn timers are paused. Away days used: {used}/{limit}.",
        "zh-TW": "你離開至 {until}(UTC);你的回合計時已暫停。已用離開天數:{used}/{limit}。",
        "zh-CN": "你离开至 {until}(UTC);你的回合计时已暂停。已用离开天数:{used}/{limit}。",
    },
    "back_set": {
        "en": "Welcome back: your turn timers run again. Away days used: {used}/{limit}.",
        "zh-TW": "歡迎回來:你的回合計時已恢復。已用離開天數:{used}/{limit}。",
        "zh-CN": "欢迎回来:你的回合计时已恢复。已用离开天数:{used}/{limit}。",
    },
    "settings_now": {
        "en": "Reminders: {reminders}. Quiet hours: {quiet} ({zone}). Language: {language}.",
        "zh-TW": "提醒:{reminders}。勿擾時段:{quiet}({zone})。語言:{language}。",
        "zh-CN": "提醒:{reminders}。免打扰时段:{quiet}({zone})。语言:{language}。",
    },
    "on": {"en": "on", "zh-TW": "開", "zh-CN": "开"},
    "off": {"en": "off", "zh-TW": "關", "zh-CN": "关"},
    "language_default": {"en": "your Discord language", "zh-TW": "你的 Discord 語言", "zh-CN": "你的 Discord 语言"},
    "no_my_games": {"en": "You have no games yet.", "zh-TW": "你還沒有任何遊戲。", "zh-CN": "你还没有任何游戏。"},
    "waits_on_you": {"en": "your move", "zh-TW": "輪到你", "zh-CN": "轮到你"},
})

# The turn keeper's vote buttons.
UI.update({
    "vote_btn_wait": {"en": "Wait 24 h more", "zh-TW": "再等 24 小時", "zh-CN": "再等 24 小时"},
    "vote_btn_bot": {"en": "Bot plays for them", "zh-TW": "機器人代打", "zh-CN": "机器人代打"},
    "vote_btn_replace": {"en": "Replace…", "zh-TW": "換人…", "zh-CN": "换人…"},
    "vote_btn_end": {"en": "End the game", "zh-TW": "結束遊戲", "zh-CN": "结束游戏"},
    "voted": {
        "en": "Your vote: {choice}. Votes so far: {tally}.",
        "zh-TW": "你的投票:{choice}。目前票數:{tally}。",
        "zh-CN": "你的投票:{choice}。目前票数:{tally}。",
    },
})

# AI opponents: /solo against bots, the lobby's Add bot buttons.
DESCRIPTIONS.update({
    "opt.opponents": {
        "en": "Play against this many bots (games with solo rules play those without it)",
        "zh-TW": "與幾個機器人對戰(有單人規則的遊戲不填則用單人規則)",
        "zh-CN": "与几个机器人对战(有单人规则的游戏不填则用单人规则)",
    },
    "opt.solo_level": {
        "en": "The bots' level: easy, normal (default) or hard",
        "zh-TW": "機器人等級:簡單、普通(預設)或困難",
        "zh-CN": "机器人等级:简单、普通(默认)或困难",
    },
})
UI.update({
    "add_bot": {"en": "Add bot ({level})", "zh-TW": "加入機器人({level})", "zh-CN": "加入机器人({level})"},
    "solo_bots_sent": {
        "en": "Your game of {game} against {bots} has started in your DMs.",
        "zh-TW": "你與 {bots} 的 {game} 已在私訊中開始。",
        "zh-CN": "你与 {bots} 的 {game} 已在私信中开始。",
    },
})
# Server settings (``/settings``, Manage Server).
DESCRIPTIONS.update({
    "settings": {"en": "Server defaults: timer, threads, post language", "zh-TW": "伺服器預設:計時、討論串、貼文語言", "zh-CN": "服务器默认:计时、子区、消息语言"},
    "opt.timer": {"en": "Default turn timer of new tables", "zh-TW": "新牌桌的預設回合計時", "zh-CN": "新牌桌的默认回合计时"},
    "opt.threads": {"en": "Open each new game in its own thread", "zh-TW": "每局新遊戲開在自己的討論串", "zh-CN": "每局新游戏开在自己的子区"},
    "opt.post_language": {"en": "Language of game posts in channels", "zh-TW": "頻道中遊戲貼文的語言", "zh-CN": "频道中游戏消息的语言"},
})
UI.update({
    "server_settings_now": {
        "en": "Server settings — default timer of new tables: {timer}. New games open in: {threads}. "
        "Language of channel posts: {language}. Changes apply to games opened from now on.",
        "zh-TW": "伺服器設定——新牌桌的預設計時:{timer}。新遊戲開在:{threads}。頻道貼文語言:{language}。"
        "變更適用於此後開的遊戲。",
        "zh-CN": "服务器设置——新牌桌的默认计时:{timer}。新游戏开在:{threads}。频道消息语言:{language}。"
        "更改适用于此后开的游戏。",
    },
    "server_timer_off": {"en": "no turn timer", "zh-TW": "不計時", "zh-CN": "不计时"},
    "server_timer_default": {"en": "{timer} (Postern's default)", "zh-TW": "{timer}(預設)", "zh-CN": "{timer}(默认)"},
    "server_threads_on": {"en": "a new thread each", "zh-TW": "各自的新討論串", "zh-CN": "各自的新子区"},
    "server_threads_off": {"en": "the channel itself", "zh-TW": "頻道本身", "zh-CN": "频道本身"},
    "server_language_default": {"en": "the server's Discord language", "zh-TW": "伺服器的 Discord 語言", "zh-CN": "服务器的 Discord 语言"},
    "server_language_auto": {"en": "The server's language", "zh-TW": "伺服器的語言", "zh-CN": "服务器的语言"},
    "seat_given_away": {
        "en": "{by} gave your seat in {game} to {new} ({where}). Your hand and your turns are theirs now; "
        "ask the host if this was a mistake.",
        "zh-TW": "{by} 已把你在 {game} 的座位交給 {new}({where})。你的手牌與回合現在歸對方;如有誤會請詢問開局者。",
        "zh-CN": "{by} 已把你在 {game} 的座位交给 {new}({where})。你的手牌与回合现在归对方;如有误会请询问开局者。",
    },
})


def language_name(code: str) -> str:
    """A setting's language as its readers write it (繁體中文), not its code."""
    return LANGUAGE_NAMES.get(code, code)

# Ratings and statistics (``/stats``, ``/leaderboard``, the rating lines of a final post).
from cogs.stats_texts import STATS_DESCRIPTIONS, STATS_UI  # noqa: E402 - the tables above come first

UI.update(STATS_UI)
DESCRIPTIONS.update(STATS_DESCRIPTIONS)

# Coming back to a game (``/note``, ``/me games finished``, ``/game record``).
from cogs.comeback_texts import COMEBACK_DESCRIPTIONS, COMEBACK_UI  # noqa: E402

UI.update(COMEBACK_UI)
DESCRIPTIONS.update(COMEBACK_DESCRIPTIONS)

# Hints (``/hint``).
from cogs.hint_texts import HINT_DESCRIPTIONS  # noqa: E402

DESCRIPTIONS.update(HINT_DESCRIPTIONS)
