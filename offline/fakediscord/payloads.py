"""Discord JSON for the fake's records: users, members, roles, channels, guilds, messages, interactions.

Each builder returns what Discord's API v10 sends for that object, with the fields discord.py reads.
"""

from __future__ import annotations

from typing import Any

from .state import Attachment, Channel, ChannelType, Guild, Member, Message, Role, User, World

CDN = "https://cdn.discordapp.com"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
INTERACTION_VERSION = 1


def me_payload(user: User) -> dict[str, Any]:
    """The bot's own user (GET /users/@me, READY): the user plus the fields only its owner sees."""
    return {**user_payload(user), "verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}


def user_payload(user: User) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(user.id),
        "username": user.name,
        "global_name": None if user.bot else user.name.capitalize(),
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
    }
    if user.bot:
        payload["bot"] = True
    return payload


def member_payload(
    world: World, guild: Guild, member: Member, *, with_user: bool = True, with_permissions: bool = False
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "roles": [str(role_id) for role_id in member.role_ids],
        "joined_at": member.joined_at,
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user_payload(world.users[member.user_id])
    if with_permissions:
        payload["permissions"] = str(world.member_permissions(guild, member.user_id))
    return payload


def role_payload(role: Role) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }
    if role.managed:
        payload["tags"] = {"bot_id": str(role.bot_id)} if role.bot_id is not None else {}
    return payload


def channel_payload(world: World, channel: Channel) -> dict[str, Any]:
    """The channel object of a text channel, thread or DM."""
    if channel.type == ChannelType.DM:
        return _dm_payload(world, channel)
    if channel.is_thread:
        return thread_payload(world, channel)
    return {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [],
        "parent_id": None,
        "topic": channel.topic,
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": _optional_id(channel.last_message_id),
        "default_auto_archive_duration": 1440,
        "default_thread_rate_limit_per_user": 0,
        "flags": 0,
        "last_pin_timestamp": None,
    }


def thread_payload(world: World, thread: Channel, *, for_user_id: int | None = None) -> dict[str, Any]:
    metadata: dict[str, Any] = {
        "archived": thread.archived,
        "auto_archive_duration": thread.auto_archive_duration,
        "archive_timestamp": thread.archive_timestamp,
        "locked": thread.locked,
        "create_timestamp": thread.created_timestamp,
    }
    if thread.type == ChannelType.PRIVATE_THREAD:
        metadata["invitable"] = thread.invitable
    payload: dict[str, Any] = {
        "id": str(thread.id),
        "type": thread.type,
        "guild_id": str(thread.guild_id),
        "parent_id": str(thread.parent_id),
        "owner_id": str(thread.owner_id),
        "name": thread.name,
        "last_message_id": _optional_id(thread.last_message_id),
        "message_count": thread.message_count,
        "member_count": min(len(thread.member_ids), 50),
        "total_message_sent": thread.total_message_sent,
        "rate_limit_per_user": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": metadata,
    }
    if for_user_id is not None and for_user_id in thread.member_ids:
        payload["member"] = thread_member_payload(thread, for_user_id)
    return payload


def thread_member_payload(thread: Channel, user_id: int) -> dict[str, Any]:
    return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": thread.created_timestamp, "flags": 1}


def _dm_payload(world: World, channel: Channel) -> dict[str, Any]:
    recipient = world.users[channel.recipient_id] if channel.recipient_id is not None else None
    return {
        "id": str(channel.id),
        "type": ChannelType.DM,
        "last_message_id": _optional_id(channel.last_message_id),
        "flags": 0,
        "recipients": [user_payload(recipient)] if recipient else [],
    }


def interaction_channel_payload(world: World, channel: Channel, user_id: int) -> dict[str, Any]:
    """The `channel` object of an interaction: the channel (or thread) plus the user's permissions there."""
    payload = channel_payload(world, channel)
    guild = world.guild_of(channel)
    if guild is not None:
        payload["permissions"] = str(world.member_permissions(guild, user_id))
    return payload


