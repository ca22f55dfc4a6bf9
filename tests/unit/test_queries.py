import re
from pathlib import Path

import pytest

from graphmem.errors import QueryParameterError, UnknownQueryError
from graphmem.queries import ENGINES, QueryLibrary, importing_with, library, parse_query_file


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write(tmp_path, "g/shared.cypher", "// mode: read\n// doc\nMATCH (n {id: $id}) RETURN n")
    write(tmp_path, "g/over.cypher", "// mode: write\nCREATE (n {a: $a})")
    write(tmp_path, "g/over.neo4j.cypher", "// mode: write\nCREATE (n {a: $a, b: $b})")
    write(tmp_path, "g/only.falkordb.cypher", "// mode: read\nRETURN $x AS x")
    write(tmp_path, "g/slot.cypher", "// mode: schema\nCREATE INDEX FOR (n:{{label}}) ON (n.p)")
    return tmp_path


def test_shared_query_and_params(root: Path) -> None:
    lib = QueryLibrary("falkordb", root)
    q = lib.get("g/shared")
    assert q.is_read and q.params == {"id"} and q.doc == "doc"


def test_engine_override_replaces_shared(root: Path) -> None:
    assert QueryLibrary("neo4j", root).get("g/over").params == {"a", "b"}
    assert QueryLibrary("falkordb", root).get("g/over").params == {"a"}


def test_engine_only_query_absent_for_other_engine(root: Path) -> None:
    assert "g/only" in QueryLibrary("falkordb", root)
    with pytest.raises(UnknownQueryError, match="g/only"):
        QueryLibrary("neo4j", root).get("g/only")


def test_missing_and_unexpected_parameters_are_named(root: Path) -> None:
    q = QueryLibrary("neo4j", root).get("g/over")
    with pytest.raises(QueryParameterError) as err:
        q.check_params({"a": 1, "c": 2})
    assert err.value.details["missing"] == ["b"]
    assert err.value.details["unexpected"] == ["c"]
    assert "missing parameters: b" in str(err.value)
    q.check_params({"a": 1, "b": None})


def test_identifier_slots_refuse_injection(root: Path) -> None:
    q = QueryLibrary("neo4j", root).get("g/slot")
    assert "n:Emb_x_512" in q.render({"label": "Emb_x_512"})
    with pytest.raises(QueryParameterError, match="identifier"):
        q.render({"label": "X) DETACH DELETE (n"})
    with pytest.raises(QueryParameterError, match="missing identifiers: label"):
        q.render({})


def test_params_inside_strings_and_comments_are_not_params(tmp_path: Path) -> None:
    write(tmp_path, "q.cypher", "// mode: read\nRETURN '$nope' AS a, $yes AS b // $no\n")
    assert parse_query_file(tmp_path / "q.cypher", "q", "neo4j").params == {"yes"}


def test_read_query_with_write_clause_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "bad.cypher", "// mode: read\nMATCH (n) SET n.x = 1")
    with pytest.raises(ValueError, match="write clause"):
        parse_query_file(tmp_path / "bad.cypher", "bad", "neo4j")


def test_missing_mode_header_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "bad.cypher", "MATCH (n) RETURN n")
    with pytest.raises(ValueError, match="mode"):
        parse_query_file(tmp_path / "bad.cypher", "bad", "neo4j")


@pytest.mark.parametrize("engine", ENGINES)
def test_every_shipped_query_loads(engine: str) -> None:
    lib = QueryLibrary(engine)
    names = lib.names()
    assert "schema/version_get" in names and "keys/get" in names
    for name in names:
        assert lib.get(name).text


def test_fragments_are_expanded_per_engine_and_are_not_queries(root: Path) -> None:
    write(root, "g/_filter.cypher", "// shared filter\nn.tenant = $tenant")
    write(root, "g/_score.cypher", "n.a")
    write(root, "g/_score.neo4j.cypher", "n.b * $w")
    write(root, "g/_both.cypher", "{{> g/_filter}} AND {{> g/_score}} > 0")
    write(root, "g/uses.cypher", "// mode: read\nMATCH (n) WHERE {{> g/_both}} RETURN n")
    falkor, neo4j = QueryLibrary("falkordb", root), QueryLibrary("neo4j", root)
    assert falkor.get("g/uses").text == "MATCH (n) WHERE n.tenant = $tenant AND n.a > 0 RETURN n"
    assert neo4j.get("g/uses").params == {"tenant", "w"}
    assert "n.b * $w > 0" in neo4j.get("g/uses").text
    assert not any(name.startswith("g/_") for name in falkor.names())


def test_unknown_fragment_and_write_inside_fragment_are_refused(root: Path) -> None:
    write(root, "g/bad.cypher", "// mode: read\nMATCH (n) WHERE {{> g/_missing}} RETURN n")
    with pytest.raises(ValueError, match="unknown fragment 'g/_missing'"):
        QueryLibrary("falkordb", root)
    (root / "g/bad.cypher").unlink()
    write(root, "g/_sneaky.cypher", "true SET n.x = 1")
    write(root, "g/ro.cypher", "// mode: read\nMATCH (n) WHERE {{> g/_sneaky}} RETURN n")
    with pytest.raises(ValueError, match="write clause"):
        QueryLibrary("falkordb", root)


