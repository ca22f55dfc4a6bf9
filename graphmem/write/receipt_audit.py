"""Write receipts as an auditor reads them: one receipt by id, and its verification.

A write receipt is the gate's word that something was (or was not) written. Verifying it reads
the graph again instead of trusting the receipt: a COMMITTED or DUPLICATE receipt must name a
memory of this tenant that still exists with the receipt's subject and type and still cites at
least one source (PROVENANCE) — a memory with no provenance would be a claim nobody said. A
receipt that wrote nothing (REJECTED, HELD, …) must name no memory. Any failed check makes the
result BROKEN and is listed by name; an erased memory takes its receipts with it (the deletion
receipt is the proof then), so a receipt found here is expected to verify.

The write audit is unbound-key work (admins and analysts), as the deletion audit is.
"""

from __future__ import annotations

from collections.abc import Callable

from graphmem.auth.principal import Principal
from graphmem.auth.scope import require_unbound
from graphmem.errors import NotFoundError
from graphmem.models.enums import Decision
from graphmem.models.public import WriteVerification
from graphmem.models.receipts import WriteReceipt
from graphmem.store.base import GraphStore

__all__ = ["WriteReceiptAudit"]

_WROTE = (Decision.COMMITTED, Decision.DUPLICATE)


class WriteReceiptAudit:
    def __init__(self, store: GraphStore, clock: Callable[[], str]) -> None:
        self.store = store
        self.clock = clock

    def _row(self, principal: Principal, receipt_id: str) -> dict[str, object]:
        require_unbound(principal, "the write audit")
        rows = self.store.read(
            "receipts/verify_write", {"tenant_id": principal.tenant_id, "receipt_id": receipt_id}
        )
        if not rows:
            raise NotFoundError(f"no write receipt {receipt_id!r}", receipt_id=receipt_id)
        return rows[0]

    def get(self, principal: Principal, receipt_id: str) -> WriteReceipt:
        row = self._row(principal, receipt_id)
        return WriteReceipt.from_graph(row["r"])  # type: ignore[arg-type]

    def verify(self, principal: Principal, receipt_id: str) -> WriteVerification:
        row = self._row(principal, receipt_id)
        receipt = WriteReceipt.from_graph(row["r"])  # type: ignore[arg-type]
        failed: list[str] = []
        checked: list[str] = []
        if receipt.decision in _WROTE:
            checked += ["memory_exists", "subject", "memory_type", "provenance"]
            if row["memory_id"] is None:
                failed.append("memory_exists")
            else:
                if row["subject_id"] != receipt.subject_id:
                    failed.append("subject")
                if receipt.memory_type is not None and row["memory_type"] != str(
                    receipt.memory_type
                ):
                    failed.append("memory_type")
                if int(str(row["provenance"])) < 1:
                    failed.append("provenance")
        else:
            checked.append("nothing_written")
            if receipt.memory_id is not None:
                failed.append("nothing_written")
        return WriteVerification(
            receipt_id=receipt.receipt_id,
            decision=str(receipt.decision),
            memory_id=receipt.memory_id,
            memory_status=None if row["status"] is None else str(row["status"]),
            result="BROKEN" if failed else "VERIFIED",
            checked=checked,
            failed=failed,
            verified_at=self.clock(),
        )
