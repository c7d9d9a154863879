"""The printed estate boards, for the ``boards=choose`` previews (a copy of ``rules.burgundy.data``).

Why a copy: render may not import rules, and while a seat chooses its board the view carries no
layout (the estates are not dealt yet). A test checks the copy against the rules' data.
"""

from __future__ import annotations

from functools import cache
from math import sqrt

ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)
BOARD_ROWS: dict[str, tuple[str, ...]] = {
    "1": ("A6 C5 C4 K3", "A2 A1 C6 K5 B4", "A5 A4 B3 K1 B2 B3", "S6 S1 S2 C6 S5 S4 S1",
          "B2 B5 M4 B3 B1 A2", "B6 M1 K2 B5 B6", "M3 K4 K1 B3"),
    "2011-2": ("S6 B5 A4 C3", "A2 S1 B6 A5 B4", "A5 A4 A3 B1 K2 B3", "B6 B1 B2 B6 B5 K4 C1",
               "K2 K5 M4 K3 M1 S2", "B6 B1 M2 K5 S6", "C3 S4 S1 C3"),
    "3": ("A6 A5 A4 A3", "S2 S1 C6 S5 S4", "B5 M4 K3 K1 S2 B3", "B6 B1 K2 C6 K5 B4 B1",
          "B2 B5 K4 K3 B1 B2", "C6 A1 M2 M5 C6", "B3 A4 S1 B3"),
    "4": ("C6 A5 B4 S3", "A2 A1 B6 S5 S4", "B5 B4 B3 S1 C2 M3", "A6 A1 A2 K6 K5 M4 S1",
          "B2 C5 K4 B3 B1 B2", "B6 M1 B2 K5 K6", "S3 B4 K1 C3"),
    "5": ("A6 B5 B4 S3", "A2 A1 B6 M5 M4", "B5 C4 K3 S1 S2 S3", "B6 B1 A2 K6 C5 B4 B1",
          "K2 C5 A4 K3 S1 B2", "B6 A1 B2 C5 S6", "K3 K4 B1 M3"),
    "6": ("K6 K5 C4 S3", "K2 B1 B6 S5 B4", "A5 A4 M3 S1 B2 B3", "K6 B1 B2 C6 S5 B4 B1",
          "K2 B5 B4 M3 S1 B2", "K6 M1 A2 A5 S6", "C3 A4 A1 C3"),
    "7": ("K6 C5 C4 S3", "K2 A1 A6 A5 S4", "S5 M4 B3 B1 M2 A3", "S6 K1 B2 B6 B5 A4 B1",
          "B2 K5 B4 B3 A1 B2", "B6 S1 M2 K5 B6", "S3 C4 C1 K3"),
    "8": ("B6 B5 S4 B3", "S2 C1 K6 C5 B4", "B5 K4 M3 K1 K2 S3", "B6 A1 K2 M6 A5 K4 B1",
          "S2 A5 A4 A3 M1 B2", "B6 C1 A2 C5 S6", "B3 S4 B1 B3"),
    "9": ("B6 B5 C4 K3", "B2 B1 A6 A5 S4", "B5 B4 A3 A1 S2 S3", "C6 K1 K2 M6 S5 C4 K1",
          "S2 S5 K4 M3 B1 A2", "K6 B1 B2 B5 A6", "M3 C4 B1 B3"),
    "2019-2": ("K6 K5 K4 C3", "B2 B1 S6 A5 M4", "M5 B4 B3 S1 A2 S3", "C6 B1 S2 C6 K5 B4 S1",
               "K2 S5 B4 A3 K1 B2", "B6 B1 A2 B5 M6", "A3 A4 B1 C3"),
}  # fmt: skip
EDITION_BOARDS: dict[str, dict[int, str]] = {
    "2011": {1: "1", 2: "2011-2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"},
    "2019": {1: "1", 2: "2019-2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "2011-2"},
}
MULTI_COPY_BOARDS: dict[str, tuple[int, ...]] = {"2011": (1,), "2019": (1, 2)}
"""Boards every seat may take (the game has a copy for each player)."""
ROW_STEP = sqrt(3) / 2
HALF_HEIGHT = 1 / sqrt(3)


@cache
def board_spaces(board_id: str) -> tuple[tuple[str, int, float, float], ...]:
    """(colour, die number, x, y) of the 37 spaces, in the view's units (hex width 1)."""
    out: list[tuple[str, int, float, float]] = []
    for r, row in enumerate(BOARD_ROWS[board_id]):
        codes = row.split()
        start = (len(ROW_LENGTHS) - len(codes)) / 2 + 0.5
        for j, code in enumerate(codes):
            out.append((code[0], int(code[1]), start + j, round(HALF_HEIGHT + ROW_STEP * r, 3)))
    return tuple(out)


def choices(view: dict) -> list[tuple[int, str, bool]]:
    """(number, board id, still free) of every board of the view's edition, in number order."""
    options = view.get("options") if isinstance(view.get("options"), dict) else {}
    edition = options.get("edition") if options.get("edition") in EDITION_BOARDS else "2011"
    taken = {str(e.get("board")) for e in view.get("estates") or [] if isinstance(e, dict)}
    multi = MULTI_COPY_BOARDS[edition]
    return [(n, bid, n in multi or str(n) not in taken) for n, bid in EDITION_BOARDS[edition].items()]
