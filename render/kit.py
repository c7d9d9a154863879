"""The shared drawing kit: fonts with CJK fallback, a colour-blind-safe palette, text helpers.

Every renderer uses these so that images look alike across games and any player name renders
(Latin, CJK, symbols). Colours come from the Okabe–Ito palette, which stays distinguishable
under the common colour-vision deficiencies; renderers still print a letter or symbol on every
coloured thing, because colour alone must never carry meaning.

Pictures are drawn straight onto each game's fixed :class:`Palette` (``P`` mode): cached layers
are mapped onto it once, shapes go through :class:`PaletteDraw`, and text and sprites are pasted
as cached ``P`` stamps (:func:`paste_ink`, :func:`paste_sprite`, :func:`paste_layer`), so the
finished picture is saved as it is. :func:`finish` adds the summary band on top (:class:`Band`:
who acts, what they decide, the stage, the last move, every seat's score; sized so its text keeps
a 9 px cap-height at Discord's 400 px phone preview), the seats' clocks below, and encodes.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from render.png import encode as png_encode

FONT_DIR = Path(__file__).with_name("fonts")
LATIN = FONT_DIR / "DejaVuSans.ttf"
LATIN_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CJK = FONT_DIR / "DroidSansFallbackFull.ttf"

RGB = tuple[int, int, int]

# Okabe–Ito palette (colour-blind safe) plus neutrals.
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)
WHITE: RGB = (255, 255, 255)
INK: RGB = (33, 33, 38)
PAPER: RGB = (246, 242, 232)
GREY: RGB = (150, 150, 150)
LIGHT: RGB = (222, 218, 208)
DARK: RGB = (70, 70, 78)

SEAT_COLOURS: tuple[RGB, ...] = (BLUE, VERMILION, GREEN, PURPLE, ORANGE, SKY)
"""Default per-seat colours; always paired with the seat's letter or name."""


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The Latin font at ``size`` (cached)."""
    return ImageFont.truetype(str(LATIN_BOLD if bold else LATIN), size)


@lru_cache(maxsize=64)
def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(CJK), size)


def cjk_smear(size: int, bold: bool) -> int:
    """Pixels by which a bold CJK run is drawn again, shifted right. The CJK font has one weight
    only, so a bold Chinese heading or name looked lighter than the Latin text beside it; a full
    outline (``stroke_width``) fills the counters of dense glyphs (戲, 總) at small sizes, a
    horizontal smear of a pixel or two keeps them open."""
    return max(1, round(size / 32)) if bold else 0


@lru_cache(maxsize=4096)
def _latin_has(char: str, bold: bool) -> bool:
    f = font(24, bold)
    try:
        mask = f.getmask(char)
    except Exception:  # pragma: no cover - FreeType refuses odd code points
        return False
    if char.isspace():
        return True
    # DejaVu maps missing glyphs to an empty box of fixed size; compare with a known-missing one.
    return mask.getbbox() is not None and f.getmask(char).size != f.getmask("\uffff").size


def _runs(text: str, bold: bool) -> list[tuple[str, bool]]:
    """Split ``text`` into runs of (chars, use_latin_font)."""
    runs: list[tuple[str, bool]] = []
    for ch in text:
        latin = ord(ch) < 0x2E80 and _latin_has(ch, bold)
        if runs and runs[-1][1] == latin:
            runs[-1] = (runs[-1][0] + ch, latin)
        else:
            runs.append((ch, latin))
    return runs


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of ``text`` in pixels (cached: a string is measured once per process)."""
    total = 0.0
    for chunk, latin in _runs(text, bold):
        f = font(size, bold) if latin else cjk_font(size)
        total += f.getlength(chunk)
    return round(total)


@lru_cache(maxsize=2048)
def fit_text(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``max_width`` (cached)."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


@dataclass(frozen=True)
class TextMask:
    """A string's anti-aliased coverage (``L``), cropped to its ink, and where its origin lies:
    the text's anchor point is ``(dx, dy)`` pixels left of and above the mask's corner."""

    mask: Image.Image | None
    dx: int
    dy: int


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool, vertical: str) -> TextMask:
    """The coverage of ``text`` anchored at its left and at ``vertical`` (``a`` top, ``m`` middle).

    Why: rendering a string with FreeType costs ~70 µs and measuring it as much again; pasting a
    cached mask costs a few µs, and most strings (labels, names, numbers) repeat from one image
    to the next. Drawn once per string, size and weight for the life of the process.
    """
    width = text_width(text, size, bold)
    pad = size // 2 + 4
    height = 2 * size + 8
    ox, oy = pad, (pad if vertical == "a" else height // 2)
    canvas = Image.new("L", (width + 2 * pad, height), 0)
    d = ImageDraw.Draw(canvas)
    x = float(ox)
    for chunk, latin in _runs(text, bold):
        f = font(size, bold) if latin else cjk_font(size)
        for shift in range(1 + (0 if latin else cjk_smear(size, bold))):
            d.text((x + shift, oy), chunk, font=f, fill=255, anchor="l" + ("m" if vertical == "m" else "a"))
        x += f.getlength(chunk)
    box = canvas.getbbox()
    if box is None:
        return TextMask(None, 0, 0)
    return TextMask(canvas.crop(box), ox - box[0], oy - box[1])


_MASKABLE = frozenset({"RGB", "RGBA", "L", "P"})


@dataclass(frozen=True)
class TextDrawn:
    """One :func:`draw_text` call as :func:`recording` saw it: what the phone report measures."""

    text: str
    size: int
    bold: bool
    band: bool
    """Drawn by the summary band (the text whose size the 400 px rule is about)."""


_RECORDER: list[TextDrawn] | None = None
_IN_BAND = False


@contextmanager
def recording() -> Iterator[list[TextDrawn]]:
    """Record every text drawn inside the block (its size and whether the band drew it).

    Why: the phone report must know the sizes really drawn, not the sizes a layout intends; one
    ``None`` check per label costs nothing when nobody records. Not thread-safe (bench only)."""
    global _RECORDER
    saved, _RECORDER = _RECORDER, []
    try:
        yield _RECORDER
    finally:
        _RECORDER = saved


@lru_cache(maxsize=256)
def cap_height(size: int, bold: bool = False) -> int:
    """The ink height in pixels of a capital H at ``size``: what "cap-height" means in the rules."""
    box = font(size, bold).getbbox("H")
    return int(box[3] - box[1])


def draw_text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
) -> int:
    """Draw ``text`` with per-run font fallback; returns the width drawn.

    ``anchor`` is ``l``/``m``/``r`` horizontally plus ``a``/``m`` vertically (top / middle).
    ``max_width`` shortens the text with an ellipsis so long names never overflow a panel.
    The glyphs come from :func:`text_mask` (cached) and are pasted in ``fill``.
    """
    if max_width is not None:
        text = fit_text(text, size, bold, max_width)
    if _RECORDER is not None:
        _RECORDER.append(TextDrawn(text, size, bold, _IN_BAND))
    width = text_width(text, size, bold)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    v = "m" if len(anchor) > 1 and anchor[1] == "m" else "a"
    image = getattr(d, "_image", None)
    if image is None or image.mode not in _MASKABLE:
        for chunk, latin in _runs(text, bold):
            f = font(size, bold) if latin else cjk_font(size)
            for shift in range(1 + (0 if latin else cjk_smear(size, bold))):
                d.text((x + shift, y), chunk, font=f, fill=fill, anchor="l" + v)
            x += f.getlength(chunk)
        return width
    glyphs = text_mask(text, size, bold, v)
    if glyphs.mask is not None:
        left, top = round(x) - glyphs.dx, round(y) - glyphs.dy
        paste_ink(image, fill, (left, top), glyphs.mask)
    return width


