"""``merchant``: a strategic bot for the standard game. It sees only a seat's view and legal
commands (``engine.bots.base``) and the public board.

- Movement: heads for the best place to trade it can reach ("End Movement": land on a
  surface city or spaceport): a system whose First Contact card is still face down (the
  discoverer's IOU credits and three buys and sells), a discovered market when its culture
  buys goods aboard or the ship has an empty hold and credits for goods on sale there, a
  market selling Fuzzy Dice or a Wave Emitter while it has none, its missions'
  destinations (their mission tokens), Galactic Base to train its pilot or buy a second
  mission; it lands at once when it can; beyond its reach it steps along the cheapest way
  to the nearest such place as the movement rules let the ship fly (``course``: no turning
  back during a Move step; a ship that starts its turn without declaring a heading keeps
  facing the way it came), and declares a heading back the way it came when the course
  that way is the better one ("Declare Heading"); leaving a navigation space it assigns
  the die whose exit is on its course when that beats the exit another player would pick
  (alone, it picks its own: "Navigation Spaces"), and on a telegate the die whose
  telegate is on its course when that beats the purple die ("Telegates"). Where a landing
  would make two trades or more, a neutral spaceport or its own merchant one counts more
  than the system's city (no limit to the actions there). It stays put (skips its
  Movement phase) on a city whose culture buys goods still aboard, or whose market sells
  two goods tokens or more it would buy and has room and credits for: a landing allows
  one sell and one buy action ("Important Exception"), staying any number.
- Trading: sells every goods token it may (every resale value is above the cost), completes
  missions, delivers passengers, buys Fuzzy Dice (c30 for two dice of fame at the end,
  doubles paying c20 a fame point: "End of the Game" 2-3; not alone) and a Wave Emitter
  (c30 for three fame a completed mission: Appendix B; not alone), a cargo hold when
  c100 would be left, then the goods with the widest margin its credits allow (keeping a
  reserve), trains its pilot, builds a merchant spaceport when rich; a drive only when it
  skips more than the one aboard (a drive bought discards the previous one: "Drives").
  First Contact credits count for nothing at the end ("Using First Contact Credits"):
  after goods, it buys any equipment or technology they pay for whole (not a Zen Paint
  Job, three fame lost at the end). Goods aboard score nothing at the end: in the last
  round it buys none, in the two before only goods with a discovered buyer in reach of
  the rounds left, and in the last rounds (those the journey takes and three more) it
  heads for a buyer of its cargo when no ready mission is due.
- Pirates ("Winning a Pirate Engagement"): the attribute with the best odds times what its
  win brings: only a laser win defeats the pirate (c20 and a fame per infamy token under it,
  a Reward card, Pirate Hunter done), a shield win two fame, a pilot win
  movement points.
- Merchant spaceports: on a surface city with an empty orbit joined to it, rich enough to
  keep trading afterwards and with rounds left, it skips its buys that turn (a buy forbids
  the build) and builds one; it is worth c200 at the end and c10 a trade made there. It
  builds three at most, six in the last ten rounds (the trades left need less capital).
- Missions: their destinations weigh like a buyer's market while landing there would
  complete the mission; one whose objective is unmet (a delivery without a goods token of
  its grade, a payment without the credits, a laser too low) only pulls a little and is no
  landing in itself (it lands there only for a trade); it plans what an active
  mission's objective asks that play would not bring by itself: the laser or pilot level
  (equipment bought, Galactic Base a goal for training, as for an open Challenge card) and a
  passenger aboard (any passenger picked up, the last one kept until the mission is done); a
  second mission is bought at Galactic Base when it can spare c60 (five fame and a second
  Mission card in play to the end: with ten rounds or more left the base weighs as a
  mission's destination). In the last rounds (those the journey takes and three more) a
  ready mission's destination comes before any trade.
- Spare credits: with c400 or more it buys any other equipment, technology or Reward card
  offered; the search levels' own policy (``Merchant.searching``) does not, and leaves
  those purchases to the search, which weighs them against the credits kept
  (``docs/bots.md``, "What the search does now").
- Questions: laser at setup, c50 trade-ins.

Same seed, view, legal commands and position: same command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.base import Aid
from engine.cluster.cultures import load_cultures
from engine.kernel import Command, Randomness

from . import course, navigation, places
from .cards import mission_cards
from .cargo import START_HOLDS, holds_needed
from .movement import DRIVE_SKIPS, GREEN_COST, Ship
from .pilots import TRAINING_COST
from .solo import challenge_cards
from .spaceports import TOKENS_PER_PLAYER
from .technology import TechType, load_technologies

RESERVE = 5  # credits kept after a purchase of goods
FEE_ROUNDS = 3  # solo challenge: the rounds of fees kept in hand (a fee unpaid loses)
SOLO_FLOOR = 25  # solo challenge: credits always kept (goods unsold for rounds pay no fee)
SOLO_BUY_GOAL = 60  # solo challenge: credits from which every market is a goal to buy at
SPACEPORT_COST = 200  # "Merchant Spaceport Phase": c200, worth c200 at the end of the game
SPACEPORT_WORKING = 100  # credits kept to trade on after building one
SPACEPORT_LAST = 3  # rounds before the end from which no new one pays (c10 a trade there)
SPACEPORTS_MAX = 3  # spaceports the bot builds at most (capital kept to trade on), and
SPACEPORTS_LATE = 6  # from SPACEPORTS_LATE_ROUNDS before the end, when capital beyond its
SPACEPORTS_LATE_ROUNDS = 10  # working credits earns no more in hand than in a spaceport
SECOND_MISSION_WHEN = 120  # credits from which a second mission (c60) is bought
MISSION_GOAL = 12.0  # worth of an active mission's destination (fame, a Reward card)
MISSION_WAIT = 2.0  # the same while its objective is not met yet: a pull, not a landing
LAST_CALL_ROUNDS = 3  # rounds to spare when a ready mission's destination is headed for
SPACES_PER_ROUND = 5  # movement points a round counted for the journey (the board's
# distances: "Move"), low: landings, hazards and dice kept for other boxes slow a ship
LAST_CALL = 50.0  # a step toward it then: above any landing in reach (10 + its worth)
PASSENGER_GOAL = 10.0  # where passengers wait, for a passenger mission without one
PIRATE_REWARD = 40.0  # a Reward card drawn for a defeated pirate (laser win)
FAME_WORTH = 10.0  # a fame point at the end ("End of the Game" 3: c10 each)
BUYS = {"BuyGoods", "BuyEquipment", "BuyTechnology", "BuyReward"}  # "buy actions"
SOLO_CAPITAL = 40  # alone, credits kept to trade with after training or equipment bought
SPARE = 400  # credits from which anything else offered is bought (``spends_spare``)
TRAIN_WHEN = 120  # credits from which the pilot is trained (c60)
HOLD_WHEN = 220  # credits from which a cargo hold (c90-c110) is bought: c100 or more left
SECOND_MISSION_GOAL = 6.0  # Galactic Base while no second mission is bought (five fame)
SECOND_MISSION_EARLY = 10  # rounds left from which a second mission weighs as a mission:
# c60 for five fame (c50) and a second Mission card in play to the end ("Second Mission":
# a new one drawn as each is completed), whose completions bring fame and Reward cards
CHALLENGE_GOAL = 30.0  # worth of Galactic Base when an open Challenge card asks for training
FAME_TECHS = ("fuzzy_dice", "wave_emitter")  # Appendix B, c30 each, fame at the end:
# Fuzzy Dice roll two dice of fame (7 on average, c70) and doubles (1 in 6) pay c20 a fame
# point, not c10 ("End of the Game" 2-3); a Wave Emitter gives three fame for each completed
# mission (about four a game: c120), those completed before it was bought included
FAME_TECH_EAGER = 64  # bought before goods: worth about c100 at the end for c30
FAME_TECH_GOAL = 6.0  # a market selling one while the seat has none
FIRST_CONTACT_SPEND = 8  # equipment or a technology the First Contact credits pay for:
# after goods (which turn those credits into credits that count), above ending the phase
NO_FREE_TECHS = {"zen_paint_job"}  # Appendix B: three fame lost at the end
SPACEPORT_GOAL = 2.0  # a spaceport's more where a landing would make two trades or more
KNOWN_BUYER = 45  # goods with a buyer met: bought before goods with none
STAY_TO_BUY = 2  # goods tokens it could still buy where it landed: it stays a round
SELL_BY_SPACES = 7  # goods bought in the last rounds: a buyer this many points a round away
LAST_BUYS = 3  # the rounds left from which goods are bought only with a buyer in reach

# commands by how much the bot wants them when offered (higher first); the rest score 0
EAGER = {"SellGoods": 90, "CompleteMission": 85, "DropOffPassenger": 80, "KeepReward": 70,
         "RevealFirstContact": 50, "ChooseStart": 50, "RollSpeed": 30, "EngagePirates": 20,
         "ChooseExit": 10}
# UseIntel: an Intel card ("Title & Intel Cards in Play": Star Maps' look at the top
# Encounter card for c20, a mission swapped for c30) buys what the merchant does not plan
# with; Star Maps, offered at every city landing, would cost c20 a round to the end.
# UseWaveEmitter (Appendix B: a Mission card exchanged with a ship on the same space): the
# merchant buys the Wave Emitter for its fame, and a blind exchange may give a ready
# mission away
NEVER = {"DropOut", "TakeBack", "Offload", "Jettison", "UseMarketFlux",
         "SwapFirstContactCards", "UseIntel", "UseWaveEmitter"}


class Merchant:
    name = "merchant"

    def __init__(self, seed: str | int, *, spends_spare: bool = True) -> None:
        self.seed = seed
        self.spends_spare = spends_spare  # buys what it does not plan for at c400 or more
        self._known_goals: dict[str, float] | None = None
        self._waits: dict[str, float] = {}  # the part of a goal's worth that only waits

    @classmethod
    def searching(cls, seed: str | int) -> Merchant:
        """The policy of the search levels' own seat: the merchant, its spare credits left
        to the search. The search's evaluation counts such a purchase at its price for the
        share of the game left (``appraisal.equipment_worth``), below the credits it took;
        with the merchant's c400 rule in the playouts, a course or a sale whose playout
        ended in one scored below another that kept the credits, and the search chose
        against the trade rather than against the purchase. Without it the playouts keep
        the credits, and each such purchase is a candidate the search weighs at the
        decision that offers it (``docs/bots.md``, "What the search does now")."""
        return cls(seed, spends_spare=False)

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               aid: Aid | None = None) -> Command:
        rng = Randomness(self.seed, seq, f"merchant{seat}")
        me = view["players"][seat]
        self._known_goals = None  # _goals once per choice (the same view)
        scored = [(self._score(view, me, cmd), rng.below(1000), i)
                  for i, cmd in enumerate(legal) if cmd.type not in NEVER]
        if not scored:
            return legal[rng.below(len(legal))]
        best = max(scored)
        return legal[best[2]]

    # -- how much each command is wanted

    def _score(self, view: dict[str, Any], me: dict[str, Any], cmd: Command) -> float:
        kind = cmd.type
        data = vars(cmd)  # its fields, read only (no copy: every legal command is scored)
        if kind == "ChooseDial":
            return 1 if data["dial"] == "laser" else 0
        if kind == "SoloPick":
            return {"c50": 3, "laser-and-shield": 2}.get(data["pick"], 1)
        if kind == "KeepReward":  # c50 traded in, unless an open Challenge card counts cards
            return 1 if data["keep"] == ("rewards" in _solo_needs(view)) else 0
        if kind == "EngagePirates":
            return EAGER[kind] + _engage_worth(view, me, data["attribute"])
        if kind == "PlaceDrill":  # "Drills": c10 each even round; tokens kept for ports
            return 1 if data["place"] == _tokens_to_spare(me) else 0
        if kind == "AnswerHazard":
            return {"reroll": 3, "push_on": 2, "stop": 1}.get(data["choice"], 0)
        if kind == "AnswerOffer":
            return 1 if data["accept"] == (me.get("credits", 0) >= 100) else 0
        if kind in BUYS and _saving_for_spaceport(view, me):
            return -1  # "Merchant Spaceport Phase": no build in a turn with a buy action
        if kind in ("BuyGoods", "BuyStartingGoods"):
            return self._buy_goods(view, me, data["token"])
        wants = _challenge_wants(view, me)
        if kind == "TrainPilot":
            return 55 if _trains(view, me, wants) else -1
        if kind == "BuyEquipment" and data.get("equipment") in wants:
            return 65 if me.get("credits", 0) >= 60 + _kept(view) else -1
        if kind == "BuyEquipment" and data.get("equipment") == "cargo_hold" \
                and not view.get("solo") and me.get("credits", 0) >= HOLD_WHEN:
            return 62  # a hold more to trade with, and 2 then 4 fame
        if kind == "BuildSpaceport":
            return 35 if _spaceport_worth_it(view, me) else -1
        if kind == "BuySecondMission":  # "Missions": a second one for c60 and a fame
            return 45 if me.get("credits", 0) >= SECOND_MISSION_WHEN else -1
        if kind == "BuyReward" and "rewards" in _solo_needs(view):  # an open card counts them
            return 60 if me.get("credits", 0) >= 60 + _kept(view) else -1
        if kind == "BuyTechnology" and _tech_key(data["token"]) in FAME_TECHS:
            return FAME_TECH_EAGER if _fame_tech_affordable(view, me, _tech_key(data["token"])) \
                else -1
        if kind == "BuyEquipment" and not _drive_gains(me, str(data.get("equipment"))):
            return -1  # "Drives": the drive bought discards the one aboard
        if kind in ("BuyEquipment", "BuyTechnology") and _first_contact_pays(view, me, data):
            return FIRST_CONTACT_SPEND
        if kind in ("BuyEquipment", "BuyTechnology", "BuyReward"):
            return 5 if self.spends_spare and me.get("credits", 0) >= SPARE else -1
        if kind == "SkipMovement":  # staying put lifts the one-sell limit of a landing
            return 95 if _sells_here(view, me) or self._buys_more_here(view, me) else -1
        if kind == "Step":
            return 25 + self._step(view, me, data["to"])
        if kind == "DeclareHeading":  # rolling at once keeps every way the ship faces open
            back = data.get("toward")
            return 40 if back is not None and back == self._turn_back(view, me) else 0
        if kind == "AssignDie" and data.get("box") == "navigation":
            return self._navigation_die(view, me, int(data["die"]))
        if kind == "AssignDie":
            return 26 if data.get("box") == "throttle" else -1
        if kind == "ChooseExit" and _own_exit(view, me):  # alone: the player chooses it
            return EAGER[kind] + _worth(self._plan_goals(view, me),
                                        _course_after(view, me, data["to"]))
        if kind == "Land":  # a landing ends an asteroid turn at once ("End Movement")
            at = (view.get("movement") or {}).get("at") or me.get("space", "")
            if places.landing_seen(view, at) not in ("city", "spaceport"):
                return -1
            return 100 if at in _last_call(view, me) else 60
        if kind == "PickUpPassenger":
            wanted = self._passenger_goal(view, data["passenger"]) or _wants_passenger(me)
            return 40 if wanted else -1
        if kind == "DropOffPassenger" and _keeps_passenger(me):
            return -1  # a passenger mission's destination not reached yet: keep the last one
        if kind in ("EndPhase", "EndStep", "DoneJettisoning", "DoneShuttling"):
            return 0
        return EAGER.get(kind, 0.5)

    def _buy_goods(self, view: dict[str, Any], me: dict[str, Any], token: str) -> float:
        goods = _goods(view).get(token)
        if goods is None:
            return -1
        cost = int(goods.get("cost", 0))
        if _spendable(view, me, token.partition(":")[0]) - cost < _reserve(view):
            return -1
        if not _sold_by_the_end(view, me, token.partition(":")[0]):
            return -1  # "End of the Game": goods aboard score nothing
        resale = goods.get("resale") or [cost]
        known = set(view.get("discovered", {}).values())
        sellable = not known or bool(set(_buyers(token.partition(":")[0])) & known)
        if not sellable and view.get("solo"):
            return -1  # a lone ship's capital tied up in goods with no buyer met: fees unpaid
        return (KNOWN_BUYER if sellable else 12) + (int(resale[-1]) - cost) / 10

    def _buys_more_here(self, view: dict[str, Any], me: dict[str, Any]) -> bool:
        """On a surface city whose market sells goods it would buy (a known buyer, its
        reserve kept), room and credits for STAY_TO_BUY of them or more, and no last call:
        a landing allows one buy action ("Important Exception"), a skipped Movement phase
        any number ("Movement Phase"), so a ship stays to fill its holds rather than fly
        off with one token."""
        space = str(me.get("space") or "")
        if places.landing_seen(view, space) != "city" or _last_call(view, me):
            return False
        culture = (view.get("discovered") or {}).get(places.system_of(space) or "")
        market = (view.get("markets") or {}).get(culture or "") or {}
        wanted = sorted(((self._buy_goods(view, me, str(g["id"])), str(g["id"]),
                          int(g.get("cost", 0)))
                         for g in market.get("goods") or [] if isinstance(g, dict)
                         and "id" in g), reverse=True)
        budget = _spendable(view, me, str(culture)) - _reserve(view)
        load = [str(t) for t in me.get("cargo") or []]
        count = 0
        for worth, token, cost in wanted:
            if worth < KNOWN_BUYER or cost > budget or not _fits(me, [*load, token]):
                continue
            budget, load, count = budget - cost, [*load, token], count + 1
        return count >= STAY_TO_BUY

    def _step(self, view: dict[str, Any], me: dict[str, Any], to: str) -> float:
        """A step toward a landing worth reaching: within reach, the best landing on the
        way; beyond it, the nearest goal by the board's distances."""
        move = view.get("movement") or {}
        due = _last_call(view, me)
        if due:  # the game ends soon: a ready mission's destination before any trade
            for dest in move.get("reach") or []:
                path = list(dest.get("path") or [])
                if path and path[0] == to and str(dest.get("space", "")) in due \
                        and dest.get("end") in ("land", "spent"):
                    return LAST_CALL + 20
            near = _course_after(view, me, to)
            return LAST_CALL + 10 / (1 + min(near.get(s, course.FAR) for s in due))
        goals = self._known_goals
        if goals is None:
            goals = self._known_goals = self._goals(view, me)
        best = 0.0
        for dest in move.get("reach") or []:
            path = list(dest.get("path") or [])
            space = str(dest.get("space", ""))
            if dest.get("end") == "land" and path and path[0] == to \
                    and places.landing_seen(view, space) in ("city", "spaceport"):
                # a landing with nothing to do there counts for nothing: a far goal's steps
                # come first, however far (else the ship circles back to the city it left,
                # or lands again and again where a mission's objective is not met yet)
                worth = goals.get(space, 0) - self._waits.get(space, 0)
                best = max(best, 10 + worth if worth > 0 else 0)
            elif dest.get("end") == "spent" and path and path[0] == to \
                    and places.landing_seen(view, space) is None \
                    and goals.get(space, 0) > self._waits.get(space, 0):
                best = max(best, 10 + goals[space])  # a move ending beside an anomaly
        if best:
            return best
        if not goals:
            return 0
        return _worth(goals, _course_after(view, me, to))

    def _turn_back(self, view: dict[str, Any], me: dict[str, Any]) -> str | None:
        """At Declare Heading: the space the ship came from, when the course through it
        reaches the goals sooner than any the way it faces allows (a ship that rolls without
        declaring a heading may not turn back: ``helm.helm_of``); None otherwise."""
        move = view.get("movement") or {}
        facing = move.get("came_from")
        at = str(move.get("at") or me.get("space") or "")
        if not facing or not at:
            return None
        goals = self._plan_goals(view, me)
        if not goals:
            return None
        ship, ports = _chart(view, me)
        ahead = course.from_space(at, str(facing), ship, ports, entered=False)
        back = course.after_step(at, None, str(facing), ship, ports, entered=False)
        return str(facing) if _worth(goals, back) > _worth(goals, ahead) else None

    def _navigation_die(self, view: dict[str, Any], me: dict[str, Any], die: int) -> float:
        """On a navigation space about to be left ("Navigation Spaces"): a die whose value
        takes the exit on the best course, when that beats declining (the player to the
        left then picks any exit; the merchant counts their mean). Elsewhere no die goes to
        navigation (kept for the throttle)."""
        move = view.get("movement") or {}
        dice = move.get("dice") or []
        at = str(move.get("at") or "")
        if move.get("wait") == "telegate" and at and 0 <= die < len(dice):
            return self._telegate_die(view, me, int(dice[die]))
        if move.get("wait") != "navigation" or not at or not 0 <= die < len(dice):
            return -1
        came = None if move.get("came_from") is None else str(move["came_from"])
        entered = bool(move.get("path"))
        ship, ports = _chart(view, me)
        goals = self._plan_goals(view, me)
        exits = course.exits_by_value(at, came, int(dice[die]), ship, ports, entered)
        worth = max((_worth(goals, _course_after(view, me, to)) for to in exits), default=0.0)
        anyway = [_worth(goals, _course_after(view, me, to))
                  for to in course.chosen_exits(at, came, ship, ports, entered)]
        return 1 + worth if anyway and worth > sum(anyway) / len(anyway) else -1

    def _telegate_die(self, view: dict[str, Any], me: dict[str, Any], value: int) -> float:
        """On a telegate entered this Move step ("Telegates"): a die showing ``value``
        assigned to navigation moves the ship to the telegate of that number (or leaves it
        where it is when there is none or it is this one), free; without one the purple die
        picks the telegate. The die is assigned when its jump beats the purple die's mean
        over its six faces (before, the merchant always rolled the purple die, its course
        planned as if every telegate took it where it wanted)."""
        goals = self._plan_goals(view, me)
        if not goals:
            return -1
        jumps = [_worth(goals, _course_after_jump(view, me, v)) for v in range(1, 7)]
        worth = jumps[value - 1] if 1 <= value <= 6 else 0.0
        return 1 + worth if worth > sum(jumps) / len(jumps) else -1

    def _plan_goals(self, view: dict[str, Any], me: dict[str, Any]) -> dict[str, float]:
        """The goals a course is weighed by: a ready mission's destination in the last
        rounds (``_last_call``), else ``_goals``."""
        due = _last_call(view, me)
        if due:
            return dict.fromkeys(due, LAST_CALL)
        if self._known_goals is None:
            self._known_goals = self._goals(view, me)
        return self._known_goals

    def _goals(self, view: dict[str, Any], me: dict[str, Any]) -> dict[str, float]:
        """Landing spaces worth reaching, with their worth."""
        out: dict[str, float] = {}
        cargo = [str(t) for t in me.get("cargo") or []]
        wanted: set[str] = set()  # cultures that buy a goods token carried
        for token in cargo:
            wanted.update(_buyers(token.partition(":")[0]))
        destinations = _drop_offs(me, cargo)
        # goods to buy there: an empty hold ("Capacity") and goods on sale it can pay for;
        # a market that buys none of the cargo and sells nothing the ship can load is no
        # goal (a full ship once landed on the city it had left, round after round, its
        # goods unsold; a ship with c80 went back and forth between a world's two cities
        # for 17 rounds, their goods all above c75)
        room = _has_room(me)
        left = _left_this_turn(view, me)
        for system in view.get("first_contact_face_down", []):
            for space in _landings(view, system):
                out[space] = 8.0
        for system, culture in view.get("discovered", {}).items():
            buys = room and _worth_buying_at(view, me, culture)
            worth = (9.0 if culture in wanted else 0.0) \
                + (3.0 if buys else 0) + (7.0 if culture in destinations else 0)
            trades = len(_goods_sold_to(cargo, culture)) + (1 if buys else 0)
            if worth:
                for space in _landings(view, system):
                    if space not in left:
                        free = trades > 1 and _trades_freely(view, me, space)
                        out[space] = max(out.get(space, 0), worth + (SPACEPORT_GOAL if free else 0))
        waiting = {c.destination for c in _active_missions(me)  # what it plans for first
                   if not _mission_ready(c, me)}
        tokens = ((view.get("cards") or {}).get("mission_tokens") or {}).get(str(me.get("seat")))
        self._waits = {}
        for system in tokens or []:  # Missions: the mission tokens mark the destinations
            # a destination whose objective is not met yet waits for it: a little pull on
            # the way, no landing (else the ship circles there, landing on and on without
            # a passenger aboard, the laser, the credits or a goods token of the grade)
            worth = MISSION_WAIT if system in waiting else MISSION_GOAL
            for space in places.mission_spaces(str(system)):  # anomalies: their ring
                out[space] = out.get(space, 0) + worth
                if system in waiting:
                    self._waits[space] = self._waits.get(space, 0) + worth
        if _wants_passenger(me):  # a passenger mission: where passengers wait
            for market in (view.get("markets") or {}).values():
                if isinstance(market, dict) and market.get("passengers"):
                    for space in _landings(view, str(market.get("system", ""))):
                        out[space] = max(out.get(space, 0), PASSENGER_GOAL)
            if (view.get("trade") or {}).get("base_passengers"):
                base = places.galactic_base()
                out[base] = max(out.get(base, 0), PASSENGER_GOAL)
        for space in _fame_tech_markets(view, me):
            out[space] = out.get(space, 0) + FAME_TECH_GOAL
        if me.get("pilot_level", 1) == 1 and me.get("credits", 0) >= TRAIN_WHEN:
            out[places.galactic_base()] = 5.0
        second = _second_mission_worth(view, me)
        if second:
            base = places.galactic_base()
            out[base] = max(out.get(base, 0), second)
        if "pilot_level" in _challenge_wants(view, me) \
                and me.get("credits", 0) >= TRAINING_COST + _kept(view):
            out[places.galactic_base()] = CHALLENGE_GOAL  # an open Challenge card asks
        return out


    def _passenger_goal(self, view: dict[str, Any], passenger: str) -> bool:
        """A passenger worth a hold: its destination is known (discovered) or the base."""
        dest = _destination(passenger)
        return dest == "base" or dest in set(view.get("discovered", {}).values())


