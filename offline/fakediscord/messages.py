"""Creating and editing messages from request bodies, as Discord does it.

Handles uploaded files (multipart `files[n]` matched to `attachments` entries), embeds that show an
uploaded image through `attachment://<filename>`, mentions filtered by `allowed_mentions`, and the
400 answers for empty or oversized bodies.
"""

from __future__ import annotations

import copy
import mimetypes
import re
import struct
from dataclasses import dataclass
from typing import Any

from .errors import empty_message, invalid_form
from .limits import IS_COMPONENTS_V2, message_problems
from .payloads import ATTACHMENT_SIZE_LIMIT, attachment_url
from .state import LOADING, Attachment, Message, World, iso_now, walk_components

MENTION = re.compile(r"<@!?([0-9]{15,20})>")
ROLE_MENTION = re.compile(r"<@&([0-9]{15,20})>")
EVERYONE = re.compile(r"@(everyone|here)\b")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


@dataclass
class UploadedFile:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes


def check_body(payload: dict[str, Any], files: list[UploadedFile], *, editing: bool = False) -> None:
    """Raise Discord's 400 for a body it would refuse."""
    problems = message_problems(payload, [len(f.data) for f in files], ATTACHMENT_SIZE_LIMIT)
    if problems:
        raise invalid_form(problems)
    if not editing and _is_empty(payload, files):
        raise empty_message()


def _is_empty(payload: dict[str, Any], files: list[UploadedFile]) -> bool:
    keys = ("content", "embeds", "components", "sticker_ids", "poll")
    return not files and not any(payload.get(key) for key in keys)


