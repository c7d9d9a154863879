"""Pictures drawn straight onto the game's palette (``P`` mode): what the kit promises.

Every game delivers a ``P`` PNG whose every pixel is one of its palette's colours (so encoding
needs no colour mapping), and the kit's ``P`` primitives draw what their RGB counterparts
draw, mapped onto the palette.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render
import rules
from render import kit
from render.burgundy.style import PALETTE as BURGUNDY
from render.burgundy_cards.style import PALETTE as BURGUNDY_CARDS
from render.fixer.png import PALETTE as FIXER
from render.torres.png import PALETTE as TORRES
from render.tuscany.png import PALETTE as TUSCANY
from rules.core import CHANCE
from table.chance import resolve

PALETTES = {
    "fixer": FIXER,
    "burgundy": BURGUNDY,
    "burgundy_cards": BURGUNDY_CARDS,
    "torres": TORRES,
    "tuscany": TUSCANY,
}


def _views(name: str, steps: int = 40) -> list[dict]:
    """A fresh and a played table, public and seat 0's private view, with names."""
    game = rules.get(name)
    players = max(2, game.min_players)
    rng = random.Random(7)
    state = game.new(players)
    states = [state]
    for step in range(steps):
        if game.is_over(state):
            break
        acting = game.to_act(state)
        if acting == [CHANCE]:
            seat, action = CHANCE, resolve(7, step, game.chance_outcomes(state))
        else:
            seat = acting[0]
            action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
    states.append(state)
    names = ["Ana", "勃根地"] + [f"P{i}" for i in range(2, players)]
    return [{**game.view(s, seat), "names": names} for s in states for seat in (None, 0)]


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_delivered_png_is_p_mode_on_the_game_palette(name: str) -> None:
    allowed = set(PALETTES[name].entries())
    for view in _views(name):
        picture = Image.open(io.BytesIO(render.draw(name, view)))
        assert picture.mode == "P"
        colours = {colour for _, colour in picture.convert("RGB").getcolors(1 << 16) or []}
        assert colours <= allowed, sorted(colours - allowed)[:5]
        assert len(colours) > 8  # a real picture, not a flat fill


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_text_stays_anti_aliased(name: str) -> None:
    """Glyph edges keep in-between shades (ramp entries), not just ink and surface."""
    palette = PALETTES[name]
    image, d = palette.canvas(400, 80, kit.PAPER)
    kit.draw_text(d, (10, 40), "Zoë 勃根地 12", 28, kit.INK, bold=True, anchor="lm")
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 16) or []}
    indexed = palette.indexed()
    paper, ink = indexed.rgb(indexed.index(kit.PAPER)), indexed.rgb(indexed.index(kit.INK))
    assert paper in colours and ink in colours
    assert len(colours - {paper, ink}) >= 2


def test_p_text_matches_rgb_text_mapped_onto_the_palette() -> None:
    chip = kit.SKY
    rgb = Image.new("RGB", (420, 90), kit.PAPER)
    rd = ImageDraw.Draw(rgb)
    rd.rectangle((150, 20, 330, 70), fill=chip)
    p_image, pd = FIXER.canvas(420, 90, kit.PAPER)
    pd.rectangle((150, 20, 330, 70), fill=chip)
    for d in (rd, pd):
        kit.draw_text(d, (20, 45), "Player 1", 26, kit.INK, bold=True, anchor="lm")
        kit.draw_text(d, (160, 45), "you ▶", 26, kit.INK, bold=True, anchor="lm")  # on the chip
    expected = FIXER.convert(rgb).convert("RGB")
    got = p_image.convert("RGB")
    diff = ImageStat.Stat(ImageChops.difference(expected, got)).mean
    assert max(diff) < 1.0, diff
    # No edge pixel of the text on the chip blends towards the paper around the chip.
    inside = got.crop((152, 22, 329, 69))
    paper = FIXER.indexed().rgb(FIXER.indexed().index(kit.PAPER))
    assert paper not in {c for _, c in inside.getcolors(1 << 16) or []}


