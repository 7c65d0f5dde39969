"""Helpers for end-to-end tests: open a game through slash commands and buttons, find boards and turns."""

from __future__ import annotations

import random
from collections.abc import Awaitable

from offline.fakediscord.state import Channel, Interaction, Message, User, walk_components
from offline.sandbox import Sandbox

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


async def open_game(
    box: Sandbox, game: str, creator: User, joiners: list[User], options: dict | None = None
) -> tuple[int, Channel]:
    """``/<game> new`` in #games, everyone joins with the lobby button, the creator presses Start."""
    it = await settled(box.fake.slash(creator, box.channel, f"{game} new", options or {}))
    assert not it.ephemeral, it.content
    thread = box.fake.threads(box.channel)[-1]
    lobby = box.fake.messages(thread)[0]
    game_id = int(thread.name.rsplit("#", 1)[1])
    for user in joiners:
        await click_label(box, user, lobby, "Join")
    await click_label(box, creator, box.fake.messages(thread)[0], "Start")
    return game_id, thread


async def settled(sent: Awaitable[Interaction]) -> Interaction:
    """The interaction once the bot has finished with it (a deferred answer's followups included)."""
    interaction = await sent
    await interaction.done()
    return interaction


def button(message: Message, label: str) -> str:
    for component in walk_components(message.components):
        if component.get("type") == 2 and component.get("label") == label:
            return component["custom_id"]
    raise AssertionError(f"no button {label!r} on {message!r}")


async def click_label(box: Sandbox, user: User, message: Message, label: str) -> Interaction:
    it = await box.fake.click(user, message, button(message, label))
    await it.done()
    return it


def boards(box: Sandbox, thread: Channel) -> list[Message]:
    """The messages of a thread that carry a board image."""
    return [m for m in box.fake.messages(thread) if any(name.endswith(".png") for name, _ in m.files)]


def menu(message: Message) -> dict | None:
    return next((c for c in walk_components(message.components) if c.get("type") == 3), None)


def user_by_id(box: Sandbox, user_id: int) -> User:
    return next(u for u in box.users.values() if u.id == user_id)


def to_move(box: Sandbox, message: Message) -> User | None:
    """The user a board message pings as next to move."""
    return user_by_id(box, message.mentions[0]) if message.mentions else None


async def press_something(box: Sandbox, message: Message, rng: random.Random) -> Interaction:
    """The pinged player answers the prompt with one of its buttons or its menu."""
    user = to_move(box, message)
    assert user is not None, message.content
    ids = message.button_ids
    if ids:
        return await box.fake.click(user, message, rng.choice(ids))
    choices = menu(message)
    assert choices is not None, f"no buttons or menu on {message!r}"
    value = rng.choice(choices["options"])["value"]
    return await box.fake.select(user, message, choices["custom_id"], [value])


async def resign(box: Sandbox, user: User, thread: Channel, game: str, replace: bool = False) -> Interaction:
    """``/<game> resign`` (with ``replace_with_computer``), confirmed with the private question's button."""
    options = {"replace_with_computer": True} if replace else {}
    asked = await settled(box.fake.slash(user, thread, f"{game} resign", options))
    question = asked.followups[0] if asked.followups else asked.message
    assert asked.ephemeral and question is not None and len(question.button_ids) == 2, asked
    return await click_label(box, user, question, confirm_label(question))


def confirm_label(message: Message) -> str:
    """The label of a confirmation's first button (Resign / Hand my seat to a computer)."""
    first = next(c for c in walk_components(message.components) if c.get("type") == 2)
    return str(first["label"])
