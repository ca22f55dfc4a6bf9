"""Detectors of the write path's *sensitivity & consent* stage.

The seed lists what must never be stored (secrets, credentials, access tokens) and says
that sensitive memories need a consent basis and a purpose. This module decides both from
the text alone: it is a set of pure functions, with no I/O and no model to download.

* :func:`scan` finds secrets and personal data and gives a :class:`SensitivityReport`
  whose verdict is ``SECRET`` (refuse, and store the text nowhere, not even in a receipt),
  ``PII_HIGH`` (sensitivity HIGH, needs an explicit consent basis and purposes) or
  ``CLEAN``.
* :func:`consent_decision` turns a report plus the proposal's consent basis, purposes and
  declared sensitivity into a :class:`ConsentVerdict` (ACCEPT, NEEDS_CONFIRMATION, REJECT).
* :func:`redact` rewrites text with every finding replaced by ``[REDACTED:<code>]``.

Why regexes and validators rather than entropy: a generic entropy test flags ordinary
identifiers, hashes and base64-looking words, and an over-eager gate teaches callers to
route around it. Every detector here is either a vendor-specific token format, a keyword
context (``password: …``, ``비밀번호는 …``), or a number format with a checksum (Luhn,
IBAN mod-97, the Korean resident number's check digit). ``tests/data/sensitivity_cases.jsonl``
holds the labelled cases: every SECRET found and no CLEAN case flagged.

Findings never hold the matched text: only offsets into the scanned string (Python ``str``
indices, i.e. code points), the reason code and the detector's name. A digest of the match
is deliberately left out too: a plain sha256 of a short password or a phone number is
reversed by brute force; :func:`fingerprint` gives a keyed HMAC for callers that need to
correlate matches.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final

from graphmem.errors import FieldIssue, ValidationError
from graphmem.models.enums import ConsentBasis, Sensitivity, Verdict
from graphmem.write import secret_shapes
from graphmem.write.codes import Rule
from graphmem.write.id_checksums import CHECKSUM_DETECTORS, RUN_DETECTORS
from graphmem.write.normalize import normalize
from graphmem.write.special_named import AS_WRITTEN

__all__ = [
    "EXPLICIT_CONSENT_BASES",
    "SCANNER_VERSION",
    "ConsentOutcome",
    "ConsentVerdict",
    "Finding",
    "FindingKind",
    "SensitivityReport",
    "SensitivityVerdict",
    "consent_decision",
    "fingerprint",
    "redact",
    "scan",
    "with_finding",
]

#: Stamped on every report: a change to any detector changes this, so a receipt says which
#: rules judged it (DESIGN: policy is data with a version).
SCANNER_VERSION = "sensitivity-1"


class FindingKind(StrEnum):
    SECRET = "SECRET"
    PII = "PII"


class SensitivityVerdict(StrEnum):
    """The worst thing found: SECRET > PII_HIGH > CLEAN."""

    SECRET = "SECRET"
    PII_HIGH = "PII_HIGH"
    CLEAN = "CLEAN"


class ConsentOutcome(StrEnum):
    ACCEPT = "ACCEPT"
    NEEDS_CONFIRMATION = "NEEDS_CONFIRMATION"
    REJECT = "REJECT"


#: Bases that count as an explicit decision to keep sensitive data (GDPR art. 9 wants
#: explicit consent or a comparable ground for special categories; legitimate interest and
#: public task are not enough for this gate).
EXPLICIT_CONSENT_BASES: frozenset[ConsentBasis] = frozenset(
    {
        ConsentBasis.EXPLICIT_USER_REQUEST,
        ConsentBasis.CONSENT,
        ConsentBasis.CONTRACT,
        ConsentBasis.LEGAL_OBLIGATION,
        ConsentBasis.VITAL_INTEREST,
    }
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One match: where it is and what it is, never what it says.

    ``start``/``end`` are ``str`` indices into the text given to :func:`scan`.
    """

    kind: FindingKind
    code: Rule
    start: int
    end: int
    detector: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "code": self.code.value,
            "start": self.start,
            "end": self.end,
            "detector": self.detector,
        }


_DETECTED_SENSITIVITY: dict[SensitivityVerdict, Sensitivity] = {
    SensitivityVerdict.CLEAN: Sensitivity.LOW,
    SensitivityVerdict.PII_HIGH: Sensitivity.HIGH,
    SensitivityVerdict.SECRET: Sensitivity.RESTRICTED,
}


@dataclass(frozen=True, slots=True)
class SensitivityReport:
    """What :func:`scan` found in one text. Holds no part of the text."""

    findings: tuple[Finding, ...]
    text_length: int
    scanner_version: str = SCANNER_VERSION

    @property
    def verdict(self) -> SensitivityVerdict:
        kinds = {f.kind for f in self.findings}
        if FindingKind.SECRET in kinds:
            return SensitivityVerdict.SECRET
        if FindingKind.PII in kinds:
            return SensitivityVerdict.PII_HIGH
        return SensitivityVerdict.CLEAN

    @property
    def sensitivity(self) -> Sensitivity:
        """The least sensitivity the text deserves (RESTRICTED for a secret)."""
        return _DETECTED_SENSITIVITY[self.verdict]

    @property
    def secrets(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.kind is FindingKind.SECRET)

    @property
    def pii(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.kind is FindingKind.PII)

    @property
    def codes(self) -> tuple[Rule, ...]:
        """Distinct finding codes, in order of first appearance in the text."""
        return tuple(dict.fromkeys(f.code for f in self.findings))

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "sensitivity": self.sensitivity.value,
            "codes": [c.value for c in self.codes],
            "findings": [f.to_dict() for f in self.findings],
            "scanner_version": self.scanner_version,
        }


@dataclass(frozen=True, slots=True)
class ConsentVerdict:
    """The stage's decision. ``code`` is the decisive reason; ``codes`` all of them."""

    outcome: ConsentOutcome
    code: Rule
    codes: tuple[Rule, ...]
    #: the sensitivity to store; None when the write is refused
    sensitivity: Sensitivity | None
    consent_basis: ConsentBasis | None
    purposes: tuple[str, ...]
    #: finding codes that led here (PII_EMAIL, SECRET_JWT …)
    finding_codes: tuple[Rule, ...] = field(default=())
    detail: str = ""

    @property
    def accepted(self) -> bool:
        return self.outcome is ConsentOutcome.ACCEPT

    @property
    def stage_verdict(self) -> Verdict:
        """The verdict for a write receipt's SENSITIVITY_CONSENT stage."""
        return {
            ConsentOutcome.ACCEPT: Verdict.PASS,
            ConsentOutcome.NEEDS_CONFIRMATION: Verdict.WARN,
            ConsentOutcome.REJECT: Verdict.FAIL,
        }[self.outcome]

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "code": self.code.value,
            "codes": [c.value for c in self.codes],
            "sensitivity": self.sensitivity.value if self.sensitivity else None,
            "consent_basis": self.consent_basis.value if self.consent_basis else None,
            "purposes": list(self.purposes),
            "finding_codes": [c.value for c in self.finding_codes],
            "detail": self.detail,
        }


# ---------------------------------------------------------------------------------------
# detectors
# ---------------------------------------------------------------------------------------

