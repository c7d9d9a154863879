"""Localised words of The Castles of Burgundy: move labels, event lines, refusals and help.

Terms follow the reference's terminology table (§12). Every table is keyed by locale
(``en``, ``zh-TW``, ``zh-CN``); ``rules.core.localised`` falls back to English.
"""

from __future__ import annotations

import contextlib
from typing import Any

from rules.burgundy.notation import parse
from rules.burgundy.state import worker_cost, wrap_dist
from rules.core import IllegalAction, Locale, localised

L = dict[str, str]


def _t(en: str, tw: str, cn: str) -> L:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


TILE_NAMES: dict[str, L] = {
    "CAS": _t("castle", "城堡", "城堡"),
    "MIN": _t("mine", "礦場", "矿场"),
    "SHP": _t("ship", "船隻", "船只"),
    "COW": _t("cattle", "牛", "牛"),
    "SHE": _t("sheep", "羊", "羊"),
    "PIG": _t("pigs", "豬", "猪"),
    "HEN": _t("chickens", "雞", "鸡"),
    "WAR": _t("warehouse", "倉庫", "仓库"),
    "CAR": _t("carpenter's workshop", "木匠工作坊", "木匠的工作坊"),
    "CHU": _t("church", "教堂", "教堂"),
    "MAR": _t("market", "市場", "市场"),
    "BOA": _t("boarding house", "宿舍", "宿舍"),
    "BAN": _t("bank", "銀行", "银行"),
    "CIT": _t("city hall", "市政廳", "市政厅"),
    "WAT": _t("watchtower", "瞭望台", "瞭望台"),
    "JOK": _t("joker", "百搭板塊", "百搭板块"),
}
KNOWLEDGE_EFFECTS: dict[str, L] = {
    "K01": _t("same building twice per city", "城市可重複建築", "城市可重复建筑"),
    "K02": _t("+1 worker per mine each phase", "每礦場每階段+1工人", "每矿场每阶段+1工人"),
    "K03": _t("sales pay 2 silver", "賣貨得2銀幣", "卖货得2银币"),
    "K04": _t("sales pay +1 worker", "賣貨+1工人", "卖货+1工人"),
    "K05": _t("ships load 2 neighbouring depots", "船可拿相鄰兩區的貨", "船可拿相邻两区的货"),
    "K06": _t("buy from numbered depots", "可從數字儲藏區購買", "可从数字储藏区购买"),
    "K07": _t("+1 VP per animal tile scored", "動物每板塊+1勝分", "动物每板块+1胜分"),
    "K08": _t("workers move a die ±1 or ±2", "工人可調整±1或±2", "工人可调整±1或±2"),
    "K09": _t("place buildings ±1 free", "放建築免費±1", "放建筑免费±1"),
    "K10": _t("place ships/animals ±1 free", "放船隻或動物免費±1", "放船只或动物免费±1"),
    "K11": _t("place castles/mines/knowledge ±1 free", "放城堡、礦場、知識免費±1", "放城堡、矿场、知识免费±1"),
    "K12": _t("take tiles ±1 free", "拿板塊免費±1", "拿板块免费±1"),
    "K13": _t("take workers: +1 silver", "拿工人+1銀幣", "拿工人+1银币"),
    "K14": _t("take workers: 4 instead of 2", "拿工人得4個", "拿工人得4个"),
    "K15": _t("3 VP per goods kind sold", "每種賣出貨物3勝分", "每种卖出货物3胜分"),
    "K16": _t("4 VP per warehouse", "每座倉庫4勝分", "每座仓库4胜分"),
    "K17": _t("4 VP per watchtower", "每座瞭望台4勝分", "每座瞭望台4胜分"),
    "K18": _t("4 VP per carpenter's workshop", "每座木匠工作坊4勝分", "每座木匠的工作坊4胜分"),
    "K19": _t("4 VP per church", "每座教堂4勝分", "每座教堂4胜分"),
    "K20": _t("4 VP per market", "每座市場4勝分", "每座市场4胜分"),
    "K21": _t("4 VP per boarding house", "每座宿舍4勝分", "每座宿舍4胜分"),
    "K22": _t("4 VP per bank", "每座銀行4勝分", "每座银行4胜分"),
    "K23": _t("4 VP per city hall", "每座市政廳4勝分", "每座市政厅4胜分"),
    "K24": _t("4 VP per animal species", "每種動物4勝分", "每种动物4胜分"),
    "K25": _t("1 VP per goods tile sold", "每個賣出貨物1勝分", "每个卖出货物1胜分"),
    "K26": _t("2 VP per bonus tile", "每個獎勵板塊2勝分", "每个奖励板块2胜分"),
}
COLOUR_NAMES: dict[str, L] = {
    "C": _t("castle", "城堡", "城堡"),
    "A": _t("pasture", "牧場", "牧场"),
    "S": _t("river", "河流", "河流"),
    "M": _t("mine", "礦場", "矿场"),
    "B": _t("city", "城市", "城市"),
    "K": _t("knowledge", "知識", "知识"),
}
PROMPT_NAMES: dict[str, L] = {
    "free": _t("free action", "額外行動", "额外行动"),
    "ship": _t("ship goods", "船隻拿貨", "船只拿货"),
    "warehouse": _t("warehouse", "倉庫", "仓库"),
    "carpenter": _t("carpenter's workshop", "木匠工作坊", "木匠的工作坊"),
    "church": _t("church", "教堂", "教堂"),
    "market": _t("market", "市場", "市场"),
    "city_hall": _t("city hall", "市政廳", "市政厅"),
    "swap": _t("goods exchange", "貨物交換", "货物交换"),
    "reward": _t("colour reward", "顏色獎勵", "颜色奖励"),
}
WHY_NAMES: dict[str, L] = {
    "region": _t("region completed", "區塊完成", "区块完成"),
    "animals": _t("animals", "動物", "动物"),
    "sale": _t("sale", "賣貨", "卖货"),
    "watchtower": _t("watchtower", "瞭望台", "瞭望台"),
    "bonus": _t("bonus tile", "獎勵板塊", "奖励板块"),
    "knowledge": _t("knowledge tile", "知識板塊", "知识板块"),
    "purchase": _t("bought with silver", "用銀幣購買", "用银币购买"),
}


