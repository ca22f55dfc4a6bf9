"""Text the user hands over for a task is not said about the user.

"Translate this into English: I am a vegetarian", "Fix my grammar: 'I has three sister and live
in Leeds'", "Write me a story where I am an airline pilot", "Fass diesen Text zusammen: 'Ich lebe
in Bonn'": the words after the request are the task's material — a sentence to translate, a
draft to correct, a premise for fiction — and the user may be translating a menu for a friend or
writing a character. A claim grounded in such a span (``diet = vegetarian``, ``home_city =
Leeds``) quotes the payload, not the user (v16's first run stored all four of these).

The shape: a request to work on a text (translate, correct, proofread, summarise, paraphrase,
rewrite, write a story/poem/letter …) in the same message *before* the span, with the span after
the request's colon or quotation mark, or inside the fiction it asks for ("a story where …").
A span before the request ("I'm vegetarian — can you translate my menu?") is the user's own
statement. Asked, never committed: the user may confirm that the payload is true of them.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["span_at", "task_payload"]

_TASK: Final = re.compile(
    # English
    r"\b(?:translate|translation\s+of|fix|correct|proofread|check|polish|edit|improve|"
    r"summari[sz]e|paraphrase|rephrase|reword|rewrite|shorten|simplify)\b[^:\n\"'“‘「『]{0,40}?"
    r"(?:[:：]|[\"'“‘「『])"
    r"|\bwrite\s+(?:me\s+)?(?:a|an)\s+(?:short\s+)?(?:story|poem|tale|scene|dialogue|song|"
    r"letter|email|post|bio|novel|script)\b"
    # Spanish, Portuguese, Italian, French, German: the same requests
    r"|\b(?:traduce|traduza|traduci|traduis|traduzca|übersetze?|corrige|corrija|correggi|"
    r"korrigiere|revisa|resume|resuma|riassumi|résume|fass\w*|parafrasea|reescribe|reescreva|"
    r"riscrivi|réécris|umschreiben|überarbeite)\b[^:\n\"'“‘«„]{0,40}?(?:[:：]|[\"'“‘«„])"
    r"|\b(?:escr[ií]beme|escribe|escreva|scrivi(?:mi)?|écris(?:-moi)?|schreib(?:e)?(?:\s+mir)?)\s+"
    r"(?:un|una|uma|um|une|eine?n?)\s+(?:cuento|historia|poema|relato|conto|hist[oó]ria|racconto|"
    r"storia|poesia|histoire|po[eè]me|conte|Geschichte|Gedicht|Märchen)\b"
    # Korean, Japanese, Chinese: the request ends before the colon
    r"|(?:번역|교정|맞춤법|문법|고쳐|다듬어|요약|윤문|첨삭)[^:\n]{0,12}?[:：]"
    r"|(?:翻訳|訳して|添削|直して|要約|校正)[^:\n]{0,12}?[:：]"
    r"|(?:翻译|译成|修改|改一下|润色|总结|校对|改写)[^:\n]{0,12}?[:：]"
    r"|(?:이야기|소설|시|동화)\s*(?:를|을)?\s*(?:써|지어)|(?:物語|小説|詩)を書いて|写一(?:个|篇|首)(?:故事|小说|诗)",
    re.IGNORECASE,
)
_WINDOW: Final = 160


def span_at(span: str, content: str) -> int:
    """Where ``span`` stands in ``content`` (as written, else case-folded); -1 if nowhere."""
    at = content.find(span)
    return at if at >= 0 else content.casefold().find(span.casefold())


def task_payload(span: str, content: str | None) -> bool:
    """Whether ``span`` stands in ``content`` after a request to work on a text (the task's
    material), not as something the user says of themselves."""
    if not content or len(span.strip()) < 2:
        return False
    at = span_at(span, content)
    return at >= 0 and _TASK.search(content, max(0, at - _WINDOW), at) is not None