#: A resolver turns a regex match into the span to report and its code, or None to drop it.
_Resolve = Callable[[re.Match[str], str], "tuple[int, int, Rule] | None"]


@dataclass(frozen=True, slots=True)
class _Detector:
    name: str
    kind: FindingKind
    pattern: re.Pattern[str]
    resolve: _Resolve


def _whole(code: Rule, check: Callable[[str], bool] | None = None) -> _Resolve:
    def resolve(m: re.Match[str], _text: str) -> tuple[int, int, Rule] | None:
        if check is not None and not check(m.group(0)):
            return None
        return m.start(), m.end(), code

    return resolve


def _group(
    code: Rule, names: tuple[str, ...], check: Callable[[str], bool] | None = None
) -> _Resolve:
    """Report the first named group that matched (the value, not its key)."""

    def resolve(m: re.Match[str], _text: str) -> tuple[int, int, Rule] | None:
        for name in names:
            if m.group(name) is not None:
                start, end = m.span(name)
                # ``token = b64encode(x)``, ``password=auth[1]``: code, not a value
                if name == "bare" and m.string[end : end + 1] in ("(", "["):
                    return None
                end = _trim_end(m.string, start, end)
                if end - start < 1:
                    return None
                if check is not None and not check(m.string[start:end]):
                    return None
                return start, end, code
        return None

    return resolve


def _keyed_group(names: tuple[str, ...]) -> _Resolve:
    """Like :func:`_group` for prose about keys and tokens: the code follows the key's
    name (an "API key" is SECRET_API_KEY, a "token" SECRET_TOKEN)."""
    as_key = _group(Rule.SECRET_API_KEY, names, _plausible_token)
    as_token = _group(Rule.SECRET_TOKEN, names, _plausible_token)

    def resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
        key = m.group("key").lower()
        keyish = "key" in key or "키" in key or key.startswith("secret")
        return (as_key if keyish else as_token)(m, text)

    return resolve


_QUOTES = "\"'`“”‘’"


def _trim_end(text: str, start: int, end: int) -> int:
    """Drop sentence punctuation glued to a value ("my password is hunter2.") and the
    closing quote of a quoted one (비밀번호는 "Winter!2026" 이에요)."""
    while (
        end > start and text[end - 1] in ".,;:)" and (end == len(text) or not text[end].isalnum())
    ):
        end -= 1
    if start > 0 and text[start - 1] in _QUOTES and end > start and text[end - 1] in _QUOTES:
        end -= 1
    return end


def _has_digit_and_letter(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


# --- placeholder and prose filters for keyword contexts --------------------------------


def _words(spaced: str) -> list[str]:
    return spaced.split()


_PLACEHOLDER_WORDS = frozenset(
    _words("""
    password passwd pwd pass passphrase passcode pin secret secrets token tokens key apikey
    api_key none null nil undefined true false yes no required optional string str bytes int
    text varchar char secretstr secretbytes field redacted hidden masked empty blank unset
    changeit example sample dummy placeholder value values here there this that it
    is are was were be been being the a an to of for and or not no must should will can
    cannot could would may might please too very still now also just only same different
    reset changed change saved stored correct incorrect wrong invalid valid expired weak
    strong long short missing locked unknown new old set updated rotated leaked compromised
    something anything nothing stronger longer easy hard simple secure insecure safe unsafe
    at least in on with without from by as into your my our his her their its lambda self cls
    """)
)

_PLACEHOLDER_RE = re.compile(
    r"""^(?:
        [*xX•●·.\-_#?]+                      # ****, xxxx, ----
      | [$%#]\{?.*                            # $VAR, ${VAR}, %(name)s, #{x}
      | \{.*\}? | <.*>? | \[.*\]?             # {password}, <password>, [secret]
      | (?:your|my|the|some|example|dummy|sample|fake|test|db|user)[-_ ]?
        (?:password|passwd|pass|pwd|secret|token|key|api[-_]?key)(?:[-_ ]?here)?
      | .*\(.*                                # a call: get_password()
      | [A-Za-z_][A-Za-z0-9_.]*\[.*           # a subscript: os.environ['PW']
      | [A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+   # attribute: settings.db.password
    )$""",
    re.VERBOSE | re.IGNORECASE,
)

_SNAKE_IDENTIFIER = re.compile(r"^[a-z]+(?:_[a-z]+)+$")


#: the shell's working directory (``PWD=/home/admin`` in a sudo log line), not a password:
#: read as ``CWD=`` (the same length, so every offset stays)
_WORKING_DIRECTORY = re.compile(
    r"(?<![A-Za-z0-9_])(?P<old>OLD)?PWD(?==(?:~|/(?:home|root|usr|var|opt|srv|tmp|etc|mnt|media|"
    r"data|apps?|Users|workspace|work|src|build|run)\b))"
)


def _plausible_value(value: str) -> bool:
    """Is this the value of a secret rather than a placeholder, a type or a word of prose?"""
    v = value.strip().rstrip(".,;:!?)]}")
    if len(v) < 3 or v[0] in "|)]}>,;=":
        return False
    low = v.lower()
    if low in _PLACEHOLDER_WORDS:
        return False
    if _PLACEHOLDER_RE.match(v):
        return False
    # a bare code identifier (password=user_password) names a variable, not a value
    return not _SNAKE_IDENTIFIER.match(v)


def _plausible_token(value: str) -> bool:
    """Stricter, for generic ``token``/``secret``/``api_key`` keys: 8+ chars with a digit
    and a letter, or 20+ chars of token alphabet."""
    v = value.strip()
    if not _plausible_value(v) or len(v) < 8 or " " in v:
        return False
    return _has_digit_and_letter(v) or (
        len(v) >= 20 and re.fullmatch(r"[\w\-./+=]+", v) is not None
    )


# --- JWT ---------------------------------------------------------------------------------


def _b64url_json(segment: str) -> object:
    pad = "=" * (-len(segment) % 4)
    try:
        raw = base64.urlsafe_b64decode(segment + pad)
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None


def _jwt_ok(token: str) -> bool:
    header = _b64url_json(token.split(".", 1)[0])
    return isinstance(header, dict) and ("alg" in header or "typ" in header)


# --- checksums ---------------------------------------------------------------------------


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _card_ok(candidate: str) -> bool:
    seps = {c for c in candidate if not c.isdigit()}
    if len(seps) > 1:  # 4111-1111 1111-1111 is not how a card is written
        return False
    digits = "".join(c for c in candidate if c.isdigit())
    return 13 <= len(digits) <= 19 and digits[0] in "2345689" and _luhn_ok(digits)


_RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)


def _rrn_checksum_ok(digits: str) -> bool:
    """Check digit of a Korean resident registration number.

    Numbers issued since October 2020 have random final digits and no check digit, so the
    hyphenated form is accepted on its shape and date alone; the checksum only backs the
    unhyphenated 13-digit form, which otherwise looks like any long number.
    """
    total = sum(int(d) * w for d, w in zip(digits[:12], _RRN_WEIGHTS, strict=True))
    return (11 - total % 11) % 10 == int(digits[12])


def _rrn_date_ok(digits: str) -> bool:
    month, day = int(digits[2:4]), int(digits[4:6])
    return 1 <= month <= 12 and 1 <= day <= 31


