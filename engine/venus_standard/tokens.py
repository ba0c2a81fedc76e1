"""Token ids of the standard game's trade pieces and what each one is.

Ids are JSON strings so events and the view carry them as they are:

- goods tokens ``"<culture>:g<n>"`` (n = 1..count; "Goods Token Anatomy"),
- racial technology tokens ``"<tech>:<n>"`` ("Appendix B: Racial Technologies"),
- passenger tokens by their key (``"scientist"``; "Passenger Token Anatomy"),
- market tokens ``"<culture>-<condition>"`` ("Market Token Anatomy").
"""

from __future__ import annotations

from functools import cache

from engine.cluster.cultures import load_cultures

from .technology import load_technologies


def goods_tokens(culture: str) -> list[str]:
    """Every goods token of a culture (Appendix A; the counts are ``cultures.json``'s)."""
    count = load_cultures().culture(culture).goods.count
    return [f"{culture}:g{n}" for n in range(1, count + 1)]


def is_goods(token: str) -> bool:
    head, _, tail = token.partition(":")
    return tail.startswith("g") and tail[1:].isdigit() and head in _culture_keys()


def is_tech(token: str) -> bool:
    head, _, tail = token.partition(":")
    return tail.isdigit() and head in load_technologies().by_key


def is_passenger(token: str) -> bool:
    return token in _passenger_keys()


def origin(token: str) -> str:
    """The culture a goods or technology token comes from (its supply area, "Jettisoning")."""
    if is_goods(token):
        return token.partition(":")[0]
    if is_tech(token):
        return load_technologies().of_token(token).culture
    raise ValueError(f"{token!r} is neither a goods nor a racial technology token")


def dots(token: str) -> int:
    """Capacity requirement ("Capacity"): goods 1 or 2, passengers 1 or 2 (Diva, Caterer),
    structural techs 1, every other tech 0 (they sit on the dashboard)."""
    if is_goods(token):
        return load_cultures().culture(origin(token)).goods.dots
    if is_passenger(token):
        return load_cultures().passenger(token).dots
    if is_tech(token):
        return load_technologies().of_token(token).dots
    raise ValueError(f"unknown token {token!r}")


@cache
def _culture_keys() -> frozenset[str]:
    """The culture keys (book facts, loaded once: built once, not on every token)."""
    return frozenset(c.key for c in load_cultures().cultures)


@cache
def _passenger_keys() -> frozenset[str]:
    return frozenset(p.key for p in load_cultures().passengers)
