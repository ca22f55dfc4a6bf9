"""Secrets given in forms the slot patterns of :mod:`graphmem.write.secret_shapes` miss (round 8).

Each rule is a class of wording, in English, Korean, Japanese, Chinese, Spanish and German:

* **described, then given**: a credential noun, a description of the value in the same
  sentence ("the one with my dog's name", "犬の名前と誕生年で", "Name vom Hund plus Jahr"),
  then a value with the shape of a chosen password after a separator or a copula
  ("…: Rex1987", "… lautet Bello1987", "…，lily0603"). The slot patterns want the value right
  after the noun; a description in between hid it.
* **lock combinations**: a lock object (safe, locker, padlock, Tresor, caja fuerte, 金庫,
  保险柜, 금고 …) named with a code word, or a German compound ending in a code word
  (``Tresorcode``, ``Spindkombination``), followed in its clause by three or more digits
  (the ``digits`` view has already joined ``7 - 3 - 9 - 1``).
* **spelled digits the normaliser does not read**: Japanese kana (いち・きゅう・なな), native
  Korean (하나 둘 셋), Chinese radio digits (幺 拐 洞) after a PIN or code word.
* **structured payloads**: a Wi-Fi QR string (``WIFI:T:WPA;S:…;P:<password>;``) and an
  ``otpauth://`` URI's ``secret=`` parameter.
* **fragments**: a key given in parts. A random-looking token beside a word that names a part
  of something ("first half", "나머지 반쪽", "後半", "另一半", "la otra mitad", "zweite Hälfte")
  is a secret even when the word "key" is in another message; and tokens joined by ``+``,
  ``&``, ``and`` … in one text are read as one token before the randomness test.
* **labelled secrets**: a claim whose predicate names a credential (``api_key_parts``,
  ``wifi_password``, ``door_pin``) holds a secret in its object, whatever the object's shape.

Findings are ``(start, end, rule, detector)`` in the scanned text; no matched text is kept.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterator
from typing import Final

from graphmem.write import coded_secrets
from graphmem.write.codes import Rule

__all__ = [
    "described_passwords",
    "labelled_secret",
    "lock_codes",
    "secret_forms",
    "shannon_entropy",
]

_I = re.I

#: nouns that name a chosen credential (the value is a word with digits or symbols)
_CRED_NOUN: Final = re.compile(
    r"\b(?:pass(?:word|phrase|code)|pwd|pin|login|credentials?)\b(?!\s+(?:manager|policy|reset))"
    r"|비밀\s*번호|비번|패스워드|암호|パスワード|暗証番号|合言葉|密码|口令|"
    r"contraseña|\bclave\b|Passwort|Kennwort|Geheimzahl",
    _I,
)
#: what introduces the value after its description: a colon, an equals sign, a dash, a
#: copula, a comma (an apposition), or a Korean/Japanese/Chinese particle
_INTRO: Final = re.compile(
    r"(?:[:：=,，、\-–—]|\b(?:is|was|it's|es|era|ist|lautet|sind|namely)\b|是|为|就是|で|は|는|은|이|가)"
    r"\s*[\"'“‘`「『]?\s*$",
    _I,
)
#: a value shaped like a chosen password: a word with two or more digits, or with a symbol
_CHOSEN: Final = re.compile(
    r"(?<![A-Za-z0-9@/.])(?=[^\s]{0,63}[A-Za-z])(?=[^\s]{0,63}\d)[A-Za-z0-9!#$%&*+?@^_~.\-]{5,64}(?![A-Za-z0-9@/])"
)
_SENTENCE_END: Final = re.compile(r"[.!?。！？\n](?:\s|$)|[。！？\n]")
#: a value that ends the clause may be followed by a copula or a closing particle only
_VALUE_END: Final = re.compile(
    r"^\s*[\"'”’`」』]?\s*(?:$|[.!?。！？,，、;)]|です|だ|よ|이에요|예요|이야|야|입니다|이다|(?:ist|es|is)\b|"
    r"[😀-🙏]|\()",
)


#: a description that makes the noun name a kind of thing, not the credential itself: what
#: follows is an algorithm, protocol, scheme or standard ("암호 알고리즘은 RSA-2048이다",
#: "the wifi password protocol is WPA3-Personal"), never a chosen value
_KIND_OF: Final = re.compile(
    r"\b(?:algorithms?|protocols?|schemes?|standards?|ciphers?|hash(?:ing)?|encryption|"
    r"methods?|formats?|policy|policies|requirements?|rules?|length|strength|rotation|"
    r"algoritmos?|protocolos?|métodos?|cifrado|Algorithmus|Protokoll|Verfahren|"
    r"Verschlüsselung|Richtlinie)\b|알고리즘|프로토콜|방식|규칙|정책|길이|"
    r"アルゴリズム|プロトコル|方式|規則|ポリシー|算法|协议|方式|规则|策略|长度",
    _I,
)


def described_passwords(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """A credential noun, up to ~100 characters of description in the same sentence, then a
    chosen-password value introduced by a separator or copula and closing its clause; not
    when the description makes the noun a kind of thing (an algorithm, a protocol)."""
    for noun in _CRED_NOUN.finditer(text):
        end = noun.end()
        stop = _SENTENCE_END.search(text, end, end + 101)
        limit = stop.start() if stop else min(len(text), end + 100)
        for m in _CHOSEN.finditer(text, end, limit + 1):
            if _KIND_OF.search(text, end, m.start()):
                break
            value = m.group(0).rstrip(".")
            digits = sum(c.isdigit() for c in value)
            symbols = any(not c.isalnum() for c in value.strip(".-"))
            if digits < 2 and not symbols:
                continue
            if _INTRO.search(text[max(end, m.start() - 12) : m.start()]) is None:
                continue
            if _VALUE_END.match(text[m.start() + len(value) :]) is None:
                continue
            if coded_secrets.names_its_own_subject(text, end, m.start()):
                break
            yield m.start(), m.start() + len(value), Rule.SECRET_PASSWORD, "described_password"
            break
    for m in _GIVEN_THEN_NAMED.finditer(text):
        value = m.group("v")
        if sum(c.isdigit() for c in value) >= 2 or any(not c.isalnum() for c in value):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "described_password"


#: the other order: the value first, then what it is ("Rex1987 — that's my password",
#: "nabi0923이 내 비밀번호야", "Pochi2015が私のパスワードです", "lily0603是我的密码",
#: "Toby2019 es mi contraseña", "Bello1987 ist mein Passwort")
_GIVEN_THEN_NAMED: Final = re.compile(
    r"(?<![A-Za-z0-9@/.])(?P<v>(?=[^\s]{0,63}[A-Za-z])(?=[^\s]{0,63}\d)[A-Za-z0-9!#$%&*+?@^_~.\-]{5,64})"
    r"(?![A-Za-z0-9@/])[\"'”’」]?\s*[,\-–—:]?\s*"
    r"(?:(?:that'?s|that\s+is|is|was|=)\s+(?:my|the|our|his|her)\s+(?:\w+\s+){0,3}?"
    r"(?:password|passcode|passphrase|pin)\b"
    # a few letters may name whose password it is (우리 집 비번); a comma or full stop ends
    # the clause, and a password named in the next one is not this value ("이름은 Kim_5G야,
    # 비번은 안 알려 줄 거임")
    r"|(?:이|가|은|는)?\s*(?:내|제|우리|나의)?\s*(?:[^\s,，.、。]{1,6}\s*)?(?:비밀\s*번호|비번|패스워드)"
    r"|(?:が|は)(?:私の|僕の|うちの)?\S{0,8}?(?:パスワード|暗証番号)"
    r"|(?:是|就是)(?:我的|我们的)?\S{0,6}?(?:密码|口令)"
    r"|(?:es|era)\s+(?:mi|la|nuestra)\s+(?:\w+\s+)?(?:contraseña|clave)"
    r"|(?:ist|war)\s+(?:mein|das|unser)\s+(?:\w+\s+)?(?:Passwort|Kennwort))",
    _I,
)


# -- lock combinations -----------------------------------------------------------------------

_LOCK_OBJECT: Final = (
    r"\b(?:safe|locker|lockbox|lock\s*box|key\s*box|key\s*safe|padlock|bike\s+lock|"
    r"combination\s+lock|vault|strongbox|gun\s+safe|suitcase\s+lock|alarm|burglar\s+alarm)\b|"
    r"금고|사물함|자물쇠|키\s*박스|번호\s*키|경보기|보안\s*시스템|"
    r"金庫|ロッカー|南京錠|キーボックス|ダイヤル錠|警報|セキュリティ|"
    r"保险柜|保险箱|密码锁|储物柜|寄存柜|行李箱锁|报警器|警报|"
    r"caja\s+fuerte|candado|taquilla|casillero|\balarma\b|"
    r"Tresor|Spind|Schließfach|Schliessfach|Vorhängeschloss|Fahrradschloss|Zahlenschloss|Safe|"
    r"Alarmanlage"
)
#: the words that say how a lock opens (a code, a combination, a PIN, a password) ...
_OPENS_WORD: Final = (
    r"codes?|combo|combination|(?<![a-z])pin(?![a-z])|password|kombination|zahl|비밀\s*번호|비번|"
    r"암호|暗証番号|暗号|コード|密码|código|combinación|clave|contraseña"
)
#: ... and those that may instead say which one it is (a locker's number)
_WHICH_WORD: Final = r"nummer|번호|番号|号码"
_LOCK_CODE_WORD: Final = rf"{_OPENS_WORD}|{_WHICH_WORD}"
_LOCK_RE: Final = re.compile(
    # a German compound: Tresorcode, Spindkombination, Schließfachnummer
    rf"(?:Tresor|Spind|Schließfach|Schliessfach|Safe|Zahlenschloss|Fahrradschloss|Schloss|"
    rf"Haustür|Wohnungstür|Garagentor|Briefkasten)(?:-)?(?:code|kombination|zahl|nummer|pin)\b"
    # the lock object and a code word within a few words, either order
    rf"|(?:{_LOCK_OBJECT})[^\d\n.!?。]{{0,20}}?(?:{_LOCK_CODE_WORD})"
    rf"|(?:{_LOCK_CODE_WORD})\s*(?:of|for|de|del|de\s+la|für|von|의|の|的)?\s*(?:the\s+|my\s+|mi\s+|meinem\s+|dem\s+)?"
    rf"(?:{_LOCK_OBJECT})",
    _I,
)
#: lockers are numbered: a locker's bare "number" (번호, Nummer, 番号, 号码, número) says
#: which one it is; only a code word says how it opens
_NUMBERED_LOCK: Final = re.compile(
    r"\blockers?\b|사물함|ロッカー|储物柜|寄存柜|taquilla|casillero|Spind|Schließfach|Schliessfach",
    _I,
)
_CODE_PROPER: Final = re.compile(_OPENS_WORD, _I)
_LOCK_DIGITS: Final = re.compile(r"(?<!\d)\d(?:[\s\-–—./·・,_|]{0,3}\d){2,11}(?!\d)")


def lock_codes(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """A lock's combination: a lock object named with a code word, then digits in its clause."""
    for m in _LOCK_RE.finditer(text):
        if _NUMBERED_LOCK.search(m.group(0)) and not _CODE_PROPER.search(m.group(0)):
            continue  # "사물함 번호는 1127번": which locker, not how it opens
        stop = _SENTENCE_END.search(text, m.end(), m.end() + 51)
        limit = stop.start() if stop else min(len(text), m.end() + 50)
        d = _LOCK_DIGITS.search(text, m.end(), limit)
        if d is not None:
            yield d.start(), d.end(), Rule.SECRET_PIN, "lock_combination"
    for m in _CODE_LIST.finditer(text):
        # every code of the list, not only the first: each one is usable
        for c in _LISTED_CODE.finditer(text, m.end(), min(len(text), m.end() + 120)):
            yield c.start(), c.end(), Rule.SECRET_OTP, "code_list"


