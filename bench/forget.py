"""Forgetting on the embedded engine: erasing a large subject and revoking a fanned-out source.

    python bench/forget.py [--background 100000] [--victim 10000] [--fanout-roots 1000]
                           [--repeats 3] [--as-is-divisor 100] [--profile] [--quick]

Default run: ~17 min on a loaded 2-core machine (bulk pre-loading is about a third).

The shipped ``lifecycle/children_of_memories`` scans every memory of the tenant once per
parent id (see BENCHMARKS.md): at full size one call outlasts the client's 60 s socket
timeout and the erasure fails (estimated ~1 h of engine time). The timed
repeats therefore run with the proposed text swapped in *in memory* (bench-only,
``CHILDREN_FIXED``; product files are untouched), and one extra repeat runs the shipped text
at victim/N and roots/N (``--as-is-divisor``). Repeat 0 also times both texts on a sample of
the real frontier and records their ``GRAPH.PROFILE``.

One engine (``Settings(data_dir=tmp)``, default fsync ``always``, vector index off, hashing
embedder behind a CachedEmbedder) is pre-loaded once with BACKGROUND memories (20 % in tenant
``acme``, the rest over 99 other tenants; 10 per subject), each with its own Source,
PROVENANCE, ABOUT and WriteReceipt, plus retrieval logs mentioning them. The pre-load is a
bench-only bulk ``UNWIND … CREATE`` — *not* through the gate and not product code — shaped
like committed memories (properties copied from a memory, source, receipt and log the gate
really wrote; random unit vectors via ``vecf32``).

Each repeat then adds, in ``acme``:

* **Erasure set**: one subject with VICTIM memory nodes (5 % of keys updated: superseded old
  node + new node + version node, linked by SUPERSEDES), VICTIM/2 sources the subject owns
  (two citers each), a WriteReceipt per memory; 500 other-subject memories citing the
  subject's sources (VICTIM/20; half with an independent source too); derived memories of other
  subjects: VICTIM level-1 memories each DERIVED_FROM 2 erased ones (half also with their own
  source) and VICTIM/4 level-2 memories each DERIVED_FROM 2 level-1 ones (20 % with their own
  source) — 2.5·VICTIM DERIVED_FROM references; and VICTIM/2 retrieval logs that each list 5
  erased ids among 8 candidates (2 of them selected) — another 2.5·VICTIM references, half
  the subject's own logs (deleted), half other subjects' (scrubbed).
* **Revocation set**: one source cited (PROVENANCE) by FANOUT_ROOTS memories, 20 % of which
  also cite an independent source; each root has 10 DERIVED_FROM descendants: a chain of 3,
  a diamond (2 → 1 → 1), a cross-diamond node that also derives from another root, and a
  node with its own source plus its child.

``gm.erase_subject(admin, subject)`` and ``gm.revoke(admin, source_id=…)`` are timed end to
end and by phase (every named query the store runs, cache eviction, AOF rewrite; "python" is
the rest), then checked against an independent computation of the expected outcome, and the
erasure is re-verified (``gm.eraser.verify``, timed). Medians over repeats; on a noisy
2-core machine read the phase split and the ratios, not the last digit.

``--profile`` adds one untimed repeat that records ``GRAPH.PROFILE`` of the slow statements
(the apply statements are profiled by running them through GRAPH.PROFILE, so that repeat's
receipts carry zero counts).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.auth.principal import Principal
from graphmem.embeddings.cache import CachedEmbedder, EmbeddingCache
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.ids import new_id
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.schema import bootstrap

TENANT = "acme"
TENANTS = 100
PER_SUBJECT = 10
ACME_SHARE = 0.2
CHUNK = 1000
BASE = datetime(2024, 1, 1, tzinfo=UTC)
ADMIN = Principal(tenant_id=TENANT, principal_id="admin:ops", roles=frozenset({"admin"}))
PROFILED = (
    "erasure/cited_sources",
    "erasure/owned_sources",
    "lifecycle/children_of_memories",
    "erasure/memory_texts",
    "erasure/logs_referencing",
    "erasure/leftovers",
    "erasure/apply",
    "lifecycle/supports",
    "lifecycle/apply_revocation",
)

# -- bench-only bulk pre-load (not product code) --------------------------------------------
BULK_SUBJECTS = """
UNWIND $rows AS r
CREATE (:Subject {subject_key: r.tenant_id + '|' + r.subject_id, subject_id: r.subject_id,
                  tenant_id: r.tenant_id, kind: 'user', recorded_at: r.recorded_at})
"""
BULK_SOURCES = "UNWIND $rows AS r CREATE (s:Source) SET s += r"
BULK_MEMORIES = """
UNWIND $rows AS r
MATCH (s:Subject {subject_key: r.props.tenant_id + '|' + r.props.subject_id})
CREATE (m:Memory:Claim:{label})
SET m += r.props, m.embedding = vecf32(r.embedding)
CREATE (m)-[:ABOUT {recorded_at: r.props.recorded_at}]->(s)
FOREACH (x IN CASE WHEN r.receipt IS NULL THEN [] ELSE [r.receipt] END |
  CREATE (w:WriteReceipt)
  SET w += x
  CREATE (w)-[:WROTE {recorded_at: r.props.recorded_at}]->(m))
