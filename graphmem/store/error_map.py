"""The one place where engine and driver exceptions become graphmem errors."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import redis.exceptions as rx

from graphmem.errors import (
    ConstraintViolationError,
    CypherError,
    EngineError,
    EngineUnavailableError,
    GraphmemError,
    QueryTimeoutError,
    TransientEngineError,
)

TIMED_OUT = "the query ran past its time limit and was cancelled"

_FALKOR_CONSTRAINT = ("unique constraint violation", "mandatory constraint violation")
_FALKOR_CYPHER = (
    "invalid input",
    "unknown function",
    "not defined",
    "syntax error",
    "type mismatch",
    "errmsg",
    "unhandled",
    "expected",
    "is not supported",
    # run-time errors of the query's own values
    "division by zero",
    "must be a non-negative",
    "argumenterror",
    "cannot merge",
    "unable to resolve",
    "invalid use of",
)


def translate(exc: BaseException, engine: str) -> GraphmemError:
    """Map a driver exception to graphmem's hierarchy; the original stays as ``__cause__``."""
    if isinstance(exc, GraphmemError):
        return exc
    text = str(exc) or type(exc).__name__
    # FalkorDB (redis protocol)
    if isinstance(exc, rx.BusyLoadingError):
        return EngineUnavailableError(f"{engine} is loading its data: {text}", engine=engine)
    if isinstance(exc, (rx.ConnectionError, rx.TimeoutError, ConnectionError, TimeoutError)):
        return EngineUnavailableError(f"{engine} unreachable: {text}", engine=engine)
    if isinstance(exc, rx.ResponseError):
        lowered = text.lower()
        if "query timed out" in lowered:
            return QueryTimeoutError(f"{TIMED_OUT} ({engine}: {text})", engine=engine)
        if any(k in lowered for k in _FALKOR_CONSTRAINT):
            return ConstraintViolationError(text, engine=engine)
        if "readonly" in lowered or "read-only" in lowered or "graph.ro_query" in lowered:
            return CypherError(f"write refused in read-only execution: {text}", engine=engine)
        if any(k in lowered for k in _FALKOR_CYPHER):
            return CypherError(text, engine=engine)
        return EngineError(text, engine=engine)
    # Neo4j (official driver). Not imported here: a process on FalkorDB never loads the
    # driver (0.2 s of every start), and without it loaded no exception can be one of its.
    neo = sys.modules.get("neo4j.exceptions")
    if neo is None:
        return EngineError(f"{type(exc).__name__}: {text}", engine=engine)
    code = getattr(exc, "code", "") or ""
    if "TransactionTimedOut" in code:
        return QueryTimeoutError(f"{TIMED_OUT} ({engine}: {text})", engine=engine)
    if isinstance(exc, neo.ConstraintError):
        return ConstraintViolationError(text, engine=engine)
    if isinstance(exc, (neo.ServiceUnavailable, neo.SessionExpired)):
        return EngineUnavailableError(f"{engine} unreachable: {text}", engine=engine)
    if isinstance(exc, neo.TransientError):
        return TransientEngineError(text, engine=engine)
    if isinstance(exc, neo.AuthError):
        return EngineUnavailableError(f"{engine} refused the credentials: {text}", engine=engine)
    if isinstance(exc, (neo.CypherSyntaxError, neo.CypherTypeError)):
        return CypherError(text, engine=engine)
    if isinstance(exc, neo.ClientError):
        if "AccessMode" in code or "ForbiddenOnReadOnlyDatabase" in code:
            return CypherError(f"write refused in read-only execution: {text}", engine=engine)
        if ".Statement." in code or ".Procedure." in code or ".Schema." in code:
            return CypherError(text, engine=engine)
        return EngineError(text, engine=engine)
    if isinstance(exc, neo.DriverError | neo.Neo4jError):
        return EngineError(text, engine=engine)
    return EngineError(f"{type(exc).__name__}: {text}", engine=engine)


@contextmanager
def engine_errors(engine: str) -> Iterator[None]:
    try:
        yield
    except GraphmemError:
        raise
    except Exception as exc:
        raise translate(exc, engine) from exc
