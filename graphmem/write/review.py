"""A review releases the procedure it reviewed, not the one beside it (issue 11 round 8).

A PROCEDURAL proposal is released by a human review (or a SYSTEM source); what the review
approved is written in it: "v11-log-rotate 1.0.0 검토 완료" approves ``v11-log-rotate`` at
1.0.0. Cited for ``v11-firewall-open`` 1.0.0 — a procedure proposed without its own review,
carried by someone else's — it releases nothing. Reviewers name what they approved loosely
("Reviewed VPN 720 runbook v2.3.0", "프린터 E-04 절차 검토 완료"), so the rule is about naming
*another* release, not about spelling this one's key: a review that names this procedure's key
(compared without case and separators: ``log_rotate`` = ``log-rotate``) releases it; one that
names versions without this version, or names another release (a key-shaped identifier, words joined
by ``-`` or ``_``, with a version after it, that is neither this key, a part of it, nor one of
the procedure's own tests), releases
nothing; a review that names neither must still name it by one of its key's words (a review of
"ログローテーション" cited for ``db-export`` names something else).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["names_release", "withholds"]

#: a review that withholds its approval, makes it conditional or leaves a part unchecked
#: ("Freigabe erst, wenn die Rechtsabteilung zugestimmt hat", "必要権限の欄は未確認", "승인
#: 보류", "pending legal", "sous réserve"): what it covers is not approved yet (round 12)
_WITHHELD = re.compile(
    r"\b(?:not\s+(?:yet\s+)?(?:approved|checked|reviewed|verified|signed\s+off)|unchecked|unreviewed|"
    r"unverified|(?:approval|release|sign-?off)\s+(?:is\s+)?pending|pending\s+(?:approval|review|legal|"
    r"sign-?off|confirmation)|on\s+hold|subject\s+to|provided\s+that|conditional(?:ly)?|only\s+(?:once|after|"
    r"when|if)|until\s+\w+(?:\s+\w+){0,3}\s+(?:approves?|signs?\s+off|agrees?)|do\s+not\s+(?:adopt|use|merge|"
    r"release)\s+(?:yet|until))\b|"
    r"\b(?:erst\s+(?:wenn|nach|sobald)|vorbehaltlich|unter\s+(?:der\s+)?Bedingung|bis\s+dahin|noch\s+nicht|"
    r"nicht\s+(?:geprüft|freigegeben)|ausstehend)\b|"
    r"\b(?:pendiente|sujeto\s+a|a\s+condici[óo]n\s+de|hasta\s+que|todav[íi]a\s+no|a[úu]n\s+no|sin\s+revisar|"
    r"no\s+(?:aprobado|revisado|verificado))\b|"
    r"\b(?:en\s+attente|sous\s+r[ée]serve|[àa]\s+condition|pas\s+encore|tant\s+que|non\s+(?:v[ée]rifi[ée]|"
    r"valid[ée]|approuv[ée]))\b|"
    r"아직\s*(?:승인|검토|확인|반영|적용)\s*(?:전|안|못)|보류|조건부|확인\s*후에?|승인\s*전|전까지(?:는)?\s*(?:쓰지|적용하지|반영하지)|미확인|검토\s*안\s*(?:됨|했)|"
    r"まだ(?:承認|確認|レビュー|検証)(?:して|され)?(?:いない|ません|前)|保留|条件付き|確認後|までは|未確認|未チェック|未承認|"
    r"暂缓|尚未|暂不|有条件|待[^。，,]{0,12}(?:后|批准|审批|确认)|未检查|未审核|未确认",
    re.I,
)


def withholds(review: str) -> bool:
    """Whether a review withholds, conditions or leaves out part of its approval."""
    return _WITHHELD.search(review) is not None


_SEPARATORS = re.compile(r"[\s_\-./:]+")
_WORD = re.compile(r"[^\W_]+")
_VERSION = re.compile(r"(?<![\w.])v?(\d+)\.(\d+)(?:\.(\d+))?(?![\w.]|\.\d)")


def _plain(text: str) -> str:
    return _SEPARATORS.sub("", text.casefold())


def _triple(m: re.Match[str]) -> tuple[int, int, int]:
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def _version_key(version: str) -> tuple[int, int, int] | None:
    m = _VERSION.search(version)
    return None if m is None else _triple(m)


#: a release named the way releases are: a key-shaped identifier (two or more words joined by
#: - or _) followed by its version ("v11-log-rotate 1.0.0", "backup-nightly@1.2.0"); a test's
#: name ("procedure-eval-18 passes") is not a release
_RELEASE_NAMED = re.compile(
    r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+)\s*(?:@|\bv(?:ersion)?\s*)?\d+\.\d+"
)


def names_release(
    review: str | None, procedure_key: str, version: str, tests: Sequence[str] = ()
) -> bool:
    """Whether ``review`` can release ``procedure_key`` at ``version``: it names no version
    but this one, and it names the key — or names no other release (a key-shaped identifier
    with a version) and shares a word with the key."""
    if not review:
        return False
    named = {_triple(m) for m in _VERSION.finditer(review)}
    if named and _version_key(version) not in named:
        return False
    key, plain = _plain(procedure_key), _plain(review)
    if key in plain:
        return True
    own = {key, *(_plain(t) for t in tests)}
    if not all(
        (token := _plain(m.group(1))) in own or token in key
        for m in _RELEASE_NAMED.finditer(review)
    ):
        return False
    return _shares_a_key_word(review, plain, procedure_key)


def _shares_a_key_word(review: str, plain: str, procedure_key: str) -> bool:
    """The review names what it approved by one of the key's words at least ("DB failover
    drill" for ``pg-failover``, "TLS rotation runbook" for ``rotate-tls-cert``): a part of
    three characters or more anywhere in it, a shorter part as a word of its own."""
    words = set(_WORD.findall(review.casefold()))
    parts = [p for p in _SEPARATORS.split(procedure_key.casefold()) if p]
    return any(p in plain if len(p) >= 3 else p in words for p in parts)
