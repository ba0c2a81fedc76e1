"""Rules the audit (`docs/venus-standard-rules.md`) found implemented but without a test of
their own; each test names the book's heading it proves."""

from __future__ import annotations

import pytest

from engine.kernel import Event, Game, RuleError
from engine.venus_standard import hazards, helm, places
from engine.venus_standard import tech_abilities as ta
from engine.venus_standard import trading as t
from engine.venus_standard.flight import flight
from engine.venus_standard.state import StandardState

from .helm_kit import Kit, build, on_telegate_2_with_navigation
from .kit import c, game_of, play, turn_of
from .test_trading import land, start


@pytest.fixture
def kit(monkeypatch: pytest.MonkeyPatch) -> Kit:
    return build(monkeypatch)


# ------------------------------------------------------- Bumps Along the Way > Telegates


def test_telegates_a_ship_starting_on_a_telegate_simply_moves_on(kit: Kit) -> None:
    """"Only a player who enters a telegate space during his Move step is affected by it (in
    other words, a player who starts his turn on a telegate space simply moves to the next
    space during his Move step)"."""
    d = kit([3, 3, 3])
    d.state.players[0].space = "tg2"
    d.state.players[0].came_from = "c"
    helm.roll_speed(d, 0)
    helm.step(d, 0, "enc")
    f = flight(d.state)
    assert f.at == "enc" and f.wait is None
    assert not any(e.type == "TelegateJumped" for e in d.events)


def test_telegates_no_telegate_with_the_navigation_value_the_ship_stays_and_goes_on(
        kit: Kit) -> None:
    """Telegates step 2: "if there is no telegate with that number on the board, his ship
    remains on its current space and he continues his Move step" (the test map has
    telegates 2 and 5 only; the navigation value is 3)."""
    d = kit([3, 3, 3])
    on_telegate_2_with_navigation(d)
    helm.step(d, 0, "enc")
    assert flight(d.state).at == "enc"


# --------------------------------------------------- Appendix B > Variable Shield / Laser


def test_variable_shield_adds_the_assigned_die_to_the_shield_value() -> None:
    """"he adds the value of the assigned die to his current shield value for the rest of
    his turn"."""
    attrs = hazards.Attributes(laser=1, shield=2, piloting=3, shield_bonus=4)
    assert hazards.passes("shield", 5, attrs)
    assert not hazards.passes("shield", 6, attrs)


def test_variable_shield_and_laser_bonus_cannot_be_reduced_to_pass_a_hazard() -> None:
    """"The bonus gained from the Variable Shield [Laser] cannot be reduced to automatically
    pass shield [laser] hazards": with the dial at its lowest a failed check cannot be pushed
    through by giving up part of the die's bonus."""
    attrs = hazards.Attributes(laser=1, shield=1, piloting=3, laser_bonus=5, shield_bonus=5)
    assert not hazards.may_push_on("laser", attrs)
    assert not hazards.may_push_on("shield", attrs)


# ------------------------------------------------------------------- End of the Game 4


def test_end_of_the_game_unspent_first_contact_credits_do_not_count() -> None:
    """End of the Game, 4. Determine Final Score: "Unspent credits on First Contact cards do
    not contribute to a player's final score" (also "Using First Contact Credits")."""
    game = game_of(players=[{"name": "A", "credits": 100}], round=30, phase="spaceport")
    game.state.trade.iou["volois"] = 120
    game.state.trade.holders["volois"] = 0
    play(game, 0, c.EndPhase())
    assert game.state.stage == "over"
    assert game.state.players[0].score == 100


# --------------------------------------------- Making Room in a Ship > Offloading at GB


def test_offloading_at_galactic_base_passengers_only() -> None:
    """"Goods and racial technologies cannot be offloaded at Galactic Base but passengers
    can be offloaded here"."""
    game = start()
    seat = land(game, places.galactic_base())
    s = game.state
    assert s.turn is not None and s.turn.phase == "transaction"
    market = next(m for m in s.trade.markets.values() if m.supply_goods or m.goods)
    good = (market.supply_goods or market.goods).pop(0)
    s.players[seat].cargo.append(good)
    with pytest.raises(RuleError, match="Offloading at Galactic Base"):
        game.play(seat, t.Offload(token=good))
    passenger = next(p for m in s.trade.markets.values() for p in m.passengers) \
        if any(m.passengers for m in s.trade.markets.values()) else None
    if passenger is None:
        passenger = s.trade.base_passengers.pop(0) if s.trade.base_passengers else None
    if passenger is None:
        pytest.fail("no passenger token in play in this seed: the test needs another seed")
    for m in s.trade.markets.values():
        if passenger in m.passengers:
            m.passengers.remove(passenger)
    s.players[seat].cargo.append(passenger)
    game.play(seat, t.Offload(token=passenger))
    assert passenger not in game.state.players[seat].cargo
    assert passenger in game.state.trade.base_passengers


