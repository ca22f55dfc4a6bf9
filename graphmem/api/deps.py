"""Request dependencies: the service, and the caller's principal from the bearer key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from graphmem.auth.keys import resolve_key
from graphmem.auth.principal import ADMINS, ANALYSTS, READERS, REVOKERS, WRITERS, Principal
from graphmem.errors import FieldIssue, ForbiddenError, ValidationError
from graphmem.limits import MAX_CURSOR_CHARS, MAX_PAGE
from graphmem.models.enums import MemoryStatus, MemoryType
from graphmem.models.types import ID_PATTERN, SubjectRef
from graphmem.service import Graphmem
from graphmem.state.access import RUN_READERS, RUN_WRITERS

_bearer = HTTPBearer(auto_error=False, description="graphmem API key: gm_<id>_<secret>")


def get_graphmem(request: Request) -> Graphmem:
    gm: Graphmem = request.app.state.graphmem
    return gm


GraphmemDep = Annotated[Graphmem, Depends(get_graphmem)]


def get_principal(
    gm: GraphmemDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    return resolve_key(gm.store, credentials.credentials if credentials else None)


PrincipalDep = Annotated[Principal, Depends(get_principal)]


def require_roles(*roles: str) -> Callable[[Principal], Principal]:
    def _check(principal: PrincipalDep) -> Principal:
        if not principal.has_any(*roles):
            raise ForbiddenError(
                f"this action needs one of the roles: {', '.join(roles)}",
                required_roles=list(roles),
            )
        return principal

    return _check


AnalystDep = Annotated[Principal, Depends(require_roles(*ANALYSTS))]
AdminDep = Annotated[Principal, Depends(require_roles(*ADMINS))]
WriterDep = Annotated[Principal, Depends(require_roles(*WRITERS))]
ReaderDep = Annotated[Principal, Depends(require_roles(*READERS))]
RevokerDep = Annotated[Principal, Depends(require_roles(*REVOKERS))]
RunWriterDep = Annotated[Principal, Depends(require_roles(*sorted(RUN_WRITERS)))]
RunReaderDep = Annotated[Principal, Depends(require_roles(*sorted(RUN_READERS)))]


#: an id in a path (memory, receipt, source): the record id pattern, at most 200 characters
IdPath = Annotated[str, Path(min_length=1, max_length=200, pattern=ID_PATTERN)]
#: a subject ``kind:id`` in a path
SubjectPath = Annotated[SubjectRef, Path()]
#: a page of a listing: how many rows (graphmem.paging cuts pages by cursor, never by offset)
Limit = Annotated[int, Query(ge=1, le=MAX_PAGE)]
#: an optional subject filter in a query string
SubjectQuery = Annotated[SubjectRef | None, Query()]
#: a listing's ``next_cursor`` from the page before (opaque: pass it back as it came)
CursorQuery = Annotated[
    str | None,
    # no pattern: a damaged cursor is ``invalid`` whatever its characters (graphmem.paging)
    Query(
        max_length=MAX_CURSOR_CHARS,
        description="next_cursor of the page before, with the same filters",
    ),
]


@dataclass(frozen=True)
class MemoryFilters:
    """The time-travel listing's query parameters, shared by ``/v1/memories`` and
    ``/v1/me/memories``."""

    type: MemoryType | None
    status: MemoryStatus | None
    valid_at: str | None
    known_at: str | None

    def as_kwargs(self) -> dict[str, Any]:
        return asdict(self)


def memory_filters(
    type: MemoryType | None = None,
    status: MemoryStatus | None = None,
    valid_at: Annotated[str | None, Query(description="true at this time (ISO-8601)")] = None,
    known_at: Annotated[str | None, Query(description="as believed at this time")] = None,
) -> MemoryFilters:
    return MemoryFilters(type, status, valid_at, known_at)


MemoryFiltersDep = Annotated[MemoryFilters, Depends(memory_filters)]


@dataclass(frozen=True)
class Paging:
    """A listing's page: how many rows, and the cursor of the page before (graphmem.paging)."""

    limit: int
    cursor: str | None


def paging(
    limit: Limit = 100,
    cursor: CursorQuery = None,
    offset: Annotated[str | None, Query(include_in_schema=False)] = None,
) -> Paging:
    """Every listing's ``limit`` and ``cursor``. ``offset`` (offered before cursors) is a 422
    rather than ignored: ignored, a client paging by offset would read the first page again."""
    if offset is not None:
        raise ValidationError(
            [
                FieldIssue(
                    "offset",
                    "replaced_by_cursor",
                    "pages are cut by cursor: pass the page's next_cursor as cursor",
                )
            ]
        )
    return Paging(limit, cursor)


PagingDep = Annotated[Paging, Depends(paging)]

#: the ``Idempotency-Key`` header of a write (an id: blank or odd keys are a 422)
IdempotencyHeader = Annotated[
    str | None,
    Header(
        max_length=200,
        pattern=ID_PATTERN,
        description="the first receipt is returned for a repeated key, and nothing is written",
    ),
]
