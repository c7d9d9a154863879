"""Words: move labels, event lines and rules help in en / zh-TW / zh-CN (terminology §12)."""

from __future__ import annotations

from typing import Any

from rules.core import Event, IllegalAction, Locale, localised
from rules.torres.data import COLOURS
from rules.torres.reasons import REASONS

L = dict[Locale, str]

COLOUR_NAMES: dict[str, L] = {
    "blue": {"en": "blue", "zh-TW": "藍", "zh-CN": "蓝"},
    "green": {"en": "green", "zh-TW": "綠", "zh-CN": "绿"},
    "orange": {"en": "orange", "zh-TW": "橘", "zh-CN": "橙"},
    "black": {"en": "black", "zh-TW": "黑", "zh-CN": "黑"},
}

CARD_NAMES: dict[str, L] = {
    "AP6": {"en": "6 AP", "zh-TW": "6個行動點", "zh-CN": "6个行动点"},
    "AP7": {"en": "7 AP", "zh-TW": "7個行動點", "zh-CN": "7个行动点"},
    "UP2": {"en": "jump up 2", "zh-TW": "騎士往上跳躍", "zh-CN": "骑士往上跳跃"},
    "OVER": {"en": "jump over", "zh-TW": "騎士往旁跳躍", "zh-CN": "骑士往旁跳跃"},
    "DIAG": {"en": "diagonal step", "zh-TW": "騎士對角移動", "zh-CN": "骑士对角移动"},
    "DOOR": {"en": "climbing door move", "zh-TW": "騎士穿越移動", "zh-CN": "骑士穿越移动"},
    "RELOC": {"en": "relocate a knight", "zh-TW": "騎士額外移動", "zh-CN": "骑士额外移动"},
    "UNDER": {"en": "block under a knight", "zh-TW": "插入塔樓", "zh-CN": "插入塔楼"},
    "EXTRA": {"en": "extra block", "zh-TW": "額外塔樓", "zh-CN": "额外塔楼"},
    "SHIFT": {"en": "shift a block", "zh-TW": "移動塔樓", "zh-CN": "移动塔楼"},
    "DIFF": {"en": "all different levels", "zh-TW": "騎士皆不同高度", "zh-CN": "骑士皆不同高度"},
    "SAME": {"en": "all the same level", "zh-TW": "騎士皆相同高度", "zh-CN": "骑士皆相同高度"},
    "ROW": {"en": "all in one line", "zh-TW": "騎士排成一列", "zh-CN": "骑士排成一列"},
    "SQUARE": {"en": "four corners of a square", "zh-TW": "騎士位於四角", "zh-CN": "骑士位于四角"},
    "BORDER": {
        "en": "knights on the border",
        "zh-TW": "騎士位於圖板外圍四周邊緣",
        "zh-CN": "骑士位于图板外围四周边缘",
    },
    "CASTLES": {
        "en": "knights on different castles",
        "zh-TW": "騎士位於不同的城堡",
        "zh-CN": "骑士位于不同的城堡",
    },
    "DIAGS": {
        "en": "knights on the diagonals",
        "zh-TW": "騎士位於圖板兩對角線位置",
        "zh-CN": "骑士位于图板两对角线位置",
    },
    "NEIGH": {"en": "all knights adjacent", "zh-TW": "騎士全部相鄰", "zh-CN": "骑士全部相邻"},
}

