"""Registered application commands, and slash/autocomplete data built from their schema.

The bot registers its commands with PUT/POST; the fake keeps the schema exactly as Discord would and
builds interaction `data` from it. Anything Discord's client would never send (an unknown command or
option, a missing required option, a wrong type, a value outside the registered choices or range, a
command the member may not see) is refused with `Refused`, an AssertionError, before anything is sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
CHAT_INPUT = 1
TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}
MAX_SAFE_INTEGER = 2**53
NAME_PATTERN = re.compile(r"^[-_'\w]{1,32}$")
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
"""The locales Discord accepts in ``name_localizations`` and ``description_localizations``."""

# resolve(option_type, value) -> (value sent on the wire, the `resolved` entries it needs)
Resolver = Callable[[int, Any], tuple[str, dict[str, dict[str, Any]]]]


class Snowflakes(Protocol):
    """Where command ids come from (the world's snowflake factory)."""

    def next(self) -> int: ...


class Refused(AssertionError):
    """The driver was asked to send something Discord never sends."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"Discord would never send this: {reason}")


class CommandRegistry:
    """Commands per scope: None for global commands, a guild id for that guild's commands."""

    def __init__(self, snowflakes: Snowflakes, application_id: int) -> None:
        self._snowflakes = snowflakes
        self._application_id = application_id
        self._scopes: dict[int | None, dict[tuple[str, int], dict[str, Any]]] = {}

    def list(self, scope: int | None) -> list[dict[str, Any]]:
        return list(self._scopes.get(scope, {}).values())

    def replace(self, scope: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Bulk overwrite: ids survive for commands whose name and type did not change."""
        old = self._scopes.get(scope, {})
        new = {}
        for command in commands:
            key = (command["name"], command.get("type", CHAT_INPUT))
            new[key] = self._stored(scope, command, old.get(key))
        self._scopes[scope] = new
        return list(new.values())

    def upsert(self, scope: int | None, command: dict[str, Any]) -> dict[str, Any]:
        commands = self._scopes.setdefault(scope, {})
        key = (command["name"], command.get("type", CHAT_INPUT))
        commands[key] = self._stored(scope, command, commands.get(key))
        return commands[key]

    def get(self, scope: int | None, command_id: int) -> dict[str, Any] | None:
        return next((c for c in self.list(scope) if int(c["id"]) == command_id), None)

    def edit(self, scope: int | None, command_id: int, changes: dict[str, Any]) -> dict[str, Any] | None:
        command = self.get(scope, command_id)
        if command is None:
            return None
        return self.upsert(scope, {**command, **changes})

    def delete(self, scope: int | None, command_id: int) -> bool:
        commands = self._scopes.get(scope, {})
        key = next((k for k, c in commands.items() if int(c["id"]) == command_id), None)
        if key is None:
            return False
        del commands[key]
        return True

    def find_chat_input(self, guild_id: int | None, name: str, locale: str | None = None) -> dict[str, Any] | None:
        """The slash command a member of this guild (or a DM user) sees under this name (its base name, or its
        name in the user's ``locale``)."""
        scopes = ([guild_id] if guild_id is not None else []) + [None]
        for scope in scopes:
            for (_, kind), command in self._scopes.get(scope, {}).items():
                if locale and kind == CHAT_INPUT and name != command["name"] and local_name(command, locale) == name:
                    return command
        for scope in scopes:
            command = self._scopes.get(scope, {}).get((name, CHAT_INPUT))
            if command is not None:
                return command
        return None

    def names(self, guild_id: int | None) -> list[str]:
        scopes = ([guild_id] if guild_id is not None else []) + [None]
        return sorted({name for scope in scopes for (name, kind) in self._scopes.get(scope, {}) if kind == 1})

    def _stored(self, scope: int | None, command: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
        stored = {
            "type": CHAT_INPUT,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": old["id"] if old else str(self._snowflakes.next()),
            "application_id": str(self._application_id),
            "version": str(self._snowflakes.next()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        if stored.get("integration_types") is None:
            stored["integration_types"] = [0]  # guild install, what Discord stores when none is given
        if stored["default_member_permissions"] is not None:
            stored["default_member_permissions"] = str(stored["default_member_permissions"])
        return stored


def schema_problems(command: dict[str, Any]) -> list[str]:
    """What Discord's 'Invalid Form Body' would complain about in a command registration."""
    problems: list[str] = []
    name = command.get("name", "")
    kind = command.get("type", CHAT_INPUT)
    if not isinstance(name, str) or not NAME_PATTERN.match(name) or (kind == CHAT_INPUT and name != name.lower()):
        problems.append(f"command name {name!r} must be 1-32 lowercase letters, digits, - or _")
    if kind == CHAT_INPUT:
        problems += _description_problems(name, command.get("description"))
        problems += _localization_problems(name, command)
        problems += _options_problems(name, command.get("options") or [])
    return problems + command_size_problems(command)


def _localization_problems(where: str, item: dict[str, Any]) -> list[str]:
    """A name's and a description's translations follow the rules of the base ones (choices: 1-100 characters)."""
    problems: list[str] = []
    is_choice = "value" in item
    for locale, name in (item.get("name_localizations") or {}).items():
        if locale not in DISCORD_LOCALES:
            problems.append(f"{where}: {locale!r} is not a Discord locale")
        if is_choice:
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                problems.append(f"{where}: choice name in {locale} must be 1-100 characters, got {name!r}")
        elif not isinstance(name, str) or not NAME_PATTERN.match(name) or name != name.lower():
            problems.append(f"{where}: name in {locale} {name!r} must be 1-32 lowercase letters, digits, - or _")
    for locale, description in (item.get("description_localizations") or {}).items():
        if locale not in DISCORD_LOCALES:
            problems.append(f"{where}: {locale!r} is not a Discord locale")
        problems += _description_problems(f"{where} ({locale})", description)
    return problems


def _sibling_name_problems(where: str, options: list[dict[str, Any]]) -> list[str]:
    """Two options (or subcommands) of one parent may not share a name in any language."""
    problems: list[str] = []
    locales = {locale for option in options for locale in option.get("name_localizations") or {}}
    for locale in sorted(locales):
        seen = [local_name(option, locale) for option in options]
        if len(set(seen)) != len(seen):
            problems.append(f"{where}: names repeat in {locale}: {seen}")
    return problems


def _description_problems(where: str, description: Any) -> list[str]:
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        return [f"{where}: description must be 1-100 characters, got {description!r}"]
    return []


def _options_problems(where: str, options: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: at most 25 options, got {len(options)}")
    names = [option.get("name") for option in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: option names repeat: {names}")
    problems += _sibling_name_problems(where, options)
    seen_optional = False
    for option in options:
        problems += _option_problems(f"{where} {option.get('name')}", option)
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            continue
        if option.get("required") and seen_optional:
            problems.append(f"{where}: required option {option.get('name')!r} after an optional one")
        seen_optional = seen_optional or not option.get("required")
    return problems


def _option_problems(where: str, option: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    name = option.get("name", "")
    if not isinstance(name, str) or not NAME_PATTERN.match(name) or name != name.lower():
        problems.append(f"{where}: option name {name!r} must be 1-32 lowercase letters, digits, - or _")
    problems += _description_problems(where, option.get("description"))
    problems += _localization_problems(where, option)
    choices = option.get("choices") or []
    for choice in choices:
        problems += _localization_problems(f"{where} choice {choice.get('name')!r}", choice)
    if len(choices) > 25:
        problems.append(f"{where}: at most 25 choices, got {len(choices)}")
    problems += choice_problems(where, choices)
    if choices and option.get("autocomplete"):
        problems.append(f"{where}: autocomplete and choices cannot be used together")
    if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
        problems += _options_problems(where, option.get("options") or [])
    return problems


@dataclass
class Visibility:
    """Who is asking: their permissions and whether they are in a DM with the bot."""

    permissions: int
    in_dm: bool


def local_name(item: dict[str, Any], locale: str | None) -> str:
    """The name a user whose client speaks ``locale`` sees for a command, subcommand or option."""
    return ((item.get("name_localizations") or {}).get(locale or "") or item["name"]).lower()


def base_names(
    command: dict[str, Any], rest: list[str], options: dict[str, Any], locale: str | None
) -> tuple[list[str], dict[str, Any]]:
    """A path and options typed by a user in their client's language, as Discord sends them: base names.

    Discord shows a user the ``name_localizations`` of their locale, yet an interaction's ``data``
    always carries the commands' and options' registered (base) names; either may be typed here.
    """
    node, path = command, []
    for word in rest:
        children = [o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        match = next((c for c in children if word in (c["name"], local_name(c, locale))), None)
        if match is None:
            path.append(word)
            continue
        path.append(match["name"])
        node = match
    schema = [o for o in node.get("options") or [] if o["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    named = {}
    for key, value in options.items():
        option = next((o for o in schema if key in (o["name"], local_name(o, locale))), None)
        named[option["name"] if option is not None else key] = value
    return path, named


def build_command_data(
    command: dict[str, Any],
    subcommand_path: list[str],
    options: dict[str, Any],
    resolve: Resolver,
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """The `data` of a slash command (or, with `focused`, autocomplete) interaction for this command."""
    path = " ".join([command["name"], *subcommand_path])
    schema, wrap = _leaf_options(command, subcommand_path, path)
    built, resolved = _build_options(path, schema, options, resolve, focused)
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": CHAT_INPUT,
        "options": wrap(built),
    }
    if resolved:
        data["resolved"] = resolved
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    return data


def check_visible(command: dict[str, Any], who: Visibility) -> None:
    """Refuse a command the member cannot see: missing permissions, or not offered in this context."""
    required = command.get("default_member_permissions")
    if required is not None and (who.permissions & int(required)) != int(required):
        raise Refused(f"/{command['name']} needs permissions {int(required):#x}, which the user lacks")
    contexts = command.get("contexts")
    if who.in_dm and (command.get("dm_permission") is False or (contexts is not None and 1 not in contexts)):
        raise Refused(f"/{command['name']} is not offered in DMs")
    if not who.in_dm and contexts is not None and 0 not in contexts:
        raise Refused(f"/{command['name']} is not offered in guilds")


def _leaf_options(
    node: dict[str, Any], rest: list[str], path: str
) -> tuple[list[dict[str, Any]], Callable[[list[dict[str, Any]]], list[dict[str, Any]]]]:
    """The options of the subcommand named by `rest`, and how to nest built options back under it."""
    schema = node.get("options") or []
    children = {o["name"]: o for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)}
    if not rest:
        if children:
            raise Refused(f"/{path} needs a subcommand, one of {sorted(children)}")
        return schema, lambda built: built
    child = children.get(rest[0])
    if child is None:
        raise Refused(f"/{path} has no subcommand {rest[0]!r}; registered: {sorted(children)}")
    if child["type"] == SUB_COMMAND and rest[1:]:
        raise Refused(f"/{path} {rest[0]} has no subcommands, got {rest[1:]}")
    inner_schema, inner_wrap = _leaf_options(child, rest[1:], f"{path} {rest[0]}")

    def wrap(built: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"name": child["name"], "type": child["type"], "options": inner_wrap(built)}]

    return inner_schema, wrap


def _build_options(
    path: str,
    schema: list[dict[str, Any]],
    options: dict[str, Any],
    resolve: Resolver,
    focused: str | None,
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    by_name = {option["name"]: option for option in schema}
    unknown = sorted(set(options) - set(by_name))
    if unknown:
        raise Refused(f"/{path} has no option {unknown}; registered: {sorted(by_name)}")
    if focused is not None:
        _check_focusable(path, by_name.get(focused), focused, options)
    built: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}
    for option in schema:
        name = option["name"]
        if name not in options:
            if option.get("required") and focused is None:
                raise Refused(f"/{path} is missing required option {name!r}")
            continue
        if name == focused:
            built.append({"name": name, "type": option["type"], "value": str(options[name]), "focused": True})
            continue
        wire_value, entries = _convert(path, option, options[name], resolve)
        built.append({"name": name, "type": option["type"], "value": wire_value})
        for key, values in entries.items():
            resolved.setdefault(key, {}).update(values)
    return built, resolved


def _check_focusable(path: str, option: dict[str, Any] | None, focused: str, options: dict[str, Any]) -> None:
    if option is None:
        raise Refused(f"/{path} has no option {focused!r} to autocomplete")
    if not option.get("autocomplete"):
        raise Refused(f"/{path} option {focused!r} has no autocomplete")
    if focused not in options:
        raise Refused(f"the focused option {focused!r} needs a (possibly empty) typed value")


def _convert(path: str, option: dict[str, Any], value: Any, resolve: Resolver) -> tuple[Any, dict[str, Any]]:
    """Check one option value against its schema; return its wire value and `resolved` entries."""
    kind = option["type"]
    where = f"/{path} option {option['name']!r}"
    if kind in (USER, CHANNEL):
        wire_value, entries = resolve(kind, value)
        _check_channel_type(where, option, entries)
        return wire_value, entries
    if kind in (ROLE, MENTIONABLE, ATTACHMENT):
        raise Refused(f"{where}: {TYPE_NAMES[kind]} options are not supported by the fake")
    _check_type(where, kind, value)
    _check_choices(where, option, value)
    _check_range(where, option, value)
    return value, {}


def _check_channel_type(where: str, option: dict[str, Any], entries: dict[str, Any]) -> None:
    allowed = option.get("channel_types")
    for channel in entries.get("channels", {}).values():
        if allowed and channel["type"] not in allowed:
            raise Refused(f"{where} takes channel types {allowed}, got {channel['name']!r} (type {channel['type']})")


def _check_type(where: str, kind: int, value: Any) -> None:
    valid = {
        STRING: isinstance(value, str),
        INTEGER: isinstance(value, int) and not isinstance(value, bool),
        BOOLEAN: isinstance(value, bool),
        NUMBER: isinstance(value, int | float) and not isinstance(value, bool),
    }
    if not valid.get(kind, False):
        raise Refused(f"{where} is a {TYPE_NAMES.get(kind, kind)}, got {value!r}")


def _check_choices(where: str, option: dict[str, Any], value: Any) -> None:
    choices = option.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        offered = [choice["value"] for choice in choices]
        raise Refused(f"{where}: {value!r} is not among the registered choices {offered}")


def _check_range(where: str, option: dict[str, Any], value: Any) -> None:
    if option["type"] == STRING:
        # Discord's client never submits an empty string option.
        low, high, size = max(option.get("min_length", 1), 1), option.get("max_length", 6000), len(value)
        if not low <= size <= high:
            raise Refused(f"{where}: length {size} is outside {low}..{high}")
        return
    if option["type"] in (INTEGER, NUMBER):
        low = option.get("min_value", -MAX_SAFE_INTEGER)
        high = option.get("max_value", MAX_SAFE_INTEGER)
        if not low <= value <= high:
            raise Refused(f"{where}: {value!r} is outside {low}..{high}")


# Documented sizes (https://discord.com/developers/docs/interactions/application-commands#application-command-object),
# re-exported by `limits` with the other limits the OpenAPI spec leaves out.
MAX_COMMAND_SIZE = 8000
MAX_CHOICE_TEXT = 100


def command_size(command: dict[str, Any]) -> int:
    """Characters Discord counts towards a command's 8,000: names, descriptions and choice values of the
    command, its options and their choices, each with its longest localization."""

    def longest(entry: dict[str, Any], key: str) -> int:
        localized = entry.get(f"{key}_localizations") or {}
        return max([len(str(entry.get(key) or ""))] + [len(str(text)) for text in localized.values()])

    size = longest(command, "name") + longest(command, "description")
    for option in command.get("options") or []:
        size += command_size(option)
    for choice in command.get("choices") or []:
        size += longest(choice, "name") + len(str(choice.get("value", "")))
    return size


def command_size_problems(command: dict[str, Any]) -> list[str]:
    size = command_size(command)
    if size > MAX_COMMAND_SIZE:
        return [f"command {command.get('name')!r} is {size} characters, more than {MAX_COMMAND_SIZE}"]
    return []


def choice_problems(where: str, choices: list[dict[str, Any]]) -> list[str]:
    """A command option's fixed choices: name 1-100, a string value at most 100."""
    problems = []
    for choice in choices:
        name, value = choice.get("name"), choice.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_CHOICE_TEXT:
            problems.append(f"{where}: choice name {name!r} must be 1-{MAX_CHOICE_TEXT} characters")
        if isinstance(value, str) and not 1 <= len(value) <= MAX_CHOICE_TEXT:
            problems.append(f"{where}: choice value {value!r} must be 1-{MAX_CHOICE_TEXT} characters")
    return problems
