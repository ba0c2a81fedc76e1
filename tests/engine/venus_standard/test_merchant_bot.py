"""The ``merchant`` bot (engine/venus_standard/bot.py): it reads only a view and the legal
commands; it sells first, buys the widest margin it can pay for (First Contact credits
included), never lands on an asteroid to end its turn, and plays whole games with no
refused command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest

from engine.bots.simulate import drive
from engine.kernel import Command, Game
from engine.venus_standard.bot import Merchant
from engine.venus_standard.commands import EndPhase
from engine.venus_standard.definition import GAME
from engine.venus_standard.helm_commands import Land
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState
from engine.venus_standard.tech_abilities import UseWaveEmitter
from engine.venus_standard.trading import BuyEquipment, BuyGoods, BuyTechnology, SellGoods


def view_with(credits: int, goods: list[dict[str, Any]], iou: int = 0,
              at: str = "galactic-base") -> dict[str, Any]:
    return {"players": [{"seat": 0, "credits": credits, "cargo": [], "space": at}],
            "markets": {"zum": {"goods": goods, "iou": iou, "discoverer": 0}},
            "discovered": {}, "first_contact_face_down": [], "movement": {"at": at}}


GOODS = [{"id": "zum:g1", "cost": 40, "resale": [50, 60, 70]},
         {"id": "zum:g2", "cost": 90, "resale": [100, 140, 190]}]


def choose(view: dict[str, Any], legal: list[Command]) -> Command:
    return Merchant("t").choose(view, legal, seat=0, seq=1)


def test_it_sells_before_anything_else() -> None:
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g1"), SellGoods(token="x:g1")]
    assert choose(view_with(500, GOODS), legal) == SellGoods(token="x:g1")


def test_it_buys_the_widest_margin_it_can_pay_for() -> None:
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g1"), BuyGoods(token="zum:g2")]
    assert choose(view_with(500, GOODS), legal) == BuyGoods(token="zum:g2")
    assert choose(view_with(60, GOODS), legal) == BuyGoods(token="zum:g1")
    assert choose(view_with(20, GOODS), legal) == EndPhase()


def test_first_contact_credits_count_for_the_discoverer() -> None:
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2")]
    assert choose(view_with(20, GOODS, iou=80), legal) == BuyGoods(token="zum:g2")


def test_it_lands_where_it_can_trade_not_on_other_spaces() -> None:
    legal: list[Command] = [Land(), EndPhase()]
    assert choose(view_with(0, [], at="galactic-base"), legal) == Land()
    assert choose(view_with(0, [], at="somewhere-in-space"), legal) == EndPhase()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_merchants_play_whole_games_with_no_refused_command(n: int) -> None:
    game: Game[StandardState] = Game.start(ruleset, {}, [f"m{i}" for i in range(n)],
                                           seed=f"merchant{n}")
    commands, fallbacks = drive(game, [GAME.make_bot("merchant", f"s{i}") for i in range(n)],
                                f"merchant{n}", 300)
    assert fallbacks == 0 and commands > 0
    assert game.state.stage == "over" and game.state.round == 30


def test_in_a_solo_challenge_it_keeps_the_coming_fees() -> None:
    """"Challenges": a round begun without the fees loses the game, so the merchant keeps
    twice the fees of the cards active or due within two rounds."""
    view = view_with(100, GOODS)
    view["round"] = 5
    view["solo"] = {"cards": ["a", "b"], "rounds": {"a": 3, "b": 6}, "fees": {"a": 10, "b": 20},
                    "completed": [], "active": ["a"]}
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g1")]
    assert choose(view, legal) == EndPhase()  # c100 - c40 < c5 + 2 x (c10 + c20)
    view["players"][0]["credits"] = 120
    assert choose(view, legal) == BuyGoods(token="zum:g1")


class Step(Command):
    type: Literal["Step"] = "Step"
    to: str


def charted(monkeypatch: pytest.MonkeyPatch, far: Callable[[str], dict[str, int]]) -> None:
    """A made-up board: the course after a step to a space, or from a space, is ``far``'s."""
    from engine.venus_standard import course

    monkeypatch.setattr(course, "after_step", lambda at, came, to, *a, **k: far(to))
    monkeypatch.setattr(course, "from_space", lambda at, came, *a, **k: far(at))


def cities_only(monkeypatch: pytest.MonkeyPatch, missions: bool = False) -> None:
    """Each system's one landing its city (and, with ``missions``, its missions' one space)."""
    from engine.venus_standard import places

    monkeypatch.setattr(places, "landings_in", lambda system: [f"{system}.city"])
    if missions:
        monkeypatch.setattr(places, "mission_spaces", lambda system: [f"{system}.city"])
    monkeypatch.setattr(places, "landing", lambda space: "city" if space.endswith(".city")
                        else None)


