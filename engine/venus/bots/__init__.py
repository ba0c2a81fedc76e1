"""Merchant of Venus's own bots (``engine.bots.base.Bot``): the ``trader`` (``trader.py``),
which plans trade routes from what its seat knows (``knowledge.py``), its distance estimates
(``navigation.py``) and its answers to the optional rules' prompts (``combat.py``). The
definition (``engine.venus.definition``) offers it beside the shared ``random`` bot.
"""

from __future__ import annotations

from .trader import Style, Trader

__all__ = ["Style", "Trader"]
