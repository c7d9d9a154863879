"""Colours, words and PNG encoding for the Castles of Burgundy renderer.

One place for every colour so the fixed PNG palette (see :meth:`render.kit.Palette.encode`) knows them all: the
images are flat-coloured, so mapping them onto a fixed 256-colour palette loses nothing visible
while making PNG encoding about five times faster than encoding RGB (the 40 ms budget would not
hold otherwise for a 1500 × 1500 image). Colours come from the Okabe–Ito palette where the game
lets us choose; the estate colours follow the printed board (dark green castles, light green
pastures, blue rivers, grey mines, beige cities, yellow knowledge) and always carry a letter; pasture
and city also differ in lightness, because for red-green colour blindness their hues coincide.
"""

from __future__ import annotations

from render import kit

RGB = kit.RGB

# ---- estate colours: solid (placed tiles) and pale (empty spaces, empty depot slots) -------------
ESTATE_SOLID: dict[str, RGB] = {
    "C": (22, 104, 58),
    "A": (104, 178, 72),
    "S": (0, 114, 178),
    "M": (118, 118, 126),
    "B": (230, 198, 150),
    "K": (240, 228, 66),
}
JOKER_SOLID: RGB = (92, 62, 110)
COLOUR_ORDER: tuple[str, ...] = ("C", "A", "S", "M", "B", "K")


blend = kit.blend


ESTATE_PALE: dict[str, RGB] = {k: blend(v, kit.WHITE, 0.62) for k, v in ESTATE_SOLID.items()}

# ---- goods: each kind its own colour, and always its number ----------------------------------------
GOODS: dict[int, RGB] = {
    1: kit.SKY,
    2: kit.ORANGE,
    3: kit.PURPLE,
    4: kit.GREEN,
    5: kit.YELLOW,
    6: kit.VERMILION,
}

# ---- neutrals -----------------------------------------------------------------------------------------
PANEL: RGB = (252, 250, 244)
BOARD_BG: RGB = (231, 223, 204)
DEPOT_BG: RGB = (246, 240, 226)
BLACK_DEPOT_BG: RGB = (58, 58, 66)
SLOT_EMPTY: RGB = (236, 233, 226)
RIVER_LINE: RGB = (120, 170, 215)
SILVER: RGB = (196, 200, 208)
WORKER: RGB = (150, 96, 52)
HIGHLIGHT: RGB = (230, 40, 40)
"""The last move's ring."""
SINCE: RGB = (240, 150, 150)
"""The light ring of the moves since the reader's own last decision (private view)."""
LEGAL: RGB = (20, 20, 24)
"""The ring of the spaces where the reader may place a tile now (private view of the seat to act):
dark and dashed, so it reads apart from the red last-move ring without relying on hue."""
FADED: RGB = (190, 188, 182)


def seat_colour(seat: int) -> RGB:
    return kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]


MEANINGFUL: dict[str, list[RGB]] = {
    "players": [kit.SEAT_COLOURS[s] for s in range(4)],
    "estate": [ESTATE_SOLID[c] for c in COLOUR_ORDER],
    "goods": [GOODS[k] for k in sorted(GOODS)],
    "marks": [HIGHLIGHT, SINCE, LEGAL],
}
"""Colours that carry meaning (``render.cvd`` checks them: ΔE ≥ 20 under deuteranopia and
protanopia, or the group is :data:`LABELLED`). The marks also differ in shape (solid, thin, dashed)."""
LABELLED: dict[str, str] = {
    "players": "every seat marker carries the seat number; the band pairs each swatch with the name",
    "estate": "every space and tile carries its colour letter (C A S M B K) and its die number",
    "goods": "every goods crate carries its kind's number 1-6",
}


def seat_tint(seat: int) -> RGB:
    return blend(seat_colour(seat), kit.WHITE, 0.8)


