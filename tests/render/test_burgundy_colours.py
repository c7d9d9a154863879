"""Burgundy's meaningful colours (issue 6): every group is ΔE ≥ 20 apart under deuteranopia and
protanopia, or declared labelled (always with a letter or number, which the render tests check)."""

from __future__ import annotations

from render import cvd
from render.burgundy import style


def test_meaningful_colours_are_declared_and_hold_the_rule() -> None:
    assert {"players", "estate", "goods", "marks"} <= set(style.MEANINGFUL)
    assert cvd.failures(style.MEANINGFUL, style.LABELLED) == []
    assert "marks" not in style.LABELLED  # the rings are told apart by colour too, not only shape


def test_labelled_groups_are_the_ones_drawn_with_letters() -> None:
    """The exemptions name real labels: seat markers, estate letters and goods numbers (the render
    tests' ``test_colour_never_carries_meaning_alone`` draws each without colour and compares)."""
    assert set(style.LABELLED) == {"players", "estate", "goods"}
    for colour in style.MEANINGFUL["players"] + style.MEANINGFUL["estate"] + style.MEANINGFUL["goods"]:
        assert colour in style.PALETTE.colours
