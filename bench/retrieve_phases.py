"""Where a retrieval's Python time goes: ``retrieve_side_by_side.py`` with timers around the
phases of graphmem's calls (medians over the side-by-side's calls, printed to stderr).

    python bench/retrieve_phases.py --engine falkordb --quick [--users 10]

Each timer wraps a function the retriever calls (phase 1 from the feature cache, with its
engine statement; ``Pool.select`` and inside it lexical coverage, the cross-script share and
expansion; phase 2's ``hydrate``; the full score; the log hand-off), so the numbers carry the
wrappers' own cost (~1 µs each). Used for bench/history/2026-12-05-retrieve.md.
"""

from __future__ import annotations

import collections
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import retrieve_side_by_side as bench

import graphmem.read.retrieve as retrieve_module
from graphmem.read import cached_scopes, candidates

TIMES: dict[str, list[float]] = collections.defaultdict(list)


def timed(owner: Any, name: str, label: str) -> None:
    inner = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            TIMES[label].append(time.perf_counter() - t0)

    setattr(owner, name, wrapper)


def main(argv: list[str]) -> None:
    timed(retrieve_module.Retriever, "retrieve", "retrieve")
    timed(cached_scopes.CachedScopes, "phase1", "phase1 (cache, with its statement)")
    timed(cached_scopes, "rank_scope", "  rank_scope")
    timed(retrieve_module, "encode_query", "encode_query (cache hit)")
    timed(candidates.Pool, "select", "Pool.select")
    timed(candidates, "lexical_coverage", "  lexical_coverage")
    timed(candidates, "cross_script_share", "  cross_script_share")
    timed(candidates, "expansion", "  expansion")
    timed(retrieve_module, "hydrate", "hydrate")
    timed(retrieve_module, "score_rows", "score_rows")
    timed(retrieve_module.Retriever, "_log", "log hand-off")
    side_by_side = bench.side_by_side

    def measured(*args: Any, **kwargs: Any) -> Any:
        TIMES.clear()
        out = side_by_side(*args, **kwargs)
        for label, values in TIMES.items():
            if len(values) >= 50:
                print(f"{label:40s} {statistics.median(values) * 1000:7.3f} ms", file=sys.stderr)
        return out

    bench.side_by_side = measured
    bench.main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