def tile_name(code: str, locale: Locale) -> str:
    """``SHP`` → "ship"; animals with their count; knowledge tiles with a short effect."""
    if code.startswith("K") and code[1:].isdigit():
        n = int(code[1:])
        effect = localised(KNOWLEDGE_EFFECTS[code], locale)
        return localised(_t(f"knowledge {n} ({effect})", f"知識板塊{n}({effect})", f"知识板块{n}({effect})"), locale)
    if code[:3] in ("COW", "SHE", "PIG", "HEN") and len(code) == 4:
        return localised(_t("{n} {a}", "{a}×{n}", "{a}×{n}"), locale).format(
            n=code[3], a=localised(TILE_NAMES[code[:3]], locale))
    return localised(TILE_NAMES.get(code, _t(code, code, code)), locale)


# ---- describe -----------------------------------------------------------------------------------------
DESCRIBE: dict[str, L] = {
    "pass": _t("End turn", "結束回合", "结束回合"),
    "skip": _t("Skip this effect", "放棄效果", "放弃效果"),
    "adjust": _t("Spend {n} worker{s}{k08}: your {d} becomes a {v}", "花{n}個工人{k08}:把{d}改成{v}",
                 "花{n}个工人{k08}:把{d}改成{v}"),
    "adjust_k08": _t(" ({n} with K08)", "(有K08則{n}個)", "(有K08则{n}个)"),
    "take": _t("Take the {tile} from depot {v}", "從儲藏區{v}拿{tile}", "从储藏区{v}拿{tile}"),
    "take_step": _t("Take the {tile} from depot {v} with your {d} (free ±1)", "用{d}(免費±1)從儲藏區{v}拿{tile}",
                    "用{d}(免费±1)从储藏区{v}拿{tile}"),
    "place": _t("Place the {tile} on space {i} (a {v} space)", "把{tile}放到空格{i}({v}點空格)",
                "把{tile}放到空格{i}({v}点空格)"),
    "place_step": _t("Place the {tile} on space {i} with your {d} (free ±1)", "用{d}(免費±1)把{tile}放到空格{i}",
                     "用{d}(免费±1)把{tile}放到空格{i}"),
    "sell": _t("Sell all your goods {v}", "賣出所有{v}號貨物", "卖出所有{v}号货物"),
    "workers": _t("Take workers with your {v}", "用{v}拿工人板塊", "用{v}拿工人板块"),
    "workers_free": _t("Take workers", "拿工人板塊", "拿工人板块"),
    "buy": _t("Buy the {tile} from the black depot (2 silver)", "花2銀幣從黑色儲藏區購買{tile}",
              "花2银币从黑色储藏区购买{tile}"),
    "buy_depot": _t("Buy the {tile} from depot {n} (2 silver)", "花2銀幣從儲藏區{n}購買{tile}",
                    "花2银币从储藏区{n}购买{tile}"),
    "vp": _t("Buy {n} VP for {n} silver", "花{n}銀幣買{n}勝分", "花{n}银币买{n}胜分"),
    "ship": _t("Load the goods of depot {depots}", "拿儲藏區{depots}的貨物", "拿储藏区{depots}的货物"),
    "ship_kinds": _t("Load goods from depot {depots}, new kinds {kinds}", "拿儲藏區{depots}的貨物,新種類{kinds}",
                     "拿储藏区{depots}的货物,新种类{kinds}"),
    "ship2": _t("Load the goods of depots {depots}", "拿儲藏區{depots}的貨物", "拿储藏区{depots}的货物"),
    "ship2_kinds": _t("Load goods from depots {depots}, new kinds {kinds}", "拿儲藏區{depots}的貨物,新種類{kinds}",
                      "拿储藏区{depots}的货物,新种类{kinds}"),
    "wgoods": _t("Sell all your goods {k} (warehouse)", "賣出所有{k}號貨物(倉庫)", "卖出所有{k}号货物(仓库)"),
    "ctake": _t("Take the {tile} from depot {n}", "從儲藏區{n}拿{tile}", "从储藏区{n}拿{tile}"),
    "cplace": _t("Place the {tile} on space {i} (no die)", "把{tile}放到空格{i}(不用骰子)", "把{tile}放到空格{i}(不用骰子)"),
    "swap": _t("Trade goods {g} for the {tile} (face down, joker)", "用貨物{g}換{tile}(蓋著當百搭)",
               "用货物{g}换{tile}(盖着当百搭)"),
    "board": _t("Take estate board {n}", "選莊園板{n}", "选庄园板{n}"),
    "castle": _t("Put your start castle on space {i}", "起始城堡放在空格{i}", "起始城堡放在空格{i}"),
    "roll": _t("Roll a {v}", "擲出{v}", "掷出{v}"),
    "draw": _t("Draw the {tile}", "抽到{tile}", "抽到{tile}"),
    "goods": _t("Goods tile {k}", "貨物板塊{k}", "货物板块{k}"),
    "deal": _t("Estate board {n}", "莊園板{n}", "庄园板{n}"),
    "drop": _t(", discarding the {u}", ",先棄掉{u}", ",先弃掉{u}"),
    "and": _t(" and ", "和", "和"),
    "slice_die": _t("Use your {d}", "用你的{d}", "用你的{d}"),
    "slice_other": _t("Other moves", "其他行動", "其他行动"),
}

