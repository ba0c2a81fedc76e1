"""Star Traders as the book plays it: one test per place where the engine used to depart
from the rulebook's text. Each quotes the book's sentence and names its heading."""

from __future__ import annotations

import pytest

from engine.kernel import Event, Game, RuleError
from engine.startraders.ruleset import ruleset
from engine.startraders.state import Bundle, StarState

from .kit import asked, c, game_of, play, turn_of, types


def test_the_hero_gains_a_prestige_for_the_avoid_calamity_that_frees_him() -> None:
    """Personalities: the Hero gets "one extra Prestige for each Avoid Calamity he plays" --
    the one played to leave a Quarantined world too (Special Cards, "Quarantine!": "An Avoid
    Calamity can also be used by a trapped Trader during a jump attempt")."""
    players = [{"name": "Hal", "world": 14, "personality": "hero", "hand": ["avoid-1"]},
               {"name": "Bob"}, {"name": "Cy", "hand": ["quarantine-1"]}]
    game = game_of(players=players, dice=[6])
    play(game, 2, c.PlayCard(card="quarantine-1", target=2, world=14))
    play(game, 0, c.PassReaction())  # Hal keeps his card for the escape
    play(game, 0, c.Jump(to=13, kind="regular"))
    assert asked(game.state).prompt == "quarantine"
    play(game, 0, c.AvoidCalamity(card="avoid-1"))
    hal = game.state.players[0]
    assert hal.world == 13 and hal.prestige == 2


def test_the_negotiator_gets_two_for_a_cargo_another_delivers_at_her_station() -> None:
    """Personalities: the Negotiator collects "an extra two Stellors for every cargo
    delivered at one of her stations" -- whoever delivers it (Ann's Power Crystals at
    Wells: 9 Stellors to the station owner, and 2 more: 51)."""
    players = [{"name": "Ann", "world": 13, "hold": ["Power Crystals"]},
               {"name": "Nell", "personality": "negotiator"}]
    game = game_of(players=players, stations={51: 1}, contracts=[1, 20], dice=[6])
    out = play(game, 0, c.Jump(to=51, kind="regular"))
    assert "ContractDelivered" in types(out)
    assert game.state.players[1].stellors == 51


def test_lucky_lou_discards_down_to_one_card_to_draw_two() -> None:
    """Personalities, Lucky Lou: "Before drawing, he can discard down to one or two cards in
    order to draw more cards" (three in hand: two discarded, two drawn)."""
    players = [{"name": "Lou", "personality": "lucky-lou",
                "hand": ["zap-1", "zap-2", "zap-3"]}, {"name": "Bob"}]
    game = game_of(players=players, luck_top=["favor-1", "favor-2"])
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    assert c.Exchange(card="zap-1", cards=["zap-2"]) in list(ruleset.legal_actions(game.state, 0))
    play(game, 0, c.Exchange(card="zap-1", cards=["zap-2"]))
    assert sorted(game.state.players[0].hand) == ["favor-1", "favor-2", "zap-3"]


def test_only_lucky_lou_exchanges_more_than_one_card() -> None:
    """Trader's Luck: "If you have two cards, you may discard one in order to draw another
    one" -- one, for everyone but Lucky Lou."""
    game = game_of(players=[{"name": "Ann", "hand": ["zap-1", "zap-2"]}, {"name": "Bob"}])
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    with pytest.raises(RuleError, match="one of two"):
        play(game, 0, c.Exchange(card="zap-1", cards=["zap-2"]))