def paste_ink(image: Image.Image, ink: RGB | int, xy: tuple[int, int], mask: Image.Image) -> None:
    """Paint ``ink`` through the coverage ``mask`` (``L``) with its corner at ``xy``: the one way
    every renderer stamps cached text.

    On ``RGB`` (and ``L``) images that is a plain blend. On a ``P`` image a blend of palette
    *indices* would be garbage, so the mask becomes a cached ``P`` sprite whose edge pixels are the
    palette's entries on the ramp from the surface under the text (sampled just outside its
    glyphs) to the ink, pasted through a 1-bit mask. ``mask`` must not change after its first use (cached
    by identity)."""
    left, top = xy
    if image.mode == "P":
        # The hot path of every picture (a few hundred labels): plain locals, no Pillow wrappers.
        indexed, core, width, height = _target(image)
        if isinstance(ink, tuple):
            index = indexed.colours.get(ink)
            if index is None:
                index = indexed.index(ink)
        else:
            index = int(ink)
        glyphs = _GLYPHS.get(id(mask))
        if glyphs is None or glyphs.mask is not mask:
            glyphs = _glyphs(mask)
        get = core.getpixel
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = glyphs.points
        if left + ax >= 0 and top + cy >= 0 and left + bx < width and top + dy < height:
            seen = [get((left + ax, top + ay)), get((left + bx, top + by)), get((left + cx, top + cy)), get((left + dx, top + dy))]
        else:
            seen = [get((left + px, top + py)) for px, py in glyphs.points if 0 <= left + px < width and 0 <= top + py < height]
        first = seen[0] if seen else 0
        if seen.count(first) == 4 and first != index:
            surface = first
        else:
            others = [v for v in seen if v != index] or seen or [0]
            surface = max(others, key=others.count)
        made = glyphs.stamps.get((index, surface, indexed.key))
        if made is None:
            made = glyphs.stamp(indexed, index, surface)
        stamp_core, bits_core, sx, sy, w, h = made[:6]
        x, y = left + sx, top + sy
        if x < 0 or y < 0 or x + w > width or y + h > height:
            image.paste(made[6], (x, y), made[7])  # clipped at the picture's edge
        else:
            core.paste(stamp_core, (x, y, x + w, y + h), bits_core)
        return
    value: Any = ink
    if image.mode == "L" and isinstance(ink, tuple):
        value = round(0.299 * ink[0] + 0.587 * ink[1] + 0.114 * ink[2])
    image.paste(value, (left, top, left + mask.width, top + mask.height), mask)


@dataclass(frozen=True)
class _SpriteParts:
    """An RGBA sprite split for fast pasting: the band of rows that is fully opaque (pasted as
    plain RGB, a row copy) and the rows above and below it (pasted through their alpha)."""

    sprite: Image.Image
    core: Image.Image | None
    core_top: int
    edges: tuple[tuple[int, Image.Image], ...]


_SPRITES: OrderedDict[int, _SpriteParts] = OrderedDict()
_SPRITE_LIMIT = 1024


def _solid(mask: Image.Image) -> tuple[list[bool], list[bool]]:
    """Which columns and which rows of an ``L`` mask are 255 throughout: one pass in C (the
    projection of where the mask is not full) instead of a crop per row, which made building a
    stamp the slowest part of a cold render."""
    holes = mask.point([255] * 255 + [0])
    columns, rows = holes.im.getprojection()
    return [c == 0 for c in columns], [r == 0 for r in rows]


def _sprite_parts(sprite: Image.Image) -> _SpriteParts:
    parts = _SPRITES.get(id(sprite))
    if parts is not None and parts.sprite is sprite:
        _SPRITES.move_to_end(id(sprite))
        return parts
    alpha = sprite.getchannel("A")
    opaque = _solid(alpha)[1]
    top = opaque.index(True) if True in opaque else sprite.height
    bottom = top
    while bottom < sprite.height and opaque[bottom]:
        bottom += 1
    edges = [(0, sprite.crop((0, 0, sprite.width, top)))] if top else []
    if bottom < sprite.height:
        edges.append((bottom, sprite.crop((0, bottom, sprite.width, sprite.height))))
    core = sprite.crop((0, top, sprite.width, bottom)).convert("RGB") if bottom > top else None
    parts = _SpriteParts(sprite, core, top, tuple(edges))
    _SPRITES[id(sprite)] = parts  # holds the sprite, so its id cannot be reused while cached
    if len(_SPRITES) > _SPRITE_LIMIT:
        _SPRITES.popitem(last=False)
    return parts


def paste_sprite(image: Image.Image, xy: tuple[int, int], sprite: Image.Image) -> None:
    """Paste a cached RGBA ``sprite`` at ``xy`` with its transparency, like
    ``image.paste(sprite, xy, sprite)`` but several times faster for the usual sprite (a card or
    panel with rounded corners): only the rows that hold transparency are blended. Sprites must
    not change after their first paste (they are cached by identity)."""
    if image.mode == "P":
        x, y = xy
        indexed, core, width, height = _target(image)
        probes = _PROBES.get(id(sprite))
        points = probes[1] if probes is not None and probes[0] is sprite else _probes(sprite)
        surface = 0
        if points:
            seen = [core.getpixel((x + px, y + py)) for px, py in points if 0 <= x + px < width and 0 <= y + py < height]
            if seen:
                surface = seen[0] if seen.count(seen[0]) == len(seen) else max(seen, key=seen.count)
        key = (id(sprite), surface, indexed.key)
        hit = _P_SPRITES.get(key)
        w, h, parts = hit[1] if hit is not None and hit[0] is sprite else _p_sprite(indexed, sprite, surface)
        if x < 0 or y < 0 or x + w > width or y + h > height:
            for dy, band, bits, _, _, _ in parts:
                image.paste(band, (x, y + dy), bits)  # clipped at the picture's edge
            return
        for dy, _, _, band_core, bits_core, band_h in parts:
            if bits_core is None:
                core.paste(band_core, (x, y + dy, x + w, y + dy + band_h))
            else:
                core.paste(band_core, (x, y + dy, x + w, y + dy + band_h), bits_core)
        return
    if sprite.mode != "RGBA" or image.mode != "RGB":
        image.paste(sprite, xy, sprite)
        return
    parts = _sprite_parts(sprite)
    x, y = xy
    if parts.core is not None:
        image.paste(parts.core, (x, y + parts.core_top))
    for dy, band in parts.edges:
        image.paste(band, (x, y + dy), band)


