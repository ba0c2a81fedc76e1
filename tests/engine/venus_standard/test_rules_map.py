"""The rules audit's map (`docs/venus-standard-rules.md`) stays honest: every test it cites
exists, every `module.function` it names is in the package, every row has a status."""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "docs" / "venus-standard-rules.md"
TESTS = ROOT / "tests" / "engine" / "venus_standard"
STATUSES = ("done", "partial", "missing", "n/a")


def rows() -> list[list[str]]:
    out = []
    for line in MAP.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| Book heading") and "---" not in line:
            out.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return out


@cache
def _tests_in(path: Path) -> set[str]:
    """``test_x`` and ``Class::test_x`` (and ``Class``) defined in a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            names |= {f"{node.name}::{f.name}" for f in node.body
                      if isinstance(f, ast.FunctionDef)}
    return names


def test_every_row_has_four_cells_and_a_status() -> None:
    found = rows()
    assert len(found) > 100
    for cells in found:
        assert len(cells) == 4, cells
        assert cells[3].startswith(STATUSES), cells


def test_every_cited_test_exists() -> None:
    missing = []
    for cells in rows():
        for ref in re.findall(r"`([\w/]+\.py)::([\w:]+)`", cells[2]):
            path = ROOT / ref[0] if "/" in ref[0] else TESTS / ref[0]
            if not path.exists() or ref[1] not in _tests_in(path):
                missing.append("::".join(ref))
    assert missing == []


def _has(obj: object, name: str) -> bool:
    return hasattr(obj, name) or name in (getattr(obj, "model_fields", None) or {})


def test_every_named_function_exists() -> None:
    """`module.function` or `module.Class.member` of ``engine.venus_standard``."""
    missing = []
    for cells in rows():
        for module, dotted in re.findall(r"`([a-z_]+)\.([A-Za-z_][A-Za-z_.]*)", cells[1]):
            if module in ("data", "server") or dotted == "py":
                continue
            try:
                obj: object = importlib.import_module(f"engine.venus_standard.{module}")
            except ImportError:
                missing.append(f"{module} (module)")
                continue
            for name in dotted.split("."):
                if not _has(obj, name):
                    missing.append(f"{module}.{dotted}")
                    break
                obj = getattr(obj, name, None)
    assert missing == []


def test_rows_not_done_are_listed_under_what_is_left() -> None:
    text = MAP.read_text(encoding="utf-8")
    left = text.split("## What is left", 1)[1]
    for cells in rows():
        if cells[3].startswith(("partial", "missing")):
            heading = cells[0].split(" (")[0].strip("*")
            assert heading.split()[0] in left, cells[0]
