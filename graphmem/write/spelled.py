"""Letters spelled out by words (issue 11, round 8): spelling alphabets and acrostics.

Both classes carry a text one *letter per word*, so a scanner reading the words sees names
of cities, radio code words or a poem, and a model asked to read the letters sees the
injection. They are read back here as letters, and the letters are given their word
boundaries again (:func:`segment`) so the scanners read words:

spelling alphabets (:func:`spelled_runs`)
    a run of five or more code words of *any* common spelling alphabet — ICAO/NATO, the
    1940s Able-Baker one, police alphabets, the German (DIN 5009, old names and the 2022
    city names), Spanish, French and Italian ones. Every such alphabet names a letter by a
    word that begins with it, so the letter is the word's initial; the table is only the
    list of words that are code words. ``/``, ``|`` or the words "space", "stop" and
    "break" between code words are word breaks.
acrostics (:func:`line_acrostics`, :func:`word_acrostics`)
    the initials of six or more consecutive short lines, or of the words of one sentence,
    kept where a stretch of them reads as words (:func:`readable_stretch`): two or more
    words of a reading vocabulary, eight letters or more in all, and nothing else in the
    stretch. The vocabulary is the most frequent function words and the verbs and nouns of
    instructions in English, Spanish, German and French (a reading test: the initials of
    ordinary prose do not spell eight letters of words).

Every finder is one linear pass over the text's words; :func:`segment` is a dynamic
programme over at most a few hundred letters with words of at most sixteen.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from graphmem.write.decoders import COMMON_WORDS

__all__ = [
    "CODE_WORDS",
    "ENGLISH_WORDS",
    "READING_WORDS",
    "acrostic_cue",
    "decode_spelled",
    "line_acrostics",
    "readable_stretch",
    "segment",
    "spelled_marker",
    "spelled_runs",
    "word_acrostics",
]

#: the code words of the common spelling alphabets, folded (lower case, no diacritics)
CODE_WORDS: frozenset[str] = frozenset(
    """alfa alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima
    mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray
    yankee zulu
    able baker dog easy fox george how item jig king love nan oboe peter queen roger sugar
    tare uncle william yoke zebra
    adam boy charles david edward frank henry ida john lincoln mary nora ocean paul robert
    sam tom union young
    anton berta caesar casar dora emil friedrich gustav heinrich julius kaufmann konrad
    ludwig martha nordpol otto paula quelle richard samuel siegfried theodor ulrich viktor
    wilhelm xanthippe ypsilon zacharias zeppelin
    aachen berlin chemnitz dusseldorf duesseldorf essen frankfurt goslar hamburg ingelheim
    jena koln koeln leipzig munchen muenchen nurnberg nuernberg offenbach potsdam quickborn
    rostock salzwedel tubingen tuebingen unna volklingen voelklingen wuppertal xanten zwickau
    antonio barcelona carmen dolores enrique francia gerona girona historia ines jose
    lorenzo madrid navarra oviedo paris querido ramon sabado tarragona ulises valencia
    washington xilofono yegua zaragoza
    anatole berthe celestin desire eugene francois gaston henri irma joseph kleber louis
    marcel nicolas pierre quintal raoul suzanne therese ursule xavier yvonne zoe
    ancona bologna como domodossola empoli firenze genova imola jolly kappa livorno milano
    napoli otranto palermo quarto roma savona torino udine venezia xeres york zara""".split()  # noqa: SIM905
)
_BREAK_WORDS = frozenset({"space", "stop", "break", "leerzeichen", "espacio", "espace", "spazio"})
_MIN_SPELLED = 5

#: words a decoded run of letters is read into: frequent words and the vocabulary of
#: instructions (what to do, to what, where) in English, Spanish, German and French
ENGLISH_WORDS: frozenset[str] = COMMON_WORDS | frozenset(
    """ignore disregard forget override bypass skip drop previous prior above earlier old
    instructions instruction rules rule guidelines orders prompt system policy policies
    send forward email mail post upload share transfer export leak copy reveal print show
    delete remove wipe erase disable run execute install open visit click call pay wire
    password passwords key keys secret secrets token tokens code codes pin credentials data
    file files contacts inbox messages history user users admin account accounts money
    funds card cards now always never every all everything everyone here link site server
    assistant agent model bot you your yours me mine us them it its this that these
    those""".split()  # noqa: SIM905
)
READING_WORDS: frozenset[str] = ENGLISH_WORDS | frozenset(
    """ignora ignorar olvida olvidar reglas regla instrucciones anteriores previas envia enviar
    manda mandar reenvia claves clave contrasena contrasenas datos todo todos todas las los
    el la de del al con sin para por tus sus archivos correo
    ignoriere vergiss alle regeln anweisungen vorherigen bisherigen sende schicke leite
    passworter passwoerter schlussel daten dateien und die der das an zu mit ohne deine
    oublie ignorez regles envoie envoyez mots passe cles tous toutes les des aux
    partir ahora siempre nunca desde adelante ya cada sin avisar decir usuario
    ab jetzt immer nie sofort nun von weiter heimlich jede jeden nutzer benutzer
    desormais toujours jamais chaque sans dire utilisateur""".split()  # noqa: SIM905
)
_MAX_WORD = 16
_MAX_SEGMENT = 512
#: a word (a hyphen splits words: ``delta-india-sierra`` is three code words) or a slash
_WORD = re.compile(r"x-ray|[^\W\d_]+|[/|]", re.IGNORECASE)


def _fold(word: str) -> str:
    if word.isascii():
        return word.lower().replace("-", "")
    return "".join(
        c for c in unicodedata.normalize("NFD", word.casefold().replace("-", "")) if c.isascii()
    )


def segment(letters: str, *, min_len: int = 1) -> list[tuple[str, bool]]:
    """``letters`` cut into words of :data:`READING_WORDS` (at least ``min_len`` letters),
    covering as many letters as possible with as few words as possible; letters no word
    covers are kept as pieces of their own. Each piece: ``(text, is_a_word)``. A message
    is short: a longer run is cut in pieces of :data:`_MAX_SEGMENT` letters."""
    if len(letters) > _MAX_SEGMENT:
        return [
            piece
            for k in range(0, len(letters), _MAX_SEGMENT)
            for piece in segment(letters[k : k + _MAX_SEGMENT], min_len=min_len)
        ]
    n = len(letters)
    # best[i]: (uncovered letters, pieces) for letters[:i], and where the last piece starts
    best: list[tuple[int, int]] = [(0, 0)] + [(n + 1, n + 1)] * n
    back = [0] * (n + 1)
    word_at = [False] * (n + 1)
    low = letters.lower()
    for i in range(1, n + 1):
        cand = (best[i - 1][0] + 1, best[i - 1][1] + 1)
        best[i], back[i], word_at[i] = cand, i - 1, False
        for j in range(max(0, i - _MAX_WORD), i - min_len + 1):
            if low[j:i] in READING_WORDS:
                cand = (best[j][0], best[j][1] + 1)
                if cand < best[i]:
                    best[i], back[i], word_at[i] = cand, j, True
    pieces: list[tuple[str, bool]] = []
    i = n
    while i > 0:
        j = back[i]
        if not word_at[i] and pieces and not pieces[-1][1]:
            pieces[-1] = (letters[j:i] + pieces[-1][0], False)
        else:
            pieces.append((letters[j:i], word_at[i]))
        i = j
    return pieces[::-1]


def readable_stretch(letters: str, *, min_letters: int = 8) -> tuple[int, int, str] | None:
    """The longest stretch of ``letters`` that reads as words — two of them of three letters
    or more, ``min_letters`` in all: ``(start, end, words joined by spaces)``."""
    best: tuple[int, int, str] | None = None
    pos = 0
    run: list[str] = []
    run_start = 0
    for text, is_word in [*segment(letters, min_len=2), ("", False)]:
        if is_word:
            if not run:
                run_start = pos
            run.append(text)
        else:
            size = sum(map(len, run))
            long = sum(len(w) >= 3 for w in run)
            reads = long >= 2 and size >= min_letters
            if reads and (best is None or size > best[1] - best[0]):
                best = (run_start, run_start + size, " ".join(run))
            run = []
        pos += len(text)
    return best


_SPLIT = re.compile(r"[\W\d_]+")


def spelled_marker(text: str) -> bool:
    """Cheap: five code words anywhere in the text (C-speed split and set lookups)."""
    return sum(map(CODE_WORDS.__contains__, _SPLIT.split(text.lower()))) >= _MIN_SPELLED


#: words that point a reader at initials, in the six languages
_CUES = (
    "first letter",
    "initial",
    "acrostic",
    "acróstico",
    "acrostico",
    "read down",
    "vertical",
    "primeras letras",
    "anfangsbuchstaben",
    "ersten buchstaben",
    "akrostichon",
    "premières lettres",
    "頭文字",
    "首字母",
    "藏头",
    "첫 글자",
    "첫글자",
    "앞글자",
)


def acrostic_cue(text: str) -> bool:
    """Whether the text points its reader at initials ("read the first letters")."""
    low = text.lower()
    return any(cue in low for cue in _CUES)


def _words(text: str) -> Iterator[re.Match[str]]:
    return _WORD.finditer(text)


def spelled_runs(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of every run of :data:`_MIN_SPELLED` or more spelling-alphabet code
    words (break words and ``/`` between them allowed)."""
    run: list[re.Match[str]] = []
    for m in [*_words(text), None]:
        folded = _fold(m.group(0)) if m is not None else ""
        breaks = bool(run) and (folded in _BREAK_WORDS or (m is not None and m.group(0) in "/|"))
        if m is not None and (folded in CODE_WORDS or breaks):
            run.append(m)
            continue
        while run and _fold(run[-1].group(0)) not in CODE_WORDS:
            run.pop()
        if sum(_fold(r.group(0)) in CODE_WORDS for r in run) >= _MIN_SPELLED:
            yield run[0].start(), run[-1].end()
        run = [m] if m is not None and folded in CODE_WORDS else []


