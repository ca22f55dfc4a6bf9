"""Secrets and personal data recognised by their shape, in several languages.

The sensitivity module's table knows vendor formats and ``key = value`` forms. What it cannot
know by name is found here by structure:

* one-time codes and PINs: 3–10 digits (``#``/``*`` allowed) beside a code word in English,
  Korean, Japanese, Chinese, Spanish or German (``verification code``, ``인증번호``,
  ``暗証番号``, ``验证码``, ``código``, ``Türcode``, ``door code``, ``현관 비밀번호`` …);
* wallet recovery phrases: 12 or more words in a row from a BIP-39 wordlist (English, Spanish,
  Korean, Japanese, Chinese; the lists come from the ``mnemonic`` package), or 8 or more beside
  a seed word;
* high-entropy tokens beside a secret word in any of those languages (``with secret …``,
  ``backup token …``, ``key part 2: …``), and long mixed tokens anywhere that look random;
* environment assignments whose name ends in a secret word (``PGPASSWORD=…``,
  ``MY_API_TOKEN=…``) and passwords in prose in Japanese, Chinese, Spanish and German;
* PEM private-key blocks in any letter case;
* personal data: home addresses, passport, driving-licence and bank-account numbers, GDPR
  Art. 9 special categories (sexual orientation, religion, political opinion, trade-union
  membership, ethnic origin, genetic and biometric data) and criminal records.

The sensitivity module runs these on every normalised view of a text (spaced, split, reversed,
hex/base64-encoded and spelled-out forms included), so they see ``s k - …`` and ``four seven two
nine`` too. Findings are ``(start, end, rule)`` in the scanned text; no matched text is kept.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from mnemonic import Mnemonic

from graphmem.write import (
    coded_secrets,
    personal_forms,
    secret_forms,
    special_more,
    special_named,
    spoken_secrets,
)
from graphmem.write.codes import Rule
from graphmem.write.normalize import base64_bytes, base64_text, with_plain_letters

__all__ = ["labelled_category", "personal_data", "secrets"]

_I = re.I

_CODE_WORDS: Final = (
    r"\b(?:verification\s+code|security\s+code|confirmation\s+code|one[-\s]*time\s+(?:code|password|"
    r"passcode)|otp|2fa\s+code|auth(?:entication)?\s+code|login\s+code|sms\s+code|passcode)\b|"
    r"인증\s*번호|인증\s*코드|보안\s*코드|확인\s*코드|일회용\s*비밀번호|(?<![A-Za-z])OTP(?![A-Za-z])|認証コード|確認コード|"
    r"ワンタイムパスワード|验证码|校验码|动态码|código\s+de\s+(?:verificación|seguridad|acceso)|"
    r"Bestätigungscode|Sicherheitscode|Einmalcode|Verifizierungscode|"
    # a (bank or app) token given as digits (round 14): "o token do app do banco é 887 241"
    r"\btoken\b(?!\s+(?:count|limit|budget|window|size|length|usage|cost|price|economy))|토큰|トークン|令牌"
)
_PIN_WORDS: Final = (
    r"\bpin(?:\s*(?:code|number))?|door\s*code|gate\s*code|lock\s*code|alarm\s*code|keypad\s*code|"
    r"safe\s*code|entry\s*code|access\s*code|building\s*code\b|"
    r"비밀\s*번호|비번|핀\s*번호|도어락|현관\s*(?:비밀\s*)?번호|공동\s*현관|출입\s*번호|暗証番号|"
    r"(?:공동|공인)?\s*인증서\s*(?:암호|비밀번호)|(?:계정|통장|카드|휴대폰|폰|노트북|금고|공유기)\s*암호|"
    r"ドアコード|暗码|密码|门禁码|código\s+(?:(?:de\s+(?:la\s+)?|del\s+)(?:puerta|entrada|alarma|garaje|portón|portão))|"
    r"차고\s*(?:비밀\s*)?번호|ガレージ(?:の)?(?:暗証番号|コード)|车库密码|Garagen?(?:tor)?-?code|"
    r"\bclave\b|Türcode|Zugangscode|Geheimzahl|PIN-?Nummer|"
    # round 7: the card and phone PINs of other languages (French, Portuguese, Russian,
    # Vietnamese, Thai, Arabic, Hindi, Indonesian, Turkish)
    r"code\s+(?:de\s+(?:ma\s+|la\s+|sa\s+)?carte|confidentiel|secret)|"
    r"senha\s+do\s+cart[aã]o|пин-?код|код\s+(?:от|карты|доступа|домофона)|mã\s+(?:PIN|pin|bí\s+mật)|"
    r"รหัส(?:\s*(?:ATM|PIN|บัตร))?|الرقم\s+السري|رمز\s+(?:الدخول|PIN)|पिन|कोड|"
    r"\bkode\s+(?:PIN|rahasia)|\bşifre(?:si)?\b"
)
_CODE_VALUE: Final = r"[\[(\"'「“]?\s*(?P<v>\d[\d\s\-]{2,10}[#*]?|\d{3,10}[#*]?)(?!\d)"
_CODE_WORDS_ANY: Final = with_plain_letters(_CODE_WORDS)
_PIN_WORDS_ANY: Final = with_plain_letters(_PIN_WORDS)
_OTP_RE: Final = re.compile(rf"(?:{_CODE_WORDS_ANY})[^\d\n]{{0,30}}?{_CODE_VALUE}", _I)
_OTP_AFTER_RE: Final = re.compile(
    rf"{_CODE_VALUE}[^\d\n]{{0,6}}(?:이|가|은|는|を|が|は)?\s*(?:{_CODE_WORDS_ANY})", _I
)
#: between a PIN's word and its value: no digit, except the PIN's length ("6자리", "4桁",
#: "6-digit"), which says what kind of value follows
_PIN_GAP: Final = (
    r"(?:[^\d\n]|\d{1,2}\s*-?\s*(?:자리|桁|位|digits?|stellig\w*|dígitos|chiffres)(?![\w]))"
)
_PIN_RE: Final = re.compile(rf"(?:{_PIN_WORDS_ANY}){_PIN_GAP}{{0,25}}?{_CODE_VALUE}", _I)

_SECRET_WORDS: Final = (
    r"secret|token|api[-_\s]?key|access[-_\s]?key|private[-_\s]?key|key\s+part|part\s+\d|"
    r"password|passwd|passphrase|credential|credentials|bearer|auth|apikey|key|creds|"
    r"시크릿|비밀\s*키|토큰|(?<![가-힣])키(?![가-힣])|암호|비밀번호|자격\s*증명|シークレット|トークン|秘密鍵|"
    r"(?<![ァ-ヺー])キー(?![ァ-ヺー])|パスワード|"
    r"密钥|令牌|秘钥|密码|clave|contraseña|secreto|Schlüssel|Passwort|Kennwort|Geheimnis"
)
_TOKEN: Final = re.compile(
    r"(?<![A-Za-z0-9+/_\-.=])[A-Za-z0-9+/_\-.]{12,200}={0,2}(?![A-Za-z0-9+/_\-.=])"
)
_PUBLIC: Final = re.compile(
    r"PUBLIC\s+KEY-----|ssh-?(?:rsa|ed25519|dss)|ecdsa-?sha2|BEGIN\s+CERTIFICATE|"
    # a signature is published with what it signs (round 15)
    r"BEGIN\s+(?:PGP\s+|SSH\s+)?SIGNATURE|BEGIN\s+PGP\s+SIGNED\s+MESSAGE",
    re.I,
)
#: the first bytes of a file format: a base64 run that decodes to one is a file (a gzip'd
#: config map, a PNG, a PDF), not a key (round 15)
_FILE_MAGIC: Final = (
    b"\x1f\x8b", b"PK\x03\x04", b"\x89PNG", b"%PDF", b"\xff\xd8\xff", b"GIF8", b"\xfd7zXZ",
    b"BZh", b"\x28\xb5\x2f\xfd", b"OggS", b"RIFF", b"\x00asm",
)  # fmt: skip


def _encoded_file_or_text(token: str) -> bool:
    """A base64 run that decodes to readable text (a MIME subject, "=?UTF-8?B?…?=") or to a
    file's first bytes: what it encodes is read elsewhere, it is no random key."""
    if base64_text(token) is not None:
        return True
    raw = base64_bytes(token)
    return raw is not None and raw.startswith(_FILE_MAGIC)


