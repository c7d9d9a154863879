"""``python -m bench comeback``: the cost of coming back to a game, per title.

For a typical game (2 players) and a long one (4 players; Burgundy's 600-odd decisions) of each
title, played out at random: the time to build the finished game's story (``table.story.tell``:
a replay of the whole log through the rules) and to draw it, the "since your last turn" digest of
the last player to move (``table.since``, where present), and the replay GIF's encode time and
bytes (``render.replay``, at the width and frame cap the bot uses).
"""

from __future__ import annotations

import argparse
import io
import random
import time
from typing import Any

from PIL import Image

import render
import rules
from bench.stats import Figure
from storage import ActionRow
from table.story import tell


def playout(name: str, players: int, seed: int) -> tuple[rules.Game, Any, list[ActionRow]]:
    game = rules.get(name)
    rng = random.Random(seed)
    state = start = game.new(players)
    log: list[ActionRow] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if seat == rules.CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = game.legal_actions(state, seat)
            action = rng.choice([a for a in legal if a != "pass"] or legal)
        state, events = game.apply(state, seat, action)
        log.append(ActionRow(len(log), seat, action, None, events, float(len(log))))
    return game, start, log


def replay_view(game: rules.Game, start: Any, log: list[ActionRow], names: list[str]) -> dict[str, Any]:
    state = start
    frames, captions = [], []
    for action in log:
        state, _ = game.apply(state, action.seat, action.action)
        if action.seat >= 0:
            frames.append({**game.view(state, None), "names": names, "locale": "en"})
            captions.append(f"{len(frames)} · {names[action.seat]}")
    return {"game": game.name, "frames": frames, "captions": captions, "seconds": 0.8, "width": 720,
            "max_bytes": 9 * 1024 * 1024}


def figures(games: list[str], replays: bool) -> list[Figure]:
    out: list[Figure] = []
    for name in games:
        game = rules.get(name)
        for players, label in ((max(game.min_players, 2), "typical"), (game.max_players, "long")):
            g, start, log = playout(name, players, 7)
            names = ["Ann", "Bob", "Cho", "Dee"][:players]
            t0 = time.perf_counter()
            story = tell(g, start, log, names, "en")
            built = (time.perf_counter() - t0) * 1000
            t0 = time.perf_counter()
            render.draw("stats", story.view("story", "en"))
            drawn = (time.perf_counter() - t0) * 1000
            out.append(Figure(f"{name} {players}p story ({len(log)} actions)", [built], "", "ms", f"draw {drawn:.0f} ms"))
            if replays:
                view = replay_view(g, start, log, names)
                t0 = time.perf_counter()
                data = render.draw("replay", view)
                encoded = time.perf_counter() - t0
                frames = Image.open(io.BytesIO(data)).n_frames
                out.append(Figure(f"{name} {players}p replay {label}", [encoded], "", "s",
                                  f"{len(view['frames'])} turns → {frames} frames, {len(data) / 1e6:.2f} MB"))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench comeback")
    parser.add_argument("--games", default=",".join(sorted(rules.GAMES)))
    parser.add_argument("--no-replay", action="store_true", help="skip the replay GIFs (the slow part)")
    args = parser.parse_args(argv)
    for figure in figures([g for g in args.games.split(",") if g], not args.no_replay):
        print(figure.row())
    return 0
