"""How the write gate's regular expressions grow: every compiled pattern held at module level
in ``graphmem.write`` (in tuples, lists and dicts too), on shapes built from its own literals —
the literal repeated, the literal before one long run (Hangul, Latin, digits, punctuation),
with and without a space — timed (process CPU) at 500 and 2,000 characters. A pattern whose
time grows more than 9× for 4× the input is printed with the shape (quadratic is ~16×;
catastrophic backtracking far more). Found with it on 2026-12-04: poisoning's 앞으로 rule
split one run every way (n⁴), fixed in ``817e52d``; what it still prints is quadratic with
small constants (street addresses, the money-limit concept, a passport word, the "your rules"
rule: ≤ ~0.3 s at 2,000 characters, 16× that at the 8,000 a Text holds).

    python bench/regex_growth.py      # ~20 min on the 2-core machine
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import graphmem.write as write

RUNS = ["가", "a", "1", "a1", "-", "."]
SMALL, LARGE = 500, 2000
MAX_GROWTH = 9.0


def patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    seen: set[int] = set()
    for info in pkgutil.iter_modules(write.__path__):
        module = importlib.import_module(f"graphmem.write.{info.name}")
        stack: list[tuple[str, Any]] = [(f"{info.name}.{k}", v) for k, v in vars(module).items()]
        while stack:
            name, value = stack.pop()
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                if id(value) not in seen:
                    seen.add(id(value))
                    yield name, value
            elif isinstance(value, list | tuple) and len(value) < 500:
                stack += [(f"{name}[{i}]", x) for i, x in enumerate(value)]
            elif isinstance(value, dict) and len(value) < 500:
                stack += [(f"{name}[{k!r}]", x) for k, x in value.items()]


def literals(pattern: re.Pattern[str], limit: int = 40) -> list[str]:
    """Runs of two or more literal characters anywhere in the pattern, shortest first."""
    out: set[str] = set()

    def walk(sub: Any) -> None:
        current = ""
        for op, arg in sub:
            if op is sre_constants.LITERAL:
                current += chr(arg)
                continue
            if len(current) >= 2:
                out.add(current)
            current = ""
            if op is sre_constants.BRANCH:
                for branch in arg[1]:
                    walk(branch)
            elif op is sre_constants.SUBPATTERN:
                walk(arg[-1])
            elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) or (
                str(op) == "POSSESSIVE_REPEAT"
            ):
                walk(arg[2])
        if len(current) >= 2:
            out.add(current)

    walk(sre_parse.parse(pattern.pattern, pattern.flags))
    return sorted(out, key=len)[:limit]


def cost(pattern: re.Pattern[str], text: str) -> float:
    started = time.process_time()
    for _ in pattern.finditer(text):
        pass
    return time.process_time() - started


def shapes(literal: str) -> list[Callable[[int], str]]:
    def repeated(n: int) -> str:
        return (literal * n)[:n]

    def run(sep: str, r: str) -> Callable[[int], str]:
        return lambda n: literal + sep + r * n

    return [repeated] + [run(" ", r) for r in RUNS[:3]] + [run("", r) for r in RUNS]


def main() -> int:
    found = 0
    for name, pattern in patterns():
        for literal in literals(pattern):
            for make in shapes(literal):
                small = cost(pattern, make(SMALL))
                large = cost(pattern, make(LARGE))
                growth = large / max(small, 1e-4)
                if growth > MAX_GROWTH and large > 0.01:
                    found += 1
                    print(name, repr(make(12)), f"{small:.4f} s -> {large:.4f} s ({growth:.1f}x)")
                    break
    print(f"{found} pattern/shape pairs grew more than {MAX_GROWTH:g}x for {LARGE // SMALL}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
