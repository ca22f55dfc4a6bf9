"""Scenario files (the red-team set, the held-out set) through the real write path: the
helpers live in :mod:`graphmem.eval.scenarios` (``graphmem eval`` runs the same sets)."""

from __future__ import annotations

from graphmem.eval.scenarios import graph_dump, record_sources, scenario_principal

__all__ = ["graph_dump", "record_sources", "scenario_principal"]
