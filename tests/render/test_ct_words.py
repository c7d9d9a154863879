"""Chinese punctuation on the card game's and Tuscany's boards: the full-width colon "：", as
FIXER and Burgundy write it (issue #29 found the two mixed)."""

from __future__ import annotations

import re

import pytest

from render.burgundy_cards import style as cards_style
from render.burgundy_cards import textview as cards_text
from render.tuscany import style as tuscany_style
from render.tuscany import textview as tuscany_text

TABLES = {
    "burgundy_cards.style.WORDS": cards_style.WORDS,
    "burgundy_cards.style.QUESTIONS": cards_style.QUESTIONS,
    "burgundy_cards.textview.TEXT": cards_text.TEXT,
    "tuscany.style.WORDS": tuscany_style.WORDS,
    "tuscany.textview.WORDS": tuscany_text.WORDS,
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_chinese_words_use_the_full_width_colon(name: str) -> None:
    bad = [
        (key, text)
        for key, entry in TABLES[name].items()
        for locale, text in entry.items()
        if locale.startswith("zh") and re.search(r":(?!//)", text)
    ]
    assert not bad, f"{name}: ASCII colon in Chinese words: {bad}"
