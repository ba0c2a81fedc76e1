"""Pydantic models made, copied and changed without validation: the one module that reaches
into pydantic's private parts.

The engine makes a few models per event on its hot paths (events numbered by ``Game``, the
state's handlers, a state's clone for ``decide``, the views' serializers), where pydantic's
own ways (``Model(...)``, ``model_copy``, assignment) cost Python-level steps per field.
Those shortcuts are written here once, so that what they rely on is in one place and checked
by ``tests/engine/kernel/test_fastmodel.py`` (each result compared with what pydantic's
public API makes): a pydantic upgrade that changes it fails there, loudly, not somewhere in
a game.

What they rely on (pydantic 2): a model instance is ``object.__new__(cls)`` holding four
slots -- ``__dict__`` (the fields' values, in the model's field order),
``__pydantic_fields_set__`` (``model_fields_set``), ``__pydantic_extra__`` (``model_extra``:
None unless ``extra="allow"``) and ``__pydantic_private__`` (the private attributes' values,
or None without any) -- and ``BaseModel.__copy__`` and ``model_copy`` fill exactly those;
a model class's ``__pydantic_serializer__.to_python`` is what ``model_dump`` calls.

Every function trusts its caller: values are what validation would have kept as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def made(cls: type[M], values: dict[str, Any], fields_set: set[str],
         extra: dict[str, Any] | None = None, private: dict[str, Any] | None = None) -> M:
    """An instance of ``cls`` holding ``values`` (every field, in the model's order; the dict
    is taken, not copied) whose ``model_fields_set`` is ``fields_set`` (taken too: a set the
    caller shares between instances must never be added to), without validation: what
    ``cls(**values)`` makes when validation keeps each value as it is."""
    model = _new(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", extra)
    _set(model, "__pydantic_private__", private)
    return model


def constructed(cls: type[M], **values: Any) -> M:
    """``cls.model_construct(**values)``: a model from values known to be valid (defaults
    filled in, no validation)."""
    return cls.model_construct(**values)


def copy_with(model: M, update: dict[str, Any], fields_set: set[str] | None = None) -> M:
    """``model.model_copy(update=update)`` without its Python-level steps, for an ``update``
    that names fields only: a shallow copy (the values themselves shared) with ``update``'s
    values. ``fields_set``: the copy's ``model_fields_set`` when the caller has it (taken,
    as ``made`` takes it); by default the model's with ``update``'s names added, as
    ``model_copy`` makes it."""
    values = model.__dict__.copy()
    values.update(update)
    if fields_set is None:
        fields_set = model.__pydantic_fields_set__ | update.keys()
    extra = model.__pydantic_extra__
    private = getattr(model, "__pydantic_private__", None)
    copy = _new(type(model))  # ``made``'s steps, written here: a copy is made per event
    _set(copy, "__dict__", values)
    _set(copy, "__pydantic_fields_set__", fields_set)
    _set(copy, "__pydantic_extra__", None if extra is None else dict(extra))
    _set(copy, "__pydantic_private__", None if private is None else dict(private))
    return copy


def put(model: BaseModel, values: dict[str, Any]) -> None:
    """``model.<field> = value`` for each of ``values`` as pydantic's ``__setattr__`` does it
    for a model without ``validate_assignment`` (the value into ``__dict__``, the name into
    ``model_fields_set``), without its Python calls per field. ``values`` names fields only."""
    model.__dict__.update(values)
    model.__pydantic_fields_set__.update(values)


def parts(model: BaseModel) -> tuple[dict[str, Any], set[str], dict[str, Any] | None,
                                     dict[str, Any] | None]:
    """What ``made`` takes, as ``model`` holds it (not copied): its values, its fields set,
    its extra values and its private values."""
    return (model.__dict__, model.__pydantic_fields_set__, model.__pydantic_extra__,
            getattr(model, "__pydantic_private__", None))


def transplant(live: BaseModel, source: BaseModel) -> None:
    """Make ``live`` hold what ``source`` holds (values, fields set, extra and private
    values: the same objects), so that whoever holds ``live`` sees the new contents;
    ``source`` must be dropped after (the two now share their containers)."""
    values, fields_set, extra, private = parts(source)
    _set(live, "__dict__", values)
    _set(live, "__pydantic_fields_set__", fields_set)
    _set(live, "__pydantic_extra__", extra)
    _set(live, "__pydantic_private__", private)


def dumper(cls: type[BaseModel]) -> Callable[..., Any]:
    """The function ``model_dump`` of ``cls``'s instances calls: ``dumper(cls)(model,
    mode=..., exclude_none=...)`` is ``model.model_dump(mode=..., exclude_none=...)``
    without the method's own argument handling."""
    to_python: Callable[..., Any] = cls.__pydantic_serializer__.to_python
    return to_python


def dumped(model: BaseModel, mode: str = "python") -> Any:
    """``model.model_dump(mode=mode)`` by the model's class's serializer directly."""
    return dumper(type(model))(model, mode=mode)
