"""The Castles of Burgundy as text: a rules view → short Discord-markdown lines.

Why: in channels where the bot may not attach files the players saw only whose turn it was, and
Burgundy cannot be played from that. These lines carry what the picture shows that a move depends
on: phase, round and white die; the six numbered depots and the black depot with their tiles and
goods; the bonus tiles still open; per player (in turn order) VP, dice, silverlings, workers,
goods, stored tiles and empty spaces. The seat of a private view (``/hand``) also gets its estate
in words — spaces filled per colour and the open spaces (next to its tiles) grouped by die
number, so each stored tile's possible places can be read off — plus the knowledge tiles' effects.

The game has no hidden information, so a private view shows nothing a public one could not; it
only adds detail. The estate itself (37 hexes) has no text form: it is summarised.

Tile and colour names are the words ``describe`` prints for moves (``rules/burgundy/texts.py``);
render must not import rules (tests/test_layering.py), so they are copied into :data:`WORDS`
and a test checks that the copies still match. Words the picture already has come from
``render.burgundy.style``. When the text would run past its budget (1,100 characters public,
1,500 private), optional parts are dropped in a fixed order (:data:`DROP_ORDER`).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from typing import Any

from render import kit
from render.burgundy import band
from render.burgundy.style import COLOUR_ORDER, word

LOCALES = ("en", "zh-TW", "zh-CN")
PUBLIC_BUDGET = 1100
PRIVATE_BUDGET = 1500
DROP_ORDER: tuple[str, ...] = (
    "act_estate",
    "empty",
    "sold",
    "legend",
    "filled",
    "order_head",
    "round_goods",
    "full_names",
    "rivals",
)
"""Optional parts, dropped one after another (first = first to go) until the text fits: the
acting seat's estate in a public view, empty-space counts, sold goods, the effects of every
knowledge tile in sight (after that, as many as still fit: :func:`_legend`), spaces filled per
colour, the "Turn order" heading, the round goods still to come; then the two long English names
get short forms ("carpenter", "knowl. 12"); last, only in extreme cases (full depots, every player
with three goods kinds and a full storage), the goods and storage of seats neither acting nor
viewing. Past that, whole lines are cut from the end (never seen in play)."""
WIDTH = 90
"""Widest line wanted, in columns (a Chinese character takes two)."""

L = dict[str, str]


def _t(en: str, tw: str, cn: str) -> L:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


# ---- words the picture does not have, and the rules' component names (copied; see the module doc) ----
WORDS: dict[str, L] = {
    # "tile_<code>": ``rules.burgundy.texts.TILE_NAMES`` (the apostrophe typographic, as Discord shows
    # it); "colour_<code>": ``COLOUR_NAMES``, the estate colours
    "tile_CAS": _t("castle", "城堡", "城堡"),
    "tile_MIN": _t("mine", "礦場", "矿场"),
    "tile_SHP": _t("ship", "船隻", "船只"),
    "tile_COW": _t("cattle", "牛", "牛"),
    "tile_SHE": _t("sheep", "羊", "羊"),
    "tile_PIG": _t("pigs", "豬", "猪"),
    "tile_HEN": _t("chickens", "雞", "鸡"),
    "tile_WAR": _t("warehouse", "倉庫", "仓库"),
    "tile_CAR": _t("carpenter’s workshop", "木匠工作坊", "木匠的工作坊"),
    "tile_CHU": _t("church", "教堂", "教堂"),
    "tile_MAR": _t("market", "市場", "市场"),
    "tile_BOA": _t("boarding house", "宿舍", "宿舍"),
    "tile_BAN": _t("bank", "銀行", "银行"),
    "tile_CIT": _t("city hall", "市政廳", "市政厅"),
    "tile_WAT": _t("watchtower", "瞭望台", "瞭望台"),
    "tile_JOK": _t("joker", "百搭板塊", "百搭板块"),
    "colour_C": _t("castle", "城堡", "城堡"),
    "colour_A": _t("pasture", "牧場", "牧场"),
    "colour_S": _t("river", "河流", "河流"),
    "colour_M": _t("mine", "礦場", "矿场"),
    "colour_B": _t("city", "城市", "城市"),
    "colour_K": _t("knowledge", "知識", "知识"),
    "animal": _t("{n} {a}", "{a}×{n}", "{a}×{n}"),
    "knowledge": _t("knowledge {n}", "知識板塊{n}", "知识板块{n}"),
    "knowledge_short": _t("knowl. {n}", "知識{n}", "知识{n}"),
    "carpenter_short": _t("carpenter", "木匠工作坊", "木匠的工作坊"),
    "depots": _t("Depots", "儲藏區", "储藏区"),
    "depot_goods": _t("goods {g}", "貨物{g}", "货物{g}"),
    "head": _t("Phase {p} · round {r}/5", "階段{p} · 第{r}/5回合", "阶段{p} · 第{r}/5回合"),
    "setup": _t("Setup", "準備階段", "准备阶段"),
    "silver": _t("Silver", "銀幣", "银币"),
    "workers": _t("Workers", "工人", "工人"),
    "you_mark": _t(" (you)", "（你）", "（你）"),
    "every_colour": _t("{v} in every colour", "各顏色皆為{v}", "各颜色皆为{v}"),
    "filled_head": _t("Filled", "已填", "已填"),
    "open_head": _t("Open spaces by die — ", "可放空格 — ", "可放空格 — "),
    "open_die": _t("{n}: {s}", "{n}點：{s}", "{n}点：{s}"),
    "legend_cell": _t("{n} ({e})", "{n}（{e}）", "{n}（{e}）"),
    "castle_head": _t("Castle spaces", "城堡空格", "城堡空格"),
    "none": _t("none", "無", "无"),
    "estate_of": _t("Estate of {p}", "{p}的莊園", "{p}的庄园"),
    # solo: a round is one turn; "round 11/25" beside the header's "round 1/5" read as a contradiction
    "solo_round": _t("turn {r}/25", "第{r}/25輪", "第{r}/25轮"),
    "final_row": _t("{k}. {p} {v} VP", "{k}. {p} {v}分", "{k}. {p} {v}分"),
    "comma": _t(", ", "、", "、"),
    "colon": _t(": ", "：", "："),
}
SEP = " · "


class _Words:
    """Word lookup in one language: this module's table first, then the picture's."""

    def __init__(self, locale: str, short: bool = False) -> None:
        self.locale = locale
        self.short = short

    def __call__(self, key: str, **kw: Any) -> str:
        entry = WORDS.get(key)
        text = entry.get(self.locale, entry["en"]) if entry else word(key, self.locale)
        return text.format(**kw) if kw else text

    @property
    def comma(self) -> str:
        return self("comma")

    @property
    def colon(self) -> str:
        return self("colon")

    def tile(self, code: str) -> str:
        """The tile's name as ``describe`` prints it (knowledge tiles without their effect)."""
        if code.startswith("K") and code[1:].isdigit():
            return self("knowledge_short" if self.short else "knowledge", n=int(code[1:]))
        if code == "CAR" and self.short:
            return self("carpenter_short")
        if len(code) == 4 and code[3].isdigit() and f"tile_{code[:3]}" in WORDS:
            return self("animal", n=code[3], a=self(f"tile_{code[:3]}"))
        return self(f"tile_{code}") if f"tile_{code}" in WORDS else code

    def colour(self, code: str) -> str:
        return self(f"colour_{code}") if f"colour_{code}" in WORDS else "?"

    def tiles(self, codes: Iterable[Any]) -> str:
        return self.comma.join(self.tile(str(c)) for c in codes if isinstance(c, str) and c) or "—"


