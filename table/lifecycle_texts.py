"""The table's words for keeping games alive (bots, undo, substitutes, away mode, settings), in
en / zh-TW / zh-CN. Kept apart from ``table.messages`` (which merges them in) so the lifecycle
reads as one piece."""

from __future__ import annotations

LIFECYCLE_MESSAGES: dict[str, dict[str, str]] = {
    "no_bots": {
        "en": "{game} cannot have bot seats yet: its rules cannot tell a bot what its seat may know.",
        "zh-TW": "{game} 目前還不能有機器人座位:它的規則還無法告訴機器人其座位可以知道哪些資訊。",
        "zh-CN": "{game} 目前还不能有机器人座位:它的规则还无法告诉机器人其座位可以知道哪些信息。",
    },
    "bad_bot_level": {
        "en": "Unknown bot level “{level}”. Levels: {levels}.",
        "zh-TW": "未知的機器人等級「{level}」。可選:{levels}。",
        "zh-CN": "未知的机器人等级“{level}”。可选:{levels}。",
    },
    "bot_added": {
        "en": "{name} ({level}) takes a seat.",
        "zh-TW": "{name}({level})入座。",
        "zh-CN": "{name}({level})入座。",
    },
    "nothing_to_undo": {
        "en": "You have no move to take back.",
        "zh-TW": "你沒有可以收回的一步。",
        "zh-CN": "你没有可以收回的一步。",
    },
    "undo_after_chance": {
        "en": "That move cannot be taken back: a random outcome was revealed after it.",
        "zh-TW": "那一步無法收回:之後已揭曉了隨機結果。",
        "zh-CN": "那一步无法收回:之后已揭晓了随机结果。",
    },
    "undo_after_other": {
        "en": "That move cannot be taken back: {who} has played since.",
        "zh-TW": "那一步無法收回:{who} 之後已經行動。",
        "zh-CN": "那一步无法收回:{who} 之后已经行动。",
    },
    "undo_not_yours": {
        "en": "The last decision here was not yours to take back.",
        "zh-TW": "這裡最後一步不是你的,無法收回。",
        "zh-CN": "这里最后一步不是你的,无法收回。",
    },
    "took_back": {
        "en": "{name} took back a move: {action}.",
        "zh-TW": "{name} 收回了一步:{action}。",
        "zh-CN": "{name} 收回了一步:{action}。",
    },
    "took_back_move": {
        "en": "{name} took back a move.",
        "zh-TW": "{name} 收回了一步。",
        "zh-CN": "{name} 收回了一步。",
    },
    "undo_changed": {
        "en": "The game changed after you sent this undo (another undo or move came first); look, then undo again if you still want to.",
        "zh-TW": "你送出這次收回後,遊戲已有變化(另一次收回或行動先完成了);請先查看局面,若仍要收回請再試一次。",
        "zh-CN": "你发出这次收回后,游戏已有变化(另一次收回或行动先完成了);请先查看局面,若仍要收回请再试一次。",
    },
    "undo_revealed": {
        "en": "That move cannot be taken back: it showed you something hidden (another player's card or secret choice).",
        "zh-TW": "那一步無法收回:它讓你看到了隱藏的資訊(其他玩家的牌或秘密選擇)。",
        "zh-CN": "那一步无法收回:它让你看到了隐藏的信息(其他玩家的牌或秘密选择)。",
    },
    "replace_with_bot": {
        "en": "{name} is a bot account and could never make a move. Give the seat to a person, or let a Postern bot play it (the vote on a player's time, or /game addbot in a lobby).",
        "zh-TW": "{name} 是機器人帳號,永遠無法行動。請把座位交給真人,或讓 Postern 的機器人代打(時間用完時的投票,或在等待室用 /game addbot)。",
        "zh-CN": "{name} 是机器人账号,永远无法行动。请把座位交给真人,或让 Postern 的机器人代打(时间用完时的投票,或在等待室用 /game addbot)。",
    },
    "not_replaceable": {
        "en": "{name} has no seat in this game.",
        "zh-TW": "{name} 不在這局遊戲中。",
        "zh-CN": "{name} 不在这局游戏中。",
    },
    "already_seated": {
        "en": "{name} already has a seat in this game.",
        "zh-TW": "{name} 已經在這局遊戲中。",
        "zh-CN": "{name} 已经在这局游戏中。",
    },
    "already_seated_held": {
        "en": "{name} already has a seat in this game: a bot plays it for them for now, and /game rejoin gives it back to them. "
              "One person holds one seat of a game.",
        "zh-TW": "{name} 已經在這局遊戲中有座位:目前由機器人代打,用 /game rejoin 即可取回。一個人在一局遊戲中只能有一個座位。",
        "zh-CN": "{name} 已经在这局游戏中有座位:目前由机器人代打,用 /game rejoin 即可取回。一个人在一局游戏中只能有一个座位。",
    },
    "rejoin_already_seated": {
        "en": "You already play another seat in this game, and one person holds one seat of a game: the bot keeps "
              "playing the seat it holds for you (the host can give that seat to someone with /game replace).",
        "zh-TW": "你已經在這局遊戲中使用另一個座位,一個人在一局遊戲中只能有一個座位:機器人會繼續代打它為你保留的座位(開局者可以用 /game replace 把那個座位交給別人)。",
        "zh-CN": "你已经在这局游戏中使用另一个座位,一个人在一局游戏中只能有一个座位:机器人会继续代打它为你保留的座位(开局者可以用 /game replace 把那个座位交给别人)。",
    },
    "replaced": {
        "en": "{new} takes over {old}'s seat.",
        "zh-TW": "{new} 接替了 {old} 的座位。",
        "zh-CN": "{new} 接替了 {old} 的座位。",
    },
    "cannot_replace": {
        "en": "Only the host or a moderator (Manage Messages) can replace a player.",
        "zh-TW": "只有開局者或管理員(管理訊息權限)可以替換玩家。",
        "zh-CN": "只有开局者或管理员(管理消息权限)可以替换玩家。",
    },
    "seat_held_by_bot": {
        "en": "A bot plays your seat here since your time ran out; /game rejoin takes it back.",
        "zh-TW": "你的時間用完後,這裡由機器人代打你的座位;用 /game rejoin 可取回座位。",
        "zh-CN": "你的时间用完后,这里由机器人代打你的座位;用 /game rejoin 可取回座位。",
    },
    "seat_was_held": {
        "en": "A bot played your seat here after your time ran out, until the game ended.",
        "zh-TW": "你的時間用完後,這裡由機器人代打你的座位,直到本局結束。",
        "zh-CN": "你的时间用完后,这里由机器人代打你的座位,直到本局结束。",
    },
    "unposted_vote": {
        "en": "I could not post this vote in the game's channel ({where}): I may no longer send messages there "
              "(a server admin can give my role Send Messages in that channel). Vote here instead:",
        "zh-TW": "我無法在遊戲頻道({where})發出這次投票:我在那裡可能已沒有發送訊息的權限(伺服器管理員可以在該頻道把權限授予我的身分組)。請在這裡投票:",
        "zh-CN": "我无法在游戏频道({where})发出这次投票:我在那里可能已没有发送消息的权限(服务器管理员可以在该频道把权限授予我的身份组)。请在这里投票:",
    },
    "handover_bot_for": {
        "en": "From here a bot plays for {old}, as {new}.",
        "zh-TW": "從這裡起由機器人代打 {old},名為 {new}。",
        "zh-CN": "从这里起由机器人代打 {old},名为 {new}。",
    },
    "export_head": {
        "en": "{game} — game {id} ({status})",
        "zh-TW": "{game} — 第 {id} 局({status})",
        "zh-CN": "{game} — 第 {id} 局({status})",
    },
    "export_players": {"en": "players: {names}", "zh-TW": "玩家:{names}", "zh-CN": "玩家:{names}"},
    "export_setup": {
        "en": "seed: {seed}; options: {options}",
        "zh-TW": "亂數種子:{seed};選項:{options}",
        "zh-CN": "随机种子:{seed};选项:{options}",
    },
    "export_lobby": {"en": "lobby", "zh-TW": "等待中", "zh-CN": "等待中"},
    "export_active": {"en": "in progress", "zh-TW": "進行中", "zh-CN": "进行中"},
    "export_finished": {"en": "finished", "zh-TW": "已結束", "zh-CN": "已结束"},
    "export_abandoned": {"en": "ended early", "zh-TW": "提前結束", "zh-CN": "提前结束"},
    "taken_over_dm": {
        "en": "Your time ran out in {game}, and the table chose a bot to play your seat for now ({where}). "
              "/game rejoin there takes it back whenever you like.",
        "zh-TW": "你在 {game} 的時間用完了,大家決定暫時由機器人代打你的座位({where})。隨時在那裡用 /game rejoin 即可取回。",
        "zh-CN": "你在 {game} 的时间用完了,大家决定暂时由机器人代打你的座位({where})。随时在那里用 /game rejoin 即可取回。",
    },
    "held_by_bot": {
        "en": "a bot plays your seat: /game rejoin",
        "zh-TW": "機器人代打中:/game rejoin",
        "zh-CN": "机器人代打中:/game rejoin",
    },
    "no_seat_to_rejoin": {
        "en": "No bot is playing a seat of yours here.",
        "zh-TW": "這裡沒有機器人在代打你的座位。",
        "zh-CN": "这里没有机器人在代打你的座位。",
    },
    "rejoined": {
        "en": "{name} is back and takes their seat from the bot.",
        "zh-TW": "{name} 回來了,從機器人手中取回座位。",
        "zh-CN": "{name} 回来了,从机器人手中取回座位。",
    },
    "bad_away_days": {
        "en": "Away mode lasts 1 to {limit} days.",
        "zh-TW": "離開模式可設定 1 到 {limit} 天。",
        "zh-CN": "离开模式可设置 1 到 {limit} 天。",
    },
    "away_limit": {
        "en": "Away limit reached: at most {limit} away days per {window} days; {left} left now.",
        "zh-TW": "已達離開上限:每 {window} 天最多離開 {limit} 天;目前還剩 {left} 天。",
        "zh-CN": "已达离开上限:每 {window} 天最多离开 {limit} 天;目前还剩 {left} 天。",
    },
    "not_away": {
        "en": "You are not away.",
        "zh-TW": "你目前不在離開模式。",
        "zh-CN": "你目前不在离开模式。",
    },
    "empty_quiet": {
        "en": "Quiet hours “{text}” start and end at the same time, so they would never hold a reminder: "
              "write a span like 22-7, or off.",
        "zh-TW": "勿擾時段「{text}」的開始與結束是同一時刻,等於沒有勿擾:請寫成 22-7 這樣的時段,或 off。",
        "zh-CN": "免打扰时段“{text}”的开始与结束是同一时刻,等于没有免打扰:请写成 22-7 这样的时段,或 off。",
    },
    "bad_quiet": {
        "en": "Quiet hours “{text}” not understood: write them like 22-7 or 22:30-07:00, or off.",
        "zh-TW": "無法理解勿擾時段「{text}」:請寫成 22-7 或 22:30-07:00,或 off。",
        "zh-CN": "无法理解免打扰时段“{text}”:请写成 22-7 或 22:30-07:00,或 off。",
    },
    "bad_time_zone": {
        "en": "Unknown time zone “{zone}”: use a name like Europe/Berlin or Asia/Taipei.",
        "zh-TW": "未知的時區「{zone}」:請使用如 Asia/Taipei 或 Europe/Berlin 的名稱。",
        "zh-CN": "未知的时区“{zone}”:请使用如 Asia/Shanghai 或 Europe/Berlin 的名称。",
    },
    "bad_language": {
        "en": "Unknown language “{language}”. Languages: {languages}.",
        "zh-TW": "未知的語言「{language}」。可選:{languages}。",
        "zh-CN": "未知的语言“{language}”。可选:{languages}。",
    },
    "reminder": {
        "en": "Your move is waiting in {game}: {left}.",
        "zh-TW": "{game} 正在等你行動:{left}。",
        "zh-CN": "{game} 正在等你行动:{left}。",
    },
    "bank_out": {
        "en": "{name}'s time in {game} has run out. Other players, vote: wait 24 h more, a bot plays for them, "
        "replace them, or end the game. The majority after 24 h decides (the host breaks ties); with no votes, "
        "a bot takes the seat.",
        "zh-TW": "{name} 在 {game} 的時間已用完。其他玩家請投票:再等 24 小時、由機器人代打、換人,或結束遊戲。"
        "24 小時後依多數決定(平手由開局者決定);無人投票則由機器人接手。",
        "zh-CN": "{name} 在 {game} 的时间已用完。其他玩家请投票:再等 24 小时、由机器人代打、换人,或结束游戏。"
        "24 小时后按多数决定(平手由开局者决定);无人投票则由机器人接手。",
    },
    "vote_wait": {
        "en": "The table waits 24 h more for {name}.",
        "zh-TW": "大家決定再等 {name} 24 小時。",
        "zh-CN": "大家决定再等 {name} 24 小时。",
    },
    "vote_bot": {
        "en": "A bot now plays for {name}; /game rejoin takes the seat back.",
        "zh-TW": "現在由機器人代替 {name} 行動;用 /game rejoin 可取回座位。",
        "zh-CN": "现在由机器人代替 {name} 行动;用 /game rejoin 可取回座位。",
    },
    "vote_bot_over": {
        "en": "A bot played for {name}, and the bots played {game} to its end: the game is over.",
        "zh-TW": "機器人代替 {name} 行動,機器人們把 {game} 下到了終局:本局已結束。",
        "zh-CN": "机器人代替 {name} 行动,机器人们把 {game} 下到了终局:本局已结束。",
    },
    "taken_over_end_dm": {
        "en": "Your time ran out in {game}, and the table chose a bot to play your seat ({where}). "
              "The bots played the game to its end: it is over.",
        "zh-TW": "你在 {game} 的時間用完了,大家決定由機器人代打你的座位({where})。機器人們已把這局下到終局:本局已結束。",
        "zh-CN": "你在 {game} 的时间用完了,大家决定由机器人代打你的座位({where})。机器人们已把这局下到终局:本局已结束。",
    },
    "vote_lapsed": {
        "en": "This vote no longer applies: the player has moved meanwhile.",
        "zh-TW": "這次投票已不適用:該玩家在此期間已經行動。",
        "zh-CN": "这次投票已不适用:该玩家在此期间已经行动。",
    },
    "alone_clock": {
        "en": "No turn timer runs: no other player waits on you here (the other seats are bots).",
        "zh-TW": "回合計時不會進行:這裡沒有其他玩家在等你(其他座位都是機器人)。",
        "zh-CN": "回合计时不会进行:这里没有其他玩家在等你(其他座位都是机器人)。",
    },
    "vote_replace_host": {
        "en": "The table chose to replace {name}, who hosts this game: {host} is the host now and gives the seat away "
              "with /game replace (24 h more meanwhile).",
        "zh-TW": "大家決定替換開局者 {name}:現在由 {host} 擔任開局者,可用 /game replace 把座位交給其他人(期間再給 24 小時)。",
        "zh-CN": "大家决定替换开局者 {name}:现在由 {host} 担任开局者,可用 /game replace 把座位交给其他人(期间再给 24 小时)。",
    },
    "vote_replace": {
        "en": "The table chose to replace {name}: the host gives the seat away with /game replace (24 h more meanwhile).",
        "zh-TW": "大家決定替換 {name}:開局者可用 /game replace 把座位交給其他人(期間再給 24 小時)。",
        "zh-CN": "大家决定替换 {name}:开局者可用 /game replace 把座位交给其他人(期间再给 24 小时)。",
    },
    "vote_end": {
        "en": "The game ends here, unfinished: scores as they stand.",
        "zh-TW": "遊戲在此結束(未完成):以目前分數計。",
        "zh-CN": "游戏在此结束(未完成):以目前分数计。",
    },
    "not_a_voter": {
        "en": "Only the other players of this game can vote.",
        "zh-TW": "只有這局的其他玩家可以投票。",
        "zh-CN": "只有这局的其他玩家可以投票。",
    },
    "late_post": {
        "en": "The post about the latest moves in {game} did not arrive; here they are, with the board as it stands.",
        "zh-TW": "{game} 最近幾步的貼文沒有送達;以下補上,附目前的盤面。",
        "zh-CN": "{game} 最近几步的帖子没有送达;以下补上,附当前的局面。",
    },
    "away_until": {
        "en": "away until {until}",
        "zh-TW": "離開至 {until}",
        "zh-CN": "离开至 {until}",
    },
}
