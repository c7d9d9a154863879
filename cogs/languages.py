"""Each player's Discord language, remembered from their own commands for the DMs the bot sends
them unprompted.

Why: a reminder or a "your seat was given away" note reaches a player outside any interaction of
theirs, so Discord does not say which language their client shows. Without a language chosen in
``/me settings``, such a DM used to be in the game's language, which is the server's: a Taiwanese
player on an English server got English DMs. Every command, click or menu pick carries the
client's locale, so the last one seen is stored (``Database.note_client_locale``) and DMs use
``UserSettings.dm_locale``.

Written at most once per user and language per database and process (``seen``), after the
command has answered, so it costs the player nothing; a storage fault only loses the note (logged).
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict

import discord

from cogs.i18n import code
from storage.db import Database

log = logging.getLogger("postern.discord")

_SEEN: weakref.WeakKeyDictionary[Database, OrderedDict[str, str]] = weakref.WeakKeyDictionary()
SEEN_LIMIT = 50_000
"""Users remembered per database in ``seen`` before the oldest are forgotten (they are written again)."""


async def remember(db: Database, interaction: discord.Interaction) -> None:
    """Store the interaction's client language for its user, if it is not known to be stored."""
    user_id = str(interaction.user.id)
    locale = code(interaction.locale)
    known = seen(db)
    if known.get(user_id) == locale:
        known.move_to_end(user_id)
        return
    try:
        await db.note_client_locale(user_id, locale)
    except Exception as err:  # a note on the side: no fault of it may reach the command (logged)
        log.warning("could not store the language of user %s: %s", user_id, err)
        return
    known[user_id] = locale
    known.move_to_end(user_id)
    while len(known) > SEEN_LIMIT:
        known.popitem(last=False)


def seen(db: Database) -> OrderedDict[str, str]:
    """The language last stored per user in ``db`` by this process (most recent last)."""
    known = _SEEN.get(db)
    if known is None:
        known = _SEEN[db] = OrderedDict()
    return known
