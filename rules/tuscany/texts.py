"""Words: move labels, event lines and rules help in en / zh-TW / zh-CN (reference §12)."""

from __future__ import annotations

import re
from typing import Any

from rules.core import Event, IllegalAction, Locale, localised
from rules.tuscany.names import BONUS, FARM, colour_name, localise_params, tile_name
from rules.tuscany.notation import tidy
from rules.tuscany.reasons import REASONS

L = dict[Locale, str]

LABELS: dict[str, L] = {
    "first": {"en": "Seat {n} starts", "zh-TW": "{n} 號座位為起始玩家", "zh-CN": "{n} 号座位为起始玩家"},
    "first_named": {"en": "{who} starts", "zh-TW": "{who} 為起始玩家", "zh-CN": "{who} 为起始玩家"},
    "boards_named": {
        "en": "Give {who} the boards {boards}",
        "zh-TW": "給 {who} 區域圖板 {boards}",
        "zh-CN": "给 {who} 区域图板 {boards}",
    },
    "boards": {
        "en": "Give seat {n} the boards {boards}",
        "zh-TW": "給 {n} 號座位區域圖板 {boards}",
        "zh-CN": "给 {n} 号座位区域图板 {boards}",
    },
    "assemble": {
        "en": "Lay out your estate: {boards}",
        "zh-TW": "組合你的區域:{boards}",
        "zh-CN": "组合你的区域:{boards}",
    },
    "turned": {"en": "turned", "zh-TW": "旋轉", "zh-CN": "旋转"},
    "down": {"en": "{k} down", "zh-TW": "下移 {k}", "zh-CN": "下移 {k}"},
    "start": {
        "en": "Put your start castle on {space}",
        "zh-TW": "將起始城堡放在 {space}",
        "zh-CN": "将起始城堡放在 {space}",
    },
    "bonus": {
        "en": "Take the bonus tile {tile}",
        "zh-TW": "拿取獎勵板塊 {tile}",
        "zh-CN": "拿取奖励板块 {tile}",
    },
    "draw": {"en": "Draw region cards", "zh-TW": "抽區域牌", "zh-CN": "抽区域牌"},
    "take": {
        "en": "Take the tile in slot {slot} into storage",
        "zh-TW": "拿取第 {slot} 格的板塊放入存放區",
        "zh-CN": "拿取第 {slot} 格的板块放入存放区",
    },
    "take_discard": {
        "en": "Take slot {slot}, discarding {item} from storage",
        "zh-TW": "拿取第 {slot} 格,並棄置存放區的{item}",
        "zh-CN": "拿取第 {slot} 格,并弃置存放区的{item}",
    },
    "place": {
        "en": "Place the {tile} from storage on {space}, paying {pay}",
        "zh-TW": "將存放區的{tile} 放在 {space},支付 {pay}",
        "zh-CN": "将存放区的{tile} 放在 {space},支付 {pay}",
    },
    "castle": {
        "en": "Castle: put the tile from slot {slot} on {space} for free",
        "zh-TW": "城堡:免費將第 {slot} 格的板塊放在 {space}",
        "zh-CN": "城堡:免费将第 {slot} 格的板块放在 {space}",
    },
    "castle_pass": {
        "en": "Castle: take no free tile",
        "zh-TW": "城堡:不拿免費板塊",
        "zh-CN": "城堡:不拿免费板块",
    },
    "marble": {
        "en": "Pay 1 marble for one more action",
        "zh-TW": "支付 1 大理石,再執行一個行動",
        "zh-CN": "支付 1 大理石,再执行一个行动",
    },
    "end": {"en": "End turn", "zh-TW": "結束回合", "zh-CN": "结束回合"},
    "card": {"en": "Draw a {colour} card", "zh-TW": "抽到{colour}牌", "zh-CN": "抽到{colour}牌"},
    "reveal": {"en": "Reveal {tile}", "zh-TW": "翻開 {tile}", "zh-CN": "翻开 {tile}"},
    "yield": {"en": "Yield card {card}", "zh-TW": "生產牌 {card}", "zh-CN": "生产牌 {card}"},
    "board": {"en": "Deal board {board}", "zh-TW": "發區域圖板 {board}", "zh-CN": "发区域图板 {board}"},
}

