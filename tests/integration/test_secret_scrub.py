"""A refused secret does not stay behind in the evidence it was taken from (round 15 of issue
11). A source is scanned when it is recorded, before any claim cites it, and that scan reads
the credential words of a dozen languages: "Hasło do skrzynki pocztowej to Kasztan#2024"
(Polish: the mailbox password is …) passed it whole. When a proposal then labels the value a
credential (``mail_password``), the gate refuses it, and the refusal's statement replaces the
value in every cited source that still holds it — one statement with the receipt, on either
engine, sealed content sealed again."""

from __future__ import annotations

import secrets
from pathlib import Path

from graphmem.crypto import ContentCipher, KeyStore
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from graphmem.write.codes import Code
from tests.integration.write_fixtures import FakeClock, claim, codes, principal

USER = "user:u_scrub"
AGENT = principal("agent", subject=USER, pid="agent:scrub")


def _graph_text(store: GraphStore) -> str:
    nodes = store.read_adhoc("MATCH (n) RETURN properties(n) AS p")
    edges = store.read_adhoc("MATCH ()-[e]->() RETURN properties(e) AS p")
    return repr(nodes) + repr(edges)


def _service(store: GraphStore, cipher: ContentCipher | None = None) -> Graphmem:
    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=FakeClock(),
                  cipher=cipher)  # fmt: skip
    bootstrap(store, [gm.embedding_space])
    return gm


def test_a_refused_labelled_secret_is_removed_from_its_source(store: GraphStore) -> None:
    gm = _service(store)
    value = f"Kasztan#{secrets.randbelow(9000) + 1000}"
    text = f"Hasło do skrzynki pocztowej to {value}"
    src = gm.record_source(AGENT, {"kind": "USER_MESSAGE", "content": text})
    assert value in (src.content or ""), "the recording scan does not read Polish"
    receipt = gm.propose(
        AGENT, claim(USER, "mail_password", value, [(src.source_id, text, "user")])
    )
    assert receipt.decision is Decision.REJECTED
    assert Code.SECRET in codes(receipt)
    assert value not in _graph_text(store)
    kept = gm.store.read("sources/get_many", {"tenant_id": "acme", "source_ids": [src.source_id]})
    stored = kept[0]["s"]
    assert "[REDACTED:LIFTED_SECRET]" in stored["content"]
    assert "LIFTED_SECRET" in stored["redactions"]
    # the rest of the message is kept, and the receipt stands
    assert stored["content"].startswith("Hasło do skrzynki pocztowej to ")
    rows = store.read_adhoc(
        "MATCH (r:WriteReceipt {receipt_id: $id}) RETURN r.decision AS d",
        {"id": receipt.receipt_id},
    )
    assert [r["d"] for r in rows] == ["REJECTED"]


def test_a_source_that_does_not_hold_the_value_is_untouched(store: GraphStore) -> None:
    gm = _service(store)
    text = "Mam nowe hasło do poczty, zmieniłem je wczoraj"
    src = gm.record_source(AGENT, {"kind": "USER_MESSAGE", "content": text})
    receipt = gm.propose(
        AGENT, claim(USER, "mail_password", "Lipa!7781", [(src.source_id, text, "user")])
    )
    assert receipt.decision is not Decision.COMMITTED
    kept = gm.store.read("sources/get_many", {"tenant_id": "acme", "source_ids": [src.source_id]})
    assert kept[0]["s"]["content"] == text
    assert not kept[0]["s"].get("redactions")


def test_a_short_value_is_not_struck_from_ordinary_words(store: GraphStore) -> None:
    gm = _service(store)
    text = "PIN do bramy to 77, ale to tylko żart"
    src = gm.record_source(AGENT, {"kind": "USER_MESSAGE", "content": text})
    gm.propose(AGENT, claim(USER, "gate_pin", "77", [(src.source_id, text, "user")]))
    kept = gm.store.read("sources/get_many", {"tenant_id": "acme", "source_ids": [src.source_id]})
    assert kept[0]["s"]["content"] == text


def test_a_sealed_source_is_sealed_again(store: GraphStore, tmp_path: Path) -> None:
    cipher = ContentCipher(KeyStore(tmp_path / "keys", secrets.token_bytes(32)))
    gm = _service(store, cipher)
    value = "Jabłko$5521"
    email = f"ola.{secrets.token_hex(3)}@example.com"
    text = f"Mój mail to {email}, hasło do niego to {value}"
    src = gm.record_source(AGENT, {"kind": "USER_MESSAGE", "content": text})
    receipt = gm.propose(
        AGENT, claim(USER, "email_password", value, [(src.source_id, text, "user")])
    )
    assert receipt.decision is Decision.REJECTED
    dump = _graph_text(store)
    assert value not in dump and email not in dump  # sealed at rest, the secret gone
    rows = gm.store.read("sources/get_many", {"tenant_id": "acme", "source_ids": [src.source_id]})
    opened = cipher.open_fields(rows[0]["s"])
    assert email in opened["content"] and value not in opened["content"]
