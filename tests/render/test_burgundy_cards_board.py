"""The card game's board for a returning player (issue #29): a prompt for every decision the rules
have (band and text board, never "drawing cards…" where a decision waits), readable counters, the
start player card explained, "?" on an unturned pile top, colour-blind-safe suit colours, the last
move and the moves since outlined, an end panel with places and the tie-break."""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from render import cvd, kit
from render.burgundy_cards import image, prompt, style
from render.burgundy_cards.band import band
from rules import CHANCE
from rules.burgundy_cards import GAME
from rules.burgundy_cards import data as rules_data

NAMES = ["Alice", "Bob", "Chen", "Dana"]
LOCALES = ("en", "zh-TW", "zh-CN")


def _kind(state: Any, seat: int) -> str:
    """The decision type, from the rules' legal actions (not from the view)."""
    legal = GAME.legal_actions(state, seat)
    if legal[0].startswith("first "):
        return "first"
    pending = GAME.view(state, None)["pending"]
    if pending:
        return "q_" + pending["q"]
    if any(a.startswith("keep ") for a in legal):
        return "buy"
    if "end" in legal:
        return "after_buy" if "buy" in legal else "after"
    return "start_buy" if "buy" in legal else "start"


@cache
def _decisions() -> dict[str, Any]:
    """One state per decision type met over seeded games that like to build and sell."""
    found: dict[str, Any] = {}
    for players, options in ((2, {"start_player": "host"}), (3, None), (2, None)):
        for seed in range(12):
            rng = random.Random(seed)
            state = GAME.new(players, options)
            while not GAME.is_over(state):
                acting = GAME.to_act(state)
                if acting == [CHANCE]:
                    outcomes = GAME.chance_outcomes(state)
                    pick = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                    state, _ = GAME.apply(state, CHANCE, pick)
                    continue
                found.setdefault(_kind(state, acting[0]), state)
                legal = GAME.legal_actions(state, acting[0])
                good = [a for a in legal if " build " in a or a.startswith(("use", "sell", "cityhall", "as "))]
                state, _ = GAME.apply(state, acting[0], rng.choice(good if good and rng.random() < 0.7 else legal))
            found.setdefault("over", state)
    return found


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _labels(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> list[str]:
    """Every text the board stamped (its labels are cached masks, so record the calls)."""
    seen: list[str] = []
    label = image.label

    def record(base: Image.Image, xy: tuple[float, float], text: str, *a: Any, **k: Any) -> int:
        seen.append(text)
        return label(base, xy, text, *a, **k)

    monkeypatch.setattr(image, "label", record)
    render.draw("burgundy_cards", view)
    return seen


KINDS = ("first", "start", "start_buy", "buy", "after_buy", *(f"q_{q}" for q in style.QUESTIONS))


def test_every_decision_type_is_met() -> None:
    assert set(KINDS) <= set(_decisions()), sorted(_decisions())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("locale", LOCALES)
def test_each_decision_has_its_words_in_the_band_and_text_board(kind: str, locale: str) -> None:
    state = _decisions()[kind]
    seat = GAME.to_act(state)[0]
    for viewer in (None, seat):
        view = {**GAME.view(state, viewer), "names": NAMES[:2] if kind == "first" else NAMES[: GAME.view(state, None)["players"]], "locale": locale}
        key = prompt.decision_key(view)
        assert key == ("question" if kind.startswith("q_") else kind)
        what = prompt.decision(view, locale)
        head = band(view).headline
        assert head.startswith("▶ " + NAMES[seat]) and what in head, head
        text = "\n".join(render.text("burgundy_cards", view))
        assert "drawing cards" not in text and "抽卡中" not in text
        if kind.startswith("q_"):
            assert style.QUESTIONS[kind[2:]][locale] in text
        elif kind != "buy":
            assert prompt.decision(view, locale) in text, text
        if locale != "en":
            assert "：" in head and ":" not in head


def test_buy_hint_follows_the_rules() -> None:
    assert prompt.BUY_COST == rules_data.BUY_COST
    for kind in ("start", "start_buy", "after_buy"):
        state = _decisions()[kind]
        seat = GAME.to_act(state)[0]
        assert prompt.can_buy(GAME.view(state, None)) == ("buy" in GAME.legal_actions(state, seat))


def test_the_end_headline_and_panel_give_places_and_the_tie_break(monkeypatch: pytest.MonkeyPatch) -> None:
    view = {**GAME.view(_decisions()["over"], None), "names": NAMES[:2]}
    final = view["final"]
    winner = final["ranking"][0]
    assert band(view).headline.startswith(f"{NAMES[winner]} wins — ")
    # equal VP broken by storage cards, then a full tie sharing first place
    rows = [dict(r) for r in final["rows"]]
    rows[0].update(total=20, storage=4)
    rows[1].update(total=20, storage=2)
    view["final"] = {**final, "rows": rows, "ranking": [0, 1], "places": [1, 2]}
    w = style.words("en")
    assert image.tie_notes(view, NAMES, w) == ["tie on VP: more storage cards put Alice ahead of Bob (4 vs 2)"]
    rows[1].update(storage=4)
    view["final"] = {**view["final"], "places": [1, 1]}
    for s in (0, 1):
        view["estates"][s]["score"]["total"] = 20
    assert image.tie_notes(view, NAMES, w) == ["Alice and Bob share a place: equal VP and storage cards"]
    assert band(view).headline == "Alice, Bob share the win — 20 VP"
    texts = _labels(monkeypatch, view)
    assert any("1. Alice 20 VP" in t and "1. Bob 20 VP" in t for t in texts), texts


def test_ended_early_says_so() -> None:
    view = {**GAME.view(_decisions()["start"], None), "names": NAMES[:3], "ended": True, "to_act": []}
    assert band(view).headline == "Ended early (unfinished)"
    assert prompt.decision(view, "en") == ""


def test_counters_read_as_words(monkeypatch: pytest.MonkeyPatch) -> None:
    w = style.words("en")
    assert w["p_goods"] != w["i_sold"] and "sold" not in w["p_goods"] and "goods" not in w["i_sold"]
    view = {**GAME.view(_decisions()["start"], None), "names": NAMES[:3]}
    texts = _labels(monkeypatch, view)
    assert not any("✓" in t for t in texts)  # the pips already show progress
    vp = view["triple_vp"]
    assert f"triple = {vp['CAS']} VP" in texts and "CAS" in texts


def test_start_player_card_says_what_happens_to_it() -> None:
    view = {**GAME.view(_decisions()["start"], None), "names": NAMES[:3]}
    w = style.words("en")
    view["sp"] = {"holder": 1, "q": True}
    assert image.start_card_text(view, NAMES[:3], w) == "Start player card: Bob · Bob starts next round (sold goods)"
    view["sp"] = {"holder": 2, "q": False}
    assert image.start_card_text(view, NAMES[:3], w) == "Start player card: Chen · passes to Alice at the round's end"


def test_an_unturned_pile_top_shows_a_question_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    view = {**GAME.view(_decisions()["start"], None), "names": NAMES[:3]}
    view["piles"] = {**view["piles"], "a1": {"top": None, "n": 5}, "a2": {"top": None, "n": 0}}
    assert _labels(monkeypatch, view).count("?") == 1  # the empty pile stays blank


def test_suit_colours_are_colour_blind_safe() -> None:
    assert cvd.failures(style.MEANINGFUL, style.LABELLED) == []
    assert style.MEANINGFUL["suits"] == list(style.CARD.values())
    cloister, ship = style.CARD["CLO"], style.CARD["SHI"]
    pasture, building = style.CARD["PAS"], style.CARD["BLD"]
    for deficiency in cvd.SIMULATIONS:
        assert cvd.delta_e(cloister, ship, deficiency) >= 20
        assert cvd.delta_e(pasture, building, deficiency) >= 20


def test_last_move_is_outlined_and_moves_since_lightly() -> None:
    state = _decisions()["start"]
    seat = GAME.to_act(state)[0]
    players = GAME.view(state, None)["players"]
    view = {**GAME.view(state, seat), "names": NAMES[:players]}
    other = (seat + 1) % players
    built = {"kind": "build", "seat": other, "card": "CAS1a", "colour": "CAS"}
    view["last"] = {"seat": other, "events": [built], "lines": [f"{NAMES[other]} built castle CAS1a"]}
    view["since"] = [{"seat": other, "events": [{"kind": "build", "seat": other, "card": "X", "colour": "SHI"}],
                      "lines": ["x"]}, view["last"]]
    rings, light = image.marks(view)
    assert rings == [("col", other, "CAS")] and light == [("col", other, "SHI")]
    assert image.marks({**view, "me": None})[1] == []
    assert band(view).last == f"Last: {NAMES[other]} built castle CAS1a"
    # the rules' own ``last`` (a list of events) is not the table's last move: nothing is marked
    assert image.marks({**view, "last": [built], "since": []}) == ([], [])
    plain = image.compose({**view, "last": None, "since": []}).convert("RGB")
    marked = image.compose(view).convert("RGB")
    x0, y0, x1, _ = image.mark_box(view, ("col", other, "CAS"))
    probe = ((x0 + x1) // 2, y0 + 1)  # the top edge of the outline
    assert plain.getpixel(probe) != marked.getpixel(probe) == kit.INK
    x0, y0, x1, _ = image.mark_box(view, ("col", other, "SHI"))
    probe = ((x0 + x1) // 2, y0 + 1)
    assert marked.getpixel(probe) != plain.getpixel(probe)


def test_panels_print_bare_names_with_a_bot_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _decisions()["start"]
    players = GAME.view(state, None)["players"]
    names = ["Alice", "Bartholomew Longname (Bot, normal)", "Chen"][:players]
    bare = ["Alice", "Bartholomew Longname", "Chen"][:players]
    view = {**GAME.view(state, None), "names": names, "bare_names": bare, "bots": [None, "normal", None][:players]}
    texts = _labels(monkeypatch, view)
    assert not any("(Bot" in text for text in texts)
    assert "Bartholomew Longname ⚙" in texts
