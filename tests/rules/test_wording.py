"""Event lines read as written English and Chinese: a count of one is singular ("+1 worker"), and
Chinese lists names with the enumeration comma ("安娜 12、小波 9")."""

from __future__ import annotations

import rules
from rules.burgundy import texts as burgundy_texts
from rules.burgundy_cards import texts as cards_texts
from rules.torres import text as torres_text

NAMES = ["安娜", "小波"]


def test_burgundy_worker_counts() -> None:
    assert burgundy_texts.event_text({"kind": "workers", "seat": 0, "gain": 1}, "en", NAMES) == "安娜 takes 1 worker"
    assert burgundy_texts.event_text({"kind": "workers", "seat": 0, "gain": 2}, "en", NAMES) == "安娜 takes 2 workers"
    sale = {"kind": "sell", "seat": 1, "count": 2, "goods": 3, "silver": 1, "workers": 4}
    assert burgundy_texts.event_text(sale, "en", NAMES).endswith(", +4 workers)")


def test_card_game_workers_and_the_start_player_choice() -> None:
    line = cards_texts.event_text({"kind": "gain", "seat": 0, "what": "workers", "n": 1, "card": "x"}, "en", NAMES)
    assert line.startswith("安娜 +1 worker ("), line
    assert rules.get("burgundy_cards").describe("first 2", "en") == "The player in seat 2 starts"


def test_final_lines_list_players_as_chinese_does() -> None:
    assert torres_text.event_text({"kind": "over", "scores": [12, 30]}, "zh-TW", NAMES) == "遊戲結束:小波 30、安娜 12"
    assert torres_text.event_text({"kind": "over", "scores": [12, 30]}, "en", NAMES) == "Game over: 小波 30, 安娜 12"
    fixer = rules.get("fixer")
    end = {"kind": "game_end", "scores": [9, 14], "seats": [0, 1], "ranking": [1, 0], "instant_win": None,
           "shared": False, "decided_by": None}
    assert "小波 14、安娜 9" in fixer.event_text(end, "zh-CN", NAMES)
    assert "小波 14, 安娜 9" in fixer.event_text(end, "en", NAMES)


def test_burgundy_adjust_of_one_and_final_scores_in_chinese() -> None:
    one = {"kind": "adjust", "seat": 0, "from": 2, "to": 3, "cost": 1}
    assert burgundy_texts.event_text(one, "en", NAMES).endswith("(−1 worker)")
    assert burgundy_texts.event_text({**one, "cost": 2}, "en", NAMES).endswith("(−2 workers)")
    final = {"kind": "game_over", "final": {"rows": [{"total": 90}, {"total": 120}], "ranking": [1, 0]}}
    assert "小波 120、安娜 90" in burgundy_texts.event_text(final, "zh-TW", NAMES)


def test_tuscany_region_cards_have_one_name_in_chinese() -> None:
    from rules.tuscany.names import BONUS

    assert "區域牌" in BONUS["RC"]["zh-TW"] and "区域牌" in BONUS["RC"]["zh-CN"]
