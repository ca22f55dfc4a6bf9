"""Content that speaks to the AI reading it (poisoning signal ``READER_ADDRESSED``).

A file, a page or a tool's output is written for whoever reads it; when a clause of it is
*addressed to the AI* ("Assistant reading this file:", "このドキュメントを処理するAIへ：",
"Для ИИ-ассистента:", "Trợ lý AI đọc tệp này:", "AI सहायक के लिए:"), what follows is meant
for the agent, not for a person, whatever language it is in and whatever verb it uses. The
shape is language-independent: at the start of a clause, a noun for the AI — marked as one
(it names AI: ``AI``, ``IA``, ``KI``, ``ИИ``, 人工知能 …), or preceded or followed by a
dative ("to", "für", "для", 给, へ, के लिए …), or followed by "this" (this file, esto, この,
này …) — then a short heading ended by a colon or a dash. "Agent: runner-3" in a CI log is
not addressed to anyone: a bare "agent" or "assistant" before a colon does not count.

The signal is weak on its own (weight 2, :mod:`graphmem.write.poisoning`): what makes it an
injection is what the clause asks — an override, an exfiltration, or any destination (an
e-mail address, a URL) after it, which the poisoning scan adds. Only untrusted content is
refused for it; a user may write "to the assistant:" to their own agent.
"""

from __future__ import annotations

import re

__all__ = ["reader_addressed"]

#: words that name the AI itself (a noun beside them is the AI, not a human assistant)
_AI_WORD = (
    r"(?:(?<![A-Za-z])(?:AI|A\.I\.|IA|KI|LLM|GPT)(?![A-Za-z])|ИИ|нейросет\w*|人工知能|人工智能|인공지능|"
    r"الذكاء\s+الاصطناعي|yapay\s+zeka|kecerdasan\s+buatan|trí\s+tuệ\s+nhân\s+tạo|AI助手|AI助理)"
)
_NOUN = (
    r"(?:assistants?|agents?|chatbots?|bots?|copilots?|language\s+models?|models?|"
    r"asistentes?|agentes?|Assistent(?:in|en)?|assistente|ассистент\w*|бот\w*|агент\w*|"
    r"trợ\s+lý|ผู้ช่วย|مساعد\w*|सहायक|asisten|asistan\w*|어시스턴트|에이전트|비서|챗봇|"
    r"アシスタント|エージェント|ボット|助手|助理|智能体|机器人)"
)
_DATIVE_BEFORE = (
    r"(?:\b(?:to|for|dear|hey|attention|note\s+(?:to|for)|message\s+(?:to|for)|para|al|für|an|"
    r"à|pour|au|aux|для|к|cho|gửi|untuk|kepada|buat)\b|ถึง|إلى|لـ|给|致|写给)"
)
_DATIVE_AFTER = r"(?:へ|に|에게|께|के\s+लिए|को|için|[-\s]?e\b)"
_DEICTIC = (
    r"(?:\b(?:this|these|esto|este|esta|estos|estas|dies\w*|ceci|cette|ce|isso|isto|essa|esse|"
    r"это\w*|эт\w+|ini|bu)\b|này|นี้|هذا|هذه|यह|इस|この|本|此|这|該|이\s)"
)
_CLAUSE = r"(?:^|(?<=[\n.!?;>|\"'(\[{#*—–。！？-])|(?<=[.!?;:：]\s))[ \t]*"
_ADDRESS = re.compile(
    rf"{_CLAUSE}(?P<pre>(?:[^\n.!?:：]{{0,24}}?{_DATIVE_BEFORE}[ \t]*)?)"
    rf"(?P<head>[^\n.!?:：。]{{0,40}}?(?:{_AI_WORD}[\s-]*{_NOUN}?|{_NOUN}(?:[\s-]*(?:de\s+)?{_AI_WORD})?))"
    rf"(?P<gap>[^\n.!?:：]{{0,60}}?)[ \t]*(?P<end>[:：—–]|,(?=\s))",
    re.IGNORECASE | re.MULTILINE,
)
_AI_RE = re.compile(_AI_WORD, re.IGNORECASE)
#: the cheap pre-check: no noun for the AI anywhere, no address. Substring tests (C speed),
#: upper case for the short Latin ones ("AI" in "said" is not one), case-folded for the rest
_UPPER_STEMS = ("AI", "A.I.", "IA", "KI", "LLM", "GPT")
_FOLDED_STEMS = (
    "assistant", "agent", "bot", "бот", "copilot", "model", "asistente", "assistent", "ии",
    "нейросет", "ассистент", "агент", "人工知能", "人工智能", "인공지능", "الذكاء", "yapay zeka",
    "kecerdasan", "trí tuệ", "trợ lý", "ผู้ช่วย", "مساعد", "सहायक", "asisten", "asistan",
    "어시스턴트", "에이전트", "비서", "챗봇", "アシスタント", "エージェント", "ボット",
    "助手", "助理", "智能体", "机器人", "ai助",
)  # fmt: skip


_LOWER_AI = re.compile(r"(?<![a-z])(?:ai|ia|ki|llm|gpt)(?![a-z])")


def _may_name_the_ai(text: str) -> bool:
    if any(stem in text for stem in _UPPER_STEMS):
        return True
    folded = text.casefold()
    return any(stem in folded for stem in _FOLDED_STEMS) or bool(_LOWER_AI.search(folded))


_DATIVE_BEFORE_RE = re.compile(_DATIVE_BEFORE + r"[ \t]*$", re.IGNORECASE)
_DATIVE_AFTER_RE = re.compile(r"^[ \t]*" + _DATIVE_AFTER, re.IGNORECASE)
_DEICTIC_RE = re.compile(_DEICTIC, re.IGNORECASE)


def reader_addressed(text: str) -> tuple[int, int] | None:
    """``(start, end)`` of the first clause heading addressed to the AI reader, if any."""
    if len(text) < 8 or not _may_name_the_ai(text):
        return None
    for m in _ADDRESS.finditer(text):
        head, gap, pre = m.group("head"), m.group("gap"), m.group("pre")
        if m.group("end") == "," and not (_AI_RE.search(head) and re.search(_NOUN, head, re.I)):
            continue  # "AI agent, …" is a vocative; "AI, cloud and data: …" is a list
        if (
            _AI_RE.search(head)
            or (pre and _DATIVE_BEFORE_RE.search(pre))
            or _DATIVE_AFTER_RE.search(gap)
            or _DEICTIC_RE.search(gap)
        ):
            return m.start("head"), m.end()
    return None
