"""Tuscany's board for a returning player (issue #29): the band says who decides what, a ready
seat reads "estate chosen", the dealt boards are pictured at setup, the reader's legal spaces are
outlined, the last move is ringed (and the moves since lightly), the end shows places, score by
category and the tie-break."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from render import kit
from render.tuscany import image, layers
from render.tuscany.style import HEX_R
from rules import CHANCE
from rules.tuscany import GAME
from tests.render.test_tuscany_prompts import _all_decisions

NAMES = ["Alice", "Bob", "Chen", "Dana"]


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _drawn(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> tuple[list[str], list[str], Image.Image]:
    """(texts the board drew, texts the band drew, the picture)."""
    board: list[str] = []
    text = layers.text

    def record(base: Image.Image, xy: tuple[float, float], words: str, *a: Any, **k: Any) -> None:
        board.append(words)
        text(base, xy, words, *a, **k)

    monkeypatch.setattr(layers, "text", record)
    with kit.recording() as drawn:
        picture = _rgb(render.draw("tuscany", view))
    return board, [t.text for t in drawn if t.band], picture


def _assemble_state(ready_first: bool) -> Any:
    state = GAME.new(2)
    while GAME.to_act(state) == [CHANCE]:
        state, _ = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    if ready_first:
        state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    return state


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_band_headline_says_who_decides_what(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    for kind in ("assemble", "bonus_city", "castle", "offer", "main"):
        state = _all_decisions()[kind]
        seat = GAME.to_act(state)[0]
        view = {**GAME.view(state, seat), "names": NAMES[:2], "locale": locale}
        _, band, _ = _drawn(monkeypatch, view)
        joined = "".join(band)
        assert NAMES[seat] in joined
        from render.tuscany import prompt

        words = prompt.decision(view, locale).replace(" ", "")
        assert words[:12] in joined.replace(" ", ""), (kind, band)


def test_a_ready_seat_reads_estate_chosen_not_choosing(monkeypatch: pytest.MonkeyPatch) -> None:
    view = {**GAME.view(_assemble_state(ready_first=True), None), "names": NAMES[:2]}
    assert view["seats"][0]["ready"] is True and view["seats"][1]["ready"] is False
    board, _, _ = _drawn(monkeypatch, view)
    assert board.count("estate chosen ✓") == 1
    assert board.count("choosing the estate…") == 1


def test_setup_pictures_the_dealt_boards_numbered_as_assemble_places_them(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _assemble_state(ready_first=False)
    view = {**GAME.view(state, 1), "names": NAMES[:2]}
    boards = sorted(view["seats"][1]["boards"])
    image._estate_stamp.cache_clear()  # stamps are drawn once: draw them again
    board, _, _ = _drawn(monkeypatch, view)
    for pos, name in enumerate(boards, 1):
        assert f"{pos}: {name}" in board
    assert any(text.startswith("assemble A4 B2 C4r+1") for text in board)
    # both seats' three boards are drawn: 2 x 30 spaces, each with its colour letter
    assert sum(1 for text in board if len(text) == 1 and text in "KCVFWMQT") >= 60


def _legal_targets(state: Any, seat: int) -> set[str]:
    out = set()
    for action in GAME.legal_actions(state, seat):
        if action.startswith("place "):
            out.add(action.split("@")[1].split()[0])
        elif action.startswith(("castle ", "start ")) and "@" in action:
            out.add(action.split("@")[1])
        elif action.startswith("start "):
            out.add(action.split()[1])
    return out


@pytest.mark.parametrize("kind", ["main", "castle", "start"])
def test_legal_spaces_are_outlined_for_the_reader_to_act_only(kind: str) -> None:
    state = _all_decisions()[kind]
    seat = GAME.to_act(state)[0]
    private = GAME.view(state, seat)
    assert set(image.legal_spaces(private, seat)) == _legal_targets(state, seat)
    assert image.legal_spaces(GAME.view(state, None), seat) == []
    other = 1 - seat  # outlined only if it too decides now (the start space is chosen by all at once)
    assert set(image.legal_spaces(GAME.view(state, other), other)) == _legal_targets(state, other)
    if other not in GAME.to_act(state):
        assert image.legal_spaces(GAME.view(state, other), other) == []
    spaces = image.legal_spaces(private, seat)
    if not spaces:
        return
    band = kit.band_height(__import__("render.tuscany.band", fromlist=["band"]).band(private), 1500)
    cx, cy = image.space_centre(spaces[0], *image.estate_origin(seat, band), HEX_R)
    probe = (round(cx + HEX_R - 6), round(cy))
    assert _rgb(render.draw("tuscany", private)).getpixel(probe) == kit.INK
    public = GAME.view(state, None)
    assert _rgb(render.draw("tuscany", public)).getpixel(probe) != kit.INK


def test_last_move_is_ringed_and_since_moves_lightly() -> None:
    state = _all_decisions()["main"]
    seat = GAME.to_act(state)[0]
    other = 1 - seat
    view = GAME.view(state, seat)
    covered = [sp for sp, code in view["seats"][other]["covered"].items() if not code.endswith("S")]
    space = covered[0] if covered else next(iter(view["seats"][other]["covered"]))
    placed = {"kind": "placed", "seat": other, "tile": "1V1", "space": space}
    view["last"] = {"seat": other, "events": [placed], "lines": ["Bob placed a village at " + space]}
    view["since"] = [
        {"seat": other, "events": [{"kind": "take", "seat": other, "tile": "1Q1", "slot": 2}], "lines": ["x"]},
        view["last"],
    ]
    rings, light = image.marks(view)
    assert rings == [("space", other, space)] and light == [("slot", 1, "")]
    assert image.marks({**view, "me": None})[1] == []  # the public view marks only the last move
    from render.tuscany.band import band

    b = band(view)
    assert b.last == "Last: Bob placed a village at " + space
    y0 = kit.band_height(b, 1500)
    picture = _rgb(render.draw("tuscany", view))
    cx, cy = image.space_centre(space, *image.estate_origin(other, y0), HEX_R)
    r = HEX_R * 0.92
    assert picture.getpixel((round(cx), round(cy - r + 2))) == kit.INK
    sx, sy = image.slot_centre(1, y0)
    ring = [picture.getpixel((round(sx), round(sy - 44 - 8 + k))) for k in range(3)]
    assert any(max(abs(a - b) for a, b in zip(pixel, kit.DARK, strict=True)) <= 6 for pixel in ring), ring


def _over_view() -> dict[str, Any]:
    state = _all_decisions()["main"]
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
        else:
            state, _ = GAME.apply(state, acting[0], sorted(GAME.legal_actions(state, acting[0]))[0])
    return {**GAME.view(state, None), "names": NAMES[:2]}


def test_end_shows_places_scores_by_category_and_the_tie_break(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _over_view()
    board, band, _ = _drawn(monkeypatch, view)
    assert "Final result" in board and "+ final" in board and "= red" in board
    assert "1." in board and "2." in board
    winner = view["result"]["winners"][0]
    assert any("wins" in text and NAMES[winner] in text for text in band)
    # a tie on red that the empty spaces decide, then a full tie: one shared place
    seats = view["seats"]
    seats[0].update(red=30, empty=5, green=3, hand_size=1)
    seats[1].update(red=30, empty=2, green=3, hand_size=1)
    view["result"] = {**view["result"], "ranking": [0, 1], "winners": [0]}
    assert image.standings(view) == [(1, 0), (2, 1)]
    assert image.tie_notes(view, NAMES, __import__("render.tuscany.style", fromlist=["w"]).words("en")) == [
        "Alice ahead of Bob on the tie-break: more empty spaces"
    ]
    seats[1].update(empty=5)
    view["result"]["winners"] = [0, 1]
    assert image.standings(view) == [(1, 0), (1, 1)]
    board, band, _ = _drawn(monkeypatch, view)
    assert board.count("1.") == 2 and "2." not in board
    assert "Alice and Bob share a place: every tie-break equal" in board
    assert any("share the win" in text for text in band)


def test_ended_early_says_so_in_the_band(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _all_decisions()["main"]
    view = {**GAME.view(state, None), "names": NAMES[:2], "ended": True, "to_act": []}
    _, band, _ = _drawn(monkeypatch, view)
    assert any("Ended early (unfinished)" in text for text in band)


def test_board_patterns_copy_the_rules_data_and_make_the_fixed_estate() -> None:
    from render.tuscany.boards import BOARDS, fixed_geometry
    from rules.tuscany.data import DATA
    from rules.tuscany.estate import fixed_estate, layout

    assert {v: BOARDS[v] for v in DATA} == {v: d.boards for v, d in DATA.items()}
    for boards in (("A1", "B2", "C3"), ("A4", "B4", "C1")):
        geometry = fixed_geometry("recon-1", boards)
        lay = layout("recon-1", fixed_estate(list(boards)))
        assert geometry is not None and geometry["colours"] == dict(lay.colour)
        assert sorted(map(tuple, geometry["areas"])) == sorted(lay.areas.values())


def test_meaningful_colours_are_declared_and_labelled() -> None:
    from render import cvd
    from render.tuscany import style

    assert cvd.failures(style.MEANINGFUL, style.LABELLED) == []
    assert set(style.MEANINGFUL) == set(style.LABELLED)  # tiles fail ΔE 20: every one carries its letter
    state = _all_decisions()["main"]
    from render.tuscany.band import band

    assert [seat.tag for seat in band(GAME.view(state, None)).seats] == ["1", "2"]


def test_panels_print_bare_names_with_a_bot_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _all_decisions()["main"]
    view = {
        **GAME.view(state, None),
        "names": ["Alice", "Bartholomew Longname (Bot, normal)"],
        "bare_names": ["Alice", "Bartholomew Longname"],
        "bots": [None, "normal"],
    }
    board, band, _ = _drawn(monkeypatch, view)
    assert not any("(Bot" in text for text in board + band)
    assert any("Bartholomew Longname ⚙" in text for text in board)
