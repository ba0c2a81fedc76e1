"""The README stays true: its Python example runs as written, and its "What is here" table
matches the tree (``docs/architecture.md``, "Conventions": the README's examples are tests)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# top-level folders that are made by tools or by running the server, not part of the project
MADE = {"data", "out", "node_modules", "__pycache__"}


def readme() -> str:
    return README.read_text("utf-8")


def what_is_here() -> list[str]:
    """The paths named in the first column of the "What is here" table, as written."""
    section = readme().split("\n## What is here\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, re.M)


def named() -> set[str]:
    """The table's paths without a trailing slash."""
    return {path.rstrip("/") for path in what_is_here()}


def folders(under: Path) -> list[str]:
    """The folders under ``under`` that belong to the project, as paths from the root."""
    return sorted(p.relative_to(ROOT).as_posix() for p in under.iterdir()
                  if p.is_dir() and not p.name.startswith(".") and p.name not in MADE
                  and not p.name.endswith(".egg-info"))


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", readme(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_the_readme_keeps_its_two_commands() -> None:
    """The README's setup is `make run` and `make test`, and the Makefile has both."""
    text = readme()
    assert "make run" in text and "make test" in text
    makefile = (ROOT / "Makefile").read_text("utf-8")
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)


def test_every_path_the_table_names_exists() -> None:
    paths = what_is_here()
    assert paths, "the README has no What is here table"
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert not missing, f"the README's What is here names paths that do not exist: {missing}"
    not_folders = [p for p in paths if p.endswith("/") and not (ROOT / p).is_dir()]
    assert not not_folders, f"named as folders but not folders: {not_folders}"


def test_the_table_names_every_top_level_folder() -> None:
    unnamed = [f for f in folders(ROOT) if f not in named()]
    assert not unnamed, f"top-level folders missing from the README's What is here: {unnamed}"


def test_the_table_names_every_engine_package_and_web_folder() -> None:
    wanted = [*folders(ROOT / "engine"), "server", "web/platform",
              *folders(ROOT / "web" / "games")]
    unnamed = [f for f in wanted if f not in named()]
    assert not unnamed, f"missing from the README's What is here: {unnamed}"


def test_the_table_names_every_doc() -> None:
    docs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
    unnamed = [d for d in docs if d not in named()]
    assert not unnamed, f"docs missing from the README's What is here: {unnamed}"
