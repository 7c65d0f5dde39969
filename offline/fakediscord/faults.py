"""Faults a test injects into chosen REST calls, so the bot meets Discord's failures for real.

    games_posts = fake.faults.rate_limit(SEND_MESSAGE, retry_after=0.05, channel=games)
    fake.faults.server_error(FOLLOWUP, status=502, nth=2)    # the second followup gets a 502
    fake.faults.drop(SEND_MESSAGE, applied=True)             # the message is created, the answer is lost
    fake.faults.delay(CALLBACK, 0.5, times=None)             # a slow Discord, every callback
    fake.faults.too_late(CALLBACK)                           # the callback arrives after the 3-second window
    fake.faults.served                                       # every fault served, in order

Kinds, as discord.py meets them on the wire (`failures` builds the answers):
- `rate_limit`: 429 with Discord's body and headers (`Retry-After`, `X-RateLimit-*`, `Via`); discord.py
  sleeps `retry_after` and retries, or raises `RateLimited` above its `max_ratelimit_timeout`.
- `server_error`: 500 (JSON), 502/504 (Cloudflare HTML) or 503 (Envoy's plain text). discord.py retries
  500/502/504 after 1, 3, 5, 7, 9 seconds and raises `DiscordServerError` on 503 (webhooks and interaction
  callbacks retry every 5xx).
- `drop`: the TCP connection is closed without an answer (aiohttp's `ServerDisconnectedError` in the bot).
- `delay`: the answer comes `seconds` late (a slow Discord); other faults still apply.
- `too_late`: an interaction callback arrives after its 3-second window (404 Unknown interaction, 10062),
  or a webhook call with the interaction token after its 15 minutes (401 Invalid Webhook Token, 50027).

`applied=True` (for `server_error`, `drop` and `delay`) lets the request take effect first, then fails or
delays the answer: the message exists but the bot never learns it, which is what nonces are for.

A fault matches a call by route pattern or by a predicate over the `Call`, optionally narrowed to a
channel (the path's channel, or the interaction's channel for callbacks and webhooks) or a guild. A
pattern is `"METHOD /path"`: `{name}` or `*` stands for one path segment, a final `**` for any rest,
and the method may be `*`; paths are written without `/api/v10`. The fault fires on the `nth` matching
call (counting from 1) and on the matching calls after it until it has fired `times` times (None:
forever). Delays and `too_late` combine with one failing fault; of several failing faults due on one
call the first added fires and the others wait for the next matching call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .state import Channel, Guild, Interaction

RATE_LIMIT, SERVER_ERROR, DROP, DELAY, TOO_LATE = "rate_limit", "server_error", "drop", "delay", "too_late"
KINDS = (RATE_LIMIT, SERVER_ERROR, DROP, DELAY, TOO_LATE)
FAILING = (RATE_LIMIT, SERVER_ERROR, DROP)
RATE_LIMIT_SCOPES = ("user", "global", "shared")

SEND_MESSAGE = "POST /channels/{channel_id}/messages"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETE_MESSAGE = "DELETE /channels/{channel_id}/messages/{message_id}"
GET_MESSAGES = "GET /channels/{channel_id}/messages"
EDIT_CHANNEL = "PATCH /channels/{channel_id}"
START_THREAD = "POST /channels/{channel_id}/threads"
START_THREAD_FROM_MESSAGE = "POST /channels/{channel_id}/messages/{message_id}/threads"
JOIN_THREAD = "PUT /channels/{channel_id}/thread-members/{user_id}"
OPEN_DM = "POST /users/@me/channels"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
FOLLOWUP = "POST /webhooks/{application_id}/{token}"
EDIT_FOLLOWUP = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
INTERACTION_ROUTES = "* /interactions/**"
WEBHOOK_ROUTES = "* /webhooks/**"


@dataclass(frozen=True)
class Call:
    """One REST call as faults see it: `path` without `/api/v10`, the route's named segments in `params`.

    `interaction` is the interaction whose token the call carries (callbacks and webhooks); `body` the
    JSON body (None for multipart uploads and bodyless calls).
    """

    method: str
    path: str
    params: dict[str, str] = field(default_factory=dict)
    channel_id: int | None = None
    guild_id: int | None = None
    interaction: Interaction | None = None
    body: dict[str, Any] | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


CallPredicate = Callable[[Call], bool]


@dataclass(eq=False)
class Fault:
    """One injected fault and how often it matched (`calls`) and fired (`served`)."""

    kind: str
    pattern: str | None
    predicate: CallPredicate | None = None
    channel_id: int | None = None
    guild_id: int | None = None
    nth: int = 1
    times: int | None = 1
    status: int = 0
    retry_after: float = 0.0
    is_global: bool = False
    scope: str = "user"
    seconds: float = 0.0
    applied: bool = False
    calls: int = 0
    served: int = 0

    @property
    def spent(self) -> bool:
        """Whether the fault has fired as many times as it was asked to."""
        return self.times is not None and self.served >= self.times

    def matches(self, call: Call) -> bool:
        """Whether the call is one this fault watches (pattern or predicate, channel, guild)."""
        if self.kind == TOO_LATE and call.interaction is None:
            return False
        if self.channel_id is not None and call.channel_id != self.channel_id:
            return False
        if self.guild_id is not None and call.guild_id != self.guild_id:
            return False
        if self.pattern is not None and not route_matches(self.pattern, call.method, call.path):
            return False
        return self.predicate is None or self.predicate(call)

    def due(self) -> bool:
        """Whether the latest matching call is one this fault fires on."""
        return self.calls >= self.nth and not self.spent

    def describe(self) -> str:
        where = self.pattern or getattr(self.predicate, "__name__", "predicate")
        if self.kind == RATE_LIMIT:
            return f"429 retry_after={self.retry_after} global={self.is_global} on {where}"
        if self.kind == SERVER_ERROR:
            return f"{self.status} on {where}"
        if self.kind == DELAY:
            return f"delay {self.seconds}s on {where}"
        return f"{self.kind} on {where}"


@dataclass(frozen=True)
class Served:
    """A fault served to one call, at `at` on Discord's clock; `outcome` is "429", "500", "drop", ..."""

    fault: Fault
    call: Call
    outcome: str
    at: float

    def __str__(self) -> str:
        return f"{self.call} -> {self.outcome}"


