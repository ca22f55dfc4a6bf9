"""The full score of a hydrated candidate, with its breakdown (the seed's formula):

    score = α·semantic + λ·lexical + β·entity + γ·recency + δ·importance + ε·authority
            + ζ·outcome − η·conflict − θ·staleness

Weights are versioned with the retriever (``RETRIEVER_VERSION``); every result carries the
breakdown. Exact entity/predicate matches count more than similarity, episodes also match the
run's environment, tool version and failure code, and failures are kept (they warn) but rank a
little below successes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from graphmem.models.enums import Authority, MemoryType
from graphmem.store.base import Row
from graphmem.timeutil import parse_iso


@dataclass(frozen=True)
class Weights:
    semantic: float = 1.0
    #: BM25 over the candidate pool, divided by the pool's best: a memory holding every rare
    #: query word counts as much as a perfect cosine
    lexical: float = 1.0
    entity: float = 0.3
    recency: float = 0.05
    importance: float = 0.05
    authority: float = 0.1
    outcome: float = 0.05
    conflict: float = 0.2
    staleness: float = 0.3
    recency_half_life_days: float = 180.0


@dataclass
class Scored:
    row: Row
    score: float
    breakdown: dict[str, float]

    @property
    def memory_id(self) -> str:
        return str(self.row["memory_id"])


def _entity_match(row: Row, qset: set[str], state: Mapping[str, Any]) -> float:
    """Exact matches count more than similarity: predicate tokens, object, and for episodes the
    state's environment, tool version and failure code."""
    score = 0.0
    predicate = str(row.get("predicate") or "")
    if predicate:
        tokens = [t for t in predicate.split("_") if len(t) >= 3]
        if tokens:
            score += sum(t in qset for t in tokens) / len(tokens)
    obj = row.get("object")
    if obj is not None and str(obj).lower() in qset:
        score += 0.5
    if row.get("type") == MemoryType.EPISODIC:
        env = json.loads(row.get("environment_json") or "{}")
        want = state.get("environment") or {}
        if want:
            score += sum(1 for k, v in want.items() if env.get(k) == v) / len(want)
        for key in ("tool_version", "failure_code"):
            if state.get(key) and state.get(key) == row.get(key):
                score += 0.5
    return min(score, 2.0)


def _recency(row: Row, now: Any, half_life_days: float) -> float:
    stamp = row.get("valid_from") or row.get("recorded_at")
    if not stamp:
        return 0.0
    age = max((now - parse_iso(stamp)).total_seconds() / 86400.0, 0.0)
    return math.exp(-math.log(2) * age / half_life_days)


_AUTH_MAX = max(a.rank for a in Authority)


def _authority(value: Any) -> float:
    try:
        return Authority(value).rank / _AUTH_MAX
    except ValueError:
        return 0.0


def _outcome(row: Row) -> float:
    """Failures are kept (they warn), but successes rank a little higher."""
    return {"SUCCESS": 1.0, "PARTIAL": 0.6, "FAILURE": 0.4}.get(str(row.get("outcome")), 0.5)


def score_rows(
    rows: Sequence[Row],
    weights: Weights,
    query_terms: list[str],
    state: Mapping[str, Any],
    now: str,
) -> list[Scored]:
    """Semantic and lexical relevance (from phase 1) fused by weight with the rest, best
    first. The lexical part is Okapi BM25 over phase 1's rows, divided by their best: a
    lexical query's own score only nominates candidates (a full-text index's length
    normalisation lets a short memory holding one common word outrank the one that holds the
    rare words)."""
    w = weights
    now_dt = parse_iso(now)
    qset = set(query_terms)
    out = []
    for r in rows:
        parts = {
            "semantic": w.semantic * float(r.get("semantic") or 0.0),
            "lexical": w.lexical * float(r.get("lexical") or 0.0),
            "entity": w.entity * _entity_match(r, qset, state),
            "recency": w.recency * _recency(r, now_dt, w.recency_half_life_days),
            "importance": w.importance * float(r.get("importance") or 0.5),
            "authority": w.authority * _authority(r.get("authority")),
            "outcome": w.outcome * _outcome(r),
            "conflict": -w.conflict * (1.0 if r.get("open_conflicts") else 0.0),
            "staleness": -w.staleness * (1.0 if r.get("stale_sources") else 0.0),
        }
        out.append(Scored(r, sum(parts.values()), parts))
    out.sort(key=lambda s: s.score, reverse=True)
    return out
