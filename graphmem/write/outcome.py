"""What one check says: a code, how hard it bites, and a short id-only detail."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from graphmem.models.enums import WriteStage
from graphmem.write.codes import STAGE, Code


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

    @property
    def stage(self) -> WriteStage:
        return STAGE[self.code]


def reject(code: Code, detail: str | None = None) -> Check:
    return Check(code, Severity.REJECT, detail)


def confirm(code: Code, detail: str | None = None) -> Check:
    return Check(code, Severity.CONFIRM, detail)


def warn(code: Code, detail: str | None = None) -> Check:
    return Check(code, Severity.WARN, detail)


def info(code: Code, detail: str | None = None) -> Check:
    return Check(code, Severity.INFO, detail)
