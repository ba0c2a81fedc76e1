"""First Contact, Transaction and Merchant Spaceport phases on a running game (the standard
board): the book's steps as commands and events, what each seat may see, and random bots
trading without a refused command."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engine.bots.random_bot import UniformBot
from engine.cluster.cultures import load_cultures
from engine.kernel import Game, Randomness, RuleError, fold, takeback
from engine.venus_standard import commands as c
from engine.venus_standard import helm_commands as hc
from engine.venus_standard import merchant_spaceports as msp
from engine.venus_standard import rounds, scenario
from engine.venus_standard import tech_abilities as ta
from engine.venus_standard import trade_moments as tm
from engine.venus_standard import trading as t
from engine.venus_standard.board import load_board
from engine.venus_standard.draft import Draft
from engine.venus_standard.order import HOOKS
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.secrets import leaks, secrets_for
from engine.venus_standard.state import StandardState
from engine.venus_standard.terrain import terrain_of
from engine.venus_standard.view import view

from .kit import asked

BOARD = load_board()


def start(n: int = 2, seed: str = "trade", **options: object) -> Game[StandardState]:
    game = Game.start(ruleset, dict(options), [f"p{i}" for i in range(n)], seed=seed)
    for seat in game.state.order:
        game.play(seat, c.ChooseDial(dial="laser"))
    return game


def act(game: Game[StandardState], fn: Callable[[Draft], object]) -> None:
    """Run a piece of the rules on a draft and append its events (a test's stand-in for
    the Movement phase, which is not this module's)."""
    draft = Draft(game.state, Randomness(game.seed, game.seq + 1), HOOKS)
    fn(draft)
    base = game.seq
    game.append([ev.model_copy(update={"seq": base + i + 1}) for i, ev in enumerate(draft.events)])


def land(game: Game[StandardState], space: str) -> int:
    """The current player's ship ends its Movement phase on ``space``."""
    turn = game.state.turn
    assert turn is not None and turn.phase == "movement"
    seat = turn.seat

    def move(d: Draft) -> None:
        d.emit("ShipPlaced", seat=seat, space=space)
        rounds.end_movement(d, space)

    act(game, move)
    return seat


def culture_at(game: Game[StandardState], system: str) -> str:
    return game.state.first_contact.get(system) or game.state.discovered[system]


def city(system: str) -> str:
    return BOARD.surface_cities(system)[0]


# ------------------------------------------------------------------ setup


def test_setup_4_supply_areas_and_3_one_face_down_card_per_system() -> None:
    game = start()
    s = game.state
    assert sorted(s.first_contact) == sorted(BOARD.cultured_systems)
    assert len(s.trade.markets) == 14
    assert sum(len(m.supply_goods) for m in s.trade.markets.values()) == 76
    assert sum(len(m.supply_techs) for m in s.trade.markets.values()) == 34
    assert s.trade.stock == {"cargo_hold": 8, "yellow_drive": 2, "red_drive": 2,
                             "combo_drive": 2}
    # Setup 14: the first passenger is on its starting culture or Galactic Base
    waiting = s.trade.base_passengers + [p for m in s.trade.markets.values()
                                         for p in m.passengers]
    assert len(waiting) == 1 and len(s.decks["passenger"]) == 14


# ------------------------------------------------------------------ First Contact


def test_first_contact_phase_reveal_stack_goods_iou_three_buys() -> None:
    """"First Contact Phase" 1-5 (and its example: the Volois get c120 on their card)."""
    game = start()
    # the example's culture: the Volois (whichever system their card lies in)
    system = next(sy for sy, cu in game.state.first_contact.items() if cu == "volois")
    culture = culture_at(game, system)
    seat = land(game, BOARD.landing_places(system)[0])
    s = game.state
    assert s.turn is not None and s.turn.phase == "first_contact"
    assert s.discovered[system] == culture and system not in s.first_contact
    m = s.trade.market(culture)
    assert len(m.stack) == 3 and m.supply_goods == [] and len(m.goods) >= 4
    assert s.trade.iou[culture] == load_cultures().culture(culture).iou == 120
    assert s.trade.holders[culture] == seat
    assert sorted(m.stack) == ["volois-active", "volois-high", "volois-low"]
    assert len(m.goods) == 6 and m.techs == ["market_flux:1", "market_flux:2"]
    # the market stack below the top token is for nobody: not in any seat's view
    for viewer in (0, 1, -1):
        shown = json.dumps(view(s, viewer, HOOKS.parts)["markets"][culture])
        assert m.stack[0] in shown
        assert m.stack[1] not in shown and m.stack[2] not in shown
    # up to three buy actions (IOU credits pay first)
    game.state.players[seat].credits = 1000
    game.state.players[seat].extra_holds = 2
    bought = 0
    while bought < 3:
        offer = next(x for x in ruleset.legal_actions(game.state, seat)
                     if isinstance(x, t.BuyGoods))
        game.play(seat, offer)
        bought += 1
    assert not any(isinstance(x, (t.BuyGoods, t.BuyEquipment, t.BuyTechnology))
                   for x in ruleset.legal_actions(game.state, seat))
    with pytest.raises(RuleError, match="First Contact Phase"):
        game.play(seat, t.BuyGoods(token=game.state.trade.market(culture).goods[0]))
    assert game.state.trade.iou[culture] < load_cultures().culture(culture).iou


def test_no_first_contact_phase_in_a_discovered_system() -> None:
    game = start()
    system = "water-world"
    seat = land(game, city(system))
    game.play(seat, c.EndPhase())  # First Contact
    game.play(seat, c.EndPhase())  # Transaction
    game.play(seat, c.EndPhase())  # Merchant Spaceport
    other = land(game, city(system))
    assert other != seat and game.state.turn is not None
    assert game.state.turn.phase == "transaction"


# ------------------------------------------------------------------ Transaction


def _discovered(game: Game[StandardState], system: str) -> tuple[int, str]:
    """The current player discovers ``system`` and passes to its Transaction phase."""
    culture = culture_at(game, system)
    seat = land(game, city(system))
    game.play(seat, c.EndPhase())
    return seat, culture


def test_important_exception_one_buy_one_sell_after_landing_on_a_city() -> None:
    game = start()
    seat, culture = _discovered(game, "jungle-world")
    s = game.state
    s.players[seat].credits = 1000
    goods = s.trade.market(culture).goods
    game.play(seat, t.BuyGoods(token=goods[0]))
    with pytest.raises(RuleError, match="Transaction Phase"):
        game.play(seat, t.BuyGoods(token=game.state.trade.market(culture).goods[0]))


def test_sell_at_the_top_tokens_condition_then_the_market_shifts() -> None:
    """"Sell Actions", "Market Shift" (Selling Goods Example: the top token goes under)."""
    game = start()
    seat, culture = _discovered(game, "ice-planet")
    facts = load_cultures()
    seller = next(k for k in facts.buyers(culture) if k != culture)
    # a goods token the Ice Planet's culture buys, in the holds (given by the test)
    buyers_goods = next(c.key for c in facts.cultures if culture in facts.buyers(c.key))
    token = game.state.trade.market(buyers_goods).supply_goods[0]
    game.state.trade.market(buyers_goods).supply_goods.remove(token)
    game.state.players[seat].cargo.append(token)
    m = game.state.trade.market(culture)
    stack = list(m.stack)
    before = game.state.players[seat].credits
    cond = t.market.condition(m)
    game.play(seat, t.SellGoods(token=token))
    assert game.state.players[seat].credits == before + facts.culture(
        buyers_goods).goods.resale.at(cond)
    assert token in game.state.trade.market(buyers_goods).supply_goods  # not the market
    game.play(seat, c.EndPhase())  # the shift: after all his sell actions
    assert game.state.trade.market(culture).stack == stack[1:] + stack[:1]
    assert seller  # the culture has buyers


def test_a_reward_card_pays_more_for_each_goods_token_sold() -> None:
    """Merchant Guild Seal and Founder's Coin (ours): c10 more each for a sale ("Sell
    Actions"), each a credits change of its own that names the card."""
    game = start()
    seat, culture = _discovered(game, "ice-planet")
    facts = load_cultures()
    buyers_goods = next(c.key for c in facts.cultures if culture in facts.buyers(c.key))
    token = game.state.trade.market(buyers_goods).supply_goods.pop(0)
    player = game.state.players[seat]
    player.cargo.append(token)
    player.rewards = ["merchant-guild-seal", "founders-coin"]
    before = player.credits
    value = facts.culture(buyers_goods).goods.resale.at(
        t.market.condition(game.state.trade.market(culture)))
    game.play(seat, t.SellGoods(token=token))
    assert game.state.players[seat].credits == before + value + 20
    reasons = [e.data["reason"] for e in game.events if e.type == "CreditsChanged"][-3:]
    assert reasons == ["goods_sold", "merchant-guild-seal", "founders-coin"]


def test_a_reward_card_pays_more_for_each_passenger_dropped_off() -> None:
    """Pilgrim's Lamp (ours): c10 more on a fare ("Dropping Off Passengers")."""
    fares = []
    for rewards in ([], ["pilgrims-lamp"]):
        game = start(seed="pax")
        seat = game.state.turn.seat if game.state.turn else 0
        player = game.state.players[seat]
        player.rewards = list(rewards)
        player.cargo.append("toaster")  # Eeepeeep -> Galactic Base, where the ships start
        before = player.credits
        game.play(seat, c.SkipMovement())
        game.play(seat, t.DropOffPassenger(passenger="toaster"))
        fares.append(game.state.players[seat].credits - before)
    assert fares == [load_cultures().passenger("toaster").fare,
                     load_cultures().passenger("toaster").fare + 10]


def test_merchant_spaceport_built_fee_paid_to_owner() -> None:
    """"Merchant Spaceport Phase" (c200, the ship moves onto it, the turn ends) and "Trading
    on Merchant Spaceports" (c10 to the owner per action)."""
    game = start()
    seat, culture = _discovered(game, "desert-planet")
    game.state.players[seat].credits = 500
    game.play(seat, c.EndPhase())  # no buy this turn: to the Merchant Spaceport phase
    builds = [x for x in ruleset.legal_actions(game.state, seat)
              if isinstance(x, msp.BuildSpaceport)]
    # "an empty orbit space connected by a single green line to the surface city": two here
    assert builds == [msp.BuildSpaceport(space="desert-planet.4"),
                      msp.BuildSpaceport(space="desert-planet.5")]
    game.play(seat, builds[0])
    s = game.state
    assert s.players[seat].credits == 300 and s.players[seat].space == "desert-planet.4"
    assert s.trade.spaceports == {"desert-planet.4": seat}
    assert s.turn is not None and s.turn.seat != seat  # the turn ended
    other = s.turn.seat
    s.players[other].credits = 500
    land(game, "desert-planet.4")
    assert game.state.turn is not None and game.state.turn.phase == "transaction"
    goods = game.state.trade.market(culture).goods[0]
    cost = load_cultures().culture(culture).goods.cost
    game.play(other, t.BuyGoods(token=goods))
    assert game.state.players[seat].credits == 310
    assert game.state.players[other].credits == 500 - cost - 10


def test_a_spaceport_race_the_city_closes_when_every_orbit_holds_one() -> None:
    """"Trading on Merchant Spaceports": "players can no longer move from the space
    containing the merchant spaceport to the connected surface city. If all of a system's
    orbit spaces contain merchant spaceports, players can no longer access that system's
    surface cities". The Desert Planet's city has two orbit spaces (our board): with one
    spaceport the city is still reached through the other; with both, it is closed."""
    game = start()
    city = "desert-planet.city"
    terrain = terrain_of(game.state)
    assert {to for to, _ in terrain.neighbours("desert-planet.5")} >= {city}
    game.state.trade.spaceports = {"desert-planet.4": 0}
    game.state.players[0].spaceports = ["desert-planet.4"]
    terrain = terrain_of(game.state)
    assert city not in {to for to, _ in terrain.neighbours("desert-planet.4")}
    assert city in {to for to, _ in terrain.neighbours("desert-planet.5")}
    game.state.trade.spaceports = {"desert-planet.4": 0, "desert-planet.5": 1}
    game.state.players[1].spaceports = ["desert-planet.5"]
    terrain = terrain_of(game.state)
    assert all(city not in {to for to, _ in terrain.neighbours(o)}
               for o in ("desert-planet.4", "desert-planet.5"))


def test_spaceport_not_after_a_buy_action() -> None:
    game = start()
    seat, culture = _discovered(game, "war-torn-system")
    game.state.players[seat].credits = 1000
    game.play(seat, t.BuyGoods(token=game.state.trade.market(culture).goods[0]))
    game.play(seat, c.EndPhase())
    assert not any(isinstance(x, msp.BuildSpaceport)
                   for x in ruleset.legal_actions(game.state, seat))
    with pytest.raises(RuleError, match="buy action"):
        game.play(seat, msp.BuildSpaceport(space="war-torn-system.4"))


def test_passenger_at_galactic_base_picked_up_and_delivered() -> None:
    game = start(seed="pax")
    s = game.state
    seat = s.turn.seat if s.turn else 0
    s.trade.base_passengers.append("toaster")  # Eeepeeep -> Galactic Base ...
    s.trade.base_passengers.append("census_taker")  # ... Galactic Base -> Wollow
    game.play(seat, c.SkipMovement())
    legal = list(ruleset.legal_actions(game.state, seat))
    assert t.PickUpPassenger(passenger="census_taker") in legal
    game.play(seat, t.PickUpPassenger(passenger="census_taker"))
    assert "census_taker" in game.state.players[seat].cargo
    with pytest.raises(RuleError, match="Dropping Off Passengers"):
        game.play(seat, t.DropOffPassenger(passenger="census_taker"))


# ------------------------------------------------------------------ random bots


def assert_no_leak(game: Game[StandardState], viewer: int) -> None:
    """Hidden information of trade ("First Contact Phase": face-down cards and the market
    stack below its top token; Setup 6: the passenger stockpile) never reaches a seat:
    neither its view nor its log holds a face-down system beside its culture (unless its
    own Data Probe showed it), a market token under the top, or the stockpile's order."""
    s = game.state
    shown = view(s, viewer, HOOKS.parts)
    log = game.log_for(viewer)
    probed = {k for ev in log if ev.get("type") == "FirstContactCardsSeen" and "data" in ev
              for k in ev["data"]["cards"]}
    text = json.dumps([shown, log])
    for system, culture in s.first_contact.items():
        if system in probed:
            continue
        assert f'"{system}": "{culture}"' not in text, f"{system} leaked to {viewer}"
    for culture, m in s.trade.markets.items():
        if not m.stack:
            continue
        mv = json.dumps(shown["markets"][culture])
        assert all(token not in mv for token in m.stack[1:]), f"{culture} stack leaked"
    assert "passenger_stock" not in text and shown["decks"].get("passenger") == len(
        s.decks.get("passenger", []))



def test_random_bots_trade_on_the_standard_board_without_a_refusal() -> None:
    """Random bots play eight rounds; each Movement phase is a jump to a random landing
    place (movement is another module's), everything after it is the bots' choice: every
    command ``legal_actions`` offers is accepted, every prompt offers one."""
    game = start(3, seed="bots")
    bots = [UniformBot(f"b{i}") for i in range(3)]
    places = [s for sys in BOARD.cultured_systems for s in BOARD.landing_places(sys)]
    rng = Randomness("jumps", 0)
    kinds: set[str] = set()
    steps = 0
    while game.state.round <= 8 and steps < 5000:
        steps += 1
        now = ruleset.pending(game.state)
        assert now is not None
        seat = now.seats[0]
        if now.prompt == "movement":
            land(game, rng.choice(places))
            continue
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        assert legal, f"prompt {now.prompt} offers nothing"
        cmd = bots[seat].choose({}, legal, seat=seat, seq=game.seq)
        kinds.add(cmd.type)
        game.play(seat, cmd)
        if steps % 7 == 0:
            for viewer in (0, 1, 2, -1):
                assert_no_leak(game, viewer)
    assert game.state.round > 8
    assert {"BuyGoods", "SellGoods", "EndPhase"} <= kinds
    assert len(game.state.discovered) >= 10
    assert fold(ruleset, game.events).model_dump() == game.state.model_dump()


# ------------------------------------------------------------------ technologies in use


def _give(game: Game[StandardState], seat: int, token: str) -> None:
    """The test hands a racial technology token to a player (from its supply area)."""
    from engine.venus_standard.tokens import origin

    game.state.trade.market(origin(token)).supply_techs.remove(token)
    game.state.players[seat].techs.append(token)


def test_market_flux_shifts_a_discovered_market(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Appendix B > Market Flux": with its die assigned, one market shift anywhere."""
    game = start()
    seat, culture = _discovered(game, "giant-planet")
    for _ in range(2):
        game.play(seat, c.EndPhase())
    nxt = game.state.turn.seat if game.state.turn else 0
    _give(game, nxt, "market_flux:1")
    assert not any(isinstance(x, ta.UseMarketFlux) for x in ruleset.legal_actions(game.state, nxt))
    monkeypatch.setattr(ta, "_die_on", lambda state, tech: tech == "market_flux")
    stack = list(game.state.trade.market(culture).stack)
    game.play(nxt, ta.UseMarketFlux(culture=culture))
    assert game.state.trade.market(culture).stack == stack[1:] + stack[:1]
    with pytest.raises(RuleError, match="Market Flux"):
        game.play(nxt, ta.UseMarketFlux(culture=culture))


def test_data_probe_sees_two_cards_for_its_owner_only_may_swap_then_returns() -> None:
    """"Appendix B > Data Probe": look at two face-down First Contact cards, switch them or
    not, then the top Encounter card back on top or bottom; the token returns."""
    game = start()
    seat = game.state.turn.seat if game.state.turn else 0
    _give(game, seat, "data_probe:1")
    a, b = "ice-planet", "jungle-world"
    ca, cb = game.state.first_contact[a], game.state.first_contact[b]
    game.play(seat, ta.UseDataProbe(systems=[a, b]))
    seen = next(ev for ev in game.events if ev.type == "FirstContactCardsSeen")
    assert seen.data["cards"] == {a: ca, b: cb}
    other = 1 - seat
    assert "data" not in seen.redacted_for(other)
    assert asked(game.state).prompt == "data_probe_swap"
    game.play(seat, ta.SwapFirstContactCards(swap=True))
    assert game.state.first_contact[a] == cb and game.state.first_contact[b] == ca
    # the leak oracle: the prober knows both cards now, the other seat neither
    mine, theirs = (secrets_for(game.state, s, game.events) for s in (seat, other))
    assert a not in mine.pairs and b not in mine.pairs
    assert theirs.pairs[a] == cb and theirs.pairs[b] == ca
    assert leaks(seen.redacted_for(seat), mine) == []
    if asked(game.state).prompt == "data_probe_encounter":
        game.play(seat, ta.ReturnEncounterCard(to="bottom"))
    assert "data_probe:1" not in game.state.players[seat].techs
    assert "data_probe:1" in game.state.trade.market("eeepeeep").supply_techs
    with pytest.raises(RuleError, match="Data Probe"):
        game.play(seat, ta.UseDataProbe(systems=[a, b]))


def test_drills_placed_with_a_license_and_redeemed_on_even_rounds() -> None:
    game = start()
    seat = game.state.turn.seat if game.state.turn else 0
    asteroid = next(s for s in BOARD.spaces if BOARD.kind(s) == "asteroid")
    placed: list[bool] = []
    act(game, lambda d: placed.append(msp.drill_on(d, seat, asteroid)))
    assert placed == [False]  # no License to Drill
    _give(game, seat, "license_to_drill:1")
    act(game, lambda d: placed.append(msp.drill_on(d, seat, asteroid)))
    act(game, lambda d: placed.append(msp.drill_on(d, 1 - seat, asteroid)))
    assert placed == [False, True, False] and game.state.trade.drills == {asteroid: seat}
    before = game.state.players[seat].credits
    act(game, msp.redeem_drills)  # the round track's drill icon (even rounds)
    assert game.state.players[seat].credits == before + 10
    assert game.state.trade.drills == {} and game.state.players[seat].drills == []


def _by_the_asteroid(**player: object) -> Game[StandardState]:
    """A sandbox: Ann on ``giant-east.1`` facing the asteroid space ``giant-east.2``."""
    return scenario.start({
        "players": [{"name": "Ann", "space": "giant-east.1", "heading": "giant-east.2",
                     **player}, {"name": "Bob"}],
        "dice": [1, 1, 1]})


def test_drills_the_player_chooses_on_the_board() -> None:
    """"Drills": "he can place drill tokens on asteroid spaces as his ship passes over or
    lands on them": with the License to Drill the move stops on the asteroid to ask; the
    token goes down only when he says so."""
    game = _by_the_asteroid(techs=["license_to_drill:1"])
    game.play(0, hc.RollSpeed())
    game.play(0, hc.Step(to="giant-east.2"))
    legal = list(ruleset.legal_actions(game.state, 0))
    assert hc.PlaceDrill(place=True) in legal and hc.PlaceDrill(place=False) in legal
    game.play(0, hc.PlaceDrill(place=True))
    assert game.state.trade.drills == {"giant-east.2": 0}
    assert game.state.players[0].drills == ["giant-east.2"]
    declined = _by_the_asteroid(techs=["license_to_drill:1"])
    declined.play(0, hc.RollSpeed())
    declined.play(0, hc.Step(to="giant-east.2"))
    declined.play(0, hc.PlaceDrill(place=False))
    assert declined.state.trade.drills == {} and declined.state.players[0].drills == []
    assert hc.Step(to="giant-east.3") in list(ruleset.legal_actions(declined.state, 0))


def test_drills_share_the_twelve_tokens_with_merchant_spaceports() -> None:
    """"If a player has used all his tokens as merchant spaceports, he cannot place drill
    tokens": twelve spaceports, no question on the asteroid."""
    ports = [f"p{i}" for i in range(12)]
    game = _by_the_asteroid(techs=["license_to_drill:1"], spaceports=ports)
    game.play(0, hc.RollSpeed())
    game.play(0, hc.Step(to="giant-east.2"))
    assert not [a for a in ruleset.legal_actions(game.state, 0) if a.type == "PlaceDrill"]
    assert game.state.turn is not None and game.state.turn.flight is not None
    assert game.state.turn.flight.wait is None


def test_offloading_goods_to_the_market_utility_techs_stay() -> None:
    game = start()
    seat, culture = _discovered(game, "polluted-planet")
    s = game.state
    s.players[seat].credits = 500
    token = s.trade.market(culture).goods[0]
    game.play(seat, t.BuyGoods(token=token))
    game.play(seat, t.Offload(token=token))
    assert token in game.state.trade.market(culture).goods
    _give(game, seat, "hard_burn:1")
    with pytest.raises(RuleError, match="Utility Techs"):
        game.play(seat, t.Offload(token="hard_burn:1"))
    act(game, lambda d: ta.return_technology(d, seat, "hard_burn"))
    assert "hard_burn:1" not in game.state.players[seat].techs


def test_home_culture_discount_on_a_real_buy() -> None:
    """"Pilot Home Culture Discounts": c10 off at level 1 at the pilot's home culture."""
    game = start(seed="home")
    seat = game.state.turn.seat if game.state.turn else 0
    pilot = game.state.players[seat].pilot
    home = {"human": "humans", "whynom": "whynoms"}.get(pilot, pilot)
    system = next(sy for sy in BOARD.cultured_systems if culture_at(game, sy) == home)
    if not BOARD.surface_cities(system):
        pytest.fail("the home culture sits in a spaceport system in this seed: the test "
                    "needs another seed")
    seat2, culture = _discovered(game, system)
    assert seat2 == seat and culture == home
    s = game.state
    s.players[seat].credits = 500
    s.trade.iou[culture] = 0  # pay in credits, to read the price
    cost = load_cultures().culture(culture).goods.cost
    game.play(seat, t.BuyGoods(token=s.trade.market(culture).goods[0]))
    assert game.state.players[seat].credits == 500 - (cost - 10)


def test_shuttle_picks_up_and_drops_off_within_its_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Appendix B > Shuttle": with a die assigned (here: 2), passengers are picked up and
    dropped off in systems within that many spaces, during the Set Speed step."""
    game = start(seed="shuttle")
    facts = load_cultures()
    wanted = {p.destination for p in facts.passengers}
    system = next(sy for sy in BOARD.cultured_systems
                  if BOARD.surface_cities(sy) and culture_at(game, sy) in wanted)
    seat, culture = _discovered(game, system)
    for _ in range(2):
        game.play(seat, c.EndPhase())
    mover = game.state.turn.seat if game.state.turn else 0
    _give(game, mover, "shuttle:1")
    orbit = BOARD.orbits_of_city(city(system))[0]
    act(game, lambda d: d.emit("ShipPlaced", seat=mover, space=orbit))
    rider = next(p.key for p in facts.passengers if p.destination == culture)
    waiting = next(p.key for p in facts.passengers if p.key != rider and p.dots == 1)
    game.state.players[mover].cargo.append(rider)
    game.state.trade.market(culture).passengers.append(waiting)
    assert not any(isinstance(x, ta.ShuttlePickUp)
                   for x in ruleset.legal_actions(game.state, mover))
    monkeypatch.setattr(ta, "_shuttle_die", lambda state: 2)
    legal = list(ruleset.legal_actions(game.state, mover))
    assert ta.ShuttlePickUp(passenger=waiting) in legal
    assert ta.ShuttleDropOff(passenger=rider) in legal
    before = game.state.players[mover].credits
    game.play(mover, ta.ShuttleDropOff(passenger=rider))
    game.play(mover, ta.ShuttlePickUp(passenger=waiting))
    assert game.state.players[mover].credits == before + facts.passenger(rider).fare
    assert game.state.players[mover].cargo == [waiting]
    monkeypatch.setattr(ta, "_shuttle_die", lambda state: 0)
    with pytest.raises(RuleError, match="Shuttle"):
        game.play(mover, ta.ShuttleDropOff(passenger=waiting))


def test_optional_rule_demand_placed_each_odd_round_and_paid_once() -> None:
    """Optional rule "Demand": a demand token at setup's first round, the bonus of every
    matching token on a sale ("High Demand"), one token removed per goods token sold."""
    game = start(seed="demand", demand=True)
    s = game.state
    placed = [d for m in s.trade.markets.values() for d in m.demands]
    assert len(placed) == 1 and len(s.decks["demand"]) == 37
    facts = load_cultures()
    where = {cu: sy for sy, cu in s.first_contact.items() if BOARD.surface_cities(sy)}
    pair = next(d for d in facts.demands if d.count >= 2 and d.at in where)
    seat, culture = _discovered(game, where[pair.at])
    goods = pair.goods
    # two demand tokens here for the same goods (the test puts them there)
    mine = [tok for tok in facts.demand_tokens() if facts.demand(tok) == pair][:2]
    m = game.state.trade.market(culture)
    m.demands = list(mine)
    token = game.state.trade.market(goods).supply_goods[0]
    game.state.trade.market(goods).supply_goods.remove(token)
    game.state.players[seat].cargo.append(token)
    before = game.state.players[seat].credits
    cond = t.market.condition(m)
    game.play(seat, t.SellGoods(token=token))
    bonus = sum(facts.demand(d).bonus for d in mine)
    assert game.state.players[seat].credits == before + facts.culture(goods).goods.resale.at(
        cond) + bonus
    assert game.state.trade.market(culture).demands == mine[1:]


def test_jettisoning_after_a_move_ending_away_from_a_port() -> None:
    """"Jettisoning": goods to their supply area; a passenger out of the game with infamy
    equal to the higher of two dice; then the turn ends."""
    game = start(seed="jett")
    seat = game.state.turn.seat if game.state.turn else 0
    p = game.state.players[seat]
    token = game.state.trade.market("graw").supply_goods.pop(0)
    p.cargo += [token, "spy"]
    blue = next(s for s in BOARD.spaces if BOARD.kind(s) == "blue")
    land(game, blue)
    assert asked(game.state).prompt == "jettison"
    game.play(seat, tm.Jettison(token=token))
    assert token in game.state.trade.market("graw").supply_goods
    game.play(seat, tm.Jettison(token="spy"))
    ev = next(e for e in game.events if e.type == "CargoJettisoned" and e.data["token"] == "spy")
    assert 1 <= ev.data["infamy"] <= 6 and game.state.players[seat].infamy == ev.data["infamy"]
    assert "spy" not in [q for m in game.state.trade.markets.values() for q in m.passengers]
    game.play(seat, tm.DoneJettisoning())
    assert game.state.turn is not None and game.state.turn.seat != seat
    # an empty ship is not asked
    other = game.state.turn.seat
    land(game, blue)
    assert game.state.turn is not None and game.state.turn.seat == seat
    assert other != seat


def test_light_speed_reveals_set_out_markets_and_starting_goods_are_bought() -> None:
    """Light Speed Game 13-14: each revealed card sets out its culture's market with the IOU
    credits on it; starting goods are bought at cost from one's own cultures."""
    game = Game.start(ruleset, {"variant": "light-speed"}, ["a", "b"], seed="light")
    bots = [UniformBot("x"), UniformBot("y")]
    bought = 0
    while (now := ruleset.pending(game.state)) is not None and now.prompt in (
            "reveal", "starting_goods"):
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        buys = [x for x in legal if isinstance(x, tm.BuyStartingGoods)]
        cmd = buys[0] if buys and bought < 2 else bots[seat].choose({}, legal, seat=seat,
                                                                     seq=game.seq)
        bought += isinstance(cmd, tm.BuyStartingGoods)
        game.play(seat, cmd)
    s = game.state
    assert len(s.discovered) == 4
    for system, culture in s.discovered.items():
        assert len(s.trade.market(culture).stack) == 3
        holder = s.trade.holders[culture]
        assert system in s.players[holder].contacts
        assert s.trade.iou[culture] == load_cultures().culture(culture).iou
    assert bought >= 2 and sum(len(p.cargo) for p in s.players) == bought
    assert sum(p.credits for p in s.players) < 2 * 200


def test_production_rounds_fill_discovered_markets() -> None:
    """Epic Game > Production Rounds: all supply-area goods of a discovered culture go to its
    market; an undiscovered culture keeps them."""
    game = start(seed="prod")
    seat, culture = _discovered(game, "colony-world")
    m = game.state.trade.market(culture)
    sold = m.goods.pop()
    m.supply_goods.append(sold)
    hidden = next(c for c in game.state.first_contact.values())
    before = list(game.state.trade.market(hidden).supply_goods)
    act(game, tm.production_round)
    assert sold in game.state.trade.market(culture).goods
    assert game.state.trade.market(culture).supply_goods == []
    assert game.state.trade.market(hidden).supply_goods == before


def test_end_of_game_spoiler_die_wave_emitter_and_zen_paint_job_fame() -> None:
    """Appendix B: a spoiler gives one die of fame at the end; a Wave Emitter three fame per
    completed mission; a Zen Paint Job costs three fame."""
    from engine.venus_standard.scoring import final_scoring

    game = start(seed="fame")
    p0, p1 = game.state.players
    _give(game, p0.seat, "less_fancy_spoiler:1")
    _give(game, p1.seat, "wave_emitter:1")
    _give(game, p1.seat, "zen_paint_job:1")
    p1.missions_done = ["m1", "m2"]  # two completed missions (their cards are not ours)
    parts = dict(ta.technology_fame(game.state, p1.seat))
    assert parts == {"wave_emitter": 6, "zen_paint_job": -3}
    p1.missions_done = []
    act(game, final_scoring)
    spoiler = next(e for e in game.events if e.type == "FameChanged"
                   and e.data["reason"] == "spoiler")
    assert spoiler.data["seat"] == p0.seat and 1 <= spoiler.data["delta"] <= 6
    assert game.state.stage == "over"


def test_stealth_field_black_market_sale(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Appendix B > Stealth Field": with its die assigned, goods sell to the culture after
    the last buyer (two infamy each); the fee waiver is in test_trade_rules."""
    game = start(seed="stealth")
    facts = load_cultures()
    where = {cu: sy for sy, cu in game.state.first_contact.items() if BOARD.surface_cities(sy)}
    seller = next(c.key for c in facts.cultures if facts.next_buyer(c.key) in where)
    market_culture = facts.next_buyer(seller)
    seat, culture = _discovered(game, where[market_culture])
    _give(game, seat, "stealth_field:1")
    token = game.state.trade.market(seller).supply_goods.pop(0)
    game.state.players[seat].cargo.append(token)
    assert t.SellGoods(token=token, black_market=True) not in list(
        ruleset.legal_actions(game.state, seat))
    monkeypatch.setattr(t, "_stealth", lambda state, s: s == seat)
    assert t.SellGoods(token=token, black_market=True) in list(
        ruleset.legal_actions(game.state, seat))
    before = game.state.players[seat].credits
    game.play(seat, t.SellGoods(token=token, black_market=True))
    cond = t.market.condition(game.state.trade.market(culture))
    assert game.state.players[seat].credits == before + facts.culture(
        seller).goods.resale.at(cond)
    assert game.state.players[seat].infamy == 2


def test_wave_emitter_exchanges_missions_once_a_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Appendix B > Wave Emitter": after his Movement phase, a player on the same space is
    made to exchange one Mission card; once per turn (the exchange itself is the cards')."""
    game = start(seed="wave")
    seat = game.state.turn.seat if game.state.turn else 0
    other = 1 - seat
    _give(game, seat, "wave_emitter:1")
    game.state.players[seat].missions = ["mine"]
    game.state.players[other].missions = ["theirs"]
    calls: list[tuple[int, int, str, str]] = []
    monkeypatch.setattr(ta, "exchange_missions", lambda d, a, b, m, th: calls.append(
        (a, b, m, th)))
    with pytest.raises(RuleError, match="Player Turns|Wave Emitter"):
        game.play(seat, ta.UseWaveEmitter(other=other, mine="mine", theirs="theirs"))
    game.play(seat, c.SkipMovement())  # both ships are on Galactic Base
    cmd = ta.UseWaveEmitter(other=other, mine="mine", theirs="theirs")
    assert cmd in list(ruleset.legal_actions(game.state, seat))
    game.play(seat, cmd)
    assert calls == [(seat, other, "mine", "theirs")]
    with pytest.raises(RuleError, match="once per turn"):
        game.play(seat, cmd)
    # used this turn: no longer offered
    assert not any(isinstance(x, ta.UseWaveEmitter)
                   for x in ruleset.legal_actions(game.state, seat))


def test_market_view_groups_tokens_by_kind_with_the_offered_token_first() -> None:
    game = start(seed="group")
    seat, culture = _discovered(game, "ice-planet")
    game.state.players[seat].credits = 500
    shown = view(game.state, seat, HOOKS.parts)["markets"][culture]
    (goods,) = shown["goods_by_kind"]
    assert goods["count"] == len(shown["goods"]) and goods["kind"] == culture
    offer = next(x for x in ruleset.legal_actions(game.state, seat) if isinstance(x, t.BuyGoods))
    assert offer.token == goods["id"]
    assert sum(x["count"] for x in shown["techs_by_kind"]) == len(shown["techs"])


def test_tokens_are_conserved_through_random_trading() -> None:
    """Component Limitations: every goods (76), racial technology (34) and passenger (15)
    token is in exactly one place at any time while random bots trade."""
    from engine.venus_standard.technology import load_technologies

    game = start(4, seed="conserve")
    bots = [UniformBot(f"c{i}") for i in range(4)]
    places_ = [s for sy in BOARD.cultured_systems for s in BOARD.landing_places(sy)]
    rng = Randomness("conserve-jumps", 0)
    all_techs = sorted(x for tech in load_technologies().technologies for x in tech.token_ids())
    for _ in range(1500):
        now = ruleset.pending(game.state)
        if now is None:
            break
        seat = now.seats[0]
        if now.prompt == "movement":
            land(game, rng.choice(places_ + [BOARD.galactic_base]))
        else:
            legal = takeback.without(ruleset.legal_actions(game.state, seat))
            game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
        s = game.state
        ms = s.trade.markets.values()
        goods = [g for m in ms for g in m.goods + m.supply_goods] + \
            [g for p in s.players for g in p.cargo if ":g" in g]
        techs = [x for m in ms for x in m.techs + m.supply_techs] + \
            [x for p in s.players for x in p.techs]
        pax = [x for m in ms for x in m.passengers] + s.trade.base_passengers + \
            [x for p in s.players for x in p.cargo if ":" not in x] + s.decks["passenger"]
        assert len(goods) == len(set(goods)) == 76
        assert sorted(techs) == all_techs
        assert len(pax) == len(set(pax)) <= 15
        assert all(p.credits >= 0 for p in s.players)
        assert all(v >= 0 for v in s.trade.iou.values())


def test_asteroid_system_merchant_spaceport_bankrupts_the_neutral_one() -> None:
    """"Merchant Spaceports in the Asteroid System": from a neutral spaceport, c200 for the
    orbit space three green lines away; the neutral spaceport goes under an asteroid token."""
    from engine.venus_standard import places

    game = start(seed="asteroid")
    port = "asteroid-system.spaceport-west"
    seat = land(game, port)
    game.state.players[seat].credits = 300
    for _ in range(2):
        game.play(seat, c.EndPhase())  # First Contact, Transaction: no buy
    orbit = BOARD.asteroid_spaceport_orbit(port)
    assert msp.BuildSpaceport(space=orbit) in list(ruleset.legal_actions(game.state, seat))
    game.play(seat, msp.BuildSpaceport(space=orbit))
    s = game.state
    assert s.trade.bankrupt == [port] and s.trade.spaceports == {orbit: seat}
    assert s.players[seat].credits == 100 and s.players[seat].space == orbit
    assert places.landing(port, s) == "asteroid" and places.landing(orbit, s) == "spaceport"


def test_selling_goods_example_three_perfumes_c480_then_a_low_market() -> None:
    """"Selling Goods Example": the green player skips his Movement phase on a surface city
    (unlimited actions), sells three Bionic Perfumes on a high market for c160 each, c480,
    then the shift reveals a low market."""
    game = start(seed="selling")
    facts = load_cultures()
    system = next(sy for sy, cu in game.state.first_contact.items()
                  if cu in facts.buyers("nillis") and BOARD.surface_cities(sy))
    seat, culture = _discovered(game, system)
    for _ in range(2):
        game.play(seat, c.EndPhase())
    other = game.state.turn.seat if game.state.turn else 1
    game.play(other, c.SkipMovement())  # Galactic Base: to its Transaction phase
    for _ in range(2):
        game.play(other, c.EndPhase())
    perfumes = game.state.trade.market("nillis").supply_goods[:3]
    for token in perfumes:
        game.state.trade.market("nillis").supply_goods.remove(token)
    game.state.players[seat].cargo = list(perfumes)
    game.state.players[seat].extra_holds = 1
    game.state.trade.market(culture).stack = [f"{culture}-high", f"{culture}-low",
                                              f"{culture}-active"]
    game.play(seat, c.SkipMovement())
    before = game.state.players[seat].credits
    for token in perfumes:
        game.play(seat, t.SellGoods(token=token))
    assert game.state.players[seat].credits - before == 480
    game.play(seat, c.EndPhase())
    assert t.market.condition(game.state.trade.market(culture)).value == "low"


def test_buying_goods_example_sell_genes_c120_buy_perfume_c80_after_landing() -> None:
    """"Buying Goods" example: landed on the Nillis' surface city, one sell (Designer Genes,
    c120 on an active market) and one buy (Bionic Perfume, c80); no second buy."""
    game = start(seed="buying")
    system = next(sy for sy, cu in game.state.first_contact.items()
                  if cu == "nillis" and BOARD.surface_cities(sy))
    seat, _ = _discovered(game, system)  # lands on the city: the Important Exception
    s = game.state
    s.trade.market("nillis").stack = ["nillis-active", "nillis-low", "nillis-high"]
    s.trade.iou["nillis"] = 0  # the example's red player pays in credits
    genes = s.trade.market("cholos").supply_goods.pop(0)
    s.players[seat].cargo = [genes]
    s.players[seat].credits = 0  # "He does not have enough credits to make a purchase"
    perfume = s.trade.market("nillis").goods[0]
    with pytest.raises(RuleError, match="Buy Actions"):
        game.play(seat, t.BuyGoods(token=perfume))
    game.play(seat, t.SellGoods(token=genes))
    assert game.state.players[seat].credits == 120
    game.play(seat, t.BuyGoods(token=perfume))  # no pilot's home culture is the Nillis
    assert game.state.players[seat].credits == 40
    assert game.state.players[seat].cargo == [perfume]
    with pytest.raises(RuleError, match="Transaction Phase"):
        game.play(seat, t.BuyGoods(token=game.state.trade.market("nillis").goods[0]))


def test_pilot_home_culture_discount_example_pedigree_bolts_c180() -> None:
    """"Pilot Home Culture Discounts" example: an Eeepeeep level 2 pilot buys Pedigree Bolts
    (c200) at the Eeepeeep for c180."""
    game = start(seed="bolts", pilots=["eeepeeep", "human"])
    system = next(sy for sy, cu in game.state.first_contact.items()
                  if cu == "eeepeeep" and BOARD.surface_cities(sy))
    seat = game.state.turn.seat if game.state.turn else 0
    game.state.players[seat].pilot = "eeepeeep"
    game.state.players[seat].pilot_level = 2
    seat2, culture = _discovered(game, system)
    assert seat2 == seat and culture == "eeepeeep"
    s = game.state
    s.trade.iou["eeepeeep"] = 0
    s.players[seat].credits = 200
    game.play(seat, t.BuyGoods(token=s.trade.market("eeepeeep").goods[0]))
    assert game.state.players[seat].credits == 20


def test_trading_on_merchant_spaceports_example_bolts_c300_c10_to_green() -> None:
    """"Trading on Merchant Spaceports" example: red sells Pedigree Bolts to the Qossuth at
    green's merchant spaceport: c300 from the bank, then c10 to green."""
    game = start(seed="qossuth")
    system = next(sy for sy, cu in game.state.first_contact.items()
                  if cu == "qossuth" and BOARD.surface_cities(sy))
    green, _ = _discovered(game, system)
    orbit = BOARD.orbits_of_city(city(system))[0]
    game.state.players[green].credits = 200
    game.play(green, c.EndPhase())
    game.play(green, msp.BuildSpaceport(space=orbit))
    red = game.state.turn.seat if game.state.turn else 1
    bolts = game.state.trade.market("eeepeeep").supply_goods.pop(0)
    game.state.players[red].cargo = [bolts]
    game.state.trade.market("qossuth").stack = ["qossuth-active", "qossuth-low",
                                                "qossuth-high"]
    land(game, orbit)
    red_before, green_before = game.state.players[red].credits, game.state.players[green].credits
    game.play(red, t.SellGoods(token=bolts))
    assert game.state.players[red].credits == red_before + 300 - 10
    assert game.state.players[green].credits == green_before + 10
    assert bolts in game.state.trade.market("eeepeeep").supply_goods


def test_a_ship_entering_a_surface_city_lands_there() -> None:
    """"End Movement": a surface city entered is landed on; with two orbit spaces joined to
    one city (our board) a ship does not fly on through the city to the other orbit
    (docs/rulings.md). From the city, either orbit space may be the heading."""
    game = scenario.start({
        "players": [{"name": "Ann", "space": "desert-planet.4",
                     "heading": "desert-planet.city", "came_from": "desert-planet.3"},
                    {"name": "Bob"}],
        "dice": [2, 2, 2]})
    game.play(0, hc.RollSpeed())
    view = ruleset.view(game.state, 0)
    reach = {d["space"] for d in view["movement"]["reach"]}
    assert "desert-planet.city" in reach
    assert not any(d["path"][:2] == ["desert-planet.city", "desert-planet.5"]
                   for d in view["movement"]["reach"])
    game.play(0, hc.Step(to="desert-planet.city"))
    turn = game.state.turn
    assert turn is not None and turn.landed == "desert-planet.city"
    assert game.state.players[0].space == "desert-planet.city"
    ship = scenario.start({"players": [{"name": "Ann", "space": "desert-planet.city"},
                                       {"name": "Bob"}]})
    headings = {a.toward for a in ruleset.legal_actions(ship.state, 0)
                if isinstance(a, hc.DeclareHeading)}
    assert headings == {"desert-planet.4", "desert-planet.5"}