LABELS: dict[str, L] = {
    "knight": {"en": "Place a knight on {a}", "zh-TW": "放置騎士於 {a}", "zh-CN": "放置骑士于 {a}"},
    "move": {"en": "Move a knight {a} → {b}", "zh-TW": "移動騎士 {a} → {b}", "zh-CN": "移动骑士 {a} → {b}"},
    "tower": {"en": "Place a tower block on {a}", "zh-TW": "放置塔樓於 {a}", "zh-CN": "放置塔楼于 {a}"},
    "draw": {"en": "Acquire an action card", "zh-TW": "抽取行動卡", "zh-CN": "抽取行动卡"},
    "keep_top": {
        "en": "Keep {card}, return the rest on top",
        "zh-TW": "保留 {card},其餘放回牌堆頂",
        "zh-CN": "保留 {card},其余放回牌堆顶",
    },
    "keep_bottom": {
        "en": "Keep {card}, return the rest to the bottom",
        "zh-TW": "保留 {card},其餘放回牌堆底",
        "zh-CN": "保留 {card},其余放回牌堆底",
    },
    "play": {"en": "Play {card}", "zh-TW": "打出{card}", "zh-CN": "打出{card}"},
    "score": {"en": "Advance 1 on the score track", "zh-TW": "移動一格計分軌", "zh-CN": "移动一格计分轨"},
    "end": {"en": "End turn", "zh-TW": "結束回合", "zh-CN": "结束回合"},
    "king": {"en": "Place the King on {a}", "zh-TW": "將國王放在 {a}", "zh-CN": "将国王放在 {a}"},
    "king_pass": {"en": "Leave the King where it is", "zh-TW": "國王不移動", "zh-CN": "国王不移动"},
    "first": {"en": "{colour} starts", "zh-TW": "{colour}色先手", "zh-CN": "{colour}色先手"},
    "master": {"en": "Master card: {card}", "zh-TW": "進階卡:{card}", "zh-CN": "进阶卡:{card}"},
    "reveal": {"en": "Draw {card}", "zh-TW": "抽到 {card}", "zh-CN": "抽到 {card}"},
    "skipped_one": {
        "en": "+{n} (occupied space skipped)",
        "zh-TW": "+{n}(跳過有標記的格子)",
        "zh-CN": "+{n}(跳过有标记的格子)",
    },
    "skipped_many": {
        "en": "+{n} (occupied spaces skipped)",
        "zh-TW": "+{n}(跳過有標記的格子)",
        "zh-CN": "+{n}(跳过有标记的格子)",
    },
    "reserve": {
        "en": "(block from a stack of {n})",
        "zh-TW": "(取自 {n} 座的塔樓堆)",
        "zh-CN": "(取自 {n} 座的塔楼堆)",
    },
}

EVENTS: dict[str, L] = {
    "first": {"en": "{who} is the start player", "zh-TW": "{who} 是起始玩家", "zh-CN": "{who} 是起始玩家"},
    "master": {"en": "Master card: {card}", "zh-TW": "進階卡:{card}", "zh-CN": "进阶卡:{card}"},
    "knight": {
        "en": "{who} placed a knight on {sq}",
        "zh-TW": "{who} 放置騎士於 {sq}",
        "zh-CN": "{who} 放置骑士于 {sq}",
    },
    "king": {
        "en": "{who} placed the King on {sq}",
        "zh-TW": "{who} 將國王放在 {sq}",
        "zh-CN": "{who} 将国王放在 {sq}",
    },
    "king_pass": {
        "en": "{who} left the King where it is",
        "zh-TW": "{who} 未移動國王",
        "zh-CN": "{who} 未移动国王",
    },
    "king_skipped": {
        "en": "no free castle square: the King stays where it is",
        "zh-TW": "沒有空的城堡方格,國王留在原地",
        "zh-CN": "没有空的城堡方格,国王留在原地",
    },
    "tower": {
        "en": "{who} placed a block on {sq}",
        "zh-TW": "{who} 放置塔樓於 {sq}",
        "zh-CN": "{who} 放置塔楼于 {sq}",
    },
    "move": {
        "en": "{who} moved {frm} → {to}",
        "zh-TW": "{who} 移動 {frm} → {to}",
        "zh-CN": "{who} 移动 {frm} → {to}",
    },
    "door": {
        "en": "{who} moved {frm} → {to} through a castle",
        "zh-TW": "{who} 穿越城堡 {frm} → {to}",
        "zh-CN": "{who} 穿越城堡 {frm} → {to}",
    },
    "draw": {"en": "{who} drew a card", "zh-TW": "{who} 抽取了一張行動卡", "zh-CN": "{who} 抽取了一张行动卡"},
    "keep_top": {
        "en": "{who} kept one and returned {n} to the top",
        "zh-TW": "{who} 保留一張,{n} 張放回牌堆頂",
        "zh-CN": "{who} 保留一张,{n} 张放回牌堆顶",
    },
    "keep_bottom": {
        "en": "{who} kept one and returned {n} to the bottom",
        "zh-TW": "{who} 保留一張,{n} 張放回牌堆底",
        "zh-CN": "{who} 保留一张,{n} 张放回牌堆底",
    },
    "play": {
        "en": "{who} played {card} {args}",
        "zh-TW": "{who} 打出 {card} {args}",
        "zh-CN": "{who} 打出 {card} {args}",
    },
    "score": {
        "en": "{who} advanced to {to}",
        "zh-TW": "{who} 前進到 {to} 分",
        "zh-CN": "{who} 前进到 {to} 分",
    },
    "end": {"en": "{who} ended the turn", "zh-TW": "{who} 結束回合", "zh-CN": "{who} 结束回合"},
    "round": {
        "en": "Phase {phase}, round {round}: {who} starts",
        "zh-TW": "第 {phase} 階段第 {round} 回合:{who} 先手",
        "zh-CN": "第 {phase} 阶段第 {round} 回合:{who} 先手",
    },
    "scored": {
        "en": "Phase {phase} scoring: {rows}",
        "zh-TW": "第 {phase} 階段計分:{rows}",
        "zh-CN": "第 {phase} 阶段计分:{rows}",
    },
    "over": {"en": "Game over: {rows}", "zh-TW": "遊戲結束:{rows}", "zh-CN": "游戏结束:{rows}"},
}

