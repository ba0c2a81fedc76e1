"""The ``merchant`` bot's plans beyond trade (engine/venus_standard/bot.py), each from a
seat's view and legal commands on a scenario: pirates ("Winning a Pirate Engagement": only a
laser win defeats one), merchant spaceports ("Merchant Spaceport Phase": no build after a
buy action), missions (a second one at Galactic Base, destinations as goals)."""

from __future__ import annotations

from typing import Any

from engine.kernel import Command, Game
from engine.venus_standard import card_rules as cr
from engine.venus_standard import commands as c
from engine.venus_standard import merchant_spaceports as ms
from engine.venus_standard import places
from engine.venus_standard import trading as tr
from engine.venus_standard.bot import (
    FEE_ROUNDS,
    MISSION_GOAL,
    RESERVE,
    Merchant,
    _landings,
    _reserve,
    _saving_for_spaceport,
    _spaceport_worth_it,
)
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import Phase, StandardState
from tests.engine.venus_standard.cards_kit import SPACE, current, enter, pirate_at, table


def choice(game: Game[StandardState], seat: int) -> Any:
    legal = list(ruleset.legal_actions(game.state, seat))
    return Merchant("plans").choose(ruleset.view(game.state, seat), legal, seat=seat,
                                    seq=game.seq)


def engaged(laser: int, shield: int, infamy: int = 0) -> tuple[Game[StandardState], int]:
    game = table(seed="plans")
    seat = current(game)
    p = game.state.player(seat)
    p.laser, p.shield = laser, shield
    pirate_at(game, SPACE, "pirate-6", infamy=infamy)  # +2
    res, _ = enter(game, seat)
    now = ruleset.pending(game.state)
    assert res.waiting and now is not None and now.prompt == "engage_pirates"
    return game, seat


def test_pirates_winning_a_pirate_engagement_a_strong_laser_fights_to_defeat_the_pirate() -> None:
    """Laser 6 against a +2 pirate wins on 1-3, as the shield 6 would: only the laser win
    defeats the pirate (c20 a token under it, a Reward card), so the laser is chosen."""
    game, seat = engaged(laser=6, shield=6, infamy=2)
    cmd = choice(game, seat)
    assert cmd == cr.EngagePirates(attribute="laser")
    before = game.state.player(seat).credits
    game.state.loaded_dice = [1]
    game.play(seat, cmd)
    assert game.state.cards.tokens[SPACE].kind == "asteroid"  # defeated
    assert game.state.player(seat).credits == before + 40


def test_pirates_winning_a_pirate_engagement_a_hopeless_laser_takes_the_shields_fame() -> None:
    """Laser 1 cannot win against a +2 pirate; shield 6 wins on 1-3: two fame."""
    game, seat = engaged(laser=1, shield=6)
    assert choice(game, seat) == cr.EngagePirates(attribute="shield")


def test_pirates_a_pirate_hunter_mission_takes_worse_laser_odds() -> None:
    """Pirate Hunter ("ours": defeat a pirate) makes a laser win worth more than the shield's
    better odds."""
    game, seat = engaged(laser=4, shield=6)
    assert choice(game, seat) == cr.EngagePirates(attribute="shield")
    game.state.player(seat).missions = ["pirate-hunter"]
    assert choice(game, seat) == cr.EngagePirates(attribute="laser")


def on_city(credits: int, phase: Phase, round_: int = 5) -> tuple[Game[StandardState], int]:
    game = table(seed="plans")
    seat = current(game)
    game.state.player(seat).space = "colony-world.city-1"
    game.state.player(seat).credits = credits
    game.state.round = round_
    assert game.state.turn is not None
    game.state.turn.phase = phase
    return game, seat


def score(game: Game[StandardState], seat: int, cmd: Command) -> float:
    view = ruleset.view(game.state, seat)
    return Merchant("plans")._score(view, view["players"][seat], cmd)


def saving(game: Game[StandardState], seat: int) -> bool:
    view = ruleset.view(game.state, seat)
    return _saving_for_spaceport(view, view["players"][seat])


