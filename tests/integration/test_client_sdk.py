"""The client SDK against a real ``graphmem serve`` (default embedder, embedded engine): the
seed's write → recall → forget story, with the receipts that prove each step, and the errors a
caller meets mapped into graphmem's own exceptions."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import AsyncClient, Client
from graphmem.errors import ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError
from graphmem.models.receipts import DeletionReceipt
from tests.integration.served import Served, serve

USER = "user:u_104"
SAID = "답변은 계속 한국어로 해 줘"


def preference(source_id: str) -> dict[str, object]:
    """The seed's memory proposal, as written there."""
    return {
        "memory_type": "SEMANTIC",
        "subject": USER,
        "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
        "evidence": [{"event_id": source_id, "span": SAID, "source_role": "user"}],
        "confidence": 1.0,
        "sensitivity": "LOW",
        "valid_from": "2026-07-16T00:00:00Z",
        "expires_at": None,
        "consent_basis": "explicit_user_request",
    }


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(Path(tmp_path_factory.mktemp("sdk")) / "gm") as served:
        yield served


def test_the_seeds_write_recall_forget_story(service: Served) -> None:
    agent = Client(
        service.url, key=service.key("--tenant", "acme", "--role", "agent", "--subject", USER)
    )
    user = Client(
        service.url, key=service.key("--tenant", "acme", "--role", "user", "--subject", USER)
    )
    admin = Client(service.url, key=service.key("--tenant", "acme", "--role", "admin"))
    with agent, user, admin:
        assert agent.whoami().subject_id == USER

        # write: the user's message, then the proposal; the gate answers with a receipt
        source = agent.record_source(
            {"kind": "USER_MESSAGE", "content": SAID, "source_id": "msg_9821"}
        )
        assert source.authenticated and source.subject_id == USER
        receipt = agent.propose(preference(source.source_id), idempotency_key="req-1")
        assert receipt.decision == "COMMITTED", receipt.reasons
        again = agent.propose(preference(source.source_id), idempotency_key="req-1")
        assert again.receipt_id == receipt.receipt_id  # a retry returns the first receipt
        assert receipt.memory_id is not None

        # recall: the preference comes back first, with its score breakdown
        found = agent.retrieve({"query": "which language should answers be in", "subject_id": USER})
        assert found.results and found.results[0].memory.memory_id == receipt.memory_id
        assert found.results[0].memory.object == "ko-KR"
        assert set(found.results[0].breakdown) >= {"semantic", "lexical"}
        context = agent.context(
            {
                "instruction": "Answer the user.",
                "goal": "reply",
                "query": "answer language",
                "budget_tokens": 200,
                "subject_id": USER,
            }
        )
        assert receipt.memory_id in context.refs.values() and "ko-KR" in context.text
        page = user.my_memories()
        assert page.total == 1 and page.memories[0].memory_id == receipt.memory_id

        # forget: the user erases it; it is gone from recall, and the receipt verifies
        preview = user.forget_my_memory(receipt.memory_id, dry_run=True)
        assert receipt.memory_id in preview.memory_ids
        gone = user.forget_my_memory(receipt.memory_id)
        assert isinstance(gone, DeletionReceipt) and receipt.memory_id in gone.memory_ids
        after = agent.retrieve({"query": "which language should answers be in", "subject_id": USER})
        assert receipt.memory_id not in [r.memory.memory_id for r in after.results]
        assert user.my_memories().total == 0
        assert admin.verify_deletion(gone.receipt_id).result == "COMPLETE"
        with pytest.raises(NotFoundError):
            admin.memory(receipt.memory_id)


def test_errors_are_graphmem_exceptions(service: Served) -> None:
    user_key = service.key("--tenant", "acme", "--role", "user", "--subject", "user:s9")
    with Client(service.url, key=user_key) as user, Client(service.url, key="gm_bad") as nobody:
        with pytest.raises(UnauthenticatedError):
            nobody.whoami()
        with pytest.raises(ForbiddenError) as denied:
            user.retrieve({"query": "anything", "subject_id": "user:someone_else"})
        assert denied.value.details["status"] == 403
        # checked with the server's own model before it is sent: the same error as in process
        with pytest.raises(ValidationError) as bad:
            user.propose({**preference("msg_x"), "confidence": 7})
        assert [(i.field, i.rule) for i in bad.value.issues] == [("confidence", "range")]
        with pytest.raises(ValidationError) as refused:  # one only the server can see
            user.memories(cursor="bm90LWEtY3Vyc29y")
        assert refused.value.issues[0].field == "cursor"


def test_the_async_client_tells_the_same_story(service: Served) -> None:
    key = service.key("--tenant", "acme", "--role", "agent", "--subject", "user:async1")

    async def story() -> tuple[str, list[str]]:
        async with AsyncClient(service.url, key=key) as gm:
            src = await gm.record_source(
                {"kind": "USER_MESSAGE", "content": "I prefer green tea", "source_id": "msg_a1"}
            )
            receipt = await gm.propose(
                {
                    "memory_type": "SEMANTIC",
                    "subject": "user:async1",
                    "claim": {"predicate": "prefers_drink", "object": "green tea"},
                    "evidence": [
                        {
                            "event_id": src.source_id,
                            "span": "I prefer green tea",
                            "source_role": "user",
                        }
                    ],
                    "confidence": 0.9,
                }
            )
            found = await gm.retrieve({"query": "favourite drink", "subject_id": "user:async1"})
            return str(receipt.memory_id), [r.memory.memory_id for r in found.results]

    memory_id, found = asyncio.run(story())
    assert found[:1] == [memory_id]