#: lists of single-use codes: TAN lists, backup and recovery codes, in six languages
_CODE_LIST: Final = re.compile(
    r"\b[im]?TAN(?:-?Liste|-?Nummern?|s)?\b|Transaktionsnummern?|"
    r"\b(?:backup|recovery|scratch|2fa|mfa)\s+codes\b|Backup-?Codes|Wiederherstellungscodes|"
    r"códigos\s+de\s+(?:respaldo|recuperación)|백업\s*코드|복구\s*코드|"
    r"バックアップ\s*コード|リカバリー\s*コード|备用码|恢复码|备份码",
    re.I,
)
_LISTED_CODE: Final = re.compile(
    r"(?<![\w\-])(?=[A-Za-z\-]*\d)[A-Za-z0-9]{4,5}(?:-?[A-Za-z0-9]{3,5})?(?![\w\-])"
    r"|(?<![\w\-])\d{6,10}(?![\w\-])"
)


#: a passphrase of plain words after its noun and a colon, an equals sign or quotes
_PASSPHRASE: Final = re.compile(
    r"(?:\bpass\s*phrase(?!s)|\bwatchword|合言葉|口令|暗号|암호\s*문구|비밀\s*문구|"
    r"frase\s+(?:de\s+)?(?:paso|contraseña|secreta)|Passphrase|Losungswort|Kennsatz)"
    r"[^:：=\n\"“「]{0,30}[:：=]\s*[\"“「]?(?P<v>[^\W\d_]+(?:[ \-][^\W\d_]+){2,7})",
    re.I,
)