DIE_VERBS = frozenset({"take", "place", "adjust", "sell", "workers"})


def die_of(action: str) -> int | None:
    """The die (as it shows now) that a move spends, if any: the player's first choice."""
    try:
        a = parse(action)
    except IllegalAction:
        return None
    if a[0] in DIE_VERBS and a[1]:
        return int(a[1])
    return None


def split_by_die(legal: list[str], locale: Locale = "en") -> list[tuple[str, list[str]]]:
    """One slice per die the moves use (the frequent first decision), then the rest."""
    by_die: dict[int, list[str]] = {}
    other: list[str] = []
    for action in legal:
        d = die_of(action)
        (by_die.setdefault(d, []) if d is not None else other).append(action)
    if len(by_die) < 1 or len(legal) <= 4:
        return []
    slices = [(_fmt("slice_die", locale, d=d), moves) for d, moves in sorted(by_die.items())]
    if other:
        slices.append((_fmt("slice_other", locale), other))
    return slices


def _fmt(key: str, locale: Locale, **kw: Any) -> str:
    return localised(DESCRIBE[key], locale).format(**kw)


def describe(action: str, locale: Locale = "en") -> str:
    try:
        a = parse(action)
    except IllegalAction:
        return action
    verb = a[0]
    tn = lambda code: tile_name(code, locale)  # noqa: E731
    drop = ""
    if verb in ("take", "buy", "ctake", "swap") and a[-1]:
        drop = _fmt("drop", locale, u=tn(a[-1]))
    if verb in ("pass", "skip"):
        return _fmt(verb, locale)
    if verb == "adjust":
        dist = wrap_dist(a[1], a[2])
        k08 = _fmt("adjust_k08", locale, n=worker_cost(dist, True)) if dist > 1 else ""
        return _fmt("adjust", locale, n=dist, s="" if dist == 1 else "s", k08=k08, d=a[1], v=a[2])
    if verb == "take":
        key = "take" if a[1] == a[2] else "take_step"
        return _fmt(key, locale, d=a[1], v=a[2], tile=tn(a[3])) + drop
    if verb == "place":
        key = "place" if a[1] == a[2] else "place_step"
        return _fmt(key, locale, d=a[1], v=a[2], tile=tn(a[3]), i=a[4])
    if verb == "sell":
        return _fmt("sell", locale, v=a[1])
    if verb == "workers":
        return _fmt("workers", locale, v=a[1]) if a[1] else _fmt("workers_free", locale)
    if verb == "buy":
        if a[1]:
            return _fmt("buy_depot", locale, n=a[1], tile=tn(a[2])) + drop
        return _fmt("buy", locale, tile=tn(a[2])) + drop
    if verb == "vp":
        return _fmt("vp", locale, n=a[1])
    if verb == "ship":
        depots = _fmt("and", locale).join(str(d) for d in a[1])
        key = "ship" if len(a[1]) == 1 else "ship2"
        if a[2]:
            return _fmt(f"{key}_kinds", locale, depots=depots, kinds=", ".join(str(k) for k in a[2]))
        return _fmt(key, locale, depots=depots)
    if verb == "wgoods":
        return _fmt("wgoods", locale, k=a[1])
    if verb == "ctake":
        return _fmt("ctake", locale, n=a[1], tile=tn(a[2])) + drop
    if verb == "cplace":
        return _fmt("cplace", locale, tile=tn(a[1]), i=a[2])
    if verb == "swap":
        return _fmt("swap", locale, g=a[2], tile=tn(a[1])) + drop
    if verb in ("board", "deal"):
        return _fmt(verb, locale, n=a[1])
    if verb == "castle":
        return _fmt("castle", locale, i=a[1])
    if verb == "roll":
        return _fmt("roll", locale, v=a[1])
    if verb == "draw":
        return _fmt("draw", locale, tile=tn(a[1]))
    return _fmt("goods", locale, k=a[1])


GROUPS = {
    "adjust": "adjust", "take": "take", "place": "place", "sell": "sell", "workers": "workers", "buy": "buy",
    "vp": "buy", "pass": "end", "skip": "end", "ship": "choose", "wgoods": "choose", "ctake": "choose",
    "cplace": "choose", "swap": "choose", "board": "setup", "castle": "setup",
}


def group(action: str) -> str:
    try:
        return GROUPS.get(parse(action)[0], "chance")
    except IllegalAction:
        return "move"


