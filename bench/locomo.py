"""LoCoMo retrieval: graphmem through the real write and read paths vs cosine and BM25.

    python bench/locomo.py --data ../shared/data/locomo --out /tmp/locomo.json
                           [--k 10] [--limit-conversations N] [--window 0]

DIR holds ``turns*.jsonl`` and ``qa*.jsonl`` in the shared format (see the data README; the
data is read in place, never copied). Needs ``bm25s==0.3.16`` (``pip install bm25s==0.3.16``)
for the BM25 baseline.

The loader and the ingest live in ``graphmem/eval/locomo.py`` (shared with ``graphmem eval``,
whose ``retrieval`` suite also compares systems at equal context tokens). Ingest (graphmem): one
tenant ``locomo``; each conversation is its own subject
``project:locomo-<sample_id>``. Every turn is recorded as a USER_MESSAGE source by an agent key
bound to that speaker (``user:<sample_id>.<speaker>``, so the statement is authenticated), with
the speaker in the content ("Caroline: …", plus the shared image's caption when there is one),
then proposed as an EPISODIC memory about the conversation with PROVENANCE to that source and
the session date (parsed to ISO-8601) as valid time. Every receipt is checked; refusals are
counted by reason code and listed in the output (``gate``). Nothing bypasses the gate.

With ``--window W`` (W > 1) each session also gets DERIVED episodic memories: every run of W
consecutive turns (stride W - 1), proposed with provenance to each of its turns; such a memory
counts for every turn it derives from, and the tokens it returns are reported.

Retrieval: an unbound agent key asks ``Retriever.retrieve`` for the top-k within the
conversation's subject; results map to dia_ids through the PROVENANCE edges read back from the
graph. Baselines on the same turn texts: exact cosine top-k with the same embedder (numpy) and
BM25 (bm25s, English stop words, no stemmer) over single turns.

Metrics per question with evidence: recall@5, recall@10, any@10, all@10, MRR (first retrieved
item carrying evidence, within k) and tokens returned (the embedder's ``count_tokens`` summed
over the k results). ``overall`` is categories 1-4; ``by_category`` holds each category by name,
adversarial (5) included there only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.embeddings.base import Embedder
from graphmem.embeddings.factory import create_embedder
from graphmem.eval.locomo import (
    READER,
    SCORED,
    Conversation,
    ingest,
    load,
    provenance_map,
    source_id_of,
    subject_of,
    turn_text,
)
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.schema import bootstrap

# -- metrics -------------------------------------------------------------------------------------


def score_one(ranked: list[set[str]], evidence: set[str], k: int) -> dict[str, float]:
    """``ranked``: the dia_ids each of the top-k results carries, in rank order."""

    def got(n: int) -> set[str]:
        return set().union(*ranked[:n]) if ranked[:n] else set()

    at5, atk = got(5), got(k)
    rr = next((1.0 / (i + 1) for i, ids in enumerate(ranked[:k]) if ids & evidence), 0.0)
    return {
        "recall@5": len(at5 & evidence) / len(evidence),
        "recall@10": len(atk & evidence) / len(evidence),
        "any@10": float(bool(atk & evidence)),
        "all@10": float(evidence <= atk),
        "mrr": rr,
    }


def aggregate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    keys = ("recall@5", "recall@10", "any@10", "all@10", "mrr", "tokens")

    def mean(sel: list[dict[str, Any]]) -> dict[str, Any]:
        if not sel:
            return {"n": 0}
        return {"n": len(sel)} | {k: round(statistics.fmean(r[k] for r in sel), 4) for k in keys}

    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_cat[r["category_name"]].append(r)
    overall = mean([r for r in rows if r["category"] in SCORED])
    return overall | {"by_category": {name: mean(sel) for name, sel in sorted(by_cat.items())}}


# -- systems -------------------------------------------------------------------------------------


def run_graphmem(
    gm: Graphmem, convs: list[Conversation], k: int, prov: dict[str, set[str]]
) -> tuple[list[dict[str, Any]], list[float]]:
    dia_of = {source_id_of(c.sample_id, t["dia_id"]): t["dia_id"] for c in convs for t in c.turns}
    rows, latency = [], []
    for conv in convs:
        subject = subject_of(conv.sample_id)
        for q in conv.questions:
            if not q["evidence"]:
                continue
            t0 = time.perf_counter()
            res = gm.retrieve(READER, {"query": q["question"], "subject_id": subject, "k": k})
            latency.append((time.perf_counter() - t0) * 1000)
            ranked = [{dia_of[s] for s in prov.get(s.memory_id, set())} for s in res.results]
            tokens = sum(
                gm.embedder.count_tokens(str(s.row.get("text") or "")) for s in res.results
            )
            rows.append(_row(q, ranked, k, tokens))
    return rows, latency


def _row(q: dict[str, Any], ranked: list[set[str]], k: int, tokens: int) -> dict[str, Any]:
    return {
        "category": q["category"],
        "category_name": q["category_name"],
        "tokens": tokens,
        **score_one(ranked, set(q["evidence"]), k),
    }


def run_cosine(embedder: Embedder, convs: list[Conversation], k: int) -> list[dict[str, Any]]:
    rows = []
    for conv in convs:
        texts = [turn_text(t) for t in conv.turns]
        docs = embedder.encode(texts)
        qs = [q for q in conv.questions if q["evidence"]]
        if not qs:
            continue
        qv = embedder.encode([q["question"] for q in qs])
        sims = qv @ docs.T
        for q, s in zip(qs, sims, strict=True):
            top = np.argsort(-s, kind="stable")[:k]
            ranked = [{conv.turns[i]["dia_id"]} for i in top]
            tokens = sum(embedder.count_tokens(texts[i]) for i in top)
            rows.append(_row(q, ranked, k, tokens))
    return rows


def run_bm25(embedder: Embedder, convs: list[Conversation], k: int) -> list[dict[str, Any]]:
    import bm25s

    rows = []
    for conv in convs:
        texts = [turn_text(t) for t in conv.turns]
        retriever = bm25s.BM25()
        retriever.index(
            bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False
        )
        qs = [q for q in conv.questions if q["evidence"]]
        for q in qs:
            tok = bm25s.tokenize([q["question"]], stopwords="en", show_progress=False)
            n = min(k, len(texts))
            docs, _ = retriever.retrieve(tok, k=n, show_progress=False)
            top = [int(i) for i in docs[0]]
            ranked = [{conv.turns[i]["dia_id"]} for i in top]
            tokens = sum(embedder.count_tokens(texts[i]) for i in top)
            rows.append(_row(q, ranked, k, tokens))
    return rows


# -- main ----------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--limit-conversations", type=int, default=None)
    ap.add_argument("--window", type=int, default=0, help="derived session windows (0: none)")
    args = ap.parse_args(argv)

    convs = load(args.data, args.limit_conversations)
    embedder = create_embedder(Settings())
    gate: dict[str, Any] = {
        "decisions": Counter(),
        "refusal_codes": Counter(),
        "refused": [],
        "unauthenticated_poisoning": [],
    }
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # AOF fsync once a second: a throw-away store; the gate and commits are unchanged
        settings = Settings(data_dir=Path(tmp), falkordb_appendfsync="everysec")
        store = FalkorDBStore.from_settings(settings)
        try:
            gm = Graphmem(store, settings, embedder)
            bootstrap(store, [gm.embedding_space])
            t0 = time.perf_counter()
            for conv in convs:
                ingest(gm, conv, args.window, gate)
                print(f"ingested {conv.sample_id}: {dict(gate['decisions'])}", file=sys.stderr)
            ingest_s = time.perf_counter() - t0
            prov = provenance_map(gm)
            rows, latency = run_graphmem(gm, convs, args.k, prov)
            out["graphmem"] = aggregate(rows) | {
                "median_ms_per_question": round(statistics.median(latency), 1),
                "ingest_s": round(ingest_s, 1),
                "memories": len(prov),
            }
        finally:
            store.close()
            if store.server is not None:
                store.server.stop()
    out["cosine"] = aggregate(run_cosine(embedder, convs, args.k))
    out["bm25"] = aggregate(run_bm25(embedder, convs, args.k))
    best = max(("cosine", "bm25"), key=lambda s: out[s]["recall@10"])
    out["summary"] = {
        "best_baseline": best,
        "ratio_recall@10": round(out["graphmem"]["recall@10"] / out[best]["recall@10"], 3),
    }
    out["gate"] = {
        "decisions": dict(gate["decisions"]),
        "refusal_codes": dict(gate["refusal_codes"]),
        "refused": gate["refused"],
        "unauthenticated_poisoning": gate["unauthenticated_poisoning"],
    }
    out["config"] = {
        "k": args.k,
        "window": args.window,
        "conversations": [c.sample_id for c in convs],
        "embedder": embedder.embedding_version,
    }
    args.out.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    for name in ("graphmem", "cosine", "bm25"):
        r = out[name]
        print(
            f"{name:9s} r@5 {r['recall@5']:.3f} r@10 {r['recall@10']:.3f} any@10 {r['any@10']:.3f} "
            f"mrr {r['mrr']:.3f} tokens {r['tokens']:.0f}"
        )
    print(json.dumps(out["summary"]), json.dumps(out["gate"]["refusal_codes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
