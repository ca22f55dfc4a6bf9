"""graphmem over MCP, driven by the official SDK's own client: over stdio (``graphmem mcp``),
over streamable HTTP against a fresh ``graphmem serve``, and in-process over HTTP to check
that the MCP path has exactly the REST path's principal, role checks, filters and errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
from fastapi.testclient import TestClient
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from graphmem.api.main import create_app
from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker, bearer
from tests.integration.live_server import uvicorn_on
from tests.integration.served import serve
from tests.integration.test_cli_service import cli

TOOLS = {
    "remember",
    "recall",
    "build_context",
    "record_episode",
    "checkpoint_get",
    "checkpoint_put",
    "list_my_memories",
    "correct_my_memory",
    "forget_my_memory",
    "explain",
}
STATEMENT = "답변은 계속 한국어로 해 줘"


async def call(
    client: Client, tool: str, args: dict[str, Any], *, fails: bool = False
) -> dict[str, Any]:
    """A tool's structured answer; a failed call (``fails``) answers graphmem's error body."""
    result = await client.call_tool(tool, args)
    assert result.structured_content is not None, result.content
    out: dict[str, Any] = dict(result.structured_content)
    assert result.is_error is fails, out
    if fails:
        assert {"status", "code", "message"} <= out.keys()
        assert json.loads(result.content[0].text) == out  # type: ignore[union-attr]
    return out


def http_client(url: str, key: str | None) -> Client:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return Client(
        streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=60)),
        cache=None,
    )


async def seed_story(agent: Client, user: Client) -> str:
    """The seed's write → recall → forget: the user asks for Korean answers; the agent
    remembers it (the gate commits it, citing the recorded message), recalls it for a question
    about language, explains where it came from; the user lists and forgets it; it is gone.
    Returns the erased memory's id."""
    tools = {t.name for t in (await agent.list_tools()).tools}
    assert tools >= TOOLS
    written = await call(
        agent,
        "remember",
        {
            "content": STATEMENT,
            "subject": "user:u_104",
            "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
            "valid_from": "2026-07-16T00:00:00Z",
            "consent_basis": "explicit_user_request",
            "sensitivity": "LOW",
            "idempotency_key": "req-1",
        },
    )
    receipt = written["receipt"]
    assert receipt["decision"] == "COMMITTED", receipt["reasons"]
    memory_id = receipt["memory_id"]
    source_id = written["source"]["source_id"]
    assert written["source"]["authenticated"] is True

    recalled = await call(
        agent,
        "recall",
        {"query": "which language should answers be in?", "subject_id": "user:u_104", "k": 5},
    )
    assert recalled["results"][0]["memory"]["memory_id"] == memory_id
    assert recalled["results"][0]["memory"]["object"] == "ko-KR"

    why = await call(agent, "explain", {"memory_id": memory_id})
    assert [p["source_id"] for p in why["provenance"]] == [source_id]
    assert why["provenance"][0]["span"] == STATEMENT
    edges = why["lineage"]["edges"]
    assert {"type": "PROVENANCE", "source": memory_id, "target": source_id} == {
        k: edges[0][k] for k in ("type", "source", "target")
    }

    mine = await call(user, "list_my_memories", {})
    assert mine["subject_id"] == "user:u_104"
    assert [m["memory_id"] for m in mine["memories"]] == [memory_id]

    gone = await call(user, "forget_my_memory", {"memory_id": memory_id})
    assert memory_id in gone["memory_ids"] and gone["scope"] == "MEMORY"
    after = await call(agent, "recall", {"query": "answer language", "subject_id": "user:u_104"})
    assert memory_id not in [r["memory"]["memory_id"] for r in after["results"]]
    missing = await call(agent, "explain", {"memory_id": memory_id}, fails=True)
    assert missing["status"] == 404 and missing["code"] == "NOT_FOUND"
    return memory_id


