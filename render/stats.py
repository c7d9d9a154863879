"""Pictures of records: a player's rating over time, the top of a leaderboard, a game's story.

Drawn through ``render.draw("stats", view)`` like a game's board (in the render pool, off the event
loop). The view carries every word already localised by the adapter, so this module only draws:

* ``{"kind": "rating_chart", "title": str, "subtitle": str, "axis": str, "points": [[mu, sigma], …]}``
  — the conservative rating (mu − 3·sigma) after each rated game as a line, with mu ± sigma as a band
  (optional ``line_label`` and ``band_label`` name them in a legend);
* ``{"kind": "leaderboard", "title": str, "rows": [[rank, name, conservative, detail], …]}``
  — the top rows as a table with a bar per rating;
* ``{"kind": "story", "title": str, "names": [...], "points": [[score per line], …], "marks":
  [[index, label], …], "figures": [[label, [value per line]], …]}`` — a finished game's scores over
  the game (``table.story``), its chapters marked, its telling figures below.

Sized for a phone: 1200 px wide, the smallest text 34 px (over 11 px tall at 400 px wide).
"""

from __future__ import annotations

from typing import Any

from render import kit

WIDTH = 1200
TEXT = 34
TITLE = 46
PAD = 40


def draw(view: dict[str, Any]) -> bytes:
    if view.get("kind") == "leaderboard":
        return kit.png(_leaderboard(view))
    if view.get("kind") == "story":
        return kit.png(_story(view))
    return kit.png(_chart(view))


def _story(view: dict[str, Any]):  # type: ignore[no-untyped-def]
    """Each line's score after every decision, chapters marked, the figures in a table below."""
    names = [str(n) for n in view.get("names", [])]
    points = [[float(v) for v in row] for row in view.get("points", [])]
    figures = view.get("figures", [])
    row_h = TEXT + 18
    chart_h = 520
    height = PAD + TITLE + 24 + TEXT + 16 + chart_h + 30 + row_h * (len(figures) + 1) + PAD
    image, d = kit.canvas(WIDTH, height)
    kit.draw_text(d, (PAD, PAD), str(view.get("title", "")), TITLE, kit.INK, bold=True, max_width=WIDTH - 2 * PAD)
    y = PAD + TITLE + 24
    x = PAD  # the legend: each line's colour beside its name
    for i, name in enumerate(names):
        colour = kit.SEAT_COLOURS[i % len(kit.SEAT_COLOURS)]
        d.line((x, y + TEXT / 2, x + 34, y + TEXT / 2), fill=colour, width=8)
        x += 44 + kit.draw_text(d, (x + 44, y), name, TEXT - 4, kit.INK, bold=True, max_width=260) + 30
    top, bottom = y + TEXT + 16, y + TEXT + 16 + chart_h
    left, right = PAD + 90, WIDTH - PAD
    d.rectangle((left, top, right, bottom), outline=kit.LIGHT, width=2)
    if points:
        lo = min(min(row) for row in points)
        hi = max(max(row) for row in points)
        lo, hi = min(lo, 0.0), max(hi, lo + 1.0)

        def x_of(i: int) -> float:
            return left + 12 + (right - left - 24) * (i / max(len(points) - 1, 1))

        def y_of(v: float) -> float:
            return bottom - 12 - (v - lo) / (hi - lo) * (bottom - top - 24)

        for value in _ticks(lo, hi):
            d.line((left, y_of(value), right, y_of(value)), fill=kit.LIGHT, width=1)
            kit.draw_text(d, (left - 12, y_of(value)), f"{value:g}", TEXT - 6, kit.DARK, anchor="rm")
        for index, label in view.get("marks", []):
            mx = x_of(int(index))
            d.line((mx, top, mx, bottom), fill=kit.GREY, width=2)
            kit.draw_text(d, (mx + 6, top + 6), str(label), TEXT - 8, kit.DARK)
        for seat in range(len(points[0])):
            colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
            line = [(x_of(i), y_of(row[seat])) for i, row in enumerate(points) if seat < len(row)]
            if len(line) > 1:
                d.line(line, fill=colour, width=5, joint="curve")
            end_x, end_y = line[-1]
            d.ellipse((end_x - 8, end_y - 8, end_x + 8, end_y + 8), fill=colour)
    y = bottom + 30
    columns = max(len(names), 1)
    label_w = 420
    col_w = (WIDTH - 2 * PAD - label_w) / columns
    for i, name in enumerate(names):
        colour = kit.SEAT_COLOURS[i % len(kit.SEAT_COLOURS)]
        kit.draw_text(d, (PAD + label_w + col_w * (i + 0.5), y), name, TEXT - 6, colour, bold=True, anchor="ma",
                      max_width=int(col_w) - 8)
    for r, (label, values) in enumerate(figures):
        ry = y + row_h * (r + 1)
        if r % 2 == 0:
            d.rectangle((PAD - 10, ry - 6, WIDTH - PAD + 10, ry + row_h - 10), fill=kit.LIGHT)
        kit.draw_text(d, (PAD, ry), str(label), TEXT - 6, kit.INK, max_width=label_w - 12)
        for i, value in enumerate(values[:columns]):
            kit.draw_text(d, (PAD + label_w + col_w * (i + 0.5), ry), str(value), TEXT - 6, kit.INK, bold=True, anchor="ma")
    return image


