"""Erasure leaves no content behind: canary strings are scanned for in the graph, the embedding
cache, the logs and the engine's data files, also after a restart; receipts re-verify."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.cache import CachedEmbedder, EmbeddingCache, cache_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import ForbiddenError
from graphmem.lifecycle import tombstones
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.schema import bootstrap
from tests.conftest import ENGINES, open_on_data_dir, stop_engine
from tests.integration.plain_server import plain_falkordb
from tests.integration.write_fixtures import ADMIN, FakeClock, claim, principal

VICTIM = "user:u_gone"
OTHER = "user:u_stays"


def service(store: GraphStore) -> Graphmem:
    embedder = CachedEmbedder(HashingEmbedder(), EmbeddingCache(1000))
    gm = Graphmem(store, Settings(embedder="hashing"), embedder, clock=FakeClock())
    bootstrap(store, [gm.embedding_space])
    return gm


def populate(gm: Graphmem, subject: str, canary: str) -> list[str]:
    """Sources, claims (with a supersession: version nodes), an episode, a project fact that
    rests on the subject's message, and a retrieval that logs ids."""
    who = principal("agent", subject=subject, pid=f"agent:{subject}")
    clock = gm.clock
    assert isinstance(clock, FakeClock)
    clock.set("2026-07-01T00:00:00Z")
    s1 = gm.record_source(
        who, {"kind": "USER_MESSAGE", "content": f"my nickname is {canary}-nick"}
    ).source_id
    first = gm.propose(
        who, claim(subject, "nickname", f"{canary}-nick", [(s1, f"{canary}-nick", "user")])
    )
    clock.set("2026-07-16T00:00:00Z")
    s2 = gm.record_source(
        who, {"kind": "USER_MESSAGE", "content": f"call me {canary}-new from now"}
    ).source_id
    second = gm.propose(
        who, claim(subject, "nickname", f"{canary}-new", [(s2, f"{canary}-new", "user")])
    )
    episode = gm.propose(
        who,
        {
            "memory_type": "EPISODIC",
            "subject": subject,
            "confidence": 1,
            "episode": {
                "goal": f"book {canary} trip",
                "observations": [f"{canary} hotel found"],
                "outcome": "SUCCESS",
            },
            "evidence": [{"event_id": s2, "span": f"{canary}-new", "source_role": "user"}],
        },
    )
    fact = gm.propose(
        who,
        claim(
            "project:trips", "organiser_nickname", f"{canary}-new", [(s2, f"{canary}-new", "user")]
        ),
    )
    for r in (first, second, episode, fact):
        assert r.decision is Decision.COMMITTED, r.reasons
    gm.retrieve(who, {"query": f"what is {canary} nickname", "subject_id": subject})
    return [r.memory_id or "" for r in (first, second, episode, fact)]


def graph_dump(store: GraphStore) -> str:
    nodes = store.read_adhoc("MATCH (n) RETURN labels(n) AS l, properties(n) AS p")
    edges = store.read_adhoc("MATCH ()-[e]->() RETURN type(e) AS t, properties(e) AS p")
    return repr(nodes) + repr(edges)


def files_containing(store: GraphStore, needle: str) -> list[str]:
    return [f for f in store.storage_files() if needle.encode() in Path(f).read_bytes()]


def files_not_lucene(store: GraphStore, needle: str) -> list[str]:
    """:func:`files_containing` without Neo4j's Lucene index directories (see the README)."""
    lucene = ("/fulltext-", "/vector-")
    return [f for f in files_containing(store, needle) if not any(x in f for x in lucene)]


