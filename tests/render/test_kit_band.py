"""The kit's summary band: on top of every board, readable at Discord's 400 px phone preview
(cap-height ≥ 9 px once shrunk), seats with bare names cut to fit and a bot badge, the last move."""

from __future__ import annotations

import io

from PIL import Image

from render import kit

SEATS = (kit.BLUE, kit.VERMILION, kit.GREEN, kit.PURPLE)
PALETTE = kit.Palette(colours=(kit.PAPER, kit.INK), ramps=(kit.Ramps((kit.INK,), (kit.PAPER,)),)).with_band(SEATS)


def _band(headline: str = "▶ Ann: keep M9 in hand or discard it", seats: int = 4) -> kit.Band:
    names = ["Ann", "Bartholomew Longname the Third", "王小明", "Dee"]
    return kit.Band(
        headline,
        "Round 2/5 · phase B",
        [kit.BandSeat(names[i], SEATS[i], str(10 * i), i == 0, "normal" if i == 1 else None) for i in range(seats)],
        "Last: Bob built a castle at c3",
    )


def test_band_text_size_keeps_cap_height_at_phone_width() -> None:
    for width in (600, 900, 1200, 1450, 1500, 1800, 2400):
        size = kit.band_size(width)
        assert kit.cap_height(size) * kit.PHONE_WIDTH / width >= 9, width
        assert kit.cap_height(size - 1) * kit.PHONE_WIDTH / width < kit.BAND_CAP  # the least such size


def test_every_band_text_is_recorded_and_readable_at_400_px() -> None:
    image, _ = PALETTE.canvas(1450, 600)
    with kit.recording() as drawn:
        data = kit.finish(image, {}, PALETTE, _band())
    band = [t for t in drawn if t.band]
    assert band and all(t.size >= kit.band_size(1450) for t in band)
    assert min(kit.cap_height(t.size) for t in band) * 400 / 1450 >= 9
    texts = " ".join(t.text for t in band)
    assert "Bartholomew" in texts and "…" in texts and "(Bot" not in texts and "normal" not in texts
    assert "keep M9" in texts and "Last: Bob" in texts and "Round 2/5" in texts
    out = Image.open(io.BytesIO(data))
    assert out.mode == "P" and out.width == 1450 and out.height == 600 + kit.band_height(_band(), 1450)
    # the band is on top: white, with the text's ink; the picture below is unchanged paper
    rgb = out.convert("RGB")
    assert rgb.getpixel((3, 3)) == kit.BAND_FILL and rgb.getpixel((700, out.height - 5)) == kit.PAPER


def test_without_band_finish_is_unchanged() -> None:
    image, _ = PALETTE.canvas(300, 200)
    assert kit.finish(image, {}, PALETTE) == PALETTE.encode(image)


def test_band_seats_come_from_the_table_decorations() -> None:
    view = {
        "names": ["Ann", "Bot (normal)"],
        "bare_names": ["Ann", "Bot"],
        "bots": [None, "normal"],
        "to_act": [1],
    }
    seats = kit.band_seats(view, [kit.BLUE, kit.VERMILION], ["3", "5"])
    assert seats == [
        kit.BandSeat("Ann", kit.BLUE, "3", False, None),
        kit.BandSeat("Bot", kit.VERMILION, "5", True, "normal"),
    ]
    plain = kit.band_seats({"names": ["Ann"]}, [kit.BLUE], ["0"])  # a view drawn outside the table
    assert plain == [kit.BandSeat("Ann", kit.BLUE, "0", False, None)]


def test_last_move_text_is_localised_with_full_width_colon() -> None:
    last = {"seat": 1, "events": [], "lines": ["小明 蓋了城堡。", "小明 拿了 2 銀幣。"]}
    assert kit.last_text({"locale": "zh-TW", "last": last}) == "上一步：小明 蓋了城堡；小明 拿了 2 銀幣"
    assert kit.last_text({"locale": "en", "last": {**last, "lines": ["Bob built."]}}) == "Last: Bob built"
    assert kit.last_text({"locale": "en"}) is None


def test_long_text_wraps_then_cuts_and_chinese_breaks_anywhere() -> None:
    size = 40
    lines = kit.wrap("word " * 60, size, False, 500, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(kit.text_width(line, size) <= 500 for line in lines)
    zh = kit.wrap("王小明決定：把手上的M9留下或棄掉，然後結束回合並等待下一位玩家", size, True, 600, 2)
    assert len(zh) == 2 and all(kit.text_width(line, size, True) <= 600 for line in zh)
    assert not zh[1].startswith(("，", "：")) and kit.wrap("short", size, False, 500, 2) == ["short"]


def test_palette_keeps_band_colours_first() -> None:
    entries = PALETTE.entries()
    for colour in (kit.BAND_FILL, kit.BAND_INK, kit.BADGE_FILL, kit.BADGE_INK, *SEATS):
        assert colour in entries
    # a full palette: the game's own ramps give way, never the band's
    greys = tuple((i, i, 7) for i in range(0, 240, 6))
    steps = tuple(i / 10 for i in range(1, 10))
    full = kit.Palette(colours=greys, ramps=(kit.Ramps((kit.SKY, kit.ORANGE), greys, steps),)).with_band(SEATS)
    assert len(full.entries()) == 256
    assert kit.blend(kit.BAND_FILL, kit.BAND_INK, 0.5) in full.entries()
