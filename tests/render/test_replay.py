"""The animated replay (issue 24 item 3): one frame per turn with its caption; always within the
size limit (fewer frames, never a failure)."""

from __future__ import annotations

import io
import random

from PIL import Image

import render
import rules
from render.replay import MAX_FRAMES, thinned


def views(name: str, players: int, seed: int) -> list[dict]:
    game = rules.get(name)
    rng = random.Random(seed)
    state = game.new(players)
    out = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if seat == rules.CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        if seat >= 0:
            out.append({**game.view(state, None), "names": ["Ann", "王小明"][:players], "locale": "zh-TW"})
    return out


def test_a_replay_is_an_animated_gif_with_a_frame_per_turn() -> None:
    frames = views("torres", 2, 1)[:12]
    data = render.draw("replay", {"game": "torres", "frames": frames, "captions": [f"{i + 1}/12 · 王小明" for i in range(12)],
                                  "seconds": 0.5, "width": 480, "max_bytes": 5_000_000})
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames == 12 and image.width == 480


def test_a_replay_too_big_for_the_limit_drops_frames_instead_of_failing() -> None:
    frames = views("fixer", 2, 2)
    data = render.draw("replay", {"game": "fixer", "frames": frames, "captions": ["x"] * len(frames),
                                  "seconds": 0.5, "width": 480, "max_bytes": 150_000})
    image = Image.open(io.BytesIO(data))
    assert image.n_frames < min(len(frames), MAX_FRAMES)
    assert len(data) <= 150_000 or image.n_frames == 2


def test_thinning_keeps_the_first_and_the_last() -> None:
    assert thinned(10, 20) == list(range(10))
    kept = thinned(401, 160)
    assert kept[0] == 0 and kept[-1] == 400 and len(kept) <= 161
