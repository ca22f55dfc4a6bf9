"""Consolidation (seed: "Episode에서 Semantic memory로 통합하기", steps 1–5): the episodes of a
subject or a namespace → clusters of similar episodes (:mod:`.similarity`, networkx) → candidate
insights with support, counter-support and a lower confidence bound (:mod:`.generator`) →
stored as insights that keep every source episode (``DERIVED_FROM`` with method and policy
version) and every counterexample (``COUNTEREXAMPLE_OF``). Steps 6–7 (review, promotion) are
:mod:`.review`.

A later run updates the insight with the same identity (scope, context, action, condition,
outcome) instead of adding another, links only the episodes that are new, and re-checks every
*approved* insight in scope against the episodes: one that tried its action under its
condition and ended otherwise is attached as a counterexample and the insight is REOPENED for
review. Nothing here writes a claim or a procedure: candidates only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel, Field, model_validator

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subject, require_unbound
from graphmem.clock import Clock, system_clock
from graphmem.embeddings.base import Embedder
from graphmem.errors import ForbiddenError
from graphmem.ids import new_id
from graphmem.learn.generator import (
    Candidate,
    ClusterEpisode,
    CounterRef,
    InsightGenerator,
    StatisticalGenerator,
)
from graphmem.learn.insight import (
    Insight,
    InsightKind,
    InsightOrigin,
    ReviewStatus,
)
from graphmem.learn.similarity import (
    EpisodeFeatures,
    SimilarityWeights,
    clusters,
    similarity_graph,
)
from graphmem.models.base import Record, dumps_canonical
from graphmem.models.enums import Outcome, Sensitivity
from graphmem.models.types import Key, SubjectRef, Timestamp, field_error, sha256_hash, subject_kind
from graphmem.store.base import GraphStore, Row

POLICY_VERSION = "learn-consolidate-1"
CONSOLIDATORS = frozenset({"agent", "admin", "reviewer"})
#: episodes one consolidation reads at most (the oldest first after ``since``)
MAX_EPISODES = 20_000


class ConsolidationRequest(Record):
    """``POST /v1/consolidations``: one subject's episodes, or one namespace's across the
    tenant's subjects (then ``subject_id`` names whom the insights are about, e.g. the org)."""

    subject_id: SubjectRef | None = None
    namespace: Key | None = None
    since: Timestamp | None = None
    min_support: int = Field(2, ge=2, le=1000)

    @model_validator(mode="after")
    def _scope(self) -> ConsolidationRequest:
        if self.subject_id is None:
            raise field_error(
                "subject_id",
                "required",
                "name the subject the insights are about (with namespace: e.g. the org)",
            )
        return self


class ConsolidationResult(BaseModel):
    """The answer of ``POST /v1/consolidations`` (also stored as a ConsolidationRun)."""

    run_id: str
    episodes: int
    clusters: int
    created: list[str] = Field(default_factory=list)
    updated: list[str] = Field(default_factory=list)
    reopened: list[str] = Field(default_factory=list)
    #: HIGH-sensitivity episodes left out (sealed content)
    skipped_sensitive: int = 0
    took_ms: float = 0.0
    policy_version: str = POLICY_VERSION
    generator: str = ""


def env_items(environment: Mapping[str, Any]) -> frozenset[str]:
    """An environment as condition items ``key=value`` (booleans as ``true``/``false``)."""
    out = set()
    for key, value in environment.items():
        shown = value if isinstance(value, str) else json.dumps(value)
        out.add(f"{key}={shown}")
    return frozenset(out)


def _episode(row: Row) -> ClusterEpisode:
    actions = json.loads(row.get("actions_json") or "[]")
    env = json.loads(row.get("environment_json") or "{}")
    try:
        outcome = Outcome(str(row.get("outcome") or "UNKNOWN"))
    except ValueError:
        outcome = Outcome.UNKNOWN
    return ClusterEpisode(
        memory_id=str(row["memory_id"]),
        goal=str(row.get("goal") or ""),
        actions=tuple(str(a.get("name")) if isinstance(a, dict) else str(a) for a in actions),
        outcome=outcome,
        environment=env_items(env),
        failure_code=row.get("failure_code"),
        procedure=row.get("procedure"),
        root_cause=row.get("root_cause"),
        run_id=row.get("run_id"),
    )