def test_a_trade_over_the_card_limit_is_discarded_down_at_once() -> None:
    """Trader's Luck: "If you end up with more than two (as a result of a trade),
    immediately discard down to two." The deal stands; the holder chooses the discard
    before anything else happens."""
    players = [{"name": "Ann", "hand": ["zap-2", "zap-3"]}, {"name": "Bob", "hand": ["zap-1"]}]
    game = game_of(players=players)
    play(game, 1, c.OfferDeal(to=0, give=Bundle(cards=["zap-1"])))
    play(game, 0, c.AnswerDeal(offer=1, accept=True))
    now = asked(game.state)
    assert (now.prompt, now.seats) == ("discard", (0,))
    with pytest.raises(RuleError):
        play(game, 0, c.EndMovement())  # nothing else first
    out = play(game, 0, c.Discard(card="zap-2"))
    assert types(out) == ["CardTurnedIn"] and sorted(game.state.players[0].hand) == \
        ["zap-1", "zap-3"]
    assert asked(game.state).prompt == "move"


def test_a_trade_over_the_cargo_limit_abandons_the_excess_with_its_penalties() -> None:
    """Picking Up a Cargo: "if as the result of a trade you end up with more than two
    cargoes, you must immediately abandon the excess, paying the penalties" (5 Stellors, 3
    Prestige), choosing which."""
    players = [{"name": "Ann", "world": 25, "hold": ["Fur", "Power Crystals"], "prestige": 6},
               {"name": "Bob", "world": 25, "hold": ["Autodocs"]}]
    game = game_of(players=players)
    play(game, 1, c.OfferDeal(to=0, give=Bundle(cargo=["Autodocs"])))
    play(game, 0, c.AnswerDeal(offer=1, accept=True))
    assert (asked(game.state).prompt, asked(game.state).seats) == ("abandon_excess", (0,))
    play(game, 0, c.Abandon(cargo="Fur"))
    ann = game.state.players[0]
    assert sorted(ann.hold) == ["Autodocs", "Power Crystals"]
    assert (ann.stellors, ann.prestige) == (35, 3)


def test_a_trade_whose_excess_cargo_cannot_be_paid_for_is_refused() -> None:
    """Picking Up a Cargo: "(If you cannot pay, you cannot take the action which gave you the
    cargo.)"."""
    players = [{"name": "Ann", "world": 25, "hold": ["Fur", "Power Crystals"], "stellors": 4},
               {"name": "Bob", "world": 25, "hold": ["Autodocs"]}]
    game = game_of(players=players)
    play(game, 1, c.OfferDeal(to=0, give=Bundle(cargo=["Autodocs"])))
    with pytest.raises(RuleError, match="could not pay"):
        play(game, 0, c.AnswerDeal(offer=1, accept=True))


def test_an_imperial_cargo_may_be_sold_but_only_its_owner_delivers_it() -> None:
    """Completing Your Mission: "You could trade or sell your Imperial Cargo, but as only you
    can deliver it, it is of limited use to anyone else. You cannot have two identical
    Imperial Cargoes in your hold." Ann sells hers to Bob; Bob cannot deliver it at Ann's
    destination; he sells it back."""
    players = [{"name": "Ann", "world": 25, "hold": ["imperial"], "mission": 19},
               {"name": "Bob", "world": 25}]
    game = game_of(players=players)
    play(game, 0, c.OfferDeal(to=1, give=Bundle(cargo=["imperial"]), get=Bundle(stellors=10)))
    play(game, 1, c.AnswerDeal(offer=1, accept=True))
    assert game.state.players[1].hold == ["imperial:0"] and game.state.players[0].hold == []
    play(game, 0, c.PickUpMission())  # Clarke's cargo waits at Frygia (25): another one
    play(game, 1, c.OfferDeal(to=0, give=Bundle(cargo=["imperial:0"])))
    with pytest.raises(RuleError, match="two identical Imperial Cargoes"):
        play(game, 0, c.AnswerDeal(offer=2, accept=True))
    play(game, 0, c.Abandon(cargo="imperial"))
    play(game, 0, c.AnswerDeal(offer=2, accept=True))
    assert game.state.players[0].hold == ["imperial"] and game.state.players[1].hold == []


