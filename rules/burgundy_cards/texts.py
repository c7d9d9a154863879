"""Localised words of the card game: move labels, event lines, refusals and help (en / zh-TW / zh-CN).

Terms follow the reference's terminology table (§12). Card codes (``CAS3a``) and move codes stay
as they are in every language; everything around them is translated.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.notation import Action, parse
from rules.core import IllegalAction, Locale, localised

L = dict[str, str]


def _t(en: str, tw: str, cn: str) -> L:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


TYPE_NAMES: dict[str, L] = {
    "CAS": _t("castle", "城堡", "城堡"),
    "MIN": _t("mine", "礦場", "矿场"),
    "CLO": _t("cloister", "修道院", "修道院"),
    "KNO": _t("knowledge", "知識", "知识"),
    "SHI": _t("ship", "船", "船"),
    "PAS": _t("pasture", "牧場", "牧场"),
    "BLD": _t("building", "建築", "建筑"),
    "WAR": _t("warehouse", "倉庫", "仓库"),
    "CAR": _t("carpenter's workshop", "木匠的工作坊", "木匠的工作坊"),
    "CHU": _t("church", "教堂", "教堂"),
    "MAR": _t("market", "市場", "市场"),
    "BOA": _t("boarding house", "宿舍", "宿舍"),
    "BAN": _t("bank", "銀行", "银行"),
    "CIT": _t("city hall", "市政廳", "市政厅"),
    "WAT": _t("watchtower", "瞭望台", "瞭望台"),
    "LGT": _t("light goods", "淺棕色貨物", "浅棕色货物"),
    "MED": _t("medium goods", "棕色貨物", "棕色货物"),
    "DRK": _t("dark goods", "深棕色貨物", "深棕色货物"),
    "CHK": _t("chicken", "雞", "鸡"),
    "COW": _t("cow", "牛", "牛"),
    "SHP": _t("sheep", "羊", "羊"),
    "PIG": _t("pig", "豬", "猪"),
}
KIND_NAMES: dict[str, L] = {
    "light": _t("light", "淺棕色", "浅棕色"),
    "medium": _t("medium", "棕色", "棕色"),
    "dark": _t("dark", "深棕色", "深棕色"),
}
PILE_NAMES: dict[str, L] = {
    "g1": _t("goods pile 1", "貨物牌堆1", "货物牌堆1"),
    "g2": _t("goods pile 2", "貨物牌堆2", "货物牌堆2"),
    "a1": _t("animal pile 1", "動物牌堆1", "动物牌堆1"),
    "a2": _t("animal pile 2", "動物牌堆2", "动物牌堆2"),
}
QUESTION_NAMES: dict[str, L] = {
    "drop": _t("project to discard", "要棄掉的計畫", "要弃掉的计划"),
    "as": _t("cloister colour", "修道院的種類", "修道院的种类"),
    "pile": _t("pile choice", "選擇牌堆", "选择牌堆"),
    "free": _t("castle's free action", "城堡的免費行動", "城堡的免费行动"),
    "cityhall": _t("city hall", "市政廳", "市政厅"),
    "grab": _t("take from the display", "從展示區拿取", "从展示区拿取"),
    "sell": _t("warehouse sale", "倉庫出售", "仓库出售"),
}
SOLO_TITLES: dict[str, L] = {
    "squire": _t("Squire", "侍從", "侍从"),
    "knight": _t("Knight", "騎士", "骑士"),
    "baron": _t("Baron", "男爵", "男爵"),
    "count": _t("Count", "伯爵", "伯爵"),
    "duke": _t("Duke", "公爵", "公爵"),
}
WORDS: dict[str, L] = {
    "title": _t("The Castles of Burgundy: The Card Game", "勃根地城堡:卡牌版", "勃艮第城堡卡牌版"),
}


def card_name(code: str, locale: Locale) -> str:
    """``CAS3a`` → "castle CAS3a" (the code stays, so players can type it)."""
    names = TYPE_NAMES.get(code[:3])
    return f"{localised(names, locale)} {code}" if names else code


def colour_name(col: str, locale: Locale) -> str:
    return localised(TYPE_NAMES[col], locale)


def kind_name(kind: str, locale: Locale) -> str:
    return localised(KIND_NAMES[kind], locale)


# ---- describe -------------------------------------------------------------------------------------------
DESCRIBE: dict[str, L] = {
    "card": _t("Card {slot}", "手牌{slot}", "手牌{slot}"),
    "adj": _t(" ({adj}, {n} worker{s})", "({adj},{n}個工人)", "({adj},{n}个工人)"),
    "take": _t("take {card} into Projects", "拿取{card}放到計畫區", "拿取{card}放到计划区"),
    "build": _t("build {card}", "把{card}放到莊園", "把{card}放到庄园"),
    "sell": _t("sell goods", "出售貨物", "出售货物"),
    "sell_kind": _t("sell all {kind} goods", "出售所有{kind}貨物", "出售所有{kind}货物"),
    "workers": _t("top up workers to 2", "補回2張工人卡", "补回2张工人卡"),
    "silver": _t("take 1 silver", "拿取1個銀幣", "拿取1个银币"),
    "convert": _t("convert {w} workers + {s} silver into {vp} VP", "把{w}個工人和{s}個銀幣轉換成{vp}分",
                  "把{w}个工人和{s}个银币转换成{vp}分"),
    "play": _t("{who}: {what}", "{who}:{what}", "{who}:{what}"),
    "buy": _t("Buy 3 cards for 3 silver", "花3個銀幣購買3張卡", "花3个银币购买3张卡"),
    "keep": _t("Keep {card} as a project", "保留{card}當作計畫", "保留{card}当作计划"),
    "use": _t("Use {card}", "使用{card}", "使用{card}"),
    "end": _t("End turn", "結束回合", "结束回合"),
    "skip": _t("Skip this effect", "放棄效果", "放弃效果"),
    "drop": _t("Discard project {card}", "棄掉計畫{card}", "弃掉计划{card}"),
    "as": _t("The cloister joins: {colour}", "修道院加入:{colour}", "修道院加入:{colour}"),
    "pile": _t("Take the top card of {pile}", "拿取{pile}最上面的卡", "拿取{pile}最上面的卡"),
    "free": _t("Free action: {what}", "免費行動:{what}", "免费行动:{what}"),
    "cityhall": _t("City hall: build {card}", "市政廳:把{card}放到莊園", "市政厅:把{card}放到庄园"),
    "grab": _t("Take {card} from the display", "從展示區拿取{card}", "从展示区拿取{card}"),
    "sellk": _t("Warehouse: sell all {kind} goods", "倉庫:出售所有{kind}貨物", "仓库:出售所有{kind}货物"),
    "first": _t("The player in seat {n} starts", "{n} 號座位的玩家為起始玩家", "{n} 号座位的玩家为起始玩家"),
    "first_named": _t("{who} starts", "{who} 為起始玩家", "{who} 为起始玩家"),
    "draw": _t("Draw {card}", "抽到{card}", "抽到{card}"),
    "slice_card": _t("Play card {slot}", "打出手牌{slot}", "打出手牌{slot}"),
    "slice_other": _t("Buy, end, other", "購買、結束等", "购买、结束等"),
}


def _d(key: str, locale: Locale, **kw: Any) -> str:
    return localised(DESCRIBE[key], locale).format(**kw)


def describe_main(act: Action, locale: Locale) -> str:
    verb = act[0]
    if verb in ("take", "build"):
        return _d(verb, locale, card=card_name(act[1], locale))
    if verb == "sell":
        return _d("sell_kind", locale, kind=kind_name(act[1], locale)) if len(act) == 2 else _d("sell", locale)
    if verb == "convert":
        return _d("convert", locale, w=act[1], s=act[2], vp=(act[1] + act[2]) // D.CONVERT_RATE)
    return _d(verb, locale)


def _adj(adj: int, locale: Locale) -> str:
    if not adj:
        return ""
    return _d("adj", locale, adj=f"{adj:+d}", n=abs(adj), s="s" if abs(adj) > 1 else "")


def describe(action: str, locale: Locale = "en", names: list[str] | None = None) -> str:
    """The move in words; ``names`` (per seat) name the player a ``first <seat>`` choice picks."""
    try:
        a = parse(action)
    except IllegalAction:
        return action
    verb = a[0]
    if verb == "play":
        who = _d("card", locale, slot=a[1]) + _adj(a[2], locale)
        return _d("play", locale, who=who, what=describe_main(a[3], locale))
    if verb == "use":
        who = _d("use", locale, card=card_name(a[1], locale)) + _adj(a[2], locale)
        return _d("play", locale, who=who, what=describe_main(a[3], locale))
    if verb in ("buy", "end", "skip"):
        return _d(verb, locale)
    if verb in ("keep", "drop", "cityhall", "grab", "draw"):
        return _d(verb, locale, card=card_name(a[1], locale))
    if verb == "as":
        return _d("as", locale, colour=colour_name(a[1], locale))
    if verb == "pile":
        return _d("pile", locale, pile=localised(PILE_NAMES[a[1]], locale))
    if verb == "free":
        return _d("free", locale, what=describe_main(a[1], locale))
    if verb == "sellk":
        return _d("sellk", locale, kind=kind_name(a[1], locale))
    if names and 1 <= a[1] <= len(names):
        return _d("first_named", locale, who=names[a[1] - 1])
    return _d("first", locale, n=a[1])


GROUPS = {"play": "play", "use": "buy", "keep": "buy", "buy": "buy", "end": "end", "skip": "end", "drop": "choose",
          "as": "choose", "pile": "choose", "free": "choose", "cityhall": "choose", "grab": "choose",
          "sellk": "choose", "first": "setup", "draw": "chance"}


def group(action: str) -> str:
    try:
        a = parse(action)
    except IllegalAction:
        return "move"
    if a[0] == "play":
        return f"card {a[1]}"
    return GROUPS[a[0]]


def split_moves(legal: list[str], locale: Locale = "en") -> list[tuple[str, list[str]]]:
    """Public buttons: one slice per hand slot, then the rest. The labels never depend on the
    cards (``Play card 1`` / ``Play card 2``), so the public post reveals nothing of the hand."""
    if len(legal) <= 4:
        return []
    slots: dict[int, list[str]] = {}
    other: list[str] = []
    for action in legal:
        g = group(action)
        if g.startswith("card "):
            slots.setdefault(int(g[5:]), []).append(action)
        else:
            other.append(action)
    if not slots:
        return []
    out = [(_d("slice_card", locale, slot=s), moves) for s, moves in sorted(slots.items())]
    if other:
        out.append((_d("slice_other", locale), other))
    return out


def quick_actions(legal: list[str]) -> list[str]:
    """Public decisions only: ending the turn, skipping an effect, buying (never a card play)."""
    return [a for a in legal if a in ("end", "skip", "buy")]


# ---- events ------------------------------------------------------------------------------------------
EVENTS: dict[str, L] = {
    "first": _t("{p} is the start player", "{p}是起始玩家", "{p}是起始玩家"),
    "start_goods": _t("{p} starts with {card}", "{p}起始獲得{card}", "{p}起始获得{card}"),
    "start_animal": _t("{p} starts with {card}", "{p}起始獲得{card}", "{p}起始获得{card}"),
    "top": _t("{pile} now shows {card}", "{pile}翻開{card}", "{pile}翻开{card}"),
    "round": _t("Round {round} begins; {p} starts", "第{round}輪開始,由{p}起始", "第{round}轮开始,由{p}起始"),
    "display": _t("Display: {rows}", "展示區:{rows}", "展示区:{rows}"),
    "reshuffle": _t("The discard pile ({n} cards) is shuffled into a new deck", "棄牌堆({n}張)洗混成為新牌庫",
                    "弃牌堆({n}张)洗混成为新牌库"),
    "no_card": _t("{p} has no card and skips the turn", "{p}沒有手牌,跳過回合", "{p}没有手牌,跳过回合"),
    "play": _t("{p} plays {card} as a {value}{adj}", "{p}打出{card},點數{value}{adj}", "{p}打出{card},点数{value}{adj}"),
    "use": _t("{p} uses the bought {card} as a {value}{adj}", "{p}使用購買的{card},點數{value}{adj}",
              "{p}使用购买的{card},点数{value}{adj}"),
    "adj": _t(" (workers {adj})", "(工人{adj})", "(工人{adj})"),
    "take": _t("{p} takes {card} from row {row} into Projects", "{p}從第{row}列拿取{card}放到計畫區",
               "{p}从第{row}列拿取{card}放到计划区"),
    "build": _t("{p} builds {card} ({colour})", "{p}把{card}放到莊園({colour})", "{p}把{card}放到庄园({colour})"),
    "bonus1": _t("{p} completes the first {colour} triple and takes {card} (1 VP)",
                 "{p}第一個完成{colour}三張一套,獲得{card}(1分)", "{p}第一个完成{colour}三张一套,获得{card}(1分)"),
    "all7": _t("{p} has all 7 colours and takes {card} ({vp} VP)", "{p}集齊七種卡片,獲得{card}({vp}分)",
               "{p}集齐七种卡片,获得{card}({vp}分)"),
    "gain_silver": _t("{p} +{n} silver ({card})", "{p} +{n}銀幣({card})", "{p} +{n}银币({card})"),
    "gain_workers": _t("{p} +{n} workers ({card})", "{p} +{n}工人({card})", "{p} +{n}工人({card})"),
    "gain_workers_1": _t("{p} +{n} worker ({card})", "{p} +{n}工人({card})", "{p} +{n}工人({card})"),
    "gain_vp": _t("{p} +{n} VP ({card})", "{p} +{n}分({card})", "{p} +{n}分({card})"),
    "sell": _t("{p} sells {count} {kind} goods: +{silver} silver, {vp} VP", "{p}出售{count}張{kind}貨物:+{silver}銀幣,{vp}分",
               "{p}出售{count}张{kind}货物:+{silver}银币,{vp}分"),
    "sp": _t("; takes the start player card (?)", ";拿取起始玩家卡(問號面)", ";拿取起始玩家卡(问号面)"),
    "workers": _t("{p} tops up workers (+{n})", "{p}補回工人(+{n})", "{p}补回工人(+{n})"),
    "silver": _t("{p} takes {n} silver", "{p}拿取{n}個銀幣", "{p}拿取{n}个银币"),
    "convert": _t("{p} converts {workers} workers + {silver} silver into {vp} VP", "{p}把{workers}個工人和{silver}個銀幣轉換成{vp}分",
                  "{p}把{workers}个工人和{silver}个银币转换成{vp}分"),
    "buy": _t("{p} pays 3 silver to buy {n} cards", "{p}花3個銀幣購買{n}張卡", "{p}花3个银币购买{n}张卡"),
    "shown": _t("{p} bought: {cards}", "{p}購買的卡:{cards}", "{p}购买的卡:{cards}"),
    "keep": _t("{p} keeps {card} as a project", "{p}保留{card}當作計畫", "{p}保留{card}当作计划"),
    "drop": _t("{p} discards project {card}", "{p}棄掉計畫{card}", "{p}弃掉计划{card}"),
    "pile": _t("{p} takes {card} from {pile}", "{p}從{pile}拿取{card}", "{p}从{pile}拿取{card}"),
    "resplit": _t("{n} cards move into the empty {pile}", "{n}張卡移到空的{pile}", "{n}张卡移到空的{pile}"),
    "skip": _t("{p} skips the {q}", "{p}放棄{q}", "{p}放弃{q}"),
    "lapse": _t("{p}: the {q} has no possible use", "{p}:{q}無法使用", "{p}:{q}无法使用"),
    "end": _t("", "", ""),
    "duke": _t("Solo pressure: {card} is revealed; {removed} leaves row {row}", "單人壓力:翻開{card};{removed}離開第{row}列",
               "单人压力:翻开{card};{removed}离开第{row}列"),
    "duke_none": _t("Solo pressure: {card} is revealed; the display is empty", "單人壓力:翻開{card};展示區已空",
                    "单人压力:翻开{card};展示区已空"),
    "game_over": _t("Game over: {scores}", "遊戲結束:{scores}", "游戏结束:{scores}"),
    "tie": _t(" (tie on VP broken by storage cards: {who})", "(同分時以儲藏庫卡片數決定:{who})", "(同分时以储藏库卡片数决定:{who})"),
    "shared": _t(" ({who} share the victory)", "({who}共享勝利)", "({who}共享胜利)"),
    "solo_won": _t("{p} scores {score} VP (target {target}): won! Title: {title}", "{p}得到{score}分(目標{target}):獲勝!稱號:{title}",
                   "{p}得到{score}分(目标{target}):获胜!称号:{title}"),
    "solo_lost": _t("{p} scores {score} VP (target {target}): lost. Title: {title}", "{p}得到{score}分(目標{target}):失敗。稱號:{title}",
                    "{p}得到{score}分(目标{target}):失败。称号:{title}"),
}


def _e(key: str, locale: Locale, **kw: Any) -> str:
    """An event line; a count of exactly one picks the key's singular form (``<key>_1``) if any."""
    if kw.get("n") == 1 and f"{key}_1" in EVENTS:
        key = f"{key}_1"
    return localised(EVENTS[key], locale).format(**kw)


