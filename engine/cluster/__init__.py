"""The galactic cluster as a map model shared by the Merchant of Venus rulesets.

Both the classic board (``engine.venus.board``, the 1988 cluster) and the 2012 standard
board (``engine.venus_standard.board``) are data files read into pydantic models built on
``model`` (frozen models, points, trade routes) and indexed by ``graph`` (weighted
neighbours, reachability, shortest costs). What a space *means* stays with each ruleset.
"""

from engine.cluster.graph import Graph
from engine.cluster.model import FrozenModel, Point, Route

__all__ = ["FrozenModel", "Graph", "Point", "Route"]
