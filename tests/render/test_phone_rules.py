"""The phone rules of issue #29, for every game that has taken them on (the phone report,
``python -m bench phone``, measures the same for all):

- the band rule: a game with a summary band (``render/<game>/band.py``) draws it on every image,
  and its smallest text has a cap-height of at least 9 px once the image is shrunk to 400 px wide;
- the colour rule: every pair of colours a game declares meaningful (``style.MEANINGFUL``) is
  ΔE00 ≥ 20 apart under Machado deuteranopia and protanopia, unless the group is declared to
  carry a letter or number everywhere (``style.LABELLED``).
"""

from __future__ import annotations

import importlib.util

import pytest

import rules
from bench import phone
from render import cvd

BANDED = [name for name in rules.GAMES if importlib.util.find_spec(f"render.{name}.band") is not None]
STYLED = [name for name in rules.GAMES if getattr(phone.style_of(name), "MEANINGFUL", None)]


def test_the_games_of_this_change_take_both_rules() -> None:
    assert {"fixer", "torres"} <= set(BANDED) and {"fixer", "torres"} <= set(STYLED)


@pytest.mark.parametrize("name", BANDED)
def test_band_cap_height_at_phone_width(name: str) -> None:
    shots = list(phone.shots(name, players_list=(2,), locales=("en", "zh-TW")))
    assert len(shots) == 12  # start, middle, end × public, private × en, zh-TW
    for shot in shots:
        assert shot.band_cap is not None, (name, shot.stage, shot.view_name, shot.locale)
        assert shot.band_cap >= 9, (name, shot.stage, shot.view_name, shot.locale, shot.band_cap)


@pytest.mark.parametrize("name", STYLED)
def test_meaningful_colours_stay_apart_for_colour_blind_eyes(name: str) -> None:
    style = phone.style_of(name)
    labelled = getattr(style, "LABELLED", {}) or {}
    assert all(reason.strip() for reason in labelled.values())  # an exemption says why
    assert cvd.failures(style.MEANINGFUL, labelled) == []


def test_phone_report_lists_sizes_cap_heights_colours_and_speed(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path))
    lines = phone.report(["torres"], positions=1, out_dir=out)
    text = "\n".join(lines)
    assert "smallest band cap-height" in text and "(ok)" in text
    assert "torres.figures" in text and "deut ΔE" in text and "prot ΔE" in text
    assert "render / Pillow PNG save" in text and "1440×" in text
    assert len(list(out.glob("torres-*.png"))) == 24  # 2 and 4 players × 3 stages × 2 views × 2 languages