def route_matches(pattern: str, method: str, path: str) -> bool:
    """Whether `METHOD /path` fits a pattern such as `POST /channels/{id}/messages` or `* /webhooks/**`."""
    wanted_method, _, wanted_path = pattern.strip().partition(" ")
    if not wanted_path:
        wanted_method, wanted_path = "*", wanted_method
    if wanted_method not in ("*", method.upper()):
        return False
    wanted = wanted_path.strip("/").split("/")
    actual = path.strip("/").split("/")
    if wanted and wanted[-1] == "**":
        wanted = wanted[:-1]
        actual = actual[: len(wanted)] if len(actual) >= len(wanted) else [*actual, ""]
    return len(wanted) == len(actual) and all(_segment_matches(w, a) for w, a in zip(wanted, actual, strict=True))


def _segment_matches(wanted: str, actual: str) -> bool:
    return wanted == "*" or (wanted.startswith("{") and wanted.endswith("}")) or wanted == actual


@dataclass
class Plan:
    """What the faults do to one call: delays before and after the handler, expiries, at most one failure."""

    delays: list[Fault] = field(default_factory=list)
    expiries: list[Fault] = field(default_factory=list)
    failure: Fault | None = None

    def delay_before(self) -> float:
        return sum(fault.seconds for fault in self.delays if not fault.applied)

    def delay_after(self) -> float:
        return sum(fault.seconds for fault in self.delays if fault.applied)


Match = str | CallPredicate
Place = Channel | Guild | int | None