# IBAN lengths by country (ISO 13616 registry, the common subset).
_IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18,
    "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
    "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
    "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip


def _iban_resolve(m: re.Match[str], _text: str) -> tuple[int, int, Rule] | None:
    """Cut the match to its country's IBAN length, then check mod 97."""
    raw = m.group(0)
    length = _IBAN_LENGTHS.get(raw[:2])
    if length is None:
        return None
    compact: list[str] = []
    end = m.start()
    for i, ch in enumerate(raw):
        if ch == " ":
            continue
        compact.append(ch)
        if len(compact) == length:
            end = m.start() + i + 1
            break
    if len(compact) != length:
        return None
    # the IBAN must end at a group boundary, not inside a longer token
    after = m.string[end : end + 1]
    if after and after.isalnum():
        return None
    iban = "".join(compact)
    rearranged = iban[4:] + iban[:4]
    number = "".join(str(int(c, 36)) for c in rearranged)
    if int(number) % 97 != 1:
        return None
    return m.start(), end, Rule.PII_IBAN


# --- e-mail ------------------------------------------------------------------------------


#: a mailbox that belongs to a function, not to a person (``help@``, ``support@``)
_ROLE_MAILBOX: Final = re.compile(
    r"(?:help|helpdesk|support|info|contact|sales|service|services|billing|invoices?|noreply|"
    r"no-reply|office|hello|team|hr|jobs|careers|press|media|security|abuse|postmaster|"
    r"webmaster|admin|reception|frontdesk|orders|returns|feedback|enquiries|inquiries|"
    r"customerservice|customer-service|kundenservice|soporte|atencion|contacto|ventas|"
    # round 16: the mailboxes of a firm's departments and its robots
    r"accounts?|accounting|finance|payments?|payroll|receivables|payables|legal|privacy|"
    r"compliance|notifications?|notify|alerts?|newsletters?|marketing|partners?|bookings?|"
    r"reservations?|events|members(?:hip)?|shop|store|mailer|bounces?|donotreply|do-not-reply|"
    r"buchhaltung|rechnungen?|kontakt|facturacion|pagos|reservas)"
    r"(?:[._\-]?[a-z]{2,3})?",
    re.I,
)
#: a number or address labelled by an organisation's function just before it, not a person's
#: (the headquarters, a support line, an on-call rota): data about an organisation is not
#: personal data (GDPR recital 14). A label with a first-person possessive right before it
#: ("my office phone") stays a person's.
_FUNCTION_LABEL: Final = re.compile(
    r"(?<!\bmy\s)(?<!\bMy\s)\b(?:support|help\s*desk|helpline|hotline|on-?call|head\s*office|"
    r"headquarters|HQ|front\s+desk|reception|switchboard|main\s+line|customer\s+(?:service|care|"
    r"support)|service\s+desk|call\s+cent(?:er|re)|Zentrale|Hotline|Kundendienst|Kundenservice|"
    r"centralita|atención\s+al\s+cliente|service\s+client|standard\s+téléphonique)\b"
    r"|总部|客服|热线|服务台|支持|대표\s*번호|고객\s*센터|콜\s*센터|상담\s*센터|본사|헬프\s*데스크|"
    r"代表番号|本社|窓口|サポート|コールセンター|ヘルプデスク",
    re.I,
)
_FUNCTION_BEFORE: Final = 48


#: round 17: the header of a message or an invitation the user received ("Organizer: …",
#: "From: …", "보낸 사람:", "差出人："): who sent or organised it, routing the user's own mail —
#: not data gathered about that person
_HEADER_LABEL: Final = re.compile(
    r"[ \t]*(?:from|to|cc|bcc|reply-to|sender|organi[sz]er|attendees?|invitees?|von|an|"
    r"kopie|absender|organisator|de|para|remitente|organizador|보낸\s*사람|받는\s*사람|참조|주최자|"
    r"발신|差出人|宛先|送信者|主催者|发件人|收件人|抄送|组织者)[ \t]*[:：][^\n.!?。]{0,60}$",
    re.I,
)
#: a business giving its own line for the reader to use ("변경은 02-555-0187로 연락 주세요",
#: "contact us at …", "お問い合わせは …"): the organisation's contact, not a person's
_CONTACT_US_BEFORE: Final = re.compile(
    r"\b(?:contact|call|reach|email|text|write\s+to)\s+us\b|\bkontaktieren\s+Sie\s+uns\b|"
    r"\brufen\s+Sie\s+(?:uns\s+)?an\b|\bll[áa]m(?:enos|anos)\b|\bescr[íi]b(?:enos|anos)\b|"
    r"\bcont[áa]ct(?:enos|anos)\b|문의|예약\s*변경|お問い?合わせ|問合せ|联系我们|咨询",
    re.I,
)
#: where the contact's own token ends
_SPACE: Final = re.compile(r"\s")
_CONTACT_US_AFTER: Final = re.compile(
    r"^[^.!?。！？\n]{0,6}?(?:로|으로|へ|まで|に)?\s*(?:연락|문의|전화)\s*(?:주세요|바랍니다|부탁|하세요)|"
    r"^[^.!?。！？\n]{0,6}?(?:まで)?\s*(?:ご連絡|お問い?合わせ|お電話)",
)


def _functional(text: str, start: int) -> bool:
    """The contact at ``start`` is labelled, in its own sentence, by an organisation's
    function, given by a business as its own line, or in a message header."""
    before = text[max(0, start - _FUNCTION_BEFORE) : start]
    line_start = text.rfind("\n", 0, start) + 1
    if _HEADER_LABEL.match(text, line_start, start) is not None:
        return True
    # the label must be in the contact's own clause: "고객센터 번호는 1588-1234, 제 번호는 …"
    before = re.split(r"[.!?。！？]\s|[,;，、；\n]", before)[-1]
    if _FUNCTION_LABEL.search(before) is not None or _CONTACT_US_BEFORE.search(before):
        return True
    stop = _SPACE.search(text, start)
    after = text[stop.start() if stop else len(text) : start + 80]
    return _CONTACT_US_AFTER.search(after) is not None


def _contact_resolve(code: Rule, check: Callable[[str], bool] | None = None) -> _Resolve:
    whole = _whole(code, check)

    def resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
        return None if _functional(text, m.start()) else whole(m, text)

    return resolve


def _email_resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
    start, end = m.span()
    local = m.group("local")
    if _ROLE_MAILBOX.fullmatch(local) or _functional(text, start):
        return None
    # git@github.com:org/repo.git is an SSH remote, not a person
    if local.lower() == "git" and text[end : end + 1] == ":":
        return None
    # the userinfo of a URL (scheme://user:pass@host) is a credential, reported by the
    # URL detector, not an address
    before = text[max(0, start - 256) : start]
    if re.search(r"://[^\s/@]*$", before):
        return None
    return start, end, Rule.PII_EMAIL


# --- phones ------------------------------------------------------------------------------


def _phone_digits_ok(lo: int, hi: int) -> Callable[[str], bool]:
    def check(value: str) -> bool:
        n = sum(c.isdigit() for c in value)
        return lo <= n <= hi

    return check


