"""Encounters and pirates on a real table ("Encounters", "Encounter Card Production",
"Title Cards", "Intel Cards", "Pirates", "Winning/Losing a Pirate Engagement", the "Pirate
Engagement Example", "Title & Intel Cards in Play", "Asteroid System Telegate")."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError, fold
from engine.venus_standard import card_rules as cr
from engine.venus_standard import encounters
from engine.venus_standard.order import HOOKS
from engine.venus_standard.ruleset import ruleset

from .cards_kit import (
    SPACE,
    current,
    enter,
    facing_pirate,
    load_dice,
    on_top,
    pirate_at,
    table,
    types,
)
from .kit import asked


def test_setup_shuffles_the_decks_and_the_pirate_stockpile_face_down() -> None:
    """Setup 5-6: the decks face down (their order told to nobody); Setup 9: one Mission."""
    game = table(3)
    st = game.state
    assert len(st.decks["encounter"]) == 42 and len(st.decks["pirate"]) == 8
    assert len(st.decks["reward"]) == 25
    assert all(len(p.missions) == 1 for p in st.players)
    assert len(st.decks["mission"]) == 17
    shuffles = [e for e in game.events if e.type == "DeckShuffled"]
    assert shuffles and all(e.audience.kind == "nobody" for e in shuffles)
    seen = ruleset.view(st, 0)
    assert seen["decks"]["encounter"] == 42 and "encounter" not in str(seen["cards"])


def test_an_encounter_card_is_drawn_resolved_and_discarded() -> None:
    """"Encounters": draw, resolve, discard, resume; Derelict Hulk: a blue dot and c20, and
    its production icon (culture 5)."""
    game = table()
    seat = current(game)
    on_top(game, "encounter", "derelict-hulk")
    before = game.state.player(seat).credits
    res, events = enter(game, seat)
    assert not (res.stop or res.waiting or res.end_turn)
    assert game.state.player(seat).credits == before + 20
    assert encounters.token_on(game.state, SPACE) == "blue_dot"
    assert encounters.space_kind(game.state, SPACE, "encounter") == "blue"
    assert "EncounterProduction" in types(events)
    assert game.state.discards["encounter"] == ["derelict-hulk"]


def test_a_token_replaces_the_encounter_space() -> None:
    """"This token remains on the space for the rest of the game, replacing the encounter
    space": entering again draws no card."""
    game = table()
    seat = current(game)
    on_top(game, "encounter", "rogue-asteroid", "solar-wind")
    enter(game, seat)
    res, events = enter(game, seat)
    assert "CardDrawn" not in types(events) and res.movement == 0
    assert encounters.space_kind(game.state, SPACE, "encounter") == "asteroid"


def test_a_card_places_a_pirate_from_the_stockpile() -> None:
    game = table()
    seat = current(game)
    on_top(game, "encounter", "pirate-den")
    top = game.state.decks["pirate"][0]
    enter(game, seat)
    tok = game.state.cards.tokens[SPACE]
    assert tok.kind == "pirate" and tok.pirate == top and tok.infamy == 0
    assert len(game.state.decks["pirate"]) == 7


def test_no_pirate_left_places_nothing() -> None:
    """Component Limitations: pirate tokens are limited to the eight in the box."""
    game = table()
    game.state.decks["pirate"] = []
    on_top(game, "encounter", "pirate-den")
    enter(game, current(game))
    assert SPACE not in game.state.cards.tokens


def test_a_card_that_ends_the_turn_stops_the_move() -> None:
    game = table()
    on_top(game, "encounter", "engine-trouble")
    res, _ = enter(game, current(game))
    assert res.end_turn and res.stop


def test_telegate_card_moves_the_telegate_token() -> None:
    game = table()
    """The "Telegate 1" Encounter card ("Asteroid System Telegate": it repositions
    telegate "1")."""
    game = table()
    on_top(game, "encounter", "telegate-1")
    enter(game, current(game), space="enc-a")
    on_top(game, "encounter", "telegate-1")
    game.state.discards["encounter"].remove("telegate-1")
    enter(game, current(game), space="enc-b")
    assert encounters.telegates(game.state) == {1: "enc-b"}


