"""One check for "this text exists in every locale and no English is left in a Chinese one".

Move codes (``R7@2``, ``card play UP2``, ``c4``), option keys (``critical_bonus=3``), command
words players type (``/move keep``) and proper names may stay in Latin letters; any other Latin
word of three letters or more in a zh-TW / zh-CN text is English that was not translated.
"""

from __future__ import annotations

import re

from rules import LOCALES

CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_']+")
TYPED_WORDS = frozenset(
    "knight move tower card draw play keep top bottom score end king pass first master own shared "
    "discard cards automa_player_void hand faceup solo_rounds critical_bonus card_passing long_match "
    "ph3_split".split()
)
"""Notation and option words a player types, which every locale quotes as they are."""


def english_left(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """Latin words in ``text`` that are neither codes, typed words nor proper names."""
    text = re.sub(r"\{[a-z_]+\}", "", text)  # template fields
    for name in names:
        text = text.replace(name, "")
    left = []
    for word in LATIN_WORD.findall(text):
        if word.isupper() or word.lower() in TYPED_WORDS or len(word) < 3:
            continue  # codes (AP6, SHIFT, FIXER), notation words, squares and short tokens
        left.append(word)
    return left


def check_locales(texts: dict[str, str], what: str, names: tuple[str, ...] = ()) -> None:
    """``texts`` maps every locale to its text; the Chinese ones must be translated."""
    assert set(LOCALES) <= set(texts), (what, sorted(texts))
    for locale in ("zh-TW", "zh-CN"):
        text = texts[locale]
        assert text, (what, locale)
        assert not english_left(text, names), (what, locale, text)
        if english_left(texts["en"], names):  # English prose: the Chinese text must be Chinese
            assert CJK.search(text), (what, locale, text)
