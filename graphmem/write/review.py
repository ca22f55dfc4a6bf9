"""A review releases the procedure it reviewed, not the one beside it (issue 11 round 8).

A PROCEDURAL proposal is released by a human review (or a SYSTEM source); what the review
approved is written in it: "v11-log-rotate 1.0.0 검토 완료" approves ``v11-log-rotate`` at
1.0.0. Cited for ``v11-firewall-open`` 1.0.0 — a procedure proposed without its own review,
carried by someone else's — it releases nothing. So a review cited for a procedure must name
that procedure's key (compared without case and separators: ``log_rotate`` = ``log-rotate``)
and, when it names versions, that version among them.
"""

from __future__ import annotations

import re

__all__ = ["names_release"]

_SEPARATORS = re.compile(r"[\s_\-./:]+")
_VERSION = re.compile(r"(?<![\w.])v?(\d+)\.(\d+)(?:\.(\d+))?(?![\w.]|\.\d)")


def _plain(text: str) -> str:
    return _SEPARATORS.sub("", text.casefold())


def _version_key(version: str) -> tuple[int, int, int] | None:
    m = _VERSION.search(version)
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def names_release(review: str | None, procedure_key: str, version: str) -> bool:
    """Whether ``review`` names ``procedure_key`` and, if it names any version, ``version``."""
    if not review or _plain(procedure_key) not in _plain(review):
        return False
    named = {
        (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)) for m in _VERSION.finditer(review)
    }
    return not named or _version_key(version) in named
