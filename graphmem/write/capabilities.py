"""Capability-grant refusal (write gate).

The seed: "memory가 새 capability를 부여하지 못함" — a memory can never grant a
capability. Roles, permissions, scopes and approvals come from the caller's credential and
from policy, never from something remembered; otherwise a remembered sentence ("the user
is an admin", "allowed to bypass approval") would become a privilege at read time.

:func:`capability_grant` looks at a claim's predicate first (tokens of the snake/dotted
key: ``role``, ``permission``, ``is_admin``, ``access_scope``, ``can_approve``, ``grant``,
``권한`` …) and then at the object text (English and Korean phrases that confer a role, a
permission, or a way around approval). It is deliberately conservative: a predicate named
``role`` is refused even when it means a job title — store that as ``job_title``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

CAPABILITY_GRANT: Final = "CAPABILITY_GRANT"


@dataclass(frozen=True)
class CapabilityFinding:
    code: str
    #: ``predicate:<token>`` or ``text:<rule>``; never the object text itself
    detail: str


#: predicate tokens that name a capability
_CAPABILITY_TOKENS: Final = frozenset(
    {
        "role",
        "roles",
        "permission",
        "permissions",
        "perm",
        "perms",
        "privilege",
        "privileges",
        "grant",
        "grants",
        "granted",
        "entitlement",
        "entitlements",
        "clearance",
        "acl",
        "acls",
        "capability",
        "capabilities",
        "admin",
        "administrator",
        "superuser",
        "sudo",
        "root",
        "approver",
        "authorized",
        "authorised",
        "authorization",
        "authorisation",
        "권한",
        "역할",
        "관리자",
        "승인권자",
    }
)
#: predicate prefixes that express an ability: ``can_approve``, ``allowed_to_refund``
_CAPABILITY_PREFIX_RE: Final = re.compile(
    r"^(?:can|may|allowed|allow|is_allowed|is_authorized|is_authorised|has_access|"
    r"has_permission|is_admin|is_owner|is_superuser|bypass|skip_approval)(?:[_.\-]|$)"
)
_ACCESS_RE: Final = re.compile(r"(?:^|[_.\-])access(?:[_.\-](?:scope|level|rights?|list|role))?$")

_TEXT_RULES: Final[list[tuple[str, re.Pattern[str]]]] = [
    (
        "is_privileged",
        re.compile(
            r"\b(?:is|are|be|became|becomes|has\s+been\s+made|was\s+made|now)\s+(?:an?\s+|the\s+)?"
            r"(?:admin|administrator|superuser|super\s+user|root|sysadmin|owner\s+of\s+the\s+"
            r"(?:tenant|org|organization|account)|approver|moderator)\b",
            re.I,
        ),
    ),
    (
        "bypass",
        re.compile(
            r"\b(?:allowed|permitted|authori[sz]ed|can|may|able)\s+to\s+(?:bypass|skip|override|"
            r"circumvent|ignore|disable)\b"
            r"|\b(?:bypass|skip|override|circumvent)\s+(?:the\s+|all\s+|any\s+)?(?:approvals?|"
            r"reviews?|confirmations?|2fa|mfa|verification|checks?|limits?|policy|policies)\b"
            r"|\bno\s+(?:approval|confirmation|review|verification)\s+(?:is\s+)?(?:needed|required|"
            r"necessary)\b|\bpre-?approved\s+(?:for|to)\b",
            re.I,
        ),
    ),
    (
        "has_access",
        re.compile(
            r"\b(?:has|have|holds?|with)\s+(?:full|admin|administrator|root|write|unrestricted|"
            r"elevated|owner|all)\s+(?:access|rights|permissions?|privileges?)\b"
            r"|\b(?:grant|give|assign)s?\s+(?:him|her|them|me|the\s+user|this\s+user|user)\s+"
            r"(?:\w+\s+){0,2}(?:access|permissions?|privileges?|rights|role|admin)\b"
            r"|\b(?:can|may|is\s+allowed\s+to|is\s+authori[sz]ed\s+to)\s+(?:approve|authori[sz]e|"
            r"sign\s+off|grant|access\s+all)\b",
            re.I,
        ),
    ),
    (
        "ko_capability",
        re.compile(
            r"관리자\s*(?:이다|입니다|다|임|권한)|(?:권한|접근\s*권한|승인\s*권한)\S*\s*(?:이|을|를)?\s*"
            r"(?:있|가지|부여|받|갖)"
            r"|(?:승인|결재|검토|인증|확인)\s*(?:없이|생략|우회|을\s*건너)|우회할\s*수"
        ),
    ),
]


def _tokens(predicate: str) -> list[str]:
    return [t for t in re.split(r"[_.\-\s]+", predicate.strip().lower()) if t]


def capability_grant(predicate: str | None, object_text: str | None) -> CapabilityFinding | None:
    """A :class:`CapabilityFinding` (code ``CAPABILITY_GRANT``) when a memory would grant a
    capability by its predicate or by its text, else None. Pure."""
    if predicate:
        key = predicate.strip().lower()
        for token in _tokens(key):
            if token in _CAPABILITY_TOKENS:
                return CapabilityFinding(CAPABILITY_GRANT, f"predicate:{token}")
        if _CAPABILITY_PREFIX_RE.search(key) or _ACCESS_RE.search(key):
            return CapabilityFinding(CAPABILITY_GRANT, f"predicate:{key[:60]}")
    if object_text:
        for rule, pattern in _TEXT_RULES:
            if pattern.search(object_text):
                return CapabilityFinding(CAPABILITY_GRANT, f"text:{rule}")
    return None


__all__ = ["CAPABILITY_GRANT", "CapabilityFinding", "capability_grant"]