def width(text: str) -> int:
    """Columns ``text`` takes on screen: Chinese characters are two columns wide."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrap(head: str, cells: list[str], sep: str = SEP) -> list[str]:
    """``head`` followed by ``cells`` joined with ``sep``, broken into indented lines of at most
    :data:`WIDTH` columns."""
    return _flow(head, [("" if k == 0 else sep, cell) for k, cell in enumerate(cells)])


def _flow(head: str, tokens: list[tuple[str, str]]) -> list[str]:
    """``head`` followed by (joint, text) tokens, broken into indented lines of at most :data:`WIDTH`
    columns; a break inside a list keeps its comma at the end of the line (a token wider than a
    line stays whole)."""
    out = [head]
    for joint, token in tokens:
        if joint and width(out[-1] + joint + token) > WIDTH - 2:  # 2: room for a trailing comma
            if joint != SEP:
                out[-1] += joint.rstrip()
            out.append("   " + token)
        else:
            out[-1] += joint + token
    return out


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _goods(counts: dict[int, int], w: _Words) -> str:
    """Goods by kind, ``3×2, 5`` (kinds are numbered 1-6, as in "sell all your goods 3")."""
    return w.comma.join(f"{k}×{n}" if n > 1 else str(k) for k, n in sorted(counts.items()) if n > 0)


def _counted(kinds: Iterable[Any]) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in kinds:
        if isinstance(k, int):
            out[k] = out.get(k, 0) + 1
    return out


def _by_kind(counts: Any) -> dict[int, int]:
    """A view's six counts per goods kind → {kind: count}."""
    return {k + 1: _int(n) for k, n in enumerate(counts or []) if _int(n) > 0}


