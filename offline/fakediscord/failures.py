"""What an injected fault looks like on the wire: Discord's 429, its 5xx answers, a dropped connection.

The 429 carries what Discord sends (https://discord.com/developers/docs/topics/rate-limits): the JSON body
`{"message": "You are being rate limited.", "retry_after": 4.2, "global": false}`, `Retry-After` in whole
seconds, `X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket/Scope` (`X-RateLimit-Global` for a global
limit), and the `Via` header of Discord's proxy, without which discord.py takes a 429 for a Cloudflare
ban and raises instead of waiting.
"""

from __future__ import annotations

import hashlib
import json
import math
import time

from aiohttp import web

from .faults import Fault

VIA = "1.1 google"
RATE_LIMIT_MESSAGE = "You are being rate limited."
BUCKET_LIMIT = 5
CLOUDFLARE_PAGE = (
    "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n<center><h1>{status} {reason}</h1>"
    "</center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n"
)
ENVOY_503 = "upstream connect error or disconnect/reset before headers. reset reason: connection termination"


def rate_limited(fault: Fault, route: str) -> web.Response:
    """Discord's 429 for a route (the bucket hash is derived from the route, as Discord's is stable)."""
    body = {"message": RATE_LIMIT_MESSAGE, "retry_after": fault.retry_after, "global": fault.is_global}
    headers = {
        "Content-Type": "application/json",
        "Via": VIA,
        "Retry-After": str(max(1, math.ceil(fault.retry_after))),
        "X-RateLimit-Scope": fault.scope,
    }
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update(
            {
                "X-RateLimit-Limit": str(BUCKET_LIMIT),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + fault.retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
                "X-RateLimit-Bucket": hashlib.md5(route.encode()).hexdigest(),
            }
        )
    return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)


def server_error(status: int) -> web.Response:
    """A 5xx as Discord answers it: JSON from its API (500), HTML from Cloudflare (502, 504), text from Envoy (503)."""
    reason = web.Response(status=status).reason
    if status == 500:
        body = json.dumps({"message": "500: Internal Server Error", "code": 0})
        return web.Response(text=body, status=status, headers={"Content-Type": "application/json", "Via": VIA})
    if status == 503:
        return web.Response(text=ENVOY_503, status=status, headers={"Content-Type": "text/plain", "Via": VIA})
    page = CLOUDFLARE_PAGE.format(status=status, reason=reason)
    return web.Response(text=page, status=status, headers={"Content-Type": "text/html"})


def drop_connection(request: web.Request) -> web.Response:
    """Close the TCP connection without answering; the returned response is never written."""
    if request.transport is not None:
        request.transport.close()
    return web.Response(status=200)