def test_asteroid_telegate_option_discards_telegate_1_without_effect() -> None:
    """The option starts telegate 1 on the Asteroid System's leftmost encounter space; the
    "Telegate 1" card is then discarded with no effect."""
    game = table(asteroid_telegate=True)
    start = game.state.cards.telegates[1]
    assert start.startswith("asteroid-system.")
    on_top(game, "encounter", "telegate-1")
    enter(game, current(game), space="enc-x")
    assert game.state.cards.telegates == {1: start}
    assert "telegate-1" in game.state.discards["encounter"]


def test_an_offer_waits_and_is_answered() -> None:
    """Refugee Ship (ours): pay c30 for 3 fame, or take an infamy token."""
    game = table()
    seat = current(game)
    on_top(game, "encounter", "refugee-ship")
    res, _ = enter(game, seat)
    assert res.waiting and asked(game.state).prompt == "encounter_offer"
    legal = list(ruleset.legal_actions(game.state, seat))
    assert cr.AnswerOffer(accept=True) in legal and cr.AnswerOffer(accept=False) in legal
    credits = game.state.player(seat).credits
    game.play(seat, cr.AnswerOffer(accept=True))
    p = game.state.player(seat)
    assert (p.credits, p.fame, p.infamy) == (credits - 30, 3, 0)
    assert asked(game.state).prompt == "movement"
    assert "refugee-ship" in game.state.discards["encounter"]


def test_refusing_an_offer() -> None:
    game = table()
    seat = current(game)
    on_top(game, "encounter", "refugee-ship")
    enter(game, seat)
    game.play(seat, cr.AnswerOffer(accept=False))
    assert game.state.player(seat).infamy == 1


def test_a_check_rolls_the_effect_die() -> None:
    """Space Mines (ours): a laser check as a hazard check; laser 2, a roll of 1 passes."""
    game = table()
    seat = current(game)
    on_top(game, "encounter", "space-mines")
    load_dice(game, 1)
    res, events = enter(game, seat)
    assert not res.end_turn and game.state.player(seat).fame == 1
    rolled = [e.data for e in events if e.type == "EffectDieRolled"]
    assert rolled == [{"seat": seat, "card": "space-mines", "die": 1, "attribute": "laser",
                       "passed": True}]


def test_a_card_turns_a_dial_within_its_ends() -> None:
    game = table()
    seat = current(game)
    on_top(game, "encounter", "weapons-cache")
    enter(game, seat)
    assert game.state.player(seat).laser == 3


def test_pirate_engagement_example() -> None:
    """Green: laser 4, a +2 pirate with three infamy tokens under it; a roll of 1 (3 < 4)
    wins: c60, three fame, the pirate flips to its asteroid side, a Reward card, the Move
    step ends."""
    game = table()
    seat = current(game)
    game.state.player(seat).laser = 4
    game.state.player(seat).shield = 2
    pirate_at(game, SPACE, "pirate-6", infamy=3)  # +2, premium
    on_top(game, "reward", "star-idol")
    res, _ = enter(game, seat)
    assert res.waiting and asked(game.state).prompt == "engage_pirates"
    credits = game.state.player(seat).credits
    load_dice(game, 1)
    events = game.play(seat, cr.EngagePirates(attribute="laser"))
    fight = next(e.data for e in events if e.type == "PirateEngaged")
    assert (fight["die"], fight["result"], fight["value"], fight["won"]) == (1, 3, 4, True)
    p = game.state.player(seat)
    assert p.credits == credits + 60 and p.fame == 3 and p.rewards == ["star-idol"]
    assert game.state.cards.tokens[SPACE].kind == "asteroid"
    assert game.state.cards.seat(seat).pirates_defeated == 1


