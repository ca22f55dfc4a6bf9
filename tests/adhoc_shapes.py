"""A graph of two tenants with canaries, and a deterministic generator of hostile ad-hoc query
shapes, for the ad-hoc Cypher isolation tests.

Every string a foreign node holds (another tenant's, and decoys whose ``tenant_id`` is
``'ACME'``, ``'acme '``, a list, or missing) contains :data:`FOREIGN`; foreign ``tenant_id``
values are in :data:`FOREIGN_TENANTS`. Edges also cross tenants (which the write path never
makes) so that variable-length paths and pattern comprehensions are tested against them;
``MENTIONS`` edges lead to foreign nodes only.

Each generated :class:`Shape` has a ``base`` text that FalkorDB can run as written (the oracle
runs it on the graph with only the caller's tenant left) and a ``text`` the caller sends: the
same query with surface changes (keyword case, whitespace including Unicode spaces, comments,
backticks, Unicode names) that must not change what it means.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

from graphmem.store.base import GraphStore

TENANT = "acme"
FOREIGN = "FOREIGN"
#: another tenant, and decoys: tenant ids FalkorDB's index confuses with the caller's, a case
#: variant (a list and a missing tenant_id are decoys too)
FOREIGN_TENANTS = ("globex", "ACME", "acme ", " acme", "acme\n", "acme\t")


def _node(label: str, tenant: Any, key: str, n: int, **extra: Any) -> dict[str, Any]:
    foreign = tenant != TENANT
    tag = f"{FOREIGN}-{tenant}" if foreign else f"own-{tenant}"
    props: dict[str, Any] = {
        "key": key,
        "text": f"{tag}-{label.lower()}-{n}",
        "tags": [f"{tag}-tag-{n}"],
        # a number for the caller's tenant, a string elsewhere: arithmetic on it fails only on
        # foreign nodes, so an error would tell a foreign node was evaluated
        "weight": n if not foreign else f"{tag}-weight",
        **extra,
    }
    if tenant is not None:
        props["tenant_id"] = tenant
    return {"label": label, "props": props}


def build_two_tenants(store: GraphStore) -> None:
    """The caller's tenant and a foreign one, same shape; decoys; edges inside and across."""
    nodes: list[dict[str, Any]] = []
    for tenant in (TENANT, "globex"):
        t = tenant[0]
        nodes += [
            _node("Subject", tenant, f"{t}s1", 1),
            _node("Subject", tenant, f"{t}s2", 2),
            _node("Source", tenant, f"{t}src1", 1, content=f"{tenant}-content"),
            *(_node("Memory", tenant, f"{t}m{i}", i, status="ACTIVE") for i in range(1, 5)),
        ]
    for tenant in (*FOREIGN_TENANTS[1:], None):
        nodes.append(_node("Memory", tenant, f"decoy-{tenant}", 9))
    nodes.append(_node("Memory", [TENANT], "decoy-list", 9))
    nodes[-1]["props"]["text"] = f"{FOREIGN}-list-memory"
    nodes[-1]["props"]["tags"] = [f"{FOREIGN}-list-tag"]
    nodes[-1]["props"]["weight"] = f"{FOREIGN}-weight"
    edges = []
    for t in ("a", "g"):
        edges += [
            (f"{t}s1", "ABOUT", f"{t}m1"),
            (f"{t}s1", "ABOUT", f"{t}m2"),
            (f"{t}s2", "ABOUT", f"{t}m3"),
            (f"{t}m1", "PROVENANCE", f"{t}src1"),
            (f"{t}m2", "SUPERSEDES", f"{t}m1"),
            (f"{t}m3", "DERIVED_FROM", f"{t}m2"),
            (f"{t}m4", "DERIVED_FROM", f"{t}m3"),
        ]
    edges += [
        ("gm1", "DERIVED_FROM", "am1"),  # a foreign memory deriving from the caller's
        ("am4", "DERIVED_FROM", "gm2"),  # the caller's memory pointing into the foreign tenant
        ("gs1", "ABOUT", "am3"),
        ("am2", "PROVENANCE", "gsrc1"),
        ("decoy-ACME", "DERIVED_FROM", "am1"),
        ("am3", "DERIVED_FROM", "decoy-acme "),
        ("decoy- acme", "ABOUT", "am1"),
        ("am2", "SUPERSEDES", "decoy-acme\n"),
        ("decoy-acme\t", "DERIVED_FROM", "am3"),
        ("decoy-None", "ABOUT", "am2"),
        ("decoy-list", "DERIVED_FROM", "am4"),
        ("am1", "MENTIONS", "decoy-acme "),
        ("am2", "MENTIONS", "gm2"),
        ("am3", "MENTIONS", "decoy-ACME"),
        ("gm1", "MENTIONS", "am4"),
    ]
    for label in ("Subject", "Source", "Memory"):
        rows = [n["props"] for n in nodes if n["label"] == label]
        store._execute(
            f"UNWIND $rows AS row CREATE (n:{label}) SET n = row", {"rows": rows}, read_only=False
        )
    for rel in ("ABOUT", "PROVENANCE", "SUPERSEDES", "DERIVED_FROM", "MENTIONS"):
        pairs = [{"a": a, "b": b, "span": f"span-{a}-{b}"} for a, r, b in edges if r == rel]
        store._execute(
            f"UNWIND $pairs AS p MATCH (a {{key: p.a}}), (b {{key: p.b}}) "
            f"CREATE (a)-[:{rel} {{span: p.span}}]->(b)",
            {"pairs": pairs},
            read_only=False,
        )


