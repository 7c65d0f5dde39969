"""Discord permission bits the fake needs, and the default permission sets of its guilds.

Discord sends permissions as decimal strings of a bit field; these constants are the bits of that field
(https://discord.com/developers/docs/topics/permissions).
"""

from __future__ import annotations

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
SEND_POLLS = 1 << 49
USE_EXTERNAL_APPS = 1 << 50

# Every permission Discord defines (API v10, 2025): what an owner or administrator gets.
ALL = 8866461766385663

# What @everyone may do in a freshly created guild.
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | SEND_POLLS
    | USE_EXTERNAL_APPS
)

# What the bot's own managed role grants: what a board-game bot's invite link asks for.
BOT_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | MANAGE_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
)


def effective(role_permissions: list[int], is_owner: bool) -> int:
    """Guild-level permissions of a member holding roles with these permissions (no channel overwrites)."""
    if is_owner:
        return ALL
    combined = 0
    for bits in role_permissions:
        combined |= bits
    return ALL if combined & ADMINISTRATOR else combined


def has(permissions: int, bit: int) -> bool:
    """Whether a permission bit field grants one permission."""
    return permissions & bit == bit
