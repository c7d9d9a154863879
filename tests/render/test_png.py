"""The kit's own PNG writer gives the same picture as Pillow's, for every mode it handles."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import png


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def noisy_palette_image(width: int, height: int, colours: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("P", (width, height), 0)
    image.putpalette([rng.randrange(256) for _ in range(colours * 3)])
    pixels = bytes(rng.randrange(colours) for _ in range(width * height))
    image.frombytes(pixels)
    return image


@pytest.mark.parametrize(("width", "height", "colours"), [(1, 1, 1), (7, 3, 2), (64, 40, 17), (301, 199, 256)])
def test_a_palette_image_keeps_its_indices_and_its_palette(width: int, height: int, colours: int) -> None:
    image = noisy_palette_image(width, height, colours, seed=width)
    back = decode(png.encode(image))
    assert back.mode == "P" and back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette()[: colours * 3] == image.getpalette()[: colours * 3]
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_a_grey_image_is_written_as_grey() -> None:
    image = Image.frombytes("L", (50, 20), bytes(range(250)) * 4)
    back = decode(png.encode(image))
    assert back.mode == "L" and back.tobytes() == image.tobytes()


def test_other_modes_and_transparency_go_through_pillow() -> None:
    rgb = Image.new("RGB", (30, 10), (10, 200, 30))
    assert decode(png.encode(rgb)).tobytes() == rgb.tobytes()
    clear = noisy_palette_image(20, 20, 4, seed=1)
    clear.info["transparency"] = 2
    assert decode(png.encode(clear)).info.get("transparency") == 2


def test_flat_pictures_compress() -> None:
    image = Image.new("P", (1500, 1500), 3)
    image.putpalette([0, 0, 0] * 8)
    assert len(png.encode(image)) < 20_000
