"""HTTP plumbing shared by the REST routes: JSON answers Discord-style, and reading JSON or multipart bodies."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .errors import DiscordError
from .messages import UploadedFile

INVALID_JSON = 50109


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer whose Content-Type is exactly `application/json` (discord.py parses nothing else)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    return web.Response(status=204)


def error_response(error: DiscordError) -> web.Response:
    return json_response(error.body(), status=error.status)


BODY_KEY: web.RequestKey[tuple[Any, list[UploadedFile]]] = web.RequestKey("fakediscord.body", tuple)
TEXT_KEY: web.RequestKey[str] = web.RequestKey("fakediscord.text", str)
"""A JSON request's body as it came (not set for multipart), kept beside ``BODY_KEY``: the spec's key for it."""


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """The JSON payload of a request and its uploaded files (multipart `payload_json` + `files[n]`)."""
    payload, files = await read_any_body(request)
    if not isinstance(payload, dict):
        raise DiscordError(400, INVALID_JSON, "The request body contains invalid JSON.", detail="not an object")
    return payload, files


async def read_any_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """The request's JSON (any JSON value; {} when there is no body) and files, parsed once per request."""
    if BODY_KEY not in request:
        if request.content_type.startswith("multipart/"):
            request[BODY_KEY] = await _read_multipart(request)
        else:
            text = await request.text() if request.body_exists else ""
            request[BODY_KEY] = (_parse_json(text, any_value=True), [])
            if text:
                request[TEXT_KEY] = text
    body: tuple[Any, list[UploadedFile]] = request[BODY_KEY]
    return body


async def _read_multipart(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    payload: dict[str, Any] = {}
    files: list[UploadedFile] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        name = getattr(part, "name", None) or ""
        if name == "payload_json":
            payload = _parse_json(await part.text())  # type: ignore[union-attr]
        elif name.startswith("files[") or name == "file":
            index = int(name[6:-1]) if name.startswith("files[") else 0
            data = bytes(await part.read())  # type: ignore[union-attr]
            files.append(UploadedFile(index=index, filename=part.filename or name, data=data))  # type: ignore[union-attr]
    return payload, files


def _parse_json(text: str, *, any_value: bool = False) -> Any:
    if not text:
        return {}
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        raise DiscordError(400, INVALID_JSON, "The request body contains invalid JSON.", detail=str(error)) from None
    if not any_value and not isinstance(parsed, dict):
        raise DiscordError(400, INVALID_JSON, "The request body contains invalid JSON.", detail=text[:100])
    return parsed


def snowflake(request: web.Request, key: str) -> int:
    """A numeric id from the path; Discord answers 404 for one that is not a number."""
    raw = request.match_info[key]
    if not raw.isdigit():
        raise DiscordError(404, 0, "404: Not Found", detail=f"{key}={raw!r} is not an id")
    return int(raw)