def decode_spelled(run: str) -> str | None:
    """The letters a run of code words spells, read as words; ``None`` when they do not
    read (a list of cities is not a word). Words the run marks off (``/``, "stop") are
    words already, a third of them words of the reading vocabulary; a run with none is cut
    into words (:func:`segment`) and must read."""
    groups: list[str] = [""]
    for m in _words(run):
        folded = _fold(m.group(0))
        if folded in CODE_WORDS:
            groups[-1] += folded[0]
        elif groups[-1]:
            groups.append("")
    groups = [g for g in groups if g]
    if len(groups) >= 3:
        words = sum(g in READING_WORDS for g in groups)
        return " ".join(groups) if words * 3 >= len(groups) else None
    return _segmented_reading(groups, min_letters=1, share=0.7)


_LINE = re.compile(r"^[ \t>*\-•]*([^\W\d_])[^\n]{0,80}$", re.MULTILINE)
_MIN_LINES = 6


def line_acrostics(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, reading)`` of the initials of six or more consecutive short lines that
    hold a readable stretch (the lines that spell it)."""
    if text.count("\n") < _MIN_LINES - 1:
        return
    block: list[re.Match[str]] = []
    for m in [*_LINE.finditer(text), None]:
        if m is not None and (not block or text[block[-1].end() : m.start()] == "\n"):
            block.append(m)
            continue
        if len(block) >= _MIN_LINES:
            found = readable_stretch("".join(b.group(1) for b in block))
            if found is not None:
                a, b, reading = found
                yield block[a].start(), block[b - 1].end(), reading
        block = [m] if m is not None else []


_SENTENCE = re.compile(r"[^.!?。！？\n]+")
_MIN_WORDS = 8


def word_acrostics(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, reading)`` of the words of one sentence whose initials hold a
    readable stretch (the words that spell it)."""
    for s in _SENTENCE.finditer(text):
        words = [w for w in _words(s.group(0)) if w.group(0) not in "/|"]
        if len(words) < _MIN_WORDS:
            continue
        found = readable_stretch("".join(w.group(0)[0] for w in words))
        if found is not None:
            a, b, reading = found
            yield s.start() + words[a].start(), s.start() + words[b - 1].end(), reading


