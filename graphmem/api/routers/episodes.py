"""Episodes: what happened in a run, recorded through the write gate (graphmem.learn.episodes)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Response, status

from graphmem.api.deps import GraphmemDep, IdempotencyHeader, WriterDep
from graphmem.learn.episodes import EpisodeCreate, EpisodeRecorded

router = APIRouter(prefix="/v1/episodes", tags=["episodes"])


@router.post(
    "",
    response_model=EpisodeRecorded,
    status_code=201,
    responses={
        200: {
            "model": EpisodeRecorded,
            "description": "not committed (REJECTED, NEEDS_CONFIRMATION, DUPLICATE): "
            "the receipt says why",
        }
    },
)
def record_episode(
    body: Annotated[EpisodeCreate, Body()],
    gm: GraphmemDep,
    principal: WriterDep,
    response: Response,
    idempotency_key: IdempotencyHeader = None,
) -> EpisodeRecorded:
    """Record an episode as an EPISODIC proposal: 201 with the write receipt when committed,
    200 with it otherwise (REJECTED, NEEDS_CONFIRMATION, DUPLICATE: the receipt says why).
    Feedback shaped like a standing rule is taken out and filed as a user-scoped candidate
    insight (``instruction_insight_id``); an approved insight the episode contradicts is
    reopened (``reopened``)."""
    if idempotency_key is not None and body.idempotency_key is None:
        body = body.model_copy(update={"idempotency_key": idempotency_key})
    recorded = gm.record_episode(principal, body)
    if recorded.episode_id is None or str(recorded.decision) != "COMMITTED":
        response.status_code = status.HTTP_200_OK
    return recorded
