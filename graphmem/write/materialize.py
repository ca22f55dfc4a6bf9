"""From an accepted proposal to the memory record that will be stored."""

from __future__ import annotations

import json
from typing import Any

from graphmem.models.base import dumps_canonical
from graphmem.models.enums import MemoryType
from graphmem.models.proposal import MemoryProposal
from graphmem.models.types import sha256_hash
from graphmem.write.fields import identifier_words


def conflict_key(proposal: MemoryProposal) -> str | None:
    if proposal.claim is not None:
        return f"claim:{proposal.claim.predicate}"
    if proposal.procedure is not None:
        # one version per key@version: versions of a key coexist (stable beside its canary);
        # which one a run uses is the release model's answer, not supersession's
        pr = proposal.procedure
        return f"procedure:{pr.procedure_key}@{pr.version}"
    return None


def payload_dict(proposal: MemoryProposal) -> dict[str, Any]:
    payload = proposal.payload
    return payload.model_dump(mode="json", exclude_none=True) if payload is not None else {}


def memory_content_hash(proposal: MemoryProposal) -> str:
    """Equal for the same subject, namespace, type and payload (not evidence, not times).

    An episode's ``text`` is part of its content — the account of what happened, which two
    runs with the same goal and outcome need not share — so it is hashed; a claim's or a
    procedure's text only renders the payload, so it is not."""
    content: dict[str, object] = {
        "type": str(proposal.memory_type),
        "subject": proposal.subject,
        "namespace": proposal.namespace,
        "payload": payload_dict(proposal),
    }
    if proposal.episode is not None and proposal.text:
        content["text"] = proposal.text
    return sha256_hash(dumps_canonical(content))


def memory_text(proposal: MemoryProposal) -> str:
    """The text that is embedded and full-text indexed."""
    if proposal.text:
        return proposal.text
    if proposal.claim is not None:
        obj = proposal.claim.object
        shown = obj if isinstance(obj, str) else json.dumps(obj)
        return f"{proposal.subject} {proposal.claim.predicate.replace('_', ' ')}: {shown}"
    if proposal.episode is not None:
        ep = proposal.episode
        parts = [ep.goal, *ep.action_names, *ep.observations, str(ep.outcome)]
        parts += [x for x in (ep.outcome_detail, ep.feedback, ep.failure_code, ep.root_cause) if x]
        return " | ".join(parts)
    if proposal.procedure is not None:
        pr = proposal.procedure
        return f"{pr.procedure_key} {pr.version}: " + " → ".join(pr.steps)
    return ""


#: the payload fields whose keys the writer chooses (an episode's environment, a record's
#: content, a tool call's inputs): a value there is named by its key
_WRITER_KEYED = frozenset({"environment", "content", "inputs", "params", "parameters", "args"})


def _strings(value: Any, where: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        words = identifier_words(value)
        return [(where, value), *([(f"{where}#words", words)] if words else [])] if value else []
    if isinstance(value, dict):
        # a key is stored text too; a key that is a sentence in an identifier is read as one
        keys = [(f"{where}.{k}#key", w) for k in value if (w := identifier_words(str(k)))]
        # a value of a field's own dictionary (an episode's environment, an action's inputs)
        # is read beside its key too: "Tsuki9981" alone is a word with digits,
        # "db_pass_suffix=Tsuki9981" is a password (round 12). The payload's own fields are
        # named by the model, not by the writer, and are not paired (:data:`_WRITER_KEYED`).
        pairs = [
            (f"{where}.{k}#pair", f"{k}={v}")
            for k, v in value.items()
            if where.rsplit(".", 1)[-1].split("[", 1)[0] in _WRITER_KEYED
            and isinstance(v, (str, int, float))
            and not isinstance(v, bool)
            and str(v).strip()
        ]
        return keys + pairs + [x for k, v in value.items() for x in _strings(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in _strings(v, f"{where}[{i}]")]
    if value is None or isinstance(value, bool):
        return []
    return [(where, str(value))]


def stored_texts(proposal: MemoryProposal) -> list[tuple[str, str]]:
    """``(field, text)`` of every piece of text the memory would store (and a model could
    later read): its text, every payload field (an episode's observations, actions and
    feedback too, not only the first non-empty one), the quoted spans, and every key and
    name (subject, namespace, purposes) that is a sentence written as an identifier, as
    words (:func:`graphmem.write.fields.identifier_words`)."""
    out: list[tuple[str, str]] = []
    if proposal.text:
        out.append(("text", proposal.text))
    if proposal.memory_type is not None:
        kind = {"SEMANTIC": "claim", "EPISODIC": "episode", "PROCEDURAL": "procedure"}.get(
            str(proposal.memory_type), "payload"
        )
        out += _strings(payload_dict(proposal), kind)
    out += [(f"evidence[{i}].span", ev.span) for i, ev in enumerate(proposal.evidence) if ev.span]
    # names a model reads beside the memory: a sentence written as one is read as words
    names = [("subject", proposal.subject.partition(":")[2] or proposal.subject)]
    names += [("namespace", proposal.namespace or "")]
    names += [(f"purposes[{i}]", purpose) for i, purpose in enumerate(proposal.purposes)]
    out += [(f"{where}#words", words) for where, name in names if (words := identifier_words(name))]
    return out


def scan_texts(proposal: MemoryProposal) -> list[str]:
    """Every piece of proposal text the sensitivity and poisoning checks must read."""
    return [memory_text(proposal)] + [t for _, t in stored_texts(proposal)]


TYPE_LABEL = {
    MemoryType.SEMANTIC: "Claim",
    MemoryType.EPISODIC: "Episode",
    MemoryType.PROCEDURAL: "Procedure",
}