PAY_UNIT: dict[str, L] = {
    "card": {"en": "1 {colour}", "zh-TW": "1 張{colour}", "zh-CN": "1 张{colour}"},
    "cards": {"en": "2 {colour}", "zh-TW": "2 張{colour}", "zh-CN": "2 张{colour}"},
    "pair": {"en": "a {colour} pair", "zh-TW": "一對{colour}", "zh-CN": "一对{colour}"},
    "worker": {"en": "1 worker", "zh-TW": "1 工人", "zh-CN": "1 工人"},
    "workers": {"en": "2 workers", "zh-TW": "2 工人", "zh-CN": "2 工人"},
    "and": {"en": " + ", "zh-TW": " + ", "zh-CN": " + "},
}

EVENTS: dict[str, L] = {
    "first": {"en": "{who} is the start player", "zh-TW": "{who} 是起始玩家", "zh-CN": "{who} 是起始玩家"},
    "boards": {
        "en": "{who} gets boards {boards}",
        "zh-TW": "{who} 獲得區域圖板 {boards}",
        "zh-CN": "{who} 获得区域图板 {boards}",
    },
    "chose": {"en": "{who} has chosen", "zh-TW": "{who} 已做出選擇", "zh-CN": "{who} 已做出选择"},
    "assembled": {"en": "Estates revealed", "zh-TW": "公開所有區域的組合", "zh-CN": "公开所有区域的组合"},
    "started": {"en": "Start castles: {spaces}", "zh-TW": "起始城堡:{spaces}", "zh-CN": "起始城堡:{spaces}"},
    "bonus": {
        "en": "{who} takes bonus tile {tile}",
        "zh-TW": "{who} 拿取獎勵板塊 {tile}",
        "zh-CN": "{who} 拿取奖励板块 {tile}",
    },
    "round": {
        "en": "Round {round}: {who} starts",
        "zh-TW": "第 {round} 輪:{who} 先開始",
        "zh-CN": "第 {round} 轮:{who} 先开始",
    },
    "draw": {
        "en": "{who} draws {n} region cards",
        "zh-TW": "{who} 抽 {n} 張區域牌",
        "zh-CN": "{who} 抽 {n} 张区域牌",
    },
    "cards": {
        "en": "{who} draws {n} region cards",
        "zh-TW": "{who} 抽 {n} 張區域牌",
        "zh-CN": "{who} 抽 {n} 张区域牌",
    },
    "shuffle_region": {
        "en": "The region discard pile is shuffled into a new deck",
        "zh-TW": "區域牌棄牌堆洗成新的牌堆",
        "zh-CN": "区域牌弃牌堆洗成新的牌堆",
    },
    "shuffle_yield": {
        "en": "The yield discard pile is shuffled into a new deck",
        "zh-TW": "生產牌棄牌堆洗成新的牌堆",
        "zh-CN": "生产牌弃牌堆洗成新的牌堆",
    },
    "take": {
        "en": "{who} takes {tile} from slot {slot}",
        "zh-TW": "{who} 從第 {slot} 格拿取 {tile}",
        "zh-CN": "{who} 从第 {slot} 格拿取 {tile}",
    },
    "discard": {"en": "{who} discards {item}", "zh-TW": "{who} 棄置 {item}", "zh-CN": "{who} 弃置 {item}"},
    "reveal": {
        "en": "{tile} revealed in slot {slot}",
        "zh-TW": "第 {slot} 格翻開 {tile}",
        "zh-CN": "第 {slot} 格翻开 {tile}",
    },
    "empty_slot": {
        "en": "Slot {slot} stays empty",
        "zh-TW": "第 {slot} 格保持空著",
        "zh-CN": "第 {slot} 格保持空着",
    },
    "refresh": {
        "en": "Five {colour} tiles: slots {slots} set aside and refilled",
        "zh-TW": "同色五板塊({colour}):第 {slots} 格移除並補充",
        "zh-CN": "同色五板块({colour}):第 {slots} 格移除并补充",
    },
    "trigger": {
        "en": "{who} revealed the last tile of stack {round}: round {round} ends soon",
        "zh-TW": "{who} 翻開第 {round} 疊的最後一個板塊:第 {round} 輪即將結束",
        "zh-CN": "{who} 翻开第 {round} 叠的最后一个板块:第 {round} 轮即将结束",
    },
    "final_turns": {
        "en": "Last turns: every player has one more turn, from {who}",
        "zh-TW": "最後回合:每位玩家再進行一個回合,由 {who} 開始",
        "zh-CN": "最后回合:每位玩家再进行一个回合,由 {who} 开始",
    },
    "pay": {"en": "{who} pays {payment}", "zh-TW": "{who} 支付 {payment}", "zh-CN": "{who} 支付 {payment}"},
    "placed": {
        "en": "{who} places {tile} on {space}",
        "zh-TW": "{who} 將 {tile} 放在 {space}",
        "zh-CN": "{who} 将 {tile} 放在 {space}",
    },
    "castle": {
        "en": "{who}'s castle: {tile} from slot {slot} goes on {space}",
        "zh-TW": "{who} 的城堡:第 {slot} 格的 {tile} 放在 {space}",
        "zh-CN": "{who} 的城堡:第 {slot} 格的 {tile} 放在 {space}",
    },
    "castle_pass": {
        "en": "{who} takes no free tile",
        "zh-TW": "{who} 不拿免費板塊",
        "zh-CN": "{who} 不拿免费板块",
    },
    "castle_lost": {
        "en": "{who}'s castle: no display tile fits",
        "zh-TW": "{who} 的城堡:場中央沒有可放的板塊",
        "zh-CN": "{who} 的城堡:场中央没有可放的板块",
    },
    "green_area": {
        "en": "{who} +{n} green (area {spaces})",
        "zh-TW": "{who} 綠色 +{n}(區塊 {spaces})",
        "zh-CN": "{who} 绿色 +{n}(区块 {spaces})",
    },
    "green_colour": {
        "en": "{who} +{n} green (all {colour} spaces covered)",
        "zh-TW": "{who} 綠色 +{n}({colour}格全部覆蓋)",
        "zh-CN": "{who} 绿色 +{n}({colour}格全部覆盖)",
    },
    "green_farm": {
        "en": "{who} +{n} green (farm)",
        "zh-TW": "{who} 綠色 +{n}(農場)",
        "zh-CN": "{who} 绿色 +{n}(农场)",
    },
    "green_ST": {
        "en": "{who} +{n} green (storage tile)",
        "zh-TW": "{who} 綠色 +{n}(存放區板塊)",
        "zh-CN": "{who} 绿色 +{n}(存放区板块)",
    },
    "red_hex_full": {
        "en": "{who} +{n} red (no room for a hex token)",
        "zh-TW": "{who} 紅色 +{n}(沒有空位放六角指示物)",
        "zh-CN": "{who} 红色 +{n}(没有空位放六角指示物)",
    },
    "workers": {"en": "{who} +{n} workers", "zh-TW": "{who} +{n} 工人", "zh-CN": "{who} +{n} 工人"},
    "workers_1": {"en": "{who} +{n} worker", "zh-TW": "{who} +{n} 工人", "zh-CN": "{who} +{n} 工人"},
    "marble": {"en": "{who} +{n} marble", "zh-TW": "{who} +{n} 大理石", "zh-CN": "{who} +{n} 大理石"},
    "hex": {
        "en": "{who} gains a hex token",
        "zh-TW": "{who} 獲得一個六角指示物",
        "zh-CN": "{who} 获得一个六角指示物",
    },
    "yield": {
        "en": "{who} draws yield card {card}: {reward}",
        "zh-TW": "{who} 抽到生產牌 {card}:{reward}",
        "zh-CN": "{who} 抽到生产牌 {card}:{reward}",
    },
    "marble_action": {
        "en": "{who} pays 1 marble for another action",
        "zh-TW": "{who} 支付 1 大理石再行動一次",
        "zh-CN": "{who} 支付 1 大理石再行动一次",
    },
    "end": {"en": "{who} ends the turn", "zh-TW": "{who} 結束回合", "zh-CN": "{who} 结束回合"},
    "scoring": {
        "en": "Scoring {round}: red totals {rows}",
        "zh-TW": "第 {round} 次計分:紅色總分 {rows}",
        "zh-CN": "第 {round} 次计分:红色总分 {rows}",
    },
    "over": {"en": "Final scoring: {rows}", "zh-TW": "最終計分:{rows}", "zh-CN": "最终计分:{rows}"},
}

