"""A deterministic generator of hostile requests, in named batches.

Each batch is a list of :class:`Hostile` requests built from a valid template per endpoint
(real ids of the seeded world) and mutated: every leaf of every body replaced by every value
of :data:`WRONG_VALUES` and every string leaf by every string of :data:`BAD_STRINGS` (NUL,
lone surrogates, controls), hostile path segments and query strings, headers, content types,
malformed and invalid-UTF-8 bodies, huge and deep JSON, giant numbers, 10k-item lists, the
probe's 8k-character evidence × 200 with a huge budget and a 30k-key state, and idempotency
keys reused with different bodies. The same seed world gives the same requests, in order.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from graphmem.limits import MAX_CONTEXT_EVIDENCE, MAX_STATE_KEYS
from tests.integration.reliability.world import TEAM, U1, World
from tests.integration.write_fixtures import claim

#: values that break a field's type or range, whatever the field is
WRONG_VALUES: tuple[Any, ...] = (
    None,
    True,
    0,
    -1,
    2**63,
    -(2**63) - 1,
    10**400,
    1.5,
    -1e308,
    "",
    " ",
    "x" * 10_000,
    [],
    [None],
    {},
    {"$ne": None},
    [[[[[]]]]],
)
#: strings no input may carry, or that try to mean something they should not
BAD_STRINGS: tuple[str, ...] = (
    "nul\u0000byte",
    "lone \ud800 surrogate",
    "low \udfff surrogate",
    "escape \u001b[2J",
    "delete \u007f",
    "c1 \u0085 next line",
    "bell\u0007",
    "trailing newline\n",
    "../../../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "' OR 1=1 //",
    '" }) MATCH (n) DETACH DELETE n //',
    "$tenant_id",
    "{{> retrieval/_hard_filters}}",
    "\u202eright-to-left override",
    "\uffff\ufffe noncharacters",
    "emoji \U0001f600 and combining e\u0301",
    "user:u2",
    "tenant:globex",
)
#: hostile path segments (already percent-encoded where they must be)
BAD_SEGMENTS: tuple[str, ...] = (
    "mem_%00",
    "mem_%01x",
    "%ED%A0%80",  # an encoded lone surrogate
    "%FF%FE",  # invalid UTF-8
    "%C0%80",  # overlong NUL
    "..%2F..%2Fhealthz",
    "%2E%2E",
    "mem_%0Anewline",
    "x" * 300,
    "mem_" + "%41" * 1000,
    "user:u1%00",
    "%20",
)


@dataclass(frozen=True)
class Hostile:
    name: str
    method: str
    path: str
    #: a role of the world's callers (``admin``, ``agent:u1`` …) or ``anonymous``
    caller: str = "admin"
    json_body: Any = None
    content: bytes | None = None
    query: dict[str, Any] | list[tuple[str, str]] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    #: an extra check of the answer, beyond "no 5xx and in shape"
    expect: Callable[[Any], bool] | None = None

    def body_bytes(self) -> bytes | None:
        if self.content is not None:
            return self.content
        if self.json_body is None:
            return None
        return json.dumps(self.json_body).encode("utf-8", "surrogatepass")


def _claim(world: World, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    """A well-formed claim about acme's ``user:u1`` citing one of its real sources."""
    source = next(m.source_id for m in world.memories if m.tenant == "acme" and m.subject == U1)
    return claim(U1, predicate, obj, [(source, "mascot name", "user")], **extra)


def _templates(world: World) -> list[tuple[str, str, str, Any]]:
    """``(caller, method, path, body)`` valid requests on real records of tenant acme."""
    mine = [m for m in world.memories if m.tenant == "acme" and m.subject == U1]
    memory = mine[0].memory_id
    deletion = world.deletion_receipts["acme"]
    proposal = _claim(
        world, "likes_tea", "green tea", purposes=["support"], valid_from="2026-07-01T00:00:00Z"
    )
    return [
        ("agent:u1", "POST", "/v1/sources", {"kind": "USER_MESSAGE", "content": "hello"}),
        ("agent:u1", "POST", "/v1/proposals", proposal),
        ("agent:u1", "POST", "/v1/proposals/batch", [proposal]),
        (
            "agent:u1",
            "POST",
            "/v1/retrieve",
            {
                "query": "mascot name",
                "subject_id": U1,
                "k": 5,
                "types": ["SEMANTIC"],
                "valid_at": "2026-07-10T00:00:00Z",
                "state": {"goal": "g", "capabilities": ["read"]},
            },
        ),
        (
            "agent:u1",
            "POST",
            "/v1/context",
            {
                "goal": "answer",
                "instruction": "Answer the user.",
                "query": "mascot name",
                "budget_tokens": 300,
                "state": {"os": "linux"},
                "evidence": [{"id": "ev1", "text": "verified note", "verified": True}],
                "limits": {"semantic": 3},
            },
        ),
        ("admin", "POST", "/v1/revocations", {"memory_id": "mem_no_such", "reason": "WRONG"}),
        ("admin", "POST", "/v1/admin/compact", {"older_than": "2020-01-01T00:00:00Z"}),
        ("agent:u1", "PATCH", f"/v1/me/memories/{memory}", {"object": "corrected"}),
        (
            "analyst",
            "POST",
            "/v1/cypher/lineage/known_at_snapshot",
            {"params": {"subject_id": TEAM, "known_at": "2026-07-10T00:00:00Z"}},
        ),
        (
            "admin",
            "POST",
            "/v1/cypher-adhoc",
            {
                "query": "MATCH (m:Memory {tenant_id: $tenant_id}) RETURN count(m) AS n",
                "params": {"x": 1},
            },
        ),
        ("admin", "POST", f"/v1/audit/deletions/{deletion}/verify", None),
    ]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key), item
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index), item
            yield from _leaves(item, (*path, index))