def contrast_ink(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else WHITE


def badge(
    d: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: int,
    colour: RGB,
    label: str,
    outline: RGB = INK,
) -> None:
    """A filled disc with a letter on it: the kit's way to show a coloured token."""
    x, y = centre
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=outline, width=2)
    draw_text(d, (x, y), label, int(radius * 1.1), contrast_ink(colour), bold=True, anchor="mm")


def canvas(width: int, height: int, background: RGB = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), background)
    return image, ImageDraw.Draw(image)


def png(image: Image.Image) -> bytes:
    """Encode as PNG (:func:`render.png.encode`: palette images are written directly with a fast
    deflate; true colour is slow for large images, so prefer a :class:`Palette`)."""
    return png_encode(image)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@dataclass(frozen=True)
class Ramps:
    """Anti-aliased edges: every ink in ``inks`` drawn on every surface in ``surfaces`` leaves
    pixels ``t`` of the way from the surface to the ink, for each ``t`` in ``steps``."""

    inks: tuple[RGB, ...]
    surfaces: tuple[RGB, ...]
    steps: tuple[float, ...] = (0.25, 0.5, 0.75)

    def colours(self) -> Iterator[RGB]:
        for ink in self.inks:
            for surface in self.surfaces:
                if ink != surface:
                    for t in self.steps:
                        yield blend(surface, ink, t)


@dataclass(frozen=True)
class Palette:
    """A game's fixed PNG palette, declared by what it draws: flat ``colours``, the ``ramps`` of
    text and lines over the surfaces under them, and ``edges`` (surfaces drawn on one another,
    one midpoint per pair).

    Why: encoding a ~1500 px true-colour PNG costs 30–60 ms here (Pillow filters every RGB row),
    most of the render budget. Our pictures are flat colours plus anti-aliased edges, and those
    edges lie on the ramps between an ink and the surface under it, so mapping onto a fixed
    palette (a table lookup, a few ms) keeps the picture and yields a third of the bytes.
    Entries beyond 256 are dropped in declaration order (colours first, then ramps, then edges),
    so declare what matters most first.
    """

    colours: tuple[RGB, ...]
    ramps: tuple[Ramps, ...] = ()
    edges: tuple[RGB, ...] = ()

    def entries(self) -> list[RGB]:
        """The palette's colours in order, without repeats, at most 256."""
        unique: list[RGB] = list(self.colours)
        for ramp in self.ramps:
            unique.extend(ramp.colours())
        unique.extend(blend(a, b, 0.5) for a, b in combinations(self.edges, 2))
        return list(dict.fromkeys(unique))[:256]

    def image(self) -> Image.Image:
        """A ``P`` image carrying the palette (what :meth:`Image.quantize` maps onto); cached."""
        return _palette_image(self)

    def encode(self, image: Image.Image) -> bytes:
        """PNG bytes of ``image`` mapped onto this palette (no dithering: flat colours stay flat).
        An image already in ``P`` mode is saved as it is."""
        indexed = (
            image if image.mode == "P" else image.quantize(palette=self.image(), dither=Image.Dither.NONE)
        )
        return png(indexed)

    def with_band(self, seat_colours: tuple[RGB, ...] | list[RGB]) -> Palette:
        """This palette plus what the summary band draws with (:func:`band_colours`), the band's
        colours right after the game's own and its ramps first, so the 256-entry cut never drops
        them; what the game already has is not added twice."""
        colours, ramps = band_colours(seat_colours)
        return Palette(
            colours=tuple(dict.fromkeys((*self.colours, *colours))),
            ramps=(*ramps, *self.ramps),
            edges=self.edges,
        )

    def indexed(self) -> Indexed:
        """Colour → palette index lookups for drawing straight onto ``P`` images (cached)."""
        return _indexed(self)

    def canvas(self, width: int, height: int, background: RGB = PAPER) -> tuple[Image.Image, PaletteDraw]:
        """A ``P`` canvas on this palette and a draw that takes RGB colours (see :class:`PaletteDraw`)."""
        indexed = self.indexed()
        image = Image.new("P", (width, height), indexed.index(background))
        image.putpalette(indexed.flat)
        return image, PaletteDraw(image, indexed)

    def convert(self, image: Image.Image) -> Image.Image:
        """``image`` mapped onto this palette (``P``), for layers drawn once in RGB and cached."""
        if image.mode == "P":
            return image
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        return rgb.quantize(palette=self.image(), dither=Image.Dither.NONE)


@lru_cache(maxsize=32)
def _palette_image(palette: Palette) -> Image.Image:
    entries = palette.entries()
    flat = [channel for colour in entries for channel in colour]
    flat += flat[:3] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def drawable_name(name: str) -> str:
    """A player's name as the board's fonts can draw it. Discord names are free text: styled
    letters (𝔸𝕟𝕒, Ｂｅａ) fold to the plain letters they stand for (NFKC), and emoji — which
    neither font has, so they came out as empty boxes — are left out. A name of emoji only is
    kept as it was (boxes, but the seat badge beside them still tells the seats apart)."""
    folded = unicodedata.normalize("NFKC", name)
    kept = "".join(ch for ch in folded if not _emoji_part(ch))
    kept = " ".join(kept.split())
    return kept or name


def _emoji_part(char: str) -> bool:
    """An emoji or a piece of one (joiner, variation selector, skin tone, keycap, tag). The older
    symbols (★ ♠ ❤ ✓) stay: the Latin font draws them."""
    code = ord(char)
    return (
        0x1F000 <= code <= 0x1FAFF  # emoji, symbols and pictographs, flags' letters, skin tones
        or code in (0x200D, 0x20E3)  # zero-width joiner, combining keycap
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (emoji or text presentation)
        or 0xE0020 <= code <= 0xE007F  # tag characters (subdivision flags)
    )