_NEAR_SECRET: Final = re.compile(with_plain_letters(_SECRET_WORDS), _I)

#: a name going on after a secret word: a joiner and a letter, or letters (a plural's "s" ends it)
_NAME_GOES_ON: Final = re.compile(r"[-_][A-Za-z]|(?!s(?![A-Za-z]))[A-Za-z]")


#: a name of lower-case parts joined by hyphens or underscores (``v18-admin-password-rotation``)
_NAME_OF_WORDS: Final = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+){2,}")


#: a code said in Chinese numerals after its copula ("就是六个八": six eights)
_SPOKEN_DIGITS: Final = re.compile(
    r"(?:就|也|都|还|其实)?(?:是|为|為)?[〇零一二两三四五六七八九个個位]{3,}"
)


def _generated_letters(value: str) -> bool:
    """Twelve letters or more with hardly a vowel ("xkqbwmzfdpvrhgta", a mail client's
    authorisation code): generated, not a word ("kompromittiert")."""
    if len(value) < 12 or not (value.isascii() and value.isalpha()):
        return False
    return sum(c in "aeiouyAEIOUY" for c in value) < 0.2 * len(value)


def _names_the_secret(token: str) -> bool:
    """A lower-case name that holds a secret word as one of its parts, hyphenated or
    rejoined ("v18-admin-password-rotation", "v18adminpasswordrotation"): a name about
    passwords, not a password."""
    if not (_NAME_OF_WORDS.fullmatch(token) or re.fullmatch(r"[a-z0-9]{8,}", token)):
        return False
    return any(
        _NAME_GOES_ON.match(token, m.end()) or "-" in token or "_" in token
        for m in _NEAR_SECRET.finditer(token)
    )


def _labels_a_secret(before: str) -> bool:
    """Whether a secret word in ``before`` ends its word (``password``, ``db_password``), not
    goes on inside a name ("v18-admin-password-rotation", or "adminpasswordrotation" once
    rejoined, names a procedure; no value follows it)."""
    return any(_NAME_GOES_ON.match(before, m.end()) is None for m in _NEAR_SECRET.finditer(before))


_ENV_ASSIGN: Final = re.compile(
    r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|API_?KEY|"
    r"PRIVATE_?KEY|ACCESS_?KEY|CREDENTIALS?)"
    # a part of one (DB_PASS_SUFFIX, API_KEY_2, SECRET_PART_B)
    r"(?:_(?:PREFIX|SUFFIX|HEAD|TAIL|FIRST|SECOND|LAST|REST|HALF|PART_?[0-9A-C]?|[0-9]|[A-C]))?"
    # the value on the key's own line ("DB_PASSWORD=" then "API_KEY=<…>" is an empty value)
    r"[ \t]*[=:][ \t]*[\"']?(?P<v>[^\s\"'&;|]{3,256})"
)
#: passwords in prose in the languages the table above does not name (round 7): the noun, a
#: qualifier of a few words ("от почты", "wifi nhà mình", "الخاصة بي", "do banco"), a copula
#: or a colon, and a value with a digit or a symbol
_PASSWORD_PROSE_MORE: Final = re.compile(
    r"(?:mot\s+de\s+passe|\bmdp\b|пароль|mật\s+khẩu|รหัสผ่าน|كلمة\s+(?:السر|المرور)|पासवर्ड|"
    r"\bsenha\b|kata\s+sandi|\bşifre(?:m|si)?\b|\bparola\b)"
    r"[^\n.!?:：=]{0,30}?\s*(?:[:：=]|\s(?:est|c'est|é|era|это|là|هي|هو|है|adalah|ialah|:)\s|\s*คือ)\s*"
    r"[\"'«“]?(?P<v>[^\s\"'»”,]{4,128})",
    _I,
)
_PASSWORD_PROSE: Final = re.compile(
    "(?P<n>"
    + with_plain_letters(
        r"パスワード|暗証番号|密码|口令|contraseña|clave|Passwort|Kennwort|"
        # round 16: the codes that open a mailbox to a client or a shared drive to a link
        r"授权码|授權碼|提取码|提取碼|访问码|访问密码|取件码|应用专用密码|アプリパスワード|"
        r"앱\s*비밀번호|App-?Passwort|contraseña\s+de\s+aplicación"
    )
    + r")(?:\s+(?:del?|de\s+la|des|der|für|for|of)\s+\w+)?"
    r"\s*(?:は|が|是|为|:|：|=|\bes\b|\bera\b|lautet|\bist\b|\bwar\b|\S{1,3}(?=\s))?\s*[:：]?\s*"
    r"[\"'「“]?(?P<v>[^\s\"'」”。、,，；：！？]{4,128})",
    _I,
)
_PEM: Final = re.compile(
    r"-----\s*begin[ a-z0-9]{0,30}private\s+key(?:\s+block)?\s*-----.*?"
    r"(?:-----\s*end[ a-z0-9]{0,30}"
    r"private\s+key(?:\s+block)?\s*-----|\Z)",
    _I | re.S,
)


def _classes(token: str) -> int:
    return sum(
        (
            any(c.islower() for c in token),
            any(c.isupper() for c in token),
            any(c.isdigit() for c in token),
            any(not c.isalnum() for c in token),
        )
    )


_BORING: Final = re.compile(
    r"^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sha\d+|[a-z]+(?:[-_.][a-z]+)+|"
    r"[A-Za-z]+|\d+|[\d.\-/:]+|v?\d+(?:\.\d+)+\S*|[a-z0-9_]+_[0-9A-Z]{20,26}|[A-Z]+_[A-Z_]+)$"
)


#: snake_case words (``user_profile_v2``), not a prefixed random part (``tk_live_9Qm2Zx…``)
_SNAKE_WORDS: Final = re.compile(r"^(?:[A-Za-z]+|\d{1,4})(?:_(?:[A-Za-z]+|\d{1,4}))+$")
#: a path or a name built of words (``tenant/acme/v15b_cert_renew_01``, ``ops/db-backup.v2``):
#: every part between separators is a lower-case or capitalised word, a number of at most four
#: digits or a short version-like mix (``v15b``, ``14d``, ``x86``), and at least two parts are
#: words of three letters or more. A random token's parts are long mixes (``9Qm2Zx…``).
_PART_SEP: Final = re.compile(r"[/_\-.]+")
_WORD_PART: Final = re.compile(r"[a-z]{3,}|[A-Z][a-z]{2,}")
_SHORT_PART: Final = re.compile(r"[A-Za-z]{1,2}|\d{1,4}|[a-z]{0,2}\d{1,3}[a-z]{0,2}")


#: a key as a list of its bytes (a Solana ``id.json``, a 32- or 64-byte array): 32 or more
#: numbers of at most three digits in one bracketed list
_KEY_BYTES: Final = re.compile(r"\[\s*\d{1,3}(?:\s*,\s*\d{1,3}){31,}\s*\]")
_PADDED_B64: Final = re.compile(r"[A-Za-z0-9+/]{10,}={1,2}")


def _word_path(token: str) -> bool:
    parts = [p for p in _PART_SEP.split(token) if p]
    words = sum(1 for p in parts if _WORD_PART.fullmatch(p))
    return words >= 2 and all(_WORD_PART.fullmatch(p) or _SHORT_PART.fullmatch(p) for p in parts)


#: a host name or a URL without its scheme (``//wiki.v3.example.com/a``): labels and a TLD
_HOST: Final = re.compile(
    r"^(?://)?(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62})?\.)+[A-Za-z]{2,24}(?::\d{1,5})?(?:/[\w\-./]*)?$"
)


