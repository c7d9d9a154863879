"""The words of ``cogs.hints`` (en, zh-TW, zh-CN); the hint itself is worded in ``table.hint_texts``."""

from __future__ import annotations

HINT_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "hint": {
        "en": "The AI's top 3 moves for your own position (privately)",
        "zh-TW": "AI 為你目前局面建議的三個最佳著法(私下顯示)",
        "zh-CN": "AI 为你目前局面建议的三个最佳着法(私下显示)",
    },
}
