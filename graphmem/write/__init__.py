"""The write path: every memory write passes the gate in this package."""