# --- cards, ids --------------------------------------------------------------------------

_CARD_CONTEXT = re.compile(
    r"(?i)(?:card|credit|debit|visa|master\s?card|amex|카드|신용|체크)[^\n]{0,30}$"
)


def _card_bare_resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
    """An unseparated 13–19 digit number is a card only when the text says so nearby."""
    if not _card_ok(m.group(0)):
        return None
    if not _CARD_CONTEXT.search(text[max(0, m.start() - 40) : m.start()]):
        return None
    return m.start(), m.end(), Rule.PII_CARD


_RRN_CONTEXT = re.compile(r"(?i)(?:주민|등록번호|RRN|resident)[^\n]{0,20}$")


#: the text names the number as something else: an order, a parcel, a booking, a ticket
_NOT_RRN_CONTEXT = re.compile(
    r"(?i)(?:주문|송장|운송장|예약|접수|티켓|영수증|invoice|order|tracking|booking|ticket|"
    r"reference|ref\.?)\s*(?:번호|no\.?|number|#|id)?\s*(?:는|은|가|이|:|=|is)?\s*$"
)


def _rrn_resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
    raw = m.group(0)
    digits = raw.replace("-", "")
    if not _rrn_date_ok(digits):
        return None
    hyphenated = "-" in raw
    checksum = _rrn_checksum_ok(digits)
    # a hyphenated number with a wrong check digit that the text names as an order or a
    # booking is that (numbers issued since 2020 have no check digit, so a wrong one alone
    # does not clear a number nobody named)
    if (
        hyphenated
        and not checksum
        and _NOT_RRN_CONTEXT.search(text[max(0, m.start() - 16) : m.start()])
    ):
        return None
    if hyphenated or checksum:
        return m.start(), m.end(), Rule.PII_NATIONAL_ID
    if _RRN_CONTEXT.search(text[max(0, m.start() - 30) : m.start()]):
        return m.start(), m.end(), Rule.PII_NATIONAL_ID
    return None


_SSN_CONTEXT = re.compile(
    r"(?i)(?:\bsocial\b|\bssn\b|\bss#|social\s+security|사회보장)[^\n]{0,24}$"
)


def _ssn_named_resolve(m: re.Match[str], text: str) -> tuple[int, int, Rule] | None:
    """``078 05 1120`` is an SSN only when the text names it (a space-grouped 3-2-4 number is
    otherwise any number)."""
    if _SSN_CONTEXT.search(text[max(0, m.start() - 40) : m.start()]):
        return m.start(), m.end(), Rule.PII_NATIONAL_ID
    return None


# --- URLs with credentials ---------------------------------------------------------------

_DB_SCHEMES = frozenset(
    _words("""postgres postgresql mysql mariadb mongodb mongodb+srv redis rediss amqp amqps mssql
    sqlserver oracle jdbc:postgresql jdbc:mysql jdbc:sqlserver clickhouse cassandra neo4j
    neo4j+s bolt bolt+s falkor falkors couchdb elasticsearch memcached db2 snowflake
    cockroachdb""")
)


def _url_cred_resolve(m: re.Match[str], _text: str) -> tuple[int, int, Rule] | None:
    password = m.group("pw")
    if not _plausible_value(password) and password.lower() not in {"pass"}:
        return None
    if password.lower() in {"password", "pass", "passwd", "pwd", "secret"}:
        return None
    scheme = m.group("scheme").lower()
    code = (
        Rule.SECRET_CONNECTION_STRING
        if scheme in _DB_SCHEMES or scheme.startswith("jdbc")
        else Rule.SECRET_PASSWORD
    )
    return m.start("pw"), m.end("pw"), code


# --- building the table ------------------------------------------------------------------

_S = FindingKind.SECRET
_P = FindingKind.PII
_TB = r"(?<![A-Za-z0-9_\-])"  # a token starts here
_TE = r"(?![A-Za-z0-9_\-])"  # a token ends here


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile with ``re.ASCII``: ``\\d``, ``\\w`` and ``\\b`` must not treat Hangul as part
    of a word (``010-1234-5678이야``) nor other scripts' digits as digits."""
    return re.compile(pattern, flags | re.ASCII)


#: value of a key=value pair: quoted (anything but the quote) or bare
_KV_VALUE = (
    r"""(?:"(?P<dq>[^"\n]{1,256})"|'(?P<sq>[^'\n]{1,256})'|`(?P<bq>[^`\n]{1,256})`"""
    r"""|(?P<bare>[^\s"'`,;()\[\]{}<>]{1,256}))"""
)
#: the value after the separator on the key's line, or alone on the next line (not a next
#: key: "DB_PASSWORD=" then "API_KEY=<…>" is an empty value, not a password "API_KEY=")
_KV_SEP = (
    r"""["']?[ \t]*(?::=|=>|[:=])[ \t]*"""
    r"""(?:\r?\n[ \t]*(?![\w.\-]{1,64}[ \t]*(?::=|=>|[:=])))?"""
)
_VALUE_GROUPS = ("dq", "sq", "bq", "bare")

#: a value in prose: everything up to whitespace, without surrounding quotes
_NL_VALUE = r"""["'“‘`]?(?P<v>[^\s"'“”‘’`]{3,128})"""

#: Korean sentence endings and particles that may follow a value glued to it
_KO_AFTER = (
    r"(?=$|\s|[)\]\"'”’`]|입니다|이에요|예요|에요|이야|야|이다|다|임|요|이고|고|이라고|라고"
    r"|으로|로|이며|인데|이니까|니까|이었|였)"
)

#: ``pass`` alone is a word ("Pass :data:`None`", "boarding pass: gate 12"); only a
#: prefixed ``DB_PASS`` / ``user_pass`` counts
_PASSWORD_KEYS = (
    r"(?:(?:[A-Za-z0-9]{1,32}_){0,6}(?:password|passwd|passphrase|passcode|pass_word|pwd)"
    r"|(?:[A-Za-z0-9]{1,32}_){1,6}pass)"
)

