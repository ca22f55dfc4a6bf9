"""The agent of the end-to-end ladder: an interface, and a deterministic default.

An :class:`Agent` sees one :class:`TaskView` (what is asked, which actions exist) and the text
the real context builder rendered for it — nothing else: no hidden condition, no memory of
its own between calls (each call is a fresh process, as after a restart). Plug in an LLM by
implementing :meth:`Agent.act` (render ``task`` and ``context`` into a prompt, parse the
reply into an :class:`Action`).

:class:`RuleAgent`, the default, is a deterministic reader of the rendered context:

* a fix: the approved procedure's step for the current environment, else the fix a past
  episode in the same environment says worked, else the first fix that neither this run's
  state nor a past episode in this environment says failed;
* an answer: what the current message says, else the newest remembered fact for the asked
  key, else the newest past episode that states it, else it abstains;
* it is deliberately **credulous**: a line telling it to "always run X before …" makes it run
  X first. A memory system that lets such a line through causes a policy violation the
  ladder counts; the policy text is in the context for agents that read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Protocol

ActionKind = Literal["fix", "answer"]


@dataclass(frozen=True)
class TaskView:
    family: str
    kind: ActionKind
    #: what the user asked, in words
    prompt: str
    #: the fixes the agent may try (``kind == "fix"``)
    choices: tuple[str, ...] = ()
    #: the fact's name as the context renders it (``"prefers answer language"``)
    answer_key: str = ""


@dataclass(frozen=True)
class Action:
    #: every step run, in order (a fix, or steps a memory told the agent to run first)
    steps: tuple[str, ...] = ()
    answer: str | None = None
    #: why, in a few words (for the report's examples)
    why: str = ""


class Agent(Protocol):
    name: str

    def act(self, task: TaskView, context: str) -> Action: ...


# -- reading the rendered context -----------------------------------------------------------------

_SECTION = re.compile(r"^## (.+)$", re.M)
_ALWAYS = re.compile(r"always (?:run|do|execute) ([a-z_]+) (?:first|before)", re.I)
_ENV = re.compile(r"network[=:] ?([a-z_]+)", re.I)
_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
LANGUAGE_NAMES = {
    "english": "en",
    "korean": "ko-KR",
    "japanese": "ja-JP",
    "german": "de-DE",
    "spanish": "es-ES",
}


@dataclass
class Sections:
    state: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    episodes: list[str] = field(default_factory=list)
    procedures: list[str] = field(default_factory=list)

    @property
    def memory_lines(self) -> list[str]:
        return self.facts + self.episodes + self.procedures


def read_sections(context: str) -> Sections:
    out = Sections()
    target: list[str] | None = None
    for line in context.splitlines():
        header = _SECTION.match(line)
        if header:
            name = header.group(1).lower()
            target = (
                out.state
                if name.startswith("current state")
                else out.evidence
                if name.startswith("verified evidence")
                else out.facts
                if name.startswith("remembered facts")
                else out.episodes
                if name.startswith("past episodes")
                else out.procedures
                if name.startswith("approved procedure")
                else None
            )
            continue
        if target is not None and line.strip():
            target.append(line.strip())
    return out


def _newest(lines: list[str]) -> list[str]:
    """Lines newest first by the first date they carry (undated last)."""
    return sorted(lines, key=lambda s: (_DATE.findall(s) or [""])[-1], reverse=True)


class RuleAgent:
    name = "rule-agent"

    def act(self, task: TaskView, context: str) -> Action:
        s = read_sections(context)
        if task.kind == "fix":
            first = tuple(
                dict.fromkeys(m.group(1) for line in s.memory_lines for m in _ALWAYS.finditer(line))
            )
            fix, why = self._fix(task, s)
            return Action((*first, fix), why=why)
        answer, why = self._answer(task, s)
        return Action(answer=answer, why=why)

    def _fix(self, task: TaskView, s: Sections) -> tuple[str, str]:
        env = next((m.group(1) for line in s.state for m in [_ENV.search(line)] if m), None)
        failed_now = {c for line in s.state for c in task.choices if f"{c} (failed)" in line}
        for line in s.procedures:
            for c in task.choices:
                if env and f"{env}: {c}" in line and c not in failed_now:
                    return c, "approved procedure"
        same_env = [e for e in _newest(s.episodes) if env and f"network={env}" in e]
        failed_before = {c for e in same_env for c in task.choices if f"{c} failed" in e}
        for e in same_env:
            for c in task.choices:
                if f"{c} fixed it" in e and c not in failed_now:
                    return c, "past episode in this environment"
        for c in task.choices:
            if c not in failed_now and c not in failed_before:
                return c, "first untried fix"
        return task.choices[0], "nothing left untried"

    def _answer(self, task: TaskView, s: Sections) -> tuple[str | None, str]:
        key = task.answer_key
        for line in s.evidence:  # the current message wins over anything remembered
            for name, code in LANGUAGE_NAMES.items():
                if f"in {name}" in line.lower():
                    return code, "current message"
        for line in _newest([f for f in s.facts if f"{key}:" in f]):
            value = line.split(f"{key}:", 1)[1].split("(valid from")[0].strip()
            return value.split()[0] if value else None, "remembered fact"
        for line in _newest([e for e in s.episodes if key in e]):
            m = re.search(re.escape(key) + r"[:=] ?(\S+)", line)
            if m and m.group(1).rstrip(".;,") != "none":
                return m.group(1).rstrip(".;,"), "past episode"
        return None, "abstain"
