"""How the ad-hoc binding's cost grows with the query: parse + bind + emit time per shape at
four sizes, to check that it is linear in the text (issue 10: "parse time linear").

    python bench/adhoc_parse.py [--repeats 15]

Each shape is generated at a target token count (500 … 4,000; the limit is 5,000), timed
``--repeats`` times with ``time.perf_counter`` in this process (no engine involved), and the
median reported with µs per token and the ratio to the smallest size (8.0 at 4,000 tokens is
linear). Shapes: a flat list, many node patterns, a long operator chain, string literals,
nesting at the depth limit repeated side by side, and a lineage-style query repeated by UNION.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from graphmem.adhoc import MAX_DEPTH, bind_to_tenant
from graphmem.adhoc.lexer import tokenize

LINEAGE = (
    "MATCH (m:Memory {{tenant_id: $tenant_id, memory_id: $memory_id}}) "
    "MATCH p = (m)-[:DERIVED_FROM*0..20]->(o:Memory {{tenant_id: $tenant_id}}) "
    "WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id) AND o.status <> 'ERASED' "
    "WITH o, min(length(p)) AS depth RETURN o.memory_id AS id{i}, depth AS d{i}"
)


def flat_list(n: int) -> str:
    return "RETURN [" + ", ".join(["1"] * n) + "] AS x"


def patterns(n: int) -> str:
    return "MATCH " + ", ".join(f"(n{i}:L {{k: {i}}})" for i in range(n)) + " RETURN 1 AS x"


def chain(n: int) -> str:
    return "MATCH (m) WHERE " + " + ".join(["m.k"] * n) + " > 0 RETURN m"


def strings(n: int) -> str:
    return "RETURN [" + ", ".join(f"'é{i}'" for i in range(n)) + "] AS x"


def nested(n: int) -> str:
    depth = MAX_DEPTH - 5
    one = "[" * depth + "1" + "]" * depth
    return "RETURN [" + ", ".join([one] * n) + "] AS x"


def lineage(n: int) -> str:
    return " UNION ALL ".join(LINEAGE.format(i="") for _ in range(n))


SHAPES: dict[str, Callable[[int], str]] = {
    "flat list": flat_list,
    "node patterns": patterns,
    "operator chain": chain,
    "string literals": strings,
    "nesting at the limit": nested,
    "lineage query, UNION ALL": lineage,
}


def sized(make: Callable[[int], str], tokens: int) -> str:
    """The shape with about ``tokens`` tokens (a bisection on its size parameter)."""
    low, high = 1, 1
    while len(tokenize(make(high), max_tokens=10**6)) < tokens:
        high *= 2
    while low < high:
        mid = (low + high) // 2
        if len(tokenize(make(mid), max_tokens=10**6)) < tokens:
            low = mid + 1
        else:
            high = mid
    return make(low)


def median_s(text: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        bind_to_tenant(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    sizes = [500, 1000, 2000, 4000]
    header = " | ".join(f"{n} tokens" for n in sizes)
    print(f"| shape | {header} | µs/token | ratio 4000/500 |")
    print("| --- " * (len(sizes) + 3) + "|")
    for name, make in SHAPES.items():
        texts = [sized(make, n) for n in sizes]
        ms = [median_s(t, args.repeats) * 1000 for t in texts]
        tokens = [len(tokenize(t, max_tokens=10**6)) for t in texts]
        per_token = ms[-1] * 1000 / tokens[-1]
        cells = " | ".join(f"{m:.1f} ms ({len(t):,} ch)" for m, t in zip(ms, texts, strict=True))
        print(f"| {name} | {cells} | {per_token:.1f} | {ms[-1] / ms[0]:.1f} |")


if __name__ == "__main__":
    main()