def test_a_station_sold_during_the_quarantine_interval_aborts_the_station_jump() -> None:
    """Timing Details 2: "At the end of this step, if ... making a station jump, the station
    either does not exist or you no longer have permission to use it, the jump is aborted".
    Bob lets Ann use Red Rock (15), then sells it to Cy, who gave no permission."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob"}, {"name": "Cy", "policy": "ask"}]
    game = game_of(players=players, stations={15: 1})
    play(game, 0, c.Jump(to=15, kind="station"))
    play(game, 1, c.AnswerPermission(grant=True))
    assert asked(game.state).prompt == "quarantine"  # Cy (asking) holds the interval open
    play(game, 1, c.OfferDeal(to=2, give=Bundle(stations=[15])))
    play(game, 2, c.AnswerDeal(offer=1, accept=True))
    out = play(game, 2, c.PassReaction())
    aborted = [e for e in out if e.type == "JumpAborted"]
    assert aborted and aborted[0].data["why"] == "station"
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 0


def test_permission_may_be_withdrawn_until_the_quarantine_interval_ends() -> None:
    """Timing Details 2: "... or you no longer have permission to use it, the jump is
    aborted. ... If the above conditions occur later, it does not matter."."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob"}, {"name": "Cy", "policy": "ask"}]
    game = game_of(players=players, stations={15: 1}, dice=[6, 6])
    play(game, 0, c.Jump(to=15, kind="station"))
    play(game, 1, c.AnswerPermission(grant=True))
    assert c.WithdrawPermission() in list(ruleset.legal_actions(game.state, 1))
    play(game, 1, c.WithdrawPermission())
    out = play(game, 2, c.PassReaction())
    assert "JumpAborted" in types(out) and game.state.players[0].world == 14
    with pytest.raises(RuleError, match="refused"):  # not asked again this turn
        play(game, 0, c.Jump(to=15, kind="station"))


def test_lose_a_station_is_played_in_the_quarantine_interval() -> None:
    """Timing Details 2: "Immediately after step 1 ... there is an opportunity for players to
    do things" -- any card, not only a Quarantine. Bob destroys Ann's station at Red Rock
    while she jumps there; at the end of the interval it no longer exists: aborted."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob", "policy": "ask",
                                               "hand": ["lose-station-1"]}]
    game = game_of(players=players, stations={15: 0})
    play(game, 0, c.Jump(to=15))
    assert asked(game.state).prompt == "quarantine"
    play(game, 1, c.PlayCard(card="lose-station-1", target=0, world=15))
    assert 15 not in game.state.stations and asked(game.state).prompt == "quarantine"
    out = play(game, 1, c.PassReaction())
    assert "JumpAborted" in types(out) and game.state.players[0].world == 14


def test_prestige_lowered_before_the_roll_stops_the_petition() -> None:
    """Petitioning: "Any Trader may use an appropriate Trader's Luck card to change your
    Prestige before you roll ... If your Prestige is reduced below 15, you cannot petition.
    In this case, you may take a different Action this turn if able"."""
    players = [{"name": "Ann", "world": 25, "prestige": 15},
               {"name": "Bob", "hand": ["disfavor-1"]}]
    game = game_of(players=players)
    play(game, 0, c.EndMovement())
    play(game, 0, c.Petition())
    assert asked(game.state).prompt == "petition" and asked(game.state).seats == (1,)
    out = play(game, 1, c.PlayCard(card="disfavor-1", target=0))
    assert "PetitionWithdrawn" in types(out) and "PetitionRolled" not in types(out)
    assert asked(game.state).prompt == "action" and game.state.players[0].prestige == 13
    play(game, 0, c.BuildStation())  # a different Action
    assert game.state.stations[25] == 0


