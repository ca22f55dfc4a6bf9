"""What a listing's ``total`` costs: ``memories/list`` (one statement: the page as a slice of
the ordered matches, and their count) against the same filter answering only a SKIP/LIMIT page
(what it ran before it reported a total) and against a count alone, on one embedded engine, one
run, medians of 15 calls per query and size. Unfiltered tenant listing, limit 100.

    python bench/memory_listing.py [--sizes 1000,20000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from graphmem.store.falkordb_server import EmbeddedServer
from graphmem.store.falkordb_store import FalkorDBStore

LIST = (Path(__file__).resolve().parent.parent / "cypher" / "memories" / "list.cypher").read_text()
BODY = "\n".join(line for line in LIST.splitlines() if not line.startswith("//"))
FILTER = BODY.split("WITH m ORDER BY")[0]
QUERIES = {
    "page + total (memories/list)": BODY,
    "page only (SKIP/LIMIT)": FILTER
    + "RETURN m ORDER BY m.subject_id, m.valid_from, m.recorded_at SKIP $offset LIMIT $limit",
    "count only": FILTER + "RETURN count(m) AS total",
}
PARAMS = {
    "tenant_id": "acme",
    "subject_ids": None,
    "type": None,
    "status": None,
    "valid_at": None,
    "known_at": None,
    "now": "2026-12-01",
    "limit": 100,
    "offset": 0,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,20000")
    sizes = [int(s) for s in parser.parse_args().sizes.split(",")]
    with tempfile.TemporaryDirectory() as d:
        server = EmbeddedServer(Path(d) / "fk", start_timeout_s=60)
        server.ensure_running()
        store = FalkorDBStore(graph_name=f"b_{uuid.uuid4().hex[:8]}", server=server)
        made = 0
        for n in sizes:
            store._execute(
                f"UNWIND range({made + 1}, {n}) AS i CREATE (:Memory {{tenant_id: 'acme', "
                "memory_id: 'm' + toString(i), subject_id: 'user:s' + toString(i % 50), "
                "type: 'SEMANTIC', status: 'ACTIVE', recorded_at: '2026-01-01', "
                "valid_from: '2026-01-01', text: 'a memory of moderate length, number ' + "
                "toString(i)})",
                {},
                read_only=False,
            )
            made = n
            medians = {}
            for name, text in QUERIES.items():
                times = []
                for _ in range(15):
                    t0 = time.perf_counter()
                    store._execute(text, PARAMS, read_only=True)
                    times.append(time.perf_counter() - t0)
                medians[name] = 1000 * statistics.median(times)
            print(f"{n} memories: " + ", ".join(f"{k} {v:.1f} ms" for k, v in medians.items()))
        store.close()
        server.stop()


if __name__ == "__main__":
    main()
