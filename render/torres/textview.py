"""Torres as Discord text, for channels where the bot may not attach the board image.

Without the picture players could not see the castles, so this prints the 8×8 board as one
compact monospace grid (a code block: the one exception to "no code blocks", because heights,
castles and knights only read in columns). Each square is three characters: castle letter,
level, figure (``A2B`` = castle A, level 2, a knight of B; ``K`` = the King; `` . `` = ground).
Files a–h and ranks 1–8 are printed round it exactly as the move notation writes squares
(``move b4-c4``, ``tower d4``). Castles get letters that never clash with the knights' colour
letters or the King's K, and a line lists every castle's area (its scoring multiplier and height
cap), with ♚ on the King's castle. Under the board comes one line per seat (the image's side
panel) and, in a private view, the seat's own cards by the names ``describe`` uses.

Words come from the image's table (``render.torres.style.WORDS``); the few new ones are in
``WORDS`` below. Cards are named as ``describe`` names them (``rules.torres.text.CARD_NAMES``):
the image's names where they are the same words, ``DESCRIBE_NAMES`` below where the image's are
shorter or longer. Render imports nothing from rules (design: Layers), so those names and the
action cards' codes are copies here, kept equal to the rules' tables by the tests.
"""

from __future__ import annotations

from typing import Any

from render import kit
from render.torres.band import prompt as band_prompt
from render.torres.image import king_castle, places
from render.torres.style import CARD_NAMES as IMAGE_CARD_NAMES
from render.torres.style import COLOUR_LETTERS
from render.torres.style import WORDS as IMAGE_WORDS

FILES = "abcdefgh"
CASTLE_LETTERS = "ACDEFHJLMPQRSTUVWXYZ" + "acdefhjkmnpqrstuvwxyz"
"""Castle labels: A–Z without the knights' letters (B, G, O, N), the King's K and I (reads as 1);
then lower case (without b, g, o, i, l) for the rare board with more than 20 castles (at most 32
fit: castles never touch orthogonally)."""
LINE = 90
"""Lines of cards are wrapped to this many characters."""
INDENT = " "
"""Starts a seat's second line (an em space: Discord keeps it, where it drops leading spaces)."""
CARDS: tuple[str, ...] = ("AP6", "AP7", "UP2", "OVER", "DIAG", "DOOR", "RELOC", "UNDER", "EXTRA", "SHIFT")
"""The ten action cards (a copy of ``rules.torres.data.CARDS``): a master game's whole hand."""