# --------------------------------------------------- Encounters > Encounter Card Production


def test_encounter_card_production_moves_every_supply_token_of_a_discovered_culture() -> None:
    """"the current player takes all of the goods tokens from the indicated culture's supply
    area and returns them to the market in that culture's system (if the culture is not yet
    discovered, nothing happens)"."""
    from engine.cluster.cultures import load_cultures
    from engine.venus_standard import ports

    from .test_trading import _discovered, act

    game = start()
    _, culture = _discovered(game, "jungle-world")
    s = game.state
    number = load_cultures().culture(culture).number
    moved = s.trade.market(culture).goods[:2]
    for token in moved:
        s.trade.market(culture).goods.remove(token)
        s.trade.market(culture).supply_goods.append(token)
    act(game, lambda d: ports.produce(d, number))
    market = game.state.trade.market(culture)
    assert market.supply_goods == [] and set(moved) <= set(market.goods)
    hidden = next(x.key for x in load_cultures().cultures
                  if x.key not in game.state.discovered.values())
    before = list(game.state.trade.market(hidden).supply_goods)
    act(game, lambda d: ports.produce(d, load_cultures().culture(hidden).number))
    assert game.state.trade.market(hidden).supply_goods == before


# ------------------------------------------------- Movement Phase > Additional Movement Rules


def test_additional_movement_rules_ships_pass_one_another_and_share_a_space(kit: Kit) -> None:
    """"Ships can move past one another without movement penalty"; "Multiple ships can
    occupy the same space"."""
    d = kit([2, 2, 2])
    d.state.players[1].space = "a"
    d.state.players[0].came_from = None
    helm.roll_speed(d, 0)
    helm.step(d, 0, "a")
    helm.step(d, 0, "b")
    assert flight(d.state).mp_left == 4
    d2 = kit([1, 1, 1])
    d2.state.players[1].space = "r1"
    helm.roll_speed(d2, 0)
    for to in ("a", "b", "r1"):
        helm.step(d2, 0, to)
    assert flight(d2.state).at == "r1" == d2.state.players[1].space
    assert ("end_turn", 0) in d2.calls


# ------------------------------------------------ Appendix B > Shuttle: the End Movement step


def _shuttle_game(cargo: list[str]) -> Game[StandardState]:
    """Player A at Galactic Base with a Shuttle, every system discovered, speed dice 4-4-4
    with the first on the Shuttle (a Shuttle die of 4)."""
    from engine.cluster.cultures import load_cultures
    from engine.venus_standard import helm_commands as hc

    facts = load_cultures()
    discovered = {s: x.key for s, x in zip(places.systems(), facts.cultures, strict=True)}
    game = game_of(players=[{"name": "A", "techs": ["shuttle:1"], "upgrades": ["shuttle"],
                             "cargo": cargo}, {"name": "B"}],
                   discovered=discovered, dice=[4, 4, 4])
    for m in game.state.trade.markets.values():
        m.passengers.clear()
    game.state.trade.base_passengers.clear()
    play(game, 0, hc.RollSpeed())
    play(game, 0, hc.AssignDie(die=0, box="upgrade:shuttle"))
    return game


def _end_of_move_away_from_ports(game: Game[StandardState]) -> list[Event]:
    """Move along the reach path that spends every point on colony-ship.4 (our board: the
    Multi-Generational Ship's spaceport is within 4 of it, Galactic Base's reach is not)."""
    from engine.venus_standard import helm_commands as hc
    from engine.venus_standard.order import HOOKS
    from engine.venus_standard.view import view

    end = next(r for r in view(game.state, 0, HOOKS.parts)["movement"]["reach"]
               if r["space"] == "colony-ship.4" and r["end"] == "spent")
    return play(game, 0, hc.MoveTo(path=end["path"]))


def _waiting_at_the_yxklyx(game: Game[StandardState]) -> str:
    """A one-dot passenger waiting at the Yxklyx's market (Multi-Generational Ship)."""
    from engine.cluster.cultures import load_cultures

    token = next(p.key for p in load_cultures().passengers if p.dots == 1)
    game.state.trade.market("yxklyx").passengers.append(token)
    return token


