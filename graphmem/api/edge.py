"""What every request passes before a handler: a bounded body, and text without forbidden
characters in its path, query string and JSON body.

* **Body size.** A body longer than ``max_body_bytes`` is refused with 413 from its
  ``Content-Length``, or, when it streams without one, as soon as the bytes read pass the
  limit — it is never read whole (a 100 MB body was). The middleware reads the body (at most
  the limit) before the app and hands it on, so the refusal happens outside the framework's
  own body parsing, which would turn any error there into a 400.
* **Content type.** A body sent to ``/v1/`` without a ``Content-Type`` is read as JSON (what
  else could it be); one sent with another type — ``curl -d`` sends
  ``application/x-www-form-urlencoded`` — is a 415 that says to send
  ``Content-Type: application/json``, instead of a 422 about a string that is not an object.
* **Text.** NUL, other control characters and lone surrogates anywhere in the request are a
  422 naming the field (``memory_id``, ``subject_id``, ``evidence.0.span``) before
  anything reaches the engine (:mod:`graphmem.models.text_rules`; the library applies the
  same rule in :func:`graphmem.models.validation.parse`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graphmem.errors import FieldIssue, ValidationError
from graphmem.models.text_rules import DEPTH_RULE, MAX_DEPTH, find_forbidden

BODY_TOO_LARGE = "BODY_TOO_LARGE"
UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE"
#: where bodies are JSON (other mounts, such as /mcp or /console, bring their own rules)
JSON_PREFIX = "/v1/"


def _not_json(content_type: str) -> dict[str, Any]:
    return {
        "code": UNSUPPORTED_MEDIA_TYPE,
        "message": f"the body is sent as {content_type!r}; graphmem reads JSON: send "
        "'Content-Type: application/json' (curl: -H 'Content-Type: application/json')",
        "errors": [
            {
                "field": "content-type",
                "rule": "json_required",
                "message": "application/json (or no Content-Type at all)",
            }
        ],
    }


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


def _too_large(limit: int) -> dict[str, Any]:
    return {
        "code": BODY_TOO_LARGE,
        "message": f"the request body is larger than {limit} bytes (GRAPHMEM_MAX_BODY_BYTES)",
        "errors": [{"field": "body", "rule": "too_large", "message": f"at most {limit} bytes"}],
    }


class BodyLimit:
    """ASGI middleware: 413 for a body over ``limit`` bytes, without reading it whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and str(scope.get("path", "")).startswith(JSON_PREFIX):
            content_type = _header(scope, b"content-type")
            if content_type is None:
                scope = {
                    **scope,
                    "headers": [*scope["headers"], (b"content-type", b"application/json")],
                }
            elif not _is_json(content_type):
                await _answer(send, 415, _not_json(content_type))
                return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # after the body: only a disconnect can come
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        await _answer(send, 413, _too_large(self.limit), close=True)


async def _answer(send: Send, status: int, content: dict[str, Any], *, close: bool = False) -> None:
    """An error answer in graphmem's shape, sent before the app sees the request."""
    body = json.dumps(content).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:  # the rest of an oversized body is never read
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _content_length(scope: Scope) -> int | None:
    value = _header(scope, b"content-length")
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


async def check_request_text(request: Request) -> None:
    """A global dependency: the path, the query string and a JSON body hold no forbidden
    character (the body is parsed once; FastAPI reuses it)."""
    issues: list[FieldIssue] = []
    issues += find_forbidden(dict(request.path_params))
    query = {key: request.query_params.getlist(key) for key in request.query_params}
    issues += find_forbidden(
        {key: values[0] if len(values) == 1 else values for key, values in query.items()}
    )
    if request.method in ("POST", "PUT", "PATCH", "DELETE") and await request.body():
        try:
            body = await request.json()
        except ValueError:
            body = None  # malformed JSON: FastAPI reports it
        except RecursionError:  # nested past the parser's limit, on a route without a body
            raise ValidationError(
                [FieldIssue("body", DEPTH_RULE, f"nested deeper than {MAX_DEPTH} levels")]
            ) from None
        issues += find_forbidden(body)
    if issues:
        raise ValidationError(issues)
