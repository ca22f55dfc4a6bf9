"""Secrets said rather than typed, and given as a login pair (issue 11, round 10).

The slot patterns of :mod:`graphmem.write.secret_shapes` want a value with the shape of a
credential right after its noun. Three classes escape them:

spelled out after a credential noun
    a run of four or more spoken characters — letter names ("jota, ka", "be, ce", "ef, ge",
    "bé, cé", "aitch, jay"), number words ("tres, ocho", "drei acht", "trois huit", "three
    eight", "niner"), symbol names ("arroba", "at", "Raute", "dièse", "underscore") and radio
    code words — starting within a short window after a password, PIN, code or key noun
    (:data:`secret_shapes._SPELL_ANCHOR`). Two of them at least must be unambiguous (not a
    one- or two-letter word such as "a", "de", "en"), so a sentence that merely goes on after
    the noun is not a run;
a login pair
    a user name and a password after a log-in verb ("log in as admin / Adm1n#v13Pass",
    "login: jdoe, pw S3cr3t#x", "als root / … anmelden" is read from the verb on), in the
    seven languages of the gate; the value must hold a letter and a digit or symbol;
a key noun and a number
    a meeting host key, a key box, a door "code de …", "Code für …", "código de …", "キー",
    "鍵番号", "密钥", "키" followed in its clause by four to twelve digits (the English bare
    "code" is not read: programming talk is full of "code" and numbers).

Findings are ``(start, end, rule, detector)``; no matched text is kept. Every pattern is one
pass with bounded windows.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.spelled import CODE_WORDS

__all__ = ["spoken_secrets"]

_I = re.I


def _fold(word: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c)
    )


_NUMBER_WORDS: Final = frozenset(
    """zero oh one two three four five six seven eight nine niner
    cero uno una dos tres cuatro cinco seis siete ocho nueve
    null eins zwei zwo drei vier funf fuenf sechs sieben acht neun
    un une deux trois quatre cinq six sept huit neuf""".split()  # noqa: SIM905
)
_LETTER_NAMES: Final = frozenset(
    """a be ce de e efe ge hache i jota ka ele eme ene ene o pe cu erre ese te u uve ve doble
    equis ye zeta
    ef ha jot el em en ku er es fau we ix ypsilon zett
    effe ache ji elle emme enne ixe zede
    ay bee cee dee ee gee aitch jay kay pee cue ar ess tee vee ex zee zed""".split()  # noqa: SIM905
)
_SYMBOL_WORDS: Final = frozenset(
    """at arroba hash hashtag almohadilla raute diese dash hyphen guion bindestrich tiret
    underscore unterstrich dot punto punkt point star asterisk asterisco stern etoile dollar
    exclamation exclamacion ausrufezeichen ampersand percent slash barra""".split()  # noqa: SIM905
)
#: words that qualify the next character without being one
_MODIFIERS: Final = frozenset(
    """capital uppercase lowercase mayuscula minuscula gross grosses klein kleines majuscule
    minuscule big small""".split()  # noqa: SIM905
)
_SPOKEN: Final = _NUMBER_WORDS | _LETTER_NAMES | _SYMBOL_WORDS | CODE_WORDS
#: spoken characters that are also ordinary short words ("a", "de", "en", "one", "at")
_WEAK: Final = frozenset(
    """a e i o u y de el en es be te ce ge pe ha we er ex ay ar ee oh one un une uno una at dot
    point star""".split()  # noqa: SIM905
)
_MIN_RUN = 4
_MIN_STRONG = 2
_WINDOW = 40
_TOKEN: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?|\d{1,2}(?!\d)")
#: what may stand between two spoken characters
_GAP: Final = re.compile(r"[\s,;·/\-–—.]{1,4}")


#: credential nouns the caller's anchor may lack (French; the "key" of a portal or a door)
_MORE_ANCHOR: Final = re.compile(
    r"\bmot\s+de\s+passe\b|\bmdp\b|\bcode\s+(?:secret|d'accès|confidentiel)\b|"
    r"\bcontrase(?:ñ|n)a\b|\bclave\b|\bPasswort\b|\bKennwort\b",
    _I,
)


#: "B as in Bravo", "be de burro", "B wie Berta", "B comme Bernard": a link word and the word
#: that illustrates the letter before it
_LINKS: Final = frozenset({"as", "in", "for", "like", "de", "wie", "como", "comme", "pour"})


_SPACE_THEN_TOKEN: Final = re.compile(r"[ \t]{1,3}(?=\w)")


def _illustration(text: str, link: re.Match[str]) -> int | None:
    """Where "as in Bravo" / "de burro" ends, read from its link word: link words, then one
    word, each after plain spaces (a comma makes "de" the letter d)."""
    at = link.end()
    for _ in range(3):
        space = _SPACE_THEN_TOKEN.match(text, at)
        if space is None:
            return None
        m = _TOKEN.match(text, space.end())
        if m is None:
            return None
        if _fold(m.group(0)) not in _LINKS:
            return m.end()
        at = m.end()
    return None


def _run_at(text: str, at: int) -> tuple[int, int, int]:
    """``(end, spoken characters, unambiguous ones)`` of the run of spoken characters that
    starts at ``at``: letter, number and symbol names, single digits, and a letter's
    illustration ("as in Bravo") skipped."""
    count = strong = 0
    end = at
    while True:
        m = _TOKEN.match(text, at)
        if m is None:
            break
        word = _fold(m.group(0))
        illustration = _illustration(text, m) if word in _LINKS and count else None
        if illustration is not None:
            end = illustration  # "as in Bravo", "de burro", "wie Berta"
        elif word.isdigit() and len(word) <= 2:
            count += 1
            strong += 1
            end = m.end()
        elif word in _SPOKEN or (len(word) == 1 and word.isalpha()):
            count += 1
            strong += word not in _WEAK and len(word) > 1
            end = m.end()
        elif word in _MODIFIERS:
            end = m.end()
        else:
            break
        gap = _GAP.match(text, end)
        if gap is None:
            break
        at = gap.end()
    return end, count, strong


def _spelled_after(text: str, anchor: re.Pattern[str]) -> Iterator[tuple[int, int, Rule, str]]:
    anchors = sorted({a.end() for rx in (anchor, _MORE_ANCHOR) for a in rx.finditer(text)})
    done = -1
    for pos in anchors:
        if pos < done:
            continue
        limit = min(len(text), pos + _WINDOW)
        for m in _TOKEN.finditer(text, pos, limit + 24):
            if m.start() > limit:
                break
            if _fold(m.group(0)) not in _SPOKEN and len(m.group(0)) > 1:
                continue
            end, count, strong = _run_at(text, m.start())
            if count >= _MIN_RUN and strong >= _MIN_STRONG:
                yield m.start(), end, Rule.SECRET_PASSWORD, "spelled_secret"
                done = end
                break
            if end > limit:
                break


_LOGIN: Final = (
    r"\b(?:log(?:ged|ging)?[\s_-]?in|sign(?:ed|ing)?[\s_-]?in|login|anmelden|einloggen|"
    r"iniciar[\s_]+sesi[oó]n|inicia[\s_]+sesi[oó]n|connecte[rz]?(?:-vous)?|se[\s_]+connecter)"
    r"(?![A-Za-z])|"
    r"로그인|ログイン|登录|登入"
)
_LOGIN_PAIR: Final = re.compile(
    rf"(?:{_LOGIN})[\s_:]{{0,3}}(?:(?:as|with|als|mit|como|con|avec|en[\s_]+tant[\s_]+que)[\s_]{{1,3}})?"
    r"(?P<u>[A-Za-z0-9.@+\-]{1,40})[\s_]{0,3}"
    r"(?:[/:|]|,|(?:\s|_)(?:and|with|pw|pwd|pass(?:word)?|und|mit|y|con|et|avec)[\s_:]{1,3})"
    r"[\s_]{0,3}[\"'`]?(?P<v>[^\s,;\"'`]{6,64})",
    _I,
)


def _login_pairs(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _LOGIN_PAIR.finditer(text):
        value = m.group("v").rstrip(".")
        letters = any(c.isalpha() for c in value)
        other = any(c.isdigit() or not c.isalnum() for c in value)
        if letters and other and not value.lower().startswith(("http", "www.")):
            yield m.start("v"), m.start("v") + len(value), Rule.SECRET_PASSWORD, "login_pair"


_KEY_NOUN: Final = re.compile(
    r"\b(?:host|meeting|moderator|room|key\s*box|lock\s*box|locker)[\s-]?(?:key|code)\b|"
    r"\bdigicode\b|\bcode\s+(?:de|du|d'|des|pour)\s?|\bCode\s+(?:für|von|der|des|vom|zum|zur)\b|"
    r"\bSchlüssel(?:box|safe|kasten)?-?(?:code|nummer)\b|\bcódigo\s+(?:de|del)\b|"
    r"(?<![ァ-ヺー])(?:ホスト|ミーティング|会議|部屋|ロッカー|キーボックス)?キー(?:コード)?(?![ァ-ヺー])|"
    r"鍵番号|暗証コード|"
    r"密钥|秘钥|主持人密钥|(?<![가-힣])(?:호스트\s*)?키(?![가-힣])|열쇠\s*번호",
    _I,
)
_DIGITS_AFTER: Final = re.compile(r"[^\d\n.!?。！？]{0,40}?(?<!\d)(?P<v>\d{4,12})(?![\d.,:/])")


#: a French credential slot: "mot de passe Soleil#2025", "mdp : x7Kp!2", "code secret 4471"
_FRENCH_SLOT: Final = re.compile(
    r"\b(?:mot\s+de\s+passe|mdp|code\s+secret)\s{0,3}(?:(?:est|c'est|:|=)\s{0,3})?"
    r"[\"'«]?\s?(?P<v>[^\s,;\"'»]{4,64})",
    _I,
)


def _french_slots(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _FRENCH_SLOT.finditer(text):
        value = m.group("v").rstrip(".")
        if any(c.isdigit() for c in value) or any(not c.isalnum() for c in value):
            yield m.start("v"), m.start("v") + len(value), Rule.SECRET_PASSWORD, "french_slot"


def _key_numbers(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for a in _KEY_NOUN.finditer(text):
        m = _DIGITS_AFTER.match(text, a.end())
        if m is not None:
            yield m.start("v"), m.end("v"), Rule.SECRET_PIN, "key_number"


def spoken_secrets(text: str, anchor: re.Pattern[str]) -> Iterator[tuple[int, int, Rule, str]]:
    """Every rule of this module on one text; ``anchor`` is the caller's credential nouns."""
    yield from _spelled_after(text, anchor)
    yield from _login_pairs(text)
    yield from _key_numbers(text)
    yield from _french_slots(text)
