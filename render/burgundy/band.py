"""The Castles of Burgundy's summary band: who acts, what they must decide, the stage, the scores.

Why: a returning player looks at the image once, on a phone. The band (drawn by ``render.kit``)
answers "whose turn, what must they decide, what just happened, who is winning" in words; this
module only chooses the words. Every decision the rules can wait for has its own sentence: the
two setup choices (estate board, start castle), the ordinary turn (spend the dice, buy, end), and
each effect prompt (castle's free action, ship, warehouse, carpenter, church, market, city hall,
the solo goods exchange and colour reward). The text board prints the same sentence
(``textview``), so image and text never disagree.

render must not import rules: the words are this module's own (the rules' prompt kinds are listed
in ``rules/burgundy/VIEW.md``; a test checks that every kind the rules can raise has a sentence).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from render import kit
from render.burgundy.style import PROMPTS, seat_colour, word

L = dict[str, str]
LOCALES = ("en", "zh-TW", "zh-CN")


def _t(en: str, tw: str, cn: str) -> L:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


DECIDE: dict[str, L] = {
    # the ordinary turn
    "turn_dice": _t(
        "use a die ({dice}): take, place, sell or workers; or buy, or end the turn",
        "使用骰子（{dice}）：拿板塊、放板塊、賣貨或拿工人；或購買，或結束回合",
        "使用骰子（{dice}）：拿板块、放板块、卖货或拿工人；或购买，或结束回合",
    ),
    "turn_done": _t(
        "buy from the black depot or end the turn",
        "從黑色儲藏區購買，或結束回合",
        "从黑色储藏区购买，或结束回合",
    ),
    # the effect prompts and the setup choices: the words the picture's header and the text
    # board also use (``style.PROMPTS``), one sentence per kind
    **PROMPTS,
}
"""What the seat to act must decide, by prompt kind (and ``turn_dice``/``turn_done`` without one)."""

PROMPT_KINDS: tuple[str, ...] = (
    "free",
    "ship",
    "warehouse",
    "carpenter",
    "church",
    "market",
    "city_hall",
    "swap",
    "reward",
    "board",
    "castle",
)
"""Every ``view["prompt"]["kind"]`` the rules raise (VIEW.md)."""

WORDS: dict[str, L] = {
    "acts": _t("▶ {name}: {what}", "▶ {name}：{what}", "▶ {name}：{what}"),
    "or": _t(" or ", "或", "或"),
    "drawing": _t("Drawing tiles and dice…", "抽取板塊與擲骰中…", "抽取板块与掷骰中…"),
    "wins": _t("{name} wins — {vp} VP", "{name} 獲勝 — {vp} 分", "{name} 获胜 — {vp} 分"),
    "wins_tie": _t(
        "{name} wins — {vp} VP (tie: {rule})",
        "{name} 獲勝 — {vp} 分（同分：{rule}）",
        "{name} 获胜 — {vp} 分（同分：{rule}）",
    ),
    "solo_won": _t("{name} filled the estate — won", "{name} 填滿莊園 — 勝利", "{name} 填满庄园 — 胜利"),
    "solo_lost": _t(
        "{name} did not fill the estate — lost", "{name} 未填滿莊園 — 失敗", "{name} 未填满庄园 — 失败"
    ),
    "setup": _t("Setup", "準備階段", "准备阶段"),
    "stage": _t("Phase {p} · round {r}/5", "階段 {p} · 第 {r}/5 回合", "阶段 {p} · 第 {r}/5 回合"),
    "solo_stage": _t("Phase {p} · turn {t}/25", "階段 {p} · 第 {t}/25 輪", "阶段 {p} · 第 {t}/25 轮"),
    "over": _t("Game over", "遊戲結束", "游戏结束"),
    "vp": _t("{vp} VP", "{vp} 分", "{vp} 分"),
    "tie_fewer_empty": _t("fewer empty spaces", "空格較少", "空格较少"),
    "tie_more_empty": _t("more empty spaces", "空格較多", "空格较多"),
    "tie_order": _t("later in turn order", "順位較後", "顺位较后"),
}


def _w(key: str, locale: str, **kw: Any) -> str:
    entry = WORDS[key]
    return entry.get(locale, entry["en"]).format(**kw)


def _locale(view: dict[str, Any]) -> str:
    locale = view.get("locale")
    return locale if locale in LOCALES else "en"


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) else default


def players(view: dict[str, Any]) -> int:
    return max(1, _int(view.get("players")) or len(view.get("estates") or []) or 1)


def bare_names(view: dict[str, Any]) -> list[str]:
    """Each seat's name without a bot suffix (the table's ``bare_names``; else the names)."""
    count = players(view)
    bare = view.get("bare_names")
    if isinstance(bare, list) and len(bare) >= count:
        return [str(n) if n else f"S{i + 1}" for i, n in enumerate(bare[:count])]
    return kit.seat_names(view, count)


def acting_seat(view: dict[str, Any]) -> int | None:
    """The seat whose decision is pending (None while chance resolves, at the end, once ended)."""
    if view.get("ended") or view.get("status") == "over":
        return None
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0]
    return to_act[0] if to_act else None


def decision_key(view: dict[str, Any]) -> str | None:
    """Which :data:`DECIDE` sentence the acting seat faces (None when nobody acts)."""
    seat = acting_seat(view)
    if seat is None:
        return None
    prompt = view.get("prompt")
    if isinstance(prompt, dict) and prompt.get("kind") in DECIDE:
        return str(prompt["kind"])
    estate = _estate(view, seat)
    return "turn_dice" if [d for d in estate.get("dice") or [] if isinstance(d, int)] else "turn_done"


def decision(view: dict[str, Any], locale: str | None = None) -> str | None:
    """What the acting seat must decide, in words (no name): "ship: load the goods of one depot"."""
    locale = locale or _locale(view)
    key = decision_key(view)
    if key is None:
        return None
    seat = acting_seat(view)
    dice = [str(d) for d in _estate(view, seat or 0).get("dice") or [] if isinstance(d, int)]
    entry = DECIDE[key]
    return entry.get(locale, entry["en"]).format(dice=_w("or", locale).join(dice))


def _estate(view: dict[str, Any], seat: int) -> dict[str, Any]:
    for estate in view.get("estates") or []:
        if isinstance(estate, dict) and estate.get("seat") == seat:
            return estate
    return {}


def final_places(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(place, seat, points) best first. A finished game's ranking is the rules' (its tie-breaks
    always decide, so places are distinct); a game ended unfinished ranks by the VP so far, and
    equal VP share one place ("1, 1, 3")."""
    count = players(view)
    standings = view.get("standings")
    if isinstance(standings, dict):  # the table's: the rules' own ranking and shared places
        ranking, places = standings.get("ranking") or [], standings.get("places") or []
        scores = standings.get("scores") or []
        return [
            (_int(place, k + 1), seat, _int(scores[seat]) if seat < len(scores) else 0)
            for k, (seat, place) in enumerate(zip(ranking, places, strict=False))
            if isinstance(seat, int) and 0 <= seat < count
        ]
    final = view.get("final")
    if isinstance(final, dict) and not isinstance(final.get("solo"), dict):
        rows = {r.get("seat"): r for r in final.get("rows") or [] if isinstance(r, dict)}
        ranking = [s for s in final.get("ranking") or [] if isinstance(s, int) and s in rows]
        return [(k + 1, s, _int(rows[s].get("total"))) for k, s in enumerate(ranking)]
    scores = [_int(v) for v in view.get("scores") or []][:count]
    scores += [0] * (count - len(scores))
    order = sorted(range(count), key=lambda s: -scores[s])
    out: list[tuple[int, int, int]] = []
    for k, seat in enumerate(order):
        place = out[-1][0] if out and out[-1][2] == scores[seat] else k + 1
        out.append((place, seat, scores[seat]))
    return out


