"""Things the bot tells a person once (per bot process), not at every occasion.

A missing permission is worth one note to the host who opened a game there, not one per move;
a thread the bot may not reopen is worth one note per game.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable

from cogs.i18n import ui

_told: weakref.WeakKeyDictionary[object, set[Hashable]] = weakref.WeakKeyDictionary()

EFFECTS = {
    "create_public_threads": "eff_threads",
    "send_messages_in_threads": "eff_threads",
    "attach_files": "eff_attach",
    "embed_links": "eff_embed",
}
"""What the game looks like without each permission (one line per distinct effect)."""


def first_time(owner: object, key: Hashable) -> bool:
    """True the first time ``key`` is seen for ``owner`` (the bot); False afterwards."""
    seen = _told.setdefault(owner, set())
    if key in seen:
        return False
    seen.add(key)
    return True


def missing_permissions(missing: tuple[str, ...], locale: str) -> str:
    """The host's note: which permissions are missing (Discord's names) and what that changes."""
    names = ", ".join(f"**{ui(f'perm_{p}', locale)}**" for p in missing)
    effects = list(dict.fromkeys(ui(EFFECTS[p], locale) for p in missing))
    return ui("perms_missing", locale, perms=names, effects="\n".join(effects))
