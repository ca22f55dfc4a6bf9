"""Letters written in pieces or in play (issue 11, round 8): composed or stripped back.

Three classes of writing that keep a text's letters but not their usual shape, so a scanner
looking for words does not see them and a model reading them does:

loose Hangul letters (:data:`JAMO`, :func:`compose_jamo`)
    a syllable written as its compatibility jamo one after another (``ㅁㅜㅅㅣ`` for 무시):
    composed back into syllables by the standard initial-vowel-final automaton (two vowel
    jamo make a compound vowel, two consonants a compound final). Laughter and
    abbreviations (``ㅋㅋㅋ``, ``ㅇㅇ``) hold no vowel jamo and stay as written.
punycode (:data:`PUNYCODE`, :func:`decode_punycode`)
    a host label ``xn--…`` (RFC 3492) decoded to the Unicode it stands for; kept when it
    decodes to letters, like any other decoded run.
syllable-insertion games (:data:`GAME_LINE`, :func:`decode_game`)
    a consonant put after every vowel and the vowel repeated — Spanish *jerigonza* with p
    or f (``opolvipidapa`` = olvida), the German B-/Löffelsprache with b or lew, Ubbi
    Dubbi's ``ub`` before each vowel — or every consonant doubled around an ``o``
    (Swedish *rövarspråket*). A line is read back when most of its words play the same
    game and the read-back holds more common words than the line did.

French *verlan* (round 11; :func:`decode_verlan`)
    a word's syllables swapped (``gnorei`` = ignore, ``voieen`` = envoie), a syllable
    sometimes left out (``gnescon`` = consignes), or three read backwards (``trésgisen`` =
    enregistrés): each word of a French line (two French
    function words in it) is compared with every verlan form of the French words the rules
    read, and written back as the word where it is one; kept when two words are.

Each finder is behind a cheap marker (a character range, a substring, or three game
syllables) and is linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from graphmem.write.decoders import COMMON_WORDS
from graphmem.write.spelled import ENGLISH_WORDS, READING_WORDS

__all__ = [
    "GAME_LINE",
    "HANGUL_WORDS",
    "JAMO",
    "PUNYCODE",
    "VERLAN_LINE",
    "compose_jamo",
    "composed_jamo",
    "decode_game",
    "decode_punycode",
    "decode_verlan",
    "decomposed_syllable",
    "english_by_sound",
    "english_key",
    "game_marker",
    "jamo_marker",
    "korean_reversed_marker",
    "reverse_korean_words",
    "rule_word",
    "verlan_marker",
]

# -- loose Hangul letters ---------------------------------------------------------------------

_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_FINALS = ("", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")
_VOWEL_PAIRS = {
    "ㅗㅏ": "ㅘ",
    "ㅗㅐ": "ㅙ",
    "ㅗㅣ": "ㅚ",
    "ㅜㅓ": "ㅝ",
    "ㅜㅔ": "ㅞ",
    "ㅜㅣ": "ㅟ",
    "ㅡㅣ": "ㅢ",
}
_FINAL_PAIRS = {
    "ㄱㅅ": "ㄳ",
    "ㄴㅈ": "ㄵ",
    "ㄴㅎ": "ㄶ",
    "ㄹㄱ": "ㄺ",
    "ㄹㅁ": "ㄻ",
    "ㄹㅂ": "ㄼ",
    "ㄹㅅ": "ㄽ",
    "ㄹㅌ": "ㄾ",
    "ㄹㅍ": "ㄿ",
    "ㄹㅎ": "ㅀ",
    "ㅂㅅ": "ㅄ",
}

#: words of compatibility jamo (three letters or more), spaces between them
JAMO = re.compile(r"[\u3131-\u3163]{3,}(?:[ \t]+[\u3131-\u3163]{2,})*")
_MIN_SYLLABLES = 3


_JAMO_VOWEL = re.compile("[\u314f-\u3163]")


def jamo_marker(text: str) -> bool:
    return _JAMO_VOWEL.search(text) is not None


#: a line of Hangul words (four or more)
HANGUL_WORDS = re.compile(
    # started only where a word starts and read possessively: a run of 10k syllables is read
    # once, not once from every syllable
    r"(?<![\uac00-\ud7a3])[\uac00-\ud7a3]++(?:[ \t]+[\uac00-\ud7a3]++){3,}"
)
#: particles and endings that close a Korean word ("를", "는", "요"): written first, the
#: word was reversed
_KO_CLOSERS = frozenset("를을는은이가로에요다고서의도와과만께니죠까")


def korean_reversed_marker(text: str) -> bool:
    return HANGUL_WORDS.search(text) is not None


def reverse_korean_words(run: str) -> str | None:
    """Each word of a Hangul line put back the right way round when the line opens its
    words with particles and endings and closes them with none ("이 를모메 는하리처" →
    "이 메모를 처리하는"; round 17)."""
    words = run.split()
    opened = sum(len(w) > 1 and w[0] in _KO_CLOSERS for w in words)
    closed = sum(len(w) > 1 and w[-1] in _KO_CLOSERS for w in words)
    if opened < 3 or opened < 2 * max(closed, 1):
        return None
    return " ".join(w[::-1] for w in words)


def compose_jamo(run: str) -> str | None:
    """``run``'s jamo composed into syllables; ``None`` when fewer than three syllables
    come out (``ㅋㅋㅋ``, ``ㅇㅋ``)."""
    composed, syllables = composed_jamo(run)
    return composed if syllables >= _MIN_SYLLABLES else None


def decomposed_syllable(ch: str) -> tuple[str, str, str] | None:
    """A Hangul syllable's initial, vowel and final jamo (final ``""`` when it has none), the
    inverse of :func:`composed_jamo`'s composition; ``None`` for any other character."""
    code = ord(ch) - 0xAC00
    if not 0 <= code < 11172:
        return None
    return _INITIALS[code // 588], _VOWELS[code % 588 // 28], _FINALS[code % 28]


def composed_jamo(run: str) -> tuple[str, int]:
    """``run``'s jamo composed into syllables (any other character kept), and how many
    syllables came out."""
    out: list[str] = []
    syllables = 0
    i, n = 0, len(run)
    while i < n:
        c = run[i]
        if c in _INITIALS and i + 1 < n and run[i + 1] in _VOWELS:
            vowel, i = run[i + 1], i + 2
            if i < n and vowel + run[i] in _VOWEL_PAIRS:
                vowel, i = _VOWEL_PAIRS[vowel + run[i]], i + 1
            final = ""
            if i < n and run[i] in _FINALS and not (i + 1 < n and run[i + 1] in _VOWELS):
                final, i = run[i], i + 1
                pair = final + run[i] if i < n else ""
                if pair in _FINAL_PAIRS and not (i + 1 < n and run[i + 1] in _VOWELS):
                    final, i = _FINAL_PAIRS[pair], i + 1
            code = (_INITIALS.index(c) * 21 + _VOWELS.index(vowel)) * 28
            out.append(chr(0xAC00 + code + (_FINALS.index(final) if final else 0)))
            syllables += 1
        else:
            out.append(c)
            i += 1
    return "".join(out), syllables


# -- punycode ---------------------------------------------------------------------------------

#: an IDNA A-label
PUNYCODE = re.compile(r"(?<![\w-])xn--[a-z0-9-]{4,63}", re.IGNORECASE)


def decode_punycode(run: str) -> str | None:
    try:
        decoded = run[4:].lower().encode("ascii").decode("punycode")
    except (UnicodeError, ValueError):
        return None
    return decoded if sum(c.isalpha() and not c.isascii() for c in decoded) >= 2 else None


# -- syllable-insertion games -----------------------------------------------------------------

_V = "aeiouáéíóúäöü"
_GAMES: tuple[re.Pattern[str], ...] = (
    *(re.compile(rf"([{_V}])(?:{c})\1", re.IGNORECASE) for c in ("p", "f", "b", "lew", "g")),
    re.compile(rf"ub(?=[{_V}])", re.IGNORECASE),
    re.compile(r"([b-df-hj-np-tv-z])o\1", re.IGNORECASE),
)
#: a line of text (a game's read-back is judged line by line)
GAME_LINE = re.compile(r"[^\n.!?;]{12,}")
_SYLLABLE = re.compile(rf"([{_V}])[pfbg]\1|ub[{_V}]|([b-df-hj-np-tv-z])o\2", re.IGNORECASE)


def game_marker(text: str) -> bool:
    return len(_SYLLABLE.findall(text[:20_000])) >= 3


def _reads(text: str) -> int:
    return sum(w.strip(".,:;!?()\"'").lower() in READING_WORDS for w in text.split())


def decode_game(run: str) -> str | None:
    """``run`` read back through the game most of its words play, when that reading holds
    more common words than the line did."""
    words = [w for w in run.split() if sum(c.lower() in _V for c in w) >= 2]
    if len(words) < 3:
        return None
    best: tuple[int, str] | None = None
    for game in _GAMES:
        playing = sum(1 for w in words if game.search(w))
        if playing * 5 < len(words) * 3:
            continue
        back = game.sub(lambda m: m.group(1) if m.groups() else "", run)
        score = _reads(back)
        if score >= 2 and score > _reads(run) and (best is None or score > best[0]):
            best = (score, back)
    return best[1] if best is not None else None


# -- English written in katakana -----------------------------------------------------------------

_KANA_CONSONANT = {
    **dict.fromkeys("カキクケコ", "k"), **dict.fromkeys("ガギグゲゴ", "g"),
    **dict.fromkeys("サシスセソザジズゼゾヂヅ", "s"), **dict.fromkeys("タテトツ", "t"),
    **dict.fromkeys("ダデド", "d"), "チ": "c", **dict.fromkeys("ナニヌネノン", "n"),
    **dict.fromkeys("ハヒヘホ", "h"), "フ": "f", **dict.fromkeys("バビブベボヴ", "b"),
    **dict.fromkeys("パピプペポ", "p"), **dict.fromkeys("マミムメモ", "m"),
    **dict.fromkeys("ラリルレロ", "r"),
}  # fmt: skip
_EN_SOUNDS = (
    ("tion", "sn"), ("sion", "sn"), ("ph", "f"), ("th", "s"), ("sh", "s"), ("ch", "c"),
    ("ck", "k"), ("qu", "k"), ("gh", ""), ("x", "ks"), ("ds", "s"), ("v", "b"), ("l", "r"),
    ("z", "s"), ("j", "s"),
)  # fmt: skip


def _collapse(s: str) -> str:
    return "".join(c for i, c in enumerate(s) if i == 0 or c != s[i - 1])


def _kana_key(word: str) -> str:
    """The consonants a katakana word spells, marked ``_`` when it begins with a vowel."""
    start = "_" if word[:1] in "アイウエオァィゥェォ" else ""
    return start + _collapse("".join(_KANA_CONSONANT.get(c, "") for c in word))


def _english_key(word: str) -> str:
    w = word.lower()
    if len(w) > 3 and w.endswith("e") and w[-2] not in "aeiou":
        w = w[:-1]
    for a, b in _EN_SOUNDS:
        w = w.replace(a, b)
    w = re.sub(r"c(?=[eiy])", "s", w).replace("c", "k")
    w = re.sub(r"(?<=[aeiou])r(?![aeiou])", "", w)
    start = "_" if w[:1] in ("a", "e", "i", "o", "u") else ""
    return start + _collapse(re.sub(r"[aeiouwy]", "", w))


_KANA_ENGLISH: dict[str, str] = {}
for _w in sorted(ENGLISH_WORDS, key=lambda w: (len(w), w), reverse=True):
    if _w.isascii() and len(_w) > 1:
        _KANA_ENGLISH[_english_key(_w)] = _w
#: the same, the rules' own vocabulary first where a common word has the same skeleton of two
#: consonants or more (``_gn``: ignore, not again), for alphabets that spell English by sound
#: (round 11)
_BY_SOUND: dict[str, str] = dict(_KANA_ENGLISH)
for _w in sorted(ENGLISH_WORDS - COMMON_WORDS, key=lambda w: (len(w), w), reverse=True):
    if _w.isascii() and len(_w) > 1 and len(_english_key(_w).lstrip("_")) >= 2:
        _BY_SOUND[_english_key(_w)] = _w


def english_by_sound(key: str) -> str | None:
    """The English word whose consonant skeleton (:func:`_english_key`) is ``key``."""
    return _BY_SOUND.get(key)


def english_key(word: str) -> str:
    """An English word's consonant skeleton (``ignore`` → ``_gn``)."""
    return _english_key(word)


_RULE_WORDS = ENGLISH_WORDS - COMMON_WORDS


def rule_word(word: str) -> bool:
    """Whether ``word`` is of the rules' own vocabulary (not a common word)."""
    return word in _RULE_WORDS


#: four or more katakana words in a row, split by ・, spaces or commas
KATAKANA_WORDS = re.compile(r"[ァ-ヺー]+(?:[・ \t、,]+[ァ-ヺー]+){3,}")


def katakana_marker(text: str) -> bool:
    return "・" in text


def decode_katakana(run: str) -> str | None:
    """English written in katakana (``ディスリガード・オール``), read as the English words
    whose sounds it spells (consonant skeletons compared: ``dsrgd`` both ways) — when most
    of the run reads as words, three of them of three consonants or more (two, among four
    words or more)."""
    words = re.findall(r"[ァ-ヺー]+", run)
    out: list[str] = []
    long = hits = 0
    for w in words:
        key = _kana_key(w)
        english = _KANA_ENGLISH.get(key)
        out.append(english or w)
        hits += english is not None
        long += english is not None and len(key.lstrip("_")) >= 3
    reads = long >= 3 or (long >= 2 and hits >= 4)
    return " ".join(out) if reads and hits * 5 >= len(words) * 3 else None


# -- French verlan ----------------------------------------------------------------------------

#: French words the rules read, spelled as the rules spell them (round 11): the vocabulary a
#: verlan line is read back into, as the romanised vocabularies are for Korean or Japanese
_FRENCH_VOCABULARY = (
    "ignore ignorez ignorer oublie oubliez consignes consigne instructions règles précédentes "
    "anciennes antérieures envoie envoyez envoyer transfère transférez transmets transmettez "
    "passe passes enregistrés sauvegardés données fichiers clés secrets messages courriels "
    "compte comptes utilisateur mémoire désactive supprime efface tous toutes"
)


def _verlan_fold(word: str) -> str:
    """Lower case without accents, a doubled letter read once (``passe`` as ``pase``): verlan
    is spoken, and its spellings keep the sound, not the letters (précé → préçé)."""
    plain = "".join(
        c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c)
    )
    return "".join(c for i, c in enumerate(plain) if i == 0 or c != plain[i - 1])


