"""Schema bootstrap on a store that already has its schema: what every start (and, in the tests,
every test on Neo4j's one database) pays.

    python bench/bootstrap.py [--engine neo4j|falkordb] [--repeats 7] [--quick]

Method, in one process and one run: a store is opened (the local Neo4j on a temporary data
directory, or a graph of a fresh embedded FalkorDB) and bootstrapped once with one embedding
space. Then, alternating, REPEATS times each:

* ``bootstrap`` — :func:`graphmem.store.schema.bootstrap`: reads the constraints and indexes
  present (two reads) and creates only what is missing (here nothing), then writes the version;
* ``every statement`` — the baseline, what bootstrap did before: every constraint and index
  statement of the same schema run as ``CREATE … IF NOT EXISTS`` (each an idempotent schema
  statement of its own), then the version write.

Medians and the ratio. The data directory is thrown away afterwards.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.store import schema
from graphmem.store.base import GraphStore
from graphmem.timeutil import now_iso

SPACE = schema.EmbeddingSpace("Emb_bench_8", 8)


def every_statement(store: GraphStore) -> None:
    """The baseline: each DDL statement of the schema, whether or not its object exists."""
    for label, prop in schema.UNIQUE:
        store.ensure_unique(label, prop)
    unique = set(schema.UNIQUE)
    for label, prop in schema.RANGE:
        if (label, prop) not in unique:
            store.run_schema(
                "schema/range_index",
                {"name": f"{label}_{prop}".lower(), "label": label, "property": prop},
            )
    if store.capabilities.fulltext_index_persisted:
        for label, prop in schema.FULLTEXT:
            store.run_schema(
                "schema/fulltext_index",
                {"name": f"{label}_{prop}_fulltext".lower(), "label": label, "property": prop},
            )
    if store.capabilities.native_vector_index:
        store.run_schema(
            "schema/vector_index",
            {
                "name": f"{SPACE.label}_embedding".lower(),
                "label": SPACE.label,
                "dimension": str(SPACE.dimension),
            },
        )
    store.write(
        "schema/version_set",
        {
            "version": schema.SCHEMA_VERSION,
            "applied_at": now_iso(),
            "embedding_spaces": [SPACE.label],
        },
    )


def open_store(engine: str, data_dir: Path) -> tuple[GraphStore, Callable[[], None]]:
    if engine == "neo4j":
        from graphmem.store.neo4j_server import LocalNeo4j
        from graphmem.store.neo4j_store import Neo4jStore

        store: GraphStore = Neo4jStore.local(
            LocalNeo4j(data_dir, heap_mb=768, pagecache_mb=128), owns_server=True
        )
        return store, store.close
    from graphmem.store.falkordb_server import EmbeddedServer
    from graphmem.store.falkordb_store import FalkorDBStore

    server = EmbeddedServer(data_dir)
    server.ensure_running()
    falkor = FalkorDBStore(graph_name="bench_bootstrap", server=server, vector_index=True)

    def close() -> None:
        falkor.close()
        server.stop()

    return falkor, close


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=["neo4j", "falkordb"], default="neo4j")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="3 repeats")
    args = ap.parse_args()
    repeats = 3 if args.quick else args.repeats
    with tempfile.TemporaryDirectory(prefix="bench-bootstrap-") as tmp:
        store, close = open_store(args.engine, Path(tmp))
        try:
            schema.bootstrap(store, [SPACE])
            times: dict[str, list[float]] = {"bootstrap": [], "every statement": []}
            for _ in range(repeats):
                for name, run in (
                    ("bootstrap", lambda: schema.bootstrap(store, [SPACE])),
                    ("every statement", lambda: every_statement(store)),
                ):
                    t = time.perf_counter()
                    run()
                    times[name].append(time.perf_counter() - t)
        finally:
            close()
    medians = {k: statistics.median(v) for k, v in times.items()}
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    print(
        json.dumps(
            {
                "engine": args.engine,
                "repeats": repeats,
                "median_s": {k: round(v, 4) for k, v in medians.items()},
                "ratio": round(medians["every statement"] / medians["bootstrap"], 2),
                "all_s": {k: [round(x, 3) for x in v] for k, v in times.items()},
                "commit": commit,
                "machine": f"{platform.machine()}, {platform.python_version()}",
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