def test_winning_with_shields_gives_two_fame_and_the_pirate_stays() -> None:
    game, seat = facing_pirate("pirate-1", shield=5)  # +0
    load_dice(game, 2)
    game.play(seat, cr.EngagePirates(attribute="shield"))
    assert game.state.player(seat).fame == 2
    assert game.state.cards.tokens[SPACE].kind == "pirate"


def test_winning_with_the_pilot_adds_movement_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """"add a number of movement points up to that of his pilot's level": the outcome goes
    to movement's hook."""
    got: list[encounters.Resolution] = []
    monkeypatch.setattr(HOOKS, "after_encounter", lambda d, s, r: got.append(r))
    game, seat = facing_pirate("pirate-1")
    load_dice(game, 1)  # 1 + 0 < pilot skill 3
    game.play(seat, cr.EngagePirates(attribute="pilot"))
    assert got[-1].movement == 1 and not got[-1].stop


def test_pilot_points_beyond_the_level_are_refused() -> None:
    game, seat = facing_pirate("pirate-1")
    with pytest.raises(RuleError, match="Winning a Pirate Engagement"):
        game.play(seat, cr.EngagePirates(attribute="pilot", points=2))


def test_losing_without_goods_pays_c20_and_leaves_infamy_under_the_pirate() -> None:
    game, seat = facing_pirate("pirate-8")  # +3
    credits = game.state.player(seat).credits
    load_dice(game, 6)
    game.play(seat, cr.EngagePirates(attribute="laser"))
    assert game.state.player(seat).credits == credits - 20
    assert game.state.cards.tokens[SPACE].infamy == 1


def test_ambushed_on_the_last_movement_point() -> None:
    """"Pirates" 1: ambushed, he automatically loses; all his credits if under c20."""
    game = table()
    seat = current(game)
    game.state.player(seat).credits = 7
    pirate_at(game, SPACE, "pirate-1")
    res, events = enter(game, seat, last_point=True)
    assert res.stop and not res.waiting and "PirateAmbush" in types(events)
    assert game.state.player(seat).credits == 0
    assert game.state.cards.tokens[SPACE].infamy == 1


def test_losing_with_goods_of_the_pirates_grade_gives_one_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Losing a Pirate Engagement" 1: one goods token of the pirate's colour, his choice."""
    from engine.venus_standard import ports

    lost: list[str] = []
    monkeypatch.setitem(ports.PORTS, "goods",
                        lambda s, seat: [("silk", "premium"), ("gems", "premium")])
    monkeypatch.setitem(ports.PORTS, "lose_goods", lambda d, seat, t: lost.append(t))
    game = table()
    seat = current(game)
    pirate_at(game, SPACE, "pirate-4")  # premium
    enter(game, seat, last_point=True)
    assert asked(game.state).prompt == "lose_goods"
    legal = list(ruleset.legal_actions(game.state, seat))
    assert legal == [cr.GiveUpGoods(token="gems"), cr.GiveUpGoods(token="silk")]
    with pytest.raises(RuleError, match="Losing a Pirate Engagement"):
        game.play(seat, cr.GiveUpGoods(token="ore"))
    game.play(seat, cr.GiveUpGoods(token="silk"))
    assert lost == ["silk"]


def test_a_title_drawn_goes_to_the_player_with_the_most() -> None:
    """Archeologist (ours: the most relic Reward cards)."""
    game = table()
    seat = current(game)
    game.state.player(seat).rewards = ["star-idol"]
    on_top(game, "encounter", "archeologist")
    enter(game, seat)
    assert game.state.cards.title_holders == {"archeologist": seat}
    assert "archeologist" not in game.state.discards.get("encounter", [])


def test_an_intel_card_drawn_lies_beside_the_round_track() -> None:
    game = table()
    on_top(game, "encounter", "star-maps")
    enter(game, current(game))
    assert game.state.cards.beside_track == ["star-maps"]