@pytest.mark.parametrize("engine", ENGINES)
def test_erasing_a_subject_leaves_no_canary_anywhere(engine: str, data_dir: Path) -> None:
    """On the engine's own files too: FalkorDB's append-only files; the local Neo4j's store
    files, indexes and transaction logs. The canary is also looked for in lower case outside
    Neo4j's Lucene indexes (full-text, vector): those keep a deleted memory's words (and
    vector) in their segment files until Lucene merges them, a limit the README states."""
    canary, control = f"CNRY{secrets.token_hex(6)}", f"KEEP{secrets.token_hex(6)}"
    store = open_on_data_dir(engine, data_dir)
    try:
        gm = service(store)
        ids = populate(gm, VICTIM, canary)
        populate(gm, OTHER, control)
        assert canary in graph_dump(store) and (
            files_containing(store, canary) or engine == "neo4j"  # Neo4j: in its page cache
        )
        assert isinstance(gm.embedder, CachedEmbedder) and len(gm.embedder.cache) > 0

        receipt = gm.erase_subject(ADMIN, VICTIM)
        assert set(ids) <= set(receipt.memory_ids)
        assert receipt.counts["memories"] >= 5  # 4 memories + a version node
        assert receipt.counts["storage_rewrites"] >= 1 and receipt.counts["subjects"] == 1
        assert receipt.counts["storage_residue"] == 0
        assert len(receipt.source_ids) == 2
        # the hashes live in the tombstones only; the receipt holds their digest
        assert receipt.tombstones_planned == len(receipt.memory_ids) + 2
        assert receipt.tombstones_digest == tombstones.digest(
            (r["ref"], r["h"])
            for r in store.read_adhoc(
                "MATCH (t:Tombstone {receipt_id: $id}) RETURN t.ref AS ref, t.content_hash AS h",
                {"id": receipt.receipt_id},
            )
        )
        assert "content_hashes" not in receipt.model_dump()

        dump = graph_dump(store)
        assert canary not in dump, "canary left in the graph"
        assert control in dump, "erasure reached another subject"
        assert files_containing(store, canary) == [], "canary left in the data files"
        assert files_not_lucene(store, canary.lower()) == [], "canary left in lower case"
        assert files_containing(store, control), "control vanished from disk"
        assert all(k not in gm.embedder.cache for k in receipt.cache_keys)
        # the subject's queries: their texts are stored nowhere, their vectors were cached
        version = gm.embedder.embedding_version
        assert cache_key(version, f"what is {canary} nickname") not in gm.embedder.cache
        assert cache_key(version, f"what is {canary} nickname") in receipt.cache_keys
        assert cache_key(version, f"what is {control} nickname") in gm.embedder.cache
        assert (
            store.read_adhoc("MATCH (t:Tombstone) RETURN count(t) AS c")[0]["c"]
            == len(receipt.memory_ids) + 2
        )
        logs = store.read_adhoc("MATCH (l:RetrievalLog) RETURN l.subject_id AS s")
        assert {x["s"] for x in logs} == {OTHER}
        verified = gm.eraser.verify(ADMIN, receipt.receipt_id)
        assert verified["result"] == "COMPLETE", verified
    finally:
        stop_engine(store)

    restarted = open_on_data_dir(engine, data_dir)
    try:
        assert canary not in graph_dump(restarted)
        assert files_containing(restarted, canary) == []
        assert files_not_lucene(restarted, canary.lower()) == []
        gm2 = service(restarted)
        assert gm2.eraser.verify(ADMIN, receipt.receipt_id)["result"] == "COMPLETE"
        assert gm2.memories(ADMIN, subject_id=VICTIM) == []
        assert len(gm2.memories(ADMIN, subject_id=OTHER)) == 2  # current nickname + episode
    finally:
        stop_engine(restarted)


def test_verify_reports_what_remains(store: GraphStore) -> None:
    gm = service(store)
    populate(gm, VICTIM, "CNRYx1")
    receipt = gm.erase_subject(ADMIN, VICTIM)
    # plant a leftover: a node that still names the subject
    store._execute(
        "CREATE (:Memory {tenant_id: 'acme', memory_id: 'ghost', subject_id: $s})",
        {"s": VICTIM},
        read_only=False,
    )
    result = gm.eraser.verify(ADMIN, receipt.receipt_id)
    assert result["result"] == "INCOMPLETE" and result["remaining"]["subject_memories"] == 1
    stored = gm.eraser.get(ADMIN, receipt.receipt_id)
    assert stored.verification == "FAILED" and "SUBJECT_MEMORIES" in stored.verification_failures


@pytest.mark.parametrize("tamper", ["remove", "alter", "add"])
def test_verify_detects_a_tombstone_removed_altered_or_added(
    store: GraphStore, tamper: str
) -> None:
    """The receipt's digest over its tombstones is recomputed by verify: any change to the
    tombstones the erasure left (one deleted, its hash changed, one more) is INCOMPLETE."""
    gm = service(store)
    populate(gm, VICTIM, "CNRYt7")
    receipt = gm.erase_subject(ADMIN, VICTIM)
    assert gm.eraser.verify(ADMIN, receipt.receipt_id)["result"] == "COMPLETE"
    change = {
        "remove": "MATCH (t:Tombstone {receipt_id: $id}) WITH t LIMIT 1 DELETE t",
        "alter": "MATCH (t:Tombstone {receipt_id: $id}) WITH t LIMIT 1 "
        "SET t.content_hash = 'sha256:' + substring(t.content_hash, 8, 63) + 'f'",
        "add": "CREATE (:Tombstone {tenant_id: 'acme', ref: 'memory:ghost', content_hash: "
        "'sha256:00', receipt_id: $id})",
    }[tamper]
    store._execute(change, {"id": receipt.receipt_id}, read_only=False)
    result = gm.eraser.verify(ADMIN, receipt.receipt_id)
    assert result["result"] == "INCOMPLETE" and result["remaining"]["tombstones"] == 1
    assert "TOMBSTONES" in gm.eraser.get(ADMIN, receipt.receipt_id).verification_failures


