"""``bench/ranking_quality.py --quick`` runs end to end on the real model (CI's slow step)."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

from graphmem.eval.config import DEFAULT_LOCOMO

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ranking_quality.py"


@pytest.mark.slow
@pytest.mark.skipif(
    not DEFAULT_LOCOMO.exists(), reason="the LoCoMo dev split is not beside the repo"
)
def test_quick_run_reports_every_system_side_by_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "ranking.json"
    argv = [str(BENCH), "--quick", "--out", str(out), "--embedding-cache", str(tmp_path / "e.pkl")]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(BENCH), run_name="__main__")
    assert done.value.code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    ml = doc["multilingual"]
    assert ml["committed"] >= 60 and ml["graphmem"]["ko->en"]["n"] > 0
    assert ml["graphmem"]["held-out (C)"]["n"] > 0 and ml["graphmem"]["fit (A+B)"]["n"] > 0
    for system in ("graphmem", "cosine", "okapi_bm25", "graphmem[semantic only]"):
        assert 0.0 <= ml[system]["all"]["mrr@5"] <= 1.0
    tuning = doc["locomo"]["halves"]["tuning"]
    assert set(tuning["systems"]) == {
        "graphmem",
        "okapi_bm25",
        "okapi_bm25+windows",
        "cosine",
        "cosine+windows",
        "graphmem[no lexical floor]",
        "graphmem[no partial redundancy]",
    }
    assert tuning["systems"]["graphmem"]["recall@400tok"] is not None
    assert "check" not in doc["locomo"]["halves"]  # --quick reads the tuning half only
