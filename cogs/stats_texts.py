"""The words of ``/stats``, ``/leaderboard`` and the rating lines of a final post (en, zh-TW, zh-CN)."""

from __future__ import annotations

STATS_UI: dict[str, dict[str, str]] = {
    "stats_title": {"en": "**{name}** — {what}", "zh-TW": "**{name}** 的統計 — {what}", "zh-CN": "**{name}** 的统计 — {what}"},
    "stats_all_games": {"en": "all games", "zh-TW": "所有遊戲", "zh-CN": "所有游戏"},
    "stats_rating": {
        "en": "Rating {conservative} (skill {mu} ± {sigma}, {games} rated games){rank}",
        "zh-TW": "積分 {conservative}(實力 {mu} ± {sigma},{games} 場積分對局){rank}",
        "zh-CN": "积分 {conservative}(实力 {mu} ± {sigma},{games} 场积分对局){rank}",
    },
    "stats_rank": {"en": " — #{rank} of {total} {where}", "zh-TW": " — {where}第 {rank} 名(共 {total} 人)", "zh-CN": " — {where}第 {rank} 名(共 {total} 人)"},
    "stats_unrated": {
        "en": "No rating yet: rated tables (`ranked=true`, two humans or more) give one.",
        "zh-TW": "尚無積分:積分對局(`ranked=true`,至少兩位真人)才會計分。",
        "zh-CN": "尚无积分:积分对局(`ranked=true`,至少两位真人)才会计分。",
    },
    "stats_games": {
        "en": "Games {games} · wins {wins} ({rate}) · places {places}",
        "zh-TW": "對局 {games} · 勝 {wins}({rate})· 名次 {places}",
        "zh-CN": "对局 {games} · 胜 {wins}({rate})· 名次 {places}",
    },
    "stats_place": {"en": "{place}.×{count}", "zh-TW": "第{place}名×{count}", "zh-CN": "第{place}名×{count}"},
    "stats_finished": {
        "en": "Finished {finished} of {games} ({rate}) · {pace} per move",
        "zh-TW": "完成 {finished}/{games}({rate})· 每步 {pace}",
        "zh-CN": "完成 {finished}/{games}({rate})· 每步 {pace}",
    },
    "stats_best": {
        "en": "Best game: place {place} with {score} ({title}, {date})",
        "zh-TW": "最佳對局:第 {place} 名,{score} 分({title},{date})",
        "zh-CN": "最佳对局:第 {place} 名,{score} 分({title},{date})",
    },
    "stats_opponents": {"en": "Plays most with: {who}", "zh-TW": "最常同桌:{who}", "zh-CN": "最常同桌:{who}"},
    "stats_none": {
        "en": "{name} has no finished games yet.",
        "zh-TW": "{name} 還沒有結束的對局。",
        "zh-CN": "{name} 还没有结束的对局。",
    },
    "stats_private": {
        "en": "{name} keeps their statistics private.",
        "zh-TW": "{name} 將統計設為不公開。",
        "zh-CN": "{name} 将统计设为不公开。",
    },
    "stats_here": {"en": "in this server", "zh-TW": "本伺服器", "zh-CN": "本服务器"},
    "stats_everywhere": {"en": "everywhere", "zh-TW": "全部伺服器", "zh-CN": "全部服务器"},
    "versus_title": {"en": "**{a}** vs **{b}** — {what}", "zh-TW": "**{a}** 對 **{b}** — {what}", "zh-CN": "**{a}** 对 **{b}** — {what}"},
    "versus_line": {
        "en": "{games} games together: {a} placed above {b} {a_above}×, {b} above {a} {b_above}×, level {level}×",
        "zh-TW": "同桌 {games} 場:{a} 名次高於 {b} {a_above} 次,{b} 高於 {a} {b_above} 次,同名次 {level} 次",
        "zh-CN": "同桌 {games} 场:{a} 名次高于 {b} {a_above} 次,{b} 高于 {a} {b_above} 次,同名次 {level} 次",
    },
    "versus_none": {
        "en": "{a} and {b} have not finished a game together.",
        "zh-TW": "{a} 與 {b} 還沒有一起完成過對局。",
        "zh-CN": "{a} 与 {b} 还没有一起完成过对局。",
    },
    "versus_self": {"en": "Pick two different players.", "zh-TW": "請選兩位不同的玩家。", "zh-CN": "请选两位不同的玩家。"},
    "board_title": {
        "en": "**Leaderboard — {title}** ({where}; page {page} of {pages}, {total} players with {min}+ rated games)",
        "zh-TW": "**排行榜 — {title}**({where};第 {page}/{pages} 頁,共 {total} 位玩家,至少 {min} 場積分對局)",
        "zh-CN": "**排行榜 — {title}**({where};第 {page}/{pages} 页,共 {total} 位玩家,至少 {min} 场积分对局)",
    },
    "board_line": {
        "en": "{rank}. {name} — {conservative} ({mu} ± {sigma}, {games} games)",
        "zh-TW": "{rank}. {name} — {conservative}({mu} ± {sigma},{games} 場)",
        "zh-CN": "{rank}. {name} — {conservative}({mu} ± {sigma},{games} 场)",
    },
    "board_empty": {
        "en": "No one is on the {title} leaderboard {where} yet: it lists players with {min} or more rated games.",
        "zh-TW": "{where}的 {title} 排行榜還沒有人:至少 {min} 場積分對局才會列入。",
        "zh-CN": "{where}的 {title} 排行榜还没有人:至少 {min} 场积分对局才会列入。",
    },
    "board_no_page": {
        "en": "The leaderboard has {pages} page(s); page {page} does not exist.",
        "zh-TW": "排行榜只有 {pages} 頁,沒有第 {page} 頁。",
        "zh-CN": "排行榜只有 {pages} 页,没有第 {page} 页。",
    },
    "board_server_only": {
        "en": "A server's leaderboard needs a server: here only `scope:global` works.",
        "zh-TW": "伺服器排行榜需在伺服器中使用:這裡只能用 `scope:global`。",
        "zh-CN": "服务器排行榜需在服务器中使用:这里只能用 `scope:global`。",
    },
    "board_you": {"en": "You: #{rank}", "zh-TW": "你:第 {rank} 名", "zh-CN": "你:第 {rank} 名"},
    "rating_lines": {"en": "**Ratings**", "zh-TW": "**積分**", "zh-CN": "**积分**"},
    "rating_change": {
        "en": "{name}: {before} → {after} ({delta})",
        "zh-TW": "{name}:積分 {before} → {after}({delta})",
        "zh-CN": "{name}:积分 {before} → {after}({delta})",
    },
    "stats_set": {
        "en": "Your statistics are now {state}.",
        "zh-TW": "你的統計現在是{state}。",
        "zh-CN": "你的统计现在是{state}。",
    },
    "stats_public": {"en": "public", "zh-TW": "公開", "zh-CN": "公开"},
    "stats_private_choice": {"en": "private", "zh-TW": "不公開", "zh-CN": "不公开"},
    "stats_hidden": {"en": "private (hidden from leaderboards and others' /stats)", "zh-TW": "不公開(不列入排行榜,他人無法查看)", "zh-CN": "不公开(不列入排行榜,他人无法查看)"},
    "chart_title": {"en": "Rating over time", "zh-TW": "積分變化", "zh-CN": "积分变化"},
    "chart_line": {"en": "rating (leaderboard)", "zh-TW": "積分(排行榜)", "zh-CN": "积分(排行榜)"},
    "chart_band": {"en": "skill ± uncertainty", "zh-TW": "實力 ± 不確定度", "zh-CN": "实力 ± 不确定度"},
    "chart_games": {"en": "rated games", "zh-TW": "積分對局", "zh-CN": "积分对局"},
}