def test_erasing_one_memory_takes_its_statement_and_believes_the_one_before_again(
    store: GraphStore,
) -> None:
    """Erasing the newer nickname erases that statement (and only the sources nothing else
    cites); the older nickname it had superseded is believed again (issue 14, item 5)."""
    gm = service(store)
    first, second, episode, _ = populate(gm, VICTIM, "CNRYx2")
    receipt = gm.erase_memory(principal("user", subject=VICTIM), second)
    assert receipt.memory_ids == [second]
    [back] = receipt.reinstated
    assert back.reinstates == first and back.because == second and back.status == "ACTIVE"
    remaining = {m["memory_id"]: m for m in gm.memories(ADMIN, subject_id=VICTIM)}
    assert set(remaining) == {episode, back.memory_id}
    assert remaining[back.memory_id]["object"] == "CNRYx2-nick"
    # the message the episode and the project fact still cite survives, and so does the first
    assert receipt.source_ids == []


def test_erasing_with_history_takes_every_version_of_the_claim(store: GraphStore) -> None:
    gm = service(store)
    first, second, episode, _ = populate(gm, VICTIM, "CNRYh5")
    receipt = gm.erase_memory(principal("user", subject=VICTIM), second, with_history=True)
    assert first in receipt.memory_ids and second in receipt.memory_ids  # the whole history
    assert len(receipt.memory_ids) == 3 and receipt.reinstated == []  # + the version node
    remaining = {m["memory_id"] for m in gm.memories(ADMIN, subject_id=VICTIM)}
    assert remaining == {episode}
    # the first message, cited by the first nickname only, goes with it
    assert len(receipt.source_ids) == 1


def test_only_admins_or_the_subject_may_erase(store: GraphStore) -> None:
    gm = service(store)
    populate(gm, VICTIM, "CNRYx3")
    for who in (principal("agent", subject=VICTIM), principal("user", subject=OTHER)):
        with pytest.raises(ForbiddenError):
            gm.erase_subject(who, VICTIM)


def test_rest_erasure_and_audit(store: GraphStore) -> None:
    gm = service(store)
    populate(gm, VICTIM, "CNRYx4")
    admin = {"Authorization": "Bearer " + create_key(store, tenant_id="acme", roles=["admin"]).key}
    agent = {"Authorization": "Bearer " + create_key(store, tenant_id="acme", roles=["agent"]).key}
    with TestClient(create_app(graphmem=gm)) as client:
        assert client.delete(f"/v1/subjects/{VICTIM}/memories", headers=agent).status_code == 403
        r = client.delete(f"/v1/subjects/{VICTIM}/memories", headers=admin).json()
        listed = client.get("/v1/audit/deletions", headers=admin).json()
        assert [x["receipt_id"] for x in listed["receipts"]] == [r["receipt_id"]]
        assert (listed["count"], listed["total"], listed["next_cursor"]) == (1, 1, None)
        one = client.get(f"/v1/audit/deletions/{r['receipt_id']}", headers=admin).json()
        assert one["counts"]["memories"] == r["counts"]["memories"]
        checked = client.post(f"/v1/audit/deletions/{r['receipt_id']}/verify", headers=admin)
        assert checked.json()["result"] == "COMPLETE", str(checked.json()["remaining"])
        assert client.get("/v1/audit/deletions", headers=agent).status_code == 403