def _challenge_wants(view: dict[str, Any], me: dict[str, Any]) -> set[str]:
    """The attributes the solo player's open Challenge cards, and the seat's active missions
    (``_mission_wants``), still ask for ("laser", "shield", "pilot_level"), read from the
    public cards."""
    return {str(spec["attribute"]) for spec in _open_challenges(view)
            if spec.get("need") == "attribute"
            and int(me.get(str(spec.get("attribute")), 0)) < int(spec.get("at_least", 0))} \
        | _mission_wants(me)


def _trains(view: dict[str, Any], me: dict[str, Any], wants: set[str]) -> bool:
    """Pilot training ("Upgrading Pilots": c60) from c120, or sooner when a mission or an
    open Challenge card asks for the level; never below its reserve after it (alone, the
    fees ahead: a solo ship with c100 trained in round 3 for a round-13 card, paid the
    next card's c20 and was out of the game by round 7, its fees unpaid)."""
    credits = int(me.get("credits", 0))
    if credits < TRAINING_COST + _kept(view):
        return False
    return credits >= TRAIN_WHEN or "pilot_level" in wants


def _second_mission_worth(view: dict[str, Any], me: dict[str, Any]) -> float:
    """Galactic Base's worth as the place to buy a second mission ("Second Mission": c60 for
    five fame and a second Mission card in play): a mission's worth while SECOND_MISSION_EARLY
    rounds are left, less after; nothing with two missions, without the credits, or alone
    (no solo challenge asks for one)."""
    if len(me.get("missions") or []) >= 2 or me.get("credits", 0) < SECOND_MISSION_WHEN \
            or view.get("solo"):
        return 0.0
    rounds_left = int(view.get("last_round", 30)) - int(view.get("round", 0))
    return MISSION_GOAL if rounds_left >= SECOND_MISSION_EARLY else SECOND_MISSION_GOAL


