"""How the bots answer the optional rules' prompts (15 combat, 16 Rastur), from the view.

The trader is a merchant, not a pirate: it never blasts pawns or buys thefts. It blasts a
Penalty marker (a Rastur, an enemy Fort, a "?" Penalty) when the odds and the reward are
good (15.42: 10 x die + firepower against 10 x die + the marker's number), pays a Penalty to
get that chance (15.411), always fires back with everything when blasted (15.43), takes the
best Goods or the most valuable Hull marker with a hit (15.431), keeps a rolled "1"
(16.21) unless its Mulligan Gear can reroll it away, and puts the Rastur it draws near
itself when it can blast it at a profit, else on a rival's Spaceport, or as far from itself
as it can (16.23). A Rastur's kill is worth more as the Active pool empties against the
leader's progress (``rastur_pressure``, 16.5); Lasers are bought only towards a stack that
can win a blast (``KILL_FIREPOWER``), Shields (8.3) once it can. In a Rastur game it arms itself
(up to ``MAX_LASERS`` Lasers and ``MAX_NOVAS`` Nova Balls) and hunts a Rastur whose odds pay
(``rastur_hunt``: the Bank pays its strength, and a Rastur sent back to the pool delays the
Rastur's win, 16.3, 16.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.kernel import Command
from engine.venus import commands as c
from engine.venus.board import load_board
from engine.venus.components import load_components

from .knowledge import Knowledge  # the trader's distances (MP, Drives, Penalties)

COMPS = load_components()
COMBAT_PROMPTS = {"defend", "pack", "hit", "place_rastur", "draw_rastur"}
LOST_TURN = 40.0  # what losing the rest of a turn costs, in the bot's dollars
RASTUR_BONUS = 90.0  # a Rastur sent back to the pool delays the Rastur's win (16.5): the clock
PRESSURE_BONUS = 120.0  # more for each unit of ``rastur_pressure`` (the clock running short)
MAX_PRESSURE = 3.0
DRAWS_PER_TURN = 0.35  # 16.2: a "1" among 2-3 movement dice (0.31-0.42) or an attack's die
PACE_FLOOR = 20.0  # the slowest Net Worth gain a round assumed when estimating the pace
NOVA_PRICE = 20.0  # a Nova Ball fired goes back to the Bank (15.32)
MAX_LASERS = 4  # Equipment Lasers a trader carries in a Rastur game (one on the Hull)
MAX_NOVAS = 2  # Nova Balls it keeps stocked (one on the Hull)
KILL_FIREPOWER = 60  # firepower that wins a blast against the weakest Rastur (42%, 15.42)
SHIELD_FIREPOWER = 60  # Shields are bought once the ship can win a blast (15.42)
MAX_SHIELDS = 3  # Equipment Shields in a Rastur game (one on the Hull, 8.3)
HUNT_REACH = 10  # dots away a drawn Rastur is put to be hunted (a typical roll's reach)
MIN_CASH_AFTER = 60  # cash kept after paying a Rastur's penalty to blast it


def win_chance(firepower: int, strength: int) -> float:
    """15.42: P(10a + firepower > 10b + strength) for two fair dice."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7)
               if 10 * a + firepower > 10 * b + strength)
    return wins / 36


def firepower(fire: Sequence[str]) -> int:
    return sum(COMPS.equipment_item("laser" if f.startswith("relic:") else f.split(":")[1])
               .firepower for f in fire)


def strength_of(view: dict[str, Any], dot: str, target: str) -> int | None:
    if target == "rastur":
        return int(view.get("rastur", {}).get(dot, 0))
    if target == "fort":
        return COMPS.fort.penalty
    if target == "marker":
        return int(view["qboxes"].get(dot, {}).get("amount", 0))
    return None


def blast_value(view: dict[str, Any], dot: str, blast: c.Blast) -> float | None:
    strength = strength_of(view, dot, blast.target)
    if strength is None:
        return None  # a pawn: the trader does not attack merchants
    return odds_value(firepower(blast.fire), strength, blast.target,
                      blast.fire.count("equipment:nova_ball"), rastur_bonus(view))


