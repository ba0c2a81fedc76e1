"""The ``trader`` bot: plans trade routes from what its seat knows (``Knowledge``).

Each turn it picks a goal, the trading place where "what I can do there, less what the trip
costs" is best:

- sell the Goods it carries where they are bought (9.31), with any Demand bonus (10.2), and
  deliver its Fares (10.3);
- buy Goods there that a known Culture buys, worth the trip to that buyer (2.51, 9.2);
- pick up Fares (11.2) whose destination it can reach, and face-up Relics (6.11);
- explore: land on a City of a hidden System to discover its Culture and take its IOU
  (7.3), the more valuable the fewer Cultures it knows;
- stay put at a City to trade without the City limit (9.41, 9.42) when more trading is
  worth a turn.

Goals are ranked by value per turn (the trip's turns estimated by ``navigation``).
It moves along the reachable query's paths (its ``aid``: ``bot_aid`` of
``engine.venus.definition``), towards the goal or onto a better landing found on the way; it
pays a Penalty (6.3) when the MP it saves are worth the money.
While trading it delivers, sells, barters IOUs before buying (9.32), buys Goods, a faster or
bigger ship, Drives and a Shield, and Deeds (12) when cash is spare, and ends its turn as
soon as its Net Worth reaches the target (13.2). It refuses every trade offer (11.4) unless
it is a gift.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots.base import Aid
from engine.kernel import Command, Randomness
from engine.venus import commands as c
from engine.venus.board import DotColor, DotKind
from engine.venus.deeds import deed_cost
from engine.venus.reach import Destination

from . import combat
from .combat import COMBAT_PROMPTS
from .knowledge import BASE, BASE_DOT, COMPS, Knowledge, buyers_of, cost, payoff

USEFUL_RELICS = {"yellow_drive", "shield", "air_foil"}
FREIGHTER_CASH = 800  # cash on hand before the Freighter replaces the Transport


@dataclass(frozen=True)
class Style:
    """The trader's dials (dollars unless said otherwise)."""

    trip: float = 12.0  # dollars a turn of carrying Goods to their buyer costs in the plan
    head_start: float = 0.6  # turns added to every trip when comparing rates (value / turns)
    explore: float = 110.0  # landing on a hidden System's City, when few Cultures are known
    reserve: int = 120  # cash kept for Goods when buying a ship, Drive or Deed
    deed_reserve: int = 350  # cash kept when buying a Spaceport Deed
    factory_reserve: int = 150  # cash kept when buying a Factory Deed
    hold_turn: float = 30.0  # a Hold kept full one more turn to reach a Demand
    min_margin: float = 10.0  # a Goods purchase must earn at least this after the trip
    ship_plan: tuple[str, ...] = ("clipper", "transport", "freighter")  # upgrades in order