def test_p_sprite_matches_an_alpha_paste_mapped_onto_the_palette() -> None:
    sprite = Image.new("RGBA", (60, 80), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, 59, 79), radius=12, fill=kit.ORANGE, outline=kit.INK, width=2)
    sprite.putpixel((30, 1), (255, 255, 255, 128))
    disc = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((2, 2, 17, 17), fill=kit.BLUE)
    for item in (sprite, disc):
        rgb = Image.new("RGB", (120, 120), kit.PAPER)
        rgb.paste(item, (13, 21), item)
        expected = FIXER.convert(rgb).convert("RGB")
        for _ in range(2):  # the first paste makes the stamp, the second reuses it
            p_image, _ = FIXER.canvas(120, 120, kit.PAPER)
            kit.paste_sprite(p_image, (13, 21), item)
            # Identical but where a part see-through pixel blends: over the surface's palette
            # colour here, over the exact surface colour in RGB (a few levels apart).
            diff = ImageChops.difference(p_image.convert("RGB"), expected)
            assert max(high for _, high in diff.getextrema()) <= 12
            assert sum(1 for v in diff.convert("L").tobytes() if v) <= 2
        clipped, _ = FIXER.canvas(40, 40, kit.PAPER)  # partly outside the picture
        kit.paste_sprite(clipped, (25, -10), item)
        assert clipped.mode == "P"


def test_layers_are_mapped_once_and_pasted_as_mapped() -> None:
    layer = Image.new("RGB", (50, 30), kit.SKY)
    ImageDraw.Draw(layer).line((0, 0, 49, 29), fill=kit.INK, width=3)
    image, _ = FIXER.canvas(100, 60, kit.PAPER)
    kit.paste_layer(image, layer, (10, 20))
    kit.paste_layer(image, layer, (40, 5))
    expected, _ = FIXER.canvas(100, 60, kit.PAPER)
    mapped = FIXER.convert(layer)
    expected.paste(mapped, (10, 20))
    expected.paste(mapped, (40, 5))
    assert image.tobytes() == expected.tobytes()
    assert image.getpalette() == FIXER.image().getpalette()


def test_palette_draw_fills_with_palette_entries_and_never_grows_the_palette() -> None:
    image, d = TORRES.canvas(60, 60, kit.PAPER)
    before = image.getpalette()
    d.rectangle((5, 5, 30, 30), fill=(1, 2, 3), outline=kit.INK)  # an undeclared colour: nearest entry
    d.line((0, 59, 59, 0), fill=kit.VERMILION, width=2)
    d.rectangle((40, 40, 50, 50), fill="white")  # Pillow's colour names work too
    assert image.getpalette() == before
    assert image.getpixel((45, 45)) == d.indexed.index(kit.WHITE)
    colours = {c for _, c in image.convert("RGB").getcolors() or []}
    assert colours <= set(TORRES.entries())


def test_cached_rounded_rectangles_are_pillows_pixel_for_pixel() -> None:
    rng = random.Random(3)
    for _ in range(300):
        x0, y0 = rng.randint(-20, 100), rng.randint(-20, 100)
        box = (x0, y0, x0 + rng.randint(0, 350), y0 + rng.randint(0, 250))
        radius = rng.choice([0, 3, 8, 14, 22, 60])
        width = rng.choice([1, 2, 3, 4])
        fill = rng.choice([None, kit.WHITE, kit.SKY])
        outline = rng.choice([None, kit.INK, kit.DARK])
        corners = rng.choice([None, (True, False, True, False)])
        ours, d = FIXER.canvas(400, 300, kit.PAPER)
        pillow = ours.copy()
        plain = ImageDraw.ImageDraw(pillow)
        plain.palette = None  # indices, as the palette draw maps them
        d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width, corners=corners)
        for _ in range(2 if fill else 1):  # again from the cache
            d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width, corners=corners)
        plain.rounded_rectangle(
            box,
            radius=radius,
            fill=None if fill is None else d.indexed.index(fill),
            outline=None if outline is None else d.indexed.index(outline),
            width=width,
            corners=corners,
        )
        assert ours.tobytes() == pillow.tobytes(), (box, radius, width, fill, outline, corners)


def test_renders_in_parallel_threads_match_sequential_ones() -> None:
    """The kit remembers the last picture and palette it drew on; threads must never mix them up
    (the pool draws in threads while its worker processes start)."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(name, view) for name in ("fixer", "torres", "tuscany") for view in _views(name, 20)]
    expected = [render.draw(name, view) for name, view in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            got = list(pool.map(lambda job: render.draw(*job), jobs))
            assert got == expected