def test_prestige_raised_after_the_roll_counts_for_the_petition() -> None:
    """Petitioning: "If you are in the "+1" area after you have rolled and all cards have
    been played, you may add 1 to your roll." Ann (19) rolls a 6, then plays Imperial Favor
    (+2) on herself: 21 is in the +1 area, 7: "Your petition is granted at no cost!"."""
    players = [{"name": "Ann", "world": 25, "prestige": 19, "hand": ["favor-1"],
                "policy": "ask"}, {"name": "Bob"}]
    game = game_of(players=players, dice=[6], contracts=[1, 2], deck_top=[19])
    play(game, 0, c.EndMovement())
    play(game, 0, c.Petition())
    play(game, 0, c.PassReaction())  # Ann keeps her card before the roll
    assert asked(game.state).prompt == "zap" and turn_of(game.state).roll is not None
    play(game, 0, c.PlayCard(card="favor-1", target=0))
    out = play(game, 0, c.PassReaction())
    settled = next(e for e in out if e.type == "PetitionSettled")
    assert (settled.data["bonus"], settled.data["result"]) == (1, 7)
    assert game.state.players[0].mission == 19


def test_a_jump_stated_by_its_destination_is_a_station_jump_to_ones_own_station() -> None:
    """Timing Details 1: "it is permissible to simply state the destination without stating
    "regular" or "station", since these are obvious from the situation. Only if a player
    wishes to make a regular jump when she could make a station jump must it be stated
    explicitly." A 1 does not stop a jump to her own station."""
    game = game_of(players=[{"name": "Ann", "world": 14}, {"name": "Bob"}],
                   stations={15: 0}, dice=[1])
    out = play(game, 0, c.Jump(to=15))
    assert [e.data["kind"] for e in out if e.type == "JumpDeclared"] == ["station"]
    assert game.state.players[0].world == 15


def test_a_calamity_may_be_played_on_yourself() -> None:
    """Calamity Cards: "These are to be played on your opponents (though you could play one
    on yourself if you wanted to!)" -- Stressed Engines too."""
    game = game_of(players=[{"name": "Ann", "hand": ["stressed-1"]}, {"name": "Bob"}])
    play(game, 0, c.PlayCard(card="stressed-1", target=0))
    assert game.state.players[0].stellors == 30


def test_a_quarantine_in_the_zap_interval_may_fall_on_the_starting_world() -> None:
    """Timing Details 4: "The ship is now in hyperspace and if Quarantine is played, it will
    not trap a successfully jumping player on her starting world" -- it may be played there,
    and traps her if the jump fails. Ann rolls a 1 for Niven; Bob quarantines Mink."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob", "hand": ["quarantine-1"]}]
    game = game_of(players=players, dice=[1, 6])
    play(game, 0, c.Jump(to=13, kind="regular"))
    play(game, 1, c.PassReaction())  # the Quarantine interval
    legal = list(ruleset.legal_actions(game.state, 1))
    assert c.Quarantine(card="quarantine-1", world=13) in legal
    assert c.Quarantine(card="quarantine-1", world=14) in legal
    play(game, 1, c.Quarantine(card="quarantine-1", world=14))
    assert [q["world"] for q in game.state.quarantines] == [14]
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 1  # failed
    out = play(game, 0, c.Jump(to=13, kind="regular"))
    assert "JumpAborted" in types(out)  # trapped on Mink


def test_the_seers_psychic_jump_may_be_re_rolled_rulings() -> None:
    """Re-Rolls: "any Trader's Luck card can be used to get an immediate re-roll on a jump
    attempt ... You may not use a Trader's Luck card to re-roll a random jump"; New
    Personalities forbids it for the Awesome Jump only. The Psychic Jump "on his first jump
    attempt" is a jump attempt: the Seer turns in a card for a better roll."""
    game = game_of(players=[{"name": "Sy", "world": 13, "personality": "seer",
                             "hand": ["favor-1"]}, {"name": "Bo"}], dice=[1, 3])
    play(game, 0, c.SpecialJump(kind="psychic"))
    assert asked(game.state).prompt == "zap" and asked(game.state).seats == (0,)
    play(game, 0, c.Reroll(card="favor-1"))
    assert asked(game.state).detail["worlds"] == [12, 14]


