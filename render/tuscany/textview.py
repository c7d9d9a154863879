"""The Castles of Tuscany as text: the board for channels where the bot may not attach the image.

Players there see no picture, so these lines carry what the image shows and a move needs: the
round, the 8 display slots (tile type, a farm's farm types), the square bonus tiles left with what
each gives, the colour-bonus values, the decks, and per seat the red and green totals, cards,
stacks, marble, workers, bonus tiles and storage (with the codes ``place`` takes). The estate
cannot be drawn in text; instead a seat that must choose a move gets the empty spaces it may
build on now (next to a covered space), by tile type: before the start castle, its dark-green
spaces; before the estates are shown, its boards. A private view adds the seat's region cards,
each colour with its tile type, and which tile types the seat can pay for now.

Words come from the image's table (``render.tuscany.style``) and from ``TILE``, ``COLOUR`` and
``FARM`` below: copies of the rules' names (``rules.tuscany.names``, the words ``describe`` uses;
render may not import rules, and a test keeps the copies equal), so the text reads like the move
menu; the few new words are in ``WORDS`` below. The budget (1,100 characters public, 1,500
private) is kept by dropping detail in a fixed order (``DROPS``) until the text fits.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from render import kit
from render.tuscany import prompt
from render.tuscany.style import BONUS_ORDER, COLOURS, farm_labels, words

LOCALES = ("en", "zh-TW", "zh-CN")
PUBLIC_BUDGET = 1100
PRIVATE_BUDGET = 1500
LINE = 90
"""Lines are broken between their parts near this width (a Chinese character counts two)."""
SEP = " · "
COLS = "abcdef"

WORDS: dict[str, dict[str, str]] = {
    "score": {"en": "red {r} · green {g}", "zh-TW": "紅色 {r} · 綠色 {g}", "zh-CN": "红色 {r} · 绿色 {g}"},
    "open": {"en": "can place on: ", "zh-TW": "可放置：", "zh-CN": "可放置："},
    "ready": {"en": "estate chosen", "zh-TW": "已組合區域", "zh-CN": "已组合区域"},
    "hand_item": {
        "en": "{colour} ({tile}) ×{n}",
        "zh-TW": "{colour}({tile})×{n}",
        "zh-CN": "{colour}({tile})×{n}",
    },
    "left": {"en": "{what} ×{n}", "zh-TW": "{what}×{n}", "zh-CN": "{what}×{n}"},
    "farm": {"en": "{tile} ({types})", "zh-TW": "{tile}({types})", "zh-CN": "{tile}({types})"},
    "bonus_own": {"en": "bonus {b}", "zh-TW": "獎勵 {b}", "zh-CN": "奖励 {b}"},
    "empty_slot": {"en": "empty", "zh-TW": "空", "zh-CN": "空"},
    "any_tile": {"en": "any tile", "zh-TW": "任何板塊", "zh-CN": "任何板块"},
    "dash": {"en": "—", "zh-TW": "—", "zh-CN": "—"},
}
"""Words the image's table (``style.WORDS``) has no entry for, in the three locales."""

TILE: dict[str, dict[str, str]] = {
    "K": {"en": "castle", "zh-TW": "城堡", "zh-CN": "城堡"},
    "C": {"en": "city", "zh-TW": "城市", "zh-CN": "城市"},
    "V": {"en": "village", "zh-TW": "村莊", "zh-CN": "村庄"},
    "F": {"en": "farm", "zh-TW": "農場", "zh-CN": "农场"},
    "W": {"en": "carriage", "zh-TW": "馬車", "zh-CN": "马车"},
    "M": {"en": "monastery", "zh-TW": "修道院", "zh-CN": "修道院"},
    "Q": {"en": "quarry", "zh-TW": "礦場", "zh-CN": "矿场"},
    "T": {"en": "tavern", "zh-TW": "酒館", "zh-CN": "酒馆"},
    "S": {"en": "start castle", "zh-TW": "起始城堡", "zh-CN": "起始城堡"},
    "hex": {"en": "hex token", "zh-TW": "六角指示物", "zh-CN": "六角指示物"},
}
"""Tile types by letter (and the start castle, the hex token): a copy of ``rules.tuscany.names.TILE``."""

COLOUR: dict[str, dict[str, str]] = {
    "K": {"en": "dark green", "zh-TW": "深綠", "zh-CN": "深绿"},
    "C": {"en": "red", "zh-TW": "紅色", "zh-CN": "红色"},
    "V": {"en": "orange", "zh-TW": "橘色", "zh-CN": "橙色"},
    "F": {"en": "light green", "zh-TW": "淺綠", "zh-CN": "浅绿"},
    "W": {"en": "beige", "zh-TW": "米灰", "zh-CN": "米灰"},
    "M": {"en": "yellow", "zh-TW": "黃色", "zh-CN": "黄色"},
    "Q": {"en": "grey", "zh-TW": "灰色", "zh-CN": "灰色"},
    "T": {"en": "blue", "zh-TW": "藍色", "zh-CN": "蓝色"},
}
"""Region card colours by letter: a copy of ``rules.tuscany.names.COLOUR``."""