def _dice(estate: dict[str, Any]) -> str:
    dice = [str(v) for v in estate.get("dice") or [] if isinstance(v, int)]
    return " ".join(dice) or "—"


def _acting(view: dict[str, Any]) -> set[int]:
    if view.get("ended"):  # ended unfinished by vote: nobody is to act
        return set()
    return {s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0}


def _current(view: dict[str, Any]) -> int | None:
    """The seat whose turn it is; none once the game was ended unfinished by vote."""
    current = view.get("current")
    return current if isinstance(current, int) and not view.get("ended") else None


# ---- estate summary -----------------------------------------------------------------------------------
def _spaces(estate: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in estate.get("spaces") or [] if isinstance(s, dict)]


def _neighbours(spaces: list[dict[str, Any]], rivers: Any) -> list[set[int]]:
    """Adjacency from the hex centres (neighbours are one hex width apart) plus the solo river links."""
    xy = [(float(s.get("x") or 0.0), float(s.get("y") or 0.0)) for s in spaces]
    near: list[set[int]] = [set() for _ in spaces]
    for i, a in enumerate(xy):
        for j in range(i + 1, len(xy)):
            if abs(math.dist(a, xy[j]) - 1.0) < 0.05:
                near[i].add(j)
                near[j].add(i)
    for pair in rivers or []:
        if isinstance(pair, list | tuple) and len(pair) == 2:
            a, b = _int(pair[0], -1), _int(pair[1], -1)
            if 0 <= a < len(near) and 0 <= b < len(near):
                near[a].add(b)
                near[b].add(a)
    return near


def open_spaces(estate: dict[str, Any]) -> list[int]:
    """Empty spaces next to a placed tile: where a tile may go (the number and colour aside)."""
    spaces = _spaces(estate)
    near = _neighbours(spaces, estate.get("rivers"))
    return [
        i for i, s in enumerate(spaces) if not s.get("tile") and any(spaces[j].get("tile") for j in near[i])
    ]


def _space_no(space: dict[str, Any], index: int) -> int:
    return _int(space.get("i"), index)


def _estate_lines(estate: dict[str, Any], w: _Words, parts: set[str]) -> list[str]:
    """Spaces filled per colour, and the open spaces by die number ("2: river 17, city 10")."""
    spaces = _spaces(estate)
    if not spaces:
        return []
    out = []
    if "filled" in parts:
        cells = []
        for colour in COLOUR_ORDER:
            mine = [s for s in spaces if s.get("colour") == colour]
            if mine:
                done = sum(1 for s in mine if s.get("tile"))
                cells.append(f"{w.colour(colour)} {done}/{len(mine)}")
        out += _wrap(w("filled_head") + w.colon, cells)
    if not any(s.get("tile") for s in spaces):  # the start castle is still to be placed
        castles = [str(_space_no(s, i)) for i, s in enumerate(spaces) if s.get("colour") == "C"]
        out += _wrap(w("castle_head") + w.colon, castles, w.comma)
        return out
    by_die: dict[int, list[str]] = {}
    for i in open_spaces(estate):
        s = spaces[i]
        by_die.setdefault(_int(s.get("n")), []).append(f"{w.colour(str(s.get('colour')))} {_space_no(s, i)}")
    tokens: list[tuple[str, str]] = []
    for n, names in sorted(by_die.items()):
        tokens.append(("" if not tokens else SEP, w("open_die", n=n, s=names[0])))
        tokens += [(w.comma, name) for name in names[1:]]
    out += _flow(w("open_head"), tokens or [("", w("none"))])
    return out