def test_merchant_spaceport_phase_rich_on_a_city_with_an_empty_orbit_it_skips_buying() -> None:
    """"Merchant Spaceport Phase": a buy action forbids the build that turn, so with c350 on
    Colony World's city (orbit colony-world.3 empty) the bot buys nothing; poorer, it buys."""
    board = places._board()
    assert board is not None and board.orbits_of_city("colony-world.city-1")
    game, seat = on_city(350, "transaction")
    buy = tr.BuyGoods(token="whynom:g1")
    assert score(game, seat, buy) == -1
    assert saving(game, seat)
    game, seat = on_city(150, "transaction")
    assert not saving(game, seat)  # the buy is scored as any other (bot.py's _buy_goods)
    game, seat = on_city(350, "movement")
    assert not saving(game, seat)


def test_merchant_spaceport_phase_builds_when_it_can_keep_trading() -> None:
    """Build with c310 (c100 left to trade and the reserve), not with c250, nor in the last
    rounds."""
    build = ms.BuildSpaceport(space="colony-world.3")
    game, seat = on_city(310, "spaceport")
    assert score(game, seat, build) > 0
    game, seat = on_city(250, "spaceport")
    assert score(game, seat, build) < 0
    game, seat = on_city(310, "spaceport", round_=29)
    assert score(game, seat, build) < 0


def test_merchant_spaceport_phase_in_the_last_rounds_it_builds_more() -> None:
    """With three spaceports (the most it builds before) a fourth waits for the last ten
    rounds: the capital comes back at c200 ("End of the Game" 1), earns c10 a trade there
    ("Trading on Merchant Spaceports") and would earn no more in hand."""
    build = ms.BuildSpaceport(space="colony-world.3")
    for round_, builds in ((15, False), (22, True)):
        game, seat = on_city(310, "spaceport", round_=round_)
        game.state.trade.spaceports.update(dict.fromkeys(
            ("giant-planet.6", "war-torn-system.4", "ice-planet.5"), seat))
        assert (score(game, seat, build) > 0) == builds


def test_merchant_spaceport_phase_played_from_the_legal_commands() -> None:
    """In the Merchant Spaceport phase on that city the bot's own choice is the build."""
    game, seat = on_city(310, "spaceport")
    cmd = choice(game, seat)
    assert cmd.type == "BuildSpaceport"
    game.play(seat, cmd)
    assert game.state.trade.spaceports[cmd.model_dump()["space"]] == seat


def test_missions_second_mission_is_bought_when_c60_can_be_spared() -> None:
    game = table(seed="plans")
    seat = current(game)
    game.state.player(seat).credits = 150
    assert score(game, seat, cr.BuySecondMission()) > score(game, seat,
                                                                   c.EndPhase())
    game.state.player(seat).credits = 70
    assert score(game, seat, cr.BuySecondMission()) < 0


def test_missions_mission_tokens_mark_goals_worth_a_buyers_market() -> None:
    game = table(seed="plans")
    seat = current(game)
    dest = next(s for s in places.systems() if places.mission_spaces(s))
    view = ruleset.view(game.state, seat)
    view["cards"]["mission_tokens"] = {str(seat): [dest]}
    goals = Merchant("plans")._goals(view, view["players"][seat])
    assert all(goals[s] >= MISSION_GOAL for s in places.mission_spaces(dest))


def test_trading_on_merchant_spaceports_they_are_landing_places_for_the_bot() -> None:
    """"Trading on Merchant Spaceports": a merchant spaceport on an orbit space is where a
    ship lands to trade (the only way in once every orbit holds one), so it is a goal and a
    landing for the bot."""
    game, seat = on_city(310, "spaceport")
    game.play(seat, ms.BuildSpaceport(space="colony-world.3"))
    view = ruleset.view(game.state, seat)
    assert places.landing_seen(view, "colony-world.3") == "spaceport"
    assert "colony-world.3" in _landings(view, "colony-world")


def test_solo_challenge_fees_kept_in_hand_and_no_spaceport() -> None:
    """Solo challenge ("Challenges": a round begun without the fees loses the game): the bot
    keeps three rounds of the active fees and of the cards coming into force within three
    rounds, and builds no merchant spaceport (its c200 come back only at the end)."""
    game, seat = on_city(2000, "spaceport")
    view = ruleset.view(game.state, seat)
    assert _spaceport_worth_it(view, view["players"][seat])
    view["solo"] = {"cards": ["a", "b", "c"], "completed": [], "active": ["a"],
                    "rounds": {"a": 1, "b": 7, "c": 20}, "fees": {"a": 5, "b": 10, "c": 20},
                    "fees_due": 5}
    view["round"] = 5
    assert _reserve(view) == RESERVE + FEE_ROUNDS * (5 + 10)
    assert not _spaceport_worth_it(view, view["players"][seat])
