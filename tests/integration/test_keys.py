"""Operators' key commands: list (never a secret), revoke (stops authenticating at once),
rotate (a new secret for the same principal, the old one revoked, in one statement); in the
library on both engines, and through ``graphmem keys`` as JSON and as a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graphmem.auth.keys import create_key, list_keys, resolve_key, revoke_key, rotate_key
from graphmem.cli import main
from graphmem.errors import NotFoundError, UnauthenticatedError
from graphmem.store.base import GraphStore


def test_list_revoke_rotate(store: GraphStore) -> None:
    agent = create_key(
        store, tenant_id="acme", roles=["agent"], subject_id="user:u1", grants=["org:acme"]
    )
    admin = create_key(store, tenant_id="acme", roles=["admin"])
    create_key(store, tenant_id="globex", roles=["admin"])
    listed = list_keys(store, "acme")
    assert [k.key_id for k in listed] == [agent.key_id, admin.key_id]
    assert "hash" not in json.dumps([k.model_dump() for k in listed])

    rotated = rotate_key(store, "acme", agent.key_id)
    with pytest.raises(UnauthenticatedError):
        resolve_key(store, agent.key)
    now = resolve_key(store, rotated.key)
    assert (now.principal_id, now.roles, now.subject_id, now.grants) == (
        agent.principal.principal_id,
        frozenset({"agent"}),
        "user:u1",
        frozenset({"org:acme"}),
    )
    with pytest.raises(NotFoundError):  # a revoked key cannot be rotated again
        rotate_key(store, "acme", agent.key_id)

    revoked = revoke_key(store, "acme", admin.key_id)
    assert revoked.revoked_at is not None
    with pytest.raises(UnauthenticatedError):
        resolve_key(store, admin.key)
    again = revoke_key(store, "acme", admin.key_id)
    assert again.revoked_at == revoked.revoked_at  # the first revocation's time stays
    with pytest.raises(NotFoundError):  # another tenant's key is not found, not revoked
        revoke_key(store, "globex", agent.key_id)


def test_the_keys_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_EMBEDDER", "hashing")
    data = ["--data-dir", str(tmp_path / "gm")]

    def run(*args: str) -> str:
        assert main([*data, *args]) == 0
        return capsys.readouterr().out

    made = json.loads(run("keys", "create", "--tenant", "acme", "--role", "agent"))
    rotated = json.loads(run("keys", "rotate", made["key_id"], "--tenant", "acme"))
    assert rotated["rotated_from"] == made["key_id"] and rotated["key"] != made["key"]
    active = json.loads(run("keys", "list", "--tenant", "acme"))
    assert [k["key_id"] for k in active] == [rotated["key_id"]]
    every = json.loads(run("keys", "list", "--tenant", "acme", "--all"))
    assert {k["key_id"] for k in every} == {made["key_id"], rotated["key_id"]}
    json.loads(run("keys", "revoke", rotated["key_id"], "--tenant", "acme"))
    assert json.loads(run("keys", "list", "--tenant", "acme")) == []

    table = run("--format", "table", "keys", "list", "--tenant", "acme", "--all")
    assert "key_id" in table and made["key_id"] in table and "revoked_at" in table
    assert run("keys", "list", "--tenant", "acme", "--all", "--format", "table") == table
    assert main([*data, "keys", "revoke", "nosuchkey00000000", "--tenant", "acme"]) == 2
    assert json.loads(capsys.readouterr().err)["error"]["code"] == "NOT_FOUND"
