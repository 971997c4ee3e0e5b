"""LightGBM, which runs the learned writer's models, imported without scikit-learn.

LightGBM imports scikit-learn where it is installed, for estimator classes that the writer
never uses (it trains, saves, loads and runs plain boosters), and that import takes about a
second in every process that loads a writer. Import LightGBM from here: its first import in
a process leaves scikit-learn out, unless the process has imported scikit-learn already.
"""

from __future__ import annotations

import sys
from types import ModuleType


def _without_scikit_learn() -> ModuleType:
    blocked = "lightgbm" not in sys.modules and "sklearn" not in sys.modules
    if blocked:
        sys.modules["sklearn"] = None  # type: ignore[assignment]  # `import sklearn` fails
    try:
        import lightgbm
    finally:
        if blocked:
            del sys.modules["sklearn"]
    return lightgbm


lightgbm = _without_scikit_learn()
