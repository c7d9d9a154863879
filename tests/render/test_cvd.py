"""The colour maths behind the colour-blind rule, against published values: CIEDE2000 (Sharma,
Wu & Dalal 2005 test data), sRGB → L*a*b*, and Machado 2009 simulation (white and greys stay)."""

from __future__ import annotations

import pytest

from render import cvd

SHARMA = [  # (Lab 1, Lab 2, ΔE00) from the paper's table of test data
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_sharma(first: cvd.Lab, second: cvd.Lab, expected: float) -> None:
    assert cvd.ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert cvd.ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_srgb_to_lab_known_values() -> None:
    assert cvd.lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert cvd.lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert cvd.lab((0, 0, 255)) == pytest.approx((32.30, 79.19, -107.86), abs=0.05)
    assert cvd.lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)


def test_machado_keeps_neutrals_and_merges_red_and_green() -> None:
    for deficiency in cvd.SIMULATIONS:
        for grey in (0, 119, 200, 255):
            r, g, b = cvd.simulate((grey, grey, grey), deficiency)
            assert max(abs(r - grey), abs(g - grey), abs(b - grey)) <= 1
    # red and green, far apart to most eyes, come close for the red-green deficiencies
    normal = cvd.delta_e((213, 94, 0), (0, 158, 115))
    assert normal > 50
    assert cvd.delta_e((200, 60, 50), (90, 140, 40), "deuteranopia") < 0.5 * cvd.delta_e((200, 60, 50), (90, 140, 40))
    # protanopia darkens red much more than deuteranopia does (Machado's matrices)
    assert sum(cvd.simulate((255, 0, 0), "protanopia")) < sum(cvd.simulate((255, 0, 0), "deuteranopia"))


def test_failures_skip_labelled_groups() -> None:
    close = {"suits": [(204, 121, 167), (0, 114, 178), (230, 159, 0)]}
    found = cvd.failures({"x": [(250, 0, 0), (240, 10, 0)]})
    assert found and found[0][0] == "x" and found[0][2] < cvd.THRESHOLD
    assert cvd.failures({"x": [(250, 0, 0), (240, 10, 0)]}, {"x": "a letter on every token"}) == []
    assert cvd.worst_pairs(close["suits"], "deuteranopia") is not None
