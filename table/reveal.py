"""Would taking decisions back let a player unsee what they revealed? The undo's privacy check.

Why: an undo rewinds the log, but not the player's memory. If the decisions it takes back showed
the player something hidden, undo becomes a way to peek and choose again: a bot's reply that
played a card from its hidden hand (undo, try another move, see another card), or the last secret
choice of a simultaneous step that revealed everyone's choices (Tuscany's estates, FIXER's passed
cards). No rule names such moves, and no game should have to list them, so the check works for
every game through the rules contract alone:

Take states consistent with what the player knew *before* their decision (``Game.sample_state`` on
their view, as the AI does), replay the decisions to be taken back on each, and compare what the
player would then see with what they actually see now. If the hidden parts could have made any
difference (a decision that could not have been made, or a view that comes out different), the
decisions revealed something, and the undo is refused. Decisions that depend only on public facts
(Burgundy, where nothing is hidden but the draws, and chance outcomes already forbid an undo; a
knight's move in Torres) replay identically on every sample and may be taken back.

The check samples, so it can only miss a revelation if every sample happens to agree with the
truth on it; ``SAMPLES`` keeps that unlikely. A game without a sampler cannot tell, so there an
undo may take back only the caller's own decision, never one of another seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules import CHANCE, Game, IllegalAction
from storage import ActionRow

SAMPLES = 32
"""States tried per undo. A hidden card that another seat held with probability p in a sample goes
unnoticed with probability p ** SAMPLES (0.75 ** 32 ≈ 1e-4); undos are rare, so the cost is small."""


def reveals(game: Game, before: Any, seat: int, taken_back: Sequence[ActionRow], now: Any, seed: str) -> bool:
    """True if ``taken_back`` (the caller's decision at ``before`` and what followed it, ending at
    ``now``) showed ``seat`` anything its view at ``before`` did not already determine."""
    if any(a.seat == CHANCE for a in taken_back):
        return True  # a random outcome was seen (the undo refuses this on its own, earlier)
    known = game.view(before, seat)
    seen = game.view(now, seat)
    rng = random.Random(f"reveal:{seed}")
    for _ in range(SAMPLES):
        try:
            state = game.sample_state(known, seat, rng.choice)
        except NotImplementedError:
            return any(a.seat != seat for a in taken_back)
        try:
            for action in taken_back:
                state, _ = game.apply(state, action.seat, action.action)
        except IllegalAction:
            return True  # somebody's decision depended on what the player could not see
        if game.view(state, seat) != seen:
            return True
    return False