# ---- sections -------------------------------------------------------------------------------------------
def _header(view: dict[str, Any], w: _Words, names: list[str], parts: set[str]) -> list[str]:
    status = str(view.get("status") or "play")
    if status == "over":  # the post says "game over"; the final table heads the text
        return [] if isinstance(view.get("final"), dict) else [f"**{w('over')}**"]
    if status == "setup":
        head = f"**{w('title')}**{SEP}{w('setup')}"
        if view.get("ended"):
            head += f"{SEP}**{w('ended')}**"
    else:
        phase = str(view.get("phase") or "A")
        ended = SEP + w("ended") if view.get("ended") else ""
        head = "**" + w("head", p=phase, r=_int(view.get("round"))) + ended + "**"
        white = view.get("white_die")
        if isinstance(white, int):
            head += f"{SEP}{w('white')} {white}"
        goods = [str(g) for g in view.get("round_goods") or [] if isinstance(g, int)]
        if goods and "round_goods" in parts:
            head += f"{SEP}{w('round_goods')} {w.comma.join(goods)}"
    out = [head]
    if view.get("ended"):  # nobody is to act: no prompt, no chance line
        return out
    # the same words as the image's band, for every decision the rules wait for (the ordinary
    # turn included, not only effect prompts); the seat's own line carries the ▶ and the name
    what = band.decision(view, w.locale)
    if what:
        out.append("▶ " + what)
    elif view.get("chance"):
        out.append(w("chance"))
    return out


def _depots(view: dict[str, Any], w: _Words) -> list[str]:
    """Each numbered depot's tiles (slot order) and goods, then the black depot; nothing while all
    are still empty (setup)."""
    depots = [d for d in view.get("depots") or [] if isinstance(d, dict)]
    black = [w.tile(str(t)) for t in view.get("black_depot") or [] if isinstance(t, str) and t]
    filled = any(s.get("tile") for d in depots for s in d.get("slots") or [] if isinstance(s, dict))
    if not (black or filled or any(d.get("goods") for d in depots)):
        return []
    out = [f"**{w('depots')}**"]
    for k, depot in enumerate(depots):
        n = _int(depot.get("n"), k + 1)
        slots = [s.get("tile") for s in depot.get("slots") or [] if isinstance(s, dict)]
        line = f"{n}{w.colon}{w.tiles(slots)}"
        goods = _goods(_counted(depot.get("goods") or []), w)
        if goods:
            line += SEP + w("depot_goods", g=goods)
        out.append(line)
    out += _wrap(f"**{w('black')}**{w.colon}", black or ["—"], w.comma)
    return out


def _bonus(view: dict[str, Any], w: _Words) -> list[str]:
    """Bonus tiles still to win, "large/small" (or just the small one once the large is taken)."""
    tiles = view.get("bonus_tiles")
    if view.get("solo") or not isinstance(tiles, dict):
        return []
    cells: dict[str, str] = {}
    for colour in COLOUR_ORDER:
        entry = tiles.get(colour) if isinstance(tiles.get(colour), dict) else {}
        values = [str(v) for v in (entry.get("large"), entry.get("small")) if isinstance(v, int)]
        if values:
            cells[colour] = "/".join(values)
    if not cells:
        return []
    if len(cells) == len(COLOUR_ORDER) and len(set(cells.values())) == 1:
        text = w("every_colour", v=next(iter(cells.values())))
    else:
        text = SEP.join(f"{w.colour(c)} {v}" for c, v in cells.items())
    return [f"**{w('bonus')}**{w.colon}{text}"]


def _player_lines(
    view: dict[str, Any], estate: dict[str, Any], w: _Words, names: list[str], parts: set[str]
) -> list[str]:
    seat = _int(estate.get("seat"))
    name = names[seat] if 0 <= seat < len(names) else f"S{seat + 1}"
    over = view.get("status") == "over"
    mark = "▶ " if seat in _acting(view) else ("✓ " if estate.get("played") and not over else "")
    vp = _int(estate.get("total_vp"), _int(estate.get("vp")))
    first = f"{mark}**{name}**"
    if view.get("seat") == seat:
        first += w("you_mark")
    vp_text = f"{vp} {w('vp')}" if w.locale == "en" else f"{vp}{w('vp')}"
    first += f" {vp_text}{SEP}{w('dice')} {_dice(estate)}"
    first += (
        f"{SEP}{w('silver')} {_int(estate.get('silver'))}{SEP}{w('workers')} {_int(estate.get('workers'))}"
    )
    second = []
    goods = _goods(_by_kind(estate.get("goods")), w)
    second.append(f"{w('goods')} {goods or '—'}")
    second.append(f"{w('storage')}{w.colon}{w.tiles(estate.get('storage') or [])}")
    if "sold" in parts and view.get("seat") == seat:
        sold = _goods(_by_kind(estate.get("sold")), w)
        if sold:
            second.append(f"{w('sold')} {sold}")
    if not _spaces(estate):
        second.append(w("not_dealt"))
    elif "empty" in parts:
        second.append(f"{_upper_first(w('empty'))} {_int(estate.get('empty'))}")
    if "rivals" not in parts and seat not in _acting(view) and seat != view.get("seat"):
        return [first]
    return [first, *_wrap("   ", second)]