def rastur_pressure(view: dict[str, Any]) -> float:
    """16.5: how short the Rastur's clock is against the players' progress: the rounds the
    leader still needs to reach the target (at the best pace so far) over the rounds the
    Active pool lasts at ``DRAWS_PER_TURN`` draws a turn (16.2). Above 1 the Rastur win
    before anyone reaches the target, unless Rastur go back to the pool."""
    if not view["options"].get("rastur"):
        return 0.0
    players = view["players"]
    rounds = max(1, int(view.get("round") or 1))
    best = max(p["net_worth"] for p in players)
    pace = max(PACE_FLOOR, max(p["net_worth"] for p in players) / rounds)
    needed = max(0.0, view["target"] - best) / pace
    left = int(view.get("rastur_pool") or 0) / (DRAWS_PER_TURN * len(players))
    return needed / max(0.5, left)


def rastur_bonus(view: dict[str, Any]) -> float:
    """What one Rastur sent back to the pool is worth to every seat (16.3, 16.5): a shared
    clock, so the more it runs short the more a kill is worth."""
    return RASTUR_BONUS + PRESSURE_BONUS * min(MAX_PRESSURE, rastur_pressure(view))


def odds_value(power: int, strength: int, target: str, novas: int,
               bonus: float = RASTUR_BONUS) -> float | None:
    """What an attack is worth once its penalty is paid: the Bank pays the strength (16.3,
    15.44), a Rastur goes back to the pool (the Rastur's clock, 16.5: ``bonus``), a lost
    attack ends the turn (15.212)."""
    p = win_chance(power, strength)
    spent = NOVA_PRICE * novas
    if target == "rastur":
        if p < 0.25:
            return None
        return p * (strength + bonus) - (1 - p) * LOST_TURN - spent
    if p < 0.5:
        return None
    return p * strength - (1 - p) * LOST_TURN - spent


def my_weapons(me: dict[str, Any]) -> list[str]:
    """The seat's working weapons, as ``Blast.fire`` names them (15.32, 15.432)."""
    weapons = [f"equipment:{e}" for e in me["equipment"] if e in ("laser", "nova_ball")]
    for key in me.get("damaged", []):
        if f"equipment:{key}" in weapons:
            weapons.remove(f"equipment:{key}")
    if "laser" in me["relics"]:
        weapons.append("relic:laser")
    return weapons


def rastur_hunt(view: dict[str, Any], seat: int, dot: str) -> float | None:
    """What reaching the Rastur on ``dot`` and blasting it is worth to this seat (the best of
    firing everything or keeping the Nova Balls); None when the odds are poor."""
    strength = view.get("rastur", {}).get(dot)
    if strength is None or not view["options"].get("combat"):
        return None
    weapons = my_weapons(view["players"][seat])
    if not weapons:
        return None
    novas = weapons.count("equipment:nova_ball")
    bonus = rastur_bonus(view)
    best = odds_value(firepower(weapons), int(strength), "rastur", novas, bonus)
    keep = [w for w in weapons if w != "equipment:nova_ball"]
    if keep and novas:
        other = odds_value(firepower(keep), int(strength), "rastur", 0, bonus)
        if other is not None and (best is None or other > best):
            best = other
    return best


def rastur_due(view: dict[str, Any], seat: int, dot: str) -> int:
    """16.3, 15.411: the penalty paid before blasting the Rastur on ``dot``, less $20 per
    Shield (8.3; a damaged one saves nothing, 15.432)."""
    me = view["players"][seat]
    shields = me["equipment"].count("shield") - me.get("damaged", []).count("shield")
    shields += me["relics"].count("shield")
    return max(0, int(view.get("rastur", {}).get(dot, 0)) - 20 * shields)


def rastur_trip(view: dict[str, Any], seat: int, dot: str) -> float | None:
    """What going to the Rastur on ``dot``, paying it (15.411) and blasting it is worth."""
    value = rastur_hunt(view, seat, dot)
    if value is None:
        return None
    due = rastur_due(view, seat, dot)
    if view["players"][seat]["cash"] - due < MIN_CASH_AFTER:
        return None
    return value - due


