"""The web console (``/console``) driven in headless Chromium (Debian's ``chromium``, through
Playwright with its executable path: no browser is downloaded), on the lineage world of
``test_lineage`` (the seed's Jin → Mina correction, a conflict, DERIVED_FROM chains, a
diamond and a cycle) plus a user's own memory, a procedure and a counterexample episode.

Screenshots of each step are kept under ``test-artifacts/console/`` (``GRAPHMEM_TEST_ARTIFACTS``
to move them); those of the lineage graph show its nodes and typed edges."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from graphmem.api.console import CONSOLE_PATH
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration import test_lineage
from tests.integration.conftest import KeyMaker, bearer
from tests.integration.live_server import uvicorn_on
from tests.integration.test_lineage import ALPHA, LEAD, World
from tests.integration.write_fixtures import USER, episode, principal, procedure, remember

# the lineage world of test_lineage, and its service and clock
clock = test_lineage.clock
gm = test_lineage.gm
world = test_lineage.world

CHROMIUM = os.environ.get("GRAPHMEM_CHROMIUM", "/usr/bin/chromium")
#: the flags a root, offline machine needs (no sandbox as root; no background connections)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(os.environ.get("GRAPHMEM_TEST_ARTIFACTS", "test-artifacts")) / "console"
EDGE_TYPES = ["PROVENANCE", "SUPERSEDES", "DERIVED_FROM", "CONFLICTS_WITH", "COUNTEREXAMPLE_OF"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class Console:
    """One visitor: a page on the console, connected with a key."""

    def __init__(self, browser: Browser, base: str, key: str, name: str) -> None:
        self.page: Page = browser.new_page(viewport={"width": 1500, "height": 1100})
        self.page.on("dialog", lambda dialog: dialog.accept())
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.name = name
        self.page.goto(f"{base}{CONSOLE_PATH}/")
        self.page.fill("#key", key)
        self.page.click("#connect")
        expect(self.page.locator("#mode")).to_be_visible()

    def shot(self, step: str) -> Path:
        path = ARTIFACTS / f"{self.name}-{step}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def shot_lineage(self, step: str) -> Path:
        """The whole lineage graph (unscrolled), and the page around it."""
        self.shot(step)
        self.page.evaluate(
            "document.getElementById('lineage-frame').style.cssText ="
            " 'overflow: visible; max-height: none'"
        )
        path = ARTIFACTS / f"{self.name}-{step}-graph.png"
        self.page.locator("#lineage-graph").screenshot(path=str(path))
        self.page.evaluate("document.getElementById('lineage-frame').style.cssText = ''")
        return path

    def show(self, subject: str) -> None:
        self.page.fill("#subject", subject)
        self.page.click("#load")

    def rows(self) -> list[str]:
        return self.page.locator("#memory-list tbody tr[data-memory-id]").evaluate_all(
            "rows => rows.map(r => r.dataset.memoryId)"
        )

    def pick(self, memory_id: str) -> None:
        self.page.click(f'#memory-list tr[data-memory-id="{memory_id}"]')
        expect(
            self.page.locator(f'#lineage-graph g.node.root[data-id="{memory_id}"]')
        ).to_be_visible()

    def edges(self) -> list[dict[str, str]]:
        return self.page.locator("#lineage-graph g.edge-group").evaluate_all(
            "gs => gs.map(g => ({type: g.dataset.type, source: g.dataset.source,"
            " target: g.dataset.target}))"
        )

    def slide(self, which: str, at: str) -> None:
        """Turn a time-travel slider on and move it to ``at`` (ISO-8601)."""
        self.page.check(f"#{which}-on")
        self.page.evaluate(
            """([id, at]) => {
                 const s = document.getElementById(id);
                 const lo = Number(s.dataset.from), hi = Number(s.dataset.to);
                 s.value = String(Math.round((Date.parse(at) - lo) / (hi - lo) * Number(s.max)));
                 s.dispatchEvent(new Event('change'));
               }""",
            [f"{which}-at", at],
        )

    def fetch(self, method: str, path: str) -> int:
        """What the API answers this page's key (the same key the page holds)."""
        status: int = self.page.evaluate(
            """async ([method, path]) => {
                 const key = sessionStorage.getItem('graphmem.key');
                 const headers = {Authorization: 'Bearer ' + key};
                 return (await fetch(path, {method, headers})).status;
               }""",
            [method, path],
        )
        return status