GROUPS = {
    "knight": "knight",
    "king": "knight",
    "first": "knight",
    "move": "move",
    "tower": "tower",
    "card": "card",
    "draw": "card",
    "master": "card",
    "score": "score",
    "end": "end",
}

HELP: dict[str, L] = {
    "overview": {
        "en": "Torres (Kiesling & Kramer): build castles with your knights on top. 3 phases; each turn you "
        "have 5 AP. After each phase every castle scores area × the level of your highest knight on it, "
        "plus 5/10/15 for a knight on the King's castle at level 1/2/3. Highest score wins.",
        "zh-TW": "眾塔之城:建造城堡並讓騎士站上高處。共 3 個階段,每回合 5 個行動點。每階段結束時,"
        "每座有你騎士的城堡得分 = 底面積 × 你最高騎士的層數;國王城堡第 1/2/3 層另得 5/10/15 分。",
        "zh-CN": "众塔之城:建造城堡并让骑士站上高处。共 3 个阶段,每回合 5 个行动点。每阶段结束时,"
        "每座有你骑士的城堡得分 = 底面积 × 你最高骑士的层数;国王城堡第 1/2/3 层另得 5/10/15 分。",
    },
    "actions": {
        "en": "knight c4 (2 AP, next to your knight, not higher) · move b4-c4 (1 AP: up 1, level, down any, "
        "or through a castle's doors) · tower d4 (1 AP, from this turn's stack, max 3) · card draw (1 AP, "
        "max 2) · card play X (0 AP, 1 per turn) · score (1 AP = 1 step) · end",
        "zh-TW": "knight c4(2點,放在自家騎士旁且不更高)· move b4-c4(1點:上一層、平行、往下或穿越城堡)· "
        "tower d4(1點,每回合最多 3 座)· card draw(1點,最多 2 次)· card play X(0點,每回合 1 張)· score · end",
        "zh-CN": "knight c4(2点,放在自家骑士旁且不更高)· move b4-c4(1点:上一层、平行、往下或穿越城堡)· "
        "tower d4(1点,每回合最多 3 座)· card draw(1点,最多 2 次)· card play X(0点,每回合 1 张)· score · end",
    },
    "towers": {
        "en": "A block goes next to a castle or on top of one. A castle may not be taller than its area, and "
        "castles may only touch at corners (a block joining two castles is illegal).",
        "zh-TW": "塔樓放在城堡旁或城堡上。城堡高度不能超過底面積;城堡之間只能斜角相鄰。",
        "zh-CN": "塔楼放在城堡旁或城堡上。城堡高度不能超过底面积;城堡之间只能斜角相邻。",
    },
    "cards": {
        "en": "AP6/AP7 more AP · UP2 jump up 2 · OVER jump a knight · DIAG diagonal step · DOOR door move that "
        "climbs · RELOC move a knight next to another · UNDER block under your knight · EXTRA free block · "
        "SHIFT move a top block (no split, ≥ 6 castles).",
        "zh-TW": "AP6/AP7 多行動點 · UP2 往上跳兩層 · OVER 跳過騎士 · DIAG 斜走 · DOOR 穿越並爬升 · RELOC 移到另一騎士旁 · "
        "UNDER 在騎士下插入塔樓 · EXTRA 額外塔樓 · SHIFT 移動頂層塔樓(不可分割,至少 6 座城堡)",
        "zh-CN": "AP6/AP7 多行动点 · UP2 往上跳两层 · OVER 跳过骑士 · DIAG 斜走 · DOOR 穿越并爬升 · RELOC 移到另一骑士旁 · "
        "UNDER 在骑士下插入塔楼 · EXTRA 额外塔楼 · SHIFT 移动顶层塔楼(不可分割,至少 6 座城堡)",
    },
    "king": {
        "en": "After phases 1 and 2 the lowest scorer may move the King to any free castle square (or pass). "
        "Basic game: that player starts the next phase. Master version: the highest scorer starts every "
        "round from round 2 on, the next phase included (while everyone is on 0, the start player stays).",
        "zh-TW": "第 1、2 階段結束後,分數最低的玩家可移動國王到任何空的城堡方格(或不動)。"
        "基本規則:由該玩家開始下一階段。進階規則:從第 2 回合起(包括下一階段)每回合都由分數最高的玩家先手(所有人皆為 0 分時起始玩家不變)。",
        "zh-CN": "第 1、2 阶段结束后,分数最低的玩家可移动国王到任何空的城堡方格(或不动)。"
        "基本规则:由该玩家开始下一阶段。进阶规则:从第 2 回合起(包括下一阶段)每回合都由分数最高的玩家先手(所有人皆为 0 分时起始玩家不变)。",
    },
    "options": {
        "en": "cards: own (look at 3, keep 1) or shared (one deck, take the top card) · master: advanced rules "
        "with player-placed start castles, all 10 cards in hand and a master card.",
        "zh-TW": "cards:own(看 3 張留 1 張)或 shared(共用牌堆)· master:進階規則(玩家擺放起始城堡、10 張卡全在手上、一張進階卡)",
        "zh-CN": "cards:own(看 3 张留 1 张)或 shared(共用牌堆)· master:进阶规则(玩家摆放起始城堡、10 张卡全在手上、一张进阶卡)",
    },
}