# ---- events -----------------------------------------------------------------------------------------
EVENTS: dict[str, L] = {
    "castle": _t("{p} puts the start castle on space {space}", "{p}把起始城堡放在空格{space}", "{p}把起始城堡放在空格{space}"),
    "board": _t("{p} takes estate board {board}", "{p}選了莊園板{board}", "{p}选了庄园板{board}"),
    "deal": _t("{p} gets estate board {board}", "{p}拿到莊園板{board}", "{p}拿到庄园板{board}"),
    "start_goods": _t("{p} receives goods {goods}", "{p}拿到貨物{goods}", "{p}拿到货物{goods}"),
    "round_goods": _t("Round {round} goods: {goods}", "第{round}回合的貨物:{goods}", "第{round}回合的货物:{goods}"),
    "fill": _t("Depot {depot}: {tile}", "儲藏區{depot}:{tile}", "储藏区{depot}:{tile}"),
    "fill_black": _t("Black depot: {tile}", "黑色儲藏區:{tile}", "黑色储藏区:{tile}"),
    "roll": _t("{p} rolls a {value}", "{p}擲出{value}", "{p}掷出{value}"),
    "white": _t("White die: {value}", "白骰:{value}", "白骰:{value}"),
    "goods_out": _t("Goods {goods} arrive at depot {depot}", "貨物{goods}放到儲藏區{depot}", "货物{goods}放到储藏区{depot}"),
    "solo_remove": _t("Removed from depot {depot}: {tile}", "從儲藏區{depot}移除:{tile}", "从储藏区{depot}移除:{tile}"),
    "phase": _t("Phase {phase} begins", "階段{phase}開始", "阶段{phase}开始"),
    "round": _t("Phase {phase}, round {round}", "階段{phase}第{round}回合", "阶段{phase}第{round}回合"),
    "turn": _t("{p}'s turn", "輪到{p}", "轮到{p}"),
    "pass": _t("{p} ends the turn", "{p}結束回合", "{p}结束回合"),
    "adjust": _t("{p} turns a {from} into a {to} (−{cost} workers)", "{p}把{from}改成{to}(−{cost}工人)",
                 "{p}把{from}改成{to}(−{cost}工人)"),
    "adjust_1": _t("{p} turns a {from} into a {to} (−{cost} worker)", "{p}把{from}改成{to}(−{cost}工人)",
                   "{p}把{from}改成{to}(−{cost}工人)"),
    "take": _t("{p} takes the {tile} from depot {depot}", "{p}從儲藏區{depot}拿了{tile}", "{p}从储藏区{depot}拿了{tile}"),
    "discard": _t("{p} discards the {tile}", "{p}棄掉{tile}", "{p}弃掉{tile}"),
    "place": _t("{p} places the {tile} on space {space}", "{p}把{tile}放在空格{space}", "{p}把{tile}放在空格{space}"),
    "score": _t("{p} +{vp} VP ({why})", "{p} +{vp}勝分({why})", "{p} +{vp}胜分({why})"),
    "colour": _t("{p} fills every {colour} space{bonus}", "{p}填滿所有{colour}空格{bonus}", "{p}填满所有{colour}空格{bonus}"),
    "track": _t("{p} moves to turn-order space {position}", "{p}在順位決定區前進到{position}",
                "{p}在顺位决定区前进到{position}"),
    "sell": _t("{p} sells {count} × goods {goods} (+{silver} silver{extra})", "{p}賣出{count}個{goods}號貨物(+{silver}銀幣{extra})",
               "{p}卖出{count}个{goods}号货物(+{silver}银币{extra})"),
    "workers": _t("{p} takes {gain} workers{extra}", "{p}拿{gain}個工人{extra}", "{p}拿{gain}个工人{extra}"),
    "workers_1": _t("{p} takes {gain} worker{extra}", "{p}拿{gain}個工人{extra}", "{p}拿{gain}个工人{extra}"),
    "buy": _t("{p} buys the {tile} for 2 silver", "{p}花2銀幣買了{tile}", "{p}花2银币买了{tile}"),
    "ship_goods": _t("{p} loads goods {goods} from depot {depots}", "{p}從儲藏區{depots}拿了貨物{goods}",
                     "{p}从储藏区{depots}拿了货物{goods}"),
    "goods_lost": _t("Goods {goods} leave the game", "貨物{goods}移出遊戲", "货物{goods}移出游戏"),
    "gain_silver": _t("{p} +{n} silver ({tile})", "{p} +{n}銀幣({tile})", "{p} +{n}银币({tile})"),
    "gain_workers": _t("{p} +{n} workers ({tile})", "{p} +{n}工人({tile})", "{p} +{n}工人({tile})"),
    "gain_workers_1": _t("{p} +{n} worker ({tile})", "{p} +{n}工人({tile})", "{p} +{n}工人({tile})"),
    "income": _t("{p} earns {silver} silver from mines{extra}", "{p}從礦場得到{silver}銀幣{extra}",
                 "{p}从矿场得到{silver}银币{extra}"),
    "target": _t("{p} reaches the target: free action, next target {target}", "{p}達到目標:額外行動,新目標{target}",
                 "{p}达到目标:额外行动,新目标{target}"),
    "lapse": _t("The {prompt} effect has no possible use", "{prompt}效果無法使用", "{prompt}效果无法使用"),
    "skip": _t("{p} skips the {prompt} effect", "{p}放棄{prompt}效果", "{p}放弃{prompt}效果"),
    "auto": _t("{p} has only one choice for the {prompt}", "{p}的{prompt}只有一種選擇", "{p}的{prompt}只有一种选择"),
    "swap": _t("{p} trades goods {goods} for a face-down tile", "{p}用貨物{goods}換一個蓋著的板塊",
               "{p}用货物{goods}换一个盖着的板块"),
    "solo_win": _t("{p} fills all 37 spaces and wins!", "{p}填滿37個空格,獲勝!", "{p}填满37个空格,获胜!"),
    "solo_lost": _t("{p} did not fill the estate: {filled}/37 spaces", "{p}沒填滿莊園:{filled}/37",
                    "{p}没填满庄园:{filled}/37"),
    "game_over": _t("Game over: {scores}", "遊戲結束:{scores}", "游戏结束:{scores}"),
    "bonus": _t(": {bonus} bonus tile", ":{bonus}獎勵板塊", ":{bonus}奖励板块"),
    "large": _t("large", "大", "大"),
    "small": _t("small", "小", "小"),
    "plus_workers": _t(", +{n} workers", ",+{n}工人", ",+{n}工人"),
    "plus_workers_1": _t(", +{n} worker", ",+{n}工人", ",+{n}工人"),
    "plus_silver": _t(" and 1 silver", "和1銀幣", "和1银币"),
    "region": _t("region of {size}", "{size}格區塊", "{size}格区块"),
}


