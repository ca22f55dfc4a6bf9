"""Evidence: messages, tool results, document revisions."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from pydantic import BaseModel

from graphmem.api.deps import GraphmemDep, WriterDep
from graphmem.write.sources import SourceCreate

router = APIRouter(prefix="/v1/sources", tags=["sources"])


class SourcePublic(BaseModel):
    source_id: str
    content_hash: str
    kind: str
    authenticated: bool
    speaker: str | None = None
    subject_id: str | None = None
    revision: str | None = None
    uri: str | None = None
    previous_source_id: str | None = None
    redactions: list[str] = []
    recorded_at: str


@router.post("", status_code=201)
def create_source(
    body: Annotated[SourceCreate, Body()], gm: GraphmemDep, principal: WriterDep
) -> SourcePublic:
    """Record evidence. The server computes the content hash; who spoke, and whether that is
    authenticated, comes from the key. Secrets in the content are redacted before storage."""
    source = gm.record_source(principal, body)
    return SourcePublic.model_validate(source.model_dump(mode="json"), from_attributes=False)