def _active_missions(me: dict[str, Any]) -> list[Any]:
    """The seat's active Mission cards (face up: "Missions"), ids not of our deck left out."""
    cards = mission_cards()
    return [cards[m] for m in me.get("missions") or [] if m in cards]


def _mission_wants(me: dict[str, Any]) -> set[str]:
    """The attributes an active mission's objective asks for and the ship lacks ("Missions":
    fulfil the objective; ours, ``data/missions.json``): an attribute objective, or one that
    will do instead of another (Pirate Hunter's laser of 3 for a pirate defeated)."""
    out: set[str] = set()
    for card in _active_missions(me):
        obj = card.objective
        if _objective_ready(obj, me):
            continue
        for one in (obj, obj.either):
            if one is not None and one.need == "attribute" and one.attribute:
                out.add(one.attribute)
    return out


def _last_call(view: dict[str, Any], me: dict[str, Any]) -> set[str]:
    """Where the ship must land before the game ends, once the rounds left are about those
    the journey there takes and LAST_CALL_ROUNDS more ("End of the Game": only completed
    Mission cards count, and goods tokens aboard score nothing): the destination of an
    active mission whose objective the ship meets now, else the discovered buyers of the
    goods tokens aboard (a mission first: its fame and Reward card, and the far one, the
    Inhabited Moon's corner, is left for last); nothing otherwise. Before that, trade
    decides and a far destination is seldom on the way."""
    if view.get("solo"):
        return set()
    missions = [set(places.mission_spaces(card.destination)) for card in _active_missions(me)
                if card.destination is not None and _mission_ready(card, me)]
    cargo = _cargo_buyers(view, me)
    if not any(missions) and not any(cargo):
        return set()
    rounds_left = int(view.get("last_round", 30)) - int(view.get("round", 0))
    # the journey from where the turn began: measured from each step, a destination came
    # nearer and was no longer due, the other one was, and the ship flew round a ring for a
    # whole turn between them
    here = str((view.get("movement") or {}).get("start") or me.get("space") or "")
    far = course.from_space(here, None, *_chart(view, me)) if here else {}
    for wanted in (missions, cargo):
        due: set[str] = set()
        for spaces in wanted:
            journey = min((far.get(s, course.FAR) for s in spaces), default=course.FAR)
            if spaces and rounds_left <= journey / SPACES_PER_ROUND + LAST_CALL_ROUNDS:
                due |= spaces
        if due:
            return due
    return set()