def test_erasure_purges_the_query_log_of_an_external_server(tmp_path: Path) -> None:
    """A FalkorDB run with the module's defaults keeps every statement and its parameters in a
    persisted ``telemetry{graph}`` stream: the memory texts of every commit. Erasure clears it
    (and the slow logs) before it rewrites the files."""
    with plain_falkordb(tmp_path, "--appendonly", "yes", "--rdbcompression", "no") as url:
        store = FalkorDBStore(url=url, graph_name="ext")
        try:
            canary = f"CNRY{secrets.token_hex(6)}"
            gm = service(store)
            populate(gm, VICTIM, canary)
            assert store.query_log_enabled() is True
            conn = store._db.connection  # type: ignore[union-attr]

            def logged() -> bool:
                entries = conn.xrange("telemetry{ext}") if conn.exists("telemetry{ext}") else []
                return any(canary.encode() in repr(e).encode() for e in entries)

            deadline = time.monotonic() + 10
            while not logged() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert logged(), "the engine's query log never held the canary: nothing tested"

            receipt = gm.erase_subject(ADMIN, VICTIM)
            assert receipt.counts["engine_query_log_entries"] > 0
            time.sleep(3.5)  # anything still buffered would have been streamed by now
            assert not logged()
            on_disk = [p for p in tmp_path.rglob("*.aof*") if canary.encode() in p.read_bytes()]
            on_disk += [p for p in tmp_path.rglob("*.rdb") if canary.encode() in p.read_bytes()]
            assert on_disk == []
        finally:
            store.close()


class _Crash(Exception):
    """Stands for the process dying between two of an erasure's statements."""


