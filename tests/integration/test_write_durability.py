"""A committed write survives kill -9 of both the API process and the engine; the CLI reads
and writes through the same gate."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import httpx

from graphmem.store.falkordb_server import DataDirLayout, pid_alive
from tests.integration.served import start
from tests.integration.test_cli_service import cli


def wait_dead(*pids: int, timeout_s: float = 20) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(pid_alive(p) for p in pids):
        time.sleep(0.1)
    assert not any(pid_alive(p) for p in pids)


def test_committed_write_survives_kill9_of_api_and_engine(data_dir: Path) -> None:
    made = cli(
        data_dir, "keys", "create", "--tenant", "acme", "--role", "agent", "--subject", "user:u_104"
    )
    key = json.loads(made.stdout)["key"]
    headers = {"Authorization": f"Bearer {key}"}
    api = start(data_dir, engine="falkordb")
    base = api.url
    httpx.post(
        f"{base}/v1/sources",
        headers=headers,
        json={
            "kind": "USER_MESSAGE",
            "content": "답변은 계속 한국어로 해 줘",
            "source_id": "msg_1",
        },
    )
    receipt = httpx.post(
        f"{base}/v1/proposals",
        headers=headers,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:u_104",
            "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
            "evidence": [{"event_id": "msg_1", "span": "한국어로 해 줘", "source_role": "user"}],
            "confidence": 1.0,
        },
    ).json()
    assert receipt["decision"] == "COMMITTED"

    info = DataDirLayout(data_dir).read_info()
    assert info is not None
    api.process.send_signal(signal.SIGKILL)
    os.kill(info.redis_pid, signal.SIGKILL)
    api.process.wait()
    wait_dead(info.redis_pid, info.supervisor_pid)

    api = start(data_dir, port=api.port, engine="falkordb")
    try:
        got = httpx.get(f"{base}/v1/memories/{receipt['memory_id']}", headers=headers).json()
        assert got["memory"]["object"] == "ko-KR"
        assert got["provenance"][0]["source_id"] == "msg_1"
        stored = httpx.get(f"{base}/v1/memories", headers=headers).json()["memories"]
        assert [m["memory_id"] for m in stored] == [receipt["memory_id"]]
    finally:
        api.stop()


def test_cli_propose_and_memories(data_dir: Path, tmp_path: Path) -> None:
    key = json.loads(
        cli(
            data_dir,
            "keys",
            "create",
            "--tenant",
            "acme",
            "--role",
            "agent",
            "--subject",
            "user:lead",
            "--grant",
            "project:alpha",
        ).stdout
    )["key"]
    sources = tmp_path / "sources.json"
    sources.write_text(
        json.dumps(
            [
                {
                    "kind": "USER_MESSAGE",
                    "content": "The owner of project alpha is Jin.",
                    "source_id": "m1",
                }
            ]
        )
    )
    added = cli(data_dir, "sources", "add", str(sources), "--key", key)
    assert added.returncode == 0, added.stderr
    assert "content" not in json.loads(added.stdout)[0]
    proposal = tmp_path / "p.json"
    proposal.write_text(
        json.dumps(
            {
                "memory_type": "SEMANTIC",
                "subject": "project:alpha",
                "claim": {"predicate": "owner", "object": "Jin"},
                "evidence": [
                    {
                        "event_id": "m1",
                        "span": "owner of project alpha is Jin",
                        "source_role": "user",
                    }
                ],
                "confidence": 1.0,
                "valid_from": "2026-06-01T00:00:00Z",
            }
        )
    )
    out = cli(data_dir, "propose", str(proposal), "--key", key)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["decision"] == "COMMITTED"
    listed = cli(
        data_dir,
        "memories",
        "--subject",
        "project:alpha",
        "--valid-at",
        "2026-06-15T00:00:00Z",
        "--key",
        key,
    )
    assert [m["object"] for m in json.loads(listed.stdout)] == ["Jin"]
    early = cli(
        data_dir,
        "memories",
        "--subject",
        "project:alpha",
        "--valid-at",
        "2026-05-01T00:00:00Z",
        "--tenant",
        "acme",
    )
    assert json.loads(early.stdout) == []
    bad = cli(data_dir, "propose", str(proposal))
    assert bad.returncode == 2 and json.loads(bad.stderr)["error"]["errors"][0]["field"] == "key"
