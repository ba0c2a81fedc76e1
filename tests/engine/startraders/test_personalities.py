"""New Personalities implemented so far (table option ``personalities``): the Banker and
Verdant Velma."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState

from .kit import asked, c, game_of, play, turn_of, types


def test_the_banker_starts_with_one_engine_and_150_stellors_new_personalities() -> None:
    game = Game.start(ruleset, {"personalities": ["banker", None]}, ["A", "B"], seed=1)
    banker = game.state.players[0]
    assert (banker.engines, banker.stellors) == (1, 150)


@pytest.mark.parametrize(("world", "command", "share"), [
    (25, c.BuildStation(), 1),  # 5 Stellors: 10% rounded up
    (11, c.BuyEngine(), 3),  # 30 Stellors
])
def test_the_banker_receives_a_tenth_of_payments_to_the_bank(world: int, command: c.Command,
                                                             share: int) -> None:
    game = game_of(players=[{"name": "Ann", "world": world},
                            {"name": "Bo", "personality": "banker"}])
    play(game, 0, c.EndMovement())
    play(game, 0, command)
    assert game.state.players[1].stellors == 40 + share


def test_no_envoy_for_a_banker_with_fewer_than_two_engines() -> None:
    game = game_of(players=[{"name": "Ann", "hand": ["envoy-1"]},
                            {"name": "Bo", "personality": "banker", "engines": 1}])
    with pytest.raises(RuleError, match="Banker"):
        play(game, 0, c.PlayCard(card="envoy-1", target=1))


@pytest.mark.parametrize(("kind", "roll", "ok"), [("regular", 3, True), ("regular", 2, False),
                                                  ("station", 1, True)])
def test_verdant_velma_green_lines_need_three_or_nothing_by_station(kind: str, roll: int,
                                                                    ok: bool) -> None:
    game = game_of(players=[{"name": "Vel", "world": 13, "personality": "verdant-velma"},
                            {"name": "Bo"}], stations={51: 0}, dice=[roll])
    play(game, 0, c.Jump(to=51, kind=kind))
    assert (game.state.players[0].world == 51) is ok


def test_the_seers_psychic_jump_goes_where_the_roll_allows_new_personalities() -> None:
    """Psychic Jump: roll first, then any jumpline that roll allows (or stay)."""
    game = game_of(players=[{"name": "Sy", "world": 13, "personality": "seer"},
                            {"name": "Bo"}], dice=[3])
    play(game, 0, c.SpecialJump(kind="psychic"))
    now = asked(game.state)
    assert now.prompt == "choose_jump" and now.detail["worlds"] == [12, 14]  # red 3, orange 2
    with pytest.raises(RuleError, match="choose one of"):
        play(game, 0, c.ChooseJump(world=51))
    play(game, 0, c.ChooseJump(world=12))
    assert game.state.players[0].world == 12 and turn_of(game.state).jumps == 1
    with pytest.raises(RuleError, match="first attempt"):
        play(game, 0, c.SpecialJump(kind="psychic"))


def test_the_seer_may_choose_not_to_move() -> None:
    game = game_of(players=[{"name": "Sy", "world": 13, "personality": "seer"},
                            {"name": "Bo"}], dice=[1])
    play(game, 0, c.SpecialJump(kind="psychic"))
    assert asked(game.state).detail["worlds"] == []
    play(game, 0, c.ChooseJump(world=None))
    assert game.state.players[0].world == 13 and turn_of(game.state).jumps == 1


def test_awesome_andis_jump_picks_a_pair_of_three_dice_new_personalities() -> None:
    """Awesome Jump: three dice; the world of rolls 1-2, 2-3 or 3-1; it does not end the
    movement, once per turn."""
    game = game_of(players=[{"name": "Andi", "world": 13, "personality": "awesome-andi"},
                            {"name": "Bo"}], dice=[2, 6, 4])
    play(game, 0, c.SpecialJump(kind="awesome"))
    assert asked(game.state).detail["worlds"] == [26, 64, 42]
    play(game, 0, c.ChooseJump(world=64))
    assert game.state.players[0].world == 64 and turn_of(game.state).stage == "move"
    with pytest.raises(RuleError, match="once per turn"):
        play(game, 0, c.SpecialJump(kind="awesome"))


def test_pirate_pete_plays_piracy_as_gotcha_new_personalities() -> None:
    """Pirate Pete "can play Piracy as if it were ... Gotcha"."""
    game = game_of(players=[{"name": "Pete", "personality": "pirate-pete", "hand": ["piracy-1"]},
                            {"name": "Bo", "prestige": 5}])
    legal = list(ruleset.legal_actions(game.state, 0))
    assert c.PlayCard(card="piracy-1", target=1, as_kind="gotcha") in legal
    play(game, 0, c.PlayCard(card="piracy-1", target=1, as_kind="gotcha"))
    assert (game.state.players[0].prestige, game.state.players[1].prestige) == (3, 3)


def test_pirate_pete_avoids_a_calamity_with_piracy_new_personalities() -> None:
    game = game_of(players=[{"name": "Ann", "hand": ["disfavor-1"]},
                            {"name": "Pete", "personality": "pirate-pete", "prestige": 5,
                             "hand": ["piracy-2"]}])
    play(game, 0, c.PlayCard(card="disfavor-1", target=1))
    assert asked(game.state).seats == (1,)  # "playable": his Piracy counts
    play(game, 1, c.AvoidCalamity(card="piracy-2"))
    assert game.state.players[1].prestige == 5


def test_only_pete_plays_a_card_as_another() -> None:
    game = game_of(players=[{"name": "Ann", "hand": ["piracy-1"]}, {"name": "Bo"}])
    with pytest.raises(RuleError, match="only Pirate Pete"):
        play(game, 0, c.PlayCard(card="piracy-1", target=1, as_kind="gotcha"))


def test_pirate_pete_plays_piracy_as_you_are_lost() -> None:
    game = game_of(players=[{"name": "Ann", "world": 14},
                            {"name": "Pete", "personality": "pirate-pete",
                             "hand": ["piracy-3"]}], dice=[6, 3, 5])
    play(game, 0, c.Jump(to=13))  # Pete is first asked in the You Are Lost interval
    assert asked(game.state).prompt == "you_are_lost"
    play(game, 1, c.PlayYouAreLost(card="piracy-3"))
    assert game.state.players[0].world == 35 and game.state.window is None


@pytest.mark.parametrize("seed", ["np1", "np2"])
def test_random_play_with_the_new_personalities_never_waits_on_nobody(seed: str) -> None:
    """A property over random games: whenever the game waits, it waits on someone; replay
    reproduces the state."""
    from engine.bots.random_bot import UniformBot
    from engine.kernel import fold

    names = ["pirate-pete", "seer", "awesome-andi", "banker"]
    game = Game.start(ruleset, {"personalities": names}, ["a", "b", "c", "d"], seed=seed)
    bots = [UniformBot(f"{seed}{i}") for i in range(4)]
    for _ in range(700):
        now = ruleset.pending(game.state)
        if now is None:
            break
        assert now.seats
        seat = now.seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
    assert fold(ruleset, game.events).model_dump() == game.state.model_dump()


def _pete_at_action(victim: dict[str, object], dice: list[int],
                    pete: dict[str, object] | None = None) -> Game[StarState]:
    game = game_of(players=[{"name": "Pete", "personality": "pirate-pete", "world": 25,
                             "prestige": 5, **(pete or {})},
                            {"name": "Bo", "world": 25, **victim}], dice=dice)
    play(game, 0, c.EndMovement())
    return game


def test_pirate_pete_destroys_an_engine_on_five_or_more_new_personalities() -> None:
    """Pirate Pete: as his Action, sharing a world, he pays 3 Prestige and rolls; on 5 or
    higher one engine of the defender is destroyed; his Action is spent."""
    game = _pete_at_action({}, dice=[5])
    assert c.DestroyEngine(target=1) in list(ruleset.legal_actions(game.state, 0))
    out = play(game, 0, c.DestroyEngine(target=1))
    assert "EngineDestroyed" in types(out)
    assert game.state.players[1].engines == 2 and game.state.players[0].prestige == 2
    assert turn_of(game.state).stage == "draw"


def test_pirate_petes_raid_fails_below_five_and_the_prestige_is_paid_new_personalities(
) -> None:
    game = _pete_at_action({}, dice=[4])
    out = play(game, 0, c.DestroyEngine(target=1))
    assert "EngineDestroyed" not in types(out)
    assert (game.state.players[1].engines, game.state.players[0].prestige) == (3, 2)
    assert turn_of(game.state).stage == "draw"


@pytest.mark.parametrize("card", ["avoid-1", "piracy-1"])
def test_the_defender_stops_petes_raid_with_avoid_calamity_or_piracy_new_personalities(
        card: str) -> None:
    """"...the engine is destroyed unless the defending player plays Avoid Calamity or
    Piracy"."""
    game = _pete_at_action({"hand": [card, "favor-1"]}, dice=[6])
    play(game, 0, c.DestroyEngine(target=1))
    now = asked(game.state)
    assert now.prompt == "avoid_calamity" and now.seats == (1,)
    assert c.AvoidCalamity(card="favor-1") not in list(ruleset.legal_actions(game.state, 1))
    with pytest.raises(RuleError, match="Piracy"):
        play(game, 1, c.AvoidCalamity(card="favor-1"))
    play(game, 1, c.AvoidCalamity(card=card))
    assert game.state.players[1].engines == 3 and card in game.state.luck_discard
    assert asked(game.state).prompt == "draw"


