"""Reads: time travel over memories (and, later, retrieval and the context builder)."""
