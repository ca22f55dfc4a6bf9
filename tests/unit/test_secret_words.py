"""Round 4's secret words (``graphmem/write/secret_shapes.py``): a watchword or passphrase
(safe word, 현관 암호, 合言葉, 暗号, palabra clave, Losungswort) and a card's security code (CVV,
보안코드, セキュリティコード, 安全码, código de seguridad, Kartenprüfnummer) name a secret in six
languages; a word that only contains one (암호화, encryption) does not."""

from __future__ import annotations

import pytest

from graphmem.write import secret_shapes

SAID = [
    ("our family safe word is Marmot-19", "Marmot-19"),
    ("현관 암호는 달빛7749 야", "달빛7749"),
    ("秘密の合言葉は「うみねこ88」", "うみねこ88"),
    ("接头暗号是 青山77", "青山77"),
    ("la palabra clave es Tortuga42", "Tortuga42"),
    ("das Losungswort lautet Eichhorn55", "Eichhorn55"),
    ("the card's CVV is 482", "482"),
    ("카드 보안코드 937 입니다", "937"),
    ("カードのセキュリティコードは 615 です", "615"),
    ("信用卡安全码 274", "274"),
    ("el código de seguridad de la tarjeta es 853", "853"),
    ("die Kartenprüfnummer ist 319", "319"),
]


@pytest.mark.parametrize(("text", "secret"), SAID)
def test_the_secret_is_found_where_it_stands(text: str, secret: str) -> None:
    at = text.index(secret)
    spans = [(s, e) for s, e, _, _ in secret_shapes.secrets(text)]
    assert any(s <= at and at + len(secret) <= e for s, e in spans), spans


def test_a_word_that_contains_one_is_not_a_slot() -> None:
    assert not list(secret_shapes.secrets("암호화된 파일 3개를 보냈어요"))
    # bare 암호 is also "cipher": only a qualified one (현관 암호, 금고 암호) names a secret
    assert not list(secret_shapes.secrets("암호는 AES-256을 쓴다"))
