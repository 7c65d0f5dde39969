"""Discord's error answers (status, JSON code and message) as an exception the server turns into a response.

`expected` marks refusals a correct bot must be ready for (missing permissions, an archived thread, DMs
closed): the fake records those in `refusals`. Every other error is a bug in the bot and lands in `errors`.
"""

from __future__ import annotations

from typing import Any


class DiscordError(Exception):
    """An error response exactly as Discord would send it."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        detail: str = "",
        expected: bool = False,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}: {detail}".rstrip(": "))
        self.status = status
        self.code = code
        self.message = message
        self.detail = detail or message
        self.expected = expected
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form(problems: list[str]) -> DiscordError:
    """400 Invalid Form Body listing what is wrong."""
    errors = {
        str(index): {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p}]} for index, p in enumerate(problems)
    }
    return DiscordError(400, 50035, "Invalid Form Body", detail="; ".join(problems), errors=errors)


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def missing_permissions(detail: str) -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions", detail=detail, expected=True)


def archived_thread(detail: str) -> DiscordError:
    return DiscordError(400, 50083, "Thread is archived", detail=detail, expected=True)


def invalid_webhook_token(detail: str) -> DiscordError:
    """401 for an interaction token older than 15 minutes (followups, edits of the response)."""
    return DiscordError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token", detail=detail, expected=True)


def unknown(kind: str, code: int, detail: str = "") -> DiscordError:
    """404 for an id Discord does not know (Unknown Channel, Unknown Message, ...)."""
    return DiscordError(404, code, f"Unknown {kind}", detail=detail)


UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_DM = 50007
INVALID_WEBHOOK_TOKEN = 50027