_DETECTORS: tuple[_Detector, ...] = (
    # ---- private keys and structured credentials (most specific first) ----
    _Detector(
        "pem_private_key",
        _S,
        _rx(
            r"-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.*?-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
            re.DOTALL,
        ),
        _whole(Rule.SECRET_PRIVATE_KEY),
    ),
    _Detector(
        "putty_private_key",
        _S,
        _rx(r"PuTTY-User-Key-File-\d+:[^\n]*(?:\n[^\n]*){0,60}Private-MAC:[^\n]*"),
        _whole(Rule.SECRET_PRIVATE_KEY),
    ),
    _Detector(
        "gcp_service_account",
        _S,
        _rx(r'"private_key(?:_id)?"\s*:\s*"[^"]{16,}"'),
        _whole(Rule.SECRET_CLOUD_KEY),
    ),
    _Detector(
        "azure_connection_string",
        _S,
        _rx(
            r"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)\s*=\s*[A-Za-z0-9+/%=&:\-._]{16,}"
        ),
        _whole(Rule.SECRET_CONNECTION_STRING),
    ),
    _Detector(
        "azure_sas_signature",
        _S,
        _rx(r"(?i)(?<=[?&])sig=[A-Za-z0-9%+/=]{16,}"),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "ado_connection_string",
        _S,
        _rx(
            r"(?i)\b(?:Server|Data Source|Host|Addr|Address)\s*=[^;\n]{1,200};"
            r"[^\n]{0,300}?\b(?:Password|Pwd)\s*=\s*(?P<bare>[^;\n\"']{1,128})"
        ),
        _group(Rule.SECRET_CONNECTION_STRING, ("bare",), _plausible_value),
    ),
    _Detector(
        "url_credentials",
        _S,
        _rx(
            r"(?i)\b(?P<scheme>[a-z][a-z0-9+.\-]{1,20}(?::[a-z0-9+.\-]{1,20})?)://"
            # a password written as typed keeps its "#" and "?" (round 17: "deploy:Quokka#Perth88@")
            r"(?P<user>[^\s:/@?#]{0,128}):(?P<pw>[^\s/@]{1,256})@(?P<host>[^\s/?#@]{1,255})"
        ),
        _url_cred_resolve,
    ),
    # ---- vendor token formats ----
    _Detector(
        "anthropic_key",
        _S,
        _rx(_TB + r"sk-ant-[A-Za-z0-9_\-]{20,}" + _TE),
        _whole(Rule.SECRET_API_KEY),
    ),
    _Detector(
        "openai_key",
        _S,
        _rx(_TB + r"sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}" + _TE),
        _whole(Rule.SECRET_API_KEY, _has_digit_and_letter),
    ),
    _Detector(
        "stripe_key",
        _S,
        _rx(
            _TB
            + r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"
            + _TE
            + r"|"
            + _TB
            + r"whsec_[A-Za-z0-9]{24,}"
        ),
        _whole(Rule.SECRET_API_KEY),
    ),
    _Detector(
        "aws_access_key_id",
        _S,
        _rx(r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])"),
        _whole(Rule.SECRET_CLOUD_KEY),
    ),
    _Detector(
        "aws_secret_access_key",
        _S,
        _rx(
            r"(?i)(?:aws)?_?(?:secret)_?(?:access)?_?key(?:_id)?[\"']?\s*(?:[:=]|=>)\s*[\"']?"
            r"(?P<bare>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"
            r"|(?i:secret access key)\s*(?:is|:|=)?\s*[\"']?"
            r"(?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"
        ),
        _group(Rule.SECRET_CLOUD_KEY, ("bare", "v"), _has_digit_and_letter),
    ),
    _Detector(
        "gcp_api_key",
        _S,
        _rx(_TB + r"AIza[0-9A-Za-z_\-]{35}" + _TE),
        _whole(Rule.SECRET_CLOUD_KEY),
    ),
    _Detector(
        "gcp_oauth",
        _S,
        _rx(_TB + r"(?:GOCSPX-[A-Za-z0-9_\-]{20,}|ya29\.[A-Za-z0-9_\-]{20,})" + _TE),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "github_token",
        _S,
        _rx(_TB + r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})" + _TE),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "gitlab_token",
        _S,
        _rx(_TB + r"gl(?:pat|dt|rt|ptt)-[A-Za-z0-9_\-]{20,}" + _TE),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "slack_token",
        _S,
        _rx(
            _TB
            + r"xox[abposre]-[A-Za-z0-9\-]{10,}"
            + _TE
            + r"|"
            + _TB
            + r"xapp-\d-[A-Za-z0-9\-]{10,}"
            + _TE
            + r"|https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_\-]{20,}"
        ),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "package_registry_token",
        _S,
        _rx(
            _TB + r"(?:npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_\-]{40,}|hf_[A-Za-z0-9]{30,}"
            r"|dop_v1_[a-f0-9]{64}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|glc_[A-Za-z0-9+/=]{32,}"
            r"|SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}|key-[0-9a-f]{32})" + _TE
        ),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "telegram_bot_token",
        _S,
        _rx(r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_\-]{33}" + _TE),
        _whole(Rule.SECRET_TOKEN),
    ),
    _Detector(
        "jwt",
        _S,
        _rx(_TB + r"eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]*" + _TE),
        _whole(Rule.SECRET_JWT, _jwt_ok),
    ),
    _Detector(
        "authorization_header",
        _S,
        _rx(
            r"(?i)\b(?:bearer|basic|token)\s+(?P<v>[A-Za-z0-9\-._~+/]{16,}=*)"
            r"|(?i:x-api-key|api-key|x-auth-token)\s*:\s*(?P<bare>[A-Za-z0-9\-._~+/=]{12,})"
        ),
        _group(Rule.SECRET_TOKEN, ("v", "bare"), _plausible_token),
    ),
    # ---- keyword contexts ----
    _Detector(
        "password_assignment",
        _S,
        _rx(r"(?i)(?<![A-Za-z0-9])" + _PASSWORD_KEYS + _KV_SEP + _KV_VALUE),
        _group(Rule.SECRET_PASSWORD, _VALUE_GROUPS, _plausible_value),
    ),
    _Detector(
        "api_key_assignment",
        _S,
        _rx(
            r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]{1,32}[_\-]){0,6}"
            r"(?:api[_\-]?key|apikey|api[_\-]?secret|secret[_\-]?key|client[_\-]?secret"
            r"|app[_\-]?secret|private[_\-]?key|access[_\-]?key|secret)" + _KV_SEP + _KV_VALUE
        ),
        _group(Rule.SECRET_API_KEY, _VALUE_GROUPS, _plausible_token),
    ),
    _Detector(
        "token_assignment",
        _S,
        _rx(
            r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]{1,32}[_\-]){0,6}"
            r"(?:access[_\-]?token|auth[_\-]?token|refresh[_\-]?token|bearer[_\-]?token"
            r"|session[_\-]?token|private[_\-]?token"
            # a token that names a document, a page or a cursor is an identifier, not a
            # credential (doc_token, next_page_token, sync_token) — round 12
            r"|"
            + "".join(rf"(?<!{p}[_\-])" for p in secret_shapes.IDENTIFIER_TOKEN_PREFIXES)
            + r"token)"
            + _KV_SEP
            + _KV_VALUE
        ),
        _group(Rule.SECRET_TOKEN, _VALUE_GROUPS, _plausible_token),
    ),
    _Detector(
        "password_in_prose",
        _S,
        _rx(
            r"(?i)\b(?:password|passcode|passphrase|pin\s+code|pin\s+number)"
            r"(?:\s+(?:for|to|of|on)(?:\s+\S+){1,4}?)?"
            r"\s+(?:is|was)(?:\s+now|\s+still)?\s+(?:set\s+to\s+)?"
            + _NL_VALUE
            + r"|(?i:\b(?:changed|set|reset|updated)\s+(?:my|the|our|his|her|their)(?:\s+\S+){0,2}?"
            r"\s+(?:password|passcode|passphrase|pin)\s+to)\s+" + _NL_VALUE.replace("<v>", "<v2>")
        ),
        _group(Rule.SECRET_PASSWORD, ("v", "v2"), _plausible_value),
    ),
    _Detector(
        # a bare "pin" is also a badge ("a spiderman pin on your purse"): only digits count
        "pin_in_prose",
        _S,
        _rx(
            r"(?i)\bpin(?:\s+(?:for|to|of|on)(?:\s+\S+){1,4}?)?\s+(?:is|was)(?:\s+now|\s+still)?"
            r"\s+(?:set\s+to\s+)?[\"'“‘`]?(?P<v>\d{4,12})\b"
        ),
        _group(Rule.SECRET_PASSWORD, ("v",), None),
    ),
    _Detector(
        "secret_in_prose",
        _S,
        _rx(
            r"(?i)\b(?P<key>api[ _\-]?key|access[ _\-]?key|secret[ _\-]?key|access[ _\-]?token"
            r"|auth[ _\-]?token|token|secret)\s+(?:is|was)(?:\s+now)?\s+" + _NL_VALUE
        ),
        _keyed_group(("v",)),
    ),
    _Detector(
        "password_korean",
        _S,
        _rx(
            r"(?:비밀\s?번호|패스워드|비번|암호|핀\s?번호|PIN\s?번호)\s*(?:는|은|가|이|:|=|를|을)?"
            r"\s*[:=]?\s*[\"'“‘`]?(?P<v>[!-~]{3,128})" + _KO_AFTER
        ),
        _group(Rule.SECRET_PASSWORD, ("v",), _plausible_value),
    ),
    _Detector(
        "secret_korean",
        _S,
        _rx(
            r"(?i)(?P<key>api\s?키|토큰|시크릿\s?키|액세스\s?키|인증\s?키|접근\s?키|비밀\s?키)"
            r"\s*(?:는|은|가|이|:|=|를|을)?\s*[:=]?\s*[\"'“‘`]?(?P<v>[A-Za-z0-9_\-./+=]{8,256})"
            + _KO_AFTER
        ),
        _keyed_group(("v",)),
    ),
    # ---- personal data ----
    _Detector(
        "email",
        _P,
        _rx(
            r"(?<![A-Za-z0-9._%+\-])(?P<local>[A-Za-z0-9._%+\-]{1,64})@"
            r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9\-])"
        ),
        _email_resolve,
    ),
    _Detector(
        "kr_rrn",
        _P,
        _rx(r"(?<![\w\-])\d{6}-?[1-8]\d{6}(?![\w\-])"),
        _rrn_resolve,
    ),
    _Detector(
        "us_ssn",
        _P,
        _rx(r"(?<![\w\-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\w\-])"),
        _whole(Rule.PII_NATIONAL_ID),
    ),
    _Detector(
        "us_ssn_named",
        _P,
        _rx(r"(?<![\w\-])(?!000|666|9\d\d)\d{3}[ .](?!00)\d{2}[ .](?!0000)\d{4}(?![\w\-])"),
        _ssn_named_resolve,
    ),
    _Detector(
        "card_grouped",
        _P,
        _rx(
            r"(?<![\w\-])(?:\d{4}[ \-]\d{4}[ \-]\d{4}[ \-]\d{1,7}"
            r"|\d{4}[ \-]\d{6}[ \-]\d{4,5})(?![\w\-])"
        ),
        _whole(Rule.PII_CARD, _card_ok),
    ),
    _Detector(
        "card_bare",
        _P,
        _rx(r"(?<![\w\-])\d{13,19}(?![\w\-])"),
        _card_bare_resolve,
    ),
    _Detector(
        "iban",
        _P,
        _rx(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,34}"),
        _iban_resolve,
    ),
    _Detector(
        "kr_phone",
        _P,
        _rx(
            r"(?<![\w\-+.])(?:01[016789][\-. ]?\d{3,4}[\-. ]?\d{4}"
            r"|\(?0(?:2|[3-6][1-5]|70)\)?[\-. )]\s?\d{3,4}[\-. ]\d{4})(?![\w\-])"
        ),
        _contact_resolve(Rule.PII_PHONE, _phone_digits_ok(9, 11)),
    ),
    _Detector(
        "intl_phone",
        _P,
        _rx(r"(?<![\w+])\+[1-9]\d{0,2}(?:[ .\-]?\(?\d{1,5}\)?){1,6}(?![\w\-])"),
        _contact_resolve(Rule.PII_PHONE, _phone_digits_ok(8, 15)),
    ),
    _Detector(
        "us_phone",
        _P,
        _rx(
            r"(?<![\w\-+.])(?:1[ .\-])?(?:\(\d{3}\)[ .\-]?|\d{3}[ .\-])\d{3}[ .\-]\d{4}"
            r"(?![\w\-]|\.\d)"
        ),
        _contact_resolve(Rule.PII_PHONE),
    ),
)


