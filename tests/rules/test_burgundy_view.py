"""The view keeps the schema written in ``rules/burgundy/VIEW.md`` (the renderer relies on it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import CHANCE
from rules.burgundy import GAME
from tests.conformance import playout
from tests.rules.test_burgundy_support import at_turn

VIEW_MD = Path(__file__).resolve().parents[2] / "rules" / "burgundy" / "VIEW.md"


def _example() -> dict:
    text = VIEW_MD.read_text(encoding="utf-8")
    block = text.split("## Complete example", 1)[1]
    return json.loads(re.search(r"```json\n(.*?)```", block, re.S).group(1))


def test_example_has_exactly_the_engine_keys() -> None:
    example = _example()
    view = GAME.view(at_turn(2), 0)
    assert set(example) == set(view)
    assert set(example["estates"][0]) == set(view["estates"][0])
    assert set(example["estates"][0]["spaces"][0]) == set(view["estates"][0]["spaces"][0])
    assert set(example["depots"][0]) == set(view["depots"][0])
    assert set(example["depots"][0]["slots"][0]) == set(view["depots"][0]["slots"][0])
    assert example["estates"][0]["spaces"][2] == view["estates"][0]["spaces"][18]
    assert example["estates"][0]["spaces"][:2] == view["estates"][0]["spaces"][:2]
    assert (example["estates"][0]["width"], example["estates"][0]["height"]) == (
        view["estates"][0]["width"], view["estates"][0]["height"])


def test_views_are_public_and_complete() -> None:
    state = at_turn(3)
    public = GAME.view(state, None)
    for seat in range(3):
        mine = GAME.view(state, seat)
        assert mine["seat"] == seat
        assert {**mine, "seat": None} == public
    assert public["game"] == "burgundy" and public["players"] == 3
    assert len(public["depots"]) == 6 and all(len(d["slots"]) == 3 for d in public["depots"])
    assert len(public["black_depot"]) == 6
    for estate in public["estates"]:
        assert len(estate["spaces"]) == 37
        assert sum(1 for s in estate["spaces"] if s["tile"]) == 1
    assert public["goods_stacks"] == {"B": 5, "C": 5, "D": 5, "E": 5}
    assert "gpool" not in json.dumps(public) and "supply" not in public


@pytest.mark.parametrize("players", [1, 2, 4])
def test_views_through_a_whole_game(players: int) -> None:
    run = playout(GAME, players, seed=3)
    final = GAME.view(run.state, 0)
    assert final["status"] == "over" and final["final"] is not None and final["to_act"] == []
    json.dumps(final)
    if players == 1:
        assert final["solo_track"] is not None and final["estates"][0]["rivers"]
        assert final["estates"][0]["board"] == "A"


def test_prompt_and_chance_fields() -> None:
    state = GAME.new(2, {"boards": "random"})
    view = GAME.view(state, None)
    assert view["to_act"] == [CHANCE] and view["chance"] == "board"
    assert view["estates"][0]["spaces"] == [] and view["estates"][0]["board"] == "?"
    solo = GAME.new(1)
    assert GAME.view(solo, 0)["prompt"] == {"seat": 0, "kind": "castle"}
