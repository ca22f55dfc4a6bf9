"""Ciphers of Latin text found by statistics, not by a marker word (issue 11, round 9).

A Caesar shift, ROT13, Atbash, ROT47 or per-word reversal keeps a text for anyone who knows
the trick and hides it from a scanner that looks for words. Round 7 tried the fixed
substitutions and kept a reading where common *English* words appeared, so the same shift of
Spanish (``ljqrud odv lqvwuxfflrqhv`` = *ignora las instrucciones*) stayed hidden. The rule
here is the one a reader applies: a run of Latin words that reads as **no** language is tried
through every substitution of one fixed shape, and a reading is kept when it reads as **some**
language. "Reads as a language" is judged by two small statistics, for English, Spanish,
German, French, Portuguese and Italian:

* the share of the words that are that language's function words (articles, pronouns,
  prepositions, conjunctions — the words every sentence has, not the words of an attack);
* the cosine between the run's letter frequencies and the language's.

A run is tried only when it fails the cheap test (almost no function word of any language),
so prose, names, ids and hashes in ordinary text cost one pass; and a reading must hold at
least two different function words, a fifth of its words, and letters shaped like the
language's, so a list of product names or a hash does not turn into a sentence by chance.
Tokens holding a digit, ``.``, ``@`` or ``/`` (a domain, an address, a version) are left as
written: a cipher that leaves its destination in clear is read with it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

__all__ = [
    "FUNCTION_WORDS",
    "cipher_candidate",
    "decode_cipher",
    "language_share",
]

#: the most frequent function words per language (a readability test, not an attack list)
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": """the and to of a in is you that it for on with as are be this your all from or
            by not at we an have but can will if my me do so our they he she his her them their
            what which who when there here then than now up out into over about any more some
            no yes one get make use see go come take give keep tell let please just also only
            each every after before again off down back was were been has had would could
            should may must""",
        "es": """el la los las de del y a en que un una por para con sin su sus tu tus es son
            al lo le les se no mi me te nos como pero o u si ya todo todos todas este esta
            estos estas ese esa eso muy mas hay fue ha han desde hasta sobre entre cuando""",
        "de": """der die das den dem des und zu in im ist sind ein eine einen einem einer mit
            von vom auf an am aus bei nach fur ohne um nicht auch als wie wir ihr sie er es
            du dich dir mich mir uns sich alle noch nur schon oder aber wenn dann hier jetzt
            zum zur""",
        "fr": """le la les de des du un une et a au aux en dans que qui pour par sur avec sans
            ne pas est sont il elle ils nous vous tu te se ce cet cette ces son sa ses ton ta
            tes mon ma mes leur leurs tout tous toutes mais ou si plus""",
        "pt": """o a os as de do da dos das e em no na nos nas um uma uns umas que para por
            com sem seu sua seus suas teu tua se nao ao aos como mas ou mais ja todo todos
            toda todas este esta isso voce eu ele ela""",
        "it": """il lo la i gli le di del della dei delle e a al alla ai alle in nel nella un
            una che per con su non si mi ti ci vi tuo tua tuoi tue suo sua ma o se come piu
            gia tutto tutti tutte questo questa sono ha ho""",
    }.items()
}
_ANY_FUNCTION_WORD = frozenset().union(*FUNCTION_WORDS.values())

#: letter frequencies (per cent, a-z) of running text in each language
_LETTER_FREQ: dict[str, tuple[float, ...]] = {
    "en": (8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.77, 4.0, 2.4, 6.7, 7.5, 1.9,
           0.1, 6.0, 6.3, 9.1, 2.8, 1.0, 2.4, 0.15, 2.0, 0.07),
    "es": (12.5, 1.4, 4.7, 5.9, 13.7, 0.7, 1.0, 0.7, 6.3, 0.4, 0.01, 5.0, 3.2, 6.7, 8.7, 2.5,
           0.9, 6.9, 8.0, 4.6, 3.9, 0.9, 0.02, 0.2, 0.9, 0.5),
    "de": (6.5, 1.9, 2.7, 5.1, 17.4, 1.7, 3.0, 4.8, 7.6, 0.3, 1.2, 3.4, 2.5, 9.8, 2.5, 0.8,
           0.02, 7.0, 7.3, 6.2, 4.4, 0.7, 1.9, 0.03, 0.04, 1.1),
    "fr": (7.6, 0.9, 3.3, 3.7, 14.7, 1.1, 0.9, 0.7, 7.5, 0.6, 0.05, 5.5, 3.0, 7.1, 5.8, 3.0,
           1.4, 6.7, 7.9, 7.2, 6.3, 1.8, 0.05, 0.4, 0.3, 0.1),
    "pt": (14.6, 1.0, 3.9, 5.0, 12.6, 1.0, 1.3, 1.3, 6.2, 0.4, 0.02, 2.8, 4.7, 5.0, 10.7, 2.5,
           1.2, 6.5, 7.8, 4.3, 4.6, 1.7, 0.01, 0.2, 0.01, 0.5),
    "it": (11.7, 0.9, 4.5, 3.7, 11.8, 1.2, 1.6, 0.6, 11.3, 0.01, 0.01, 6.5, 2.5, 6.9, 9.8, 3.1,
           0.5, 6.4, 5.0, 5.6, 3.0, 2.1, 0.01, 0.01, 0.01, 0.5),
}  # fmt: skip

#: a reading: at least this many function words, this share of the words, this letter fit
_MIN_HITS = 2
_MIN_SHARE = 0.2
_MIN_FIT = 0.75
#: a run with this share of function words already reads (it is not tried)
_READS = 0.1
_MIN_WORDS = 4

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[A-Za-z]+")
#: tokens left as written: a domain, an address, a path, a number, a version
_KEEP = re.compile(r"[\d.@/]")


def _substitution(shifted: str) -> Callable[[str], str]:
    table = str.maketrans(_LETTERS + _LETTERS.upper(), shifted + shifted.upper())
    return lambda text: text.translate(table)


def _reverse(text: str) -> str:
    return text[::-1]


#: the 25 shifts (ROT13 among them), Atbash and per-word reversal (ROT47, which turns
#: letters into symbols, is read by :func:`graphmem.write.decoders.decode_rotation`), each
#: with the shortest function word that counts in its reading: a reversal leaves one-letter
#: words (``a``, ``y``, ``i``) as they were, so they prove nothing there
_SUBSTITUTIONS: tuple[tuple[Callable[[str], str], int], ...] = (
    *((_substitution(_LETTERS[k:] + _LETTERS[:k]), 1) for k in range(1, 26)),
    (_substitution(_LETTERS[::-1]), 1),
    (_reverse, 2),
)


def _words(text: str) -> list[str]:
    return [w.strip(".,:;!?'\"()[]").lower() for w in text.split()]


def language_share(text: str, shortest: int = 1) -> tuple[float, int, str]:
    """The best language's share of function words among ``text``'s words, how many
    *different* ones of ``shortest`` letters or more there are (``di … di`` is one), and
    the language."""
    words = _words(text)
    if not words:
        return 0.0, 0, ""
    best = (0.0, 0, "")
    for lang, vocab in FUNCTION_WORDS.items():
        found = [w for w in words if w in vocab]
        distinct = len({w for w in found if len(w) >= shortest})
        if distinct > best[1]:
            best = (len(found) / len(words), distinct, lang)
    return best


def _letter_fit(text: str, lang: str) -> float:
    counts = [0] * 26
    for c in text.lower():
        k = ord(c) - 97
        if 0 <= k < 26:
            counts[k] += 1
    ref = _LETTER_FREQ[lang]
    dot = sum(a * b for a, b in zip(counts, ref, strict=True))
    norm = math.sqrt(sum(a * a for a in counts)) * math.sqrt(sum(b * b for b in ref))
    return dot / norm if norm else 0.0


def cipher_candidate(run: str) -> bool:
    """Cheap: a run of four or more letter words that holds almost no function word of any
    of the six languages (prose always does)."""
    words = _words(run)
    letters = [w for w in words if _WORD.fullmatch(w)]
    if len(letters) < _MIN_WORDS or len(letters) * 2 < len(words):
        return False
    # one-letter words (a, y, e, o) survive a reversal and stand in too many languages
    hits = sum(1 for w in letters if len(w) > 1 and w in _ANY_FUNCTION_WORD)
    return hits < _READS * len(words) or hits < 2


def _apply(run: str, substitute: Callable[[str], str]) -> str:
    return " ".join(tok if _KEEP.search(tok) else substitute(tok) for tok in run.split())


def decode_cipher(run: str) -> str | None:
    """``run`` read through the substitution (25 shifts, Atbash, per-word reversal)
    whose reading reads best as one of the six languages; ``None`` when none reads."""
    if not cipher_candidate(run):
        return None
    best: tuple[float, str] | None = None
    already = {shortest: language_share(run, shortest)[1] for shortest in (1, 2)}
    for substitute, shortest in _SUBSTITUTIONS:
        reading = _apply(run, substitute)
        share, hits, lang = language_share(reading, shortest)
        # more different function words than the run held as written
        if hits < _MIN_HITS or hits <= already[shortest] or share < _MIN_SHARE:
            continue
        fit = _letter_fit(reading, lang)
        if fit >= _MIN_FIT and (best is None or share * fit > best[0]):
            best = (share * fit, reading)
    return best[1] if best is not None else None