def card_name(card: str, locale: Locale) -> str:
    return f"{card} ({localised(CARD_NAMES[card], locale)})"


LIST_SEPARATOR: dict[Locale, str] = {"en": ", ", "zh-TW": "、", "zh-CN": "、"}
"""Between the items of a list in a line: Chinese lists with the enumeration comma."""


def describe(action: str, locale: Locale) -> str:
    words = action.strip().split()
    if not words:
        return action
    head = words[0].lower()
    try:
        if head in ("knight", "tower") and len(words) == 2:
            return localised(LABELS[head], locale).format(a=words[1])
        if head == "move" and len(words) == 2:
            a, b = words[1].split("-")
            return localised(LABELS["move"], locale).format(a=a, b=b)
        if head in ("score", "end") and len(words) == 1:
            return localised(LABELS[head], locale)
        if head == "king" and len(words) == 2:
            if words[1] == "pass":
                return localised(LABELS["king_pass"], locale)
            return localised(LABELS["king"], locale).format(a=words[1])
        if head == "first" and len(words) == 2:
            return localised(LABELS["first"], locale).format(colour=localised(COLOUR_NAMES[words[1]], locale))
        if head in ("master", "draw") and len(words) == 2:
            key = "master" if head == "master" else "reveal"
            return localised(LABELS[key], locale).format(card=card_name(words[1].upper(), locale))
        if head == "card" and len(words) >= 2:
            verb = words[1].lower()
            if verb == "draw":
                return localised(LABELS["draw"], locale)
            if verb == "keep" and len(words) == 4:
                key = "keep_top" if words[3] == "top" else "keep_bottom"
                return localised(LABELS[key], locale).format(card=card_name(words[2].upper(), locale))
            if verb == "play" and len(words) >= 3:
                label = localised(LABELS["play"], locale).format(card=card_name(words[2].upper(), locale))
                args = words[3:]
                if len(args) == 2 and args[1][:1] == "r":
                    args[1] = localised(LABELS["reserve"], locale).format(n=args[1][1:])
                return " ".join([label, *args])
    except (KeyError, ValueError):
        return action
    return action