LAPSE_WHY: dict[str, L] = {
    "depots_empty": _t("No ship pick-up for {p}: no depot holds goods", "{p}的船隻拿不到貨:儲藏區都沒有貨物",
                       "{p}的船只拿不到货:储藏区都没有货物"),
    "kinds_full": _t("No ship pick-up for {p}: your storage already holds 3 other kinds",
                     "{p}的船隻拿不到貨:你的貨物區已經有3種其他貨物", "{p}的船只拿不到货:你的货物区已经有3种其他货物"),
    "no_goods": _t("No warehouse sale for {p}: you have no goods", "{p}的倉庫無法賣貨:你沒有貨物",
                   "{p}的仓库无法卖货:你没有货物"),
    "nothing_to_take": _t("Nothing to take for {p}'s {prompt}: no numbered depot holds {what}",
                          "{p}的{prompt}拿不到板塊:數字儲藏區沒有{what}", "{p}的{prompt}拿不到板块:数字储藏区没有{what}"),
    "store_empty": _t("Nothing to place for {p}'s city hall: your storage is empty",
                      "{p}的市政廳無法放板塊:你的存放區是空的", "{p}的市政厅无法放板块:你的存放区是空的"),
    "nothing_fits": _t("Nothing to place for {p}'s city hall: no stored tile fits a free space next to your estate",
                       "{p}的市政廳無法放板塊:存放區沒有板塊能放進莊園相鄰的空格",
                       "{p}的市政厅无法放板块:存放区没有板块能放进庄园相邻的空格"),
    "black_empty": _t("No colour reward for {p}: the black depot is empty", "{p}沒有顏色獎勵:黑色儲藏區是空的",
                      "{p}没有颜色奖励:黑色储藏区是空的"),
    "black_fits": _t("No colour reward for {p}: no black-depot tile fits a free space next to your estate",
                     "{p}沒有顏色獎勵:黑色儲藏區沒有板塊能放進莊園相鄰的空格",
                     "{p}没有颜色奖励:黑色储藏区没有板块能放进庄园相邻的空格"),
}
TAKE_WHAT: dict[str, L] = {
    "carpenter": _t("a building", "建築", "建筑"),
    "church": _t("a castle, mine or knowledge tile", "城堡、礦場或知識板塊", "城堡、矿场或知识板块"),
    "market": _t("a ship or animal", "船隻或動物", "船只或动物"),
}


def _ev(key: str, locale: Locale, **kw: Any) -> str:
    """An event line; a count of exactly one picks the key's singular form (``<key>_1``) if any."""
    if 1 in (kw.get("n"), kw.get("gain"), kw.get("cost")) and f"{key}_1" in EVENTS:
        key = f"{key}_1"
    return localised(EVENTS[key], locale).format(**kw)


def _seat_name(seat: int, names: list[str] | None) -> str:
    return names[seat] if names and 0 <= seat < len(names) else f"S{seat + 1}"


def event_text(event: dict[str, Any], locale: Locale = "en", names: list[str] | None = None) -> str:
    kind = event.get("kind", "")
    seat = event.get("seat")
    p = ""
    if isinstance(seat, int):
        p = _seat_name(seat, names)
    kw = dict(event)
    kw["p"] = p
    tn = lambda code: tile_name(code, locale)  # noqa: E731
    if "tile" in event and isinstance(event["tile"], str) and event["tile"]:
        kw["tile"] = tn(event["tile"])
    if kind == "fill":
        return _ev("fill_black" if event["depot"] == 0 else "fill", locale, **kw)
    if kind == "score":
        why = localised(WHY_NAMES.get(event["why"], _t(event["why"], event["why"], event["why"])), locale)
        if event["why"] == "region":
            why = _ev("region", locale, size=event.get("size", "?"))
        kw["why"] = why
    elif kind == "colour":
        kw["colour"] = localised(COLOUR_NAMES[event["colour"]], locale)
        bonus = event.get("bonus", "")
        kw["bonus"] = _ev("bonus", locale, bonus=_ev("large" if bonus.startswith("BL") else "small", locale)) \
            if bonus else ""
    elif kind == "sell":
        kw["extra"] = _ev("plus_workers", locale, n=event["workers"]) if event.get("workers") else ""
    elif kind == "workers":
        kw["extra"] = _ev("plus_silver", locale) if event.get("silver") else ""
    elif kind == "income":
        kw["extra"] = _ev("plus_workers", locale, n=event["workers"]) if event.get("workers") else ""
    elif kind == "ship_goods":
        kw["depots"] = "+".join(str(d) for d in event["depots"])
        kw["goods"] = ", ".join(str(g) for g in event["goods"]) or "—"
    elif kind == "goods_lost":
        kw["goods"] = ", ".join(str(g) for g in event["goods"])
    elif kind == "gain":
        if "silver" in event:
            return _ev("gain_silver", locale, p=p, n=event["silver"], tile=kw["tile"])
        return _ev("gain_workers", locale, p=p, n=event["workers"], tile=kw["tile"])
    elif kind in ("lapse", "skip", "auto"):
        kw["prompt"] = localised(PROMPT_NAMES.get(event["prompt"], _t(event["prompt"], "", "")), locale)
        why = LAPSE_WHY.get(event.get("why", "")) if kind == "lapse" else None
        if why is not None:
            what = localised(TAKE_WHAT.get(event["prompt"], _t("", "", "")), locale)
            return localised(why, locale).format(p=p, prompt=kw["prompt"], what=what)
    elif kind == "game_over":
        final = event.get("final") or {}
        if "solo" in final:
            solo = final["solo"]
            key = "solo_win" if solo["won"] else "solo_lost"
            return _ev(key, locale, p=_seat_name(0, names), filled=solo["filled"])
        rows = final.get("rows", [])
        order = final.get("ranking", [])
        kw["scores"] = ("、" if locale.startswith("zh") else ", ").join(
            f"{_seat_name(s, names)} {rows[s]['total']}" for s in order
        )
    if kind in EVENTS:
        return _ev(kind, locale, **kw)
    return kind


