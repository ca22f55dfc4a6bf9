"""Every bound on caller input, in one place.

A request's cost must be bounded before it runs: a proposal with 100,000 evidence items was
committed as 100,000 edges on one memory, a context ``state`` of 10k keys took 48 s, a 100 MB
body was read whole. Each bound here is enforced where the input is validated (pydantic field
constraints, :func:`bounded_map`, the body-size middleware) and is reported with the field it
limits and a rule (``too_long``, ``too_large``, ``range``, 413 ``BODY_TOO_LARGE``). The README's
configuration table lists them; the body size and time limits are settings, the rest are
part of the API contract.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from pydantic_core import PydanticCustomError

#: evidence items of one memory proposal, and distinct sources they may cite
MAX_EVIDENCE_ITEMS: Final = 64
MAX_SOURCES_PER_PROPOSAL: Final = 32
#: proposals in one ``propose_many`` batch
MAX_BATCH: Final = 1000
#: items of a list inside a memory (actions, observations, steps, preconditions, tests,
#: failures, purposes, capabilities)
MAX_LIST_ITEMS: Final = 100
#: keys of a map inside a memory (an episode's environment)
MAX_MAP_KEYS: Final = 64
#: a context or retrieval ``state``: top-level keys, and its size as JSON
MAX_STATE_KEYS: Final = 256
MAX_STATE_BYTES: Final = 64 * 1024
#: evidence items of one context request
MAX_CONTEXT_EVIDENCE: Final = 200
#: a context's token budget
MAX_BUDGET_TOKENS: Final = 1_000_000
#: paging of list endpoints (graphmem.paging): rows of one page; a cursor's length, and how
#: long after it was handed out it is honoured (a day: a listing paged by a person or a nightly
#: job finishes well within it, and a cursor kept longer starts again)
MAX_PAGE: Final = 1000
MAX_CURSOR_CHARS: Final = 1024
CURSOR_MAX_AGE_S: Final = 24 * 3600
#: parameters of a named or ad-hoc query: how many, and the size of all of them as JSON
MAX_QUERY_PARAMS: Final = 32
MAX_QUERY_PARAM_BYTES: Final = 64 * 1024
#: subjects (scopes) of one retrieve or context call
MAX_SCOPES: Final = 8
#: run state: tool receipts, evidence ids, approvals and budget reservations in one checkpoint;
#: a tool call's recorded result as JSON; checkpoints and tool receipts kept per run
MAX_TOOL_RECEIPTS: Final = 256
MAX_RUN_EVIDENCE_IDS: Final = 200
MAX_APPROVALS: Final = 64
MAX_RESERVATIONS: Final = 64
MAX_TOOL_RESULT_BYTES: Final = 16 * 1024
MAX_CHECKPOINTS_PER_RUN: Final = 10_000
MAX_TOOL_RECEIPTS_PER_RUN: Final = 10_000
#: counters of run state (step, plan version, tokens, tool calls) and amounts (cost)
MAX_COUNTER: Final = 10**12
#: a request body, unless ``GRAPHMEM_MAX_BODY_BYTES`` says otherwise
DEFAULT_MAX_BODY_BYTES: Final = 2 * 1024 * 1024


def json_size(value: Any) -> int:
    """Bytes of ``value`` as compact UTF-8 JSON (what it costs to store or send)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str).encode())


def check_map(value: Mapping[str, Any], *, max_keys: int, max_bytes: int) -> None:
    """Raise a ``too_large`` error if ``value`` has more keys or bytes than allowed."""
    if len(value) > max_keys:
        raise PydanticCustomError(
            "too_large",
            "at most {max_keys} keys (got {count})",
            {"max_keys": max_keys, "count": len(value)},
        )
    size = json_size(value)
    if size > max_bytes:
        raise PydanticCustomError(
            "too_large",
            "at most {max_bytes} bytes as JSON (got {size})",
            {"max_bytes": max_bytes, "size": size},
        )


def bounded_state(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """Validator for a run ``state``: :data:`MAX_STATE_KEYS` keys, :data:`MAX_STATE_BYTES`."""
    if value is not None:
        check_map(value, max_keys=MAX_STATE_KEYS, max_bytes=MAX_STATE_BYTES)
    return value


def bounded_result(value: Any) -> Any:
    """Validator for a tool call's recorded result: :data:`MAX_TOOL_RESULT_BYTES` as JSON."""
    if value is not None:
        size = json_size(value)
        if size > MAX_TOOL_RESULT_BYTES:
            raise PydanticCustomError(
                "too_large",
                "at most {max_bytes} bytes as JSON (got {size})",
                {"max_bytes": MAX_TOOL_RESULT_BYTES, "size": size},
            )
    return value
