"""What a retrieval answers: the ranked results with their breakdowns, the exclusions, and
the versions of the ranker and read policy that produced them (one shape everywhere: REST, the
SDK and the RetrievalLog read it from here).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from graphmem.ids import new_id
from graphmem.models.public import RetrievalPublic
from graphmem.read.ranking import Scored
from graphmem.store.base import Row

RETRIEVER_VERSION = "graphmem-ranker-6"
READ_POLICY_VERSION = "memory-read-1"


@dataclass
class RetrieveResult:
    query_id: str
    results: list[Scored]
    excluded: list[dict[str, str]]
    #: the memories ranked by the full score (phase 2)
    candidate_ids: list[str] = field(default_factory=list)
    #: how many memories phase 1 scored by semantic + lexical relevance
    candidate_count: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "query_id": self.query_id,
            "results": [
                {
                    "memory": public_row(s.row),
                    "score": round(s.score, 6),
                    "breakdown": {k: round(v, 6) for k, v in s.breakdown.items()},
                }
                for s in self.results
            ],
            "excluded": self.excluded,
            "retriever_version": RETRIEVER_VERSION,
            "policy_version": READ_POLICY_VERSION,
        }

    def public(self) -> RetrievalPublic:
        """The answer as REST and the client SDK give it (one shape everywhere)."""
        return RetrievalPublic.model_validate(self.as_dict())


def merge_results(parts: list[RetrieveResult]) -> RetrieveResult:
    """Several scopes' results as one: by score (then id), candidates and exclusions of all."""
    results = sorted((s for p in parts for s in p.results), key=lambda s: (-s.score, s.memory_id))
    excluded: dict[str, dict[str, str]] = {}
    for p in parts:
        for e in p.excluded:
            excluded.setdefault(e["memory_id"], e)
    return RetrieveResult(
        query_id=new_id("mq"),
        results=results,
        excluded=list(excluded.values()),
        candidate_ids=list(dict.fromkeys(i for p in parts for i in p.candidate_ids)),
        candidate_count=sum(p.candidate_count for p in parts),
    )


#: (``speakers``: the cited sources' speakers, read for the speaker key, not part of a memory)
_SCORING_ONLY = frozenset(("semantic", "lexical", "expansion", "speakers"))


def public_row(row: Row) -> dict[str, Any]:
    out = {k: v for k, v in row.items() if v is not None and k not in _SCORING_ONLY}
    if "environment_json" in out:
        out["environment"] = json.loads(out.pop("environment_json"))
    return out