# ---- refusals -------------------------------------------------------------------------------------------
REASONS: dict[str, L] = {
    "garbage": _t("Moves look like: take 3:SHP · place 2:CAS@17 · sell 4 · workers 5 · adjust 6>1 · buy K12 · "
                  "choose D3 · skip · pass",
                  "指令範例:take 3:SHP · place 2:CAS@17 · sell 4 · workers 5 · adjust 6>1 · buy K12 · choose D3 · "
                  "skip · pass",
                  "指令范例:take 3:SHP · place 2:CAS@17 · sell 4 · workers 5 · adjust 6>1 · buy K12 · choose D3 · "
                  "skip · pass"),
    "unknown_tile": _t("unknown tile code {tile}", "未知的板塊代碼{tile}", "未知的板块代码{tile}"),
    "bad_space": _t("estate spaces are numbered 0-36", "莊園空格編號是0-36", "庄园空格编号是0-36"),
    "no_die": _t("you have no unused die showing {die} (your dice: {dice})", "你沒有未用的{die}點骰子(你的骰子:{dice})",
                 "你没有未用的{die}点骰子(你的骰子:{dice})"),
    "storage_full": _t("storage full: discard first (add ' drop' and a stored tile)",
                       "存放區已滿:先棄掉一個(加上 ' drop' 和板塊)", "存放区已满:先弃掉一个(加上 ' drop' 和板块)"),
    "no_drop_needed": _t("storage is not full: nothing to drop", "存放區未滿,不用棄掉", "存放区未满,不用弃掉"),
    "not_stored": _t("{tile} is not in your storage", "{tile}不在你的存放區", "{tile}不在你的存放区"),
    "space_taken": _t("space {space} is already occupied", "空格{space}已經有板塊", "空格{space}已经有板块"),
    "wrong_colour": _t("space {space} is a {colour} space", "空格{space}是{colour}空格", "空格{space}是{colour}空格"),
    "wrong_number": _t("space {space} needs a {need}", "空格{space}需要{need}點", "空格{space}需要{need}点"),
    "not_adjacent": _t("space {space} does not touch a tile of your estate", "空格{space}沒有相鄰你莊園的板塊",
                       "空格{space}没有相邻你庄园的板块"),
    "city_has_building": _t("that city already has a {tile}", "這個城市已經有{tile}", "这个城市已经有{tile}"),
    "free_step_range": _t("a knowledge tile's free step is only ±1", "知識板塊的免費調整只有±1", "知识板块的免费调整只有±1"),
    "needs_tile": _t("that needs knowledge tile {tile} in your estate", "需要莊園裡有知識板塊{tile}",
                     "需要庄园里有知识板块{tile}"),
    "not_in_depot": _t("depot {depot} holds no {tile}", "儲藏區{depot}沒有{tile}", "储藏区{depot}没有{tile}"),
    "same_value": _t("that die already shows that value", "骰子已經是這個點數", "骰子已经是这个点数"),
    "workers_short": _t("that needs {need} workers; you have {have}", "需要{need}個工人,你有{have}個",
                        "需要{need}个工人,你有{have}个"),
    "no_goods": _t("you have no goods of kind {kind}", "你沒有{kind}號貨物", "你没有{kind}号货物"),
    "workers_die": _t("name the die: workers 1-6", "請指定骰子:workers 1-6", "请指定骰子:workers 1-6"),
    "solo_only": _t("buying VP is a solo rule", "買勝分是單人規則", "买胜分是单人规则"),
    "silver_short": _t("not enough silverlings (you have {have})", "銀幣不夠(你有{have})", "银币不够(你有{have})"),
    "bought_already": _t("only one purchase per turn", "每回合只能購買一次", "每回合只能购买一次"),
    "not_in_black": _t("the black depot holds no {tile}", "黑色儲藏區沒有{tile}", "黑色储藏区没有{tile}"),
    "buy_in_prompt": _t("with the 2011 rules you buy only when no effect is pending",
                        "2011年規則:效果處理中不能購買", "2011年规则:效果处理中不能购买"),
    "prompt_pending": _t("answer the pending {prompt} prompt first", "請先處理{prompt}", "请先处理{prompt}"),
    "free_no_step": _t("a free action takes any value: no ±1 needed", "額外行動可選任意點數,不用±1",
                       "额外行动可选任意点数,不用±1"),
    "free_no_die": _t("a free action uses no die: write just 'workers'", "額外行動不用骰子:只寫 'workers'",
                      "额外行动不用骰子:只写 'workers'"),
    "depot_no_goods": _t("depot {depot} has no goods", "儲藏區{depot}沒有貨物", "储藏区{depot}没有货物"),
    "goods_choice": _t("that goods choice does not fit the 3-kind goods storage (name the new kinds to take)",
                       "這樣拿貨不符合3種貨物的上限(請指定新種類)", "这样拿货不符合3种货物的上限(请指定新种类)"),
    "wrong_kind": _t("that building cannot take {tile}", "這個建築不能拿{tile}", "这个建筑不能拿{tile}"),
    "game_over": _t("the game is over", "遊戲已結束", "游戏已结束"),
    "chance_pending": _t("waiting for a die roll or a draw", "等待擲骰或抽取", "等待掷骰或抽取"),
    "bad_outcome": _t("that is not a possible outcome now", "這不是可能的結果", "这不是可能的结果"),
    "no_chance": _t("no die roll or draw is pending", "目前沒有要擲骰或抽取", "目前没有要掷骰或抽取"),
    "not_a_move": _t("dice and draws are not moves", "擲骰和抽取不是玩家行動", "掷骰和抽取不是玩家行动"),
    "not_your_turn": _t("it is not your turn", "還沒輪到你", "还没轮到你"),
    "setup_pending": _t("finish the setup choice first", "請先完成準備階段的選擇", "请先完成准备阶段的选择"),
    "board_unavailable": _t("board {board} is not available", "莊園板{board}不能選", "庄园板{board}不能选"),
    "not_castle_space": _t("space {space} is not a castle space of your board", "空格{space}不是你的城堡空格",
                           "空格{space}不是你的城堡空格"),
    "no_prompt": _t("there is nothing to choose now", "現在沒有要選擇的效果", "现在没有要选择的效果"),
    "joker_step": _t("no free step for a joker", "百搭板塊不能免費調整", "百搭板块不能免费调整"),
    "not_legal": _t("that move is not legal now", "現在不能這樣做", "现在不能这样做"),
    # raised by rules.core when a table is set up (Game.resolve_options)
    "bad_player_count": _t("The Castles of Burgundy is for {min}-{max} players", "勃根地城堡可供{min}-{max}人遊玩",
                           "勃艮第城堡可供{min}-{max}人游玩"),
    "unknown_option": _t("unknown option {option}", "沒有 {option} 這個選項", "没有 {option} 这个选项"),
    "bad_option_value": _t("option {option} must be one of: {allowed}", "選項 {option} 只能是:{allowed}",
                           "选项 {option} 只能是:{allowed}"),
    "option_not_for_count": _t("option {option} is not available with {players} player(s)",
                               "{players}人遊戲沒有選項 {option}", "{players}人游戏没有选项 {option}"),
}