def _replace(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(body)
    target = out
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return out


def wrong_fields(world: World) -> Iterator[Hostile]:
    """Every field of every template given every wrong value, and every string field every
    bad string; plus unknown fields and a smuggled tenant."""
    for caller, method, path, body in _templates(world):
        if body is None:
            continue
        for where, original in _leaves(body):
            label = ".".join(map(str, where))
            values: tuple[Any, ...] = WRONG_VALUES
            if isinstance(original, str):
                values = values + BAD_STRINGS
            for i, value in enumerate(values):
                yield Hostile(
                    f"{path} {label}=#{i}", method, path, caller, _replace(body, where, value)
                )
        if isinstance(body, dict):
            for extra in ({"unknown_field": 1}, {"tenant_id": "globex"}, {"__proto__": {}}):
                yield Hostile(f"{path} +{next(iter(extra))}", method, path, caller, body | extra)


def bad_paths(world: World) -> Iterator[Hostile]:
    for segment in BAD_SEGMENTS:
        for method, template in (
            ("GET", "/v1/memories/{}"),
            ("DELETE", "/v1/memories/{}"),
            ("DELETE", "/v1/subjects/{}/memories"),
            ("GET", "/v1/audit/deletions/{}"),
            ("POST", "/v1/audit/deletions/{}/verify"),
            ("PATCH", "/v1/me/memories/{}"),
            ("DELETE", "/v1/me/memories/{}"),
            ("POST", "/v1/purposes/{}/expire"),
            ("POST", "/v1/cypher/{}"),
        ):
            body = {"object": "x"} if method == "PATCH" else None
            caller = "agent:u1" if "/me/" in template else "admin"
            yield Hostile(
                f"{method} {template} {segment[:20]}",
                method,
                template.format(segment),
                caller,
                body,
            )
    for name in ("lineage/../keys/create", "keys/create", "../../etc/passwd", "lineage//x"):
        yield Hostile(f"cypher {name}", "POST", f"/v1/cypher/{name}", "analyst", {"params": {}})


def bad_queries(world: World) -> Iterator[Hostile]:
    params: list[dict[str, Any] | list[tuple[str, str]]] = [
        {"limit": -1},
        {"limit": 0},
        {"limit": 2**64},
        {"offset": -(2**63)},
        {"offset": 2**63},
        {"offset": "1e3"},
        {"limit": "ten"},
        {"type": "NOPE"},
        {"status": "\u0000"},
        {"valid_at": "2026-13-45T99:99:99Z"},
        {"known_at": "yesterday"},
        {"valid_at": "9999-12-31T23:59:59+14:00"},
        {"valid_at": "0001-01-01T00:00:00Z"},
        {"subject_id": "user:u2"},
        {"subject_id": "user:u1\n"},
        {"subject_id": "kind:"},
        [("subject_id", "user:u1"), ("subject_id", "user:u2")],
        [("limit", "1")] * 200,
        {"x" * 5000: "y"},
    ]
    for i, q in enumerate(params):
        for path in ("/v1/memories", "/v1/me/memories", "/v1/audit/deletions"):
            yield Hostile(f"GET {path} query #{i}", "GET", path, "agent:u1", query=q)


def bad_bodies(world: World) -> Iterator[Hostile]:
    """Malformed, mistyped and oversized bodies on every JSON endpoint."""
    raw: list[tuple[str, bytes, str]] = [
        ("empty", b"", "application/json"),
        ("truncated", b'{"query": "a', "application/json"),
        ("trailing comma", b'{"query": "a",}', "application/json"),
        ("single quotes", b"{'query': 'a'}", "application/json"),
        ("NaN", b'{"query": "a", "k": NaN, "confidence": NaN}', "application/json"),
        ("Infinity", b'{"query": "a", "k": Infinity}', "application/json"),
        ("BOM", b'\xef\xbb\xbf{"query": "a"}', "application/json"),
        ("null", b"null", "application/json"),
        ("list", b"[]", "application/json"),
        ("string", b'"query"', "application/json"),
        ("number", b"12", "application/json"),
        ("duplicate keys", b'{"query": "a", "query": "b"}', "application/json"),
        ("invalid utf-8", b'{"query": "\xff\xfe\xc0\x80"}', "application/json"),
        (
            "latin-1",
            '{"query": "caf\u00e9"}'.encode("latin-1"),
            "application/json; charset=latin-1",
        ),
        ("utf-16", '{"query": "a"}'.encode("utf-16"), "application/json"),
        ("escaped NUL key", b'{"\\u0000": 1, "query": "a"}', "application/json"),
        ("5000-digit int", b'{"query": "a", "k": ' + b"9" * 5000 + b"}", "application/json"),
        ("deep list", b"[" * 100_000 + b"]" * 100_000, "application/json"),
        ("deep map", b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "application/json"),
        ("text/plain", b'{"query": "a"}', "text/plain"),
        ("form", b"query=a&k=5", "application/x-www-form-urlencoded"),
        (
            "multipart",
            b"--x\r\nContent-Disposition: form-data; name=q\r\n\r\na\r\n--x--",
            "multipart/form-data; boundary=x",
        ),
        ("xml", b"<query>a</query>", "application/xml"),
        ("no content type", b'{"query": "a"}', ""),
        ("binary", bytes(range(256)) * 8, "application/octet-stream"),
    ]
    endpoints = [
        ("agent:u1", "POST", "/v1/sources"),
        ("agent:u1", "POST", "/v1/proposals"),
        ("agent:u1", "POST", "/v1/proposals/batch"),
        ("agent:u1", "POST", "/v1/retrieve"),
        ("agent:u1", "POST", "/v1/context"),
        ("admin", "POST", "/v1/revocations"),
        ("admin", "POST", "/v1/admin/compact"),
        ("agent:u1", "PATCH", "/v1/me/memories/mem_x"),
        ("analyst", "POST", "/v1/cypher/lineage/open_conflicts"),
        ("admin", "POST", "/v1/cypher-adhoc"),
        # routes that take no body: whatever comes is read once (for the text check) and ignored
        ("admin", "POST", "/v1/admin/sweep"),
        ("admin", "POST", "/v1/purposes/support/expire"),
        ("admin", "DELETE", "/v1/memories/mem_no_such"),
        ("admin", "GET", "/v1/memories"),
    ]
    for caller, method, path in endpoints:
        for name, content, ctype in raw:
            headers = {"Content-Type": ctype} if ctype else {}
            yield Hostile(f"{path} {name}", method, path, caller, content=content, headers=headers)


def _status(*codes: int) -> Callable[[Any], bool]:
    return lambda r: r.status_code in codes


def _names(field_name: str, rule: str) -> Callable[[Any], bool]:
    def check(response: Any) -> bool:
        errors = response.json().get("errors") or []
        return any(e.get("field") == field_name and e.get("rule") == rule for e in errors)

    return check


def big_inputs(world: World) -> Iterator[Hostile]:
    """The probe's costly shapes: huge budgets over long evidence, huge states and lists."""
    context = {"goal": "g", "instruction": "i", "query": "mascot name"}
    long_evidence = [
        {"id": f"ev{i}", "text": ("lorem ipsum dolor sit amet " * 300)[:8000], "verified": True}
        for i in range(MAX_CONTEXT_EVIDENCE)
    ]
    yield Hostile(
        "context 8k x 200 evidence, budget 1M",
        "POST",
        "/v1/context",
        "agent:u1",
        {**context, "evidence": long_evidence, "budget_tokens": 1_000_000},
        expect=_status(200),
    )
    yield Hostile(
        "context 8k x 200 evidence, budget 2000",
        "POST",
        "/v1/context",
        "agent:u1",
        {**context, "evidence": long_evidence, "budget_tokens": 2000},
        expect=_status(200),
    )
    for keys in (MAX_STATE_KEYS, 10_000, 30_000):
        state = {f"k{i}": i for i in range(keys)}
        for path, body in (
            ("/v1/context", {**context, "budget_tokens": 500, "state": state}),
            ("/v1/retrieve", {"query": "mascot name", "state": state}),
        ):
            ok = keys <= MAX_STATE_KEYS
            yield Hostile(
                f"{path} state {keys} keys",
                "POST",
                path,
                "agent:u1",
                body,
                expect=_status(200) if ok else _names("state", "too_large"),
            )
    yield Hostile(
        "retrieve 10k types",
        "POST",
        "/v1/retrieve",
        "agent:u1",
        {"query": "a", "types": ["SEMANTIC"] * 10_000},
        expect=_names("types", "too_long"),
    )
    proposal = _claim(world, "likes", "tea")
    yield Hostile(
        "proposal 10k evidence",
        "POST",
        "/v1/proposals",
        "agent:u1",
        proposal | {"evidence": proposal["evidence"] * 10_000},
        expect=_names("evidence", "too_long"),
    )
    yield Hostile(
        "proposal 10k purposes",
        "POST",
        "/v1/proposals",
        "agent:u1",
        proposal | {"purposes": ["support"] * 10_000},
        expect=_names("purposes", "too_long"),
    )
    yield Hostile(
        "batch of 10k proposals",
        "POST",
        "/v1/proposals/batch",
        "agent:u1",
        [{"memory_type": "SEMANTIC"}] * 10_000,
        expect=_status(413, 422),
    )
    yield Hostile(
        "source of 2 MiB",
        "POST",
        "/v1/sources",
        "agent:u1",
        {"kind": "DOCUMENT", "content": "x" * (2 * 1024 * 1024)},
        expect=_status(413),
    )
    yield Hostile(
        "cypher params 10k",
        "POST",
        "/v1/cypher/lineage/open_conflicts",
        "analyst",
        {"params": {f"p{i}": i for i in range(10_000)}},
        expect=_names("params", "too_large"),
    )
    yield Hostile(
        "retrieve k 10**30",
        "POST",
        "/v1/retrieve",
        "agent:u1",
        {"query": "a", "k": 10**30},
        expect=_names("k", "range"),
    )
    yield Hostile(
        "context budget 2**64",
        "POST",
        "/v1/context",
        "agent:u1",
        {**context, "budget_tokens": 2**64},
        expect=_names("budget_tokens", "range"),
    )


def bad_headers(world: World) -> Iterator[Hostile]:
    caller = world.caller("acme", "agent", U1)
    key = caller.headers["Authorization"]
    values = [
        ("Authorization", key + "\u0000"),
        ("Authorization", "Bearer " + "A" * 65_536),
        ("Authorization", "Basic dXNlcjpwYXNz"),
        ("Authorization", "Bearer gm_0123456789abcdef_" + "A" * 43),
        ("Authorization", key.replace("Bearer ", "bearer  ")),
        ("Authorization", "Bearer \u00e9\u00e9"),
        ("Authorization", key + ", " + key),
        ("Idempotency-Key", "idem\u0001key"),
        ("Idempotency-Key", "x" * 10_000),
        ("Idempotency-Key", "../../etc/passwd"),
        ("Content-Length", "-1"),
        ("X-Forwarded-For", "127.0.0.1\u0000"),
    ]
    proposal = _claim(world, "likes", "tea")
    for i, (name, value) in enumerate(values):
        yield Hostile(
            f"header {name} #{i}",
            "POST",
            "/v1/proposals",
            "anonymous" if name == "Authorization" else "agent:u1",
            proposal,
            headers={name: value},
        )
    many = {f"X-H{i}": "v" for i in range(500)}
    yield Hostile("500 headers", "GET", "/v1/whoami", "agent:u1", headers=many)


def idempotency_reuse(world: World) -> Iterator[Hostile]:
    """One idempotency key, two different bodies: the second is a 409 naming the key."""

    def proposal(obj: str) -> dict[str, Any]:
        return _claim(world, "likes_drink", obj)

    header = {"Idempotency-Key": "idem-reuse-1"}
    yield Hostile(
        "idempotency first", "POST", "/v1/proposals", "agent:u1", proposal("a"), headers=header
    )
    yield Hostile(
        "idempotency same body",
        "POST",
        "/v1/proposals",
        "agent:u1",
        proposal("a"),
        headers=header,
        expect=_status(200),
    )
    yield Hostile(
        "idempotency other body",
        "POST",
        "/v1/proposals",
        "agent:u1",
        proposal("b"),
        headers=header,
        expect=_names("idempotency_key", "idempotency_key_reused"),
    )
    yield Hostile(
        "idempotency other body in the field",
        "POST",
        "/v1/proposals",
        "agent:u1",
        proposal("c") | {"idempotency_key": "idem-reuse-1"},
        expect=_names("idempotency_key", "idempotency_key_reused"),
    )
    yield Hostile(
        "idempotency other body, batch",
        "POST",
        "/v1/proposals/batch",
        "agent:u1",
        [proposal("d") | {"idempotency_key": "idem-reuse-1"}],
        expect=_status(409, 422, 200),
    )


BATCHES: dict[str, Callable[[World], Iterator[Hostile]]] = {
    "wrong fields": wrong_fields,
    "paths": bad_paths,
    "query strings": bad_queries,
    "bodies": bad_bodies,
    "big inputs": big_inputs,
    "headers": bad_headers,
    "idempotency": idempotency_reuse,
}
