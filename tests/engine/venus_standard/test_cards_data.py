"""The card data loads and validates ("Component List": 42 Encounter, 20 Mission, 25 Reward,
10 Challenge cards, 8 pirate tokens; the anatomies of each card type)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.venus_standard import cards
from engine.venus_standard.cards import EncounterCard, Roll


def test_component_list_counts_each_card_type() -> None:
    assert len(cards.encounter_cards()) == 42
    assert len(cards.mission_cards()) == 20
    assert len(cards.reward_cards()) == 25
    assert len(cards.challenge_cards()) == 10
    assert len(cards.pirate_tokens()) == 8


def test_every_card_is_marked_ours() -> None:
    for deck in (cards.encounter_cards(), cards.mission_cards(), cards.reward_cards(),
                 cards.challenge_cards()):
        assert all(c.ours for c in deck.values())


def test_cards_the_book_names_are_in_the_encounter_deck() -> None:
    """"Title & Intel Cards in Play" names six cards; "Asteroid System Telegate" names the
    "Telegate 1" Encounter card."""
    deck = cards.encounter_cards()
    for cid in cards.TITLE_AND_INTEL:
        assert deck[cid].book_names_it and deck[cid].trait in ("title", "intel")
    assert deck["telegate-1"].name == "Telegate 1" and deck["telegate-1"].book_names_it
    traits = [c.trait for c in deck.values()]
    assert traits.count("title") == 4 and traits.count("intel") == 2


def test_encounter_card_production_names_a_culture() -> None:
    """"Encounter Card Production": some cards show a production and culture icon."""
    produced = [c.production for c in cards.encounter_cards().values() if c.production]
    assert produced and all(1 <= p <= 14 for p in produced)


def test_epic_thirty_icon_marks_a_reshuffle_deck() -> None:
    """"Epic Game > Encounter Deck": cards without the "30" icon leave the game."""
    kept = [c for c in cards.encounter_cards().values() if c.thirty]
    assert 0 < len(kept) < 42
    assert not any(e.do == "place" for c in kept for e in c.effects)


def test_pirate_tokens_rob_each_goods_grade() -> None:
    grades = {t.grade for t in cards.pirate_tokens().values()}
    assert grades == {"basic", "premium", "luxury"}
    assert any(t.modifier == 2 for t in cards.pirate_tokens().values())  # the book's example


def test_reward_anatomy_relics_and_trade_in() -> None:
    """"Rewards": relic cards give fame (the end-of-game example: two relics, six fame);
    trade-in cards are worth c50."""
    rewards = cards.reward_cards().values()
    assert all(r.fame == 3 for r in rewards if r.relic)
    assert {r.trade_in for r in rewards if r.trade_in} == {50}
    assert sum(r.relic for r in rewards) >= 2


def test_the_reward_deck_pays_in_trading_movement_and_fame_not_pirates_alone() -> None:
    """Our Reward cards ("Reward Card Anatomy": fame, an ability, a relic icon, a trade-in
    value) reward every way of playing: abilities for trading (a sale or a fare pays more)
    and for movement (hazard checks) beside those against pirates, which are a minority,
    and fame for the rest (``docs/venus-standard.md``, "The Reward deck: our design")."""
    kinds = Counter(r.ability.kind for r in cards.reward_cards().values() if r.ability)
    pirates = kinds["engage_bonus"] + kinds["pirate_loss_waiver"] + kinds["bounty_bonus"]
    assert pirates <= 7
    assert kinds["sale_bonus"] + kinds["fare_bonus"] >= 3
    assert kinds["hazard_bonus"] >= 3
    assert sum(1 for r in cards.reward_cards().values() if r.ability is None and r.fame) >= 7
    with pytest.raises(ValidationError, match="names credits"):
        cards.Ability(kind="sale_bonus")
    with pytest.raises(ValidationError, match="names an attribute"):
        cards.Ability(kind="hazard_bonus", by=1)


def test_mission_destinations_include_both_anomalies_and_none() -> None:
    """"Anomalies": the Supernova and the Supergiant are destinations of two missions."""
    dest = [m.destination for m in cards.mission_cards().values()]
    assert dest.count("supernova") == 1 and dest.count("supergiant") == 1
    assert None in dest


def test_challenges_have_five_colours_a_round_a_fee_and_an_effect() -> None:
    ch = cards.challenge_cards().values()
    assert len({c.colour for c in ch}) == 5
    assert all(1 <= c.round <= 30 and c.fee >= 0 for c in ch)
    assert any(c.effect.irreversible for c in ch)


def test_a_roll_must_cover_each_face_once() -> None:
    with pytest.raises(ValidationError, match="cover 1-6"):
        Roll.model_validate({"do": "roll", "results": [{"from": 1, "to": 3, "then": []}]})


def test_an_unknown_effect_kind_is_refused_by_name() -> None:
    with pytest.raises(ValidationError, match="teleport"):
        EncounterCard.model_validate({"id": "x", "name": "X", "text": "", "ours": True,
                                      "effects": [{"do": "teleport"}]})


def test_the_data_files_are_plain_json_with_a_source() -> None:
    from importlib import resources

    for name in ("encounters.json", "missions.json", "rewards.json", "challenges.json"):
        text = resources.files("engine.venus_standard").joinpath("data", name).read_text()
        assert "rulebook" in json.loads(text)["source"]


def test_mission_destinations_are_systems_or_anomalies_of_the_board() -> None:
    """"Missions": a destination system (or anomaly) on the board, or none."""
    from engine.venus_standard.board import load_board

    board = load_board()
    places = set(board.cultured_systems) | set(board.anomalies)
    for m in cards.mission_cards().values():
        assert m.destination is None or m.destination in places, m.id
    assert {m.destination for m in cards.mission_cards().values()} >= set(board.anomalies)
