"""graphmem errors → HTTP responses, in one place."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from graphmem import errors as e

_STATUS: list[tuple[type[e.GraphmemError], int]] = [
    (e.UnauthenticatedError, 401),
    (e.ForbiddenError, 403),
    (e.NotFoundError, 404),
    (e.UnknownQueryError, 404),
    (e.ValidationError, 422),
    (e.QueryError, 422),
    (e.ConstraintViolationError, 409),
    (e.EngineUnavailableError, 503),
    (e.TransientEngineError, 503),
    (e.EngineError, 500),
    (e.ConfigError, 500),
]


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

    @app.exception_handler(RequestValidationError)
    async def _request_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        issues = [
            {
                # the first element of loc is where the value came from (body, query, path…);
                # dropping it by name would also drop a body field called "query"
                "field": ".".join(str(p) for p in _field_path(err["loc"])),
                "rule": err["type"],
                "message": err["msg"],
            }
            for err in exc.errors()
        ]
        summary = "; ".join(f"{i['field']}: {i['rule']}" for i in issues)
        return JSONResponse(
            status_code=422,
            content={
                "code": "VALIDATION_ERROR",
                "message": f"invalid input: {summary}",
                "errors": issues,
            },
        )
