"""graphmem errors → HTTP responses, in one place.

Every error answer has graphmem's shape, ``{code, message, errors?: [{field, rule, message}]}``:
graphmem's own errors, FastAPI's request validation, and the framework's own HTTP errors (an
unknown path, a method not allowed, a body that cannot be read as JSON at all), and a fault
of graphmem's own that nothing mapped (a 500 ``INTERNAL_ERROR`` naming the exception's type,
never its text, which may quote stored content; the traceback goes to the service log).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from graphmem import errors as e
from graphmem.models.proposal import PROPOSAL_TAGS
from graphmem.models.public import ErrorBody
from graphmem.models.validation import field_of, message_of, rule_for

_log = logging.getLogger("graphmem.api")

_STATUS: list[tuple[type[e.GraphmemError], int]] = [
    (e.UnauthenticatedError, 401),
    (e.ForbiddenError, 403),
    (e.NotFoundError, 404),
    (e.UnknownQueryError, 404),
    (e.StoredRecordInvalidError, 500),
    (e.ValidationError, 422),
    (e.QueryError, 422),
    (e.ConstraintViolationError, 409),
    (e.EngineUnavailableError, 503),
    (e.QueryTimeoutError, 503),
    (e.EngineBusyError, 503),
    (e.TransientEngineError, 503),
    (e.EngineError, 500),
    (e.ConfigError, 500),
    (e.InternalError, 500),
]


#: the framework's own HTTP errors, by status
_HTTP_CODES = {
    401: "UNAUTHENTICATED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    406: "NOT_ACCEPTABLE",
    415: "UNSUPPORTED_MEDIA_TYPE",
}


def status_for(exc: e.GraphmemError) -> int:
    for cls, status in _STATUS:
        if isinstance(exc, cls):
            return status
    return 400


_LOCATIONS = ("body", "query", "path", "header", "cookie")


#: every route documents these answers in graphmem's error shape (main.py includes every
#: router with them), so OpenAPI lists them and schemathesis holds the answers to the shape
ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (401, "no key, or an unknown or revoked one"),
        (403, "the key's role or subject scope does not allow this"),
        (404, "no such record (or one outside the key's scope)"),
        (409, "a conflicting write: stale version, reused idempotency key, ended run"),
        (413, "the body is larger than GRAPHMEM_MAX_BODY_BYTES"),
        (415, "the body is not JSON: send Content-Type: application/json"),
        (422, "invalid input: each issue names the field and the rule"),
        (500, "STORED_RECORD_INVALID: a stored record (not the request) fails its model"),
        (503, "the engine is unavailable, busy, or cut the query off at its time limit"),
    )
}


def _field_path(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """A pydantic location as graphmem names the field: without where the value came from
    (``body``, ``query`` …) and without a discriminated union's tag (``SEMANTIC``)."""
    loc = loc[1:] if loc and loc[0] in _LOCATIONS else loc
    return tuple(part for part in loc if part not in PROPOSAL_TAGS)


def _issue(err: Any) -> dict[str, str]:
    """One FastAPI validation error as ``{field, rule, message}``."""
    path = ".".join(str(p) for p in _field_path(err["loc"]))
    kind = str(err["type"])
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        # pydantic names the tags by their repr (<MemoryType.SEMANTIC: 'SEMANTIC'>)
        tag = str(err.get("ctx", {}).get("discriminator", "type")).strip("'")
        field = f"{path}.{tag}" if path else tag
        allowed = ", ".join(sorted(PROPOSAL_TAGS))
        if kind == "union_tag_not_found":
            return {"field": field, "rule": "required", "message": f"give {tag}: {allowed}"}
        got = err.get("ctx", {}).get("tag")
        return {"field": field, "rule": "enum", "message": f"{got!r} is not one of {allowed}"}
    if kind == "json_invalid":
        # the location is a character offset into the text, not a field
        where = err["loc"][-1] if err["loc"] else "?"
        return {
            "field": "body",
            "rule": "json",
            "message": f"malformed JSON at character {where}: {err.get('ctx', {}).get('error')}",
        }
    return {
        # a model-level rule names its own field (field_of)
        "field": field_of(err, loc=_field_path(err["loc"])) or "body",
        "rule": rule_for(kind),
        "message": message_of(err),
    }


def install(app: FastAPI) -> None:
    @app.exception_handler(e.GraphmemError)
    async def _graphmem_error(request: Request, exc: e.GraphmemError) -> JSONResponse:
        status = status_for(exc)
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        return JSONResponse(status_code=status, content=exc.to_dict(), headers=headers)

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.__cause__ is not None:
            # FastAPI could not read the body at all (not UTF-8, nesting past the parser's
            # recursion limit): malformed input like any other, named on the body
            return _invalid(
                [
                    {
                        "field": "body",
                        "rule": "json",
                        "message": "the body cannot be read as JSON text in UTF-8 "
                        f"({type(exc.__cause__).__name__})",
                    }
                ]
            )
        code = _HTTP_CODES.get(exc.status_code, f"HTTP_{exc.status_code}")
        return JSONResponse(
            status_code=exc.status_code,
            content={"code": code, "message": str(exc.detail)},
            headers=exc.headers,
        )

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        _log.error(
            "unhandled %s on %s %s",
            type(exc).__name__,
            request.method,
            request.url.path,
            exc_info=exc,
        )
        error = e.InternalError(
            f"graphmem failed on this request ({type(exc).__name__}); "
            "the service log has the traceback"
        )
        return JSONResponse(status_code=500, content=error.to_dict())

    @app.exception_handler(RequestValidationError)
    async def _request_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        issues = [_issue(err) for err in exc.errors()]
        body = getattr(request.scope.get("route"), "body_field", None)
        if body is not None:  # a list body's items are named by the list: proposals.3.claim
            for issue, err in zip(issues, exc.errors(), strict=True):
                loc = err["loc"]
                is_item = len(loc) > 1 and loc[0] == "body" and isinstance(loc[1], int)
                if is_item and err["type"] != "json_invalid":
                    issue["field"] = f"{body.name}.{issue['field']}"
        return _invalid(issues)


def _invalid(issues: list[dict[str, str]]) -> JSONResponse:
    """A 422 worded as the library words it: ``invalid input: field: rule (message); …``."""
    error = e.ValidationError([e.FieldIssue(**issue) for issue in issues])
    return JSONResponse(status_code=422, content=error.to_dict())
