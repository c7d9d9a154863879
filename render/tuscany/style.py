"""Castles of Tuscany drawing constants: layout, colours, symbols and the words the image carries."""

from __future__ import annotations

from render import kit

WIDTH = 1500
HEADER = 84
SHARED = 236
PANEL_W = 740
PANEL_H = 400
HAND_STRIP = 186
MARGIN = 10

HEX_R = 27
"""Estate hex radius (flat-topped): 6 columns × up to 7 rows fit in ~260 × 350 px."""
DISPLAY_R = 44
STORAGE_R = 38
"""Loose tile hexes (display, storage): large enough for their code at ``TILE_TEXT_MIN``."""
TEXT_MIN = 18
"""No text is drawn smaller: Discord shows the 1500 px image ~390 px wide on a phone."""
TILE_TEXT_MIN = TEXT_MIN

COLOUR_RGB: dict[str, kit.RGB] = {
    "K": (20, 95, 60),
    "C": (213, 72, 40),
    "V": (236, 150, 20),
    "F": (150, 205, 95),
    "W": (214, 196, 160),
    "M": (240, 222, 70),
    "Q": (150, 150, 156),
    "T": (40, 110, 190),
}
"""Tile colours as printed (dark green, red, orange, light green, beige, yellow, grey, blue)."""

MEANINGFUL: dict[str, list[kit.RGB]] = {
    "tiles": list(COLOUR_RGB.values()),
    "players": list(kit.SEAT_COLOURS),
}
"""Colours that carry meaning (``render.cvd`` checks them; ``LABELLED`` groups are exempt)."""
LABELLED: dict[str, str] = {
    "tiles": "every space, tile and card shows its type letter or symbol (the header's legend names them)",
    "players": "every seat's panel and band swatch carries its seat number",
}

SYMBOL: dict[str, str] = {
    "K": "♜",
    "C": "★",
    "V": "⌂",
    "F": "✿",
    "W": "⚙",
    "M": "✝",
    "Q": "⚒",
    "T": "☕",
}
"""One symbol per tile type, so a covered space never relies on colour alone."""
HEX_TOKEN = "⬢"

FRAME: kit.RGB = (110, 96, 74)
PANEL_FILL: kit.RGB = (252, 249, 241)
ACTIVE_FILL: kit.RGB = (255, 243, 205)
EMPTY_TINT = 0.62
"""Empty spaces are the colour blended this far towards white (covered ones are full colour)."""

BONUS_ORDER = ("RC", "ST", "MA", "WO", "YI")
COLOURS = "KCVFWMQT"


def tint(colour: str) -> kit.RGB:
    return kit.blend(COLOUR_RGB[colour], kit.WHITE, EMPTY_TINT)


WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "The Castles of Tuscany", "zh-TW": "托斯卡尼城堡", "zh-CN": "托斯卡纳城堡"},
    "you": {"en": " (you)", "zh-TW": "(你)", "zh-CN": "(你)"},
    "sep": {"en": ", ", "zh-TW": "、", "zh-CN": "、"},
    "colon": {"en": ": ", "zh-TW": "：", "zh-CN": "："},
    "round": {"en": "Round {n}/3", "zh-TW": "第 {n}/3 輪", "zh-CN": "第 {n}/3 轮"},
    "setup": {"en": "Setup", "zh-TW": "準備階段", "zh-CN": "准备阶段"},
    "over": {"en": "Game over", "zh-TW": "遊戲結束", "zh-CN": "游戏结束"},
    "ended": {"en": "Ended early (unfinished)", "zh-TW": "提前結束(未完成)", "zh-CN": "提前结束(未完成)"},
    "to_act": {"en": "To act: {who}", "zh-TW": "輪到：{who}", "zh-CN": "轮到：{who}"},
    "chance": {"en": "revealing…", "zh-TW": "翻牌中…", "zh-CN": "翻牌中…"},
    "last_turns": {"en": "last turns: {n}", "zh-TW": "最後回合：{n}", "zh-CN": "最后回合：{n}"},
    "round_ends": {"en": "round ends soon", "zh-TW": "本輪即將結束", "zh-CN": "本轮即将结束"},
    "display": {"en": "Display", "zh-TW": "場中央", "zh-CN": "场中央"},
    "region": {
        "en": "Region deck {n} · discards {d}",
        "zh-TW": "區域牌堆 {n} · 棄牌 {d}",
        "zh-CN": "区域牌堆 {n} · 弃牌 {d}",
    },
    "yield": {"en": "Yield deck {n}", "zh-TW": "生產牌堆 {n}", "zh-CN": "生产牌堆 {n}"},
    "neutral": {
        "en": "Neutral stack {n} · set aside {a}",
        "zh-TW": "中立板塊 {n} · 移除 {a}",
        "zh-CN": "中立板块 {n} · 移除 {a}",
    },
    "bonus": {"en": "Bonus tiles", "zh-TW": "獎勵板塊", "zh-CN": "奖励板块"},
    "b_RC": {"en": "draw", "zh-TW": "抽牌", "zh-CN": "抽牌"},
    "b_ST": {"en": "storage", "zh-TW": "存放區", "zh-CN": "存放区"},
    "b_MA": {"en": "marble", "zh-TW": "大理石", "zh-CN": "大理石"},
    "b_WO": {"en": "worker", "zh-TW": "工人", "zh-CN": "工人"},
    "b_YI": {"en": "yield", "zh-TW": "生產牌", "zh-CN": "生产牌"},
    "colour_bonus": {
        "en": "Colour bonus (1st/2nd)",
        "zh-TW": "顏色獎勵(第一/第二)",
        "zh-CN": "颜色奖励(第一/第二)",
    },
    "green": {"en": "green", "zh-TW": "綠", "zh-CN": "绿"},
    "red": {"en": "red", "zh-TW": "紅", "zh-CN": "红"},
    "stacks": {"en": "stacks", "zh-TW": "板塊堆", "zh-CN": "板块堆"},
    "cards": {"en": "cards", "zh-TW": "手牌", "zh-CN": "手牌"},
    "marble": {"en": "marble", "zh-TW": "大理石", "zh-CN": "大理石"},
    "workers": {"en": "workers", "zh-TW": "工人", "zh-CN": "工人"},
    "storage": {"en": "storage {n}/{cap}", "zh-TW": "存放區 {n}/{cap}", "zh-CN": "存放区 {n}/{cap}"},
    "empty": {"en": "empty spaces {n}", "zh-TW": "空格 {n}", "zh-CN": "空格 {n}"},
    "assembling": {"en": "choosing the estate…", "zh-TW": "正在組合區域…", "zh-CN": "正在组合区域…"},
    "boards": {"en": "boards {b}", "zh-TW": "區域圖板 {b}", "zh-CN": "区域图板 {b}"},
    "hand": {"en": "Your region cards", "zh-TW": "你的區域牌", "zh-CN": "你的区域牌"},
    "pays": {"en": "can pay: {p}", "zh-TW": "可支付：{p}", "zh-CN": "可支付：{p}"},
    "none": {"en": "nothing yet", "zh-TW": "尚無", "zh-CN": "尚无"},
    "winner": {"en": "winner", "zh-TW": "勝者", "zh-CN": "胜者"},
    "legend_red": {
        "en": "red = score (most red wins)",
        "zh-TW": "紅 = 分數(紅最多者勝)",
        "zh-CN": "红 = 分数(红最多者胜)",
    },
    "legend_green": {
        "en": "green = added to red at each round's end",
        "zh-TW": "綠 = 每輪結束時加進紅",
        "zh-CN": "绿 = 每轮结束时加进红",
    },
    "wins_note": {"en": "wins", "zh-TW": "決勝", "zh-CN": "决胜"},
    "adds_note": {"en": "→ red", "zh-TW": "→ 紅", "zh-CN": "→ 红"},
    "chosen": {"en": "estate chosen ✓", "zh-TW": "已組合區域 ✓", "zh-CN": "已组合区域 ✓"},
    "dealt": {"en": "boards dealt:", "zh-TW": "發到的圖板：", "zh-CN": "发到的图板："},
    "assemble_hint": {
        "en": "assemble A4 B2 C4r+1: boards at 1 2 3 left to right · r = turned 180° · +1 = one row lower",
        "zh-TW": "assemble A4 B2 C4r+1：圖板由左到右放在 1 2 3 · r = 轉 180° · +1 = 下移一列",
        "zh-CN": "assemble A4 B2 C4r+1：图板由左到右放在 1 2 3 · r = 转 180° · +1 = 下移一行",
    },
    "can_place": {
        "en": "outlined spaces: where you may place now",
        "zh-TW": "粗框格：你現在可放置的位置",
        "zh-CN": "粗框格：你现在可放置的位置",
    },
    "marks": {
        "en": "◯ last move · ◌ moves since your last turn",
        "zh-TW": "◯ 上一步 · ◌ 你上次行動後的各步",
        "zh-CN": "◯ 上一步 · ◌ 你上次行动后的各步",
    },
    "result": {"en": "Final result", "zh-TW": "最終結果", "zh-CN": "最终结果"},
    "r_place": {"en": "#", "zh-TW": "名次", "zh-CN": "名次"},
    "r_play": {"en": "red in play", "zh-TW": "遊戲中紅", "zh-CN": "游戏中红"},
    "r_final": {"en": "+ final", "zh-TW": "+ 終局", "zh-CN": "+ 终局"},
    "r_red": {"en": "= red", "zh-TW": "= 紅", "zh-CN": "= 红"},
    "r_empty": {"en": "empty", "zh-TW": "空格", "zh-CN": "空格"},
    "r_green": {"en": "green", "zh-TW": "綠", "zh-CN": "绿"},
    "r_cards": {"en": "cards", "zh-TW": "手牌", "zh-CN": "手牌"},
    "tie_empty": {
        "en": "{a} ahead of {b} on the tie-break: more empty spaces",
        "zh-TW": "{a} 以平手規則勝過 {b}：空格較多",
        "zh-CN": "{a} 以平手规则胜过 {b}：空格较多",
    },
    "tie_green": {
        "en": "{a} ahead of {b} on the tie-break: fewer green",
        "zh-TW": "{a} 以平手規則勝過 {b}：綠較少",
        "zh-CN": "{a} 以平手规则胜过 {b}：绿较少",
    },
    "tie_cards": {
        "en": "{a} ahead of {b} on the tie-break: fewer cards in hand",
        "zh-TW": "{a} 以平手規則勝過 {b}：手牌較少",
        "zh-CN": "{a} 以平手规则胜过 {b}：手牌较少",
    },
    "tie_shared": {
        "en": "{a} and {b} share a place: every tie-break equal",
        "zh-TW": "{a} 與 {b} 同名次：平手規則全部相同",
        "zh-CN": "{a} 与 {b} 同名次：平手规则全部相同",
    },
    "shared_win": {"en": "shared win", "zh-TW": "並列獲勝", "zh-CN": "并列获胜"},
}


