"""The CLI's listings follow the cursor (issue 15): ``--limit N`` prints up to N rows across
pages, ``--all`` every row, ``--cursor`` goes on where a run stopped (and stderr says where);
stdout keeps its shape (a list of rows). Run in process on an embedded FalkorDB data directory,
with the page size cut to 2 so a handful of memories spans several pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graphmem import cli, cli_paging
from graphmem.service import Graphmem
from graphmem.settings import Settings
from tests.integration.write_fixtures import principal, remember


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[list[dict[str, object]], str]:
    assert cli.main(list(args)) == 0
    out = capsys.readouterr()
    rows: list[dict[str, object]] = json.loads(out.out)
    return rows, out.err


def test_memories_and_episodes_follow_the_cursor_across_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GRAPHMEM_EMBEDDER", "hashing")
    with Graphmem.open(Settings(data_dir=tmp_path, embedder="hashing")) as gm:
        for i in range(5):
            agent = principal("agent", subject=f"user:c{i}", pid=f"agent:c{i}")
            remember(gm, agent, f"user:c{i}", "likes", f"tea{i}", f"I like tea{i}")
    monkeypatch.setattr(cli_paging, "MAX_PAGE", 2)
    base = ("--data-dir", str(tmp_path), "memories", "--tenant", "acme")

    every, err = _run(capsys, *base, "--all")
    assert [m["subject_id"] for m in every] == [f"user:c{i}" for i in range(5)] and err == ""
    some, err = _run(capsys, *base, "--limit", "3")  # two pages of 2, cut to 3
    assert some == every[:3]
    assert "5 in all" in err and "--cursor " in err
    cursor = err.split("--cursor ")[1].split()[0]
    rest, err = _run(capsys, *base, "--cursor", cursor, "--all")
    assert rest == every[3:] and err == ""
    default, _ = _run(capsys, *base)  # 100 by default: all five, across three pages
    assert default == every
    episodes, _ = _run(capsys, "--data-dir", str(tmp_path), "episodes", "list", "--tenant",
                       "acme", "--all")  # fmt: skip
    assert episodes == []
    assert cli.main([*base, "--limit", "0"]) == 2
    assert '"field": "limit"' in capsys.readouterr().err