def _cargo_buyers(view: dict[str, Any], me: dict[str, Any]) -> list[set[str]]:
    """For each goods token aboard, the landings of the discovered cultures that buy it
    ("Sell Actions")."""
    return [_buyer_landings(view, str(token).partition(":")[0])
            for token in me.get("cargo") or []
            if ":" in str(token) and _destination(str(token)) is None]


def _drop_offs(me: dict[str, Any], cargo: list[str]) -> set[str]:
    """The destinations of the passengers aboard it would drop off ("Dropping Off
    Passengers": a fare at the destination); none while the last one is kept for a
    passenger mission (a landing there drops nobody off: a ship went back and forth between
    two landings of its passenger's destination for four rounds without a trade)."""
    if _keeps_passenger(me):
        return set()
    return {d for t in cargo if (d := _destination(t))}


def _goods_sold_to(cargo: list[str], culture: str) -> list[str]:
    """The goods aboard (by the culture that made them) that ``culture`` buys."""
    goods = [t.partition(":")[0] for t in cargo if ":" in t and _destination(t) is None]
    return [g for g in goods if culture in _buyers(g)]


def _trades_freely(view: dict[str, Any], me: dict[str, Any], space: str) -> bool:
    """A neutral spaceport or the seat's own merchant spaceport: no limit to the buy and
    sell actions after landing there ("Important Exception" limits a surface city's), and
    no fee ("Trading on Merchant Spaceports")."""
    owner = ((view.get("trade") or {}).get("spaceports") or {}).get(space)
    return places.landing_seen(view, space) == "spaceport" and owner in (None, me.get("seat"))


