"""Words of "coming back to a game": private notes, the finished-games list (en, zh-TW, zh-CN)."""

from __future__ import annotations

COMEBACK_MESSAGES: dict[str, dict[str, str]] = {
    "note_too_long": {
        "en": "A note holds at most {limit} characters (yours has {size}); shorten it and send it again.",
        "zh-TW": "筆記最多 {limit} 個字元(你的有 {size} 個);請縮短後再送出。",
        "zh-CN": "笔记最多 {limit} 个字符(你的有 {size} 个);请缩短后再发送。",
    },
    "note_not_player": {
        "en": "Only the players of this game keep notes on it.",
        "zh-TW": "只有這局的玩家能寫筆記。",
        "zh-CN": "只有这局的玩家能写笔记。",
    },
    "story_automa": {"en": "Automa", "zh-TW": "自動機", "zh-CN": "自动机"},
    "story_final": {"en": "Final score", "zh-TW": "最終分數", "zh-CN": "最终分数"},
    "story_led": {"en": "Turns in the lead", "zh-TW": "領先的回合", "zh-CN": "领先的回合"},
    "story_best_turn": {"en": "Best single turn", "zh-TW": "單回合最高得分", "zh-CN": "单回合最高得分"},
    "story_title": {"en": "{game} — the story of game #{id}", "zh-TW": "{game} — 第 {id} 局的故事", "zh-CN": "{game} — 第 {id} 局的故事"},
    "replay_never_started": {
        "en": "This game never started: there is nothing to replay.",
        "zh-TW": "這局從未開始:沒有可重播的內容。",
        "zh-CN": "这局从未开始:没有可重播的内容。",
    },
    "replay_host_only": {
        "en": "While a game runs, only its host (or a moderator) can replay it; everyone can once it has ended.",
        "zh-TW": "遊戲進行中只有開局者(或管理員)能重播;結束後所有人都可以。",
        "zh-CN": "游戏进行中只有开局者(或管理员)能重播;结束后所有人都可以。",
    },
    "replay_no_moves": {
        "en": "Nobody has moved yet: there is nothing to replay.",
        "zh-TW": "還沒有人行動:沒有可重播的內容。",
        "zh-CN": "还没有人行动:没有可重播的内容。",
    },
    "since_head": {"en": "**Since your last turn:**", "zh-TW": "**自你上一步以來:**", "zh-CN": "**自你上一步以来:**"},
    "since_head_start": {"en": "**Since the game began** (you have not moved yet):", "zh-TW": "**自遊戲開始以來**(你還沒行動過):", "zh-CN": "**自游戏开始以来**(你还没行动过):"},
    "since_more_of": {"en": " (+{count})", "zh-TW": "(另 {count} 項)", "zh-CN": "(另 {count} 项)"},
    "since_and_more": {
        "en": "…and {count} more: `/log since:me`",
        "zh-TW": "…還有 {count} 項:`/log since:me`",
        "zh-CN": "…还有 {count} 项:`/log since:me`",
    },
    "since_nothing": {"en": "Nobody else has moved since your last turn.", "zh-TW": "自你上一步以來沒有其他人行動。", "zh-CN": "自你上一步以来没有其他人行动。"},
    "since_nothing_start": {
        "en": "Nobody has moved yet in this game.",
        "zh-TW": "這局還沒有人行動。",
        "zh-CN": "这局还没有人行动。",
    },
    "since_silent": {"en": "made a move", "zh-TW": "行動了一步", "zh-CN": "行动了一步"},
    "since_not_player": {
        "en": "You are not playing in this game: `/log` shows its recent moves.",
        "zh-TW": "你不在這局遊戲中:`/log` 可查看最近的行動。",
        "zh-CN": "你不在这局游戏中:`/log` 可查看最近的行动。",
    },
}
