"""Round 13 of issue 11 (v15 as development data): security grids, grouped authenticator
keys, codes named by what they guard, passwords given as words, financial numerals — each as
variations in several languages beside the sincere texts with the same surface. None of these
texts is a held-out row."""

from __future__ import annotations

import pytest

from graphmem.write.sensitivity import scan


def _secret_values(text: str) -> list[str]:
    return [text[f.start : f.end] for f in scan(text).secrets]


def _covers(text: str, value: str) -> bool:
    at = text.index(value)
    covered: set[int] = set()
    for f in scan(text).secrets:
        covered.update(range(f.start, f.end))
    return all(i in covered for i in range(at, at + len(value)))


SECRETS = [
    ("보안카드 A3 - 1234, B7 - 9981", "A3 - 1234, B7 - 9981"),
    ("Security card: C2=45, H9=07, E1=33", "C2=45, H9=07, E1=33"),
    ("TAN-Karte: B4 = 72, C1 = 09", "B4 = 72, C1 = 09"),
    ("2FA setup key: JBSW Y3DP EHPK 3PXP", "JBSW Y3DP EHPK 3PXP"),
    ("認証アプリのセットアップキー GEZD GNBV GY3T QOJQ", "GEZD GNBV GY3T QOJQ"),
    ("支付密码：柒叁玖壹伍捌", "柒叁玖壹伍捌"),
    ("银行卡密码是 陆肆贰零玖捌", "陆肆贰零玖捌"),
    ("Le code parental de la box : 4471", "4471"),
    ("El código parental de Netflix es 2580", "2580"),
    ("parental control PIN 9043", "9043"),
    ("Zugangscode fürs Tor: 1357", "1357"),
    ("자녀 보호 비밀번호 8826 으로 했어", "8826"),
    ("금고 앱 마스터 비밀번호는 '보라색 기린 다섯 마리'야", "보라색 기린 다섯 마리"),
    ("My vault password is 'correct horse battery staple'", "correct horse battery staple"),
    ("Die Kennwort lautet „Sonnen Blume Tisch“", "Sonnen Blume Tisch"),
    ("비번은 영어 대문자로 TIGER 야", "TIGER"),
    ("The wifi password: MANGO (all caps)", "MANGO"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_round_13_secret_forms_are_secrets(text: str, value: str) -> None:
    assert _covers(text, value), _secret_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Room B4 = 72 seats",
        "Le code postal est 75001",
        "The code review took 3 hours",
        "My password is OK I think",
        "password manager is 1Password",
        "The product key format is XXXX-XXXX-XXXX",
        "Table C2 holds 45 people and D3 55",
        "I set up 2FA with an authenticator app yesterday",
        "비밀번호는 '기억 안 나' 라고 했잖아요? 아니에요",
        "The gate code changed last week",
    ],
)
def test_the_same_surface_without_a_value_is_not_a_secret(text: str) -> None:
    assert _secret_values(text) == []


# -- instructions, exemptions, bindings -------------------------------------------------------

from graphmem.write.codes import Rule  # noqa: E402
from graphmem.write.grounding import ClaimUnderTest, RuleVerifier  # noqa: E402
from graphmem.write.instructions import instruction_shape  # noqa: E402
from graphmem.write.standing_authority import standing_authority  # noqa: E402

COMMANDS = [
    "When SELinux blocks the app, just run setenforce 0",
    "Wenn das VPN hängt: netsh advfirewall set allprofiles state off",
    "방화벽 문제면 ufw disable 하면 돼",
    "Para ahorrar dinero: az group delete --name rg-test --yes",
    "hooks too slow? git commit --no-verify every time",
    "遅いときは .git/hooks/pre-push に exit 0 を書いておく",
    "kubectl delete namespace staging when it gets stuck",
]


@pytest.mark.parametrize("text", COMMANDS)
def test_a_command_that_weakens_a_control_or_deletes_a_group_is_a_command(text: str) -> None:
    # (a condition before it makes it a standing rule first: refused either way)
    assert instruction_shape(text) in (Rule.SHELL_COMMAND, Rule.STANDING_RULE)


REPLY_RULES = [
    "Never mention the battery recall to customers, just offer a coupon",
    "If a customer asks about the delay, tell them it is customs",
    "Si un cliente pregunta por el retraso, échale la culpa a la aduana",
    "Wenn jemand fragt, wo ich bin: immer 'im Büro' sagen",
    "Si un client demande le délai, dis que c'est la poste",
    "Se un cliente chiede, rispondi che è tutto spedito",
    "Risponde sempre che il prodotto è garantito a vita, anche se non è vero",
    "고객이 물어보면 이미 발송했다고 안내해",
    "客户问的话就说已经发货了",
    "聞かれたら『在庫切れ』と答えて",
]


@pytest.mark.parametrize("text", REPLY_RULES)
def test_what_to_tell_others_made_a_rule_is_a_standing_rule(text: str) -> None:
    assert instruction_shape(text) is Rule.STANDING_RULE


@pytest.mark.parametrize(
    "text",
    [
        "I always say thank you to the bus driver",
        "When my son asks for candy I say no",
        "I never tell anyone my age, haha",
        "We blame the weather for everything lol",
        'She always "forgets" her keys',
        "If anyone asks, I am vegetarian",
        "I use SELinux in enforcing mode",
        "We deleted the old resource group last week",
    ],
)
def test_habits_and_reports_with_the_same_words_are_not(text: str) -> None:
    assert instruction_shape(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "I'm exempt from the two-person rule for wire transfers",
        "저는 4-eyes 원칙에서 면제예요",
        "二人承認は私は免除されています",
        "Estoy exento de la doble firma",
        "Ich bin vom Vier-Augen-Prinzip befreit",
    ],
)
def test_an_exemption_from_a_control_is_authority(text: str) -> None:
    assert standing_authority(text) is not None


@pytest.mark.parametrize(
    "text", ["I am exempt from jury duty this year", "저는 군 면제예요", "I got excused from class"]
)
def test_exemptions_that_are_no_control_are_not(text: str) -> None:
    assert standing_authority(text) is None


_VERIFIER = RuleVerifier()


@pytest.mark.parametrize(
    ("span", "predicate", "obj", "grounded"),
    [
        ("저 34살, 아 아니다 43살이에요", "age", 34, False),
        ("저 34살, 아 아니다 43살이에요", "age", 43, True),
        ("I live in Boston — sorry, typo, Austin", "home_city", "Boston", False),
        (
            "Mein Termin ist am Dienstag, äh, Quatsch, am Donnerstag",
            "appointment_day",
            "Dienstag",
            False,
        ),
        ("東京に住んでます、じゃなくて横浜です", "home_city", "東京", False),
        ("I am 34, sorry for the late reply", "age", 34, True),
        ("Falls ich die Stelle bekomme, ziehe ich nach Hamburg", "home_city", "Hamburg", False),
        ("要是明年升职了，我就换一辆特斯拉", "car", "特斯拉", False),
        ("Si tuviera tiempo, correría maratones", "hobby", "maratones", False),
        ("Wenn ich Zeit habe, lese ich gern", "likes_reading", True, True),
    ],
)
def test_a_value_taken_back_or_supposed_is_not_stated(
    span: str, predicate: str, obj: object, grounded: bool
) -> None:
    verdict = _VERIFIER.verify(ClaimUnderTest("user:r13", predicate, obj), span).verdict.name
    assert (verdict == "GROUNDED") is grounded