DESCRIBE_NAMES: dict[str, dict[str, str]] = {
    "AP6": {"en": "6 AP", "zh-TW": "6個行動點", "zh-CN": "6个行动点"},
    "AP7": {"en": "7 AP", "zh-TW": "7個行動點", "zh-CN": "7个行动点"},
    "UP2": {"en": "jump up 2", "zh-TW": "騎士往上跳躍", "zh-CN": "骑士往上跳跃"},
    "OVER": {"en": "jump over", "zh-TW": "騎士往旁跳躍", "zh-CN": "骑士往旁跳跃"},
    "DOOR": {"en": "climbing door move", "zh-TW": "騎士穿越移動", "zh-CN": "骑士穿越移动"},
    "UNDER": {"en": "block under a knight", "zh-TW": "插入塔樓", "zh-CN": "插入塔楼"},
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
}
"""The cards whose ``describe`` names differ from the image's (copies of those entries of
``rules.torres.text.CARD_NAMES``)."""
CARD_NAMES: dict[str, dict[str, str]] = {**IMAGE_CARD_NAMES, **DESCRIBE_NAMES}
"""Every card's name as ``describe`` prints it (equal to ``rules.torres.text.CARD_NAMES``)."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "prompt_turn": "spend AP or end the turn",
        "prompt_keep": "keep 1 drawn card",
        "score": "score {n}",
        "ap_left": "{n} AP left",
        "legend": "A2B = castle A, level 2, knight B · K King · . ground",
        "castles": "**Castles** (area; ♚ with the King)",
        "new_tag": " (new)",
        "no_castles": "no castles yet",
        "stage_setup": "Setup",
        "stage_build": "Setup: start castles, 3+ squares apart",
        "stage_place": "Setup: a knight on a start castle each",
        "stage_crown": "Setup: the King on a free start castle",
        "stage_master": "Setup: master card",
        "stage_king": "move the King or leave it",
        "list_sep": ", ",
        "deck_head": "Your deck",
        "top": "top {cards}",
        "deck_pool": "{n} shuffled: {cards}",
        "blocks_now": "blocks {now} now, then {later}",
        "blocks_now_last": "blocks {now} now, last stack",
        "stacks": "stacks {later}",
        "stacks_none": "no stacks left",
        "hand_open": "hand: {cards}",
        "hand_all": "hand: all {n}",
        "hand_but": "hand: all but {cards}",
        "hand_empty": "none",
        "bottom": "bottom {cards}",
        "drawn": "Drawn",
        "keep_note": " (keep 1, the rest go on top or to the bottom)",
        "colon": ": ",
    },
    "zh-TW": {
        "prompt_turn": "花費行動點或結束回合",
        "prompt_keep": "保留 1 張抽到的卡",
        "score": "{n} 分",
        "ap_left": "剩 {n} 行動點",
        "legend": "A2B=城堡A、第2層、騎士B · K=國王 · .=空地",
        "castles": "**城堡**(底面積;♚ 國王城堡)",
        "new_tag": "(新抽)",
        "no_castles": "尚無城堡",
        "stage_setup": "準備",
        "stage_build": "準備：擺放起始城堡，相距至少 3 格",
        "stage_place": "準備：每人放一個騎士在起始城堡上",
        "stage_crown": "準備：將國王放在空的起始城堡上",
        "stage_master": "準備：翻開進階卡",
        "stage_king": "移動國王或不動",
        "list_sep": "、",
        "deck_head": "你的牌堆",
        "top": "頂部 {cards}",
        "deck_pool": "{n} 張順序未知：{cards}",
        "blocks_now": "塔樓：本回合 {now}，之後 {later}",
        "blocks_now_last": "塔樓：本回合 {now}，最後一堆",
        "stacks": "塔樓堆 {later}",
        "stacks_none": "本階段無塔樓堆",
        "hand_open": "手牌：{cards}",
        "hand_all": "手牌：全部 {n} 張",
        "hand_but": "手牌：除 {cards} 外全部",
        "hand_empty": "無",
        "bottom": "底部 {cards}",
        "drawn": "抽到的卡",
        "keep_note": "(保留 1 張，其餘放回牌堆頂或牌堆底)",
        "colon": "：",
    },
    "zh-CN": {
        "prompt_turn": "花费行动点或结束回合",
        "prompt_keep": "保留 1 张抽到的卡",
        "score": "{n} 分",
        "ap_left": "剩 {n} 行动点",
        "legend": "A2B=城堡A、第2层、骑士B · K=国王 · .=空地",
        "castles": "**城堡**(底面积;♚ 国王城堡)",
        "new_tag": "(新抽)",
        "no_castles": "尚无城堡",
        "stage_setup": "准备",
        "stage_build": "准备：摆放起始城堡，相距至少 3 格",
        "stage_place": "准备：每人放一个骑士在起始城堡上",
        "stage_crown": "准备：将国王放在空的起始城堡上",
        "stage_master": "准备：翻开进阶卡",
        "stage_king": "移动国王或不动",
        "list_sep": "、",
        "deck_head": "你的牌堆",
        "top": "顶部 {cards}",
        "deck_pool": "{n} 张顺序未知：{cards}",
        "blocks_now": "塔楼：本回合 {now}，之后 {later}",
        "blocks_now_last": "塔楼：本回合 {now}，最后一堆",
        "stacks": "塔楼堆 {later}",
        "stacks_none": "本阶段无塔楼堆",
        "hand_open": "手牌：{cards}",
        "hand_all": "手牌：全部 {n} 张",
        "hand_but": "手牌：除 {cards} 外全部",
        "hand_empty": "无",
        "bottom": "底部 {cards}",
        "drawn": "抽到的卡",
        "keep_note": "(保留 1 张，其余放回牌堆顶或牌堆底)",
        "colon": "：",
    },
}
"""Words the image does not carry; every locale has every key (checked by the tests)."""


def lines(view: dict[str, Any]) -> list[str]:
    """The board of ``view`` as short Discord-markdown lines (public, or a seat's private view)."""
    locale = str(view.get("locale") or "en")
    if locale not in WORDS:  # WORDS has every locale the bot speaks
        locale = "en"
    w: dict[str, Any] = {**IMAGE_WORDS[locale], **WORDS[locale]}
    names = kit.seat_names(view, int(view["players"]))
    letters = castle_letters(view["castles"])
    out = [_header(view, names, w)]
    prompt = _prompt_line(view, names, w)
    if prompt:
        out.append(prompt)
    out += grid(view, letters)
    out.append(w["legend"])
    out += _castles_lines(view, letters, w)
    out.append(_supply_line(view, w, locale))
    for seat in range(int(view["players"])):
        out += _seat_lines(view, seat, names, w)
    if view.get("me") is not None and not view.get("over"):
        out += _own_cards(view, w, locale)
    return out


# ---- board ------------------------------------------------------------------------------------------
PROMPT_NAME = 14
"""Longest name the prompt line prints; a longer one is given as its seat letter (B, G, O, N), so
the board stays within its length budget and no name is cut mid-word."""


def _prompt_line(view: dict[str, Any], names: list[str], w: dict[str, Any]) -> str:
    """What the seat to act must decide, as the image's band says it (``band.py``); "→", not
    "▶", which marks the acting seat's own line. Empty when nobody decides (chance, the end)."""
    current = view.get("current")
    acting = [int(s) for s in view.get("to_act") or [] if int(s) >= 0]
    if view.get("over") or view.get("ended") or current is None or not acting:
        return ""
    turn = view.get("turn") or {}
    if view.get("stage") == "turn":  # short: the seat's own line already says the AP left
        what = w["prompt_keep"] if turn.get("revealing") else w["prompt_turn"]
    else:
        what = band_prompt(view, w)
    name = f"**{names[int(current)]}**"
    if len(names[int(current)]) > PROMPT_NAME:  # the seat's letter; its own line gives the full name
        name = f"**({COLOUR_LETTERS[view['seats'][int(current)]['colour']]})**"
    return "→ " + str(w["prompt"]).format(name=name, what=what)


def castle_letters(labels: list[int]) -> dict[int, str]:
    """A letter for each castle label, in reading order (rank 8 first, files a to h)."""
    letters: dict[int, str] = {}
    for rank in range(7, -1, -1):
        for file in range(8):
            label = labels[file + 8 * rank]
            if label >= 0 and label not in letters:
                letters[label] = CASTLE_LETTERS[len(letters)]
    return letters


def cell(view: dict[str, Any], sq: int, letters: dict[int, str]) -> str:
    """Three characters: castle letter (or blank), level (``.`` for ground), figure (or blank)."""
    height = int(view["heights"][sq])
    label = view["castles"][sq]
    figure = view["figures"][sq]
    if figure == "K":
        mark = "K"
    elif figure is None or figure == -1:
        mark = " "
    else:
        mark = COLOUR_LETTERS[view["seats"][int(figure)]["colour"]]
    if height == 0:
        return f" .{mark}"
    if height > 9:  # never seen in play; two digits then take the letter's place
        return f"{height}{mark}"
    return f"{letters.get(label, ' ')}{height}{mark}"


def grid(view: dict[str, Any], letters: dict[int, str]) -> list[str]:
    """The board in a code block: rank 8 on top, files under it, ≤ 34 characters a line."""
    rows = ["```"]
    for rank in range(7, -1, -1):
        cells = " ".join(cell(view, file + 8 * rank, letters) for file in range(8))
        rows.append(f"{rank + 1} {cells}".rstrip())
    rows.append("   " + "   ".join(FILES))
    rows.append("```")
    return rows


def _castles_lines(view: dict[str, Any], letters: dict[int, str], w: dict[str, Any]) -> list[str]:
    labels: list[int] = view["castles"]
    areas = {label: labels.count(label) for label in letters}
    king = king_castle(view)
    parts = [("♚" if label == king else "") + f"{letter}×{areas[label]}" for label, letter in letters.items()]
    return _wrapped(w["castles"] + w["colon"], parts or [w["no_castles"]], " ")


# ---- header, supply, seats ------------------------------------------------------------------------------
def _header(view: dict[str, Any], names: list[str], w: dict[str, Any]) -> str:
    head = f"**{w['title']}**"
    if view.get("over"):
        first = [f"**{names[seat]}**" for seat, place in enumerate(places(view)) if place == 1]
        key = "shared" if len(first) > 1 else "winner"
        return f"{head} · " + (w[key].format(names=w["sep"].join(first)) if first else w["over"])
    stage = view.get("stage")
    if view.get("ended"):  # ended unfinished by vote: no stage prompt, whoever's turn it was
        if stage in ("first", "build", "place", "crown", "master"):
            return f"{head} · {w['stage_setup']} · {w['ended']}"
        status = w["phase"].format(phase=view["phase"], round=view["round"], rounds=view["rounds"])
        return f"{head} · {status} · {w['ended']}"
    if stage in ("first", "build", "place", "crown", "master"):
        return f"{head} · " + w.get(f"stage_{stage}", w["stage_setup"])
    status = w["phase"].format(phase=view["phase"], round=view["round"], rounds=view["rounds"])
    if stage == "king":
        status += f" · {w['stage_king']}"
    return f"{head} · {status}"


def _supply_line(view: dict[str, Any], w: dict[str, Any], locale: str) -> str:
    parts = [w["supply"].format(n=view["supply"])]
    if view.get("shared_pool") is not None:
        parts.append(w["pool"].format(n=view["shared_pool"]))
    if view.get("master"):
        parts.append(w["master"].format(card=card_text(view["master"], locale)))
    return " · ".join(parts)


def _seat_lines(view: dict[str, Any], seat: int, names: list[str], w: dict[str, Any]) -> list[str]:
    """``▶ **Ann** (B) · score 12 · 3 AP left``, then (while the game runs) the seat's supplies:
    ``blocks 3 now, then 3·2 · knights left 4 · cards 1 · deck 8 · played: DOOR``, wrapped."""
    info = view["seats"][seat]
    turn = view.get("turn")
    current = None if view.get("ended") else view.get("current")  # ended by vote: nobody is to act
    over = bool(view.get("over"))
    marker = ""
    if over and view.get("ranking"):
        marker = f"#{places(view)[seat]} "
    elif seat == current and not over:
        marker = "▶ "
    you = w["you"] if seat == view.get("seat") else ""
    letter = COLOUR_LETTERS[info["colour"]]
    head = [f"{marker}**{names[seat]}** ({letter}){you}", w["score"].format(n=info["score"])]
    if over:
        return [" · ".join(head)]
    if turn and seat == current:
        head.append(w["ap_left"].format(n=turn["ap"]))
    parts = [_blocks(info, w), w["knights"].format(n=info["knights_in_supply"])]
    options = view.get("options") or {}
    if options.get("master"):  # hands are public (§10); a seat's own hand is listed under the seats
        if info.get("hand") is not None and not (seat == view.get("seat") and view.get("me") is not None):
            parts.append(_open_hand(info, w))
    else:
        parts.append(w["cards"].format(n=info["hand_size"]))
        if options.get("cards") == "own":
            parts.append(w["deck"].format(n=info.get("deck_size", 0)))
        played = info.get("played_phase") or []
        if played:
            parts.append(w["played_phase"].format(cards=" ".join(played)))
    return [" · ".join(head), *_wrapped(INDENT, parts, indent=INDENT)]


def _open_hand(info: dict[str, Any], w: dict[str, Any]) -> str:
    """A master-game hand: all 10 cards minus those played, so the shorter way to say it."""
    hand: list[str] = info["hand"]
    played: list[str] = info.get("played") or []
    if sorted(hand + played) == sorted(CARDS):
        if not played:
            return w["hand_all"].format(n=len(hand))
        if len(played) < len(hand):
            return w["hand_but"].format(cards=" ".join(played))
    return w["hand_open"].format(cards=" ".join(hand) if hand else w["hand_empty"])


def _blocks(info: dict[str, Any], w: dict[str, Any]) -> str:
    """This turn's stack and the stacks still to come (the image's ``blocks_line``, shorter)."""
    later = "·".join(str(v) for v in info["stacks"])
    now = info.get("turn_stack")
    if now is not None:
        return w["blocks_now"].format(now=now, later=later) if later else w["blocks_now_last"].format(now=now)
    return w["stacks"].format(later=later) if later else w["stacks_none"]


# ---- the seat's own cards ---------------------------------------------------------------------------------
def card_text(card: str, locale: str) -> str:
    """``DOOR (climbing door move)``: the code the notation takes and the name ``describe`` prints."""
    names = CARD_NAMES.get(card)
    return f"{card} ({_localised(names, locale)})" if names else card


def _localised(texts: dict[str, str], locale: str) -> str:
    """``locale``'s text, else the other Chinese script's, else English (as ``rules.core.localised``)."""
    fallback = ("zh-TW", "zh-CN", "en") if locale.startswith("zh") else ("en",)
    return next((texts[key] for key in (locale, *fallback) if key in texts), "")


def _wrapped(head: str, items: list[str], sep: str = " · ", indent: str = "") -> list[str]:
    """``head`` then ``items`` joined by ``sep``, broken into lines of at most ``LINE`` characters
    (an item longer than that keeps a line of its own); lines after the first start with ``indent``."""
    out: list[str] = []
    line = head
    for i, item in enumerate(items):
        glue = "" if i == 0 else sep  # ``head`` ends with its own colon and space
        if line.strip() and len(line) + len(glue) + len(item) > LINE:
            out.append(line.rstrip())
            line = indent + item
        else:
            line = f"{line}{glue}{item}"
    if line:
        out.append(line.rstrip())
    return out


def _own_cards(view: dict[str, Any], w: dict[str, Any], locale: str) -> list[str]:
    """The hand (new cards tagged), cards being looked at, and what the seat knows of its deck."""
    me = view["me"]
    fresh = list(me.get("acquired") or [])
    hand = []
    for card in me.get("hand") or []:
        text = card_text(card, locale)
        if card in fresh:
            fresh.remove(card)
            text += w["new_tag"]
        hand.append(text)
    head = f"**{w['hand']}**{w['colon']}"
    out = _wrapped(head, hand) if hand else [head + w["no_cards"]]
    reveal = me.get("reveal") or []
    if reveal:
        shown = [card_text(card, locale) for card in reveal]
        out += _wrapped(f"**{w['drawn']}**{w['keep_note']}{w['colon']}", shown)
    sep = w["list_sep"]
    deck = []
    if me.get("top"):
        deck.append(w["top"].format(cards=sep.join(me["top"])))
    if me.get("pool"):
        deck.append(w["deck_pool"].format(n=len(me["pool"]), cards=sep.join(me["pool"])))
    if me.get("bottom"):
        deck.append(w["bottom"].format(cards=sep.join(me["bottom"])))
    if deck:
        out += _wrapped(f"**{w['deck_head']}**{w['colon']}", deck)
    return out
