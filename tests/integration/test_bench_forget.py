"""The forgetting benchmark's smoke (``bench/forget.py --quick``), for CI's slow step: the script
runs end to end on the embedded engine and every outcome check it makes passes (the erased and
flagged ids, the revoked and reviewed ids, verification COMPLETE, the compaction counts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_forget_bench_quick_passes_its_checks(tmp_path: Path) -> None:
    out = tmp_path / "forget.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "forget.py"), "--quick", "--out", str(out)],
        cwd=ROOT,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    report = json.loads(out.read_text())
    tree = report["this_tree"]
    assert tree["all_checks_pass"] is True
    assert tree["erasure_median"]["verify_result"] == "COMPLETE"
    assert set(report["headline"]["this_tree"]) >= {"erase_and_verify_s", "revoke_s", "compact_s"}
