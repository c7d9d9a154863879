"""The printed region boards, so the setup view can picture the three boards a seat was dealt.

Why a copy: the view names the dealt boards ("A4 B2 C4") but a board's spaces live in the rules'
component data, and render imports nothing from rules. The patterns are copied from
``rules.tuscany.data`` per data version (a test keeps them equal); an unknown version draws the
boards' names only.

A board is 2 columns x 5 rows of hexes; a pattern lists its 10 colours in zigzag order L1 R1 L2
R2 … L5 R5. In an estate, board position 1 fills columns a-b, 2 fills c-d, 3 fills e-f; ``r``
turns a board 180° and ``+k`` moves it k rows down (``assemble A4 B2 C4r+1``).
"""

from __future__ import annotations

from functools import lru_cache

BOARDS: dict[str, dict[str, str]] = {
    "recon-1": {
        "A1": "VVVFKFWMTC",
        "A2": "MCFVFVVKWT",
        "A3": "KFVFMVVVCT",
        "A4": "WWTVKVFMFC",
        "B1": "MMQKFFFWCV",
        "B2": "VFKFCFMWMQ",
        "B3": "FFCKWFMFMV",
        "B4": "MWQQKMFFVC",
        "C1": "TKQQWQWMCV",
        "C2": "VQWQCQMTWK",
        "C3": "WWKQTQQMMV",
        "C4": "CCTQQKQWVW",
    }
}
COLS = "abcdef"
ROWS = 5


@lru_cache(maxsize=256)
def fixed_geometry(version: str, boards: tuple[str, ...]) -> dict[str, object] | None:
    """The estate the dealt ``boards`` make side by side in positions 1-2-3, none turned or
    shifted (what ``assemble A… B… C…`` gives), in the view's ``geometry`` shape: space → colour,
    and the areas (same-colour spaces joined within one board). None if a board is unknown."""
    patterns = BOARDS.get(version) or {}
    if len(boards) != 3 or any(b not in patterns for b in boards):
        return None
    colours: dict[str, str] = {}
    areas: list[list[str]] = []
    for pos, board in enumerate(sorted(boards)):
        pattern = patterns[board]
        seen: set[int] = set()
        for start in range(len(pattern)):
            if start in seen:
                continue
            seen.add(start)
            todo, area = [start], []
            while todo:  # zigzag neighbours on one board are 1 or 2 apart (hex adjacency)
                z = todo.pop()
                area.append(z)
                for other in (z - 2, z - 1, z + 1, z + 2):
                    if 0 <= other < len(pattern) and other not in seen and pattern[other] == pattern[z]:
                        seen.add(other)
                        todo.append(other)
            areas.append(sorted(_space(pos, z) for z in area))
        for z, colour in enumerate(pattern):
            colours[_space(pos, z)] = colour
    return {"colours": colours, "areas": areas}


def _space(pos: int, z: int) -> str:
    row, side = divmod(z, 2)
    return f"{COLS[2 * pos + side]}{row + 1}"