def _buyer_landings(view: dict[str, Any], seller: str) -> set[str]:
    """The landings of the discovered cultures that buy ``seller``'s goods."""
    buyers = set(_buyers(seller))
    return {space for system, culture in (view.get("discovered") or {}).items()
            if culture in buyers for space in _landings(view, system)}


def _chart(view: dict[str, Any], me: dict[str, Any]) -> tuple[Ship, frozenset[str]]:
    """What a course is planned with: the ship's drive (unless announced unused: "Drives")
    and its pilot's abilities (green lines at one point, a navigation value read one higher
    or lower), and the merchant
    spaceports built (each closes its orbit's line to the city)."""
    pilot = next((p for p in view.get("pilots") or []
                  if isinstance(p, dict) and p.get("seat") == me.get("seat")), {})
    move = view.get("movement") or {}
    ability = pilot.get("ability")
    ship = Ship(drive=me.get("drive"), use_drive=bool(move.get("use_drive", True)),
                green_cost=1 if ability == "green_as_gray" else GREEN_COST,
                nav_spread=1 if ability == "navigation_adjust" else 0)
    return ship, frozenset((view.get("trade") or {}).get("spaceports") or {})


def _course_after(view: dict[str, Any], me: dict[str, Any], to: str) -> dict[str, int]:
    """The course once the ship has taken its step to ``to``, from where it is in its Move
    step and the space it may not turn back to (the view's ``movement.came_from``)."""
    move = view.get("movement") or {}
    at = str(move.get("at") or me.get("space") or "")
    came = move.get("came_from")
    ship, ports = _chart(view, me)
    return course.after_step(at, None if came is None else str(came), to, ship, ports,
                             entered=bool(move.get("path")))


