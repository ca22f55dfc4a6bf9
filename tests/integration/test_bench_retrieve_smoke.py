"""``bench/retrieve_side_by_side.py --quick`` on each engine (CI's slow step): the benchmark
runs end to end, the three systems answer every query, and the ANN index finds what exact
cosine finds over the filtered scope."""

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
