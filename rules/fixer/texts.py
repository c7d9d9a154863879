"""FIXER's words in en / zh-TW / zh-CN: move labels, event lines, rule refusals, rules help.

Terms follow the reference's terminology table (§12).
"""

from __future__ import annotations

from typing import Any

from rules.core import Locale, localised

SUIT_NAMES: dict[str, dict[Locale, str]] = {
    "R": {"en": "Regime", "zh-TW": "政權", "zh-CN": "政权"},
    "C": {"en": "Capital", "zh-TW": "資本", "zh-CN": "资本"},
    "M": {"en": "Media", "zh-TW": "媒體", "zh-CN": "媒体"},
    "P": {"en": "People", "zh-TW": "人民", "zh-CN": "人民"},
}

T: dict[str, dict[Locale, str]] = {
    "sep": {"en": ", ", "zh-TW": "、", "zh-CN": "、"},
    "play": {"en": "Play {card} to @{region}", "zh-TW": "打出 {card} 到 @{region}", "zh-CN": "打出 {card} 到 @{region}"},
    "keep": {"en": "Keep {card} (add to hand)", "zh-TW": "保留 {card}(加入手牌)", "zh-CN": "保留 {card}(加入手牌)"},
    "keep_from": {
        "en": "Keep {card} (from @{region})",
        "zh-TW": "保留 {card}(來自 @{region},加入手牌)",
        "zh-CN": "保留 {card}(来自 @{region},加入手牌)",
    },
    "discard_from": {
        "en": "Discard {card} (from @{region})",
        "zh-TW": "棄掉 {card}(來自 @{region})",
        "zh-CN": "弃掉 {card}(来自 @{region})",
    },
    "keep_plain": {"en": "Keep the card", "zh-TW": "加入手牌", "zh-CN": "加入手牌"},
    "discard": {"en": "Discard {card}", "zh-TW": "棄掉 {card}", "zh-CN": "弃掉 {card}"},
    "discard_plain": {"en": "Discard the card", "zh-TW": "放入棄牌堆", "zh-CN": "放入弃牌堆"},
    "pass": {"en": "Pass {cards}", "zh-TW": "傳出 {cards}", "zh-CN": "传出 {cards}"},
    "start": {"en": "{who} starts round {round}", "zh-TW": "{who} 是第 {round} 局起始玩家", "zh-CN": "{who} 是第 {round} 局起始玩家"},
    "flip": {"en": "Automa flips {card}", "zh-TW": "自動機翻開 {card}", "zh-CN": "自动机翻开 {card}"},
    "ev_play": {"en": "{who} plays {card} to @{region}", "zh-TW": "{who} 打出 {card} 到 @{region}", "zh-CN": "{who} 打出 {card} 到 @{region}"},
    "ev_play_initial": {
        "en": "{who} opens @{region} with {card}",
        "zh-TW": "{who} 起始出牌 {card} 到 @{region}",
        "zh-CN": "{who} 起始出牌 {card} 到 @{region}",
    },
    "ev_win": {
        "en": "@{region}: {winner} beats {loser} and takes {won} ({kind})",
        "zh-TW": "@{region}:{winner} 擊敗 {loser},取得 {won}({kind})",
        "zh-CN": "@{region}:{winner} 击败 {loser},取得 {won}({kind})",
    },
    "critical": {"en": "critical, red marker", "zh-TW": "關鍵勝利,紅色標記", "zh-CN": "关键胜利,红色标记"},
    "normal": {"en": "normal, black marker", "zh-TW": "普通勝利,黑色標記", "zh-CN": "普通胜利,黑色标记"},
    "closed": {"en": " — @{region} is closed", "zh-TW": " — @{region} 已關閉", "zh-CN": " — @{region} 已关闭"},
    "ev_keep": {"en": "{who} keeps {card}", "zh-TW": "{who} 將 {card} 加入手牌", "zh-CN": "{who} 将 {card} 加入手牌"},
    "ev_discard": {"en": "{who} discards {card}", "zh-TW": "{who} 棄掉 {card}", "zh-CN": "{who} 弃掉 {card}"},
    "why_faceup": {
        "en": " (a face-up card of that suit lies in front of them)",
        "zh-TW": "(面前已有同花色的正面卡)",
        "zh-CN": "(面前已有同花色的正面卡)",
    },
    "why_round_end": {"en": " (the round is over)", "zh-TW": "(本局結束)", "zh-CN": "(本局结束)"},
    "why_instant": {"en": " (the game is over)", "zh-TW": "(遊戲結束)", "zh-CN": "(游戏结束)"},
    "ev_skip": {"en": "{who} cannot play and is skipped", "zh-TW": "{who} 無法出牌,跳過", "zh-CN": "{who} 无法出牌,跳过"},
    "ev_dealt": {
        "en": "Round {round}: cards dealt ({hands})",
        "zh-TW": "第 {round} 局:發牌完成({hands})",
        "zh-CN": "第 {round} 局:发牌完成({hands})",
    },
    "solo_deal": {
        "en": "{hand} in your hand, {deck} in the automa's deck",
        "zh-TW": "你的手牌 {hand} 張,自動機牌堆 {deck} 張",
        "zh-CN": "你的手牌 {hand} 张,自动机牌堆 {deck} 张",
    },
    "ev_refilled": {
        "en": "Round {round}: won cards dealt out again ({hands})",
        "zh-TW": "第 {round} 局:贏得的卡重新發出({hands})",
        "zh-CN": "第 {round} 局:赢得的卡重新发出({hands})",
    },
    "ev_pass_chosen": {"en": "{who} has chosen 3 cards to pass", "zh-TW": "{who} 已選好 3 張要傳的牌", "zh-CN": "{who} 已选好 3 张要传的牌"},
    "ev_passed": {"en": "Cards passed to the left", "zh-TW": "卡牌已傳給下家", "zh-CN": "卡牌已传给下家"},
    "ev_round_end": {
        "en": "Round {round} is over: {scores}",
        "zh-TW": "第 {round} 局結束:{scores}",
        "zh-CN": "第 {round} 局结束:{scores}",
    },
    "ev_round_end_private": {
        "en": "Round {round} is over; your score is in your hand view (all scores are shown at the end)",
        "zh-TW": "第 {round} 局結束;你的分數請看自己的手牌畫面(遊戲結束時公布所有分數)",
        "zh-CN": "第 {round} 局结束;你的分数请看自己的手牌画面(游戏结束时公布所有分数)",
    },
    "ev_round_start": {
        "en": "Round {round} begins; {who} starts",
        "zh-TW": "第 {round} 局開始,由 {who} 先手",
        "zh-CN": "第 {round} 局开始,由 {who} 先手",
    },
    "ev_game_end": {"en": "Game over: {scores}", "zh-TW": "遊戲結束:{scores}", "zh-CN": "游戏结束:{scores}"},
    "ev_instant": {
        "en": "{who} holds every marker of two regions and wins at once!",
        "zh-TW": "{who} 取得兩個區域的全部標記,立即獲勝!",
        "zh-CN": "{who} 取得两个区域的全部标记,立即获胜!",
    },
    "ev_shared": {"en": "Shared victory!", "zh-TW": "共同獲勝!", "zh-CN": "共同获胜!"},
    "ev_winner": {"en": "{who} wins!", "zh-TW": "{who} 獲勝!", "zh-CN": "{who} 获胜!"},
    "automa": {"en": "Automa", "zh-TW": "自動機", "zh-CN": "自动机"},
    "tie_red": {
        "en": " (tied on points; more red markers)",
        "zh-TW": "(同分,紅色標記較多)",
        "zh-CN": "(同分,红色标记较多)",
    },
    "tie_cards": {
        "en": " (tied on points and red markers; fewer cards won)",
        "zh-TW": "(分數與紅色標記皆同,贏得的卡牌較少)",
        "zh-CN": "(分数与红色标记皆同,赢得的卡牌较少)",
    },
}

