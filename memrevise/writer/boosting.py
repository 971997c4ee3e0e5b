"""LightGBM, which runs the learned writer's models, imported without scikit-learn.

LightGBM imports scikit-learn where it is installed, for estimator classes that the writer
never uses (it trains, saves, loads and runs plain boosters), and that import takes about a
second in every process that loads a writer. Import LightGBM from here: its first import in
a process leaves scikit-learn out, unless the process has imported scikit-learn already.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TypeVar

from memrevise.errors import ModelError

T = TypeVar("T")


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


def load_model(path: Path, kind: str, build: Callable[[str], T]) -> T:
    """The model ``build`` makes of the text of the file at ``path`` (a booster read with
    :func:`booster`, or JSON that holds one); a file that cannot be read or is no such model
    raises :class:`~memrevise.errors.ModelError` naming the file and ``kind``."""
    try:
        return build(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ModelError(f"{path}: cannot read the {kind} ({error.strerror})") from None
    except (
        lightgbm.basic.LightGBMError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        UnicodeDecodeError,
    ) as error:
        raise ModelError(f"{path}: not a {kind} ({error})") from None


def booster(text: str):
    """A LightGBM booster from its saved text."""
    return lightgbm.Booster(model_str=text)