def _features(episodes: Sequence[ClusterEpisode], embedder: Embedder) -> EpisodeFeatures:
    goals = sorted({e.goal for e in episodes})
    row = {g: i for i, g in enumerate(goals)}
    return EpisodeFeatures(
        goals=embedder.encode(goals),
        goal_ids=np.array([row[e.goal] for e in episodes], dtype=np.int64),
        failure_codes=[e.failure_code for e in episodes],
        procedures=[e.procedure.split("@", 1)[0] if e.procedure else None for e in episodes],
        environments=[e.environment for e in episodes],
    )


def insight_key(
    tenant_id: str, subject_id: str, namespace: str | None, candidate: Candidate
) -> str:
    return sha256_hash(
        dumps_canonical(
            {
                "tenant": tenant_id,
                "subject": subject_id,
                "namespace": namespace,
                "context": list(candidate.context),
                "action": candidate.action,
                "condition": sorted(candidate.condition),
                "outcome": str(candidate.outcome) if candidate.outcome else None,
            }
        )
    )


def _counter_rows(counters: Sequence[CounterRef]) -> list[dict[str, Any]]:
    return [
        {
            "episode_id": c.episode_id,
            "within_condition": c.within_condition,
            "root_cause": c.root_cause,
        }
        for c in counters
    ]


def contradicts(insight: Insight, episode: ClusterEpisode) -> bool:
    """Whether ``episode`` tried the insight's action under its condition and context and
    ended otherwise (a counterexample that reopens an approved insight)."""
    if not insight.action or insight.outcome is None or insight.action not in episode.actions:
        return False
    if episode.outcome in (Outcome.UNKNOWN, insight.outcome):
        return False
    facts = set(episode.environment)
    facts |= {f"failure_code={episode.failure_code}"} if episode.failure_code else set()
    if episode.procedure:
        facts.add(f"procedure={episode.procedure}")
    return set(insight.condition) <= facts and set(insight.context) <= facts


