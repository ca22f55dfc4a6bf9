"""``graphmem episodes|consolidate|insights`` on the embedded engine: the seed's VPN 720 case
from the command line, as an operator of one tenant."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.integration.test_cli_service import cli

OPERATOR = ("--tenant", "acme", "--role", "admin")


def run(data_dir: Path, *args: str) -> Any:
    done = cli(data_dir, *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_seed_case_from_the_command_line(data_dir: Path, tmp_path: Path) -> None:
    sources = tmp_path / "sources.json"
    sources.write_text(
        json.dumps(
            [
                {"kind": "TOOL_RESULT", "content": f"{n}: reset adapter, {o}"}
                for n, o in (("e1", "ok"), ("e2", "ok"), ("e3", "failed"))
            ]
        )
    )
    ids = [s["source_id"] for s in run(data_dir, "sources", "add", str(sources), *OPERATOR)]
    episodes = tmp_path / "episodes.json"
    episodes.write_text(
        json.dumps(
            [
                {
                    "subject_id": "project:it",
                    "goal": "VPN error 720",
                    "actions": ["reset_adapter"],
                    "observations": [{"text": f"{name} reset", "source_id": sid}],
                    "outcome": outcome,
                    "environment": {"signals": {"adapter_mismatch": mismatch}},
                    "failure_code": "720",
                }
                for name, sid, outcome, mismatch in zip(
                    ("e1", "e2", "e3"),
                    ids,
                    ("SUCCESS", "SUCCESS", "FAILURE"),
                    (True, True, False),
                    strict=True,
                )
            ]
        )
    )
    recorded = run(data_dir, "episodes", "record", str(episodes), *OPERATOR)
    assert [r["decision"] for r in recorded] == ["COMMITTED"] * 3
    done = cli(data_dir, "consolidate", "--subject", "project:it", *OPERATOR)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["episodes"] == 3 and len(result["created"]) == 1
    # progress on stderr, phase by phase, with the seconds since the start
    assert "graphmem consolidate: read 3 episodes" in done.stderr
    assert "graphmem consolidate: 1 candidate insights stored · " in done.stderr
    listed = run(data_dir, "insights", "list", "--status", "CANDIDATE", *OPERATOR)
    (insight,) = listed["insights"]
    assert (listed["total"], listed["next_cursor"], listed["skipped"]) == (1, None, [])
    assert insight["condition"] == ["adapter_mismatch=true"]
    assert [c["episode_id"] for c in insight["counterexamples"]] == [recorded[2]["episode_id"]]
    review = run(
        data_dir,
        "insights",
        "review",
        insight["insight_id"],
        "--decision",
        "APPROVE",
        "--reason",
        "matches the runbook",
        *OPERATOR,
    )
    assert review["applied"] is True and review["insight"]["status"] == "APPROVED"
    bad = cli(data_dir, "consolidate", "--subject", "project:it", "--min-support", "1", *OPERATOR)
    assert bad.returncode == 2 and "min_support" in bad.stderr