# ---- words (en / zh-TW / zh-CN) -------------------------------------------------------------------
WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "The Castles of Burgundy", "zh-TW": "勃根地城堡", "zh-CN": "勃艮第城堡"},
    "phase": {"en": "Phase", "zh-TW": "階段", "zh-CN": "阶段"},
    "turn": {"en": "Turn", "zh-TW": "輪", "zh-CN": "轮"},
    "colon": {"en": ": ", "zh-TW": "：", "zh-CN": "："},
    "round": {"en": "Round", "zh-TW": "回合", "zh-CN": "回合"},
    "over": {"en": "Game over", "zh-TW": "遊戲結束", "zh-CN": "游戏结束"},
    "ended": {"en": "Ended early (unfinished)", "zh-TW": "提前結束(未完成)", "zh-CN": "提前结束(未完成)"},
    "white": {"en": "White die", "zh-TW": "白骰", "zh-CN": "白骰"},
    "black": {"en": "Black depot", "zh-TW": "黑色儲藏區", "zh-CN": "黑色储藏区"},
    "round_goods": {"en": "Round goods", "zh-TW": "回合貨物", "zh-CN": "回合货物"},
    "stacks": {"en": "Goods stacks", "zh-TW": "貨物堆", "zh-CN": "货物堆"},
    "order": {"en": "Turn order", "zh-TW": "順位", "zh-CN": "顺位"},
    "track": {"en": "Track", "zh-TW": "順位決定區", "zh-CN": "顺位决定区"},
    "bonus": {"en": "Bonus tiles", "zh-TW": "獎勵板塊", "zh-CN": "奖励板块"},
    "scores": {"en": "Scores", "zh-TW": "勝分", "zh-CN": "胜分"},
    "vp": {"en": "VP", "zh-TW": "分", "zh-CN": "分"},
    "dice": {"en": "Dice", "zh-TW": "骰子", "zh-CN": "骰子"},
    "storage": {"en": "Storage", "zh-TW": "存放區", "zh-CN": "存放区"},
    "goods": {"en": "Goods", "zh-TW": "貨物", "zh-CN": "货物"},
    "sold": {"en": "Sold", "zh-TW": "已賣", "zh-CN": "已卖"},
    "board": {"en": "board", "zh-TW": "玩家板", "zh-CN": "玩家板"},
    "to_act": {"en": "to act", "zh-TW": "行動中", "zh-CN": "行动中"},
    "done": {"en": "done", "zh-TW": "已完成", "zh-CN": "已完成"},
    "you": {"en": "your estate", "zh-TW": "你的莊園", "zh-CN": "你的庄园"},
    "empty": {"en": "empty spaces", "zh-TW": "空格", "zh-CN": "空格"},
    "not_dealt": {"en": "board not chosen yet", "zh-TW": "尚未選擇玩家板", "zh-CN": "尚未选择玩家板"},
    "final": {"en": "Final scores", "zh-TW": "最終得分", "zh-CN": "最终得分"},
    # every column but "Empty" is VP, and says so: "Workers" alone read as a worker count (issue 7)
    "col_in_game": {"en": "In-play VP", "zh-TW": "遊戲中得分", "zh-CN": "游戏中得分"},
    "col_knowledge": {"en": "Knowl. VP", "zh-TW": "知識得分", "zh-CN": "知识得分"},
    "col_goods": {"en": "Goods VP", "zh-TW": "貨物得分", "zh-CN": "货物得分"},
    "col_silver": {"en": "Silver VP", "zh-TW": "銀幣得分", "zh-CN": "银币得分"},
    "col_workers": {"en": "Workers VP", "zh-TW": "工人得分", "zh-CN": "工人得分"},
    "col_empty": {"en": "Empty spaces", "zh-TW": "空格數", "zh-CN": "空格数"},
    "col_total": {"en": "Total VP", "zh-TW": "總分", "zh-CN": "总分"},
    "knowledge_legend": {"en": "Knowledge tiles in sight", "zh-TW": "場上的知識板塊", "zh-CN": "场上的知识板块"},
    "choose_title": {
        "en": "Estate boards to choose from — the number is the choice",
        "zh-TW": "可選的莊園板 — 編號即是選項",
        "zh-CN": "可选的庄园板 — 编号即是选项",
    },
    "standings_ended": {
        "en": "Ended early (unfinished): standings by VP so far",
        "zh-TW": "提前結束(未完成)：目前勝分排名",
        "zh-CN": "提前结束(未完成)：目前胜分排名",
    },
    "taken": {"en": "taken", "zh-TW": "已被選", "zh-CN": "已被选"},
    "legend_more": {
        "en": "{n} more: see the table image",
        "zh-TW": "另有 {n} 個：見公開圖",
        "zh-CN": "另有 {n} 个：见公开图",
    },
    "winner": {"en": "wins", "zh-TW": "獲勝", "zh-CN": "获胜"},
    "tie": {
        "en": "Tie at {points} VP, decided by {rule}.",
        "zh-TW": "同為 {points} 分，以{rule}決定。",
        "zh-CN": "同为 {points} 分，以{rule}决定。",
    },
    "tie_fewer_empty": {"en": "fewer empty spaces", "zh-TW": "空格較少者", "zh-CN": "空格较少者"},
    "tie_more_empty": {"en": "more empty spaces", "zh-TW": "空格較多者", "zh-CN": "空格较多者"},
    "tie_order": {"en": "the later turn order", "zh-TW": "順位較後者", "zh-CN": "顺位较后者"},
    "solo_track": {"en": "Solo: target track", "zh-TW": "單人：目標軌", "zh-CN": "单人：目标轨"},
    "solo_target": {"en": "Target", "zh-TW": "目標", "zh-CN": "目标"},
    "solo_counter": {"en": "Counter", "zh-TW": "計分", "zh-CN": "计分"},
    "solo_won": {"en": "Estate filled — won!", "zh-TW": "莊園填滿 — 勝利！", "zh-CN": "庄园填满 — 胜利！"},
    "solo_lost": {
        "en": "Estate not filled — lost",
        "zh-TW": "莊園未填滿 — 失敗",
        "zh-CN": "庄园未填满 — 失败",
    },
    "filled": {"en": "spaces filled", "zh-TW": "已填空格", "zh-CN": "已填空格"},
    "chance": {"en": "Drawing…", "zh-TW": "抽取中…", "zh-CN": "抽取中…"},
}
PROMPTS: dict[str, dict[str, str]] = {
    # one sentence per pending decision of the rules' prompts (VIEW.md, "Prompt"): what the seat
    # must decide; the band, the header and the text board all use these words
    "free": {
        "en": "castle: one free action with any die value",
        "zh-TW": "城堡：以任意點數進行一次額外行動",
        "zh-CN": "城堡：以任意点数进行一次额外行动",
    },
    "ship": {
        "en": "ship: choose a goods depot and load all its goods",
        "zh-TW": "船隻：選擇貨區，拿走其全部貨物",
        "zh-CN": "船只：选择货区，拿走其全部货物",
    },
    "warehouse": {
        "en": "warehouse: sell all goods of one kind",
        "zh-TW": "倉庫：賣出一種貨物的全部",
        "zh-CN": "仓库：卖出一种货物的全部",
    },
    "carpenter": {
        "en": "carpenter’s workshop: take a building from a depot",
        "zh-TW": "木匠工作坊：從儲藏區拿一個建築",
        "zh-CN": "木匠的工作坊：从储藏区拿一个建筑",
    },
    "church": {
        "en": "church: take a castle, mine or knowledge tile from a depot",
        "zh-TW": "教堂：從儲藏區拿城堡、礦場或知識板塊",
        "zh-CN": "教堂：从储藏区拿城堡、矿场或知识板块",
    },
    "market": {
        "en": "market: take a ship or an animal from a depot",
        "zh-TW": "市場：從儲藏區拿船隻或動物",
        "zh-CN": "市场：从储藏区拿船只或动物",
    },
    "city_hall": {
        "en": "city hall: place a stored tile on any number, or skip",
        "zh-TW": "市政廳：把存放區的板塊放到任意點數的空格，或放棄",
        "zh-CN": "市政厅：把存放区的板块放到任意点数的空格，或放弃",
    },
    "swap": {
        "en": "trade 5 goods for a face-down joker tile, or skip",
        "zh-TW": "用5個貨物換一個蓋著的百搭板塊，或放棄",
        "zh-CN": "用5个货物换一个盖着的百搭板块，或放弃",
    },
    "reward": {
        "en": "colour reward: place a black-depot tile (no die), or skip",
        "zh-TW": "顏色獎勵：把黑色儲藏區的板塊放進莊園（不用骰子），或放棄",
        "zh-CN": "颜色奖励：把黑色储藏区的板块放进庄园（不用骰子），或放弃",
    },
    "board": {"en": "choose an estate board", "zh-TW": "選擇莊園板", "zh-CN": "选择庄园板"},
    "castle": {
        "en": "place the start castle on a castle space (dark green)",
        "zh-TW": "把起始城堡放在城堡空格（深綠色）",
        "zh-CN": "把起始城堡放在城堡空格（深绿色）",
    },
}


