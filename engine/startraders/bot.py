"""``trader``: the strategic Star Traders bot. It sees one seat's view and the legal
commands (``engine.bots.base.Bot``), nothing else, and plays by a simple plan:

- Movement: head for a goal world along the cheapest route, a jumpline's cost being the
  expected number of attempts (1 / chance of success; a station jump at an own station or
  one whose owner lets us counts as certain). The goal is the Imperial Mission's pick-up or
  destination, else the delivery of a cargo in the hold, else the Current Contract with the
  best payoff per expected attempt (a race against a rival holding the cargo counts less).
- Cargo: pick up the planned cargo on arrival; deliver Completed Contracts held by right;
  abandon a cargo no Contract wants any more.
- Action: petition with enough Prestige and money (basic game), or for an Imperial Station
  (advanced); otherwise buy an engine when rich, or build a station where there is none.
- Answers: re-roll a failed jump with a spare card; pay a petition's price when able; grant a
  rival permission unless he leads in Prestige or is on a mission; an engine at Kluge while
  short of four; look at the leader's cards at Telzey.
- Deals (``trader_deals``): accept a deal offered to it when what it gets is worth at least
  what it gives to it, unless the offerer is on a mission; offer one, before moving and at
  the end of its turn, when it helps it by more than it helps the other Trader (who would
  accept it): above all, buy the station where it is to deliver a cargo; short of money,
  sell. Two offers a turn at most, never the same one twice in a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.base import Aid
from engine.bots.legal import of_types
from engine.bots.random_bot import UniformBot
from engine.kernel import Command, Randomness

from . import commands as c
from .components import contracts, luck_cards
from .galaxy import load_galaxy
from .routes import route_costs
from .trader_deals import WORTH, accepts
from .trader_deals import offer as offer_deal

# Petitioning (basic game): the trader petitions at 25 Prestige (the track's "+2" area, where
# every roll is granted) or at 20 (+1) with 40 Stellors for the price; the search levels' own
# seat as soon as a petition may be made (15) with 30 Stellors (``StarTrader.searching``)
PETITION_SURE = 25
PETITION_PRICED = (20, 40)
PETITION_EAGER = (15, 30)


class RandomTrader(UniformBot):
    """The uniform random bot (``engine.bots.random_bot.UniformBot``) with one preference of
    the game's: it never drops out (Dropping Out is never forced by the rules, and a
    uniform pick among the legal commands chose it as often as anything else, ending games
    in their first rounds)."""

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               aid: Aid | None = None) -> Command:
        staying = [cmd for cmd in legal if not isinstance(cmd, c.DropOut)] or list(legal)
        return super().choose(view, staying, seat=seat, seq=seq, aid=aid)


class StarTrader:
    """The strategic bot for ``star-traders`` (registered as ``trader`` there)."""

    name = "trader"

    def __init__(self, seed: str | int, *, eager: bool = False) -> None:
        self.seed = seed
        self.eager = eager  # petitions from 15 Prestige (``searching``)
        # ``route_costs`` by start in the view last asked about (the plan and the goal weigh
        # each contract's route again)
        self._route_view: dict[str, Any] | None = None
        self._route_memo: dict[int, tuple[dict[int, float], dict[int, int]]] = {}

    @classmethod
    def searching(cls, seed: str | int) -> StarTrader:
        """The policy of the search levels' own seat: the trader, petitioning as soon as it
        may (15 Prestige, Petitioning) with 30 Stellors for the price. A playout that ends
        with the turn sees a petition's cost and its odds of a Mission but not the race it
        wins: the search kept the trader's wait for 20 or 25 Prestige, eight turns in one
        game, while the rivals petitioned (``docs/bots.md``, "Four players in Star
        Traders")."""
        return cls(seed, eager=True)

    def _petitions(self, prestige: int, money: int) -> bool:
        """Whether to petition for the Imperial Mission now (basic game): at 25 Prestige,
        or 20 with 40 Stellors (the Petition Table's +2 area grants every roll, its +1 area
        all but a 1, each at its price); the eager policy from 15 with 30."""
        if self.eager and prestige >= PETITION_EAGER[0] and money >= PETITION_EAGER[1]:
            return True
        return prestige >= PETITION_SURE or (prestige >= PETITION_PRICED[0]
                                             and money >= PETITION_PRICED[1])

    def _routes(self, view: dict[str, Any], seat: int,
                start: int) -> tuple[dict[int, float], dict[int, int]]:
        """``route_costs`` from ``start`` in ``view`` (made once per view; read only)."""
        if view is not self._route_view:
            self._route_view, self._route_memo = view, {}
        found = self._route_memo.get(start)
        if found is None:
            found = self._route_memo[start] = route_costs(view, seat, start)
        return found

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               aid: Aid | None = None) -> Command:
        answer = self._answer_offer(view, legal, seat)  # offers wait for nobody
        if answer is not None:
            return answer
        prompt = (view.get("pending") or {}).get("prompt", "")
        handler = getattr(self, f"_on_{prompt}", None)
        picked = handler(view, legal, seat) if handler else None
        if picked is not None and picked in legal:
            return picked
        return self._fallback(legal, seq, seat)

    def _fallback(self, legal: Sequence[Command], seq: int, seat: int) -> Command:
        calm = of_types(legal, (c.EndMovement, c.SkipAction, c.EndTurn, c.Draw,
                                c.PassReaction))
        return calm[0] if calm else Randomness(self.seed, seq, f"st{seat}").choice(list(legal))

    # -- answers -------------------------------------------------------------------------
    def _on_avoid_calamity(self, view: dict[str, Any], legal: Sequence[Command],
                           seat: int) -> Command | None:
        """Avoid a Calamity on itself, or a Quarantine of its own world."""
        detail = view["pending"]["detail"]
        avoid = of_types(legal, c.AvoidCalamity)
        if detail["card"].startswith("quarantine"):
            mine = detail.get("world") == view["players"][seat]["world"]
            return avoid[0] if avoid and mine else c.PassReaction()
        return avoid[0] if avoid else c.PassReaction()

    def _on_quarantine(self, view: dict[str, Any], legal: Sequence[Command],
                       seat: int) -> Command | None:
        """Escape a Quarantine on its own jump; trap a leading rival's ship."""
        mover = view["players"][view["pending"]["detail"]["victim"]]
        me = view["players"][seat]
        for cmd in of_types(legal, c.AvoidCalamity):
            if mover["seat"] == seat:
                return cmd
        rival = mover["seat"] != seat and (mover["mission"] is not None
                                           or mover["prestige"] >= me["prestige"] + 3)
        trap = of_types(legal, c.Quarantine)
        return trap[0] if trap and rival else c.PassReaction()

    def _answer_offer(self, view: dict[str, Any], legal: Sequence[Command],
                      seat: int) -> Command | None:
        for offer in view.get("offers", []):
            decline = c.AnswerDeal(offer=offer["id"], accept=False)
            if offer["to"] != seat or decline not in legal:
                continue
            accept = c.AnswerDeal(offer=offer["id"], accept=True)
            return accept if accept in legal and accepts(view, seat, offer) else decline
        return None

    def _on_you_are_lost(self, view: dict[str, Any], legal: Sequence[Command],
                         seat: int) -> Command | None:
        """Send a leading rival (or one on a mission) astray; never itself."""
        victim = view["players"][view["pending"]["detail"]["victim"]]
        me = view["players"][seat]
        lost = of_types(legal, c.PlayYouAreLost)
        if lost and victim["seat"] != seat and (victim["mission"] is not None
                                                or victim["prestige"] >= me["prestige"] + 3):
            return lost[0]
        return c.PassReaction()

    def _card_play(self, view: dict[str, Any], legal: Sequence[Command],
                   seat: int) -> Command | None:
        """Answer offers made to it (``trader_deals.accepts``); Imperial Favor on itself;
        Disfavor and Gotcha on the Prestige leader; Lose a Station on the leader's station."""
        answer = self._answer_offer(view, legal, seat)
        if answer is not None:
            return answer
        rivals = [p for p in view["players"] if p["seat"] != seat and not p["out"]]
        if not rivals:
            return None
        leader = max(rivals, key=lambda p: (p["prestige"], -p["seat"]))["seat"]
        kinds = {"favor": seat, "disfavor": leader, "gotcha": leader, "lose-station": leader}
        for cmd in of_types(legal, c.PlayCard):
            if isinstance(cmd, c.PlayCard) and kinds.get(cmd.card.rsplit("-", 1)[0]) == \
                    cmd.target:
                return cmd
        return None

    def _on_place_station(self, view: dict[str, Any], legal: Sequence[Command],
                          seat: int) -> Command | None:
        busy: dict[int, int] = {}
        for card in contracts().values():
            busy[card.deliver] = busy.get(card.deliver, 0) + card.station
        free = of_types(legal, c.PlaceStation)
        return max(free, key=lambda cmd: (busy.get(cmd.world, 0), -cmd.world), default=None)

    def _on_permission(self, view: dict[str, Any], legal: Sequence[Command],
                       seat: int) -> Command | None:
        asker = view["players"][view["pending"]["detail"]["seat"]]
        me = view["players"][seat]
        rival = asker["mission"] is not None or asker["prestige"] >= me["prestige"] + 5
        return c.AnswerPermission(grant=not rival)

    def _on_zap(self, view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
        """Its own failing roll: Zap it up if that is enough, else re-roll with a spare card
        (or on a mission); a leading rival's succeeding roll: Zap it down if that is enough."""
        roll = view["pending"]["detail"]["roll"]
        mover = view["players"][view["pending"]["detail"]["victim"]]
        me = view["players"][seat]
        zaps = of_types(legal, c.Zap)
        if roll["kind"] == "petition":  # higher is never worse on either table
            up = [z for z in zaps if z.delta > 0] if mover["seat"] == seat else []
            return max(up, key=lambda z: z.delta) if up and roll["roll"] < 6 else \
                c.PassReaction()
        if roll["kind"] == "random":
            return c.PassReaction()
        fails = roll["roll"] < roll["need"]
        if mover["seat"] == seat and fails:
            fix = [z for z in zaps if z.delta > 0 and roll["roll"] + z.delta >= roll["need"]]
            if fix:
                return min(fix, key=lambda z: z.delta)
            hand = me.get("hand", [])
            if hand and (len(hand) >= 2 or me["mission"] is not None):
                return c.Reroll(card=sorted(hand)[0])
        rival = mover["seat"] != seat and (mover["mission"] is not None
                                           or mover["prestige"] >= me["prestige"] + 3)
        if rival and not fails:
            spoil = [z for z in zaps if z.delta < 0 and roll["roll"] + z.delta < roll["need"]]
            if spoil:
                return max(spoil, key=lambda z: z.delta)
        return c.PassReaction()

    def _on_petition(self, view: dict[str, Any], legal: Sequence[Command],
                     seat: int) -> Command | None:
        """Before a petition's roll: Imperial Favor on itself when petitioning; Imperial
        Disfavor or Gotcha on a rival's petition (Petitioning: "Any Trader may use an
        appropriate Trader's Luck card to change your Prestige before you roll")."""
        petitioner = view["pending"]["detail"]["victim"]
        wanted = ("favor",) if petitioner == seat else ("disfavor", "gotcha")
        for cmd in of_types(legal, c.PlayCard):
            if isinstance(cmd, c.PlayCard) and cmd.target == petitioner and cmd.as_kind is None \
                    and luck_cards()[cmd.card].kind in wanted:
                return cmd
        return c.PassReaction()

    def _on_discard(self, view: dict[str, Any], legal: Sequence[Command],
                    seat: int) -> Command | None:
        """A hand over its limit: keep the cards that answer windows (Avoid Calamity, Zaps)."""
        keep = {"avoid": 0, "zap": 1, "superzap": 1, "favor": 2}
        discards = of_types(legal, c.Discard)
        return max(discards, key=lambda d: (-keep.get(luck_cards()[d.card].kind, 3), d.card),
                   default=None)

    def _on_abandon_excess(self, view: dict[str, Any], legal: Sequence[Command],
                           seat: int) -> Command | None:
        """A hold over two: abandon the cargo no Contract wants, else the cheapest."""
        wanted = {k["cargo"]: k["stellors"] for k in view["contracts"] if k is not None}
        drops = [cmd for cmd in of_types(legal, c.Abandon)
                 if not cmd.cargo.startswith("imperial")] or \
            of_types(legal, c.Abandon)
        return min(drops, key=lambda a: (wanted.get(a.cargo, -1), a.cargo), default=None)

    # what a Personality is worth to it at the optional bidding (Selecting Personalities)
    PERSONALITY_WORTH = {"navigator": 12, "lucky-lou": 10, "negotiator": 8, "insider": 8,
                         "hero": 8, "engineer": 5, "psychic": 4}

    def _on_personality_bid(self, view: dict[str, Any], legal: Sequence[Command],
                            seat: int) -> Command | None:
        worth = self.PERSONALITY_WORTH.get(view["pending"]["detail"]["personality"], 5)
        bids = [cmd for cmd in of_types(legal, c.Bid) if cmd.stellors <= worth]
        return max(bids, key=lambda b: b.stellors, default=c.Bid(stellors=0))

    def _on_auction(self, view: dict[str, Any], legal: Sequence[Command],
                    seat: int) -> Command | None:
        """The station auction: bid what a station is worth to it (``WORTH``), a little
        more for its own lost station, and never more than half its money."""
        detail = view["pending"]["detail"]
        money = view["players"][seat].get("stellors", 0)
        worth = WORTH["stations"] + (3 if detail["seller"] == seat else 0)
        bids = [cmd for cmd in of_types(legal, c.Bid)
                if cmd.stellors <= min(worth, money // 2)]
        return max(bids, key=lambda b: b.stellors, default=c.Bid(stellors=0))

    def _on_first_die(self, view: dict[str, Any], legal: Sequence[Command],
                      seat: int) -> Command | None:
        """Verdant Velma re-rolls a first die that would keep her in the arm she left."""
        return c.RerollFirstDie(reroll=True)

    def _on_petition_price(self, view: dict[str, Any], legal: Sequence[Command],
                           seat: int) -> Command | None:
        return c.PayPetition(pay=c.PayPetition(pay=True) in legal)

    def _on_kluge_payoff(self, view: dict[str, Any], legal: Sequence[Command],
                         seat: int) -> Command | None:
        return c.ChooseKlugePayoff(engine=view["players"][seat]["engines"] < 4)

    def _on_telzey_look(self, view: dict[str, Any], legal: Sequence[Command],
                        seat: int) -> Command | None:
        looks = of_types(legal, c.LookAtCards)
        return max(looks, key=lambda cmd: view["players"][cmd.seat]["prestige"], default=None)

    # -- the turn ------------------------------------------------------------------------
    def _cargo_chores(self, view: dict[str, Any], legal: Sequence[Command],
                      seat: int) -> Command | None:
        for cmd in of_types(legal, (c.DeliverCompleted, c.PickUpMission)):
            if isinstance(cmd, (c.DeliverCompleted, c.PickUpMission)):
                return cmd
        wanted = {k["cargo"] for k in view["contracts"] if k is not None}
        mine_rights = {e["contract"]["cargo"] for e in view["completed"]
                       if e["rights"].get(str(seat))}
        for cmd in of_types(legal, c.Abandon):
            if isinstance(cmd, c.Abandon) and cmd.cargo != "imperial" \
                    and cmd.cargo not in wanted and cmd.cargo not in mine_rights:
                return cmd
        return None

    def _chain_targets(self, view: dict[str, Any], seat: int) -> list[int]:
        """Advanced game: own stations worth making Imperial: those next to an own Imperial
        Station (the chain grows), or any own station while there is none such."""
        galaxy = load_galaxy()
        mine = {int(w) for w, s in view["stations"].items() if s == seat}
        imperial = mine & set(view["imperial_stations"])
        plain = mine - imperial
        linked = [w for w in plain if any(n in imperial for n in galaxy.neighbours[w])]
        return sorted(linked or plain)

    def _goal(self, view: dict[str, Any], seat: int, dist: dict[int, float]) -> int | None:
        me = view["players"][seat]
        if me.get("envoy"):  # Imperial Envoy!: nothing much to do before its destination
            return luck_cards()[me["envoy"]].world
        if view["advanced"] and not me["hold"] and me.get("stellors", 0) >= 35 \
                and me["prestige"] >= 10:
            targets = [w for w in self._chain_targets(view, seat) if w in dist]
            if targets:
                return min(targets, key=lambda w: (dist[w], w))
        mission = view["missions"].get(str(seat))
        if mission is not None:
            return mission["deliver"] if "imperial" in me["hold"] else mission["pickup"]
        deliveries = [k for k in view["contracts"] if k is not None and k["cargo"] in me["hold"]]
        deliveries += [e["contract"] for e in view["completed"]  # by right-to-deliver
                       if e["rights"].get(str(seat)) and e["contract"]["cargo"] in me["hold"]]
        if deliveries:
            return min(deliveries, key=lambda k: dist.get(k["deliver"], 99))["deliver"]
        plan = self._best_contract(view, seat, dist)
        peek = self._peeked(view, seat, dist, plan)
        if peek is not None and peek["pickup"] != me["world"]:  # never wait there for ever
            return int(peek["pickup"])
        return None if plan is None else plan["pickup"]

    def _value(self, view: dict[str, Any], seat: int, dist: dict[int, float],
               k: dict[str, Any]) -> float:
        """A contract's payoff per expected jump attempt (less when rivals carry its cargo)."""
        rivals = sum(1 for p in view["players"] if p["seat"] != seat and k["cargo"] in p["hold"])
        there, _ = self._routes(view, seat, k["pickup"])
        steps = dist.get(k["pickup"], 99) + there.get(k["deliver"], 99) + 1
        return float(k["stellors"] + 3 * k["prestige"]) / steps / (1 + rivals)

    def _best_contract(self, view: dict[str, Any], seat: int,
                       dist: dict[int, float]) -> dict[str, Any] | None:
        best, score = None, 0.0
        for k in view["contracts"]:
            if k is None:
                continue
            value = self._value(view, seat, dist, k)
            if value > score:
                best, score = k, value
        return best

    PEEK_DISCOUNT = 0.5  # a Contract not yet current is worth less: it may come late

    def _peeked(self, view: dict[str, Any], seat: int, dist: dict[int, float],
                plan: dict[str, Any] | None) -> dict[str, Any] | None:
        """The Psychic's peek: head for the pick-up of the next Contract when, discounted,
        it beats every current one, so she is there first when it is dealt."""
        best = None if plan is None else self._value(view, seat, dist, plan)
        for k in view.get("psychic", []):
            value = self._value(view, seat, dist, k) * self.PEEK_DISCOUNT
            if best is None or value > best:
                return k
        return None

    def _on_move(self, view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
        chore = self._cargo_chores(view, legal, seat) or offer_deal(view, legal, seat)
        if chore is not None:
            return chore
        me = view["players"][seat]
        held = sum(1 for q in view["quarantines"] if q["world"] == me["world"])
        if held > me["escapes"]:  # trapped (Quarantine!): picking up is all there is to do
            return c.EndMovement()
        dist, first = self._routes(view, seat, me["world"])
        plan = None if me["hold"] else self._best_contract(view, seat, dist)
        if plan is not None and plan["pickup"] == me["world"]:
            pick = next((cmd for cmd in of_types(legal, c.PickUp)
                         if view["contracts"][cmd.slot] == plan), None)
            if pick is not None:
                return pick
        goal = self._goal(view, seat, dist)
        if goal is None or goal == me["world"] or goal not in first:
            return c.EndMovement()
        hop = first[goal]
        station = c.Jump(to=hop, kind="station")
        if station in legal and view["stations"].get(str(hop)) == seat:
            return station
        return c.Jump(to=hop, kind="regular")

    def _on_action(self, view: dict[str, Any], legal: Sequence[Command],
                   seat: int) -> Command | None:
        chore = self._cargo_chores(view, legal, seat) or self._card_play(view, legal, seat)
        if chore is not None:
            return chore
        me = view["players"][seat]
        money = me.get("stellors", 0)
        if c.Petition() in legal:
            useful = me["world"] in self._chain_targets(view, seat)
            if view["advanced"] and money >= 30 and me["prestige"] >= 8 and useful:
                return c.Petition()
            if not view["advanced"] and self._petitions(me["prestige"], money):
                return c.Petition()
        if c.BuyEngine() in legal and (money >= 70 or (me["engines"] < 4 and money >= 50)):
            return c.BuyEngine()
        if c.BuildStation() in legal and money >= 12:
            return c.BuildStation()
        if c.Petition() in legal and view["advanced"] and money >= 30 and me["prestige"] >= 8:
            return c.Petition()
        return self._raid(view, legal, seat) or c.SkipAction()

    def _raid(self, view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
        """Pirate Pete attacks the engines of the best-engined rival here, with Prestige to
        spare (3 are paid; a third of raids hit)."""
        raids = of_types(legal, c.DestroyEngine)
        if not raids or view["players"][seat]["prestige"] < 8:
            return None
        return max(raids, key=lambda r: (view["players"][r.target]["engines"],
                                         view["players"][r.target]["prestige"]))

    def _on_draw(self, view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
        chore = self._cargo_chores(view, legal, seat) or offer_deal(view, legal, seat)
        if chore is not None:
            return chore
        return c.Draw() if c.Draw() in legal else c.EndTurn()
