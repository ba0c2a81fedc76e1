"""Walking JSON documents (views, event logs, replies): the leak oracles read them this way."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def dicts_in(node: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``node``, itself included, depth first."""
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from dicts_in(v)
    elif isinstance(node, list):
        for v in node:
            yield from dicts_in(v)
