"""The standard game's search hooks (``engine/venus_standard/search.py``): what a position is
worth to the search bot's evaluation (``docs/bots.md``, "Each game's worlds and
evaluation"), against what the rules count at the end ("End of the Game")."""

from __future__ import annotations

from engine.bots.base import act
from engine.cluster.cultures import load_cultures
from engine.venus_standard import commands as c
from engine.venus_standard import helm_commands as h
from engine.venus_standard.appraisal import TURN_DISCOUNT, equipment_price, goods_worth
from engine.venus_standard.definition import GAME
from engine.venus_standard.missions import mission_cards
from engine.venus_standard.pilots import TRAINING_COST
from engine.venus_standard.places import landing, landings_in
from engine.venus_standard.search import SETUP, candidates, evaluate, worth
from engine.venus_standard.state import StandardState
from engine.venus_standard.trading import SellGoods

from .kit import asked, dials_set, ruleset, start
from .test_trading import city, culture_at, land

GOODS = "qossuth:g1"  # a Qossuth goods token
BUYER = "nillis"  # a culture buying Qossuth goods


def fresh() -> StandardState:
    state = start(2).state
    assert evaluate(state, 0) == 0.5  # two seats alike
    return state


def test_a_completed_mission_counts_its_fame() -> None:
    """"Count Fame": a completed Mission card's fame is counted at the end (c10 a point), so
    completing one is worth its fame to the search, not nothing."""
    state = fresh()
    before = worth(state, 0)
    state.player(0).missions_done.append("rogue-rescue")
    assert worth(state, 0) - before == 10 * mission_cards()["rogue-rescue"].fame
    assert evaluate(state, 0) > 0.5


def test_the_fuzzy_dice_count_their_average_roll() -> None:
    """"End of the Game" 2: the Fuzzy Dice add two dice of fame: seven on average."""
    state = fresh()
    before = worth(state, 0)
    state.player(0).techs.append("fuzzy_dice:1")
    assert worth(state, 0) - before == 70


def at_buyer(condition: str, system: str = "colony-world") -> StandardState:
    """Seat 0 on a city of ``system``, discovered as Nillis (a buyer of Qossuth goods: "Sell
    Actions") whose market shows ``condition``, with one Qossuth goods token aboard."""
    state = fresh()
    state.round = 1
    state.discovered[system] = BUYER
    state.trade.market(BUYER).stack = [f"{BUYER}-{condition}"] + [
        f"{BUYER}-{other}" for other in ("low", "active", "high") if other != condition]
    state.player(0).space = landings_in(system)[0]
    state.player(0).cargo.append(GOODS)
    return state


def test_goods_aboard_are_worth_what_a_buyer_pays() -> None:
    """"Sell Actions": a goods token sells at the resale value the buyer's top market token
    shows. Aboard on the buyer's city it is worth that price a turn later (the next turn's
    sell), not a fixed share of its centre value: a high market's price, a low market's."""
    resale = load_cultures().culture("qossuth").goods.resale
    for condition, price in (("high", resale.high), ("low", resale.low)):
        state = at_buyer(condition)
        before = worth(state, 0)
        state.player(0).cargo.remove(GOODS)
        assert before - worth(state, 0) == price * TURN_DISCOUNT


def test_goods_aboard_are_worth_more_the_nearer_their_buyer() -> None:
    """A course toward the buyer shows in the evaluation at the turn's end: the same token
    farther from the market is worth its price less a share for each turn more the journey
    takes ("Movement Phase"), so the search can weigh the course within one turn."""
    here = goods_worth(at_buyer("active"), 0)
    away = at_buyer("active")
    away.player(0).space = landings_in("war-torn-system")[0]
    assert 0 < goods_worth(away, 0) < here


def test_goods_aboard_with_no_buyer_in_reach_of_the_turns_left_count_nothing() -> None:
    """"End of the Game": goods still aboard score nothing. In the last round a buyer
    where the ship lies can still be sold to; a buyer some turns away cannot, nor can any
    once the seat's last turn is over."""
    state = at_buyer("active")
    state.round = state.last_round
    assert goods_worth(state, 0) > 0  # its last turn is still to be played, here
    state.done = [0]
    assert goods_worth(state, 0) == 0
    state = at_buyer("active")
    state.player(0).space = landings_in("war-torn-system")[0]  # the buyer turns away
    state.round = state.last_round
    assert goods_worth(state, 0) == 0
    state.round = state.last_round - 10
    assert goods_worth(state, 0) > 0


def test_training_early_costs_the_search_next_to_nothing() -> None:
    """"Pilots > Upgrading Pilots": c60 a level, one fame for the level 2 card. Early in the
    game the training will earn its price back (a die more, the level's ability), so it is
    worth about what it cost; in the last turn only its fame counts."""
    state = fresh()
    state.round = 2
    before = worth(state, 0)
    p = state.player(0)
    p.credits -= TRAINING_COST
    p.pilot_level = 2
    assert abs(worth(state, 0) - before) < 10
    state.round, state.done = state.last_round, [0]
    assert worth(state, 0) == before - TRAINING_COST + 10


