"""The words of hints (``table.hints``): refusals and the hint itself (en, zh-TW, zh-CN)."""

from __future__ import annotations

HINT_MESSAGES: dict[str, dict[str, str]] = {
    "hints_off": {
        "en": "This table does not allow hints (option `hints=off`).",
        "zh-TW": "這張桌子不允許提示(選項 `hints=off`)。",
        "zh-CN": "这张桌子不允许提示(选项 `hints=off`)。",
    },
    "hints_solo_only": {
        "en": "Hints are allowed only with at most one human at the table (solo games, games against bots); the host may open a table with `hints=on`.",
        "zh-TW": "只有桌上最多一位真人玩家時(單人遊戲、對戰機器人)才允許提示;開局者可用 `hints=on` 開桌。",
        "zh-CN": "只有桌上最多一位真人玩家时(单人游戏、对战机器人)才允许提示;开局者可用 `hints=on` 开桌。",
    },
    "hint_not_player": {
        "en": "Only a player of this game can ask for a hint.",
        "zh-TW": "只有這局的玩家能要求提示。",
        "zh-CN": "只有这局的玩家能要求提示。",
    },
    "hint_not_your_turn": {
        "en": "A hint is for your own decision, and you have none to make right now.",
        "zh-TW": "提示是給你自己的決定用的,而你現在沒有要做的決定。",
        "zh-CN": "提示是给你自己的决定用的,而你现在没有要做的决定。",
    },
    "hint_failed": {
        "en": "The hint could not be worked out just now; please ask again.",
        "zh-TW": "暫時無法算出提示,請再試一次。",
        "zh-CN": "暂时无法算出提示,请再试一次。",
    },
}

HINT_TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "The AI's top moves for you (only you see this):", "zh-TW": "AI 為你建議的最佳著法(只有你看得到):", "zh-CN": "AI 为你建议的最佳着法(只有你看得到):"},
    "line": {"en": "{rank}. {words} (`{action}`) — {estimate}", "zh-TW": "{rank}. {words}(`{action}`)— {estimate}", "zh-CN": "{rank}. {words}(`{action}`)— {estimate}"},
    "strong": {"en": "strong, about {pct}% to win", "zh-TW": "很有利,勝率約 {pct}%", "zh-CN": "很有利,胜率约 {pct}%"},
    "even": {"en": "about even, {pct}% to win", "zh-TW": "勢均力敵,勝率約 {pct}%", "zh-CN": "势均力敌,胜率约 {pct}%"},
    "weak": {"en": "behind, about {pct}% to win", "zh-TW": "處於劣勢,勝率約 {pct}%", "zh-CN": "处于劣势,胜率约 {pct}%"},
}