def test_shuttle_in_the_end_movement_step_picks_up_within_its_die() -> None:
    """"The current player can use the Shuttle only during the Set Speed and End Movement
    steps": a passenger waiting at the Yxklyx (out of the Shuttle's reach from Galactic
    Base) is picked up when the move ends four spaces from their spaceport."""
    from engine.venus_standard.ruleset import ruleset

    game = _shuttle_game([])
    rider = _waiting_at_the_yxklyx(game)
    legal = list(ruleset.legal_actions(game.state, 0))
    assert ta.ShuttlePickUp(passenger=rider) not in legal  # Set Speed: not within 4 of GB
    _end_of_move_away_from_ports(game)
    now = ruleset.pending(game.state)
    assert now is not None and now.prompt == "shuttle" and now.seats == (0,)
    legal = list(ruleset.legal_actions(game.state, 0))
    assert ta.ShuttlePickUp(passenger=rider) in legal and ta.DoneShuttling() in legal
    play(game, 0, ta.ShuttlePickUp(passenger=rider))
    assert rider in game.state.players[0].cargo
    assert rider not in game.state.trade.market("yxklyx").passengers
    play(game, 0, ta.DoneShuttling())
    now = ruleset.pending(game.state)  # then "Jettisoning" may be asked, or the turn ends
    assert now is not None and (now.prompt == "jettison" or turn_of(game.state).seat == 1)


def test_shuttle_end_movement_step_does_not_wait_with_nothing_in_reach() -> None:
    """No passenger to drop off or pick up within the die: the turn ends as before."""
    game = _shuttle_game([])
    _end_of_move_away_from_ports(game)
    ask = game.state.ask  # the Shuttle (an upgrade) may be jettisoned: that is asked
    assert ask is None or ask.prompt == "jettison"


def test_shuttle_is_refused_after_the_end_movement_step() -> None:
    """Past the End Movement step the Shuttle's die no longer counts."""
    game = _shuttle_game([])
    rider = _waiting_at_the_yxklyx(game)
    _end_of_move_away_from_ports(game)
    play(game, 0, ta.ShuttlePickUp(passenger=rider))
    play(game, 0, ta.DoneShuttling())
    from engine.venus_standard.ruleset import ruleset

    now = ruleset.pending(game.state)  # the Shuttle, an upgrade, may be jettisoned now
    assert now is not None and now.prompt == "jettison"
    assert ta.ShuttleDropOff(passenger=rider) not in list(ruleset.legal_actions(game.state, 0))
    with pytest.raises(RuleError, match="not possible now"):
        play(game, 0, ta.ShuttleDropOff(passenger=rider))


# ------------------------------------------------- Making Room in a Ship > Ship Improvements


def test_ship_improvements_upgrades_shift_up_after_offloading_one() -> None:
    """"When a player offloads or jettisons a ship upgrade tech, he immediately shifts his
    other equipped ship upgrade techs upwards ... so that available ship upgrade slots are
    always at the bottom"."""
    from .test_trading import _discovered, _give

    game = start()
    seat, _ = _discovered(game, "jungle-world")
    for token in ("market_flux:1", "shuttle:1", "stealth_field:1"):
        _give(game, seat, token)
    game.state.players[seat].upgrades = ["market_flux", "shuttle", "stealth_field"]
    game.play(seat, t.Offload(token="market_flux:1"))
    assert game.state.players[seat].upgrades == ["shuttle", "stealth_field"]
    game.play(seat, t.Offload(token="stealth_field:1"))
    assert game.state.players[seat].upgrades == ["shuttle"]


# --------------------------------- Pilot Card Anatomy 5 (Pilot Ability) against pirates


@pytest.mark.parametrize(("pilot", "level", "won"), [("qossuth", 2, True), ("qossuth", 1, False),
                                                     ("human", 2, False)])
def test_pilot_ability_pirate_edge_lowers_the_engagement_roll(
        pilot: str, level: int, won: bool) -> None:
    """Our Qossuth level 2 and 3 cards: "Pirate engagement rolls are one lower". Laser 4
    against a +2 pirate, the die shows 2: 4 loses ("equal to or greater"), 3 wins."""
    from engine.venus_standard import card_rules as cr
    from engine.venus_standard.encounters import engage_odds

    from .cards_kit import SPACE, current, enter, load_dice, pirate_at, table

    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.pilot, p.pilot_level, p.laser = pilot, level, 4
    pirate_at(game, SPACE, "pirate-6")  # +2
    enter(game, seat)
    odds = engage_odds(game.state, seat, SPACE)["laser"]
    assert odds == pytest.approx((2 if won else 1) / 6)
    load_dice(game, 2)
    events = game.play(seat, cr.EngagePirates(attribute="laser"))
    fight = next(e.data for e in events if e.type == "PirateEngaged")
    assert (fight["result"], fight["won"]) == ((3, True) if won else (4, False))
