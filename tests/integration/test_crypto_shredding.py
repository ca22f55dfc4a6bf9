"""Crypto-shredding: HIGH-sensitivity content is encrypted at rest with a per-subject key, and
erasure destroys the key, so a backup taken before the erasure can no longer be read."""

from __future__ import annotations

import base64
import secrets
import shutil
from pathlib import Path

from graphmem.crypto import UNREADABLE, ContentCipher, KeyStore
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import ADMIN, FakeClock, claim, principal

USER = "user:u_secret"
AGENT = principal("agent", subject=USER, pid="agent:s")


def open_gm(data_dir: Path, keystore: Path, master: bytes) -> Graphmem:
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    gm = Graphmem(
        store,
        Settings(embedder="hashing"),
        HashingEmbedder(),
        clock=FakeClock(),
        cipher=ContentCipher(KeyStore(keystore, master)),
    )
    bootstrap(store, [gm.embedding_space])
    return gm


def stop(gm: Graphmem) -> None:
    gm.close()
    assert isinstance(gm.store, FalkorDBStore) and gm.store.server is not None
    gm.store.server.stop()


def raw(gm: Graphmem) -> str:
    nodes = gm.store.read_adhoc("MATCH (n) RETURN properties(n) AS p")
    edges = gm.store.read_adhoc("MATCH ()-[e]->() RETURN properties(e) AS p")
    return repr(nodes) + repr(edges)


def test_high_content_is_sealed_and_shredded_with_the_key(tmp_path: Path) -> None:
    master = secrets.token_bytes(32)
    live, backup, keys = tmp_path / "live", tmp_path / "backup", tmp_path / "keys"
    email = f"mina.{secrets.token_hex(4)}@example.com"
    gm = open_gm(live, keys, master)
    try:
        src = gm.record_source(AGENT, {"kind": "USER_MESSAGE", "content": f"mail me: {email}"})
        r = gm.propose(
            AGENT,
            claim(
                USER,
                "contact_email",
                email,
                [(src.source_id, email, "user")],
                consent_basis="explicit_user_request",
                purposes=["support"],
            ),
        )
        assert r.decision is Decision.COMMITTED, r.reasons
        assert email not in raw(gm), "HIGH content stored in plaintext"
        assert gm.memory(AGENT, r.memory_id or "").memory["object"] == email
        found = gm.retrieve(
            AGENT, {"query": "contact email", "subject_id": USER, "purpose": "support"}
        ).as_dict()["results"]
        assert found[0]["memory"]["object"] == email
        gm.store.compact_storage()
        shutil.copytree(live / "falkordb" / "appendonlydir", backup / "falkordb" / "appendonlydir")

        receipt = gm.erase_subject(ADMIN, USER)
        assert receipt.counts["keys_destroyed"] == 1
        assert gm.eraser.verify(ADMIN, receipt.receipt_id)["remaining"]["keys"] == 0
        assert not list(keys.glob("*.key"))
    finally:
        stop(gm)

    restored = open_gm(backup, keys, master)  # the backup copy, with the same master key
    try:
        rows = restored.memories(ADMIN, subject_id=USER)
        assert rows and all(m["object"] == UNREADABLE for m in rows)
        assert email not in raw(restored)
        files = restored.store.storage_files()
        assert files and not any(email.encode() in Path(f).read_bytes() for f in files)
    finally:
        stop(restored)


def test_wrong_subject_or_tampered_ciphertext_does_not_open(tmp_path: Path) -> None:
    cipher = ContentCipher(KeyStore(tmp_path, base64.b64decode(base64.b64encode(b"k" * 32))))
    sealed = cipher.encrypt("acme", "user:a", "secret-ish")
    assert cipher.decrypt("acme", "user:a", sealed) == "secret-ish"
    assert cipher.decrypt("acme", "user:b", sealed) == UNREADABLE  # no key for b
    cipher.keys.data_key("acme", "user:b", create=True)
    assert cipher.decrypt("acme", "user:b", sealed) == UNREADABLE  # b's key, a's data
    tampered = sealed[:-4] + ("AAAA" if not sealed.endswith("AAAA") else "BBBB")
    assert cipher.decrypt("acme", "user:a", tampered) == UNREADABLE
