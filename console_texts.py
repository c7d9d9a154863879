"""The local console's own words (its help, prompts, confirmations and refusals), in en / zh-TW / zh-CN.

Everything else the console prints already comes localised from below it: the table's event lines
and refusals (``Result.lines``, ``TableError.text``), the games' move labels and rules help. The
console passes its session language to those too, so one ``language`` switch changes it all.

Command words, option keys and move notation (``solo``, ``level=easy``, ``R7@2``) are typed, so
they stay ASCII in every language, and so do the upper-case stand-ins of the usage lines (``GAME``,
``NAME``, ``N``): only the explanations are translated. The Chinese follows the Discord side's
terms (``cogs.i18n``: 等待室, 開局者, 機器人, 自動機, 回合計時, 牌桌) and the platform's
punctuation (ASCII ``,:;()`` with ``。、``).
"""

from __future__ import annotations

from typing import Any

from rules import localised
from table.messages import LANGUAGE_NAMES as LANGUAGE_NAMES  # one table for the console and Discord

CONSOLE_TEXTS: dict[str, dict[str, str]] = {
    # ---- help -----------------------------------------------------------------------------------
    "help": {
        "en": """\
Commands
  solo [GAME] [key=value …]   play alone (default: fixer): the game's solo rules (automa) where it
                              has them, else against a bot; opponents=1-3 plays against bots
                              instead, level=easy|normal|hard sets their thinking time
                              (e.g. solo torres, solo fixer opponents=2 level=easy)
  new GAME [PLAYERS] [k=v…]   open a table, e.g.  new fixer 3 card_passing=true
                              (every game also takes seating=random|host: see the README)
  add NAME                    seat another local player in the lobby
  leave                       leave the lobby (as the current player)
  start                       start the lobby
  as NAME                     act as that local player (for simultaneous choices)
  <number> | <move>           play a move from the list, or type its text as listed (e.g. R7@2)
  move TEXT                   play TEXT as a move even if its first word is a command
  moves | more                list your legal moves again | the next page of the list
  hand                        your private view (image) and moves
  board | status | log [N]    the public board image; the table, your score and the winner; recent moves
  rules [GAME] [TOPIC]        short rules help
  abandon                     end the game here
  undo                        take back the last decision made here (nothing revealed or played since)
  hint                        the AI's top 3 moves for your own position (table option hints)
  addbot [LEVEL]              seat a bot in the lobby (greedy, easy, normal, hard; default normal)
  replace OLD NEW             give OLD's seat to the local player NEW (host)
  rejoin                      take your seat back from the bot playing it
  wait DURATION               let game time pass, e.g. wait 24h, wait 3d, wait 90m (turn timers)
  vote wait|bot|replace|end   your vote when a player's time has run out
  away DAYS | back            pause your turn timers for 1-14 days | end that
  mine                        your games here, those waiting on you first, with time left
  settings [timer=T] [language=L]
                              this local server's defaults for new tables (a server's /settings)
  language [en|zh-TW|zh-CN]   show or switch the console's language (game texts shown here follow it);
                              it starts from POSTERN_LANGUAGE, else LC_ALL / LC_MESSAGES / LANG
  games                       the games Postern knows
  quit                        leave (also Ctrl-D or Ctrl-C; the game is saved: run again to continue)

Moves come before commands: a line that is exactly one of your legal moves, as listed, is played
as that move even when it starts with a command word (`move c3-c4`, `board 3`); a line of several
words that starts like one of your listed moves is read as a move too (the game says why it is
illegal). `move TEXT` plays TEXT where `move` is not itself part of the game's notation. A word
that is neither a command nor a word of the game's moves is refused as an unknown command (with
the nearest command); text in the game's notation gets the game's own reason why it is illegal.""",
        "zh-TW": """\
指令
  solo [GAME] [key=value …]   單人遊玩(預設 fixer):有單人規則(自動機)的遊戲照單人規則玩,
                              其他遊戲與一個機器人對戰;opponents=1-3 改與機器人對戰,
                              level=easy|normal|hard 設定機器人的思考時間
                              (例如 solo torres、solo fixer opponents=2 level=easy)
  new GAME [PLAYERS] [k=v…]   開一張牌桌,例如  new fixer 3 card_passing=true
                              (每個遊戲也都接受 seating=random|host:見 README)
  add NAME                    讓另一位本機玩家加入等待室
  leave                       (以目前玩家身分)離開等待室
  start                       開始等待室的遊戲
  as NAME                     改以該本機玩家的身分行動(用於同時選擇)
  <number> | <move>           輸入清單上的編號,或照清單輸入行動文字(例如 R7@2)
  move TEXT                   把 TEXT 當作行動,即使它的第一個字是指令
  moves | more                再次列出你的合法行動 | 清單的下一頁
  hand                        你的私人畫面(圖片)與可用行動
  board | status | log [N]    公開版圖圖片;牌桌、你的分數與獲勝者;最近的行動
  rules [GAME] [TOPIC]        簡短規則說明
  abandon                     結束這裡的遊戲
  undo                        收回這裡的上一步(限之後沒有揭曉任何資訊、也沒有人行動)
  hint                        AI 為你目前局面建議的三個最佳著法(桌面選項 hints)
  addbot [LEVEL]              在等待室加入機器人(greedy、easy、normal、hard;預設 normal)
  replace OLD NEW             把 OLD 的座位交給本機玩家 NEW(限開局者)
  rejoin                      從機器人手中取回你的座位
  wait DURATION               讓遊戲時間流逝,例如 wait 24h、wait 3d、wait 90m(回合計時)
  vote wait|bot|replace|end   某位玩家時間用完時,你的投票
  away DAYS | back            暫停你的回合計時 1-14 天 | 結束暫停
  mine                        你在這裡的遊戲(輪到你的排在前面),附剩餘時間
  settings [timer=T] [language=L]
                              本機伺服器新牌桌的預設(相當於伺服器的 /settings)
  language [en|zh-TW|zh-CN]   查看或切換主控台語言(這裡顯示的遊戲文字也會跟著切換);
                              起始語言取自 POSTERN_LANGUAGE,否則取自 LC_ALL / LC_MESSAGES / LANG
  games                       Postern 支援的遊戲
  quit                        離開(Ctrl-D 或 Ctrl-C 亦可;遊戲已儲存,再次執行即可繼續)

行動優先於指令:一行文字若正好是你清單上的合法行動,即使以指令字開頭也會當作該行動
(`move c3-c4`、`board 3`);以你清單上某個行動開頭的多字行也會當作行動(遊戲會說明為何不合法)。
在 `move` 本身不屬於遊戲記法的遊戲中,`move TEXT` 會把 TEXT 當作行動。既不是指令、也不是遊戲行動用字的字,
會被視為未知的指令(並提示最接近的指令);符合遊戲記法的文字則由遊戲說明為何不合法。""",
        "zh-CN": """\
指令
  solo [GAME] [key=value …]   单人游玩(默认 fixer):有单人规则(自动机)的游戏按单人规则玩,
                              其他游戏与一个机器人对战;opponents=1-3 改与机器人对战,
                              level=easy|normal|hard 设置机器人的思考时间
                              (例如 solo torres、solo fixer opponents=2 level=easy)
  new GAME [PLAYERS] [k=v…]   开一张牌桌,例如  new fixer 3 card_passing=true
                              (每个游戏也都接受 seating=random|host:见 README)
  add NAME                    让另一位本地玩家加入等待室
  leave                       (以当前玩家身份)离开等待室
  start                       开始等待室的游戏
  as NAME                     改以该本地玩家的身份行动(用于同时选择)
  <number> | <move>           输入列表中的编号,或照列表输入行动文字(例如 R7@2)
  move TEXT                   把 TEXT 当作行动,即使它的第一个词是指令
  moves | more                再次列出你的合法行动 | 列表的下一页
  hand                        你的私人画面(图片)与可用行动
  board | status | log [N]    公开版图图片;牌桌、你的分数与获胜者;最近的行动
  rules [GAME] [TOPIC]        简短规则说明
  abandon                     结束这里的游戏
  undo                        收回这里的上一步(限之后没有揭晓任何信息、也没有人行动)
  hint                        AI 为你目前局面建议的三个最佳着法(桌面选项 hints)
  addbot [LEVEL]              在等待室加入机器人(greedy、easy、normal、hard;默认 normal)
  replace OLD NEW             把 OLD 的座位交给本地玩家 NEW(限开局者)
  rejoin                      从机器人手中取回你的座位
  wait DURATION               让游戏时间流逝,例如 wait 24h、wait 3d、wait 90m(回合计时)
  vote wait|bot|replace|end   某位玩家时间用完时,你的投票
  away DAYS | back            暂停你的回合计时 1-14 天 | 结束暂停
  mine                        你在这里的游戏(轮到你的排在前面),附剩余时间
  settings [timer=T] [language=L]
                              本地服务器新牌桌的默认设置(相当于服务器的 /settings)
  language [en|zh-TW|zh-CN]   查看或切换控制台语言(这里显示的游戏文字也会随之切换);
                              初始语言取自 POSTERN_LANGUAGE,否则取自 LC_ALL / LC_MESSAGES / LANG
  games                       Postern 支持的游戏
  quit                        退出(Ctrl-D 或 Ctrl-C 亦可;游戏已保存,再次运行即可继续)

行动优先于指令:一行文字若正好是你列表中的合法行动,即使以指令词开头也会当作该行动
(`move c3-c4`、`board 3`);以你列表中某个行动开头的多词行也会当作行动(游戏会说明为何不合法)。
在 `move` 本身不属于游戏记法的游戏中,`move TEXT` 会把 TEXT 当作行动。既不是指令、也不是游戏行动用词的词,
会被视为未知的指令(并提示最接近的指令);符合游戏记法的文本则由游戏说明为何不合法。""",
    },
    # ---- start-up -------------------------------------------------------------------------------
    "greeting": {
        "en": "Postern — local console. Type `help` for commands, `solo` to play FIXER against the automa, "
        "`solo torres` to play Torres against a bot.",
        "zh-TW": "Postern — 本機主控台。輸入 `help` 查看指令;`solo` 與自動機玩 FIXER,`solo torres` 與機器人玩眾塔之城。",
        "zh-CN": "Postern — 本地控制台。输入 `help` 查看指令;`solo` 与自动机玩 FIXER,`solo torres` 与机器人玩众塔之城。",
    },
    "games_and_images": {
        "en": "Games: {games}. Images go to {folder}.",
        "zh-TW": "遊戲:{games}。圖片存放在 {folder}。",
        "zh-CN": "游戏:{games}。图片保存在 {folder}。",
    },
    "resuming": {
        "en": "Resuming game {id} ({game}, {status}).",
        "zh-TW": "繼續第 {id} 局({game},{status})。",
        "zh-CN": "继续第 {id} 局({game},{status})。",
    },
    "bad_env_language": {
        "en": "POSTERN_LANGUAGE={given} is not a language the console speaks (en, zh-TW, zh-CN); using {language}.",
        "zh-TW": "POSTERN_LANGUAGE={given} 不是主控台支援的語言(en、zh-TW、zh-CN);改用{language}。",
        "zh-CN": "POSTERN_LANGUAGE={given} 不是控制台支持的语言(en、zh-TW、zh-CN);改用{language}。",
    },
    "bad_encoding": {
        "en": "That line is not valid text in this terminal's encoding; retype it.",
        "zh-TW": "這一行不是這個終端機編碼的有效文字,請重新輸入。",
        "zh-CN": "这一行不是此终端编码下的有效文本,请重新输入。",
    },
    "lone_surrogate": {
        "en": "That line holds an invalid character (a lone surrogate); retype it.",
        "zh-TW": "這一行含有無效字元(孤立的代理字元),請重新輸入。",
        "zh-CN": "这一行含有无效字符(孤立的代理字符),请重新输入。",
    },
    "bye_saved": {
        "en": "Bye. Game {id} is saved: run the console again to go on.",
        "zh-TW": "再見。第 {id} 局已儲存:再次執行主控台即可繼續。",
        "zh-CN": "再见。第 {id} 局已保存:再次运行控制台即可继续。",
    },
    "bye": {"en": "Bye.", "zh-TW": "再見。", "zh-CN": "再见。"},
    # ---- language -------------------------------------------------------------------------------
    "language_now": {
        "en": "Console language: {language} ({code}). Switch with `language en`, `language zh-TW` or `language zh-CN`.",
        "zh-TW": "主控台語言:{language}({code})。可用 `language en`、`language zh-TW` 或 `language zh-CN` 切換。",
        "zh-CN": "控制台语言:{language}({code})。可用 `language en`、`language zh-TW` 或 `language zh-CN` 切换。",
    },
    "language_set": {
        "en": "The console now speaks {language} ({code}).",
        "zh-TW": "主控台語言已切換為{language}({code})。",
        "zh-CN": "控制台语言已切换为{language}({code})。",
    },
    "language_usage": {
        "en": "Usage: language [en|zh-TW|zh-CN] — {given} is not one of them.",
        "zh-TW": "用法:language [en|zh-TW|zh-CN] — 不支援 {given} 這個語言。",
        "zh-CN": "用法:language [en|zh-TW|zh-CN] — 不支持 {given} 这个语言。",
    },
    # ---- after each move ------------------------------------------------------------------------
    "board_image": {"en": "board: {path}", "zh-TW": "版圖:{path}", "zh-CN": "版图:{path}"},
    "hand_image": {"en": "your hand: {path}", "zh-TW": "你的手牌:{path}", "zh-CN": "你的手牌:{path}"},
    "private_image": {
        "en": "your private view: {path}",
        "zh-TW": "你的私人畫面:{path}",
        "zh-CN": "你的私人画面:{path}",
    },
    "game_over": {
        "en": "The game is over. `status` shows the result; `new` or `solo` starts another.",
        "zh-TW": "遊戲已結束。`status` 查看結果;`new` 或 `solo` 開始新的一局。",
        "zh-CN": "游戏已结束。`status` 查看结果;`new` 或 `solo` 开始新的一局。",
    },
    "waiting": {"en": "Waiting for {names}.", "zh-TW": "等待 {names}。", "zh-CN": "等待 {names}。"},
    "simultaneous": {
        "en": "Several players choose at once; now {mover} (then {others}; `as NAME` to switch).",
        "zh-TW": "多位玩家同時選擇;現在是 {mover}(接著是 {others};用 `as NAME` 切換)。",
        "zh-CN": "多位玩家同时选择;现在是 {mover}(接着是 {others};用 `as NAME` 切换)。",
    },
    "your_move": {
        "en": "{name}, your move ({count} legal):",
        "zh-TW": "{name},輪到你了(共 {count} 個合法行動):",
        "zh-CN": "{name},轮到你了(共 {count} 个合法行动):",
    },
    "more_moves": {
        "en": "… {rest} more: type `more` for {first}-{last}.",
        "zh-TW": "… 還有 {rest} 個:輸入 `more` 查看 {first}-{last}。",
        "zh-CN": "… 还有 {rest} 个:输入 `more` 查看 {first}-{last}。",
    },
    "no_such_number": {
        "en": "No move with that number: type `moves` to list them.",
        "zh-TW": "沒有這個編號的行動:輸入 `moves` 列出行動。",
        "zh-CN": "没有这个编号的行动:输入 `moves` 列出行动。",
    },
    "unknown_command_near": {
        "en": "Unknown command `{word}` — did you mean `{command}`? (`move {word}` plays it as a move.)",
        "zh-TW": "未知的指令 `{word}` — 你是指 `{command}` 嗎?(`move {word}` 會把它當作行動。)",
        "zh-CN": "未知的指令 `{word}` — 你是指 `{command}` 吗?(`move {word}` 会把它当作行动。)",
    },
    "unknown_command": {
        "en": "Unknown command `{word}`, and not a move here. (`move {word}` plays it as a move.)",
        "zh-TW": "未知的指令 `{word}`,也不是這裡的行動。(`move {word}` 會把它當作行動。)",
        "zh-CN": "未知的指令 `{word}`,也不是这里的行动。(`move {word}` 会把它当作行动。)",
    },
    "command_list": {
        "en": "Commands: {commands} (`help` explains them).",
        "zh-TW": "指令:{commands}(`help` 有說明)。",
        "zh-CN": "指令:{commands}(`help` 有说明)。",
    },
    "nothing_listed": {
        "en": "No moves listed: type `moves`.",
        "zh-TW": "目前沒有列出行動:請輸入 `moves`。",
        "zh-CN": "当前没有列出行动:请输入 `moves`。",
    },
    "last_page": {
        "en": "That was the last page; from the top:",
        "zh-TW": "已經是最後一頁;從頭開始:",
        "zh-CN": "已经是最后一页;从头开始:",
    },
    # ---- tables ---------------------------------------------------------------------------------
    "game_entry": {
        "en": "{title} ({least}-{most} players)",
        "zh-TW": "{title}({least}-{most} 人)",
        "zh-CN": "{title}({least}-{most} 人)",
    },
    "solo_usage": {
        "en": "Usage: solo [GAME] [opponents=N] [level=L] [key=value …] — {given} is not key=value.",
        "zh-TW": "用法:solo [GAME] [opponents=N] [level=L] [key=value …] — {given} 不是 key=value 的形式。",
        "zh-CN": "用法:solo [GAME] [opponents=N] [level=L] [key=value …] — {given} 不是 key=value 的形式。",
    },
    "opponents_not_number": {
        "en": "opponents={given} is not a number (e.g. solo torres opponents=2).",
        "zh-TW": "opponents={given} 不是數字(例如 solo torres opponents=2)。",
        "zh-CN": "opponents={given} 不是数字(例如 solo torres opponents=2)。",
    },
    "solo_started": {
        "en": "Solo {title} started (game {id}).",
        "zh-TW": "單人遊戲 {title} 開始(第 {id} 局)。",
        "zh-CN": "单人游戏 {title} 开始(第 {id} 局)。",
    },
    "solo_started_against": {
        "en": "Solo {title} against {rivals} started (game {id}).",
        "zh-TW": "單人遊戲 {title} 開始,對手:{rivals}(第 {id} 局)。",
        "zh-CN": "单人游戏 {title} 开始,对手:{rivals}(第 {id} 局)。",
    },
    "vote_how": {
        "en": "Vote with `vote {choices}` ({names}); `as NAME` to vote for another local player.",
        "zh-TW": "用 `vote {choices}` 投票({names});`as NAME` 換成另一位本機玩家投票。",
        "zh-CN": "用 `vote {choices}` 投票({names});`as NAME` 换成另一位本机玩家投票。",
    },
    "vote_usage": {
        "en": "Usage: vote {choices} — your vote on the seat whose time ran out.",
        "zh-TW": "用法:vote {choices} — 對時間用完的座位投票。",
        "zh-CN": "用法:vote {choices} — 对时间用完的座位投票。",
    },
    "no_vote_open": {
        "en": "No vote is open at this table.",
        "zh-TW": "這桌目前沒有進行中的投票。",
        "zh-CN": "这桌目前没有进行中的投票。",
    },
    "voted": {
        "en": "{name} votes {choice}. Votes so far: {votes}.",
        "zh-TW": "{name} 投 {choice}。目前票數:{votes}。",
        "zh-CN": "{name} 投 {choice}。目前票数:{votes}。",
    },
    "left_lobby": {
        "en": "{name} left the lobby ({count}/{capacity}): {names}.",
        "zh-TW": "{name} 離開了等待室({count}/{capacity}):{names}。",
        "zh-CN": "{name} 离开了等待室({count}/{capacity}):{names}。",
    },
    "left_lobby_empty": {
        "en": "{name} left; nobody is left in the lobby, so it is closed.",
        "zh-TW": "{name} 離開了;等待室已無人,因此關閉。",
        "zh-CN": "{name} 离开了;等待室已无人,因此关闭。",
    },
    "game_time_not_saved": {
        "en": "The game time could not be moved on ({error}); nothing changed, try again.",
        "zh-TW": "無法推進遊戲時間({error});沒有任何改變,請再試一次。",
        "zh-CN": "无法推进游戏时间({error});没有任何改变,请再试一次。",
    },
    "already_seated": {
        "en": "{name} already has a seat at this table (names are matched regardless of case).",
        "zh-TW": "{name} 已經在這桌有座位了(名字不分大小寫)。",
        "zh-CN": "{name} 已经在这桌有座位了(名字不分大小写)。",
    },
    "new_usage_given": {
        "en": "Usage: new GAME [PLAYERS] [key=value …] — {given} is neither a player count nor key=value.",
        "zh-TW": "用法:new GAME [PLAYERS] [key=value …] — {given} 既不是人數,也不是 key=value。",
        "zh-CN": "用法:new GAME [PLAYERS] [key=value …] — {given} 既不是人数,也不是 key=value。",
    },
    "new_usage": {
        "en": "Usage: new GAME [PLAYERS] [key=value …]",
        "zh-TW": "用法:new GAME [PLAYERS] [key=value …]",
        "zh-CN": "用法:new GAME [PLAYERS] [key=value …]",
    },
    "lobby_opened": {
        "en": "Lobby for {title} opened by {host} ({count}/{capacity}). `add NAME` seats more local players, then `start`.",
        "zh-TW": "{host} 開了 {title} 的等待室({count}/{capacity})。用 `add NAME` 加入更多本機玩家,然後 `start`。",
        "zh-CN": "{host} 开了 {title} 的等待室({count}/{capacity})。用 `add NAME` 加入更多本地玩家,然后 `start`。",
    },
    "add_usage": {"en": "Usage: add NAME", "zh-TW": "用法:add NAME", "zh-CN": "用法:add NAME"},
    "bad_name": {
        "en": "A name is 1-{most} printable characters.",
        "zh-TW": "名字須為 1-{most} 個可顯示的字元。",
        "zh-CN": "名字须为 1-{most} 个可显示的字符。",
    },
    "joined": {
        "en": "{name} joined: {names} ({count}/{capacity}).",
        "zh-TW": "{name} 加入了:{names}({count}/{capacity})。",
        "zh-CN": "{name} 加入了:{names}({count}/{capacity})。",
    },
    "seats": {
        "en": "Seats: {names} ({count}/{capacity}).",
        "zh-TW": "座位:{names}({count}/{capacity})。",
        "zh-CN": "座位:{names}({count}/{capacity})。",
    },
    "started": {
        "en": "Game {id} started: {names}.",
        "zh-TW": "第 {id} 局開始:{names}。",
        "zh-CN": "第 {id} 局开始:{names}。",
    },
    "replace_usage": {
        "en": "Usage: replace OLD NEW (local player names)",
        "zh-TW": "用法:replace OLD NEW(本機玩家的名字)",
        "zh-CN": "用法:replace OLD NEW(本地玩家的名字)",
    },
    "replace_unknown": {
        "en": "No local player called {old}, or {new} is not a name.",
        "zh-TW": "沒有叫 {old} 的本機玩家,或 {new} 不是有效的名字。",
        "zh-CN": "没有叫 {old} 的本地玩家,或 {new} 不是有效的名字。",
    },
    "as_unknown": {
        "en": "No local player called {name}. Known: {known}",
        "zh-TW": "沒有叫 {name} 的本機玩家。已有:{known}",
        "zh-CN": "没有叫 {name} 的本地玩家。已有:{known}",
    },
    "as_now": {"en": "You are now {name}.", "zh-TW": "你現在是 {name}。", "zh-CN": "你现在是 {name}。"},
    "abandoned": {"en": "Game abandoned.", "zh-TW": "遊戲已放棄。", "zh-CN": "游戏已放弃。"},
    # ---- time, away, settings -------------------------------------------------------------------
    "wait_usage": {
        "en": "Usage: wait DURATION, e.g. wait 24h, wait 3d, wait 90m",
        "zh-TW": "用法:wait DURATION,例如 wait 24h、wait 3d、wait 90m",
        "zh-CN": "用法:wait DURATION,例如 wait 24h、wait 3d、wait 90m",
    },
    "waited": {
        "en": "{duration} of game time passed.",
        "zh-TW": "遊戲時間過了 {duration}。",
        "zh-CN": "游戏时间过了 {duration}。",
    },
    "away_usage": {
        "en": "Usage: away DAYS (1-14)",
        "zh-TW": "用法:away DAYS(1-14)",
        "zh-CN": "用法:away DAYS(1-14)",
    },
    "away_set": {
        "en": "Away for {days} day(s): your turn timers are paused ({used}/14 days used).",
        "zh-TW": "離開 {days} 天:你的回合計時已暫停(已用 {used}/14 天)。",
        "zh-CN": "离开 {days} 天:你的回合计时已暂停(已用 {used}/14 天)。",
    },
    "back_set": {
        "en": "Welcome back: your turn timers run again ({used}/14 days used).",
        "zh-TW": "歡迎回來:你的回合計時已恢復(已用 {used}/14 天)。",
        "zh-CN": "欢迎回来:你的回合计时已恢复(已用 {used}/14 天)。",
    },
    "settings_usage": {
        "en": "Usage: settings [timer=off|12h|24h|48h|72h|7d] [language=en|zh-TW|zh-CN|auto]",
        "zh-TW": "用法:settings [timer=off|12h|24h|48h|72h|7d] [language=en|zh-TW|zh-CN|auto]",
        "zh-CN": "用法:settings [timer=off|12h|24h|48h|72h|7d] [language=en|zh-TW|zh-CN|auto]",
    },
    "settings_now": {
        "en": "Local server: new tables get the {timer} timer; posts in {language}. Applies to games opened from now on.",
        "zh-TW": "本機伺服器設定——新牌桌的預設計時:{timer}。貼文語言:{language}。變更適用於此後開的遊戲。",
        "zh-CN": "本地服务器设置——新牌桌的默认计时:{timer}。消息语言:{language}。更改适用于此后开的游戏。",
    },
    "settings_timer_default": {"en": "{timer} (default)", "zh-TW": "{timer}(預設)", "zh-CN": "{timer}(默认)"},
    "settings_console_language": {
        "en": "the console language ({language})",
        "zh-TW": "主控台語言({language})",
        "zh-CN": "控制台语言({language})",
    },
    # ---- status, board, log, mine ---------------------------------------------------------------
    "table_line": {
        "en": "{title} — game {id}, {status}; players: {names}",
        "zh-TW": "{title} — 第 {id} 局,{status};玩家:{names}",
        "zh-CN": "{title} — 第 {id} 局,{status};玩家:{names}",
    },
    "to_act": {"en": "to act: {names}", "zh-TW": "輪到:{names}", "zh-CN": "轮到:{names}"},
    "own_score": {
        "en": "your score ({name}): {score}",
        "zh-TW": "你的分數({name}):{score}",
        "zh-CN": "你的分数({name}):{score}",
    },
    "own_score_goal": {
        "en": "your score ({name}): {score} VP; the solo goal so far: {goal} (see `board`)",
        "zh-TW": "你的分數({name}):{score} 勝分;單人目標目前進度:{goal}(見 `board`)",
        "zh-CN": "你的分数({name}):{score} 胜分;单人目标目前进度:{goal}(见 `board`)",
    },
    "final_scores": {
        "en": "final scores: {scores}",
        "zh-TW": "最終分數:{scores}",
        "zh-CN": "最终分数:{scores}",
    },
    "score_entry": {"en": "{name} {score}", "zh-TW": "{name} {score} 分", "zh-CN": "{name} {score} 分"},
    "winner": {"en": "winner: {name}", "zh-TW": "獲勝者:{name}", "zh-CN": "获胜者:{name}"},
    "unfinished_scores": {
        "en": "scores when the game ended (unfinished): {scores}",
        "zh-TW": "遊戲提前結束時的分數:{scores}",
        "zh-CN": "游戏提前结束时的分数:{scores}",
    },
    "automa": {"en": "Automa", "zh-TW": "自動機", "zh-CN": "自动机"},
    "log_usage": {
        "en": "Usage: log [N] with N a number from 1 to {most}.",
        "zh-TW": "用法:log [N],N 為 1 到 {most} 的數字。",
        "zh-CN": "用法:log [N],N 为 1 到 {most} 的数字。",
    },
    "no_games": {
        "en": "You have no games yet.",
        "zh-TW": "你還沒有任何遊戲。",
        "zh-CN": "你还没有任何游戏。",
    },
    "mine_entry": {
        "en": "game {id}: {title} ({details})",
        "zh-TW": "第 {id} 局:{title}({details})",
        "zh-CN": "第 {id} 局:{title}({details})",
    },
    "your_turn": {"en": "your move", "zh-TW": "輪到你", "zh-CN": "轮到你"},
    "default_name": {"en": "Player", "zh-TW": "玩家", "zh-CN": "玩家"},
    "status_lobby": {"en": "lobby", "zh-TW": "等待中", "zh-CN": "等待中"},
    "status_active": {"en": "active", "zh-TW": "進行中", "zh-CN": "进行中"},
    "status_finished": {"en": "finished", "zh-TW": "已結束", "zh-CN": "已结束"},
    "status_abandoned": {"en": "abandoned", "zh-TW": "已放棄", "zh-CN": "已放弃"},
    # ---- separators -----------------------------------------------------------------------------
    "note_cleared": {"en": "Your note on this game is deleted.", "zh-TW": "已刪除你在這局的筆記。", "zh-CN": "已删除你在这局的笔记。"},
    "note_none": {"en": "You keep no note on this game: note TEXT writes one (only you see it).", "zh-TW": "你在這局沒有筆記:note TEXT 可寫一則(只有你看得到)。", "zh-CN": "你在这局没有笔记:note TEXT 可写一则(只有你看得到)。"},
    "replay_usage": {"en": "Write: replay [slow|normal|fast]", "zh-TW": "請輸入:replay [slow|normal|fast]", "zh-CN": "请输入:replay [slow|normal|fast]"},
    "replay_written": {"en": "Replay ({turns} turns): {path}", "zh-TW": "重播({turns} 步):{path}", "zh-CN": "重播({turns} 步):{path}"},
    "stats_usage": {"en": "stats [GAME], GAME one of: {games}", "zh-TW": "stats [GAME],GAME 為:{games}", "zh-CN": "stats [GAME],GAME 为:{games}"},
    "stats_none": {"en": "{name} has no finished games yet.", "zh-TW": "{name} 還沒有結束的對局。", "zh-CN": "{name} 还没有结束的对局。"},
    "stats_rating": {"en": "Rating {value} (skill {mu} ± {sigma}, {games} rated games)", "zh-TW": "積分 {value}(實力 {mu} ± {sigma},{games} 場積分對局)", "zh-CN": "积分 {value}(实力 {mu} ± {sigma},{games} 场积分对局)"},
    "stats_games": {"en": "Games {games} · wins {wins} ({rate}) · finished {finished}", "zh-TW": "對局 {games} · 勝 {wins}({rate})· 完成 {finished}", "zh-CN": "对局 {games} · 胜 {wins}({rate})· 完成 {finished}"},
    "list_sep": {"en": ", ", "zh-TW": "、", "zh-CN": "、"},
    "detail_sep": {"en": ", ", "zh-TW": ",", "zh-CN": ","},
}
"""Every console-owned string by message id: ``{locale: template}`` with ``str.format`` fields."""


def text(key: str, locale: str, **params: Any) -> str:
    """The console's message ``key`` in ``locale`` (English where a locale lacks it), filled in."""
    return localised(CONSOLE_TEXTS[key], locale).format(**params)


def status_word(status: str, locale: str) -> str:
    """A game's status (``lobby``, ``active``, …) as the reader says it; an unknown one as stored."""
    key = f"status_{status}"
    return text(key, locale) if key in CONSOLE_TEXTS else status


def joined(items: list[str], locale: str) -> str:
    """A list of names or entries, separated as the reader's language separates them."""
    return text("list_sep", locale).join(items)
