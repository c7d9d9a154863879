"""The table option that makes a game rated (``ranked=true``).

It lives apart from ``table.records`` (which applies it) because ``table.options`` offers it on
every table, and ``table.records`` is a mixin of the service: importing it from the option list
would close an import circle (core → options → records → core).
"""

from __future__ import annotations

from rules import Option

KEY = "ranked"
OPTION = Option(
    KEY,
    (False, True),
    False,
    label={
        "en": "rated game: the result changes the players' ratings (at least two humans)",
        "zh-TW": "積分對局:結果會改變玩家的積分(至少兩位真人玩家)",
        "zh-CN": "积分对局:结果会改变玩家的积分(至少两位真人玩家)",
    },
    players=(2, 3, 4),
)
