"""The FIXER table picture: regions, captures, markers, whose turn, and (private view) the hand.

``draw(view)`` takes any view ``rules.fixer`` produces (schema: notes/fixer_view.md) and returns
PNG bytes. Layouts follow the table (rules §2.4):

* 2p/solo — four regions in a row, S1's panel below, S2's (or the automa's) above;
* 3p — a triangle: S2 top left, S3 top right, S1 bottom centre, each pair's two regions on the edge
  between them;
* 4p — a square: S1 bottom, S2 left, S3 top, S4 right, the neighbour regions in the corners and
  the two opposite-pair regions in the centre.

A seat's private view (``viewer`` set and that seat's ``hand`` a list) adds the hand strip at the
bottom; a finished game adds the result panel. Static parts (background, bands, frames) are drawn
once per layout and copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from render import kit
from render.fixer.band import band
from render.fixer.board import draw_region, frame
from render.fixer.panels import (
    automa_panel,
    hand_strip,
    panel_frame,
    player_panel,
    result_height,
    result_panel,
)
from render.fixer.png import PALETTE
from render.fixer.scene import AUTOMA, Box, Scene
from render.fixer.widgets import chip, write

WIDTH = 1440
MARGIN = 20
HEADER = 72
BOARD_TOP = HEADER + 12
"""The kit's summary band above the header says who acts and what they decide (``band.py``);
the yellow status row that did so below the header is gone (the band replaced it)."""
HAND_HEIGHT = 228
WIDE_PANEL = 250
NARROW_PANEL = 280
TWO_PLAYER_REGION = 440


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one table shape; ``regions`` maps id → (box, vertical, first seat)."""

    height: int
    panels: tuple[tuple[int, Box], ...]
    regions: tuple[tuple[int, Box, bool, int], ...]
    tags: bool
    hand: Box | None
    result: Box | None


def _two_player(top_seat: int) -> tuple[list[tuple[int, Box]], list[tuple[int, Box, bool, int]], int, bool]:
    width = WIDTH - 2 * MARGIN
    region_w = (width - 3 * 20) // 4
    y = BOARD_TOP
    panels = [(top_seat, (MARGIN, y, width, WIDE_PANEL))]
    y += WIDE_PANEL + 14
    regions = [
        (i + 1, (MARGIN + i * (region_w + 20), y, region_w, TWO_PLAYER_REGION), True, top_seat)
        for i in range(4)
    ]
    y += TWO_PLAYER_REGION + 14
    panels.append((0, (MARGIN, y, width, WIDE_PANEL)))
    return panels, regions, y + WIDE_PANEL, False


def _three_player() -> tuple[list[tuple[int, Box]], list[tuple[int, Box, bool, int]], int, bool]:
    col = (WIDTH - 2 * MARGIN - 2 * 20) // 3  # 453
    left, centre, right = MARGIN, MARGIN + col + 20, MARGIN + 2 * (col + 20)
    y = BOARD_TOP
    panels = [(1, (left, y, col, NARROW_PANEL)), (2, (right, y, col, NARROW_PANEL))]
    regions = [
        (3, (centre, y, col, 196), False, 1),
        (4, (centre, y + 206, col, 196), False, 1),
    ]
    lower = y + NARROW_PANEL + 14
    half = (col - 12) // 2
    regions += [
        (1, (left, lower, half, 470), True, 1),
        (2, (left + half + 12, lower, half, 470), True, 1),
        (5, (right, lower, half, 470), True, 2),
        (6, (right + half + 12, lower, half, 470), True, 2),
    ]
    bottom = lower + 470
    panels.append((0, (centre, bottom - NARROW_PANEL, col, NARROW_PANEL)))
    return panels, regions, bottom, True


