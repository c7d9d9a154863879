"""Torres drawing constants: layout, colours and the few words the image carries (en / zh)."""

from __future__ import annotations

from render import kit

WIDTH = 1440
BOARD_X = 64
BOARD_Y = 96
CELL = 104
PANEL_X = BOARD_X + 8 * CELL + 40
HEIGHT = BOARD_Y + 8 * CELL + 70
# Discord shows the 1440 px image about 390 px wide on a phone: no text is drawn under 20 px, and
# the panel's numbers (scores, AP, knights and cards left, phase and round) at 24 px or more.
SEAT_HEAD = 62
"""Height of the top row of a seat's box (badge, name, score); its lines of text follow."""
SEAT_TEXT = 24
"""Text size of a seat's lines (stacks, knights and cards, played cards, last scoring)."""
SEAT_PITCH = 30
PANEL_TEXT = 26
"""Text size of the lines under the seats (action points, master card, supply, notes)."""
PANEL_PITCH = 34
MARGIN = 16
"""Space kept under the panel's last line when the panel grows the canvas past ``HEIGHT``."""
CARD_STRIP = 250
"""Extra height of a seat's private view (the /hand image): its own cards."""
CARD_TEXT = 22
"""Text size of a card's name on the hand strip (up to three lines); its tag is drawn at 20."""

FRAME: kit.RGB = (120, 104, 80)
START_FRAME: kit.RGB = (190, 150, 20)
KING_RGB: kit.RGB = kit.YELLOW
ACTIVE_FILL: kit.RGB = (255, 250, 232)

ORANGE: kit.RGB = (160, 70, 0)
"""The orange knights: a deep orange. Okabe–Ito's light orange was hard to tell from the yellow
King under deuteranopia (ΔE00 11.5); this one keeps every pair of figure colours ≥ 20 apart under
both simulations (``MEANINGFUL`` below, checked by the phone report and a test)."""

COLOUR_RGB: dict[str, kit.RGB] = {
    "blue": kit.BLUE,
    "green": kit.GREEN,
    "orange": ORANGE,
    "black": (25, 25, 25),
}
COLOUR_LETTERS: dict[str, str] = {"blue": "B", "green": "G", "orange": "O", "black": "N"}
"""Every colour also carries a letter, so colour never stands alone. Black is N (noir/nero/negro),
not K: K reads as the King, whose crown, castle and "♛" bonus share the board with the knights."""

MEANINGFUL: dict[str, list[kit.RGB]] = {"figures": [*COLOUR_RGB.values(), KING_RGB]}
"""Colours that tell things apart on the board: the four knight colours and the King."""
LABELLED: dict[str, str] = {}

LEVEL_FILLS: tuple[kit.RGB, ...] = (
    (238, 232, 212),
    (208, 203, 192),
    (184, 178, 168),
    (160, 154, 146),
    (134, 129, 124),
    (110, 106, 103),
    (88, 85, 84),
    (68, 66, 67),
    (52, 50, 52),
)
"""Ground, then ever darker stone per level; the number on the square carries the same fact."""


def square_fill(height: int) -> kit.RGB:
    return LEVEL_FILLS[min(height, len(LEVEL_FILLS) - 1)]


CARD_NAMES: dict[str, dict[str, str]] = {
    "AP6": {"en": "6 action points", "zh-TW": "6個行動點", "zh-CN": "6个行动点"},
    "AP7": {"en": "7 action points", "zh-TW": "7個行動點", "zh-CN": "7个行动点"},
    "UP2": {"en": "jump up 2 levels", "zh-TW": "騎士往上跳躍", "zh-CN": "骑士往上跳跃"},
    "OVER": {"en": "jump over a knight", "zh-TW": "騎士往旁跳躍", "zh-CN": "骑士往旁跳跃"},
    "DIAG": {"en": "diagonal step", "zh-TW": "騎士對角移動", "zh-CN": "骑士对角移动"},
    "DOOR": {"en": "door move, may climb", "zh-TW": "騎士穿越移動", "zh-CN": "骑士穿越移动"},
    "RELOC": {"en": "relocate a knight", "zh-TW": "騎士額外移動", "zh-CN": "骑士额外移动"},
    "UNDER": {"en": "block under knight", "zh-TW": "插入塔樓", "zh-CN": "插入塔楼"},
    "EXTRA": {"en": "extra block", "zh-TW": "額外塔樓", "zh-CN": "额外塔楼"},
    "SHIFT": {"en": "shift a block", "zh-TW": "移動塔樓", "zh-CN": "移动塔楼"},
    "DIFF": {"en": "all different levels", "zh-TW": "騎士皆不同高度", "zh-CN": "骑士皆不同高度"},
    "SAME": {"en": "all the same level", "zh-TW": "騎士皆相同高度", "zh-CN": "骑士皆相同高度"},
    "ROW": {"en": "all in one line", "zh-TW": "騎士排成一列", "zh-CN": "骑士排成一列"},
    "SQUARE": {"en": "corners of a square", "zh-TW": "騎士位於四角", "zh-CN": "骑士位于四角"},
    "BORDER": {"en": "knights on the border", "zh-TW": "騎士位於外圍邊緣", "zh-CN": "骑士位于外围边缘"},
    "CASTLES": {"en": "on different castles", "zh-TW": "騎士位於不同城堡", "zh-CN": "骑士位于不同城堡"},
    "DIAGS": {"en": "on the diagonals", "zh-TW": "騎士位於對角線", "zh-CN": "骑士位于对角线"},
    "NEIGH": {"en": "all knights adjacent", "zh-TW": "騎士全部相鄰", "zh-CN": "骑士全部相邻"},
}
"""Card names as the image shows them (action cards on the hand strip, master card in the panel)."""