def test_title_and_intel_cards_in_play_from_the_start() -> None:
    """"Title & Intel Cards in Play": the six cards leave the deck and lie beside the track."""
    game = table(title_intel_in_play=True)
    assert sorted(game.state.cards.beside_track) == sorted(cr.TITLE_AND_INTEL)
    assert len(game.state.decks["encounter"]) == 36


def test_star_maps_shows_the_top_card_to_its_user_only() -> None:
    game = table(title_intel_in_play=True)
    seat = current(game)
    game.state.player(seat).credits = 100
    top = game.state.decks["encounter"][0]
    assert cr.UseIntel(card="star-maps") in list(ruleset.legal_actions(game.state, seat))
    events = game.play(seat, cr.UseIntel(card="star-maps"))
    seen = next(e for e in events if e.type == "EncounterCardSeen")
    other = 1 - seat
    assert seen.redacted_for(seat)["data"]["card"] == top
    assert "data" not in seen.redacted_for(other)
    game.play(seat, cr.PutBackEncounter(bottom=True))
    assert game.state.decks["encounter"][-1] == top
    assert game.state.player(seat).credits == 80
    assert cr.UseIntel(card="star-maps") not in list(ruleset.legal_actions(game.state, seat))


def test_the_game_folds_back_to_the_same_state() -> None:
    game = table()
    seat = current(game)
    on_top(game, "encounter", "pirate-den")
    enter(game, seat)
    folded = fold(ruleset, game.events)
    assert folded.cards.tokens.keys() == {SPACE}


def test_a_pirate_engagement_cannot_be_taken_back() -> None:
    """Take-backs (house rule) stop at a die rolled: the engagement's roll is a barrier."""
    from engine.venus_standard.takeback import barrier

    game, seat = facing_pirate("pirate-1")
    events = game.play(seat, cr.EngagePirates(attribute="shield"))
    assert any(barrier(e) for e in events if e.type == "PirateEngaged")


def test_epic_reshuffle_keeps_only_the_thirty_icon_cards() -> None:
    """"Epic Game > Encounter Deck": past round 30, an empty deck is reshuffled from the
    cards with the "30" icon; the others leave the game."""
    from engine.venus_standard.cards import encounter_cards

    game = table()
    game.state.round = 31
    game.state.discards["encounter"] = ["pirate-den", "solar-wind", "lost-probe"]
    game.state.decks["encounter"] = []
    _, events = enter(game, current(game))
    reshuffle = next(e for e in events if e.type == "DeckShuffled")
    assert sorted(reshuffle.data["cards"]) == ["lost-probe", "solar-wind"]
    assert all(encounter_cards()[c].thirty for c in reshuffle.data["cards"])


def test_the_view_marks_mission_destinations() -> None:
    game = table()
    game.state.player(0).missions = ["nova-readings", "armed-escort"]
    assert ruleset.view(game.state, 1)["cards"]["mission_tokens"]["0"] == ["supernova"]


def test_solo_challenge_setup_removes_title_and_intel_cards() -> None:
    """"Solo Challenge Setup": remove the Title and Intel cards from the Encounter deck."""
    from engine.kernel import Game

    game = Game.start(ruleset, {"variant": "solo-challenge"}, ["solo"], seed="solo")
    deck = game.state.decks["encounter"]
    assert len(deck) == 36 and not set(deck) & set(cr.TITLE_AND_INTEL)
    assert game.state.cards.beside_track == []