def _players(view: dict[str, Any], w: _Words, names: list[str], parts: set[str]) -> list[str]:
    estates = {_int(e.get("seat")): e for e in view.get("estates") or [] if isinstance(e, dict)}
    order = [s for s in view.get("turn_order") or [] if isinstance(s, int) and s in estates]
    order += [s for s in sorted(estates) if s not in order]
    out = [f"**{w('order')}**"] if "order_head" in parts and not view.get("solo") else []
    for seat in order:
        out += _player_lines(view, estates[seat], w, names, parts)
    return out


def _solo(view: dict[str, Any], w: _Words) -> list[str]:
    solo = view.get("solo_track")
    if not isinstance(solo, dict):
        return []
    estates = [e for e in view.get("estates") or [] if isinstance(e, dict)]
    line = SEP.join(
        (
            f"{w('solo_counter')} {_int(solo.get('counter'))}",
            f"{w('solo_target')} {_int(solo.get('target'))}",
            w("solo_round", r=_int(view.get("round_total"))),
        )
    )
    if estates and _spaces(estates[0]):
        line += f"{SEP}{w('filled')} {37 - _int(estates[0].get('empty'))}/37"
    return [line]


def _final(view: dict[str, Any], w: _Words, names: list[str]) -> list[str]:
    final = view.get("final")
    if not isinstance(final, dict):
        return []
    solo = final.get("solo")
    if isinstance(solo, dict):
        won = bool(solo.get("won"))
        cells = [f"{_int(solo.get('filled'))}/37 {w('filled')}", w("solo_round", r=_int(solo.get("round")))]
        rows = [r for r in final.get("rows") or [] if isinstance(r, dict)]
        if rows and isinstance(rows[0].get("in_game"), int):
            cells.append(
                f"{rows[0]['in_game']} {w('vp')}" if w.locale == "en" else f"{rows[0]['in_game']}{w('vp')}"
            )
        return [f"**{w('solo_won') if won else w('solo_lost')}**", SEP.join(cells)]
    rows = {r.get("seat"): r for r in final.get("rows") or [] if isinstance(r, dict)}
    ranking = [s for s in final.get("ranking") or [] if s in rows]
    ranking += [s for s in rows if s not in ranking]
    out = [f"**{w('final')}**"]
    if ranking and isinstance(ranking[0], int) and 0 <= ranking[0] < len(names):
        out[0] += f"{SEP}**{names[ranking[0]]}** {w('winner')}"
    for k, seat in enumerate(ranking):
        row = rows[seat]
        name = f"**{names[seat]}**" if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        out.append(
            w("final_row", k=k + 1, p=name, v=_int(row.get("total")))
            + f"{SEP}{w('col_empty')} {_int(row.get('empty'))}"
        )
        cells = [
            f"{w('col_' + key)} {_int(row.get(key))}"
            for key in ("in_game", "knowledge", "goods", "silver", "workers")
        ]
        out.append("   " + SEP.join(cells))
    note = _tie_note(final, rows, ranking, w)
    if note:
        out.append(note)
    return out


def _tie_note(final: dict[str, Any], rows: dict[Any, dict[str, Any]], ranking: list[Any], w: _Words) -> str:
    if len(ranking) < 2:
        return ""
    first, second = rows[ranking[0]], rows[ranking[1]]
    if first.get("total") != second.get("total"):
        return ""
    if first.get("empty") != second.get("empty"):
        rule = "tie_more_empty" if final.get("tiebreak") == "bga" else "tie_fewer_empty"
    else:
        rule = "tie_order"
    return w("tie", points=first.get("total"), rule=w(rule))


