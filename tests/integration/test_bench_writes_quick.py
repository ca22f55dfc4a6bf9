"""The governed-write and start-time benchmarks' ``--quick`` smoke runs (CI's slow step):
each runs end to end on the embedded engine and reports every figure with its floors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def run(script: str, *args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, f"bench/{script}", "--quick", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )
    assert out.returncode == 0, out.stderr[-3000:]
    report: dict[str, Any] = json.loads(out.stdout)
    return report


def test_writes_quick_reports_commits_beside_their_floors() -> None:
    report = run("writes.py", "--embedders", "hashing", "--skip", "conflicts")
    (cell,) = report["throughput"]
    for mode in ("hashing/propose", "hashing/propose_many"):
        figures = cell[mode]
        assert figures["commits_timed"] == 50
        for key in (
            "commits_per_s",
            "embed_alone_ms_per_item",
            "gate_alone_cold_ms_per_item",
            "raw_write_ms_per_item",
            "propose_over_embed_alone",
        ):
            assert figures[key] > 0, key


def test_start_quick_reports_where_the_start_went() -> None:
    report = run("start.py")
    assert set(report["median"]) == {"side-by-side", "sequential"}  # the baseline, same run
    for median in report["median"].values():
        assert median["total_to_first_retrieve_s"] >= median["imports_s"] > 0
        assert median["open_s"] >= 0 and median["first_retrieve_s"] > 0