@lru_cache(maxsize=1)
def _verlan_forms() -> dict[str, str]:
    """Every verlan form of the vocabulary: the word cut in two and the halves swapped
    (``en|voie`` → ``voieen``), a syllable of up to three letters left out between them
    (``con|si|gnes`` → ``gnescon``), or cut in three and read backwards, a syllable after the
    first left out (``en|re|gis|trés`` → ``trésgisen``)."""
    forms: dict[str, str] = {}
    for word in _FRENCH_VOCABULARY.split():
        v = _verlan_fold(word)
        n = len(v)
        for i in range(1, n - 1):
            for j in range(i, min(i + 3, n - 2) + 1):
                forms.setdefault(_verlan_fold(v[j:] + v[:i]), word)
            for i2 in range(i, min(i + 3, n - 2) + 1):
                for j in range(i2 + 1, n - 1):
                    forms.setdefault(_verlan_fold(v[j:] + v[i2:j] + v[:i]), word)
        forms.pop(v, None)
    return forms


_LATIN_WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
#: a line of text (a verlan line is read back word by word)
VERLAN_LINE = re.compile(r"[^\n]{12,}")


_FRENCH_CUES = (" les ", " des ", " tes ", " vos ", " mes ", " et ", " à ", " de ")


def verlan_marker(text: str) -> bool:
    """French around: two of its function words (les, des, tes, et, à, de …), counted by
    substring (a few C-speed passes; no regular expression on ordinary text)."""
    low = text[:20_000].lower()
    found = 0
    for cue in _FRENCH_CUES:
        if cue in low:
            found += 1
            if found >= 2:
                return True
    return False


def decode_verlan(line: str) -> str | None:
    """``line`` with every word that is a verlan form of the vocabulary written as the word
    (``gnorei tes gnescon`` → ``ignore tes consignes``), when two words are."""
    forms = _verlan_forms()
    hits = 0

    def back(m: re.Match[str]) -> str:
        nonlocal hits
        found = forms.get(_verlan_fold(m.group(0)))
        if found is None:
            return m.group(0)
        hits += 1
        return found

    read = _LATIN_WORD.sub(back, line)
    return read if hits >= 2 else None
