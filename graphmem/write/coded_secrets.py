"""Secrets the shape rules miss because they are written in a code, or named by their lock
only (round 12).

Each rule is a class of writing, not a list of the cases seen:

* **a lock named, its value given**: an object that only opens with a code (a padlock, a
  safe, a combination or keypad lock, a digicode, a door keypad, a German ``…schloss``
  compound) followed in its clause by a separator or a copula and a short code ("Spindschloss
  im Büro: 3309", "El candado de la bici es 5-1-8-8", "digicode : 47B29"). No code word is
  needed: the object says what the number opens. A locker, whose number names the locker
  ("사물함 14번"), counts only when the text also asks to keep the value secret.
* **a value kept secret**: a code-shaped value (three to ten characters with three digits or
  more, not an amount, a length or a date) in a sentence that asks that nobody be told
  ("别告诉别人", "아무한테도 말하지 마", "nicht weitersagen", "ne le dis à personne"). People
  mark what is secret; the mark is the class.
* **dial combinations**: three or more turns written as a direction and a number ("右に36、
  左に12、右に7", "R36 L12 R7", "links 12, rechts 7") near a lock or code word.
* **digits written in another notation after a credential or code word**: Roman numerals
  ("VII-III-IX-II"), Morse digits ("...-- .---- ....- ----."), the Japanese kana spelling
  table ("朝日のア、いろはのイ、数字の3") and the "A as in …" tables of other languages
  ("A wie Anton, B wie Berta, 3"), read within the clause after the word.
* **an app password's shape**: four groups of four lower-case letters ("qmzv ltke hwyp
  rdua") after a credential word, or anywhere when two groups hold no vowel (no word does).
* **a credential given in parts**: in a text that names a credential, the value after a word
  naming a part of it ("first half is Harbor-Lantern and the rest is -88!qz", "앞은 … 뒤는 …"),
  when the value is not a plain word (it holds a digit, a symbol, a hyphen or an inner capital).

Findings are ``(start, end, rule, detector)`` in the scanned text; no matched text is kept.
All patterns are bounded (no nested unbounded repeats): each runs in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.prefilter import compiled

__all__ = ["coded_secrets"]

_I = re.I
_Found = tuple[int, int, Rule, str]


#: a full stop beside a dot or a dash is Morse or an ellipsis, not the end of a clause
_CLAUSE_END: Final = re.compile(r"(?<![.\-·])[.!?;](?![.\-·])(?:\s|$)|[。！？；\n]")

# -- a lock named, its value given ------------------------------------------------------------

#: objects that open only with a code (a locker is not one: its number names it)
_CODED_LOCK: Final = (
    r"\b(?:pad\s*lock|combination\s+lock|combo\s+lock|bike\s+lock|cable\s+lock|safe|"
    r"gun\s+safe|strongbox|lock\s*box|key\s*safe|keypad|door\s+keypad|digicode|"
    r"cadenas|coffre(?:-fort)?|interphone|candado|caja\s+fuerte|cerradura\s+de\s+combinación|"
    r"lucchetto|cassaforte|cadeado|cofre|fechadura|"
    r"Tresor|Safe|Vorhängeschloss|Zahlenschloss|Fahrradschloss|Kabelschloss|Bügelschloss|"
    # gates that open with a keypad code (round 14; an airport "gate" is a place, not one)
    r"garage\s+door|garage\s+gate|Garagentor|Hoftor|Gartentor|Einfahrtstor|portón|portail|portão)\b|"
    # German compounds that end in -schloss (Spindschloss, Kofferschloss)
    r"\b[A-ZÄÖÜ][a-zäöüß]{2,20}schloss\b|"
    r"자물쇠|금고|번호\s*키|도어\s*락|도어락|디지털\s*도어|현관\s*(?:문\s*)?키패드|"
    r"南京錠|金庫|ダイヤル錠|暗証錠|キーボックス|"
    r"密码锁|保险柜|保险箱|挂锁|门禁|行李箱锁|密碼鎖|保險箱"
)
#: a locker: its number is its name, unless the text keeps it secret
_LOCKER: Final = (
    r"\b(?:locker|casier|taquilla|casillero|armadietto|armário|Spind|Schließfach|Schliessfach)\b|"
    r"사물함|ロッカー|储物柜|寄存柜|置物櫃"
)
_LOCK_NAMED: Final = compiled(rf"(?P<lock>{_CODED_LOCK})|(?P<locker>{_LOCKER})", _I)
#: what may stand between the lock and its value: a few words, then a separator or a copula
_TO_VALUE: Final = re.compile(
    r"[^\d\n.!?。！？]{0,30}?(?:[:：=]|\b(?:is|es|est|ist|lautet|è|é|era|c'est)\b|"
    # what it opens with ("geht mit 4471", "opens with 2580", "se abre con", "s'ouvre avec")
    r"\b(?:geht|öffnet|aufgeht|opens|unlocks|abre|ouvre)(?:\s+\w+){0,2}\s+(?:mit|with|con|avec|com)\b|"
    r"(?:은|는|이|가)|(?:は|が)|(?:是|为|：))\s*[\"'“「『«]?\s*$",
    _I,
)
#: a code: 3 to 10 characters, digits with an upper-case letter or two, one separator between
_CODE: Final = re.compile(
    r"(?<![A-Za-z0-9\-.])[A-Z0-9](?:[\-–./· ]?[A-Z0-9]){2,9}(?![A-Za-z0-9\-])"
)
#: a number with a unit, a counter or a currency is a measure, not a code
_UNIT_AFTER: Final = re.compile(
    r"\s{0,2}(?:번(?!호)|호|개|원|만|년|살|kg|g\b|cm|mm|m\b|km|€|\$|£|¥|円|元|号|個|个|年|"
    r"euros?|dollars?|dólares|pesos|Euro|Franken|francs?|years?|años|Jahre|ans|anni|"
    r"%|°|x\b|times|veces|fois|Mal)",
    _I,
)
_SECRECY: Final = compiled(
    r"don'?t\s+tell\s+(?:anyone|anybody|a\s+soul)|keep\s+(?:it|this)\s+(?:a\s+)?secret|"
    r"(?:it'?s|is)\s+(?:a\s+)?secret\b|between\s+(?:you\s+and\s+me|us)|"
    r"비밀(?:이야|이에요|입니다|로\s*해|이니까|인데)|아무(?:한테|에게)도\s*(?:말하지|알려\s*주지|얘기하지)|"
    r"남한테\s*(?:말하지|알려)|"
    r"别告诉(?:别人|任何人|其他人)|不要告诉(?:别人|任何人)|保密(?!协议|协定|条款|期|级)|别说出去|"
    r"誰にも(?:言わ|教え|話さ)ないで|内緒|秘密(?:だ|です|ね|に)|"
    r"no\s+se\s+lo\s+digas\s+a\s+nadie|no\s+(?:lo\s+)?(?:cuentes|digas)\s+a\s+nadie|es\s+(?:un\s+)?secreto|"
    r"nicht\s+weitersagen|sag(?:'s|\s+es)?\s+niemandem|(?:ist|bleibt|streng)\s+geheim\b|"
    r"ne\s+le\s+dis\s+à\s+personne|c'est\s+secret|garde\s+(?:le|ça)\s+pour\s+toi|"
    r"non\s+dirlo\s+a\s+nessuno|è\s+segreto|não\s+(?:conte|diga)\s+(?:a|pra)\s+ninguém|é\s+segredo",
    _I,
)
#: a date, a time or a year is not a code even when kept secret
_DATE_LIKE: Final = re.compile(
    r"^(?:(?:19|20)\d\d|\d{1,2}[./\-]\d{1,2}(?:[./\-]\d{2,4})?|\d{1,2}:\d\d)$"
)


def _code_shaped(value: str) -> bool:
    """Three digits or more and at most two letters: a PIN, a combination, a digicode."""
    return sum(c.isdigit() for c in value) >= 3 and sum(c.isalpha() for c in value) <= 2


def _clause_limit(text: str, start: int, width: int) -> int:
    stop = _CLAUSE_END.search(text, start, start + width + 1)
    return stop.start() if stop else min(len(text), start + width)


def _code_after(text: str, start: int, limit: int) -> re.Match[str] | None:
    code = _CODE.search(text, start, limit)
    if code is None or not _code_shaped(code.group(0)):
        return None
    if _UNIT_AFTER.match(text, code.end()) or _DATE_LIKE.match(code.group(0)):
        return None
    return code


def named_locks(text: str) -> Iterator[_Found]:
    secret_kept = _SECRECY.search(text) is not None
    for m in _LOCK_NAMED.finditer(text):
        if m.group("locker") is not None and not secret_kept:
            continue
        limit = _clause_limit(text, m.end(), 45)
        code = _code_after(text, m.end(), limit)
        if code is None:
            continue
        between = text[m.end() : code.start()]
        # a separator or a copula between (Spindschloss: 3309), or a locker kept secret,
        # whose number follows it directly (储物柜 4821，别告诉别人)
        if _TO_VALUE.search(between) or (m.group("locker") is not None and not between.strip()):
            yield code.start(), code.end(), Rule.SECRET_PIN, "named_lock_code"


def kept_secret(text: str) -> Iterator[_Found]:
    for cue in _SECRECY.finditer(text):
        # the sentence the cue stands in, both sides of it
        left = max(
            (m.end() for m in _CLAUSE_END.finditer(text, max(0, cue.start() - 80), cue.start())),
            default=max(0, cue.start() - 80),
        )
        right = _clause_limit(text, cue.end(), 80)
        for code in _CODE.finditer(text, left, right):
            if code.start() < cue.end() and code.end() > cue.start():
                continue
            if _code_after(text, code.start(), right) is not None and _code_shaped(code.group(0)):
                yield code.start(), code.end(), Rule.SECRET_PIN, "kept_secret_code"


# -- dial combinations -----------------------------------------------------------------------

_DIRECTION: Final = (
    r"(?:right|left|clockwise|counter-?clockwise|anti-?clockwise|cw|ccw|R|L|"
    r"右|左|오른쪽|왼쪽|우|좌|derecha|izquierda|der|izq|rechts|links|droite|gauche|"
    r"destra|sinistra|direita|esquerda)"
)
_TURN: Final = (
    rf"(?:{_DIRECTION}\s{{0,2}}(?:に|로|으로|へ|到|转|轉|to|a\s+la|à|nach|a)?\s{{0,2}}\d{{1,3}}"
    rf"|\d{{1,3}}\s{{0,2}}(?:to\s+the\s+)?{_DIRECTION}(?![a-z]))"
)
_DIAL_RUN: Final = re.compile(
    rf"(?<![A-Za-z0-9]){_TURN}(?:\s{{0,2}}(?:[、,，;/→>\-–]|then|und|y|et|e|다음|그\s*다음)?\s{{0,2}}{_TURN}){{2,7}}",
    _I,
)
_DIAL_CONTEXT: Final = compiled(
    rf"{_CODED_LOCK}|{_LOCKER}|\bdial\b|ダイヤル|다이얼|拨盘|轉盤|转盘|Drehrad|cadran|dial\b|"
    r"combination|combinación|Kombination|combinaison|combinazione|code|código|番号|번호|密码",
    _I,
)


_LEFTWARD: Final = re.compile(
    r"left|counter|anti|ccw|\bL|左|왼|좌|izq|links|gauche|sinistra|esquerda", _I
)
_RIGHTWARD: Final = re.compile(
    r"right|(?<!counter-)(?<!counter)(?<!anti-)(?<!anti)clockwise|\bcw|\bR|右|오른|우|der|rechts|droite|destra|direita",
    _I,
)


def dial_combinations(text: str) -> Iterator[_Found]:
    if not any(c.isdigit() for c in text) or not _DIAL_CONTEXT.search(text):
        return
    for m in _DIAL_RUN.finditer(text):
        # turns go both ways; "R1, R2, R3" are releases, not a combination
        if not (_LEFTWARD.search(m.group(0)) and _RIGHTWARD.search(m.group(0))):
            continue
        yield m.start(), m.end(), Rule.SECRET_PIN, "dial_combination"


# -- digits in another notation after a credential or code word ------------------------------

_ROMAN: Final = r"(?:X{0,2}(?:IX|IV|V?I{0,3})|X{1,2})"
_ROMAN_RUN: Final = re.compile(
    rf"(?<![\w\-])(?=[IVX])(?:{_ROMAN})(?:(?:[\-–./]| )(?=[IVX])(?:{_ROMAN})){{2,9}}(?![\w\-])"
)
_MORSE_GROUP: Final = r"[.\-·−–]{1,6}"
_MORSE_RUN: Final = re.compile(
    rf"(?<![\w.\-·−–]){_MORSE_GROUP}(?:(?: {{1,3}}| ?/ ?){_MORSE_GROUP}){{2,15}}(?![\w.\-·−–])"
)
_MORSE: Final = {
    "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5",
    "-....": "6", "--...": "7", "---..": "8", "----.": "9", ".-": "a", "-...": "b", "-.-.": "c",
    "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i", ".---": "j",
    "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q",
    ".-.": "r", "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x",
    "-.--": "y", "--..": "z",
}  # fmt: skip
#: the Japanese spelling table (和文通話表) and its digits: "朝日のア", "数字の3"
_KANA_ITEM: Final = (
    r"[^\s、,，。「」『』:：]{1,6}の[ァ-ヺぁ-ゖ0-9０-９A-Za-z](?![ァ-ヺぁ-ゖー一-龥A-Za-z0-9])"
)
_KANA_SPELLED: Final = re.compile(
    rf"{_KANA_ITEM}(?:\s{{0,2}}[、,，・]\s{{0,2}}{_KANA_ITEM}){{2,15}}"
)
#: "A as in Alpha", "B wie Berta", "C comme Célestin", "D de Dinamarca", "E come Empoli"
_TABLE_ITEM: Final = (
    r"(?:\b[A-Za-z0-9]\s+(?:as\s+in|for|wie|comme|come|como|de|di)\s+[A-ZÀ-Ý][a-zà-ÿ]+|\b\d\b)"
)
_TABLE_SPELLED: Final = re.compile(
    rf"{_TABLE_ITEM}(?:\s{{0,2}}[,;、]\s{{0,2}}{_TABLE_ITEM}){{2,15}}"
)


def _morse_reading(run: str) -> str | None:
    groups = re.split(r" ?/ ?| {1,3}", run.replace("·", ".").replace("−", "-").replace("–", "-"))
    letters = [_MORSE.get(g) for g in groups if g]
    if not letters or any(c is None for c in letters):
        return None
    return "".join(c for c in letters if c)


_NOTATIONS: Final = (_ROMAN_RUN, _MORSE_RUN, _KANA_SPELLED, _TABLE_SPELLED)


def notations(text: str, anchor: re.Pattern[str]) -> Iterator[_Found]:
    # the runs first (cheap, and rare), the credential words only where one is
    if not any(rx.search(text) for rx in _NOTATIONS) or not anchor.search(text):
        return
    for a in anchor.finditer(text):
        limit = _clause_limit(text, a.end(), 60)
        for m in _ROMAN_RUN.finditer(text, a.end(), limit):
            if all(part for part in re.split(r"[\-–./ ]", m.group(0))):
                yield m.start(), m.end(), Rule.SECRET_PIN, "roman_numeral_code"
        for m in _MORSE_RUN.finditer(text, a.end(), limit):
            reading = _morse_reading(m.group(0))
            if reading is not None and len(reading) >= 3 and any(c.isdigit() for c in reading):
                yield m.start(), m.end(), Rule.SECRET_PIN, "morse_code"
        for rx, name in (
            (_KANA_SPELLED, "kana_spelling_table"),
            (_TABLE_SPELLED, "spelling_table"),
        ):
            for m in rx.finditer(text, a.end(), _clause_limit(text, a.end(), 160)):
                if rx is _TABLE_SPELLED and len(re.findall(r"[^\W\d_]{2,}", m.group(0))) < 2:
                    continue  # "3, 4, 5": digits alone are the PIN rules' to read
                yield m.start(), m.end(), Rule.SECRET_PASSWORD, name


# -- an app password's shape -----------------------------------------------------------------

_FOUR_BY_FOUR: Final = re.compile(r"(?<![\w\-])[a-z]{4}(?:[ \-][a-z]{4}){3}(?![\w\-])")


def app_passwords(text: str, anchor: re.Pattern[str]) -> Iterator[_Found]:
    for m in _FOUR_BY_FOUR.finditer(text):
        groups = re.split(r"[ \-]", m.group(0))
        voweless = sum(1 for g in groups if not re.search(r"[aeiouy]", g))
        near = anchor.search(text, max(0, m.start() - 60), m.start()) is not None
        if voweless >= 2 or near:
            yield m.start(), m.end(), Rule.SECRET_PASSWORD, "app_password_shape"


# -- a credential given in parts -------------------------------------------------------------

_PART_WORD: Final = compiled(
    r"\b(?:first|second|third|last|other)\s+(?:half|part|piece|bit)|\b(?:the\s+)?(?:rest|remainder|"
    r"end|beginning|start)\b|\bpart\s*(?:\d|one|two|[a-c]\b)|"
    r"(?:앞|뒤|뒷)(?:\s*부분|\s*자리|\s*쪽)?(?=\s*(?:은|는|이|가|:))|나머지|절반|"
    r"前半|後半|残り|前の部分|後ろ|后半|剩下|一半|"
    r"\bmitad\b|\bresto\b|\bprimera\s+parte|Hälfte|\bRest\b|\bTeil\s*(?:\d|[AB]\b)|"
    r"\bmoitié\b|\ble\s+reste\b|\bdébut\b|\bfin\b",
    _I,
)
_PART_VALUE: Final = re.compile(
    r"\s{0,2}(?:[:：=]|\b(?:is|es|ist|est|c'est|lautet)\b|은|는|이|가|は|が|是|为)?\s{0,2}"
    r"[\"'“「«]?(?P<v>[^\s,，。、\"'”」»]{3,64})"
)


def _not_a_word(value: str) -> bool:
    core = value.strip(".;:!?")
    if re.fullmatch(r"\d{1,2}%?", core):
        return False  # "the rest is 50%": a share, not a value
    return bool(re.search(r"\d|[^\w\s]|[a-z][A-Z]", core))


def credential_parts(text: str, credential: re.Pattern[str]) -> Iterator[_Found]:
    if not credential.search(text):
        return
    parts = [
        v
        for m in _PART_WORD.finditer(text)
        if (v := _PART_VALUE.match(text, m.end())) is not None
        and not v.group("v").startswith(("http", "www."))
    ]
    # one part that is plainly a value makes the others its pieces, words too ("앞부분은
    # Haneul 이고 뒷부분은 _0419!")
    if any(_not_a_word(v.group("v")) for v in parts):
        for v in parts:
            yield v.start("v"), v.end("v"), Rule.SECRET_PASSWORD, "credential_part"


# -- round 13: grids, grouped keys, codes named by what they guard, words as passwords -------

#: a security (coordinate) card: two or more cells and their values ("B4 = 72, C1 = 09")
_GRID_CELL: Final = r"\b[A-J]\s?\d{1,2}\s?[=:：→\-]\s?\d{2,4}\b"
_GRID: Final = re.compile(rf"{_GRID_CELL}(?:\s{{0,2}}[,;/、]?\s{{0,2}}{_GRID_CELL}){{1,15}}")
#: an authenticator's setup key as it is shown: base32 in groups of four
_B32_GROUPS: Final = re.compile(
    r"(?<![A-Za-z0-9])[A-Z2-7]{4}(?:[ \-][A-Z2-7]{4}){3,12}(?![A-Za-z0-9])"
)
_OTP_WORDS: Final = compiled(
    r"2FA|MFA|OTP|TOTP|authenticator|setup\s+key|secret\s+key|recovery\s+key|설정\s*키|인증\s*앱|"
    r"OTP\s*키|セットアップキー|認証アプリ|シークレット|密钥|验证器|动态口令|clave\s+(?:secreta|de\s+"
    r"configuraci[óo]n)|Einrichtungsschl[üu]ssel|geheimer\s+Schl[üu]ssel|cl[ée]\s+secr[èe]te",
    _I,
)
#: a code named by what it guards or keeps secret: a parental-control code, an access or
#: unlock code, a secret code — then a value of three or more digits in its clause
_GUARDED_CODE: Final = compiled(
    r"\b(?:parental(?:\s+control)?\s+(?:code|pin|password|lock)|(?:access|unlock|unlocking|secret|"
    r"security|alarm|gate|garage|door)\s+code|code\s+(?:parental|secret|d'acc[èe]s|de\s+d[ée]verrouillage|"
    r"confidentiel|de\s+l'alarme|du\s+portail|de\s+la\s+porte)|c[óo]digo\s+(?:parental|secreto|de\s+"
    r"acceso|de\s+desbloqueo|de\s+la\s+alarma|de\s+la\s+puerta)|codice\s+(?:segreto|di\s+accesso|"
    r"di\s+sblocco|parentale|dell'allarme)|c[óo]digo\s+de\s+acesso|Kindersicherung\w*|Jugendschutz-?PIN|"
    r"Zugangscode|Entsperrcode|Geheimcode|Alarmcode|Torcode)\b|"
    r"자녀\s*보호\s*(?:비밀\s*번호|비번|PIN|코드)|잠금\s*해제\s*(?:코드|번호)|출입\s*(?:코드|번호)|"
    r"ペアレンタル\w{0,6}(?:暗証番号|コード|PIN)|解除コード|家长(?:控制|模式)\w{0,4}(?:密码|码)|门禁(?:密码|码)",
    _I,
)
#: a password given as words: quoted after the credential noun and its copula ("비밀번호는
#: '파란 우산 세 개 고양이'"), or one upper-case word ("비번은 … LOVE 야", "PIN: LOVE")
_COPULA_TO_VALUE: Final = (
    r"[^\n.!?。！？'\"“‘„‚「『]{0,24}?"
    r"(?:[:：=]|\b(?:is|es|est|ist|lautet|è|é|c'est)\b|은|는|이|가|は|が|是|为)"
)
_QUOTED_AFTER: Final = re.compile(
    rf"{_COPULA_TO_VALUE}\s*[\"'“‘„‚「『«](?P<v>[^\"'”’“‘」』»\n]{{3,80}})[\"'”’“‘」』»]"
)
#: a question about the value does not give it
_ASKED_AFTER: Final = re.compile(r"[^.!。！\n]{0,30}?[?？]")
_CAPS_AFTER: Final = re.compile(
    rf"{_COPULA_TO_VALUE}[^\n.!?。！？]{{0,16}}?(?<![A-Za-z_$])(?P<v>[A-Z]{{3,12}})(?![A-Za-z_}}])"
)
#: a masked value or a placeholder, not a value ("********", "<your password>", "${PW}")
_MASKED: Final = re.compile(
    r"^[*•·xX._\-\s]+$|^[<${\[%(]|\byour\b|example|placeholder|changeme|비밀번호\s*입력", re.I
)
#: upper-case words that name a thing, not a value
_NOT_A_VALUE: Final = frozenset(
    {
        "SMS", "OTP", "PIN", "APP", "USB", "NFC", "WIFI", "WPA", "AES", "RSA", "SSH", "API",
        "OK", "OKAY", "YES", "NO", "NONE", "NULL", "TRUE", "FALSE", "ATM", "BANK", "CARD",
        "HTTPS", "HTTP", "URL", "VPN", "MFA", "TOTP", "QR", "FAQ", "ID", "IOS", "MAC", "PC",
    }
)  # fmt: skip


def grids_and_keys(text: str) -> Iterator[_Found]:
    for m in _GRID.finditer(text):
        yield m.start(), m.end(), Rule.SECRET_OTP, "coordinate_card"
    for m in _B32_GROUPS.finditer(text):
        run = m.group(0)
        mixed = any(c.isdigit() for c in run) and any(c.isalpha() for c in run)
        near = _OTP_WORDS.search(text[max(0, m.start() - 60) : m.start()]) is not None
        if mixed and (near or len(run) >= 29):  # six groups or more stand alone
            yield m.start(), m.end(), Rule.SECRET_OTP, "grouped_base32_key"


def guarded_codes(text: str) -> Iterator[_Found]:
    for m in _GUARDED_CODE.finditer(text):
        code = _code_after(text, m.end(), _clause_limit(text, m.end(), 40))
        if code is not None:
            yield code.start(), code.end(), Rule.SECRET_PIN, "guarded_code"


#: the end of a clause: a comma, a semicolon, or a sentence mark followed by a space or by
#: a letter of a script written without spaces
_CLAUSE_BOUNDARY: Final = re.compile(r"[,，、;；]|(?<![.\-·])[.!?](?![.\-·])(?=\s)|[。！？]")
#: a clause that names its own subject before a value: a noun with a topic particle
#: ("제 폰은", "モデルは") or an English "my/the <noun> is"
_OWN_SUBJECT: Final = re.compile(
    r"(?P<kn>[가-힣A-Za-z0-9\-]+)(?:은|는)(?=\s)|(?P<jn>[ァ-ヺー一-龥A-Za-z0-9]+)(?:は|が)"
    r"|\b(?:my|the|our|your|his|her|this|that)\s+(?P<en>[A-Za-z\-]+)\s+(?:is|was|has|uses)\b",
    re.I,
)
#: nouns that still mean the credential: its names, and the words that point back to it
_STILL_THE_CREDENTIAL: Final = re.compile(
    r"(?:비밀\s*번호|비번|패스워드|암호|번호|코드|핀|것|거|건|パスワード|暗証番号|番号|コード|"
    r"password|passcode|passphrase|pin|code|one|it|pwd|login)$",
    re.I,
)


def names_its_own_subject(text: str, start: int, end: int) -> bool:
    """Between a credential noun (ending at ``start``) and a value (at ``end``) a clause ends
    and a new one names a subject of its own that is not the credential: the value is that
    subject's ("비밀번호 재설정 메일이 안 와요, 제 폰은 SM-G991N이에요": the phone's model), not
    the credential's ("the password, by the way, is MANGO-77" still is)."""
    ends = [b.end() for b in _CLAUSE_BOUNDARY.finditer(text, start, end)]
    if not ends:
        return False
    for m in _OWN_SUBJECT.finditer(text, ends[-1], end):
        noun = m.group("kn") or m.group("jn") or m.group("en") or ""
        if not _STILL_THE_CREDENTIAL.search(noun):
            return True
    return False