# --- health terms (special category data) ------------------------------------------------

_HEALTH_EN_WORDS = r"""
diabet(?:es|ic) pre-?diabet(?:es|ic) insulin metformin ozempic semaglutide
cancer cancers tumou?r chemo(?:therapy)? radiotherapy leukemia leukaemia lymphoma melanoma
carcinoma oncologist mastectomy
depression depressed antidepressants? sertraline zoloft prozac fluoxetine lexapro
escitalopram wellbutrin bupropion xanax alprazolam valium diazepam adderall ritalin
methylphenidate lithium\s+(?:carbonate|therapy) seroquel quetiapine
bipolar schizophreni(?:a|c) psychosis psychotic anxiety\s+disorder panic\s+(?:attacks?|disorder)
eating\s+disorder anorexia bulimia suicidal suicide\s+attempt self-?harm
autism autistic asperger'?s dementia alzheimer'?s parkinson'?s epilepsy epileptic seizures?
multiple\s+sclerosis
asthma hypertension high\s+blood\s+pressure heart\s+attack heart\s+disease arrhythmia
hepatitis cirrhosis tuberculosis chlamydia gonorrh(?:o)?ea syphilis herpes
pregnant pregnancy miscarriage abortion infertility infertile ivf
rehab(?:ilitation)?\s+(?:clinic|center|centre) alcoholism alcoholic addiction
opioids? oxycodone methadone buprenorphine
psychiatrist therapist psychotherapy
diagnosed\s+with prescribed\s+(?:me|him|her|them)\b prescription\s+(?:drugs?|medications?|pills?)
medication medications on\s+meds
dialysis (?:organ|kidney|liver|heart|bone\s+marrow)\s+transplant migraines?
crohn'?s colitis celiac coeliac thyroid hypothyroidism
"""

_HEALTH_EN = re.compile(
    r"\b(?:" + "|".join(_words(_HEALTH_EN_WORDS)) + r")\b"
    r"|\b(?-i:HIV|AIDS|ADHD|PTSD|OCD|STDs?|STIs?|COPD)\b",
    re.IGNORECASE | re.ASCII,
)