def seat_name(seat: int, names: list[str] | None) -> str:
    return names[seat] if names and 0 <= seat < len(names) else f"S{seat + 1}"


def event_text(event: dict[str, Any], locale: Locale = "en", names: list[str] | None = None) -> str:
    kind = event.get("kind", "")
    kw: dict[str, Any] = dict(event)
    if isinstance(event.get("seat"), int):
        kw["p"] = seat_name(event["seat"], names)
    if isinstance(event.get("card"), str):
        kw["card"] = card_name(event["card"], locale)
    if "pile" in event:
        kw["pile"] = localised(PILE_NAMES[event["pile"]], locale)
    if "colour" in event:
        kw["colour"] = colour_name(event["colour"], locale)
    if "q" in event:
        kw["q"] = localised(QUESTION_NAMES[event["q"]], locale)
    if kind == "round":
        kw["round"] = event["round"]
    elif kind == "display":
        kw["rows"] = " · ".join(f"{r}: {' '.join(row) or '—'}" for r, row in enumerate(event["rows"], 1))
    elif kind in ("play", "use"):
        kw["adj"] = _e("adj", locale, adj=f"{event['adj']:+d}") if event["adj"] else ""
    elif kind == "gain":
        return _e("gain_" + event["what"], locale, **kw)
    elif kind == "sell":
        kw["count"] = len(event["cards"])
        kw["kind"] = kind_name(event["goods"], locale)
        return _e("sell", locale, **kw) + (_e("sp", locale) if event.get("sp") else "")
    elif kind == "buy":
        kw.setdefault("n", D.BUY_DRAW)  # events logged before the count was recorded
    elif kind == "shown":
        kw["cards"] = ", ".join(card_name(c, locale) for c in event["cards"])
    elif kind == "duke":
        if not event["removed"]:
            return _e("duke_none", locale, **kw)
        kw["removed"] = card_name(event["removed"], locale)
    elif kind == "game_over":
        return final_text(event["final"], locale, names)
    if kind in ("hand", "deal"):
        return ""
    if kind in EVENTS:
        return _e(kind, locale, **kw)
    return ""