def choose_blast(view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
    dot = view["players"][seat]["dot"]
    best: tuple[float, str, Command] | None = None
    for a in legal:
        if isinstance(a, c.Blast):
            value = blast_value(view, dot, a)
            if value is not None and value > 0:
                key = (value, f"{a.target}{a.fire}", a)
                if best is None or key[:2] > best[:2]:
                    best = key
    return best[2] if best else None


def pay_to_blast(view: dict[str, Any], legal: Sequence[Command], seat: int,
                 detail: dict[str, Any]) -> bool:
    """15.411: pay the penalty when the blast after it is a good bet."""
    if c.PayPenalty() not in legal or not view["options"].get("combat"):
        return False
    me = view["players"][seat]
    due = int(detail.get("amount") or 0)
    if me["cash"] - due < MIN_CASH_AFTER:
        return False
    dot = me["dot"]
    weapons = my_weapons(me)
    if not weapons:
        return False
    for target in ("rastur", "fort", "marker"):
        strength = strength_of(view, dot, target)
        if target == "rastur":
            value = rastur_hunt(view, seat, dot)
            if value is not None and value > due:
                return True
            continue
        if target == "fort" and view.get("forts", {}).get(dot, seat) == seat:
            continue
        if target == "marker" and view["qboxes"].get(dot, {}).get("kind") != "penalty":
            continue
        if strength is not None and win_chance(firepower(weapons), strength) >= 0.6:
            return True
    return False


def arming_urge(view: dict[str, Any]) -> float:
    """16.5: Lasers are worth more the shorter the Rastur's clock (1 to 2)."""
    return 1.0 + min(2.0, rastur_pressure(view)) / 2


def weapon_value(view: dict[str, Any], seat: int, key: str) -> float | None:
    """Lasers and Nova Balls in a Rastur game (15.3, 16.3): the Rastur are the game's clock
    and the Bank pays their strength, so a trader arms itself to blast them."""
    me = view["players"][seat]
    if not view["options"].get("rastur") or not view["options"].get("combat"):
        return None
    lasers = me["equipment"].count("laser")
    novas = me["equipment"].count("nova_ball")
    cash = me["cash"]
    if key == "laser" and lasers < MAX_LASERS:
        fire = firepower(my_weapons(me))
        if fire + 20 < KILL_FIREPOWER and cash < (KILL_FIREPOWER - fire) * 5 + 60:
            return None  # 15.42: a Laser or two alone win no blast (p < 3% against 60)
        return (120.0 - 15 * lasers) * arming_urge(view) if cash >= 110 + 30 * lasers \
            else None
    if key == "nova_ball" and (lasers or "laser" in me["relics"]) and novas < MAX_NOVAS:
        return 60.0 - 10 * novas if cash >= 60 else None
    return None


def shield_value(view: dict[str, Any], seat: int) -> float | None:
    """8.3, 15.411, 16.3: in a Rastur game every Shield takes $20 off each Rastur's penalty
    paid before blasting it (and off every printed Penalty), while the Bank pays the full
    strength for a kill: with a few Shields hunting the Rastur pays for itself."""
    if not view["options"].get("rastur") or not view["options"].get("combat"):
        return None
    me = view["players"][seat]
    shields = me["equipment"].count("shield")
    if shields >= MAX_SHIELDS or firepower(my_weapons(me)) < SHIELD_FIREPOWER:
        return None
    return (70.0 - 10 * shields) if me["cash"] >= 140 + 40 * shields else None


def answer(prompt: str, view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command:
    if prompt == "defend":  # 15.43: fire everything back
        backs = [a for a in legal if isinstance(a, c.FireBack)]
        return max(backs, key=lambda a: (len(a.fire), a.fire))
    if prompt == "pack":
        return _pack(legal)
    if prompt == "hit":
        return _hit(view, legal)
    if prompt == "place_rastur":
        return _place(view, legal, seat)
    if prompt == "draw_rastur":  # 16.21: the Mulligan Gear rerolls the "1" away
        dice = list((view.get("turn") or {}).get("dice") or [])
        for a in legal:
            if isinstance(a, c.Reroll) and (not dice or (a.die < len(dice) and dice[a.die] == 1)):
                return a
        return c.DrawRastur() if c.DrawRastur() in legal else legal[0]
    return legal[0]


def _item_value(item: str) -> float:
    kind, key = item.split(":", 1)
    if kind in ("goods", "factory_goods"):
        info = COMPS.culture(key)
        return float(info.goods.payoff if kind == "goods" else info.factory.cost)
    if kind == "equipment":
        return float(COMPS.equipment_item(key).cost)
    if kind == "relic":
        return float(COMPS.relic(key).price)
    return 0.0


def _pack(legal: Sequence[Command]) -> Command:
    """15.431 with 3.431: spread the markers over as many Holds as the ship has free, the
    most valuable ones alone, so that one hit damages as little as possible."""
    packs = [a for a in legal if isinstance(a, c.PackHolds)]

    def worst_hold(a: c.PackHolds) -> tuple[float, int]:
        value = max((sum(_token_value(t) for t in hold) for hold in a.holds), default=0.0)
        return value, -len(a.holds)

    return min(packs, key=worst_hold) if packs else legal[0]


def _token_value(token: str) -> float:
    """A packed marker's worth: a Fare's fare, a working piece's cost, a damaged one's 0."""
    kind, key = token.split(":", 1)
    if kind == "equipment":
        return _item_value(token)
    if kind == "fare":
        return 100.0  # a Fare lost to the cup: roughly a fare's worth
    return 0.0


def _hit(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """15.431: the richest Goods claimed, else the most valuable Hull marker."""
    turn = view.get("turn") or {}
    attack = turn.get("attack") or {}
    victim = view["players"][attack.get("victim", 0)]
    best: tuple[float, str, Command] | None = None
    for a in legal:
        if not isinstance(a, c.ChooseHit):
            continue
        if a.hull is not None:
            value = _item_value(a.hull)
        elif a.claim and a.hold is not None and a.hold < len(victim["goods"]):
            value = _item_value(victim["goods"][a.hold]) * 1.5 - sum(
                _item_value(j) for j in a.jettison)
        else:
            value = 0.0
        key = (value, a.model_dump_json(), a)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2]


def _place(view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command:
    """16.23: near itself when it can blast the Rastur at a profit (``_hunt_place``), else
    on a rival's Spaceport (the richest rival's first), else far from itself."""
    near = _hunt_place(view, legal, seat)
    if near is not None:
        return near
    board = load_board(view["edition"])
    me = view["players"][seat]
    here = board.dots[me["dot"]].at
    ports: dict[str, int] = view["spaceports"]
    worth = {p["seat"]: p["net_worth"] for p in view["players"]}

    def score(a: c.PlaceRastur) -> tuple[float, str]:
        owner = ports.get(a.dot)
        if owner == seat:
            return (-1e6, a.dot)
        value = 0.0
        if owner is not None:
            value += 1000 + worth.get(owner, 0)
        at = board.dots[a.dot].at
        value += ((at.x - here.x) ** 2 + (at.y - here.y) ** 2) ** 0.5
        return (value, a.dot)

    places = [a for a in legal if isinstance(a, c.PlaceRastur)]
    return max(places, key=score) if places else legal[0]


def _hunt_place(view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
    """16.23, 16.3: an armed seat puts the Rastur it drew on the nearest site it can enter
    (not its own dot: 15.41), to pay, blast it and collect its strength this turn or next,
    when that attack is worth its penalty; never on its own Spaceport."""
    strength = view.get("rastur_hand")
    me = view["players"][seat]
    weapons = my_weapons(me)
    if strength is None or not weapons or not view["options"].get("combat"):
        return None
    shields = me["equipment"].count("shield") + me["relics"].count("shield")
    due = max(0, int(strength) - 20 * shields)
    value = odds_value(firepower(weapons), int(strength), "rastur",
                       weapons.count("equipment:nova_ball"), rastur_bonus(view))
    if value is None or value <= due or me["cash"] - due < MIN_CASH_AFTER:
        return None
    paths = Knowledge(view, seat).dist_from(me["dot"])
    ports: dict[str, int] = view["spaceports"]
    places = [a for a in legal if isinstance(a, c.PlaceRastur) and a.dot != me["dot"]
              and ports.get(a.dot) != seat and paths.get(a.dot, 99) <= HUNT_REACH]
    if not places:
        return None
    return min(places, key=lambda a: (paths.get(a.dot, 99), ports.get(a.dot) is None, a.dot))
