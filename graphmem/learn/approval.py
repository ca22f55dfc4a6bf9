"""A procedure that writes must name its approval step (issue 13, item 5).

A procedure whose ``effect`` is REVERSIBLE_WRITE or IRREVERSIBLE_WRITE changes the world, so a
person (or a policy) must be asked before it does: ``approval`` must name one of its ``steps``
(``request_restart_approval``). Which steps act is known per scenario, so the simulator
checks that no write happens before that approval is granted (:mod:`graphmem.learn.simulator`).
A READ_ONLY procedure may omit ``approval``. The rule is checked when a draft is created and
again at each review and at publication, so a draft that arrived through ``POST /v1/proposals``
cannot slip past it.
"""

from __future__ import annotations

from graphmem.errors import FieldIssue
from graphmem.models.enums import ProcedureEffect
from graphmem.models.memory import ProcedureContent

WRITE_EFFECTS = frozenset({ProcedureEffect.REVERSIBLE_WRITE, ProcedureEffect.IRREVERSIBLE_WRITE})


def approval_issues(content: ProcedureContent) -> list[FieldIssue]:
    """What breaks the rule (empty: the procedure may proceed)."""
    if content.effect not in WRITE_EFFECTS:
        return []
    if not content.approval:
        return [
            FieldIssue(
                "approval",
                "approval_step_required",
                f"a procedure with effect {content.effect} must name its approval step",
            )
        ]
    if content.approval not in content.steps:
        return [
            FieldIssue(
                "approval",
                "approval_step_unknown",
                f"approval {content.approval!r} must be one of the procedure's steps",
            )
        ]
    return []


__all__ = ["WRITE_EFFECTS", "approval_issues"]