def test_subquery_scope_is_written_once_and_lowered_for_falkordb() -> None:
    assert importing_with("WITH m, s CALL (m, s) {\n  RETURN 1 AS x\n}") == (
        "WITH m, s CALL { WITH m, s\n  RETURN 1 AS x\n}"
    )
    assert importing_with("CALL () { RETURN 1 AS x }") == "CALL { RETURN 1 AS x }"
    # a procedure call is no subquery
    assert importing_with("CALL db.labels() YIELD label") == "CALL db.labels() YIELD label"
    neo4j, falkordb = library("neo4j"), library("falkordb")
    # Neo4j sees no importing WITH (deprecated since 5.23), FalkorDB no scope clause
    assert not [q.name for q in neo4j if re.search(r"CALL\s*\{\s*WITH\b", q.text)]
    assert not [q.name for q in falkordb if re.search(r"CALL\s*\(", q.text)]
    commit_neo4j = neo4j.get("memories/commit").text
    commit_falkordb = falkordb.get("memories/commit").text
    assert "CALL (m, s, it) {" in commit_neo4j and "CALL { WITH m, s" not in commit_neo4j
    assert "CALL { WITH m, s, it" in commit_falkordb and "CALL (m" not in commit_falkordb


def test_headers_declare_time_limit_class_and_parameter_types(tmp_path: Path) -> None:
    write(
        tmp_path,
        "q.cypher",
        "// mode: read\n// timeout: long\n// param at: timestamp\n// param s: subject?\n"
        "// What it answers.\nMATCH (n {at: $at, s: $s}) RETURN n",
    )
    query = parse_query_file(tmp_path / "q.cypher", "q", "falkordb")
    assert query.timeout == "long" and query.doc == "What it answers."
    assert dict(query.param_types) == {"at": "timestamp", "s": "subject?"}
    write(tmp_path, "s.cypher", "// mode: schema\nCREATE INDEX FOR (n:X) ON (n.p)")
    assert parse_query_file(tmp_path / "s.cypher", "s", "falkordb").timeout == "long"
    write(tmp_path, "d.cypher", "// mode: read\nRETURN 1 AS one")
    assert parse_query_file(tmp_path / "d.cypher", "d", "falkordb").timeout == "normal"


@pytest.mark.parametrize(
    "header",
    ["// timeout: forever", "// param at: datetime", "// param unused: int"],
)
def test_bad_headers_are_refused_at_load(tmp_path: Path, header: str) -> None:
    write(tmp_path, "q.cypher", f"// mode: read\n{header}\nRETURN $at AS at")
    with pytest.raises(ValueError):
        parse_query_file(tmp_path / "q.cypher", "q", "falkordb")


@pytest.mark.parametrize("engine", ["falkordb", "neo4j"])
def test_every_analyst_query_declares_its_parameter_types(engine: str) -> None:
    from graphmem.named_queries import PAGE_PARAMS, TENANT_PARAM, analyst_visible, paged
    from graphmem.queries import library

    lib = library(engine)
    for query in (lib.get(n) for n in lib.names()):
        if analyst_visible(query):
            # the caller's parameters are typed; the keyset ones come from the cursor, and
            # every analyst query is paged (no fixed LIMIT dropping rows unsaid)
            assert paged(query), query.name
            assert set(query.param_types) == query.params - {TENANT_PARAM} - PAGE_PARAMS, query.name


def test_a_joined_column_declared_in_a_fragment_comes_back_a_sequence(tmp_path: Path) -> None:
    """A fragment may hand a long list of ids back as one string (``// joined: ids``): the
    query that includes it, on that engine only, splits it back for every caller."""
    write(tmp_path, "g/_ids.cypher", "// the list\nids")
    write(tmp_path, "g/_ids.falkordb.cypher", "// joined: ids, more\nstring.join(ids, ' ')")
    write(tmp_path, "g/q.cypher", "// mode: read\nRETURN {{> g/_ids}} AS ids, $x AS x")
    falkor = QueryLibrary("falkordb", tmp_path).get("g/q")
    neo = QueryLibrary("neo4j", tmp_path).get("g/q")
    assert falkor.joined == {"ids", "more"} and neo.joined == frozenset()
    assert "string.join(ids, ' ')" in falkor.text and "string.join" not in neo.text
    rows = [{"ids": "mem_1 mem_2", "x": "a b"}, {"ids": "", "x": ""}, {"ids": None, "x": None}]
    assert falkor.unjoin(rows) == [
        {"ids": ("mem_1", "mem_2"), "x": "a b"},
        {"ids": (), "x": ""},
        {"ids": None, "x": None},
    ]
    assert neo.unjoin([{"ids": "a b"}]) == [{"ids": "a b"}]  # nothing declared: untouched
    # a long string handed back again gives the very tuple made of it the first time
    many = [f"mem_{i:06d}" for i in range(20_000)]
    first = falkor.unjoin([{"ids": " ".join(many)}])[0]["ids"]
    again = falkor.unjoin([{"ids": " ".join(many)}])[0]["ids"]
    other = falkor.unjoin([{"ids": " ".join(many[1:])}])[0]["ids"]
    assert first == tuple(many) and again is first
    assert other == tuple(many[1:]) and other is not first
    for n in range(20):  # only the last few are kept
        falkor.unjoin([{"ids": " ".join(many[n:])}])
    assert falkor.unjoin([{"ids": " ".join(many)}])[0]["ids"] == tuple(many)


def test_the_scope_ids_travel_joined_on_falkordb_only() -> None:
    assert library("falkordb").get("retrieval/scope_ids").joined == {"ids"}
    assert library("falkordb").get("retrieval/scope_ids_subject").joined == {"ids"}
    assert library("neo4j").get("retrieval/scope_ids").joined == frozenset()
