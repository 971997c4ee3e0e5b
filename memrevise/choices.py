"""The names users choose from: retrievers, writers and methods (kept apart from the code
they name, so that the command line shows them without importing it)."""

BACKENDS = ("bm25", "dense", "hybrid", "colbert")
WRITERS = ("learned", "rules", "llm")
DEFAULT_WRITER = "learned"  # measured better than the rules on the development split
BASELINE_METHODS = ("original", "all-history", "last-turn")  # one query built from the item
METHODS = ("memrevise", "memory-free", "rewrite-rules", *BASELINE_METHODS)
LLM_METHODS = ("memory-free-llm",)  # they need a language model
