"""The RetrievalLog record of one retrieval: who asked what about whom, which memories were
candidates, which were selected with their scores, which were excluded and why, and the versions
of the ranker, read policy and embedding that answered (the query itself only as a hash)."""

from __future__ import annotations

import json
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.models.types import sha256_hash
from graphmem.read.request import RetrieveRequest
from graphmem.read.result import READ_POLICY_VERSION, RETRIEVER_VERSION, RetrieveResult


def retrieval_log(
    principal: Principal,
    request: RetrieveRequest,
    result: RetrieveResult,
    now: str,
    embedding_version: str,
) -> dict[str, Any]:
    """What :class:`graphmem.read.log_sink.LogSink` writes for a ``retrieve`` call."""
    return {
        "query_id": result.query_id,
        "tenant_id": principal.tenant_id,
        "actor": principal.principal_id,
        "subject_id": request.subject_id or principal.subject_id,
        "purpose": request.purpose,
        "kind": "retrieve",
        "query_hash": sha256_hash(request.query),
        "candidate_ids": result.candidate_ids,
        "candidate_count": result.candidate_count,
        "selected_ids": [s.memory_id for s in result.results],
        "filter_reasons_json": json.dumps(
            {e["memory_id"]: e["reason"] for e in result.excluded}, sort_keys=True
        ),
        "scores_json": json.dumps(
            {s.memory_id: round(s.score, 6) for s in result.results}, sort_keys=True
        ),
        "k": request.k,
        "retriever_version": RETRIEVER_VERSION,
        "policy_version": READ_POLICY_VERSION,
        "embedding_version": embedding_version,
        "valid_at": request.valid_at,
        "known_at": request.known_at,
        "recorded_at": now,
    }