#: letters as their place in the alphabet (A1Z26): six or more numbers of 1-26, split by
#: spaces, dashes, dots or commas, words by ``/``, ``|`` or two spaces
NUMBERED = re.compile(
    r"(?<![\d.,:/])(?:(?:2[0-6]|1\d|[1-9])(?:[ \-.,]|\s*[/|]\s*| {2,})){5,}"
    r"(?:2[0-6]|1\d|[1-9])(?![\d.,:])"
)


def numbered_marker(text: str) -> bool:
    return NUMBERED.search(text) is not None


def decode_numbered(run: str) -> str | None:
    """The letters an A1Z26 run spells, read as words like a spelled run (a list of small
    numbers, a date or a score spells no words)."""
    words = [
        "".join(chr(96 + int(n)) for n in re.findall(r"\d+", w))
        for w in re.split(r"\s*[/|]\s*| {2,}", run.strip())
    ]
    words = [w for w in words if w]
    if len(words) >= 3:
        hits = sum(w in READING_WORDS for w in words)
        return " ".join(words) if hits * 2 >= len(words) else None
    return _segmented_reading(words, min_letters=6, share=0.8)


def _segmented_reading(groups: list[str], *, min_letters: int, share: float) -> str | None:
    """Letter groups cut into words (:func:`segment`): their reading when they hold at least
    ``min_letters`` letters and words cover ``share`` of them, else None."""
    out: list[str] = []
    covered = total = 0
    for letters in groups:
        for text, is_word in segment(letters, min_len=2):
            out.append(text)
            total += len(text)
            covered += len(text) if is_word else 0
    return " ".join(out) if total >= min_letters and covered >= share * total else None