def guild_create_payload(
    world: World, guild: Guild, bot_user_id: int, *, all_members: bool, joined: bool = False
) -> dict[str, Any]:
    """A GUILD_CREATE payload: the guild with its roles, channels and active threads.

    Without the privileged GUILD_MEMBERS intent Discord lists only the bot itself among the members, so
    a bot cannot rely on its member cache; with it, every member is listed. A guild listed in READY
    arrives with `unavailable: false`; a guild the bot `joined` later has no `unavailable` key (which is
    how discord.py tells `on_guild_join` from `on_guild_available`).
    """
    channels = [world.channels[channel_id] for channel_id in guild.channel_ids]
    members = [m for m in guild.members.values() if all_members or m.user_id == bot_user_id]
    threads = [thread for channel in channels for thread in world.threads_of(channel.id) if not thread.archived]
    availability = {} if joined else {"unavailable": False}
    return {
        **guild_payload(guild),
        "joined_at": guild.members[bot_user_id].joined_at,
        "large": False,
        **availability,
        "member_count": len(guild.members),
        "members": [member_payload(world, guild, member) for member in members],
        "channels": [_without_guild_id(channel_payload(world, channel)) for channel in channels],
        "threads": [thread_payload(world, thread, for_user_id=bot_user_id) for thread in threads],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
        "activity_instances": [],
        "application_command_counts": {},
    }