def reason_text(error: IllegalAction, locale: Locale = "en") -> str:
    table = REASONS.get(error.key)
    if table is None:
        return error.reason
    params = dict(error.params)
    if "tile" in params and isinstance(params["tile"], str) and len(params["tile"]) in (3, 4):
        with contextlib.suppress(KeyError, ValueError):
            params["tile"] = tile_name(params["tile"], locale)
    if "colour" in params:
        params["colour"] = localised(COLOUR_NAMES.get(params["colour"], _t("", "", "")), locale)
    if "prompt" in params:
        params["prompt"] = localised(PROMPT_NAMES.get(params["prompt"], _t("", "", "")), locale)
    try:
        return localised(table, locale).format(**params)
    except (KeyError, IndexError):
        return error.reason


# ---- help ------------------------------------------------------------------------------------------------
HELP: dict[str, L] = {
    "overview": _t(
        "The Castles of Burgundy: 5 phases × 5 rounds. Each round everyone rolls 2 dice; each die takes a hex "
        "tile from the depot with its number, places a stored tile on an estate space with its number (next to "
        "your tiles), sells all goods of its number, or takes 2 workers. Fill regions and colours for VP; most VP "
        "wins.",
        "勃根地城堡:5個階段×5回合。每回合每人擲2顆骰子;每顆骰子可以從同點數的儲藏區拿六角板塊、把板塊放到同點數且相鄰的"
        "莊園空格、賣出同點數的貨物,或拿2個工人。完成區塊和顏色得勝分,勝分最多者獲勝。",
        "勃艮第城堡:5个阶段×5回合。每回合每人掷2颗骰子;每颗骰子可以从同点数的储藏区拿六角板块、把板块放到同点数且相邻的"
        "庄园空格、卖出同点数的货物,或拿2个工人。完成区块和颜色得胜分,胜分最多者获胜。"),
    "turn": _t(
        "Your turn: use both dice (any order), buy at most one black-depot tile for 2 silver, and adjust dice "
        "with workers (±1 per worker, 6 and 1 are neighbours). Effects of placed tiles ask you follow-up "
        "questions ('choose …' or 'skip'). 'pass' ends your turn.",
        "你的回合:使用兩顆骰子(順序不限),最多花2銀幣從黑色儲藏區買一個板塊,並可用工人調整骰子(每個工人±1,6和1相鄰)。"
        "放置板塊的效果會再詢問你('choose …' 或 'skip')。'pass' 結束回合。",
        "你的回合:使用两颗骰子(顺序不限),最多花2银币从黑色储藏区买一个板块,并可用工人调整骰子(每个工人±1,6和1相邻)。"
        "放置板块的效果会再询问你('choose …' 或 'skip')。'pass' 结束回合。"),
    "notation": _t(
        "take 3:SHP (die 3, ship from depot 3) · place 2:CAS@17 (die 2, castle on space 17) · sell 4 · workers 5 · "
        "adjust 6>1 (workers) · buy K12 · choose D3 (ship goods) · choose G2 (warehouse) · choose 4:WAR · "
        "choose BAN@14 · skip · pass. Add ' drop U' when your 3 storage spaces are full.",
        "take 3:SHP(用3從儲藏區3拿船)· place 2:CAS@17(用2把城堡放到空格17)· sell 4 · workers 5 · adjust 6>1(工人)· "
        "buy K12 · choose D3(船拿貨)· choose G2(倉庫)· choose 4:WAR · choose BAN@14 · skip · pass。存放區3格已滿時加 ' drop U'。",
        "take 3:SHP(用3从储藏区3拿船)· place 2:CAS@17(用2把城堡放到空格17)· sell 4 · workers 5 · adjust 6>1(工人)· "
        "buy K12 · choose D3(船拿货)· choose G2(仓库)· choose 4:WAR · choose BAN@14 · skip · pass。存放区3格已满时加 ' drop U'。"),
    "tiles": _t(
        "Castle: one free extra action. Mine: 1 silver each phase end. Ship: move up the turn order and load the "
        "goods of one depot (max 3 kinds). Animals: VP for the same species in that pasture. Buildings: warehouse "
        "(sell), carpenter/church/market (take a tile), boarding house (+4 workers), bank (+2 silver), city hall "
        "(place a tile), watchtower (+4 VP); one of each per city. Knowledge tiles: special powers or end VP.",
        "城堡:一次額外行動。礦場:每階段結束得1銀幣。船:順位前進並拿一個儲藏區的貨物(最多3種)。動物:同牧場同種動物得分。"
        "建築:倉庫(賣貨)、木匠工作坊/教堂/市場(拿板塊)、宿舍(+4工人)、銀行(+2銀幣)、市政廳(放板塊)、瞭望台(+4勝分);"
        "每個城市每種一座。知識板塊:特殊能力或終局勝分。",
        "城堡:一次额外行动。矿场:每阶段结束得1银币。船:顺位前进并拿一个储藏区的货物(最多3种)。动物:同牧场同种动物得分。"
        "建筑:仓库(卖货)、木匠的工作坊/教堂/市场(拿板块)、宿舍(+4工人)、银行(+2银币)、市政厅(放板块)、瞭望台(+4胜分);"
        "每个城市每种一座。知识板块:特殊能力或终局胜分。"),
    "scoring": _t(
        "Completed region: 1/3/6/10/15/21/28/36 VP by size plus 10/8/6/4/2 by phase (A-E). First/second to fill "
        "a colour: bonus tile (2 players 5/2, 3 players 6/3, 4 players 7/4). Selling: 2/3/4 VP per goods tile. "
        "End: 1 VP per goods tile, per silver, per 2 workers, plus knowledge tiles 15-26. Ties: with tiebreak=seed "
        "(default) fewer empty estate spaces win, with tiebreak=bga more empty spaces win; if still tied, the "
        "player later in the final turn order wins.",
        "完成區塊:依大小1/3/6/10/15/21/28/36勝分,加上階段A-E的10/8/6/4/2。第一/第二個填滿某顏色:獎勵板塊(2人5/2、3人6/3、"
        "4人7/4)。賣貨:每個2/3/4勝分。終局:每個貨物、每個銀幣、每2個工人各1勝分,加知識板塊15-26。平手:tiebreak=seed"
        "(預設)莊園空格較少者勝,tiebreak=bga 空格較多者勝;仍平手時,最終順位較後者勝。",
        "完成区块:依大小1/3/6/10/15/21/28/36胜分,加上阶段A-E的10/8/6/4/2。第一/第二个填满某颜色:奖励板块(2人5/2、3人6/3、"
        "4人7/4)。卖货:每个2/3/4胜分。终局:每个货物、每个银币、每2个工人各1胜分,加知识板块15-26。平手:tiebreak=seed"
        "(默认)庄园空格较少者胜,tiebreak=bga 空格较多者胜;仍平手时,最终顺位较后者胜。"),
    "options": _t(
        "Table options: edition=2011|2019 (2019: you may also buy while an effect is pending, e.g. before "
        "answering a castle or city hall; board numbering 1-10). boards=basic|random|choose (basic: everyone board "
        "1, start castle on 18). tiebreak=seed|bga decides equal VP: seed (default, the printed rule) — fewer "
        "empty estate spaces win; bga (as on Board Game Arena) — more empty spaces win; in both, a remaining tie "
        "goes to the player later in the final turn order. solo_sell_vp=1|2|3: solo VP per goods tile sold.",
        "牌桌選項:edition=2011|2019(2019:效果處理中也能購買,例如在回應城堡或市政廳之前;莊園板編號1-10)。"
        "boards=basic|random|choose(basic:大家都用1號板,起始城堡在18)。tiebreak=seed|bga 決定同分:"
        "seed(預設,規則書)莊園空格較少者勝;bga(同Board Game Arena)空格較多者勝;兩者仍平手時都由最終順位較後者勝。"
        "solo_sell_vp=1|2|3:單人每賣出一個貨物的勝分。",
        "牌桌选项:edition=2011|2019(2019:效果处理中也能购买,例如在回应城堡或市政厅之前;庄园板编号1-10)。"
        "boards=basic|random|choose(basic:大家都用1号板,起始城堡在18)。tiebreak=seed|bga 决定同分:"
        "seed(默认,规则书)庄园空格较少者胜;bga(同Board Game Arena)空格较多者胜;两者仍平手时都由最终顺位较后者胜。"
        "solo_sell_vp=1|2|3:单人每卖出一个货物的胜分。"),
    "solo": _t(
        "Solo: fill all 37 spaces of the solo board within 25 rounds. VP feed a counter; reaching the target "
        "(50, then 45, 40 …) gives a free action. Each round one depot tile is removed. A ship takes one depot's "
        "goods and the others are discarded; then you may trade 5 goods for a black tile as a joker. Completing a "
        "colour lets you place a black tile for free. 'vp n' buys VP with silver.",
        "單人:在25回合內填滿單人板37格。勝分累計到計數器,達到目標(50、45、40…)得到一次額外行動。每回合移除一個儲藏區板塊。"
        "船拿一個儲藏區的貨物,其他貨物移出;之後可用5個貨物換一個黑色板塊當百搭。完成顏色可免費放一個黑色板塊。'vp n' 用銀幣買勝分。",
        "单人:在25回合内填满单人板37格。胜分累计到计数器,达到目标(50、45、40…)得到一次额外行动。每回合移除一个储藏区板块。"
        "船拿一个储藏区的货物,其他货物移出;之后可用5个货物换一个黑色板块当百搭。完成颜色可免费放一个黑色板块。'vp n' 用银币买胜分。"),
}


def help_topics(locale: Locale = "en") -> dict[str, str]:
    return {topic: localised(text, locale) for topic, text in HELP.items()}


STORY_WORDS: dict[str, dict[str, str]] = {
    "spaces": {"en": "Estate spaces filled", "zh-TW": "填滿的莊園格", "zh-CN": "填满的庄园格"},
    "sold": {"en": "Goods sold", "zh-TW": "賣出的貨物", "zh-CN": "卖出的货物"},
    "bonus": {"en": "Bonus tiles", "zh-TW": "獎勵板塊", "zh-CN": "奖励板块"},
}
"""Labels of the game's own figures in a finished game's story (``Game.figures``)."""


def story_label(key: str, locale: str) -> str:
    words = STORY_WORDS[key]
    return words.get(locale, words["en"])
