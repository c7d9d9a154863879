"""Why a move is refused: one table of localised reasons, so every refusal names the rule.

``illegal(key, **params)`` builds the ``IllegalAction`` with the English text; ``reason_text``
renders the same key in the player's language.
"""

from __future__ import annotations

from typing import Any

from rules.core import IllegalAction, Locale

HINT = "knight c4 · move b4-c4 · tower d4 · card draw · card play AP6 · score · end"

REASONS: dict[str, dict[Locale, str]] = {
    "notation": {
        "en": "not a Torres move; try e.g. " + HINT,
        "zh-TW": "無法辨識的指令;例如:" + HINT,
        "zh-CN": "无法识别的指令;例如:" + HINT,
    },
    "bad_square": {
        "en": "{text} is not a square (use a1 to h8)",
        "zh-TW": "{text} 不是方格(請用 a1 至 h8)",
        "zh-CN": "{text} 不是方格(请用 a1 至 h8)",
    },
    "game_over": {"en": "the game is over", "zh-TW": "遊戲已結束", "zh-CN": "游戏已结束"},
    "not_your_turn": {"en": "it is not your turn", "zh-TW": "現在不是你的回合", "zh-CN": "现在不是你的回合"},
    "wrong_time": {
        "en": "that decision is not possible now; now: {now}",
        "zh-TW": "現在不能這樣做;現在應該:{now}",
        "zh-CN": "现在不能这样做;现在应该:{now}",
    },
    "no_ap": {"en": "no AP left", "zh-TW": "已無行動點", "zh-CN": "已无行动点"},
    "few_ap": {
        "en": "only {ap} AP left",
        "zh-TW": "只剩 {ap} 個行動點",
        "zh-CN": "只剩 {ap} 个行动点",
    },
    "occupied": {"en": "{sq} is occupied", "zh-TW": "{sq} 已有棋子", "zh-CN": "{sq} 已有棋子"},
    "not_own_knight": {
        "en": "there is no knight of yours on {sq}",
        "zh-TW": "{sq} 上沒有你的騎士",
        "zh-CN": "{sq} 上没有你的骑士",
    },
    "no_knights_left": {
        "en": "all 6 of your knights are on the board",
        "zh-TW": "你的 6 個騎士都已在圖板上",
        "zh-CN": "你的 6 个骑士都已在图板上",
    },
    "knight_support": {
        "en": "a knight may only be placed next to one of your knights at the same level or lower",
        "zh-TW": "騎士只能放在自家騎士的前後左右,且不能高於該騎士",
        "zh-CN": "骑士只能放在自家骑士的前后左右,且不能高于该骑士",
    },
    "climb": {
        "en": "a knight may not climb more than one level",
        "zh-TW": "騎士一次最多只能往上一層",
        "zh-CN": "骑士一次最多只能往上一层",
    },
    "unreachable": {
        "en": "{to} cannot be reached from {frm} by a step or through a castle's doors",
        "zh-TW": "{frm} 無法一步或穿越城堡到達 {to}",
        "zh-CN": "{frm} 无法一步或穿越城堡到达 {to}",
    },
    "door_climb": {
        "en": "without the DOOR card a move through a castle may not end higher than it started",
        "zh-TW": "沒有穿越卡時,穿越城堡後不能比出發時更高",
        "zh-CN": "没有穿越卡时,穿越城堡后不能比出发时更高",
    },
    "start_castle": {
        "en": "choose a start castle with no figure on it",
        "zh-TW": "請選擇沒有棋子的起始城堡",
        "zh-CN": "请选择没有棋子的起始城堡",
    },
    "king_square": {
        "en": "the King must go on a castle square with no figure",
        "zh-TW": "國王必須放在沒有棋子的城堡方格上",
        "zh-CN": "国王必须放在没有棋子的城堡方格上",
    },
    "too_tall": {
        "en": "a castle may not be taller than its area",
        "zh-TW": "城堡高度不能超過底面積",
        "zh-CN": "城堡高度不能超过底面积",
    },
    "merge": {
        "en": "that tower would join two castles",
        "zh-TW": "這座塔樓會把兩座城堡連在一起",
        "zh-CN": "这座塔楼会把两座城堡连在一起",
    },
    "new_castle": {
        "en": "a new block must touch a castle (new castles only through UNDER or SHIFT)",
        "zh-TW": "新塔樓必須緊鄰城堡(只有插入塔樓或移動塔樓可建新城堡)",
        "zh-CN": "新塔楼必须紧邻城堡(只有插入塔楼或移动塔楼可建新城堡)",
    },
    "no_blocks": {
        "en": "no blocks left in this turn's stack",
        "zh-TW": "本輪塔樓堆已用完",
        "zh-CN": "本轮塔楼堆已用完",
    },
    "no_supply": {"en": "the general supply is empty", "zh-TW": "公區沒有塔樓了", "zh-CN": "公区没有塔楼了"},
    "master_spacing": {
        "en": "start castles need at least 2 empty squares between them",
        "zh-TW": "起始城堡之間至少要隔 2 格",
        "zh-CN": "起始城堡之间至少要隔 2 格",
    },
    "master_ground": {
        "en": "a start castle goes on bare ground",
        "zh-TW": "起始城堡必須放在空格上",
        "zh-CN": "起始城堡必须放在空格上",
    },
    "draw_limit": {
        "en": "at most 2 cards may be acquired per turn",
        "zh-TW": "每回合最多抽取 2 張行動卡",
        "zh-CN": "每回合最多抽取 2 张行动卡",
    },
    "deck_empty": {"en": "the deck is empty", "zh-TW": "卡牌堆已空", "zh-CN": "卡牌堆已空"},
    "no_draw_master": {
        "en": "cards are not acquired in the master game",
        "zh-TW": "進階規則不能抽取行動卡",
        "zh-CN": "进阶规则不能抽取行动卡",
    },
    "keep_first": {
        "en": "first keep one of the revealed cards: {cards}",
        "zh-TW": "請先從翻開的卡中保留一張:{cards}",
        "zh-CN": "请先从翻开的卡中保留一张:{cards}",
    },
    "keep_bad": {
        "en": "{card} is not among the revealed cards ({cards})",
        "zh-TW": "{card} 不在翻開的卡中({cards})",
        "zh-CN": "{card} 不在翻开的卡中({cards})",
    },
    "one_card": {
        "en": "only one action card may be played per turn",
        "zh-TW": "每回合只能打出一張行動卡",
        "zh-CN": "每回合只能打出一张行动卡",
    },
    "no_card": {"en": "you have no {card} card", "zh-TW": "你沒有 {card} 卡", "zh-CN": "你没有 {card} 卡"},
    "fresh_card": {
        "en": "a card acquired this turn can be played from your next turn on",
        "zh-TW": "本回合抽到的卡要到下回合才能打出",
        "zh-CN": "本回合抽到的卡要到下回合才能打出",
    },
    "card_args": {
        "en": "{card} is played as: {form}",
        "zh-TW": "{card} 的寫法:{form}",
        "zh-CN": "{card} 的写法:{form}",
    },
    "up2_exact": {
        "en": "UP2 climbs to an adjacent square exactly 2 levels higher",
        "zh-TW": "往上跳躍卡必須跳到相鄰且正好高 2 層的方格",
        "zh-CN": "往上跳跃卡必须跳到相邻且正好高 2 层的方格",
    },
    "over_path": {
        "en": "OVER jumps in a straight line over one adjacent knight to the square behind it",
        "zh-TW": "往旁跳躍卡必須直線跳過相鄰的一個騎士",
        "zh-CN": "往旁跳跃卡必须直线跳过相邻的一个骑士",
    },
    "not_diagonal": {
        "en": "DIAG moves one square diagonally",
        "zh-TW": "對角移動卡只能斜走一格",
        "zh-CN": "对角移动卡只能斜走一格",
    },
    "door_card": {
        "en": "no door of a castle next to {frm} leads to {to} (and never onto a tallest tower)",
        "zh-TW": "{frm} 旁的城堡沒有門通往 {to}(也不能停在最高塔上)",
        "zh-CN": "{frm} 旁的城堡没有门通往 {to}(也不能停在最高塔上)",
    },
    "reloc_support": {
        "en": "the knight must land next to another of your knights at the same level or higher",
        "zh-TW": "騎士必須移到另一個自家騎士旁,且不能高於該騎士",
        "zh-CN": "骑士必须移到另一个自家骑士旁,且不能高于该骑士",
    },
    "no_reserve": {
        "en": "you have no stack holding {n} blocks",
        "zh-TW": "你沒有 {n} 座塔樓的塔樓堆",
        "zh-CN": "你没有 {n} 座塔楼的塔楼堆",
    },
    "shift_source": {
        "en": "SHIFT moves the top block of a tower with no figure on it",
        "zh-TW": "移動塔樓卡只能移動沒有棋子的塔樓頂層",
        "zh-CN": "移动塔楼卡只能移动没有棋子的塔楼顶层",
    },
    "shift_split": {
        "en": "that would divide a castle in two",
        "zh-TW": "這會把城堡分割成兩塊",
        "zh-CN": "这会把城堡分割成两块",
    },
    "shift_count": {
        "en": "at least 6 castles must remain on the board",
        "zh-TW": "圖板上至少要保留 6 座城堡",
        "zh-CN": "图板上至少要保留 6 座城堡",
    },
    "same_square": {
        "en": "choose two different squares",
        "zh-TW": "請選兩個不同的方格",
        "zh-CN": "请选两个不同的方格",
    },
}


def illegal(key: str, **params: Any) -> IllegalAction:
    """The refusal for ``key``, with its English reason filled in."""
    return IllegalAction(REASONS[key]["en"].format(**params), key, **params)
