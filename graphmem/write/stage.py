"""The stage contract of the write path: one interface, one verdict shape.

A stage has a ``name`` (its :class:`~graphmem.models.enums.WriteStage`) and ``run(run)``, which
reads the :class:`StageInput` — the proposal, the proposing principal, the sources its evidence
cites and what earlier stages found — and returns its :class:`Check` s. A check is a code of the
one vocabulary (:mod:`graphmem.write.codes`), how hard it bites, the rule that fired and a short
id-only detail; the pipeline turns checks into receipt reasons ``{stage, code, detail, rule}``.
Adding a stage means writing one class and listing it in the pipeline's stage tuple: nothing
else changes, and its receipts read like every other stage's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from graphmem.auth.principal import Principal
from graphmem.models.enums import Authority, Decision, Sensitivity, WriteStage
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.write.codes import STAGE, Code, Rule

if TYPE_CHECKING:
    from graphmem.write.conflicts import Resolution


class Severity(StrEnum):
    REJECT = "REJECT"
    CONFIRM = "CONFIRM"  # needs the user's (or a reviewer's) confirmation
    WARN = "WARN"  # recorded on the receipt, does not stop the write
    INFO = "INFO"


@dataclass(frozen=True)
class Check:
    code: Code
    severity: Severity
    detail: str | None = None
    rule: Rule | None = None

    @property
    def stage(self) -> WriteStage:
        return STAGE[self.code]


def reject(code: Code, detail: str | None = None, rule: Rule | None = None) -> Check:
    return Check(code, Severity.REJECT, detail, rule)


def confirm(code: Code, detail: str | None = None, rule: Rule | None = None) -> Check:
    return Check(code, Severity.CONFIRM, detail, rule)


def warn(code: Code, detail: str | None = None, rule: Rule | None = None) -> Check:
    return Check(code, Severity.WARN, detail, rule)


def info(code: Code, detail: str | None = None, rule: Rule | None = None) -> Check:
    return Check(code, Severity.INFO, detail, rule)


@dataclass
class StageInput:
    """What the stages read, and the few things they hand on to later stages."""

    proposal: MemoryProposal
    principal: Principal
    #: the cited sources found in the caller's tenant, by id
    sources: dict[str, Source]
    checks: list[Check] = field(default_factory=list)
    #: set by GROUNDING from the evidence that grounds the claim (claims), or from every
    #: cited source (episodes, procedures)
    authority: Authority = Authority.UNTRUSTED
    #: evidence indexes whose span grounds the claim (None: grounding did not apply)
    grounding: tuple[int, ...] | None = None
    sensitivity: Sensitivity = Sensitivity.LOW
    #: stages that did not run (CONFLICT after a refusal)
    skipped: set[WriteStage] = field(default_factory=set)
    #: set by CONFLICT: the memories it decided against (the commit re-counts exactly these)
    #: and its resolution (``graphmem.write.conflicts.Resolution``)
    competitor_ids: list[str] = field(default_factory=list)
    resolution: Resolution | None = None
    #: set by SENSITIVITY_CONSENT when it refuses a secret: the values it found, which the
    #: refusal's statement removes from the cited sources that still hold them
    secrets: list[str] = field(default_factory=list)

    @property
    def cited(self) -> list[Source]:
        """Cited sources in evidence order, each once."""
        ids = dict.fromkeys(ev.event_id for ev in self.proposal.evidence)
        return [self.sources[i] for i in ids if i in self.sources]

    def backing(self) -> list[Source]:
        """The sources that may lend authority: for a claim, those whose span grounds it."""
        if self.grounding is None:
            return self.cited
        ids = dict.fromkeys(self.proposal.evidence[i].event_id for i in self.grounding)
        return [self.sources[i] for i in ids if i in self.sources]

    @property
    def refused(self) -> bool:
        return any(c.severity is Severity.REJECT for c in self.checks)

    def stopped(self) -> Decision | None:
        """What the checks so far decide: ``REJECTED`` when one refuses, else
        ``NEEDS_CONFIRMATION`` when one asks, else None (nothing stops the write). The one
        place a receipt's refusal is derived from its checks."""
        severities = {c.severity for c in self.checks}
        if Severity.REJECT in severities:
            return Decision.REJECTED
        if Severity.CONFIRM in severities:
            return Decision.NEEDS_CONFIRMATION
        return None


class Stage(Protocol):
    """One step of the write path."""

    name: WriteStage

    def run(self, run: StageInput) -> list[Check]: ...


__all__ = [
    "Check",
    "Severity",
    "Stage",
    "StageInput",
    "confirm",
    "info",
    "reject",
    "warn",
]
