"""Forgetting: revocation (and, later, expiry, erasure, compaction) following lineage."""
