"""The component facts the movement and setup rules need, read from ``components.json``."""

from __future__ import annotations

from functools import cache

from .components import Edition, MarkerKind, load_components

RELIC_KEYS = frozenset(r.key for r in load_components().relics)

_MARKER_KIND = {
    MarkerKind.TELE_GATE: "telegate",
    MarkerKind.OPEN_SPACEPORT: "open_port",
    MarkerKind.PENALTY: "penalty",
    MarkerKind.RELIC: "relic",
}


def ship_dice(ship: str) -> int:
    """5.2: the number of dice a ship rolls."""
    return load_components().ship(ship).dice


@cache
def marker_mix(edition: str) -> tuple[dict[str, object], ...]:
    """Every "?" marker of the edition, one entry per physical marker (4.11)."""
    out: list[dict[str, object]] = []
    for m in load_components().markers[Edition(edition)].expanded():
        entry: dict[str, object] = {"kind": _MARKER_KIND[m.kind]}
        for name in ("number", "amount", "relic"):
            value = getattr(m, name)
            if value is not None:
                entry[name] = value
        if m.color is not None:
            entry["color"] = m.color.value
        out.append(entry)
    return tuple(out)


def culture_keys() -> list[str]:
    return [c.key for c in load_components().cultures]


def merchant_keys(edition: str) -> list[str]:
    return [m.key for m in load_components().merchants_in(Edition(edition))]


def starting_cash(players: int) -> int:
    """4.3: $20 for every player in the game."""
    return load_components().rules.starting_cash_per_player * players


def max_players(edition: str) -> int:
    return load_components().rules.max_players[Edition(edition)]
