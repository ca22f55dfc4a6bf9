"""Compaction (seed: "원본 episode를 보존 정책에 따라 정리하되 aggregate가 어떤 source에서 왔는지
유지합니다"): episodes older than the retention horizon are rolled, per subject and month, into
one aggregate episode — outcome counts, failure codes, goals — that keeps DERIVED_FROM lineage to
each original, or, when the policy removes originals, to their hash-only tombstones.

Groups are applied in batches (``GROUPS_PER_STATEMENT`` to a statement, summaries embedded
together): 100k episodes are a few dozen statements, not one round trip per group.

HIGH-sensitivity episodes are not rolled up (their content would leak into a LOW aggregate);
they age out through expiry and erasure instead.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any, Literal

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subject, require_unbound
from graphmem.clock import Clock, system_clock
from graphmem.embeddings.base import Embedder
from graphmem.errors import FieldIssue, ForbiddenError, ValidationError
from graphmem.ids import new_id
from graphmem.models.types import sha256_hash
from graphmem.store.base import GraphStore
from graphmem.timeutil import normalize

POLICY_VERSION = "memory-compact-1"
MIN_GROUP = 2
#: groups rolled up per statement (each with its originals: a statement of up to a few
#: thousand episodes)
GROUPS_PER_STATEMENT = 200


def compact(
    store: GraphStore,
    embedder: Embedder,
    principal: Principal,
    *,
    older_than: str,
    subject_id: str | None = None,
    originals: Literal["keep", "remove"] = "remove",
    clock: Clock = system_clock,
) -> list[dict[str, Any]]:
    if not principal.has_any("admin"):
        raise ForbiddenError("compaction needs an admin key")
    if subject_id is None:
        require_unbound(principal, "compaction of the whole tenant")
    else:
        read_subject(principal, subject_id)
    try:
        horizon = normalize(older_than)
    except ValueError as exc:
        raise ValidationError([FieldIssue("older_than", "timestamp_format", str(exc))]) from None
    rows = store.read(
        "lifecycle/compaction_candidates",
        {"tenant_id": principal.tenant_id, "older_than": horizon, "subject_id": subject_id},
    )
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r.get("sensitivity") in ("HIGH", "RESTRICTED"):
            continue
        groups[(r["subject_id"], str(r["valid_from"])[:7])].append(r)
    now = clock()
    planned: list[tuple[dict[str, Any], dict[str, Any], str]] = []
    for (subject, month), members in sorted(groups.items()):
        if len(members) < MIN_GROUP:
            continue
        group, summary = _group(principal, subject, month, members, now, embedder)
        planned.append((group, {"subject_id": subject, "month": month}, summary))
    results = []
    for start in range(0, len(planned), GROUPS_PER_STATEMENT):
        batch = planned[start : start + GROUPS_PER_STATEMENT]
        vectors = embedder.encode([summary for _, _, summary in batch])
        links = [
            link | {"aggregate_id": g["aggregate"]["memory_id"], "receipt_id": g["receipt_id"]}
            for g, _, _ in batch
            for link in g["links"]
        ]
        rows = store.write(
            "lifecycle/apply_compaction",
            {
                "tenant_id": principal.tenant_id,
                "groups": [
                    {k: v for k, v in g.items() if k != "links"} | {"embedding": vec.tolist()}
                    for (g, _, _), vec in zip(batch, vectors, strict=True)
                ],
                "originals": links if originals == "keep" else [],
                "removed": links if originals == "remove" else [],
                "policy_version": POLICY_VERSION,
                "actor": principal.principal_id,
                "now": now,
            },
            identifiers={"space_label": embedder.space_label},
        )
        created = set(rows[0]["aggregate_ids"]) if rows else set()
        for group, where, _ in batch:
            aggregate_id = group["aggregate"]["memory_id"]
            results.append(
                where
                | {
                    "aggregate_id": aggregate_id if aggregate_id in created else None,
                    "episodes": len(group["source_ids"]),
                    "originals": originals,
                    "receipt_id": group["receipt_id"],
                }
            )
    return results


def _group(
    principal: Principal,
    subject: str,
    month: str,
    members: list[dict[str, Any]],
    now: str,
    embedder: Embedder,
) -> tuple[dict[str, Any], str]:
    """One group's ``apply_compaction`` parameters (its vector added by the caller, batched)
    and the aggregate's summary text."""
    outcomes = Counter(str(m.get("outcome") or "UNKNOWN") for m in members)
    failures = sorted({m["failure_code"] for m in members if m.get("failure_code")})
    goals = sorted({str(m["goal"]) for m in members if m.get("goal")})[:20]
    summary = (
        f"{len(members)} episodes in {month}: "
        + ", ".join(f"{k.lower()} {v}" for k, v in sorted(outcomes.items()))
        + (f"; failure codes {', '.join(failures)}" if failures else "")
        + (f"; goals: {'; '.join(goals)}" if goals else "")
    )
    hashes = sorted(m["content_hash"] for m in members if m.get("content_hash"))
    aggregate_id = new_id("mem")
    aggregate = {
        "memory_id": aggregate_id,
        "type": "EPISODIC",
        "tenant_id": principal.tenant_id,
        "subject_id": subject,
        "namespace": "compaction",
        "text": summary[:8000],
        "goal": f"aggregate of {len(members)} episodes ({month})",
        "observations": [summary[:8000]],
        "outcome": outcomes.most_common(1)[0][0],
        "content_json": json.dumps(
            {
                "outcomes": dict(outcomes),
                "failure_codes": failures,
                "goals": goals,
                "source_hashes": hashes,
            },
            sort_keys=True,
        ),
        "confidence": 1.0,
        "authority": "system_policy",
        "sensitivity": "LOW",
        "recorded_at": now,
        "valid_from": min(str(m["valid_from"]) for m in members),
        "status": "ACTIVE",
        "write_policy_version": POLICY_VERSION,
        "embedding_version": embedder.embedding_version,
        "content_hash": sha256_hash(json.dumps(hashes)),
        "aggregate": True,
    }
    links = [{"memory_id": m["memory_id"], "content_hash": m.get("content_hash")} for m in members]
    receipt_id = new_id("cmp")
    group = {
        "subject_key": f"{principal.tenant_id}|{subject}",
        "aggregate": aggregate,
        "links": links,
        "source_ids": [m["memory_id"] for m in members],
        "receipt_id": receipt_id,
    }
    return group, summary