def _looks_random(token: str, *, near_secret_word: bool) -> bool:
    t = token.strip(".=")
    if (
        _BORING.match(t)
        or "://" in t
        or t.count("/") > 3
        or _SNAKE_WORDS.match(t)
        or _HOST.match(t)
    ):
        return False
    if not near_secret_word and _word_path(t):
        return False
    if _PADDED_B64.fullmatch(token) and _classes(t) >= 3 and base64_text(token) is None:
        # base64 with its padding, mixed case and digits: an encoded key, whatever is said
        # around it ("… and ends with xW7nB3cZ1pYd==", the second half of a split key)
        return True
    if near_secret_word:
        return (
            len(t) >= 12
            and _classes(t) >= 2
            and any(c.isdigit() for c in t)
            and secret_forms.shannon_entropy(t) >= 3.0
        )
    return len(t) >= 32 and _classes(t) >= 3 and secret_forms.shannon_entropy(t) >= 4.2


@lru_cache(maxsize=1)
def _wordlists() -> tuple[frozenset[str], ...]:
    # the lists are stored NFKD (BIP-39); texts are compared composed
    return tuple(
        frozenset(unicodedata.normalize("NFKC", w) for w in Mnemonic(lang).wordlist)
        for lang in ("english", "spanish", "korean", "japanese", "chinese_simplified")
    )


_SEED_WORDS: Final = re.compile(
    r"seed|mnemonic|recovery\s+phrase|backup\s+phrase|wallet|시드|니모닉|복구\s*(?:구문|문구)|"
    r"지갑|シード|ニーモニック|ウォレット|助记词|钱包|semilla|frase\s+de\s+recuperación|cartera|"
    r"Wiederherstellung|Seed-Phrase|Wallet",
    _I,
)
_WORD: Final = re.compile(r"[^\W\d_]+")


def _seed_phrases(text: str) -> Iterator[tuple[int, int]]:
    lists = _wordlists()
    words = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    if sum(1 for w in words if any(w[0] in wl for wl in lists)) < 8:
        return
    context = bool(_SEED_WORDS.search(text))
    for wordlist in lists:
        run: list[tuple[str, int, int]] = []
        for w in [*words, ("", 0, 0)]:
            # a run may be separated by spaces, commas or numbering only
            if (
                w[0]
                and w[0] in wordlist
                and (not run or re.fullmatch(r"[\s,.;\-\d]*", text[run[-1][2] : w[1]]))
            ):
                run.append(w)
                continue
            # a phrase of mostly distinct words ("detail detail …" is not a seed)
            distinct = len({r[0] for r in run})
            if (len(run) >= 12 or (context and len(run) >= 8)) and distinct >= 0.75 * len(run):
                yield run[0][1], run[-1][2]
            run = [w] if w[0] and w[0] in wordlist else []


# -- credentials by structure: a slot (what the value is) and a value that could be one ------

#: nouns that name a credential: what follows them, after a separator, is its value
_CREDENTIAL_NOUN: Final = with_plain_letters(
    r"\b(?:pass(?:word|phrase|code)?|pwd?|pword|credentials?|creds|login\s+(?:details|info)|"
    r"(?:security|secret)\s+(?:answer|question\s+answer)|"
    r"(?:unlock|recovery|backup|reset|activation|licen[cs]e|product|gift[-\s]?card|redeem|"
    r"redemption|voucher|master|admin|router|wi-?fi|wlan|network|opener|garage|gate|door|alarm)"
    r"\s+(?:codes?|keys?|pass(?:words?)?|pw)|"
    r"watchword|(?:code|safe|secret)\s*word|"
    r"session\s*(?:id|key|cookie)|sessionid|cookie)\b"
    r"|비밀\s*번호|비번|패스(?:워드)?|(?:계정|로그인|접속)\s*정보|복구\s*(?:코드|키)|"
    r"パスワード|(?<![ァ-ヺー])パス(?![ァ-ヺー])|ログイン情報|認証情報|復旧コード|リカバリー\s*キー|"
    r"合言葉|暗号|암구호|(?:현관|도어락?|대문|금고|와이파이|공유기|계정)\s*암호(?=[은는이가]?(?![가-힣]))|"
    r"密码|口令|暗号|暗语|登录信息|账号密码|恢复(?:码|密钥)|"
    r"contraseña|\bclave\b|credenciales|código\s+de\s+(?:desbloqueo|recuperación|acceso|regalo)|"
    r"palabra\s+(?:clave|secreta)|santo\s+y\s+seña|"
    r"Passwort|Kennwort|Losung(?:swort)?|Codewort|Passphrase|Zugangsdaten|Anmeldedaten|"
    r"Wiederherstellungs(?:code|schlüssel)"
)
#: what may stand between the noun and its value: a qualifier ("for the NAS", "(first
#: pet)"), then a copula, a colon, an equals sign or a particle
_SLOT_GAP: Final = (
    r"(?:\s*\([^)\n]{1,40}\))?(?:\s+(?:for|of|to|on|at|für|de|del|para|des|der)\s+(?:\S+\s+){0,2}?\S+?)?"
    r"\s*(?P<sep>[:：=]|\s(?:is|was|are|es|era|ist|lautet|sind|是|为)\b|은|는|이|가|は|が|是|为|\s)\s*"
)
_SLOT_RE: Final = re.compile(
    rf"(?:{_CREDENTIAL_NOUN}){_SLOT_GAP}[\"'“‘`「]?"
    r"(?:(?P<user>[^\s/\"'“”‘’`「」,，。、]{2,32})\s*/\s*)?"
    r"(?P<v>[^\s\"'“”‘’`「」,，。、]{3,64})",
    _I,
)
#: codes that are digits by nature: what follows them in the clause, digit groups included
_NUMERIC_NOUN: Final = with_plain_letters(
    r"\b(?:puk\d?|combo|combination|security\s+card|(?:lock|unlock|safe|backup|recovery|opener|"
    r"garage|gate|door|alarm|keypad)\s+codes?|cvc2?|cvv2?|csc|"
    r"card\s+(?:security|verification)\s+(?:code|value|number))\b|"
    r"카드\s*보안\s*코드|보안\s*코드|CVC\s*번호|セキュリティ\s*コード|安全码|卡验证码|"
    r"código\s+de\s+seguridad|Kartenprüfnummer|Prüfnummer|"
    r"보안\s*카드|자물쇠|금고|잠금\s*(?:번호|코드|패턴)|暗証|ダイヤル番号|解锁码|解锁图案|图案密码|手势密码|"
    r"ロック解除(?:パターン|コード)|\bunlock\s+pattern|patrón\s+de\s+desbloqueo|Entsperrmuster|保险箱|"
    r"combinación|Zahlenkombination|Kombination|Geheimzahl|Entsperrcode|"
    # round 17: an account's recovery code in the other five languages
    r"복구\s*(?:코드|키)|백업\s*코드|Wiederherstellungs(?:code|schlüssel)|Backup-?Code|"
    r"c[óo]digos?\s+de\s+(?:recuperaci[óo]n|respaldo)|リカバリー\s*(?:コード|キー)|復旧(?:コード|キー)|"
    r"バックアップ\s*コード|恢复(?:码|密钥)|备用码|备份码"
)
#: knowledge-based authentication: the answer to a security question is a credential
#: whatever its shape (a word, a name, a place), so what follows the question's slot in the
#: clause is the secret, not only a value with digits or symbols
_KBA_SLOT: Final = with_plain_letters(
    r"\b(?:security\s+(?:question|answer)s?|secret\s+(?:question|answer)s?|challenge\s+question|"
    r"(?:mother|mom|mum)'?s\s+maiden\s+name|maiden\s+name|first\s+(?:pet|school|car|teacher)'?s?"
    r"(?:\s+name)?|memorable\s+(?:word|answer|place|date))\b"
    r"|보안\s*질문|비밀\s*질문|질문\s*(?:의\s*)?(?:답|정답)|秘密の質問|秘密の答え|セキュリティ\s*(?:質問|クエスチョン)|"
    r"密保(?:问题|答案)?|安全(?:问题|提示问题)|提示问题|"
    r"pregunta\s+(?:de\s+)?(?:seguridad|secreta)|respuesta\s+(?:de\s+seguridad|secreta)|"
    r"Sicherheitsfrage|Sicherheitsantwort|geheime\s+Frage"
)
_KBA_RE: Final = re.compile(
    rf"(?:{_KBA_SLOT})[^.!?\n。！？]{{0,50}}?(?:[:：=]|\s(?:is|was|es|ist|lautet)\b|은|는|は|是|为)"
    r"[\s\-‐–—~_]*[\"'“‘`「『]?(?P<v>[^\s\"'“”‘’`「」『』,，。、.!?]{2,40})",
    _I,
)
#: what follows "… maiden name is" when no answer is given ("is on file", "is required")
_NOT_AN_ANSWER: Final = frozenset(
    {
        "on", "in", "at", "the", "a", "an", "not", "no", "set", "stored", "required", "needed",
        "asked", "kept", "saved", "wrong", "correct", "secret", "private", "hidden", "same",
        "different", "easy", "hard", "simple", "what", "that", "this", "my", "your", "still",
        "missing", "optional", "mandatory",
    }
)  # fmt: skip
_NUMERIC_RE: Final = re.compile(rf"(?:{_NUMERIC_NOUN})[^.!?\n。！？]{{0,60}}", _I)
_DIGIT_GROUP: Final = re.compile(r"(?<!\d)\d{1,10}(?:[ \-./]\d{1,10}){0,7}(?!\d)")
#: a token shaped like a chosen password: letters, digits and a symbol inside it. The windows
#: are bounded (a chosen password is not 100 characters long), so a long run of ``:``/``=``
#: separated parts costs each start a bounded look, not the rest of the run
_PASSWORD_SHAPE: Final = re.compile(
    r"(?<![^\s\"'“‘`(\[:=/])(?=\S{0,130}[A-Za-z])(?=\S{0,130}\d)"
    r"[A-Za-z0-9]{1,64}[!$%^&*~][A-Za-z0-9!$%^&*~#@._\-]{0,64}[A-Za-z0-9](?![^\s\"'”’`)\],.;:!?])"
)
#: a key written in groups (``ABCD-7H2K-9QWE-44ZX``): four or more equal groups of capitals
#: and digits, at least two of them mixed
_GROUPED_KEY: Final = re.compile(r"(?<![\w\-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,7}(?![\w\-])")
#: ``name=value`` / ``name: value`` where the name holds a credential morpheme. The name is
#: read once, whole (possessive, started only where a name starts), and its parts are looked
#: up afterwards: a regex that tried the morpheme at every part of a long name
#: (``sk-sk-sk-…``) was quadratic
_CRED_KEY_ASSIGN: Final = re.compile(
    r"(?<![A-Za-z0-9_\-.])(?P<name>[A-Za-z0-9_\-.]++)[\"']?[ \t]*+[=:][ \t]*+[\"']?"
    r"(?P<v>[^\s\"'&;,|]{3,256})"
)
_CRED_MORPHEMES: Final = frozenset(
    {
        "pw", "pwd", "pass", "passwd", "password", "passphrase", "secret", "token", "cookie",
        "session", "sessionid", "sessionkey", "sessid", "sid", "auth", "credential",
        "credentials", "creds", "pin", "otp", "apikey",
    }
)  # fmt: skip
_NAME_PARTS: Final = re.compile(r"[_\-.]")
_COUNT_KEY: Final = re.compile(
    r"count|num|max|min|limit|len|size|total|type|method|expir|ttl|id$", _I
)
_NUMERIC_KEYS: Final = frozenset({"pin", "otp"})
#: a token that names a document, a page or a cursor is an identifier, not a credential
#: (``doc_token``, ``next_page_token``, ``sync_token``; round 12)
IDENTIFIER_TOKEN_PREFIXES: Final = (
    "doc", "page", "file", "folder", "sheet", "wiki", "node", "cursor", "sync", "continuation",
)  # fmt: skip
_IDENTIFIER_TOKEN_KEY: Final = re.compile(
    rf"(?:{'|'.join(IDENTIFIER_TOKEN_PREFIXES)})[_\-.]?token$", re.I
)


