"""What a piece of memory reaches, in bytes: the measure of the engine's module caches
(``test_memory_caches.py``) and of ``bench/leak_hunt.py``."""

from __future__ import annotations

import functools
import gc
import sys
import types
from collections.abc import Iterable

# What a deep size does not enter: code and classes (shared by everything), frames, and weak
# references (``get_referents`` of one is its callback, never its target).
OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType, types.CodeType, types.FrameType, functools._lru_cache_wrapper)


def deep_size(roots: Iterable[object], seen: set[int]) -> int:
    """Bytes of ``roots`` and what they reach that ``seen`` does not hold (added to it)."""
    total, todo = 0, list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, OPAQUE):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if not isinstance(obj, (str, bytes, int, float, bool, type(None))):
            todo.extend(gc.get_referents(obj))
    return total