@pytest.mark.parametrize(("scenario", "match"), [
    ({"victim": {"engines": 1}}, "last engine"),
    ({"victim": {"world": 14}}, "share a world"),
    ({"victim": {}, "pete": {"prestige": 2}}, "3 Prestige"),
    ({"victim": {}, "pete": {"personality": "hero"}}, "only Pirate Pete"),
])
def test_pirate_petes_raid_is_refused_when_the_book_forbids_it_new_personalities(
        scenario: dict[str, dict[str, object]], match: str) -> None:
    """Pete cannot destroy a Trader's last engine; he must share her world; 3 Prestige is a
    payment; nobody else raids."""
    game = _pete_at_action(scenario["victim"], dice=[6], pete=scenario.get("pete"))
    assert not any(isinstance(a, c.DestroyEngine)
                   for a in ruleset.legal_actions(game.state, 0))
    with pytest.raises(RuleError, match=match):
        play(game, 0, c.DestroyEngine(target=1))


def test_a_zap_changes_petes_raid_roll_new_personalities() -> None:
    """Zap!: "for other rolls, use the number as is": a rival's Zap turns a 5 into a 4."""
    game = _pete_at_action({"hand": ["zap-1"], "policy": "ask"}, dice=[5])
    play(game, 0, c.DestroyEngine(target=1))
    assert asked(game.state).prompt == "zap"  # Pete holds nothing: Bo is asked
    out = play(game, 1, c.Zap(card="zap-1", delta=-1))
    assert "EngineDestroyed" not in types(out) and game.state.players[1].engines == 3


