"""What every response of the reliability suites must satisfy, and the suite's tally.

* **No 5xx** from anything a caller sends: a caller's mistake is a 4xx naming the field and
  the rule; an engine-side failure is mapped (``graphmem/store/error_map.py``,
  ``graphmem/api/errors.py``) to a 503 that says what happened — never a bare 500.
* **graphmem's one error shape** for every 4xx: a JSON object with a ``code`` and a
  ``message``; an error that names a field does so in ``errors[{field, rule, message}]``; a
  422 always names at least one.

:data:`TALLY` collects the counts the suites report (cases run, slowest request …); the
reliability conftest prints it at the end of the run.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

#: the engine is unavailable, busy or cancelled a query past its limit: a 503 that says so
SERVICE_UNAVAILABLE_CODES = frozenset(
    {"ENGINE_UNAVAILABLE", "QUERY_TIMEOUT", "ENGINE_BUSY", "ENGINE_TRANSIENT"}
)


def shape_problems(response: Any) -> list[str]:
    """Everything wrong with ``response`` (an httpx response), or ``[]``."""
    status = int(response.status_code)
    if status < 400:
        return []
    try:
        body = response.json()
    except ValueError:
        return [f"{status} with a body that is not JSON: {response.text[:200]!r}"]
    problems: list[str] = []
    if status >= 500 and not (
        status == 503 and isinstance(body, dict) and body.get("code") in SERVICE_UNAVAILABLE_CODES
    ):
        problems.append(f"{status}: {str(body)[:300]}")
    if not isinstance(body, dict):
        return [*problems, f"{status} body is not an object: {str(body)[:200]}"]
    for key in ("code", "message"):
        if not isinstance(body.get(key), str) or not body[key]:
            problems.append(f"{status} without a {key}: {str(body)[:200]}")
    errors = body.get("errors")
    if errors is not None or status == 422 or "field" in body:
        if not isinstance(errors, list) or not errors:
            problems.append(f"{status} names no field in errors[]: {str(body)[:200]}")
        else:
            for issue in errors:
                if not isinstance(issue, dict) or not all(
                    isinstance(issue.get(k), str) and issue[k] for k in ("field", "rule")
                ):
                    problems.append(f"{status} with a malformed issue {issue!r}")
    return problems


class Tally:
    """Thread-safe counters and maxima for the run's report."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.counts: Counter[str] = Counter()
        self.maxima: dict[str, tuple[float, str]] = {}
        self.notes: dict[str, Counter[str]] = {}
        self.samples: dict[str, list[float]] = {}

    def add(self, name: str, n: int = 1) -> None:
        with self._lock:
            self.counts[name] += n

    def most(self, name: str, value: float, what: str) -> None:
        with self._lock:
            if name not in self.maxima or value > self.maxima[name][0]:
                self.maxima[name] = (value, what)

    def sample(self, name: str, value: float) -> None:
        with self._lock:
            self.samples.setdefault(name, []).append(value)

    def note(self, name: str, what: str) -> None:
        with self._lock:
            self.notes.setdefault(name, Counter())[what] += 1

    def lines(self) -> list[str]:
        out = [f"{name}: {n}" for name, n in sorted(self.counts.items())]
        out += [f"{name}: {v:.1f} ({what})" for name, (v, what) in sorted(self.maxima.items())]
        for name, values in sorted(self.samples.items()):
            ordered = sorted(values)
            median = ordered[len(ordered) // 2]
            out.append(f"{name}: n={len(ordered)} median {median:.1f} max {ordered[-1]:.1f}")
        for name, counter in sorted(self.notes.items()):
            out.append(f"{name}:")
            out += [f"  {n:5d}  {what}" for what, n in counter.most_common(40)]
        return out


TALLY = Tally()
