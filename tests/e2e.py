"""Helpers for end-to-end tests: open a game through slash commands and buttons, find boards and turns."""

from __future__ import annotations

import io
import random
from collections.abc import Awaitable

from PIL import Image

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
    return [m for m in box.fake.messages(thread) if any(a.filename.endswith(".png") for a in m.attachments)]


def menu(message: Message) -> dict | None:
    return next((c for c in walk_components(message.components) if c.get("type") == 3), None)


def user_by_id(box: Sandbox, user_id: int) -> User:
    return next(u for u in box.users.values() if u.id == user_id)


def to_move(box: Sandbox, message: Message) -> User | None:
    """The user a board message pings as next to move."""
    return user_by_id(box, message.mentions[0]) if message.mentions else None


async def press_something(box: Sandbox, message: Message, rng: random.Random, user: User | None = None) -> Interaction:
    """The pinged player (or ``user``, on their own private reply) answers the prompt with one of its buttons
    (never a draft's Cancel) or its menu."""
    user = user or to_move(box, message)
    assert user is not None, message.content
    ids = [i for i in message.button_ids if not i.startswith("bz:drx:")]
    if ids:
        return await box.fake.click(user, message, rng.choice(ids))
    choices = menu(message)
    assert choices is not None, f"no buttons or menu on {message!r}"
    value = rng.choice(choices["options"])["value"]
    return await box.fake.select(user, message, choices["custom_id"], [value])


def replies(it: Interaction) -> list[Message]:
    """The messages the bot answered ``it`` with, in order: its response's own message (an answer, or a deferred
    "thinking…" one its first followup fills in; not the clicked message a button's response updates) and its
    followups."""
    own = [it.message] if it.message is not None and it.response_type in (4, 5) else []
    return [*own, *(m for m in it.followups if m is not it.message)]


def private_replies(it: Interaction) -> list[Message]:
    """``replies`` only its user sees."""
    return [m for m in replies(it) if m.ephemeral]


def private_prompt(it: Interaction) -> Message | None:
    """The private reply of ``it`` that offers its user's next choices (buttons or a menu): a step inside their own
    turn is answered there, with the board as it stands, and nothing is posted in the thread."""
    return next((m for m in reversed(private_replies(it)) if m.button_ids or menu(m)), None)


async def answer(
    box: Sandbox, thread: Channel, prompt: Message, rng: random.Random, user: User | None = None
) -> Message:
    """The player to move answers ``prompt`` (a board pinging them, or their own private reply when ``user`` is
    given); the next prompt: the new board if the answer posted one (the decision passed), else the mover's
    private reply with their next choices."""
    user = user or to_move(box, prompt)
    last = boards(box, thread)[-1]
    it = await press_something(box, prompt, rng, user)
    await it.done()
    if boards(box, thread)[-1].id != last.id:
        return boards(box, thread)[-1]
    reply = private_prompt(it)
    assert reply is not None, f"{user}: no new board and no private choices: {it.content!r}"
    return reply


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


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    """What a PNG shows (its size and RGB pixels), whatever palette order its encoder chose."""
    with Image.open(io.BytesIO(png)) as image:
        return image.size, image.convert("RGB").tobytes()
