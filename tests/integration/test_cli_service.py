"""The two-command experience on each engine — `graphmem serve` on the embedded FalkorDB, and
with `GRAPHMEM_ENGINE=neo4j` and no URI on the local Neo4j — `graphmem keys create` with and
without the service running on the same data directory, a REST scenario (source, proposal,
read, retrieve, erasure with its verified receipt) against the running service, and a clean
stop that leaves no engine process behind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from graphmem.store.supervision import pid_alive
from tests.conftest import ENGINES
from tests.integration.served import engine_env, engine_pids, serve, wait_stopped


def cli(data_dir: Path, *args: str, engine: str = "falkordb") -> subprocess.CompletedProcess[str]:
    env = engine_env(engine)
    return subprocess.run(
        [sys.executable, "-m", "graphmem.cli", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )


def rest_scenario(base: str, admin: str, agent: str) -> None:
    """A user's statement becomes a memory, is read back, retrieved, and then erased with a
    receipt that re-verifies COMPLETE (data files included, on both engines)."""
    http = httpx.Client(base_url=base, timeout=120)  # a shared machine: first queries plan
    me = {"Authorization": f"Bearer {agent}"}
    text = "답변은 계속 한국어로 해 줘"
    src = http.post("/v1/sources", headers=me, json={"kind": "USER_MESSAGE", "content": text})
    assert src.status_code == 201, src.text
    body = {
        "memory_type": "SEMANTIC",
        "subject": "user:u_104",
        "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
        "evidence": [{"event_id": src.json()["source_id"], "span": text, "source_role": "user"}],
        "confidence": 1.0,
        "consent_basis": "explicit_user_request",
    }
    receipt = http.post("/v1/proposals", headers={**me, "Idempotency-Key": "req-1"}, json=body)
    assert receipt.status_code in (200, 201) and receipt.json()["decision"] == "COMMITTED"
    memory_id = receipt.json()["memory_id"]
    listed = http.get("/v1/memories", headers=me, params={"subject_id": "user:u_104"})
    assert [m["memory_id"] for m in listed.json()["memories"]] == [memory_id], listed.text
    found = http.post(
        "/v1/retrieve",
        headers=me,
        json={"query": "which language should answers be in?", "subject_id": "user:u_104"},
    )
    assert found.status_code == 200 and found.json()["results"][0]["memory"]["memory_id"] == (
        memory_id
    )
    boss = {"Authorization": f"Bearer {admin}"}
    erased = http.delete("/v1/subjects/user:u_104/memories", headers=boss)
    assert erased.status_code == 200, erased.text
    assert erased.json()["counts"]["storage_residue"] == 0
    verified = http.post(f"/v1/audit/deletions/{erased.json()['receipt_id']}/verify", headers=boss)
    assert verified.json()["result"] == "COMPLETE", verified.text
    assert verified.json()["data_files_checked"] > 0


@pytest.mark.parametrize("engine", ENGINES)
def test_keys_before_and_while_serving_then_clean_stop(engine: str, data_dir: Path) -> None:
    before = cli(data_dir, "keys", "create", "--tenant", "acme", "--role", "agent", engine=engine)
    assert before.returncode == 0, before.stderr
    key_before = json.loads(before.stdout)["key"]

    with serve(data_dir, start_timeout_s=180, **engine_env(engine)) as served:
        health = httpx.get(f"{served.url}/healthz", timeout=30).json()
        assert health["status"] == "ok"
        assert health["engine"]["engine"] == engine and health["engine"]["embedded"] is True
        if engine == "neo4j":
            assert health["engine"]["version"].startswith("5.26.")
        else:
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
            engine=engine,
        )
        assert during.returncode == 0, during.stderr
        key_during = json.loads(during.stdout)["key"]
        for key, roles in ((key_before, ["agent"]), (key_during, ["user"])):
            me = httpx.get(f"{served.url}/v1/whoami", headers={"Authorization": f"Bearer {key}"})
            assert me.status_code == 200 and me.json()["roles"] == roles
        # the CLI joined the service's engine rather than starting its own
        pids = engine_pids(engine, data_dir)
        assert pid_alive(pids[0])
        keys = [
            cli(data_dir, "keys", "create", "--tenant", "acme", *args, engine=engine)
            for args in (("--role", "admin"), ("--role", "agent", "--subject", "user:u_104"))
        ]
        assert all(k.returncode == 0 for k in keys), [k.stderr for k in keys]
        admin, agent = (json.loads(k.stdout)["key"] for k in keys)
        rest_scenario(served.url, admin, agent)
        assert engine_pids(engine, data_dir) == pids
    assert wait_stopped(pids)


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
    # bounded: --limit rows at most, and stderr says when the query had more
    many = "UNWIND range(1, 150) AS i RETURN i"
    cut = cli(data_dir, "cypher", "adhoc", many, "--tenant", "acme")
    assert cut.returncode == 0 and json.loads(cut.stdout) == [{"i": i} for i in range(1, 101)]
    assert "truncated: the query has more than 100 rows" in cut.stderr
    whole = cli(data_dir, "cypher", "adhoc", many, "--tenant", "acme", "--limit", "150")
    assert len(json.loads(whole.stdout)) == 150 and "truncated" not in whole.stderr
    assert (
        "LIMIT 4"
        in cli(
            data_dir, "cypher", "adhoc", many, "--tenant", "acme", "--limit", "3", "--show-bound"
        ).stdout
    )
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
