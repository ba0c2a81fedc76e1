"""What a seat knows, read from its ``view`` and the printed components (public facts only).

The trader plans from this: where each known Culture can be traded with (its Cities, the
Spaceports on its Orbits, Open Spaceports, 9.1, 12.2.1, 6.12), what each sells and buys
(2.51, 9.2, 9.31), the Demands and Fares on the map (10.2, 10.3), the face-up Relics
(6.11), the Systems still hidden (7.1) and the Cultures this seat observed from an Orbit
(7.2, its own sightings only).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.venus.board import DotColor, DotKind, load_board
from engine.venus.cargo import holds_needed, off_hull
from engine.venus.components import Edition, load_components
from engine.venus.pieces import demand_bonus, fare_fee

from .navigation import Distances, distances

COMPS = load_components()
BASE = "base"
BASE_DOT = "galactic-base"
DRIVE_COLORS: dict[str, frozenset[DotColor]] = {
    "yellow_drive": frozenset({DotColor.YELLOW}),
    "red_drive": frozenset({DotColor.RED}),
    "combined_drive": frozenset({DotColor.YELLOW, DotColor.RED}),
}


@cache
def cities_of(edition: str) -> dict[str, tuple[str, ...]]:
    """System -> its Surface and Space Cities (9.1: always trading places)."""
    board = load_board(edition)
    out: dict[str, list[str]] = {}
    for dot, info in sorted(board.dots.items()):
        if info.kind in (DotKind.SURFACE_CITY, DotKind.SPACE_CITY) and info.system:
            out.setdefault(info.system, []).append(dot)
    return {k: tuple(v) for k, v in out.items()}


@cache
def buyers_of(edition: str, seller: str) -> frozenset[str]:
    """2.51, 9.31: the Cultures that buy ``seller``'s Goods."""
    return frozenset(COMPS.buyers(seller, Edition(edition)))


@cache
def payoff(edition: str, goods: str) -> int:
    """2.51: the payoff printed on a Goods or Factory Goods marker."""
    kind, culture = goods.split(":", 1)
    info = COMPS.culture(culture)
    return info.goods.payoff if kind == "goods" else info.factory.payoff(Edition(edition))


@cache
def cost(goods: str) -> int:
    """9.2: the price of a Goods or Factory Goods marker at its Culture."""
    kind, culture = goods.split(":", 1)
    info = COMPS.culture(culture)
    return info.goods.cost if kind == "goods" else info.factory.cost


_SITES: dict[tuple[Any, ...], tuple[dict[str, str], dict[str, list[str]], dict[str, str]]] = {}


def _site_maps(edition: str, board: Any, known_culture: dict[str, str], hidden: set[str],
               observed: dict[str, str], spaceports: dict[str, int], open_ports: set[str],
               rastur: dict[str, int]
               ) -> tuple[dict[str, str], dict[str, list[str]], dict[str, str]]:
    """Trading places of every located Culture (9.1, 12.2.1, 6.12), by dot and by Culture,
    and the dots whose landing discovers a hidden System (7.3). The Rastur cancel the Cities
    and Spaceports they occupy (16.4)."""
    cities = cities_of(edition)
    sites: dict[str, str] = {BASE_DOT: BASE}
    sites_of: dict[str, list[str]] = {BASE: [BASE_DOT]}
    explore: dict[str, str] = {}  # dot -> hidden system: landing there discovers
    for system in sorted(set(known_culture) | hidden):
        dots = list(cities.get(system, ()))
        dots += [d for d in board.by_system.get(system, [])
                 if d in spaceports or d in open_ports]
        known = known_culture.get(system)
        if known is None:
            for d in dots:
                explore[d] = system
            known = observed.get(system)
        if known is None:
            continue
        for d in sorted(set(dots)):
            sites[d] = known
            sites_of.setdefault(known, []).append(d)
    for d in rastur:
        culture = sites.pop(d, "")
        if culture is not None and d in sites_of.get(culture, []):
            sites_of[culture].remove(d)
        explore.pop(d, None)
    return sites, sites_of, explore


