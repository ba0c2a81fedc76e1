"""Pilots and Pilot Card Anatomy: the eight cards (ours), levels, training, discounts."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.kernel import RuleError
from engine.venus_standard import pilots


def test_eight_cards_four_pilots_levels_1_2_3_3() -> None:
    deck = pilots.load_pilots()
    assert len({f.card for f in deck.faces.values()}) == 8
    for name in pilots.PILOTS:
        assert sorted(f.level for f in deck.faces.values() if f.pilot == name) == [1, 2, 3, 3]
    assert all(f.ours for f in deck.faces.values())


def test_scoring_example_level_2_card_gives_one_fame() -> None:
    assert all(f.fame == 1 for f in pilots.load_pilots().faces.values() if f.level == 2)


def test_face_of_a_player_by_pilot_level_and_side() -> None:
    p = SimpleNamespace(pilot="whynom", pilot_level=3, pilot_side="b")
    assert pilots.face_of(p).face == "whynom-3b"
    assert pilots.face_of(SimpleNamespace(pilot="human", pilot_level=1,
                                          pilot_side=None)).level == 1


def test_home_culture_discounts_10_20_30() -> None:
    assert [pilots.home_discount(f"qossuth-{n}") for n in ("1", "2", "3a")] == [10, 20, 30]


def test_upgrading_pilots_level_2_at_galactic_base_level_3_at_home() -> None:
    assert pilots.training_options("human-1", at_galactic_base=True, home_here=False) == [
        "human-2"]
    assert pilots.training_options("human-1", at_galactic_base=False, home_here=True) == []
    assert sorted(pilots.training_options("human-2", False, True)) == ["human-3a", "human-3b"]
    assert pilots.training_options("human-3a", True, True) == []
    with pytest.raises(RuleError, match="training costs c60, you have c50"):
        pilots.check_training("human-1", "human-2", True, False, 50)
    with pytest.raises(RuleError, match="a level 3 pilot trains no further"):
        pilots.check_training("human-3a", "human-3b", True, True, 100)


def test_a_bare_pilot_name_is_no_face() -> None:
    with pytest.raises(KeyError):
        pilots.pilot("human")


def test_pirate_edge() -> None:
    assert pilots.pirate_modifier(SimpleNamespace(pilot="qossuth", pilot_level=2,
                                                  pilot_side=None)) == -1
    assert pilots.pirate_modifier(SimpleNamespace(pilot="human", pilot_level=2,
                                                  pilot_side=None)) == 0


def test_home_culture_here_on_a_city_of_the_discovered_home_system() -> None:
    """Upgrading Pilots: level 3 at a surface city or spaceport of the system containing the
    pilot's home culture (known once its First Contact card is turned up)."""
    from engine.venus_standard.helm_seams import home_culture_here
    from engine.venus_standard.state import Player, StandardState

    human = Player(seat=0, name="p", pilot="human", pilot_level=2, space="jungle-world.city")
    state = StandardState(players=[human], discovered={"jungle-world": "humans"})
    assert home_culture_here(state, 0)
    state.discovered = {"jungle-world": "6"}  # the culture's number (Culture Identifiers)
    assert home_culture_here(state, 0)
    state.discovered = {"jungle-world": "nillis"}
    assert not home_culture_here(state, 0)


def test_the_pilots_view_names_the_faces_each_pilot_trains_to() -> None:
    """Pilots > Upgrading Pilots, as the client shows it: a level 1 pilot trains to the back of
    its card (level 2), a level 2 pilot to either side of its level 3 card, a level 3 pilot
    to nothing; each face with its name, skill, ability (in words) and fame."""
    from engine.kernel import Randomness
    from engine.venus_standard.helm_legal import pilots_view
    from engine.venus_standard.scenario import parse_scenario, scenario_state

    sc = parse_scenario({"players": [{"name": "Ann", "pilot": "human"},
                                     {"name": "Bo", "pilot": "whynom", "pilot_level": 2},
                                     {"name": "Cy", "pilot": "qossuth", "pilot_level": 3}]})
    view = pilots_view(scenario_state(sc, Randomness("t", 0, "s")), 0)
    ann, bo, cy = (p["trains_to"] for p in view)
    assert [f["face"] for f in ann] == ["human-2"]
    assert ann[0] == {**ann[0], "name": pilots.pilot("human-2").name, "level": 2,
                      "skill": pilots.pilot("human-2").skill, "fame": 1}
    assert ann[0]["ability_text"] == pilots.load_pilots().abilities[ann[0]["ability"]]
    assert sorted(f["face"] for f in bo) == ["whynom-3a", "whynom-3b"]
    assert cy == []
