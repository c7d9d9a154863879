"""``python -m bench phone``: the boards as a player sees them on a phone (issue #29).

For every game and view — public and a seat's private view; start, middle and end of a seeded
game; 2 and 4 players; English and Traditional Chinese — the report gives:

- the smallest cap-height of the summary band's text once the image is shrunk to 400 px wide
  (Discord's mobile preview; the rule is ≥ 9 px), and of any text on the board, from the sizes the
  kit really drew (:func:`render.kit.recording`);
- the image size and its aspect (a very tall image previews small: at most about 4:3 portrait);
- per game, the worst CIEDE2000 ΔE between meaningful colours (the game's ``style.MEANINGFUL``)
  under Machado deuteranopia and protanopia (the rule is ≥ 20, or the group is ``LABELLED``);
- each game's render time over Pillow's own PNG save of the same image, over the positions of
  whole games (the rule is ≤ 1.5×).

Views are decorated as the table decorates them (names, bare names and bot levels, the last
decision and the decisions since the reader's own), through ``table.decorations`` itself.
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

import render
import rules
from bench.measure import encode_floor_ms
from render import cvd, kit
from rules import CHANCE, Game
from storage import ActionRow
from table import decorations
from table.chance import resolve

LOCALES = ("en", "zh-TW")
PLAYERS = (2, 4)
STAGES = ("start", "middle", "end")
NAMES = {
    "en": ["Alice", "Bartholomew Longname", "Chen", "Dora"],
    "zh-TW": ["王小明", "歐陽長長長長名字", "陳", "林"],
}
BOT_SEAT = 1
"""The seat played by a bot in every report game: its badge and its long name are on show."""
BOT_LEVEL = {"en": "normal", "zh-TW": "普通"}


@dataclass
class Game1:
    """One seeded game's positions and its log (as the table stores it)."""

    game: Game
    players: int
    states: list[Any] = field(default_factory=list)
    logs: list[list[ActionRow]] = field(default_factory=list)
    """The log up to each kept state."""


def play(game: Game, players: int, seed: int = 1) -> Game1:
    """A seeded random game to its end, every position kept with the log that led to it."""
    rng = random.Random(seed)
    state = game.new(players)
    out = Game1(game, players)
    log: list[ActionRow] = []
    step = 0
    while True:
        acting = game.to_act(state)
        if acting != [CHANCE]:
            out.states.append(state)
            out.logs.append(list(log))
        if game.is_over(state):
            return out
        if acting == [CHANCE]:
            seat, action = CHANCE, resolve(seed, step, game.chance_outcomes(state))
        else:
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            action = rng.choice(game.legal_actions(state, seat))
        state, events = game.apply(state, seat, action)
        log.append(ActionRow(step, seat, action, None, list(events), float(step)))
        step += 1