REWARDS: dict[str, L] = {
    "green": {"en": "+{n} green", "zh-TW": "綠色 +{n}", "zh-CN": "绿色 +{n}"},
    "red": {"en": "+{n} red", "zh-TW": "紅色 +{n}", "zh-CN": "红色 +{n}"},
    "marble": {"en": "+{n} marble", "zh-TW": "+{n} 大理石", "zh-CN": "+{n} 大理石"},
    "workers": {"en": "+{n} workers", "zh-TW": "+{n} 工人", "zh-CN": "+{n} 工人"},
    "workers_1": {"en": "+{n} worker", "zh-TW": "+{n} 工人", "zh-CN": "+{n} 工人"},
    "cards": {"en": "draw {n} region cards", "zh-TW": "抽 {n} 張區域牌", "zh-CN": "抽 {n} 张区域牌"},
    "cards_1": {"en": "draw {n} region card", "zh-TW": "抽 {n} 張區域牌", "zh-CN": "抽 {n} 张区域牌"},
    "hex": {"en": "+{n} hex tokens", "zh-TW": "+{n} 六角指示物", "zh-CN": "+{n} 六角指示物"},
    "hex_1": {"en": "+{n} hex token", "zh-TW": "+{n} 六角指示物", "zh-CN": "+{n} 六角指示物"},
}