#: a sentence, not a phrase of chosen words, holds function words
_FUNCTION_WORDS: Final = frozenset(
    {
        "they", "it", "this", "that", "we", "you", "i", "he", "she", "is", "are", "was", "the",
        "a", "an", "and", "or", "than", "to", "of", "in", "on", "for", "with", "el", "la", "los",
        "las", "es", "son", "y", "de", "que", "un", "una", "sie", "er", "ist", "sind", "und",
        "der", "die", "das", "ein", "eine", "oder",
    }
)  # fmt: skip


def passphrases(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _PASSPHRASE.finditer(text):
        words = re.split(r"[ \-]", m.group("v").lower())
        if not _FUNCTION_WORDS.intersection(words):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "passphrase_words"


# -- digits spelled in words the normaliser does not read ------------------------------------

_KANA_DIGITS: Final = (
    "ぜろ|れい|まる|いち|に|さん|よん|し|ご|ろく|なな|しち|はち|きゅう|く|"
    "ゼロ|レイ|マル|イチ|ニ|サン|ヨン|シ|ゴ|ロク|ナナ|シチ|ハチ|キュウ|ク"
)
_NATIVE_KO: Final = "하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉|영|공"
_RADIO_ZH: Final = "幺|拐|洞|两"
_SPELLED_RUN: Final = re.compile(
    rf"(?:(?:{_KANA_DIGITS}|{_NATIVE_KO}|{_RADIO_ZH})[\s・、,，\-·]*){{3,12}}"
)
_SPELL_GAP: Final = re.compile(r"[\s・、,，\-·]+$")


def spelled_codes(text: str, anchor: re.Pattern[str]) -> Iterator[tuple[int, int, Rule, str]]:
    """Three or more spelled digits (kana, native Korean, Chinese radio digits) within 25
    characters after a PIN or code word (``anchor``)."""
    if not _SPELLED_RUN.search(text):
        return
    for a in anchor.finditer(text):
        m = _SPELLED_RUN.search(text, a.end(), a.end() + 60)
        if m is None or m.start() - a.end() > 25:
            continue
        words = re.findall(rf"{_KANA_DIGITS}|{_NATIVE_KO}|{_RADIO_ZH}", m.group(0))
        # a run of separated words, or one long run (a word glued of number syllables)
        separated = bool(re.search(r"[\s・、,，\-·]", m.group(0).strip()))
        if len(words) >= 3 and (separated or len(words) >= 4):
            gap = _SPELL_GAP.search(m.group(0))
            end = m.end() - (len(gap.group(0)) if gap else 0)
            yield m.start(), end, Rule.SECRET_PIN, "spelled_digits"


# -- structured payloads ---------------------------------------------------------------------

_WIFI_QR: Final = re.compile(r"WIFI:(?:[^;\n]{0,100};){0,8}?P:(?P<v>(?:\\.|[^;\n]){1,128})", _I)
_OTPAUTH: Final = re.compile(
    r"otpauth://[^\s?]{0,200}\?(?:[^\s]{0,300}?[&?])?secret=(?P<v>[A-Z2-7=]{8,128})", _I
)


def structured_payloads(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    if "WIFI:" in text.upper():
        for m in _WIFI_QR.finditer(text):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "wifi_qr"
    if "otpauth" in text.lower():
        for m in _OTPAUTH.finditer(text):
            yield m.start("v"), m.end("v"), Rule.SECRET_OTP, "otpauth_uri"


# -- fragments -------------------------------------------------------------------------------

_FRAGMENT_WORD: Final = re.compile(
    r"\b(?:first|second|third|last|other|remaining)\s+(?:half|part|piece|chunk|bit|segment)|"
    r"\b(?:half|part|piece|fragment|chunk|segment)\s*(?:\d|one|two|three|[a-c]\b|of\b)|"
    r"\b(?:the\s+)?(?:rest|remainder)\b|\bhalves\b|"
    r"절반|반쪽|나머지|앞부분|뒷부분|앞\s*자리|뒷\s*자리|조각|부분|"
    r"前半|後半|残り|半分|続き|前の部分|後ろの部分|"
    r"前半部分|后半|一半|剩下|其余|另一部分|第[一二三]部分|"
    r"\bmitad\b|\bresto\b|\bparte\s+\d|\btrozo\b|"
    r"Hälfte|\bRest\b|\bTeil\s*\d|\bersten?\s+Teil|\bzweiten?\s+Teil",
    _I,
)
_FRAG_TOKEN: Final = re.compile(r"(?<![\w+/\-])[A-Za-z0-9+/_\-]{8,64}(?![\w+/\-])")


def shannon_entropy(token: str) -> float:
    """Bits per character of ``token`` (its characters' Shannon entropy)."""
    counts = Counter(token)
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _classes(token: str) -> int:
    return sum(
        (
            any(c.islower() for c in token),
            any(c.isupper() for c in token),
            any(c.isdigit() for c in token),
        )
    )


def _switches(token: str) -> float:
    """How often the character class changes along the token: random strings switch at
    most steps, words and names with a number at one or two."""

    def cls(c: str) -> int:
        return 0 if c.isdigit() else 1 if c.islower() else 2 if c.isupper() else 3

    changes = sum(1 for a, b in itertools.pairwise(token) if cls(a) != cls(b))
    return changes / max(1, len(token) - 1)


def _random_part(token: str) -> bool:
    return (
        any(c.isdigit() for c in token)
        and any(c.isalpha() for c in token)
        and _classes(token) >= 2
        and shannon_entropy(token) >= 2.8
        and _switches(token) >= 0.3
    )


_JOIN: Final = re.compile(
    r"\s*(?:\+|&|,|，|、|\band\b|\bthen\b|그리고|와|과|と|和|\by\b|\bund\b)\s*", _I
)


def fragments(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """Random-looking parts of a secret: beside a word naming a part, or two or more joined
    in one text (``7fQ2mZ9xR4vL + 8kT1pW6yN3bH``)."""
    tokens = [m for m in _FRAG_TOKEN.finditer(text) if _random_part(m.group(0))]
    if not tokens:
        return
    for m in tokens:
        before = text[max(0, m.start() - 30) : m.start()]
        if _FRAGMENT_WORD.search(before):
            yield m.start(), m.end(), Rule.SECRET_TOKEN, "secret_fragment"
    for a, b in itertools.pairwise(tokens):
        if _JOIN.fullmatch(text[a.end() : b.start()]) is None:
            continue
        joined = a.group(0) + b.group(0)
        if len(joined) >= 16 and _classes(joined) >= 3 and shannon_entropy(joined) >= 3.5:
            yield a.start(), b.end(), Rule.SECRET_TOKEN, "reassembled_fragments"


def secret_forms(
    text: str, anchor: re.Pattern[str], *, structured_only: bool = False
) -> Iterator[tuple[int, int, Rule, str]]:
    """Every rule of this module on one text; ``anchor`` is the caller's PIN/code words. On a
    reversed or leetspeak reading only the rules with structure run (as in the caller)."""
    yield from lock_codes(text)
    yield from passphrases(text)
    yield from spelled_codes(text, anchor)
    yield from structured_payloads(text)
    if structured_only:
        return
    yield from described_passwords(text)
    yield from fragments(text)
    yield from coded_secrets.coded_secrets(text, anchor, _CRED_NOUN)


# -- a claim's label -------------------------------------------------------------------------

_SECRET_LABEL: Final = frozenset(
    {
        "password", "passwd", "pwd", "passcode", "passphrase", "pin", "otp", "token",
        "apikey", "credential", "credentials", "mnemonic", "cvv", "cvc", "puk",
        # round 15: a mobile-money or banking PIN, a passkey, a code word agreed in a family
        "mpin", "tpin", "upipin", "passkey", "safeword", "codeword", "passwort",
    }
)  # fmt: skip
#: a label that names a credential only beside what it opens: a lock pattern, a garage or
#: door code, a safe's combination, a remote's DIP switches ("sleep_pattern", "zip_code"
#: and "area_code" open nothing)
_OPENS: Final = frozenset(
    {
        "lock", "unlock", "screen", "garage", "gate", "door", "alarm", "safe", "locker",
        "keypad", "entry", "access", "remote", "vault", "padlock", "lockbox",
    }
)  # fmt: skip
_OPENED_WITH: Final = frozenset({"pattern", "code", "combination", "combo", "dip", "switches"})
_PAIRS: Final = ("safe_word", "code_word", "dip_switch", "pass_key", "phone_pattern", "phone_lock")
#: words that make the label about the credential, not the credential itself
_ABOUT_LABEL: Final = frozenset(
    {
        "manager", "policy", "length", "hint", "reset", "rotation", "rotated", "expiry",
        "expires", "expired", "changed", "change", "count", "strength", "app", "tool",
        "vault", "format", "type", "enabled", "uses", "use", "has", "requires", "required",
        "set", "last", "updated", "prefers", "preference", "rule", "rules", "days", "age",
        "reuse", "reused", "store", "storage", "provider", "location", "kept", "where",
        # a measure of the credential (token_ttl_seconds = 3600), not the credential
        "ttl", "lifetime", "seconds", "secs", "minutes", "mins", "hours", "timeout",
        "duration", "limit", "size", "bits", "chars", "characters", "digits", "attempts",
        "retries", "max", "min",
    }
)  # fmt: skip


def labelled_secret(predicate: str, obj: object) -> bool:
    """Whether a claim's predicate names a credential (``api_key_parts``, ``wifiPassword``,
    ``door-pin``) and its object could be one (a string or number, not a yes/no)."""
    if isinstance(obj, bool) or obj is None:
        return False
    if not isinstance(obj, (str, int)):
        return False
    value = str(obj).strip()
    if len(value) < 3 or value.lower() in {"yes", "no", "true", "false", "none", "unknown"}:
        return False
    key = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", predicate)
    words = [w for w in re.split(r"[^A-Za-z0-9]+", key.lower()) if w]
    joined = "_".join(words)
    named = (
        bool(set(words) & _SECRET_LABEL)
        or any(
            k in joined
            for k in (
                "api_key",
                "access_key",
                "secret_key",
                "private_key",
                "seed_phrase",
                "recovery_phrase",
                *_PAIRS,
            )
        )
        or bool(set(words) & _OPENS and set(words) & _OPENED_WITH)
    )
    if not named or set(words) & _ABOUT_LABEL:
        return False
    return any(c.isdigit() for c in value) or len(value) >= 6
