"""Consolidation over many episodes (issue 13, item 8): time and memory of one
``Consolidator.run`` over EPISODES episodes in CLUSTERS clusters, by phase.

    python bench/consolidation.py [--episodes 10000] [--clusters 100] [--repeats 3]
                                  [--embedder hashing|default] [--quick]

One embedded engine (``Settings(data_dir=tmp)``, default fsync ``always``). Episodes are loaded
by a bench-only bulk ``UNWIND … CREATE`` (not through the gate, not product code) shaped like
committed episodes: the properties of one episode the gate really wrote, with the fields
consolidation reads replaced. Each cluster is one task (its own goal in 5 phrasings, failure
code, remedy action); within it 60 % of the episodes carry the cluster's signal, and the remedy
succeeds with the signal 95 % of the time and without it 10 %; every episode also has one of 3
operating systems and one of 4 client versions (noise the condition search must not pick).

Timed (median over repeats, each on the same episodes, after a first untimed run so the
insights exist and later runs measure the update path — the steady state of a schedule):
the whole run, and its phases by wrapping the named queries (read episodes, store insights,
re-check approved ones), the embedder, the similarity graph (numpy + networkx) and the
clustering. Memory, on one more run of its own (tracemalloc slows allocation-heavy code several
times over): the ``tracemalloc`` peak (Python allocations: numpy blocks, the graph) and the
process RSS before/after. Baseline in the same run: the same pipeline at a
tenth of the size, to read how it scales (pairwise similarity is O(n²) by design: exact, no
ANN). Checks: every cluster yields its remedy rule under its signal, never unconditionally.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.embeddings.factory import create_embedder
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.learn import consolidate as consolidate_module
from graphmem.learn.consolidate import ConsolidationRequest
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.schema import bootstrap

AGENT = Principal(tenant_id="bench", principal_id="agent:bench", roles=frozenset({"agent"}))
CHUNK = 500
PHRASINGS = ("{t}", "{t} again", "fix {t}", "{t} for a user", "troubleshoot {t}")
TOPICS = [
    "vpn error",
    "printer offline",
    "mail sync stuck",
    "disk full alert",
    "login loop",
    "wifi drops",
    "slow database",
    "expired token",
    "build fails",
    "dns timeout",
]

BULK_EPISODES = """
UNWIND $rows AS r
MATCH (s:Subject {subject_key: r.subject_key})
CREATE (m:Memory:Episode:{label})
SET m += r.props
CREATE (m)-[:ABOUT {recorded_at: r.props.recorded_at}]->(s)
"""


def _episodes(n: int, clusters: int, seed: int = 7) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        c = i % clusters
        topic = f"{TOPICS[c % len(TOPICS)]} {c}"
        signal = rnd.random() < 0.6
        ok = rnd.random() < (0.95 if signal else 0.10)
        env = {
            f"signal_{c}": signal,
            "os": rnd.choice(["windows", "macos", "linux"]),
            "client": rnd.choice(["5.1", "5.2", "5.3", "6.0"]),
        }
        out.append(
            {
                "goal": rnd.choice(PHRASINGS).format(t=topic),
                "actions_json": json.dumps(
                    [{"name": "collect_logs"}, {"name": f"remedy_{c}"}], sort_keys=True
                ),
                "outcome": "SUCCESS" if ok else "FAILURE",
                "environment_json": json.dumps(env, sort_keys=True),
                "failure_code": f"E{c:03d}",
                "root_cause": None if ok else f"cause {rnd.randrange(3)}",
                "text": f"{topic} | remedy_{c} | {'SUCCESS' if ok else 'FAILURE'}",
            }
        )
    return out


def load(gm: Graphmem, subject: str, n: int, clusters: int) -> float:
    """One real episode through the gate (its shape), then ``n`` bulk copies."""
    src = gm.record_source(AGENT, {"kind": "TOOL_RESULT", "content": "bench log"}).source_id
    recorded = gm.record_episode(
        AGENT,
        {
            "subject_id": subject,
            "goal": "bench shape",
            "actions": ["collect_logs"],
            "observations": [{"text": "bench", "source_id": src}],
            "outcome": "SUCCESS",
        },
    )
    shape_id = recorded.episode_id
    row = gm.store.read_adhoc(
        "MATCH (m:Memory {memory_id: $id}) RETURN properties(m) AS p", {"id": shape_id}
    )[0]["p"]
    ex = gm.store._execute  # type: ignore[attr-defined]
    ex("MATCH (m:Memory {memory_id: $id}) DETACH DELETE m", {"id": shape_id}, read_only=False)
    base = {k: v for k, v in row.items() if k not in ("embedding",)}
    t0 = time.perf_counter()
    rows = []
    for i, fields in enumerate(_episodes(n, clusters)):
        props = {**base, **{k: v for k, v in fields.items() if v is not None}}
        props["memory_id"] = f"mem_bench_{subject.replace(':', '_')}_{i:06d}"
        props["content_hash"] = "sha256:" + f"{i:064x}"[-64:]
        rows.append({"subject_key": f"bench|{subject}", "props": props})
    text = BULK_EPISODES.replace("{label}", gm.embedder.space_label)
    for i in range(0, len(rows), CHUNK):
        ex(text, {"rows": rows[i : i + CHUNK]}, read_only=False)
    return time.perf_counter() - t0


class Phases:
    """Wall time by phase: named queries, the embedder, graph building, clustering."""

    def __init__(self, gm: Graphmem) -> None:
        self.gm = gm
        self.times: dict[str, float] = defaultdict(float)

    @contextmanager
    def installed(self) -> Iterator[None]:
        store, emb = self.gm.store, self.gm.embedder
        orig_read, orig_write, orig_encode = store.read, store.write, emb.encode
        orig_graph = consolidate_module.similarity_graph
        orig_clusters = consolidate_module.clusters

        def timed(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*a: Any, **kw: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return fn(*a, **kw)
                finally:
                    self.times[label] += time.perf_counter() - t0

            return wrapper

        def read(name: str, *a: Any, **kw: Any) -> Any:
            return timed(f"query {name}", orig_read)(name, *a, **kw)

        def write(name: str, *a: Any, **kw: Any) -> Any:
            return timed(f"query {name}", orig_write)(name, *a, **kw)

        store.read, store.write = read, write  # type: ignore[method-assign]
        emb.encode = timed("embed goals", orig_encode)  # type: ignore[method-assign]
        consolidate_module.similarity_graph = timed("similarity graph", orig_graph)  # type: ignore[assignment]
        consolidate_module.clusters = timed("clusters (components/louvain)", orig_clusters)  # type: ignore[assignment]
        try:
            yield
        finally:
            store.read, store.write = orig_read, orig_write  # type: ignore[method-assign]
            emb.encode = orig_encode  # type: ignore[method-assign]
            consolidate_module.similarity_graph = orig_graph  # type: ignore[assignment]
            consolidate_module.clusters = orig_clusters  # type: ignore[assignment]


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(gm: Graphmem, subject: str, repeats: int, clusters: int) -> dict[str, Any]:
    request = ConsolidationRequest(subject_id=subject, min_support=2)
    first = gm.consolidator.run("bench", "agent:bench", request)  # creates the insights
    check = _check(gm, subject, clusters)
    runs = []
    for _ in range(repeats):
        phases = Phases(gm)
        t0 = time.perf_counter()
        with phases.installed():
            result = gm.consolidator.run("bench", "agent:bench", request)
        runs.append(
            {
                "total_s": time.perf_counter() - t0,
                "phases_s": dict(phases.times),
                "episodes": result.episodes,
                "clusters": result.clusters,
                "updated": len(result.updated),
            }
        )
    # memory on its own run: tracemalloc slows allocation-heavy code several times over
    rss0 = rss_mb()
    tracemalloc.start()
    gm.consolidator.run("bench", "agent:bench", request)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    memory = {"tracemalloc_peak_mb": peak / 2**20, "rss_before_mb": rss0, "rss_after_mb": rss_mb()}
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    phase_names = sorted({p for r in runs for p in r["phases_s"]})
    return {
        "first_run_s": first.took_ms / 1000,
        "first_run_created": len(first.created),
        "median_total_s": med("total_s"),
        "memory": memory,
        "median_phases_s": {
            p: statistics.median(r["phases_s"].get(p, 0.0) for r in runs) for p in phase_names
        },
        "episodes": runs[-1]["episodes"],
        "clusters": runs[-1]["clusters"],
        "check": check,
        "runs": runs,
    }


def _check(gm: Graphmem, subject: str, clusters: int) -> dict[str, Any]:
    """Every cluster's remedy rule under its signal; no unconditional remedy rule."""
    found = gm.insights.list(AGENT, subject_id=subject, limit=1000).items
    conditional = {
        i.action
        for i in found
        if i.action and i.outcome == "SUCCESS" and any(c.startswith("signal_") for c in i.condition)
    }
    unconditional = [i.insight_id for i in found if not i.condition and i.explained]
    return {
        "insights": len(found),
        "clusters_with_signal_rule": len(conditional),
        "expected": clusters,
        "unconditional_with_counterexamples": len(unconditional),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=10_000)
    ap.add_argument("--clusters", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--embedder", default="hashing", help="hashing, or 'default' (settings)")
    ap.add_argument("--quick", action="store_true", help="1k episodes, 10 clusters, 1 repeat")
    args = ap.parse_args()
    if args.quick:
        args.episodes, args.clusters, args.repeats = 1000, 10, 1
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), retrieval_log_mode="sync", scope_cache_mb=0)
        embedder = HashingEmbedder() if args.embedder == "hashing" else create_embedder(settings)
        gm = Graphmem.open(settings, embedder=embedder)
        bootstrap(gm.store, [gm.embedding_space])
        out: dict[str, Any] = {
            "bench": "consolidation",
            "commit": subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
            ).stdout.strip(),
            "machine": f"{platform.machine()} {os.cpu_count()} cpus, {platform.python_version()}",
            "load_avg": os.getloadavg(),
            "embedder": gm.embedder.embedding_version,
            "args": vars(args),
        }
        try:
            small = (max(args.episodes // 10, 100), max(args.clusters // 10, 1))
            for label, (n, c) in (
                ("baseline_tenth", small),
                ("full", (args.episodes, args.clusters)),
            ):
                subject = f"project:{label}"
                load_s = load(gm, subject, n, c)
                print(f"{label}: loaded {n} episodes in {load_s:.1f} s", file=sys.stderr)
                out[label] = {
                    "episodes": n,
                    "clusters": c,
                    "load_s": load_s,
                    **measure(gm, subject, args.repeats, c),
                }
                print(
                    json.dumps({k: v for k, v in out[label].items() if k != "runs"}),
                    file=sys.stderr,
                )
        finally:
            gm.close()
    print(json.dumps(out, indent=2, default=str))


if __name__ == "__main__":
    main()