def group(action: str) -> str:
    words = action.strip().split()
    return GROUPS.get(words[0].lower(), "move") if words else "move"


def seat_name(seat: int, locale: Locale, names: list[str] | None) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return localised(COLOUR_NAMES[COLOURS[seat]], locale) if 0 <= seat < len(COLOURS) else f"S{seat + 1}"


def event_text(event: Event, locale: Locale, names: list[str] | None) -> str:
    kind = str(event.get("kind", ""))
    who = seat_name(int(event.get("seat", event.get("start", 0))), locale, names)
    fields: dict[str, Any] = dict(event)
    fields["who"] = who
    if kind == "move" and event.get("door"):
        kind = "door"
    if kind == "keep":
        kind = "keep_top" if event.get("side") == "top" else "keep_bottom"
        fields["n"] = event.get("returned", 0)
    if kind in ("play", "master"):
        fields["card"] = card_name(str(event["card"]), locale)
    if kind == "scored":
        fields["rows"] = "; ".join(_scored_row(r, locale, names) for r in event["rows"])
    if kind == "over":
        scores = event["scores"]
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        fields["rows"] = localised(LIST_SEPARATOR, locale).join(f"{seat_name(s, locale, names)} {scores[s]}" for s in order)
    template = EVENTS.get(kind)
    if template is None:
        return str(event)
    return localised(template, locale).format(**fields).strip()


def _scored_row(row: dict[str, Any], locale: Locale, names: list[str] | None) -> str:
    """``Ann 3 +12 +1 (occupied space skipped) = 16``: the terms add up to the new score.

    Old events carry no ``before``/``skipped``; they keep the short form ``Ann +12 = 16``.
    """
    parts = [seat_name(row["seat"], locale, names)]
    if "before" in row:
        parts.append(str(row["before"]))
    parts.append(f"+{row['castle']}")
    if row["king"]:
        parts.append(f"+{row['king']}♛")
    if row["master"]:
        parts.append(f"+{row['master']}★")
    skipped = int(row.get("skipped", 0))
    if skipped:
        key = "skipped_one" if skipped == 1 else "skipped_many"
        parts.append(localised(LABELS[key], locale).format(n=skipped))
    return " ".join(parts) + f" = {row['score']}"


def reason_text(error: IllegalAction, locale: Locale) -> str:
    template = REASONS.get(error.key)
    if template is None:
        return error.reason
    try:
        return localised(template, locale).format(**error.params)
    except (KeyError, IndexError):
        return error.reason


def help_topics(locale: Locale) -> dict[str, str]:
    return {topic: localised(texts, locale) for topic, texts in HELP.items()}


STORY_WORDS: dict[str, dict[str, str]] = {
    "knights": {"en": "Knights placed", "zh-TW": "放置的騎士", "zh-CN": "放置的骑士"},
    "cards": {"en": "Action cards played", "zh-TW": "打出的行動卡", "zh-CN": "打出的行动卡"},
}
"""Labels of the game's own figures in a finished game's story (``Game.figures``)."""


def story_label(key: str, locale: str) -> str:
    words = STORY_WORDS[key]
    return words.get(locale, words["en"])