SEAT: L = {"en": "Seat {n}", "zh-TW": "{n} 號座位", "zh-CN": "{n} 号座位"}

GROUPS = {
    "first": "setup",
    "boards": "setup",
    "assemble": "setup",
    "start": "setup",
    "bonus": "bonus",
    "draw": "draw",
    "take": "take",
    "place": "place",
    "castle": "castle",
    "marble": "turn",
    "end": "turn",
}

HELP: dict[str, L] = {
    "overview": {
        "en": "The Castles of Tuscany (Stefan Feld, alea 2020), 2-4 players. Fill your estate of three region boards "
        "with hex tiles. 3 rounds; a round ends when someone reveals the last tile of their stack for that round. "
        "After each round, your green total is added to your red total; red wins.",
        "zh-TW": "托斯卡尼城堡(Stefan Feld,alea 2020),2-4 人。用六角板塊填滿由三張區域圖板組成的區域。共 3 輪;"
        "有人翻開本輪板塊堆的最後一個板塊時,該輪結束。每輪結束時綠色總分加到紅色總分;紅色分數最高者獲勝。",
        "zh-CN": "托斯卡纳城堡(Stefan Feld,alea 2020),2-4 人。用六角板块填满由三张区域图板组成的区域。共 3 轮;"
        "有人翻开本轮板块堆的最后一个板块时,该轮结束。每轮结束时绿色总分加到红色总分;红色分数最高者获胜。",
    },
    "turn": {
        "en": "One action per turn: draw (2 region cards, +1 per RC) · take <slot> (a display tile into storage; "
        "with full storage: take <slot> discard <item>) · place <item>@<space> using <u>+<u>. Then, once per turn, "
        "'marble' pays 1 marble for one more action, or 'end'.",
        "zh-TW": "每回合一個行動:draw(抽 2 張區域牌,每個 RC +1)· take <格>(拿取場中央板塊到存放區;存放區滿時:"
        "take <格> discard <物品>)· place <物品>@<格子> using <單位>+<單位>。之後每回合一次可用 marble 支付 1 大理石再行動,或 end。",
        "zh-CN": "每回合一个行动:draw(抽 2 张区域牌,每个 RC +1)· take <格>(拿取场中央板块到存放区;存放区满时:"
        "take <格> discard <物品>)· place <物品>@<格子> using <单位>+<单位>。之后每回合一次可用 marble 支付 1 大理石再行动,或 end。",
    },
    "pay": {
        "en": "A placement costs two units: a card of the space's colour (V), a pair of another colour (QQ) or a worker "
        "(wk). Examples: V+V, V+CC, CC+FF, V+wk, wk+wk. The space must touch a covered space and match the tile's "
        "colour; a hex token goes on any colour.",
        "zh-TW": "放置需支付兩個單位:一張該格顏色的牌(V)、一對其他顏色的牌(QQ)或一個工人(wk)。例:V+V、V+CC、"
        "CC+FF、V+wk、wk+wk。格子須緊鄰已覆蓋的格子且顏色與板塊相同;六角指示物可放任何顏色。",
        "zh-CN": "放置需支付两个单位:一张该格颜色的牌(V)、一对其他颜色的牌(QQ)或一个工人(wk)。例:V+V、V+CC、"
        "CC+FF、V+wk、wk+wk。格子须紧邻已覆盖的格子且颜色与板块相同;六角指示物可放任何颜色。",
    },
    "tiles": {
        "en": "Castle: a free display tile (chains) · City: a square bonus tile · Village: +1 worker · Farm: +1 green per "
        "new farm type in the area · Carriage: a yield card · Monastery: 3 region cards · Quarry: +1 marble · "
        "Tavern: a hex token (or +2 red with full storage).",
        "zh-TW": "城堡:免費放一個場中央板塊(可連鎖)· 城市:一個正方獎勵板塊 · 村莊:+1 工人 · 農場:區塊內每種新作物 +1 綠 · "
        "馬車:一張生產牌 · 修道院:3 張區域牌 · 礦場:+1 大理石 · 酒館:一個六角指示物(存放區滿則紅色 +2)。",
        "zh-CN": "城堡:免费放一个场中央板块(可连锁)· 城市:一个正方奖励板块 · 村庄:+1 工人 · 农场:区块内每种新作物 +1 绿 · "
        "马车:一张生产牌 · 修道院:3 张区域牌 · 矿场:+1 大理石 · 酒馆:一个六角指示物(存放区满则红色 +2)。",
    },
    "scoring": {
        "en": "Completing an area scores green: 1 hex 1, 2 hexes 3, 3 hexes 6. Covering "
        "every space of a colour first scores that colour's bonus tile (then its second side). End of each round: "
        "red += green. At the end: +1 red per stored item, marble and worker, and per 3 cards. Ties: most empty "
        "spaces, then fewest green, then fewest cards.",
        "zh-TW": "完成區塊得綠色分:1 格 1 分、2 格 3 分、3 格 6 分。最先覆蓋某顏色所有格子者得該顏色獎勵板塊的分數(第二位得背面)。"
        "每輪結束:紅色 += 綠色。遊戲結束:存放區每個物品、每個大理石、每個工人、每 3 張牌各 +1 紅。平手:空格最多者,再比綠色最少,再比手牌最少。",
        "zh-CN": "完成区块得绿色分:1 格 1 分、2 格 3 分、3 格 6 分。最先覆盖某颜色所有格子者得该颜色奖励板块的分数(第二位得背面)。"
        "每轮结束:红色 += 绿色。游戏结束:存放区每个物品、每个大理石、每个工人、每 3 张牌各 +1 红。平手:空格最多者,再比绿色最少,再比手牌最少。",
    },
    "setup": {
        "en": "Everyone gets one A, B and C region board and 5 region cards. assemble C1 A1r B1+1 orders your boards left "
        "to right (r = turned 180°, +1/+2 = shifted down; neighbours differ by at most one row, one board unshifted). "
        "Then start <space> on a dark-green space, then bonus <RC|ST|MA|WO|YI> in turn order.",
        "zh-TW": "每人獲得 A、B、C 區域圖板各一張與 5 張區域牌。assemble C1 A1r B1+1 由左到右排列圖板(r = 旋轉 180°,"
        "+1/+2 = 下移;相鄰圖板高低差最多一格,至少一張不位移)。接著 start <格子> 選深綠格,再依序 bonus <RC|ST|MA|WO|YI>。",
        "zh-CN": "每人获得 A、B、C 区域图板各一张与 5 张区域牌。assemble C1 A1r B1+1 由左到右排列图板(r = 旋转 180°,"
        "+1/+2 = 下移;相邻图板高低差最多一格,至少一张不位移)。接着 start <格子> 选深绿格,再依序 bonus <RC|ST|MA|WO|YI>。",
    },
    "options": {
        "en": "estate: free|fixed · boards: random|preset · round_end: rulebook|equal_turns · final_tiles: "
        "storage|storage_and_stacks · start_player: random|host · data_version: recon-1 (reconstructed components).",
        "zh-TW": "estate: free|fixed(自由或固定組合)· boards: random|preset · round_end: rulebook|equal_turns · "
        "final_tiles: storage|storage_and_stacks · start_player: random|host · data_version: recon-1(重建的配件資料)。",
        "zh-CN": "estate: free|fixed(自由或固定组合)· boards: random|preset · round_end: rulebook|equal_turns · "
        "final_tiles: storage|storage_and_stacks · start_player: random|host · data_version: recon-1(重建的配件资料)。",
    },
}