class Knowledge:
    """One seat's picture of the game, from its view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.edition: str = view["edition"]
        self.board = load_board(self.edition)
        self.me: dict[str, Any] = view["players"][seat]
        self.target: int = view["target"]
        self.market: dict[str, list[str]] = view["market"]
        self.bonus = demand_bonus(self.edition)
        self.fees = fare_fee(self.edition)
        discovered: dict[str, str] = view["discovered"]
        self.known_culture: dict[str, str] = dict(discovered)  # system -> culture
        self.system_of: dict[str, str] = {c: s for s, c in discovered.items()}
        self.hidden: set[str] = set(view["hidden_cultures"])
        observed: dict[str, str] = self.me.get("observed", {})
        for system, culture in observed.items():  # 7.2: seen from an Orbit, still hidden
            self.system_of.setdefault(culture, system)
        qboxes: dict[str, dict[str, Any]] = view["qboxes"]
        self.open_ports = {d for d, m in qboxes.items() if m.get("kind") == "open_port"}
        self.relics = {d: m["relic"] for d, m in qboxes.items() if m.get("kind") == "relic"}
        self.rastur: dict[str, int] = dict(view.get("rastur", {}))
        key = (self.edition, tuple(sorted(discovered.items())), tuple(sorted(self.hidden)),
               tuple(sorted(observed.items())), tuple(sorted(view["spaceports"])),
               tuple(sorted(self.open_ports)), tuple(sorted(self.rastur)))
        found = _SITES.get(key)
        if found is None:
            if len(_SITES) > 256:
                _SITES.clear()
            found = _SITES[key] = _site_maps(
                self.edition, self.board, self.known_culture, self.hidden, observed,
                view["spaceports"], self.open_ports, self.rastur)
        # shared by the cache: read only
        self.sites, self.sites_of, self.explore = found
        # the ship's kit (8.2, 8.3, 8.41)
        colors: frozenset[DotColor] = frozenset()
        for e in self.me["equipment"]:
            colors |= DRIVE_COLORS.get(e, frozenset())
        if "yellow_drive" in self.me["relics"]:
            colors |= DRIVE_COLORS["yellow_drive"]
        self.colors = colors
        self.air_foil = "air_foil" in self.me["relics"]
        self.shields = self.me["equipment"].count("shield") + self.me["relics"].count("shield")
        ship = COMPS.ship(self.me["ship"])
        self.dice = ship.dice
        self.holds = ship.holds
        self.shields -= sum(1 for e in self.me.get("damaged", []) if e == "shield")
        markers = [(d, int(m["amount"]), DotColor(m["color"]) if m.get("color") else None)
                   for d, m in qboxes.items() if m.get("kind") == "penalty"]
        # 15.13, 16.3: enemy Forts and the Rastur are Penalty markers too
        markers += [(d, int(v), None) for d, v in self.rastur.items()]
        markers += [(d, 60, None) for d, owner in view.get("forts", {}).items()
                    if owner != seat]
        self.markers = tuple(sorted(markers, key=lambda m: (m[0], m[1])))
        cash = int(self.me["cash"])  # penalties are $10-$40 (Forts 60, Rastur 60-300):
        wall = max([40, *(m[1] for m in self.markers)])  # above that, cash is no wall
        self.cash_level = cash // 10 * 10 if cash < wall else 10_000
        self.mp_per_turn = 3.5 * ship.dice * 0.8  # a landing wastes what is left (6.2)
        self._from: dict[str, Distances] = {}
        self.memo: dict[tuple[str, str], float] = {}  # the trader's best sales, this view
        self.site_values: dict[str, float] = {}  # the trader's landing values, this plan
        self._sales: dict[tuple[str, str], int | None] = {}
        self._holds: dict[tuple[int, int, tuple[str, ...]], float] = {}

    # --- distances -------------------------------------------------------------------------

    def dist_from(self, dot: str) -> Distances:
        found = self._from.get(dot)
        if found is None:
            found = self._from[dot] = distances(self.edition, dot, self.colors, self.air_foil,
                                                self.shields, False, self.dice, self.markers,
                                                self.cash_level)
        return found

    def dist_to(self, dot: str) -> Distances:
        return distances(self.edition, dot, self.colors, self.air_foil, self.shields, True,
                         self.dice, self.markers, self.cash_level)

    def turns(self, mp: float) -> float:
        """Turns of movement to cover ``mp`` (a fraction: it only ranks goals)."""
        return mp / self.mp_per_turn

    # --- money -----------------------------------------------------------------------------

    @property
    def cash(self) -> int:
        return int(self.me["cash"])

    @property
    def net_worth(self) -> int:
        return int(self.me["net_worth"])

    def sale_value(self, goods: str, culture: str) -> int | None:
        """9.31, 10.2: what ``culture`` pays for these Goods now (payoff + Demands)."""
        key = (goods, culture)
        if key in self._sales:
            return self._sales[key]
        found = self._sales[key] = self._sale_value(goods, culture)
        return found

    def _sale_value(self, goods: str, culture: str) -> int | None:
        kind, seller = goods.split(":", 1)
        if culture == BASE or culture not in buyers_of(self.edition, seller):
            return None
        value = payoff(self.edition, goods)
        if kind == "goods":
            wanted = f"demand:{culture}:{seller}"
            value += sum(self.bonus[m] for m in self.market.get(culture, []) if m == wanted)
        return value

    def free_holds(self, goods: int = 0, fares: int = 0, extra: tuple[str, ...] = ()) -> float:
        """3.431: Holds left after adding ``goods`` and ``fares`` (halves count 0.5); kept
        per question, as the view (the cargo) does not change."""
        key = (goods, fares, extra)
        found = self._holds.get(key)
        if found is None:
            found = self._holds[key] = self._free_holds(goods, fares, extra)
        return found

    def _free_holds(self, goods: int, fares: int, extra: tuple[str, ...]) -> float:
        equipment = [*self.me["equipment"], *extra]
        g = len(self.me["goods"]) + goods
        f = len(self.me["fares"]) + fares
        combat = bool(self.view["options"].get("combat"))
        used = holds_needed(g, f, equipment, combat)
        # an odd half-Hold left over still takes a Fare or Drive; what sits on the Hull (a
        # Shield, 3.432; a Laser and a Nova Ball with the Combat rules, 15.31) takes none
        slack = 0.5 if off_hull(f, equipment, combat) % 2 == 1 else 0.0
        return self.holds - used + slack