def seat_names(view: dict, players: int) -> list[str]:
    """Display names from the view (added by the table), else ``S1``, ``S2``…"""
    names = list(view.get("names") or [])
    return [names[i] if i < len(names) and names[i] else f"S{i + 1}" for i in range(players)]


BOT_MARK = " ⚙"
"""After a bot seat's name on a board, where the band draws its bot badge."""


def board_names(view: dict, players: int) -> list[str]:
    """The names a board's panels print: the bare names (``view["bare_names"]``) with a small bot
    mark for a bot seat — never the "(Bot, normal)" suffix that pushed long names off their
    panels — else the table's display names, else seat labels (a view drawn outside the table)."""
    names = seat_names(view, players)
    bare = list(view.get("bare_names") or [])
    bots = list(view.get("bots") or [])
    out = []
    for seat in range(players):
        plain = str(bare[seat]) if seat < len(bare) and bare[seat] else names[seat]
        out.append(plain + BOT_MARK if seat < len(bots) and bots[seat] else plain)
    return out


# ---- seat clocks: one strip under every board image ---------------------------------------------

CLOCK_SIZE = 30
"""Text size of the clock strip: the board is ~1450 px wide and shown ~400 pt wide on a phone,
so 30 px reads like the boards' own seat labels."""
CLOCK_LINE = 46
CLOCK_PAD = 20
CLOCK_FILL: RGB = INK
CLOCK_INK: RGB = WHITE
CLOCK_AWAY: RGB = LIGHT


def clock_entries(view: dict) -> list[tuple[str, str, bool]]:
    """``(name, text, away)`` for every seat with a clock or an away note, from the table's
    ``view["clocks"]`` (per seat: "1 d 4 h left" or ``None``) and ``view["away"]`` (per seat:
    "away until …" or ``None``). Clocks are public, so every view may show them."""
    clocks = list(view.get("clocks") or [])
    away = list(view.get("away") or [])
    seats = max(len(clocks), len(away))
    if not seats:
        return []
    names = seat_names(view, seats)
    out: list[tuple[str, str, bool]] = []
    for seat in range(seats):
        left = clocks[seat] if seat < len(clocks) else None
        until = away[seat] if seat < len(away) else None
        parts = [str(p) for p in (left, until) if p]
        if parts:
            out.append((names[seat], " · ".join(parts), until is not None and bool(until)))
    return out


