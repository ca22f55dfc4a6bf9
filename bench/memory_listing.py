"""What a listing's ``total`` costs (issue 15): ``memories/list`` as it runs (one statement:
every match collected in key order, counted, and the page sliced after the cursor) against
the two-statement alternative — a keyset page alone (the same filter, ``WHERE key > $after
ORDER BY key LIMIT $take``: a top-k, nothing collected) plus a separate ``count(m)`` — and a
count capped at 10,001 rows ("10,000+"). One subject holds every memory (the worst case for a
subject's listing), limit 100, on the embedded FalkorDB; the first page and a page from the
middle (``$after`` = the key of the middle row). One run, interleaved rounds, medians.

    python bench/memory_listing.py [--sizes 10000,100000] [--rounds 9] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from graphmem.queries import library
from graphmem.store.falkordb_server import EmbeddedServer
from graphmem.store.falkordb_store import FalkorDBStore

LIST = library("falkordb").get("memories/list").render({})
#: the listing's filter (every line before the sort key)
FILTER = LIST.split("WITH m, [coalesce(m.subject_id")[0]
KEY = (
    "WITH m, [coalesce(m.subject_id, ''), coalesce(toString(m.valid_from), ''), "
    "coalesce(toString(m.recorded_at), ''), coalesce(m.memory_id, '')] AS key\n"
)
AFTER = (
    "WHERE $after IS NULL OR key[0] > $after[0] OR (key[0] = $after[0] AND (key[1] > $after[1]"
    " OR (key[1] = $after[1] AND (key[2] > $after[2] OR (key[2] = $after[2]"
    " AND key[3] > $after[3])))))\n"
)
PAGE_ONLY = (
    FILTER + KEY + AFTER + ("RETURN m, key ORDER BY key[0], key[1], key[2], key[3] LIMIT $take")
)
COUNT = FILTER + "RETURN count(m) AS total"
CAPPED = FILTER + "WITH m LIMIT 10001 RETURN count(m) AS total"
SUBJECT = "user:s"
TIME = "2026-01-01T00:00:00.000000Z"


def params(after: list[Any] | None) -> dict[str, Any]:
    return {
        "tenant_id": "acme",
        "subject_ids": [SUBJECT],
        "type": None,
        "status": None,
        "valid_at": None,
        "known_at": None,
        "now": "2026-12-01",
        "after": after,
        "take": 101,
    }


def fill(store: FalkorDBStore, start: int, end: int) -> None:
    """Memories ``start..end`` of one subject (in batches: one statement is one fsync)."""
    for lo in range(start, end + 1, 20_000):
        hi = min(end, lo + 19_999)
        store._execute(
            f"UNWIND range({lo}, {hi}) AS i CREATE (:Memory {{tenant_id: 'acme', "
            f"memory_id: 'm' + right('000000' + toString(i), 7), subject_id: '{SUBJECT}', "
            f"type: 'SEMANTIC', status: 'ACTIVE', recorded_at: '{TIME}', valid_from: '{TIME}', "
            "text: 'a memory of moderate length, number ' + toString(i)})",
            {},
            read_only=False,
        )


def timed(store: FalkorDBStore, text: str, p: dict[str, Any]) -> float:
    t0 = time.perf_counter()
    store._execute(text, p, read_only=True)
    return 1000 * (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="CI: 2,000 memories, 3 rounds")
    args = parser.parse_args()
    sizes = [2000] if args.quick else [int(s) for s in args.sizes.split(",")]
    rounds = 3 if args.quick else args.rounds
    with tempfile.TemporaryDirectory() as d:
        server = EmbeddedServer(Path(d) / "fk", start_timeout_s=60)
        server.ensure_running()
        store = FalkorDBStore(graph_name=f"b_{uuid.uuid4().hex[:8]}", server=server)
        store._execute("CREATE INDEX FOR (m:Memory) ON (m.tenant_id)", {}, read_only=False)
        made = 0
        for n in sizes:
            fill(store, made + 1, n)
            made = n
            [row] = store._execute(LIST, params(None), read_only=True)
            assert row["total"] == n, row["total"]
            middle = [SUBJECT, TIME, TIME, f"m{n // 2:07d}"]
            # the two ways answer the same page
            [paged] = store._execute(LIST, params(middle), read_only=True)
            one = [r["m"]["memory_id"] for r in paged["page"]]
            two = [
                r["m"]["memory_id"]
                for r in store._execute(PAGE_ONLY, params(middle), read_only=True)
            ]
            assert one == two, (one[:3], two[:3])
            cases = {
                "one statement, first page": (LIST, None),
                "one statement, middle page": (LIST, middle),
                "keyset page only, first": (PAGE_ONLY, None),
                "keyset page only, middle": (PAGE_ONLY, middle),
                "count only": (COUNT, None),
                "count capped at 10,001": (CAPPED, None),
            }
            times: dict[str, list[float]] = {k: [] for k in cases}
            for _ in range(rounds):  # interleaved: load drifts across every case alike
                for name, (text, after) in cases.items():
                    times[name].append(timed(store, text, params(after)))
            med = {k: statistics.median(v) for k, v in times.items()}
            two_first = med["keyset page only, first"] + med["count only"]
            two_mid = med["keyset page only, middle"] + med["count only"]
            print(f"{n} memories in one subject, limit 100, medians of {rounds}:")
            for name, value in med.items():
                print(f"  {name:32s} {value:9.1f} ms")
            print(
                f"  {'page + count(), first':32s} {two_first:9.1f} ms "
                f"(one statement / two = {med['one statement, first page'] / two_first:.2f})"
            )
            print(
                f"  {'page + count(), middle':32s} {two_mid:9.1f} ms "
                f"(one statement / two = {med['one statement, middle page'] / two_mid:.2f})"
            )
        store.close()
        server.stop()


if __name__ == "__main__":
    main()
