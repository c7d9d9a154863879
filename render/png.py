"""PNG bytes of a finished picture, written directly for palette images.

Why not simply ``Image.save``: after drawing went to palette mode, saving became most of a
render — Pillow deflates a 2-megapixel board with zlib in about 8 ms, more than all the drawing.
A palette image needs no PNG row filter (filters help photographs, not flat colours), so its
file is four small chunks around one deflate stream of the rows, each row led by a zero byte.
That stream is compressed with ISA-L's deflate (``isal``) when it is installed: about ten times
faster than zlib at level 1 and smaller files besides. Without it, the standard library's zlib
at level 1 writes the same kind of file. Images of other modes (true colour, transparency) go
through Pillow as before.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable

from PIL import Image

try:  # the fast deflate is optional: a missing wheel costs speed, never correctness
    from isal import isal_zlib

    _deflate: Callable[[bytes], bytes] = lambda data: isal_zlib.compress(data, 1)  # noqa: E731
    DEFLATE = "isal"
except ImportError:  # pragma: no cover - depends on the platform's wheels
    _deflate = lambda data: zlib.compress(data, 1)  # noqa: E731
    DEFLATE = "zlib"

PILLOW_OPTIONS: dict[str, int] = {"compress_level": 1}
"""How images this module does not write itself are saved: the fastest zlib level."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _rows(image: Image.Image) -> bytes:
    """The image's pixels as PNG scanlines with filter type 0: one zero byte before each row.

    Pasting the picture one column to the right in a zero-filled image of the same mode, one
    column wider, gives exactly that byte layout in one C call (no Python loop over the rows);
    a paste between images of one mode copies palette indices as they are."""
    width, height = image.size
    wider = Image.new(image.mode, (width + 1, height), 0)
    wider.paste(image, (1, 0))
    return wider.tobytes()


def _palette(image: Image.Image) -> bytes:
    palette = image.getpalette() or []
    entries = max(1, min(256, len(palette) // 3))
    return bytes(palette[: entries * 3]).ljust(entries * 3, b"\x00")


def encode(image: Image.Image) -> bytes:
    """PNG bytes of ``image``: written here for 8-bit palette and grey images, else by Pillow."""
    if image.mode not in ("P", "L") or "transparency" in image.info:
        out = io.BytesIO()
        image.save(out, format="PNG", **PILLOW_OPTIONS)
        return out.getvalue()
    width, height = image.size
    colour_type = 3 if image.mode == "P" else 0
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    parts = [SIGNATURE, _chunk(b"IHDR", header)]
    if image.mode == "P":
        parts.append(_chunk(b"PLTE", _palette(image)))
    parts.append(_chunk(b"IDAT", _deflate(_rows(image))))
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)