def _left_this_turn(view: dict[str, Any], me: dict[str, Any]) -> set[str]:
    """The landing the ship is on and the one it began its Movement phase on: no market goal
    there (it traded there as it wished before leaving, and goals are weighed at every step:
    a ship that left a city whose goods it could not pay for, the city a goal again once it
    was off it, flew round the planet and landed back there round after round, paying the
    solo challenge's fees until it lost)."""
    start = (view.get("movement") or {}).get("start")
    return {str(s) for s in (me.get("space"), start) if s}


def _course_after_jump(view: dict[str, Any], me: dict[str, Any], value: int
                       ) -> dict[str, int]:
    """The course once a telegate value ``value`` has been read on the telegate the ship
    is on ("Telegates" 2-4): from the telegate of that number, free to take any path (a
    new heading is declared), or on from where it is when there is none or it is this
    one."""
    move = view.get("movement") or {}
    at = str(move.get("at") or me.get("space") or "")
    ship, ports = _chart(view, me)
    to = navigation.telegate_jump(course.chart(ship, ports).terrain, at, value)
    if to is None:
        came = move.get("came_from")
        return course.from_space(at, None if came is None else str(came), ship, ports)
    return course.from_space(to, None, ship, ports)


def _own_exit(view: dict[str, Any], me: dict[str, Any]) -> bool:
    """A navigation exit asked of the seat for its own ship (alone: "Navigation Spaces",
    the player to the left chooses, and a solo player has no one to the left)."""
    detail = (view.get("pending") or {}).get("detail") or {}
    return detail.get("mover") == me.get("seat")


def _worth(goals: dict[str, float], far: dict[str, int]) -> float:
    """The best goal by worth and distance along a course (nothing when none is reached)."""
    return max((value / (1 + far[space]) for space, value in goals.items() if space in far),
               default=0.0)


def _mission_ready(card: Any, me: dict[str, Any]) -> bool:
    """Landing at the destination now would complete the mission (``_objective_ready``; a
    delivery with a goods token of its grade aboard)."""
    obj = card.objective
    return _objective_ready(obj, me) and (obj.need != "deliver" or _delivers(obj, me))


def _delivers(obj: Any, me: dict[str, Any]) -> bool:
    """A goods token of the objective's grade aboard ("Grades (color) of Goods")."""
    facts = _cultures()
    if facts is None:
        return False
    for token in me.get("cargo") or []:
        culture = str(token).partition(":")[0]
        try:
            if facts.grade(facts.culture(culture).goods.cost) == obj.grade:
                return True
        except (KeyError, ValueError):
            continue
    return False


def _objective_ready(obj: Any, me: dict[str, Any]) -> bool:
    """Whether landing at the destination now would complete an objective the ship carries
    or holds ("Missions": fulfil the objective there): credits, goods, a passenger, an
    attribute, First Contact cards, or the card's ``either`` objective; the rest (a
    delivery's grade, pirates defeated) counts as ready."""
    if obj.either is not None and _objective_ready(obj.either, me):
        return True
    credits = int(me.get("credits", 0))
    goods = [t for t in me.get("cargo") or [] if ":" in str(t)]
    contacts = me.get("contacts", 0)
    if obj.need in ("pay", "wealth"):
        return credits >= obj.credits
    if obj.need == "cargo":
        return len(goods) >= obj.at_least
    if obj.need == "passenger":
        return _passengers_aboard(me) > 0
    if obj.need == "contacts":
        return (len(contacts) if isinstance(contacts, list) else int(contacts)) >= obj.at_least
    if obj.need == "attribute" and obj.attribute:
        return int(me.get(obj.attribute, 0)) >= obj.at_least
    # pirates defeated are not in the view: with an alternative, the alternative decides
    return obj.need != "pirates_defeated" or obj.either is None


def _sells_here(view: dict[str, Any], me: dict[str, Any]) -> bool:
    """On a surface city or spaceport whose culture buys a goods token still aboard (a
    landing allows one sell action: "Important Exception"); a skipped Movement phase there
    goes straight to a Transaction phase of unlimited buy and sell actions ("Movement
    Phase"; the Selling Goods Example)."""
    space = str(me.get("space") or "")
    if places.landing_seen(view, space) not in ("city", "spaceport"):
        return False
    system = places.system_of(space)
    culture = (view.get("discovered") or {}).get(system or "")
    return culture is not None and any(
        culture in _buyers(str(t).partition(":")[0]) for t in me.get("cargo") or []
        if _destination(str(t)) is None and ":" in str(t))


def _spendable(view: dict[str, Any], me: dict[str, Any], culture: str) -> int:
    """The credits a buy from ``culture``'s market may spend: the seat's, and the First
    Contact credits there when it is the discoverer ("Using First Contact Credits")."""
    return int(me.get("credits", 0)) + _first_contact_credits(view, me, culture)


def _first_contact_pays(view: dict[str, Any], me: dict[str, Any], data: dict[str, Any]
                        ) -> bool:
    """Equipment (``data["equipment"]``, on the market's top token) or a technology
    (``data["token"]``) whose whole cost the seat's First Contact credits at that culture
    cover ("Using First Contact Credits": spent only with that culture, and worth nothing at
    the end: "End of the Game" 4): free to the seat. Not a technology that costs fame at the
    end (Zen Paint Job) nor a structural one without an empty hold ("Structural Techs")."""
    if "token" in data:
        tech = load_technologies().of_token(str(data["token"]))
        if tech.key in NO_FREE_TECHS or (tech.type is TechType.STRUCTURAL and not _has_room(me)):
            return False
        culture, cost = tech.culture, tech.cost
    else:
        system = places.system_of(str(me.get("space"))) or ""
        culture = str((view.get("discovered") or {}).get(system, ""))
        top = (((view.get("markets") or {}).get(culture) or {}).get("token") or {})
        costs = [int(e.get("cost", 0)) for e in top.get("equipment") or []
                 if isinstance(e, dict) and e.get("kind") == data.get("equipment")]
        if not costs:
            return False
        cost = costs[0]
    return _first_contact_credits(view, me, culture) >= cost