def final_text(final: dict[str, Any], locale: Locale, names: list[str] | None) -> str:
    rows = final["rows"]
    if "solo" in final:
        solo = final["solo"]
        return _e("solo_won" if solo["won"] else "solo_lost", locale, p=seat_name(0, names), score=solo["score"],
                  target=solo["target"], title=localised(SOLO_TITLES[solo["title"]], locale))
    text = _e("game_over", locale, scores=", ".join(f"{seat_name(s, names)} {rows[s]['total']}" for s in final["ranking"]))
    if final["storage_decided"]:
        text += _e("tie", locale, who=", ".join(seat_name(s, names) for s in final["storage_decided"]))
    places = final["places"]
    winners = [s for s, place in zip(final["ranking"], places, strict=True) if place == 1]
    if len(winners) > 1:
        text += _e("shared", locale, who=", ".join(seat_name(s, names) for s in winners))
    return text


# ---- refusals -------------------------------------------------------------------------------------------
HINT = "play 1 take CAS3a · play 2 +1 build MIN4a · play 1 sell · play 2 workers · buy · keep X · drop X · skip · end"
REASONS: dict[str, L] = {
    "notation": _t("not a move of this game; try e.g. " + HINT, "無法辨識的指令;例如:" + HINT, "无法识别的指令;例如:" + HINT),
    "unknown_card": _t("{card} is not a card code (e.g. CAS3a, LGTb, COWa)", "{card}不是卡片代碼(例如 CAS3a、LGTb、COWa)",
                       "{card}不是卡片代码(例如 CAS3a、LGTb、COWa)"),
    "game_over": _t("the game is over", "遊戲已結束", "游戏已结束"),
    "bad_outcome": _t("that is not a possible outcome now", "這不是可能的結果", "这不是可能的结果"),
    "no_chance": _t("no draw is pending", "目前沒有要抽的卡", "目前没有要抽的卡"),
    "chance_pending": _t("waiting for a card to be drawn", "等待抽卡", "等待抽卡"),
    "not_a_move": _t("card draws are not moves", "抽卡不是玩家行動", "抽卡不是玩家行动"),
    "not_your_turn": _t("it is not your turn", "還沒輪到你", "还没轮到你"),
    "wrong_time": _t("first choose who starts: first 1 … first N", "請先選擇起始玩家:first 1 … first N",
                     "请先选择起始玩家:first 1 … first N"),
    "choose_bought": _t("first keep or use one of the bought cards: {cards}", "請先保留或使用一張購買的卡:{cards}",
                        "请先保留或使用一张购买的卡:{cards}"),
    "not_shown": _t("{card} is not among the bought cards ({cards})", "{card}不在購買的卡中({cards})",
                    "{card}不在购买的卡中({cards})"),
    "nothing_bought": _t("keep and use answer a purchase (buy first)", "keep 和 use 用於購買之後(請先 buy)",
                         "keep 和 use 用于购买之后(请先 buy)"),
    "answer_first": _t("first answer the pending question: {q}", "請先回答目前的選擇:{q}", "请先回答当前的选择:{q}"),
    "play_first": _t("play a hand card first (play 1 … / play 2 …)", "請先打出一張手牌(play 1 … / play 2 …)",
                     "请先打出一张手牌(play 1 … / play 2 …)"),
    "no_slot": _t("you have no card {slot} in hand", "你沒有第{slot}張手牌", "你没有第{slot}张手牌"),
    "played_already": _t("you have already played a card this turn (buy or end)", "本回合已經打出手牌(可 buy 或 end)",
                         "本回合已经打出手牌(可 buy 或 end)"),
    "not_legal": _t("that move is not legal now", "現在不能這樣做", "现在不能这样做"),
    "bought_already": _t("only {n} purchase(s) per turn", "每回合只能購買{n}次", "每回合只能购买{n}次"),
    "silver_short": _t("a purchase costs 3 silver; you have {have}", "購買需要3個銀幣;你有{have}個",
                       "购买需要3个银币;你有{have}个"),
    "deck_empty": _t("no cards left to buy", "沒有卡可以購買", "没有卡可以购买"),
    "buy_in_use": _t("a purchased card's action cannot start another purchase", "購買的卡執行行動時不能再購買",
                     "购买的卡执行行动时不能再购买"),
    "buy_now": _t("a purchase is possible before or after your action, or at a castle's or city hall's decision — not now",
                  "只能在行動之前、之後,或城堡/市政廳的選擇時購買,現在不行", "只能在行动之前、之后,或城堡/市政厅的选择时购买,现在不行"),
    "no_adjust": _t("workers shift a value only for take, build and sell", "工人只能為拿取、放到莊園和出售改變點數",
                    "工人只能为拿取、放到庄园和出售改变点数"),
    "bad_shift": _t("shifts are +1, +2, +3, -1 or -2", "調整只能是 +1、+2、+3、-1 或 -2", "调整只能是 +1、+2、+3、-1 或 -2"),
    "workers_short": _t("that shift needs {need} workers; you have {have}", "這樣調整需要{need}個工人;你有{have}個",
                        "这样调整需要{need}个工人;你有{have}个"),
    "not_in_display": _t("{card} is not in the display", "{card}不在展示區", "{card}不在展示区"),
    "wrong_row": _t("{card} lies in row {row}; your card gives {value}", "{card}在第{row}列;你的卡點數是{value}",
                    "{card}在第{row}列;你的卡点数是{value}"),
    "not_project": _t("{card} is not one of your projects", "{card}不是你的計畫", "{card}不是你的计划"),
    "wrong_die": _t("{card} needs a {need}; your card gives {value}", "{card}需要點數{need};你的卡點數是{value}",
                    "{card}需要点数{need};你的卡点数是{value}"),
    "no_goods": _t("a {value} sells {kind} goods and you have none", "點數{value}出售{kind}貨物,你沒有",
                   "点数{value}出售{kind}货物,你没有"),
    "no_goods_kind": _t("you have no {kind} goods", "你沒有{kind}貨物", "你没有{kind}货物"),
    "convert_short": _t("you have {workers} workers and {silver} silver", "你有{workers}個工人和{silver}個銀幣",
                        "你有{workers}个工人和{silver}个银币"),
    "convert_three": _t("convert returns 3, 6, 9 … cards in all", "轉換的卡片總數必須是3、6、9…", "转换的卡片总数必须是3、6、9…"),
    "drop_project": _t("drop one of your projects: {cards}", "請棄掉一張計畫:{cards}", "请弃掉一张计划:{cards}"),
    "as_colour": _t("a cloister joins CLO or a colour already in your Estate: {colours}",
                    "修道院可加入修道院或莊園裡已有的種類:{colours}", "修道院可加入修道院或庄园里已有的种类:{colours}"),
    "pile_choice": _t("take from one of these piles: {piles}", "請從這些牌堆拿取:{piles}", "请从这些牌堆拿取:{piles}"),
    "grab_kind": _t("this building takes a display card of: {colours}", "這個建築只能從展示區拿取:{colours}",
                    "这个建筑只能从展示区拿取:{colours}"),
}