def worded_passwords(text: str, credential: re.Pattern[str]) -> Iterator[_Found]:
    for c in credential.finditer(text):
        q = _QUOTED_AFTER.match(text, c.end())
        if (
            q is not None
            and _ASKED_AFTER.match(text, q.end()) is None
            and not _MASKED.search(q.group("v"))
        ):
            yield q.start("v"), q.end("v"), Rule.SECRET_PASSWORD, "quoted_password"
            continue
        w = _CAPS_AFTER.match(text, c.end())
        if (
            w is not None
            and w.group("v") not in _NOT_A_VALUE
            and not names_its_own_subject(text, c.end(), w.start("v"))
        ):
            yield w.start("v"), w.end("v"), Rule.SECRET_PASSWORD, "worded_password"


def coded_secrets(
    text: str, anchor: re.Pattern[str], credential: re.Pattern[str]
) -> Iterator[_Found]:
    """Every rule of this module on one text. ``anchor`` is the caller's PIN, code and
    credential words; ``credential`` its credential nouns alone."""
    yield from named_locks(text)
    yield from kept_secret(text)
    yield from dial_combinations(text)
    yield from notations(text, anchor)
    yield from app_passwords(text, anchor)
    yield from credential_parts(text, credential)
    yield from grids_and_keys(text)
    yield from guarded_codes(text)
    yield from worded_passwords(text, credential)
