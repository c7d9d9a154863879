"""Colours, words and the PNG palette of the card game's renderer.

Card colours follow the printed cards (dark green castles, grey mines, violet cloisters, yellow
knowledge, blue ships, light green pastures, beige buildings) and every card also shows its
three-letter code and die value, so colour never carries meaning alone (pasture and castle also
differ strongly in lightness for red-green colour blindness). All colours live here so the fixed
PNG palette knows them: a flat-colour picture mapped onto 256 colours encodes several times faster
than RGB, which keeps the 40 ms budget.
"""

from __future__ import annotations

from render import kit

RGB = kit.RGB

CARD: dict[str, RGB] = {
    "CAS": (26, 106, 59),
    "MIN": (124, 122, 134),
    "CLO": (90, 60, 143),
    "KNO": (255, 251, 0),
    "SHI": (0, 141, 251),
    "PAS": (111, 167, 57),
    "BLD": (233, 215, 191),
}
"""The printed hues, moved in lightness and saturation (a search over nearby colours) until every
two differ by CIEDE2000 ΔE ≥ 20 with normal vision and under Machado's deuteranopia and
protanopia: cloister and ship were 4.6 apart for a deuteranope, pasture and building 5.8."""
GOODS: dict[str, RGB] = {"light": (236, 208, 160), "medium": (176, 124, 72), "dark": (96, 60, 34)}
ANIMAL: RGB = (250, 236, 226)
SILVER: RGB = (196, 200, 208)
WORKER: RGB = (150, 96, 52)
PANEL: RGB = (252, 250, 244)
ACTIVE: RGB = (255, 244, 200)
FADED: RGB = (205, 202, 196)
HIGHLIGHT: RGB = kit.INK
"""The seat to act and the cards just bought: ink, not a colour, since every colour that would
stand out (vermilion before) is also some seat's colour."""

MEANINGFUL: dict[str, list[RGB]] = {
    "suits": list(CARD.values()),
    "goods": list(GOODS.values()),
    "players": list(kit.SEAT_COLOURS),
}
"""Colours that carry meaning (``render.cvd`` holds every group to ΔE ≥ 20 unless ``LABELLED``)."""
LABELLED: dict[str, str] = {
    "players": "every estate and band swatch carries the seat's number",
}

WIDTH = 1440
MARGIN = 20

SURFACES: tuple[RGB, ...] = (kit.PAPER, PANEL, ACTIVE, kit.LIGHT, kit.WHITE, FADED, SILVER, WORKER, ANIMAL,
                              *CARD.values(), *GOODS.values(), *kit.SEAT_COLOURS)
INKS: tuple[RGB, ...] = (kit.INK, kit.WHITE, kit.DARK)


PALETTE = kit.Palette(
    colours=(*INKS, *SURFACES, kit.GREY),
    ramps=(kit.Ramps(INKS, SURFACES), kit.Ramps((kit.GREY,), (kit.PAPER, PANEL, kit.WHITE))),
).with_band(kit.SEAT_COLOURS)
"""The card game's fixed PNG palette (the kit builds it and encodes)."""