REASONS: dict[str, dict[Locale, str]] = {
    "not_in_hand": {"en": "{card} is not in your hand", "zh-TW": "你的手牌中沒有 {card}", "zh-CN": "你的手牌中没有 {card}"},
    "no_region": {"en": "there is no region @{region}", "zh-TW": "沒有 @{region} 這個區域", "zh-CN": "没有 @{region} 这个区域"},
    "not_your_region": {
        "en": "@{region} is not one of your regions",
        "zh-TW": "@{region} 不是你的區域",
        "zh-CN": "@{region} 不是你的区域",
    },
    "region_closed": {"en": "@{region} is closed", "zh-TW": "@{region} 已關閉", "zh-CN": "@{region} 已关闭"},
    "side_occupied": {
        "en": "your side of @{region} is occupied",
        "zh-TW": "你在 @{region} 的位置已有卡牌",
        "zh-CN": "你在 @{region} 的位置已有卡牌",
    },
    "initial_needs_empty": {
        "en": "initial plays need a region with both sides empty (@{region} holds a card)",
        "zh-TW": "起始出牌必須放在兩側皆空的區域(@{region} 已有卡牌)",
        "zh-CN": "起始出牌必须放在两侧皆空的区域(@{region} 已有卡牌)",
    },
    "must_follow": {
        "en": "you must follow suit {suit} at @{region}",
        "zh-TW": "你在 @{region} 必須出同花色 {suit}",
        "zh-CN": "你在 @{region} 必须出同花色 {suit}",
    },
    "bad_notation": {
        "en": "write a play as <card>@<region>, e.g. R7@2",
        "zh-TW": "出牌格式為 <卡牌>@<區域>,例如 R7@2",
        "zh-CN": "出牌格式为 <卡牌>@<区域>,例如 R7@2",
    },
    "keep_or_discard": {
        "en": "answer keep or discard for {card}",
        "zh-TW": "請對 {card} 選擇 keep(加入手牌)或 discard(棄掉)",
        "zh-CN": "请对 {card} 选择 keep(加入手牌)或 discard(弃掉)",
    },
    "bad_pass": {
        "en": "write a pass as: pass <card> <card> <card>, e.g. pass R7 C3 M5",
        "zh-TW": "傳牌格式:pass <卡> <卡> <卡>,例如 pass R7 C3 M5",
        "zh-CN": "传牌格式:pass <卡> <卡> <卡>,例如 pass R7 C3 M5",
    },
    "pass_distinct": {"en": "pass three different cards", "zh-TW": "請傳三張不同的牌", "zh-CN": "请传三张不同的牌"},
    "not_your_turn": {"en": "it is not your turn", "zh-TW": "還沒輪到你", "zh-CN": "还没轮到你"},
    "already_passed": {"en": "you have already chosen your cards", "zh-TW": "你已選好要傳的牌", "zh-CN": "你已选好要传的牌"},
    "game_over": {"en": "the game is over", "zh-TW": "遊戲已結束", "zh-CN": "游戏已结束"},
    "not_seated": {"en": "that seat is not at this table", "zh-TW": "此座位不在本桌", "zh-CN": "此座位不在本桌"},
    "bad_outcome": {"en": "not a possible outcome now", "zh-TW": "目前不可能的結果", "zh-CN": "目前不可能的结果"},
}

