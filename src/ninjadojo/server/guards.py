"""The HTTP layer's guards, below the API's handlers (:mod:`ninjadojo.server.app`): the security headers of
every response, rate limits per client address, a request body's size and time limits, the documented
JSON refusal of a WebSocket upgrade where there is none, and a malformed body's error in words.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from ninjadojo.engine.errors import quote
from ninjadojo.server.connections import RateLimiter

#: The protocol's version, sent with every response (``X-Dojo-Protocol``) and by ``/api/health``.
PROTOCOL = 1
#: The largest request body.
MAX_BODY = 64 * 1024

#: Seconds a request's body has to arrive whole, from its first read (a body trickled in a byte at a time held
#: its connection for ever: the head's time-out ends when the head is in).
BODY_TIMEOUT = 10.0

#: Sent with every HTTP response: the page may load only this server's own files (no inline script or
#: style, no other origin: the origin's local storage holds seat tokens), may not be framed, and types
#: are not sniffed. ``{connect}`` becomes the page's own WebSocket origins.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'{connect}; object-src 'none'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")
#: The policy of the OpenAPI pages when they are turned on (``docs``): FastAPI's swagger-ui comes from a CDN.
DOCS_CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                                "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: "
                                "https://fastapi.tiangolo.com; frame-ancestors 'none'")
SECURITY_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
                    "Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin"}
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def security_headers(host: str | None, path: str = "/") -> dict[str, str]:
    """The security headers of a response to a request for ``path`` on ``host`` (its Host header)."""
    if path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        policy = DOCS_CONTENT_SECURITY_POLICY
    else:
        connect = f" ws://{host} wss://{host}" if host and _HOST.match(host) else ""
        policy = CONTENT_SECURITY_POLICY.format(connect=connect)
    return {"Content-Security-Policy": policy, **SECURITY_HEADERS}


class HttpLimiter:
    """Rate limits per client address for the HTTP API."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, RateLimiter] = {}

    def allow(self, client: str) -> bool:
        """Whether one more request from ``client`` may pass now."""
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._buckets.clear()  # a crude bound on memory: forgetting lets a burst through, no more
            bucket = self._buckets[client] = RateLimiter(self.rate, self.burst)
        return bucket.allow()


class BodyLimit:
    """ASGI middleware: a request body may be at most ``limit`` bytes, counted as it is received, so that a
    chunked body (no Content-Length) is refused too, once over, with 413 ``too_large``, before it is read
    whole into memory; and it must arrive whole within ``timeout`` seconds of its first read, else 408
    ``too_slow`` (a slow body held its connection for ever).

    Once over, the application is told the client went away (it stops reading and answers nothing that
    counts), and whatever it answers is replaced by the refusal.
    """

    def __init__(self, app: Any, limit: int = MAX_BODY, timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0
        over = False
        late = False
        whole = False
        deadline: float | None = None
        answered = False

        async def counted() -> Any:
            nonlocal received, over, late, whole, deadline
            if over:
                return {"type": "http.disconnect"}
            if whole:  # the body is in: later reads wait for the client to go away, for as long as it takes
                return await receive()
            loop = asyncio.get_running_loop()
            deadline = deadline if deadline is not None else loop.time() + self.timeout
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                over = late = True
                return {"type": "http.disconnect"}
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                whole = not message.get("more_body", False)
                if received > self.limit:
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Any) -> None:
            nonlocal answered
            if not over:
                await send(message)
            elif not answered and message["type"] == "http.response.start":
                answered = True
                await refuse()

        async def refuse() -> None:
            host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            if late:
                error, status = {"code": "too_slow", "message": f"a request body must arrive within "
                                                                f"{self.timeout:g} seconds"}, 408
            else:
                error, status = {"code": "too_large", "message": f"a request body is at most {self.limit} bytes"}, 413
            response = JSONResponse({"error": error}, status_code=status,
                                    headers={"X-Dojo-Protocol": str(PROTOCOL), "Connection": "close",
                                             **security_headers(host, scope.get("path", "/"))})
            await response(scope, receive, send)

        await self.app(scope, counted, watched)
        if over and not answered:
            answered = True
            await refuse()


class WebSocketRefusal:
    """ASGI middleware: a WebSocket upgrade refused before it is accepted (a path with no WebSocket) is answered
    with the documented JSON error and the headers of every response, not an empty 403 without them (where
    the server supports denial responses; uvicorn does)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "websocket" or "websocket.http.response" not in scope.get("extensions", {}):
            await self.app(scope, receive, send)
            return
        accepted = False

        async def refusing(message: Any) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept":
                accepted = True
            elif message["type"] == "websocket.close" and not accepted:
                accepted = True  # answered: nothing more is sent on this connection
                host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
                body = json.dumps({"error": {"code": "not_found", "message": "no WebSocket here; a table's is at "
                                                                             "/ws/tables/<table id>"}}).encode()
                headers = {"Content-Type": "application/json", "X-Dojo-Protocol": str(PROTOCOL),
                           **security_headers(host, scope.get("path", "/"))}
                await send({"type": "websocket.http.response.start", "status": 404,
                            "headers": [(key.lower().encode(), value.encode()) for key, value in headers.items()]})
                await send({"type": "websocket.http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, refusing)


def validation_message(error: RequestValidationError) -> str:
    """The first problem of a request pydantic refused, as one line."""
    problems = error.errors()
    if not problems:
        return "malformed request"
    first = problems[0]
    if first.get("type") == "json_invalid":
        return f"the body is not valid JSON ({first.get('ctx', {}).get('error', 'malformed')})"
    location = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    if first.get("type") == "missing" and not location:
        return "this request needs a JSON body"
    if first.get("type") == "extra_forbidden":
        return f"unknown field {quote(location)}"
    if not location and first.get("type") in ("model_attributes_type", "dict_type"):
        given = first.get("input")
        if isinstance(given, bytes | bytearray):  # not read as JSON: sent as another type of content
            return "the body must be a JSON object sent as JSON (the header Content-Type: application/json)"
        return f"the body must be a JSON object {{...}}, not {quote(given)}"
    return f"{location or 'body'}: {first.get('msg', 'invalid')}"