FARM: dict[str, dict[str, str]] = {
    "OL": {"en": "olive", "zh-TW": "橄欖", "zh-CN": "橄榄"},
    "GR": {"en": "grape", "zh-TW": "葡萄", "zh-CN": "葡萄"},
    "WH": {"en": "wheat", "zh-TW": "小麥", "zh-CN": "小麦"},
    "LI": {"en": "livestock", "zh-TW": "牲畜", "zh-CN": "牲畜"},
}
"""Farm types, whole names: a copy of ``rules.tuscany.names.FARM`` (the image prints short ones)."""

DROPS = (
    "open_all",
    "decks",
    "empty",
    "gone",
    "farm_long",
    "names_18",
    "bonus_words",
    "colour_bonus",
    "names_12",
    "prompt_short",
)
"""Detail given up, one more step each time, while the text is over budget: the open spaces of
seats not to move, the deck counts, the empty-space counts, spent colour bonuses, whole farm-type
names (the image's short labels instead), long names, the bonus tiles' words, the colour-bonus
line, names again, and last the prompt's list of a turn's actions (its step stays named)."""


def lines(view: dict[str, Any]) -> list[str]:
    """The board of ``view`` (public, or a seat's private view) as short Discord-markdown lines."""
    locale = str(view.get("locale") or "en")
    loc = locale if locale in LOCALES else "en"
    budget = PRIVATE_BUDGET if view.get("me") is not None else PUBLIC_BUDGET
    out: list[str] = []
    for step in range(len(DROPS) + 1):
        out = compose(view, loc, frozenset(DROPS[:step]))
        if len("\n".join(out)) <= budget:
            break
    return out


def compose(view: dict[str, Any], loc: str, drop: frozenset[str] = frozenset()) -> list[str]:
    """The lines of ``view`` in ``loc`` (one of ``LOCALES``) without the details named in ``drop``."""
    w = words(loc)
    players = int(view["players"])
    names = _names(view, players, drop)
    out = [_status(view, names, w)]
    out += _prompt(view, names, loc, "prompt_short" in drop)
    if any(view["display"]):  # empty until the end of setup
        slots = [_slot(view, i, code, loc, drop) for i, code in enumerate(view["display"])]
        out += _wrap(f"**{w['display']}**{w['colon']}", slots)
    out += _wrap(f"**{w['bonus']}**{w['colon']}", _bonus_supply(view, w, loc, drop))
    if "colour_bonus" not in drop:
        out += _wrap(f"**{w['colour_bonus']}**{w['colon']}", _colour_bonus(view, loc, drop))
    if "decks" not in drop:
        discards = sum((view.get("discard") or {}).values())
        decks = [
            w["region"].format(n=view["deck"], d=discards),
            w["yield"].format(n=view["yield_deck"]),
            w["neutral"].format(n=view["neutral_left"], a=len(view.get("aside") or [])),
        ]
        out += _wrap("", decks)
    me = view.get("seat") if view.get("me") is not None else None
    acting = [s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0 and not view.get("ended")]
    focus = {me} if me is not None else set(acting)
    for seat in range(players):
        show_open = not view.get("over") and ("open_all" not in drop or seat in focus)
        out += _seat(view, seat, names[seat], seat in acting, seat == me, show_open, drop, w, loc)
    if me is not None:
        out += _hand(view["me"], w, loc, view.get("phase") == "play" and not view.get("ended"))
    return out


def _t(key: str, loc: str) -> str:
    return WORDS[key][loc]


def localised(texts: dict[str, str], loc: str) -> str:
    """``texts`` in ``loc``, else in English (``loc`` is one of ``LOCALES`` here)."""
    return texts.get(loc, texts["en"])


def tile_name(code: str, loc: str) -> str:
    """The type of a tile code (``1V3`` → village) or of ``hex``, as ``rules.tuscany.names.tile_name``."""
    if code.lower() == "hex":
        return localised(TILE["hex"], loc)
    letter = code[1] if len(code) >= 2 else code
    return localised(TILE[letter], loc) if letter in TILE else code


def item_label(item: str, loc: str) -> str:
    """A storage item as ``describe`` names it (``rules.tuscany.texts.item_label``): ``1V3`` →
    "village 1V3", ``hex`` → "hex token"."""
    if item.lower() == "hex":
        return tile_name("hex", loc)
    return f"{tile_name(item, loc)} {item}"


