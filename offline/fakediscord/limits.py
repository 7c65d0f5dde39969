"""Discord's limits on message bodies: what makes it answer 400 Invalid Form Body.

Each function returns human-readable problems (empty when the body is fine), so the server can refuse
the request the way Discord would and record why. The OpenAPI spec (`spec.py`) checks types and the few
lengths it encodes; these are the documented limits it leaves out, from Discord's written docs:

- message content 2,000, ≤ 10 embeds, ≤ 10 files: https://discord.com/developers/docs/resources/message#create-message
- embed title 256, description 4,096, ≤ 25 fields, field name 256 and value 1,024, footer text 2,048, author
  name 256, 6,000 characters across all embeds of a message:
  https://discord.com/developers/docs/resources/message#embed-object-embed-limits
- components: ≤ 5 action rows of ≤ 5 buttons or one select; button label 80, custom_id 100, styles 1-6 (a
  link button needs a url and no custom_id, the others a custom_id); select placeholder 150, ≤ 25 options,
  option label, value and description 100: https://discord.com/developers/docs/components/reference
- attachment description (alt text) 1,024: https://discord.com/developers/docs/resources/message#attachment-object
- thread name 1-100 (also when renamed): https://discord.com/developers/docs/resources/channel#modify-channel
- autocomplete ≤ 25 choices, choice name and string value 1-100; command name 1-32 lowercase, description
  1-100, ≤ 25 options and choices, 8,000 characters per command counting names, descriptions and choice
  values with the longest localization of each:
  https://discord.com/developers/docs/interactions/application-commands#application-command-object
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .commands import MAX_COMMAND_SIZE, choice_problems, command_size, command_size_problems
from .state import walk_components

__all__ = ["MAX_COMMAND_SIZE", "choice_problems", "command_size", "command_size_problems"]

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_STYLE, PREMIUM_STYLE = 5, 6
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FILES = 10
MAX_EMBED_TOTAL = 6000
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
EMBED_NESTED_LIMITS = {("footer", "text"): 2048, ("author", "name"): 256}
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_ATTACHMENT_DESCRIPTION = 1024
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
BUTTON_STYLES = range(1, 7)
MAX_THREAD_NAME = 100


def message_problems(payload: dict[str, Any], file_sizes: list[int], size_limit: int) -> list[str]:
    """Everything Discord would reject in a message create/edit body with these uploaded files."""
    problems: list[str] = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content is {len(content)} characters, more than {MAX_CONTENT}")
    problems += embeds_problems(payload.get("embeds") or [])
    problems += components_problems(payload.get("components") or [], int(payload.get("flags") or 0))
    if int(payload.get("flags") or 0) & IS_COMPONENTS_V2 and (content or payload.get("embeds")):
        problems.append("a components v2 message cannot have content or embeds")
    for entry in payload.get("attachments") or []:
        description = entry.get("description") if isinstance(entry, dict) else None
        if isinstance(description, str) and len(description) > MAX_ATTACHMENT_DESCRIPTION:
            problems.append(
                f"attachment {entry.get('filename')!r} description is {len(description)} characters, "
                f"more than {MAX_ATTACHMENT_DESCRIPTION}"
            )
    if len(file_sizes) > MAX_FILES:
        problems.append(f"{len(file_sizes)} files, more than {MAX_FILES}")
    if sum(file_sizes) > size_limit:
        problems.append(f"files total {sum(file_sizes)} bytes, more than {size_limit}")
    return problems


def embeds_problems(embeds: list[dict[str, Any]]) -> list[str]:
    problems = [f"{len(embeds)} embeds, more than {MAX_EMBEDS}"] if len(embeds) > MAX_EMBEDS else []
    total = 0
    for index, embed in enumerate(embeds):
        for key, limit in EMBED_TEXT_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(f"embed {index} {key} is {len(text)} characters, more than {limit}")
        for (outer, key), limit in EMBED_NESTED_LIMITS.items():
            text = (embed.get(outer) or {}).get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(f"embed {index} {outer} {key} is {len(text)} characters, more than {limit}")
        problems += _fields_problems(index, embed.get("fields") or [])
        total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields") or [])
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds total {total} characters, more than {MAX_EMBED_TOTAL}")
    return problems


def _fields_problems(index: int, fields: list[dict[str, Any]]) -> list[str]:
    problems = [f"embed {index} has {len(fields)} fields, more than 25"] if len(fields) > 25 else []
    for field in fields:
        if not 1 <= len(field.get("name") or "") <= 256:
            problems.append(f"embed {index} field name {field.get('name')!r} must be 1-256 characters")
        if not 1 <= len(field.get("value") or "") <= 1024:
            problems.append(f"embed {index} field {field.get('name')!r} value must be 1-1024 characters")
    return problems


def components_problems(components: list[dict[str, Any]], flags: int) -> list[str]:
    """Layout rules of message components, and unique custom_ids."""
    problems: list[str] = []
    if flags & IS_COMPONENTS_V2:
        count = sum(1 for _ in walk_components(components))
        if count > 40:
            problems.append(f"{count} components, more than 40")
    else:
        problems += _legacy_layout_problems(components)
    for component in walk_components(components):
        problems += _component_problems(component)
    ids = Counter(c["custom_id"] for c in walk_components(components) if "custom_id" in c)
    problems += [f"custom_id {cid!r} is used {n} times in one message" for cid, n in ids.items() if n > 1]
    return problems


def _legacy_layout_problems(components: list[dict[str, Any]]) -> list[str]:
    problems = [f"{len(components)} action rows, more than 5"] if len(components) > 5 else []
    for index, row in enumerate(components):
        children = row.get("components") or []
        if row.get("type") != ACTION_ROW:
            problems.append(f"top-level component {index} is type {row.get('type')}, not an action row")
        elif not 1 <= len(children) <= 5:
            problems.append(f"action row {index} has {len(children)} components, not 1-5")
        elif any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
            problems.append(f"action row {index} holds a select menu and other components")
    return problems


def _component_problems(component: dict[str, Any]) -> list[str]:
    kind = component.get("type")
    if kind == BUTTON:
        return _button_problems(component)
    if kind in SELECT_TYPES:
        return _select_problems(component)
    return _custom_id_problems(component) if "custom_id" in component else []


def _button_problems(button: dict[str, Any]) -> list[str]:
    style = button.get("style")
    problems = [] if style in BUTTON_STYLES else [f"button {button.get('label')!r} has style {style!r}, not 1-6"]
    if style == LINK_STYLE:
        if "url" not in button or "custom_id" in button:
            problems.append(f"link button {button.get('label')!r} needs a url and no custom_id")
    elif style != PREMIUM_STYLE and "custom_id" not in button:
        problems.append(f"button {button.get('label')!r} has no custom_id")
    if len(button.get("label") or "") > 80:
        problems.append(f"button label {button.get('label')!r} is longer than 80 characters")
    if style != PREMIUM_STYLE and not button.get("label") and not button.get("emoji"):
        problems.append(f"button {button.get('custom_id')!r} has neither a label nor an emoji")
    return problems + _custom_id_problems(button)


def _select_problems(select: dict[str, Any]) -> list[str]:
    problems = _custom_id_problems(select)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= 25:
        problems.append(f"select {select.get('custom_id')!r}: min_values {low} / max_values {high} invalid")
    if len(select.get("placeholder") or "") > MAX_PLACEHOLDER:
        problems.append(f"select {select.get('custom_id')!r}: placeholder longer than {MAX_PLACEHOLDER} characters")
    if select.get("type") == STRING_SELECT:
        problems += _select_options_problems(select, high)
    return problems


def _select_options_problems(select: dict[str, Any], max_values: int) -> list[str]:
    options = select.get("options") or []
    where = f"select {select.get('custom_id')!r}"
    problems = [] if 1 <= len(options) <= 25 else [f"{where} has {len(options)} options, not 1-25"]
    if max_values > len(options):
        problems.append(f"{where}: max_values {max_values} is more than its {len(options)} options")
    values = [option.get("value") for option in options]
    if len(set(values)) != len(values):
        problems.append(f"{where}: option values repeat: {values}")
    for option in options:
        if not 1 <= len(option.get("label") or "") <= 100 or not 1 <= len(option.get("value") or "") <= 100:
            problems.append(f"{where}: option {option!r} needs a label and value of 1-100 characters")
        if len(option.get("description") or "") > MAX_OPTION_TEXT:
            problems.append(f"{where}: option {option.get('value')!r} description is longer than {MAX_OPTION_TEXT}")
    return problems


def _custom_id_problems(component: dict[str, Any]) -> list[str]:
    custom_id = component.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= 100:
        return [f"custom_id {custom_id!r} must be 1-100 characters"]
    return []


def autocomplete_problems(choices: Any, option_type: int | None) -> list[str]:
    """Discord's checks on an autocomplete answer (type 8 callback)."""
    if not isinstance(choices, list):
        return [f"choices must be a list, got {choices!r}"]
    problems = [f"{len(choices)} choices, more than 25"] if len(choices) > MAX_AUTOCOMPLETE_CHOICES else []
    for choice in choices:
        name, value = choice.get("name"), choice.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.append(f"choice name {name!r} must be 1-100 characters")
        if option_type == 3 and (not isinstance(value, str) or len(value) > 100):
            problems.append(f"choice value {value!r} must be a string of at most 100 characters")
        if option_type in (4, 10) and (isinstance(value, bool) or not isinstance(value, int | float)):
            problems.append(f"choice value {value!r} must be a number")
    return problems


def modal_problems(modal: dict[str, Any]) -> list[str]:
    """Discord's checks on a modal (type 9 callback)."""
    problems = []
    if not 1 <= len(modal.get("title") or "") <= 45:
        problems.append(f"modal title {modal.get('title')!r} must be 1-45 characters")
    if not 1 <= len(modal.get("custom_id") or "") <= 100:
        problems.append(f"modal custom_id {modal.get('custom_id')!r} must be 1-100 characters")
    if not 1 <= len(modal.get("components") or []) <= 5:
        problems.append("a modal needs 1-5 top-level components")
    return problems


def thread_name_problems(name: object) -> list[str]:
    """A thread's name, when created or renamed (PATCH /channels/{id})."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_THREAD_NAME:
        return [f"thread name {name!r} must be 1-{MAX_THREAD_NAME} characters"]
    return []