def seat_name(seat: int, locale: Locale, names: list[str] | None = None) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return localised(SEAT, locale).format(n=seat + 1)


def item_label(item: str, locale: Locale) -> str:
    """``1V3`` → "village 1V3" (with farm types shown by code), ``hex`` → "hex token"."""
    if item.lower() == "hex":
        return tile_name("hex", locale)
    return f"{tile_name(item, locale)} {item}"


def pay_label(payment: str, target: str, locale: Locale) -> str:
    units = payment.split("+")
    parts: list[str] = []
    if units.count(target) == 2:
        parts.append(localised(PAY_UNIT["cards"], locale).format(colour=colour_name(target, locale)))
        units = [u for u in units if u != target]
    if units.count("wk") == 2:
        parts.append(localised(PAY_UNIT["workers"], locale))
        units = []
    for u in units:
        if u == "wk":
            parts.append(localised(PAY_UNIT["worker"], locale))
        elif len(u) == 1:
            parts.append(localised(PAY_UNIT["card"], locale).format(colour=colour_name(u, locale)))
        else:
            parts.append(localised(PAY_UNIT["pair"], locale).format(colour=colour_name(u[0], locale)))
    return localised(PAY_UNIT["and"], locale).join(parts)


def _board_label(word: str, locale: Locale) -> str:
    m = re.fullmatch(r"([A-Ca-c]\d)(r?)(?:\+(\d))?", word)
    if not m:
        return word
    extra = []
    if m.group(2):
        extra.append(localised(LABELS["turned"], locale))
    if m.group(3):
        extra.append(localised(LABELS["down"], locale).format(k=m.group(3)))
    return m.group(1).upper() + (f" ({', '.join(extra)})" if extra else "")


