"""Contact fields of business records in tool episodes (round 8).

An episode that reads a mail, a commit or a contact card records who sent, wrote or is
reached at what: the ``From:``/``Author:``/``Signed-off-by:`` address of a message or commit,
the ``TEL``/``EMAIL`` line of a vCard. That is the record's metadata, kept in a project's
episode, not personal data about a user the memory is about: asking for the user's consent
to store it refused every such episode (v10's git log, v11's forwarded invoice and vCard).

The exception is narrow by structure: only e-mail and phone findings, only on a header line
of a text that *is* such a record (a mail has ``From:`` with ``To:``/``Subject:``/``Date:``,
a commit ``commit <hash>`` with ``Author:``, a contact card ``BEGIN:VCARD``), and only in an
episode about a non-user subject built from tool output. Health, special categories,
identifiers and addresses stay HIGH wherever they are.
"""

from __future__ import annotations

import re
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.sensitivity import SensitivityReport

__all__ = ["without_record_contacts"]

_MAIL: Final = re.compile(r"(?im)^\s*From:.*$(?:[\s\S]{0,2000}?)^\s*(?:To|Subject|Date|Cc):")
_MAIL_REV: Final = re.compile(r"(?im)^\s*(?:To|Subject|Date|Cc):.*$(?:[\s\S]{0,2000}?)^\s*From:")
_COMMIT: Final = re.compile(r"(?im)^\s*commit\s+[0-9a-f]{7,40}\b[\s\S]{0,2000}?^\s*Author:")
_VCARD: Final = re.compile(r"(?im)^\s*BEGIN:VCARD\s*$")
_HEADER_LINE: Final = re.compile(
    r"^\s*(?:From|To|Cc|Bcc|Reply-To|Sender|Author|Committer|Signed-off-by|Co-authored-by|"
    r"Reviewed-by|Acked-by|Tested-by|Reported-by|EMAIL|TEL)\b[^:\n]{0,40}:",
    re.I | re.M,
)
_CONTACT: Final = frozenset({Rule.PII_EMAIL, Rule.PII_PHONE})


def _is_record(text: str) -> bool:
    return bool(
        _VCARD.search(text) or _COMMIT.search(text) or _MAIL.search(text) or _MAIL_REV.search(text)
    )


def without_record_contacts(text: str, report: SensitivityReport) -> SensitivityReport:
    """``report`` (of ``text``) without the e-mail and phone findings on a record's header
    lines; the same report when ``text`` is not a mail, commit or contact card."""
    if not any(f.code in _CONTACT for f in report.findings) or not _is_record(text):
        return report
    kept = []
    for f in report.findings:
        if f.code in _CONTACT:
            line_start = text.rfind("\n", 0, f.start) + 1
            if _HEADER_LINE.match(text, line_start) and "\n" not in text[line_start : f.end]:
                continue
        kept.append(f)
    if len(kept) == len(report.findings):
        return report
    return SensitivityReport(findings=tuple(kept), text_length=report.text_length)
