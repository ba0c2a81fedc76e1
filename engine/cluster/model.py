"""Pydantic building blocks of a cluster map file: frozen models, points, trade routes."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """A map record: immutable, and unknown fields are an error (typos in data files fail)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Point(FrozenModel):
    """A position in the board's own pixel coordinates."""

    x: float
    y: float


class Route(FrozenModel):
    """A trade route: the line of spaces between two systems (or a system and a base)."""

    id: str
    name: str
    ends: tuple[str, str]  # system ids
