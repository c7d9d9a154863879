"""``/hint``: the AI's top three moves for the asker's own position, in a private reply.

The table decides whether the table allows it and computes it (``table.hints``, in the thinker
pool); this module only words it for its reader. Always ephemeral: a hint is the asker's alone.
"""

from __future__ import annotations

import discord

from cogs import flows, posting, replies
from table import hints


@flows.guarded
async def hint(interaction: discord.Interaction) -> None:
    locale = flows.reader_locale(interaction)
    await replies.acknowledge(interaction, ephemeral=True)  # a search takes up to seconds
    found = await flows.service(interaction).hint(
        channel_id=flows.channel_of(interaction), user=flows.caller(interaction), reader=locale
    )
    content = "\n".join(hints.words(found, locale))
    await flows.send(interaction, content=content[: posting.CONTENT_LIMIT], ephemeral=True,
                     allowed_mentions=discord.AllowedMentions.none())