def _keys(data_dir: Path) -> tuple[str, str]:
    agent = cli(data_dir, "keys", "create", "--tenant", "acme", "--role", "agent",
                "--subject", "user:u_104")  # fmt: skip
    user = cli(data_dir, "keys", "create", "--tenant", "acme", "--role", "user",
               "--subject", "user:u_104")  # fmt: skip
    assert agent.returncode == 0 and user.returncode == 0, agent.stderr + user.stderr
    return json.loads(agent.stdout)["key"], json.loads(user.stdout)["key"]


def test_seed_story_over_stdio(data_dir: Path) -> None:
    agent_key, user_key = _keys(data_dir)
    env = {**os.environ, "GRAPHMEM_EMBEDDER": "hashing", "GRAPHMEM_DATA_DIR": str(data_dir)}

    def stdio(key: str) -> Client:
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "graphmem.cli", "mcp"],
            env={**env, "GRAPHMEM_KEY": key},
        )
        return Client(params, cache=None, read_timeout_seconds=120)

    async def story() -> None:
        async with stdio(agent_key) as agent, stdio(user_key) as user:
            await seed_story(agent, user)

    anyio.run(story)


def test_stdio_refuses_to_start_without_a_valid_key(data_dir: Path) -> None:
    env = {**os.environ, "GRAPHMEM_EMBEDDER": "hashing", "GRAPHMEM_DATA_DIR": str(data_dir)}
    env.pop("GRAPHMEM_KEY", None)
    for key in (None, "gm_0123456789abcdef_" + "x" * 43):
        run_env = env if key is None else {**env, "GRAPHMEM_KEY": key}
        done = subprocess.run(
            [sys.executable, "-m", "graphmem.cli", "mcp"],
            env=run_env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        assert done.returncode == 2 and done.stdout == ""
        assert "GRAPHMEM_KEY" in done.stderr


@contextmanager
def serving(data_dir: Path) -> Iterator[str]:
    """``graphmem serve`` on a fresh data directory, with the default (real) embedder."""
    with serve(data_dir, unset=("GRAPHMEM_EMBEDDER",)) as served:
        yield served.url


def test_seed_story_over_http_against_graphmem_serve(data_dir: Path) -> None:
    agent_key, user_key = _keys(data_dir)
    with serving(data_dir) as base:

        async def story() -> None:
            async with (
                http_client(f"{base}/mcp", agent_key) as agent,
                http_client(f"{base}/mcp", user_key) as user,
            ):
                await seed_story(agent, user)

        anyio.run(story)
        # what MCP erased, REST cannot find either
        rest = httpx.get(f"{base}/v1/me/memories", headers=bearer(user_key)).json()
        assert rest["memories"] == []
        refused = httpx.post(f"{base}/mcp", json={})
        assert refused.status_code == 401 and refused.json()["code"] == "UNAUTHENTICATED"


# -- the same principal as REST, in-process on the engine-parametrized store ----------------


@asynccontextmanager
async def mcp_at(base: str, headers: dict[str, str]) -> AsyncIterator[Client]:
    key = headers["Authorization"].removeprefix("Bearer ")
    async with http_client(f"{base}/mcp", key) as client:
        yield client


def test_mcp_has_the_rest_principal_roles_and_errors(
    hashing_gm: Graphmem, key_for: KeyMaker
) -> None:
    agent = key_for("agent", subject="user:u_104")
    user = key_for("user", subject="user:u_104")
    analyst = key_for("analyst")
    stranger = key_for("agent", subject="user:u_999")
    other_tenant = key_for("agent", tenant="globex")
    with uvicorn_on(hashing_gm) as base, httpx.Client(base_url=base, timeout=60) as rest:

        async def checks() -> None:
            async with mcp_at(base, agent) as a:
                written = await call(
                    a,
                    "remember",
                    {
                        "content": STATEMENT,
                        "subject": "user:u_104",
                        "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
                    },
                )
                memory_id = written["receipt"]["memory_id"]
                who = rest.get("/v1/whoami", headers=agent).json()
                assert written["receipt"]["actor"] == who["principal_id"]
                assert written["receipt"]["decision"] == "COMMITTED"

                # the same malformed request: the same 422, field by field
                bad = {"query": "x", "subject_id": "user:u_104", "k": 1000}
                over_mcp = await call(a, "recall", bad, fails=True)
                over_rest = rest.post("/v1/retrieve", json=bad, headers=agent)
                assert over_mcp["status"] == over_rest.status_code == 422
                assert over_mcp["errors"] == over_rest.json()["errors"]
                bad_claim = await call(
                    a, "remember", {"content": "x", "subject": "user:u_104", "claim": {}},
                    fails=True,
                )  # fmt: skip
                assert bad_claim["status"] == 422
                assert {e["field"] for e in bad_claim["errors"]} >= {"claim.predicate"}
                # validated before anything is written: no source was recorded for it
                kept = hashing_gm.store.read_adhoc(
                    "MATCH (s:Source) WHERE s.content = 'x' RETURN count(s) AS n", {}
                )
                assert kept[0]["n"] == 0

                # subject scope: another subject is refused exactly as REST refuses it
                scoped = {"query": "language", "subject_id": "user:u_999"}
                over_mcp = await call(a, "recall", scoped, fails=True)
                over_rest = rest.post("/v1/retrieve", json=scoped, headers=agent)
                assert over_mcp["status"] == over_rest.status_code == 403
                assert over_mcp["errors"] == over_rest.json()["errors"]

                # run state through MCP, read back through REST
                cp = await call(
                    a,
                    "checkpoint_put",
                    {"run_id": "run_884", "checkpoint": {"expected_version": 0, "step": 1,
                                                          "goal": "VPN 720", "purpose": "vpn"}},
                )  # fmt: skip
                assert cp["created"] is True
                latest = rest.get("/v1/runs/run_884/checkpoints/latest", headers=agent).json()
                assert latest["checkpoint_id"] == cp["checkpoint"]["checkpoint_id"]
                assert (await call(a, "checkpoint_get", {"run_id": "run_884"}))["step"] == 1
                again = {"run_id": "run_884", "checkpoint": {"expected_version": 0}}
                stale = await call(a, "checkpoint_put", again, fails=True)
                assert stale["status"] == 409 and stale["code"] == "STALE_VERSION"
                bad_cp = await call(
                    a, "checkpoint_put", {"run_id": "run_884", "checkpoint": {"step": -1}},
                    fails=True,
                )  # fmt: skip
                assert {e["field"] for e in bad_cp["errors"]} >= {
                    "checkpoint.expected_version", "checkpoint.step"
                }  # fmt: skip

                context = await call(
                    a,
                    "build_context",
                    {"instruction": "Answer the user.", "query": "answer language", "goal": "reply",
                     "budget_tokens": 400, "subject_id": "user:u_104"},
                )  # fmt: skip
                assert memory_id in context["refs"].values()
                over_rest = rest.post(
                    "/v1/context",
                    headers=agent,
                    json={"instruction": "Answer the user.", "query": "answer language",
                          "goal": "reply", "budget_tokens": 400, "subject_id": "user:u_104"},
                ).json()  # fmt: skip
                assert context["sections"] == over_rest["sections"]
                assert context["text"] == over_rest["text"]

                happened = await call(
                    a,
                    "record_episode",
                    {"subject": "user:u_104", "content": "VPN 720: a safe reset fixed it",
                     "episode": {"goal": "fix VPN 720", "outcome": "SUCCESS",
                                 "observations": ["a safe reset fixed it"]}},
                )  # fmt: skip
                assert happened["receipt"]["decision"] == "COMMITTED"
                assert happened["receipt"]["memory_type"] == "EPISODIC"
                assert happened["source"]["kind"] == "TOOL_RESULT"

            # the user corrects their own claim through the gate, as PATCH /v1/me/memories does
            async with mcp_at(base, user) as u:
                fixed = await call(
                    u, "correct_my_memory", {"memory_id": memory_id, "object": "en-US"}
                )
                assert fixed["decision"] == "COMMITTED" and fixed["superseded"] == [memory_id]
                mine = await call(u, "list_my_memories", {"type": "SEMANTIC"})
                assert [m["object"] for m in mine["memories"]] == ["en-US"]
                assert mine["total"] == 1
                memory_id = fixed["memory_id"]

            async with mcp_at(base, analyst) as an:
                refused = await call(an, "recall", {"query": "language"}, fails=True)
                over_rest = rest.post("/v1/retrieve", json={"query": "language"}, headers=analyst)
                assert refused["status"] == over_rest.status_code == 403
                assert refused["required_roles"] == over_rest.json()["required_roles"]
                not_bound = await call(an, "list_my_memories", {}, fails=True)
                assert not_bound["status"] == 403 and not_bound["errors"][0]["rule"] == (
                    "subject_bound_key"
                )

            for outsider in (stranger, other_tenant):
                async with mcp_at(base, outsider) as o:
                    hidden = await call(o, "explain", {"memory_id": memory_id}, fails=True)
                    assert hidden["status"] == 404
                    forget = await call(o, "forget_my_memory", {"memory_id": memory_id}, fails=True)
                    assert forget["status"] in (404, 422)
            still = rest.get(f"/v1/memories/{memory_id}", headers=agent)
            assert still.status_code == 200

        anyio.run(checks)

        # no key, or a wrong one: refused before the protocol, in graphmem's shape
        for headers in ({}, bearer("gm_0123456789abcdef_" + "x" * 43)):
            answer = httpx.post(f"{base}/mcp", json={}, headers=headers)
            assert answer.status_code == 401 and answer.json()["code"] == "UNAUTHENTICATED"
            assert answer.headers["www-authenticate"] == "Bearer"


def test_the_app_starts_twice_with_mcp_mounted(hashing_gm: Graphmem, key_for: KeyMaker) -> None:
    """The SDK's session manager runs once; each start of the app gets its own."""
    app = create_app(graphmem=hashing_gm)
    for _ in range(2):
        with TestClient(app, base_url="http://127.0.0.1:8321") as client:
            answer = client.post("/mcp", json={})
            assert answer.status_code == 401 and answer.json()["code"] == "UNAUTHENTICATED"
            ping = client.post(
                "/mcp",
                headers={**key_for("agent"), "Accept": "application/json, text/event-stream"},
                json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
            )
            assert ping.status_code == 200, ping.text


async def _pages(
    client: Client, memory_id: str, more: str, items: str, limit: int
) -> list[dict[str, Any]]:
    """Every page of one of explain's lists, by ``more`` + ``cursor``, each at most ``limit``
    rows (a lineage page counts the linked memories: its nodes add the root and sources)."""
    pages: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        args: dict[str, Any] = {"memory_id": memory_id, "more": more, "limit": limit}
        page = await call(client, "explain", {**args, "cursor": cursor} if cursor else args)
        assert page["count"] <= limit and page[items]
        pages.append(page)
        cursor = page["next_cursor"]
        if cursor is None:
            return pages
        assert len(pages) < 50, "the cursor does not advance"


def _edges(graph: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(e["type"], e["source"], e["target"]) for e in graph["edges"]}


def test_explain_pages_history_provenance_and_lineage_by_more_and_cursor(
    hashing_gm: Graphmem, key_for: KeyMaker
) -> None:
    """The rest of each list explain's first answer cut: pages by ``more`` + ``cursor`` that
    join to exactly the whole list, in its order; a damaged or foreign cursor is graphmem's
    422 on ``cursor``."""
    agent = key_for("agent", subject="user:u_104")
    with uvicorn_on(hashing_gm) as base:

        async def checks() -> None:
            async with mcp_at(base, agent) as a:
                # a claim corrected twice: three versions linked by SUPERSEDES
                claim_id: str | None = None
                sources: list[str] = []
                for lang in ("ko-KR", "en-US", "fr-FR"):
                    said = f"please answer in {lang}"
                    fact = {"predicate": "prefers_answer_language", "object": lang}
                    args = {"content": said, "subject": "user:u_104", "claim": fact}
                    written = await call(
                        a, "remember", {**args, "supersedes": claim_id} if claim_id else args
                    )
                    assert written["receipt"]["decision"] == "COMMITTED", written["receipt"]
                    claim_id = written["receipt"]["memory_id"]
                    sources.append(written["source"]["source_id"])
                assert claim_id is not None
                # an episode citing those three messages besides its own log: four sources
                happened = await call(
                    a,
                    "record_episode",
                    {"subject": "user:u_104", "content": "the user switched languages twice",
                     "episode": {"goal": "answer in the user's language", "outcome": "SUCCESS"},
                     "evidence": [{"event_id": s, "source_role": "user"} for s in sources]},
                )  # fmt: skip
                assert happened["receipt"]["decision"] == "COMMITTED", happened["receipt"]
                episode_id = happened["receipt"]["memory_id"]

                whole = await call(a, "explain", {"memory_id": claim_id})
                assert whole["history_total"] >= 3 and whole["history_next_cursor"] is None
                history = await _pages(a, claim_id, "history", "history", limit=1)
                assert len(history) == whole["history_total"]
                joined = [v["memory_id"] for p in history for v in p["history"]]
                assert joined == [v["memory_id"] for v in whole["history"]]
                assert {p["total"] for p in history} == {whole["history_total"]}

                lineage = await _pages(a, claim_id, "lineage", "nodes", limit=1)
                assert len(lineage) == whole["lineage"]["total"] >= 2
                nodes = {n["id"] for p in lineage for n in p["nodes"]}
                assert nodes == {n["id"] for n in whole["lineage"]["nodes"]}
                assert set().union(*map(_edges, lineage)) == _edges(whole["lineage"])
                assert ("SUPERSEDES", claim_id) in {(t, s) for t, s, _ in _edges(whole["lineage"])}

                told = await call(a, "explain", {"memory_id": episode_id})
                assert told["provenance_total"] == 4
                provenance = await _pages(a, episode_id, "provenance", "provenance", limit=3)
                assert [len(p["provenance"]) for p in provenance] == [3, 1]
                assert [s["source_id"] for p in provenance for s in p["provenance"]] == [
                    s["source_id"] for s in told["provenance"]
                ]
                assert set(sources) < {s["source_id"] for s in told["provenance"]}

                # a cursor is the list's own: damaged, or handed out for another list, a 422
                cursor = history[0]["next_cursor"]
                assert cursor is not None
                for more, bad, rule in (
                    ("history", cursor[:-2] + "xx", "invalid"),
                    ("provenance", cursor, "mismatch"),
                    ("history", (await _pages(a, episode_id, "provenance", "provenance", 3))[0][
                        "next_cursor"], "mismatch"),
                ):  # fmt: skip
                    refused = await call(
                        a, "explain", {"memory_id": claim_id, "more": more, "cursor": bad},
                        fails=True,
                    )  # fmt: skip
                    assert refused["status"] == 422 and refused["code"] == "VALIDATION_ERROR"
                    assert [(e["field"], e["rule"]) for e in refused["errors"]] == [
                        ("cursor", rule)
                    ]
                off = await call(a, "explain", {"memory_id": claim_id, "limit": 5}, fails=True)
                assert [(e["field"], e["rule"]) for e in off["errors"]] == [
                    ("limit", "requires_more")
                ]
                too_big = {"memory_id": claim_id, "more": "lineage", "limit": 5000}
                big = await call(a, "explain", too_big, fails=True)
                assert big["status"] == 422 and big["errors"][0]["field"] == "limit"

        anyio.run(checks)
