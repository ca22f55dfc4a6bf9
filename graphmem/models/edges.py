"""Relationship properties (DESIGN §5). Every edge carries ``recorded_at``."""

from __future__ import annotations

from pydantic import Field

from graphmem import timeutil
from graphmem.models.base import EdgeRecord
from graphmem.models.enums import ConflictStatus, SourceRole, SupersessionKind
from graphmem.models.types import ContentHash, Identifier, Key, ShortText, Text, Timestamp


class _Edge(EdgeRecord):
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)


class About(_Edge):
    """``(m:Memory)-[:ABOUT]->(s:Subject)``"""

    TYPE = "ABOUT"


class Provenance(_Edge):
    """``(m)-[:PROVENANCE]->(src:Source)``: the supporting span of that source."""

    TYPE = "PROVENANCE"

    span: Text | None = None
    content_hash: ContentHash | None = None
    role: SourceRole | None = None


class Supersedes(_Edge):
    """``(new)-[:SUPERSEDES]->(old)``"""

    TYPE = "SUPERSEDES"

    kind: SupersessionKind
    reason: ShortText | None = None


class DerivedFrom(_Edge):
    """``(derived)-[:DERIVED_FROM]->(origin)``, origin a Memory or a Source."""

    TYPE = "DERIVED_FROM"

    method: Key
    policy_version: Identifier


class ConflictsWith(_Edge):
    """``(m)-[:CONFLICTS_WITH]->(m2)``"""

    TYPE = "CONFLICTS_WITH"

    status: ConflictStatus = ConflictStatus.OPEN


class CounterexampleOf(_Edge):
    """``(e:Episode)-[:COUNTEREXAMPLE_OF]->(m)``"""

    TYPE = "COUNTEREXAMPLE_OF"
