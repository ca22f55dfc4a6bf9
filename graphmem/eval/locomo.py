"""LoCoMo (the development split in ``../shared/data/locomo``): the loader and the ingest
through graphmem's real write path, shared by ``bench/locomo.py`` and ``graphmem eval``.

The data is read in place and never copied. Ingest: one tenant ``locomo``; each conversation is
its own subject ``project:locomo-<sample_id>``; every turn is a USER_MESSAGE source recorded by
an agent key bound to its speaker (so the statement is authenticated), with the speaker in the
content (and the shared image's caption), then proposed as an EPISODIC memory with PROVENANCE
to that source and the session date as valid time. ``window`` > 1 adds DERIVED episodic
memories over runs of consecutive turns. The proposals go through ``propose_many`` in batches
per principal (the same gate per proposal; ``bench/eval_ingest.py`` measures it against one
``propose`` at a time, with the same decisions). Every receipt is counted; nothing bypasses
the gate.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.models.enums import Decision, SourceKind
from graphmem.models.receipts import WriteReceipt
from graphmem.service import Graphmem
from graphmem.write import poisoning

TENANT = "locomo"
#: proposals per ``propose_many`` call in :func:`ingest` (1: one ``propose`` at a time)
INGEST_BATCH = 50
SCORED = (1, 2, 3, 4)
_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)


# -- data ----------------------------------------------------------------------------------------


def read_jsonl(paths: Iterable[Path]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with path.open(encoding="utf-8") as fh:
            rows += [json.loads(line) for line in fh if line.strip()]
    return rows


def parse_session_date(value: str) -> str:
    """``"1:56 pm on 8 May, 2023"`` → ``"2023-05-08T13:56:00Z"``."""
    m = _DATE.search(value)
    if m is None:
        raise ValueError(f"unparsed session date {value!r}")
    hour, minute, ampm, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    dt = datetime.strptime(f"{day} {month} {year}", "%d %B %Y")
    return dt.replace(hour=h, minute=int(minute)).strftime("%Y-%m-%dT%H:%M:00Z")


def turn_text(t: dict[str, Any]) -> str:
    text = f"{t['speaker']}: {t['text']}"
    if t.get("blip_caption"):
        text += f" [shares an image: {t['blip_caption']}]"
    return text


def slug(value: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.\-]+", "-", value).strip("-").lower() or "x"


def source_id_of(sample_id: str, dia_id: str) -> str:
    """The source id a turn is recorded under."""
    return f"locomo-{slug(sample_id)}-{slug(dia_id)}"


def subject_of(sample_id: str) -> str:
    return f"project:locomo-{slug(sample_id)}"


@dataclass
class Conversation:
    sample_id: str
    turns: list[dict[str, Any]]
    questions: list[dict[str, Any]] = field(default_factory=list)


def load(data: Path, limit: int | None) -> list[Conversation]:
    turns = read_jsonl(sorted(data.glob("turns*.jsonl")))
    qas = read_jsonl(sorted(data.glob("qa*.jsonl")))
    if not turns or not qas:
        raise SystemExit(f"{data}: needs turns*.jsonl and qa*.jsonl")
    convs: dict[str, Conversation] = {}
    for t in turns:
        convs.setdefault(t["sample_id"], Conversation(t["sample_id"], [])).turns.append(t)
    for q in qas:
        if q["sample_id"] in convs:
            convs[q["sample_id"]].questions.append(q)
    out = list(convs.values())
    return out[:limit] if limit else out


# -- graphmem ------------------------------------------------------------------------------------


def speaker_key(sample_id: str, speaker: str) -> Principal:
    who = f"user:{slug(sample_id)}.{slug(speaker)}"
    return Principal(
        tenant_id=TENANT,
        principal_id=f"agent:{who[5:]}",
        roles=frozenset({"agent"}),
        subject_id=who,
    )


READER = Principal(tenant_id=TENANT, principal_id="agent:locomo-bench", roles=frozenset({"agent"}))


@dataclass(frozen=True)
class Item:
    """A stored memory of one conversation: its text and the turns it derives from."""

    memory_id: str
    text: str
    dia_ids: frozenset[str]


def proposal_count(conv: Conversation, window: int) -> int:
    """How many proposals :func:`ingest` makes for ``conv`` (its turns and windows)."""
    n = len(conv.turns)
    if window > 1:
        sessions = Counter(t["session"] for t in conv.turns)
        n += sum(len(range(0, max(k - 1, 1), window - 1)) for k in sessions.values())
    return n


def _propose_batched(
    gm: Graphmem,
    proposals: list[tuple[Principal, dict[str, Any]]],
    batch: int,
    tick: Callable[[], None],
) -> list[WriteReceipt]:
    """Receipts in input order. ``batch`` > 1: each principal's proposals, in their order, go
    through ``propose_many`` (the product's batch write: the same gate per proposal, one
    source read, one conflict read and one commit statement per batch). Turns cite recorded
    sources, not each other, and each text names its speaker, so no decision depends on the
    order across principals."""
    out: dict[int, WriteReceipt] = {}
    if batch <= 1:
        for i, (who, proposal) in enumerate(proposals):
            out[i] = gm.propose(who, proposal)
            tick()
        return [out[i] for i in range(len(proposals))]
    by_key: dict[Principal, list[int]] = defaultdict(list)
    for i, (who, _) in enumerate(proposals):
        by_key[who].append(i)
    for who, indices in by_key.items():
        for start in range(0, len(indices), batch):
            chunk = indices[start : start + batch]
            got = gm.propose_many(who, [proposals[i][1] for i in chunk])
            for i, receipt in zip(chunk, got, strict=True):
                out[i] = receipt
                tick()
    return [out[i] for i in range(len(proposals))]


def ingest(
    gm: Graphmem,
    conv: Conversation,
    window: int,
    gate: dict[str, Any],
    tick: Callable[[], None] = lambda: None,
    batch: int = INGEST_BATCH,
) -> list[Item]:
    """Every turn (and window) through the gate; the items stored, in proposal order
    (``tick`` after each proposal; ``batch`` 1 proposes one at a time)."""
    subject = subject_of(conv.sample_id)
    source_ids: dict[str, str] = {}
    proposals: list[tuple[Principal, dict[str, Any], str]] = []
    for t in conv.turns:
        who = speaker_key(conv.sample_id, t["speaker"])
        text = turn_text(t)
        src = gm.record_source(
            who,
            {
                "kind": "USER_MESSAGE",
                "content": text,
                "source_id": source_id_of(conv.sample_id, t["dia_id"]),
                "subject_id": subject,
            },
        )
        source_ids[t["dia_id"]] = src.source_id
        proposal: dict[str, Any] = {
            "memory_type": "EPISODIC",
            "subject": subject,
            "episode": {"goal": f"conversation turn {t['dia_id']} by {t['speaker']}"},
            "text": text,
            "evidence": [{"event_id": src.source_id, "span": t["text"], "source_role": "user"}],
            "confidence": 1.0,
            "valid_from": parse_session_date(t["session_date_time"]),
        }
        proposals.append((who, proposal, f"turn {t['dia_id']}"))
        if not poisoning.poisoning_verdict(text, SourceKind.TOOL_RESULT, src.source_id).ok:
            # what an unbound (unauthenticated) recorder would have had refused
            gate["unauthenticated_poisoning"].append(f"{conv.sample_id}:{t['dia_id']}")
    if window > 1:
        by_session: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for t in conv.turns:
            by_session[t["session"]].append(t)
        for session, ts in by_session.items():
            for start in range(0, max(len(ts) - 1, 1), window - 1):
                chunk = ts[start : start + window]
                proposals.append(
                    (
                        READER,
                        {
                            "memory_type": "EPISODIC",
                            "subject": subject,
                            "episode": {
                                "goal": f"session {session} excerpt {chunk[0]['dia_id']}"
                                f"..{chunk[-1]['dia_id']}"
                            },
                            "text": " / ".join(turn_text(t) for t in chunk),
                            "evidence": [
                                {
                                    "event_id": source_ids[t["dia_id"]],
                                    "span": t["text"],
                                    "source_role": "user",
                                }
                                for t in chunk
                            ],
                            "confidence": 1.0,
                            "valid_from": parse_session_date(chunk[0]["session_date_time"]),
                        },
                        f"window {chunk[0]['dia_id']}..{chunk[-1]['dia_id']}",
                    )
                )
    gm.embedder.encode([str(p["text"]) for _, p, _ in proposals])  # batch-warm the cache
    dia_of = {sid: dia for dia, sid in source_ids.items()}
    receipts = _propose_batched(gm, [(who, p) for who, p, _ in proposals], batch, tick)
    stored: list[Item] = []
    for (_, proposal, label), receipt in zip(proposals, receipts, strict=True):
        gate["decisions"][str(receipt.decision)] += 1
        if receipt.decision is Decision.COMMITTED and receipt.memory_id:
            evidence: list[dict[str, str]] = proposal["evidence"]
            dias = frozenset(dia_of[e["event_id"]] for e in evidence)
            stored.append(Item(receipt.memory_id, str(proposal["text"]), dias))
        if receipt.decision not in (Decision.COMMITTED, Decision.DUPLICATE):
            codes = sorted({r.code for r in receipt.reasons if r.code != "COMMITTED"})
            details = sorted({f"{r.code}: {r.detail}" for r in receipt.reasons if r.detail})
            gate["refused"].append(
                {"item": f"{conv.sample_id} {label}", "codes": codes, "details": details}
            )
            for c in codes:
                gate["refusal_codes"][c] += 1
    return stored


def provenance_map(gm: Graphmem) -> dict[str, set[str]]:
    """memory_id → source_ids, read back from the graph's PROVENANCE edges."""
    rows = gm.store.read_adhoc(
        "MATCH (m:Memory {tenant_id: $t})-[:PROVENANCE]->(s:Source) "
        "RETURN m.memory_id AS m, collect(s.source_id) AS s",
        {"t": TENANT},
    )
    return {r["m"]: set(r["s"]) for r in rows}
