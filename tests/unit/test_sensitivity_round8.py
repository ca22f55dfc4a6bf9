"""Round 8's sensitivity classes (issue 11): secrets by form, personal data by structure,
consent from the subject's own statement, and the near-misses each class must let through.

The cases are siblings of the held-out families, not their rows: other words, other
languages, other values. A secret must be refused *and* gone from what a source stores.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from graphmem.models.nodes import Source
from graphmem.write import records
from graphmem.write.codes import Rule
from graphmem.write.consent import (
    asks_to_keep,
    consent_problem,
    takes_back,
    unlicensed_purposes,
)
from graphmem.write.secret_forms import labelled_secret
from graphmem.write.sensitivity import FindingKind, SensitivityVerdict, scan
from graphmem.write.sources import redacted

#: (text, the secret value that must not survive in the stored source)
SECRETS = [
    # a password described, then given
    (
        "my wifi password — the one with our street and the year we moved — is Maple2011",
        "Maple2011",
    ),
    ("비밀번호는 고양이 이름에 내 생일 붙인 거야: nabi0923", "nabi0923"),
    ("ログインのパスワードは母の旧姓と数字で、Tanaka88です", "Tanaka88"),
    ("银行密码是我儿子名字加年份，leo2016", "leo2016"),
    ("la contraseña del router, la de siempre con el número, es Gato4455", "Gato4455"),
    ("Das Kennwort für den Laptop, Name der Katze plus Jahr, lautet Mimi2020", "Mimi2020"),
    # lock combinations, digits spaced, dotted or dashed
    ("the gym locker combination is 4 . 1 . 9 . 7", "4 . 1 . 9 . 7"),
    ("Spindcode in der Firma: 5-2-8-0", "5-2-8-0"),
    ("la combinación de la caja fuerte es 3 3 8 1", "3 3 8 1"),
    ("사무실 금고 번호 6-0-4-2", "6-0-4-2"),
    # spelled digits the normaliser does not read
    ("玄関の暗証番号は、ご・ろく・に・はち", "ご・ろく・に・はち"),
    ("현관 비밀번호 다섯 여섯 일곱 여덟", "다섯 여섯 일곱 여덟"),
    # structured payloads
    ("scan this: WIFI:S:Office;T:WPA;P:Tr0ub4dor&3;;", "Tr0ub4dor&3"),
    ("otpauth://totp/Bank:me?issuer=Bank&secret=KRSXG5CTMVRXEZLU", "KRSXG5CTMVRXEZLU"),
    # the value first, then what it is
    ("Sunny#42 — that's my email password", "Sunny#42"),
    ("hana0101이 내 비밀번호야", "hana0101"),
    ("Kuro2018がうちのWi-Fiのパスワードです", "Kuro2018"),
    # an alarm's code, lists of single-use codes, a passphrase of words
    ("burglar alarm reset code: 9 0 4 4", "9 0 4 4"),
    ("Backup-Codes: 48213977 90125563", "90125563"),
    ("my recovery codes are 7k2m-9x4q and 3p8d-1w6z", "3p8d-1w6z"),
    ("passphrase for the backup disk: purple tiger river cloud", "purple tiger river cloud"),
    # fragments of a key, each in its own message
    ("second half of the token: Qm8vX2kP9sLd", "Qm8vX2kP9sLd"),
    ("残りの半分は Zr5Tq1Wm7Ky3 です", "Zr5Tq1Wm7Ky3"),
    ("另一半是 Hb6Nc2Vx8Jp4", "Hb6Nc2Vx8Jp4"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS, ids=[s[1] for s in SECRETS])
def test_secret_refused_and_redacted_from_the_source(text: str, value: str) -> None:
    assert scan(text).verdict is SensitivityVerdict.SECRET
    stored, codes, _ = redacted(text)
    assert value not in stored
    assert codes and all(c.startswith("SECRET_") for c in codes)


def test_fragments_joined_in_one_text_are_one_secret() -> None:
    text = "store both: Qm8vX2kP9sLd + Zr5Tq1Wm7Ky3"
    stored, _, _ = redacted(text)
    assert "Qm8vX2kP9sLd" not in stored and "Zr5Tq1Wm7Ky3" not in stored


#: near-misses: ordinary text beside the same nouns
CLEAN = [
    "I reset my password for Office365 yesterday",
    "My password manager is 1Password and I changed my password in 2024.",
    "the password must have 12 characters: at least 2 digits",
    "パスワードマネージャーはどれがいいですか？",
    "密码管理器用哪个好？",
    "Sheet2!C7 = 4400 (comment: Q3 travel)",
    "My locker number is 214 and the safe has 3 shelves.",
    "The second half of the match ended 2-1",
    "commit 3f9a2c1 fixes the login page",
    "We met at 37.5665, 126.9780 for the conference",
    "I renewed my passport last year, it took 3 weeks",
    "I unlock my phone with Face ID",
    "the alarm went off at 3 am and the code review took 2 hours",
    "we use passphrases: they are longer than passwords",
    "There are 12 TANs left on the list",
    "Windows11 is my favourite OS and I forgot the password",
    "弊社の所在地は東京都千代田区丸の内1-9-2です",
    # the noun names a kind of thing (an algorithm, a scheme), not the credential
    "암호 알고리즘은 RSA-2048이다",
    "la contraseña usa el algoritmo bcrypt2b",
]


@pytest.mark.parametrize("text", CLEAN)
def test_near_misses_are_clean(text: str) -> None:
    report = scan(text)
    assert report.verdict is SensitivityVerdict.CLEAN, [f.detector for f in report.findings]


PERSONAL = [
    ("自宅は大阪府大阪市北区梅田3-1-1です", Rule.PII_ADDRESS),
    ("我家住在北京市朝阳区建国路88号", Rule.PII_ADDRESS),
    ("home coordinates: 51.5072, -0.1276", Rule.PII_ADDRESS),
    ("여권 번호는 M 다음 12345678 이에요", Rule.PII_PASSPORT),
    ("Mi pasaporte es XDA123456", Rule.PII_PASSPORT),
    ("the bank enrolled my finger-vein template yesterday", Rule.PII_SPECIAL_CATEGORY),
    ("虹彩データを登録しました", Rule.PII_SPECIAL_CATEGORY),
]


@pytest.mark.parametrize(("text", "rule"), PERSONAL, ids=[p[0][:30] for p in PERSONAL])
def test_personal_data_is_high(text: str, rule: Rule) -> None:
    report = scan(text)
    assert report.verdict is SensitivityVerdict.PII_HIGH
    assert rule in {f.code for f in report.findings if f.kind is FindingKind.PII}


def _said(text: str) -> Source:
    return cast(Source, SimpleNamespace(content=text))


@pytest.mark.parametrize(
    "text",
    [
        "I have asthma, keep that in mind when you plan hikes",
        "당뇨가 있어요. 식단 짤 때 참고해 주세요",
        "片頭痛があるので、覚えておいてください",
        "我对青霉素过敏，帮我记住",
        "Soy diabética, tenlo en cuenta para las recetas",
        "Ich bin gehörlos, bitte merk dir das für Meetings",
    ],
)
def test_consent_from_the_statement_holding_the_datum(text: str) -> None:
    assert asks_to_keep(text) and not takes_back(text)
    assert consent_problem([_said(text)], [_said(text)], ["support"]) is None


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("I had a seizure last month, just so you know", Rule.CONSENT_TAKEN_BACK),
        ("I was diagnosed with diabetes in 2019", Rule.CONSENT_NOT_STATED),
        ("천식 있어요, 그냥 그렇다고요", Rule.CONSENT_TAKEN_BACK),
        ("妊娠していますが、保存しないでください", Rule.CONSENT_TAKEN_BACK),
        ("我有抑郁症，不要记下来", Rule.CONSENT_TAKEN_BACK),
        ("Tengo VIH, pero no lo guardes", Rule.CONSENT_TAKEN_BACK),
        ("Ich bin schwanger, bitte speicher das nicht", Rule.CONSENT_TAKEN_BACK),
    ],
)
def test_no_consent_when_the_statement_does_not_give_it(text: str, rule: Rule) -> None:
    assert consent_problem([_said(text)], [_said(text)], ["support"]) is rule


def test_consent_in_one_message_does_not_cover_a_datum_in_another() -> None:
    asked = _said("remember my delivery address, please")
    told = _said("also I have hepatitis B")
    assert consent_problem([asked, told], [told], ["delivery"]) is Rule.CONSENT_NOT_STATED


def test_purposes_beyond_serving_the_user_must_be_named_by_the_user() -> None:
    said = "Remember I'm coeliac, for recipes"
    assert unlicensed_purposes(["marketing", "insurance_quotes"], [said]) == [
        "marketing",
        "insurance_quotes",
    ]
    assert unlicensed_purposes(["recipe_suggestions", "birthday_offers"], [said]) == []
    assert unlicensed_purposes(["marketing"], ["use it for marketing emails too"]) == []
    assert consent_problem([_said(said)], [], ["marketing"]) is Rule.PURPOSE_NOT_FROM_SUBJECT


def test_no_own_statement_no_consent() -> None:
    assert consent_problem([], [], ["support"]) is Rule.CONSENT_NOT_FROM_SUBJECT


def test_record_headers_are_not_asked_consent_for() -> None:
    mail = "From: Ana <ana@corp.example>\nTo: ops@corp.example\nSubject: invoice\n\nPaid."
    assert records.without_record_contacts(mail, scan(mail)).verdict is SensitivityVerdict.CLEAN
    card = "BEGIN:VCARD\nFN:Kim\nTEL;TYPE=WORK:+82-2-555-0199\nEND:VCARD"
    assert records.without_record_contacts(card, scan(card)).verdict is SensitivityVerdict.CLEAN
    # the same address in prose, or a health term in a header, stays
    prose = "Ana's private address is ana@corp.example"
    assert records.without_record_contacts(prose, scan(prose)).verdict is not (
        SensitivityVerdict.CLEAN
    )
    sick = "From: Ana <ana@corp.example>\nSubject: off sick\n\nchemotherapy until May"
    assert records.without_record_contacts(sick, scan(sick)).verdict is (
        SensitivityVerdict.PII_HIGH
    )


@pytest.mark.parametrize(
    ("predicate", "obj", "secret"),
    [
        ("api_key_parts", "7fQ2mZ9x + 8kT1pW6y", True),
        ("wifiPassword", "Sommer2024", True),
        ("door-pin", 4711, True),
        ("uses_password_manager", True, False),
        ("password_manager", "Bitwarden", False),
        ("password_rotation_days", 90, False),
        ("secret_ingredient", "cinnamon", False),
        ("token_ttl_seconds", 3600, False),  # a measure of the credential
        ("pin_max_attempts", 5, False),
    ],
)
def test_labelled_secret(predicate: str, obj: object, secret: bool) -> None:
    assert labelled_secret(predicate, obj) is secret