def _first_contact_credits(view: dict[str, Any], me: dict[str, Any], culture: str) -> int:
    """The IOU credits on ``culture``'s First Contact card when the seat holds it."""
    market = (view.get("markets") or {}).get(culture) or {}
    return int(market.get("iou", 0) or 0) if market.get("discoverer") == me.get("seat") else 0


def _affordable_goods(view: dict[str, Any], me: dict[str, Any], culture: str) -> bool:
    """A goods token on sale at ``culture``'s market that the seat can pay for and keep its
    reserve ("Buying Goods")."""
    market = (view.get("markets") or {}).get(culture) or {}
    budget = _spendable(view, me, culture) - _reserve(view)
    return any(isinstance(g, dict) and int(g.get("cost", 0)) <= budget
               for g in market.get("goods") or [])


def _sold_by_the_end(view: dict[str, Any], me: dict[str, Any], seller: str) -> bool:
    """Goods of ``seller`` bought now can still be sold ("End of the Game": goods aboard
    score nothing): not in the last round (the turn ends after its Transaction phase), and
    in the LAST_BUYS rounds before it only with a discovered buyer's landing within
    SELL_BY_SPACES points a round left by the ship's course."""
    rounds_left = int(view.get("last_round", 30)) - int(view.get("round", 0))
    if rounds_left >= LAST_BUYS:
        return True
    if rounds_left <= 0:
        return False
    spaces = _buyer_landings(view, seller)
    here = str(me.get("space") or "")
    if not spaces or not here:
        return False
    far = course.from_space(here, None, *_chart(view, me))
    return min(far.get(s, course.FAR) for s in spaces) <= rounds_left * SELL_BY_SPACES


def _tech_key(token: str) -> str:
    return token.partition(":")[0]


def _owns_tech(me: dict[str, Any], key: str) -> bool:
    return any(_tech_key(str(t)) == key for t in me.get("techs") or [])


def _fame_tech_affordable(view: dict[str, Any], me: dict[str, Any], key: str) -> bool:
    """A technology of FAME_TECHS (Appendix B: Fuzzy Dice, culture 11, and the Wave
    Emitter, culture 9; c30, one to a ship) not owned yet, and its cost to spare beside the
    reserve (First Contact credits at its culture count). Never in the solo challenge: its
    win is every Challenge card completed, which fame at the end does not bring, and the
    c30 are fee money ("Challenges")."""
    tech = load_technologies().by_key[key]
    return not view.get("solo") and not _owns_tech(me, key) and \
        _spendable(view, me, tech.culture) - tech.cost >= _reserve(view)


def _fame_tech_markets(view: dict[str, Any], me: dict[str, Any]) -> list[str]:
    """The landings of a discovered market with a technology of FAME_TECHS on sale that the
    seat has not and can pay for."""
    out: list[str] = []
    for market in (view.get("markets") or {}).values():
        if isinstance(market, dict) and market.get("system") and any(
                isinstance(t, dict) and t.get("kind") in FAME_TECHS
                and _fame_tech_affordable(view, me, str(t["kind"]))
                for t in market.get("techs") or []):
            out += _landings(view, str(market["system"]))
    return out


def _worth_buying_at(view: dict[str, Any], me: dict[str, Any], culture: str) -> bool:
    """A market worth landing on to buy goods: one selling goods the seat can pay for; in
    the solo challenge any market once the seat has c60 (its fee reserve leaves little to
    buy with, and with the stricter goal the solo challenge was won in 55 of 100 games
    instead of 62, 31 lost to an unpaid fee instead of 18: ``docs/venus-standard.md``)."""
    if view.get("solo"):
        return int(me.get("credits", 0)) >= SOLO_BUY_GOAL
    return _affordable_goods(view, me, culture)


def _drive_gains(me: dict[str, Any], equipment: str) -> bool:
    """Whether ``equipment`` is no drive, or a drive that skips every colour the one aboard
    skips and more ("Drives": a drive bought discards the previous one, so the same drive,
    or one that skips other colours instead, adds nothing for its price)."""
    if not equipment.endswith("_drive"):
        return True
    aboard = me.get("drive")
    skips = DRIVE_SKIPS.get(equipment.removesuffix("_drive"), frozenset())
    return aboard is None or skips > DRIVE_SKIPS.get(str(aboard), frozenset())


def _has_room(me: dict[str, Any]) -> bool:
    """An empty cargo hold for a goods token ("Capacity": two dots a hold; the two holds of
    "Cargo Holds" and those bought)."""
    holds = START_HOLDS + int(me.get("extra_holds", 0))
    return holds_needed([str(t) for t in me.get("cargo") or []], _stasis(me)) < holds


def _fits(me: dict[str, Any], load: list[str]) -> bool:
    """Whether ``load`` fits in the ship's cargo holds ("Capacity")."""
    return holds_needed(load, _stasis(me)) <= START_HOLDS + int(me.get("extra_holds", 0))


def _stasis(me: dict[str, Any]) -> bool:
    """Stasis Tanks aboard (Appendix B: passengers take no room)."""
    techs = load_technologies()
    return any(techs.of_token(str(t)).key == "stasis_tanks" for t in me.get("techs") or [])


def _passengers_aboard(me: dict[str, Any]) -> int:
    return sum(1 for t in me.get("cargo") or [] if _destination(str(t)))


def _wants_passenger(me: dict[str, Any]) -> bool:
    """An active passenger mission ("Generation Gap", "Moon Envoy": a passenger aboard on
    landing at the destination) and no passenger aboard: any passenger will do."""
    return any(c.objective.need == "passenger" and not _objective_ready(c.objective, me)
               for c in _active_missions(me))


def _keeps_passenger(me: dict[str, Any]) -> bool:
    """The last passenger aboard stays aboard while a passenger mission waits for it."""
    return _passengers_aboard(me) <= 1 and any(
        c.objective.need == "passenger" and not (
            c.objective.either is not None and _objective_ready(c.objective.either, me))
        for c in _active_missions(me))