class Faults:
    """The faults injected into one fake Discord, and every fault it served (`served`)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self.faults: list[Fault] = []
        self.served: list[Served] = []

    def add(
        self,
        match: Match,
        kind: str,
        *,
        times: int | None = 1,
        nth: int = 1,
        channel: Place = None,
        guild: Place = None,
        applied: bool = False,
        status: int = 500,
        retry_after: float = 1.0,
        is_global: bool = False,
        scope: str = "user",
        seconds: float = 0.0,
    ) -> Fault:
        """Inject a fault of `kind` into calls matching a route pattern or predicate (see the module doc)."""
        _check_options(kind, times=times, nth=nth, applied=applied, status=status, scope=scope)
        fault = Fault(
            kind=kind,
            pattern=match if isinstance(match, str) else None,
            predicate=None if isinstance(match, str) else match,
            channel_id=_id(channel),
            guild_id=_id(guild),
            nth=nth,
            times=times,
            status=status if kind == SERVER_ERROR else 0,
            retry_after=retry_after,
            is_global=is_global,
            scope="global" if is_global else scope,
            seconds=seconds,
            applied=applied,
        )
        self.faults.append(fault)
        return fault

    def rate_limit(self, match: Match, *, retry_after: float = 0.05, is_global: bool = False, **where: Any) -> Fault:
        """429 You are being rate limited (`scope="shared"` for a shared resource limit)."""
        return self.add(match, RATE_LIMIT, retry_after=retry_after, is_global=is_global, **where)

    def server_error(self, match: Match, status: int = 500, **where: Any) -> Fault:
        """A 5xx answer as Discord's servers, Cloudflare or Envoy send it."""
        return self.add(match, SERVER_ERROR, status=status, **where)

    def drop(self, match: Match, **where: Any) -> Fault:
        """Close the connection without answering (`applied=True`: after the request took effect)."""
        return self.add(match, DROP, **where)

    def delay(self, match: Match, seconds: float, *, times: int | None = None, **where: Any) -> Fault:
        """Answer `seconds` late (every matching call unless `times` is given)."""
        return self.add(match, DELAY, seconds=seconds, times=times, **where)

    def too_late(self, match: Match = CALLBACK, **where: Any) -> Fault:
        """The call reaches Discord after its interaction's window (callbacks) or token (webhooks) expired."""
        return self.add(match, TOO_LATE, **where)

    def remove(self, fault: Fault) -> None:
        self.faults.remove(fault)

    def clear(self) -> None:
        """Forget every fault (what was served stays in `served`)."""
        self.faults.clear()

    @property
    def pending(self) -> list[Fault]:
        """Faults that can still fire."""
        return [fault for fault in self.faults if not fault.spent]

    def plan(self, call: Call) -> Plan:
        """Count the call for every fault it matches and decide which fire on it."""
        plan = Plan()
        for fault in self.faults:
            if fault.spent or not fault.matches(call):
                continue
            fault.calls += 1
            if not fault.due():
                continue
            if fault.kind == DELAY:
                plan.delays.append(fault)
            elif fault.kind == TOO_LATE:
                plan.expiries.append(fault)
            elif plan.failure is None:
                plan.failure = fault
            else:
                fault.calls -= 1  # it waits for the next matching call
        return plan

    def record(self, fault: Fault, call: Call, outcome: str) -> Served:
        fault.served += 1
        served = Served(fault, call, outcome, self._clock())
        self.served.append(served)
        return served


def _check_options(kind: str, *, times: int | None, nth: int, applied: bool, status: int, scope: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"fault kind {kind!r} is not one of {KINDS}")
    if times is not None and times < 1:
        raise ValueError("times must be at least 1 (or None: forever)")
    if nth < 1:
        raise ValueError("nth counts matching calls from 1")
    if applied and kind in (RATE_LIMIT, TOO_LATE):
        raise ValueError(f"Discord never applies a request it answers with {kind}")
    if kind == SERVER_ERROR and not 500 <= status <= 599:
        raise ValueError(f"a server error is a 5xx status, not {status}")
    if scope not in RATE_LIMIT_SCOPES:
        raise ValueError(f"rate limit scope {scope!r} is not one of {RATE_LIMIT_SCOPES}")


def _id(place: Place) -> int | None:
    return place if place is None or isinstance(place, int) else place.id