class Consolidator:
    """Runs consolidations on one store. ``generator`` is pluggable (default: statistical)."""

    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        *,
        clock: Clock = system_clock,
        generator: InsightGenerator | None = None,
        weights: SimilarityWeights | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.clock = clock
        self.generator: InsightGenerator = generator or StatisticalGenerator()
        self.weights = weights or SimilarityWeights()

    def consolidate(
        self,
        principal: Principal,
        request: ConsolidationRequest,
        progress: Callable[[str], None] | None = None,
    ) -> ConsolidationResult:
        """Authorise, then :meth:`run`. A bound key may consolidate a subject it may read;
        a namespace across subjects needs an unbound key."""
        if not principal.has_any(*CONSOLIDATORS):
            raise ForbiddenError(
                "consolidation needs an agent, admin or reviewer key",
                required_roles=sorted(CONSOLIDATORS),
            )
        assert request.subject_id is not None
        read_subject(principal, request.subject_id)
        if request.namespace is not None:
            require_unbound(principal, "consolidation of a namespace across subjects")
        return self.run(principal.tenant_id, principal.principal_id, request, progress)

    def run(
        self,
        tenant_id: str,
        actor: str,
        request: ConsolidationRequest,
        progress: Callable[[str], None] | None = None,
    ) -> ConsolidationResult:
        """One consolidation; ``progress`` gets a line after each phase (read, clustered,
        stored, challenged), with the seconds since the start."""
        started = time.perf_counter()

        def phase(what: str) -> None:
            if progress is not None:
                progress(f"{what} · {time.perf_counter() - started:.1f} s")

        assert request.subject_id is not None
        now = self.clock()
        rows = self.store.read(
            "learn/episode_scope",
            {
                "tenant_id": tenant_id,
                # a namespace spans the tenant's subjects; otherwise the subject's own episodes
                "subject_id": None if request.namespace is not None else request.subject_id,
                "namespace": request.namespace,
                "since": request.since,
                "now": now,
                "limit": MAX_EPISODES,
            },
        )
        # HIGH-sensitivity episodes are sealed under their subject's key: their content would
        # leak into a LOW insight, so they are left to expiry and erasure (as in compaction)
        readable = [
            r
            for r in rows
            if r.get("sensitivity") not in (Sensitivity.HIGH, Sensitivity.RESTRICTED)
        ]
        episodes = [_episode(r) for r in readable]
        phase(f"read {len(episodes)} episodes ({len(rows) - len(readable)} sealed, skipped)")
        result = ConsolidationResult(
            run_id=new_id("cons"),
            episodes=len(episodes),
            clusters=0,
            skipped_sensitive=len(rows) - len(readable),
            generator=self.generator.name,
        )
        groups: list[list[ClusterEpisode]] = []
        if episodes:
            graph = similarity_graph(_features(episodes, self.embedder), self.weights)
            groups = [
                [episodes[i] for i in c]
                for c in clusters(graph, self.weights)
                if len(c) >= request.min_support
            ]
        result.clusters = len(groups)
        phase(f"{len(groups)} clusters of ≥ {request.min_support} episodes")
        candidates = [
            (c, len(g)) for g in groups for c in self.generator.generate(g, request.min_support)
        ]
        self._store(tenant_id, request, candidates, now, result)
        phase(f"{len(candidates)} candidate insights stored")
        self._challenge(tenant_id, request, episodes, now, result)
        phase("approved insights checked against new counterexamples")
        result.took_ms = round((time.perf_counter() - started) * 1000, 1)
        self._receipt(tenant_id, actor, request, now, result)
        return result

    # -- storing candidates ---------------------------------------------------------------
    def _store(
        self,
        tenant_id: str,
        request: ConsolidationRequest,
        candidates: list[tuple[Candidate, int]],
        now: str,
        result: ConsolidationResult,
    ) -> None:
        assert request.subject_id is not None
        keyed = {
            insight_key(tenant_id, request.subject_id, request.namespace, c): (c, size)
            for c, size in candidates
        }
        existing = {
            str(r["i"]["insight_key"]): r
            for r in self.store.read(
                "learn/insight_by_keys", {"tenant_id": tenant_id, "insight_keys": sorted(keyed)}
            )
        }
        for key, (cand, size) in sorted(keyed.items()):
            found = existing.get(key)
            edges = {
                "tenant_id": tenant_id,
                "support_ids": list(cand.support_ids),
                "counterexamples": _counter_rows(cand.counterexamples),
                "method": cand.method,
                "policy_version": POLICY_VERSION,
                "now": now,
            }
            if found is None:
                insight = self._new_insight(tenant_id, request, key, cand, size, now)
                self.store.write(
                    "learn/insight_create",
                    {
                        **edges,
                        "subject_id": insight.subject_id,
                        "subject_key": f"{tenant_id}|{insight.subject_id}",
                        "subject_kind": str(subject_kind(insight.subject_id)),
                        "insight": insight.to_graph_properties(),
                    },
                )
                result.created.append(insight.memory_id)
                continue
            old = Insight.from_graph(found["i"])
            linked = set(found.get("counters") or [])
            fresh = [
                c for c in cand.counterexamples if c.within_condition and c.episode_id not in linked
            ]
            changes: dict[str, Any] = {"updated_at": now}
            if old.review_status is ReviewStatus.APPROVED:
                if fresh:
                    changes["review_status"] = str(ReviewStatus.REOPENED)
                    result.reopened.append(old.memory_id)
            else:
                changes |= _counts(cand, size)
            self.store.write(
                "learn/insight_update", {**edges, "memory_id": old.memory_id, "changes": changes}
            )
            result.updated.append(old.memory_id)

    def _new_insight(
        self,
        tenant_id: str,
        request: ConsolidationRequest,
        key: str,
        cand: Candidate,
        size: int,
        now: str,
    ) -> Insight:
        assert request.subject_id is not None
        return Insight.model_validate(
            {
                "memory_id": new_id("ins"),
                "tenant_id": tenant_id,
                "subject_id": request.subject_id,
                "namespace": request.namespace,
                "insight_key": key,
                "kind": cand.kind,
                "origin": InsightOrigin.CONSOLIDATION,
                "text": cand.statement,
                "action": cand.action,
                "condition": list(cand.condition),
                "outcome": cand.outcome,
                "context": list(cand.context),
                "generator": self.generator.name,
                "method": cand.method,
                "policy_version": POLICY_VERSION,
                "write_policy_version": POLICY_VERSION,
                "content_hash": sha256_hash(cand.statement),
                "recorded_at": now,
                "valid_from": now,
                **_counts(cand, size),
            }
        )

    # -- re-checking approved insights ------------------------------------------------------
    def _challenge(
        self,
        tenant_id: str,
        request: ConsolidationRequest,
        episodes: Sequence[ClusterEpisode],
        now: str,
        result: ConsolidationResult,
    ) -> None:
        rows = self.store.read(
            "learn/insight_approved",
            {
                "tenant_id": tenant_id,
                "subject_id": request.subject_id,
                "namespace": request.namespace,
            },
        )
        for row in rows:
            insight = Insight.from_graph(row["i"])
            if insight.memory_id in result.reopened:
                continue
            known = set(row.get("counters") or []) | set(row.get("sources") or [])
            new = [e for e in episodes if e.memory_id not in known and contradicts(insight, e)]
            if new:
                reopen(self.store, tenant_id, insight, new, now)
                result.reopened.append(insight.memory_id)

    def _receipt(
        self,
        tenant_id: str,
        actor: str,
        request: ConsolidationRequest,
        now: str,
        result: ConsolidationResult,
    ) -> None:
        self.store.write(
            "learn/consolidation_receipt",
            {
                "run": {
                    "run_id": result.run_id,
                    "tenant_id": tenant_id,
                    "actor": actor,
                    "subject_id": request.subject_id,
                    "namespace": request.namespace,
                    "since": request.since,
                    "min_support": request.min_support,
                    "episodes": result.episodes,
                    "clusters": result.clusters,
                    "created_ids": result.created,
                    "updated_ids": result.updated,
                    "reopened_ids": result.reopened,
                    "generator": result.generator,
                    "policy_version": POLICY_VERSION,
                    "took_ms": result.took_ms,
                    "recorded_at": now,
                }
            },
        )


