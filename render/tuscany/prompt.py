"""What the seat to act must decide now, in words: the summary band's headline and the text
board's prompt line say the same thing.

Why: a returning player used to see only "To act: Alice" — not whether Alice is assembling her
estate, taking a bonus tile after a city, or being offered the marble action. Every decision type
the rules have (``rules.tuscany.moves.legal``: the host's start player and preset boards, the
simultaneous ``assemble`` and ``start`` choices, a bonus tile in setup or after a city, the
castle's free tile, and the turn's step: main action, marble offer, extra action) has its words
here, read only from the view (render imports nothing from rules).
"""

from __future__ import annotations

from typing import Any

from render.tuscany.style import known_locale


def _t(en: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


DECISIONS: dict[str, dict[str, str]] = {
    "first": _t("choose who starts", "選擇起始玩家", "选择起始玩家"),
    "preset": _t(
        "choose the region boards of seat {n}", "選擇第 {n} 位的區域圖板", "选择第 {n} 位的区域图板"
    ),
    "assemble": _t(
        "assemble the estate from boards {b} (pictured below)",
        "用圖板 {b} 組合區域(見下圖)",
        "用图板 {b} 组合区域(见下图)",
    ),
    "assemble_many": _t(
        "each assembles an estate from the 3 boards dealt", "各自用發到的 3 塊圖板組合區域",
        "各自用发到的 3 块图板组合区域",
    ),
    "start": _t(
        "put the start castle on a dark-green space", "把起始城堡放在深綠色格上", "把起始城堡放在深绿色格上"
    ),
    "bonus_setup": _t(
        "take a bonus tile (RC ST MA WO YI)", "拿一塊獎勵板塊(RC ST MA WO YI)", "拿一块奖励板块(RC ST MA WO YI)"
    ),
    "bonus_city": _t(
        "city built: take a bonus tile", "蓋了城市：拿一塊獎勵板塊", "盖了城市：拿一块奖励板块"
    ),
    "castle": _t(
        "castle built: put a display tile on a matching space for free, or pass",
        "蓋了城堡：免費把場中央一塊板塊放到同色格上，或放棄",
        "盖了城堡：免费把场中央一块板块放到同色格上，或放弃",
    ),
    "main": _t(
        "main action: draw region cards, take a tile or place a tile",
        "主要行動：抽區域牌、拿板塊或放置板塊",
        "主要行动：抽区域牌、拿板块或放置板块",
    ),
    "offer": _t(
        "spend 1 marble for an extra action, or end the turn",
        "花 1 個大理石多做一個行動，或結束回合",
        "花 1 个大理石多做一个行动，或结束回合",
    ),
    "extra": _t(
        "extra action (marble): draw, take or place",
        "額外行動(大理石)：抽牌、拿板塊或放置板塊",
        "额外行动(大理石)：抽牌、拿板块或放置板块",
    ),
    "chance": _t("revealing…", "翻牌中…", "翻牌中…"),
}
"""The words of each decision type (``decision_key``)."""

STEP: dict[str, dict[str, str]] = {
    "main": _t("main action", "主要行動", "主要行动"),
    "offer": _t("marble offer", "大理石行動", "大理石行动"),
    "extra": _t("extra action", "額外行動", "额外行动"),
}
"""The turn's step for the band's stage line."""

HEAD: dict[str, dict[str, str]] = {
    "acts": _t("▶ {who}: {what}", "▶ {who}：{what}", "▶ {who}：{what}"),
    "wins": _t("{who} wins — {score}", "{who} 獲勝 — {score}", "{who} 获胜 — {score}"),
    "share": _t("{who} share the win — {score}", "{who} 並列獲勝 — {score}", "{who} 并列获胜 — {score}"),
    "ended": _t("Ended early (unfinished)", "提前結束(未完成)", "提前结束(未完成)"),
    "sep": _t(", ", "、", "、"),
}


def acting(view: dict[str, Any]) -> list[int]:
    """The seats whose decision is pending (none while chance resolves or once the game ended)."""
    if view.get("over") or view.get("ended"):
        return []
    return [s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0]


def _viewer(view: dict[str, Any]) -> int | None:
    """The seat whose private view this is (None for the public view)."""
    return view.get("seat") if view.get("me") is not None else None


def decision_key(view: dict[str, Any]) -> str | None:
    """Which decision is pending: a key of ``DECISIONS``; None at the end."""
    if view.get("over") or view.get("ended"):
        return None
    if view.get("to_act") == [-1]:
        return "chance"
    if not acting(view):
        return None
    pending = view.get("pending")
    if pending == "wait":
        assembling = any(info.get("ready") is not None for info in view["seats"])
        if not assembling:
            return "start"
        return "assemble" if len(acting(view)) == 1 or _viewer(view) in acting(view) else "assemble_many"
    if pending == "bonus":
        return "bonus_setup" if view.get("phase") == "setup" else "bonus_city"
    if pending in ("first", "preset", "castle"):
        return str(pending)
    stage = view.get("stage")
    return str(stage) if stage in ("offer", "extra") else "main"


def decision(view: dict[str, Any], locale: str, short: bool = False) -> str:
    """What the seat(s) to act must decide, in words; "" when nobody is to decide. ``short``
    names a turn's step alone ("main action"), for a text board that is over its budget."""
    key = decision_key(view)
    if key is None:
        return ""
    loc = known_locale(locale)
    text = STEP[key][loc] if short and key in STEP else DECISIONS[key][loc]
    if key == "preset":
        tasks = (view.get("flow") or {}).get("tasks") or []
        seat = tasks[0][1] if tasks and len(tasks[0]) > 1 else 0
        return text.format(n=int(seat) + 1)
    if key == "assemble":
        viewer = _viewer(view)
        seat = viewer if viewer in acting(view) else acting(view)[0]
        return text.format(b=" ".join(view["seats"][seat].get("boards") or []) or "—")
    return text


def headline(view: dict[str, Any], names: list[str], scores: list[int], locale: str) -> str:
    """The band's headline: "▶ Alice: main action: …"; at the end the winner(s) and their red
    points, or that the game ended unfinished."""
    loc = known_locale(locale)
    sep = HEAD["sep"][loc]
    if view.get("over"):
        winners = (view.get("result") or {}).get("winners") or []
        if winners:
            key = "share" if len(winners) > 1 else "wins"
            return HEAD[key][loc].format(who=sep.join(names[s] for s in winners), score=scores[winners[0]])
    if view.get("ended") or view.get("over"):
        return HEAD["ended"][loc]
    what = decision(view, locale)
    who = sep.join(names[s] for s in acting(view))
    if not who:
        return what
    return HEAD["acts"][loc].format(who=who, what=what)


def step(view: dict[str, Any], locale: str) -> str:
    """The turn's step (main action, marble offer, extra action) while a turn is on; else ""."""
    if view.get("phase") != "play" or view.get("pending") or view.get("ended"):
        return ""
    stage = view.get("stage")
    return STEP[stage][known_locale(locale)] if stage in STEP else ""

