"""The fake Discord's aiohttp application: REST under /api/v{n}, the gateway websocket at /gateway.

A middleware counts requests in flight (so the driver can wait for quiet), checks the `Bot <token>`
header where Discord wants it, turns `DiscordError` into Discord's error JSON, and records every
problem: bot bugs (unknown routes, invalid bodies, crashes inside the fake) in `World.errors`,
refusals a correct bot must handle in `World.refusals`. It never answers 5xx, because discord.py
retries those after sleeping.
"""

from __future__ import annotations

import traceback
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import errors
from .gateway import Gateway
from .rest_channels import ChannelRoutes
from .rest_interactions import InteractionRoutes
from .state import RequestProblem, World
from .wire import error_response, json_response

API = r"/api/v{version:\d+}"
GATEWAY_PATH = "/gateway"
MAX_UPLOAD = 64 * 1024 * 1024
UNAUTHENTICATED_PREFIXES = ("/interactions/", "/webhooks/", "/gateway")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class FakeServer:
    """Serves one world on 127.0.0.1."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway
        self.port = 0
        self._runner: web.AppRunner | None = None

    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=MAX_UPLOAD)
        app.router.add_get(GATEWAY_PATH, self.gateway.handle)
        app.router.add_get(API + "/gateway", self._gateway_url)
        app.router.add_get(API + "/gateway/bot", self._gateway_bot)
        for method, path, handler in [*ChannelRoutes(self.world).routes(), *InteractionRoutes(self.world).routes()]:
            app.router.add_route(method, API + path, handler)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on a free port (or the one given) and return it."""
        self._runner = web.AppRunner(self.build_app(), access_log=None)
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

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == GATEWAY_PATH:
            return await handler(request)
        self.world.inflight += 1
        try:
            response = await self._answer(request, handler)
            self.world.request_log.append(f"{request.method} {request.path_qs} -> {response.status}")
            return response
        finally:
            self.world.inflight -= 1
            self.world.touch()

    async def _answer(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            self._check_authorization(request)
            return await handler(request)
        except errors.DiscordError as error:
            self._record(request, error)
            return error_response(error)
        except web.HTTPException:
            raise
        except Exception as crash:  # a bug in the fake must not look like a Discord outage (5xx retries)
            detail = f"fake discord crashed: {crash!r}\n{traceback.format_exc()}"
            self.world.record_error(RequestProblem(request.method, request.path_qs, 400, detail))
            return json_response({"code": 0, "message": f"fake discord crashed: {crash!r}"}, status=400)

    def _check_authorization(self, request: web.Request) -> None:
        path = request.path.split("/", 3)[-1] if request.path.startswith("/api/") else request.path
        if any(f"/{path}".startswith(prefix) for prefix in UNAUTHENTICATED_PREFIXES):
            return
        if not request.headers.get("Authorization", "").startswith("Bot "):
            raise errors.DiscordError(401, 0, "401: Unauthorized", detail="no 'Bot <token>' Authorization header")

    def _record(self, request: web.Request, error: errors.DiscordError) -> None:
        problem = RequestProblem(request.method, request.path_qs, error.status, error.detail)
        if error.expected:
            self.world.record_refusal(problem)
        else:
            self.world.record_error(problem)

    async def _gateway_url(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway.url, "shards": 1, "session_start_limit": limit})

    async def _unknown_route(self, request: web.Request) -> web.Response:
        raise errors.DiscordError(404, 0, "404: Not Found", detail="the fake has no such route")
