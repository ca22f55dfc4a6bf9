"""Which value the clause binds: a span with two values of the claim's kind grounds only the
one its predicate's clause holds (grounding, issue 11 round 8).

"my rent is 1,450 a month and the deposit was 2,900", "Ich wohne in Leipzig, arbeite aber in
Halle", "월세는 집주인 계좌로 보내고, 관리비는 관리사무소로 보내요", "월세는 80만원이고 보증금은
1000만원이에요": the span holds every value, and the claim (``monthly_rent = 2900``,
``home_city = Halle``, ``rent_recipient = 관리사무소``) takes the wrong one. The rule: when
the span falls into clauses, the clause that writes the claimed value does not name the
predicate's topic (its words, or the concept behind them: living for ``home``, working for
``office``, rent for ``rent``), and another clause names that topic *and* holds a rival value
of the same kind (another number; for a word, a value in the same slot — the same preposition
before it or the same particle after it) — then the claim is bound to the wrong value.

A clause that names nothing ("As for rent, I pay 1,450") never refuses: the rival must be
there. Clauses are cut at commas (not inside a number), semicolons and the conjunctions of
the six languages; one pass of bounded patterns, linear in the span.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from graphmem.write.values import extract

__all__ = ["wrong_clause"]

_CUT = re.compile(
    r"(?<!\d)[,，]|[,，](?!\d)|[;、；]|\s(?:and|but|while|whereas|und|aber|während|y|pero|mientras)\s"
    r"|(?<=[가-힣])(?:고|지만|는데|은데|이고|이며|며)\s|けど|が、|而|但是"
)
#: the concept behind a predicate word, as the span writes it
_CONCEPTS: dict[str, re.Pattern[str]] = {
    "live": re.compile(
        r"(?<![\w])(?:liv(?:e|es|ing)|resid\w+|wohn\w*|viv[oe]|vivimos|vivir)(?![\w])|살|住|居住",
        re.I,
    ),
    "work": re.compile(
        r"(?<![\w])(?:work\w*|office|job|arbeit\w*|trabaj\w*|oficina|büro)(?![\w])"
        r"|일하|근무|회사|직장|職場|勤め|働|工作|上班|公司",
        re.I,
    ),
    "rent": re.compile(
        r"(?<![\w])(?:rent\w*|alquiler|renta|miete\w*|kaltmiete|warmmiete)(?![\w])"
        r"|월세|집세|家賃|房租|租金",
        re.I,
    ),
    "deposit": re.compile(
        r"(?<![\w])(?:deposit|fianza|dep[óo]sito|kaution)(?![\w])|보증금|敷金|押金", re.I
    ),
    "birthday": re.compile(
        r"(?<![\w])(?:birthday|born|cumpleaños|geburtstag)(?![\w])|생일|誕生日|生日", re.I
    ),
}
_CONCEPT_OF = {
    "home": "live",
    "live": "live",
    "lives": "live",
    "residence": "live",
    "hometown": "live",
    "work": "work",
    "office": "work",
    "job": "work",
    "workplace": "work",
    "employer": "work",
    "rent": "rent",
    "rental": "rent",
    "deposit": "deposit",
    "birthday": "birthday",
    "birth": "birthday",
}
#: words that name the value's kind, not the topic (``home_city``: "city" is what is given)
_SLOT = frozenset(
    re.findall(
        r"\w+",
        "city town country place location address recipient payee name amount value number "
        "count date day time per usd eur krw jpy cny gbp km mi kg lb monthly daily weekly "
        "yearly is my user preferred current default main primary favorite favourite",
    )
)
#: what stands before a place or a payee (Latin prepositions) or after it (particles)
_PREP = r"in|at|to|from|for|nach|bei|zu|an|en|a|para|de|desde"
_PARTICLE = r"으로|로|에서|에게|한테|에|까지|に|へ|で|から|まで"


def _topic_words(predicate: str) -> list[str]:
    words = [w for w in re.split(r"[_.\-\s]+", predicate.casefold()) if w]
    return [w for w in words if w not in _SLOT and not w.isdigit() and len(w) >= 2]


def _names_topic(clause: str, words: list[str], supports: Callable[[str, str], bool]) -> bool:
    for w in words:
        concept = _CONCEPT_OF.get(w)
        if concept is not None and _CONCEPTS[concept].search(clause):
            return True
        if supports(w, clause):
            return True
    return False


def _holds(obj: Any, clause: str) -> bool:
    if isinstance(obj, int | float) and not isinstance(obj, bool):
        return any(abs(n - float(obj)) < 1e-9 * max(1.0, abs(float(obj))) for n in
                   extract(clause).numbers)  # fmt: skip
    return isinstance(obj, str) and obj.casefold() in clause.casefold()


def _slot_rival(obj: str, holder: str, other: str) -> bool:
    """``other`` has a value in the slot ``obj`` fills in ``holder``."""
    low = holder.casefold()
    at = low.find(obj.casefold())
    before = re.search(rf"(?<![\w])({_PREP})\s+$", low[:at])
    if before is not None and re.search(
        rf"(?<![\w]){re.escape(before.group(1))}\s+\w", other, re.I
    ):
        return True
    after = re.match(rf"\s*({_PARTICLE})", low[at + len(obj) :])
    return after is not None and re.search(rf"\w{re.escape(after.group(1))}", other) is not None


def wrong_clause(predicate: str, obj: Any, span: str, supports: Callable[[str, str], bool]) -> bool:
    """Whether ``span`` binds ``obj`` to another topic than ``predicate``'s while a clause
    that names the predicate's topic holds a rival value. ``supports(word, clause)`` is the
    verifier's word support."""
    if isinstance(obj, bool) or not isinstance(obj, int | float | str):
        return False
    clauses = [c for c in _CUT.split(span) if c and c.strip()]
    if len(clauses) < 2:
        return False
    words = _topic_words(predicate)
    if not words:
        return False
    holders = [c for c in clauses if _holds(obj, c)]
    if not holders or any(_names_topic(c, words, supports) for c in holders):
        return False
    for other in clauses:
        if other in holders or not _names_topic(other, words, supports):
            continue
        if isinstance(obj, str):
            if any(_slot_rival(obj, h, other) for h in holders):
                return True
        elif extract(other).numbers - {float(obj)}:
            return True
    return False
