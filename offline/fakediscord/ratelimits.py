"""Discord's per-route rate limits: buckets, `X-RateLimit-*` headers on every answer, and real 429s.

As https://discord.com/developers/docs/topics/rate-limits describes: each route has a bucket per major
parameter (channel, guild, webhook or interaction); every answer carries `X-RateLimit-Limit`, `-Remaining`,
`-Reset` (epoch seconds), `-Reset-After` (seconds) and `-Bucket` (a hash shared by the routes of one
limit); a request beyond the limit gets 429 with `{"message", "retry_after", "global": false}`, the
`Retry-After` header and `X-RateLimit-Scope: user`. discord.py waits when `Remaining` reaches 0 and, after
a 429, for `retry_after`, then retries: a correct bot only gets slower.

Limits: `POST /channels/{id}/messages` 5 per 5 s per channel (what Discord answers bots); every other
route a generous 50 per second. Time is real time (`time.monotonic`), not Discord's test clock: discord.py
sleeps in real time. `RateLimits.enabled = False` turns them off; `scale` (environment variable
`FAKEDISCORD_RATE_LIMIT_SCALE`, default 1) multiplies every window, e.g. 0.1 for 5 posts per 0.5 s: the
same mechanics, a tenth of the waiting. `limited` lists the 429s served.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "application_id", "interaction_id", "token")
DEFAULT_LIMIT = (50, 1.0)
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
}
"""(requests, per seconds) by route template without /api/v10; others get DEFAULT_LIMIT."""
RATE_LIMIT_MESSAGE = "You are being rate limited."


@dataclass
class Bucket:
    limit: int
    per: float
    used: int = 0
    reset_at: float = 0.0


@dataclass
class RateLimits:
    """The buckets of one fake Discord."""

    clock: Callable[[], float] = time.monotonic
    enabled: bool = True
    scale: float = field(default_factory=lambda: float(os.environ.get("FAKEDISCORD_RATE_LIMIT_SCALE", "1")))
    limits: dict[str, tuple[int, float]] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    limited: list[str] = field(default_factory=list)
    _buckets: dict[tuple[str, tuple[str, ...]], Bucket] = field(default_factory=dict)

    def take(self, method: str, template: str, params: dict[str, str]) -> tuple[dict[str, str], float | None]:
        """Count one request: the headers for its answer, and seconds to retry after when it is over the limit."""
        route = f"{method} {template}"
        limit, per = self.limits.get(route, DEFAULT_LIMIT)
        per *= self.scale
        if not self.enabled:
            limit = 1_000_000
        major = tuple(params.get(key, "") for key in MAJOR_PARAMETERS)
        bucket = self._buckets.setdefault((route, major), Bucket(limit, per))
        bucket.limit, bucket.per = limit, per
        now = self.clock()
        if now >= bucket.reset_at:
            bucket.used, bucket.reset_at = 0, now + per
        reset_after = max(bucket.reset_at - now, 0.001)
        over = bucket.used >= limit
        if not over:
            bucket.used += 1
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - bucket.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.md5(route.encode()).hexdigest(),
        }
        if over:
            self.limited.append(route)
            return headers, reset_after
        return headers, None


def too_many_requests(headers: dict[str, str], retry_after: float, via: str) -> web.Response:
    """Discord's 429 for a bucket that is used up."""
    body = {"message": RATE_LIMIT_MESSAGE, "retry_after": round(retry_after, 3), "global": False}
    all_headers = {
        **headers,
        "Content-Type": "application/json",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": "user",
        "Via": via,
    }
    return web.Response(body=json.dumps(body).encode(), status=429, headers=all_headers)
