"""The card game's board as short Discord-markdown lines, for channels where no image may be posted.

Why: without the picture a player sees only whose turn it is and cannot choose a move. These lines
carry what the picture shows, in its order: round and turn, the deck and discard counts, the result
once the game is over; the display row by row (a card is taken with its row's value); the goods and
animal piles' top cards; the triple values with the "1." bonus cards left and the "All 7" stack; a
purchase on the table and a pending question; one short block per player (VP, silver, workers, hand
and stack sizes, the start player card, Estate by colour, Projects, Storage, sold goods, bonus
cards); in a private view the seat's own hand with what each card can do now. Cards are named as
the move descriptions name them (``castle CAS3a``, ``goods pile 1``, ``dark``), goods and animals
by their kind in words (``style.store_word``), so what a player reads is what the move buttons say.

A post must stay short (:data:`BUDGET`), and four players late in the game hold a lot, so the board
is written at the richest of a few :data:`TIERS` that fits, the same abbreviation everywhere in one
post: first what is fixed or counted in the VP shown goes (triple values, sizes, score parts), then
card names where the code still identifies the card (the code is what a move types), last the
length of long player names.

Words come from the picture's tables (``style``); the few it lacks live in :data:`TEXT` here, and
the card and pile names the move descriptions use (``rules.burgundy_cards.texts``) are copied into
:data:`BUILDING_NAMES` and :data:`PILE_NAMES`, since render imports nothing from rules (a test keeps
the copies equal to their sources). The colours and their order come from the view's Estates. Only
the view is read, so a public view never shows a hand.
"""

from __future__ import annotations

from typing import Any

from render.burgundy_cards import prompt
from render.burgundy_cards.style import COLOUR_NAMES, KINDS, QUESTIONS, TITLES, pick, store_word, words

LOCALES = ("en", "zh-TW", "zh-CN")
PILES = ("g1", "g2", "a1", "a2")
BUDGET = {"public": 1100, "private": 1500}
"""Characters of the whole board (``"\\n".join``), for a public view and a seat's private view."""
LINE = 90
"""Lines are wrapped between whole parts before they pass this many characters (a phone's width)."""
NAME_CHARS = 16
"""How long a name stays in the most compact tier (four 30-character names cost 120 characters)."""