HELP: dict[str, dict[Locale, str]] = {
    "overview": {
        "en": (
            "FIXER (Takaaki Iida): simultaneous 1-vs-1 trick-taking. Each region lies between two players; "
            "play a card to your empty side of an open region. When both sides hold a card the conflict "
            "resolves: same suit, higher number wins; a stronger suit wins critically (P>R>C>M>P); unrelated "
            "suits (R–M, C–P), the first card wins. The winner takes the loser's card and a marker; the loser "
            "gets the winner's card and keeps or discards it. Score: card numbers + {bonus} per red marker."
        ),
        "zh-TW": (
            "FIXER(飯田貴章):同時進行的一對一吃墩遊戲。每個區域位於兩位玩家之間;把卡牌打到開放區域中你那一側的空位。"
            "兩側都有卡時結算衝突:同花色數字大者勝;強花色關鍵勝利(人民>政權>資本>媒體>人民);"
            "無強弱關係(政權–媒體、資本–人民)則先出者勝。勝者取得敗者的卡與一個標記;敗者拿到勝者的卡,選擇加入手牌或棄掉。"
            "計分:卡牌數字 + 每個紅色標記 {bonus} 分。"
        ),
        "zh-CN": (
            "FIXER(饭田贵章):同时进行的一对一吃墩游戏。每个区域位于两位玩家之间;把卡牌打到开放区域中你那一侧的空位。"
            "两侧都有卡时结算冲突:同花色数字大者胜;强花色关键胜利(人民>政权>资本>媒体>人民);"
            "无强弱关系(政权–媒体、资本–人民)则先出者胜。胜者取得败者的卡与一个标记;败者拿到胜者的卡,选择加入手牌或弃掉。"
            "计分:卡牌数字 + 每个红色标记 {bonus} 分。"
        ),
    },
    "moves": {
        "en": (
            "/move R7@2 plays R7 to region 2. You must follow the suit of the card facing you if you hold that "
            "suit, but you may always play into another region instead. After losing a conflict: /move keep or "
            "/move discard (keep is not allowed when a face-up card of that suit lies in front of you). Card "
            "passing variant: /move pass R7 C3 M5."
        ),
        "zh-TW": (
            "/move R7@2 把 R7 打到區域 2。若你有對面卡牌的花色就必須出同花色,但你隨時可以改打到其他區域。"
            "輸掉衝突後:/move keep(加入手牌)或 /move discard(棄掉);若面前已有同花色的正面卡則不能保留。"
            "卡牌交換變體:/move pass R7 C3 M5。"
        ),
        "zh-CN": (
            "/move R7@2 把 R7 打到区域 2。若你有对面卡牌的花色就必须出同花色,但你随时可以改打到其他区域。"
            "输掉冲突后:/move keep(加入手牌)或 /move discard(弃掉);若面前已有同花色的正面卡则不能保留。"
            "卡牌交换变体:/move pass R7 C3 M5。"
        ),
    },
    "end": {
        "en": (
            "A round ends when every region's markers are taken, or when nobody can play (cards left in regions "
            "then score nothing). 3-4 players: highest score wins; ties go to more red markers, then fewer cards "
            "won, then a shared victory. 2 players: two rounds, the sum decides, a tie is shared; holding all 3 "
            "markers of two regions wins at once. Scores stay private: you see only your own until the game ends."
        ),
        "zh-TW": (
            "所有區域的標記都被取走,或沒有人能出牌時,一局結束(此時留在區域中的卡不計分)。3-4 人:分數最高者勝;"
            "平手比紅色標記多者,再比贏得卡牌少者,仍平手則共同獲勝。2 人:進行兩局,比總分,平手共同獲勝;"
            "取得兩個區域全部 3 個標記者立即獲勝。分數不公開:遊戲結束前你只看得到自己的分數。"
        ),
        "zh-CN": (
            "所有区域的标记都被取走,或没有人能出牌时,一局结束(此时留在区域中的卡不计分)。3-4 人:分数最高者胜;"
            "平手比红色标记多者,再比赢得卡牌少者,仍平手则共同获胜。2 人:进行两局,比总分,平手共同获胜;"
            "取得两个区域全部 3 个标记者立即获胜。分数不公开:游戏结束前你只看得到自己的分数。"
        ),
    },
    "solo": {
        "en": (
            "Solo: the automa flips its top card into face-up suit piles each turn and plays by fixed priorities: "
            "win with the same suit, win with a stronger suit, open an empty region, then lose as cheaply as "
            "possible. {void} You can read its piles and plan ahead. The game has {rounds}; "
            "your score is compared with the automa's, a tie is a shared victory, and whoever holds all 3 "
            "markers of two regions (you or the automa) wins at once."
        ),
        "zh-TW": (
            "單人:自動機每回合翻開牌堆頂的卡加入正面的花色牌堆,依固定優先順序出牌:同花色贏、強花色贏、"
            "開新區域,最後以最小代價輸掉。{void}你可以看見它的牌堆並預先計畫。本遊戲共 {rounds};"
            "你的分數與自動機比較,平手共同獲勝;任一方(你或自動機)取得兩個區域全部 3 個標記即立即獲勝。"
        ),
        "zh-CN": (
            "单人:自动机每回合翻开牌堆顶的卡加入正面的花色牌堆,依固定优先顺序出牌:同花色赢、强花色赢、"
            "开新区域,最后以最小代价输掉。{void}你可以看见它的牌堆并预先计划。本游戏共 {rounds};"
            "你的分数与自动机比较,平手共同获胜;任一方(你或自动机)取得两个区域全部 3 个标记即立即获胜。"
        ),
    },
    "variants": {
        "en": (
            "card_passing (2-4 players): after each deal everyone passes 3 cards to the left (2 players: to the "
            "opponent). long_match (2-4 players): two rounds, the sum decides; hands are kept, round 2 starts "
            "with the highest round-1 scorer, and the cards won in round 1 are dealt one at a time clockwise "
            "until every hand is full again. {rulings}"
        ),
        "zh-TW": (
            "card_passing(卡牌交換,2-4 人):每次發牌後每人傳 3 張牌給下家(2 人:給對手)。"
            "long_match(長期比賽,2-4 人):進行兩局,比總分;手牌保留,第 2 局由第 1 局分數最高者先手,"
            "第 1 局贏得的卡從他開始順時針一次一張發出,直到每人手牌補滿。{rulings}"
        ),
        "zh-CN": (
            "card_passing(卡牌交换,2-4 人):每次发牌后每人传 3 张牌给下家(2 人:给对手)。"
            "long_match(长期比赛,2-4 人):进行两局,比总分;手牌保留,第 2 局由第 1 局分数最高者先手,"
            "第 1 局赢得的卡从他开始顺时针一次一张发出,直到每人手牌补满。{rulings}"
        ),
    },
}

