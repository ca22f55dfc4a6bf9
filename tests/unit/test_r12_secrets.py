"""Round 12 of issue 11: secrets written in a code or named by their lock
(:mod:`graphmem.write.coded_secrets`), a value read beside its key, and enclosing marks.

Each class is written as variations in several languages, beside the sincere texts with the
same surface that hold no secret (a locker's number, a price, a release list, a chapter
range, a share). None of these texts is a held-out row."""

from __future__ import annotations

import pytest

from graphmem.write.coded_secrets import coded_secrets
from graphmem.write.normalize import normalize
from graphmem.write.secret_forms import _CRED_NOUN
from graphmem.write.secret_shapes import _SPELL_ANCHOR
from graphmem.write.sensitivity import scan
from tests.complexity import assert_linear_growth
from tests.generalisation.generator import Case, episode, who
from tests.generalisation.runner import run_case


def _secret_values(text: str) -> list[str]:
    return [text[f.start : f.end] for f in scan(text).secrets]


def _covers(text: str, value: str) -> bool:
    """Whether the secret findings of ``text`` cover every character of ``value``."""
    at = text.index(value)
    covered = set()
    for f in scan(text).secrets:
        covered.update(range(f.start, f.end))
    return all(i in covered for i in range(at, at + len(value)))


LOCKS = [
    ("Spindschloss im Büro: 3309", "3309"),
    ("Mein Kofferschloss ist 4-7-1", "4-7-1"),
    ("Das Fahrradschloss lautet 0815", "0815"),
    ("El candado de la bici es 5-1-8-8, apúntalo", "5-1-8-8"),
    ("La caja fuerte del hotel: 2741", "2741"),
    ("Le digicode de l'immeuble : 47B29", "47B29"),
    ("Le cadenas du casier est 903", "903"),
    ("My bike lock is 4-0-9-2", "4-0-9-2"),
    ("the padlock on the shed: 7315", "7315"),
    ("gun safe = 66120", "66120"),
    ("door keypad: 1 9 7 7", "1 9 7 7"),
    ("창고 자물쇠는 3842야", "3842"),
    ("현관 도어락은 5519*로 바꿨어", "5519"),
    ("金庫は 0623 です", "0623"),
    ("自転車の南京錠は 4 5 1 2", "4 5 1 2"),
    ("行李箱锁是 306", "306"),
    ("家里保险柜：8824", "8824"),
    ("Il lucchetto della bici è 1379", "1379"),
    ("O cadeado do armário é 2468", "2468"),
]