def test_slaver_counts_passengers_jettisoned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slaver (ours): the most passengers jettisoned; the trade module's "CargoJettisoned"
    counts a passenger, not goods ("Jettisoning")."""
    from types import SimpleNamespace

    from engine.kernel import Randomness
    from engine.venus_standard import ports
    from engine.venus_standard.draft import Draft

    tokens = SimpleNamespace(is_passenger=lambda t: ":" not in t)
    monkeypatch.setattr(ports, "_trade", lambda: (tokens, None))
    game = table()
    seat = current(game)
    draft = Draft(game.state, Randomness("j", 1), HOOKS)
    draft.emit("CargoJettisoned", seat=seat, token="scientist")
    draft.emit("CargoJettisoned", seat=seat, token="zum:g1")
    assert draft.state.cards.seat(seat).jettisoned == 1
    draft.state.decks["encounter"].remove("slaver")
    draft.state.decks["encounter"].insert(0, "slaver")
    encounters.resolve_space(draft, seat, SPACE, "encounter")
    assert draft.state.cards.title_holders == {"slaver": seat}


def test_a_trade_in_reward_after_a_pirate_holds_the_move_until_answered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Defeating pirates draws a Reward card; a trade-in card is decided at once ("this
    decision must be made as soon as the card is drawn"), then the Move step ends."""
    got: list[encounters.Resolution] = []
    monkeypatch.setattr(HOOKS, "after_encounter", lambda d, s, r: got.append(r))
    game = table()
    seat = current(game)
    game.state.player(seat).laser = 6
    pirate_at(game, SPACE, "pirate-1")
    on_top(game, "reward", "pirate-charts")
    enter(game, seat)
    load_dice(game, 1)
    game.play(seat, cr.EngagePirates(attribute="laser"))
    assert asked(game.state).prompt == "trade_in" and got == []
    game.play(seat, cr.KeepReward(keep=True))
    assert len(got) == 1 and got[0].stop and game.state.cards.held is None
    assert game.state.player(seat).rewards == ["pirate-charts"]


def test_a_telegate_token_replaces_the_encounter_space_while_it_lies_there() -> None:
    """"This token remains on the space ... replacing the encounter space"; once telegate 1
    is moved on, the space it left is an encounter space again."""
    game = table()
    seat = current(game)
    on_top(game, "encounter", "telegate-1", "solar-wind", "lost-probe")
    enter(game, seat, space="enc-a")
    _, events = enter(game, seat, space="enc-a")
    assert "CardDrawn" not in types(events)
    enter(game, seat, space="enc-b")  # Solar Wind
    game.state.discards["encounter"].remove("telegate-1")  # drawn again, as after a reshuffle
    on_top(game, "encounter", "telegate-1")
    enter(game, seat, space="enc-c")
    assert encounters.telegates(game.state) == {1: "enc-c"}
    _, events = enter(game, seat, space="enc-a")
    assert any(e.type == "CardDrawn" and e.data["card"] == "lost-probe" for e in events)


def test_pirate_engagement_example_as_a_scenario() -> None:
    """The book's "Pirate Engagement Example" from docs/scenarios.md's scenario builder: the
    green player (laser 4, shield 2) in the Polluted Planet system enters a space with a +2
    pirate holding three infamy tokens, rolls 1 and wins c60, three fame and a Reward card.
    """
    from engine.venus_standard.board import load_board
    from engine.venus_standard.scenario import start

    board = load_board()
    space = next(s for s in board.spaces_of("polluted-planet")
                 if board.spaces[s].kind == "blue")
    game = start({"players": [{"name": "green", "laser": 4, "shield": 2, "credits": 10},
                              {"name": "red"}],
                  "deck_tops": {"reward": ["founders-coin"]},
                  "state": {"cards": {"tokens": {space: {"kind": "pirate",
                                                         "pirate": "pirate-6",
                                                         "infamy": 3}}}},
                  "dice": [1]})
    enter(game, 0, space=space, printed="blue")
    game.play(0, cr.EngagePirates(attribute="laser"))
    p = game.state.player(0)
    assert (p.credits, p.fame, p.rewards) == (70, 3, ["founders-coin"])
    assert game.state.cards.tokens[space].kind == "asteroid"


def test_the_view_gives_each_active_mission_its_board_panel() -> None:
    """"Mission Card Anatomy" 4: the Board Panel Indicator (vsboard's six panels)."""
    game = table()
    game.state.player(0).missions = ["nova-readings", "armed-escort"]
    panels = ruleset.view(game.state, 1)["cards"]["mission_panels"]
    assert 1 <= panels["nova-readings"] <= 6 and "armed-escort" not in panels