def known_locale(locale: str) -> str:
    """``locale`` if the renderer has words for it, else the nearest one (any zh → zh-TW)."""
    return locale if locale in ("en", "zh-TW", "zh-CN") else ("zh-TW" if locale.startswith("zh") else "en")


def words(locale: str) -> dict[str, str]:
    loc = known_locale(locale)
    return {k: v[loc] for k, v in WORDS.items()}


FARM_SHORT: dict[str, dict[str, str]] = {
    "OL": {"en": "OL", "zh-TW": "橄", "zh-CN": "橄"},
    "GR": {"en": "GR", "zh-TW": "葡", "zh-CN": "葡"},
    "WH": {"en": "WH", "zh-TW": "麥", "zh-CN": "麦"},
    "LI": {"en": "LI", "zh-TW": "畜", "zh-CN": "畜"},
}
"""A farm type as printed inside a tile's hex: two letters in English, the first character of its
Chinese name (橄欖, 葡萄, 小麥 → 麥, 牲畜 → 畜) in Chinese, where two letters meant nothing. The
types are never typed (a farm is played by its tile code), so they read in the reader's language."""


def farm_labels(kinds: list[str] | None, locale: str) -> list[str] | None:
    """``kinds`` (farm type codes from the view) as drawn for ``locale``; unknown codes as they are."""
    if not kinds:
        return None
    loc = known_locale(locale)
    return [FARM_SHORT.get(k, {}).get(loc, k) for k in kinds]