HELP_PARTS: dict[str, dict[Locale, str]] = {
    "void_hand": {
        "en": "When it opens a region it plays its highest card of a suit you still hold in your hand "
        "(automa_player_void=hand); if you hold none of its suits, simply its highest card.",
        "zh-TW": "開新區域時,它打出你手牌中仍有的花色裡最大的牌(automa_player_void=hand);"
        "若它的花色你都沒有,就打出它最大的牌。",
        "zh-CN": "开新区域时,它打出你手牌中仍有的花色里最大的牌(automa_player_void=hand);"
        "若它的花色你都没有,就打出它最大的牌。",
    },
    "void_faceup": {
        "en": "When it opens a region it plays its highest card of a suit with no face-up card in front of you "
        "(automa_player_void=faceup: it reads only those face-up cards, not your hand); if all its cards "
        "are of such face-up suits, simply its highest card.",
        "zh-TW": "開新區域時,它打出你面前沒有正面卡的花色裡最大的牌(automa_player_void=faceup:只看你面前的正面卡,"
        "不看手牌);若它的牌全是這些花色,就打出它最大的牌。",
        "zh-CN": "开新区域时,它打出你面前没有正面卡的花色里最大的牌(automa_player_void=faceup:只看你面前的正面卡,"
        "不看手牌);若它的牌全是这些花色,就打出它最大的牌。",
    },
    "rounds_1": {"en": "1 round (solo_rounds=1)", "zh-TW": "1 局(solo_rounds=1)", "zh-CN": "1 局(solo_rounds=1)"},
    "rounds_2": {
        "en": "2 rounds (solo_rounds=2): round 2 is dealt anew and the other side starts; the sum decides",
        "zh-TW": "2 局(solo_rounds=2):第 2 局重新發牌,由另一方先手,比兩局總分",
        "zh-CN": "2 局(solo_rounds=2):第 2 局重新发牌,由另一方先手,比两局总分",
    },
    "rulings": {
        "en": "Long-match rulings: a player whose hand is empty skips their initial play (2 players); a hand "
        "of fewer than 3 cards passes none; refill cards left over once every hand is full go to the "
        "discard pile.",
        "zh-TW": "長期比賽裁定:手牌為空的玩家跳過起始出牌(2 人);手牌少於 3 張則不傳牌;"
        "所有人手牌補滿後剩下的卡放入棄牌堆。",
        "zh-CN": "长期比赛裁定:手牌为空的玩家跳过起始出牌(2 人);手牌少于 3 张则不传牌;"
        "所有人手牌补满后剩下的卡放入弃牌堆。",
    },
}