def card_label(card: str, locale: str) -> str:
    names = CARD_NAMES.get(card, {})
    return names.get(locale) or names.get("en", "")


WORDS: dict[str, dict[str, object]] = {
    "en": {
        "legal_legend": "○ (corner) = a square where you may act now",
        "prompt": "{name}: {what}",
        "do_build": "place a start castle",
        "do_place": "place a knight on a start castle",
        "do_crown": "place the King on a free start castle",
        "do_king": "move the King or leave it",
        "do_keep": "keep one drawn card (the rest go on top or to the bottom)",
        "do_turn": "{ap} AP left: knight 2 · move, block, card, score 1 each · or end the turn",
        "chance": "Drawing…",
        "setup": "Setup",
        "wins_head": "{names} wins — {score}",
        "shared_head": "Shared win: {names} — {score}",
        "area_legend": "×n = castle area: a knight there scores n per level",
        "drawn_head": "Drawn: keep 1",
        "drawn_tag": "drawn",
        "cats": "phase {phase}: castles {castle} + King {king} + master {master}",
        "tie_note": "equal scores share a place (Torres has no tie-break)",
        "ended_note": "Ended early (unfinished): scores as they stood",
        "title": "Torres",
        "sep": ", ",
        "you": " (you)",
        "phase": "Phase {phase}/3 · round {round}/{rounds}",
        "over": "Game over",
        "ended": "Ended early (unfinished)",
        "winner": "Game over · winner: {names}",
        "shared": "Game over · shared win: {names}",
        "blocks": "stacks left: {later}",
        "blocks_none": "stacks left: none this phase",
        "blocks_turn": "blocks: {now} now, then {later}",
        "blocks_turn_last": "blocks: {now} now, no more this phase",
        "knights": "knights left {n}",
        "cards": "cards {n}",
        "deck": "deck {n}",
        "played_phase": "played: {cards}",
        "played_none": "played: none this phase",
        "skip_note": "↷ = occupied track space skipped",
        "king_castle": "♚ King's castle (yellow frame)",
        "ap": "{name}: {ap} AP left",
        "master": "master card: {card}",
        "pool": "shared deck: {n}",
        "supply": "general supply: {n} blocks",
        "last": "phase {phase} scoring: {sum}",
        "hand": "Your cards",
        "new": "new",
        "looking": "revealed",
        "no_cards": "no cards in hand",
        "stages": {
            "build": "{name}: place a start castle",
            "place": "{name}: place a knight",
            "crown": "{name}: place the King",
            "king": "{name}: move the King or pass",
        },
    },
    "zh-TW": {
        "legal_legend": "○（角落）= 你現在可以行動的格子",
        "prompt": "{name}：{what}",
        "do_build": "擺放起始城堡",
        "do_place": "在起始城堡上放置騎士",
        "do_crown": "將國王放在空的起始城堡上",
        "do_king": "移動國王或不動",
        "do_keep": "從抽到的卡中保留 1 張（其餘放回牌堆頂或底）",
        "do_turn": "剩 {ap} 行動點：騎士 2 · 移動、塔樓、抽卡、計分各 1 · 或結束回合",
        "chance": "抽牌中…",
        "setup": "準備",
        "wins_head": "{names} 獲勝 — {score} 分",
        "shared_head": "並列獲勝：{names} — {score} 分",
        "area_legend": "×n = 城堡面積：騎士在此每層得 n 分",
        "drawn_head": "抽到的卡：保留 1 張",
        "drawn_tag": "抽到",
        "cats": "第 {phase} 階段：城堡 {castle} + 國王 {king} + 進階卡 {master}",
        "tie_note": "同分者名次並列（眾塔之城不比決勝條件）",
        "ended_note": "提前結束(未完成)：當時的分數",
        "title": "眾塔之城",
        "sep": "、",
        "you": "(你)",
        "phase": "第 {phase}/3 階段 · 第 {round}/{rounds} 回合",
        "over": "遊戲結束",
        "ended": "提前結束(未完成)",
        "winner": "遊戲結束 · 獲勝：{names}",
        "shared": "遊戲結束 · 並列獲勝：{names}",
        "blocks": "剩餘塔樓堆：{later}",
        "blocks_none": "剩餘塔樓堆：本階段已無",
        "blocks_turn": "塔樓：本回合 {now}，之後 {later}",
        "blocks_turn_last": "塔樓：本回合 {now}，本階段之後沒有了",
        "knights": "剩餘騎士 {n}",
        "cards": "手牌 {n}",
        "deck": "牌堆 {n}",
        "played_phase": "本階段已打出：{cards}",
        "played_none": "本階段未打出行動卡",
        "skip_note": "↷ = 計分軌跳過有標記的格子",
        "king_castle": "♚ 國王城堡(黃框)",
        "ap": "{name}：剩 {ap} 行動點",
        "master": "進階卡：{card}",
        "pool": "共用牌堆：{n}",
        "supply": "公區塔樓：{n}",
        "last": "第 {phase} 階段計分：{sum}",
        "hand": "你的行動卡",
        "new": "新抽",
        "looking": "翻開中",
        "no_cards": "沒有手牌",
        "stages": {
            "build": "{name}：擺放起始城堡",
            "place": "{name}：放置騎士",
            "crown": "{name}：放置國王",
            "king": "{name}：移動國王或不動",
        },
    },
    "zh-CN": {
        "legal_legend": "○（角落）= 你现在可以行动的格子",
        "prompt": "{name}：{what}",
        "do_build": "摆放起始城堡",
        "do_place": "在起始城堡上放置骑士",
        "do_crown": "将国王放在空的起始城堡上",
        "do_king": "移动国王或不动",
        "do_keep": "从抽到的卡中保留 1 张（其余放回牌堆顶或底）",
        "do_turn": "剩 {ap} 行动点：骑士 2 · 移动、塔楼、抽卡、计分各 1 · 或结束回合",
        "chance": "抽牌中…",
        "setup": "准备",
        "wins_head": "{names} 获胜 — {score} 分",
        "shared_head": "并列获胜：{names} — {score} 分",
        "area_legend": "×n = 城堡面积：骑士在此每层得 n 分",
        "drawn_head": "抽到的卡：保留 1 张",
        "drawn_tag": "抽到",
        "cats": "第 {phase} 阶段：城堡 {castle} + 国王 {king} + 进阶卡 {master}",
        "tie_note": "同分者名次并列（众塔之城不比决胜条件）",
        "ended_note": "提前结束(未完成)：当时的分数",
        "title": "众塔之城",
        "sep": "、",
        "you": "(你)",
        "phase": "第 {phase}/3 阶段 · 第 {round}/{rounds} 回合",
        "over": "游戏结束",
        "ended": "提前结束(未完成)",
        "winner": "游戏结束 · 获胜：{names}",
        "shared": "游戏结束 · 并列获胜：{names}",
        "blocks": "剩余塔楼堆：{later}",
        "blocks_none": "剩余塔楼堆：本阶段已无",
        "blocks_turn": "塔楼：本回合 {now}，之后 {later}",
        "blocks_turn_last": "塔楼：本回合 {now}，本阶段之后没有了",
        "knights": "剩余骑士 {n}",
        "cards": "手牌 {n}",
        "deck": "牌堆 {n}",
        "played_phase": "本阶段已打出：{cards}",
        "played_none": "本阶段未打出行动卡",
        "skip_note": "↷ = 计分轨跳过有标记的格子",
        "king_castle": "♚ 国王城堡(黄框)",
        "ap": "{name}：剩 {ap} 行动点",
        "master": "进阶卡：{card}",
        "pool": "共用牌堆：{n}",
        "supply": "公区塔楼：{n}",
        "last": "第 {phase} 阶段计分：{sum}",
        "hand": "你的行动卡",
        "new": "新抽",
        "looking": "翻开中",
        "no_cards": "没有手牌",
        "stages": {
            "build": "{name}：摆放起始城堡",
            "place": "{name}：放置骑士",
            "crown": "{name}：放置国王",
            "king": "{name}：移动国王或不动",
        },
    },
}


def words(locale: str) -> dict:
    if locale in WORDS:
        return WORDS[locale]
    return WORDS["zh-TW"] if locale.startswith("zh") else WORDS["en"]