def _legend_codes(view: dict[str, Any]) -> list[str]:
    """Knowledge tiles whose effect is worth a line, most useful first: the seat's own stored and
    placed ones (a private view), those on offer in the depots and the black depot, the others'
    stored ones, then those placed in the acting seat's estate."""
    estates = [e for e in view.get("estates") or [] if isinstance(e, dict)]
    me = [e for e in estates if e.get("seat") == view.get("seat")]
    groups: list[Iterable[Any]] = [t for e in me for t in (e.get("storage") or [], e.get("knowledge") or [])]
    for depot in view.get("depots") or []:
        if isinstance(depot, dict):
            groups.append([s.get("tile") for s in depot.get("slots") or [] if isinstance(s, dict)])
    groups.append(view.get("black_depot") or [])
    groups += [e.get("storage") or [] for e in estates if e not in me]
    groups += [e.get("knowledge") or [] for e in estates if e not in me and e.get("seat") == _current(view)]
    out: list[str] = []
    for group in groups:
        for code in sorted(str(c) for c in group if isinstance(c, str)):
            if code.startswith("K") and code[1:].isdigit() and code not in out:
                out.append(code)
    return out


def _legend(view: dict[str, Any], w: _Words, room: int | None) -> list[str]:
    """What the knowledge tiles in sight do, "12 (take tiles ±1 free)": all of them, or as many
    as fit in ``room`` characters (a newline included), the most useful first."""
    effects = view.get("knowledge_effects")
    if not isinstance(effects, dict) or view.get("status") == "over":
        return []
    head = f"**{w('knowledge_legend')}**{w.colon}"
    cells: list[str] = []
    for code in _legend_codes(view):
        texts = effects.get(code)
        text = (texts.get(w.locale) or texts.get("en")) if isinstance(texts, dict) else None
        if not isinstance(text, str) or not text:
            continue
        cell = w("legend_cell", n=int(code[1:]), e=text.replace("'", "’"))
        if room is None or len("\n".join(_wrap(head, [*cells, cell]))) + 1 <= room:
            cells.append(cell)
    return _wrap(head, cells) if cells else []


def _compose(view: dict[str, Any], w: _Words, names: list[str], parts: set[str]) -> list[str]:
    out = _header(view, w, names, parts)
    over = view.get("status") == "over"
    if over:
        out += _final(view, w, names)
    else:
        out += _solo(view, w)
        out += _depots(view, w)
        out += _bonus(view, w)
        out += _players(view, w, names, parts)
    estates = {_int(e.get("seat")): e for e in view.get("estates") or [] if isinstance(e, dict)}
    seat = view.get("seat")
    if not over and isinstance(seat, int) and seat in estates:
        lines = _estate_lines(estates[seat], w, parts)
        if lines:
            out.append("**" + _upper_first(w("you")) + "**")
            out += lines
    elif not over and "act_estate" in parts:
        current = _current(view)
        acting = current if current is not None else next(iter(sorted(_acting(view))), None)
        if acting in estates:
            lines = _estate_lines(estates[acting], w, parts)
            if lines:
                out.append("**" + w("estate_of", p=names[acting]) + "**")
                out += lines
    if "legend" in parts:
        out += _legend(view, w, None)
    return out


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def lines(view: dict[str, Any]) -> list[str]:
    """The board of ``view`` as short Discord-markdown lines in ``view["locale"]`` (English otherwise)."""
    locale = view.get("locale")
    locale = locale if locale in LOCALES else "en"
    players = max(1, _int(view.get("players")) or len(view.get("estates") or []) or 1)
    names = kit.seat_names(view, players)
    private = isinstance(view.get("seat"), int)
    budget = PRIVATE_BUDGET if private else PUBLIC_BUDGET
    parts = set(DROP_ORDER)
    out = _compose(view, _Words(locale), names, parts)
    for part in DROP_ORDER:
        if len("\n".join(out)) <= budget:
            break
        parts.discard(part)
        out = _compose(view, _Words(locale, short="full_names" not in parts), names, parts)
    if "legend" not in parts:
        out += _legend(view, _Words(locale), budget - len("\n".join(out)))
    while len("\n".join(out)) > budget and len(out) > 1:  # a last guard: no real view comes here
        out = [*out[:-2], "…"]
    return out
