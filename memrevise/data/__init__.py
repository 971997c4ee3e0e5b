"""Data shipped with the package: the demo collection and conversation."""
