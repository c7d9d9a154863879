"""The final post ranks by ``Game.places``: a shared first place is printed as two firsts."""

from __future__ import annotations

from cogs.posting import result_lines
from table.service import Result


def _finished(ranking: list[int], places: list[int], scores: list[int]) -> Result:
    return Result(
        kind="moved", game_id=1, game="burgundy_cards", status="finished", version=9, locale="en",
        names=["Ana", "Bo", "Cy"], user_ids=["1", "2", "3"], scores=scores, ranking=ranking, places=places,
    )


def test_a_shared_first_place_is_printed_as_one() -> None:
    lines = result_lines(_finished([1, 0, 2], [1, 1, 3], [12, 12, 4]), "en")
    assert lines[-3:] == ["1. Bo — 12", "1. Ana — 12", "3. Cy — 4"]


def test_places_missing_fall_back_to_positions() -> None:
    lines = result_lines(_finished([2, 0, 1], [], [5, 3, 9]), "en")
    assert lines[-3:] == ["1. Cy — 9", "2. Ana — 5", "3. Bo — 3"]