def test_equipment_is_worth_its_price_for_the_game_left() -> None:
    """"Buying Equipment": a cargo hold bought at the start is worth about its price (what
    it will carry); half-way through the game, about half of it."""
    state = fresh()
    state.round = 1
    before = worth(state, 0)
    state.player(0).extra_holds = 1  # two fame: "Fame for Ship Enhancements"
    early = worth(state, 0) - before
    state.round = state.last_round // 2 + 1
    half = worth(state, 0) - before
    price = equipment_price("cargo_hold")
    assert early == 20 + price
    assert half == 20 + price / 2


def test_the_search_weighs_the_course() -> None:
    """"Movement Phase": a step of the movement is one of the search's decisions, its
    other steps weighed beside the merchant's in playouts (the evaluation sees the cargo's
    buyers come nearer, ``appraisal.goods_worth``)."""
    game = start(2, seed="course")
    merchant = GAME.make_bot("merchant", "course")
    while True:
        seat = asked(game.state).seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        steps = [cmd for cmd in legal if isinstance(cmd, h.Step)]
        if len(steps) > 1:
            break
        command = act(merchant, GAME, game.state, seat, game.seq)
        assert command is not None
        game.play(seat, command)
    assert steps == [cmd for cmd in candidates({}, legal, seat) if isinstance(cmd, h.Step)]
    bot = GAME.make_bot("hard", "course")
    assert act(bot, GAME, game.state, seat, game.seq) in legal
    assert bot.playouts > 0


def test_the_solo_challenge_setup_options_are_the_merchants() -> None:
    """Solo Challenge Setup 10: the starting funds and options are worth what they leave for
    the fees of the whole game, beyond a playout: the search levels take the merchant's
    picks, without a playout."""
    game = start(1, seed="solo-setup", variant="solo-challenge")
    legal = list(ruleset.legal_actions(game.state, 0))
    assert any(isinstance(cmd, SETUP) for cmd in legal)
    assert not any(isinstance(cmd, SETUP) for cmd in candidates({}, legal, 0))
    bot = GAME.make_bot("hard", "solo-setup")
    merchant = GAME.make_bot("merchant", "solo-setup")
    assert act(bot, GAME, game.state, 0, game.seq) == act(merchant, GAME, game.state, 0,
                                                          game.seq)
    assert bot.playouts == 0


def test_a_sale_here_is_never_weighed_against_ending_the_phase() -> None:
    """"Sell Actions": where a goods token may be sold, the search levels do not weigh ending
    the Transaction phase against the merchant's sale (a playout ends with the turn and
    counts the goods kept at the evaluation's price, never the holds they fill nor the way
    to another buyer); with nothing to sell here, ending the phase is weighed again."""
    game = start(2, seed="sale")
    dials_set(game)
    seat = land(game, city("ice-planet"))
    game.play(seat, c.EndPhase())  # First Contact: to the Transaction phase
    culture = culture_at(game, "ice-planet")
    facts = load_cultures()
    goods = next(k.key for k in facts.cultures if culture in facts.buyers(k.key))
    token = game.state.trade.market(goods).supply_goods.pop(0)
    game.state.players[seat].cargo.append(token)
    legal = list(ruleset.legal_actions(game.state, seat))
    assert SellGoods(token=token) in legal and c.EndPhase() in legal
    weighed = candidates({}, legal, seat)
    assert SellGoods(token=token) in weighed
    assert not any(isinstance(cmd, c.EndPhase) for cmd in weighed)
    game.state.players[seat].cargo.remove(token)
    legal = list(ruleset.legal_actions(game.state, seat))
    assert c.EndPhase() in candidates({}, legal, seat)


def test_a_movement_skipped_in_space_is_never_weighed() -> None:
    """"Movement Phase": a Movement phase skipped on a surface city or spaceport leads to the
    Transaction phase, and the search weighs it (staying to trade again); skipped anywhere
    else it only ends the turn, a turn thrown away that a playout ending with the turn
    cannot see the cost of, and the search leaves it to the merchant."""
    game = start(2, seed="skip")
    dials_set(game)
    seat = asked(game.state).seats[0]
    assert landing(game.state.player(seat).space, game.state) == "spaceport"
    legal = list(ruleset.legal_actions(game.state, seat))
    assert c.SkipMovement() in legal
    assert c.SkipMovement() in candidates(ruleset.view(game.state, seat), legal, seat)
    game.state.players[seat].space = "nav-east"  # a trade route space, no landing
    assert landing("nav-east", game.state) is None
    legal = list(ruleset.legal_actions(game.state, seat))
    assert c.SkipMovement() in legal
    assert c.SkipMovement() not in candidates(ruleset.view(game.state, seat), legal, seat)


def test_a_solo_win_is_scored_by_its_final_score() -> None:
    """Solo Challenge Game, "Winning the Solo Challenge Game": a win is scored by its final
    score ("End of the Game" 4), on the scale of the worth before the end, so a playout that
    reaches the end is not worth more for that alone, and the last rounds are played for
    credits; a loss is 0."""
    state = start(1, seed="solo-end", variant="solo-challenge").state
    me = state.player(0)
    state.end = {"reason": "round 30"}
    state.winners = [0]
    scored = {}
    for score in (600, 1200, 2400):
        me.score = score
        scored[score] = evaluate(state, 0)
    assert scored[600] < scored[1200] < scored[2400] < 1.0
    assert scored[1200] == 1200 / (1200 + 1500)
    state.winners = []
    assert evaluate(state, 0) == 0.0