def _t(en: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


TEXT: dict[str, dict[str, str]] = {
    "triples": _t("**Triples**", "**三張一套**", "**三张一套**"),
    "first_left": _t(" (+1 = '1.' bonus left)", "(+1=剩餘「1.」獎勵卡)", "(+1=剩余「1」奖励卡)"),
    "estate": _t("Estate", "莊園", "庄园"),
    "sp": _t("start player card", "起始玩家卡", "起始玩家卡"),
    "none": _t("—", "—", "—"),
    "colon": _t(": ", "：", "："),
    "paren": _t(" ({x})", "({x})", "({x})"),
    "amount": _t("{n} {what}", "{what}{n}", "{what}{n}"),
    "tally": _t("{what} {n}", "{what}{n}", "{what}{n}"),
    "verb_obj": _t("{verb} {obj}", "{verb}{obj}", "{verb}{obj}"),
    "hand_stack": _t("hand {h} · stack {s}", "手牌{h} · 供應區{s}", "手牌{h} · 供应区{s}"),
    "sold": _t("sold {n}", "已售{n}", "已售{n}"),
    "bonus_first": _t("'1.' {c}", "「1.」{c}", "「1」{c}"),
    "bonus_all7": _t("'All 7' {n} VP", "全部七種{n}分", "所有7种{n}分"),
    "all7_stack": _t("{n} VP", "{n}分", "{n}分"),
    "card": _t("Card {slot}", "手牌{slot}", "手牌{slot}"),
    "pile": _t("{pile}: {top} ×{n}", "{pile}：{top}×{n}", "{pile}：{top}×{n}"),
    "row": _t("row {r}", "第{r}列", "第{r}列"),
}
"""Words the picture's tables do not have."""

BUILDING_NAMES: dict[str, dict[str, str]] = {
    "WAR": _t("warehouse", "倉庫", "仓库"),
    "CAR": _t("carpenter's workshop", "木匠的工作坊", "木匠的工作坊"),
    "CHU": _t("church", "教堂", "教堂"),
    "MAR": _t("market", "市場", "市场"),
    "BOA": _t("boarding house", "宿舍", "宿舍"),
    "BAN": _t("bank", "銀行", "银行"),
    "CIT": _t("city hall", "市政廳", "市政厅"),
    "WAT": _t("watchtower", "瞭望台", "瞭望台"),
}
"""The building types' names, copied from ``texts.TYPE_NAMES`` (the other card types' names are the
colour words, ``style.COLOUR_NAMES``): a card reads as the move descriptions name it."""
PILE_NAMES: dict[str, dict[str, str]] = {
    "g1": _t("goods pile 1", "貨物牌堆1", "货物牌堆1"),
    "g2": _t("goods pile 2", "貨物牌堆2", "货物牌堆2"),
    "a1": _t("animal pile 1", "動物牌堆1", "动物牌堆1"),
    "a2": _t("animal pile 2", "動物牌堆2", "动物牌堆2"),
}
"""The piles' names, copied from ``texts.PILE_NAMES`` (a move reads "Take the top card of goods pile 1")."""
ALL7_VP: dict[str, int] = {"A7-4": 4, "A7-3": 3, "A7-2": 2, "A7-1": 1}
"""The "All 7" cards' VP, copied from ``data.ALL7_VALUE`` (the view names these cards by code only)."""


def card_name(code: str, locale: str) -> str:
    """``CAS3a`` → "castle CAS3a", as ``texts.card_name`` names it (the code stays, to be typed)."""
    prefix = code[:3]
    names = BUILDING_NAMES.get(prefix) or COLOUR_NAMES.get(prefix)
    return f"{names.get(locale, names['en'])} {code}" if names else code


DROPS: tuple[str, ...] = (
    "triple_vp",  # each colour's triple VP: fixed for the game (the help has it too)
    "hand_takes",  # a hand card's uses list the display cards each value takes (then "row 4")
    "sizes",  # each player's hand and stack sizes
    "score_parts",  # sold goods and bonus cards held: they count in the VP shown
    "answers",  # a pending question's answers (the move buttons list them too)
    "project_names",  # Projects as "market MAR4a" (then the code)
    "display_names",  # display and purchased cards as "castle CAS3a" (then the code)
    "colour_words",  # Estate and "1." bonus cards by colour word (then the colour code)
    "prompt",  # the line saying who decides what (the ▶ on the player's line stays)
    "whole_names",  # player names whole (then cut to NAME_CHARS)
)
"""What a board spells out, left out in this order while it is over budget: first what is fixed or
counted elsewhere, then the names of cards whose code still identifies them, last long names."""
TIERS: tuple[frozenset[str], ...] = tuple(frozenset(DROPS[:k]) for k in range(len(DROPS) + 1))
"""The tiers tried, richest first: each leaves out one more of :data:`DROPS`."""


class _Words:
    """The words of one locale: this module's, then the picture's; card names as the rules name them (:func:`card_name`)."""

    def __init__(self, locale: str, dropped: frozenset[str]) -> None:
        self.locale = locale
        self.dropped = dropped
        self.w = words(locale)
        self.sep = self.w["sep"]

    def __getitem__(self, key: str) -> str:
        if key in TEXT:
            return pick(TEXT, key, self.locale)
        return self.w[key]

    def has(self, part: str) -> bool:
        """Whether this tier still spells out ``part`` (one of :data:`DROPS`)."""
        return part not in self.dropped

    def card(self, code: str, named: bool = True) -> str:
        return card_name(code, self.locale) if named else code

    def cards(self, codes: list[str], named: bool = True) -> str:
        """Cards in order, a type named once for a run of its cards: "cloister CLO5b, CLO3b"."""
        out = [self.card(c, named and (i == 0 or codes[i - 1][:3] != c[:3])) for i, c in enumerate(codes)]
        return self.sep.join(out) or self["none"]

    def colour(self, col: str) -> str:
        return pick(COLOUR_NAMES, col, self.locale) if self.has("colour_words") else col

    def store(self, code: str) -> str:
        return store_word(code, self.locale) or code

    def kind(self, kind: str) -> str:
        return pick(KINDS, kind, self.locale)


def lines(view: dict[str, Any]) -> list[str]:
    """The board of ``view`` (public or a seat's private view) as Discord-markdown lines."""
    locale = view.get("locale")
    locale = locale if locale in LOCALES else "en"
    budget = BUDGET["public" if view.get("me") is None else "private"]
    sections: list[tuple[int, list[str]]] = []
    for tier in TIERS:
        sections = _board(view, _Words(locale, tier))
        out = [line for _, part in sections for line in part]
        if len("\n".join(out)) <= budget:
            return out
    return _cut(sections, budget)


def _cut(sections: list[tuple[int, list[str]]], budget: int) -> list[str]:
    """Last resort, past the most compact tier: leave out the sections a move needs least (the
    bonus cards left, then the piles), then lines from the end."""
    for drop in sorted({rank for rank, _ in sections if rank}, reverse=True):
        sections = [(rank, part) for rank, part in sections if rank != drop]
        out = [line for _, part in sections for line in part]
        if len("\n".join(out)) <= budget:
            return out
    out = [line for _, part in sections for line in part]
    while len("\n".join(out)) > budget:
        out.pop()
    return out


def _short(name: str, chars: int) -> str:
    """``name`` cut to ``chars`` characters with "…" (never after a markdown escape's backslash)."""
    if not chars or len(name) <= chars:
        return name
    return name[:chars].rstrip("\\") + "…"


def _hand_of(view: dict[str, Any]) -> list[str]:
    me = view.get("me")
    return list(me.get("hand") or []) if me else []


def _board(view: dict[str, Any], w: _Words) -> list[tuple[int, list[str]]]:
    """The board's sections, each with the rank :func:`_cut` leaves it out by (0: never)."""
    players = int(view["players"])
    given = list(view.get("names") or [])
    names = [
        _short(given[i], 0 if w.has("whole_names") else NAME_CHARS)
        if i < len(given) and given[i]
        else f"S{i + 1}"
        for i in range(players)
    ]
    return [
        (0, _header(view, names, w)),
        (0, _display(view, w)),
        (2, _piles(view, w)),
        (3, _bonus(view, w)),
        (1, _table(view, w)),
        *((0, _player(view, seat, names, w)) for seat in range(players)),
        (0, _hand(view, w)),
    ]


def _header(view: dict[str, Any], names: list[str], w: _Words) -> list[str]:
    if view["status"] == "over":
        head = f"**{w['over']}**"
    else:
        head = f"**{w['round'].format(r=view['round'], t=view['turn_in_round'])}**"
        if view.get("ended"):  # ended unfinished by vote: nobody is to act
            head = f"**{w['round'].format(r=view['round'], t=view['turn_in_round'])} · {w['ended']}**"
    head += " · " + w["deck"].format(n=view["deck"], d=len(view["discard"]))
    supply = view.get("supply")  # only with supply_limits=cards
    if supply:
        head += w["supply"].format(s=supply["silver"], k=supply["workers"])
    out = [head, *_prompt(view, names, w)]
    final = view.get("final")
    if final:
        out.append(_result(final, names, w))
    if view.get("sp") is None and view.get("solo_target"):  # the start player card is on its holder's line
        out.append(w["target"].format(t=view["solo_target"]))
    return out


def _prompt(view: dict[str, Any], names: list[str], w: _Words) -> list[str]:
    """Who must decide what now ("Alice decides: play a hand card: …"; the player's own line
    carries the ▶), the band's words (``prompt``); while a card is drawn, "drawing cards…";
    nothing once the game is over or ended."""
    if not w.has("prompt") or prompt.decision_key(view) in ("question", "buy"):
        return []  # a purchase or a question is spelled out on its own line below
    what = prompt.decision(view, w.locale, lambda code: w.card(code))
    seats = prompt.acting(view)
    if not what:
        return []
    if not seats:
        return [what]
    who = prompt.HEAD["sep"][w.locale].join(names[s] for s in seats)  # plain: player lines bold names
    return [prompt.HEAD["decides"][w.locale].format(who=who, what=what)]


def _result(final: dict[str, Any], names: list[str], w: _Words) -> str:
    if "solo" in final:
        solo = final["solo"]
        title = pick(TITLES, solo["title"], w.locale)
        return w["solo_won" if solo["won"] else "solo_lost"].format(
            s=solo["score"], t=solo["target"], title=title
        )
    winners = [s for s, place in zip(final["ranking"], final["places"], strict=True) if place == 1]
    key = "winner" if len(winners) == 1 else "shared"
    return w[key].format(p=w.sep.join(f"**{names[s]}**" for s in winners))


def _display(view: dict[str, Any], w: _Words) -> list[str]:
    out = [f"**{w['display']}**"]
    if not any(view["display"]):  # between rounds and at the end
        return [out[0] + w["colon"] + w["none"]]
    for r, row in enumerate(view["display"], 1):
        out.append(f"{r}{w['colon']}{w.cards(row, w.has('display_names'))}")
    return out


def _piles(view: dict[str, Any], w: _Words) -> list[str]:
    parts = []
    for name in PILES:
        pile = view["piles"][name]
        top = w.store(pile["top"]) if pile["top"] else "?" if pile["n"] else w["none"]  # "?": being drawn
        parts.append(w["pile"].format(pile=pick(PILE_NAMES, name, w.locale), top=top, n=pile["n"]))
    return [" · ".join(parts[:2]), " · ".join(parts[2:])]


def _bonus(view: dict[str, Any], w: _Words) -> list[str]:
    """The bonus cards left: by colour the triple's VP and "+1" while its "1." card is left, or
    (more compact) the colours whose "1." card is left; then the "All 7" stack."""
    left = view["bonus1"]
    values = [str(ALL7_VP.get(c, c)) for c in view["all7"]]
    all7 = f"{w['all7']}{w['colon']}" + (
        w["all7_stack"].format(n=w.sep.join(values)) if values else w["none"]
    )
    if w.has("triple_vp"):
        vp = view.get("triple_vp") or {}
        cols = [
            w["tally"].format(what=w.colour(c), n=vp.get(c, "?")) + ("+1" if c in left else "")
            for c in view["estates"][0]["est"]  # every colour, in the rules' order
        ]
        return [f"{w['triples']}{w['first_left']} · {all7}", w.sep.join(cols)]
    return [f"{w['first']}{w['colon']}" + (w.sep.join(w.colour(c) for c in left) or w["none"]), all7]


def _table(view: dict[str, Any], w: _Words) -> list[str]:
    """A purchase on the table and the pending question (both public); neither once the game was
    ended unfinished by vote."""
    out: list[str] = []
    if view.get("ended"):
        return out
    if view.get("shown"):
        out += _labelled(f"**{w['bought']}**", w.cards(view["shown"], w.has("display_names")), w)
    pending = view.get("pending")
    if pending:
        text = f"**{w['question'].format(q=pick(QUESTIONS, pending['q'], w.locale))}**"
        if pending.get("card"):
            text += w["paren"].format(x=w.card(pending["card"]))
        answers = _answers(pending, w) if w.has("answers") else []
        out += _labelled(text, w.sep.join(answers), w) if answers else [text]
    return out


def _answers(pending: dict[str, Any], w: _Words) -> list[str]:
    """A question's answers in words (a castle's free action can be anything: none listed)."""
    out = []
    for option in pending.get("options", []):
        verb, _, arg = option.partition(" ")
        if verb in ("drop", "cityhall", "grab"):
            out.append(w.card(arg))
        elif verb == "as":
            out.append(w.colour(arg))
        elif verb == "pile" and arg in PILE_NAMES:
            out.append(pick(PILE_NAMES, arg, w.locale))
        elif verb == "sell" and arg in KINDS:  # a warehouse's "sell dark"
            out.append(w.kind(arg))
    return out


def _player(view: dict[str, Any], seat: int, names: list[str], w: _Words) -> list[str]:
    """Three groups, each on its own line(s) of :data:`LINE`, " · " between whole parts: the name,
    VP, silver, workers (hand and stack sizes, the start player card); Estate by colour and
    Projects; Storage (sold goods, bonus cards)."""
    est = view["estates"][seat]
    mark = "▶ " if view.get("current") == seat and not view.get("ended") else ""
    mine = w["you"] if view.get("me") is not None and seat == view.get("seat") else ""  # whose view
    workers = w["worker" if est["workers"] == 1 else "workers"]
    head = [
        f"{mark}**{names[seat]}**{mine}",
        w["vp"].format(n=est["score"]["total"]),
        w["amount"].format(n=est["silver"], what=w["silver"]),
        w["amount"].format(n=est["workers"], what=workers),
    ]
    if w.has("sizes"):
        head.append(w["hand_stack"].format(h=est["hand"], s=est["stack"]))
    sp = view.get("sp")
    if sp is not None and sp["holder"] == seat:
        head.append(w["sp"] + (w["paren"].format(x="?") if sp["q"] else ""))  # its "?" side up
    tally = w["tally"] if w.has("colour_words") else "{what}{n}"  # "castle 2", or "CAS2" like a code
    built = [tally.format(what=w.colour(c), n=len(cards)) for c, cards in est["est"].items() if cards]
    estate = [
        f"{w['estate']}{w['colon']}{w.sep.join(built) or w['none']}",
        f"{w['projects']}{w['colon']}{w.cards(est['proj'], w.has('project_names'))}",
    ]
    storage = [f"{w['storage']}{w['colon']}{_stored(est['goods'] + est['animals'], w)}"]
    if w.has("score_parts"):
        if est["sold"]:
            storage.append(w["sold"].format(n=len(est["sold"])))
        if est["bonus"]:
            storage.append(w["bonus_first"].format(c=w.sep.join(w.colour(b[2:]) for b in est["bonus"])))
        if est.get("all7"):
            storage.append(w["bonus_all7"].format(n=ALL7_VP.get(est["all7"], est["all7"])))
    return _flow(head) + _flow(estate) + _flow(storage)


def _stored(codes: list[str], w: _Words) -> str:
    """Goods and animals in words, equal kinds counted: "light ×2, cow"."""
    counts: dict[str, int] = {}
    for code in codes:
        word = w.store(code)
        counts[word] = counts.get(word, 0) + 1
    return w.sep.join(f"{word} ×{n}" if n > 1 else word for word, n in counts.items()) or w["none"]


def _hand(view: dict[str, Any], w: _Words) -> list[str]:
    me = view.get("me")
    if not me or not _hand_of(view):
        return []
    out = [f"**{w['your_hand']}**"]
    for use in me.get("uses", []):
        head = f"{w['card'].format(slot=use['slot'])}{w['colon']}{w.card(use['card'])} →"
        parts = []
        for option in use["uses"]:
            acts = []
            if option["take"]:
                if w.has("hand_takes"):
                    acts.append(f"{w['take']} {' '.join(option['take'])}")
                else:
                    acts.append(w["verb_obj"].format(verb=w["take"], obj=w["row"].format(r=option["value"])))
            if option["build"]:
                acts.append(f"{w['build']} {' '.join(option['build'])}")
            if option["sell"]:
                acts.append(w["verb_obj"].format(verb=w["sell"], obj=w.kind(option["sell"])))
            if acts:
                adj = w["paren"].format(x=f"{option['adj']:+d}") if option["adj"] else ""
                parts.append(f"{option['value']}{adj}{w['colon']}{w.sep.join(acts)}")
        out += _wrap(head, parts or [w["nothing"]])
    return out


def _wrap(head: str, parts: list[str]) -> list[str]:
    """``head`` then ``parts`` (" · " between them) on lines of at most :data:`LINE` characters."""
    return _flow([f"{head} {parts[0]}", *parts[1:]])


def _labelled(label: str, body: str, w: _Words) -> list[str]:
    """``label: body`` on one line, or the body on a line of its own when both pass :data:`LINE`."""
    line = f"{label}{w['colon']}{body}"
    return [line] if len(line) <= LINE else [label + w["colon"].rstrip(), body]


def _flow(parts: list[str], joint: str = " · ") -> list[str]:
    """``parts`` in order, ``joint`` between them, a new line wherever the next would pass :data:`LINE`."""
    out = [parts[0]]
    for part in parts[1:]:
        if len(out[-1]) + len(joint) + len(part) <= LINE:
            out[-1] += joint + part
        else:
            out.append(part)
    return out
