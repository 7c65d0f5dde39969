"""REST routes for the application: identity, command registration, interaction callbacks and followups.

A callback answers `{"interaction": ..., "resource": ...}` (the shape discord.py 2.7 reads). Discord's
rules are enforced: one callback per interaction, within `World.response_deadline` seconds (3; later:
404 Unknown interaction, 10062), of a type that fits the interaction; followups only after the callback;
the first followup after a deferred ('thinking') response replaces that response, as in Discord; the
token works for `World.token_lifetime` seconds (15 minutes; later: 401 Invalid Webhook Token, 50027).
Time is Discord's clock (`World.now()`). A bot that is slow in real time is a bug (`errors`); an
interaction a test aged or expired is a refusal the bot must handle (`refusals`).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .commands import schema_problems
from .errors import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_COMMAND,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    DiscordError,
    invalid_form,
    invalid_webhook_token,
    missing_permissions,
    unknown,
)
from .events import message_created, message_deleted, message_updated
from .limits import autocomplete_problems, modal_problems
from .messages import check_body, create_message, edit_message
from .payloads import application_payload, message_payload
from .state import EPHEMERAL, LOADING, Interaction, Message, RequestProblem, World
from .wire import TEXT_KEY, json_response, no_content, read_any_body, read_body, snowflake

CHAT_INPUT_COMMAND_MESSAGE = 20
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


class InteractionRoutes:
    """Handlers for /applications, /oauth2, /interactions and /webhooks."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[tuple[str, str, Any]]:
        app_commands = "/applications/{application_id}/commands"
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        webhook_message = "/webhooks/{application_id}/{token}/messages/{message_id}"
        return [
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            ("GET", app_commands, self.list_commands),
            ("PUT", app_commands, self.overwrite_commands),
            ("POST", app_commands, self.upsert_command),
            ("GET", app_commands + "/{command_id}", self.get_command),
            ("PATCH", app_commands + "/{command_id}", self.edit_command),
            ("DELETE", app_commands + "/{command_id}", self.delete_command),
            ("GET", guild_commands, self.list_commands),
            ("PUT", guild_commands, self.overwrite_commands),
            ("POST", guild_commands, self.upsert_command),
            ("GET", guild_commands + "/permissions", self.command_permissions),
            ("GET", guild_commands + "/{command_id}", self.get_command),
            ("PATCH", guild_commands + "/{command_id}", self.edit_command),
            ("DELETE", guild_commands + "/{command_id}", self.delete_command),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{application_id}/{token}", self.followup),
            ("GET", webhook_message, self.get_webhook_message),
            ("PATCH", webhook_message, self.edit_webhook_message),
            ("DELETE", webhook_message, self.delete_webhook_message),
        ]

    # -- application and commands -------------------------------------------------------------------

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        owner = next((u for u in world.users.values() if not u.bot), world.bot_user)
        return json_response(application_payload(world.application_id, world.bot_user, owner))

    def _scope(self, request: web.Request) -> int | None:
        if snowflake(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002, request.match_info["application_id"])
        if "guild_id" not in request.match_info:
            return None
        guild_id = snowflake(request, "guild_id")
        if guild_id not in self.world.guilds:
            raise missing_permissions(f"the bot is not in guild {guild_id}")
        return guild_id

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.list(self._scope(request)))

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_any_body(request) if request.body_exists else ([], [])
        if not isinstance(body, list):
            raise invalid_form(["bulk overwrite takes a list of commands"])
        _check_schemas(body, request.get(TEXT_KEY))
        stored = self.world.commands.replace(scope, body)
        self.world.touch()
        return json_response(stored)

    async def upsert_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await read_body(request)
        _check_schemas([payload])
        stored = self.world.commands.upsert(scope, payload)
        self.world.touch()
        return json_response(stored, status=201)

    def _command(self, request: web.Request) -> tuple[int | None, int]:
        return self._scope(request), snowflake(request, "command_id")

    async def get_command(self, request: web.Request) -> web.Response:
        scope, command_id = self._command(request)
        command = self.world.commands.get(scope, command_id)
        if command is None:
            raise unknown("application command", UNKNOWN_COMMAND, str(command_id))
        return json_response(command)

    async def edit_command(self, request: web.Request) -> web.Response:
        scope, command_id = self._command(request)
        payload, _ = await read_body(request)
        command = self.world.commands.edit(scope, command_id, payload)
        if command is None:
            raise unknown("application command", UNKNOWN_COMMAND, str(command_id))
        _check_schemas([command])
        return json_response(command)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope, command_id = self._command(request)
        if not self.world.commands.delete(scope, command_id):
            raise unknown("application command", UNKNOWN_COMMAND, str(command_id))
        return no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        self._scope(request)
        return json_response([])

    # -- interaction callback -----------------------------------------------------------------------

    def _interaction(self, request: web.Request) -> Interaction:
        interaction = self.world.interactions.get(request.match_info["token"])
        if interaction is None or interaction.id != snowflake(request, "interaction_id"):
            raise unknown("interaction", UNKNOWN_INTERACTION, "no interaction with this id and token")
        if interaction.response_type is not None:
            # After a fault lost Discord's answer to the first callback, a retry meeting this is expected.
            raise DiscordError(
                400,
                ALREADY_ACKNOWLEDGED,
                "Interaction has already been acknowledged.",
                expected=interaction.answer_lost,
            )
        _check_window(self.world, interaction)
        return interaction

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.world.interactions.get(request.match_info["token"])
        try:
            return await self._callback(request)
        except DiscordError as error:
            if interaction is not None:
                interaction.refused_answers.append(f"{error.status} {error.code} {error.message}: {error.detail}")
            raise

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        payload, files = await read_body(request)
        kind = payload.get("type")
        if kind not in ALLOWED_RESPONSES.get(interaction.type, set()):
            raise invalid_form([f"response type {kind!r} does not answer interaction type {interaction.type}"])
        data = payload.get("data") or {}
        resource = self._respond(interaction, kind, data, files)
        interaction.response = payload
        interaction.response_type = kind
        interaction.responded_at = self.world.now()
        self.world.touch()
        answer: dict[str, Any] = {"interaction": _callback_summary(interaction)}
        if "message" in resource:  # the spec's resource is a created or updated message (types 4 and 7)
            answer["resource"] = resource
        return json_response(answer)

    def _respond(self, interaction: Interaction, kind: int, data: dict[str, Any], files: list[Any]) -> dict[str, Any]:
        if kind == MESSAGE:
            check_body(data, files)
            message = self._response_message(interaction, data, files, extra_flags=0)
            return {"type": kind, "message": message_payload(self.world, message)}
        if kind == DEFERRED_MESSAGE:
            self._response_message(interaction, {"flags": data.get("flags")}, [], extra_flags=LOADING)
            return {"type": kind}
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            return self._update(interaction, kind, data, files)
        if kind == AUTOCOMPLETE_RESULT:
            return self._autocomplete(interaction, data)
        return self._modal(interaction, data)

    def _response_message(
        self, interaction: Interaction, data: dict[str, Any], files: list[Any], extra_flags: int
    ) -> Message:
        ephemeral = int(data.get("flags") or 0) & EPHEMERAL
        message_type = CHAT_INPUT_COMMAND_MESSAGE if interaction.type == APPLICATION_COMMAND else 0
        message, problems = create_message(
            self.world,
            channel_id=interaction.channel_id,
            author_id=self.world.bot_user.id,
            payload=data,
            files=files,
            message_type=message_type,
            extra_flags=extra_flags | ephemeral,
            webhook_id=self.world.application_id,
            interaction_id=interaction.id,
        )
        self._record_problems(problems)
        interaction.message = message
        message_created(self.world, message)
        return message

    def _update(self, interaction: Interaction, kind: int, data: dict[str, Any], files: list[Any]) -> dict[str, Any]:
        clicked = interaction.clicked_message
        if clicked is None:
            raise invalid_form([f"response type {kind} needs a message to update (modal not from a button)"])
        interaction.message = clicked
        if kind == DEFERRED_UPDATE:
            return {"type": kind}
        check_body(data, files, editing=True)
        self._record_problems(edit_message(self.world, clicked, data, files))
        message_updated(self.world, clicked)
        return {"type": kind, "message": message_payload(self.world, clicked)}

    def _autocomplete(self, interaction: Interaction, data: dict[str, Any]) -> dict[str, Any]:
        choices = data.get("choices")
        problems = autocomplete_problems(choices, _focused_type(interaction.payload["data"]))
        if problems:
            raise invalid_form(problems)
        interaction.choices = choices
        return {"type": AUTOCOMPLETE_RESULT}

    def _modal(self, interaction: Interaction, data: dict[str, Any]) -> dict[str, Any]:
        problems = modal_problems(data)
        if problems:
            raise invalid_form(problems)
        interaction.modal = data
        return {"type": MODAL}

    def _record_problems(self, problems: list[str]) -> None:
        for problem in problems:
            self.world.record_error(RequestProblem("POST", "interaction response", 200, problem))

    # -- followups (webhook with the interaction token) ---------------------------------------------

    def _answered_interaction(self, request: web.Request) -> Interaction:
        interaction = self.world.interactions.get(request.match_info["token"])
        if snowflake(request, "application_id") != self.world.application_id or interaction is None:
            raise unknown("Webhook", UNKNOWN_WEBHOOK, "no interaction with this token")
        if token_expired(self.world, interaction):
            age = self.world.now() - interaction.dispatched_at
            detail = f"the token of interaction {interaction.id} expired ({age:.0f}s old)"
            raise invalid_webhook_token(detail)
        if interaction.response_type is None:
            raise unknown("Webhook", UNKNOWN_WEBHOOK, "followup before the interaction was answered")
        return interaction

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._answered_interaction(request)
        payload, files = await read_body(request)
        check_body(payload, files)
        original = interaction.message
        if original is not None and original.loading and interaction.response_type == DEFERRED_MESSAGE:
            self._record_problems(edit_message(self.world, original, payload, files))
            message_updated(self.world, original)
            message = original
        else:
            message, problems = create_message(
                self.world,
                channel_id=interaction.channel_id,
                author_id=self.world.bot_user.id,
                payload=payload,
                files=files,
                extra_flags=int(payload.get("flags") or 0) & EPHEMERAL,
                webhook_id=self.world.application_id,
                interaction_id=interaction.id,
            )
            self._record_problems(problems)
            message_created(self.world, message)
        interaction.followups.append(message)
        self.world.touch()
        if request.query.get("wait", "false").lower() in ("false", "0"):
            return no_content()
        return json_response(message_payload(self.world, message))

    def _webhook_message(self, request: web.Request) -> tuple[Interaction, Message]:
        interaction = self._answered_interaction(request)
        raw = request.match_info["message_id"]
        if raw == "@original":
            message = interaction.message
        else:
            wanted = snowflake(request, "message_id")
            candidates = [interaction.message, *interaction.followups]
            message = next((m for m in candidates if m is not None and m.id == wanted), None)
        if message is None:
            raise unknown("Message", UNKNOWN_MESSAGE, f"{raw} of interaction {interaction.id}")
        if message.deleted:
            detail = f"message {message.id} was deleted"
            raise DiscordError(404, UNKNOWN_MESSAGE, "Unknown Message", detail=detail, expected=True)
        return interaction, message

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        return json_response(message_payload(self.world, message))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        payload, files = await read_body(request)
        check_body(payload, files, editing=True)
        self._record_problems(edit_message(self.world, message, payload, files))
        message_updated(self.world, message)
        return json_response(message_payload(self.world, message))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        message.deleted = True
        message_deleted(self.world, message)
        return no_content()