_PIG = re.compile(r"\b[a-z]+(?:ay|way|yay)\b", re.IGNORECASE)


def pig_marker(text: str) -> bool:
    return len(_PIG.findall(text[:20_000])) >= 3


def _unpig(word: str) -> str | None:
    low = word.lower()
    if not (low.endswith("ay") and len(low) > 3 and low.isalpha()):
        return None
    stem = low[:-2]
    candidates = [stem[-k:] + stem[:-k] for k in (1, 2, 3) if len(stem) > k]
    candidates += [stem[:-1] if stem.endswith(("w", "y")) else "", stem]
    return next((c for c in candidates if c in READING_WORDS), "")


def decode_pig_latin(run: str) -> str | None:
    """Pig Latin (a word's first consonants moved to its end, then ``ay``; ``way`` after a
    vowel): each stretch of three or more words in the game put back, each word the way
    that gives a word of the reading vocabulary; kept when half the game's words come back
    as words, three at least."""
    out: list[str] = []
    stretch: list[tuple[str, str | None]] = []
    back = playing = 0

    def flush() -> None:
        nonlocal back, playing
        if len(stretch) >= 3:
            playing += len(stretch)
            back += sum(1 for _, r in stretch if r)
            out.extend(w.replace(w.strip(_PUNCT), r) if r else w for w, r in stretch)
        else:
            out.extend(w for w, _ in stretch)
        stretch.clear()

    for w in run.split():
        reading = _unpig(w.strip(_PUNCT))
        if reading is None:
            flush()
            out.append(w)
        else:
            stretch.append((w, reading))
    flush()
    if back < 3 or back * 2 < playing:
        return None
    return " ".join(out)


_PUNCT = ".,:;!?\"'()"
