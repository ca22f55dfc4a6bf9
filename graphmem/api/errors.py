"""graphmem errors → HTTP responses, in one place.

Every error answer has graphmem's shape, ``{code, message, errors?: [{field, rule, message}]}``:
graphmem's own errors, FastAPI's request validation, and the framework's own HTTP errors (an
unknown path, a method not allowed, a body that cannot be read as JSON at all).
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from graphmem import errors as e
from graphmem.models.validation import field_of, message_of, rule_for

_STATUS: list[tuple[type[e.GraphmemError], int]] = [
    (e.UnauthenticatedError, 401),
    (e.ForbiddenError, 403),
    (e.NotFoundError, 404),
    (e.UnknownQueryError, 404),
    (e.ValidationError, 422),
    (e.QueryError, 422),
    (e.ConstraintViolationError, 409),
    (e.EngineUnavailableError, 503),
    (e.QueryTimeoutError, 503),
    (e.EngineBusyError, 503),
    (e.TransientEngineError, 503),
    (e.EngineError, 500),
    (e.ConfigError, 500),
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


def _field_path(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    return loc[1:] if loc and loc[0] in _LOCATIONS else loc


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

    @app.exception_handler(RequestValidationError)
    async def _request_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        issues = [
            {
                # the first element of loc is where the value came from (body, query, path…);
                # dropping it by name would also drop a body field called "query"; a
                # model-level rule names its own field (field_of)
                "field": field_of(err, loc=_field_path(err["loc"])) or "body",
                "rule": rule_for(str(err["type"])),
                "message": message_of(err),
            }
            for err in exc.errors()
        ]
        return _invalid(issues)


def _invalid(issues: list[dict[str, str]]) -> JSONResponse:
    summary = "; ".join(f"{i['field']}: {i['rule']}" for i in issues)
    return JSONResponse(
        status_code=422,
        content={
            "code": "VALIDATION_ERROR",
            "message": f"invalid input: {summary}",
            "errors": issues,
        },
    )
