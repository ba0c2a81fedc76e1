"""Which Goods a Demand marker raises (2.62, 10.2; 2012 "Demand"), by edition.

1988: a Demand names regular Goods; Factory Goods have other names and earn no bonus.
2012 classic, "Differences from the original rules": "factories instead produce a more
profitable version of regular goods ... Lastly, factory goods can now fulfill demand tokens."
"""

from __future__ import annotations

CLASSIC_2012 = "classic-2012"


def fulfils_demands(edition: str, kind: str) -> bool:
    """Whether Goods of ``kind`` ("goods" or "factory_goods") earn the Demand bonus."""
    return kind == "goods" or (kind == "factory_goods" and edition == CLASSIC_2012)
