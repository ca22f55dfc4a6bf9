"""``graphmem eval`` end to end on the hashing embedder (plumbing only: its numbers are not
quality numbers): the ladder runs every rung through the real context builder, the report is
written and opens offline, bad configs are refused in graphmem's error shape, and the
isolation checker counts a foreign result."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from graphmem import cli
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import ValidationError
from graphmem.eval import EvalConfig, run_eval
from graphmem.eval.isolation import Truth, score
from graphmem.eval.ladder import RUNGS


def test_quick_ladder_writes_a_report_that_opens_offline(tmp_path: Path) -> None:
    config = EvalConfig(suites=("ladder",), seed=3, quick=True, embedder="hashing")
    said: list[str] = []
    results = run_eval(config, tmp_path, embedder=HashingEmbedder(), progress=said.append)
    # progress: the suite, its phase, items done/total, elapsed seconds
    assert said[0] == "graphmem eval: ladder (1/1) …"
    assert re.fullmatch(r"graphmem eval: ladder · runs 120/120 · \d+ s", said[-2]), said
    assert said[-1].startswith("graphmem eval: ladder done in ")
    doc = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert doc["seed"] == 3 and "graphmem eval --suites ladder --seed 3 --quick" in doc["command"]
    table = doc["suites"]["ladder"]["tables"]["ladder"]
    assert [row["rung"] for row in table] == [r.name for r in RUNGS]
    assert all(row["runs"] == 24 for row in table)
    base, working = table[0], table[1]
    # the run's checkpoint is what stops the agent repeating this run's failed fix
    assert working["repeated_errors"] < base["repeated_errors"]
    # without memory nothing answers the policy question (no guessing)
    assert base["success:policy"] == 0.0
    assert all(m.method for m in results[0].metrics)
    page = (tmp_path / "report.html").read_text("utf-8")
    assert page.count("data:image/png;base64,") >= 3
    assert not re.search(r"(src|href)=['\"]https?://", page), "the report must not load anything"

    again = tmp_path / "again"
    run_eval(config, again, embedder=HashingEmbedder(), progress=lambda _: None)
    second = json.loads((again / "report.json").read_text("utf-8"))["suites"]["ladder"]["tables"]
    strip = [{k: v for k, v in r.items() if "ms" not in k} for r in second["ladder"]]
    assert strip == [{k: v for k, v in r.items() if "ms" not in k} for r in table]


def test_unknown_suite_and_missing_data_are_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValidationError) as err:
        run_eval(EvalConfig(suites=("ladder", "nope"), locomo_dir=tmp_path), tmp_path / "out")
    assert [(i.field, i.rule) for i in err.value.issues] == [("suites.1", "unknown_suite")]
    code = cli.main(
        ["eval", "--suites", "retrieval", "--locomo", str(tmp_path), "--out", str(tmp_path / "o")]
    )
    assert code == 2
    body = json.loads(capsys.readouterr().err)["error"]
    assert body["code"] == "VALIDATION_ERROR"
    assert body["errors"][0]["field"] == "locomo_dir" and body["errors"][0]["rule"] == "not_found"
    assert not (tmp_path / "o").exists()


def test_isolation_checker_counts_foreign_stale_and_expired_results() -> None:
    truth = Truth()
    truth.own("m1", "t1", "user:a")
    truth.own("m2", "t2", "user:a")
    truth.own("m3", "t1", "user:b")
    truth.dead_after["m1"] = 5.0
    truth.expires["m3"] = 7.0
    checks = [
        {"id": "m1", "tenant": "t1", "subject": "user:a", "started": 4.0},  # fine, then stale
        {"id": "m1", "tenant": "t1", "subject": "user:a", "started": 6.0},  # stale
        {"id": "m2", "tenant": "t1", "subject": "user:a", "started": 1.0},  # foreign tenant
        {"id": "m3", "tenant": "t1", "subject": "user:a", "started": 8.0},  # other subject, expired
        {"id": "zz", "tenant": "t1", "subject": "user:a", "started": 1.0},
    ]
    got = score(checks, truth)
    assert got["stale"] == 1 and got["stale_live"] == 1
    assert got["wrong_tenant"] == 1 and got["wrong_subject"] == 1
    assert got["expired"] == 1 and got["unknown"] == 1