def token_expired(world: World, interaction: Interaction) -> bool:
    """Whether the interaction's token is dead: expired by a test, or older than 15 minutes."""
    return interaction.token_expired or world.now() - interaction.dispatched_at > world.token_lifetime


def _check_window(world: World, interaction: Interaction) -> None:
    """404 Unknown interaction for a callback after the 3-second window (or after the token died).

    Lateness the bot caused in real time is a bug; lateness a test made (clock advanced, interaction
    expired, a `too_late` fault) is a refusal a correct bot handles.
    """
    elapsed = world.now() - interaction.dispatched_at
    deadline = world.response_deadline
    late = deadline is not None and elapsed > deadline
    if not (late or interaction.window_closed or token_expired(world, interaction)):
        return
    real_elapsed = elapsed - (world.clock_advanced - interaction.advanced_before)
    slow = deadline is not None and real_elapsed > deadline
    detail = f"answered {elapsed:.2f}s after the interaction ({real_elapsed:.2f}s in real time)"
    raise DiscordError(404, UNKNOWN_INTERACTION, "Unknown interaction", detail=detail, expected=not slow)


_PASSED: dict[str, None] = {}
"""Bulk overwrites that broke none of Discord's rules for commands, by their text as it came (a bot sends the same
125 kB at every start; the same text is the same commands); the newest ``PASSED_KEPT``."""
PASSED_KEPT = 8


def _check_schemas(commands_body: list[dict[str, Any]], text: str | None = None) -> None:
    if text is not None and text in _PASSED:
        return
    problems = [problem for command in commands_body for problem in schema_problems(command)]
    if problems:
        raise invalid_form(problems)
    if text is not None:
        _PASSED[text] = None
        while len(_PASSED) > PASSED_KEPT:
            del _PASSED[next(iter(_PASSED))]


def _focused_type(data: dict[str, Any]) -> int | None:
    """The type of the focused option in autocomplete data, searching through subcommands."""
    for option in data.get("options") or []:
        if option.get("focused"):
            return option["type"]
        found = _focused_type(option)
        if found is not None:
            return found
    return None


def _callback_summary(interaction: Interaction) -> dict[str, Any]:
    summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
    message = interaction.message
    if message is not None and interaction.response_type in (MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
        summary.update(
            response_message_id=str(message.id),
            response_message_loading=message.loading,
            response_message_ephemeral=message.ephemeral,
        )
    return summary
