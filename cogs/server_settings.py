"""``/settings``: a server's defaults (Manage Server). The table decides and validates
(``table.server``); this only reads the interaction and answers, privately, in the reader's
language."""

from __future__ import annotations

import discord

from cogs import flows
from cogs.i18n import language_name, ui
from storage import ServerSettings
from table import timer
from table.service import User


def admin(interaction: discord.Interaction) -> User:
    """The caller, with whether Discord grants them Manage Server here."""
    perms = getattr(interaction, "permissions", None)
    manage = bool(interaction.guild_id is not None and perms is not None and perms.manage_guild)
    base = flows.caller(interaction)
    return User(base.id, base.name, can_manage=base.can_manage, can_manage_server=manage)


def describe(settings: ServerSettings, locale: str) -> str:
    """The settings as one short paragraph in ``locale``."""
    chosen = settings.timer or timer.DEFAULT
    shown = ui("server_timer_off", locale) if chosen == timer.OFF else chosen
    timer_text = shown if settings.timer else ui("server_timer_default", locale, timer=shown)
    return ui(
        "server_settings_now", locale,
        timer=timer_text,
        threads=ui("server_threads_on" if settings.threads else "server_threads_off", locale),
        language=language_name(settings.locale) if settings.locale else ui("server_language_default", locale),
    )


@flows.guarded
async def server_settings(
    interaction: discord.Interaction, timer_choice: str | None, threads: bool | None, language: str | None
) -> None:
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    settings = await flows.service(interaction).server_settings(
        guild_id=guild, user=admin(interaction), timer_choice=timer_choice, threads=threads, language=language
    )
    await flows.send(interaction, content=describe(settings, flows.reader_locale(interaction)), ephemeral=True)
