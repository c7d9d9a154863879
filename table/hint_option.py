"""The table option ``hints=off|solo|on`` (``table.hints``), apart so that ``table.options`` can
offer it without importing the service's mixins."""

from __future__ import annotations

from rules import Option

KEY = "hints"
OFF, SOLO, ON = "off", "solo", "on"
OPTION = Option(
    KEY,
    (OFF, SOLO, ON),
    SOLO,
    label={
        "en": "/hint (the AI's top moves, privately): off, solo (only with at most one human at the table) or on",
        "zh-TW": "/hint(私下顯示 AI 的最佳著法):off 關閉、solo(桌上最多一位真人時)或 on 開啟",
        "zh-CN": "/hint(私下显示 AI 的最佳着法):off 关闭、solo(桌上最多一位真人时)或 on 开启",
    },
)


def allowed(mode: str, humans: int) -> bool:
    """Whether a table with ``humans`` human seats allows hints under ``mode``."""
    return mode == ON or (mode == SOLO and humans <= 1)
