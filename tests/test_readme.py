"""The README's Python example runs as written (DESIGN.md: the README's examples are tests)."""

from __future__ import annotations

import re
from pathlib import Path


def test_readme_python_examples_run() -> None:
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