class Trader:
    """A real opponent; seeded and deterministic."""

    name = "trader"

    def __init__(self, seed: str | int, style: Style | None = None) -> None:
        self.seed = seed
        self.style = style or Style()
        # a memo of each turn's plan (a pure function of the view: keeps choices identical
        # whether or not the same instance is asked again)
        self._plans: dict[tuple[Any, ...], tuple[str, float, dict[str, float]]] = {}

    # --- the interface ---------------------------------------------------------------------

    def choose(
        self,
        view: dict[str, Any],
        legal: Sequence[Command],
        *,
        seat: int,
        seq: int,
        aid: Aid | None = None,
    ) -> Command:
        pending = view.get("pending") or {}
        prompt = pending.get("prompt")
        rng = Randomness(self.seed, seq, f"trader{seat}")
        if prompt == "choose_race":
            races = [a for a in legal if isinstance(a, c.ChooseRace)]
            return rng.choice(races)
        if prompt == "answer_offer":
            return self._answer(view, legal, seat, pending.get("detail") or {})
        if prompt in COMBAT_PROMPTS:
            return combat.answer(prompt, view, legal, seat)
        if len(legal) == 1 and prompt != "move":
            return legal[0]  # nothing to decide (a move may still take a reachable path)
        k = Knowledge(view, seat)
        if prompt == "declare_heading":
            return self._declare(k, view, legal)
        blast = combat.choose_blast(view, legal, seat)
        if blast is not None:
            return blast  # 15.4: a Penalty marker worth blasting (never a pawn)
        if prompt == "move":
            return self._move(k, view, legal, aid)
        if prompt == "pay_or_stop":
            if combat.pay_to_blast(view, legal, seat, pending.get("detail") or {}):
                return c.PayPenalty()
            return self._pay_or_stop(k, view, legal, pending.get("detail") or {})
        if prompt == "trade":
            return self._trade(k, view, legal)
        return legal[0]

    # --- planning --------------------------------------------------------------------------

    def site_value(self, k: Knowledge, dot: str, staying: bool) -> float:
        """What landing on ``dot`` is worth now (before the trip's cost); travelling values
        are kept with the turn's plan (the same view gives the same values)."""
        if staying:
            return self._site_value(k, dot, True)
        found = k.site_values.get(dot)
        if found is None:
            found = k.site_values[dot] = self._site_value(k, dot, False)
        return found

    def _site_value(self, k: Knowledge, dot: str, staying: bool) -> float:
        s = self.style
        value = 0.0
        culture = k.sites.get(dot)
        me = k.me
        limited = not staying and k.board.dots[dot].kind in (
            DotKind.SURFACE_CITY, DotKind.SPACE_CITY)  # 9.41
        if dot in k.rastur:  # 16.3: a Rastur to blast (stop there, then a stationary attack)
            return combat.rastur_trip(k.view, k.seat, dot) or 0.0
        if dot in k.relics:
            value += self._relic_value(k.relics[dot])
        if dot in k.explore:
            known = len(k.known_culture)
            value += s.explore * (1.0 if known < 8 else 0.6)
            if culture is None:
                return value
        if culture is None:
            return value
        sold_goods = 0
        for fare in me["fares"]:
            if fare.split(":")[2] == culture:
                value += k.fees[fare]
        sales = sorted((v for g in me["goods"]
                        if (v := self._would_sell(k, g, culture, dot)) is not None),
                       reverse=True)
        if sales:
            value += sales[0] + (0.5 if limited else 1.0) * sum(sales[1:])
            sold_goods = 1 if limited else len(sales)
        cash = k.cash + sum(sales[:sold_goods])
        room = k.free_holds(goods=-sold_goods)
        if dot in k.explore or culture in me["ious"]:
            cash += COMPS.culture(culture).iou
        buys = sorted(self._goods_margins(k, dot, culture, cash), reverse=True)
        if buys and room >= 1:
            value += buys[0]
            if not limited and room >= 2 and len(buys) > 1:
                value += 0.7 * buys[1]
        fares = [f for f in set(k.market.get(culture, [])) if f.startswith("fare:")]
        if fares and room >= 0.5:
            value += max(self._fare_value(k, dot, f) for f in fares)
        return value + self._upgrade_value(k, culture, cash)

    def _upgrade_value(self, k: Knowledge, culture: str, cash: float) -> float:
        """A ship of the plan (9.21: Technology, Industry and the Base sell ships) or a Factory
        (12.3) this seat can afford here."""
        science = "base" if culture == BASE else COMPS.culture(culture).science.value
        value = 0.0
        upgrade = self._next_ship(k)
        if upgrade is not None:
            info = COMPS.ship(upgrade)
            price = info.cost - COMPS.ship(k.me["ship"]).trade_in
            if science in {x.value for x in info.sold_by} and cash - price >= self.style.reserve:
                value += 80.0
        laser = COMPS.equipment_item("laser")
        if science == laser.science.value and cash >= laser.cost + 30 and (
                self._equipment_value(k, "laser", cash) or 0) > 0:
            value += 70.0 * combat.arming_urge(k.view)  # 15.3: Lasers (Industry sells them)
        shield = COMPS.equipment_item("shield")
        if science == shield.science.value and cash >= shield.cost + 30 and (
                combat.shield_value(k.view, k.seat) or 0) > 0 and (
                self._equipment_value(k, "shield", cash) or 0) > 0:
            value += 50.0  # 8.3: Shields make the Rastur cheap to blast (16.3)
        if culture != BASE and culture not in k.view["factories"]:
            deed = f"deed:factory:{culture}"
            if cash - deed_cost(deed) >= self.style.factory_reserve:
                value += 60.0
        return value

    def _plan(self, k: Knowledge) -> tuple[str, ...]:
        """The ship upgrades in order. In a Rastur game every "1" rolled draws a Rastur
        (16.2): fewer dice are fewer draws, so the Transport (3 dice) and the Freighter
        (2 dice, 5 Holds for Goods and weapons) replace the Clipper (4 dice)."""
        if k.view["options"].get("rastur"):
            return ("transport", "freighter")
        return self.style.ship_plan

    def _next_ship(self, k: Knowledge) -> str | None:
        plan = self._plan(k)
        current = k.me["ship"]
        start = plan.index(current) + 1 if current in plan else 0
        if start >= len(plan):
            return None
        ship = plan[start]
        if ship == "freighter" and not self._freighter_pays(k):
            return None  # not worth a detour either
        return ship

    def _would_sell(self, k: Knowledge, goods: str, culture: str, dot: str) -> int | None:
        """What selling ``goods`` at ``dot`` pays, if better than carrying them to a Demand
        elsewhere (each turn of the detour counted at ``hold_turn`` dollars)."""
        value = k.sale_value(goods, culture)
        if value is None:
            return None
        seller = goods.split(":", 1)[1]
        dist = k.dist_from(dot)
        for buyer in buyers_of(k.edition, seller):
            other = k.sale_value(goods, buyer) or 0
            if other <= value + 20:
                continue
            for site in k.sites_of.get(buyer, []):
                detour = max(1.0, k.turns(dist.get(site, 99)))
                if other - self.style.hold_turn * detour > value:
                    return None
        return value

    def _goods_margins(self, k: Knowledge, dot: str, culture: str, cash: float) -> list[float]:
        """Goods sold at ``dot`` worth buying: margin after the trip to the best buyer."""
        out: list[float] = []
        for goods in set(k.market.get(culture, [])):
            kind, seller = goods.split(":", 1)
            if kind not in ("goods", "factory_goods") or seller != culture:
                continue
            if cost(goods) > cash:  # 12.4.1: the full price, the commission comes after
                continue
            price = self._price(k, goods)
            best = self._best_sale(k, dot, goods)
            if best - price >= self.style.min_margin:
                out.append(best - price)
        return out

    def _price(self, k: Knowledge, goods: str) -> float:
        """What the Goods cost this seat: the factory's owner gets half back (12.3.2)."""
        price = float(cost(goods))
        kind, culture = goods.split(":", 1)
        if kind == "factory_goods":
            site = k.view["factories"].get(culture)
            if site is not None and site["owner"] == k.seat:
                price /= 2
        return price

    def _best_sale(self, k: Knowledge, frm: str, goods: str) -> float:
        """The best known sale of ``goods`` from ``frm``, less the trip (0: none known)."""
        found = k.memo.get((frm, goods))
        if found is None:
            found = k.memo[(frm, goods)] = self._find_sale(k, frm, goods)
        return found

    def _find_sale(self, k: Knowledge, frm: str, goods: str) -> float:
        seller = goods.split(":", 1)[1]
        dist = k.dist_from(frm)
        best = 0.0
        unknown = False
        for buyer in buyers_of(k.edition, seller):
            sites = k.sites_of.get(buyer)
            if not sites:
                unknown = True
                continue
            value = k.sale_value(goods, buyer) or 0
            for site in sites:
                net = value - self.style.trip * max(1.0, k.turns(dist.get(site, 99)))
                best = max(best, net)
        if unknown and best <= 0:  # a buyer still to be found
            best = payoff(k.edition, goods) - self.style.trip * 8
        return best

    def _fare_value(self, k: Knowledge, frm: str, fare: str) -> float:
        dest = fare.split(":")[2]
        fee = k.fees[fare]
        sites = k.sites_of.get(dest)
        if not sites:
            return fee - self.style.trip * 8
        dist = k.dist_from(frm)
        return max(fee - self.style.trip * max(1.0, k.turns(dist.get(s, 99)))
                   for s in sites)

    def _relic_value(self, relic: str) -> float:
        info = COMPS.relic(relic)
        return info.trade_in + (40 if relic in USEFUL_RELICS else 0)

    def rate(self, value: float, turns: float) -> float:
        """Value per turn of a plan that pays ``value`` after ``turns`` turns of movement."""
        return value / (max(0.0, turns) + self.style.head_start)

    def goal(self, k: Knowledge, staying_allowed: bool) -> tuple[str, float]:
        """The best place to land next, and what landing there is worth.

        Planned from where the turn started, so the plan is made once per turn; the memo key
        holds everything that can change while a ship moves (cash paid, markers revealed,
        Cultures observed from an Orbit, 7.2), so a fresh bot makes the same plan."""
        turn = k.view.get("turn") or {}
        here = turn.get("start_dot") or k.me["dot"]
        key = (k.seat, k.view["round"], here, k.cash, tuple(k.me["goods"]),
               tuple(k.me["fares"]), tuple(sorted(k.relics)), tuple(sorted(k.explore)),
               k.markers, tuple(sorted(k.me.get("observed", {}).items())))
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            k.site_values = {}
            goal, value = self._travel_goal(k, here)
            found = self._plans[key] = (goal, value, k.site_values)
        goal, value, k.site_values = found
        if staying_allowed and here == k.me["dot"] and here not in k.relics:
            stay = self.site_value(k, here, True)
            turns = max(0.3, k.turns(k.dist_from(here).get(goal, 999)))
            if self.rate(stay, 1.0) >= self.rate(value, turns):  # 9.42: a turn at a City
                return here, stay
        return goal, value

    def _travel_goal(self, k: Knowledge, here: str) -> tuple[str, float]:
        dist = k.dist_from(here)
        best = ("", -1e9, 0.0)
        candidates = set(k.sites) | set(k.explore) | set(k.relics)
        if k.rastur and combat.my_weapons(k.me):
            candidates |= set(k.rastur)
        for dot in sorted(candidates):
            if dot == here:
                continue
            value = self.site_value(k, dot, False)
            score = self.rate(value, max(0.3, k.turns(dist.get(dot, 999))))
            if score > best[1]:
                best = (dot, score, value)
        if not best[0] or best[2] <= 0:  # nothing worth doing known: the nearest hidden City
            cities = [d for d in k.explore if d != here] or [
                d for d, i in k.board.dots.items()
                if i.kind is DotKind.SURFACE_CITY and d != here]
            return min(cities, key=lambda d: (dist.get(d, 999), d)), 1.0
        return best[0], best[2]

    # --- movement --------------------------------------------------------------------------

    def _declare(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Command]) -> Command:
        turn = view["turn"] or {}
        stay = c.StayPut()
        trading_here = k.me["dot"] in k.sites
        if k.me["dot"] in k.rastur and stay in legal and (
                combat.rastur_trip(view, k.seat, k.me["dot"]) or 0) > 0:
            return stay  # 15.412: a stationary attack on the Rastur here (no dice rolled)
        goal, _ = self.goal(k, staying_allowed=trading_here and stay in legal)
        if goal == k.me["dot"] and stay in legal:
            return stay
        to_goal = k.dist_to(goal)
        heads = [a for a in legal if isinstance(a, c.DeclareHeading)]
        options = [(to_goal.get(a.dot, 999) + k.board.paths[k.me["dot"]].get(a.dot, 1), a.dot)
                   for a in heads]
        if turn.get("heading"):
            options.append((to_goal.get(turn["heading"], 999)
                            + k.board.paths[k.me["dot"]].get(turn["heading"], 1),
                            turn["heading"]))
        if not options:
            return stay if stay in legal else legal[0]
        best = min(options)[1]
        if best == turn.get("heading") and c.RollDice() in legal:
            if k.view["options"].get("rastur") and c.RollDice(auto_pilot=True) in legal:
                return c.RollDice(auto_pilot=True)  # 8.42: a 4 without a roll draws no Rastur
            return c.RollDice()
        return c.DeclareHeading(dot=best)

    def _move(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Command],
              aid: Aid | None) -> Command:
        goal, goal_value = self.goal(k, staying_allowed=False)
        to_goal = k.dist_to(goal)
        destinations = list(aid()) if aid is not None else []
        best: tuple[float, str, Destination] | None = None
        for d in destinations:
            left = to_goal.get(d.dot, 999)
            if d.end in ("reveal", "penalty"):
                left = max(0.0, left - 0.7 * d.mp_left)  # it may go on from there
            risk = 8.0 if d.end == "reveal" else 0.0
            # not landed yet: at best the next turn lands (6.2), whatever MP remain
            score = self.rate(goal_value - d.paid - risk, max(0.5, k.turns(left)))
            if d.end == "land" and (d.dot in k.sites or d.dot in k.explore
                                    or d.dot in k.relics) and d.dot != goal:
                score = max(score, self.rate(self.site_value(k, d.dot, False) - d.paid, 0.0))
            elif d.dot == goal and (d.end == "land" or (d.end == "penalty"
                                                         and goal in k.rastur)):
                score = self.rate(goal_value - d.paid, 0.0)
            key = (score, "|".join(d.path) + f"#{d.pilot}", d)
            if best is None or key[:2] > best[:2]:
                best = key
        if best is not None:  # the command is built for the winner only
            return c.MoveAlong(path=list(best[2].path), pilot=best[2].pilot)
        moves = [a for a in legal if isinstance(a, c.MoveTo)]
        if moves:
            return min(moves, key=lambda a: (to_goal.get(a.dot, 999), a.dot, a.pilot or 0))
        if c.Land() in legal:
            return c.Land()
        if c.HoldFire() in legal:
            return c.HoldFire()  # 15.41: no attack (8.46: no Pilot Number re-chosen forever)
        return legal[0]

    def _pay_or_stop(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Command],
                     detail: dict[str, Any]) -> Command:
        """6.3: pay and go on, or stop here for nothing."""
        pay, stop = c.PayPenalty(), c.StopHere()
        if pay not in legal:
            return stop
        due = int(detail.get("amount") or 0)
        if due == 0:
            return pay
        if k.cash - due < min(40, k.cash // 3):
            return stop
        goal, value = self.goal(k, staying_allowed=False)
        left = k.dist_to(goal).get(k.me["dot"], 999)
        mp = (view["turn"] or {}).get("mp", 0)
        paying = self.rate(value - due, k.turns(max(0.0, left - mp)))
        stopping = self.rate(value, k.turns(left))
        return pay if paying > stopping else stop

    # --- trading ---------------------------------------------------------------------------

    def _trade(self, k: Knowledge, view: dict[str, Any], legal: Sequence[Command]) -> Command:
        end = c.EndTurn()
        by_type: dict[str, list[Any]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if "PickUpRelic" in by_type:
            return c.PickUpRelic()
        if "DeliverFare" in by_type:
            return by_type["DeliverFare"][0]
        here = k.me["dot"]
        culture = k.sites.get(here)
        if culture is None and here in k.explore:
            culture = view["discovered"].get(k.board.dots[here].system or "")
        sells = [(v, a.goods, a) for a in by_type.get("Sell", []) if culture is not None
                 and (v := self._would_sell(k, a.goods, culture, here)) is not None]
        if sells:
            return max(sells)[2]
        if k.net_worth >= k.target and end in legal:
            return end  # 13.2: the turn's end wins
        if "Jettison" in by_type and end not in legal:
            return self._jettison(k, by_type["Jettison"])
        iou = f"iou:{culture}"
        if culture is not None and any(a.item == iou for a in by_type.get("Barter", [])):
            credit = (view["turn"] or {}).get("credit", 0)
            funds = k.cash + credit + COMPS.culture(culture).iou
            if self._goods_margins(k, here, culture, funds):
                return c.Barter(item=iou)  # 9.321: its credit makes the purchase possible
        buy = self._best_buy(k, view, by_type.get("Buy", []), culture)
        if buy is not None:
            need = self._buy_price(k, view, buy)
            credit = (view["turn"] or {}).get("credit", 0)
            iou = f"iou:{culture}"
            if any(a.item == iou for a in by_type.get("Barter", [])):
                return c.Barter(item=iou)  # 9.321: IOU credit first (no City limit)
            if need > k.cash + credit:
                relic = self._spare_relic(k, by_type.get("Barter", []))
                if relic is not None:
                    return relic
            else:
                return buy
        fares = by_type.get("PickUpFare", [])
        if fares:
            best_fare = max(fares, key=lambda a: (self._fare_value(k, here, a.fare), a.fare))
            if self._fare_value(k, here, best_fare.fare) > 10:
                return best_fare
        if end in legal:
            return end
        if "Jettison" in by_type:
            return self._jettison(k, by_type["Jettison"])
        return legal[0]

    def _buy_price(self, k: Knowledge, view: dict[str, Any], buy: c.Buy) -> float:
        kind = buy.item.split(":", 1)[0]
        if kind in ("goods", "factory_goods"):
            return float(cost(buy.item))
        if kind == "ship":
            ship = COMPS.ship(buy.item.split(":", 1)[1])
            return float(ship.cost - COMPS.ship(k.me["ship"]).trade_in)
        if kind == "equipment":
            return float(COMPS.equipment_item(buy.item.split(":", 1)[1]).cost)
        if kind == "deed":
            return float(deed_cost(buy.item))
        if kind == "relic":
            return float(COMPS.relic(buy.item.split(":", 1)[1]).price)
        return 0.0

    def _best_buy(self, k: Knowledge, view: dict[str, Any], buys: list[c.Buy],
                  culture: str | None) -> c.Buy | None:
        """The purchase worth most now (None: buy nothing)."""
        s = self.style
        here = k.me["dot"]
        credit = (view["turn"] or {}).get("credit", 0)
        iou = COMPS.culture(culture).iou if culture and culture != BASE \
            and culture in k.me["ious"] else 0
        funds = k.cash + credit + iou
        best: tuple[float, str, c.Buy] | None = None
        for buy in buys:
            if ":" not in buy.item:
                continue  # a Fort (15.1): the trader builds none
            kind, key = buy.item.split(":", 1)
            value: float | None = None
            if kind in ("goods", "factory_goods"):
                price = self._price(k, buy.item)
                if cost(buy.item) <= funds:
                    value = self._best_sale(k, here, buy.item) - price
                    if value < s.min_margin:
                        value = None
            elif kind == "ship":
                value = self._ship_value(k, key, funds)
            elif kind == "equipment":
                value = self._equipment_value(k, key, funds)
            elif kind == "deed" and buy.site is None:
                price = deed_cost(buy.item)
                discount = 0.2 if culture and self._home(k) == culture else 0.0
                paid = price * (1 - discount)
                factory = key.startswith("factory:")
                keep = s.factory_reserve if factory else s.deed_reserve
                if k.cash + credit - paid >= keep or k.net_worth >= k.target - 300:
                    value = 30 + price * discount + (100 if factory else 0)
                    if k.cash + credit < paid:
                        value = None
            if value is None or value <= 0:
                continue
            cand = (value, buy.item, buy)
            if best is None or cand[:2] > best[:2]:
                best = cand
        return best[2] if best else None

    def _home(self, k: Knowledge) -> str | None:
        race = k.me.get("race")
        return COMPS.merchant(race).culture if race else None

    def _ship_value(self, k: Knowledge, ship: str, funds: float) -> float | None:
        plan = self._plan(k)
        current = k.me["ship"]
        if ship not in plan:
            return None
        if current in plan and plan.index(current) >= plan.index(ship):
            return None
        price = COMPS.ship(ship).cost - COMPS.ship(current).trade_in
        if k.cash - price < self.style.reserve * (1 + plan.index(ship)):
            return None
        if k.net_worth - price < 0 or price > funds:
            return None
        if COMPS.ship(ship).holds < len(k.me["goods"]):
            return None
        if ship == "freighter" and not self._freighter_pays(k):
            return None
        return 150.0

    def _freighter_pays(self, k: Knowledge) -> bool:
        """The Freighter (5 Holds, 2 dice) pays once both Drive colours make up for its dice
        (8.2: the yellow and red Space Dots cost nothing) and cash fills its Holds. In a Rastur
        game its 2 dice draw fewer Rastur (16.2) and its Holds carry weapons.

        Measured in games to $2,000 between a trader with the Freighter in its plan and one
        without: with any Drive and $500 the Freighter plan won 72-86 (160 two-player games);
        with both Drive colours and $600 it won 80-78 (160 two-player games) and 38-42 (80
        four-player games, two of each). Four traders then took 43.4 rounds on average instead
        of 42.1 (20 games; 42.7 with $800, 42.3 with $1,000, Freighters in 8 and 6 of them):
        noise-sized, so $800, and the Freighter stays one choice among others."""
        if k.view["options"].get("rastur"):
            return True
        both_drives = DotColor.YELLOW in k.colors and DotColor.RED in k.colors
        return both_drives and k.cash >= FREIGHTER_CASH

    def _equipment_value(self, k: Knowledge, key: str, funds: float) -> float | None:
        info = COMPS.equipment_item(key)
        if info.cost > funds or info.cost > k.cash:
            return None
        equipment = k.me["equipment"]
        if info.firepower:  # 15.3: arming against the Rastur keeps room for Goods
            if key in equipment and k.free_holds(extra=(key,)) < 1:
                return None
            return combat.weapon_value(k.view, k.seat, key)
        if key == "shield" and k.free_holds(extra=(key,)) >= 1 and (
                rastur := combat.shield_value(k.view, k.seat)) is not None:
            return rastur  # 8.3, 16.3: cheaper Rastur to blast
        if k.cash - info.cost < self.style.reserve * 2:
            return None
        if key == "shield":
            return 40.0 if k.shields == 0 and k.cash > 400 else None
        if not info.skips:
            return None
        if any(e in equipment for e in ("combined_drive", key)):
            return None
        if k.holds < 3 and (k.free_holds(extra=(key,)) < 1 or k.cash < 600):
            return None
        if key == "combined_drive":
            return 90.0 if k.cash > 700 else None
        return 70.0

    def _spare_relic(self, k: Knowledge, barters: list[c.Barter]) -> c.Barter | None:
        for b in barters:
            kind, key = b.item.split(":", 1)
            if kind == "relic" and key not in USEFUL_RELICS:
                return b
        return None

    def _jettison(self, k: Knowledge, options: list[c.Jettison]) -> Command:
        def worth(a: c.Jettison) -> tuple[float, str]:
            kind = a.item.split(":", 1)[0]
            if kind in ("goods", "factory_goods"):
                return (payoff(k.edition, a.item), a.item)
            if kind == "fare":
                return (k.fees.get(a.item, 0), a.item)
            return (COMPS.equipment_item(a.item.split(":", 1)[1]).trade_in, a.item)

        return min(options, key=worth)

    # --- other merchants (11.4) ------------------------------------------------------------

    def _answer(self, view: dict[str, Any], legal: Sequence[Command], seat: int,
                offer: dict[str, Any]) -> Command:
        accept, refuse = c.AnswerOffer(accept=True), c.AnswerOffer(accept=False)
        if offer.get("to") != seat:
            withdraw = c.WithdrawOffer()
            return withdraw if withdraw in legal else legal[0]
        gets = sum(self._item_worth(i) for i in offer.get("give", [])) + offer.get(
            "give_money", 0)
        gives = sum(self._item_worth(i) for i in offer.get("get", [])) + offer.get(
            "get_money", 0)
        if accept in legal and gets > gives:
            return accept
        return refuse if refuse in legal else legal[0]

    def _item_worth(self, item: str) -> float:
        kind, key = item.split(":", 1)
        if kind in ("goods", "factory_goods"):
            return float(cost(item))
        if kind == "fare":
            return 60.0
        if kind == "equipment":
            return float(COMPS.equipment_item(key).trade_in)
        if kind == "relic":
            return float(COMPS.relic(key).trade_in) + (40 if key in USEFUL_RELICS else 0)
        if kind == "iou":
            return float(COMPS.culture(key).iou) * 0.7
        return 0.0


__all__ = ["BASE_DOT", "Style", "Trader"]
