"""Localised names of colours, tile types, bonus tiles and farm types (reference §12)."""

from __future__ import annotations

from typing import Any

from rules.core import Locale, localised

L = dict[Locale, str]

COLOUR: dict[str, L] = {
    "K": {"en": "dark green", "zh-TW": "深綠", "zh-CN": "深绿"},
    "C": {"en": "red", "zh-TW": "紅色", "zh-CN": "红色"},
    "V": {"en": "orange", "zh-TW": "橘色", "zh-CN": "橙色"},
    "F": {"en": "light green", "zh-TW": "淺綠", "zh-CN": "浅绿"},
    "W": {"en": "beige", "zh-TW": "米灰", "zh-CN": "米灰"},
    "M": {"en": "yellow", "zh-TW": "黃色", "zh-CN": "黄色"},
    "Q": {"en": "grey", "zh-TW": "灰色", "zh-CN": "灰色"},
    "T": {"en": "blue", "zh-TW": "藍色", "zh-CN": "蓝色"},
}

TILE: dict[str, L] = {
    "K": {"en": "castle", "zh-TW": "城堡", "zh-CN": "城堡"},
    "C": {"en": "city", "zh-TW": "城市", "zh-CN": "城市"},
    "V": {"en": "village", "zh-TW": "村莊", "zh-CN": "村庄"},
    "F": {"en": "farm", "zh-TW": "農場", "zh-CN": "农场"},
    "W": {"en": "carriage", "zh-TW": "馬車", "zh-CN": "马车"},
    "M": {"en": "monastery", "zh-TW": "修道院", "zh-CN": "修道院"},
    "Q": {"en": "quarry", "zh-TW": "礦場", "zh-CN": "矿场"},
    "T": {"en": "tavern", "zh-TW": "酒館", "zh-CN": "酒馆"},
    "S": {"en": "start castle", "zh-TW": "起始城堡", "zh-CN": "起始城堡"},
    "hex": {"en": "hex token", "zh-TW": "六角指示物", "zh-CN": "六角指示物"},
}

BONUS: dict[str, L] = {
    "RC": {"en": "+1 region card", "zh-TW": "+1 區域牌", "zh-CN": "+1 区域牌"},
    "ST": {"en": "+1 storage, +2 green", "zh-TW": "+1 存放區,綠色 +2", "zh-CN": "+1 存放区,绿色 +2"},
    "MA": {"en": "+1 marble", "zh-TW": "+1 大理石", "zh-CN": "+1 大理石"},
    "WO": {"en": "+1 worker", "zh-TW": "+1 工人", "zh-CN": "+1 工人"},
    "YI": {"en": "+1 yield card", "zh-TW": "+1 生產牌", "zh-CN": "+1 生产牌"},
}

FARM: dict[str, L] = {
    "OL": {"en": "olive", "zh-TW": "橄欖", "zh-CN": "橄榄"},
    "GR": {"en": "grape", "zh-TW": "葡萄", "zh-CN": "葡萄"},
    "WH": {"en": "wheat", "zh-TW": "小麥", "zh-CN": "小麦"},
    "LI": {"en": "livestock", "zh-TW": "牲畜", "zh-CN": "牲畜"},
}

WORKERS: L = {"en": "{n} worker(s)", "zh-TW": "{n} 個工人", "zh-CN": "{n} 个工人"}
CARDS: L = {"en": "{n} {colour} card(s)", "zh-TW": "{n} 張{colour}牌", "zh-CN": "{n} 张{colour}牌"}

COLOUR_PARAMS = ("colour", "space_colour")
TILE_PARAMS = ("tile",)


def colour_name(letter: str, locale: Locale) -> str:
    return localised(COLOUR[letter], locale) if letter in COLOUR else letter


def tile_name(code: str, locale: Locale) -> str:
    """The type of a tile code (``1V3`` → village) or of ``hex``."""
    if code.lower() == "hex":
        return localised(TILE["hex"], locale)
    letter = code[1] if len(code) >= 2 else code
    return localised(TILE[letter], locale) if letter in TILE else code


def localise_params(params: dict[str, Any], locale: Locale) -> dict[str, Any]:
    """Turn colour and tile letters in refusal parameters into words of ``locale``."""
    out = dict(params)
    for key in COLOUR_PARAMS:
        if key in out:
            out[key] = colour_name(str(out[key]), locale)
    if "need" in out:
        out["need"] = need_text(str(out["need"]), locale)
    for key in TILE_PARAMS:
        if key in out and str(out[key]) in TILE:
            out[key] = localised(TILE[str(out[key])], locale)
    return out


def need_text(need: str, locale: Locale) -> str:
    """``"V2 wk1"`` (what a payment uses) → "2 orange card(s), 1 worker(s)" in ``locale``."""
    parts = []
    for word in need.split():
        if word.startswith("wk"):
            parts.append(localised(WORKERS, locale).format(n=word[2:]))
        elif word[:1] in COLOUR:
            parts.append(localised(CARDS, locale).format(n=word[1:], colour=colour_name(word[0], locale)))
    return ", ".join(parts) or need
