"""Detectors of the sensitivity & consent stage, measured on the labelled case file.

``tests/data/sensitivity_cases.jsonl`` holds one case a line: ``{"text", "expect",
"code"?}`` with expect ∈ SECRET, PII_HIGH, CLEAN. Bars: every SECRET found (recall 1.0),
no CLEAN case flagged (0 false positives), PII recall ≥ 0.95.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from graphmem.errors import ValidationError
from graphmem.models.enums import ConsentBasis, Sensitivity, Verdict
from graphmem.write.codes import Rule
from graphmem.write.sensitivity import (
    ConsentOutcome,
    Finding,
    FindingKind,
    SensitivityReport,
    SensitivityVerdict,
    consent_decision,
    fingerprint,
    redact,
    scan,
)
from tests.complexity import assert_linear_growth

CASES_FILE = Path(__file__).resolve().parents[1] / "data" / "sensitivity_cases.jsonl"
HANGUL = re.compile(r"[가-힣]")


def _load() -> list[dict[str, Any]]:
    with CASES_FILE.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


CASES = _load()
SECRETS = [c for c in CASES if c["expect"] == "SECRET"]
PIIS = [c for c in CASES if c["expect"] == "PII_HIGH"]
CLEANS = [c for c in CASES if c["expect"] == "CLEAN"]


def _id(case: dict[str, Any]) -> str:
    label = str(case.get("code") or case["expect"])
    return label + ":" + str(case["text"])[:40].replace("\n", " ")


# --- the case file itself ---------------------------------------------------------------


def test_case_file_is_big_and_varied() -> None:
    assert len(CASES) >= 150
    assert {c["expect"] for c in CASES} == {"SECRET", "PII_HIGH", "CLEAN"}
    for group in (SECRETS, PIIS, CLEANS):
        korean = sum(bool(HANGUL.search(c["text"])) for c in group)
        assert korean >= 5, "each label needs Korean cases too"
        assert len(group) - korean >= 5, "each label needs English cases too"
    codes = Counter(c.get("code") for c in CASES if c.get("code"))
    for code in Rule:
        if code.name.startswith(("SECRET_", "PII_")):
            assert codes[code.value] >= 1, f"no case for {code.value}"
    assert all(Rule(c["code"]) for c in CASES if c.get("code"))


# --- recall and false positives ---------------------------------------------------------


@pytest.mark.parametrize("case", SECRETS, ids=_id)
def test_every_secret_is_found(case: dict[str, Any]) -> None:
    report = scan(case["text"])
    assert report.verdict is SensitivityVerdict.SECRET
    if case.get("code"):
        assert case["code"] in report.codes


@pytest.mark.parametrize("case", CLEANS, ids=_id)
def test_no_clean_case_is_flagged(case: dict[str, Any]) -> None:
    report = scan(case["text"])
    assert report.findings == (), [f.to_dict() for f in report.findings]
    assert report.verdict is SensitivityVerdict.CLEAN


def test_pii_recall_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    found = [c for c in PIIS if scan(c["text"]).verdict is SensitivityVerdict.PII_HIGH]
    right_code = [c for c in found if not c.get("code") or c["code"] in scan(c["text"]).codes]
    recall = len(found) / len(PIIS)
    secret_recall = sum(scan(c["text"]).verdict is SensitivityVerdict.SECRET for c in SECRETS)
    false_pos = sum(scan(c["text"]).verdict is not SensitivityVerdict.CLEAN for c in CLEANS)
    with capsys.disabled():
        print(
            f"\nsensitivity cases: SECRET recall {secret_recall}/{len(SECRETS)}, "
            f"PII recall {len(found)}/{len(PIIS)} ({recall:.3f}, right code "
            f"{len(right_code)}), CLEAN false positives {false_pos}/{len(CLEANS)}"
        )
    missed = [c["text"] for c in PIIS if c not in found]
    assert recall >= 0.95, missed
    assert len(right_code) == len(found)


def test_a_pii_case_is_never_judged_secret() -> None:
    """PII must go to consent, not be refused outright as if it were a credential."""
    assert [c["text"] for c in PIIS if scan(c["text"]).verdict is SensitivityVerdict.SECRET] == []


# --- nothing leaks ----------------------------------------------------------------------


def test_findings_hold_no_text() -> None:
    assert {f.name for f in dataclasses.fields(Finding)} == {
        "kind",
        "code",
        "start",
        "end",
        "detector",
    }
    assert {f.name for f in dataclasses.fields(SensitivityReport)} == {
        "findings",
        "text_length",
        "scanner_version",
    }


@pytest.mark.parametrize("case", SECRETS + PIIS, ids=_id)
def test_reprs_and_dicts_never_contain_the_match(case: dict[str, Any]) -> None:
    text = case["text"]
    report = scan(text)
    verdict = consent_decision(report, ConsentBasis.CONSENT, ["support"])
    shown = [
        repr(report),
        str(report),
        json.dumps(report.to_dict()),
        repr(verdict),
        json.dumps(verdict.to_dict()),
        redact(text, report),
    ]
    shown += [repr(f) for f in report.findings] + [str(f) for f in report.findings]
    for f in report.findings:
        match = text[f.start : f.end]
        assert match.strip(), "a finding covers something"
        for s in shown:
            assert match not in s, (f.code, s)


def test_redact_hides_every_finding_and_keeps_the_rest() -> None:
    text = "ping me at jane@example.com; password: hunter2 and key AKIAIOSFODNN7EXAMPLE ok"
    report = scan(text)
    out = redact(text, report)
    assert out == (
        "ping me at [REDACTED:PII_EMAIL]; password: [REDACTED:SECRET_PASSWORD] "
        "and key [REDACTED:SECRET_CLOUD_KEY] ok"
    )
    only_secrets = redact(text, report, kinds={FindingKind.SECRET})
    assert "jane@example.com" in only_secrets and "hunter2" not in only_secrets


def test_redact_merges_overlaps_and_is_identity_on_clean_text() -> None:
    clean = "I prefer answers in Korean"
    assert redact(clean, scan(clean)) == clean
    report = SensitivityReport(
        findings=(
            Finding(FindingKind.SECRET, Rule.SECRET_TOKEN, 2, 8, "t"),
            Finding(FindingKind.PII, Rule.PII_EMAIL, 5, 12, "t"),
        ),
        text_length=14,
    )
    assert redact("ab0123456789yz", report) == "ab[REDACTED:SECRET_TOKEN]yz"


def test_redact_refuses_a_report_of_another_text() -> None:
    with pytest.raises(ValueError, match="length"):
        redact("short", scan("password: hunter2"))


def test_fingerprint_is_keyed() -> None:
    text = "card 4111 1111 1111 1111"
    (f,) = scan(text).findings
    a = fingerprint(text, f, key=b"k1")
    assert a == fingerprint(
        "other 4111 1111 1111 1111", scan("other 4111 1111 1111 1111").findings[0], key=b"k1"
    )
    assert a != fingerprint(text, f, key=b"k2")
    assert "4111" not in a and len(a) == 64
    with pytest.raises(ValueError):
        fingerprint(text, f, key=b"")


# --- detector details -------------------------------------------------------------------


def test_offsets_point_into_the_callers_text_despite_invisible_characters() -> None:
    key = "sk-proj-" + "Ab3dEf6hIj9kLm2oPq5sTu8w"
    text = "key: " + key[:4] + "\u200b" + key[4:] + " end"
    (f,) = scan(text).findings
    assert text[f.start : f.end].replace("\u200b", "") == key
    wide = "ｐａｓｓｗｏｒｄ： ｈｕｎｔｅｒ２"
    (g,) = scan(wide).findings
    assert wide[g.start : g.end] == "ｈｕｎｔｅｒ２"


@pytest.mark.parametrize(
    "text",
    [
        "4111 1111 1111 1112",  # fails Luhn
        "card 4111111111111112",  # fails Luhn, bare
        "4111111111111111",  # Luhn-valid but bare without any card context
        "9001011234560",  # 13 digits, RRN shape, wrong check digit, no context
        "DE89 3704 0044 0532 0130 01",  # IBAN with a wrong check
        "000-12-3456",  # not a valid SSN area
        "eyJub3Rqc29uIjp.eyJ4IjoxfQ.abc",  # eyJ… whose header is no JWT header
        "sk-abcdefghijklmnopqrstuvwxyz",  # no digit: a slug, not a key
    ],
)
def test_validators_reject_lookalikes(text: str) -> None:
    assert scan(text).verdict is SensitivityVerdict.CLEAN, scan(text).to_dict()


def test_rrn_checksum_or_context_or_hyphen() -> None:
    assert scan("9001011234568").verdict is SensitivityVerdict.PII_HIGH  # check digit ok
    assert scan("주민번호 9001011234560").verdict is SensitivityVerdict.PII_HIGH
    assert scan("900101-1234560").verdict is SensitivityVerdict.PII_HIGH  # post-2020 style
    assert scan("901301-1234567").verdict is SensitivityVerdict.CLEAN  # month 13


def test_secret_wins_over_pii_and_findings_are_sorted() -> None:
    text = "email bob@example.com, token ghp_" + "a1B2" * 9
    report = scan(text)
    assert report.verdict is SensitivityVerdict.SECRET
    assert report.sensitivity is Sensitivity.RESTRICTED
    assert [f.code for f in report.findings] == [Rule.PII_EMAIL, Rule.SECRET_TOKEN]
    assert [f.start for f in report.findings] == sorted(f.start for f in report.findings)
    assert len(report.secrets) == 1 and len(report.pii) == 1


def test_a_finding_inside_a_stronger_one_is_dropped() -> None:
    jwt = (
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    )
    report = scan("Authorization: Bearer " + jwt)
    assert [f.code for f in report.findings] == [Rule.SECRET_JWT]


def test_scan_wants_a_string() -> None:
    with pytest.raises(TypeError):
        scan(b"password: hunter2")  # type: ignore[arg-type]


def test_adversarial_inputs_stay_fast() -> None:
    blobs = [
        "sk-" * 60_000,
        "a_" * 100_000,
        "password_" * 20_000,
        "-----BEGIN PRIVATE KEY-----" + "A" * 200_000,
        "a://b:c" * 30_000,
        ("x@" + "a." * 50) * 1_500,
        "Server=x;Password=" * 10_000,
        "비번 " * 60_000,
    ]
    for blob in blobs:
        assert_linear_growth(scan, blob)


# --- consent ----------------------------------------------------------------------------

PII_TEXT = "my number is 010-1234-5678"
SECRET_TEXT = "password: hunter2"
CLEAN_TEXT = "I prefer answers in Korean"


def test_secret_is_rejected_whatever_the_basis() -> None:
    for basis in [*ConsentBasis, None]:
        v = consent_decision(scan(SECRET_TEXT), basis, ["support"])
        assert v.outcome is ConsentOutcome.REJECT
        assert v.code is Rule.SECRET_PASSWORD
        assert v.sensitivity is None and not v.accepted
        assert v.stage_verdict is Verdict.FAIL


@pytest.mark.parametrize(
    "basis",
    [
        "explicit_user_request",
        "consent",
        "CONTRACT",
        ConsentBasis.LEGAL_OBLIGATION,
        "vital_interest",
    ],
)
def test_pii_with_explicit_basis_and_purpose_is_accepted_high(basis: str | ConsentBasis) -> None:
    v = consent_decision(scan(PII_TEXT), basis, [" support ", "support", "billing"])
    assert v.outcome is ConsentOutcome.ACCEPT and v.accepted
    assert v.code is Rule.SENSITIVE_CONSENTED
    assert v.sensitivity is Sensitivity.HIGH
    assert v.purposes == ("support", "billing")
    assert v.finding_codes == (Rule.PII_PHONE,)
    assert v.stage_verdict is Verdict.PASS


@pytest.mark.parametrize("basis", [None, "none", "legitimate_interest", "public_task"])
def test_pii_without_explicit_basis_needs_consent(basis: str | None) -> None:
    v = consent_decision(scan(PII_TEXT), basis, ["support"])
    assert v.outcome is ConsentOutcome.NEEDS_CONFIRMATION
    assert v.code is Rule.CONSENT_REQUIRED
    assert v.stage_verdict is Verdict.WARN


def test_pii_without_purpose_needs_one() -> None:
    for purposes in (None, [], ["  "], ""):
        v = consent_decision(scan(PII_TEXT), "consent", purposes)
        assert v.outcome is ConsentOutcome.NEEDS_CONFIRMATION
        assert v.code is Rule.PURPOSE_REQUIRED
    both = consent_decision(scan(PII_TEXT), None, None)
    assert both.codes == (Rule.CONSENT_REQUIRED, Rule.PURPOSE_REQUIRED)


def test_clean_keeps_the_declared_sensitivity_never_lower() -> None:
    v = consent_decision(scan(CLEAN_TEXT), "explicit_user_request", None)
    assert v.outcome is ConsentOutcome.ACCEPT and v.sensitivity is Sensitivity.LOW
    assert v.code is Rule.SENSITIVITY_OK
    v = consent_decision(scan(CLEAN_TEXT), None, None, declared_sensitivity="medium")
    assert v.accepted and v.sensitivity is Sensitivity.MEDIUM
    # PII found: a declared LOW is raised to HIGH; a declared RESTRICTED stays
    v = consent_decision(scan(PII_TEXT), "consent", ["x"], declared_sensitivity="LOW")
    assert v.sensitivity is Sensitivity.HIGH
    v = consent_decision(scan(PII_TEXT), "consent", ["x"], declared_sensitivity="RESTRICTED")
    assert v.sensitivity is Sensitivity.RESTRICTED


def test_declared_high_on_clean_text_follows_the_high_rules() -> None:
    v = consent_decision(scan(CLEAN_TEXT), None, ["x"], declared_sensitivity=Sensitivity.HIGH)
    assert v.code is Rule.CONSENT_REQUIRED
    v = consent_decision(scan(CLEAN_TEXT), "consent", ["x"], declared_sensitivity=Sensitivity.HIGH)
    assert v.accepted and v.sensitivity is Sensitivity.HIGH


def test_bad_inputs_name_the_field() -> None:
    with pytest.raises(ValidationError) as err:
        consent_decision(scan(CLEAN_TEXT), "because", None)
    assert err.value.issues[0].field == "consent_basis"
    with pytest.raises(ValidationError) as err:
        consent_decision(scan(CLEAN_TEXT), None, None, declared_sensitivity="TOP_SECRET")
    assert err.value.issues[0].field == "sensitivity"
    with pytest.raises(ValidationError) as err:
        consent_decision(scan(CLEAN_TEXT), None, ["ok", 3])  # type: ignore[list-item]
    assert err.value.issues[0].field == "purposes[1]"