def guild_payload(guild: Guild) -> dict[str, Any]:
    """The guild object of GET /guilds/{id}."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "home_header": None,
        "owner_id": str(guild.owner_id),
        "region": "deprecated",
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role_payload(role) for role in guild.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": "en-US",
        "nsfw": False,
        "nsfw_level": 0,
        "incidents_data": None,
        "widget_enabled": False,
        "widget_channel_id": None,
        "max_presences": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
    }


def attachment_payload(message: Message, attachment: Attachment) -> dict[str, Any]:
    url = attachment_url(message.channel_id, attachment)
    payload: dict[str, Any] = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": len(attachment.data),
        "url": url,
        "proxy_url": url.replace(CDN, "https://media.discordapp.net"),
        "content_type": attachment.content_type,
    }
    if attachment.width is not None:
        payload.update(width=attachment.width, height=attachment.height)
    if attachment.description is not None:
        payload["description"] = attachment.description
    return payload


def attachment_url(channel_id: int, attachment: Attachment) -> str:
    return f"{CDN}/attachments/{channel_id}/{attachment.id}/{attachment.filename}"


def message_payload(
    world: World, message: Message, *, with_guild: bool = False, with_nonce: bool = False
) -> dict[str, Any]:
    """A message object; `with_guild` adds guild_id and the author's member (as gateway events carry).

    `with_nonce` adds the nonce it was sent with: Discord echoes it only in the answer to the post and in
    MESSAGE_CREATE, never when the message is fetched later.
    """
    author = world.users[message.author_id]
    payload: dict[str, Any] = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "type": message.type,
        "author": user_payload(author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": message.tts,
        "mention_everyone": False,
        "mentions": [user_payload(world.users[user_id]) for user_id in message.mentions],
        "mention_roles": [],
        "attachments": [attachment_payload(message, attachment) for attachment in message.attachments],
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "flags": message.flags,
    }
    _add_message_extras(world, message, payload)
    if with_nonce and message.nonce is not None:
        payload["nonce"] = message.nonce
    if with_guild and message.guild_id is not None:
        guild = world.guilds[message.guild_id]
        payload["guild_id"] = str(message.guild_id)
        if message.author_id in guild.members:
            payload["member"] = member_payload(world, guild, guild.members[message.author_id], with_user=False)
    return payload


def _add_message_extras(world: World, message: Message, payload: dict[str, Any]) -> None:
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
        payload["application_id"] = str(message.webhook_id)
    metadata = _interaction_metadata(world, message.interaction_id)
    if metadata is not None:
        payload["interaction_metadata"] = metadata
    if message.message_reference is not None:
        payload["message_reference"] = message.message_reference
    if message.reactions:
        payload["reactions"] = [_reaction_payload(emoji) for emoji in dict.fromkeys(message.reactions)]
    channel = world.channels.get(message.channel_id)
    if channel is not None and channel.is_thread:
        payload["position"] = channel.total_message_sent
    if message.thread_id is not None and message.thread_id in world.channels:
        payload["thread"] = thread_payload(world, world.channels[message.thread_id])


def _reaction_payload(emoji: str) -> dict[str, Any]:
    name, _, emoji_id = emoji.partition(":")
    return {
        "count": 1,
        "count_details": {"burst": 0, "normal": 1},
        "me": True,
        "me_burst": False,
        "burst_colors": [],
        "emoji": {"id": emoji_id or None, "name": name},
    }


def _interaction_metadata(world: World, interaction_id: int | None) -> dict[str, Any] | None:
    interaction = world.interaction_with_id(interaction_id)
    if interaction is None:
        return None
    metadata: dict[str, Any] = {
        "id": str(interaction.id),
        "type": interaction.type,
        "user": user_payload(world.users[interaction.user_id]),
        "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
    }
    if interaction.clicked_message is not None and interaction.type == 3:
        metadata["interacted_message_id"] = str(interaction.clicked_message.id)
    if interaction.type == 5:  # a modal submit names the interaction that opened the modal
        metadata["triggering_interaction_metadata"] = _triggering_metadata(world, interaction)
    return metadata


def _triggering_metadata(world: World, interaction: Any) -> dict[str, Any]:
    """The command or component interaction that opened a modal (the newest answered with one before it)."""
    opener = next(
        (
            other
            for other in sorted(world.interactions.values(), key=lambda i: -i.id)
            if other.id < interaction.id and other.modal is not None and other.user_id == interaction.user_id
        ),
        None,
    )
    owners = interaction.payload.get("authorizing_integration_owners", {})
    if opener is None:
        return {"id": str(interaction.id), "type": 2, "authorizing_integration_owners": owners}
    found: dict[str, Any] = {"id": str(opener.id), "type": opener.type, "authorizing_integration_owners": owners}
    found["user"] = user_payload(world.users[opener.user_id])
    if opener.type == 3 and opener.clicked_message is not None:
        found["interacted_message_id"] = str(opener.clicked_message.id)
    return found


def interaction_base(
    world: World,
    *,
    interaction_id: int,
    token: str,
    type_: int,
    application_id: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    bot_user_id: int,
) -> dict[str, Any]:
    """The fields every interaction carries, for a guild channel, thread or DM."""
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": type_,
        "token": token,
        "version": INTERACTION_VERSION,
        "data": data,
        "channel": interaction_channel_payload(world, channel, user.id),
        "channel_id": str(channel.id),
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    guild = world.guild_of(channel)
    if guild is None:
        payload.update(user=user_payload(user), context=1, authorizing_integration_owners={"0": str(user.id)})
        payload["app_permissions"] = str(world.bot_permissions)
        return payload
    member = member_payload(world, guild, guild.members[user.id], with_permissions=True)
    payload.update(
        guild_id=str(guild.id),
        guild={"id": str(guild.id), "locale": guild.locale, "features": []},
        guild_locale=guild.locale,
        member=member,
        context=0,
        authorizing_integration_owners={"0": str(guild.id)},
        app_permissions=str(world.member_permissions(guild, bot_user_id)),
    )
    return payload


def _optional_id(value: int | None) -> str | None:
    return None if value is None else str(value)


def _without_guild_id(payload: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in payload.items() if key != "guild_id"}


def ready_payload(
    world: World,
    bot_user: User,
    application_id: int,
    guilds: list[Guild],
    session_id: str,
    resume_url: str,
    shard: list[int] | None,
) -> dict[str, Any]:
    """The READY event: the bot's identity and its guilds, all unavailable until their GUILD_CREATE."""
    payload: dict[str, Any] = {
        "v": 10,
        "user": me_payload(bot_user),
        "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "application": {"id": str(application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["fake"],
        "user_settings": {},
        "auth": {},
        "_trace": ['["fake-discord-gateway"]'],
    }
    if shard is not None:
        payload["shard"] = shard
    return payload


def application_payload(application_id: int, bot_user: User, owner: User) -> dict[str, Any]:
    """GET /oauth2/applications/@me."""
    return {
        "id": str(application_id),
        "name": bot_user.name,
        "icon": None,
        "description": "Fake Discord application",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "flags_new": "0",
        "hook": True,
        "is_monetized": False,
        "owner": user_payload(owner),
        "team": None,
        "bot": user_payload(bot_user),
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "redirect_uris": [],
        "tags": [],
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": ["bot", "applications.commands"],
    }