#: a reference in code, not a value (``os.environ[…]``, ``config.db.password``, ``getenv(``)
_CODE_REF: Final = re.compile(
    r"[\[\](){}]|^[a-z_][a-z0-9_]*(?:\.[a-z_]\w*)+$"
    # a length rule, not a value ("12자리", "8 characters", "8桁")
    r"|^\d{1,3}(?:[가-힣ぁ-んァ-ン一-龥]|\s*(?:characters?|chars?|digits?|letters?|Zeichen|caracteres)\b)"
)


_ENTITY: Final = re.compile(r"&#?[A-Za-z0-9]{1,8};")


def _credential_value(value: str) -> bool:
    """A value that could be a credential: it holds a digit or a symbol, or is long and mixed
    (not a word, a placeholder or a sentence)."""
    v = _MANAGERS.sub("", value).strip(".")
    if len(v) < 3 or _PLACEHOLDER.search(v) or _CODE_REF.search(v):
        return False
    return any(c.isdigit() for c in v) or any(not c.isalnum() and c not in "-_." for c in v)


def _credentials(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _SLOT_RE.finditer(text):
        value = m.group("v")
        if m.group("sep").isspace() and not re.search(r"[^\d\W]", value):
            continue  # "tests pass 120": after a bare space only a value with letters counts
        if _credential_value(value):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "credential_slot"
    for m in _KBA_RE.finditer(text):
        if not _PLACEHOLDER.search(m.group("v")) and m.group("v").lower() not in _NOT_AN_ANSWER:
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "security_answer"
    for m in _NUMERIC_RE.finditer(text):
        for g in _DIGIT_GROUP.finditer(m.group(0)):
            if sum(c.isdigit() for c in g.group(0)) >= 3:
                yield m.start() + g.start(), m.start() + g.end(), Rule.SECRET_PIN, "numeric_code"
    for m in _PASSWORD_SHAPE.finditer(text):
        token = m.group(0)
        # an HTML entity (don&#39;t) is markup; the decoded view reads it as a quote
        if (
            len(token) >= 6
            and "@" not in token
            and "://" not in token
            and not (_CELL_REF.match(token) or _CELL_REF.match(token[::-1]))
            and not any(
                e.start() < m.end() and m.start() < e.end()
                for e in _ENTITY.finditer(text, max(0, m.start() - 8), m.end() + 10)
            )
        ):
            yield m.start(), m.end(), Rule.SECRET_PASSWORD, "password_shape"
    for m in _GROUPED_KEY.finditer(text):
        groups = m.group(0).split("-")
        mixed = sum(1 for g in groups if re.search("[A-Z]", g) and re.search("[0-9]", g))
        if len({len(g) for g in groups}) == 1 and mixed >= 2:
            yield m.start(), m.end(), Rule.SECRET_TOKEN, "grouped_key"
    for m in _CRED_KEY_ASSIGN.finditer(text):
        name, value = m.group("name"), m.group("v")
        parts = {p.lower() for p in _NAME_PARTS.split(name)} & _CRED_MORPHEMES
        if not parts or _COUNT_KEY.search(name) or _IDENTIFIER_TOKEN_KEY.search(name):
            continue
        if value.isdigit() and not parts & _NUMERIC_KEYS:
            continue
        if _credential_value(value) and (len(value) >= 6 or value.isdigit()):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "credential_assignment"


_PLACEHOLDER: Final = re.compile(r"^[<${\[%(]|your|example|placeholder|changeme|xxx|\*{3}", _I)
#: the words after which spelled digits are a code (round 8: kana and native Korean numbers)
_SPELL_ANCHOR: Final = re.compile(
    f"(?:{_PIN_WORDS_ANY})|(?:{_CODE_WORDS_ANY})|(?:{_NUMERIC_NOUN})|(?:{_CREDENTIAL_NOUN})", _I
)
#: a spreadsheet cell reference (``Sheet1!B4``, ``'Q3 Plan'!$C$12:D20``): an address, and
#: its ``!`` is the sheet separator, not a password's symbol
_CELL_REF: Final = re.compile(
    r"^[\w' ]{1,40}!\$?[A-Z]{1,3}\$?\d{1,7}(?::\$?[A-Z]{1,3}\$?\d{1,7})?$"
)
#: a compound noun (パスワードマネージャー, 密码管理器): the credential noun glued to more
#: letters of its own script names a thing about passwords, not a password
_GLUED: Final = re.compile(
    r"[ァ-ヺー][ァ-ヺー]|[가-힣][가-힣]|[A-Za-zÀ-ÿ][a-zà-ÿ]"
    # Chinese glues its copula too (密码就是…): only a noun that makes a compound counts
    r"|[一-龥](?:管理|器|箱|本|策略|强度|规则|提示|重置|找回|保护|设置|修改|错误)"
)


#: a letter of a script written without spaces (kana, Han, Hangul)
_UNSPACED: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")


#: password managers, named where passwords are kept ("パスワードは全部1Passwordで管理"): a
#: product's name is no password, its digit notwithstanding
_MANAGERS: Final = re.compile(
    r"1\s?Password|LastPass|Bitwarden|KeePass(?:XC)?|Dashlane|NordPass|Keeper|Proton\s?Pass|"
    r"(?:iCloud\s)?Keychain|키체인|キーチェーン",
    _I,
)
#: a copula the noun's pattern does not consume: what follows it is the value (密码就是六个八)
_COPULA_START: Final = re.compile(
    r"(?:就|也|都|还|其实|现在|目前|已经|又)?(?:是|为|為|叫|改成|改为|设成|设为|换成|变成)|って|とは|も"
)


def _compound_or_particle(m: re.Match[str]) -> bool:
    """The noun runs straight into more kana, Han or Hangul with no copula or colon between:
    a compound (パスワード管理, 密码和…) or the noun's case particle (暗証番号を…), not a value
    given. A value after a copula (パスワードは…) or right after the noun in Latin letters or
    digits (密码Xk9…) still counts."""
    names = m.re.groupindex
    if "n" not in names or m.end("n") != m.start("v"):
        return False
    value = m.group("v")
    return _UNSPACED.match(value) is not None and _COPULA_START.match(value) is None


#: a unit after a number makes it a measure (round 10): how often a PIN changes, how long it
#: is. On the digits view a Korean "일" (day) has become a digit, so "마다" (every) marks it
_MEASURE_AFTER: Final = re.compile(
    r"\s{0,2}(?:마다|번씩|회씩|개월|자리|글자|ごと|毎に|か月|ヶ月|桁|文字|个月|位数|"
    r"초|분|시간|秒|分|小时|"
    r"(?:days?|weeks?|months?|years?|times|characters|chars|digits|Tage[n]?|Wochen|Monate[n]?|"
    r"seconds?|secs?|minutes?|mins?|hours?|hrs?|Sekunden|Minuten|Stunden|segundos|minutos|horas|"
    r"Zeichen|Stellen|días|semanas|meses|caracteres|dígitos|jours|semaines|mois|caractères|"
    r"chiffres)\b)",
    _I,
)


#: a PostgreSQL password-file line (round 15): host:port:database:user:password, the port in
#: figures or ``*``, the host, database and user written with letters (a timestamp is all
#: figures); the last field is the password whatever it looks like
_PGPASS_LINE = re.compile(
    r"(?m)^[ \t]*(?=[^:\n]*[A-Za-z.*])[A-Za-z0-9.\-*\[\]]{1,255}:(?:\d{1,5}|\*):"
    r"(?=[^:\n]*[A-Za-z_*])[^\s:]{1,128}:(?=[^:\n]*[A-Za-z_*])[^\s:]{1,128}:(?P<v>\S{1,256})[ \t]*$"
)


def secrets(text: str, *, structured_only: bool = False) -> Iterator[tuple[int, int, Rule, str]]:
    """``(start, end, rule, detector)`` of every secret shape in ``text``. On a reversed or
    leetspeak reading only shapes with structure are looked for: those readings change tokens,
    and a random token stays random either way."""
    for m in _PEM.finditer(text):
        yield m.start(), m.end(), Rule.SECRET_PRIVATE_KEY, "pem_any_case"
    for rx in (_OTP_RE, _OTP_AFTER_RE):
        for m in rx.finditer(text):
            if rx is _OTP_RE and _MEASURE_AFTER.match(text, m.end("v")):
                continue  # "the code expires in 300 seconds": a duration, not the code
            yield m.start("v"), m.end("v"), Rule.SECRET_OTP, "one_time_code"
    for m in _PIN_RE.finditer(text):
        value = m.group("v")
        if _MEASURE_AFTER.match(text, m.end("v")):
            continue  # "비밀번호는 90일마다 바꿔요": a period or a length, not a code
        if coded_secrets.names_its_own_subject(text, m.start(), m.start("v")):
            continue  # "…비밀번호 메일이 안 와요. 제 폰은 SM-G991N": the phone's number
        if sum(c.isdigit() for c in value) >= 3:
            yield m.start("v"), m.end("v"), Rule.SECRET_PIN, "pin_or_door_code"
    for m in _ENV_ASSIGN.finditer(text):
        if not _PLACEHOLDER.search(m.group("v")) and m.group("v").lower() not in _NOT_AN_ANSWER:
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "env_assignment"
    for m in itertools.chain(_PASSWORD_PROSE.finditer(text), _PASSWORD_PROSE_MORE.finditer(text)):
        value = _MANAGERS.sub("", m.group("v").rstrip("?？!！。.、,，…~〜"))
        if _GLUED.match(text, m.start("v") - 1) or _compound_or_particle(m):
            continue
        if m.group("v")[:1] in "-‐" and text[m.start("v") - 1 : m.start("v")].isalpha():
            continue  # "Passwort-Manager", "password-protected": one hyphenated word (round 17)
        if (
            any(c.isdigit() for c in value)
            or any(not c.isalnum() for c in value)
            or _generated_letters(value)
            or _SPOKEN_DIGITS.fullmatch(value) is not None
        ):
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "password_prose_multilingual"
    for m in _PGPASS_LINE.finditer(text):
        if not _PLACEHOLDER.search(m.group("v")) and m.group("v") != "*":
            yield m.start("v"), m.end("v"), Rule.SECRET_PASSWORD, "pgpass_line"
    for start, end in _seed_phrases(text):
        yield start, end, Rule.SECRET_SEED_PHRASE, "bip39_phrase"
    for m in _KEY_BYTES.finditer(text):
        if all(int(b) <= 255 for b in re.findall(r"\d+", m.group(0))):
            yield m.start(), m.end(), Rule.SECRET_PRIVATE_KEY, "key_bytes"
    yield from _credentials(text)
    yield from secret_forms.secret_forms(text, _SPELL_ANCHOR, structured_only=structured_only)
    if structured_only:
        return
    yield from spoken_secrets.spoken_secrets(text, _SPELL_ANCHOR)
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        before = text[max(0, m.start() - 40) : m.start()]
        if _PUBLIC.search(text[max(0, m.start() - 200) : m.start()]):
            continue
        near = _labels_a_secret(before)
        if near and _names_the_secret(token):
            continue  # a name about the secret ("v18-admin-password-rotation"), not one
        if _looks_random(token, near_secret_word=near) and not (
            not near and _encoded_file_or_text(token)
        ):
            yield m.start(), m.end(), Rule.SECRET_HIGH_ENTROPY, "high_entropy_token"


# -- personal data -------------------------------------------------------------------------------

_STREET: Final = re.compile(
    r"\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|"
    r"Lane|Ln\.?|Boulevard|Blvd\.?|Drive|Dr\.?|Court|Ct\.?|Way|Place|Pl\.?|Terrace|Close)\b"
    r"|\b(?:calle|c/|avenida|avda\.?|plaza|paseo)\s+[A-ZÁÉÍÓÚ][\w\s]{1,30}?,?\s*\d{1,4}"
    r"|\b[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|weg|allee|gasse|platz|ring)\s+\d{1,4}[a-z]?\b"
    r"|\b\d{1,5}(?:\s*(?:bis|ter))?,?\s+(?i:rue|avenue|av\.|boulevard|bd|chemin|impasse|allée|place|quai|"
    r"rua|avenida|travessa|largo)\s+[\w'\- ]{2,40}"
    r"|\b(?i:rue|rua|avenida|av\.|travessa)\s+[\w'\- ]{2,40}?,?\s+\d{1,5}\b"
    r"|(?:ул\.|улица|проспект|пр\.)\s+[\w\- ]{2,30}?,?\s*(?:д\.\s*)?\d{1,4}"
    r"|(?:[가-힣]+(?:시|도)\s*)?[가-힣]+(?:구|군)\s*[가-힣0-9]+(?:로|길|동)\s*\d+(?:\s*길\s*\d+)?(?:[\s,]*\d+\s*호)?"
    r"|[一-龥ぁ-んァ-ン]+(?:都|道|府|県|省|市)[一-龥ぁ-んァ-ン0-9]*(?:区|町|村|路|街)[一-龥0-9\-－]*(?:丁目|番地|号|番)",
    0,
)
_HOME_CONTEXT: Final = re.compile(
    r"\b(?:i\s+live|my\s+(?:home|house|address|flat|apartment)|home\s+address|live\s+at|"
    r"vivo\s+en|mi\s+(?:casa|dirección)|ich\s+wohne|meine\s+adresse)\b|집\s*주소|주소는|사는\s*곳|"
    r"住所|住んで|我住在|家庭住址|地址|(?:우리|저희|내|제|나의?)\s*집(?:은|는|이|주소)?|"
    # round 7: someone's home (a parent's, a friend's) and other languages
    r"\blives?\s+(?:at|on)\b|\b(?:wohnt|vive|mora|habite|j'habite|живу|живёт|живет|sống\s+ở)\b|"
    r"\bmon\s+adresse|\bmeu\s+endere[cç]o|\bмой\s+адрес",
    _I,
)
#: an identifier written in digit groups (``45 08 123456``, ``123.456.789-09``,
#: ``1-1037-02345-67-1``): eight or more digits, checked by the caller
_GROUPED_ID: Final = r"\d{1,6}(?:[ .\-/]\d{1,6}){1,6}"
_ID_CONTEXTS: Final = (
    (
        Rule.PII_PASSPORT,
        r"passport|여권|パスポート|旅券|护照|pasaporte|Reisepass|Pass(?:nummer)?|"
        r"паспорт\w*|passeport|passaporte|pasaport|पासपोर्ट|หนังสือเดินทาง|hộ\s+chiếu|جواز\s+(?:السفر|سفر)",
        rf"[A-Z]{{1,2}}\d{{6,9}}|\d{{9}}|{_GROUPED_ID}",
    ),
    (
        Rule.PII_DRIVERS_LICENCE,
        r"driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|licen[cs]e\s+(?:no|number)|운전\s*면허|"
        r"免許証?|驾(?:驶)?照|驾驶证|licencia\s+de\s+conducir|carné\s+de\s+conducir|Führerschein",
        r"[A-Z0-9][A-Z0-9\-]{6,20}\d",
    ),
    (
        Rule.PII_BANK_ACCOUNT,
        r"bank\s+account|account\s+(?:no|number|#)|routing\s+number|sort\s+code|계좌(?:\s*번호)?|"
        # "Konto" a word of its own: "Kontoumsätze" (an account's transactions) names none
        r"口座(?:番号)?|银行账户|账号|账户|cuenta(?:\s+bancaria)?|Kontonummer|\bKonto\b",
        # on one line: a statement's date and the amount on the next line are not a number
        r"\d[\d\- \t]{6,24}\d",
    ),
    # round 16: a Japanese account, its type then its seven digits ("普通 4417203")
    (Rule.PII_BANK_ACCOUNT, r"(?:普通|当座|貯蓄)(?!に|の)(?:預金)?(?:口座)?(?:番号)?", r"\d{7}"),
    (
        Rule.PII_NATIONAL_ID,
        r"social\s+security|ssn|national\s+id|id\s+card|주민\s*(?:등록)?\s*번호|マイナンバー|"
        r"身份证(?:号)?|DNI|NIE|Personalausweis|Steuer-?ID|"
        # round 7: social-security and national numbers named in more languages
        r"社保(?:卡)?(?:号)?|社会保障(?:号|番号)?|社会保険|基礎年金番号|사회\s*보장\s*번호|"
        r"Sozialversicherungs(?:nummer)?|Krankenversicherten(?:nummer)?|"
        r"(?:seguridad|seguro)\s+social|s[ée]curit[ée]\s+sociale|\bNIR\b|\bCURP\b|\bNSS\b|"
        r"\bCPF\b|\bRG\b|\bCNPJ\b|Aadhaar|आधार|\bPAN\b|บัตรประชาชน|เลขประจำตัว|"
        r"\bCCCD\b|\bCMND\b|căn\s+cước|\bNIK\b|\bKTP\b|T\.?C\.?\s*kimlik|"
        r"رقم\s+(?:الهوية|الضمان|الجواز)|удостоверени\w+|СНИЛС|\bИНН\b|"
        # round 12: the national numbers of more countries, by their own names
        r"\bPESEL\b|\bCUI[LT]\b|f[øo]dselsnummer|personnummer|henkil[öo]tunnus|isikukood|"
        r"asmens\s+kodas|personas\s+kods|kennitala|\bCNP\b|\bEGN\b|ЕГН|\bOIB\b|JMBG|EM[ŠS]O|"
        r"rodn[ée]\s+[čc][íi]slo|\bBSN\b|burgerservicenummer|codice\s+fiscale|\bNIF\b|"
        r"\bPPSN?\b|tax\s+file\s+number|\bTFN\b|IRD\s+number|social\s+insurance\s+number|"
        r"\bNINO\b|national\s+insurance\s+number|\bAMKA\b|ΑΜΚΑ|ΑΦΜ|Steuernummer|"
        r"Steueridentifikationsnummer|\bIIN\b|ИИН|c[ée]dula|\bRUT\b|teudat\s+zehut|"
        r"תעודת\s+זהות|MyKad|\bNRIC\b|Emirates\s+ID|Iqama|\bBVN\b|PhilSys|"
        r"taxpayer\s+(?:id|number)|tax\s+identification\s+number|외국인\s*등록\s*번호|"
        r"住民票コード|个人身份号码|統一編號|身分證|numéro\s+fiscal|n[úu]mero\s+de\s+identificaci[óo]n|"
        r"documento\s+nacional|carte\s+d'identit[ée]|carta\s+d'identit[àa]|cart[ãa]o\s+de\s+cidad[ãa]o",
        rf"[A-Z0-9][A-Z0-9\-]{{6,20}}|{_GROUPED_ID}",
    ),
)
_ID_RES: Final = tuple(
    (rule, re.compile(rf"(?:{ctx})[^\n\d]{{0,25}}?(?P<v>{value})(?![\w])", _I))
    for rule, ctx, value in _ID_CONTEXTS
)
_SPECIAL: Final = re.compile(
    # sexual orientation and sex life
    r"\b(?:i'?m|i\s+am|am|as\s+a)\s+(?:gay|lesbian|bisexual|bi|queer|pansexual|asexual|"
    r"transgender|trans|non-?binary)\b|\b(?:my\s+)?(?:boyfriend|husband)\b(?=.{0,40}\bi'?m\s+a\s+man)"
    r"|sexual\s+orientation|\b(?:coming|came)\s+out\s+(?:as|to\s+(?:my|his|her|their))\b|동성애자|게이|레즈비언|양성애자|성소수자|트랜스젠더|"
    r"ゲイ|レズビアン|同性愛|同性恋|双性恋|soy\s+(?:gay|lesbiana|bisexual)|ich\s+bin\s+(?:schwul|lesbisch|bisexuell)"
    # religion
    r"|\b(?:i'?m|i\s+am)\s+(?:a\s+)?(?:christian|catholic|muslim|jewish|buddhist|hindu|sikh|"
    r"mormon|atheist|protestant|evangelical)\b|(?:불교|기독교|천주교|개신교|이슬람|유대교)\s*(?:신자|교인|도)"
    r"|무교|(?:仏教|キリスト教|イスラム教)(?:徒|信者)|(?:佛教|基督教|伊斯兰教)(?:徒)?|"
    r"soy\s+(?:católico|católica|musulmán|judío|budista|cristiano|cristiana|ateo|atea)|"
    r"ich\s+bin\s+(?:katholisch|evangelisch|muslim|jüdisch|buddhist)"
    # political opinion
    r"|\b(?:i\s+vote(?:d)?\s+(?:for\s+)?|member\s+of\s+the\s+\w+\s+party|voto\s+a|"
    r"ich\s+wähle)\b|(?:지지|투표)(?:하는|한)\s*정당|支持(?:的)?政党|支持政党"
    # trade union
    r"|\b(?:union\s+member|member\s+of\s+(?:the\s+)?[\w'\s]{0,20}union|trade\s+union)\b|노조\s*(?:원|조합원|가입)|"
    r"労働組合|工会会员|\b(?:sindicato|Gewerkschaft)\b"
    # ethnic origin
    r"|\b(?:ethnicity|ethnic\s+origin|racial\s+origin)\b|ich\s+bin\s+(?:sinti|roma)\b|"
    r"soy\s+(?:gitano|gitana)|(?<![가-힣])민족|인종|民族|种族|\b(?:etnia|Ethnie)\b"
    # genetic and biometric
    r"|\b(?:genetic\s+test|dna\s+test|brca\d?|fingerprint\s+data|face\s+scan|biometric)\b|"
    r"유전자\s*검사|遺伝子検査|基因检测|prueba\s+genética|\bGentest\b",
    _I,
)
#: round 5: special categories said plainly, Latin scripts in one ``\b`` group and the CJK
#: and Hangul words as bare words (a pattern of bare words is scanned by its first
#: characters): religion as a practice (going to a service, praying, fasting for a faith), a
#: gender identity or sex life said of oneself, political donations and party dues
_SPECIAL_LATIN: Final = re.compile(
    r"\b(?:(?:go|goes|went|going|attend\w*)\s+(?:to\s+)?(?:church|mass|mosque|synagogue|temple|"
    r"(?:sunday|friday)\s+(?:service|prayers?)|services)|pray(?:s|ing)?\s+(?:five|5)\s+times|"
    r"ramadan|yom\s+kippur|fast(?:ing)?\s+(?:for|during)\s+lent|"
    r"(?:voy|va|vamos|ir)\s+a\s+(?:misa|la\s+iglesia|la\s+mezquita|la\s+sinagoga)|"
    r"(?:in\s+die|zur)\s+(?:Kirche|Moschee|Synagoge|Messe)|Gottesdienst\w*|Freitagsgebet|"
    r"trans(?:gender)?\s+(?:woman|man|person|girl|guy)|(?:mujer|hombre|persona)\s+trans|"
    r"transg[eé]nero|transexual|no\s+binari[oa]|non-?binary|poly(?:am\w*|amor\w*)|poliamor\w*|"
    r"swingers?|bdsm|Trans(?:frau|mann)|nichtbinär|"
    r"(?:donat\w*|contribut\w*|give|gave|giving)\s+(?:\w+\s+){0,3}?to\s+(?:the\s+)?"
    r"(?:\w+\s+){0,2}?(?:party|campaign|PAC)|"
    r"(?:dono|donación|cuota)\s+(?:\w+\s+){0,2}?(?:al|del)\s+(?:partido|PSOE|PP|Vox)|"
    r"Parteispende|(?:spende|spendete)\s+(?:\w+\s+){0,3}?(?:an\s+die|der)\s+\w+(?:partei)?)\b",
    _I,
)
_SPECIAL_CJK: Final = re.compile(
    r"성당|교회|미사|예배|법회|절에\s*(?:다니|가)|礼拝|ミサ|モスク|教会に通|礼拜|弥撒|教堂|清真寺|寺庙烧香|"
    r"트랜스\s*(?:여성|남성|젠더)|논바이너리|性同一性障害|トランスジェンダー|跨性别|变性人|"
    r"[가-힣]{1,6}당\S{0,2}\s*(?:에\s*)?(?:후원|당원|가입)|정치\s*후원|政治献金|(?:党|政党)への?(?:献金|寄付)|"
    r"(?:捐款|捐钱)给\S{0,8}党|党费|"
    # round 7: adherents named as nouns (a faith said by who one is), and minorities by origin
    r"穆斯林|回民|基督徒|天主教徒|佛教徒|犹太教徒|ムスリム|イスラム教徒|クリスチャン|仏教徒|ユダヤ教徒|"
    r"무슬림|크리스천|불자|在日(?:コリアン|韓国人|朝鮮人|外国人)|조선족|재일\s*(?:교포|동포|한국인|조선인)|"
    r"고려인|少数民族"
)
#: round 7: the same categories said of oneself in French, Portuguese, Russian, Arabic,
#: Vietnamese, Hindi, Indonesian and Turkish, and an origin "by my father's/mother's side"
_SPECIAL_MORE: Final = re.compile(
    r"\bje\s+suis\s+(?:musulman|catholique|juif|juive|athée|bouddhiste|protestant|évangélique|"
    r"gay|lesbienne|bi|bisexuel|trans|séropositi)\w*"
    r"|\bsou\s+(?:muçulman|católic|evangélic|ateu|ateia|jude|judia|espírita|gay|lésbica|bi|"
    r"bissexual|trans|soropositiv)\w*"
    r"|\b(?:voto|votei)\s+(?:no|na|em|pelo|pela)\s+\w+|\bje\s+vote\s+(?:pour|à|au)\b"
    r"|\bя\s+(?:мусульман|христиан|католи|православн|атеист|иуде|буддист|гей|лесбиянк|бисексуал)\w*"
    r"|голосую\s+за|наполовину\s+\w+|по\s+(?:отцу|матери)\b"
    r"|أنا\s+(?:مسلم|مسيحي|ملحد|يهودي|مثلي|شيعي|سني)|\btôi\s+theo\s+đạo|\bngười\s+đồng\s+tính"
    r"|मैं\s+(?:मुस्लिम|हिंदू|ईसाई|सिख|नास्तिक|समलैंगिक)|\bsaya\s+(?:seorang\s+)?(?:muslim|kristen|katolik|ateis)"
    r"|\bben\s+(?:müslüman|ateist|eşcinsel|alevi)\w*"
    # biometric data: a biometric trait named with the data that identifies by it
    r"|(?:\b(?:finger|voice|face|palm)\s*prints?|\b(?-i:iris|retina)(?=\s+(?:scan|template|data|id\b))|지문|홍채|성문|指紋|虹彩|声紋|指纹|虹膜|声纹|"
    r"\bhuellas?\s+dactilar\w*|\bFingerabdr(?:u|ü)ck\w*|\bStimmabdruck\w*)"
    r"[^.!?\n。]{0,20}?(?:templates?|hash|ids?\b|scans?|data|samples?|템플릿|데이터|テンプレート|"
    r"データ|模板|数据|plantilla|Vorlage|Daten)"
    r"|\bhalf[\s-]\w+\s+(?:on|from)\s+my\s+(?:father|mother|dad|mom|mum)'?s\s+side"
    r"|\b(?:à\s+moitié|metade)\s+\w+\s+(?:du\s+côté\s+de|por\s+parte\s+d[eo])\b",
    _I,
)
#: round 9: national origin and migration status (GDPR art. 9), said of oneself. The Latin
#: words need a first-person frame ("I'm a refugee", "soy refugiado"): "I volunteer at a
#: refugee shelter" is not the speaker's status. The CJK and Hangul nouns name a person's
#: status and stand alone (탈북민, 難民, 非法移民)
_MIGRATION: Final = re.compile(
    r"\b(?:i\s*(?:'m|am|was)|soy|fui|estoy|ich\s+bin|ich\s+war|je\s+suis|j'étais)\s+"
    r"(?:(?:an?|un[ae]?|ein[e]?|still|todavía|noch|here|aquí|hier|ici)\s+){0,2}"
    r"(?:refugees?|asylum[\s-]seekers?|undocumented(?:\s+immigrants?)?|illegal\s+immigrants?|"
    r"refugiad[oa]s?|solicitante\s+de\s+asilo|sin\s+papeles|indocumentad[oa]s?|"
    r"Flüchtling\w*|Geflüchtete\w*|Asyl(?:bewerber|suchend)\w*|ohne\s+Papiere|"
    r"réfugié\w*|demandeur\s+d'asile|demandeuse\s+d'asile|sans[-\s]papiers)\b"
    r"|\b(?:my|mi|mein\w*|mon|ma)\s+(?:asylum|immigration|refugee|migration|asilo|Asyl|asile)\w*"
    r"\s+(?:status|case|claim|application|estatus|caso|solicitud|Status|Antrag|Verfahren|statut|"
    r"demande|dossier)"
    r"|\b(?:my|mi|mein\w*|mon|ma)\s+(?:Asylantrag|Asylverfahren|demande\s+d'asile|"
    r"dossier\s+d'asile|solicitud\s+de\s+asilo)"
    r"|탈북(?:민|자|했)|새터민|난민\s*(?:이에요|입니다|이야|신청|인정|지위)|불법\s*체류|미등록\s*(?:이주|체류)|"
    r"難民(?:です|申請|認定)|不法滞在|脱北者|亡命申請|"
    r"(?:是|作为)难民|难民身份|申请庇护|寻求庇护|偷渡|非法移民|黑户|移民身份",
    _I,
)
_CRIMINAL: Final = re.compile(
    r"\b(?:convicted|conviction|criminal\s+record|arrested|jail|prison|probation|parole|dui|"
    r"felony|misdemeanor|sentenced)\b|전과|범죄\s*기록|유죄|체포|수감|前科|逮捕|犯罪记录|"
    r"antecedentes\s+penales|condenado|vorbestraft|Vorstrafe",
    _I,
)
_HEALTH_MORE: Final = re.compile(
    r"うつ病|鬱病|統合失調症|糖尿病|がん|癌|抑郁症|糖尿病|癌症|艾滋病|depresión|diabetes|cáncer|"
    r"trầm\s+cảm|депресси\w*|dépression|depressão|डिप्रेशन|अवसाद|ซึมเศร้า|اكتئاب|"
    r"Depression|Diabetes|Krebs|Zöliakie|celiac|coeliac|천식|asthma",
    _I,
)
#: disability and impairment in six languages, and treatments named by their ward or drug
#: class. Kept apart from the words above: a pattern of bare words is scanned by its first
#: characters, which one ``\b`` alternative would turn off for all of them
_IMPAIRMENT_LATIN: Final = re.compile(
    r"\b(?:deaf|hard\s+of\s+hearing|hearing[-\s]impaired|visually\s+impaired|wheelchair\s+user|"
    r"(?:use[sd]?|using|in)\s+a\s+wheelchair|(?:legally|partially|completely)\s+blind|disabled|"
    r"disability|sord[oa]|cieg[oa]|discapacidad\w*|silla\s+de\s+ruedas|gehörlos|schwerhörig|"
    r"sehbehindert|Rollstuhl\w*|schwerbehindert\w*|Behinderung\w*|oncology|(?-i:PrEP)|"
    r"antiretrovirals?|dialysis|quimioterapia|Chemotherapie)\b",
    _I,
)
_IMPAIRMENT_CJK: Final = re.compile(
    r"(?:청각|시각|지체|지적|발달|뇌병변|언어)\s*장애|장애\s*\d\s*(?:급|등급)|장애인|휠체어|"
    r"(?:聴覚|視覚|身体|知的|発達|精神)障害|障害者|車椅子|听障|视障|聋|失明|残疾|轮椅|투석|항암|抗がん剤|化疗"
)


def personal_data(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """``(start, end, rule, detector)`` of personal-data shapes the table does not know."""
    home = bool(_HOME_CONTEXT.search(text))
    if home:
        for m in _STREET.finditer(text):
            yield m.start(), m.end(), Rule.PII_ADDRESS, "home_address"
    yield from personal_forms.personal_forms(text, home=home)
    for rule, rx in _ID_RES:
        for m in rx.finditer(text):
            value = m.group("v")
            digits = sum(c.isdigit() for c in value)
            if digits >= 5 and (digits >= 8 or not re.search(r"[ .]", value)):
                yield m.start("v"), m.end("v"), rule, rule.value.lower()
    for rx in (_SPECIAL, _SPECIAL_LATIN, _SPECIAL_CJK, _SPECIAL_MORE):
        for m in rx.finditer(text):
            yield m.start(), m.end(), Rule.PII_SPECIAL_CATEGORY, "art9_special_category"
    for m in _MIGRATION.finditer(text):
        yield m.start(), m.end(), Rule.PII_SPECIAL_CATEGORY, "migration_status"
    for m in _CRIMINAL.finditer(text):
        yield m.start(), m.end(), Rule.PII_CRIMINAL, "criminal_record"
    for rx in (_HEALTH_MORE, _IMPAIRMENT_LATIN, _IMPAIRMENT_CJK):
        for m in rx.finditer(text):
            yield m.start(), m.end(), Rule.PII_HEALTH, "health_terms_more"
    yield from special_more.special_more(text)
    yield from special_named.special_named(text)


# -- what a claim's own label says it holds ------------------------------------------------------

#: a predicate names its category: ``family_religion``, ``ethnicBackground``, ``hiv_status``.
#: Matched on the predicate's words, so the object's language does not matter (천주교, 乙肝,
#: CCOO are special-category data because the claim says what they are)
_LABELLED: Final = (
    (
        Rule.PII_HEALTH,
        r"health|medical|medicines?|medications?|meds|diagnos\w*|diseases?|illness\w*|disorders?|conditions?|"
        r"prescriptions?|symptoms?|therapy|therapist|pregnan\w*|disabilit\w*|"
        r"mental|psychiatric|hiv|blood_type|chronic|treatment|surgery|injur\w*|"
        r"clinic\w*|rehab\w*|psychiatr\w*|counsell?ing|addiction|sobriety",
    ),
    (Rule.PII_CRIMINAL, r"criminal|convictions?|arrests?|offen[cs]es?|felon\w*|parole|probation"),
    # round 15: a key that names a national, tax or social-security number by its name or
    # its country's acronym ("in_pan", "ph_sss", "kr_customs_code", "sg_nric"): the number is
    # personal data whatever its shape, as a health key's value is health data
    (
        Rule.PII_NATIONAL_ID,
        r"ssn|sss|(?:ca_)?sin_number|ca_sin|nino|in_pan|pan_(?:number|card|no)|aadhaar|"
        r"passport_(?:no|number|id)|passport(?!_)|national_(?:id|number)|id_number|"
        r"identity_(?:number|card|no)|id_card|tax_(?:id|number|code)|taxpayer_id|tin_number|"
        r"nif|nie|dni|cpf|curp|rfc|nric|mykad|pesel|bsn|cedula|customs_(?:code|id|number)|"
        r"personal_(?:code|number|id)|personnummer|resident_registration(?:_number)?|rrn|"
        r"philhealth|umid|tfn|ird(?:_number)?|nhs_number|medicare_number|"
        r"social_(?:security|insurance)(?:_number)?|insurance_number|voter_id|driver_licen[cs]e"
        r"(?:_number)?|licen[cs]e_number",
    ),
    (
        Rule.PII_SPECIAL_CATEGORY,
        r"religio\w*|faith|church|denomination|worship|ethnic\w*|race|racial|ancestry|caste|"
        r"tribe|sexual\w*|orientation|sex_life|gender_identity|political\w*|politics|"
        r"voting|votes?|party_(?:affiliation|membership)|trade_union|labou?r_union|"
        r"union_(?:member\w*|affiliation)|genetic\w*|genome|dna|biometric\w*|fingerprints?",
    ),
)
_LABELLED_RES: Final = tuple(
    (rule, re.compile(rf"(?:^|_)(?:{words})(?:_|$)", _I)) for rule, words in _LABELLED
)


def labelled_category(predicate: str) -> Rule | None:
    """The personal-data category a claim's predicate names, or None. ``dateOfBirth`` and
    ``date-of-birth`` read as ``date_of_birth``."""
    key = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", predicate)
    key = re.sub(r"[^A-Za-z0-9]+", "_", key).strip("_").lower()
    for rule, rx in _LABELLED_RES:
        if rx.search(key):
            return rule
    return None
