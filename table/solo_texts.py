"""The table's words for solo play against bots (``table.solo``), in en / zh-TW / zh-CN; merged
into ``table.messages``."""

from __future__ import annotations

SOLO_MESSAGES: dict[str, dict[str, str]] = {
    "dm_is_solo": {
        "en": "A game opened in our DM is a solo game, so it cannot seat {players} players. Open it in a server channel for a table of people, or use /solo opponents:{rivals} to play against bots here.",
        "zh-TW": "在私訊中開的遊戲是單人遊戲,無法容納 {players} 位玩家。要和真人同桌,請在伺服器頻道中開局;或用 /solo opponents:{rivals} 在這裡和機器人對戰。",
        "zh-CN": "在私信中开的游戏是单人游戏,无法容纳 {players} 位玩家。要和真人同桌,请在服务器频道中开局;或用 /solo opponents:{rivals} 在这里和机器人对战。",
    },
    "bad_opponents": {
        "en": "{game} can seat 1 to {most} bot opponents.",
        "zh-TW": "{game} 可以有 1 到 {most} 個機器人對手。",
        "zh-CN": "{game} 可以有 1 到 {most} 个机器人对手。",
    },
    "solo_level_alone": {
        "en": "{game} has its own solo rules, with no bot to give the level “{level}”: add opponents:1 (or more) to play against bots instead.",
        "zh-TW": "{game} 有自己的單人規則,沒有機器人可套用等級「{level}」:加上 opponents:1(或更多)改與機器人對戰。",
        "zh-CN": "{game} 有自己的单人规则,没有机器人可套用等级“{level}”:加上 opponents:1(或更多)改与机器人对战。",
    },
}