def keep_only_the_tenant(store: GraphStore) -> None:
    """The oracle's graph: the caller's tenant alone (what a bound query may see)."""
    store._execute(
        "MATCH (n) WHERE n.tenant_id IS NULL OR n.tenant_id <> $t DETACH DELETE n",
        {"t": TENANT},
        read_only=False,
    )


def leaks(value: Any) -> bool:
    """Does a result (rows, or an error body) hold anything of a foreign node?"""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return FOREIGN in text or any(json.dumps(t) in text for t in FOREIGN_TENANTS)


def normalized(value: Any) -> Any:
    """Rows compared as multisets, lists inside them too (collect() has no order)."""
    if isinstance(value, dict):
        return {k: normalized(v) for k, v in value.items()}
    if isinstance(value, list):
        items = [normalized(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=str))
    return value


# -- the shapes --------------------------------------------------------------------------------
# «name» marks a name the surface changes may quote in backticks.

PATTERNS = [
    "MATCH («m»:«Memory»)",
    "MATCH («m»)",
    "MATCH (:«Subject»)-[:«ABOUT»]->(«m»:«Memory»)",
    "MATCH («m»)<-[:«ABOUT»]-()",
    "MATCH «p» = («a»:«Memory» {«tenant_id»: $tenant_id})-[:«DERIVED_FROM»*1..4]-(«m»)",
    "MATCH («a»:«Memory»)-[*1..3]->(«m»)",
    "MATCH («x» {«tenant_id»: $tenant_id}) WITH «x» MATCH («x»)--(«m»)",
    "MATCH («a»:«Memory») OPTIONAL MATCH («a»)-[:«DERIVED_FROM»]->(«m»)",
    "MATCH («m»:«Memory»), («other»:«Subject»)",
    "MATCH («m»)-[«r»]-(«n»)",
    "UNWIND [1, 2] AS «i» MATCH («m»:«Memory»)",
    "MATCH («m»:«Source»)",
    "MATCH («m»)-[:«DERIVED_FROM»|«SUPERSEDES»*0..3]->(:«Memory»)",
]

PREDICATES = [
    "",
    "«m».«tenant_id» <> $tenant_id",
    "«m».«tenant_id» = 'globex'",
    "«m».«tenant_id» = $tenant_id OR true",
    "$tenant_id IS NOT NULL",
    "NOT («m».«tenant_id» = $tenant_id)",
    "«m».«tenant_id» IN ['globex', 'ACME', 'acme ', ' acme']",
    "«m».«text» STARTS WITH 'FOREIGN'",
    "«m».«tenant_id» IS NULL",
    "true OR «m».«tenant_id» = $tenant_id",
    "«m».«weight» * 2 > 1 OR true",
    "toLower(«m».«tenant_id») = 'acme'",
    "trim(«m».«tenant_id») = $tenant_id",
    "«m».«tenant_id» <> $tenant_id XOR false",
    "NOT «m».«tenant_id» = $tenant_id AND «m».«text» IS NOT NULL",
    "any(«t» IN [«m».«tenant_id»] WHERE «t» <> $tenant_id)",
    "«m».«tags»[0] IS NOT NULL",
    "{«k»: «m».«tenant_id»}.«k» <> $tenant_id",
    "«m».«text» <> '유니코드 ✓'",
    "size([«w» IN [«m».«weight»] WHERE «w» * 1 >= 0]) >= 0",
]