def _velma(world: int, dice: list[int], **more: object) -> Game[StarState]:
    return game_of(players=[{"name": "Vel", "personality": "verdant-velma", "world": world},
                            {"name": "Bo", "world": 66, **more}], dice=dice)


def test_verdant_velma_rerolls_a_first_die_matching_her_departure_new_personalities() -> None:
    """Verdant Velma: on a random jump she may re-roll the first die (before the second) as
    long as it matches the first number of the world she departed from: from 25 a 2."""
    game = _velma(25, dice=[2, 4, 3])
    play(game, 0, c.RandomJump())
    now = asked(game.state)
    assert now.prompt == "first_die" and now.detail["die"] == 2
    play(game, 0, c.RerollFirstDie(reroll=True))
    assert asked(game.state).prompt != "first_die"  # once per jump
    assert game.state.players[0].world == 43


def test_verdant_velma_may_keep_her_first_die_new_personalities() -> None:
    game = _velma(25, dice=[2, 4])
    play(game, 0, c.RandomJump())
    play(game, 0, c.RerollFirstDie(reroll=False))
    assert game.state.players[0].world == 24


def test_verdant_velma_no_reroll_when_the_die_does_not_match_new_personalities() -> None:
    game = _velma(25, dice=[3, 4])
    play(game, 0, c.RandomJump())
    assert game.state.players[0].world == 34
    with pytest.raises(RuleError):
        play(game, 0, c.RerollFirstDie(reroll=True))


def test_others_have_no_first_die_choice_random_jumps() -> None:
    game = game_of(players=[{"name": "Ann", "world": 25}, {"name": "Bo"}], dice=[2, 4])
    play(game, 0, c.RandomJump())
    assert game.state.players[0].world == 24


def test_verdant_velma_rerolls_the_first_die_of_you_are_lost_new_personalities() -> None:
    """"...or resolving You Are Lost": departing 25 for 24 (orange), Bo plays You Are Lost;
    the first die 2 matches 25's first number, so Velma may re-roll it."""
    game = _velma(25, dice=[3, 2, 5, 1], hand=["lost-1"], policy="ask")
    play(game, 0, c.Jump(to=24))  # red: 3 succeeds
    while asked(game.state).prompt != "you_are_lost" or \
            asked(game.state).seats != (1,):
        play(game, asked(game.state).seats[0], c.PassReaction())
    play(game, 1, c.PlayYouAreLost(card="lost-1"))  # Velma holds no Avoid Calamity
    now = asked(game.state)
    assert now.prompt == "first_die" and now.detail["kind"] == "lost"
    play(game, 0, c.RerollFirstDie(reroll=True))
    assert game.state.players[0].world == 51
    assert asked(game.state).prompt == "you_are_lost"