def clock_strip(view: dict, width: int, like: Image.Image | None = None) -> Image.Image | None:
    """The seats' time banks as a dark band ``width`` wide ("◷ Ana 1 d 4 h left   Bo 2 h 5 min
    left · away until …"), wrapped onto as many lines as needed; ``None`` without clocks.

    Why one strip in the kit: every game shows its clocks the same way and a new game gets them
    by calling :func:`finish`, with no layout of its own to change. With a ``P`` picture as
    ``like`` the strip is drawn on that picture's palette (like the picture itself)."""
    entries = clock_entries(view)
    if not entries:
        return None
    gap = 36
    room = width - 2 * CLOCK_PAD
    chips: list[tuple[str, str, bool, int, int]] = []
    for name, text, away in entries:
        name = fit_text(name, CLOCK_SIZE, True, room // 2)
        name_w = text_width(name, CLOCK_SIZE, True) + 12
        text = fit_text(text, CLOCK_SIZE, False, room - name_w)
        chips.append((name, text, away, name_w, name_w + text_width(text, CLOCK_SIZE)))
    lines: list[list[tuple[str, str, bool, int, int]]] = [[]]
    used = text_width("◷", CLOCK_SIZE, True) + 14
    start = used
    for chip in chips:
        if lines[-1] and used + chip[4] > room:
            lines.append([])
            used = start
        lines[-1].append(chip)
        used += chip[4] + gap
    size = (width, len(lines) * CLOCK_LINE + CLOCK_PAD)
    if like is not None and like.mode == "P":
        image = Image.new("P", size, 0)
        image.putpalette(like.getpalette() or [])
        d: ImageDraw.ImageDraw = PaletteDraw(image)
        d.rectangle((0, 0, size[0], size[1]), fill=CLOCK_FILL)
    else:
        image = Image.new("RGB", size, CLOCK_FILL)
        d = ImageDraw.Draw(image)
    draw_text(d, (CLOCK_PAD, CLOCK_PAD // 2 + CLOCK_LINE // 2), "◷", CLOCK_SIZE, CLOCK_INK, True, "lm")
    for row, line in enumerate(lines):
        y = CLOCK_PAD // 2 + row * CLOCK_LINE + CLOCK_LINE // 2
        x = CLOCK_PAD + start
        for name, text, away, name_w, chip_w in line:
            draw_text(d, (x, y), name, CLOCK_SIZE, CLOCK_INK, bold=True, anchor="lm")
            draw_text(d, (x + name_w, y), text, CLOCK_SIZE, CLOCK_AWAY if away else CLOCK_INK, anchor="lm")
            x += chip_w + gap
    return image


def with_clocks(image: Image.Image, view: dict) -> Image.Image:
    """``image`` with the clock strip (:func:`clock_strip`) added below it, in the same mode and,
    for a ``P`` image, on the same palette; ``image`` itself when the view carries no clocks."""
    strip = clock_strip(view, image.width, image)
    if strip is None:
        return image
    out = Image.new(image.mode, (image.width, image.height + strip.height))
    if image.mode == "P":
        out.putpalette(image.getpalette() or [])
    out.paste(image, (0, 0))
    out.paste(strip, (0, image.height))
    return out


def finish(image: Image.Image, view: dict, palette: Palette, band: Band | None = None) -> bytes:
    """The PNG every game delivers: the summary ``band`` on top (when given), its picture, the
    seats' clocks under it, on its palette."""
    if band is not None:
        image = with_band(image, band, palette)
    return palette.encode(with_clocks(image, view))


# ---- the summary band: one strip on top of every board image ------------------------------------
#
# Why: an async player looks at the board on a phone, days after their last move. The band answers
# at a glance who acts, what they must decide, where the game stands, what just happened and who
# leads, in text sized for Discord's 400 px preview (cap-height ≥ 9 px once the image is shrunk).

PHONE_WIDTH = 400
"""Discord's mobile preview width: the band's text is sized for the image shrunk to this."""
BAND_CAP = 9.5
"""Cap-height (px, at :data:`PHONE_WIDTH`) of the band's smallest text: the rule asks ≥ 9; the
half pixel absorbs the blur of downscaling."""
BAND_FILL: RGB = WHITE
BAND_INK: RGB = INK
BAND_RULE: RGB = INK
BADGE_FILL: RGB = DARK
BADGE_INK: RGB = WHITE
BAND_LINES = 2
"""Lines the headline and the stage/last-move text may wrap onto before they are cut with …"""

_BAND_WORDS: dict[str, dict[str, str]] = {
    "last": {"en": "Last: {text}", "zh-TW": "上一步：{text}", "zh-CN": "上一步：{text}"},
}


@dataclass(frozen=True)
class BandSeat:
    """One seat in the band: its colour swatch, name, score, ▶ when it acts, a bot badge."""

    name: str
    """Bare name (cut with … to fit, never a bot suffix: the badge says it is a bot)."""
    colour: RGB
    score: str
    """Short: "35", "35 VP"."""
    acting: bool
    bot: str | None = None
    """The bot's level word ("normal", "普通"), drawn as a small badge; ``None`` for a human."""
    tag: str | None = None
    """A short label printed on the swatch ("S1") for games that tell seats apart by label."""


@dataclass(frozen=True)
class Band:
    """What the band says, composed by each game's ``band.py`` from its view."""

    headline: str
    """Who acts and what they decide ("▶ Alice: keep M9 in hand or discard it"); at the end the
    result ("Alice wins — 62", "Ended early (unfinished)")."""
    stage: str
    """Round / phase / turn ("Round 2/5 · phase B")."""
    seats: list[BandSeat]
    last: str | None = None
    """The last move in words ("Last: Bob built a castle at c3"), see :func:`last_text`."""


def band_word(key: str, locale: str | None, **params: Any) -> str:
    """One of the band's own words in ``locale`` (English for an unknown one)."""
    table = _BAND_WORDS[key]
    return table.get(locale or "en", table["en"]).format(**params)


def band_seats(view: dict, colours: list[RGB], scores: list[str]) -> list[BandSeat]:
    """The band's seats from the table's decorations: bare names (``view["bare_names"]``, else the
    plain names), bot levels (``view["bots"]``) and who acts (``view["to_act"]``); one seat per
    score, coloured by ``colours`` in seat order."""
    count = len(scores)
    bare = list(view.get("bare_names") or [])
    names = seat_names(view, count)
    levels = list(view.get("bots") or [])
    acting = {s for s in view.get("to_act") or [] if isinstance(s, int)}
    out = []
    for seat in range(count):
        name = bare[seat] if seat < len(bare) and bare[seat] else names[seat]
        level = levels[seat] if seat < len(levels) else None
        out.append(BandSeat(name, colours[seat % len(colours)], scores[seat], seat in acting, level or None))
    return out


def last_text(view: dict) -> str | None:
    """"Last: …" from the table's ``view["last"]`` (the latest decision's public lines), or
    ``None`` at the start of a game (or a view drawn without the table)."""
    last = view.get("last")
    if not isinstance(last, dict):
        return None
    lines = [str(line).strip() for line in last.get("lines") or [] if str(line).strip()]
    if not lines:
        return None
    zh = str(view.get("locale") or "en").startswith("zh")
    joined = ("；" if zh else "; ").join(line.rstrip("。.；;") for line in lines)
    return band_word("last", view.get("locale"), text=joined)


@lru_cache(maxsize=64)
def band_size(width: int) -> int:
    """The band's smallest text size for an image ``width`` px wide: the least size whose capital
    H is :data:`BAND_CAP` px tall once the image is shrunk to :data:`PHONE_WIDTH`."""
    size = max(8, int(13 * width / PHONE_WIDTH))
    while cap_height(size) * PHONE_WIDTH / width < BAND_CAP:
        size += 1
    return size


def _tokens(text: str) -> list[str]:
    """Break points for wrapping: Latin words keep their trailing space, CJK characters and the
    punctuation after them may break anywhere."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            if out and ch in "，。：；、）」』！？" and not out[-1].endswith(" "):
                out[-1] += ch  # never begin a line with closing punctuation
            else:
                out.append(ch)
        else:
            word += ch
            if ch == " ":
                out.append(word)
                word = ""
    if word:
        out.append(word)
    return out


def wrap(text: str, size: int, bold: bool, width: int, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width`` px; the last cut with …"""
    out: list[str] = []
    current = ""
    tokens = _tokens(text)
    for i, token in enumerate(tokens):
        if current and text_width((current + token).rstrip(), size, bold) > width:
            out.append(fit_text(current.rstrip(), size, bold, width))
            current = token.lstrip()
            if len(out) == lines:
                rest = current + "".join(tokens[i + 1:])
                out[-1] = fit_text(out[-1] + " " + rest, size, bold, width)
                return out
        else:
            current += token
    if current.strip():
        out.append(fit_text(current.rstrip(), size, bold, width))
    return out


@dataclass(frozen=True)
class _BandLayout:
    small: int
    big: int
    pad: int
    gap: int
    headline: list[str]
    stage: list[str]
    columns: int
    rows: int
    seat_line: int
    height: int


def _band_layout(band: Band, width: int) -> _BandLayout:
    small = band_size(width)
    big = round(small * 15 / 13)
    pad = max(4, round(small * 0.55))
    gap = max(2, round(small * 0.3))
    room = width - 2 * pad
    headline = wrap(band.headline, big, True, room, BAND_LINES) if band.headline else []
    info = " · ".join(part for part in (band.stage, band.last) if part)
    stage = wrap(info, small, False, room, BAND_LINES) if info else []
    count = len(band.seats)
    columns = 1 if count <= 1 else 2 if count <= 4 else 3  # 3 seats: 2 + 1, so names stay readable
    rows = (count + columns - 1) // columns if count else 0
    seat_line = round(small * 1.5)
    height = (
        pad
        + len(headline) * round(big * 1.3)
        + len(stage) * round(small * 1.3)
        + (gap + rows * seat_line if rows else 0)
        + pad
    )
    return _BandLayout(small, big, pad, gap, headline, stage, columns, rows, seat_line, height)


def band_height(band: Band, width: int) -> int:
    """The height the band takes above an image ``width`` px wide (for layouts that need it)."""
    return _band_layout(band, width).height


def draw_band(d: ImageDraw.ImageDraw, band: Band, width: int, top: int = 0) -> int:
    """Draw ``band`` across ``width`` px from ``top``; returns its height. A leading ▶ in the
    headline takes the colour of the (first) acting seat."""
    global _IN_BAND
    lay = _band_layout(band, width)
    d.rectangle((0, top, width - 1, top + lay.height - 1), fill=BAND_FILL)
    rule = max(2, lay.small // 8)
    d.rectangle((0, top + lay.height - rule, width - 1, top + lay.height - 1), fill=BAND_RULE)
    acting = next((s for s in band.seats if s.acting), None)
    _IN_BAND = True
    try:
        y = top + lay.pad
        line_h = round(lay.big * 1.3)
        for i, line in enumerate(lay.headline):
            x = lay.pad
            if i == 0 and line.startswith("▶") and acting is not None:
                x += draw_text(d, (x, y + line_h // 2), "▶", lay.big, acting.colour, True, "lm")
                line = line[1:]
            draw_text(d, (x, y + line_h // 2), line, lay.big, BAND_INK, True, "lm")
            y += line_h
        line_h = round(lay.small * 1.3)
        for line in lay.stage:
            draw_text(d, (lay.pad, y + line_h // 2), line, lay.small, BAND_INK, False, "lm")
            y += line_h
        if lay.rows:
            y += lay.gap
            column = (width - 2 * lay.pad) // lay.columns
            for i, seat in enumerate(band.seats):
                row, col = divmod(i, lay.columns)
                _draw_band_seat(d, seat, lay, lay.pad + col * column, y + row * lay.seat_line, column)
    finally:
        _IN_BAND = False
    return lay.height


def _draw_band_seat(d: ImageDraw.ImageDraw, seat: BandSeat, lay: _BandLayout, x: int, y: int, room: int) -> None:
    """Swatch, ▶, name (cut to fit), bot badge, score: one seat's cell of the band."""
    size = lay.small
    mid = y + lay.seat_line // 2
    edge = round(size * 0.8)
    if seat.tag:
        edge = max(edge, text_width(seat.tag, size, True) + lay.gap * 2)
    d.rectangle((x, mid - round(size * 0.4), x + edge, mid + round(size * 0.4)), fill=seat.colour, outline=BAND_INK,
                width=max(1, size // 16))
    if seat.tag:
        draw_text(d, (x + edge / 2, mid), seat.tag, size, contrast_ink(seat.colour), True, "mm")
    right = x + room - lay.gap * 3
    x += edge + lay.gap * 2
    score_w = text_width(seat.score, size, True) if seat.score else 0
    if seat.score:
        draw_text(d, (right, mid), seat.score, size, BAND_INK, True, "rm")
    if seat.acting:
        x += draw_text(d, (x, mid), "▶", size, seat.colour, True, "lm") + lay.gap
    badge_w = 0
    if seat.bot is not None:
        label = "⚙"
        badge_w = text_width(label, size, True) + 2 * lay.gap
    name_room = max(size, right - score_w - lay.gap * 2 - x - (badge_w + lay.gap if badge_w else 0))
    x += draw_text(d, (x, mid), seat.name, size, BAND_INK, seat.acting, "lm", max_width=name_room)
    if seat.bot is not None:
        x += lay.gap
        half = round(size * 0.62)
        d.rounded_rectangle((x, mid - half, x + badge_w, mid + half), radius=max(2, size // 5), fill=BADGE_FILL)
        draw_text(d, (x + badge_w / 2, mid), "⚙", size, BADGE_INK, True, "mm")


def with_band(image: Image.Image, band: Band, palette: Palette | None = None) -> Image.Image:
    """``image`` with ``band`` drawn above it, same mode and (for ``P``) the same palette."""
    height = band_height(band, image.width)
    out = Image.new(image.mode, (image.width, image.height + height))
    if image.mode == "P":
        out.putpalette(image.getpalette() or [])
    out.paste(image, (0, height))
    draw_band(draw_on(out), band, image.width)
    return out


def band_colours(seat_colours: tuple[RGB, ...] | list[RGB]) -> tuple[tuple[RGB, ...], tuple[Ramps, ...]]:
    """The colours and ramps the band draws with, for a game's :class:`Palette` (see
    :meth:`Palette.with_band`)."""
    seats = tuple(dict.fromkeys(seat_colours))
    colours = (BAND_FILL, BAND_INK, BADGE_FILL, BADGE_INK, *seats)
    ramps = (
        Ramps((BAND_INK,), (BAND_FILL,), (0.25, 0.5, 0.75)),
        Ramps((BADGE_INK,), (BADGE_FILL,), (0.5,)),
        Ramps(seats, (BAND_FILL,), (0.5,)),
        Ramps((WHITE, INK), seats, (0.5,)),
    )
    return colours, ramps


# ---- drawing straight onto the palette (``P`` images) -------------------------------------------
#
# Why: mapping a finished RGB picture onto the palette costs as much as encoding it, and every RGB
# copy and paste moves three times the bytes. So pictures are drawn in ``P`` from the start: cached
# layers are mapped once, shapes are filled with palette indices, and text and sprites are pasted
# as cached ``P`` stamps whose anti-aliased edges are the palette's ramp entries. Every colour goes
# through Pillow's own palette mapping (the one ``quantize`` uses), so a flat colour drawn as a
# shape gets the same index as the same colour inside a mapped layer.


class Indexed:
    """One palette's lookups: colour → index, and the coverage → index ramps of ink on surface."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.flat: list[int] = image.getpalette() or []
        self.key = bytes(self.flat)
        self.colours: dict[RGB, int] = {}
        self._ramps: dict[tuple[int, int], list[int]] = {}

    def rgb(self, index: int) -> RGB:
        return (self.flat[3 * index], self.flat[3 * index + 1], self.flat[3 * index + 2])

    def index(self, colour: RGB) -> int:
        """The palette entry Pillow maps ``colour`` to (cached)."""
        found = self.colours.get(colour)
        if found is None:
            probe = Image.new("RGB", (1, 1), colour[:3])
            found = self.colours[colour] = int(_map(probe, self.image).getpixel((0, 0)))  # type: ignore[arg-type]
        return found

    def ramp(self, ink: int, surface: int) -> list[int]:
        """For each coverage 0…255, the entry for ink laid that much over surface (cached)."""
        key = (ink, surface)
        lut = self._ramps.get(key)
        if lut is None:
            a, b = self.rgb(surface), self.rgb(ink)
            strip = Image.new("RGB", (256, 1))
            strip.putdata([blend(a, b, level / 255) for level in range(256)])
            lut = self._ramps[key] = list(_map(strip, self.image).tobytes())
            lut[0], lut[255] = surface, ink
        return lut


def _map(image: Image.Image, palette_image: Image.Image) -> Image.Image:
    return image.quantize(palette=palette_image, dither=Image.Dither.NONE)


_INDEXED: dict[bytes, Indexed] = {}


def _indexed(palette: Palette) -> Indexed:
    image = palette.image()
    key = bytes(image.getpalette() or [])
    found = _INDEXED.get(key)
    if found is None:
        found = _INDEXED[key] = Indexed(image)
    return found


_LAST: tuple[Any, Any] = (None, None)
"""The last image palette object looked up and its lookups: a picture asks hundreds of times.
One tuple, swapped whole, so renders in parallel threads never see a mixed pair."""


def indexed_of(image: Image.Image) -> Indexed:
    """The lookups for the palette a ``P`` image carries (built once per distinct palette)."""
    global _LAST
    carried = image.palette
    last = _LAST
    if carried is not None and carried is last[0]:
        return last[1]  # type: ignore[no-any-return]
    key = bytes(carried.palette) if carried is not None else b""
    found = _INDEXED.get(key)
    if found is None:
        carrier = Image.new("P", (1, 1))
        carrier.putpalette(key)
        found = _INDEXED[key] = Indexed(carrier)
    _LAST = (carried, found)
    return found


_TARGET: tuple[Any, Any] = (None, None)
"""The last picture drawn on and its (lookups, core, size); one tuple, swapped whole (threads)."""


def _target(image: Image.Image) -> tuple[Indexed, Any, int, int]:
    """(palette lookups, core, width, height) of the ``P`` picture being drawn, made writable;
    remembered for the last picture, which is asked a few hundred times in a row."""
    global _TARGET
    last = _TARGET
    if image is last[0]:
        return last[1]  # type: ignore[no-any-return]
    image._ensure_mutable()
    found = (indexed_of(image), image.im, image.width, image.height)
    _TARGET = (image, found)
    return found


class PaletteDraw(ImageDraw.ImageDraw):
    """An ``ImageDraw`` for a ``P`` image that takes RGB colours and fills with their palette
    entries (plain ``ImageDraw`` would add new entries to the image's palette instead)."""

    def __init__(self, image: Image.Image, indexed: Indexed | None = None) -> None:
        super().__init__(image)
        self.palette = None  # colours are mapped here, never added to the image's palette
        self.indexed = indexed or indexed_of(image)

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if ink is None and fill is None:
            return super()._getink(ink, fill)  # Pillow's default ink
        index = self.indexed.index
        draw_ink = self.draw.draw_ink
        if isinstance(ink, str):
            ink = ImageColor.getrgb(ink)[:3]
        if isinstance(fill, str):
            fill = ImageColor.getrgb(fill)[:3]
        return (
            None if ink is None else draw_ink(index(ink) if isinstance(ink, tuple) else ink),
            None if fill is None else draw_ink(index(fill) if isinstance(fill, tuple) else fill),
        )

    def rounded_rectangle(  # type: ignore[override]
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """Like Pillow's, pixel for pixel, but pasted from a cached stamp: Pillow draws the four
        corners as pie slices and arcs (~50 µs a panel); panels repeat from picture to picture."""
        flat = tuple(xy[0]) + tuple(xy[1]) if len(xy) == 2 else tuple(xy)
        plain = (
            len(flat) != 4
            or any(v != int(v) for v in flat)
            or fill is None  # an outline alone is mostly see-through: Pillow's own is cheaper
            or 2 * radius >= min(flat[2] - flat[0], flat[3] - flat[1]) - 1  # Pillow's joined-corner cases
        )
        if plain:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        x0, y0, x1, y1 = (int(v) for v in flat)
        fill_i = self.indexed.index(fill) if isinstance(fill, tuple) else fill
        outline_i = self.indexed.index(outline) if isinstance(outline, tuple) else outline
        key = (x1 - x0, y1 - y0, radius, fill_i, outline_i, width, corners, self.indexed.key)
        parts = _PANELS.get(key)
        if parts is None:
            parts = _PANELS[key] = _panel_stamp(x1 - x0, y1 - y0, radius, fill_i, outline_i, width, corners)
            if len(_PANELS) > _STAMP_LIMIT:
                _PANELS.popitem(last=False)
        image = self._image
        if x0 < 0 or y0 < 0 or x1 >= image.width or y1 >= image.height:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        core = self.im
        for dx, dy, pw, ph, piece_core, bits_core, _, _ in parts:
            box = (x0 + dx, y0 + dy, x0 + dx + pw, y0 + dy + ph)
            if bits_core is None:
                core.paste(piece_core, box)
            else:
                core.paste(piece_core, box, bits_core)


_PANELS: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], ...]] = OrderedDict()


def _panel_stamp(
    w: int, h: int, radius: float, fill: int | None, outline: int | None, width: int,
    corners: tuple[bool, bool, bool, bool] | None,
) -> tuple[tuple[Any, ...], ...]:
    """A filled rounded rectangle ``w`` × ``h`` (inclusive corners, as Pillow counts) drawn once,
    cut into pieces: what the shape covers fully is pasted as it is (row copies), only the corner
    pieces go through a 1-bit mask of the shape. Each piece: (x, y, width, height, cores of the
    piece and its mask or ``None``, and the two images)."""
    stamp = Image.new("P", (w + 1, h + 1), 0)
    ImageDraw.ImageDraw(stamp).rounded_rectangle((0, 0, w, h), radius, fill, outline, width, corners=corners)
    shape = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.ImageDraw(shape).rounded_rectangle(
        (0, 0, w, h), radius, 255, 255 if outline is not None else None, width, corners=corners
    )

    def full(box: tuple[int, int, int, int]) -> bool:
        return bool(shape.crop(box).getextrema()[0] == 255)

    rows = _solid(shape)[1]
    top = rows.index(True) if True in rows else h + 1
    bottom = top
    while bottom <= h and rows[bottom]:
        bottom += 1
    pieces: list[tuple[int, int, int, int]] = []
    for y0, y1 in ((0, top), (top, bottom), (bottom, h + 1)):
        if y1 <= y0:
            continue
        if y0 == top:
            pieces.append((0, y0, w + 1, y1))
            continue
        columns = _solid(shape.crop((0, y0, w + 1, y1)))[0]
        left = columns.index(True) if True in columns else w + 1
        right = left
        while right <= w and columns[right]:
            right += 1
        pieces.extend(
            (x0, y0, x1, y1) for x0, x1 in ((0, left), (left, right), (right, w + 1)) if x1 > x0
        )
    parts: list[tuple[Any, ...]] = []
    for box in pieces:
        piece = stamp.crop(box)
        bits = None if full(box) else shape.crop(box).convert("1")
        parts.append(
            (box[0], box[1], box[2] - box[0], box[3] - box[1], piece.im, bits.im if bits else None, piece, bits)
        )
    return tuple(parts)


def draw_on(image: Image.Image) -> ImageDraw.ImageDraw:
    """The draw for ``image``: a :class:`PaletteDraw` on ``P`` images, else Pillow's own."""
    return PaletteDraw(image) if image.mode == "P" else ImageDraw.Draw(image)


_PROBES: OrderedDict[int, tuple[Image.Image, tuple[tuple[int, int], ...]]] = OrderedDict()


def _probes(coverage: Image.Image) -> tuple[tuple[int, int], ...]:
    """Where to look for the surface under a sprite, relative to its corner: the corners and edge
    midpoints it leaves see-through (corners first); none when no pixel is part see-through (then
    no pixel blends with the surface). Cached by identity."""
    hit = _PROBES.get(id(coverage))
    if hit is not None and hit[0] is coverage:
        return hit[1]
    band = coverage.getchannel("A") if coverage.mode == "RGBA" else coverage.convert("L")
    w, h = band.size
    corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
    middles = [(w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2)]
    points: tuple[tuple[int, int], ...] = ()
    if sum(band.histogram()[1:255]):  # some pixel is part see-through: it blends with the surface
        points = tuple(p for p in dict.fromkeys(corners) if band.getpixel(p) == 0)
        points = points or tuple(p for p in dict.fromkeys(middles) if band.getpixel(p) == 0)
    _PROBES[id(coverage)] = (coverage, points)
    if len(_PROBES) > _STAMP_LIMIT:
        _PROBES.popitem(last=False)
    return points


_STAMP_LIMIT = 4096
"""Stamps kept per kind (text masks, sprites, layers, panels): a few per label a picture shows."""


class _Glyphs:
    """One cached text mask, prepared for ``P`` pictures: where to probe for the surface under it
    (the four edge midpoints one pixel outside its glyphs: a label on a chip smaller than its
    padded mask still finds the chip) and its stamps per (ink, surface, palette)."""

    __slots__ = ("mask", "points", "stamps")

    def __init__(self, mask: Image.Image) -> None:
        self.mask = mask
        box = mask.getbbox() or (0, 0, mask.width, mask.height)
        x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2], box[3]
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        self.points = ((x0, my), (x1, my), (mx, y0), (mx, y1))  # left, right, top, bottom
        self.stamps: dict[tuple[int, int, bytes], tuple[Any, ...]] = {}

    def stamp(self, indexed: Indexed, ink: int, surface: int) -> tuple[Any, ...]:
        """The mask as a ``P`` stamp of ``ink`` over ``surface``, cropped to the glyphs (a padded
        mask would paste more pixels than it paints): the cores of the stamp and its 1-bit mask
        (pasted without Pillow's per-call checks), offset in the mask, size, and the two images."""
        coverage = self.mask if self.mask.mode == "L" else self.mask.convert("L")
        box = coverage.getbbox() or (0, 0, 1, 1)
        coverage = coverage.crop(box)
        stamp = Image.frombytes("P", coverage.size, coverage.point(indexed.ramp(ink, surface)).tobytes())
        bits = coverage.point([0] + [255] * 255).convert("1")
        made = (stamp.im, bits.im, box[0], box[1], stamp.width, stamp.height, stamp, bits)
        self.stamps[(ink, surface, indexed.key)] = made
        return made


_GLYPHS: OrderedDict[int, _Glyphs] = OrderedDict()


def _glyphs(mask: Image.Image) -> _Glyphs:
    found = _GLYPHS[id(mask)] = _Glyphs(mask)  # holds the mask, so its id cannot be reused while cached
    if len(_GLYPHS) > _STAMP_LIMIT:
        _GLYPHS.popitem(last=False)
    return found


_P_SPRITES: OrderedDict[tuple[int, int, bytes], tuple[Image.Image, tuple[int, int, tuple[tuple[Any, ...], ...]]]] = (
    OrderedDict()
)


def _p_sprite(indexed: Indexed, sprite: Image.Image, surface: int) -> tuple[int, int, tuple[tuple[Any, ...], ...]]:
    """An RGBA sprite as ``P`` bands: its see-through edges laid over ``surface``, then mapped.
    The band of fully opaque rows is pasted as it is (a row copy); the rows above and below go
    through a 1-bit mask of what the sprite covers at all. Returns the sprite's size and its bands:
    (y offset, band, mask or ``None``, their cores, height). Cached by identity and surface."""
    key = (id(sprite), surface, indexed.key)
    hit = _P_SPRITES.get(key)
    if hit is not None and hit[0] is sprite:
        return hit[1]
    rgba = sprite if sprite.mode == "RGBA" else sprite.convert("RGBA")
    flat = Image.new("RGB", rgba.size, indexed.rgb(surface))
    flat.paste(rgba, (0, 0), rgba)
    stamp = Image.frombytes("P", flat.size, _map(flat, indexed.image).tobytes())
    alpha = rgba.getchannel("A")
    bits = alpha.point([0] + [255] * 255).convert("1")
    w, h = rgba.size
    opaque = _solid(alpha)[1]
    top = opaque.index(True) if True in opaque else h
    bottom = top
    while bottom < h and opaque[bottom]:
        bottom += 1
    parts: list[tuple[Any, ...]] = []
    for y0, y1, masked in ((0, top, True), (top, bottom, False), (bottom, h, True)):
        if y1 > y0:
            band = stamp.crop((0, y0, w, y1))
            band_bits = bits.crop((0, y0, w, y1)) if masked else None
            parts.append((y0, band, band_bits, band.im, band_bits.im if band_bits is not None else None, y1 - y0))
    made = (w, h, tuple(parts))
    _P_SPRITES[key] = (sprite, made)  # holds the sprite, so its id cannot be reused while cached
    if len(_P_SPRITES) > _STAMP_LIMIT:
        _P_SPRITES.popitem(last=False)
    return made


_LAYERS: OrderedDict[tuple[int, bytes], tuple[Image.Image, Any, int, int, Image.Image]] = OrderedDict()


def paste_layer(image: Image.Image, layer: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an opaque cached ``layer`` (RGB, or ``P`` on the picture's palette) into ``image``; on
    a ``P`` image an RGB layer is mapped onto the palette once and the result reused (cached by
    identity, so ``layer`` must not change after its first paste)."""
    if image.mode != "P":
        image.paste(layer, xy)
        return
    indexed, core, width, height = _target(image)
    key = (id(layer), indexed.key)
    hit = _LAYERS.get(key)
    if hit is None or hit[0] is not layer:
        if layer.mode == "P":
            mapped = layer
        else:
            mapped = _map(layer.convert("RGB") if layer.mode != "RGB" else layer, indexed.image)
        hit = _LAYERS[key] = (layer, mapped.im, mapped.width, mapped.height, mapped)  # holds the layer
        if len(_LAYERS) > _STAMP_LIMIT:
            _LAYERS.popitem(last=False)
    x, y = xy
    if x < 0 or y < 0 or x + hit[2] > width or y + hit[3] > height:
        image.paste(hit[4], xy)  # clipped at the picture's edge
    else:
        core.paste(hit[1], (x, y, x + hit[2], y + hit[3]))
