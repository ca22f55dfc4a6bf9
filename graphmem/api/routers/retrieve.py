"""Retrieval for agents: hard filters, then ranking with explanations."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from graphmem.api.deps import GraphmemDep, ReaderDep
from graphmem.models.public import RetrievalPublic
from graphmem.read.retrieve import RetrieveRequest

router = APIRouter(prefix="/v1/retrieve", tags=["retrieve"])


@router.post("", response_model=RetrievalPublic)
def retrieve(
    body: Annotated[RetrieveRequest, Body()], gm: GraphmemDep, principal: ReaderDep
) -> JSONResponse:
    """``{query_id, results[{memory, score, breakdown}], excluded[{memory_id, reason}]}``.
    The tenant comes from the key; a user key is limited to its own subject."""
    # already JSON-native and shaped as RetrievalPublic (the tests hold it to the model):
    # skip FastAPI's validation and recursive encoder on the hot path
    return JSONResponse(gm.retrieve(principal, body).as_dict())