def staged(played: Game1) -> dict[str, int]:
    """Indexes of the start (the first decision), middle and end positions."""
    last = len(played.states) - 1
    return {"start": 0, "middle": last // 2, "end": last}


def decorated(played: Game1, index: int, seat: int | None, locale: str) -> dict[str, Any]:
    """The view of position ``index`` for ``seat`` as the table hands it to a renderer."""
    game, state, log = played.game, played.states[index], played.logs[index]
    count = int(game.view(state, None).get("players") or played.players)
    bare = NAMES[locale][:count]
    bots: list[str | None] = [BOT_LEVEL[locale] if i == BOT_SEAT else None for i in range(count)]
    names = [f"{n} (Bot, {b})" if b else n for n, b in zip(bare, bots, strict=True)]
    view = {**game.view(state, seat), "names": names, "locale": locale, "bare_names": bare, "bots": bots}
    last = decorations.last_of(game, log, locale, bare)
    if last is not None:
        view["last"] = last
        view["last_turn"] = decorations.last_turn_of(game, log, locale, bare)
    if seat is not None:
        view["since"] = decorations.since_of(game, log, seat, locale, bare)
        if seat in game.to_act(state):  # as TableService.hand adds them
            view["legal"] = game.legal_actions(state, seat)
    if game.is_over(state):
        view["standings"] = decorations.standings(game, state)
    return view


@dataclass(frozen=True)
class Shot:
    """One image of the report."""

    game: str
    players: int
    stage: str
    seat: int | None
    locale: str
    width: int
    height: int
    kb: float
    band_cap: float | None
    """Smallest band cap-height at 400 px, ``None`` when the game draws no band."""
    text_cap: float
    """Smallest cap-height of any text at 400 px."""
    png: bytes = b""

    @property
    def view_name(self) -> str:
        return "public" if self.seat is None else "private"


def shoot(game_name: str, view: dict[str, Any]) -> tuple[bytes, list[kit.TextDrawn]]:
    """Render ``view`` and record every text the kit drew."""
    with kit.recording() as drawn:
        png = render.draw(game_name, view)
    return png, drawn


def measure_shot(game_name: str, players: int, stage: str, seat: int | None, locale: str, view: dict[str, Any]) -> Shot:
    png, drawn = shoot(game_name, view)
    width, height = Image.open(io.BytesIO(png)).size
    scale = kit.PHONE_WIDTH / width
    band = [t for t in drawn if t.band and t.text.strip()]
    band_cap = min(kit.cap_height(t.size, t.bold) for t in band) * scale if band else None
    texts = [t for t in drawn if t.text.strip()]
    text_cap = min(kit.cap_height(t.size, t.bold) for t in texts) * scale if texts else float("nan")
    return Shot(game_name, players, stage, seat, locale, width, height, len(png) / 1024, band_cap, text_cap, png)


def shots(game_name: str, players_list: tuple[int, ...] = PLAYERS, locales: tuple[str, ...] = LOCALES) -> Iterator[Shot]:
    """Every image of the report for one game."""
    game = rules.get(game_name)
    for players in players_list:
        if not game.min_players <= players <= game.max_players:
            continue
        played = play(game, players)
        for stage, index in staged(played).items():
            for seat in (None, 0):
                for locale in locales:
                    view = decorated(played, index, seat, locale)
                    yield measure_shot(game_name, players, stage, seat, locale, view)


def style_of(game_name: str) -> Any | None:
    """The game's style module (``render/<game>/style.py``), where its meaningful colours live."""
    try:
        return importlib.import_module(f"render.{game_name}.style")
    except ModuleNotFoundError:
        return None


def colour_rows(game_name: str) -> list[str]:
    """Per meaningful group, the worst pair under each simulation."""
    style = style_of(game_name)
    meaningful = getattr(style, "MEANINGFUL", None) if style else None
    if not meaningful:
        return [f"  {game_name}: no MEANINGFUL colours declared"]
    labelled = getattr(style, "LABELLED", {}) or {}
    out = []
    for group, colours in meaningful.items():
        parts = []
        for deficiency in cvd.SIMULATIONS:
            worst = cvd.worst_pairs(colours, deficiency)
            if worst is not None:
                d, a, b = worst
                parts.append(f"{deficiency[:4]} ΔE {d:5.1f} {a}~{b}")
        note = f"labelled: {labelled[group]}" if group in labelled else ("ok" if not cvd.failures({group: colours}) else "FAIL")
        out.append(f"  {game_name}.{group:<10} " + " | ".join(parts) + f"  [{note}]")
    return out


def ratio(game_name: str, positions: int, repeat: int = 3) -> list[float]:
    """Render over Pillow's PNG save (CPU time, best of ``repeat``, warm caches) of decorated
    public and private views spread over whole games of 2 and 4 players."""
    game = rules.get(game_name)
    out: list[float] = []
    for players in PLAYERS:
        if not game.min_players <= players <= game.max_players:
            continue
        played = play(game, players, seed=2)
        step = max(1, len(played.states) // positions)
        for index in range(0, len(played.states), step):
            for seat in (None, 0):
                view = decorated(played, index, seat, "en")
                png = render.draw(game_name, view)
                best = float("inf")
                for _ in range(repeat):
                    t0 = time.thread_time()
                    render.draw(game_name, view)
                    best = min(best, (time.thread_time() - t0) * 1000.0)
                out.append(best / encode_floor_ms(png, repeat))
    return out


def _fmt(value: float | None) -> str:
    return "  none" if value is None else f"{value:6.1f}"


def report(games: list[str], positions: int, out_dir: Path | None) -> list[str]:
    lines = ["phone report: cap-heights in px at 400 px wide (band rule ≥ 9); ΔE00 rule ≥ 20; render/PNG save ≤ 1.5×"]
    for name in games:
        worst_band: float | None = None
        lines.append(f"{name}:")
        for shot in shots(name):
            if shot.band_cap is not None:
                worst_band = shot.band_cap if worst_band is None else min(worst_band, shot.band_cap)
            aspect = shot.height / shot.width
            lines.append(
                f"  {shot.players}p {shot.stage:<6} {shot.view_name:<7} {shot.locale:<5} band {_fmt(shot.band_cap)}"
                f"  text {shot.text_cap:4.1f}  {shot.width}×{shot.height} (h/w {aspect:.2f}{' TALL' if aspect > 4 / 3 else ''})"
                f"  {shot.kb:6.1f} KB"
            )
            if out_dir is not None:
                out_dir.mkdir(parents=True, exist_ok=True)
                picture = Image.open(io.BytesIO(shot.png)).convert("RGB")
                small = picture.resize((400, round(picture.height * 400 / picture.width)), Image.Resampling.LANCZOS)
                small.save(out_dir / f"{name}-{shot.players}p-{shot.stage}-{shot.view_name}-{shot.locale}.png")
        lines.append(f"  smallest band cap-height: {_fmt(worst_band)} px {'(ok)' if worst_band and worst_band >= 9 else '(FAIL)'}")
        lines.extend(colour_rows(name))
        if positions:
            ratios = sorted(ratio(name, positions))
            median = ratios[len(ratios) // 2]
            p95 = ratios[min(len(ratios) - 1, round(0.95 * (len(ratios) - 1)))]
            lines.append(f"  render / Pillow PNG save: median {median:.2f}×  p95 {p95:.2f}×  (n={len(ratios)}, rule ≤ 1.5×)")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench phone")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--positions", type=int, default=12, help="positions per game for the time ratio (0: skip)")
    parser.add_argument("--out", default="", help="write every image shrunk to 400 px wide into this folder")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or list(rules.GAMES)
    for line in report(games, args.positions, Path(args.out) if args.out else None):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
