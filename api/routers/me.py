"""A user's own memories: the subject comes from the key, never from the request."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.deps import GraphmemDep, PrincipalDep
from graphmem.errors import ForbiddenError
from graphmem.models.enums import MemoryStatus, MemoryType

router = APIRouter(prefix="/v1/me", tags=["me"])


@router.get("/memories")
def my_memories(
    gm: GraphmemDep,
    principal: PrincipalDep,
    type: MemoryType | None = None,
    status: MemoryStatus | None = None,
    valid_at: Annotated[str | None, Query(description="true at this time (ISO-8601)")] = None,
    known_at: Annotated[str | None, Query(description="as believed at this time")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    """What is remembered about the caller's own subject (any role; the key must name one),
    with the same time travel as ``GET /v1/memories``."""
    if principal.subject_id is None:
        raise ForbiddenError(
            "this key is not bound to a subject; /v1/me needs a subject-bound key",
            field="subject_id",
            rule="subject_bound_key",
        )
    memories = gm.memories(
        principal,
        subject_id=principal.subject_id,
        type=type,
        status=status,
        valid_at=valid_at,
        known_at=known_at,
        limit=limit,
        offset=offset,
    )
    return {"subject_id": principal.subject_id, "memories": memories, "count": len(memories)}
