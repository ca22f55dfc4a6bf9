"""Personal data in forms the tables of :mod:`graphmem.write.secret_shapes` miss (round 8).

* **addresses by structure, per country**, where the text says it is someone's home: a
  Japanese address (都道府県 … 市区町村 … a block number ``2-14-7`` or 丁目/番地, or a 〒
  postal code), a Chinese one (省/市 … 区/县 … 路/街 … 号), a postal code beside a locality
  (UK ``EH7 4AH``, US ``NY 10001``, five-digit ``10969 Berlin`` / ``28013 Madrid``), and a
  home's coordinates (``37.5172, 127.0473``);
* **identifiers by structure**: after a passport, ID-card or licence word, an alphanumeric
  value with five or more digits (``M123A4567``), or a letter prefix split from its digits by
  filler words ("K, then 9402118" — spelled digits are already digits in the ``digits`` view);
* **biometric templates**: a biometric trait (vein, palm vein, iris, retina, gait, facial
  geometry) named with the data that identifies by it (template, hash, id, scan …), in six
  languages. A trait alone ("I use Face ID") is not biometric data.

The home context is the caller's (:data:`secret_shapes._HOME_CONTEXT`) plus the words added
here. Findings are ``(start, end, rule, detector)``; no matched text is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.id_checksums import checksummed_identifiers

__all__ = ["HOME_MORE", "biometric_templates", "home_addresses", "identifiers", "personal_forms"]

_I = re.I

#: home words the round-7 list lacked (Japanese 自宅/実家, Chinese 我家/家住, German
#: Anschrift/wohnhaft, Spanish domicilio, a home's location or pin)
HOME_MORE: Final = re.compile(
    r"自宅|実家|我が家|住まい|うちの住所|家の住所|我家|家住|住在|住址|"
    r"\b(?:domicilio|mi\s+piso|Anschrift|Wohnadresse|wohnhaft|bei\s+mir\s+zu\s*hause|"
    r"home\s+(?:location|coordinates|pin)|where\s+i\s+live)\b|집\s*위치|우리\s*집",
    _I,
)

_ADDRESS: Final = re.compile(
    # Japan: prefecture, municipality, then a block number in dashes or with 丁目/番地
    r"(?:〒\s?\d{3}-?\d{4}\s*)?(?:[一-龥]{1,3}(?:都|道|府|県))?[一-龥ぁ-んァ-ン]{1,8}?(?:市|区|町|村|郡)"
    r"[一-龥ぁ-んァ-ンー]{0,10}?\d{1,4}(?:\s*(?:[-－ー‐]|丁目|番地?|の)\s*\d{1,4}){1,3}(?:号|番地?)?"
    r"|〒\s?\d{3}-?\d{4}"
    # China: province or city, district or county, road or street, number
    r"|[一-龥]{2,6}(?:省|市)[一-龥]{1,8}(?:区|县|市)[一-龥]{1,10}(?:路|街|道|巷|弄)\d{1,5}(?:号|弄)"
    # a postal code beside a locality: UK, US state + ZIP, five-digit code + town
    r"|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"
    r"|,\s*[A-Z]{2}\s\d{5}(?:-\d{4})?\b"
    r"|\b\d{5}\s+[A-ZÄÖÜÁÉÍÓÚ][a-zäöüßáéíóúñ]{2,}(?:[\s\-][A-ZÄÖÜ][a-zäöüß]+)?\b"
    # coordinates of a place: two decimals with three or more places
    r"|(?<![\d.])-?\d{1,2}\.\d{3,7}\s*[,/;]\s*-?\d{1,3}\.\d{3,7}(?![\d.])"
)


def home_addresses(text: str, *, home: bool) -> Iterator[tuple[int, int, Rule, str]]:
    """An address or a place's coordinates, when ``home`` (the caller saw a home word) or
    this module's home words say it is where someone lives."""
    if not (home or HOME_MORE.search(text)):
        return
    for m in _ADDRESS.finditer(text):
        yield m.start(), m.end(), Rule.PII_ADDRESS, "home_address_structure"