@pytest.fixture
def served(world: World, store: GraphStore) -> Iterator[tuple[World, str]]:
    service: Graphmem = world.gm
    # a counterexample: an episode that contradicts the Friday ship day (the learning loop
    # that would draw this edge is not built yet, so it is written by hand, as test_lineage
    # writes DERIVED_FROM)
    ep = episode(
        service, LEAD, "project:beta", "ship beta on friday", ["the release slipped"], "FAILURE"
    )
    store._execute(
        "MATCH (e:Episode {memory_id: $e}), (m:Memory {memory_id: $m}) "
        "CREATE (e)-[:COUNTEREXAMPLE_OF {recorded_at: '2026-07-17T00:00:00.000000Z'}]->(m)",
        {"e": ep, "m": world.friday},
        read_only=False,
    )
    procedure(service)
    user_agent = principal("agent", subject=USER, pid="agent:session-1")
    remember(
        service, user_agent, USER, "prefers_answer_language", "ko-KR", "답변은 계속 한국어로 해 줘"
    )
    with uvicorn_on(service) as base:
        yield world, base


def test_admin_sees_lineage_time_travel_revocation_impact_and_verified_erasure(
    served: tuple[World, str], browser: Browser, key_for: KeyMaker
) -> None:
    seed, base = served
    admin = Console(browser, base, key_for("admin")["Authorization"][7:], "admin")
    page = admin.page
    expect(page.locator("#mode")).to_contain_text("admin")

    admin.show(ALPHA)
    expect(page.locator(f'#memory-list tr[data-memory-id="{seed.mina}"]')).to_be_visible()
    assert seed.mina in admin.rows()

    # valid time: on June 15 the owner was Jin (its version node); on July 5, Mina
    admin.slide("valid", "2026-06-15T00:00:00Z")
    expect(page.locator(f'#memory-list tr[data-memory-id="{seed.mina}"]')).to_have_count(0)
    assert admin.rows() == [seed.version]
    admin.slide("valid", "2026-07-05T00:00:00Z")
    expect(page.locator(f'#memory-list tr[data-memory-id="{seed.mina}"]')).to_be_visible()
    # known time: on July 10 the system still believed Jin (the original node)
    admin.slide("known", "2026-07-10T00:00:00Z")
    expect(page.locator(f'#memory-list tr[data-memory-id="{seed.jin}"]')).to_be_visible()
    assert admin.rows() == [seed.jin]
    admin.shot("time-travel")
    page.uncheck("#valid-on")
    page.uncheck("#known-on")
    expect(page.locator(f'#memory-list tr[data-memory-id="{seed.mina}"]')).to_be_visible()

    # Mina's lineage: the sources it cites, what it superseded, what derives from it
    admin.pick(seed.mina)
    edges = admin.edges()
    kinds = {e["type"] for e in edges}
    assert {"PROVENANCE", "SUPERSEDES", "DERIVED_FROM"} <= kinds
    assert {"type": "PROVENANCE", "source": seed.mina, "target": seed.s_mina} in edges
    assert {"type": "SUPERSEDES", "source": seed.mina, "target": seed.jin} in edges
    assert {"type": "DERIVED_FROM", "source": "chain1", "target": seed.mina} in edges
    expect(page.locator("#memory-detail")).to_contain_text(seed.s_mina)
    shot = admin.shot_lineage("lineage-supersession")
    assert shot.stat().st_size > 20_000

    # Friday's lineage: the conflict with Monday, the counterexample, the derived diamond
    admin.show("project:beta")
    admin.pick(seed.friday)
    kinds = {e["type"] for e in admin.edges()}
    assert {"PROVENANCE", "CONFLICTS_WITH", "COUNTEREXAMPLE_OF", "DERIVED_FROM"} <= kinds
    legend = page.locator("#legend li").all_inner_texts()
    assert [t.split(" ")[0] for t in legend] == EDGE_TYPES
    admin.shot_lineage("lineage-conflict-counterexample")

    # revocation impact before and after: Mina rests only on its message
    admin.show(ALPHA)
    admin.pick(seed.mina)
    page.click(f'#lineage-graph g.node.source[data-id="{seed.s_mina}"]')
    before = page.locator(f'#impact-before tr[data-memory-id="{seed.mina}"]')
    expect(before).to_have_attribute("data-status", "ACTIVE")
    page.click("#revoke-source")
    after = page.locator(f'#impact-after tr[data-memory-id="{seed.mina}"]')
    expect(after).to_have_attribute("data-status", "REVOKED")
    expect(page.locator("#revocation-receipt-body")).to_contain_text(seed.mina)
    admin.shot("revocation-impact")

    # erasure with its receipt, then verified
    admin.show("project:beta")
    admin.pick(seed.monday)
    page.click("#erase-memory")
    receipt = page.locator("#deletion-receipts .receipt").first
    expect(receipt).to_contain_text(seed.monday)
    receipt.locator("button.verify").click()
    expect(page.locator("#deletion-receipts .receipt .verification").first).to_have_text("VERIFIED")
    expect(page.locator("#write-receipts .receipt").first).to_be_visible()
    admin.shot("receipts")

    # procedures: versions with their release role, and the key's canary health from the
    # release model (GET /v1/procedures/{key})
    admin.show("project:it")
    expect(page.locator("#procedures")).to_contain_text("vpn-720-fix")
    expect(page.locator("#canary-note")).to_contain_text("Canary health of vpn-720-fix")
    expect(page.locator("#canary-note")).to_contain_text("verdict")
    admin.shot("procedures")
    assert admin.errors == []