def _seat_name(word: str, names: list[str] | None) -> str | None:
    """The player at seat ``word`` (1-based, as the notation writes it), if ``names`` has them."""
    if names and word.isdigit() and 1 <= int(word) <= len(names):
        return names[int(word) - 1]
    return None


def describe(action: str, locale: Locale, names: list[str] | None = None) -> str:
    words = tidy(action).split()
    if not words:
        return action
    head = words[0].lower()
    lab = LABELS.get(head)
    try:
        if head in ("draw", "marble", "end") and len(words) == 1:
            return localised(LABELS[head], locale)
        if head in ("first", "boards") and len(words) in (2, 5):
            who = _seat_name(words[1], names)
            if head == "first" and len(words) == 2:
                if who is not None:
                    return localised(LABELS["first_named"], locale).format(who=who)
                return localised(LABELS["first"], locale).format(n=words[1])
            if head == "boards" and len(words) == 5:
                boards = " ".join(words[2:])
                if who is not None:
                    return localised(LABELS["boards_named"], locale).format(who=who, boards=boards)
                return localised(LABELS["boards"], locale).format(n=words[1], boards=boards)
        if head == "assemble" and len(words) == 4:
            return localised(LABELS["assemble"], locale).format(
                boards=" | ".join(_board_label(w, locale) for w in words[1:])
            )
        if head == "start" and len(words) == 2:
            return localised(LABELS["start"], locale).format(space=words[1])
        if head == "bonus" and len(words) == 2:
            tile = words[1].upper()
            return localised(LABELS["bonus"], locale).format(
                tile=f"{tile} ({localised(BONUS[tile], locale)})"
            )
        if head == "take" and len(words) == 2:
            return localised(LABELS["take"], locale).format(slot=words[1])
        if head == "take" and len(words) == 4:
            return localised(LABELS["take_discard"], locale).format(
                slot=words[1], item=item_label(words[3], locale)
            )
        if head == "castle" and len(words) == 2:
            if words[1].lower() == "pass":
                return localised(LABELS["castle_pass"], locale)
            slot, space = words[1].split("@")
            return localised(LABELS["castle"], locale).format(slot=slot, space=space)
        if head == "place" and len(words) == 4:
            item, space = words[1].split("@")
            target = "" if item.lower() == "hex" else item[1].upper()
            pay = words[3]
            if not target:
                target = next((u for u in pay.split("+") if len(u) == 1), "")
            return localised(LABELS["place"], locale).format(
                tile=item_label(item, locale), space=space, pay=pay_label(pay, target, locale)
            )
        if head == "card" and len(words) == 2:
            return localised(LABELS["card"], locale).format(colour=colour_name(words[1].upper(), locale))
        if head in ("reveal", "yield", "board") and len(words) == 2 and lab:
            key = {"reveal": "tile", "yield": "card", "board": "board"}[head]
            return localised(lab, locale).format(**{key: words[1]})
    except (KeyError, ValueError, IndexError):
        return action
    return action


