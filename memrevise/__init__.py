"""memrevise: conversational search with a memory that later turns can revise."""

__version__ = "0.1.0"