_ID_WORD: Final = re.compile(
    r"passport|여권|パスポート|旅券|护照|pasaporte|Reisepass|Passnummer|"
    r"id\s*card|identity\s+card|national\s+id|주민\s*(?:등록)?\s*번호|신분증|マイナンバー|在留カード|"
    r"身份证|身份證|身分证|身分證|DNI|NIE|Personalausweis|Ausweisnummer|"
    r"driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|운전\s*면허|免許証|驾驶证|驾照|"
    r"licencia\s+de\s+conducir|Führerschein|"
    # round 17: travel permits and residence documents ("回乡证号码是H60318427")
    r"回乡证|港澳通行证|台胞证|通行证|居留证|居住证|签证号|visa\s+(?:no\.?|number)|"
    r"residence\s+(?:permit|card)|green\s+card|travel\s+(?:permit|document)|외국인\s*등록|"
    r"在留カード|特別永住者証明書|tarjeta\s+de\s+residencia|permiso\s+de\s+residencia|"
    r"Aufenthalts(?:titel|erlaubnis|karte)",
    _I,
)
_ID_VALUE: Final = re.compile(
    # an alphanumeric value with a digit early: M123A4567, X1234567L
    # (CJK letters may touch it: "号码是H60318427，")
    r"(?<![A-Za-z0-9_\-])(?=[A-Za-z]{0,3}\d)[A-Za-z0-9]{6,14}(?![A-Za-z0-9_\-])"
    # a letter prefix split from its digits by filler ("K, then 9402118", "M 다음 12345678")
    r"|(?<![\w])[A-Z]{1,2}[\s,.:;\-]+(?:(?:then|and|followed\s+by|dann|und|luego|y|después|"
    r"그리고|다음(?:에|은)?|それから|次に|然后|接着)[\s,.:;\-]+)?\d{6,10}(?![\w])"
)
_ID_RULE: Final = (
    (
        re.compile(r"passport|여권|パスポート|旅券|护照|pasaporte|Reisepass|Passnummer", _I),
        Rule.PII_PASSPORT,
    ),
    (re.compile(r"licen|면허|免許|驾|conducir|Führerschein", _I), Rule.PII_DRIVERS_LICENCE),
)


def identifiers(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """An identity document's number after its name, within the same clause."""
    for w in _ID_WORD.finditer(text):
        rule = next((r for rx, r in _ID_RULE if rx.search(w.group(0))), Rule.PII_NATIONAL_ID)
        window_end = min(len(text), w.end() + 60)
        for m in _ID_VALUE.finditer(text, w.end(), window_end):
            value = m.group(0)
            if sum(c.isdigit() for c in value) >= 5:
                yield m.start(), m.end(), rule, "identifier_structure"
                break


_BIOMETRIC: Final = re.compile(
    r"(?:\b(?:(?:palm|finger|hand)[\s\-]*veins?|veins?|iris|retina[l]?|gait|facial\s+(?:geometry|"
    r"template|map|signature)|face\s*print|palm\s*print|ear\s*shape)"
    r"|손바닥\s*정맥|정맥|홍채|망막|안면\s*인식|얼굴\s*인식|걸음걸이|"
    r"静脈|手のひら静脈|虹彩|網膜|顔認証|歩容|静脉|掌静脉|掌纹|虹膜|视网膜|人脸|步态|"
    r"\bvenas?\s+(?:de\s+la\s+)?(?:palma|mano|dedo)|\biris\b|\bretina\b|"
    r"Handvenen|Venen|Netzhaut|Gesichts(?:geometrie|vorlage))"
    r"[^.!?\n。]{0,20}?(?:\btemplates?\b|\bhash\w*|\bids?\b|\bscans?\b|\bdata\b|\bsamples?\b|"
    r"\benrol+ment\b|\bsignatures?\b|\bpatterns?\b|\brecords?\b|"
    r"템플릿|데이터|등록|ID|テンプレート|データ|登録|ＩＤ|模板|数据|特征|登记|"
    r"\bplantilla\b|\bdatos\b|\bregistro\b|Vorlage|Daten|Muster|Template)",
    _I,
)


def biometric_templates(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _BIOMETRIC.finditer(text):
        yield m.start(), m.end(), Rule.PII_SPECIAL_CATEGORY, "biometric_template"


#: a card number named as one (round 10): the noun says what the number is, so a number that
#: fails the Luhn check (a typo, a card of a scheme the shape table lacks) is a card number
#: the user gave all the same
_NAMED_CARD: Final = re.compile(
    r"(?:\bcard\s*(?:number|no\.?|#)|\bPAN\b|카드\s*번호|カード番号|卡号|信用卡号|银行卡号|"
    r"n[úu]mero\s+de\s+(?:la\s+)?tarjeta|Kartennummer|num[ée]ro\s+de\s+(?:la\s+|ma\s+)?carte)"
    r"[^\d\n]{0,12}?(?P<v>(?<!\d)[2-6]\d{3}(?:[\s-]?\d{4}){2}[\s-]?\d{1,7})(?![\d])",
    _I,
)


def named_cards(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _NAMED_CARD.finditer(text):
        if 13 <= sum(c.isdigit() for c in m.group("v")) <= 19:
            yield m.start("v"), m.end("v"), Rule.PII_CARD, "named_card_number"


def personal_forms(text: str, *, home: bool) -> Iterator[tuple[int, int, Rule, str]]:
    """Every rule of this module on one text; ``home``: the caller's home context matched."""
    yield from home_addresses(text, home=home)
    yield from identifiers(text)
    yield from checksummed_identifiers(text)
    yield from biometric_templates(text)
    yield from named_cards(text)
