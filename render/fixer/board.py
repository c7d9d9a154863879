"""One FIXER region: its number, the card on each of its two sides, and its markers.

A region is drawn either vertically (2p/solo, and the slanted edges of the 3p triangle: one seat's
side on top, the other's below) or horizontally (one side left, one right). ``first`` names the
seat drawn on top / on the left, so each side faces that player's panel on the table picture.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import kit
from render.fixer.cards import REGION_CLOSED_FILL, REGION_FILL, TABLE, empty_slot, marker, paste, paste_face
from render.fixer.scene import Box, Scene
from render.fixer.widgets import seat_label, write

NUMBER_SIZE = 54
MID_HEIGHT = 104
MID_WIDTH = 150
SIDE_MARKER_RADIUS = 20
MARKER_COLUMN = 2 * SIDE_MARKER_RADIUS + 14
POOL_RADIUS = 15
SEAT_SIZE = 22
"""The owner named on each side of a region."""
CAPTION_SIZE = 22
"""The "n left" / "n neutral" line under the marker pool."""


def frame(d: ImageDraw.ImageDraw, box: Box, closed: bool) -> None:
    """The region's plate; the open look is part of the cached static layer."""
    x, y, w, h = box
    d.rounded_rectangle(
        (x, y, x + w, y + h),
        radius=18,
        fill=REGION_CLOSED_FILL if closed else REGION_FILL,
        outline=kit.DARK,
        width=3,
    )


def _side(region: dict[str, Any], seat: int) -> tuple[str | None, list[str]]:
    seats = list(region.get("seats") or [])
    cards = list(region.get("cards") or [None, None])
    sides = list(region.get("sides") or [[], []])
    if seat not in seats:
        return None, []
    i = seats.index(seat)
    card = cards[i] if i < len(cards) else None
    return card, list(sides[i]) if i < len(sides) and sides[i] else []


def _card(scene: Scene, x: int, y: int, card: str | None) -> None:
    if card:
        paste_face(scene.image, (x, y), card, TABLE, scene.suit_name(card))
    else:
        paste(scene.image, (x, y), empty_slot(TABLE.width, TABLE.height))


def _pool(scene: Scene, centre_x: float, y: float, region: dict[str, Any], two_player: bool) -> None:
    """The markers still on the region (2p: neutral ones), as hollow discs plus a caption."""
    left = int(region.get("markers_left") or 0)
    closed = not region.get("open", left > 0)
    if closed:
        write(
            scene.image,
            (centre_x, y + POOL_RADIUS),
            scene.words("closed"),
            22,
            kit.DARK,
            bold=True,
            anchor="mm",
        )
        return
    step = 2 * POOL_RADIUS + 8
    start = centre_x - step * (left - 1) / 2
    for i in range(left):
        marker(scene.image, (start + i * step, y), POOL_RADIUS, "")
    caption = scene.words("neutral" if two_player else "open", n=left)
    write(scene.image, (centre_x, y + POOL_RADIUS + 18), caption, CAPTION_SIZE, kit.DARK, anchor="mm")


def _side_markers(scene: Scene, x: float, y: float, colours: list[str], vertical_stack: bool) -> None:
    step = 2 * SIDE_MARKER_RADIUS + 6
    for i, colour in enumerate(colours):
        cx, cy = (x, y + i * step) if vertical_stack else (x + i * step, y)
        marker(scene.image, (cx, cy), SIDE_MARKER_RADIUS, colour)


def draw_region(
    scene: Scene, box: Box, region: dict[str, Any], vertical: bool, first: int, two_player: bool, tags: bool
) -> None:
    """Draw ``region`` inside ``box``; ``first`` is the seat on top (vertical) or left (horizontal)."""
    seats = list(region.get("seats") or [])
    second = next((s for s in seats if s != first), first)
    closed = not region.get("open", int(region.get("markers_left") or 0) > 0)
    if closed:
        frame(scene.d, box, closed)
    number = f"@{region.get('id', '?')}"
    if vertical:
        _vertical(scene, box, region, first, second, two_player, tags, number)
    else:
        _horizontal(scene, box, region, first, second, two_player, number)


def _vertical(
    scene: Scene,
    box: Box,
    region: dict[str, Any],
    top: int,
    bottom: int,
    two_player: bool,
    tags: bool,
    number: str,
) -> None:
    x, y, w, h = box
    side_h = (h - MID_HEIGHT) // 2
    column = MARKER_COLUMN if two_player else 0
    card_x = x + (w - TABLE.width - column) // 2
    tag_h = 34 if tags else 0
    for seat, is_top in ((top, True), (bottom, False)):
        card, colours = _side(region, seat)
        if is_top:
            card_y = y + tag_h + (side_h - tag_h - TABLE.height) // 2 + 4
            tag_y = y + 20
        else:
            card_y = y + h - side_h + (side_h - tag_h - TABLE.height) // 2 - 4
            tag_y = y + h - 20
        _card(scene, card_x, card_y, card)
        if tags:
            seat_label(scene, (x + w / 2, tag_y), seat, SEAT_SIZE, w - 16, anchor="mm")
        if colours or two_player:
            mx = card_x + TABLE.width + 8 + SIDE_MARKER_RADIUS
            _side_markers(scene, mx, card_y + SIDE_MARKER_RADIUS, colours, vertical_stack=True)
    mid_y = y + side_h + MID_HEIGHT // 2
    scene.d.line((x + 12, y + side_h, x + w - 12, y + side_h), fill=kit.LIGHT, width=2)
    scene.d.line((x + 12, y + h - side_h, x + w - 12, y + h - side_h), fill=kit.LIGHT, width=2)
    if w >= 300:
        write(scene.image, (x + w * 0.27, mid_y), number, NUMBER_SIZE, kit.INK, bold=True, anchor="mm")
        _pool(scene, x + w * 0.7, mid_y - 14, region, two_player)
    else:
        # Narrow (3p): number at the left, the marker pool to its right.
        write(scene.image, (x + 12, mid_y), number, 46, kit.INK, bold=True, anchor="lm")
        _pool(scene, x + w - 14 - 1.5 * (2 * POOL_RADIUS + 8), mid_y - 14, region, two_player)


def _horizontal(
    scene: Scene, box: Box, region: dict[str, Any], left: int, right: int, two_player: bool, number: str
) -> None:
    x, y, w, _ = box
    side_w = (w - MID_WIDTH) // 2
    for seat, is_left in ((left, True), (right, False)):
        card, colours = _side(region, seat)
        side_x = x if is_left else x + w - side_w
        card_x = side_x + (side_w - TABLE.width) // 2
        card_y = y + 42
        # The owner line sits above the region number, so each name may use half the plate.
        name_x, name_anchor = (x + 10, "lm") if is_left else (x + w - 10, "rm")
        seat_label(scene, (name_x, y + 22), seat, SEAT_SIZE, w // 2 - 16, anchor=name_anchor)
        _card(scene, card_x, card_y, card)
        if colours:
            mx = side_x + 6 + SIDE_MARKER_RADIUS if not is_left else side_x + side_w - 6 - SIDE_MARKER_RADIUS
            _side_markers(scene, mx, card_y + SIDE_MARKER_RADIUS, colours, vertical_stack=True)
    cx = x + w / 2
    write(scene.image, (cx, y + 62), number, NUMBER_SIZE, kit.INK, bold=True, anchor="mm")
    _pool(scene, cx, y + 124, region, two_player)