def tie_rule(view: dict[str, Any]) -> str | None:
    """The :data:`WORDS` key of the tie-break that decided first place, if points were level."""
    final = view.get("final")
    if not isinstance(final, dict) or isinstance(final.get("solo"), dict):
        return None
    rows = {r.get("seat"): r for r in final.get("rows") or [] if isinstance(r, dict)}
    ranking = [s for s in final.get("ranking") or [] if s in rows]
    if len(ranking) < 2 or rows[ranking[0]].get("total") != rows[ranking[1]].get("total"):
        return None
    if rows[ranking[0]].get("empty") != rows[ranking[1]].get("empty"):
        return "tie_more_empty" if final.get("tiebreak") == "bga" else "tie_fewer_empty"
    return "tie_order"


def headline(view: dict[str, Any]) -> str:
    """Who acts and what they must decide; at the end, who won (or that the game ended early)."""
    locale = _locale(view)
    names = bare_names(view)
    if view.get("ended"):
        return word("ended", locale)  # the same words as every game's ended image
    final = view.get("final")
    if view.get("status") == "over" or isinstance(final, dict):
        solo = final.get("solo") if isinstance(final, dict) else None
        if isinstance(solo, dict):
            return _w("solo_won" if solo.get("won") else "solo_lost", locale, name=names[0])
        places = final_places(view)
        if not places:
            return _w("over", locale)
        _, seat, vp = places[0]
        rule = tie_rule(view)
        name = names[seat] if seat < len(names) else f"S{seat + 1}"
        if rule:
            return _w("wins_tie", locale, name=name, vp=vp, rule=_w(rule, locale))
        return _w("wins", locale, name=name, vp=vp)
    seat = acting_seat(view)
    if seat is None:
        return _w("drawing", locale)
    name = names[seat] if seat < len(names) else f"S{seat + 1}"
    return _w("acts", locale, name=name, what=decision(view, locale))


def stage(view: dict[str, Any]) -> str:
    """ "Phase B · round 2/5"; solo, where each round is one turn: "Phase C · turn 11/25"."""
    locale = _locale(view)
    if view.get("status") == "setup":
        return _w("setup", locale)
    if view.get("status") == "over":
        return _w("over", locale)
    phase = str(view.get("phase") or "A")
    if view.get("solo") or players(view) == 1:
        return _w("solo_stage", locale, p=phase, t=_int(view.get("round_total")))
    return _w("stage", locale, p=phase, r=_int(view.get("round")))


def seat_scores(view: dict[str, Any]) -> list[str]:
    """Each seat's VP as the band shows it: final totals once over, else the VP gained so far."""
    count = players(view)
    totals = {seat: vp for _, seat, vp in final_places(view)} if isinstance(view.get("final"), dict) else {}
    out = []
    for seat in range(count):
        estate = _estate(view, seat)
        vp = totals.get(seat, _int(estate.get("total_vp"), _int(estate.get("vp"))))
        out.append(str(vp))
    return out


def band(view: dict[str, Any]) -> kit.Band:
    """The summary band of ``view`` (``render.kit`` draws it on top of the image)."""
    count = players(view)
    colours = [seat_colour(s) for s in range(count)]
    # each swatch carries the seat number, as the seat markers on the board do (colour-blind safe)
    seats = [replace(s, tag=str(k + 1)) for k, s in enumerate(kit.band_seats(view, colours, seat_scores(view)))]
    return kit.Band(headline=headline(view), stage=stage(view), seats=seats, last=kit.last_text(view))