def _four_player() -> tuple[list[tuple[int, Box]], list[tuple[int, Box, bool, int]], int, bool]:
    col = (WIDTH - 2 * MARGIN - 2 * 20) // 3
    left, centre, right = MARGIN, MARGIN + col + 20, MARGIN + 2 * (col + 20)
    corner = 196
    y1 = BOARD_TOP
    y2 = y1 + NARROW_PANEL + 14
    middle = 2 * corner + 10
    y3 = y2 + middle + 14
    dy = (NARROW_PANEL - corner) // 2
    panels = [
        (2, (centre, y1, col, NARROW_PANEL)),
        (1, (left, y2 + (middle - NARROW_PANEL) // 2, col, NARROW_PANEL)),
        (3, (right, y2 + (middle - NARROW_PANEL) // 2, col, NARROW_PANEL)),
        (0, (centre, y3, col, NARROW_PANEL)),
    ]
    regions = [
        (2, (left, y1 + dy, col, corner), False, 1),
        (3, (right, y1 + dy, col, corner), False, 2),
        (5, (centre, y2, col, corner), False, 0),
        (6, (centre, y2 + corner + 10, col, corner), False, 1),
        (1, (left, y3 + dy, col, corner), False, 1),
        (4, (right, y3 + dy, col, corner), False, 0),
    ]
    return panels, regions, y3 + NARROW_PANEL, True


@lru_cache(maxsize=64)
def layout(players: int, solo: bool, with_hand: bool, result_h: int) -> Layout:
    if solo or players <= 2:
        panels, regions, bottom, tags = _two_player(AUTOMA if solo else 1)
    elif players == 3:
        panels, regions, bottom, tags = _three_player()
    else:
        panels, regions, bottom, tags = _four_player()
    y = bottom + 14
    result = None
    if result_h:
        result = (MARGIN, y, WIDTH - 2 * MARGIN, result_h)
        y += result_h + 14
    hand = None
    if with_hand:
        hand = (MARGIN, y, WIDTH - 2 * MARGIN, HAND_HEIGHT)
        y += HAND_HEIGHT + 14
    return Layout(y + 6, tuple(panels), tuple(regions), tags, hand, result)


@lru_cache(maxsize=64)
def _base(shape: Layout) -> Image.Image:
    """The static layer: background, the two bands at the top, plain panel and region plates.

    Drawn once in RGB, mapped onto the palette and copied (one byte a pixel) for every picture;
    only what differs (highlighted panels, closed regions) is drawn on it."""
    image, d = kit.canvas(WIDTH, shape.height)
    d.rectangle((0, 0, WIDTH, HEADER), fill=kit.INK)
    kit.draw_text(d, (MARGIN, HEADER / 2), "FIXER", 40, kit.WHITE, bold=True, anchor="lm")
    for _, box in shape.panels:
        panel_frame(d, box, highlighted=False)
    for _, box, _, _ in shape.regions:
        frame(d, box, closed=False)
    if shape.hand is not None:
        panel_frame(d, shape.hand, highlighted=False)
    return PALETTE.convert(image)


def _header(scene: Scene) -> None:
    view, words = scene.view, scene.words
    x = MARGIN + kit.text_width("FIXER", 40, True) + 28
    stage = (
        words(f"stage.{scene.stage}")
        if scene.stage in {"deal", "pass", "initial", "play", "decide", "over"}
        else scene.stage
    )
    if scene.ended:
        stage = words("ended")
    line = f"{words('round', r=view.get('round', 1), n=view.get('rounds', 1))} · {stage}"
    write(scene.image, (x, HEADER / 2), line, 32, kit.WHITE, bold=True, anchor="lm")
    counts = [f"{words('discard')} {int(view.get('discard_count') or 0)}"]
    if scene.solo or int(view.get("players") or 0) <= 2:
        counts.append(f"{words('removed')} {int(view.get('removed_count') or 0)}")
    counts.append(words("critical", n=view.get("critical_bonus", 3)))
    write(scene.image, (WIDTH - MARGIN, HEADER / 2), "  ·  ".join(counts), 24, kit.WHITE, anchor="rm")


LAST_RING: kit.RGB = kit.INK
"""The last decision's region or panel: a heavy ink ring with a "last move" chip (no colour
needed to see it, so it reads the same to every eye)."""
SINCE_RING: kit.RGB = kit.GREY
"""Regions others changed since the reader's own last decision (private view): a light ring."""


def _touched(decision: dict[str, Any]) -> tuple[set[int], set[int]]:
    """The regions and the seats' panels one decision changed, from its public events: a play or
    conflict names its region; a keep or discard changes the deciding seat's own panel."""
    regions: set[int] = set()
    seats: set[int] = set()
    for event in decision.get("events") or []:
        if not isinstance(event, dict):
            continue
        kind = event.get("kind")
        if kind in ("play", "conflict") and isinstance(event.get("region"), int):
            regions.add(int(event["region"]))
        elif kind in ("keep", "discard") and isinstance(event.get("seat"), int):
            seats.add(int(event["seat"]))
    return regions, seats


def _ring(scene: Scene, box: Box, colour: kit.RGB, width: int, label: str | None) -> None:
    x, y, w, h = box
    scene.d.rounded_rectangle((x - 6, y - 6, x + w + 6, y + h + 6), radius=22, outline=colour, width=width)
    if label:  # centred on the top edge: the corners hold the sides' seat labels
        chip(scene, (x + (w - kit.text_width(label, 20, True) - 20) / 2, y - 4), label, 20, kit.INK)


def _marks(scene: Scene, shape: Layout) -> None:
    """Ring what the last decision changed and, in a private view, lightly what the others did
    since the reader's own last decision (issue #29: the returning player sees what happened)."""
    view = scene.view
    regions = {region_id: box for region_id, box, _, _ in shape.regions}
    panels = {seat: box for seat, box in shape.panels}
    last = view.get("last") if isinstance(view.get("last"), dict) else None
    last_regions, last_seats = _touched(last) if last else (set(), set())
    since_regions: set[int] = set()
    for decision in view.get("since") or []:
        if isinstance(decision, dict):
            since_regions |= _touched(decision)[0]
    for region_id in sorted(since_regions - last_regions):
        if region_id in regions:
            _ring(scene, regions[region_id], SINCE_RING, 5, None)
    label = scene.words("last_move")
    for region_id in sorted(last_regions):
        if region_id in regions:
            _ring(scene, regions[region_id], LAST_RING, 8, label)
    if not last_regions:
        for seat in sorted(last_seats):
            if seat in panels:
                _ring(scene, panels[seat], LAST_RING, 8, label)


def _region_index(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {int(r.get("id", i + 1)): r for i, r in enumerate(view.get("regions") or [])}


def picture(view: dict[str, Any]) -> Image.Image:
    """The FIXER image as a ``P`` image on :data:`PALETTE` (``draw`` encodes it); split out for tests
    and benchmarks."""
    players = int(view.get("players") or len(view.get("seats") or []) or 2)
    solo = bool(view.get("solo"))
    probe = Scene.start(view, Image.new("RGB", (1, 1)))
    over = bool(view.get("over")) and bool(view.get("result"))
    ended = bool(view.get("ended")) and bool((view.get("standings") or {}).get("ranking"))
    # A finished game's hand decides nothing any more: its strip gives way to the result, which
    # keeps the tallest board (4p, private) within a phone's preview.
    hand = None if over else probe.private_hand()
    shape = layout(players, solo, hand is not None, result_height(view) if over or ended else 0)
    image = _base(shape).copy()
    scene = Scene(view, image, kit.draw_on(image), probe.words, probe.names)
    _header(scene)
    regions = _region_index(view)
    for region_id, box, vertical, first in shape.regions:
        region = regions.get(region_id)
        if region is not None:
            draw_region(scene, box, region, vertical, first, two_player=solo or players <= 2, tags=shape.tags)
    for seat, box in shape.panels:
        if seat == AUTOMA:
            automa_panel(scene, box)
        elif scene.seat_info(seat):
            player_panel(scene, box, seat)
    if shape.result is not None:
        result_panel(scene, shape.result)
    if shape.hand is not None and hand is not None and scene.viewer is not None:
        hand_strip(scene, shape.hand, scene.viewer, hand)
    _marks(scene, shape)
    return image


def draw(view: dict[str, Any]) -> bytes:
    """Render a FIXER view (public or a seat's own) as PNG bytes."""
    return kit.finish(picture(view), view, PALETTE, band(view))