def _t(en: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


WORDS: dict[str, dict[str, str]] = {
    "title": _t("Castles of Burgundy: Card Game", "勃根地城堡：卡牌版", "勃艮第城堡卡牌版"),
    "you": _t(" (you)", "(你)", "(你)"),
    "colon": _t(": ", "：", "："),
    "sep": _t(", ", "、", "、"),
    "round": _t("Round {r} · turn {t}/6", "第{r}輪 · 回合{t}/6", "第{r}轮 · 回合{t}/6"),
    "over": _t("Game over", "遊戲結束", "游戏结束"),
    "ended": _t("Ended early (unfinished)", "提前結束(未完成)", "提前结束(未完成)"),
    "to_act": _t("{p} to act", "輪到{p}", "轮到{p}"),
    "drawing": _t("drawing cards…", "抽卡中…", "抽卡中…"),
    "deck": _t("Deck {n} · discard {d}", "牌庫{n} · 棄牌{d}", "牌库{n} · 弃牌{d}"),
    "supply": _t(" · supply: silver {s}, workers {k}", " · 供應：銀幣{s}、工人{k}", " · 供应：银币{s}、工人{k}"),
    "display": _t("Display (take with the row's value)", "展示區(用列的點數拿取)", "展示区(用列的点数拿取)"),
    "piles": _t("Goods / animal piles", "貨物/動物牌堆", "货物/动物牌堆"),
    "first": _t("'1.' bonus left", "剩餘「1.」獎勵卡", "剩余「1」奖励卡"),
    "all7": _t("'All 7' left", "剩餘「全部七種」", "剩余「所有7种」"),
    "start": _t("Start player card: {p}", "起始玩家卡：{p}", "起始玩家卡：{p}"),
    "bought": _t("Bought: keep one or use one", "購買的卡：保留或使用一張", "购买的卡：保留或使用一张"),
    "question": _t("Question: {q}", "選擇：{q}", "选择：{q}"),
    "projects": _t("Projects", "計畫區", "计划区"),
    "storage": _t("Storage", "儲藏庫", "储藏库"),
    "silver": _t("silver", "銀幣", "银币"),
    "workers": _t("workers", "工人", "工人"),
    "worker": _t("worker", "工人", "工人"),
    "vp": _t("{n} VP", "{n}分", "{n}分"),
    "p_triples": _t("triples", "三張一套", "三张一套"),
    "p_first": _t("'1.' cards", "「1.」卡", "「1」卡"),
    "p_all7": _t("'All 7'", "全部七種", "所有7种"),
    "p_vp": _t("VP cards", "分數卡", "分数卡"),
    "p_goods": _t("goods VP", "貨物分", "货物分"),
    "p_animals": _t("animals", "動物", "动物"),
    "p_sp": _t("start card", "起始玩家卡", "起始玩家卡"),
    "i_sold": _t("cards sold", "已售張數", "已售张数"),
    "i_hand": _t("hand", "手牌", "手牌"),
    "i_stack": _t("stack", "供應區", "供应区"),
    "i_bonus": _t("bonus cards", "獎勵卡", "奖励卡"),
    "your_hand": _t("Your hand — what each card can do now", "你的手牌 — 每張卡現在能做什麼",
                    "你的手牌 — 每张卡现在能做什么"),
    "nothing": _t("only workers / silver / convert", "只能補工人/拿銀幣/轉換", "只能补工人/拿银币/转换"),
    "take": _t("take", "拿取", "拿取"),
    "build": _t("build", "放到莊園", "放到庄园"),
    "sell": _t("sell", "出售", "出售"),
    "winner": _t("Winner: {p}", "獲勝：{p}", "获胜：{p}"),
    "shared": _t("Shared victory: {p}", "共享勝利：{p}", "共享胜利：{p}"),
    "solo_won": _t("Won: {s} VP ≥ {t} · {title}", "獲勝：{s}分 ≥ {t} · {title}", "获胜：{s}分 ≥ {t} · {title}"),
    "solo_lost": _t("Lost: {s} VP < {t} · {title}", "失敗：{s}分 < {t} · {title}", "失败：{s}分 < {t} · {title}"),
    "target": _t("Solo target {t} VP", "單人目標{t}分", "单人目标{t}分"),
    "triple_vp": _t("triple = {n} VP", "一套 = {n}分", "一套 = {n}分"),
    "triple_short": _t("{n} VP/3", "一套{n}分", "一套{n}分"),
    "sp_keep": _t("{p} starts next round (sold goods)", "{p} 下輪先手(出售了貨物)", "{p} 下轮先手(出售了货物)"),
    "sp_pass": _t("passes to {q} at the round's end", "本輪結束時交給 {q}", "本轮结束时交给 {q}"),
    "unknown": _t("?", "？", "？"),
    "places": _t("{place}. {name} {vp} VP", "第{place}名 {name} {vp}分", "第{place}名 {name} {vp}分"),
    "tie_storage": _t(
        "tie on VP: more storage cards put {a} ahead of {b} ({x} vs {y})",
        "同分：{a} 的儲藏庫卡較多，排在 {b} 之前({x} 比 {y})",
        "同分：{a} 的储藏库卡较多，排在 {b} 之前({x} 比 {y})",
    ),
    "tie_shared": _t(
        "{a} and {b} share a place: equal VP and storage cards",
        "{a} 與 {b} 同名次：分數與儲藏庫卡相同",
        "{a} 与 {b} 同名次：分数与储藏库卡相同",
    ),
}


STORE_WORDS: dict[str, dict[str, str]] = {
    "LGT": _t("light", "淺棕", "浅棕"),
    "MED": _t("medium", "棕", "棕"),
    "DRK": _t("dark", "深棕", "深棕"),
    "CHK": _t("chicken", "雞", "鸡"),
    "COW": _t("cow", "牛", "牛"),
    "SHP": _t("sheep", "羊", "羊"),
    "PIG": _t("pig", "豬", "猪"),
}
"""What a goods or animal card shows: its kind in words. Why: no move names these cards by code
(a pile is ``pile g1``, a sale is ``sell dark``), and the codes misled — ``SHPa`` is a sheep here
but ``SHP`` is a ship in the other Burgundy game. The goods words are the ``sell`` kinds."""


def store_word(code: str, locale: str) -> str | None:
    """The word a goods or animal card shows in ``locale``; ``None`` for any other card."""
    entry = STORE_WORDS.get(code[:3])
    return entry.get(locale, entry["en"]) if entry else None


def words(locale: str) -> dict[str, str]:
    """The words in ``locale`` (English where a locale is unknown)."""
    return {k: v.get(locale, v["en"]) for k, v in WORDS.items()}


QUESTIONS: dict[str, dict[str, str]] = {
    "drop": _t("discard a project", "棄掉一張計畫", "弃掉一张计划"),
    "as": _t("cloister colour", "修道院的種類", "修道院的种类"),
    "pile": _t("take from a pile", "從牌堆拿取", "从牌堆拿取"),
    "free": _t("castle: free action", "城堡：免費行動", "城堡：免费行动"),
    "cityhall": _t("city hall: build a project", "市政廳：把計畫放到莊園", "市政厅：把计划放到庄园"),
    "grab": _t("take from the display", "從展示區拿取", "从展示区拿取"),
    "sell": _t("warehouse: sell goods", "倉庫：出售貨物", "仓库：出售货物"),
}
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "CAS": _t("castle", "城堡", "城堡"),
    "MIN": _t("mine", "礦場", "矿场"),
    "CLO": _t("cloister", "修道院", "修道院"),
    "KNO": _t("knowledge", "知識", "知识"),
    "SHI": _t("ship", "船", "船"),
    "PAS": _t("pasture", "牧場", "牧场"),
    "BLD": _t("building", "建築", "建筑"),
}
KINDS: dict[str, dict[str, str]] = {
    "light": _t("light", "淺棕色", "浅棕色"),
    "medium": _t("medium", "棕色", "棕色"),
    "dark": _t("dark", "深棕色", "深棕色"),
}
TITLES: dict[str, dict[str, str]] = {
    "squire": _t("Squire", "侍從", "侍从"),
    "knight": _t("Knight", "騎士", "骑士"),
    "baron": _t("Baron", "男爵", "男爵"),
    "count": _t("Count", "伯爵", "伯爵"),
    "duke": _t("Duke", "公爵", "公爵"),
}
BUILDINGS = ("WAR", "CAR", "CHU", "MAR", "BOA", "BAN", "CIT", "WAT")
def pick(table: dict[str, dict[str, str]], key: str, locale: str) -> str:
    entry = table.get(key)
    return entry.get(locale, entry["en"]) if entry else key


def colour_of(code: str) -> str:
    return "BLD" if code[:3] in BUILDINGS else code[:3]