def _header(d: Any, view: dict[str, Any]) -> int:
    kit.draw_text(d, (PAD, PAD), str(view.get("title", "")), TITLE, kit.INK, bold=True, max_width=WIDTH - 2 * PAD)
    y = PAD + TITLE + 16
    if view.get("subtitle"):
        kit.draw_text(d, (PAD, y), str(view["subtitle"]), TEXT, kit.DARK, max_width=WIDTH - 2 * PAD)
        y += TEXT + 20
    return y


def _chart(view: dict[str, Any]):  # type: ignore[no-untyped-def]
    height = 760
    image, d = kit.canvas(WIDTH, height)
    top = _header(d, view) + TEXT + 14
    points = [(float(mu), float(sigma)) for mu, sigma in view.get("points", [])]
    left, right, bottom = PAD + 110, WIDTH - PAD, height - PAD - TEXT - 20
    d.rectangle((left, top, right, bottom), outline=kit.LIGHT, width=2)
    if not points:
        return image
    lows = [mu - 3 * s for mu, s in points] + [mu - s for mu, s in points]
    highs = [mu + s for mu, s in points]
    lo, hi = min(lows), max(highs)
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1

    def y_of(value: float) -> float:
        return bottom - (value - lo) / (hi - lo) * (bottom - top - 20) - 10

    def x_of(i: int) -> float:
        return left + 20 + (right - left - 40) * (i / max(len(points) - 1, 1))

    for value in _ticks(lo, hi):
        y = y_of(value)
        d.line((left, y, right, y), fill=kit.LIGHT, width=1)
        kit.draw_text(d, (left - 14, y), f"{value:g}", TEXT - 6, kit.DARK, anchor="rm")
    band_top = [(x_of(i), y_of(mu + s)) for i, (mu, s) in enumerate(points)]
    band_low = [(x_of(i), y_of(mu - s)) for i, (mu, s) in reversed(list(enumerate(points)))]
    if len(points) > 1:
        d.polygon(band_top + band_low, fill=kit.blend(kit.SKY, kit.PAPER, 0.6))
    line = [(x_of(i), y_of(mu - 3 * s)) for i, (mu, s) in enumerate(points)]
    if len(line) > 1:
        d.line(line, fill=kit.BLUE, width=6, joint="curve")
    for x, y in line:
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=kit.BLUE)
    last_mu, last_sigma = points[-1]
    above = line[-1][1] - 26 if line[-1][1] - 26 - TEXT > top else line[-1][1] + 16
    kit.draw_text(d, (line[-1][0] - 12, above), f"{last_mu - 3 * last_sigma:.1f}", TEXT, kit.BLUE, bold=True, anchor="ra")
    legend_y = top - TEXT - 4
    x = WIDTH - PAD
    if view.get("band_label"):
        x -= kit.draw_text(d, (x, legend_y), str(view["band_label"]), TEXT - 6, kit.DARK, anchor="ra") + 10
        d.rectangle((x - 34, legend_y + 6, x - 4, legend_y + TEXT - 10), fill=kit.blend(kit.SKY, kit.PAPER, 0.6))
        x -= 60
    if view.get("line_label"):
        x -= kit.draw_text(d, (x, legend_y), str(view["line_label"]), TEXT - 6, kit.BLUE, anchor="ra") + 10
        d.line((x - 34, legend_y + TEXT / 2 - 2, x - 4, legend_y + TEXT / 2 - 2), fill=kit.BLUE, width=6)
    kit.draw_text(d, ((left + right) / 2, bottom + 14), f"{view.get('axis', '')} (1–{len(points)})", TEXT - 4,
                  kit.DARK, anchor="ma")
    return image


def _ticks(lo: float, hi: float) -> list[float]:
    span = hi - lo
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if span / s <= 6)
    first = int(lo // step + 1) * step
    return [float(v) for v in range(first, int(hi) + 1, step)]


def _leaderboard(view: dict[str, Any]):  # type: ignore[no-untyped-def]
    rows = view.get("rows", [])[:10]
    row_h = 86
    height = PAD * 2 + TITLE + 30 + row_h * max(len(rows), 1)
    image, d = kit.canvas(WIDTH, height)
    y = _header(d, view) + 10
    values = [float(r[2]) for r in rows]
    lo, hi = min([*values, 0.0]), max([*values, 1.0])
    bar_left, bar_right = 620, WIDTH - PAD - 120
    for i, (rank, name, value, detail) in enumerate(rows):
        top = y + i * row_h
        if i % 2 == 0:
            d.rectangle((PAD - 10, top, WIDTH - PAD + 10, top + row_h - 6), fill=kit.LIGHT)
        kit.draw_text(d, (PAD, top + row_h / 2 - 3), f"{rank}.", TEXT, kit.INK, bold=True, anchor="lm")
        kit.draw_text(d, (PAD + 80, top + 8), str(name), TEXT, kit.INK, bold=True, max_width=bar_left - PAD - 100)
        kit.draw_text(d, (PAD + 80, top + 8 + TEXT + 4), str(detail), TEXT - 6, kit.DARK, max_width=bar_left - PAD - 100)
        length = (float(value) - lo) / (hi - lo) if hi > lo else 1.0
        d.rectangle((bar_left, top + 18, bar_left + max(6, length * (bar_right - bar_left)), top + row_h - 24), fill=kit.BLUE)
        kit.draw_text(d, (WIDTH - PAD, top + row_h / 2 - 3), f"{float(value):.1f}", TEXT, kit.INK, bold=True, anchor="rm")
    return image