def word(key: str, locale: str) -> str:
    entry = WORDS[key]
    return entry.get(locale, entry["en"])


def prompt_text(kind: str, locale: str) -> str:
    entry = PROMPTS.get(kind)
    if entry is None:
        return kind
    return entry.get(locale, entry["en"])


# ---- encoding --------------------------------------------------------------------------------------
def _base_colours() -> list[RGB]:
    colours: list[RGB] = [
        kit.INK,
        kit.WHITE,
        kit.PAPER,
        kit.GREY,
        kit.LIGHT,
        kit.DARK,
        kit.BLACK,
        PANEL,
        BOARD_BG,
        DEPOT_BG,
        BLACK_DEPOT_BG,
        SLOT_EMPTY,
        RIVER_LINE,
        SILVER,
        WORKER,
        HIGHLIGHT,
        SINCE,
        LEGAL,
        FADED,
        JOKER_SOLID,
    ]
    colours += list(ESTATE_SOLID.values()) + list(ESTATE_PALE.values()) + list(GOODS.values())
    colours += [c for s in range(4) for c in (seat_colour(s), seat_tint(s))]
    out: list[RGB] = []
    for c in colours:
        if c not in out:
            out.append(c)
    return out


def _palette() -> kit.Palette:
    """The fixed palette: every drawing colour, its text ink's anti-aliasing ramp, seat colours'
    edges on the light panels."""
    base = tuple(_base_colours())
    return kit.Palette(
        colours=base,
        ramps=(
            *(kit.Ramps((kit.contrast_ink(bg),), (bg,), (0.2, 0.45, 0.7)) for bg in base),
            kit.Ramps(
                tuple(seat_colour(s) for s in range(4)),
                (PANEL, BOARD_BG, DEPOT_BG, kit.WHITE, kit.PAPER),
                (0.5,),
            ),
        ),
    )


PALETTE = _palette().with_band([seat_colour(s) for s in range(4)])
