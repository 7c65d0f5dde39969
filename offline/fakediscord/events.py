"""Gateway events the world produces when something changes, each filtered by the intent Discord requires."""

from __future__ import annotations

from typing import Any

from .payloads import channel_payload, member_payload, message_payload, role_payload, thread_payload
from .state import Channel, Guild, Message, Role, World

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12


def _message_intent(message: Message) -> int:
    return GUILD_MESSAGES if message.guild_id is not None else DIRECT_MESSAGES


def message_created(world: World, message: Message) -> None:
    if not message.ephemeral:
        data = message_payload(world, message, with_guild=True, with_nonce=True)
        world.events.dispatch("MESSAGE_CREATE", data, _message_intent(message))
    world.touch()


def message_updated(world: World, message: Message) -> None:
    if not message.ephemeral:
        data = message_payload(world, message, with_guild=True)
        world.events.dispatch("MESSAGE_UPDATE", data, _message_intent(message))
    world.touch()


def message_deleted(world: World, message: Message) -> None:
    if not message.ephemeral:
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        world.events.dispatch("MESSAGE_DELETE", data, _message_intent(message))
    world.touch()


def thread_created(world: World, thread: Channel) -> None:
    data = {**thread_payload(world, thread, for_user_id=world.bot_user.id), "newly_created": True}
    world.events.dispatch("THREAD_CREATE", data, GUILDS)
    world.touch()


def thread_updated(world: World, thread: Channel) -> None:
    world.events.dispatch("THREAD_UPDATE", thread_payload(world, thread), GUILDS)
    world.touch()


def channel_created(world: World, channel: Channel) -> None:
    world.events.dispatch("CHANNEL_CREATE", channel_payload(world, channel), GUILDS)
    world.touch()


def member_added(world: World, guild: Guild, user_id: int) -> None:
    data = {**member_payload(world, guild, guild.members[user_id]), "guild_id": str(guild.id)}
    world.events.dispatch("GUILD_MEMBER_ADD", data, GUILD_MEMBERS)
    world.touch()


def role_updated(world: World, guild: Guild, role: Role) -> None:
    world.events.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role_payload(role)}, GUILDS)
    world.touch()
