"""Why a move is refused: one table of localised reasons, so every refusal names the rule.

``illegal(key, **params)`` builds the ``IllegalAction`` with the English text; ``reason_text``
renders the same key in the player's language.
"""

from __future__ import annotations

from typing import Any

from rules.core import IllegalAction, Locale
from rules.tuscany.names import localise_params

HINT = "draw · take 3 · take 3 discard 1V1 · place 1V1@d1 using V+V · marble · end"

REASONS: dict[str, dict[Locale, str]] = {
    "notation": {
        "en": "not a Castles of Tuscany move; try e.g. " + HINT,
        "zh-TW": "無法辨識的指令;例如:" + HINT,
        "zh-CN": "无法识别的指令;例如:" + HINT,
    },
    "game_over": {"en": "the game is over", "zh-TW": "遊戲已結束", "zh-CN": "游戏已结束"},
    "not_your_turn": {"en": "it is not your turn", "zh-TW": "現在不是你的回合", "zh-CN": "现在不是你的回合"},
    "wrong_time": {
        "en": "that is not possible now; now: {now}",
        "zh-TW": "現在不能這樣做;現在應該:{now}",
        "zh-CN": "现在不能这样做;现在应该:{now}",
    },
    "bad_outcome": {
        "en": "{outcome} is not a possible outcome now",
        "zh-TW": "{outcome} 不是現在可能的結果",
        "zh-CN": "{outcome} 不是现在可能的结果",
    },
    "bad_seat": {
        "en": "choose a seat from 1 to {n}",
        "zh-TW": "請選擇 1 至 {n} 號座位",
        "zh-CN": "请选择 1 至 {n} 号座位",
    },
    "preset_boards": {
        "en": "give seat {seat} one unused A, one unused B and one unused C board",
        "zh-TW": "請給 {seat} 號座位各一張未使用的 A、B、C 區域圖板",
        "zh-CN": "请给 {seat} 号座位各一张未使用的 A、B、C 区域图板",
    },
    "assemble_boards": {
        "en": "use your boards {boards}, each exactly once",
        "zh-TW": "請使用你的區域圖板 {boards},每張各一次",
        "zh-CN": "请使用你的区域图板 {boards},每张各一次",
    },
    "assemble_shift": {
        "en": "at least one board must be unshifted, and neighbouring boards may differ by at most one row",
        "zh-TW": "至少一張圖板不可位移,相鄰圖板的高低差最多一格",
        "zh-CN": "至少一张图板不可位移,相邻图板的高低差最多一格",
    },
    "not_castle_space": {
        "en": "{space} is not a dark-green space of your estate (choose {spaces})",
        "zh-TW": "{space} 不是你區域中的深綠格(可選 {spaces})",
        "zh-CN": "{space} 不是你区域中的深绿格(可选 {spaces})",
    },
    "bonus_gone": {
        "en": "no {tile} tile is left in the supply",
        "zh-TW": "供應區已沒有 {tile} 板塊",
        "zh-CN": "供应区已没有 {tile} 板块",
    },
    "bad_bonus": {
        "en": "{tile} is not a square bonus tile (RC ST MA WO YI)",
        "zh-TW": "{tile} 不是正方獎勵板塊(RC ST MA WO YI)",
        "zh-CN": "{tile} 不是正方奖励板块(RC ST MA WO YI)",
    },
    "bad_slot": {
        "en": "{slot} is not a display slot (1 to 8)",
        "zh-TW": "{slot} 不是場中央的位置(1 至 8)",
        "zh-CN": "{slot} 不是场中央的位置(1 至 8)",
    },
    "empty_slot": {
        "en": "display slot {slot} is empty",
        "zh-TW": "場中央第 {slot} 格是空的",
        "zh-CN": "场中央第 {slot} 格是空的",
    },
    "storage_full": {
        "en": "your storage is full: take {slot} discard <item>",
        "zh-TW": "你的存放區已滿:請用 take {slot} discard <物品>",
        "zh-CN": "你的存放区已满:请用 take {slot} discard <物品>",
    },
    "storage_free": {
        "en": "your storage has a free space, so nothing may be discarded: take {slot}",
        "zh-TW": "你的存放區還有空位,不能棄置:請用 take {slot}",
        "zh-CN": "你的存放区还有空位,不能弃置:请用 take {slot}",
    },
    "not_stored": {
        "en": "{item} is not in your storage",
        "zh-TW": "{item} 不在你的存放區",
        "zh-CN": "{item} 不在你的存放区",
    },
    "fresh_token": {
        "en": "a hex token gained this turn can be placed from your next turn on",
        "zh-TW": "本回合獲得的六角指示物要到下回合才能放置",
        "zh-CN": "本回合获得的六角指示物要到下回合才能放置",
    },
    "no_space": {
        "en": "{space} is not a space of your estate",
        "zh-TW": "{space} 不是你區域中的格子",
        "zh-CN": "{space} 不是你区域中的格子",
    },
    "covered": {
        "en": "{space} is already covered",
        "zh-TW": "{space} 已經被覆蓋",
        "zh-CN": "{space} 已经被覆盖",
    },
    "wrong_colour": {
        "en": "a {tile} goes on a {colour} space, but {space} is {space_colour}",
        "zh-TW": "{tile}必須放在{colour}格,但 {space} 是{space_colour}",
        "zh-CN": "{tile}必须放在{colour}格,但 {space} 是{space_colour}",
    },
    "not_adjacent": {
        "en": "{space} is not next to your estate (it touches no covered space)",
        "zh-TW": "{space} 沒有緊鄰你已覆蓋的格子",
        "zh-CN": "{space} 没有紧邻你已覆盖的格子",
    },
    "payment_form": {
        "en": "pay with exactly two units: a {colour} card ({c}), a pair of another colour (e.g. QQ) or a worker (wk), "
        "joined by +",
        "zh-TW": "請用兩個單位付款,以 + 連接:一張{colour}牌({c})、一對其他顏色的牌(例如 QQ)或一個工人(wk)",
        "zh-CN": "请用两个单位付款,以 + 连接:一张{colour}牌({c})、一对其他颜色的牌(例如 QQ)或一个工人(wk)",
    },
    "payment_short": {
        "en": "you need {need} to pay {payment}",
        "zh-TW": "支付 {payment} 需要 {need}",
        "zh-CN": "支付 {payment} 需要 {need}",
    },
    "no_marble": {"en": "you have no marble", "zh-TW": "你沒有大理石", "zh-CN": "你没有大理石"},
    "marble_used": {
        "en": "only one marble action per turn",
        "zh-TW": "每回合只能使用一次大理石",
        "zh-CN": "每回合只能使用一次大理石",
    },
    "castle_target": {
        "en": "the tile in slot {slot} cannot go on {space}: it must match the colour of an empty space next to a covered one",
        "zh-TW": "第 {slot} 格的板塊不能放在 {space}:顏色須相符且緊鄰已覆蓋的格子",
        "zh-CN": "第 {slot} 格的板块不能放在 {space}:颜色须相符且紧邻已覆盖的格子",
    },
    "draw_empty": {
        "en": "the region deck and its discard pile are empty; take or place a tile instead",
        "zh-TW": "區域牌堆與棄牌堆都已空;請改為拿取或放置板塊",
        "zh-CN": "区域牌堆与弃牌堆都已空;请改为拿取或放置板块",
    },
}


def illegal(key: str, **params: Any) -> IllegalAction:
    """The refusal for ``key``, with its English reason filled in."""
    return IllegalAction(REASONS[key]["en"].format(**localise_params(params, "en")), key, **params)