def test_user_sees_only_their_own_memories_and_forgets_one(
    served: tuple[World, str], browser: Browser, key_for: KeyMaker
) -> None:
    seed, base = served
    user = Console(browser, base, key_for("user", subject=USER)["Authorization"][7:], "user")
    page = user.page
    expect(page.locator("#subject")).to_be_disabled()
    expect(page.locator("#subject")).to_have_value(USER)
    expect(page.locator("#memory-list tbody tr[data-memory-id]")).to_have_count(1)
    (own,) = user.rows()
    user.pick(own)
    assert {e["type"] for e in user.edges()} == {"PROVENANCE"}
    # no admin's acts; another subject's lineage is a 404, as the API answers this key
    expect(page.locator("#erase-memory")).to_have_count(0)
    expect(page.locator("#receipts-panel h3").first).to_be_visible()
    assert user.fetch("GET", f"/v1/memories/{seed.mina}/lineage") == 404
    assert user.fetch("POST", "/v1/revocations") in (403, 422)
    user.shot_lineage("own-lineage")
    page.click("#forget-memory")
    expect(page.locator("#memory-list tbody tr[data-memory-id]")).to_have_count(0)
    expect(page.locator("#deletion-receipts .receipt").first).to_contain_text(own)
    user.shot("forgotten")
    assert user.errors == []


def test_analyst_reads_lineage_and_receipts_but_cannot_act(
    served: tuple[World, str], browser: Browser, key_for: KeyMaker
) -> None:
    seed, base = served
    analyst = Console(browser, base, key_for("analyst")["Authorization"][7:], "analyst")
    page = analyst.page
    expect(page.locator("#mode")).to_contain_text("read-only")
    analyst.show(ALPHA)
    analyst.pick(seed.mina)
    page.click(f'#lineage-graph g.node.source[data-id="{seed.s_mina}"]')
    expect(page.locator(f'#impact-before tr[data-memory-id="{seed.mina}"]')).to_be_visible()
    expect(page.locator("#revoke-source")).to_have_count(0)
    expect(page.locator("#erase-memory")).to_have_count(0)
    expect(page.locator("#write-receipts .receipt").first).to_be_visible()
    expect(page.locator("#deletion-receipts button.verify")).to_have_count(0)
    # the API refuses the acts anyway: the page only follows it
    assert analyst.fetch("DELETE", f"/v1/memories/{seed.mina}") == 403
    analyst.shot("read-only")
    assert analyst.errors == []


def test_console_is_served_locally_with_a_strict_policy(
    served: tuple[World, str], key_for: KeyMaker
) -> None:
    _, base = served
    page = httpx.get(f"{base}{CONSOLE_PATH}/")
    assert page.status_code == 200 and "graphmem console" in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy
    for asset in ("console.js", "console.css"):
        answer = httpx.get(f"{base}{CONSOLE_PATH}/{asset}")
        assert answer.status_code == 200
        # nothing loaded from elsewhere (the SVG namespace is a name, not a fetch)
        text = answer.text.replace('"http://www.w3.org/2000/svg"', "")
        assert "http://" not in text and "https://" not in text and "//cdn" not in text
    # the lineage the page draws, as the API gives it
    admin = bearer(key_for("admin")["Authorization"][7:])
    assert httpx.get(f"{base}/v1/memories/nope/lineage", headers=admin).status_code == 404
