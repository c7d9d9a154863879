"""A whole game as one animated picture: every turn's public board, the move named above it.

``render.draw("replay", view)`` with ``view = {"game": name, "frames": [public views], "captions":
[one line per frame], "seconds": per frame, "width": px, "max_bytes": n}`` returns a GIF.

Why GIF: measured on whole games here (60 frames at 720 px), a GIF on one shared palette was the
smallest (FIXER 0.60 MB, Torres 0.28 MB) and by far the quickest to encode (0.7-1.4 s) against
animated WebP (0.44-0.70 MB lossy at 3-6 s; 0.7-4.6 MB lossless), and every Discord client plays
a GIF attachment inline, while an animated PNG shows as a still. The boards are drawn on small
palettes already, so 255 colours lose nothing visible.

A replay always fits: more frames than ``MAX_FRAMES`` are thinned evenly first (the first and the
last kept), and while the file is larger than ``max_bytes`` every other frame is dropped again.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from render import kit

MAX_FRAMES = 160
CAPTION = 30
"""Caption text size at 720 px: over 11 px tall on a 400 px phone preview."""


def thinned(count: int, keep: int) -> list[int]:
    """``keep`` indices of ``count`` frames spread evenly, always the first and the last."""
    if count <= keep:
        return list(range(count))
    step = (count - 1) / (keep - 1)
    return sorted({round(i * step) for i in range(keep)} | {count - 1})


def draw(view: dict[str, Any]) -> bytes:
    game = view["game"]
    frames: list[dict[str, Any]] = view.get("frames", [])
    captions: list[str] = view.get("captions", [""] * len(frames))
    width = int(view.get("width", 720))
    limit = int(view.get("max_bytes", 8 * 1024 * 1024))
    seconds = float(view.get("seconds", 0.8))
    chosen = thinned(len(frames), MAX_FRAMES)
    if not chosen:
        raise ValueError("a replay needs at least one frame")
    # Memory stays small however long the game: each frame is drawn, shrunk, captioned and put
    # on the shared palette (taken from the final board, which holds most of the game's colours)
    # one at a time; only the small palette frames are kept (a 720 px frame is under 1 MB).
    last = chosen[-1]
    palette = _frame(game, frames[last], captions[last] if last < len(captions) else "", width).quantize(
        colors=255, method=Image.Quantize.MEDIANCUT
    )
    indexed = []
    for index in chosen:
        picture = _frame(game, frames[index], captions[index] if index < len(captions) else "", width)
        indexed.append(picture.quantize(palette=palette, dither=Image.Dither.NONE))
    tallest = max(f.height for f in indexed)
    background = indexed[-1].getpixel((0, indexed[-1].height - 1))
    padded = []
    for frame in indexed:
        if frame.height == tallest:
            padded.append(frame)
            continue
        out = Image.new("P", (width, tallest), background)
        out.putpalette(frame.getpalette() or [])
        out.paste(frame, (0, 0))
        padded.append(out)
    while True:
        data = _gif(padded, seconds)
        if len(data) <= limit or len(padded) <= 2:
            return data
        keep = thinned(len(padded), max(2, len(padded) // 2))
        padded = [padded[i] for i in keep]
        seconds = min(seconds * 1.5, 3.0)  # fewer frames: each stays a little longer


def _frame(game: str, view: dict[str, Any], caption: str, width: int) -> Image.Image:
    """One turn: the board shrunk to ``width`` under a dark strip naming the move (RGB)."""
    from render import draw as draw_board

    with Image.open(io.BytesIO(draw_board(game, view))) as board:
        height = round(board.height * width / board.width)
        small = board.convert("RGB").resize((width, height), Image.Resampling.BILINEAR)
    strip = CAPTION + 20
    frame, d = kit.canvas(width, height + strip)
    d.rectangle((0, 0, width, strip), fill=kit.INK)
    kit.draw_text(d, (12, strip / 2), caption, CAPTION, kit.WHITE, bold=True, anchor="lm", max_width=width - 24)
    frame.paste(small, (0, strip))
    return frame


def _gif(frames: list[Image.Image], seconds: float) -> bytes:
    out = io.BytesIO()
    durations = [round(seconds * 1000)] * len(frames)
    durations[-1] = max(durations[-1], 3000)  # the final board stays a moment before the loop
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()
