"""Lint every Neo4j-dialect named query with Neo4j's own Cypher linter.

    python -m graphmem.lint_cypher            # all queries of QueryLibrary("neo4j")
    python -m graphmem.lint_cypher --show     # also print the rendered text

Each query is rendered exactly as Neo4j receives it: identifier slots are filled with sample
identifiers (``{{label}}`` → ``Emb_sample_384``, ``{{dimension}}`` → ``384``) and the
``$parameters`` it declares are declared to the linter. The linter itself is the node script
``tools/cypher-lint/lint.mjs`` (install once: ``npm ci --prefix tools/cypher-lint``); it knows
Neo4j 5's built-in functions and procedures, so an unknown one is an error. Exit status 1
when any query has an error-severity diagnostic.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graphmem.queries import Query, QueryLibrary

LINTER_DIR = Path(__file__).resolve().parent.parent / "tools" / "cypher-lint"

#: Sample values for identifier slots, by slot name; other slots get ``sample_<slot>``.
SAMPLE_SLOTS: dict[str, str] = {
    "label": "Emb_sample_384",
    "property": "sample_property",
    "name": "sample_index_name",
    "dimension": "384",
    "dimensions": "384",
    "k": "10",
    "limit": "10",
}


class LinterMissingError(RuntimeError):
    """node or the linter's node_modules is not installed."""


@dataclass(frozen=True)
class Diagnostic:
    name: str
    severity: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.name}:{self.line}:{self.column}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class LintResult:
    returncode: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    output: str = ""

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.errors


def sample_identifiers(query: Query, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    from graphmem.store.neo4j_store import Neo4jStore

    # dialect slots are filled exactly as the Neo4j adapter fills them
    values = {**SAMPLE_SLOTS, **Neo4jStore.dialect, **(overrides or {})}
    return {slot: values.get(slot, f"sample_{slot}") for slot in sorted(query.slots)}


def render_for_lint(query: Query) -> dict[str, Any]:
    """The linter's input for one query: its name, rendered text and parameter names."""
    return {
        "name": f"{query.name} ({query.path.name})",
        "text": query.render(sample_identifiers(query)),
        "params": sorted(query.params),
    }


def linter_available(linter_dir: Path = LINTER_DIR) -> str | None:
    """None when the linter can run, else why not."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (linter_dir / "node_modules" / "@neo4j-cypher" / "language-support").is_dir():
        return f"linter not installed: run `npm ci --prefix {linter_dir}`"
    return None


def run_linter(items: Iterable[Mapping[str, Any]], linter_dir: Path = LINTER_DIR) -> LintResult:
    """Lint ``{name, text, params?}`` items with the node script; no diagnostics are dropped."""
    missing = linter_available(linter_dir)
    if missing:
        raise LinterMissingError(missing)
    batch = list(items)
    proc = subprocess.run(
        ["node", str(linter_dir / "lint.mjs"), "--json"],
        input=json.dumps(batch),
        capture_output=True,
        text=True,
        # ~0.2 s a query when the machine is idle; room for a loaded one
        timeout=max(300.0, 60.0 + 1.0 * len(batch)),
        check=False,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"cypher linter failed (exit {proc.returncode}): {proc.stderr.strip()}")
    diagnostics = [Diagnostic(**d) for d in json.loads(proc.stdout or "[]")]
    return LintResult(proc.returncode, diagnostics, proc.stderr)


def lint_library(library: QueryLibrary | None = None) -> LintResult:
    library = library or QueryLibrary("neo4j")
    return run_linter(render_for_lint(q) for q in library)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m graphmem.lint_cypher", description=__doc__)
    parser.add_argument("--root", type=Path, help="query directory (default: cypher/)")
    parser.add_argument("--show", action="store_true", help="print each rendered query")
    args = parser.parse_args(argv)
    library = QueryLibrary("neo4j", args.root)
    items = [render_for_lint(q) for q in library]
    if args.show:
        for item in items:
            print(f"-- {item['name']}\n{item['text']}\n")
    try:
        result = run_linter(items)
    except LinterMissingError as exc:
        print(f"cypher-lint: {exc}", file=sys.stderr)
        return 2
    for diagnostic in result.diagnostics:
        print(diagnostic)
    print(
        f"cypher-lint (neo4j): {len(items)} queries, {len(result.errors)} errors, "
        f"{len(result.diagnostics) - len(result.errors)} warnings"
    )
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