_HEALTH_KO_WORDS = r"""
당뇨 인슐린 혈당약 고혈압 혈압약 저혈압 고지혈증 갑상선 심근경색 협심증 부정맥 뇌졸중 뇌경색 중풍
위암 폐암 간암 유방암 대장암 갑상선암 췌장암 자궁경부암 전립선암 혈액암 백혈병 림프종 항암
암\s?진단 암\s?환자 암\s?투병 암\s?수술 종양 방사선\s?치료
우울증 우울장애 항우울제 조울증 양극성\s?장애 공황장애 불안장애 강박장애 조현병 정신과 정신병
정신질환 신경정신과 심리상담 상담치료 자해 자살\s?시도 자살\s?충동 섭식장애 거식증 폭식증
ADHD 자폐 아스퍼거 치매 알츠하이머 파킨슨 뇌전증 간질\s?발작 경련\s?발작
천식 아토피 결핵 간염 간경화 에이즈 HIV 성병 매독 임질 클라미디아 헤르페스
임신 임산부 입덧 유산했 낙태 임신중절 난임 불임 시험관\s?시술 시험관\s?아기
혈액\s?투석 장기이식 신장이식 알코올\s?중독 약물\s?중독 마약\s?중독 도박\s?중독 재활원
처방약 처방받 처방전 진단받 진단을\s?받 복용\s?중 복용하고 투약
"""

_HEALTH_KO = re.compile("|".join(_words(_HEALTH_KO_WORDS)))

_HEALTH_DETECTORS: tuple[_Detector, ...] = (
    _Detector("health_terms_en", _P, _HEALTH_EN, _whole(Rule.PII_HEALTH)),
    _Detector("health_terms_ko", _P, _HEALTH_KO, _whole(Rule.PII_HEALTH)),
)

_ALL_DETECTORS: tuple[_Detector, ...] = _DETECTORS + _HEALTH_DETECTORS


# ---------------------------------------------------------------------------------------
# scanning
# ---------------------------------------------------------------------------------------

#: which normalised views each kind of finding is looked for in (identifiers found by their
#: check digit only on the text's own characters: _TRANSFORMED)
_SECRET_VIEWS = frozenset(
    {"raw", "clean", "joined", "digits", "leet", "reversed", "inline", "regrouped"}
)
_PII_VIEWS = frozenset({"raw", "clean", "joined", "digits", "leet", "reversed", "inline"})
#: contacts whose reversed reading counts only when the text does not hold them forwards
_READ_FORWARD = frozenset({"email"})
#: views whose characters are not the text's own: an identifier found by its check digit there
#: is chance ("mascot_name_0075333f" read backwards holds a valid HKID), not an identifier
_TRANSFORMED = frozenset({"reversed", "leet"})


@lru_cache(maxsize=4096)
def scan(text: str) -> SensitivityReport:
    """Find secrets and personal data in ``text``, on every normalised view of it
    (:mod:`graphmem.write.normalize`: invisible characters, look-alikes, spaced-out and
    hyphen-broken words, spelled-out digits, reversed text, base64 / hex / URL-encoded runs),
    with every finding mapped back to the characters of ``text`` it stands for (a decoded run
    maps to the whole run), so :func:`redact` removes the original.

    Findings are sorted by position. One contained wholly in a stronger finding (a JWT in
    an ``Authorization: Bearer`` header, a Korean mobile number also matched as an
    international one) is dropped; partly overlapping findings are both kept, so that
    :func:`redact` covers the union.
    """
    if not isinstance(text, str):
        raise TypeError(f"scan() wants str, got {type(text).__name__}")
    raw: list[tuple[int, int, int, Finding]] = []
    seen: set[tuple[str, bool, bool]] = set()
    read = _WORKING_DIRECTORY.sub(lambda m: f"{m['old'] or ''}CWD", text)
    forward: dict[str, list[tuple[int, int]]] = {}  # spans read forwards, found once
    for view in normalize(read).views:
        kind = view.name.rsplit("/", 1)[-1]
        want_secret, want_pii = kind in _SECRET_VIEWS, kind in _PII_VIEWS
        key = (view.text, want_secret, want_pii)
        if key in seen or not (want_secret or want_pii):
            continue
        seen.add(key)
        scanned = view.text
        for priority, det in enumerate(_ALL_DETECTORS):
            if not (want_secret if det.kind is FindingKind.SECRET else want_pii):
                continue
            for m in det.pattern.finditer(scanned):
                resolved = det.resolve(m, scanned)
                if resolved is None:
                    continue
                start, end, code = resolved
                if end <= start:
                    continue
                s, e = view.original_span(start, end)
                if kind == "reversed" and det.name in _READ_FORWARD:
                    # "dana.kim@northwind.example" read backwards is an address too, but the
                    # text already says it forwards, where its own labels were read (round 17)
                    if det.name not in forward:
                        forward[det.name] = [m.span() for m in det.pattern.finditer(read)]
                    if any(a < e and s < b for a, b in forward[det.name]):
                        continue
                raw.append((s, e, priority, Finding(det.kind, code, s, e, det.name)))
        shapes = []
        if want_secret:
            shapes += [
                (FindingKind.SECRET, f)
                for f in secret_shapes.secrets(
                    scanned, structured_only=kind in ("reversed", "leet")
                )
            ]
        if want_pii:
            shapes += [(FindingKind.PII, f) for f in secret_shapes.personal_data(scanned)]
        for fkind, (start, end, rule, name) in shapes:
            if end <= start or (
                kind in _TRANSFORMED and (name in CHECKSUM_DETECTORS or name in AS_WRITTEN)
            ):
                continue
            if name in RUN_DETECTORS and kind not in ("raw", "clean"):
                continue
            s, e = view.original_span(start, end)
            raw.append((s, e, len(_ALL_DETECTORS), Finding(fkind, rule, s, e, name)))
    return SensitivityReport(findings=_dedupe(raw), text_length=len(text))


def with_finding(report: SensitivityReport, code: Rule, detector: str) -> SensitivityReport:
    """``report`` with one more personal-data finding that has no place in the text (the
    claim's label names the category)."""
    extra = Finding(FindingKind.PII, code, 0, 0, detector)
    return SensitivityReport(findings=(extra, *report.findings), text_length=report.text_length)


#: the categories whose sense a value can take from its sentence (round 10)
_CONTEXT_CODES: frozenset[Rule] = frozenset(
    {Rule.PII_HEALTH, Rule.PII_SPECIAL_CATEGORY, Rule.PII_CRIMINAL}
)


def categories_in_context(value: str, statements: Iterable[str]) -> list[Rule]:
    """The special categories ``statements`` give ``value``: a finding of a special category
    in a statement that covers, or is covered by, the value. A value that is ordinary on its
    own ("여자친구", "Tuesdays") is what its sentence makes it: a girlfriend is a partner of
    the same gender when the speaker says she is a woman too, and storing it stores that."""
    needle = value.strip().casefold()
    if len(needle) < 2:
        return []
    out: list[Rule] = []
    for text in statements:
        for f in scan(text).pii:
            found = text[f.start : f.end].casefold()
            if f.code in _CONTEXT_CODES and found and (found in needle or needle in found):
                out.append(f.code)
    return out


def _dedupe(raw: list[tuple[int, int, int, Finding]]) -> tuple[Finding, ...]:
    """Drop each finding lying wholly inside a stronger one (secrets first, then detector
    order, then longer spans). A Fenwick tree of the greatest end among kept findings,
    indexed by start, answers "is [s, e) inside a kept span" in O(log n), so a text full
    of matches stays fast."""
    ordered = sorted(raw, key=lambda r: (r[3].kind is not FindingKind.SECRET, r[2], -(r[1] - r[0])))
    starts = sorted({r[0] for r in raw})
    rank = {s: i + 1 for i, s in enumerate(starts)}
    tree = [-1] * (len(starts) + 1)
    kept: list[Finding] = []
    for start, end, _prio, finding in ordered:
        i, best = rank[start], -1
        while i > 0:  # greatest end among kept findings starting at or before `start`
            best = max(best, tree[i])
            i -= i & -i
        if best >= end:
            continue
        kept.append(finding)
        i = rank[start]
        while i < len(tree):
            tree[i] = max(tree[i], end)
            i += i & -i
    kept.sort(key=lambda f: (f.start, f.end, f.code))
    return tuple(kept)


