"""The fake Discord's aiohttp application: REST under /api/v{n}, the gateway websocket at /gateway.

Around every REST route, one wrapper counts requests in flight (so the driver can wait for quiet), serves the
faults a test injected (`faults`, `failures`), checks the `Bot <token>` header where Discord wants it, turns
`DiscordError` into Discord's error JSON, and records every problem: bot bugs (unknown routes, invalid
bodies, crashes inside the fake) in `World.errors`, refusals a correct bot must handle in
`World.refusals`. It answers 5xx only for an injected fault: a crash inside the fake is a 400, because
discord.py retries a 5xx after sleeping. `GET /gateway/bot` recommends `Gateway.shard_count` shards.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .errors import DiscordError
from .failures import VIA, drop_connection, rate_limited, server_error
from .faults import DROP, RATE_LIMIT, Call, Fault, Faults, Plan
from .gateway import Gateway
from .ratelimits import RateLimits, too_many_requests
from .rest_channels import ChannelRoutes
from .rest_interactions import InteractionRoutes
from .spec import Operation, errors_body, spec
from .state import Interaction, RequestProblem, World
from .wire import TEXT_KEY, error_response, json_response, read_any_body

API = r"/api/v{version:\d+}"
GATEWAY_PATH = "/gateway"
MAX_UPLOAD = 64 * 1024 * 1024
UNAUTHENTICATED_PREFIXES = ("/interactions/", "/webhooks/", "/gateway")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class FakeServer:
    """Serves one world on 127.0.0.1."""

    def __init__(self, world: World, gateway: Gateway, faults: Faults) -> None:
        self.world = world
        self.gateway = gateway
        self.faults = faults
        self.rate_limits = RateLimits()
        self.port = 0
        self._runner: web.AppRunner | None = None

    def build_app(self) -> web.Application:
        """The application: the gateway, then every REST route wrapped by ``_around`` (not an aiohttp middleware:
        aiohttp caches each handler's middleware chain for the life of the process, up to 1,024 of them, and so
        would keep every stopped fake's world alive, its messages and images with it, in a process that starts
        hundreds of fakes)."""
        app = web.Application(client_max_size=MAX_UPLOAD)
        app.router.add_get(GATEWAY_PATH, self.gateway.handle)
        routes: list[tuple[str, str, Handler]] = [
            ("GET", API + "/gateway", self._gateway_url),
            ("GET", API + "/gateway/bot", self._gateway_bot),
            *((method, API + path, handler) for method, path, handler in ChannelRoutes(self.world).routes()),
            *((method, API + path, handler) for method, path, handler in InteractionRoutes(self.world).routes()),
            ("*", "/{tail:.*}", self._unknown_route),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, path, self._wrapped(handler))
        return app

    def _wrapped(self, handler: Handler) -> Handler:
        async def around(request: web.Request) -> web.StreamResponse:
            return await self._around(request, handler)

        return around

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on a free port (or the one given) and return it."""
        # A stop cuts requests still in flight after a second (a test's delay fault may hold one for 30 s).
        self._runner = web.AppRunner(self.build_app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.gateway.url = f"ws://{host}:{self.port}{GATEWAY_PATH}"
        return self.port

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _around(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every REST request: counted in flight, rate limited, faulted as injected, logged."""
        self.world.inflight += 1
        try:
            headers, retry_after = self._take_rate_limit(request)
            if retry_after is not None:
                response: web.StreamResponse = too_many_requests(headers, retry_after, VIA)
                outcome = "429 (rate limit)"
            else:
                response, outcome = await self._answer_with_faults(request, handler)
            self.world.request_log.append(f"{request.method} {request.path_qs} -> {outcome}")
            response.headers.setdefault("Via", VIA)
            for key, value in headers.items():
                response.headers.setdefault(key, value)
            return response
        finally:
            self.world.inflight -= 1
            self.world.touch()

    async def _answer_with_faults(self, request: web.Request, handler: Handler) -> tuple[web.StreamResponse, str]:
        """Answer the request, failing, delaying or expiring it as the injected faults say."""
        call = await self._call(request)
        plan = self.faults.plan(call)
        await self._delay(plan.delay_before(), plan, call, applied=False)
        for fault in plan.expiries:
            self._expire(fault, call)
        failure = plan.failure
        if failure is not None and not failure.applied:
            return self._fail(request, failure, call)
        response = await self._answer(request, handler)
        if failure is not None:
            if call.interaction is not None and call.path.startswith("/interactions/"):
                call.interaction.answer_lost = True
            return self._fail(request, failure, call)
        await self._delay(plan.delay_after(), plan, call, applied=True)
        return response, str(response.status)

    async def _call(self, request: web.Request) -> Call:
        """The request as faults see it: route segments, channel and guild, interaction, JSON body."""
        params = dict(request.match_info)
        params.pop("version", None)
        interaction = self.world.interactions.get(params.get("token", ""))
        channel_id = _int(params.get("channel_id")) or (interaction.channel_id if interaction else None)
        channel = self.world.channel(channel_id) if channel_id is not None else None
        body = await _json_body(request)
        path = request.path.split("/", 3)[-1] if request.path.startswith("/api/") else request.path.lstrip("/")
        return Call(
            method=request.method,
            path=f"/{path}",
            params=params,
            channel_id=channel_id,
            guild_id=channel.guild_id if channel is not None else None,
            interaction=interaction,
            body=body,
        )

    async def _delay(self, seconds: float, plan: Plan, call: Call, *, applied: bool) -> None:
        for fault in plan.delays:
            if fault.applied == applied:
                self.faults.record(fault, call, f"delay {fault.seconds}s")
        if seconds > 0:
            await asyncio.sleep(seconds)

    def _expire(self, fault: Fault, call: Call) -> None:
        interaction: Interaction | None = call.interaction
        if interaction is None:
            return
        if call.path.startswith("/interactions/"):
            interaction.window_closed = True
            self.faults.record(fault, call, "too late: the 3-second window closed")
        else:
            interaction.token_expired = True
            self.faults.record(fault, call, "too late: the 15-minute token expired")

    def _fail(self, request: web.Request, fault: Fault, call: Call) -> tuple[web.StreamResponse, str]:
        if fault.kind == DROP:
            self.faults.record(fault, call, "drop")
            return drop_connection(request), "dropped (fault)"
        if fault.kind == RATE_LIMIT:
            self.faults.record(fault, call, "429")
            route = request.match_info.route.resource.canonical if request.match_info.route.resource else call.path
            return rate_limited(fault, f"{request.method} {route}"), "429 (fault)"
        self.faults.record(fault, call, str(fault.status))
        return server_error(fault.status), f"{fault.status} (fault)"

    def _take_rate_limit(self, request: web.Request) -> tuple[dict[str, str], float | None]:
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else request.path
        template = template.split("}", 1)[-1] if template.startswith("/api/v{") else template
        return self.rate_limits.take(request.method, template, dict(request.match_info))

    async def _answer(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            self._check_authorization(request)
            operation = await self._check_request(request)
            response = await handler(request)
            self._check_response(request, operation, response)
            return response
        except DiscordError as error:
            self._record(request, error)
            return error_response(error)
        except web.HTTPException:
            raise
        except Exception as crash:  # a bug in the fake must not look like a Discord outage (5xx retries)
            detail = f"fake discord crashed: {crash!r}\n{traceback.format_exc()}"
            self.world.record_error(RequestProblem(request.method, request.path_qs, 400, detail))
            return json_response({"code": 0, "message": f"fake discord crashed: {crash!r}"}, status=400)

    async def _check_request(self, request: web.Request) -> Operation | None:
        """The spec's operation for this request; 400 Invalid Form Body when its body breaks the schema."""
        if not request.path.startswith("/api/"):
            return None
        operation = spec().operation(request.method, "/" + request.path.split("/", 3)[-1])
        if operation is None or not request.body_exists:
            return operation
        body, _ = await read_any_body(request)
        multipart = request.content_type.startswith("multipart/")
        problems = spec().request_problems(operation, body, multipart=multipart, text=request.get(TEXT_KEY))
        if problems:
            detail = f"{operation.operation_id}: " + "; ".join(str(problem) for problem in problems)
            error = DiscordError(400, 50035, "Invalid Form Body", detail=detail, errors=errors_body(problems))
            interaction = self.world.interactions.get(request.match_info.get("token", ""))
            if interaction is not None and request.path.endswith("/callback"):
                interaction.refused_answers.append(f"{error.status} {error.code} {error.message}: {error.detail}")
            raise error
        return operation

    def _check_response(self, request: web.Request, operation: Operation | None, response: web.StreamResponse) -> None:
        """Record an answer of the fake that breaks the spec (a bug in the fake, failing the test)."""
        if not 200 <= response.status < 300 or not request.path.startswith("/api/"):
            return
        if operation is None:
            detail = "the fake answers a route Discord's OpenAPI spec does not have"
            self.world.record_error(RequestProblem(request.method, request.path_qs, response.status, detail))
            return
        text: str | None = None
        if isinstance(response, web.Response) and response.body is not None and response.status != 204:
            if response.content_type != "application/json":
                return
            text = bytes(response.body).decode()  # type: ignore[arg-type]
        elif response.status == 204:
            return
        problems = spec().response_problems(operation, response.status, None, text=text)
        if problems:
            detail = f"the fake's answer breaks {operation.operation_id}'s {response.status} schema: " + "; ".join(
                str(problem) for problem in problems
            )
            self.world.record_error(RequestProblem(request.method, request.path_qs, response.status, detail))

    def _check_authorization(self, request: web.Request) -> None:
        path = request.path.split("/", 3)[-1] if request.path.startswith("/api/") else request.path
        if any(f"/{path}".startswith(prefix) for prefix in UNAUTHENTICATED_PREFIXES):
            return
        given = request.headers.get("Authorization", "")
        if not given.startswith("Bot "):
            raise DiscordError(401, 0, "401: Unauthorized", detail="no 'Bot <token>' Authorization header")
        if self.world.token and given != f"Bot {self.world.token}":
            raise DiscordError(401, 0, "401: Unauthorized", detail="the bot token is not this fake's token")

    def _record(self, request: web.Request, error: DiscordError) -> None:
        problem = RequestProblem(request.method, request.path_qs, error.status, error.detail)
        if error.expected:
            self.world.record_refusal(problem)
        else:
            self.world.record_error(problem)

    async def _gateway_url(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.gateway.shard_count
        return json_response({"url": self.gateway.url, "shards": shards, "session_start_limit": limit})

    async def _unknown_route(self, request: web.Request) -> web.Response:
        raise DiscordError(404, 0, "404: Not Found", detail="the fake has no such route")


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


async def _json_body(request: web.Request) -> dict[str, Any] | None:
    """The JSON body of a request (read once; aiohttp keeps it for the handler), None otherwise."""
    if request.content_type != "application/json" or not request.body_exists:
        return None
    try:
        parsed = json.loads(await request.read())
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None
