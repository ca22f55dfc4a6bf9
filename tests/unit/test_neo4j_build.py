"""The local Neo4j's launcher build: what it needs is named when it is missing, and an
unchanged launcher is never rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.errors import EngineStartError
from graphmem.store import neo4j_build
from graphmem.store.neo4j_server import LocalNeo4j


def test_missing_java_is_named_with_what_to_install(tmp_path: Path) -> None:
    server = LocalNeo4j(tmp_path, java=str(tmp_path / "no-such-java"))
    with pytest.raises(EngineStartError) as err:
        server.before_start()
    assert err.value.details["rule"] == "java_required"
    assert "Java 17+ and Maven" in err.value.message and "GRAPHMEM_NEO4J_URI" in err.value.message


def test_old_java_is_refused(tmp_path: Path) -> None:
    java = tmp_path / "java"
    java.write_text('#!/bin/sh\necho \'openjdk version "11.0.2" 2019-01-15\' >&2\n')
    java.chmod(0o755)
    assert neo4j_build.java_major(str(java)) == 11
    with pytest.raises(EngineStartError) as err:
        neo4j_build.check_java(str(java))
    assert err.value.details["rule"] == "java_version"


def test_missing_maven_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(neo4j_build, "build_dir", lambda project: tmp_path / "target")
    real_which = neo4j_build.shutil.which
    monkeypatch.setattr(
        neo4j_build.shutil, "which", lambda name: None if name == "mvn" else real_which(name)
    )
    with pytest.raises(EngineStartError) as err:
        neo4j_build.ensure_launcher()
    assert err.value.details["rule"] == "maven_required"
    assert "no mvn found" in err.value.message


def test_a_built_launcher_with_the_same_sources_is_not_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "target"
    target.mkdir()
    (target / neo4j_build.JAR_NAME).write_bytes(b"jar")
    project = neo4j_build.project_dir()
    (target / neo4j_build.STAMP_NAME).write_text(neo4j_build.fingerprint(project) + "\n")
    monkeypatch.setattr(neo4j_build, "build_dir", lambda project: target)
    monkeypatch.setattr(neo4j_build.shutil, "which", lambda name: None)  # a build would fail
    assert neo4j_build.ensure_launcher() == target / neo4j_build.JAR_NAME


def test_the_fingerprint_follows_the_java_sources(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "src" / "main" / "java").mkdir(parents=True)
    (project / "pom.xml").write_text("<project/>")
    source = project / "src" / "main" / "java" / "A.java"
    source.write_text("class A {}")
    before = neo4j_build.fingerprint(project)
    source.write_text("class A { int x; }")
    assert neo4j_build.fingerprint(project) != before
