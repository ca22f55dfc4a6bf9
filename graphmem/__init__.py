"""graphmem: governed long-term memory for AI agents, kept in a graph database."""

__version__ = "0.1.0"