PROJECTIONS = [
    "RETURN «m».«text» AS «c»",
    "RETURN «m».«tenant_id» AS «owner», «m».«text» AS «c»",
    "RETURN collect(«m».«text») AS «cs»",
    "RETURN count(«m») AS «n»",
    "RETURN properties(«m») AS «p»",
    "RETURN «m» AS «node»",
    "RETURN «m» {.*} AS «m2»",
    "RETURN [«y» IN collect(«m») | «y».«text»] AS «ys»",
    "RETURN DISTINCT «m».«tenant_id» AS «t»",
    "RETURN keys(«m») AS «k», labels(«m») AS «l»",
    "RETURN collect(DISTINCT «m».«tenant_id») AS «ts», count(*) AS «n»",
    "WITH «m».«text» AS «c», «m» RETURN «c», «m».«key» AS «id»",
    "RETURN [(«m»)-[:«PROVENANCE»]->(«s») | «s».«content»] AS «srcs»",
    "RETURN «m».«text» AS «c» ORDER BY «c» LIMIT 3",
    "RETURN [[«m».«text»], {«k»: [«m».«tenant_id»]}] AS «nest»",
    "RETURN {«a»: {«b»: collect(«m».«tags»)}} AS «deep»",
    "RETURN «m».«text» AS `내용`",
    "RETURN count(*)",
    # a pattern condition the way the subset allows it (pattern predicates are refused)
    "WITH «m», size([(«m»)-[:«MENTIONS»]-(«q») | «q»]) AS «hits» WHERE «hits» = 0 "
    "RETURN «m».«key» AS «k», «hits»",
    "WITH «m», [(«m»)-[:«MENTIONS»|«SUPERSEDES»]->(«q») | «q».«text»] AS «qs» "
    "RETURN «m».«key» AS «k», «qs»",
]

#: whole queries: the probe's shapes (issue 10) and UNIONs of a harmless and a hostile part
WHOLE = [
    "MATCH («s») WHERE «s».«tenant_id» <> $tenant_id RETURN «s».«tenant_id» AS «owner», "
    "«s».«text» AS «c»",
    "MATCH («s») WHERE «s».«tenant_id» <> $tenant_id OR true RETURN «s».«text» AS «c»",
    "MATCH («s») WHERE $tenant_id IS NOT NULL RETURN «s».«text» AS «c»",
    "MATCH («s»:«Memory») WHERE «s».«tenant_id» = $tenant_id OR «s».«tenant_id» <> $tenant_id "
    "RETURN collect(«s».«text») AS «all»",
    "MATCH («s») WHERE NOT «s».«tenant_id» = $tenant_id RETURN properties(«s») AS «p»",
    "MATCH («s») RETURN «s».«tenant_id» AS «owner», count(*) AS «n»",
    "MATCH («s»:«Memory» {«tenant_id»: 'globex'}) RETURN «s».«text» AS «c»",
    "MATCH («s»:«Memory» {«tenant_id»: $tenant_id})-[*1..5]-(«o») RETURN «o».«text» AS «c»",
    "MATCH («s»:«Memory» {«tenant_id»: $tenant_id}) RETURN «s».«text» AS «c» UNION "
    "MATCH («s») WHERE «s».«tenant_id» <> $tenant_id RETURN «s».«text» AS «c»",
    "MATCH («s»:«Memory» {«tenant_id»: $tenant_id}) RETURN «s».«text» AS «c» UNION ALL "
    "MATCH («s»)-[]-(«o») RETURN «o».«text» AS «c»",
    "UNWIND ['globex', 'ACME'] AS «t» MATCH («s» {«tenant_id»: «t»}) RETURN «s».«text» AS «c»",
    "WITH 'globex' AS «t» MATCH («s») WHERE «s».«tenant_id» = «t» RETURN «s».«text» AS «c»",
    "MATCH («a»:«Memory» {«tenant_id»: $tenant_id}) WITH «a» MATCH («a»)-[:«DERIVED_FROM»*1..3]->"
    "(«b») RETURN «b».«text» AS «c»",
    "MATCH («a») OPTIONAL MATCH («a»)-[«r»]->(«b») WHERE «b».«tenant_id» <> $tenant_id "
    "RETURN «a».«key» AS «a», «b».«text» AS «b»",
    "MATCH «p» = ()-[*1..4]->() RETURN [«x» IN nodes(«p») | «x».«text»] AS «texts»",
    "MATCH («a») RETURN «a».«key» AS «k», [(«a»)--(«b») | «b».«text»] AS «near»",
    "MATCH («a»)-[«r»]->(«b») RETURN startNode(«r»).«text» AS «s», endNode(«r»).«text» AS «e»",
    "MATCH («a»)-[«r»*1..3]->(«b») RETURN [«x» IN «r» | endNode(«x»).«text»] AS «ends»",
    "MATCH («s») WITH «s» WHERE «s».«tenant_id» <> $tenant_id RETURN «s».«text» AS «c»",
    "MATCH («s») WITH collect(«s») AS «all» UNWIND «all» AS «x» RETURN «x».«text» AS «c»",
    "MATCH («s») RETURN «s».«text» AS «c» ORDER BY «s».«tenant_id» DESC LIMIT 50",
    "MATCH («s»:«Memory») WHERE «s».«weight» * 2 > 0 RETURN «s».«key» AS «k»",
    "MATCH («s»:«Memory») RETURN «s».«key» AS «k», CASE WHEN «s».«tenant_id» = $tenant_id "
    "THEN 'own' ELSE «s».«text» END AS «v»",
    "MATCH («s») RETURN reduce(«acc» = '', «t» IN collect(«s».«text») | «acc» + «t») AS «joined»",
]

