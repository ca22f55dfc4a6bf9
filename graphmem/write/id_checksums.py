"""National identifiers recognised by their own check digit, with or without an identity word
(round 9).

A number format that carries a checksum identifies itself: a letter and nine digits whose
weighted sum passes the Taiwan check (``A123456789``), an 18-character Chinese resident ID
whose last character is its ISO 7064 MOD 11-2 check (``11010519491231002X``), a Spanish DNI or
NIE whose letter is the number mod 23 (``12345678Z``, ``X1234567L``). A random token passes
one of these checks only by chance (1 in 10, 11 or 23) *and* has to fit the exact shape, so
the check replaces the identity word the round-8 structure rules needed: "身分证字号" (the
Taiwanese spelling) or no word at all still finds the number. Findings are
``(start, end, rule, detector)``; no matched text is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from graphmem.write.codes import Rule

__all__ = ["CHECKSUM_DETECTORS", "RUN_DETECTORS", "checksummed_identifiers"]

#: Taiwan: the letter's two-digit code (A=10 … Z=33, in the registry's order)
_TW_LETTER: Final = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def _taiwan_ok(value: str) -> bool:
    code = _TW_LETTER.index(value[0].upper()) + 10
    digits = [code // 10, code % 10, *(int(c) for c in value[1:])]
    weights = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
    return sum(d * w for d, w in zip(digits, weights, strict=True)) % 10 == 0


def _china_ok(value: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    total = sum(int(c) * w for c, w in zip(value[:17], weights, strict=True))
    return "10X98765432"[total % 11] == value[17].upper()


def _spain_ok(value: str) -> bool:
    number = value[:-1].upper().replace("X", "0").replace("Y", "1").replace("Z", "2")
    return "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23] == value[-1].upper()


def _digits(value: str) -> str:
    return "".join(c for c in value if c.isdigit())


def _luhn(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _chile_ok(value: str) -> bool:
    body, check = value[:-1], value[-1].upper()
    digits = _digits(body)
    total = sum(int(c) * (2 + i % 6) for i, c in enumerate(reversed(digits)))
    expected = 11 - total % 11
    return {11: "0", 10: "K"}.get(expected, str(expected)) == check


def _ean13_ok(value: str) -> bool:
    d = _digits(value)
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d[:12]))
    return (10 - total % 10) % 10 == int(d[12])


def _france_ok(value: str) -> bool:
    compact = re.sub(r"\s", "", value).upper()
    body = compact[:13].replace("2A", "19").replace("2B", "18")
    return body.isdigit() and 97 - int(body) % 97 == int(compact[13:15])


def _brazil_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    if len(set(d)) == 1:
        return False
    for n in (9, 10):
        total = sum(x * w for x, w in zip(d[:n], range(n + 1, 1, -1), strict=True))
        if (total * 10) % 11 % 10 != d[n]:
            return False
    return True


def _sweden_ok(value: str) -> bool:
    d = _digits(value)[-10:]
    month, day = int(d[2:4]), int(d[4:6])
    return 1 <= month <= 12 and 1 <= day % 60 <= 31 and _luhn(d)


def _finland_ok(value: str) -> bool:
    number = int(value[:6] + value[7:10])
    return "0123456789ABCDEFHJKLMNPRSTUVWXY"[number % 31] == value[10].upper()


_VERHOEFF_D: Final = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]  # fmt: skip
_VERHOEFF_P: Final = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]  # fmt: skip


def _verhoeff_ok(value: str) -> bool:
    c = 0
    for i, ch in enumerate(reversed(_digits(value))):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][int(ch)]]
    return c == 0


def _singapore_ok(value: str) -> bool:
    v = value.upper()
    weights = (2, 7, 6, 5, 4, 3, 2)
    total = sum(int(c) * w for c, w in zip(v[1:8], weights, strict=True))
    total += 4 if v[0] in "TG" else 3 if v[0] == "M" else 0
    letters = "JZIHGFEDCBA" if v[0] in "ST" else "XWUTRQPNMLK" if v[0] in "FG" else "XWUTRQPNJLK"
    return letters[total % 11] == v[8]


_IT_ODD: Final = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10,
                  22, 25, 24, 23]  # fmt: skip


def _italy_ok(value: str) -> bool:
    v = value.upper()
    total = 0
    for i, c in enumerate(v[:15]):
        n = int(c) if c.isdigit() else ord(c) - 65
        total += _IT_ODD[n] if i % 2 == 0 else n
    return chr(65 + total % 26) == v[15]


def _hongkong_ok(value: str) -> bool:
    v = re.sub(r"[()\s]", "", value.upper())
    letters, digits, check = v[:-7], v[-7:-1], v[-1]
    head = [36] * (2 - len(letters)) + [ord(c) - 55 for c in letters]
    total = sum(x * w for x, w in zip([*head, *map(int, digits)], range(9, 1, -1), strict=True))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


def _belgium_ok(value: str) -> bool:
    d = _digits(value)
    body, check = int(d[:9]), int(d[9:])
    return check in (97 - body % 97, 97 - int("2" + d[:9]) % 97)


# -- round 12: identifiers that carry a birth date and a check -----------------------------


def _date_ok(dd: int, mm: int) -> bool:
    return 1 <= mm <= 12 and 1 <= dd <= (29 if mm == 2 else 30 if mm in (4, 6, 9, 11) else 31)


def _poland_ok(value: str) -> bool:
    """PESEL: YYMMDD (the month +20/+40/+60/+80 for other centuries), weights 1-3-7-9."""
    d = [int(c) for c in _digits(value)]
    if not _date_ok(d[4] * 10 + d[5], (d[2] * 10 + d[3]) % 20):
        return False
    total = sum(x * w for x, w in zip(d[:10], (1, 3, 7, 9, 1, 3, 7, 9, 1, 3), strict=True))
    return (10 - total % 10) % 10 == d[10]


def _norway_ok(value: str) -> bool:
    """Fødselsnummer: DDMMYY (the day +40 for a D-number), two mod-11 check digits."""
    d = [int(c) for c in _digits(value)]
    if not _date_ok((d[0] * 10 + d[1]) % 40, d[2] * 10 + d[3]):
        return False
    for weights, at in (((3, 7, 6, 1, 8, 9, 4, 5, 2), 9), ((5, 4, 3, 2, 7, 6, 5, 4, 3, 2), 10)):
        k = 11 - sum(x * w for x, w in zip(d, weights, strict=False)) % 11
        if (0 if k == 11 else k) != d[at]:
            return False
    return True


def _argentina_ok(value: str) -> bool:
    """CUIL/CUIT: a type prefix (20, 23, 24, 27, 30, 33, 34), the DNI, a mod-11 check."""
    d = [int(c) for c in _digits(value)]
    if d[0] * 10 + d[1] not in (20, 23, 24, 27, 30, 33, 34):
        return False
    k = 11 - sum(x * w for x, w in zip(d[:10], (5, 4, 3, 2, 7, 6, 5, 4, 3, 2), strict=True)) % 11
    return {11: 0, 10: 9}.get(k, k) == d[10]


def _turkey_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    if d[0] == 0:
        return False
    ten = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    return ten == d[9] and sum(d[:10]) % 10 == d[10]


def _romania_ok(value: str) -> bool:
    """CNP: sex/century, YYMMDD, county (01-52), serial, a mod-11 check."""
    d = [int(c) for c in _digits(value)]
    if d[0] == 0 or not _date_ok(d[5] * 10 + d[6], d[3] * 10 + d[4]):
        return False
    total = sum(x * w for x, w in zip(d[:12], (2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9), strict=True))
    return (1 if total % 11 == 10 else total % 11) == d[12]


def _bulgaria_ok(value: str) -> bool:
    """EGN: YYMMDD (the month +20/+40), a mod-11 check."""
    d = [int(c) for c in _digits(value)]
    if not _date_ok(d[4] * 10 + d[5], (d[2] * 10 + d[3]) % 20):
        return False
    total = sum(x * w for x, w in zip(d[:9], (2, 4, 8, 5, 10, 9, 7, 3, 6), strict=True))
    return total % 11 % 10 == d[9]


def _baltic_ok(value: str) -> bool:
    """Estonian isikukood / Lithuanian asmens kodas: sex/century 1-6, YYMMDD, mod-11 check."""
    d = [int(c) for c in _digits(value)]
    if not 1 <= d[0] <= 6 or not _date_ok(d[5] * 10 + d[6], d[3] * 10 + d[4]):
        return False
    for weights in ((1, 2, 3, 4, 5, 6, 7, 8, 9, 1), (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)):
        k = sum(x * w for x, w in zip(d[:10], weights, strict=True)) % 11
        if k != 10:
            return k == d[10]
    return d[10] == 0


def _czech_ok(value: str) -> bool:
    """Rodné číslo: YYMMDD (the month +50, +20 or +70), four digits, divisible by 11."""
    digits = _digits(value)
    mm = int(digits[2:4]) % 50 % 20
    if not _date_ok(int(digits[4:6]), mm):
        return False
    return int(digits) % 11 == 0 or (int(digits[:9]) % 11 == 10 and digits[9] == "0")


def _iceland_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    if not _date_ok(d[0] * 10 + d[1], d[2] * 10 + d[3]) or d[9] not in (8, 9, 0):
        return False
    k = 11 - sum(x * w for x, w in zip(d[:8], (3, 2, 7, 6, 5, 4, 3, 2), strict=True)) % 11
    return (0 if k == 11 else k) == d[8]


def _yymmdd_luhn_ok(value: str) -> bool:
    """South Africa's ID (YYMMDD, 13 digits) and Greece's AMKA (DDMMYY, 11): Luhn."""
    digits = _digits(value)
    dd, mm = (
        (int(digits[4:6]), int(digits[2:4]))
        if len(digits) == 13
        else (
            int(digits[:2]),
            int(digits[2:4]),
        )
    )
    return _date_ok(dd, mm) and _luhn(digits)


def _yugoslav_ok(value: str) -> bool:
    """JMBG / EMŠO: DDMMYYY, region, serial, a mod-11 check."""
    d = [int(c) for c in _digits(value)]
    if not _date_ok(d[0] * 10 + d[1], d[2] * 10 + d[3]):
        return False
    k = 11 - sum(w * (d[i] + d[i + 6]) for i, w in enumerate((7, 6, 5, 4, 3, 2))) % 11
    return (0 if k > 9 else k) == d[12]


def _mexico_ok(value: str) -> bool:
    """CURP: its 18th character is a mod-10 check over the first 17."""
    alphabet = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
    v = value.upper()
    total = sum(alphabet.index(c) * (18 - i) for i, c in enumerate(v[:17]) if c in alphabet)
    return (10 - total % 10) % 10 == int(v[17])


def _japan_my_number_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    total = sum(x * w for x, w in zip(d[:11], (6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2), strict=True))
    k = 11 - total % 11
    return (0 if k >= 10 else k) == d[11]


def _thai_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    total = sum(x * (13 - i) for i, x in enumerate(d[:12]))
    return (11 - total % 11) % 10 == d[12]


def _russia_snils_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    total = sum(x * (9 - i) for i, x in enumerate(d[:9]))
    check = total if total < 100 else 0 if total in (100, 101) else total % 101 % 100
    return check == d[9] * 10 + d[10]


_CHECKS: Final[tuple[tuple[re.Pattern[str], Callable[[str], bool], str], ...]] = (
    (re.compile(r"(?<![A-Za-z0-9])[A-Za-z][12]\d{8}(?![A-Za-z0-9])"), _taiwan_ok, "taiwan_id"),
    (
        re.compile(
            r"(?<!\d)[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])\d{2}\d{3}[\dXx](?![\dA-Za-z])"
        ),
        _china_ok,
        "china_resident_id",
    ),
    (
        re.compile(r"(?<![A-Za-z0-9])(?:\d{8}|[XYZxyz]\d{7})[-\s]?[A-Za-z](?![A-Za-z0-9])"),
        lambda v: _spain_ok(re.sub(r"[-\s]", "", v)),
        "spain_dni_nie",
    ),
    # round 10: Chile's RUT/RUN (mod 11, K), Switzerland's AHV (756, EAN-13), France's NIR
    # (97 − n mod 97), Canada's SIN (Luhn, in its 3-3-3 groups), Brazil's CPF (two mod-11
    # digits, in its dotted form), Sweden's personnummer (a date, Luhn), Finland's HETU
    # (mod 31 letter), India's Aadhaar (Verhoeff, in 4-4-4 groups), Singapore's NRIC/FIN
    (
        re.compile(r"(?<![\d.])\d{1,2}\.?\d{3}\.?\d{3}-[\dkK](?![\w-])"),
        _chile_ok,
        "chile_rut",
    ),
    (
        re.compile(r"(?<![\d.])756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}(?![\d.])"),
        _ean13_ok,
        "swiss_ahv",
    ),
    (
        re.compile(
            r"(?<![\d])(?<!\d\s)[12]\s?\d{2}\s?(?:0[1-9]|1[0-2]|[2-9]\d)\s?(?:\d{2}|2[ABab])\s?"
            r"\d{3}\s?\d{3}\s?\d{2}(?!\s?\d)"
        ),
        _france_ok,
        "france_nir",
    ),
    (
        re.compile(r"(?<![\d-])(?<!\d\s)\d{3}([\s-])\d{3}\1\d{3}(?![\d-])"),
        lambda v: _luhn(_digits(v)),
        "canada_sin",
    ),
    (re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d.])"), _brazil_ok, "brazil_cpf"),
    (
        re.compile(r"(?<![\d-])(?:19|20)?\d{6}[-+]\d{4}(?![\d-])"),
        _sweden_ok,
        "sweden_personnummer",
    ),
    (
        re.compile(
            r"(?<![\w-])(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2}[-+A]\d{3}[0-9A-Y](?!\w)"
        ),
        _finland_ok,
        "finland_hetu",
    ),
    (
        re.compile(r"(?<![\d-])(?<!\d\s)[2-9]\d{3}([\s-])\d{4}\1\d{4}(?![\d-])"),
        _verhoeff_ok,
        "india_aadhaar",
    ),
    # Italy's codice fiscale (odd/even table, a check letter), Hong Kong's HKID (weighted
    # mod 11, the check in brackets), Belgium's national register number (mod 97)
    (
        re.compile(
            r"(?<![A-Za-z0-9])[A-Za-z]{6}\d{2}[A-Ea-eHhLlMmPpR-Tr-t]\d{2}[A-Za-z]\d{3}[A-Za-z]"
            r"(?![A-Za-z0-9])"
        ),
        _italy_ok,
        "italy_codice_fiscale",
    ),
    (
        # upper-case letters, as the card prints them: a lower-case hex token ("b0925034", a
        # key's tail in an identifier) held a valid check digit one time in eleven
        re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}\s?\(?[0-9A]\)?(?![A-Za-z0-9])"),
        _hongkong_ok,
        "hongkong_id",
    ),
    (
        re.compile(r"(?<![\d.])\d{2}\.?\d{2}\.?\d{2}-?\d{3}\.?\d{2}(?![\d.])"),
        _belgium_ok,
        "belgium_national_number",
    ),
    (
        re.compile(r"(?<![A-Za-z0-9])[STFGM]\d{7}[A-Z](?![A-Za-z0-9])"),  # upper case, as above
        _singapore_ok,
        "singapore_nric",
    ),
    # round 12: eleven- and thirteen-digit numbers that hold a birth date and a check; the
    # date and the check together pass a random number about one time in thirty to a hundred
    (re.compile(r"(?<![\d.\-])(?<!\d\s)\d{11}(?![\d.\-])(?!\s\d)"), _poland_ok, "poland_pesel"),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)\d{11}(?![\d.\-])(?!\s\d)"),
        _norway_ok,
        "norway_fodselsnummer",
    ),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)\d{2}-?\d{8}-?\d(?![\d.\-])(?!\s\d)"),
        _argentina_ok,
        "argentina_cuil",
    ),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)[1-9]\d{10}(?![\d.\-])(?!\s\d)"),
        _turkey_ok,
        "turkey_tc_kimlik",
    ),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)[1-8]\d{12}(?![\d.\-])(?!\s\d)"),
        _romania_ok,
        "romania_cnp",
    ),
    (re.compile(r"(?<![\d.\-])(?<!\d\s)\d{10}(?![\d.\-])(?!\s\d)"), _bulgaria_ok, "bulgaria_egn"),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)[1-6]\d{10}(?![\d.\-])(?!\s\d)"),
        _baltic_ok,
        "baltic_personal_code",
    ),
    (re.compile(r"(?<![\d.\-/])\d{6}/\d{3,4}(?![\d.\-/])"), _czech_ok, "czech_birth_number"),
    (re.compile(r"(?<![\d.\-])\d{6}-\d{4}(?![\d.\-])"), _iceland_ok, "iceland_kennitala"),
    (
        re.compile(r"(?<![\d.\-])(?<!\d\s)\d{2}(?:0[1-9]|1[0-2])\d{9}(?![\d.\-])(?!\s\d)"),
        _yymmdd_luhn_ok,
        "south_africa_id",
    ),
    (re.compile(r"(?<![\d.\-])(?<!\d\s)\d{13}(?![\d.\-])(?!\s\d)"), _yugoslav_ok, "yugoslav_jmbg"),
    (
        re.compile(r"(?<![A-Za-z0-9])[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d(?![A-Za-z0-9])"),
        _mexico_ok,
        "mexico_curp",
    ),
    (
        # in its printed 4-4-4 groups only: a bare twelve-digit number passes one time in ten
        re.compile(r"(?<![\d\-])(?<!\d\s)\d{4}([\s-])\d{4}\1\d{4}(?![\d\-])(?!\s\d)"),
        lambda v: len(set(_digits(v))) > 3 and _japan_my_number_ok(v),
        "japan_my_number",
    ),
    (
        re.compile(r"(?<![\d\-])(?<!\d\s)\d([\s-])\d{4}\1\d{5}\1\d{2}\1\d(?![\d\-])(?!\s\d)"),
        _thai_ok,
        "thailand_id",
    ),
    (
        re.compile(r"(?<![\d\-])\d{3}-\d{3}-\d{3}[\s-]\d{2}(?![\d\-])"),
        _russia_snils_ok,
        "russia_snils",
    ),
    (
        re.compile(r"(?<![\d\-])784-?(?:19|20)\d{2}-?\d{7}-?\d(?![\d\-])"),
        lambda v: _luhn(_digits(v)),
        "uae_emirates_id",
    ),
)


#: round 12's bare digit runs: read on the text's own characters only (the raw and clean
#: views), since a view that joins spaced digits joins a log line's separate numbers too
#: ("22.010  4121  4133" → a thirteen-digit run that passes a date and Luhn by chance)
RUN_DETECTORS: Final[frozenset[str]] = frozenset(
    {
        "poland_pesel", "norway_fodselsnummer", "argentina_cuil", "turkey_tc_kimlik",
        "romania_cnp", "bulgaria_egn", "baltic_personal_code", "south_africa_id",
        "yugoslav_jmbg",
    }
)  # fmt: skip

#: the detectors above: a check digit that holds on a transformed text (read backwards, letters
#: for digits) holds by chance about one time in ten, so callers read them on the text as written
CHECKSUM_DETECTORS: Final[frozenset[str]] = frozenset(name for _, _, name in _CHECKS)


#: six digits at least, at most two other characters apart: every identifier above holds
#: them (a Hong Kong ID has six, an Italian codice fiscale seven between its letters)
_ENOUGH_DIGITS: Final = re.compile(r"\d(?:[^\d\n]{0,2}\d){5}")


def checksummed_identifiers(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """Every identifier in ``text`` whose shape matches and whose check digit holds."""
    if _ENOUGH_DIGITS.search(text) is None:
        return
    for rx, valid, detector in _CHECKS:
        for m in rx.finditer(text):
            if valid(m.group(0)):
                yield m.start(), m.end(), Rule.PII_NATIONAL_ID, detector
