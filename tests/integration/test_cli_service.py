"""The two-command experience: `graphmem serve` on the embedded engine, `graphmem keys create`
with and without the service running on the same data directory, and a clean stop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from graphmem.store.falkordb_server import DataDirLayout, pid_alive


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GRAPHMEM_EMBEDDER": "hashing"}
    return subprocess.run(
        [sys.executable, "-m", "graphmem.cli", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_keys_before_and_while_serving_then_clean_stop(data_dir: Path) -> None:
    before = cli(data_dir, "keys", "create", "--tenant", "acme", "--role", "agent")
    assert before.returncode == 0, before.stderr
    key_before = json.loads(before.stdout)["key"]

    port = free_port()
    env = {**os.environ, "GRAPHMEM_EMBEDDER": "hashing", "GRAPHMEM_DATA_DIR": str(data_dir)}
    server = subprocess.Popen(
        [sys.executable, "-m", "graphmem.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        health = None
        while time.monotonic() < deadline:
            try:
                health = httpx.get(f"{base}/healthz", timeout=2).json()
                break
            except httpx.HTTPError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                time.sleep(0.2)
        assert health is not None and health["status"] == "ok"
        assert health["engine"]["persistence"]["appendfsync"] == "always"

        during = cli(
            data_dir,
            "keys",
            "create",
            "--tenant",
            "acme",
            "--role",
            "user",
            "--subject",
            "user:u_104",
        )
        assert during.returncode == 0, during.stderr
        key_during = json.loads(during.stdout)["key"]
        for key, roles in ((key_before, ["agent"]), (key_during, ["user"])):
            me = httpx.get(f"{base}/v1/whoami", headers={"Authorization": f"Bearer {key}"})
            assert me.status_code == 200 and me.json()["roles"] == roles
        info = DataDirLayout(data_dir).read_info()
        assert info is not None
        # the CLI joined the service's engine rather than starting its own
        assert pid_alive(info.redis_pid)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and (
        pid_alive(info.redis_pid) or pid_alive(info.supervisor_pid)
    ):
        time.sleep(0.1)
    assert not pid_alive(info.redis_pid) and not pid_alive(info.supervisor_pid)


def test_cli_errors_name_field_and_rule(data_dir: Path) -> None:
    bad = cli(data_dir, "keys", "create", "--tenant", "acme", "--role", "wizard")
    assert bad.returncode == 2
    err = json.loads(bad.stderr)["error"]
    assert err["errors"][0]["field"] == "role" and err["errors"][0]["rule"] == "enum"
    write = cli(data_dir, "cypher", "run", "keys/revoke", "--param", "key_id=x")
    assert write.returncode == 2 and "READ_ONLY_VIOLATION" in write.stderr
    ok = cli(data_dir, "cypher", "run", "stats/memory_counts", "--tenant", "acme")
    assert ok.returncode == 0 and json.loads(ok.stdout) == []


def test_cli_run_state_and_erasure_preview(data_dir: Path, tmp_path: Path) -> None:
    """``graphmem runs …`` writes and reads run state as a local operator; a replayed tool
    receipt answers with the recorded one; ``erase --dry-run`` changes nothing."""
    op = ("--tenant", "acme", "--role", "agent", "--subject", "user:u1")
    state = tmp_path / "cp.json"
    state.write_text(json.dumps({"expected_version": 0, "goal": "refund", "purpose": "refund"}))
    put = cli(data_dir, "runs", "checkpoint", "run_cli", str(state), *op)
    assert put.returncode == 0, put.stderr
    assert json.loads(put.stdout)["checkpoint"]["version"] == 1
    retry = cli(data_dir, "runs", "checkpoint", "run_cli", str(state), *op)
    assert json.loads(retry.stdout)["created"] is False  # the same write again: recognised
    state.write_text(json.dumps({"expected_version": 0, "goal": "another"}))
    stale = cli(data_dir, "runs", "checkpoint", "run_cli", str(state), *op)
    assert stale.returncode == 2 and json.loads(stale.stderr)["error"]["code"] == "STALE_VERSION"
    receipt = tmp_path / "tr.json"
    receipt.write_text(
        json.dumps(
            {"idempotency_key": "k1", "tool": "kb.search", "status": "SUCCEEDED", "result": 7}
        )
    )
    first = cli(data_dir, "runs", "receipt", "run_cli", str(receipt), *op)
    again = cli(data_dir, "runs", "receipt", "run_cli", str(receipt), *op)
    assert json.loads(first.stdout)["replayed"] is False
    assert json.loads(again.stdout)["replayed"] is True
    assert json.loads(again.stdout)["receipt"]["result"] == 7
    end = cli(data_dir, "runs", "end", "run_cli", "--status", "SUCCEEDED", *op)
    assert end.returncode == 0, end.stderr
    assert json.loads(end.stdout)["run"]["status"] == "SUCCEEDED"
    shown = json.loads(cli(data_dir, "runs", "show", "run_cli", *op).stdout)
    assert shown["latest"]["version"] == 2 and shown["run"]["ended_at"]

    preview = cli(data_dir, "erase", "--subject", "user:u1", "--dry-run", "--tenant", "acme")
    assert preview.returncode == 0, preview.stderr
    assert json.loads(preview.stdout)["run_ids"] == ["run_cli"]
    assert json.loads(cli(data_dir, "runs", "show", "run_cli", *op).stdout)["run"]["run_id"]


def test_cli_adhoc_goes_through_the_tenant_binding(data_dir: Path) -> None:
    hostile = "MATCH (m) WHERE m.tenant_id <> $tenant_id OR true RETURN count(m) AS n"
    shown = cli(data_dir, "cypher", "adhoc", hostile, "--tenant", "acme", "--show-bound")
    assert shown.returncode == 0
    assert "[m.tenant_id] = [$tenant_id]" in shown.stdout and "OR true" in shown.stdout
    # another tenant's key is a node the hostile text would count without the binding
    assert cli(data_dir, "keys", "create", "--tenant", "globex", "--role", "admin").returncode == 0
    ran = cli(data_dir, "cypher", "adhoc", hostile, "--tenant", "acme")
    assert ran.returncode == 0 and json.loads(ran.stdout) == [{"n": 0}]
    theirs = cli(data_dir, "cypher", "adhoc", hostile, "--tenant", "globex")
    assert theirs.returncode == 0 and json.loads(theirs.stdout) == [{"n": 1}]
    write = cli(data_dir, "cypher", "adhoc", "MATCH (n) DETACH DELETE n", "--tenant", "acme")
    assert write.returncode == 2
    [issue] = json.loads(write.stderr)["error"]["errors"]
    assert (issue["field"], issue["rule"]) == ("query", "write_clause")


def test_cli_procedure_release_steps(data_dir: Path, tmp_path: Path) -> None:
    """``graphmem procedures …``: an operator drafts, a reviewer (own key) reviews and tests,
    a step out of order answers with the rule; ``show`` has a receipt per step."""
    from tests.integration.write_fixtures import vpn_draft

    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(vpn_draft()))
    op = ("--tenant", "acme")
    made = cli(data_dir, "procedures", "draft", str(draft), *op)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["version"]["lifecycle"] == "DRAFT"
    reviewer = json.loads(cli(data_dir, "keys", "create", *op, "--role", "reviewer").stdout)["key"]
    as_reviewer = ("--key", reviewer)
    early = cli(data_dir, "procedures", "publish", "vpn-720-fix", "1.0.0", *as_reviewer)
    assert early.returncode == 2
    assert json.loads(early.stderr)["error"]["errors"][0]["rule"] == "publish_requirements"
    scope = ("--stage", "SCOPE", "--decision", "APPROVE", "--reason", "fits")
    reviewed = cli(data_dir, "procedures", "review", "vpn-720-fix", "1.0.0", *scope, *as_reviewer)
    assert reviewed.returncode == 0, reviewed.stderr
    tested = cli(data_dir, "procedures", "test", "vpn-720-fix", "1.0.0", *as_reviewer)
    assert json.loads(tested.stdout)["report"]["passed"] is True
    shown = json.loads(cli(data_dir, "procedures", "show", "vpn-720-fix", *op).stdout)
    assert [r["action"] for r in shown["receipts"]] == ["TEST", "REVIEW", "DRAFT"]
