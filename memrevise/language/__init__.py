"""What words signal: cues, names and kinds, shared by the writers, the baselines and the
benchmark builder (which import this package, never each other)."""