def _landing_again_or_a_step(monkeypatch: pytest.MonkeyPatch, east: int, west: int) -> Command:
    """What the merchant plays on the Home System's city with a mission for the Jungle
    World, ``east`` points away by the east exit and ``west`` by the west, when the only
    landing in reach is the city it is on, with nothing to do there."""
    cities_only(monkeypatch)
    charted(monkeypatch, lambda start: {"jungle.city": east if start == "east" else west})
    view = view_with(0, [], at="home.city")
    view["cards"] = {"mission_tokens": {"0": ["jungle"]}}
    view["movement"]["reach"] = [{"space": "home.city", "end": "land",
                                  "path": ["west", "home.city"]}]
    legal: list[Command] = [Step(to="west"), Step(to="east")]
    return choose(view, legal)


def test_beyond_reach_it_steps_toward_its_missions_destination(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Missions: the mission token marks the destination; with no landing in reach the
    merchant takes the step nearer to it by the ship's course."""
    from engine.venus_standard import places

    monkeypatch.setattr(places, "landings_in", lambda system: [f"{system}.city"])
    charted(monkeypatch, lambda start: {"jungle.city": 2 if start == "east" else 9})
    view = view_with(0, [], at="deep")
    view["cards"] = {"mission_tokens": {"0": ["jungle"]}}
    legal: list[Command] = [Step(to="west"), Step(to="east")]
    assert choose(view, legal) == Step(to="east")
    view["cards"] = {"mission_tokens": {"0": []}}
    view["players"][0]["credits"] = 0
    assert choose(view, [Step(to="west"), Step(to="east")]) in legal  # no goal: any way


def test_in_a_solo_challenge_it_buys_what_an_open_challenge_asks_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A challenge "raise your laser to 4": the merchant buys lasers, not shields."""
    from engine.venus_standard import solo

    monkeypatch.setattr(solo, "challenge_cards", lambda: {"sabotage": {
        "challenge": {"need": "attribute", "attribute": "laser", "at_least": 4}}})
    view = view_with(200, [])
    view["players"][0]["laser"] = 2
    view["solo"] = {"cards": ["sabotage"], "rounds": {"sabotage": 9}, "fees": {"sabotage": 10},
                    "completed": [], "active": []}
    legal: list[Command] = [EndPhase(), BuyEquipment(equipment="shield"),
                            BuyEquipment(equipment="laser")]
    assert choose(view, legal) == BuyEquipment(equipment="laser")
    view["solo"]["completed"] = ["sabotage"]
    assert choose(view, legal) == EndPhase()


def test_a_landing_with_nothing_to_do_does_not_beat_a_far_goal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"End Movement": the only landing in reach is the city the ship left, with nothing to
    trade or complete there; the merchant steps toward its mission's destination instead
    of circling back to land where it was (a solo game once did so for fifteen rounds)."""
    assert _landing_again_or_a_step(monkeypatch, east=2, west=9) == Step(to="east")


def test_in_a_solo_challenge_it_keeps_reward_cards_an_open_challenge_counts() -> None:
    """A c50 trade-in ("Rewards") unless an open Challenge card asks for Reward cards
    (ours: Collector, "own two Reward cards")."""
    from engine.venus_standard.card_rules import KeepReward

    legal: list[Command] = [KeepReward(keep=True), KeepReward(keep=False)]
    view = view_with(100, [])
    assert choose(view, legal) == KeepReward(keep=False)
    view["solo"] = {"cards": ["collector"], "rounds": {"collector": 19},
                    "fees": {"collector": 10}, "completed": [], "active": []}
    assert choose(view, legal) == KeepReward(keep=True)


class PickUpPassenger(Command):
    type: Literal["PickUpPassenger"] = "PickUpPassenger"
    passenger: str


class DropOffPassenger(Command):
    type: Literal["DropOffPassenger"] = "DropOffPassenger"
    passenger: str


def test_it_plans_what_an_active_missions_objective_asks() -> None:
    """"Missions": Pirate Hunter (ours) is met in the War-Torn System with a laser of 3, so
    the merchant buys a laser; Moon Envoy with a passenger aboard, so it takes any passenger
    (a destination it does not know) and keeps its last one until the mission is done."""
    view = view_with(200, [])
    view["players"][0]["laser"] = 2
    legal: list[Command] = [EndPhase(), BuyEquipment(equipment="shield"),
                            BuyEquipment(equipment="laser")]
    assert choose(view, legal) == EndPhase()
    view["players"][0]["missions"] = ["pirate-hunter"]
    assert choose(view, legal) == BuyEquipment(equipment="laser")
    view["players"][0]["laser"] = 3
    assert choose(view, legal) == EndPhase()
    pick: list[Command] = [EndPhase(), PickUpPassenger(passenger="arms_dealer")]
    assert choose(view, pick) == EndPhase()  # Qossuth not discovered: not worth a hold
    view["players"][0]["missions"] = ["moon-envoy"]
    assert choose(view, pick) == PickUpPassenger(passenger="arms_dealer")
    view["players"][0]["cargo"] = ["arms_dealer"]
    drop: list[Command] = [EndPhase(), DropOffPassenger(passenger="arms_dealer")]
    assert choose(view, drop) == EndPhase()
    view["players"][0]["missions"] = []
    assert choose(view, drop) == DropOffPassenger(passenger="arms_dealer")


def test_in_a_solo_challenge_it_buys_no_goods_without_a_buyer_met() -> None:
    """"Challenges": a round begun without the fees loses the game, so a lone ship keeps its
    credits rather than tie them up in goods no discovered culture buys (Zum's goods sell
    to Eeepeeep, Whynoms, Cholos and Wollow, not to the Dell met so far)."""
    view = view_with(200, GOODS)
    view["discovered"] = {"desert-planet": "dell"}
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2")]
    assert choose(view, legal) == BuyGoods(token="zum:g2")  # the standard game buys anyway
    view["solo"] = {"cards": [], "rounds": {}, "fees": {}, "completed": [], "active": []}
    assert choose(view, legal) == EndPhase()
    view["discovered"] = {"desert-planet": "eeepeeep"}
    assert choose(view, legal) == BuyGoods(token="zum:g2")


class SkipMovement(Command):
    type: Literal["SkipMovement"] = "SkipMovement"


class RollSpeed(Command):
    type: Literal["RollSpeed"] = "RollSpeed"


def test_movement_phase_it_stays_put_where_the_culture_buys_cargo_still_aboard() -> None:
    """"Important Exception": a ship that landed on a surface city sells one goods token;
    "Movement Phase": skipping it on a surface city goes to a Transaction phase of unlimited
    sell actions (the Selling Goods Example). Zum's goods sell to the Cholos, not the Dell."""
    view = view_with(100, [], at="desert-planet.city")
    view["discovered"] = {"desert-planet": "cholos"}
    view["players"][0]["cargo"] = ["zum:g1", "zum:g2"]
    legal: list[Command] = [SkipMovement(), RollSpeed()]
    assert choose(view, legal) == SkipMovement()
    view["discovered"] = {"desert-planet": "dell"}
    assert choose(view, legal) == RollSpeed()
    view["discovered"] = {"desert-planet": "cholos"}
    view["players"][0]["cargo"] = []
    assert choose(view, legal) == RollSpeed()


def test_movement_phase_it_stays_put_to_buy_more_goods_than_a_landing_allows() -> None:
    """"Important Exception": a ship that landed on a surface city makes one buy action; a
    skipped Movement phase allows any number ("Movement Phase"). On the Desert Planet's
    city, the Zum market there (its goods sell to the Cholos, met), the merchant stays with
    room and credits for two of the goods or more; not with credits for one, nor with its
    holds full."""
    view = view_with(200, GOODS, at="desert-planet.city")
    view["discovered"] = {"desert-planet": "zum", "jungle-world": "cholos"}
    legal: list[Command] = [SkipMovement(), RollSpeed()]
    assert choose(view, legal) == SkipMovement()
    view["players"][0]["credits"] = 100  # c90 and c40: one of them and the reserve
    assert choose(view, legal) == RollSpeed()
    view["players"][0]["credits"] = 200
    view["players"][0]["cargo"] = ["zum:g3", "zum:g4", "zum:g5"]  # room for one
    assert choose(view, legal) == RollSpeed()


def test_a_market_that_buys_nothing_aboard_is_no_goal_for_a_full_ship() -> None:
    """"Capacity": with both holds full of goods no discovered culture buys, a discovered
    market is nothing to land for (a full ship once landed on the city it had left, round
    after round); a face-down First Contact card is, where a buyer may be met. With an
    empty hold and credits, the market's goods it can pay for are."""
    view = view_with(300, [], at="desert-planet.5")
    view["discovered"] = {"desert-planet": "dell"}
    view["first_contact_face_down"] = ["jungle-world"]
    view["players"][0]["cargo"] = ["zum:g1", "zum:g2", "zum:g3", "zum:g4"]  # one dot each
    view["players"][0]["missions"] = []
    me = view["players"][0]
    goals = Merchant("t")._goals(view, me)
    assert "desert-planet.city" not in goals and goals["jungle-world.city"] > 0
    me["cargo"] = ["zum:g1", "zum:g2"]
    view["markets"]["dell"] = {"goods": [{"id": "dell:g1", "cost": 10}]}
    assert Merchant("t")._goals(view, me)["desert-planet.city"] > 0


def test_missions_as_the_game_ends_it_heads_for_a_ready_missions_destination(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"End of the Game": only completed missions count. Colony Charter (ours: land on the
    Colony World) is met on landing there; early on a landing in reach with something to do
    comes first, in the last rounds the step toward the destination, and the landing there
    comes before any other."""
    cities_only(monkeypatch, missions=True)
    charted(monkeypatch, lambda start: {"colony-world.city": 2 if start == "east" else 12})
    view = view_with(0, [], at="deep")
    view["players"][0]["missions"] = ["colony-charter"]
    view["cards"] = {"mission_tokens": {"0": ["colony-world"]}}
    view["first_contact_face_down"] = ["home"]  # something to do at home.city
    view["movement"]["reach"] = [{"space": "home.city", "end": "land",
                                  "path": ["west", "home.city"]}]
    legal: list[Command] = [Step(to="west"), Step(to="east")]
    view["round"], view["last_round"] = 10, 30
    assert choose(view, legal) == Step(to="west")
    view["round"] = 26  # 4 rounds left: 12 spaces take about 2.4, 3 rounds to spare
    assert choose(view, legal) == Step(to="east")
    view["players"][0]["missions"] = ["desert-water"]  # a delivery with nothing to deliver
    view["cards"] = {"mission_tokens": {"0": ["desert-planet"]}}
    assert choose(view, legal) == Step(to="west")
    view["players"][0]["missions"] = ["colony-charter"]
    view["movement"]["at"] = view["players"][0]["space"] = "colony-world.city"
    view["movement"]["reach"] = []
    assert choose(view, [Land(), Step(to="east")]) == Land()


def test_as_the_game_ends_it_heads_for_a_buyer_of_its_cargo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"End of the Game": goods tokens aboard score nothing. With Zum goods aboard and the
    Wollow (their buyers: "Sell Actions") met on the Jungle World, early on a landing in
    reach with something to do comes first; in the last rounds the step toward the buyer,
    and a ready mission's destination before it."""
    cities_only(monkeypatch, missions=True)
    charted(monkeypatch, lambda start: {"jungle.city": 2 if start == "east" else 6,
                                        "colony-world.city": 3 if start == "west" else 12})
    view = view_with(0, [], at="deep")
    view["players"][0]["cargo"] = ["zum:g1"]
    view["discovered"] = {"jungle": "wollow"}
    view["first_contact_face_down"] = ["home"]  # something to do at home.city
    view["movement"]["reach"] = [{"space": "home.city", "end": "land",
                                  "path": ["west", "home.city"]}]
    legal: list[Command] = [Step(to="west"), Step(to="east")]
    view["round"], view["last_round"] = 10, 30
    assert choose(view, legal) == Step(to="west")
    view["round"] = 27  # 3 rounds left: 6 spaces take about 1.2, 3 rounds to spare
    assert choose(view, legal) == Step(to="east")
    view["players"][0]["missions"] = ["colony-charter"]  # ready: land on the Colony World
    view["cards"] = {"mission_tokens": {"0": ["colony-world"]}}
    assert choose(view, legal) == Step(to="west")


@pytest.mark.parametrize("port", ["west", "east"])
def test_important_exception_it_lands_on_a_spaceport_to_trade_more_than_once(
        monkeypatch: pytest.MonkeyPatch, port: str) -> None:
    """"Important Exception": a landing on a surface city allows one buy and one sell action,
    on a spaceport any number. With two Zum goods tokens aboard and the Wollow (their buyers)
    on the Jungle World, whose city and spaceport are both in reach, the merchant heads for
    the spaceport, whichever way it lies."""
    from engine.venus_standard import places

    monkeypatch.setattr(places, "landings_in", lambda system: [f"{system}.city",
                                                               f"{system}.port"])
    monkeypatch.setattr(places, "landing", lambda space: {"city": "city", "port": "spaceport"}
                        .get(space.rpartition(".")[2]))
    charted(monkeypatch, lambda start: {})
    view = view_with(0, [], at="deep")
    view["players"][0]["cargo"] = ["zum:g1", "zum:g2"]
    view["discovered"] = {"jungle": "wollow"}
    city = "east" if port == "west" else "west"
    view["movement"]["reach"] = [
        {"space": "jungle.port", "end": "land", "path": [port, "jungle.port"]},
        {"space": "jungle.city", "end": "land", "path": [city, "jungle.city"]}]
    assert choose(view, [Step(to="west"), Step(to="east")]) == Step(to=port)


def test_spare_credits_buy_what_is_offered_but_not_for_the_search() -> None:
    """With c400 or more the merchant buys equipment it does not plan for; the search levels'
    own policy (``Merchant.searching``) leaves that purchase to the search, which weighs it
    against the credits kept (``docs/bots.md``)."""
    legal: list[Command] = [EndPhase(), BuyEquipment(equipment="shield")]
    assert choose(view_with(390, []), legal) == EndPhase()
    assert choose(view_with(500, []), legal) == BuyEquipment(equipment="shield")
    searching = Merchant.searching("t")
    assert searching.choose(view_with(500, []), legal, seat=0, seq=1) == EndPhase()


def test_it_buys_a_cargo_hold_when_it_can_keep_trading() -> None:
    """"Cargo Holds": up to two more (2 and then 4 fame at the end: "Fame for Ship
    Enhancements"); the merchant buys one before goods once c100 or more would be left."""
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2"),
                            BuyEquipment(equipment="cargo_hold")]
    assert choose(view_with(300, GOODS), legal) == BuyEquipment(equipment="cargo_hold")
    assert choose(view_with(150, GOODS), legal) == BuyGoods(token="zum:g2")


def test_solo_challenge_training_keeps_the_fees_and_capital_to_trade() -> None:
    """Solo Challenge Game: an open Guild Exam card asks for pilot level 2 ("Upgrading
    Pilots": c60), but the training waits until the fees ahead ("Challenges"; the Startup
    Loan's c20 as it becomes active) and c40 to trade with are left after it (a ship with
    c100 trained in round 3, was left with c15 and lost to the fees in round 7)."""
    from engine.venus_standard.helm_commands import TrainPilot

    legal: list[Command] = [EndPhase(), TrainPilot(face="qossuth-2")]
    view = view_with(100, [])
    view["round"] = 3
    view["solo"] = {"cards": ["startup-loan", "guild-exam"], "completed": [], "active": [],
                    "rounds": {"startup-loan": 4, "guild-exam": 13},
                    "fees": {"startup-loan": 5, "guild-exam": 5}, "fees_due": 0}
    assert choose(view, legal) == EndPhase()
    view["players"][0]["credits"] = 140
    assert choose(view, legal) == TrainPilot(face="qossuth-2")


def test_missions_galactic_base_is_a_goal_for_a_second_mission() -> None:
    """"Second Mission": c60 at Galactic Base for five fame and a second Mission card."""
    from engine.venus_standard import places

    view = view_with(200, [], at="deep")
    me = view["players"][0]
    me["missions"], me["pilot_level"] = ["colony-charter"], 2
    assert Merchant("t")._goals(view, me).get(places.galactic_base(), 0) > 0
    me["missions"] = ["colony-charter", "station-audit"]
    assert places.galactic_base() not in Merchant("t")._goals(view, me)


def test_missions_a_far_ready_mission_is_completed_before_the_game_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Moon Envoy (ours: land on the Inhabited Moon, the cluster's far corner, with a
    passenger aboard or holding two First Contact cards) dealt to seat 0 of a two-player
    merchant game (Setup 9): the seat holds two First Contact cards from round 8, and the
    merchant heads there by the last rounds and completes it (before its market goals and
    its last call for a ready mission, on this seed it traded on and never went)."""
    from engine.venus_standard import card_rules

    take = card_rules.take_mission
    dealt: list[int] = []

    def moon_first(draft: Any, seat: int) -> None:
        if seat == 0 and not dealt:
            pile = draft.state.decks["mission"]
            pile.remove("moon-envoy")
            pile.insert(0, "moon-envoy")
            dealt.append(seat)
        take(draft, seat)

    monkeypatch.setattr(card_rules, "take_mission", moon_first)
    seed = "diag-moon-envoy-2p-5"
    game: Game[StandardState] = Game.start(ruleset, {}, ["merchant0", "merchant1"], seed=seed)
    bots = [GAME.make_bot("merchant", f"{seed}|seat{k}") for k in range(2)]
    _, fallbacks = drive(game, bots, seed, 300)
    assert dealt and fallbacks == 0 and game.state.stage == "over"
    assert "moon-envoy" in game.state.player(0).missions_done


def test_missions_the_last_call_is_weighed_from_where_the_turn_began() -> None:
    """"End of the Game": a ready mission's destination is due once the rounds left are about
    those the journey takes and three more, the journey measured from where the Movement
    phase began: measured from each step, the Inhabited Moon came nearer, was no longer due,
    another destination was, and the ship flew round the Multi-Generational Ship's ring for
    a whole turn between them."""
    from engine.venus_standard.bot import _last_call

    start, step = "multi-generational-ship.4", "multi-generational-ship.2"
    view: dict[str, Any] = {"round": 23, "last_round": 30, "movement": {"start": start}}
    me = {"seat": 0, "space": step, "missions": ["moon-envoy"], "cargo": ["politician"]}
    assert "inhabited-moon.city" in _last_call(view, me)
    view["movement"] = {"start": step}  # had the turn begun two steps on, it would not be due
    assert "inhabited-moon.city" not in _last_call(view, me)


@pytest.mark.parametrize("mission, system", [("pirate-hunter", "war-torn-system"),
                                             ("desert-water", "desert-planet")])
def test_a_destination_whose_objective_is_unmet_is_no_landing(
        monkeypatch: pytest.MonkeyPatch, mission: str, system: str) -> None:
    """"Missions": landing at the destination completes nothing while the objective is
    unmet (Pirate Hunter without a laser of 3 or a pirate defeated; Water for the Desert
    without a basic goods token aboard). The merchant steps toward a face-down First
    Contact card instead of landing there (a seat once landed on the War-Torn System's city
    for 25 rounds and ended with c30); with a basic goods token aboard the delivery is
    ready and the landing comes first."""
    cities_only(monkeypatch, missions=True)
    charted(monkeypatch, lambda start: {"home.city": 3 if start == "east" else 20})
    view = view_with(0, [], at="deep")
    view["players"][0]["missions"] = [mission]
    view["cards"] = {"mission_tokens": {"0": [system]}}
    view["first_contact_face_down"] = ["home"]
    view["movement"]["reach"] = [{"space": f"{system}.city", "end": "land",
                                  "path": ["west", f"{system}.city"]}]
    legal: list[Command] = [Step(to="west"), Step(to="east")]
    assert choose(view, legal) == Step(to="east")
    if mission == "desert-water":
        view["players"][0]["cargo"] = ["zum:g1"]  # Zum goods cost c40: basic
        assert choose(view, legal) == Step(to="west")


def test_a_far_goal_beats_landing_again_where_there_is_nothing_to_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """However far the goal (here 30 points: a mission's c12 of worth over 31), a step
    toward it beats a landing in reach with nothing to do (a seat once landed on the city
    it had left six rounds running, its goals all beyond 23 points)."""
    assert _landing_again_or_a_step(monkeypatch, east=30, west=40) == Step(to="east")


def test_a_market_whose_goods_it_cannot_pay_for_is_no_goal() -> None:
    """"Buying Goods": with c80 and empty holds, a discovered market whose goods all cost
    more than c75 (c5 kept) is nothing to land for (a ship went back and forth between the
    Colony World's two cities for 17 rounds); one selling goods for c40 is."""
    view = view_with(80, [{"id": "zum:g2", "cost": 90, "resale": [100, 140, 190]}],
                     at="deep")
    view["discovered"] = {"colony-world": "zum"}
    me = view["players"][0]
    me["missions"] = []
    assert not any(s.startswith("colony-world") for s in Merchant("t")._goals(view, me))
    view["markets"]["zum"]["goods"] = GOODS
    assert Merchant("t")._goals(view, me)["colony-world.city-1"] > 0


def test_the_city_it_began_the_movement_phase_on_is_no_goal_once_off_it() -> None:
    """Solo Challenge Game: with c60 any discovered market is a goal, but not the city the
    ship began its Movement phase on, before it moves or once a step off it (the view's
    ``movement.start``): a ship with c70 on a city selling c160 goods flew round the planet
    and landed back there round after round, paying "Challenges" fees until it lost."""
    view = view_with(70, [{"id": "zum:g1", "cost": 160, "resale": [220, 250, 280]}],
                     at="colony-world.city-1")
    view["discovered"] = {"colony-world": "zum"}
    view["solo"] = {"cards": [], "completed": [], "active": []}
    me = view["players"][0]
    me["missions"] = []
    assert "colony-world.city-1" not in Merchant("t")._goals(view, me)
    me["space"] = view["movement"]["at"] = "colony-world.4"  # a step off it
    view["movement"]["start"] = "colony-world.city-1"
    goals = Merchant("t")._goals(view, me)
    assert "colony-world.city-1" not in goals
    assert goals["colony-world.city-2"] > 0  # the world's other city still is


def test_it_buys_fuzzy_dice_before_goods_and_heads_for_them() -> None:
    """Fuzzy Dice (Appendix B: c30) roll two dice of fame at the end, and doubles pay c20 a
    fame point ("End of the Game" 2-3): about c100 for c30. The merchant buys them before
    goods, not a second set, not in the solo challenge; a discovered market selling them is
    a goal while it has none."""
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2"),
                            BuyTechnology(token="fuzzy_dice:1")]
    view = view_with(150, GOODS)
    assert choose(view, legal) == BuyTechnology(token="fuzzy_dice:1")
    view["players"][0]["techs"] = ["fuzzy_dice:2"]
    assert choose(view, legal) == BuyGoods(token="zum:g2")
    view = view_with(150, GOODS)  # alone: the win is the Challenge cards, c30 is fee money
    view["solo"] = {"cards": [], "completed": [], "active": []}
    assert choose(view, legal) == BuyGoods(token="zum:g2")
    view = view_with(150, [], at="deep")
    view["players"][0]["missions"] = []
    view["markets"]["whynoms"] = {"system": "jungle-world", "goods": [],
                                  "techs": [{"id": "fuzzy_dice:1", "kind": "fuzzy_dice"}]}
    assert Merchant("t")._goals(view, view["players"][0]).get("jungle-world.city", 0) > 0


@pytest.mark.parametrize("round_, buyer, buys", [(20, 40, True), (30, 1, False),
                                                 (28, 30, False), (28, 8, True)])
def test_as_the_game_ends_it_buys_only_goods_it_can_still_sell(
        monkeypatch: pytest.MonkeyPatch, round_: int, buyer: int, buys: bool) -> None:
    """"End of the Game": goods aboard score nothing. In the last round the merchant buys no
    goods (its turn ends after the Transaction phase); in the rounds before, only goods
    with a discovered buyer's city in reach of the rounds left (Zum goods: the Whynoms buy
    them, here ``buyer`` points away). Seats ended with two or three goods tokens aboard."""
    cities_only(monkeypatch)
    charted(monkeypatch, lambda start: {"jungle-world.city": buyer})
    view = view_with(300, GOODS, at="home.city")
    view["discovered"] = {"jungle-world": "whynoms", "home": "zum"}
    view["round"], view["last_round"] = round_, 30
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2")]
    assert (choose(view, legal) == BuyGoods(token="zum:g2")) is buys


def test_missions_early_a_second_mission_weighs_as_a_mission() -> None:
    """"Second Mission": c60 at Galactic Base for five fame and a second Mission card in
    play to the end (a new one drawn as each is completed). While ten rounds or more are
    left the base weighs as a mission's destination, above a face-down First Contact card;
    in the last rounds, below it."""
    from engine.venus_standard import places

    view = view_with(200, [], at="deep")
    view["first_contact_face_down"] = ["jungle-world"]
    me = view["players"][0]
    me["missions"], me["pilot_level"] = ["colony-charter"], 2
    view["round"], view["last_round"] = 8, 30
    goals = Merchant("t")._goals(view, me)
    assert goals[places.galactic_base()] > goals["jungle-world.city"]
    view["round"] = 25
    goals = Merchant("t")._goals(view, me)
    assert goals[places.galactic_base()] < goals["jungle-world.city"]


def test_in_a_solo_challenge_every_market_is_a_goal_to_buy_at_from_c60() -> None:
    """The solo challenge keeps its fees in hand, which leaves little to buy with: there,
    from c60 with an empty hold, every discovered market stays a goal (with only those
    selling goods it could pay for beside the fees, 31 of 100 solo games were lost to an
    unpaid fee instead of 18)."""
    view = view_with(80, [{"id": "zum:g2", "cost": 90, "resale": [100, 140, 190]}],
                     at="deep")
    view["discovered"] = {"colony-world": "zum"}
    view["solo"] = {"cards": [], "completed": [], "active": []}
    me = view["players"][0]
    me["missions"] = []
    assert Merchant("t")._goals(view, me)["colony-world.city-1"] > 0
    me["credits"] = 50
    assert not any(s.startswith("colony-world") for s in Merchant("t")._goals(view, me))


def test_drives_it_buys_only_a_drive_that_skips_more_than_the_one_aboard() -> None:
    """"Drives": a drive bought discards the previous one, so a rich merchant buys no second
    yellow drive nor a red one over it (neither skips more); a combo drive skips both."""
    view = view_with(500, [])
    view["players"][0]["drive"] = "yellow"
    for same in ("yellow_drive", "red_drive"):
        assert choose(view, [EndPhase(), BuyEquipment(equipment=same)]) == EndPhase()
    combo = BuyEquipment(equipment="combo_drive")
    assert choose(view, [EndPhase(), combo]) == combo
    view["players"][0]["drive"] = None
    red = BuyEquipment(equipment="red_drive")
    assert choose(view, [EndPhase(), red]) == red


def test_it_buys_a_wave_emitter_before_goods_and_heads_for_one() -> None:
    """A Wave Emitter (Appendix B: c30, culture 9) gives three fame for each completed
    mission at the end: the merchant buys one before goods, not a second, not in the solo
    challenge; a discovered market selling one is a goal while it has none."""
    legal: list[Command] = [EndPhase(), BuyGoods(token="zum:g2"),
                            BuyTechnology(token="wave_emitter:1")]
    view = view_with(150, GOODS)
    assert choose(view, legal) == BuyTechnology(token="wave_emitter:1")
    view["players"][0]["techs"] = ["wave_emitter:2"]
    assert choose(view, legal) == BuyGoods(token="zum:g2")
    view = view_with(150, GOODS)
    view["solo"] = {"cards": [], "completed": [], "active": []}
    assert choose(view, legal) == BuyGoods(token="zum:g2")
    view = view_with(150, [], at="deep")
    view["players"][0]["missions"] = []
    view["markets"]["zum"] = {"system": "jungle-world", "goods": [],
                              "techs": [{"id": "wave_emitter:1", "kind": "wave_emitter"}]}
    assert Merchant("t")._goals(view, view["players"][0]).get("jungle-world.city", 0) > 0


def test_it_never_exchanges_missions_blind_with_a_wave_emitter() -> None:
    """Appendix B, Wave Emitter: an exchange of Mission cards with a ship on the same space
    may give a ready mission away; the merchant ends its phase instead."""
    legal: list[Command] = [EndPhase(), UseWaveEmitter(other=1, mine="a", theirs="b")]
    assert choose(view_with(150, []), legal) == EndPhase()


def test_using_first_contact_credits_it_spends_them_on_what_they_pay_for_whole() -> None:
    """"Using First Contact Credits": the discoverer's IOU credits buy only from that culture
    and count for nothing at the end ("End of the Game" 4), so equipment or a technology they
    pay for whole is bought however few credits the seat has; not a Zen Paint Job (three
    fame lost at the end: Appendix B), nor with credits of its own."""
    view = view_with(100, [], at="colony-world.city-1")
    view["discovered"] = {"colony-world": "zum"}
    view["markets"]["zum"]["token"] = {"equipment": [{"kind": "laser", "cost": 50}]}
    laser: list[Command] = [EndPhase(), BuyEquipment(equipment="laser")]
    assert choose(view, laser) == EndPhase()
    view["markets"]["zum"]["iou"] = 60
    assert choose(view, laser) == BuyEquipment(equipment="laser")
    view["markets"]["eeepeeep"] = {"goods": [], "iou": 40, "discoverer": 0}
    view["markets"]["wollow"] = {"goods": [], "iou": 40, "discoverer": 0}
    assert choose(view, [EndPhase(), BuyTechnology(token="data_probe:1")]) == \
        BuyTechnology(token="data_probe:1")
    assert choose(view, [EndPhase(), BuyTechnology(token="zen_paint_job:1")]) == EndPhase()
    view["markets"]["eeepeeep"]["iou"] = 20
    assert choose(view, [EndPhase(), BuyTechnology(token="data_probe:1")]) == EndPhase()


def test_a_passenger_kept_for_a_mission_makes_no_goal_of_its_destination() -> None:
    """"Dropping Off Passengers": a fare at the destination's surface city or spaceport.
    The Tax Collector goes to the Dell (the Water World): a goal while the merchant would
    drop it off; not while it is the last passenger, kept aboard for Generation Gap (ours: a
    passenger aboard on landing at the Multi-Generational Ship): a landing there drops
    nobody off (a ship went back and forth between the Water World's two landings for
    four rounds, a mission's passenger aboard, without a trade)."""
    view = view_with(300, [], at="giant-planet.city")
    view["discovered"] = {"water-world": "dell"}
    me = view["players"][0]
    me["cargo"] = ["tax_collector"]
    me["missions"] = []
    assert Merchant("t")._goals(view, me)["water-world.city"] > 0
    me["missions"] = ["generation-gap"]
    assert Merchant("t")._goals(view, me).get("water-world.city", 0) == 0