def reason_text(error: IllegalAction, locale: Locale = "en") -> str:
    table = REASONS.get(error.key)
    if table is None:
        return error.reason
    params = dict(error.params)
    if "kind" in params and params["kind"] in KIND_NAMES:
        params["kind"] = kind_name(params["kind"], locale)
    if "q" in params and params["q"] in QUESTION_NAMES:
        params["q"] = localised(QUESTION_NAMES[params["q"]], locale)
    if "colours" in params:
        params["colours"] = " ".join(colour_name(c, locale) for c in str(params["colours"]).split())
    try:
        return localised(table, locale).format(**params)
    except (KeyError, IndexError):
        return error.reason


# ---- help ------------------------------------------------------------------------------------------------
HELP: dict[str, L] = {
    "overview": _t(
        "The Castles of Burgundy: The Card Game — 5 rounds (A-E) of 6 turns. Each turn play one of your 2 hand "
        "cards as a die (1-6): take a display card from that row into Projects (max 3), build a project with that "
        "die into your Estate (its effect fires), sell goods, top up workers to 2, take 1 silver, or convert "
        "workers/silver 3:1 into VP. Triples of a colour score; most VP wins.",
        "勃根地城堡:卡牌版 — 5輪(A-E),每輪6回合。每回合把2張手牌中的一張當作骰子(1-6)打出:從同點數的展示區列拿一張卡"
        "放到計畫區(最多3張)、把同點數的計畫放到莊園(立刻發動效果)、出售貨物、補回2張工人卡、拿1個銀幣,或把工人/銀幣以3:1"
        "轉換成分數。同種類三張一套得分,分數最高者獲勝。",
        "勃艮第城堡卡牌版 — 5轮(A-E),每轮6回合。每回合把2张手牌中的一张当作骰子(1-6)打出:从同点数的展示区列拿一张卡"
        "放到计划区(最多3张)、把同点数的计划放到庄园(立刻发动效果)、出售货物、补回2张工人卡、拿1个银币,或把工人/银币以3:1"
        "转换成分数。同种类三张一套得分,分数最高者获胜。"),
    "turn": _t(
        "A turn: optionally buy (3 silver → draw 3 cards, keep one as a project or use it as an extra action), "
        "then play a hand card; workers shift its value by ±1 each (6 and 1 are neighbours). A purchase is also "
        "possible after the action or at a castle's/city hall's decision, once per turn. Follow-up questions "
        "(drop, as, pile, free, cityhall, grab, sell) come one at a time; 'end' ends the turn.",
        "回合:可先購買(3個銀幣→抽3張卡,保留一張當計畫或用它執行額外行動),再打出一張手牌;每個工人可把點數±1(6和1相鄰)。"
        "行動之後或城堡/市政廳的選擇時也能購買,每回合一次。後續選擇(drop、as、pile、free、cityhall、grab、sell)逐一詢問;"
        "'end' 結束回合。",
        "回合:可先购买(3个银币→抽3张卡,保留一张当计划或用它执行额外行动),再打出一张手牌;每个工人可把点数±1(6和1相邻)。"
        "行动之后或城堡/市政厅的选择时也能购买,每回合一次。后续选择(drop、as、pile、free、cityhall、grab、sell)逐一询问;"
        "'end' 结束回合。"),
    "effects": _t(
        "Castle: a free action of any value. Mine: +2 silver. Cloister: stays a cloister or joins any colour already in "
        "your Estate (wild; any colour with cloister_join=any). Knowledge: +2 workers. Ship: a goods card. Pasture: an animal card. Buildings: warehouse (sell "
        "one kind), carpenter (take a building/knowledge), church (castle/mine/cloister), market (ship/pasture), "
        "boarding house (goods or animal), bank (+3 silver), city hall (build another project), watchtower (+1 VP).",
        "城堡:任意點數的免費行動。礦場:+2銀幣。修道院:百搭,可保持修道院或加入莊園已有的種類(cloister_join=any 時可加入任何種類)。知識:+2工人。船:一張貨物卡。牧場:一張動物卡。"
        "建築:倉庫(出售一種貨物)、木匠的工作坊(拿建築/知識)、教堂(城堡/礦場/修道院)、市場(船/牧場)、宿舍(貨物或動物)、"
        "銀行(+3銀幣)、市政廳(把另一個計畫放到莊園)、瞭望台(+1分)。",
        "城堡:任意点数的免费行动。矿场:+2银币。修道院:百搭,可保持修道院或加入庄园已有的种类(cloister_join=any 时可加入任何种类)。知识:+2工人。船:一张货物卡。牧场:一张动物卡。"
        "建筑:仓库(出售一种货物)、木匠的工作坊(拿建筑/知识)、教堂(城堡/矿场/修道院)、市场(船/牧场)、宿舍(货物或动物)、"
        "银行(+3银币)、市政厅(把另一个计划放到庄园)、瞭望台(+1分)。"),
    "scoring": _t(
        "End: every triple of a colour (castle 5, mine 5, cloister 6, knowledge 4, ship 4, pasture 4, building 3 "
        "by default), +1 per '1.' bonus card (first triple of a colour), the 'All 7' card, VP cards, sold goods, "
        "animals (2/3/4 species: 1/2/4 VP) and 1 VP for the start player card. Tie: most cards in storage.",
        "終局:每個種類的三張一套(預設城堡5、礦場5、修道院6、知識4、船4、牧場4、建築3),每張「1.」獎勵卡1分(第一個完成三張一套),"
        "「全部七種」獎勵卡、分數卡、已出售的貨物、動物(2/3/4種:1/2/4分),持有起始玩家卡1分。平手:儲藏庫卡片最多者勝。",
        "终局:每个种类的三张一套(默认城堡5、矿场5、修道院6、知识4、船4、牧场4、建筑3),每张「1」奖励卡1分(第一个完成三张一套),"
        "「所有7种」奖励卡、分数卡、已出售的货物、动物(2/3/4种:1/2/4分),持有起始玩家卡1分。平手:储藏库卡片最多者胜。"),
    "notation": _t(
        "play 1 take CAS3a · play 2 +1 build MIN4a · play 1 sell · play 2 workers · play 1 silver · "
        "play 2 convert w2 s1 · buy · keep KNO5a · use WAT4a -2 build MIN2a · end · drop MIN2b · as SHI · pile g1 · "
        "free build MIN6a · cityhall KNO5a · grab CLO4b · sell dark · skip. Slot 1 is the card held longer.",
        "play 1 take CAS3a · play 2 +1 build MIN4a · play 1 sell · play 2 workers · play 1 silver · "
        "play 2 convert w2 s1 · buy · keep KNO5a · use WAT4a -2 build MIN2a · end · drop MIN2b · as SHI · pile g1 · "
        "free build MIN6a · cityhall KNO5a · grab CLO4b · sell dark · skip。手牌1是拿得較久的那張。",
        "play 1 take CAS3a · play 2 +1 build MIN4a · play 1 sell · play 2 workers · play 1 silver · "
        "play 2 convert w2 s1 · buy · keep KNO5a · use WAT4a -2 build MIN2a · end · drop MIN2b · as SHI · pile g1 · "
        "free build MIN6a · cityhall KNO5a · grab CLO4b · sell dark · skip。手牌1是拿得较久的那张。"),
    "solo": _t(
        "Solo (our own mode; the official solo rules were not found): the normal 5 rounds with a 7-card display, "
        "1 worker to start, no start player card. Option solo_duke: after each turn a deck card is revealed and "
        "removes the oldest display card of its row (an empty row passes to the next row up, 6 to 1). You win with at least solo_target VP (default 40); titles "
        "Squire <30, Knight 30, Baron 35, Count 40, Duke 45.",
        "單人(我們自訂的模式;找不到官方單人規則):一般的5輪,展示區7張,起始1個工人,不使用起始玩家卡。選項 solo_duke:"
        "每回合後翻開牌庫一張卡,移除展示區同點數列最舊的卡(該列若空,改由下一列,6之後是1)。分數達到 solo_target(預設40)即獲勝;稱號:侍從<30、騎士30、"
        "男爵35、伯爵40、公爵45。",
        "单人(我们自订的模式;找不到官方单人规则):一般的5轮,展示区7张,起始1个工人,不使用起始玩家卡。选项 solo_duke:"
        "每回合后翻开牌库一张卡,移除展示区同点数列最旧的卡(该列若空,改由下一列,6之后是1)。分数达到 solo_target(默认40)即获胜;称号:侍从<30、骑士30、"
        "男爵35、伯爵40、公爵45。"),
    "options": _t(
        "start_player=random|host · start_workers=seed|last2|flat1 · triple_vp=rarity|flat4|low · "
        "triples_per_colour=many|one · goods_vp=1|2|3 · all7_set=low|high|all · buys_per_turn=1|2|unlimited · "
        "supply_limits=unlimited|cards · pile_resplit=true|false · cloister_join=existing|any · solo_duke=true · "
        "solo_target=25…50. Card die values, triple VP, goods VP and the removed 'All 7' cards are uncertain "
        "(no card list was found) and live in one data table.",
        "start_player=random|host · start_workers=seed|last2|flat1 · triple_vp=rarity|flat4|low · "
        "triples_per_colour=many|one · goods_vp=1|2|3 · all7_set=low|high|all · buys_per_turn=1|2|unlimited · "
        "supply_limits=unlimited|cards · pile_resplit=true|false · cloister_join=existing|any · solo_duke=true · "
        "solo_target=25…50。卡片點數、三張一套分數、貨物分數和移除的「全部七種」獎勵卡不確定(找不到卡片清單),集中在一個資料表。",
        "start_player=random|host · start_workers=seed|last2|flat1 · triple_vp=rarity|flat4|low · "
        "triples_per_colour=many|one · goods_vp=1|2|3 · all7_set=low|high|all · buys_per_turn=1|2|unlimited · "
        "supply_limits=unlimited|cards · pile_resplit=true|false · cloister_join=existing|any · solo_duke=true · "
        "solo_target=25…50。卡片点数、三张一套分数、货物分数和移除的「所有7种」奖励卡不确定(找不到卡片清单),集中在一个数据表。"),
}


def help_topics(locale: Locale = "en") -> dict[str, str]:
    return {topic: localised(text, locale) for topic, text in HELP.items()}


SCORE_PARTS: dict[str, dict[str, str]] = {
    "triples": {"en": "Triples", "zh-TW": "三張組", "zh-CN": "三张组"},
    "first": {"en": "First-to bonuses", "zh-TW": "搶先獎勵", "zh-CN": "抢先奖励"},
    "all7": {"en": "All 7 colours", "zh-TW": "七色齊全", "zh-CN": "七色齐全"},
    "vp": {"en": "Victory points taken", "zh-TW": "獲得的勝利點", "zh-CN": "获得的胜利点"},
    "goods": {"en": "Goods sold", "zh-TW": "售出貨物", "zh-CN": "售出货物"},
    "animals": {"en": "Animal species", "zh-TW": "動物種類", "zh-CN": "动物种类"},
    "sp": {"en": "Start player card", "zh-TW": "起始玩家卡", "zh-CN": "起始玩家卡"},
}
"""The parts of the final score (``scoring.breakdown``), for the game's story."""
