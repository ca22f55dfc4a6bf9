"""``bench/retrieve_side_by_side.py --quick`` on each engine and ``bench/ann_recall.py --quick``
(CI's slow step): the benchmarks run end to end, the three systems answer every query, and the
ANN indexes find what exact cosine finds over the filtered scope."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.integration]


@pytest.mark.parametrize("engine", ["falkordb", "neo4j"])
def test_side_by_side_quick(engine: str, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "retrieve_side_by_side.py"),
            "--engine",
            engine,
            "--quick",
            "--json",
            str(out),
            "--workdir",
            str(tmp_path / "work"),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
        check=True,
        env=env,
        cwd=ROOT,
        timeout=1800,
    )
    report = json.loads(out.read_text())
    per_user = report["per_user"]
    assert {"graphmem", "langgraph", "numpy"} <= set(per_user)
    assert per_user["graphmem"]["n"] == per_user["langgraph"]["n"] > 0
    ann = report["ann_tenant"]
    assert ann["answered_by_ann"] == ann["queries"] > 0  # the index served, not the fallback
    assert ann["recall_at_10"] >= 0.98


def test_ann_recall_quick(tmp_path: Path) -> None:
    """``bench/ann_recall.py --quick``: every ANN option answers the same queries, and the
    default HNSW breadth and Neo4j's vector index find what exact cosine finds."""
    out = tmp_path / "report.json"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "ann_recall.py"),
            "--quick",
            "--engines",
            "falkordb",
            "neo4j",
            "--json",
            str(out),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
        check=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        cwd=ROOT,
        timeout=1800,
    )
    report = json.loads(out.read_text())
    for scope in ("user_60pct", "tenant"):
        options = report["in_process"][scope]["options"]
        default = next(o for name, o in options.items() if name.endswith("(default)"))
        assert default["recall_at_10"] >= 0.98 and default["n"] == options["exact"]["n"] > 0
        for engine in ("falkordb", "neo4j"):
            modes = report[engine][scope]["modes"]
            assert modes["cache hnsw"]["recall_at_10"] >= 0.98
        vector = report["neo4j"][scope]["modes"]["engine vector index x2"]  # the default
        assert vector["recall_at_10"] >= 0.98