STATS_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "stats": {"en": "Ratings and statistics of a player", "zh-TW": "玩家的積分與統計", "zh-CN": "玩家的积分与统计"},
    "leaderboard": {"en": "The best rated players of a game", "zh-TW": "遊戲的積分排行榜", "zh-CN": "游戏的积分排行榜"},
    "opt.user": {"en": "Whose statistics (default: yours)", "zh-TW": "誰的統計(預設為你)", "zh-CN": "谁的统计(默认为你)"},
    "opt.stats_game": {"en": "One game (default: all)", "zh-TW": "單一遊戲(預設為全部)", "zh-CN": "单一游戏(默认为全部)"},
    "opt.versus": {"en": "Head-to-head against this player", "zh-TW": "與此玩家的對戰紀錄", "zh-CN": "与此玩家的对战记录"},
    "opt.bot": {"en": "A bot level instead of a user", "zh-TW": "改查機器人等級", "zh-CN": "改查机器人等级"},
    "opt.public": {"en": "Show it to everyone here", "zh-TW": "公開顯示給大家", "zh-CN": "公开显示给大家"},
    "opt.scope": {"en": "This server, or everywhere", "zh-TW": "本伺服器或全部", "zh-CN": "本服务器或全部"},
    "opt.page": {"en": "Page", "zh-TW": "頁數", "zh-CN": "页数"},
    "opt.stats": {"en": "Your statistics: public or private", "zh-TW": "你的統計:公開或不公開", "zh-CN": "你的统计:公开或不公开"},
    "scope.server": {"en": "this server", "zh-TW": "本伺服器", "zh-CN": "本服务器"},
    "scope.global": {"en": "everywhere", "zh-TW": "全部", "zh-CN": "全部"},
}
