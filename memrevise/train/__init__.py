"""Training: the learned writer's topic ranker."""