def create_message(
    world: World,
    *,
    channel_id: int,
    author_id: int,
    payload: dict[str, Any],
    files: list[UploadedFile],
    message_type: int = 0,
    extra_flags: int = 0,
    webhook_id: int | None = None,
    interaction_id: int | None = None,
) -> tuple[Message, list[str]]:
    """A new message from a create body; also returns problems worth recording (broken image links)."""
    channel = world.channels[channel_id]
    message = Message(
        id=world.snowflakes.next(),
        channel_id=channel_id,
        author_id=author_id,
        created=world.next_created(),
        type=message_type,
        guild_id=channel.guild_id,
        flags=(int(payload.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags,
        webhook_id=webhook_id,
        interaction_id=interaction_id,
        tts=bool(payload.get("tts")),
        nonce=payload.get("nonce"),
        message_reference=payload.get("message_reference"),
    )
    message.attachments = _attachments(world, payload, files, kept=[])
    message.components = with_component_ids(payload.get("components") or [])
    message.allowed_mentions = payload.get("allowed_mentions")
    problems = _set_text(world, message, payload)
    problems += _notify(message)
    world.add_message(message)
    _count_in_channel(world, message)
    return message, problems


def edit_message(world: World, message: Message, payload: dict[str, Any], files: list[UploadedFile]) -> list[str]:
    """Apply an edit body to a message in place; returns problems worth recording."""
    if "attachments" in payload or files:
        kept = _kept_attachments(message, payload)
        message.attachments = _attachments(world, payload, files, kept=kept)
    if "components" in payload:
        message.components = with_component_ids(payload["components"] or [])
    if "allowed_mentions" in payload:
        message.allowed_mentions = payload["allowed_mentions"]
    if "flags" in payload and payload["flags"] is not None:
        message.flags = (message.flags & ~SETTABLE_FLAGS) | (int(payload["flags"]) & SETTABLE_FLAGS)
    was_loading = message.loading
    message.flags &= ~LOADING
    merged = {
        "content": payload.get("content", message.content),
        "embeds": payload.get("embeds", message.embeds),
    }
    problems = _set_text(world, message, merged)
    if was_loading:  # the deferred 'thinking' message gets its first content: the message is sent now
        problems += _notify(message)
    else:
        message.edited_timestamp = iso_now()
    message.edits += 1
    return problems


def _set_text(world: World, message: Message, payload: dict[str, Any]) -> list[str]:
    message.content = payload.get("content") or ""
    message.mentions = pinged_users(world, message.content, message.allowed_mentions)
    message.embeds, problems = _embeds_with_attachment_urls(message, payload.get("embeds") or [])
    return problems


def _notify(message: Message) -> list[str]:
    """Who a new message notifies: the users it pings (none with @silent); and the mass or role pings its
    `allowed_mentions` would let through, which a bot must never send (problems to record)."""
    message.notified = [] if message.flags & SUPPRESS_NOTIFICATIONS else list(message.mentions)
    return mention_problems(message.content, message.allowed_mentions)


def mention_problems(content: str, allowed_mentions: dict[str, Any] | None) -> list[str]:
    """@everyone, @here and role mentions in `content` that `allowed_mentions` would let ping.

    Without `allowed_mentions` Discord parses everything (`parse: ["users", "roles", "everyone"]`).
    """
    allowed = allowed_mentions if allowed_mentions is not None else {"parse": ["users", "roles", "everyone"]}
    parse = allowed.get("parse") or []
    problems = []
    if "everyone" in parse:
        problems += [f"the message pings @{who}: its allowed_mentions let it" for who in EVERYONE.findall(content)]
    listed_roles = {str(role) for role in allowed.get("roles") or []}
    for role in ROLE_MENTION.findall(content):
        if "roles" in parse or role in listed_roles:
            problems.append(f"the message pings role <@&{role}>: its allowed_mentions let it")
    return problems


def pinged_users(world: World, content: str, allowed_mentions: dict[str, Any] | None) -> list[int]:
    """Users a message pings: `<@id>` of known users, as far as `allowed_mentions` allows."""
    in_content = [int(found) for found in MENTION.findall(content)]
    known = [user_id for user_id in dict.fromkeys(in_content) if user_id in world.users]
    if allowed_mentions is None or "users" in (allowed_mentions.get("parse") or []):
        return known
    listed = {int(user_id) for user_id in allowed_mentions.get("users") or []}
    return [user_id for user_id in known if user_id in listed]


def with_component_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The components as Discord stores them: each with a numeric `id` (1, 2, ... in tree order where none was
    given), emoji without null fields."""
    stored = copy.deepcopy(list(components))
    taken = {c["id"] for c in walk_components(stored) if isinstance(c.get("id"), int)}
    next_id = 1
    for component in walk_components(stored):
        for holder in [component, *(component.get("options") or [])]:
            _store_emoji(holder)
        if "id" not in component or component["id"] is None:
            while next_id in taken:
                next_id += 1
            component["id"] = next_id
            taken.add(next_id)
    return stored


def _store_emoji(holder: dict[str, Any]) -> None:
    """A unicode emoji is stored as `{"name": "🎲"}`: Discord drops the `id: null` and `animated: false` sent."""
    emoji = holder.get("emoji")
    if isinstance(emoji, dict):
        holder["emoji"] = {
            key: value for key, value in emoji.items() if value is not None and not (key == "animated" and not value)
        }


def _kept_attachments(message: Message, payload: dict[str, Any]) -> list[Attachment]:
    if "attachments" not in payload:
        return list(message.attachments)
    wanted = {_as_int(entry.get("id")) for entry in payload["attachments"] or []}
    return [attachment for attachment in message.attachments if attachment.id in wanted]


def _attachments(
    world: World, payload: dict[str, Any], files: list[UploadedFile], kept: list[Attachment]
) -> list[Attachment]:
    """Kept attachments plus the uploaded files, named as the `attachments` entries say."""
    entries = {_as_int(entry.get("id")): entry for entry in payload.get("attachments") or []}
    new = []
    for upload in files:
        entry = entries.get(upload.index, {})
        if payload.get("attachments") is not None and upload.index not in entries:
            continue
        new.append(_attachment(world, entry.get("filename") or upload.filename, upload.data, entry))
    return kept + new


def _attachment(world: World, filename: str, data: bytes, entry: dict[str, Any]) -> Attachment:
    content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    attachment = Attachment(
        id=world.snowflakes.next(),
        filename=filename,
        data=data,
        content_type=content_type,
        description=entry.get("description"),
    )
    size = png_size(data)
    if size is not None:
        attachment.width, attachment.height = size
    return attachment


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG image, or None when the bytes are not a PNG."""
    if not data.startswith(PNG_SIGNATURE) or len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _embeds_with_attachment_urls(
    message: Message, embeds: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """Embeds as Discord stores them: `attachment://name` images become the uploaded file's CDN url."""
    by_name = {attachment.filename: attachment for attachment in message.attachments}
    problems: list[str] = []
    stored = []
    for embed in embeds:
        embed = {"type": "rich", **embed}
        for key in ("image", "thumbnail"):
            media = embed.get(key)
            if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
                embed[key], problem = _linked_media(message, media, by_name)
                problems += problem
        stored.append(embed)
    return stored, problems


def _linked_media(
    message: Message, media: dict[str, Any], by_name: dict[str, Attachment]
) -> tuple[dict[str, Any], list[str]]:
    filename = media["url"].removeprefix("attachment://")
    attachment = by_name.get(filename)
    if attachment is None:
        return media, [f"embed shows attachment://{filename}, but the message has no such file: {list(by_name)}"]
    url = attachment_url(message.channel_id, attachment)
    linked = {**media, "url": url, "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net")}
    if attachment.width is not None:
        linked.update(width=attachment.width, height=attachment.height)
    return linked, []


def _count_in_channel(world: World, message: Message) -> None:
    channel = world.channels[message.channel_id]
    channel.last_message_id = message.id
    if channel.is_thread:
        channel.message_count += 1
        channel.total_message_sent += 1


def _as_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
