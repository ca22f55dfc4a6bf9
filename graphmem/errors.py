"""graphmem's exception hierarchy.

Every error a caller can see is a :class:`GraphmemError`. Engine drivers' exceptions never
escape the store layer: :mod:`graphmem.store.error_map` translates them in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class GraphmemError(Exception):
    """Base of every error graphmem raises on purpose."""

    code: str = "GRAPHMEM_ERROR"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        """``{code, message, …details}``; an error about one field (``field`` and ``rule`` in
        its details) also names it in ``errors``, as a validation error does, so clients read
        every field-level refusal in one place."""
        out = {"code": self.code, "message": self.message, **self.details}
        field, rule = self.details.get("field"), self.details.get("rule")
        if isinstance(field, str) and isinstance(rule, str) and "errors" not in out:
            out["errors"] = [FieldIssue(field, rule, self.message).to_dict()]
        return out


class ConfigError(GraphmemError):
    """Settings are missing, contradictory or unsafe (e.g. persistence turned off)."""

    code = "CONFIG_ERROR"


@dataclass(frozen=True)
class FieldIssue:
    """One broken rule on one field: ``field`` is a dotted path, ``rule`` a stable code."""

    field: str
    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "rule": self.rule, "message": self.message}


class ValidationError(GraphmemError):
    """Input broke one or more rules. Each issue names the field and the rule."""

    code = "VALIDATION_ERROR"

    def __init__(self, issues: list[FieldIssue]) -> None:
        self.issues = issues
        summary = "; ".join(f"{i.field}: {i.rule} ({i.message})" for i in issues)
        super().__init__(f"invalid input: {summary}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "errors": [i.to_dict() for i in self.issues],
        }


class StoredRecordInvalidError(GraphmemError):
    """A record read back from the graph does not match its model: a node written by hand (an
    admin's Cypher, an import) or by an older release lacks a field or holds one of the wrong
    type. The stored data is at fault, not the caller's input, so this is a server-side error
    (500) naming the record, its id and each field with its rule; a listing skips such a record
    and reports it under ``skipped`` instead (:mod:`graphmem.paging`). It names nothing but what
    the caller's own read matched, so it cannot show another tenant's data."""

    code = "STORED_RECORD_INVALID"

    def __init__(self, record: str, record_id: str | None, issues: list[FieldIssue]) -> None:
        self.record = record
        self.record_id = record_id
        self.issues = issues
        summary = "; ".join(f"{i.field}: {i.rule} ({i.message})" for i in issues)
        super().__init__(
            f"stored {record} {record_id!r} does not match its model: {summary}",
            record=record,
            record_id=record_id,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "record": self.record,
            "record_id": self.record_id,
            "errors": [i.to_dict() for i in self.issues],
        }


class NotFoundError(GraphmemError):
    code = "NOT_FOUND"


class AuthError(GraphmemError):
    code = "AUTH_ERROR"


class UnauthenticatedError(AuthError):
    """No credential, or one that matches no key."""

    code = "UNAUTHENTICATED"


class ForbiddenError(AuthError):
    """The principal is known but lacks the role for the action."""

    code = "FORBIDDEN"


class QueryError(GraphmemError):
    """A named query was misused: unknown name, wrong parameters, write in a read context."""

    code = "QUERY_ERROR"


class UnknownQueryError(QueryError):
    code = "UNKNOWN_QUERY"


class QueryParameterError(QueryError):
    code = "QUERY_PARAMETERS"


class ReadOnlyViolationError(QueryError):
    code = "READ_ONLY_VIOLATION"


class EngineError(GraphmemError):
    """The graph engine failed. Subclasses say whether a retry can help."""

    code = "ENGINE_ERROR"


class EngineUnavailableError(EngineError):
    """Cannot reach the engine (connection refused, socket gone, server loading)."""

    code = "ENGINE_UNAVAILABLE"


class ServiceUnreachableError(EngineUnavailableError):
    """The client SDK could not reach the graphmem service (connection refused, timed out)."""

    code = "SERVICE_UNREACHABLE"


class EngineStartError(EngineError):
    """The embedded engine process could not be started or did not become ready."""

    code = "ENGINE_START_FAILED"


class DataDirLockedError(EngineError):
    """Another process owns the data directory and its server cannot be joined."""

    code = "DATA_DIR_LOCKED"


class QueryTimeoutError(EngineError):
    """The engine cancelled a query that ran past its time limit (nothing it wrote stays)."""

    code = "QUERY_TIMEOUT"


class EngineBusyError(EngineError):
    """A bounded resource (the analyst query slot) stayed taken past the wait allowed."""

    code = "ENGINE_BUSY"


class TransientEngineError(EngineError):
    """A retry may succeed (deadlock, leader switch, timeout)."""

    code = "ENGINE_TRANSIENT"


class ConstraintViolationError(EngineError):
    """A uniqueness or existence constraint refused the write."""

    code = "CONSTRAINT_VIOLATION"


class StaleVersionError(ConstraintViolationError):
    """A compare-and-set write named a version that is no longer the latest (a checkpoint
    written on a stale read): nothing was written; read the latest and retry."""

    code = "STALE_VERSION"


class RunEndedError(ConstraintViolationError):
    """The run has ended: its state is final (it is kept until its retention ends)."""

    code = "RUN_ENDED"


class ReviewStateError(ConstraintViolationError):
    """A review of something no longer in review (an insight already approved, rejected or
    revoked, or reviewed concurrently): nothing was written."""

    code = "REVIEW_STATE"


class CypherError(EngineError):
    """The engine refused the query text itself (syntax, unknown function, type error)."""

    code = "CYPHER_ERROR"


class InternalError(GraphmemError):
    """A fault of graphmem's own that no other error names (a bug, not the caller's mistake)."""

    code = "INTERNAL_ERROR"


class EmbeddingError(GraphmemError):
    code = "EMBEDDING_ERROR"
