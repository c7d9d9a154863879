"""What the seat to act must decide now in the card game, in words: the summary band's headline
and the text board's prompt line.

Why: the board used to say "drawing cards…" or only "Alice to act" where a decision waited. Every
decision the rules have (``rules.burgundy_cards.moves.decisions``: the host's start player, a turn's
start — play a hand card or buy —, the purchase to keep or use, a pending question of a card's
effect, and the turn's end) has its words here, read from the view alone (render imports nothing
from rules).
"""

from __future__ import annotations

from typing import Any

from render.burgundy_cards.style import QUESTIONS, pick


def _t(en: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


DECISIONS: dict[str, dict[str, str]] = {
    "first": _t("choose who starts", "選擇起始玩家", "选择起始玩家"),
    "start": _t(
        "play a hand card: take, build, sell, workers or silver",
        "打出一張手牌：拿取、建造、出售、工人或銀幣",
        "打出一张手牌：拿取、建造、出售、工人或银币",
    ),
    "start_buy": _t("play a hand card, or buy a card", "打出一張手牌，或購買一張卡", "打出一张手牌，或购买一张卡"),
    "buy": _t(
        "keep one bought card or use one now ({cards})",
        "保留或立刻使用一張購買的卡({cards})",
        "保留或立刻使用一张购买的卡({cards})",
    ),
    "after": _t("end the turn", "結束回合", "结束回合"),
    "after_buy": _t("end the turn or buy a card", "結束回合或購買一張卡", "结束回合或购买一张卡"),
    "chance": _t("drawing cards…", "抽卡中…", "抽卡中…"),
}
"""Decision words by ``decision_key``; a pending question uses ``style.QUESTIONS``."""

BUY_COST = 3
"""Silver a purchase costs: a copy of ``rules.burgundy_cards.data.BUY_COST`` (a test keeps it equal)."""

HEAD: dict[str, dict[str, str]] = {
    "acts": _t("▶ {who}: {what}", "▶ {who}：{what}", "▶ {who}：{what}"),
    "decides": _t("{who} decides: {what}", "{who} 決定：{what}", "{who} 决定：{what}"),
    "question": _t("{q} ({card})", "{q}({card})", "{q}({card})"),
    "wins": _t("{who} wins — {score} VP", "{who} 獲勝 — {score}分", "{who} 获胜 — {score}分"),
    "share": _t("{who} share the win — {score} VP", "{who} 並列獲勝 — {score}分", "{who} 并列获胜 — {score}分"),
    "solo_won": _t("{who} won: {score} VP ≥ {target}", "{who} 獲勝：{score}分 ≥ {target}", "{who} 获胜：{score}分 ≥ {target}"),
    "solo_lost": _t("{who} lost: {score} VP < {target}", "{who} 失敗：{score}分 < {target}", "{who} 失败：{score}分 < {target}"),
    "ended": _t("Ended early (unfinished)", "提前結束(未完成)", "提前结束(未完成)"),
    "sep": _t(", ", "、", "、"),
}


def known(locale: str | None) -> str:
    return locale if locale in ("en", "zh-TW", "zh-CN") else ("zh-TW" if str(locale).startswith("zh") else "en")


def acting(view: dict[str, Any]) -> list[int]:
    """Seats whose decision is pending (none while a card is drawn or once the game ended)."""
    if view.get("status") == "over" or view.get("ended"):
        return []
    return [s for s in view.get("to_act") or [] if isinstance(s, int) and s >= 0]


def can_buy(view: dict[str, Any]) -> bool:
    """Whether ``buy`` is open to the seat to act, as far as the view shows (§5.5: silver, deck,
    the purchase limit): a hint in the prompt only; the move menu has the rules' answer."""
    seat = view.get("current")
    if seat is None or view.get("shown") or not (view.get("deck") or view.get("discard")):
        return False
    flow = view.get("flow") or {}
    turn = flow.get("turn") or {}
    limit = (view.get("options") or {}).get("buys_per_turn", 1)
    if limit != "unlimited" and int(turn.get("buys") or 0) >= int(limit):
        return False
    return int(view["estates"][seat]["silver"]) >= BUY_COST


def decision_key(view: dict[str, Any]) -> str | None:
    """Which decision waits: a key of ``DECISIONS``, or ``"question"``; None at the end."""
    if view.get("status") == "over" or view.get("ended"):
        return None
    if view.get("chance") and not acting(view):
        return "chance"
    if not acting(view):
        return None
    if (view.get("flow") or {}).get("await") == "first":
        return "first"
    stage = view.get("stage")
    if stage == "pending" and view.get("pending"):
        return "question"
    if stage == "buy":
        return "buy"
    if stage == "after":
        return "after_buy" if can_buy(view) else "after"
    return "start_buy" if can_buy(view) else "start"


def decision(view: dict[str, Any], locale: str, card_name: Any = None) -> str:
    """The decision's words; ``card_name(code)`` names a card (default: its code)."""
    key = decision_key(view)
    if key is None:
        return ""
    loc = known(locale)
    name = card_name or (lambda code: code)
    if key == "question":
        pending = view["pending"]
        q = pick(QUESTIONS, pending["q"], loc)
        return HEAD["question"][loc].format(q=q, card=name(pending["card"])) if pending.get("card") else q
    if key == "buy":
        sep = HEAD["sep"][loc]
        return DECISIONS[key][loc].format(cards=sep.join(name(c) for c in view.get("shown") or []))
    return DECISIONS[key][loc]


def headline(view: dict[str, Any], names: list[str], locale: str) -> str:
    """"▶ Alice: play a hand card: …"; at the end the winner(s) and their VP (solo: won or lost
    against the target), or that the game ended unfinished."""
    loc = known(locale)
    sep = HEAD["sep"][loc]
    final = view.get("final")
    if view.get("status") == "over" and final:
        if "solo" in final:
            solo = final["solo"]
            key = "solo_won" if solo["won"] else "solo_lost"
            return HEAD[key][loc].format(who=names[0], score=solo["score"], target=solo["target"])
        winners = [s for s, place in zip(final["ranking"], final["places"], strict=True) if place == 1]
        score = view["estates"][winners[0]]["score"]["total"]
        key = "share" if len(winners) > 1 else "wins"
        return HEAD[key][loc].format(who=sep.join(names[s] for s in winners), score=score)
    if view.get("ended") or view.get("status") == "over":
        return HEAD["ended"][loc]
    what = decision(view, locale)
    who = sep.join(names[s] for s in acting(view))
    return HEAD["acts"][loc].format(who=who, what=what) if who else what
