"""Reading players' JSON (commands, scenarios) into pydantic models, with a clear error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import BadCommand

M = TypeVar("M", bound=BaseModel)


def first_error(exc: ValidationError) -> str:
    """The first validation error as "field.path: message"."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid"))


def parse_model(kind: type[M], data: M | str | dict[str, Any] | Path, what: str) -> M:
    """``data`` (a ``kind`` already, JSON text, a dict or a JSON file) as a ``kind``; a
    BadCommand "<what>: <the first thing wrong>" otherwise."""
    try:
        if isinstance(data, kind):
            return data
        if isinstance(data, Path):
            data = data.read_text("utf-8")
        raw = json.loads(data) if isinstance(data, str) else data
        return kind.model_validate(raw)
    except ValidationError as exc:
        raise BadCommand(f"{what}: {first_error(exc)}") from None
    except ValueError as exc:
        raise BadCommand(f"{what}: {exc}") from None
