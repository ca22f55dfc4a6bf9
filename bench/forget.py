"""Forgetting at scale: erasing a large subject, revoking a fanned-out source, compacting episodes.

    python bench/forget.py [--engine falkordb|neo4j] [--background 100000] [--victim 10000]
                           [--fanout-roots 1000] [--episodes 100000] [--repeats 3]
                           [--baseline REF [--interleave]] [--profile] [--quick] [--out FILE]

``--baseline REF`` (e.g. ``main``) runs the same measurement a second time, in a child process
on a fresh engine with the same seed and sizes, against the product code of git ref REF
(``git archive REF graphmem cypher``, first on ``PYTHONPATH``): the before-style path and this
tree's side by side in one run, with the ratios. With ``--interleave`` the two alternate, one
repeat per child process on its own fresh engine (HEAD, REF, REF, HEAD, …: this tree as
committed when the run began, archived the same way), so a machine whose load drifts weighs on
both sides alike; medians over the children. ``--quick``
(5k background, victim 1k, 100 roots, 5k episodes, one repeat) is the CI smoke; it runs in
well under 2 minutes on FalkorDB.

One engine (``Settings(data_dir=tmp, engine=…)``: the embedded FalkorDB with its default fsync
``always``, or the local Neo4j; hashing embedder behind a CachedEmbedder) is pre-loaded once
with BACKGROUND memories (20 % in tenant ``acme``, the rest over 99 other tenants; 10 per
subject), each with its own Source, PROVENANCE, ABOUT and WriteReceipt, plus retrieval logs
mentioning them. The pre-load is a bench-only bulk ``UNWIND … CREATE`` — *not* through the gate
and not product code — shaped like committed memories (properties copied from a memory, source,
receipt and log the gate really wrote; random unit vectors through the engine's vector function).

Each repeat then adds, in ``acme``:

* **Erasure set**: one subject with VICTIM memory nodes (5 % of keys updated: superseded old
  node + new node + version node, linked by SUPERSEDES), VICTIM/2 sources the subject owns
  (two citers each), a WriteReceipt per memory; VICTIM/20 other-subject memories citing the
  subject's sources (half with an independent source too); derived memories of other
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
end and by phase (every named query the store runs, cache eviction, the storage rewrite;
"python" is the rest), then checked against an independent computation of the expected
outcome, and the erasure is re-verified (``gm.eraser.verify``, timed): **erase + verify** is the
figure. Medians over repeats; on a noisy 2-core machine read the phase split and the ratios.

After the repeats, **compaction**: EPISODES old episodes (ACTIVE, LOW, in ``acme``; 20 per
subject and month over 5 months, so EPISODES/20 groups) are bulk-loaded and
``gm.compact(admin, older_than=…)`` rolls them into aggregates (originals removed: tombstones),
timed end to end, with the aggregates and tombstones counted against the groups.

``--cprofile DIR`` writes a cProfile of each timed erase, verify and revoke call to DIR (one
``.prof`` file per call and repeat; the call's own time includes the profiler's overhead, so
read its split, not its total).

``--profile`` adds one untimed repeat that records ``GRAPH.PROFILE`` of the slow statements
(FalkorDB only; the apply statements run through GRAPH.PROFILE, so that repeat's receipts
carry zero counts).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import statistics
import subprocess
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
from graphmem.store.factory import open_store
from graphmem.store.schema import bootstrap

TENANT = "acme"
TENANTS = 100
PER_SUBJECT = 10
ACME_SHARE = 0.2
CHUNK = 1000
BASE = datetime(2024, 1, 1, tzinfo=UTC)
ADMIN = Principal(tenant_id=TENANT, principal_id="admin:ops", roles=frozenset({"admin"}))
PROFILED = (
    "erasure/owned_sources",
    "lifecycle/children_of_memories",
    "erasure/memory_texts",
    "erasure/logs_referencing",
    "erasure/leftovers",
    "erasure/begin",
    "erasure/delete_memories",
    "erasure/delete_sources",
    "erasure/delete_logs",
    "erasure/finish",
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
# {kind}: Claim or Episode (episodes come without a receipt)
BULK_MEMORIES = """
UNWIND $rows AS r
MATCH (s:Subject {subject_key: r.props.tenant_id + '|' + r.props.subject_id})
CREATE (m:Memory:{kind}:{label})
SET m += r.props, m.embedding = {vector_fn}(r.embedding)
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
def engine(name: str) -> Iterator[Graphmem]:
    """A fresh engine on a temporary data dir (the embedded FalkorDB with its default fsync
    policy, or the local Neo4j) with a cached hashing embedder."""
    with tempfile.TemporaryDirectory(prefix=f"forget-{name}-") as tmp:
        settings = Settings(
            engine=name,  # type: ignore[arg-type]
            data_dir=Path(tmp),
            embedder="hashing",
            sweep_interval_s=0,
            falkordb_socket_timeout_s=3600,
            query_timeout_s=3600,
            long_query_timeout_s=3600,
        )
        store = open_store(settings)
        try:
            embedder = CachedEmbedder(HashingEmbedder(), EmbeddingCache(50_000))
            gm = Graphmem(store, settings, embedder)
            bootstrap(store, [gm.embedding_space])
            yield gm
        finally:
            gm.close()
            server = getattr(store, "server", None)
            if server is not None:
                server.stop()


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
    gm.logs.flush()  # the retrieval log is written by the background writer
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
        self.episodes: list[dict[str, Any]] = []
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

    def episode(self, tenant: str, subject: str, when: datetime, goal: str, outcome: str) -> str:
        """An old episode as the gate writes one (properties of the memory template)."""
        self.subject(tenant, subject)
        mid = new_id("mem")
        t = iso(when)
        props = {
            **self.tmpl["memory"],
            "memory_id": mid,
            "tenant_id": tenant,
            "subject_id": subject,
            "type": "EPISODIC",
            "text": f"{goal}: {outcome.lower()}",
            "goal": goal,
            "outcome": outcome,
            "content_json": json.dumps({"goal": goal, "outcome": outcome}),
            "content_hash": "sha256:" + os.urandom(32).hex(),
            "recorded_at": t,
            "valid_from": t,
            "status": "ACTIVE",
            "sensitivity": "LOW",
        }
        for key in ("predicate", "object", "conflict_key"):
            props.pop(key, None)
        vec = self.rng.standard_normal(self.dim).astype(np.float32)
        vec /= np.linalg.norm(vec)
        self.episodes.append(
            {"props": props, "embedding": [round(float(x), 4) for x in vec], "receipt": None}
        )
        return mid

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
        vector_fn = self.gm.store.dialect["vector_fn"]

        def fill(text: str, kind: str) -> str:
            text = text.replace("{label}", self.label).replace("{vector_fn}", vector_fn)
            return text.replace("{kind}", kind)

        for text, rows in (
            (BULK_SUBJECTS, self.subjects),
            (BULK_SOURCES, self.sources),
            (fill(BULK_MEMORIES, "Claim"), self.memories),
            (fill(BULK_MEMORIES, "Episode"), self.episodes),
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
        #: where ``timed`` writes a cProfile of each call (None: not profiled)
        self.cprofile: Path | None = None
        self.rep = 0
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
        embedder.cache.evict = self._wrap("cache_evict", embedder.cache.evict)  # type: ignore[method-assign]

    def timed(self, name: str, fn: Callable[[], Any]) -> tuple[Any, float]:
        """``fn()`` and its wall time, under cProfile when ``self.cprofile`` is set."""
        prof = cProfile.Profile() if self.cprofile is not None else None
        t0 = time.perf_counter()
        if prof is not None:
            prof.enable()
        try:
            out = fn()
        finally:
            if prof is not None:
                prof.disable()
        elapsed = time.perf_counter() - t0
        if prof is not None and self.cprofile is not None:
            self.cprofile.mkdir(parents=True, exist_ok=True)
            prof.dump_stats(str(self.cprofile / f"{name}-{self.rep}.prof"))
        return out, elapsed

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
    "erasure/begin": ["flagged", "reinstated"],
    "erasure/delete_memories": ["memories", "receipts"],
    "erasure/delete_sources": ["sources"],
    "erasure/delete_logs": ["logs_deleted", "logs_scrubbed"],
    "erasure/finish": [
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
    receipt, total = ph.timed("erase", lambda: gm.erase_subject(ADMIN, subject))
    out = {"erase": snapshot(ph, total)}
    ph.reset()
    verified, total = ph.timed("verify", lambda: gm.eraser.verify(ADMIN, receipt.receipt_id))
    out["verify"] = snapshot(ph, total)
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
        # the receipt's shape differs across commits (a baseline's held every hash)
        "tombstones_planned": getattr(receipt, "tombstones_planned", None),
        "content_hashes": len(getattr(receipt, "content_hashes", [])),
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
    receipt, total = ph.timed(
        "revoke", lambda: gm.revoke(ADMIN, source_id=exp["source_id"], reason="POISONED")
    )
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


def build_episodes(b: Builder, n: int) -> dict[str, Any]:
    """N old episodes in acme: 100 per subject, 20 per subject and month over 5 months."""
    subjects = max(1, n // 100)
    for i in range(n):
        k = i // subjects
        when = datetime(2023, 1 + k % 5, 1 + (k // 5) % 28, 12, tzinfo=UTC)
        outcome = ("SUCCESS", "FAILURE", "PARTIAL")[i % 3]
        b.episode(TENANT, f"user:ep{i % subjects:05d}", when, f"task {k % 7}", outcome)
    groups = len({(i % subjects, (i // subjects) % 5) for i in range(n)})
    return {"episodes": n, "subjects": subjects, "groups": groups}


def run_compaction(gm: Graphmem, ph: Phases, exp: dict[str, Any]) -> dict[str, Any]:
    before = count_nodes(gm)
    ph.reset()
    t0 = time.perf_counter()
    results = gm.compact(ADMIN, older_than=iso(BASE))
    total = time.perf_counter() - t0
    after = count_nodes(gm)
    out = {"compact": snapshot(ph, total)}
    out["per_episode_ms"] = round(1000 * total / max(1, exp["episodes"]), 4)
    out["checks"] = {
        "groups": len(results) == exp["groups"],
        "episodes_rolled": sum(r["episodes"] for r in results) == exp["episodes"],
        "originals_removed": before["Memory"] - after["Memory"] == exp["episodes"] - exp["groups"],
        "tombstones": after["Tombstone"] - before["Tombstone"] == exp["episodes"],
    }
    out["expected"] = exp
    return out


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


def measure(ns: argparse.Namespace) -> dict[str, Any]:
    """One engine, the repeats, then compaction: the report of the code on ``sys.path``."""
    import graphmem

    t_start = time.perf_counter()
    report: dict[str, Any] = {"engine": ns.engine, "graphmem": str(Path(graphmem.__file__))}
    with engine(ns.engine) as gm:
        report["engine_version"] = gm.store.ping().get("version")
        tmpl = templates(gm)
        b = Builder(gm, tmpl, np.random.default_rng(7))
        report["background"] = preload_background(b, ns.background)
        print(json.dumps(report["background"]), file=sys.stderr, flush=True)
        ph = Phases(gm)
        ph.cprofile = ns.cprofile
        erasures, revocations = [], []
        plan = ["timed"] * ns.repeats + (["profile"] if ns.profile else [])
        for rep, variant in enumerate(plan):
            ph.profile = variant == "profile"
            ph.rep = rep
            exp_e = build_erasure(b, rep, ns.victim)
            exp_r = build_revocation(b, rep, ns.fanout_roots)
            load_s = b.flush()
            counts = count_nodes(gm)
            e = run_erasure(gm, ph, exp_e)
            e["setup"] = {
                "load_s": round(load_s, 2),
                "graph_nodes": sum(counts.values()),
                "memories_in_graph": counts["Memory"],
                "victim_memories": exp_e["victim_memories"],
                "derived_from_edges": exp_e["derived_from_edges"],
                "log_mentions": exp_e["log_mentions"],
                "references": exp_e["references"],
            }
            e["erase_and_verify_s"] = round(e["erase"]["total_s"] + e["verify"]["total_s"], 4)
            r = run_revocation(gm, ph, exp_r)
            print(json.dumps({"rep": rep, "erasure": e, "revocation": r}), file=sys.stderr)
            if variant == "profile":
                report["profiles"] = ph.plans
            else:
                erasures.append(e)
                revocations.append(r)
        report["erasure_runs"] = erasures
        report["revocation_runs"] = revocations
        report["erasure_median"] = median_tree(erasures)
        report["revocation_median"] = median_tree(revocations)
        compaction = None
        if ns.episodes:
            ph.profile = False
            exp_c = build_episodes(b, ns.episodes)
            load_s = b.flush()
            compaction = run_compaction(gm, ph, exp_c)
            compaction["load_s"] = round(load_s, 2)
            print(json.dumps({"compaction": compaction}), file=sys.stderr, flush=True)
        report["compaction"] = compaction
        report["all_checks_pass"] = all(
            all(x["checks"].values())
            for x in [*erasures, *revocations, *([compaction] if compaction else [])]
        )
    report["total_s"] = round(time.perf_counter() - t_start, 1)
    return report


def headline(report: dict[str, Any]) -> dict[str, float | None]:
    """The figures the issue's targets name, from one report."""
    e, r, c = report["erasure_median"], report["revocation_median"], report["compaction"]
    return {
        "erase_s": e["erase"]["total_s"],
        "verify_s": e["verify"]["total_s"],
        "erase_and_verify_s": e["erase_and_verify_s"],
        "revoke_s": r["revoke"]["total_s"],
        "compact_s": c["compact"]["total_s"] if c else None,
    }


def run_child(ns: argparse.Namespace, ref: str | None, repeats: int) -> dict[str, Any]:
    """The measurement in a child process on a fresh engine: this tree's product code
    (``ref`` None) or that of git ref ``ref`` (its ``graphmem/`` and ``cypher/`` first on
    ``sys.path``)."""
    repo = Path(__file__).resolve().parent.parent
    args = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        f"--engine={ns.engine}",
        f"--background={ns.background}",
        f"--victim={ns.victim}",
        f"--fanout-roots={ns.fanout_roots}",
        f"--episodes={ns.episodes}",
        f"--repeats={repeats}",
    ]
    if ref is None:
        out = subprocess.run(args, cwd=repo, stdout=subprocess.PIPE, check=True)
        mine: dict[str, Any] = json.loads(out.stdout)
        return mine
    with tempfile.TemporaryDirectory(prefix="forget-baseline-") as tmp:
        archive = subprocess.run(
            ["git", "archive", ref, "graphmem", "cypher"],
            cwd=repo,
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        # the local Neo4j's launcher: REF's own (its storage procedure is part of erasure),
        # built once per commit outside this tree
        (Path(tmp) / "tools").symlink_to(launcher_tools(repo, ref))
        env = {**os.environ, "PYTHONPATH": tmp}
        out = subprocess.run(args, env=env, cwd=tmp, stdout=subprocess.PIPE, check=True)
    child: dict[str, Any] = json.loads(out.stdout)
    if not child["graphmem"].startswith(tmp):
        raise SystemExit(f"the baseline imported {child['graphmem']}, not {ref}")
    return child


def launcher_tools(repo: Path, ref: str) -> Path:
    """A ``tools/`` folder holding REF's ``tools/neo4j``: this tree's when the launcher's
    sources are the same (its build is reused), else REF's extracted once per commit into the
    temporary directory, where the engine builds it on first use (Maven, ~1 minute) and
    reuses the build after."""
    from graphmem.store.neo4j_build import fingerprint

    sha = subprocess.run(
        ["git", "rev-parse", ref], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.strip()
    dest = Path(tempfile.gettempdir()) / "graphmem-bench-tools" / sha
    if not (dest / "tools" / "neo4j" / "pom.xml").is_file():
        dest.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", ref, "tools/neo4j"], cwd=repo, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    if fingerprint(dest / "tools" / "neo4j") == fingerprint(repo / "tools" / "neo4j"):
        return repo / "tools"
    return dest / "tools"


def run_baseline(ns: argparse.Namespace) -> dict[str, Any]:
    """The same measurement against the product code of git ref ``ns.baseline``."""
    return run_child(ns, ns.baseline, ns.repeats)


def merged(children: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from several one-repeat children of the same code: their runs joined and
    the medians taken over all of them."""
    out = dict(children[0])
    out["erasure_runs"] = [e for c in children for e in c["erasure_runs"]]
    out["revocation_runs"] = [r for c in children for r in c["revocation_runs"]]
    out["erasure_median"] = median_tree(out["erasure_runs"])
    out["revocation_median"] = median_tree(out["revocation_runs"])
    out["all_checks_pass"] = all(c["all_checks_pass"] for c in children)
    out["total_s"] = round(sum(c["total_s"] for c in children), 1)
    out["children"] = len(children)
    return out


def interleaved(ns: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """This tree and ``ns.baseline`` alternately, one repeat per child on a fresh engine, in
    the order A B B A A B …, so drifting load falls on both sides alike."""
    # this tree as committed when the run began: edits made while it runs are not measured
    head = commit()
    mine: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for i in range(ns.repeats):
        order = ((head, mine), (ns.baseline, theirs))
        for ref, into in order if i % 2 == 0 else order[::-1]:
            started = datetime.now(UTC).strftime("%H:%M:%S")
            print(f"[{started}] repeat {i + 1}: {ref}", file=sys.stderr, flush=True)
            into.append(run_child(ns, ref, 1))
    return merged(mine), merged(theirs)


def commit() -> str:
    repo = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True, text=True
    )
    return out.stdout.strip() or "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=("falkordb", "neo4j"), default="falkordb")
    ap.add_argument("--background", type=int, default=100_000)
    ap.add_argument("--victim", type=int, default=10_000)
    ap.add_argument("--fanout-roots", type=int, default=1000)
    ap.add_argument("--episodes", type=int, default=100_000, help="0: no compaction")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--baseline", metavar="REF", help="also measure git ref REF's product code")
    ap.add_argument(
        "--interleave",
        action="store_true",
        help="with --baseline: alternate the two, one repeat per child process (A B B A …)",
    )
    ap.add_argument("--profile", action="store_true", help="one extra untimed PROFILE repeat")
    ap.add_argument(
        "--cprofile", type=Path, metavar="DIR", help="a cProfile of each erase/verify/revoke call"
    )
    ap.add_argument("--quick", action="store_true", help="small sizes, one repeat: a smoke run")
    ap.add_argument("--out", type=Path, help="also write the report here")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.quick:
        ns.background, ns.victim, ns.fanout_roots, ns.repeats = 5000, 1000, 100, 1
        ns.episodes = min(ns.episodes, 5000)
    if ns.profile and ns.engine != "falkordb":
        raise SystemExit("--profile reads GRAPH.PROFILE: FalkorDB only")
    if ns.child:
        print(json.dumps(measure(ns), default=str))
        return
    report: dict[str, Any] = {
        "machine": machine(),
        "commit": commit(),
        "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(ns).items()},
    }
    if ns.interleave and not ns.baseline:
        raise SystemExit("--interleave needs --baseline REF")
    if ns.interleave:
        report["this_tree"], report["baseline"] = interleaved(ns)
    else:
        report["this_tree"] = measure(ns)
    report["headline"] = {"this_tree": headline(report["this_tree"])}
    if ns.baseline:
        if not ns.interleave:
            report["baseline"] = run_baseline(ns)
        before, after = headline(report["baseline"]), report["headline"]["this_tree"]
        report["headline"]["baseline"] = before
        report["headline"]["speedup"] = {
            k: round(b / a, 2) if a and b else None
            for k, (b, a) in ((k, (before[k], after[k])) for k in after)
        }
    text = json.dumps(report, indent=2, default=str)
    if ns.out:
        ns.out.write_text(text + "\n")
    print(text)
    checks = [report["this_tree"]["all_checks_pass"]]
    if "baseline" in report:
        checks.append(report["baseline"]["all_checks_pass"])
    if not all(checks):
        raise SystemExit("a check failed: see all_checks_pass in the report")


if __name__ == "__main__":
    main()
