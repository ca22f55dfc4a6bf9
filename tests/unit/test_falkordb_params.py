"""The FalkorDB adapter's parameter header: falkordb's own rendering, except embeddings."""

from __future__ import annotations

import numpy as np
from falkordb import Graph

from graphmem.store.falkordb_store import params_header


def test_header_matches_the_library_for_ordinary_values() -> None:
    params = {
        "s": 'he said "hi" \\ bye',
        "n": None,
        "i": 3,
        "f": 0.1234567890123,
        "short": [0.1, 0.2],
        "mixed": [0.5] * 70 + ["x"],
        "ints": list(range(100)),
        "nested": {"a": [1, "b"], "c": None},
        "flag": True,
    }
    assert params_header(params) == Graph._build_params_header(None, params)
    assert params_header({}) == "" and params_header(None) == ""


def test_an_embedding_keeps_every_float32_bit_in_fewer_digits() -> None:
    vector = np.random.default_rng(7).standard_normal(512).astype(np.float32)
    header = params_header({"vector": vector.tolist()})
    assert header.startswith("CYPHER `vector`=[") and header.endswith("] ")
    parsed = np.array(header[len("CYPHER `vector`=[") : -2].split(","), dtype=np.float64)
    assert np.array_equal(parsed.astype(np.float32), vector)
    assert len(header) < len(Graph._build_params_header(None, {"vector": vector.tolist()}))