def farm_label(types: list[str], loc: str) -> str:
    """Farm types in whole words joined by "/" (``rules.tuscany.texts.farm_label``; an unknown
    code as it is)."""
    return "/".join(localised(FARM[t], loc) if t in FARM else t for t in types)


def _names(view: dict[str, Any], players: int, drop: frozenset[str]) -> list[str]:
    """Display names (seat labels ``S1``… as the image has them when absent), clipped if asked."""
    names = kit.seat_names(view, players)
    cap = 12 if "names_12" in drop else 18 if "names_18" in drop else 0
    if not cap:
        return names
    return [n if len(n) <= cap else n[: cap - 1].rstrip("\\") + "…" for n in names]


def _wrap(head: str, parts: list[str], width: int = LINE) -> list[str]:
    """``head`` then ``parts`` joined by " · ", broken between parts into lines of about ``width``."""
    out: list[str] = []
    line, fresh = head, True
    for part in parts:
        if fresh:
            line, fresh = line + part, False
        elif _width(line + SEP + part) > width:
            out.append(line)
            line = part
        else:
            line += SEP + part
    out.append(line)
    return out


def _width(text: str) -> int:
    """How wide ``text`` shows: wide (CJK) characters take two columns, bold marks none."""
    text = text.replace("**", "")
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _status(view: dict[str, Any], names: list[str], w: dict[str, str]) -> str:
    """Round (or setup, or the result) and how near the round's end is; not whose move it is."""
    if view.get("over"):
        status = f"**{w['over']}**"
        winners = (view.get("result") or {}).get("winners") or []
        if winners:
            label = w["shared_win"] if len(winners) > 1 else w["winner"]
            status += SEP + label + w["colon"] + w["sep"].join(f"**{names[s]}**" for s in winners)
        return status
    if view.get("ended"):  # ended unfinished by vote: no round end to come
        head = w["setup"] if view.get("phase") == "setup" else w["round"].format(n=view["round"])
        return f"**{head}{SEP}{w['ended']}**"
    if view.get("phase") == "setup":
        return f"**{w['setup']}**"
    status = f"**{w['round'].format(n=view['round'])}**"
    if view.get("final_left") is not None:
        status += SEP + w["last_turns"].format(n=view["final_left"])
    elif view.get("trigger") is not None:
        status += SEP + w["round_ends"]
    return status


def _prompt(view: dict[str, Any], names: list[str], loc: str, short: bool = False) -> list[str]:
    """Who must decide what now ("▶ Alice: main action: …"), the words the image's band
    uses (``prompt``), broken into lines of ``LINE``; none when nobody decides (over, ended)."""
    what = prompt.decision(view, loc, short)
    seats = prompt.acting(view)
    if not what or not seats:
        return []
    who = prompt.HEAD["sep"][loc].join(names[s] for s in seats)  # plain: the seat lines bold names
    line = prompt.HEAD["acts"][loc].format(who=who, what=what)
    if _width(line) <= LINE:
        return [line]
    head = prompt.HEAD["acts"][loc].format(who="", what="").rstrip()  # "▶ :" without who and what
    marker, colon = head[:2], head[2:]
    out = _wrap(marker, [names[s] for s in seats])
    out[-1] += colon
    return [*out, what]


def _tile(code: str, loc: str) -> str:
    """A tile's type (``1V3`` → village), as ``describe`` names it."""
    letter = code[1] if len(code) >= 2 else code
    return localised(TILE[letter], loc) if letter in TILE else code


def _with_farm(view: dict[str, Any], code: str, text: str, loc: str, drop: frozenset[str]) -> str:
    """``text`` with the farm types printed on ``code``, if it is a farm."""
    types = (view.get("farm_types") or {}).get(code)
    if not types:
        return text
    if "farm_long" in drop:
        said = "/".join(farm_labels(list(types), loc) or [])
    else:
        said = farm_label(list(types), loc)
    return _t("farm", loc).format(tile=text, types=said)


def _slot(view: dict[str, Any], index: int, code: str | None, loc: str, drop: frozenset[str]) -> str:
    if not code:
        return f"{index + 1} {_t('empty_slot', loc)}"
    return f"{index + 1} " + _with_farm(view, code, _tile(code, loc), loc, drop)


def _bonus_supply(view: dict[str, Any], w: dict[str, str], loc: str, drop: frozenset[str]) -> list[str]:
    """Each square bonus tile: its code (what ``bonus`` takes), what it gives, how many are left."""
    supply = view.get("supply") or {}
    if "bonus_words" in drop:
        return [f"{code}×{supply.get(code, 0)}" for code in BONUS_ORDER]
    return [
        _t("left", loc).format(what=f"{code} {w[f'b_{code}']}", n=supply.get(code, 0)) for code in BONUS_ORDER
    ]


