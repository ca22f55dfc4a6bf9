"""The context builder for agents: what one model call sees, within a token budget."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body

from graphmem.api.deps import GraphmemDep, ReaderDep
from graphmem.models.public import ContextPublic
from graphmem.read.context import ContextRequest

router = APIRouter(prefix="/v1/context", tags=["context"])


# exclude_unset: an item carries ``id`` and ``ref`` only when it stands for a memory or source
@router.post("", response_model=ContextPublic, response_model_exclude_unset=True)
def build_context(
    body: Annotated[ContextRequest, Body()], gm: GraphmemDep, principal: ReaderDep
) -> ContextPublic:
    """``{context_id, sections[{name, items[{id?, text, tokens}]}], text, tokens_used,
    budget_tokens, dropped[{id, section, reason}], selection{query_ids, selected_ids,
    positions}}``. Memories come through the retriever's hard filters (tenant from the key;
    a user key is limited to its own subject). A budget too small for the instruction and
    goal is a 422 naming ``budget_tokens``."""
    return gm.context(principal, body).public()
