"""The eval's LoCoMo ingest: one ``propose`` at a time against ``propose_many`` batches per
principal, on the same turns, in one process.

    HF_HUB_OFFLINE=1 python bench/eval_ingest.py [--sessions 8] [--batch 50] [--rounds 1]

Method: the first conversation of the dev split, its first ``--sessions`` sessions (turns +
3-turn windows, as ``graphmem eval``'s retrieval suite ingests them), the default embedder
(real model) with every text encoded once beforehand, so both arms hit the vector cache alike.
Each round ingests into a fresh temporary embedded engine twice — one at a time, then batched
(order alternating between rounds) — and times the whole ``ingest`` call (sources recorded,
gate, commits). The gate's decisions must be the same in both arms. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.embeddings.factory import create_embedder
from graphmem.eval.config import DEFAULT_LOCOMO
from graphmem.eval.engine import temporary_graphmem
from graphmem.eval.locomo import ingest, load, turn_text
from graphmem.eval.retrieval import WINDOW, _first_sessions
from graphmem.settings import Settings


def one(embedder: Any, conv: Any, batch: int) -> tuple[float, dict[str, int]]:
    gate: dict[str, Any] = {
        "decisions": Counter(),
        "refusal_codes": Counter(),
        "refused": [],
        "unauthenticated_poisoning": [],
    }
    with temporary_graphmem(embedder) as gm:
        t0 = time.perf_counter()
        ingest(gm, conv, WINDOW, gate, batch=batch)
        return time.perf_counter() - t0, dict(gate["decisions"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=8)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    conv = _first_sessions(load(DEFAULT_LOCOMO, 1)[0], args.sessions)
    embedder = create_embedder(Settings())
    texts = [turn_text(t) for t in conv.turns]
    embedder.encode(texts)
    times: dict[int, list[float]] = {1: [], args.batch: []}
    decisions: dict[int, dict[str, int]] = {}
    for r in range(args.rounds):
        order = (1, args.batch) if r % 2 == 0 else (args.batch, 1)
        for b in order:
            seconds, decisions[b] = one(embedder, conv, b)
            times[b].append(seconds)
    one_at_a_time, batched = (statistics.median(times[b]) for b in (1, args.batch))
    print(
        json.dumps(
            {
                "turns": len(conv.turns),
                "proposals": sum(decisions[1].values()),
                "batch": args.batch,
                "one_at_a_time_s": round(one_at_a_time, 1),
                "batched_s": round(batched, 1),
                "ratio": round(one_at_a_time / batched, 2),
                "same_decisions": decisions[1] == decisions[args.batch],
                "decisions": decisions[args.batch],
                "rounds": args.rounds,
                "machine": f"{platform.machine()}, Python {platform.python_version()}",
            }
        )
    )


if __name__ == "__main__":
    main()