def _open_challenges(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The challenges of the solo player's Challenge cards not completed yet (public cards;
    none outside the solo challenge)."""
    solo = view.get("solo")
    if not solo:
        return []
    cards = challenge_cards()
    return [(cards.get(cid) or {}).get("challenge") or {} for cid in solo.get("cards", [])
            if cid not in solo.get("completed", [])]


def _reserve(view: dict[str, Any]) -> int:
    """Credits kept after a purchase: a little, and in a solo challenge the fees of the
    cards active or coming into force soon ("Challenges": a round begun without them loses
    the game)."""
    solo = view.get("solo")
    if not solo:
        return RESERVE
    now = view.get("round", 0)
    active = set(solo.get("active", []))
    soon = [c for c in solo.get("cards", []) if c not in solo.get("completed", [])
            and c not in active and solo.get("rounds", {}).get(c, 99) <= now + FEE_ROUNDS]
    upcoming = sum(int(solo.get("fees", {}).get(c, 0)) for c in soon)
    cards = challenge_cards()  # "Irreversible Effect": a payment as a card becomes active
    instalments = sum(int(((cards.get(c) or {}).get("effect") or {}).get("credits", 0))
                      for c in soon)
    return max(SOLO_FLOOR,
               RESERVE + instalments + FEE_ROUNDS * (int(solo.get("fees_due", 0)) + upcoming))


def _kept(view: dict[str, Any]) -> int:
    """Credits kept after a purchase that is not goods (training, equipment or a Reward card
    an open card or a mission asks for): the reserve, and alone the capital to go on
    trading with (a solo ship left with c15 buys no goods, and the fees take the rest)."""
    return _reserve(view) + (SOLO_CAPITAL if view.get("solo") else 0)


def _cultures() -> Any | None:
    """The shared culture facts (public: buyers, passengers), when present."""
    try:
        return load_cultures()
    except (ImportError, AttributeError):
        return None


def _buyers(seller: str) -> list[str]:
    facts = _cultures()
    if facts is None:
        return []
    try:
        return list(facts.buyers(seller))
    except KeyError:
        return []


def _destination(token: str) -> str | None:
    """A passenger token's destination culture (or "base"); None for anything else."""
    facts = _cultures()
    if facts is None:
        return None
    try:
        return str(facts.passenger(token).destination)
    except (KeyError, AttributeError):
        return None


def _goods(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every goods token on sale in the markets view, by id."""
    out: dict[str, dict[str, Any]] = {}
    for market in (view.get("markets") or {}).values():
        if isinstance(market, dict):
            for g in market.get("goods", []):
                if isinstance(g, dict) and "id" in g:
                    out[g["id"]] = g
    return out


def _engage_worth(view: dict[str, Any], me: dict[str, Any], attribute: str) -> float:
    """"Winning a Pirate Engagement": the odds of a win with ``attribute`` (the view's
    ``engage_odds``) times what that win brings. A loss costs the same whatever is chosen
    ("Losing a Pirate Engagement"), so only the win's worth differs: a laser win defeats
    the pirate (c20 and a fame per infamy token under it, a Reward card, and Pirate Hunter
    or a challenge of pirates defeated done); a shield win gives two fame; a pilot win
    movement points."""
    cards = view.get("cards") or {}
    odds = float((cards.get("engage_odds") or {}).get(attribute, 0.0))
    if attribute == "laser":
        ask = view.get("pending") or {}
        space = str((ask.get("detail") or {}).get("space", me.get("space", "")))
        infamy = int(((cards.get("tokens") or {}).get(space) or {}).get("infamy", 0))
        worth = PIRATE_REWARD + infamy * (20 + FAME_WORTH)
        if _wants_pirate_defeat(view, me):
            worth += 60
    elif attribute == "shield":
        worth = 2 * FAME_WORTH + (30 if "fame" in _solo_needs(view) else 0)
    else:
        worth = 4.0 * me.get("pilot_level", 1)
    return odds * worth


def _wants_pirate_defeat(view: dict[str, Any], me: dict[str, Any]) -> bool:
    """An active Pirate Hunter mission or an open Challenge card asking for pirates
    defeated (a need ``solo.NEEDS`` measures; none of our cards asks it now)."""
    if "pirate-hunter" in (me.get("missions") or []):
        return True
    return "pirates_defeated" in _solo_needs(view)


def _solo_needs(view: dict[str, Any]) -> set[str]:
    """What the open Challenge cards still ask for, by kind of need ("fame" for any fame
    need)."""
    needs = (str(spec.get("need", "")) for spec in _open_challenges(view))
    return {"fame" if "fame" in need else need for need in needs}


def _spaceport_worth_it(view: dict[str, Any], me: dict[str, Any], spare: int = 0) -> bool:
    """A merchant spaceport pays: c200 back at the end ("End of the Game" 1) and c10 for each
    trade made there ("Trading on Merchant Spaceports"); it costs capital, so only with
    working credits left, rounds to earn in, and not more than a few, more in the last
    rounds (their credits come back, and the trades left need less capital). Never in the
    solo challenge: no challenge asks for one, its credits come back only at the end, and a
    fee unpaid before then loses the game."""
    if view.get("solo"):
        return False
    owned = sum(1 for owner in ((view.get("trade") or {}).get("spaceports") or {}).values()
                if owner == me.get("seat"))
    rounds_left = int(view.get("last_round", 30)) - int(view.get("round", 0))
    return (me.get("credits", 0) + spare >= SPACEPORT_COST + SPACEPORT_WORKING + _reserve(view)
            and rounds_left >= SPACEPORT_LAST
            and owned < (SPACEPORTS_LATE if rounds_left <= SPACEPORTS_LATE_ROUNDS
                         else SPACEPORTS_MAX))


def _saving_for_spaceport(view: dict[str, Any], me: dict[str, Any]) -> bool:
    """During First Contact or Transaction on a surface city with an empty orbit space joined
    to it: build this turn rather than buy ("Merchant Spaceport Phase": a buy action forbids
    the build)."""
    turn = view.get("turn") or {}
    if turn.get("phase") not in ("first_contact", "transaction") or turn.get("seat") not in (
            None, me.get("seat")):
        return False
    space = str(me.get("space", ""))
    if places.landing(space) != "city":
        return False
    board = places._board()
    if board is None:
        return False
    taken = set((view.get("trade") or {}).get("spaceports") or {})
    if not [o for o in board.orbits_of_city(space) if o not in taken]:
        return False
    return _spaceport_worth_it(view, me)


def _landings(view: dict[str, Any], system: str) -> list[str]:
    """A system's surface cities and spaceports, with the merchant spaceports built there."""
    built = [s for s in ((view.get("trade") or {}).get("spaceports") or {})
             if places.system_of(s) == system]
    return [s for s in places.landings_in(system)
            if places.landing_seen(view, s) != "asteroid"] + built


def _tokens_to_spare(me: dict[str, Any]) -> bool:
    """"Drills": the drill tokens are the merchant spaceport tokens' backs (12 each); a drill
    is placed while at least four would be left for merchant spaceports."""
    used = len(me.get("spaceports") or []) + len(me.get("drills") or [])
    return TOKENS_PER_PLAYER - used > 4