def help_topics(locale: Locale, values: dict[str, Any]) -> dict[str, str]:
    """The rules help for a table with option ``values`` (every option present, see ``option_values``)."""
    void = "void_faceup" if values["automa_player_void"] == "faceup" else "void_hand"
    fills = {
        "bonus": values["critical_bonus"],
        "void": localised(HELP_PARTS[void], locale),
        "rounds": localised(HELP_PARTS[f"rounds_{values['solo_rounds']}"], locale),
        "rulings": localised(HELP_PARTS["rulings"], locale),
    }
    return {topic: localised(words, locale).format(**fills) for topic, words in HELP.items()}


def text(key: str, locale: Locale, **params: Any) -> str:
    return localised(T[key], locale).format(**params)


def reason(key: str, locale: Locale, **params: Any) -> str | None:
    if key not in REASONS:
        return None
    return localised(REASONS[key], locale).format(**params)


def suit_name(suit: str, locale: Locale) -> str:
    return localised(SUIT_NAMES[suit], locale)


def card_label(card: str, locale: Locale) -> str:
    """``R7`` → ``R7 (Regime 7)``: code for typing, name for reading."""
    return f"{card} ({suit_name(card[0], locale)} {card[1:]})"


ROUND_WORDS = {"en": "Round {n}", "zh-TW": "第 {n} 輪", "zh-CN": "第 {n} 轮"}


def round_label(number: int, locale: str) -> str:
    """"Round 2" in the reader's language (the story's per-round figures)."""
    return ROUND_WORDS.get(locale, ROUND_WORDS["en"]).format(n=number)