def test_awesome_andis_dice_may_be_zapped_each_after_its_roll_rulings() -> None:
    """Zap!: "When a die roll is being used to determine the number of a world ... When
    several die rolls are being made in a sequence, as for instance with random jumps, Zap
    and Superzap must be played immediately after each roll." Andi "rolls three dice, one by
    one"; only the re-roll is forbidden ("A Trader's Luck card cannot be used to re-roll an
    Awesome Jump"). Bob Zaps her second die from 6 to 5."""
    players = [{"name": "Andi", "world": 13, "personality": "awesome-andi",
                "hand": ["favor-1"], "policy": "ask"}, {"name": "Bo", "hand": ["zap-1"]}]
    game = game_of(players=players, dice=[2, 6, 4])
    play(game, 0, c.SpecialJump(kind="awesome"))
    play(game, 0, c.PassReaction())  # the Quarantine interval (Andi asks to be asked)
    assert asked(game.state).prompt == "zap" and asked(game.state).seats == (0, 1)
    with pytest.raises(RuleError, match="Re-Rolls"):
        play(game, 0, c.Reroll(card="favor-1"))
    play(game, 0, c.PassReaction())
    play(game, 1, c.PassReaction())  # the first die: 2
    play(game, 0, c.PassReaction())
    roll = turn_of(game.state).roll
    assert roll is not None and roll["dice"] == [2, 6]
    play(game, 1, c.Zap(card="zap-1", delta=-1))
    play(game, 0, c.PassReaction())  # the second die, now 5
    play(game, 0, c.PassReaction())  # the third die: 4
    assert asked(game.state).detail["worlds"] == [25, 54, 42]


def _petition_then_lose_the_station(roll: int) -> tuple[Game[StarState], list[Event]]:
    """Advanced game: Ann (20 Prestige) petitions at her station on world 25 and rolls
    ``roll``; in the roll's Zap interval Bob plays Lose Station on it."""
    players = [{"name": "Ann", "world": 25, "prestige": 20, "stellors": 100},
               {"name": "Bob", "hand": ["lose-station-1"], "policy": "ask"}]
    game = game_of(players=players, advanced=True, stations={25: 0}, dice=[roll])
    play(game, 0, c.EndMovement())
    play(game, 0, c.Petition())
    play(game, 1, c.PassReaction())  # nothing before the roll
    assert asked(game.state).prompt == "zap" and turn_of(game.state).roll is not None
    out = play(game, 1, c.PlayCard(card="lose-station-1", target=0, world=25))
    while asked(game.state).prompt in ("zap", "avoid_calamity"):
        out += play(game, asked(game.state).seats[0], c.PassReaction())
    return game, out


def test_a_station_lost_after_the_petition_roll_is_not_made_imperial() -> None:
    """Imperial Stations: "A successful roll promotes your station to an Imperial Station,
    but only if you can pay the price": Ann's roll of 5 (+1 for Prestige: 6, "granted if you
    pay 10 Stellors and spend 5 Prestige"), her station lost to a Trader's Luck card before
    the table is read: nothing left to promote, nothing asked or paid (docs/rulings.md)."""
    game, out = _petition_then_lose_the_station(5)
    assert "StationLost" in types(out) and "PetitionLapsed" in types(out)
    assert "PetitionPriced" not in types(out) and "ImperialStationGranted" not in types(out)
    ann = game.state.players[0]
    assert game.state.imperial_stations == [] and (ann.stellors, ann.prestige) == (100, 20)


def test_a_denied_petition_costs_its_price_though_the_station_is_lost() -> None:
    """Imperial Station Petition Table, 1: "Your petition is denied. Lose 10 Stellors and 5
    Prestige" -- the roll stands when the station is lost after it (a roll of 1, with no
    Prestige bonus at 20 ... the "+1" area: 2, "Emperor goes on vacation ... Lose 5")."""
    game, out = _petition_then_lose_the_station(1)
    settled = next(e for e in out if e.type == "PetitionSettled")
    assert "PetitionLapsed" not in types(out)
    lost = {1: (10, 5), 2: (5, 0)}[settled.data["result"]]
    ann = game.state.players[0]
    assert (ann.stellors, ann.prestige) == (100 - lost[0], 20 - lost[1])
