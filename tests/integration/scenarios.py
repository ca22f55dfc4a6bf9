"""Scenario files (the red-team set, the held-out set) through the real write path: record
each scenario's sources under its principals, and read the whole graph back to look for
leaked secrets."""

from __future__ import annotations

import json
from typing import Any

from graphmem import errors
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.write_fixtures import principal


def scenario_principal(spec: dict[str, Any]) -> Any:
    return principal(
        *spec["roles"],
        tenant=spec.get("tenant", "acme"),
        subject=spec.get("subject"),
        pid=spec.get("pid"),
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
