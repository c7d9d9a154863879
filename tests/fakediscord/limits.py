"""Discord's validation limits, applied by the fake exactly where Discord applies them.

Every check answers with Discord's own error shape (``{"code": 50035, "message": "Invalid Form
Body", "errors": {<path>: {"_errors": [{"code": ..., "message": ...}]}}}``) so discord.py turns it
into the same exception it would raise in production (``CommandSyncFailure`` for command syncs,
``HTTPException`` elsewhere). The numbers come from Discord's developer documentation; they are
kept here, one place each, so a test can see which limit it exercises.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# --- messages -------------------------------------------------------------------------------
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
FILES_MAX = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # 10 MiB, a server without boosts
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
SELECT_VALUES_MAX = 25
COMPONENTS_V2_TOTAL_MAX = 40
TEXT_DISPLAY_TOTAL_MAX = 4000
MODAL_TITLE_MAX = 45
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_IS_COMPONENTS_V2 = 1 << 15
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})

# --- application commands ----------------------------------------------------------------------
COMMAND_NAME_MAX = 32
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_STRING_VALUE_MAX = 100
COMMAND_TOTAL_CHARS_MAX = 4000
GLOBAL_CHAT_INPUT_COMMANDS_MAX = 100
CONTEXT_MENU_COMMANDS_MAX = 5  # per type (user, message)
OPTION_LENGTH_MAX = 6000
AUTOCOMPLETE_CHOICES_MAX = 25
INTERACTION_DEADLINE = 3.0  # seconds between dispatch and the initial callback
INTERACTION_TOKEN_LIFETIME = 15 * 60.0  # followups and edits stay possible this long

VALID_LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
        "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
        "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)

OPTION_SUB_COMMAND = 1
OPTION_SUB_COMMAND_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_NUMBER = 10
VALID_OPTION_TYPES = frozenset(range(1, 12))


@dataclass
class FormErrors:
    """Collects errors keyed by a JSON path, rendered as Discord's nested ``errors`` object."""

    entries: list[tuple[tuple[str, ...], str, str]] = field(default_factory=list)

    def add(self, path: Iterable[object], code: str, message: str) -> None:
        self.entries.append((tuple(str(p) for p in path), code, message))

    def __bool__(self) -> bool:
        return bool(self.entries)

    def nested(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        for path, code, message in self.entries:
            node = root
            for key in path:
                node = node.setdefault(key, {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        return root

    def body(self) -> dict[str, Any]:
        return {"code": 50035, "message": "Invalid Form Body", "errors": self.nested()}

    def summary(self) -> str:
        return "; ".join(f"{'.'.join(p) or '<root>'}: {m}" for p, _, m in self.entries)


def _check_length(
    errors: FormErrors, path: tuple[object, ...], value: Any, low: int, high: int, *, required: bool = True
) -> None:
    if value is None:
        if required:
            errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    if not isinstance(value, str):
        errors.add(path, "BASE_TYPE_STRING", "Must be a string.")
        return
    if not low <= len(value) <= high:
        if low == 0:
            errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        else:
            errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _check_list(errors: FormErrors, path: tuple[object, ...], value: Any, high: int) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add(path, "BASE_TYPE_LIST", "Must be an array.")
        return []
    if len(value) > high:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
    return value


# --- names -------------------------------------------------------------------------------------

_NAME_SCRIPTS_WITH_MARKS = ("DEVANAGARI", "THAI")


def _name_char_ok(char: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` without the ``regex`` module."""
    if char in "-_":
        return True
    category = unicodedata.category(char)
    if category[0] in "LN":
        return True
    try:
        name = unicodedata.name(char)
    except ValueError:
        return False
    return category[0] == "M" and name.startswith(_NAME_SCRIPTS_WITH_MARKS)


def valid_command_name(name: Any, *, chat_input: bool = True) -> bool:
    """A chat-input name must match the pattern and be lower case where the script has case."""
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME_MAX:
        return False
    if not chat_input:
        return True  # user/message commands allow spaces and capitals
    return all(_name_char_ok(c) for c in name) and name == name.lower()


def _check_localizations(
    errors: FormErrors, path: tuple[object, ...], value: Any, *, names: bool, chat_input: bool = True
) -> None:
    if value is None:
        return
    if not isinstance(value, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    for locale, text in value.items():
        if locale not in VALID_LOCALES:
            errors.add(
                (*path, locale), "BASE_TYPE_CHOICES", f"Value must be one of {sorted(VALID_LOCALES)}."
            )
        elif names:
            if not valid_command_name(text, chat_input=chat_input):
                errors.add((*path, locale), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        else:
            _check_length(errors, (*path, locale), text, 1, COMMAND_DESCRIPTION_MAX)


def _longest(text: Any, localizations: Any) -> int:
    sizes = [len(text) if isinstance(text, str) else 0]
    if isinstance(localizations, dict):
        sizes += [len(v) for v in localizations.values() if isinstance(v, str)]
    return max(sizes)


def command_size(command: dict[str, Any]) -> int:
    """Characters Discord counts against the 4000 limit: names, descriptions and choice values,
    each at its longest localisation."""

    def option_size(opt: dict[str, Any]) -> int:
        total = _longest(opt.get("name"), opt.get("name_localizations"))
        total += _longest(opt.get("description"), opt.get("description_localizations"))
        for choice in opt.get("choices") or []:
            total += _longest(choice.get("name"), choice.get("name_localizations"))
            total += len(str(choice.get("value", "")))
        for sub in opt.get("options") or []:
            total += option_size(sub)
        return total

    return option_size(command)


# --- application commands ------------------------------------------------------------------------


def _validate_option(errors: FormErrors, path: tuple[object, ...], opt: Any, inside: str) -> None:
    """One option; ``inside`` is "command", "group" or "subcommand" (what may nest where)."""
    if not isinstance(opt, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    kind = opt.get("type")
    if kind not in VALID_OPTION_TYPES:
        errors.add((*path, "type"), "BASE_TYPE_CHOICES", f"Value must be one of {sorted(VALID_OPTION_TYPES)}.")
        return
    if not valid_command_name(opt.get("name")):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    _check_localizations(errors, (*path, "name_localizations"), opt.get("name_localizations"), names=True)
    _check_length(errors, (*path, "description"), opt.get("description"), 1, COMMAND_DESCRIPTION_MAX)
    _check_localizations(
        errors, (*path, "description_localizations"), opt.get("description_localizations"), names=False
    )
    if kind == OPTION_SUB_COMMAND_GROUP and inside != "command":
        errors.add((*path, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Groups nest only in a command")
    if kind == OPTION_SUB_COMMAND and inside == "subcommand":
        errors.add((*path, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot nest")
    if kind in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP):
        if opt.get("required"):
            errors.add((*path, "required"), "APPLICATION_COMMAND_OPTION_REQUIRED", "Subcommands cannot be required")
        child = "group" if kind == OPTION_SUB_COMMAND_GROUP else "subcommand"
        _validate_option_list(errors, path, opt.get("options"), child)
        return
    if inside == "group":
        errors.add((*path, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Groups hold only subcommands")
    if opt.get("options"):
        errors.add((*path, "options"), "APPLICATION_COMMAND_OPTION_OPTIONS", "Only subcommands have options")
    choices = _check_list(errors, (*path, "choices"), opt.get("choices"), COMMAND_CHOICES_MAX)
    if choices and kind not in (OPTION_STRING, OPTION_INTEGER, OPTION_NUMBER):
        errors.add((*path, "choices"), "APPLICATION_COMMAND_OPTION_CHOICES", "Choices need string or number")
    if choices and opt.get("autocomplete"):
        errors.add(
            (*path, "autocomplete"),
            "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
            "Autocomplete cannot be enabled on an option with choices",
        )
    for index, choice in enumerate(choices):
        _validate_choice(errors, (*path, "choices", index), choice, kind)
    for key in ("min_length", "max_length"):
        if key in opt and opt[key] is not None:
            low = 0 if key == "min_length" else 1
            if not isinstance(opt[key], int) or not low <= opt[key] <= OPTION_LENGTH_MAX:
                errors.add((*path, key), "NUMBER_TYPE_MAX", f"Must be between {low} and {OPTION_LENGTH_MAX}.")


def _validate_choice(errors: FormErrors, path: tuple[object, ...], choice: Any, kind: int) -> None:
    if not isinstance(choice, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    _check_length(errors, (*path, "name"), choice.get("name"), 1, CHOICE_NAME_MAX)
    _check_localizations(errors, (*path, "name_localizations"), choice.get("name_localizations"), names=False)
    value = choice.get("value")
    if kind == OPTION_STRING:
        _check_length(errors, (*path, "value"), value, 1, CHOICE_STRING_VALUE_MAX)
    elif kind == OPTION_INTEGER:
        if not isinstance(value, int) or isinstance(value, bool):
            errors.add((*path, "value"), "NUMBER_TYPE_COERCE", f"Value \"{value}\" is not int.")
    elif isinstance(value, bool) or not isinstance(value, int | float):
        errors.add((*path, "value"), "NUMBER_TYPE_COERCE", f"Value \"{value}\" is not a number.")


def _validate_option_list(errors: FormErrors, path: tuple[object, ...], options: Any, inside: str) -> None:
    options = _check_list(errors, (*path, "options"), options, COMMAND_OPTIONS_MAX)
    kinds = [o.get("type") for o in options if isinstance(o, dict)]
    subs = [k for k in kinds if k in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP)]
    if subs and len(subs) != len(kinds):
        errors.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands cannot be mixed with other options",
        )
    seen_optional = False
    names: set[str] = set()
    for index, opt in enumerate(options):
        _validate_option(errors, (*path, "options", index), opt, inside)
        if not isinstance(opt, dict):
            continue
        if opt.get("name") in names:
            errors.add(
                (*path, "options", index, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(opt.get("name"))
        if opt.get("type") in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP):
            continue
        if opt.get("required"):
            if seen_optional:
                errors.add(
                    (*path, "options", index, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True


def validate_command(errors: FormErrors, path: tuple[object, ...], command: Any) -> None:
    """One command object of a create or bulk-overwrite body."""
    if not isinstance(command, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    kind = command.get("type", 1)
    chat_input = kind == 1
    if kind not in (1, 2, 3, 4):
        errors.add((*path, "type"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4).")
        return
    if not valid_command_name(command.get("name"), chat_input=chat_input):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    _check_localizations(
        errors, (*path, "name_localizations"), command.get("name_localizations"), names=True, chat_input=chat_input
    )
    if chat_input:
        _check_length(errors, (*path, "description"), command.get("description"), 1, COMMAND_DESCRIPTION_MAX)
        _check_localizations(
            errors, (*path, "description_localizations"), command.get("description_localizations"), names=False
        )
        _validate_option_list(errors, path, command.get("options"), "command")
    elif command.get("description"):
        errors.add((*path, "description"), "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION", "Must be empty")
    if command_size(command) > COMMAND_TOTAL_CHARS_MAX:
        errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_TOTAL_CHARS_MAX})")


def validate_command_list(commands: Any) -> FormErrors:
    """A bulk overwrite body: each command, unique names per type, and the per-type counts (the
    same for global and guild commands)."""
    errors = FormErrors()
    if not isinstance(commands, list):
        errors.add((), "BASE_TYPE_LIST", "Must be an array.")
        return errors
    seen: set[tuple[int, str]] = set()
    counts = {1: 0, 2: 0, 3: 0, 4: 0}
    for index, command in enumerate(commands):
        validate_command(errors, (index,), command)
        if not isinstance(command, dict):
            continue
        key = (command.get("type", 1), command.get("name"))
        if key in seen:
            errors.add(
                (index, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
            )
        seen.add(key)
        if key[0] in counts:
            counts[key[0]] += 1
    if counts[1] > GLOBAL_CHAT_INPUT_COMMANDS_MAX:
        errors.add((), "BASE_TYPE_MAX_LENGTH", f"Must be {GLOBAL_CHAT_INPUT_COMMANDS_MAX} or fewer in length.")
    for kind in (2, 3):
        if counts[kind] > CONTEXT_MENU_COMMANDS_MAX:
            errors.add((), "APPLICATION_COMMANDS_TOO_MANY", f"At most {CONTEXT_MENU_COMMANDS_MAX} per type")
    return errors


# --- messages and components ---------------------------------------------------------------------


def _validate_button(errors: FormErrors, path: tuple[object, ...], comp: dict[str, Any]) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        errors.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6).")
    if style == 5:
        if not comp.get("url"):
            errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if comp.get("custom_id"):
            errors.add((*path, "custom_id"), "COMPONENT_LINK_BUTTON_CUSTOM_ID", "Link buttons cannot have a custom_id")
    elif style == 6:
        if not comp.get("sku_id"):
            errors.add((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        _check_length(errors, (*path, "custom_id"), comp.get("custom_id"), 1, CUSTOM_ID_MAX)
    if comp.get("label") is not None:
        _check_length(errors, (*path, "label"), comp.get("label"), 0, BUTTON_LABEL_MAX)


def _validate_select(errors: FormErrors, path: tuple[object, ...], comp: dict[str, Any]) -> None:
    _check_length(errors, (*path, "custom_id"), comp.get("custom_id"), 1, CUSTOM_ID_MAX)
    if comp.get("placeholder") is not None:
        _check_length(errors, (*path, "placeholder"), comp.get("placeholder"), 0, SELECT_PLACEHOLDER_MAX)
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not isinstance(low, int) or not 0 <= low <= SELECT_VALUES_MAX:
        errors.add((*path, "min_values"), "NUMBER_TYPE_MAX", f"Must be between 0 and {SELECT_VALUES_MAX}.")
    if not isinstance(high, int) or not 1 <= high <= SELECT_VALUES_MAX:
        errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", f"Must be between 1 and {SELECT_VALUES_MAX}.")
    elif isinstance(low, int) and low > high:
        errors.add((*path, "min_values"), "SELECT_COMPONENT_MIN_GREATER_MAX", "min_values exceeds max_values")
    if comp.get("type") != 3:
        return
    options = comp.get("options")
    if not isinstance(options, list) or not options:
        errors.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {SELECT_OPTIONS_MAX} in length.")
        return
    if len(options) > SELECT_OPTIONS_MAX:
        errors.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {SELECT_OPTIONS_MAX} in length.")
    if isinstance(high, int) and high > len(options):
        errors.add((*path, "max_values"), "SELECT_COMPONENT_MAX_VALUES", "max_values exceeds the options")
    values: set[str] = set()
    for index, option in enumerate(options):
        opath = (*path, "options", index)
        _check_length(errors, (*opath, "label"), option.get("label"), 1, SELECT_OPTION_TEXT_MAX)
        _check_length(errors, (*opath, "value"), option.get("value"), 1, SELECT_OPTION_TEXT_MAX)
        if option.get("description") is not None:
            _check_length(errors, (*opath, "description"), option.get("description"), 0, SELECT_OPTION_TEXT_MAX)
        if option.get("value") in values:
            errors.add((*opath, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique")
        values.add(option.get("value"))


def _validate_action_row(errors: FormErrors, path: tuple[object, ...], row: dict[str, Any]) -> None:
    children = row.get("components")
    if not isinstance(children, list) or not children:
        errors.add((*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        return
    kinds = [c.get("type") for c in children if isinstance(c, dict)]
    if any(k in SELECT_TYPES for k in kinds) and len(kinds) > 1:
        errors.add((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu fills its whole row")
    elif len(children) > BUTTONS_PER_ROW_MAX:
        errors.add((*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")


def validate_components(errors: FormErrors, components: Any, *, v2: bool) -> None:
    """Layout and field limits, plus custom_id uniqueness across the whole message."""
    top = _check_list(errors, ("components",), components, COMPONENTS_V2_TOTAL_MAX if v2 else ACTION_ROWS_MAX)
    custom_ids: dict[str, tuple[object, ...]] = {}
    total = 0
    text_chars = 0

    def walk(path: tuple[object, ...], comp: Any, top_level: bool) -> None:
        nonlocal total, text_chars
        if not isinstance(comp, dict):
            errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            return
        total += 1
        kind = comp.get("type")
        if top_level and not v2 and kind != 1:
            errors.add((*path, "type"), "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
            return
        if kind == 1:
            _validate_action_row(errors, path, comp)
        elif kind == 2:
            _validate_button(errors, path, comp)
        elif kind in SELECT_TYPES:
            _validate_select(errors, path, comp)
        elif kind == 10:
            text_chars += len(comp.get("content") or "")
        elif kind in (9, 11, 12, 13, 14, 17) and not v2:
            errors.add((*path, "type"), "COMPONENT_V2_FLAG_REQUIRED", "This component needs the IS_COMPONENTS_V2 flag")
        custom_id = comp.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in custom_ids:
                errors.add((*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            custom_ids[custom_id] = path
        for index, child in enumerate(comp.get("components") or []):
            walk((*path, "components", index), child, False)
        if isinstance(comp.get("accessory"), dict):
            walk((*path, "accessory"), comp["accessory"], False)

    for index, comp in enumerate(top):
        walk(("components", index), comp, True)
    if v2 and total > COMPONENTS_V2_TOTAL_MAX:
        errors.add(("components",), "COMPONENT_MAX_TOTAL", f"At most {COMPONENTS_V2_TOTAL_MAX} components")
    if text_chars > TEXT_DISPLAY_TOTAL_MAX:
        errors.add(("components",), "COMPONENT_TEXT_TOO_LONG", f"Text displays exceed {TEXT_DISPLAY_TOTAL_MAX}")


def _validate_embeds(errors: FormErrors, embeds: Any) -> None:
    embeds = _check_list(errors, ("embeds",), embeds, EMBEDS_MAX)
    total = 0
    for index, embed in enumerate(embeds):
        path: tuple[object, ...] = ("embeds", index)
        if not isinstance(embed, dict):
            errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        for key, limit in (("title", EMBED_TITLE_MAX), ("description", EMBED_DESCRIPTION_MAX)):
            if embed.get(key) is not None:
                _check_length(errors, (*path, key), embed[key], 0, limit)
                total += len(str(embed[key]))
        for key, sub, limit in (("footer", "text", EMBED_FOOTER_MAX), ("author", "name", EMBED_AUTHOR_MAX)):
            part = embed.get(key)
            if isinstance(part, dict) and part.get(sub) is not None:
                _check_length(errors, (*path, key, sub), part[sub], 0, limit)
                total += len(str(part[sub]))
        fields = _check_list(errors, (*path, "fields"), embed.get("fields"), EMBED_FIELDS_MAX)
        for findex, fld in enumerate(fields):
            _check_length(errors, (*path, "fields", findex, "name"), fld.get("name"), 1, EMBED_FIELD_NAME_MAX)
            _check_length(errors, (*path, "fields", findex, "value"), fld.get("value"), 1, EMBED_FIELD_VALUE_MAX)
            total += len(str(fld.get("name") or "")) + len(str(fld.get("value") or ""))
    if total > EMBED_TOTAL_MAX:
        errors.add(("embeds",), "MESSAGE_EMBEDS_TOO_LARGE", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}")


def validate_message(payload: dict[str, Any], *, creating: bool, file_count: int) -> FormErrors:
    """A message body for create, edit, webhook execution or an interaction callback."""
    errors = FormErrors()
    flags = payload.get("flags") or 0
    v2 = bool(flags & FLAG_IS_COMPONENTS_V2)
    content = payload.get("content")
    if content is not None:
        _check_length(errors, ("content",), content, 0, CONTENT_MAX)
    if v2 and (content or payload.get("embeds")):
        errors.add(("content",), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                   "The 'content' and 'embeds' fields cannot be used with IS_COMPONENTS_V2")
    _validate_embeds(errors, payload.get("embeds"))
    validate_components(errors, payload.get("components"), v2=v2)
    if file_count > FILES_MAX:
        errors.add(("files",), "BASE_TYPE_MAX_LENGTH", f"Must be {FILES_MAX} or fewer in length.")
    if creating and not errors:
        empty = (
            not content
            and not payload.get("embeds")
            and not payload.get("components")
            and not file_count
            and not payload.get("sticker_ids")
            and not payload.get("poll")
        )
        if empty:
            errors.add((), "MESSAGE_EMPTY", "Cannot send an empty message")
    return errors


def validate_autocomplete_choices(choices: Any, option_type: int) -> FormErrors:
    errors = FormErrors()
    choices = _check_list(errors, ("data", "choices"), choices, AUTOCOMPLETE_CHOICES_MAX)
    for index, choice in enumerate(choices):
        _validate_choice(errors, ("data", "choices", index), choice, option_type)
    return errors


def validate_modal(data: Any) -> FormErrors:
    errors = FormErrors()
    if not isinstance(data, dict):
        errors.add(("data",), "BASE_TYPE_REQUIRED", "This field is required")
        return errors
    _check_length(errors, ("data", "custom_id"), data.get("custom_id"), 1, CUSTOM_ID_MAX)
    _check_length(errors, ("data", "title"), data.get("title"), 1, MODAL_TITLE_MAX)
    comps = data.get("components")
    if not isinstance(comps, list) or not 1 <= len(comps) <= 5:
        errors.add(("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    return errors
