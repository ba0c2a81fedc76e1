"""Observation, 1988 rule 7.2: a private look at a hidden Culture from its Orbits."""

from __future__ import annotations

from typing import Any

from engine.venus import commands as c

from .movekit import Venus, game, of_type, play, roll

PP = {i: f"polluted-planet.{i}" for i in range(1, 12)}  # .1 Paintfall and .3 Poison Port: Orbits
SSP_CITY = "space-station-planet.6"  # a Space City
BOB = {"name": "Bob", "dot": "galactic-base"}


def polluted(**kw: Any) -> Venus:
    return game(PP[2], [2, 2, 2], cultures={"polluted-planet": "cholos"}, others=[BOB], **kw)


def test_7_2_orbit_observes_privately() -> None:
    """7.2: moving onto an Orbit of a System with a face-down IOU, he looks at it privately."""
    g = polluted()
    roll(g, PP[3])
    events = play(g, c.MoveTo(dot=PP[3]))
    seen = of_type(events, "CultureObserved")
    assert len(seen) == 1
    assert seen[0].data == {"seat": 0, "system": "polluted-planet", "culture": "cholos"}
    assert seen[0].audience.kind == "seats" and seen[0].audience.seats == (0,)
    assert g.state.players[0].observed == {"polluted-planet": "cholos"}
    assert g.state.players[1].observed == {}
    mine = [e for e in g.log_for(0) if e["seq"] == seen[0].seq][0]
    theirs = [e for e in g.log_for(1) if e["seq"] == seen[0].seq][0]
    assert mine["data"]["culture"] == "cholos"
    assert theirs.get("redacted") and "data" not in theirs
    spectator = [e for e in g.log_for(-1) if e["seq"] == seen[0].seq][0]
    assert "data" not in spectator
    assert "polluted-planet" not in g.state.discovered  # observing is not discovering (7.3)


def test_7_2_view_keeps_the_observation_private() -> None:
    """7.2: the other players do not learn the Culture from the game view."""
    g = polluted()
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]))
    mine, theirs = g.ruleset.view(g.state, 0), g.ruleset.view(g.state, 1)
    assert mine["players"][0]["observed"] == {"polluted-planet": "cholos"}
    assert "observed" not in theirs["players"][0]
    assert "observed" not in theirs["players"][1]  # seat 1 knows nothing of its own
    assert "polluted-planet" not in theirs["discovered"]
    # the culture markers wait off the map in plain view (4.13), keyed by culture, never
    # by system: nothing in the view ties "polluted-planet" to "cholos" for seat 1
    assert "'polluted-planet': 'cholos'" not in str(theirs)


def test_7_2_not_from_a_plain_space_dot() -> None:
    """7.2: only the Orbits observe (a plain dot of the System does not)."""
    g = game(PP[3], [2, 2, 2], cultures={"polluted-planet": "cholos"})
    roll(g, PP[4])
    assert of_type(play(g, c.MoveTo(dot=PP[4])), "CultureObserved") == []


def test_7_2_not_from_a_space_city() -> None:
    """7.2: observation is not allowed from a Space City."""
    g = game("space-station-planet.5", [2, 2, 2], cultures={"space-station-planet": "niks"})
    roll(g, SSP_CITY)
    assert of_type(play(g, c.MoveTo(dot=SSP_CITY)), "CultureObserved") == []


def test_7_2_not_from_an_open_spaceport() -> None:
    """7.2: observation is not allowed from an Open Spaceport."""
    box = {PP[5]: {"kind": "open_port", "face_up": True}}
    g = game(PP[4], [2, 2, 2], cultures={"polluted-planet": "cholos"}, qboxes=box)
    roll(g, PP[5])
    assert of_type(play(g, c.MoveTo(dot=PP[5])), "CultureObserved") == []


def test_7_2_discovered_culture_is_not_observed() -> None:
    """7.2: only a face-down IOU is observed; a discovered Culture is known to all (7.3)."""
    g = polluted(discovered=["polluted-planet"])
    roll(g, PP[3])
    assert of_type(play(g, c.MoveTo(dot=PP[3])), "CultureObserved") == []


def test_7_2_only_the_system_of_the_orbit() -> None:
    """7.2: each Culture can be observed only from Orbits in its own System."""
    g = game("galactic-base--colony-world.4", [2, 2, 2],
             cultures={"colony-world": "humans", "polluted-planet": "cholos"})
    roll(g, "colony-world.6")
    events = play(g, c.MoveAlong(path=["colony-world.6", "colony-world.5", "colony-world.4"]))
    assert [e.data["system"] for e in of_type(events, "CultureObserved")] == ["colony-world"]


def test_7_2_second_orbit_of_the_same_system_adds_nothing() -> None:
    """7.2: having looked once, he already knows the Culture (one private event)."""
    g = game(PP[2], [4, 4, 4], cultures={"polluted-planet": "cholos"})
    roll(g, PP[1])
    events = play(g, c.MoveTo(dot=PP[1]), c.MoveTo(dot=PP[9]), c.MoveTo(dot=PP[8]))
    events += play(g, c.MoveTo(dot=PP[7]), c.MoveTo(dot=PP[6]), c.MoveTo(dot=PP[5]))
    events += play(g, c.MoveTo(dot=PP[4]), c.MoveTo(dot=PP[3]))
    assert len(of_type(events, "CultureObserved")) == 1
