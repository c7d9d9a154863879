"""The words of ``cogs.comeback`` (en, zh-TW, zh-CN)."""

from __future__ import annotations

COMEBACK_UI: dict[str, dict[str, str]] = {
    "note_saved": {"en": "Your note on this game is saved (only you can see it):", "zh-TW": "已儲存你在這局的筆記(只有你看得到):", "zh-CN": "已保存你在这局的笔记(只有你看得到):"},
    "note_shown": {"en": "Your note on this game (only you can see it):", "zh-TW": "你在這局的筆記(只有你看得到):", "zh-CN": "你在这局的笔记(只有你看得到):"},
    "note_none": {
        "en": "You keep no note on this game. `/note text:…` writes one (only you will see it).",
        "zh-TW": "你在這局還沒有筆記。用 `/note text:…` 寫一則(只有你看得到)。",
        "zh-CN": "你在这局还没有笔记。用 `/note text:…` 写一则(只有你看得到)。",
    },
    "note_cleared": {"en": "Your note on this game is deleted.", "zh-TW": "已刪除你在這局的筆記。", "zh-CN": "已删除你在这局的笔记。"},
    "note_in_hand": {"en": "📝 Your note: {text}", "zh-TW": "📝 你的筆記:{text}", "zh-CN": "📝 你的笔记:{text}"},
    "finished_none": {
        "en": "You have no finished games yet.",
        "zh-TW": "你還沒有已結束的遊戲。",
        "zh-CN": "你还没有已结束的游戏。",
    },
    "finished_title": {
        "en": "**Your finished games** (page {page} of {pages}, {total} in all)",
        "zh-TW": "**你已結束的遊戲**(第 {page}/{pages} 頁,共 {total} 局)",
        "zh-CN": "**你已结束的游戏**(第 {page}/{pages} 页,共 {total} 局)",
    },
    "finished_place": {"en": "place {place} of {players} ({score})", "zh-TW": "{players} 人中第 {place} 名({score} 分)", "zh-CN": "{players} 人中第 {place} 名({score} 分)"},
    "finished_left": {"en": "left the game", "zh-TW": "中途離開", "zh-CN": "中途离开"},
    "finished_timed_out": {"en": "time ran out", "zh-TW": "時間用盡", "zh-CN": "时间用尽"},
    "finished_unfinished": {"en": "ended early", "zh-TW": "提前結束", "zh-CN": "提前结束"},
    "record_ended": {
        "en": "The game's record: every public event and every move with its player.",
        "zh-TW": "這局的紀錄:所有公開事件與每一步行動及其玩家。",
        "zh-CN": "这局的记录:所有公开事件与每一步行动及其玩家。",
    },
    "record_running": {
        "en": "The game's record so far: its public events (the moves themselves once the game has ended).",
        "zh-TW": "這局目前的紀錄:公開事件(遊戲結束後才列出每一步行動)。",
        "zh-CN": "这局目前的记录:公开事件(游戏结束后才列出每一步行动)。",
    },
}

COMEBACK_UI.update({
    "since_button": {"en": "Since my turn", "zh-TW": "我上一步之後", "zh-CN": "我上一步之后"},
    "replay_posted": {
        "en": "{game} #{id}: the whole game, {turns} turns.",
        "zh-TW": "{game} 第 {id} 局:整局重播,共 {turns} 步。",
        "zh-CN": "{game} 第 {id} 局:整局重播,共 {turns} 步。",
    },
    "speed.slow": {"en": "slow", "zh-TW": "慢", "zh-CN": "慢"},
    "speed.normal": {"en": "normal", "zh-TW": "一般", "zh-CN": "一般"},
    "speed.fast": {"en": "fast", "zh-TW": "快", "zh-CN": "快"},
})

COMEBACK_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "opt.since": {"en": "Only the moves since your own last one", "zh-TW": "只看你上一步之後的行動", "zh-CN": "只看你上一步之后的行动"},
    "since.me": {"en": "me", "zh-TW": "我", "zh-CN": "我"},
    "replay": {"en": "The whole game as an animated picture", "zh-TW": "整局遊戲的動畫重播", "zh-CN": "整局游戏的动画重播"},
    "opt.speed": {"en": "How fast the turns go by", "zh-TW": "播放速度", "zh-CN": "播放速度"},
    "note": {"en": "Your private note on the game here", "zh-TW": "你在這局的私人筆記", "zh-CN": "你在这局的私人笔记"},
    "opt.note_text": {"en": "The note (replaces the one you keep)", "zh-TW": "筆記內容(取代原有的)", "zh-CN": "笔记内容(取代原有的)"},
    "opt.note_clear": {"en": "Delete your note", "zh-TW": "刪除你的筆記", "zh-CN": "删除你的笔记"},
    "opt.finished": {"en": "Your finished games instead", "zh-TW": "改列已結束的遊戲", "zh-CN": "改列已结束的游戏"},
    "game.record": {"en": "The record file of the game here", "zh-TW": "這局的紀錄檔", "zh-CN": "这局的记录文件"},
}