"""
BULK_PROVENANCE = """
UNWIND $rows AS r
MATCH (m:Memory {memory_id: r.m})
MATCH (s:Source {source_id: r.s})
CREATE (m)-[:PROVENANCE {span: r.span, content_hash: s.content_hash, role: 'user',
                         recorded_at: m.recorded_at}]->(s)
"""
BULK_DERIVED = """
UNWIND $rows AS r
MATCH (c:Memory {memory_id: r.c})
MATCH (o:Memory {memory_id: r.o})
CREATE (c)-[:DERIVED_FROM {method: 'bench', policy_version: 'bench',
                           recorded_at: c.recorded_at}]->(o)
"""
BULK_SUPERSEDES = """
UNWIND $rows AS r
MATCH (a:Memory {memory_id: r.a})
MATCH (b:Memory {memory_id: r.b})
CREATE (a)-[:SUPERSEDES {kind: r.kind, reason: r.reason, recorded_at: a.recorded_at}]->(b)
"""
BULK_LOGS = "UNWIND $rows AS r CREATE (l:RetrievalLog) SET l += r"

# read-only pieces of erasure/apply and logs_referencing, to time them apart (diagnosis only)
RECEIPTS_SCAN = """
MATCH (r:WriteReceipt {tenant_id: $tenant_id})
WHERE ($subject_id IS NOT NULL AND r.subject_id = $subject_id) OR r.memory_id IN $memory_ids
RETURN count(r) AS n
"""
RECEIPTS_UNWIND = """
UNWIND $memory_ids AS id
MATCH (r:WriteReceipt {memory_id: id})
WHERE r.tenant_id = $tenant_id
RETURN count(r) AS n
"""
# proposed children_of_memories: ``m.tenant_id = p.tenant_id`` is not an indexable predicate
# on m, so the planner starts from the parent's memory_id lookup instead of scanning every
# memory of the tenant once per parent id (the shipped text's plan)
CHILDREN_FIXED = """
UNWIND $memory_ids AS pid
MATCH (p:Memory {tenant_id: $tenant_id, memory_id: pid})<-[:DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = p.tenant_id
RETURN DISTINCT pid AS parent, m.memory_id AS child
"""
LOGS_SCAN_ONLY = """
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
RETURN count(l) AS n
"""


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores, {model}, {platform.machine()}, Python {platform.python_version()}"
    )


# -- engine and templates ----------------------------------------------------------------------


@contextmanager
def engine() -> Iterator[Graphmem]:
    """A fresh embedded engine (default fsync policy) with a cached hashing embedder."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), embedder="hashing")
        store = FalkorDBStore.from_settings(settings)
        try:
            embedder = CachedEmbedder(HashingEmbedder(), EmbeddingCache(50_000))
            gm = Graphmem(store, settings, embedder)
            bootstrap(store, [gm.embedding_space])
            yield gm
        finally:
            store.close()
            if store.server is not None:
                store.server.stop()


def templates(gm: Graphmem) -> dict[str, dict[str, Any]]:
    """Properties of a source, memory, write receipt and retrieval log the product really wrote."""
    who = Principal(
        tenant_id="tmpl",
        principal_id="agent:user:tmpl",
        roles=frozenset({"agent"}),
        subject_id="user:tmpl",
    )
    span = "I prefer tea"
    sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": span}).source_id
    receipt = gm.propose(
        who,
        {
            "memory_type": "SEMANTIC",
            "subject": "user:tmpl",
            "claim": {"predicate": "prefers", "object": "tea"},
            "evidence": [{"event_id": sid, "span": span, "source_role": "user"}],
            "confidence": 1.0,
            "consent_basis": "explicit_user_request",
        },
    )
    if receipt.decision is not Decision.COMMITTED:
        raise SystemExit(f"template did not commit: {receipt.reasons}")
    gm.retrieve(who, {"query": "what does tmpl prefer", "subject_id": "user:tmpl"})
    out = {}
    for key, label in (
        ("source", "Source"),
        ("memory", "Memory"),
        ("receipt", "WriteReceipt"),
        ("log", "RetrievalLog"),
    ):
        rows = gm.store.read_adhoc(
            f"MATCH (n:{label} {{tenant_id: 'tmpl'}}) RETURN properties(n) AS p LIMIT 1"
        )
        props = dict(rows[0]["p"])
        props.pop("embedding", None)
        out[key] = props
    return out


# -- row builders ------------------------------------------------------------------------------


class Builder:
    """Accumulates bulk rows and flushes them in statement-sized chunks."""

    def __init__(self, gm: Graphmem, tmpl: dict[str, dict[str, Any]], rng: np.random.Generator):
        self.gm = gm
        self.tmpl = tmpl
        self.rng = rng
        self.dim = gm.embedder.dimension
        self.label = gm.embedder.space_label
        self.subjects: list[dict[str, Any]] = []
        self.sources: list[dict[str, Any]] = []
        self.memories: list[dict[str, Any]] = []
        self.provenance: list[dict[str, Any]] = []
        self.derived: list[dict[str, Any]] = []
        self.supersedes: list[dict[str, Any]] = []
        self.logs: list[dict[str, Any]] = []
        self.n = 0
        self.known_subjects: set[tuple[str, str]] = set()

    def _t(self) -> str:
        self.n += 1
        return iso(BASE + timedelta(seconds=self.n))

    def subject(self, tenant: str, subject: str) -> None:
        if (tenant, subject) not in self.known_subjects:
            self.known_subjects.add((tenant, subject))
            self.subjects.append(
                {"tenant_id": tenant, "subject_id": subject, "recorded_at": self._t()}
            )

    def source(self, tenant: str, subject: str, text: str) -> str:
        sid = new_id("src")
        self.sources.append(
            {
                **self.tmpl["source"],
                "source_id": sid,
                "tenant_id": tenant,
                "subject_id": subject,
                "speaker": subject,
                "recorded_by": f"agent:{subject}",
                "recorded_at": self._t(),
                "content": text,
                "content_hash": "sha256:" + os.urandom(32).hex(),
                "source_key": f"{tenant}|{sid}",
            }
        )
        return sid

    def memory(
        self,
        tenant: str,
        subject: str,
        text: str,
        *,
        status: str = "ACTIVE",
        receipt: bool = True,
        confidence: float = 1.0,
        extra: dict[str, Any] | None = None,
    ) -> str:
        self.subject(tenant, subject)
        mid = new_id("mem")
        t = self._t()
        props = {
            **self.tmpl["memory"],
            "memory_id": mid,
            "tenant_id": tenant,
            "subject_id": subject,
            "text": text,
            "content_json": json.dumps({"object": text, "predicate": "note"}),
            "content_hash": "sha256:" + os.urandom(32).hex(),
            "recorded_at": t,
            "valid_from": t,
            "status": status,
            "confidence": confidence,
            "conflict_key": f"claim:note_{mid[-6:]}",
            "predicate": "note",
            "object": text,
            **(extra or {}),
        }
        vec = self.rng.standard_normal(self.dim).astype(np.float32)
        vec /= np.linalg.norm(vec)
        row: dict[str, Any] = {
            "props": props,
            "embedding": [round(float(x), 4) for x in vec],
            "receipt": None,
        }
        if receipt:
            row["receipt"] = {
                **self.tmpl["receipt"],
                "receipt_id": new_id("rcpt"),
                "tenant_id": tenant,
                "actor": f"agent:{subject}",
                "memory_id": mid,
                "subject_id": subject,
                "superseded": [],
                "reasons_json": json.dumps(
                    [{"code": "COMMITTED", "detail": mid, "stage": "COMMIT"}]
                ),
                "recorded_at": t,
            }
        self.memories.append(row)
        return mid

    def cite(self, mid: str, sid: str) -> None:
        self.provenance.append({"m": mid, "s": sid, "span": "bench span"})

    def derive(self, child: str, origin: str) -> None:
        self.derived.append({"c": child, "o": origin})

    def log(self, tenant: str, subject: str, candidates: list[str], selected: list[str]) -> str:
        qid = new_id("mq")
        scores = {c: round(float(self.rng.random()), 6) for c in candidates}
        self.logs.append(
            {
                **self.tmpl["log"],
                "query_id": qid,
                "tenant_id": tenant,
                "actor": f"agent:{subject}",
                "subject_id": subject,
                "query_hash": "sha256:" + os.urandom(32).hex(),
                "candidate_ids": candidates,
                "selected_ids": selected,
                "scores_json": json.dumps(scores, sort_keys=True),
                "filter_reasons_json": json.dumps({}),
                "recorded_at": self._t(),
            }
        )
        return qid

    def flush(self) -> float:
        t0 = time.perf_counter()
        ex = self.gm.store._execute  # type: ignore[attr-defined]
        memories_text = BULK_MEMORIES.replace("{label}", self.label)
        for text, rows in (
            (BULK_SUBJECTS, self.subjects),
            (BULK_SOURCES, self.sources),
            (memories_text, self.memories),
            (BULK_PROVENANCE, self.provenance),
            (BULK_SUPERSEDES, self.supersedes),
            (BULK_DERIVED, self.derived),
            (BULK_LOGS, self.logs),
        ):
            for i in range(0, len(rows), CHUNK):
                ex(text, {"rows": rows[i : i + CHUNK]}, read_only=False)
            rows.clear()
        return time.perf_counter() - t0


# -- data sets ---------------------------------------------------------------------------------


def preload_background(b: Builder, size: int) -> dict[str, Any]:
    """SIZE memories (20 % in acme), one source, receipt and ABOUT each; logs over them."""
    acme_n = int(size * ACME_SHARE)
    acme_ids: list[str] = []
    load_s = 0.0
    for i in range(size):
        if i < acme_n:
            tenant, subject = TENANT, f"user:bg{i // PER_SUBJECT:06d}"
        else:
            j = i - acme_n
            tenant = f"t{1 + j % (TENANTS - 1):03d}"
            subject = f"user:bg{j // PER_SUBJECT:06d}"
        text = f"{subject} background fact {i}"
        sid = b.source(tenant, subject, f"background message {i}")
        mid = b.memory(tenant, subject, text)
        b.cite(mid, sid)
        if tenant == TENANT:
            acme_ids.append(mid)
        if len(b.memories) >= 5 * CHUNK:
            load_s += b.flush()
    # one retrieval log per two acme memories, mentioning background ids only
    for k in range(acme_n // 2):
        idx = b.rng.choice(len(acme_ids), size=8, replace=False)
        cands = [acme_ids[x] for x in idx]
        b.log(TENANT, f"user:bg{(k % (acme_n // PER_SUBJECT)):06d}", cands, cands[:3])
    load_s += b.flush()
    return {"memories": size, "acme_memories": acme_n, "acme_logs": acme_n // 2, "load_s": load_s}


def build_erasure(b: Builder, rep: int, victim_n: int) -> dict[str, Any]:
    """The subject to erase and everything that refers to it; returns the expected outcome."""
    victim = f"user:victim{rep}"
    n_sources = victim_n // 2
    vsources = [b.source(TENANT, victim, f"victim {rep} message {i}") for i in range(n_sources)]
    updated = victim_n // 20  # keys updated once: old + new + version node
    plain = victim_n - 3 * updated
    vmem: list[str] = []
    current: list[str] = []
    for i in range(plain):
        mid = b.memory(TENANT, victim, f"{victim} fact {i}")
        b.cite(mid, vsources[i % n_sources])
        vmem.append(mid)
        current.append(mid)
    for i in range(updated):
        src = vsources[(plain + i) % n_sources]
        old = b.memory(TENANT, victim, f"{victim} old value {i}", status="SUPERSEDED")
        new = b.memory(TENANT, victim, f"{victim} new value {i}")
        ver = b.memory(
            TENANT,
            victim,
            f"{victim} old value {i}",
            status="SUPERSEDED",
            receipt=False,
            extra={"valid_to": iso(BASE)},
        )
        for m in (old, new, ver):
            b.cite(m, src)
        b.supersedes.append({"a": new, "b": old, "kind": "UPDATE", "reason": "SUPERSEDES"})
        b.supersedes.append({"a": ver, "b": old, "kind": "VERSION", "reason": "VALID_TIME_CLOSED"})
        vmem += [old, new, ver]
        current.append(new)
    erased: set[str] = set(vmem)
    review: set[str] = set()
    # other subjects' memories resting on the subject's sources (a project fact, say)
    for i in range(max(1, victim_n // 20)):
        who = f"project:p{rep}_{i % 50}"
        mid = b.memory(TENANT, who, f"{who} fact from victim message {i}")
        b.cite(mid, vsources[i % n_sources])
        if i % 2:
            b.cite(mid, b.source(TENANT, who, f"independent confirmation {rep} {i}"))
            review.add(mid)
        else:
            erased.add(mid)
    # derived memories: level 1 from two erased memories each, level 2 from two level-1 ones
    l1: list[str] = []
    l1_grounded: list[bool] = []
    for i in range(victim_n):
        who = f"user:deriver{rep}_{i % 1000}"
        mid = b.memory(TENANT, who, f"{who} inference {i}", confidence=0.6, receipt=False)
        a, c = b.rng.choice(len(vmem), size=2, replace=False)
        b.derive(mid, vmem[a])
        b.derive(mid, vmem[c])
        own = i % 2 == 1
        if own:
            b.cite(mid, b.source(TENANT, who, f"own evidence {rep} {i}"))
        l1.append(mid)
        l1_grounded.append(own)
        (review if own else erased).add(mid)
    for i in range(victim_n // 4):
        who = f"user:deriver{rep}_{i % 1000}"
        mid = b.memory(TENANT, who, f"{who} second-order {i}", confidence=0.5, receipt=False)
        a, c = b.rng.choice(len(l1), size=2, replace=False)
        b.derive(mid, l1[a])
        b.derive(mid, l1[c])
        own = i % 5 == 0
        if own:
            b.cite(mid, b.source(TENANT, who, f"own evidence l2 {rep} {i}"))
        grounded = own or l1_grounded[a] or l1_grounded[c]
        (review if grounded else erased).add(mid)
    # retrieval logs: 5 erased ids among 8 candidates, 2 selected; half are the victim's own
    bg = b.gm.store.read_adhoc(
        "MATCH (m:Memory {tenant_id: $t}) WHERE m.subject_id STARTS WITH 'user:bg' "
        "RETURN m.memory_id AS id LIMIT 2000",
        {"t": TENANT},
    )
    bg_ids = [r["id"] for r in bg]
    own_logs, other_logs = 0, 0
    for i in range(victim_n // 2):
        pick = b.rng.choice(len(current), size=5, replace=False)
        ids = [current[x] for x in pick]
        others = [bg_ids[x] for x in b.rng.choice(len(bg_ids), size=3, replace=False)]
        if i % 2 == 0:
            b.log(TENANT, victim, ids + others, ids[:2])
            own_logs += 1
        else:
            b.log(TENANT, f"user:bg{i % 100:06d}", ids + others, ids[:2])
            other_logs += 1
    refs = len(b.derived) + 5 * (victim_n // 2)
    return {
        "subject": victim,
        "victim_memories": len(vmem),
        "victim_sources": n_sources,
        "erased": erased,
        "review": review,
        "logs_deleted": own_logs,
        "logs_scrubbed": other_logs,
        "derived_from_edges": len(b.derived),
        "log_mentions": 5 * (victim_n // 2),
        "references": refs,
    }


def build_revocation(b: Builder, rep: int, roots_n: int) -> dict[str, Any]:
    """A source cited by ROOTS memories, each with 10 descendants; returns the expected split."""
    who = f"user:reporter{rep}"
    target = b.source(TENANT, who, f"a poisoned document {rep}")
    supports: dict[str, list[str]] = {}  # memory → supports ("source:" / "memory:" refs)

    def mem(subject: str, text: str, conf: float = 0.8) -> str:
        return b.memory(TENANT, subject, text, confidence=conf, receipt=False)

    roots = []
    for i in range(roots_n):
        r = mem(who, f"{who} claim {i}")
        b.cite(r, target)
        supports[r] = [f"source:{target}"]
        if i % 5 == 0:
            indep = b.source(TENANT, who, f"independent doc {rep} {i}")
            b.cite(r, indep)
            supports[r].append(f"source:{indep}")
        roots.append(r)
    for i, r in enumerate(roots):
        s = f"user:analyst{rep}_{i % 100}"

        def d(*origins: str, own: bool = False, _s: str = s, _i: int = i) -> str:
            m = mem(_s, f"{_s} derived from claim {_i}", 0.6)
            for o in origins:
                b.derive(m, o)
            supports[m] = [f"memory:{o}" for o in origins]
            if own:
                src = b.source(TENANT, _s, f"analyst evidence {rep} {_i}")
                b.cite(m, src)
                supports[m].append(f"source:{src}")
            return m

        d1 = d(r)
        d2 = d(d1)
        d(d2)  # chain of 3
        d4, d5 = d(r), d(r)
        d7_parent = d(d4, d5)
        d(d7_parent)  # diamond
        d8 = d(r, roots[(i + 1) % roots_n])  # cross-diamond over two roots
        d9 = d(d8, own=True)
        d(d9)
    # expected: least fixed point with the target's support dead
    dead = f"source:{target}"
    grounded: set[str] = set()
    changed = True
    while changed:
        changed = False
        for m, sups in supports.items():
            if m in grounded:
                continue
            for sref in sups:
                if sref == dead:
                    continue
                if sref.startswith("source:") or sref[7:] in grounded:
                    grounded.add(m)
                    changed = True
                    break
    return {
        "source_id": target,
        "roots": roots_n,
        "affected": len(supports),
        "revoked": {m for m in supports if m not in grounded},
        "review": grounded,
        "derived_from_edges": len(b.derived),
    }


# -- timing ------------------------------------------------------------------------------------


class Phases:
    """Wraps the store's named-query calls, AOF rewrite and cache eviction with timers."""

    def __init__(self, gm: Graphmem) -> None:
        self.gm = gm
        self.times: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.rows: dict[str, int] = defaultdict(int)
        self.profile = False
        self.plans: dict[str, str] = {}
        store = gm.store
        self._orig = {
            "read": store.read,
            "write": store.write,
            "compact_storage": store.compact_storage,
        }
        store.read = self._wrap_query(store.read)  # type: ignore[method-assign]
        store.write = self._wrap_query(store.write)  # type: ignore[method-assign]
        store.compact_storage = self._wrap("aof_rewrite", store.compact_storage)  # type: ignore[method-assign]
        embedder = gm.embedder
        assert isinstance(embedder, CachedEmbedder)
        embedder.evict_texts = self._wrap("cache_evict", embedder.evict_texts)  # type: ignore[method-assign]

    def reset(self) -> None:
        self.times.clear()
        self.calls.clear()
        self.rows.clear()

    def _wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def inner(*a: Any, **kw: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                self.times[name] += time.perf_counter() - t0
                self.calls[name] += 1

        return inner

    def _wrap_query(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def inner(name: str, params: dict[str, Any] | None = None, **kw: Any) -> Any:
            if self.profile and name in PROFILED:
                return self._profiled(name, params or {}, kw)
            t0 = time.perf_counter()
            try:
                out = fn(name, params, **kw)
                self.rows[name] += len(out)
                return out
            finally:
                self.times[name] += time.perf_counter() - t0
                self.calls[name] += 1

        return inner

    def _profiled(self, name: str, params: dict[str, Any], kw: dict[str, Any]) -> Any:
        store = self.gm.store
        query = store.queries.get(name)
        text, params = store._prepare(query, params, kw.get("identifiers"))
        graph = store._graph  # type: ignore[attr-defined]
        t0 = time.perf_counter()
        if query.is_read:
            plan = graph.profile(text, params)
            out = self._orig["read"](name, params, **kw)
        else:
            # GRAPH.PROFILE runs the statement for real; its rows are not returned, so the
            # receipt of this (untimed) repeat carries zero counts
            with store._tx_lock:  # type: ignore[attr-defined]
                plan = graph.profile(text, params)
            out = [{k: 0 for k in _RETURNS.get(name, [])}]
        self.plans[f"{name} ({time.perf_counter() - t0:.2f}s wall incl. profile)"] = str(plan)
        return out


_RETURNS = {
    "erasure/apply": [
        "memories",
        "sources",
        "flagged",
        "logs_deleted",
        "logs_scrubbed",
        "receipts",
        "subjects",
        "tombstones",
    ],
    "lifecycle/apply_revocation": ["receipt_id", "sources", "revoked", "flagged"],
}


def snapshot(ph: Phases, total: float) -> dict[str, Any]:
    phases = {k: round(v, 4) for k, v in sorted(ph.times.items(), key=lambda kv: -kv[1])}
    phases["python_and_other"] = round(total - sum(ph.times.values()), 4)
    return {
        "total_s": round(total, 4),
        "phases_s": phases,
        "calls": dict(ph.calls),
        "rows": dict(ph.rows),
    }


# -- the two measurements ----------------------------------------------------------------------


def run_erasure(gm: Graphmem, ph: Phases, exp: dict[str, Any]) -> dict[str, Any]:
    store = gm.store
    subject = exp["subject"]
    embedder = gm.embedder
    assert isinstance(embedder, CachedEmbedder)
    texts = [
        r["t"]
        for r in store.read_adhoc(
            "MATCH (m:Memory {tenant_id: $t, subject_id: $s}) RETURN m.text AS t",
            {"t": TENANT, "s": subject},
        )
    ]
    embedder.encode(texts)  # the erased texts sit in the embedding cache, as after real writes
    cached_before = len(embedder.cache)
    before = count_nodes(gm)
    ph.reset()
    t0 = time.perf_counter()
    receipt = gm.erase_subject(ADMIN, subject)
    total = time.perf_counter() - t0
    out = {"erase": snapshot(ph, total)}
    ph.reset()
    t0 = time.perf_counter()
    verified = gm.eraser.verify(ADMIN, receipt.receipt_id)
    out["verify"] = snapshot(ph, time.perf_counter() - t0)
    stored = store.read_adhoc(
        "MATCH (d:DeletionReceipt {receipt_id: $id}) RETURN properties(d) AS p",
        {"id": receipt.receipt_id},
    )[0]["p"]
    after = count_nodes(gm)
    flagged = store.read_adhoc(
        "UNWIND $ids AS id MATCH (m:Memory {memory_id: id}) RETURN m.status AS s, count(*) AS n",
        {"ids": sorted(exp["review"])},
    )
    out["receipt_bytes"] = {
        "stored_properties_json": len(json.dumps(stored, separators=(",", ":"))),
        "model_dump_json": len(receipt.model_dump_json()),
        "memory_ids": len(receipt.memory_ids),
        "source_ids": len(receipt.source_ids),
        "content_hashes": len(receipt.content_hashes),
        "cache_keys": len(receipt.cache_keys),
    }
    out["counts"] = receipt.counts
    out["verify_result"] = verified["result"]
    out["verify_remaining"] = {k: v for k, v in verified["remaining"].items() if v}
    checks = {
        "verify_complete": verified["result"] == "COMPLETE",
        "erased_ids_match": set(receipt.memory_ids) == exp["erased"],
        "memories_deleted": before["Memory"] - after["Memory"] == len(exp["erased"]),
        "flagged_needs_review": {r["s"]: r["n"] for r in flagged}
        == {"NEEDS_REVIEW": len(exp["review"])},
        "sources_deleted": len(receipt.source_ids) >= exp["victim_sources"],
        "logs_deleted": receipt.counts.get("logs_deleted") == exp["logs_deleted"],
        "logs_scrubbed": receipt.counts.get("logs_scrubbed") == exp["logs_scrubbed"],
        "tombstones": after["Tombstone"] - before["Tombstone"]
        == len(receipt.memory_ids) + len(receipt.source_ids),
        "cache_evicted": receipt.counts.get("cache", 0) >= len(texts) or cached_before < len(texts),
    }
    if ph.profile:  # the profiled repeat's apply returns zero counts
        checks = {k: v for k, v in checks.items() if k not in ("logs_deleted", "logs_scrubbed")}
    out["checks"] = checks
    out["expected"] = {
        "erased": len(exp["erased"]),
        "needs_review": len(exp["review"]),
        "logs_deleted": exp["logs_deleted"],
        "logs_scrubbed": exp["logs_scrubbed"],
    }
    return out


def run_revocation(gm: Graphmem, ph: Phases, exp: dict[str, Any]) -> dict[str, Any]:
    ph.reset()
    t0 = time.perf_counter()
    receipt = gm.revoke(ADMIN, source_id=exp["source_id"], reason="POISONED")
    total = time.perf_counter() - t0
    out = {"revoke": snapshot(ph, total)}
    body = receipt.as_dict()
    stored = gm.store.read_adhoc(
        "MATCH (r:RevocationReceipt {receipt_id: $id}) RETURN properties(r) AS p",
        {"id": receipt.receipt_id},
    )[0]["p"]
    out["receipt_bytes"] = {
        "stored_properties_json": len(json.dumps(stored, separators=(",", ":"))),
        "as_dict_json": len(json.dumps(body, separators=(",", ":"))),
        "affected": len(receipt.affected),
    }
    statuses = gm.store.read_adhoc(
        "UNWIND $ids AS id MATCH (m:Memory {memory_id: id}) RETURN m.status AS s, count(*) AS n",
        {"ids": sorted(exp["revoked"] | exp["review"])},
    )
    out["statuses"] = {r["s"]: r["n"] for r in statuses}
    out["checks"] = {
        "revoked_ids_match": set(body["revoked"]) == exp["revoked"],
        "review_ids_match": set(body["needs_review"]) == exp["review"],
        "affected_ge_10k_or_scaled": len(receipt.affected) == exp["affected"],
    }
    if not ph.profile:
        out["checks"]["graph_statuses"] = out["statuses"] == {
            "REVOKED": len(exp["revoked"]),
            "NEEDS_REVIEW": len(exp["review"]),
        }
    out["expected"] = {
        "affected": exp["affected"],
        "revoked": len(exp["revoked"]),
        "needs_review": len(exp["review"]),
        "derived_from_edges": exp["derived_from_edges"],
    }
    return out


def count_nodes(gm: Graphmem) -> dict[str, int]:
    rows = gm.store.read_adhoc("MATCH (n) RETURN labels(n)[0] AS l, count(n) AS c")
    out: dict[str, int] = defaultdict(int)
    for r in rows:
        out[r["l"]] += r["c"]
    return out


def patch_children(gm: Graphmem, on: bool) -> None:
    """Bench-only: swap lifecycle/children_of_memories for the proposed text (in memory)."""
    lib = gm.store.queries
    name = "lifecycle/children_of_memories"
    if not hasattr(lib, "_bench_original"):
        lib._bench_original = lib.get(name)  # type: ignore[attr-defined]
    orig = lib._bench_original  # type: ignore[attr-defined]
    lib._queries[name] = dataclasses.replace(orig, text=CHILDREN_FIXED) if on else orig  # type: ignore[attr-defined]


def diagnose(gm: Graphmem, subject: str, sample: int = 100) -> dict[str, Any]:
    """Time read-only pieces of the erasure statements on a prepared (not yet erased) set,
    and the shipped vs the proposed children_of_memories on a sample of the frontier."""
    store = gm.store
    ids = [
        r["memory_id"]
        for r in store.read(
            "erasure/subject_memories", {"tenant_id": TENANT, "subject_id": subject}
        )
    ]
    params = {"tenant_id": TENANT, "subject_id": subject, "memory_ids": ids}
    out: dict[str, Any] = {}
    for name, text in (
        ("receipts_scan_as_in_apply", RECEIPTS_SCAN),
        ("receipts_unwind_index_lookup", RECEIPTS_UNWIND),
        ("logs_label_scan_only", LOGS_SCAN_ONLY),
    ):
        t0 = time.perf_counter()
        store.read_adhoc(text, params)
        out[name] = round(time.perf_counter() - t0, 4)
    lib = store.queries
    shipped = getattr(lib, "_bench_original", None) or lib.get("lifecycle/children_of_memories")
    part = {"tenant_id": TENANT, "memory_ids": ids[:sample]}
    for name, text in (("shipped", shipped.text), ("proposed", CHILDREN_FIXED)):
        t0 = time.perf_counter()
        rows = store.read_adhoc(text, part)
        dt = time.perf_counter() - t0
        out[f"children_of_memories_{name}"] = {
            "ids": len(part["memory_ids"]),
            "rows": len(rows),
            "s": round(dt, 4),
            "ms_per_id": round(1000 * dt / len(part["memory_ids"]), 3),
        }
    hdr = store._graph._build_params_header(part)  # type: ignore[attr-defined]
    for name, text in (("shipped", shipped.text), ("proposed", CHILDREN_FIXED)):
        body = " ".join(x for x in text.splitlines() if not x.startswith("//"))
        prof = store._db.connection.execute_command(  # type: ignore[attr-defined]
            "GRAPH.PROFILE", store.graph_name, hdr + body
        )
        out[f"profile_{name}"] = [x.decode() if isinstance(x, bytes) else str(x) for x in prof]
    return out


# -- main --------------------------------------------------------------------------------------


def median_tree(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median of every numeric leaf over the repeats (same keys expected)."""
    out: dict[str, Any] = {}
    for k, v in runs[0].items():
        if isinstance(v, dict):
            out[k] = median_tree([r[k] for r in runs if isinstance(r.get(k), dict)])
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out[k] = round(statistics.median(r[k] for r in runs if k in r), 4)
        else:
            out[k] = v
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--background", type=int, default=100_000)
    ap.add_argument("--victim", type=int, default=10_000)
    ap.add_argument("--fanout-roots", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--as-is-divisor",
        type=int,
        default=500,
        help="the shipped children_of_memories runs one repeat at victim/N and roots/N",
    )
    ap.add_argument("--profile", action="store_true", help="one extra untimed PROFILE repeat")
    ap.add_argument("--quick", action="store_true", help="small sizes, one repeat: a smoke run")
    ns = ap.parse_args()
    if ns.quick:
        ns.background, ns.victim, ns.fanout_roots, ns.repeats = 5000, 1000, 100, 1
        ns.as_is_divisor = 5
    t_start = time.perf_counter()
    report: dict[str, Any] = {"machine": machine(), "args": vars(ns)}
    with engine() as gm:
        tmpl = templates(gm)
        b = Builder(gm, tmpl, np.random.default_rng(7))
        report["background"] = preload_background(b, ns.background)
        print(json.dumps(report["background"]), file=sys.stderr, flush=True)
        ph = Phases(gm)
        erasures, revocations = [], []
        # reps: the timed ones with the proposed children_of_memories, one with the shipped
        # text at reduced size, and optionally an untimed PROFILE one
        plan = [("proposed", ns.victim, ns.fanout_roots)] * ns.repeats
        plan.append(("shipped", ns.victim // ns.as_is_divisor, ns.fanout_roots // ns.as_is_divisor))
        if ns.profile:
            plan.append(("profile", ns.victim, ns.fanout_roots))
        for rep, (variant, victim_n, roots_n) in enumerate(plan):
            ph.profile = variant == "profile"
            patch_children(gm, variant != "shipped")
            exp_e = build_erasure(b, rep, victim_n)
            exp_r = build_revocation(b, rep, roots_n)
            load_s = b.flush()
            counts = count_nodes(gm)
            diag = diagnose(gm, exp_e["subject"]) if rep == 0 else None
            try:
                e = run_erasure(gm, ph, exp_e)
            except Exception as exc:  # the shipped text can exceed the client socket timeout
                e = {"error": f"{type(exc).__name__}: {exc}", "checks": {"completed": False}}
                print(json.dumps({"rep": rep, "variant": variant, "erasure": e}), file=sys.stderr)
                report["shipped_children_of_memories"] = {"erasure": e, "revocation": e}
                break
            e["setup"] = {
                "load_s": round(load_s, 2),
                "graph_nodes": sum(counts.values()),
                "memories_in_graph": counts["Memory"],
                "victim_memories": exp_e["victim_memories"],
                "derived_from_edges": exp_e["derived_from_edges"],
                "log_mentions": exp_e["log_mentions"],
                "references": exp_e["references"],
            }
            if diag:
                e["diagnosis_read_only_s"] = diag
            r = run_revocation(gm, ph, exp_r)
            e["variant"] = r["variant"] = variant
            print(json.dumps({"rep": rep, "erasure": e, "revocation": r}), file=sys.stderr)
            if variant == "profile":
                report["profiles"] = ph.plans
            elif variant == "shipped":
                report["shipped_children_of_memories"] = {"erasure": e, "revocation": r}
            else:
                erasures.append(e)
                revocations.append(r)
        report["erasure_runs"] = erasures
        report["revocation_runs"] = revocations
        report["erasure_median"] = median_tree(erasures)
        report["revocation_median"] = median_tree(revocations)
        shipped = report["shipped_children_of_memories"]
        report["all_checks_pass"] = all(
            all(x["checks"].values())
            for x in [*erasures, *revocations, shipped["erasure"], shipped["revocation"]]
        )
    report["total_s"] = round(time.perf_counter() - t_start, 1)
    print(json.dumps(report, indent=2, default=str))


if __name__ == "__main__":
    main()
