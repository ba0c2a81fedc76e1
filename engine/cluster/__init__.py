"""What the Merchant of Venus rulesets share: the galactic cluster as a map model, and the
2012 culture facts (``cultures``).

Both the classic board (``engine.venus.board``, the 1988 cluster) and the 2012 standard
board (``engine.venus_standard.board``) are data files read into pydantic models built on
``model`` (frozen models, points, trade routes) and indexed by ``graph`` (weighted
neighbours, reachability, shortest costs). What a space *means* stays with each ruleset.
``cultures`` holds the 14 cultures' numbers, IOU values, buyers, goods tokens and passengers
that the classic-2012 and the standard game both read.
"""

from engine.cluster.graph import Graph
from engine.cluster.model import FrozenModel, Point, Route

__all__ = ["FrozenModel", "Graph", "Point", "Route"]
