"""Component and modal interaction `data`, built from the message (or modal) the user acts on.

A click or a selection is refused (`Refused`) when Discord's client could not produce it: no such
custom_id on the message, a disabled component, a select value that is not offered, too few or too
many values, a button clicked through `select` or the other way round.
"""

from __future__ import annotations

from typing import Any

from .commands import CHANNEL, USER, Refused, Resolver
from .state import Message, walk_components

BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT, CHANNEL_SELECT, LABEL = 2, 3, 4, 5, 8, 18
SELECTS = {3: "string select", 5: "user select", 6: "role select", 7: "mentionable select", 8: "channel select"}


def find_component(components: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    return next((c for c in walk_components(components) if c.get("custom_id") == custom_id), None)


def _interactive_ids(message: Message) -> list[str]:
    return [c["custom_id"] for c in walk_components(message.components) if "custom_id" in c]


def _usable(message: Message, custom_id: str) -> dict[str, Any]:
    if message.deleted:
        raise Refused(f"message {message.id} was deleted")
    component = find_component(message.components, custom_id)
    if component is None:
        raise Refused(f"message {message.id} has no component {custom_id!r}; it has {_interactive_ids(message)}")
    if component.get("disabled"):
        raise Refused(f"component {custom_id!r} on message {message.id} is disabled")
    return component


def button_data(message: Message, custom_id: str) -> dict[str, Any]:
    """The `data` of a click on the button with this custom_id."""
    component = _usable(message, custom_id)
    if component.get("type") != BUTTON:
        raise Refused(f"{custom_id!r} is a {SELECTS.get(component.get('type'), component.get('type'))}, use select")
    return {"custom_id": custom_id, "component_type": BUTTON}


def select_data(message: Message, custom_id: str, values: list[Any], resolve: Resolver) -> dict[str, Any]:
    """The `data` of choosing `values` in the select menu with this custom_id."""
    component = _usable(message, custom_id)
    kind = component.get("type")
    if kind not in SELECTS:
        raise Refused(f"{custom_id!r} is not a select menu (type {kind}), use click")
    _check_count(component, values)
    if kind == STRING_SELECT:
        _check_offered(component, values)
        # A string select carries no `resolved`: discord.py would read its values as empty.
        return {"custom_id": custom_id, "component_type": kind, "values": list(values)}
    if kind not in (USER_SELECT, CHANNEL_SELECT):
        raise Refused(f"{SELECTS[kind]} menus are not supported by the fake")
    return _resolved_select(custom_id, kind, values, resolve)


def _resolved_select(custom_id: str, kind: int, values: list[Any], resolve: Resolver) -> dict[str, Any]:
    option_type = USER if kind == USER_SELECT else CHANNEL
    wire_values, resolved = [], {}
    for value in values:
        wire_value, entries = resolve(option_type, value)
        wire_values.append(wire_value)
        for key, found in entries.items():
            resolved.setdefault(key, {}).update(found)
    return {"custom_id": custom_id, "component_type": kind, "values": wire_values, "resolved": resolved}


def _check_count(component: dict[str, Any], values: list[Any]) -> None:
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise Refused(f"select {component['custom_id']!r} takes {low}..{high} values, got {len(values)}")


def _check_offered(component: dict[str, Any], values: list[Any]) -> None:
    offered = [option["value"] for option in component.get("options") or []]
    missing = [value for value in values if value not in offered]
    if missing:
        raise Refused(f"select {component['custom_id']!r} offers {offered}, not {missing}")


def modal_submit_data(modal: dict[str, Any], answers: dict[str, Any]) -> dict[str, Any]:
    """The `data` of submitting a modal with these answers (custom_id -> text, or list for a select)."""
    fields = {c["custom_id"]: c for c in walk_components(modal.get("components") or []) if "custom_id" in c}
    unknown = sorted(set(answers) - set(fields))
    if unknown:
        raise Refused(f"modal {modal.get('custom_id')!r} has no field {unknown}; it has {sorted(fields)}")
    for custom_id, field in fields.items():
        if field.get("type") == TEXT_INPUT:
            _check_text(field, answers.get(custom_id))
    return {
        "custom_id": modal["custom_id"],
        "components": [_submitted(component, answers) for component in modal.get("components") or []],
    }


def _check_text(field: dict[str, Any], answer: Any) -> None:
    text = answer or ""
    if not isinstance(text, str):
        raise Refused(f"text input {field['custom_id']!r} takes text, got {answer!r}")
    required = field.get("required", True)
    low, high = field.get("min_length", 0), field.get("max_length", 4000)
    if required and not text:
        raise Refused(f"text input {field['custom_id']!r} is required")
    if text and not low <= len(text) <= high:
        raise Refused(f"text input {field['custom_id']!r} takes {low}..{high} characters, got {len(text)}")


def _submitted(component: dict[str, Any], answers: dict[str, Any]) -> dict[str, Any]:
    """One top-level modal component as Discord sends it back: rows and labels keep their shape."""
    kind = component.get("type")
    if kind == 1:
        return {"type": 1, "components": [_submitted(c, answers) for c in component.get("components") or []]}
    if kind == LABEL:
        return {"type": LABEL, "component": _submitted(component["component"], answers)}
    custom_id = component.get("custom_id")
    if kind == TEXT_INPUT:
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": answers.get(custom_id) or ""}
    if kind == STRING_SELECT:
        values = list(answers.get(custom_id) or [])
        _check_offered(component, values)
        return {"type": STRING_SELECT, "custom_id": custom_id, "values": values}
    return {key: value for key, value in component.items() if key in ("type", "id", "custom_id")}
