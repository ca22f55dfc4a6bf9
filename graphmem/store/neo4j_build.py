"""Build the local Neo4j launcher (``tools/neo4j``) with Maven, once per change of its sources.

The launcher is a tiny Java main over Neo4j Community's embedded DBMS; Maven fetches Neo4j
(pinned in ``tools/neo4j/pom.xml``) from Maven Central into its local repository (``~/.m2``) and
leaves ``graphmem-neo4j.jar`` with its dependencies in ``lib/``. A fingerprint of the pom and the
Java sources is stored beside the jar, so a changed launcher is rebuilt and an unchanged one
never is. Builds are serialised by a lock file: two processes starting at once build once.

Run ``python -m graphmem.store.neo4j_build`` to build ahead (``make test`` does); the engine
builds on first use otherwise, and says so, since a first build downloads ~170 MB.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from graphmem.errors import EngineStartError

__all__ = ["JAR_NAME", "ensure_launcher", "find_java", "java_major", "project_dir"]

_log = logging.getLogger(__name__)

JAR_NAME = "graphmem-neo4j.jar"
STAMP_NAME = "graphmem-build.sha256"
#: Neo4j 5.26 runs on Java 17 and 21
JAVA_MIN = 17
BUILD_TIMEOUT_S = 1800.0

_INSTALL_HINT = (
    "the local Neo4j needs Java 17+ and Maven (Debian/Ubuntu: apt-get install "
    "openjdk-17-jdk-headless maven); or set GRAPHMEM_NEO4J_URI to use a Neo4j server"
)


def project_dir() -> Path:
    """The launcher's Maven project: the source tree's ``tools/neo4j``, or the copy inside an
    installed wheel (``graphmem/_neo4j``)."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "tools" / "neo4j", here.parents[1] / "_neo4j"):
        if (candidate / "pom.xml").is_file():
            return candidate
    raise EngineStartError(
        "the local Neo4j launcher's sources (tools/neo4j/pom.xml) are missing from this install",
        field="neo4j_uri",
        rule="launcher_missing",
    )


def fingerprint(project: Path) -> str:
    digest = hashlib.sha256()
    files = [project / "pom.xml", *sorted((project / "src").rglob("*.java"))]
    for path in files:
        digest.update(path.relative_to(project).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_dir(project: Path) -> Path:
    """``target/`` beside the sources when they are writable, else a per-version user cache."""
    if os.access(project, os.W_OK):
        return project / "target"
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "graphmem" / f"neo4j-{fingerprint(project)[:16]}"


def find_java(configured: str | None = None) -> str:
    """``configured`` (GRAPHMEM_NEO4J_JAVA), else ``$JAVA_HOME/bin/java``, else ``java``."""
    if configured:
        return configured
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / "java").is_file():
        return str(Path(home) / "bin" / "java")
    found = shutil.which("java")
    if found is None:
        raise EngineStartError(
            "no java found: " + _INSTALL_HINT, field="neo4j_java", rule="java_required"
        )
    return found


def java_major(java: str) -> int:
    try:
        out = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=60, check=False
        )
    except OSError as exc:
        raise EngineStartError(
            f"cannot run {java}: {exc}; " + _INSTALL_HINT, field="neo4j_java", rule="java_required"
        ) from exc
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        raise EngineStartError(
            f"cannot read the version of {java}: {out.stderr.strip()[:200]}",
            field="neo4j_java",
            rule="java_required",
        )
    major = int(match.group(1))
    # "1.8.0" is Java 8
    return int(match.group(2) or 0) if major == 1 else major


def check_java(java: str) -> None:
    major = java_major(java)
    if major < JAVA_MIN:
        raise EngineStartError(
            f"{java} is Java {major}; " + _INSTALL_HINT, field="neo4j_java", rule="java_version"
        )


@contextlib.contextmanager
def _build_lock(directory: Path) -> Iterator[None]:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "build.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def ensure_launcher(*, java: str | None = None, quiet: bool = True) -> Path:
    """The launcher jar, built first when missing or out of date. ``quiet``: Maven's errors
    are captured into the raised error instead of printed."""
    project = project_dir()
    target = build_dir(project)
    jar = target / JAR_NAME
    stamp = target / STAMP_NAME
    wanted = fingerprint(project)
    with _build_lock(target):
        if jar.is_file() and stamp.is_file() and stamp.read_text().strip() == wanted:
            return jar
        check_java(find_java(java))
        mvn = shutil.which("mvn")
        if mvn is None:
            raise EngineStartError(
                "no mvn found to build the local Neo4j launcher: " + _INSTALL_HINT,
                field="neo4j_uri",
                rule="maven_required",
            )
        _log.warning(
            "building the local Neo4j launcher with Maven into %s (first build: ~170 MB from "
            "Maven Central into ~/.m2, 1-2 minutes)",
            target,
        )
        stamp.unlink(missing_ok=True)
        cmd = [mvn, "-B", "-q", "-f", str(project / "pom.xml"), f"-Dgraphmem.build.dir={target}"]
        cmd.append("package")
        env = dict(os.environ)
        if java and not env.get("JAVA_HOME"):
            env["JAVA_HOME"] = str(Path(java).resolve().parents[1])
        try:
            done = subprocess.run(
                cmd, capture_output=quiet, text=True, timeout=BUILD_TIMEOUT_S, env=env, check=False
            )
        except subprocess.TimeoutExpired as exc:
            raise EngineStartError(
                f"building the local Neo4j launcher took over {BUILD_TIMEOUT_S:.0f} s",
                field="neo4j_uri",
                rule="launcher_build",
            ) from exc
        if done.returncode != 0 or not jar.is_file():
            tail = ((done.stdout or "") + (done.stderr or "")).strip().splitlines()[-15:]
            raise EngineStartError(
                f"building the local Neo4j launcher failed (mvn exit {done.returncode}): "
                + " | ".join(tail),
                field="neo4j_uri",
                rule="launcher_build",
            )
        stamp.write_text(wanted + "\n")
        return jar


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    jar = ensure_launcher(quiet=False)
    print(f"local Neo4j launcher: {jar}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
