"""Evidence: messages, tool results, document revisions."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body

from graphmem.api.deps import GraphmemDep, WriterDep
from graphmem.models.public import SourcePublic
from graphmem.write.sources import SourceCreate

router = APIRouter(prefix="/v1/sources", tags=["sources"])


@router.post("", status_code=201, response_model=SourcePublic)
def create_source(
    body: Annotated[SourceCreate, Body()], gm: GraphmemDep, principal: WriterDep
) -> SourcePublic:
    """Record evidence. The server computes the content hash; who spoke, and whether that is
    authenticated, comes from the key. Secrets in the content are redacted before storage."""
    source = gm.record_source(principal, body)
    return SourcePublic.pick(source.model_dump(mode="json"))