def test_an_erasure_stopped_between_batches_is_finished_by_erasing_again(
    store: GraphStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Batches of one id; the store 'dies' after the receipt and two deletes. The receipt
    then says what is left (verify: UNFINISHED, the memories still there), the preview says
    the next erasure finishes it, and erasing again completes the same receipt: every
    memory and source gone with one tombstone each, counts summed over both runs."""
    from graphmem.lifecycle import erase

    gm = service(store)
    canary = "CNRYr9"
    populate(gm, VICTIM, canary)
    populate(gm, OTHER, "KEEPr9")
    planned = gm.preview_erasure(ADMIN, subject_id=VICTIM)
    monkeypatch.setattr(erase, "BATCH", 1)
    real_write = store.write
    writes: list[str] = []

    def dying_write(name: str, *a: object, **kw: object) -> object:
        if name.startswith("erasure/") and len(writes) == 3:
            raise _Crash(name)
        writes.append(name)
        return real_write(name, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "write", dying_write)
    with pytest.raises(_Crash):
        gm.erase_subject(ADMIN, VICTIM)
    monkeypatch.setattr(store, "write", real_write)
    assert writes == ["erasure/begin", "erasure/delete_memories", "erasure/delete_memories"]

    [pending] = gm.eraser.list(ADMIN).items
    assert pending.completed_at is None and pending.memory_ids == planned.memory_ids
    checked = gm.eraser.verify(ADMIN, pending.receipt_id)
    assert checked["result"] == "INCOMPLETE"
    assert checked["remaining"]["unfinished"] == 1
    assert checked["remaining"]["memories"] == len(planned.memory_ids) - 2
    resumed_preview = gm.preview_erasure(ADMIN, subject_id=VICTIM)
    assert resumed_preview.memory_ids == planned.memory_ids
    assert pending.receipt_id in resumed_preview.notes[0]

    receipt = gm.erase_subject(ADMIN, VICTIM)
    assert receipt.receipt_id == pending.receipt_id
    assert receipt.counts["memories"] == len(planned.memory_ids)
    assert receipt.counts["sources"] == len(planned.source_ids)
    assert receipt.counts["tombstones"] == len(planned.memory_ids) + len(planned.source_ids)
    assert receipt.counts["subjects"] == 1
    assert (
        store.read_adhoc("MATCH (t:Tombstone) RETURN count(t) AS c")[0]["c"]
        == receipt.counts["tombstones"]
    )
    assert canary not in graph_dump(store)
    assert "KEEPr9" in graph_dump(store)
    verified = gm.eraser.verify(ADMIN, receipt.receipt_id)
    assert verified["result"] == "COMPLETE", verified
    assert [r.receipt_id for r in gm.eraser.list(ADMIN).items] == [receipt.receipt_id]


def neo4j_consistent(data_dir: Path) -> str:
    """Neo4j's own consistency checker over the stopped local Neo4j of ``data_dir`` (the
    launcher's ``ConsistencyCheck``); the checker's output, asserted consistent."""
    from graphmem.store.neo4j_build import ensure_launcher, find_java
    from graphmem.store.neo4j_server import _JVM_FLAGS, layout

    java = find_java()
    jar = ensure_launcher(java=java)
    reports = data_dir.parent / "consistency"
    reports.mkdir(exist_ok=True)
    done = subprocess.run(
        [
            java,
            "-Xmx512m",
            *_JVM_FLAGS,
            "-cp",
            str(jar),
            "dev.graphmem.neo4j.ConsistencyCheck",
            "--home",
            str(layout(data_dir).home),
            "--report-dir",
            str(reports),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "consistent" in done.stdout, done.stdout + done.stderr
    return done.stdout


def files_under(root: Path, needle: str) -> list[str]:
    """Every file under ``root`` (store, indexes, transaction logs, the engine's own logs, the
    supervisor's) whose bytes hold ``needle``."""
    return [str(p) for p in root.rglob("*") if p.is_file() and needle.encode() in p.read_bytes()]


@pytest.mark.engine_only("neo4j", reason="the local Neo4j's storage step writes its store files")
@pytest.mark.parametrize("moment", ["job started", "job done"])
def test_a_kill_during_the_storage_step_leaves_a_consistent_store_and_the_erasure_finishes(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, moment: str
) -> None:
    """kill -9 of the server while the storage job overwrites freed records (or right after it
    finished, before the erasure recorded its completion): Neo4j recovers on restart, its
    consistency checker finds the store and indexes consistent, the receipt says UNFINISHED,
    erasing again completes it, and then no file under the data directory holds the canary
    (store files, indexes, transaction logs) — checked again after a clean restart, with the
    checker run once more."""
    canary, control = f"CNRY{secrets.token_hex(6)}", f"KEEP{secrets.token_hex(6)}"
    store = open_on_data_dir("neo4j", data_dir)
    try:
        gm = service(store)
        populate(gm, VICTIM, canary)
        populate(gm, OTHER, control)
        java_pid = store.server.ensure_running().java_pid  # type: ignore[attr-defined]

        def killed() -> bool:
            job = store._execute(  # type: ignore[attr-defined]
                "CALL graphmem.storage.compact() YIELD id RETURN id", {}, read_only=False
            )[0]["id"]
            while moment == "job done":
                row = store.read_adhoc(
                    "CALL graphmem.storage.compaction($id) YIELD done RETURN done", {"id": job}
                )[0]
                if row["done"]:
                    break
                time.sleep(0.01)
            os.kill(java_pid, signal.SIGKILL)
            raise _Crash(moment)

        monkeypatch.setattr(store, "compact_storage", killed)
        with pytest.raises(_Crash):
            gm.erase_subject(ADMIN, VICTIM)
        monkeypatch.undo()
    finally:
        stop_engine(store)

    # the restart recovers; stopped cleanly, the checker finds the store consistent
    stop_engine(open_on_data_dir("neo4j", data_dir))
    neo4j_consistent(data_dir)

    store = open_on_data_dir("neo4j", data_dir)
    try:
        gm = service(store)
        clock = gm.clock
        assert isinstance(clock, FakeClock)
        clock.set("2026-08-01T00:00:00Z")  # after the first attempt, as a restart is
        [pending] = gm.eraser.list(ADMIN).items
        assert pending.completed_at is None
        assert gm.eraser.verify(ADMIN, pending.receipt_id)["remaining"]["unfinished"] == 1
        receipt = gm.erase_subject(ADMIN, VICTIM)
        assert receipt.receipt_id == pending.receipt_id
        assert receipt.counts["storage_residue"] == 0
        assert gm.eraser.verify(ADMIN, receipt.receipt_id)["result"] == "COMPLETE"
        assert canary not in graph_dump(store) and control in graph_dump(store)
    finally:
        stop_engine(store)
    neo4j_consistent(data_dir)
    assert files_under(data_dir, canary) == [], "canary left under the data directory"
    assert files_under(data_dir, control), "control vanished from disk"

    restarted = open_on_data_dir("neo4j", data_dir)
    try:
        gm = service(restarted)
        clock = gm.clock
        assert isinstance(clock, FakeClock)
        clock.set("2026-08-02T00:00:00Z")
        assert gm.eraser.verify(ADMIN, receipt.receipt_id)["result"] == "COMPLETE"
        assert len(gm.memories(ADMIN, subject_id=OTHER)) == 2
        # freed records are reused by new writes and read back whole
        populate(gm, "user:u_after", "AFTR0001")
        assert "AFTR0001" in graph_dump(restarted)
    finally:
        stop_engine(restarted)
    neo4j_consistent(data_dir)
    assert files_under(data_dir, canary) == []
