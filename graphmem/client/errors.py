"""A graphmem error answer → the same exception the library raises, in one place.

The server answers every error as ``{code, message, errors?, …details}`` (ErrorBody). The
``code`` names the exception class (``STALE_VERSION`` → :class:`StaleVersionError`), so a
caller catches the same classes whether it runs graphmem in process or over HTTP; a code this
SDK does not know falls back to the class for the status (404 → NotFoundError, 503 →
EngineUnavailableError …).
"""

from __future__ import annotations

from typing import Any

import httpx

from graphmem import errors as e

#: status → the class when the code is unknown
_BY_STATUS: dict[int, type[e.GraphmemError]] = {
    401: e.UnauthenticatedError,
    403: e.ForbiddenError,
    404: e.NotFoundError,
    409: e.ConstraintViolationError,
    413: e.ValidationError,
    415: e.ValidationError,
    422: e.ValidationError,
    503: e.EngineUnavailableError,
}


def _codes() -> dict[str, type[e.GraphmemError]]:
    out: dict[str, type[e.GraphmemError]] = {}
    todo: list[type[e.GraphmemError]] = [e.GraphmemError]
    while todo:
        cls = todo.pop()
        out.setdefault(cls.code, cls)
        todo.extend(cls.__subclasses__())
    return out


_BY_CODE = _codes()


def error_from_response(response: httpx.Response) -> e.GraphmemError:
    """The graphmem exception for an error answer (``status`` and ``body`` in its details)."""
    try:
        body: Any = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("code"), str):
        return e.EngineError(
            f"graphmem answered {response.status_code} without an error body",
            status=response.status_code,
        )
    code, message = body["code"], str(body.get("message", ""))
    issues = [
        e.FieldIssue(str(i.get("field", "")), str(i.get("rule", "")), str(i.get("message", "")))
        for i in body.get("errors") or []
        if isinstance(i, dict)
    ]
    cls = _BY_CODE.get(code) or _BY_STATUS.get(response.status_code, e.GraphmemError)
    if issubclass(cls, e.ValidationError):
        exc: e.GraphmemError = cls(issues or [e.FieldIssue("body", code.lower(), message)])
        exc.code = code  # 413 BODY_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE keep their code
    elif issubclass(cls, e.StoredRecordInvalidError):
        record_id = body.get("record_id")
        exc = cls(
            str(body.get("record", "")), record_id if isinstance(record_id, str) else None, issues
        )
    else:
        details = {k: v for k, v in body.items() if k not in ("code", "message")}
        exc = cls(message, **details)
    exc.details["status"] = response.status_code
    return exc


def unreachable(base_url: str, error: httpx.TransportError) -> e.ServiceUnreachableError:
    return e.ServiceUnreachableError(
        f"cannot reach graphmem at {base_url}: {type(error).__name__}: {error}", url=base_url
    )
