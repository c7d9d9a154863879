"""Burgundy marks on the estates: legal spaces (private view of the seat to act), the last move
ringed from the table's ``view["last"]``, and the moves since the reader's last decision lightly."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import rules
from render.burgundy import image as burgundy
from render.burgundy import marks
from render.burgundy.style import HIGHLIGHT, LEGAL, SINCE
from rules.core import CHANCE
from tests.conformance import busy_step
from tests.render.test_burgundy_render import sample_view

GAME = rules.get("burgundy")
SPACE = re.compile(r"@(\d+)$")


def rules_spaces(state: Any, seat: int) -> set[int]:
    """Spaces the rules' legal moves place a tile on (place, city hall/reward "choose", castle)."""
    out = set()
    for action in GAME.legal_actions(state, seat):
        found = SPACE.search(action)
        if found:
            out.add(int(found.group(1)))
    return out


@pytest.mark.parametrize(("players", "seed", "boards"), [(1, 5, None), (2, 6, "random"), (4, 7, "choose")])
def test_legal_spaces_are_the_rules_placements(players: int, seed: int, boards: str | None) -> None:
    """Every decision of a whole game: the highlighted spaces are exactly where the rules let the
    seat to act place a tile (dice, knowledge tiles 1/9/10/11, free placements, start castle)."""
    rng = random.Random(seed)
    state = GAME.new(players, {"boards": boards} if boards else None)
    checked = placing = 0
    while GAME.to_act(state):
        acting = GAME.to_act(state)
        if acting != [CHANCE]:
            for seat in acting:
                expected = rules_spaces(state, seat)
                assert marks.legal_spaces(GAME.view(state, seat)) == expected, (
                    seat,
                    GAME.view(state, seat)["prompt"],
                )
                assert marks.legal_spaces(GAME.view(state, None)) == set()  # never in the public view
                checked += 1
                placing += bool(expected)
        state = busy_step(GAME, state, rng)
    assert checked > 60 and placing > 10


def _colours(img: Any) -> set[Any]:
    rgb = img.convert("RGB")
    return {c for _, c in rgb.getcolors(1 << 20)}


def placing_position(players: int = 2, seed: int = 3) -> tuple[Any, int]:
    """The first position of a seeded game where the seat to act can place a stored tile."""
    rng = random.Random(seed)
    state = GAME.new(players)
    while True:
        acting = GAME.to_act(state)
        if (
            acting != [CHANCE]
            and GAME.view(state, None)["status"] == "play"
            and rules_spaces(state, acting[0])
        ):
            return state, acting[0]
        state = busy_step(GAME, state, rng)


def test_legal_spaces_are_ringed_only_in_the_private_view_of_the_seat_to_act() -> None:
    state, seat = placing_position()
    view = GAME.view(state, seat) | {"last": []}
    assert LEGAL in _colours(burgundy.compose(view))
    assert LEGAL not in _colours(burgundy.compose(GAME.view(state, 1 - seat) | {"last": []}))
    assert LEGAL not in _colours(burgundy.compose(GAME.view(state, None) | {"last": []}))


def test_last_move_from_the_table_is_ringed_and_moves_since_lightly() -> None:
    """The table's ``last`` is ``{"seat", "events", "lines"}``; ``since`` a list of those."""
    place = {"kind": "place", "seat": 0, "tile": "CAS", "space": 18, "die": 6}
    quiet = sample_view(2, seat=1, last=[])
    marked = quiet | {
        "last": {
            "seat": 1,
            "events": [{"kind": "place", "seat": 1, "tile": "SHP", "space": 16}],
            "lines": ["x"],
        },
        "since": [{"seat": 0, "events": [place], "lines": ["y"]}],
    }
    assert marks.last_spaces(marked) == {(1, 16)}
    assert marks.since_spaces(marked) == {(0, 18)}
    before, after = _colours(burgundy.compose(quiet)), _colours(burgundy.compose(marked))
    assert HIGHLIGHT not in before and SINCE not in before
    assert HIGHLIGHT in after and SINCE in after


def test_a_taken_tile_is_ringed_in_the_storage() -> None:
    view = sample_view(2, seat=None)
    seat = view["estates"][0]
    view["estates"][0] = seat | {"storage": ["SHP"]}
    quiet = burgundy.compose(view | {"last": []})
    took = burgundy.compose(
        view | {"last": {"seat": 0, "events": [{"kind": "take", "seat": 0, "tile": "SHP"}]}}
    )
    assert HIGHLIGHT not in _colours(quiet) and HIGHLIGHT in _colours(took)
