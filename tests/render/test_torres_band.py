"""Torres at phone size (issue #29): the summary band prompts every decision type in words, the
squares the last decision changed are ringed and those changed since the reader's own decision
lightly marked, the ×n labels have a legend, the end screen shares places and lists the final
scoring by category, the private strip no longer keeps a blank card row nor calls drawn cards
"revealed", the orange knights stay apart from the yellow King, zh uses "："."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PIL import Image

import rules
from render import cvd, kit
from render.torres import band as torres_band
from render.torres import image as torres
from render.torres import style, textview
from table.chance import resolve

GAME = rules.get("torres")
NAMES = ["Alice", "Bartholomew Longname", "Chen", "Dora"]


def _find(players: int, options: dict[str, Any] | None, wanted: Callable[[dict[str, Any]], bool]) -> Any:
    """The first state of seeded random games whose public view satisfies ``wanted``."""
    for seed in range(1, 12):
        rng = random.Random(seed)
        state, step = GAME.new(players, options), 0
        while not GAME.is_over(state):
            acting = GAME.to_act(state)
            if acting != [rules.CHANCE] and wanted(GAME.view(state, None)):
                return state
            if acting == [rules.CHANCE]:
                state, _ = GAME.apply(state, rules.CHANCE, resolve(seed, step, GAME.chance_outcomes(state)))
            else:
                legal = GAME.legal_actions(state, acting[0])
                draws = [a for a in legal if a == "card draw"]
                state, _ = GAME.apply(state, acting[0], draws[0] if draws and rng.random() < 0.5 else rng.choice(legal))
            step += 1
        if wanted(GAME.view(state, None)):
            return state
    raise AssertionError("no such position")


def _view(state: Any, seat: int | None = None, locale: str = "en", **extra: Any) -> dict[str, Any]:
    view = GAME.view(state, seat)
    count = int(view["players"])
    return {**view, "names": NAMES[:count], "bare_names": NAMES[:count], "locale": locale, **extra}


def test_every_decision_type_has_its_prompt() -> None:
    cases = {
        "build": (4, {"master": True}, lambda v: v["stage"] == "build", "place a start castle"),
        "place": (2, None, lambda v: v["stage"] == "place", "place a knight on a start castle"),
        "crown": (2, None, lambda v: v["stage"] == "crown", "place the King on a free start castle"),
        "king": (2, None, lambda v: v["stage"] == "king", "move the King or leave it"),
        "turn": (2, None, lambda v: v["stage"] == "turn" and not v["turn"]["revealing"], "AP left: knight 2"),
        "keep": (2, {"cards": "own"}, lambda v: bool(v["turn"] and v["turn"]["revealing"]), "keep one drawn card"),
    }
    for name, (players, options, wanted, words) in cases.items():
        state = _find(players, options, wanted)
        view = _view(state)
        head = torres_band.headline(view)
        assert head.startswith(f"▶ {NAMES[view['current']]}: ") and words in head, (name, head)
        for locale in ("zh-TW", "zh-CN"):
            zh = torres_band.headline(_view(state, locale=locale))
            assert "：" in zh and ":" not in zh, (name, zh)
        prompt = [line for line in textview.lines(view) if line.startswith("→ ")]
        short = {"turn": "spend AP or end the turn", "keep": "keep 1 drawn card"}
        expected = short.get(name) or torres_band.prompt(view, style.words("en"))
        who = NAMES[view["current"]]
        if len(who) > textview.PROMPT_NAME:  # a long name gives way to the seat letter
            who = f"({style.COLOUR_LETTERS[view['seats'][view['current']]['colour']]})"
        assert prompt == [f"→ **{who}**: {expected}"], name


def test_end_headline_places_and_final_scoring_by_category() -> None:
    final = _find(3, None, lambda v: v["over"])
    view = _view(final)
    scores = [s["score"] for s in view["seats"]]
    best = max(scores)
    winners = [NAMES[i] for i, s in enumerate(scores) if s == best]
    head = torres_band.headline(view)
    assert head.startswith("★ ") and all(name in head for name in winners) and str(best) in head
    layout = torres._panel_layout(view, NAMES[:3], "en")
    seats = [" ".join(text for text, _ in seat) for seat in layout.seats]  # a long line wraps
    assert all("phase 3: castles" in text and "+ King" in text and "+ master" in text for text in seats)
    # the table's standings share a place; the note says Torres breaks no tie
    tied = {**view, "seats": [{**s, "score": 10} for s in view["seats"]]}
    tied["standings"] = {"ranking": [0, 1, 2], "places": [1, 1, 1], "scores": [10, 10, 10], "ended": False}
    assert torres.places(tied) == [1, 1, 1]
    assert torres_band.headline(tied).startswith("★ Shared win: Alice, Bartholomew Longname, Chen")
    assert style.words("en")["tie_note"] in " ".join(torres._panel_layout(tied, NAMES[:3], "en").notes)
    ended = _view(_find(2, None, lambda v: v["stage"] == "turn" and v["phase"] == 2), ended=True, to_act=[])
    assert torres_band.headline(ended) == "Ended early (unfinished)"
    assert not any(s.acting for s in torres_band.band(ended).seats)


def _cell_pixels(image: Image.Image, square: str, offset: int) -> list[kit.RGB]:
    left, top, _right, bottom = torres._cell_box(torres.FILES.index(square[0]) + 8 * (int(square[1]) - 1))
    rgb = image.convert("RGB")
    mid = (top + bottom) // 2 + offset
    return [rgb.getpixel((left + 7, mid)), rgb.getpixel((left + 11, mid))]


def test_last_move_ringed_and_moves_since_lightly_marked() -> None:
    import io

    state = _find(2, None, lambda v: v["stage"] == "turn" and v["phase"] == 2)
    last = {"seat": 1, "events": [{"kind": "tower", "seat": 1, "sq": "d4", "level": 2}], "lines": ["Bob builds on d4"]}
    since = [{"seat": 1, "events": [{"kind": "move", "seat": 1, "frm": "a1", "to": "b1"}], "lines": []}, last]
    view = _view(state, 0, last=last, since=since)
    image = Image.open(io.BytesIO(torres.draw(view)))
    offset = torres.band_height(view)
    indexed = kit.indexed_of(image)
    white = indexed.rgb(indexed.index(kit.WHITE))
    assert _cell_pixels(image, "d4", offset)[0] == white  # the last move: a thick white ring
    assert _cell_pixels(image, "b1", offset)[1] == white  # since: a thin ring further in
    assert _cell_pixels(image, "a1", offset)[1] == white
    assert white not in _cell_pixels(image, "h8", offset)
    assert torres_band.band(view).last == "Last: Bob builds on d4"
    assert torres_band.squares({"events": [{"kind": "play", "card": "SHIFT", "args": "c3-e5"}]}) == {"c3", "e5"}


def test_private_strip_is_short_without_cards_and_drawn_cards_stand_apart() -> None:
    state = _find(2, {"cards": "own"}, lambda v: bool(v["turn"] and v["turn"]["revealing"]))
    seat = GAME.view(state, None)["current"]
    view = _view(state, seat)
    assert view["me"]["reveal"]
    with kit.recording() as drawn:
        torres.draw(view)
    texts = [t.text for t in drawn]
    assert "Drawn: keep 1" in texts and "drawn" in texts and "revealed" not in texts
    empty = {**view, "me": {**view["me"], "hand": [], "reveal": [], "acquired": []}}
    assert torres.strip_height(empty) == torres.EMPTY_STRIP < style.CARD_STRIP
    public = torres.draw({**view, "me": None})
    height = Image.open(__import__("io").BytesIO(torres.draw(empty))).height
    assert height - Image.open(__import__("io").BytesIO(public)).height == torres.EMPTY_STRIP


def test_area_legend_and_colours_apart_for_colour_blind_eyes() -> None:
    state = _find(2, None, lambda v: v["castle_count"] > 0 and v["stage"] == "turn")
    notes = " ".join(torres._panel_layout(_view(state), NAMES[:2], "en").notes)
    assert style.words("en")["area_legend"] in notes
    assert cvd.failures(style.MEANINGFUL, style.LABELLED) == []
    assert cvd.delta_e(style.COLOUR_RGB["orange"], style.KING_RGB, "deuteranopia") >= 20


def test_zh_words_use_full_width_colons() -> None:
    for table in (style.WORDS, textview.WORDS):
        for locale in ("zh-TW", "zh-CN"):
            for key, value in table[locale].items():
                for text in value.values() if isinstance(value, dict) else [value]:
                    assert ":" not in str(text), (locale, key, text)


def test_the_whole_last_turn_is_ringed_and_named() -> None:
    import io

    state = _find(2, None, lambda v: v["stage"] == "turn" and v["phase"] == 2)
    turn = [
        {"seat": 1, "events": [{"kind": "knight", "seat": 1, "sq": "c3"}], "lines": ["Bob places a knight on c3"]},
        {"seat": 1, "events": [{"kind": "tower", "seat": 1, "sq": "f6", "level": 1}], "lines": ["Bob builds on f6"]},
        {"seat": 1, "events": [{"kind": "end", "seat": 1, "lost_ap": 0, "returned": 0}], "lines": ["Bob ends the turn"]},
    ]
    view = _view(state, None, last=turn[-1], last_turn=turn)
    assert torres_band.band(view).last == "Last: Bob places a knight on c3; Bob builds on f6; Bob ends the turn"
    image = Image.open(io.BytesIO(torres.draw(view)))
    offset = torres.band_height(view)
    indexed = kit.indexed_of(image)
    white = indexed.rgb(indexed.index(kit.WHITE))
    for square in ("c3", "f6"):
        assert _cell_pixels(image, square, offset)[0] == white, square


def test_the_readers_legal_squares_are_marked_in_their_private_view() -> None:
    import io

    state = _find(2, None, lambda v: v["stage"] == "turn" and v["phase"] == 2)
    seat = GAME.view(state, None)["current"]
    legal = GAME.legal_actions(state, seat)
    view = _view(state, seat, legal=legal)
    marked = torres_band.legal_squares(view)
    targets = {a.split()[1].split("-")[-1] for a in legal if a.split()[0] in ("knight", "tower", "move")}
    assert marked == targets and marked
    image = Image.open(io.BytesIO(torres.draw(view))).convert("RGB")
    offset = torres.band_height(view)
    indexed = kit.indexed_of(Image.open(io.BytesIO(torres.draw(view))))
    white = indexed.rgb(indexed.index(torres.LEGAL_MARK))
    for name in sorted(marked)[:5]:
        _left, _top, right, bottom = torres._cell_box(torres.FILES.index(name[0]) + 8 * (int(name[1]) - 1))
        assert image.getpixel((right - 21, bottom - 21 + offset)) == white, name
    assert style.words("en")["legal_legend"] in " ".join(torres._panel_layout(view, NAMES[:2], "en").notes)
    assert not torres_band.legal_squares(_view(state, seat))  # without the table's list: nothing