def _counts(cand: Candidate, size: int) -> dict[str, Any]:
    return {
        "support": cand.support,
        "counter_support": cand.counter_support,
        "explained": cand.explained,
        "success_rate": cand.success_rate,
        "lower_bound": cand.lower_bound,
        "confidence": cand.lower_bound,
        "cluster_size": size,
    }


def reopen(
    store: GraphStore,
    tenant_id: str,
    insight: Insight,
    counterexamples: Sequence[ClusterEpisode],
    now: str,
) -> None:
    """Attach new counterexamples to an approved insight and reopen it for review."""
    store.write(
        "learn/insight_update",
        {
            "tenant_id": tenant_id,
            "memory_id": insight.memory_id,
            "changes": {
                "review_status": str(ReviewStatus.REOPENED),
                "counter_support": insight.counter_support + len(counterexamples),
                "updated_at": now,
            },
            "support_ids": [],
            "counterexamples": _counter_rows(
                [CounterRef(e.memory_id, e.outcome, True, e.root_cause) for e in counterexamples]
            ),
            "method": insight.method,
            "policy_version": POLICY_VERSION,
            "now": now,
        },
    )


def episode_from_row(row: Row) -> ClusterEpisode:
    """A stored episode's row (``learn/episode_scope`` columns) as the generator sees it."""
    return _episode(row)


__all__ = [
    "CONSOLIDATORS",
    "POLICY_VERSION",
    "ConsolidationRequest",
    "ConsolidationResult",
    "Consolidator",
    "InsightKind",
    "contradicts",
    "env_items",
    "episode_from_row",
    "insight_key",
    "reopen",
]