_KEYWORDS = re.compile(
    r"\b(MATCH|OPTIONAL|WHERE|WITH|RETURN|UNWIND|UNION|ALL|AS|AND|OR|XOR|NOT|IN|IS|NULL|"
    r"STARTS|DISTINCT|ORDER|BY|LIMIT|DESC|CASE|WHEN|THEN|ELSE|END|true|false)\b"
)
_SPACES = [" ", "  ", "\t", "\n", "\r\n", " \u00a0", "\u2003", " /* OR true */ ", " // x\n"]


@dataclass(frozen=True)
class Shape:
    name: str
    #: the query as FalkorDB runs it unchanged (for the oracle)
    base: str
    #: what the caller sends: the same query with surface changes
    text: str


def _plain(template: str) -> str:
    return template.replace("«", "").replace("»", "")


def _surface(template: str, rng: random.Random) -> str:
    quote = rng.random() < 0.5
    text = re.sub(
        "«([^»]*)»",
        lambda m: f"`{m.group(1)}`" if quote and rng.random() < 0.6 else m.group(1),
        template,
    )
    # keyword case and whitespace outside string literals only
    pieces = re.split(r"('(?:[^'\\]|\\.)*'|`[^`]*`)", text)
    for i in range(0, len(pieces), 2):
        piece = _KEYWORDS.sub(
            lambda m: rng.choice([m.group(0).lower(), m.group(0).title(), m.group(0)]),
            pieces[i],
        )
        pieces[i] = re.sub(" ", lambda _: rng.choice(_SPACES), piece)
    text = "".join(pieces)
    return text.replace("`내용`", "내용") if rng.random() < 0.5 else text


def _query(pattern: str, predicate: str, projection: str) -> str:
    where = f" WHERE {predicate}" if predicate else ""
    return f"{pattern}{where} {projection}"


def shapes(seed: int = 10) -> list[Shape]:
    """Several hundred deterministic shapes: every pattern with every predicate (rotating
    projections), every projection with every pattern, the whole queries, each once plain and
    once with surface changes."""
    rng = random.Random(seed)
    templates: list[tuple[str, str]] = []
    for i, pattern in enumerate(PATTERNS):
        for j, predicate in enumerate(PREDICATES):
            projection = PROJECTIONS[(i + j) % len(PROJECTIONS)]
            templates.append((f"p{i}w{j}", _query(pattern, predicate, projection)))
        for k, projection in enumerate(PROJECTIONS):
            predicate = PREDICATES[(i * 7 + k) % len(PREDICATES)]
            templates.append((f"p{i}r{k}", _query(pattern, predicate, projection)))
    templates += [(f"whole{i}", q) for i, q in enumerate(WHOLE)]
    out: list[Shape] = []
    for name, template in templates:
        base = _plain(template)
        out.append(Shape(name, base, base))
        out.append(Shape(f"{name}~", base, _surface(template, rng)))
    return out
