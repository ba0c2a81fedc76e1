"""The benchmarks' scripts as modules for the tests (``bench/`` is a folder of scripts, not a
package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def bench_module(name: str) -> ModuleType:
    """``bench/<name>.py``, loaded afresh (registered as ``bench_<name>``, as its dataclasses
    need)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