# ---------------------------------------------------------------------------------------
# consent
# ---------------------------------------------------------------------------------------


def _coerce_basis(value: ConsentBasis | str | None) -> ConsentBasis | None:
    if value is None or isinstance(value, ConsentBasis):
        return value
    try:
        return ConsentBasis(value)
    except ValueError:
        raise ValidationError(
            [
                FieldIssue(
                    "consent_basis",
                    "unknown_value",
                    f"expected one of {', '.join(ConsentBasis.values())}",
                )
            ]
        ) from None


def _coerce_sensitivity(value: Sensitivity | str) -> Sensitivity:
    if isinstance(value, Sensitivity):
        return value
    try:
        return Sensitivity(value)
    except ValueError:
        raise ValidationError(
            [
                FieldIssue(
                    "sensitivity",
                    "unknown_value",
                    f"expected one of {', '.join(Sensitivity.values())}",
                )
            ]
        ) from None


def _coerce_purposes(purposes: Iterable[str] | str | None) -> tuple[str, ...]:
    if purposes is None:
        return ()
    items = [purposes] if isinstance(purposes, str) else list(purposes)
    out: list[str] = []
    for i, p in enumerate(items):
        if not isinstance(p, str):
            raise ValidationError(
                [FieldIssue(f"purposes[{i}]", "not_a_string", "each purpose is a string")]
            )
        p = p.strip()
        if p and p not in out:
            out.append(p)
    return tuple(out)


def consent_decision(
    report: SensitivityReport,
    consent_basis: ConsentBasis | str | None,
    purposes: Iterable[str] | str | None,
    *,
    declared_sensitivity: Sensitivity | str = Sensitivity.LOW,
) -> ConsentVerdict:
    """Decide the sensitivity & consent stage for one proposal.

    * SECRET: REJECT, whatever the basis; ``code`` is the first secret's code.
    * Effective sensitivity is the higher of ``declared_sensitivity`` and what the scan
      found (HIGH for PII): a caller may raise it, never lower it.
    * HIGH or RESTRICTED needs a basis in :data:`EXPLICIT_CONSENT_BASES` (else
      NEEDS_CONFIRMATION / CONSENT_REQUIRED) and at least one purpose (else
      NEEDS_CONFIRMATION / PURPOSE_REQUIRED). This applies to a caller-declared HIGH on
      text the scan found clean as well: the declaration says the detectors missed
      something, and the seed wants purposes on every sensitive memory.
    * Otherwise ACCEPT with the effective sensitivity.

    Raises :class:`~graphmem.errors.ValidationError` for an unknown basis or sensitivity.
    """
    basis = _coerce_basis(consent_basis)
    declared = _coerce_sensitivity(declared_sensitivity)
    wanted = _coerce_purposes(purposes)
    finding_codes = report.codes

    if report.verdict is SensitivityVerdict.SECRET:
        secret_codes = tuple(dict.fromkeys(f.code for f in report.secrets))
        return ConsentVerdict(
            outcome=ConsentOutcome.REJECT,
            code=secret_codes[0],
            codes=secret_codes,
            sensitivity=None,
            consent_basis=basis,
            purposes=wanted,
            finding_codes=finding_codes,
            detail="text holds a secret or credential; it must not be stored",
        )

    effective = max(declared, report.sensitivity)
    if effective < Sensitivity.HIGH:
        return ConsentVerdict(
            outcome=ConsentOutcome.ACCEPT,
            code=Rule.SENSITIVITY_OK,
            codes=(Rule.SENSITIVITY_OK,),
            sensitivity=effective,
            consent_basis=basis,
            purposes=wanted,
            finding_codes=finding_codes,
        )

    problems: list[Rule] = []
    if basis not in EXPLICIT_CONSENT_BASES:
        problems.append(Rule.CONSENT_REQUIRED)
    if not wanted:
        problems.append(Rule.PURPOSE_REQUIRED)
    why = (
        "personal data found (" + ", ".join(c.value for c in finding_codes) + ")"
        if finding_codes
        else f"declared sensitivity {declared.value}"
    )
    if problems:
        needs = []
        if Rule.CONSENT_REQUIRED in problems:
            needs.append("an explicit consent basis")
        if Rule.PURPOSE_REQUIRED in problems:
            needs.append("at least one purpose")
        return ConsentVerdict(
            outcome=ConsentOutcome.NEEDS_CONFIRMATION,
            code=problems[0],
            codes=tuple(problems),
            sensitivity=effective,
            consent_basis=basis,
            purposes=wanted,
            finding_codes=finding_codes,
            detail=f"{why}: needs {' and '.join(needs)}",
        )
    return ConsentVerdict(
        outcome=ConsentOutcome.ACCEPT,
        code=Rule.SENSITIVE_CONSENTED,
        codes=(Rule.SENSITIVE_CONSENTED,),
        sensitivity=effective,
        consent_basis=basis,
        purposes=wanted,
        finding_codes=finding_codes,
        detail=why,
    )


# ---------------------------------------------------------------------------------------
# redaction and fingerprints
# ---------------------------------------------------------------------------------------


def redact(
    text: str,
    report: SensitivityReport,
    *,
    kinds: Collection[FindingKind] | None = None,
) -> str:
    """``text`` with each finding (of ``kinds``, default all) replaced by
    ``[REDACTED:<code>]``; overlapping findings become one marker.

    ``report`` must come from ``scan(text)``: a report of another text would redact the
    wrong places, so a length mismatch raises ``ValueError``.
    """
    if report.text_length != len(text):
        raise ValueError("report was not made from this text (length differs)")
    chosen = sorted(
        (f for f in report.findings if kinds is None or f.kind in kinds),
        key=lambda f: (f.start, -f.end),
    )
    merged: list[tuple[int, int, Rule]] = []
    for f in chosen:
        if merged and f.start < merged[-1][1]:
            s, e, code = merged[-1]
            merged[-1] = (s, max(e, f.end), code)
        else:
            merged.append((f.start, f.end, f.code))
    out: list[str] = []
    pos = 0
    for s, e, code in merged:
        out.append(text[pos:s])
        out.append(f"[REDACTED:{code.value}]")
        pos = e
    out.append(text[pos:])
    return "".join(out)


def fingerprint(text: str, finding: Finding, *, key: bytes) -> str:
    """A keyed HMAC-SHA256 of one finding's match, for correlating matches across texts
    (the same card seen twice) without storing it. A plain hash would not do: short
    secrets and phone numbers are reversed by enumerating them."""
    if not key:
        raise ValueError("fingerprint needs a non-empty key")
    match = text[finding.start : finding.end].encode("utf-8")
    return hmac.new(key, match, hashlib.sha256).hexdigest()