def group(action: str) -> str:
    words = action.strip().split()
    return GROUPS.get(words[0].lower(), "move") if words else "move"


LIST_SEPARATOR: dict[str, str] = {"en": ", ", "zh-TW": "、", "zh-CN": "、"}
"""Between the items of a list in a line: Chinese lists with the enumeration comma."""


def _singular(table: dict[str, L], key: str, n: object) -> str:
    """``key``, or its singular form ``<key>_1`` when the count is exactly one and it has one."""
    return f"{key}_1" if n == 1 and f"{key}_1" in table else key


def _reward_text(rewards: list[tuple[str, int]], locale: Locale) -> str:
    return localised(LIST_SEPARATOR, locale).join(
        localised(REWARDS[_singular(REWARDS, k, n)], locale).format(n=n) for k, n in rewards
    )


def event_text(event: Event, locale: Locale, names: list[str] | None) -> str:
    kind = str(event.get("kind", ""))
    fields: dict[str, Any] = dict(event)
    fields["who"] = seat_name(int(event.get("seat", 0)), locale, names)
    if kind == "shuffle":
        kind = f"shuffle_{event.get('deck')}"
    elif kind in ("green", "red"):
        kind = f"{kind}_{event.get('why')}"
        if "spaces" in event:
            fields["spaces"] = ",".join(event["spaces"])
        if "colour" in event:
            fields["colour"] = colour_name(str(event["colour"]), locale)
    elif kind == "refresh":
        fields["colour"] = colour_name(str(event["colour"]), locale)
        fields["slots"] = ",".join(str(x) for x in event["slots"])
    elif kind == "boards":
        fields["boards"] = " ".join(event["boards"])
    elif kind == "started":
        fields["spaces"] = localised(LIST_SEPARATOR, locale).join(
            f"{seat_name(i, locale, names)} {sp}" for i, sp in enumerate(event["spaces"])
        )
    elif kind == "discard":
        fields["item"] = item_label(str(event["item"]), locale)
    elif kind in ("take", "placed", "castle", "reveal"):
        fields["tile"] = item_label(str(event["tile"]), locale)
    elif kind == "bonus":
        fields["tile"] = f"{event['tile']} ({localised(BONUS[event['tile']], locale)})"
    elif kind == "pay" and "colour" in event:  # in words; a log from before the colour was noted keeps its code
        fields["payment"] = pay_label(str(event["payment"]), str(event["colour"]), locale)
    elif kind == "yield":
        fields["reward"] = _reward_text([(str(k), int(n)) for k, n in event.get("reward", [])], locale)
    elif kind == "trigger":
        fields["round"] = event["round"]
    elif kind in ("scoring", "over"):
        reds = event["red"]
        ranked = sorted(range(len(reds)), key=lambda i: (-reds[i], i))
        fields["rows"] = localised(LIST_SEPARATOR, locale).join(f"{seat_name(i, locale, names)} {reds[i]}" for i in ranked)
    template = EVENTS.get(_singular(EVENTS, kind, event.get("n")))
    if template is None:
        return ""
    return localised(template, locale).format(**fields)


def reason_text(error: IllegalAction, locale: Locale) -> str:
    template = REASONS.get(error.key)
    if template is None:
        return error.reason
    try:
        return localised(template, locale).format(**localise_params(error.params, locale))
    except (KeyError, IndexError):
        return error.reason


def help_topics(locale: Locale) -> dict[str, str]:
    return {topic: localised(texts, locale) for topic, texts in HELP.items()}


def farm_label(types: list[str], locale: Locale) -> str:
    return "/".join(localised(FARM[t], locale) for t in types)


STORY_WORDS: dict[str, dict[str, str]] = {
    "green": {"en": "Green at the end", "zh-TW": "終局綠色分", "zh-CN": "终局绿色分"},
    "built": {"en": "Spaces built on", "zh-TW": "已建造的格子", "zh-CN": "已建造的格子"},
}
"""Labels of the game's own figures in a finished game's story (``Game.figures``)."""


def story_label(key: str, locale: str) -> str:
    words = STORY_WORDS[key]
    return words.get(locale, words["en"])
