"""A runaway query is cut off within its limit while a parallel retrieve keeps its latency.

    python bench/runaway_isolation.py                # ~4 min: 4 phases of 150 retrieves
    python bench/runaway_isolation.py --quick        # ~1.5 min

One ``graphmem serve`` process (the embedded engine, the default multilingual embedder, the
feature cache on, as deployed) on a fresh data dir, seeded through its API: one tenant with
``--memories`` claims over 20 project subjects, each citing its own DOCUMENT source (committed
through the gate by ``/v1/proposals/batch``), and 3,000 ``:Runaway`` nodes for the runaway (a
bench-only statement, not product code).

Phases, interleaved A B A B in the same run against the same process: **alone** — an agent key
bound to one subject retrieves ``--retrieves`` times, one call at a time (each query a
different question); **beside a runaway** — the same while an admin's ad-hoc cartesian query
over the 3,000 nodes (~2.7e10 rows; hours to run out) is sent again and again on its own
thread: each is cut off by the engine at the analyst limit (``GRAPHMEM_ANALYST_QUERY_TIMEOUT_S``,
``--limit-s``) and answered 503 ``QUERY_TIMEOUT``. Reported: retrieve p50/p95/max per phase,
the pooled ratio beside/alone, and each runaway's wall time against its limit.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.retrieve_latency import served  # noqa: E402
from graphmem.auth.keys import create_key  # noqa: E402
from graphmem.settings import Settings  # noqa: E402
from graphmem.store.falkordb_store import FalkorDBStore  # noqa: E402

RUNAWAY = (
    "MATCH (a:Runaway {tenant_id: $tenant_id}), (b:Runaway {tenant_id: $tenant_id}), "
    "(c:Runaway {tenant_id: $tenant_id}) WHERE a.i + b.i + c.i = -1 RETURN count(*) AS n"
)
TOPICS = ["tea", "the VPN", "a laptop", "Korean food", "running", "a project deadline", "jazz"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def seed(client: httpx.Client, agent: dict[str, str], memories: int) -> int:
    proposals = []
    for i in range(memories):
        subject = f"project:p{i % 20}"
        text = f"Project {subject} notes, day {i}: the team likes {TOPICS[i % len(TOPICS)]} #{i}"
        src = client.post(
            "/v1/sources",
            headers=agent,
            json={"kind": "DOCUMENT", "content": text, "uri": f"doc://notes/{i}", "revision": "1"},
        ).json()
        proposals.append(
            {
                "memory_type": "SEMANTIC",
                "subject": subject,
                "claim": {"predicate": f"likes_{i}", "object": TOPICS[i % len(TOPICS)]},
                "text": text,
                "evidence": [
                    {"event_id": src["source_id"], "span": text, "source_role": "document"}
                ],
                "confidence": 0.9,
            }
        )
    committed = 0
    for start in range(0, len(proposals), 500):
        answer = client.post(
            "/v1/proposals/batch", headers=agent, json=proposals[start : start + 500]
        )
        answer.raise_for_status()
        committed += sum(r["decision"] == "COMMITTED" for r in answer.json())
    return committed


def retrieves(client: httpx.Client, headers: dict[str, str], n: int, offset: int) -> list[float]:
    out = []
    for i in range(n):
        body = {"query": f"what does the user like about {TOPICS[(i + offset) % len(TOPICS)]}?"}
        started = time.perf_counter()
        answer = client.post("/v1/retrieve", headers=headers, json=body)
        out.append(1000 * (time.perf_counter() - started))
        assert answer.status_code == 200, answer.text
    return out


def measure(port: int, store: FalkorDBStore, args: argparse.Namespace) -> dict[str, Any]:
    """Seed, warm, then the A B A B phases; the raw numbers."""
    admin = {"Authorization": "Bearer " + create_key(store, tenant_id="t", roles=["admin"]).key}
    writer = {"Authorization": "Bearer " + create_key(store, tenant_id="t", roles=["agent"]).key}
    reader = {
        "Authorization": "Bearer "
        + create_key(store, tenant_id="t", roles=["agent"], subject_id="project:p3").key
    }
    store._execute(
        "UNWIND range(1, 3000) AS i CREATE (:Runaway {tenant_id: 't', i: i})",
        {},
        read_only=False,
    )
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as client:
        started = time.monotonic()
        committed = seed(client, writer, args.memories)
        seeded_s = time.monotonic() - started
        retrieves(client, reader, 20, 0)  # warm: model, feature cache, connections
        phases: dict[str, list[float]] = {"alone": [], "beside": []}
        runaways: list[dict[str, Any]] = []
        for round_ in range(2):
            phases["alone"] += retrieves(client, reader, args.retrieves, round_)
            stop = threading.Event()

            def runaway_loop(stop: threading.Event = stop) -> None:
                with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as own:
                    while not stop.is_set():
                        t0 = time.perf_counter()
                        answer = own.post(
                            "/v1/cypher-adhoc", headers=admin, json={"query": RUNAWAY}
                        )
                        runaways.append(
                            {
                                "s": round(time.perf_counter() - t0, 2),
                                "status": answer.status_code,
                                "code": answer.json().get("code"),
                            }
                        )

            beside = threading.Thread(target=runaway_loop)
            beside.start()
            time.sleep(1.0)  # the runaway holds an engine thread
            phases["beside"] += retrieves(client, reader, args.retrieves, round_)
            stop.set()
            beside.join()
    return {"committed": committed, "seed_s": seeded_s, "phases": phases, "runaways": runaways}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--retrieves", type=int, default=150)
    parser.add_argument("--limit-s", type=float, default=10.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.memories, args.retrieves, args.limit_s = 500, 60, 5.0
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="gm-runaway-") as tmp:
        data_dir = Path(tmp) / "gm"
        limit = {"GRAPHMEM_ANALYST_QUERY_TIMEOUT_S": str(args.limit_s), "HF_HUB_OFFLINE": "1"}
        with served(data_dir, limit) as port:
            store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))  # joins the engine
            try:
                raw = measure(port, store, args)
            finally:
                store.close()
    summary = {
        name: {
            "n": len(v),
            "p50_ms": round(statistics.median(v), 1),
            "p95_ms": round(percentile(v, 0.95), 1),
            "max_ms": round(max(v), 1),
        }
        for name, v in raw["phases"].items()
    }
    result = {
        "commit": commit,
        "machine": f"{platform.machine()} {os.cpu_count()} cpu, python {platform.python_version()}",
        "memories": args.memories,
        "committed": raw["committed"],
        "seed_s": round(raw["seed_s"], 1),
        "analyst_limit_s": args.limit_s,
        "retrieve": summary,
        "ratio_p50": round(summary["beside"]["p50_ms"] / summary["alone"]["p50_ms"], 2),
        "ratio_p95": round(summary["beside"]["p95_ms"] / summary["alone"]["p95_ms"], 2),
        "runaways": raw["runaways"],
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