@pytest.mark.parametrize(("text", "value"), LOCKS)
def test_a_lock_named_with_its_value_is_a_secret(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


KEPT = [
    ("公司储物柜 4821，别告诉别人", "4821"),
    ("사물함 2290 아무한테도 말하지 마", "2290"),
    ("The locker is 1184, don't tell anyone", "1184"),
    ("ロッカーは 5531、誰にも言わないで", "5531"),
    ("Taquilla 7720, no se lo digas a nadie", "7720"),
    ("Schließfach 3391 – nicht weitersagen", "3391"),
    ("Casier 6612, ne le dis à personne", "6612"),
    ("비밀인데 와이파이 뒤에 붙는 숫자 8817이야", "8817"),
    ("keep it secret: 55A21", "55A21"),
]


@pytest.mark.parametrize(("text", "value"), KEPT)
def test_a_code_the_user_keeps_secret_is_a_secret(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


NOTATIONS = [
    ("Mon code de carte en chiffres romains : VII-III-IX-II", "VII-III-IX-II"),
    ("PIN in roman numerals: IV.IX.II.VI", "IV.IX.II.VI"),
    ("비번 로마숫자로 III-I-IV-I", "III-I-IV-I"),
    ("El PIN en morse: ...-- .---- ....- ----.", "...-- .---- ....- ----."),
    ("passcode (morse) -.... ..--- ----- ...--", "-.... ..--- ----- ...--"),
    ("暗証番号はモールスで ..--- ...-- ....- .....", "..--- ...-- ....- ....."),
    (
        "ルーターのパスワードは「朝日のア、いろはのイ、ハガキのハ、数字の3、数字の7」です",
        "朝日のア、いろはのイ、ハガキのハ、数字の3、数字の7",
    ),
    ("Passwort: K wie Kaufmann, L wie Ludwig, 4, 7", "K wie Kaufmann, L wie Ludwig, 4, 7"),
    ("la contraseña es M de Madrid, P de París, 2, 9", "M de Madrid, P de París, 2, 9"),
    ("wifi password: Q as in Quebec, Z as in Zulu, 3, 3", "Q as in Quebec, Z as in Zulu, 3, 3"),
]


@pytest.mark.parametrize(("text", "value"), NOTATIONS)
def test_a_code_in_another_notation_after_its_word_is_a_secret(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


DIALS = [
    ("金庫のダイヤルは右に36、左に12、右に7です", "右に36、左に12、右に7"),
    ("safe combo R36 L12 R7", "R36 L12 R7"),
    ("Tresor: rechts 36, links 12, rechts 7", "rechts 36, links 12, rechts 7"),
    ("금고 다이얼 오른쪽 24 왼쪽 8 오른쪽 31", "오른쪽 24 왼쪽 8 오른쪽 31"),
    ("locker dial: 12 right, 30 left, 4 right", "12 right, 30 left, 4 right"),
    ("la combinación: derecha 5, izquierda 22, derecha 17", "derecha 5, izquierda 22, derecha 17"),
]


@pytest.mark.parametrize(("text", "value"), DIALS)
def test_a_dial_combination_is_a_secret(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


APP = [
    ("Google app password for Thunderbird: qmzv ltke hwyp rdua", "qmzv ltke hwyp rdua"),
    ("앱 비밀번호 xkcd wpqt lrmn bvza 로 설정함", "xkcd wpqt lrmn bvza"),
    ("アプリパスワード：hjkl trew qzmx pnbv", "hjkl trew qzmx pnbv"),
    ("mail client uses tqzv-hrsk-mpwl-dfgx now", "tqzv-hrsk-mpwl-dfgx"),
]


@pytest.mark.parametrize(("text", "value"), APP)
def test_an_app_password_shape_is_a_secret(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


PARTS = [
    (
        "db password, first half is Harbor-Lantern and the rest is -88!qz",
        ["Harbor-Lantern", "-88!qz"],
    ),
    ("vpn password: the first part is Blue#Fox, the second part is 19x!", ["Blue#Fox", "19x!"]),
    ("공유기 비번 앞은 Sun-Flower 뒤는 #2207 이야", ["Sun-Flower", "#2207"]),
    ("Das Passwort: erste Hälfte ist Berg-Adler, den Rest: 77?k", ["Berg-Adler", "77?k"]),
]


@pytest.mark.parametrize(("text", "values"), PARTS)
def test_a_credential_given_in_parts_is_secret_in_every_part(text: str, values: list[str]) -> None:
    for value in values:
        assert _covers(text, value), (value, _secret_values(text))


NO_SECRET = [
    "헬스장 사물함은 14번이야",
    "My locker is number 212 on the second floor",
    "公司储物柜在 3 楼",
    "Die Spindschloss-Marke ist Abus",
    "I bought a safe for 300 dollars",
    "The safe weighs 45 kg",
    "Mi caja fuerte es de 2015",
    "Le digicode est en panne depuis lundi",
    "We shipped releases R1, R2 and R3 of the code",
    "See the code of conduct, sections IV, V and VI",
    "Chapter III-IV of the password guide is useful",
    "The password policy needs 12 characters",
    "비밀인데 나 다음 달에 이사 가",
    "Don't tell anyone, but I'm turning 40 next month",
    "It's a secret: the party starts at 19:30",
    "保密协议编号是 2023-118",
    "Turn right at the light, then left after 200 m",
    "The rest is 50% done and the first half is easy",
    "My password manager is Bitwarden; the first part of setup is easy",
    "I love this song so much",
    "morse code is fun: I learned ... --- ... today",
    "Keycap emoji 1️⃣ 2️⃣ 3️⃣ are list markers here",
    "앞으로 비밀번호는 직접 입력할게",
]


@pytest.mark.parametrize("text", NO_SECRET)
def test_the_same_surface_without_a_secret_is_not_one(text: str) -> None:
    assert _secret_values(text) == []


def test_an_enclosing_mark_leaves_the_character_it_frames() -> None:
    text = "폰 잠금 비번 4️⃣7️⃣2️⃣9️⃣ 이거 기억해 둬"
    assert any("4729" in v.text for v in normalize(text).views)
    assert _covers(text, "4️⃣7️⃣2️⃣9")
    assert "1234" in normalize("PIN ❶❷❸❹").views[1].text


_AGENT = who("agent")


@pytest.mark.parametrize(
    ("key", "value"),
    [("db_pass_suffix", "Tsuki9981"), ("smtp_password_2", "Kx7!pp"), ("api-token", "q81Lmz0")],
)
def test_an_environment_value_is_read_beside_its_key(key: str, value: str) -> None:
    case = Case(
        "r12-env",
        True,
        "r12",
        _AGENT,
        [{"kind": "TOOL_RESULT", "content": "checked the connection settings"}],
        episode("service:r12", "check the db settings", environment={key: value}),
    )
    outcome = run_case(case)
    assert outcome.decision.name != "COMMITTED"
    assert "SECRET" in {r.code for r in outcome.reasons}


def test_an_ordinary_environment_stays_storable() -> None:
    case = Case(
        "r12-env-ok",
        False,
        "r12",
        _AGENT,
        [{"kind": "TOOL_RESULT", "content": "python 3.11 on linux, 4 workers"}],
        episode(
            "service:r12",
            "check the runtime",
            environment={"python": "3.11", "os": "linux", "workers": 4, "pass_rate": "0.97"},
        ),
    )
    assert run_case(case).decision.name == "COMMITTED"


@pytest.mark.parametrize(
    "shape", ["자물쇠: 12 ", "safe is 1 ", "right 1, left 2, ", "PIN ..--- ", "VII-", "a de Ab, "]
)
def test_the_rules_read_in_linear_time(shape: str) -> None:
    assert_linear_growth(lambda t: list(coded_secrets(t, _SPELL_ANCHOR, _CRED_NOUN)), shape * 4_000)


# -- personal data: identifiers by their check, diseases and parties by their shape -----------


def _pii(text: str) -> list[str]:
    return [f.code.value for f in scan(text).pii]


IDENTIFIERS = [
    "PESEL: 44051401359",  # Poland, date + weights 1-3-7-9
    "isikukood 37605030299",  # Estonia, two-pass mod 11
    "rodné číslo 710319/2745",  # Czech Republic, divisible by 11
    "ID number 8001015009087",  # South Africa, Luhn
    "kimlik no 10000000146",  # Turkey, two checks
    "CUIT 30-71234567-1",  # Argentina, mod 11
    "Emirates ID 784-1968-6570305-0",  # Luhn
    "СНИЛС 123-456-789 64",  # Russia, mod 101
    "บัตร 1 2345 67890 12 1",  # Thailand, mod 11 in its groups
    "kennitala 120174-3399",  # Iceland
    "My BSN is 111222333",  # by its name
    "OIB 69435151530",
]


@pytest.mark.parametrize("text", IDENTIFIERS)
def test_a_national_number_is_personal_data(text: str) -> None:
    assert "PII_NATIONAL_ID" in _pii(text)


@pytest.mark.parametrize(
    "text",
    [
        "order 44051401358 shipped",  # PESEL's shape, wrong check
        "tracking number 12345678901",
        "build 20240101-1234 passed",
        "invoice 1 2345 67890 12 2",
        "my RUT card game night",
    ],
)
def test_a_number_with_the_shape_but_not_the_check_is_not_an_identifier(text: str) -> None:
    assert "PII_NATIONAL_ID" not in _pii(text)


DISEASES = [
    "Ich habe Morbus Crohn, deshalb oft Homeoffice",
    "Meine Schilddrüsenerkrankung macht mich müde",
    "Ich habe eine chronische Darmentzündung",
    "Tengo la enfermedad de Crohn",
    "Tengo artritis reumatoide",
    "J'ai la maladie de Crohn",
    "Je suis sous chimiothérapie depuis mars",
    "Ho la sclerosi multipla",
    "Tenho doença de Crohn",
    "I have Hashimoto's",
    "크론병이 있어서 자주 화장실 가요",
    "작년에 대장암 수술 받았어",
    "私は潰瘍性大腸炎です",
    "我有克罗恩病",
    "Tôi bị tiểu đường",
    "Ich mache dreimal die Woche Dialyse",
]


@pytest.mark.parametrize("text", DISEASES)
def test_a_disease_named_in_its_language_s_shape_is_health_data(text: str) -> None:
    assert "PII_HEALTH" in _pii(text)


PARTIES = [
    "Estoy afiliado a Vox desde 2019",
    "I'm a registered Democrat in Ohio",
    "Sono iscritto al PD",
    "Ich bin in der SPD",
    "Je vote RN depuis toujours",
    "Voto al PP",
    "Sou filiado ao PT",
    "自民党の党員です",
    "I'm a card-carrying Conservative",
]


@pytest.mark.parametrize("text", PARTIES)
def test_a_party_affiliation_is_special_category_data(text: str) -> None:
    assert "PII_SPECIAL_CATEGORY" in _pii(text)


@pytest.mark.parametrize(
    "text",
    [
        "물병 하나 샀어",
        "영수증 주세요",
        "서버장애 났어, 재시작했어",
        "他有毛病，总是迟到",
        "私は臆病です",
        "炎上した記事を読んだ",
        "病院に行く途中",
        "I'm a registered nurse",
        "Vox pop interviews on Tuesday",
        "Mr Wilson's car is red",
        "The Parkinson building is closed",
        "the PP slide deck",
        "Labour day plans",
        "Reform of the tax code",
        "꽃병에 물 줘",
        "상암 경기장 가자",
    ],
)
def test_the_same_endings_and_names_in_ordinary_text_are_not(text: str) -> None:
    assert _pii(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('{"doc_token": "doxcnV14abc", "title": "Q3"}', False),
        ('{"sheet_token": "shtcnQ9xk2", "rows": 4}', False),
        ('{"access_token": "ya29.a0AfH6SMBx7Vq9"}', True),
        ("auth_token=Zx81kLq0pR7vT2mN", True),
        ('{"token": "Zx81kLq0pR7vT2mN"}', True),
    ],
)
def test_a_token_that_names_a_document_is_an_identifier(text: str, secret: bool) -> None:
    assert bool(_secret_values(text)) is secret
