"""Labelled scenario files (the red-team set, the held-out sets) through the real write path.

A scenario names its principal, the sources to record (each under its own principal when it
says so) and one proposal; :func:`propose_scenario` records and proposes it and returns what
the gate decided. Shared by ``graphmem eval`` and the integration tests (which add their
expectations on top). The files live in the checkout (``tests/data``), read in place.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from graphmem import errors
from graphmem.auth.principal import Principal
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore

#: the checkout's labelled data (``tests/data``): present in a clone, not in a wheel
DATA_DIR = Path(__file__).resolve().parents[2] / "tests" / "data"
INVALID = "INVALID"
STORED = frozenset({str(Decision.COMMITTED), str(Decision.DUPLICATE)})


def read_scenarios(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise errors.ValidationError(
            [errors.FieldIssue("data", "not_found", f"{path} is not here (a source checkout?)")]
        )
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def scenario_principal(spec: dict[str, Any]) -> Principal:
    roles = spec["roles"]
    tenant = spec.get("tenant", "acme")
    return Principal(
        tenant_id=tenant,
        principal_id=spec.get("pid") or spec.get("subject") or f"{'-'.join(roles)}@{tenant}",
        roles=frozenset(roles),
        subject_id=spec.get("subject"),
        grants=frozenset(spec.get("grants", ())),
    )


def record_sources(gm: Graphmem, scenario: dict[str, Any], problems: list[str]) -> None:
    default = scenario["principal"]
    for spec in scenario["sources"]:
        body = {k: v for k, v in spec.items() if k not in ("principal", "expect_record_error")}
        wanted = spec.get("expect_record_error")
        try:
            gm.record_source(scenario_principal(spec.get("principal", default)), body)
        except errors.GraphmemError as exc:
            if type(exc).__name__ != wanted:
                problems.append(f"recording {spec['source_id']} raised {type(exc).__name__}")
        else:
            if wanted is not None:
                problems.append(f"recording {spec['source_id']} did not raise {wanted}")


def graph_dump(store: GraphStore) -> str:
    nodes = store.read_adhoc("MATCH (n) RETURN properties(n) AS p")
    edges = store.read_adhoc("MATCH ()-[r]->() RETURN properties(r) AS p")
    return json.dumps([r["p"] for r in nodes + edges], ensure_ascii=False, default=str)


@dataclass
class Proposed:
    scenario: dict[str, Any]
    decision: str
    codes: list[str] = field(default_factory=list)
    memory_id: str | None = None
    problems: list[str] = field(default_factory=list)


class _Stored(Protocol):
    memory_id: str | None


def propose_scenario(
    gm: Graphmem, scenario: dict[str, Any], done: Mapping[str, _Stored]
) -> Proposed:
    """Record the scenario's sources and propose it; ``done`` resolves ``supersedes_ref``."""
    problems: list[str] = []
    record_sources(gm, scenario, problems)
    proposal = copy.deepcopy(scenario["proposal"])
    ref = scenario.get("supersedes_ref")
    if ref is not None:
        proposal["supersedes"] = (done[ref].memory_id if ref in done else None) or "mem_missing"
    try:
        receipt = gm.propose(scenario_principal(scenario["principal"]), proposal)
    except errors.ValidationError as exc:
        return Proposed(
            scenario, INVALID, [f"{i.field}:{i.rule}" for i in exc.issues], None, problems
        )
    return Proposed(
        scenario,
        str(receipt.decision),
        [r.code for r in receipt.reasons],
        receipt.memory_id,
        problems,
    )
