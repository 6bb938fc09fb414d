"""Classes imported on first use, so the menu can list every game without loading every engine."""
from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy(path: str) -> Callable[..., Any]:
    """A callable standing for "package.module:Name": the first call imports it, every call builds one."""
    module, name = path.split(":")
    loaded: list = []

    def build(*args: Any, **kwargs: Any) -> Any:
        if not loaded:
            loaded.append(getattr(importlib.import_module(module), name))
        return loaded[0](*args, **kwargs)

    build.__name__ = build.__qualname__ = name
    build.__doc__ = f"{path}, imported on first use."
    return build