def _colour_bonus(view: dict[str, Any], loc: str, drop: frozenset[str]) -> list[str]:
    """Per tile type, the values still to score: "4·2" (nobody yet), "2" (second side), "—" (gone)."""
    parts = []
    for colour in COLOURS:
        info = (view.get("colour_bonus") or {}).get(colour)
        if info is None:
            continue
        side = int(info["side"])
        first, second = info["values"]
        if side >= 2:
            if "gone" in drop:
                continue
            value = _t("dash", loc)
        else:
            value = f"{first}·{second}" if side == 0 else f"{second}"
        parts.append(f"{localised(TILE[colour], loc)} {value}")
    return parts


def _seat(
    view: dict[str, Any],
    seat: int,
    name: str,
    acting: bool,
    mine: bool,
    show_open: bool,
    drop: frozenset[str],
    w: dict[str, str],
    loc: str,
) -> list[str]:
    """A seat's lines: name and totals; counts and bonus tiles; storage; where it may build."""
    info = view["seats"][seat]
    marker = "▶ " if acting else ""
    you = w["you"] if mine else ""
    head = f"{marker}**{name}**{you}{SEP}" + _t("score", loc).format(r=info["red"], g=info["green"])
    stacks = "/".join(str(k) for k in info["stacks"])
    counts = [f"{w['cards']} {info['hand_size']}", f"{w['stacks']} {stacks}"]
    counts += [f"{w[key]} {info[key]}" for key in ("marble", "workers") if info.get(key)]
    if info.get("empty") is not None and "empty" not in drop:
        counts.append(w["empty"].format(n=info["empty"]))
    bonus = info.get("bonus") or {}
    owned = [f"{t}×{bonus[t]}" if bonus[t] > 1 else t for t in BONUS_ORDER if bonus.get(t)]
    if owned:
        counts.append(_t("bonus_own", loc).format(b=w["sep"].join(owned)))
    items = [_with_farm(view, code, item_label(code, loc), loc, drop) for code in info["storage"]]
    storage = w["storage"].format(n=len(info["storage"]), cap=info["capacity"])
    out = [head, *_wrap("", counts), *_wrap(storage + (w["colon"] if items else ""), items)]
    if show_open or info.get("geometry") is None:
        out += _estate(info, w, loc)
    return out


def _neighbours(space: str) -> list[str]:
    """The spaces touching ``space`` on the estate grid (reference §2.9; some may not exist)."""
    x, row = COLS.index(space[0]), int(space[1:])
    if x % 2 == 0:
        steps = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
    else:
        steps = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
    return [f"{COLS[x + dx]}{row + dy}" for dx, dy in steps if 0 <= x + dx < len(COLS)]


def _space_key(space: str) -> tuple[int, int]:
    return COLS.index(space[0]), int(space[1:])


def _estate(info: dict[str, Any], w: dict[str, str], loc: str) -> list[str]:
    """Where the seat may put a tile now, by tile type; before the estates are shown, its boards."""
    geometry = info.get("geometry")
    if not geometry:
        state = _t("ready", loc) if info.get("ready") else w["assembling"]
        boards = [w["boards"].format(b=" ".join(info["boards"]))] if info.get("boards") else []
        return [SEP.join([state, *boards])]
    colours: dict[str, str] = geometry["colours"]
    covered = info.get("covered") or {}
    start = localised(TILE["S"], loc)
    if not covered:  # setup: the start castle goes on a dark-green space
        if info.get("start"):
            return [f"{start} {info['start']}"]
        spaces = sorted((sp for sp, c in colours.items() if c == "K"), key=_space_key)
        return [_t("open", loc) + start + " " + " ".join(spaces)]
    free = [sp for sp in colours if sp not in covered and any(n in covered for n in _neighbours(sp))]
    groups = []
    for colour in COLOURS:
        spaces = sorted((sp for sp in free if colours[sp] == colour), key=_space_key)
        if spaces:
            groups.append(localised(TILE[colour], loc) + " " + " ".join(spaces))
    return _wrap(_t("open", loc), groups) if groups else []


def _hand(me: dict[str, Any], w: dict[str, str], loc: str, playing: bool) -> list[str]:
    """The seat's own region cards (colour and its tile type) and, in play, the tile types it
    can pay for now."""
    hand = me.get("hand") or {}
    held = [
        _t("hand_item", loc).format(colour=localised(COLOUR[c], loc), tile=localised(TILE[c], loc), n=hand[c])
        for c in COLOURS
        if hand.get(c)
    ]
    out = _wrap(f"**{w['hand']}**{w['colon']}", held or [_t("dash", loc)])
    pays = me.get("payments") or {}
    if pays and playing:
        payable = [localised(TILE[c], loc) for c in COLOURS if pays.get(c)]
        if len(payable) == len(COLOURS):
            said = _t("any_tile", loc)
        else:
            said = w["sep"].join(payable) if payable else _t("dash", loc)
        out.append(w["pays"].format(p=said))
    return out
