"""The moments of a standard game at which the components act, as one value (``Hooks``).

The core runs the game (``rounds.py`` the rounds, turns and phases, ``setup.py`` the setup,
``scoring.py`` the end, ``rules.py`` a command, ``legal.py`` what a seat may do, ``view.py``
what it sees); each component only defines functions. ``order.py`` writes down, once,
which of them act at each moment and in which order, and the ruleset hands that ``Hooks``
value to the core: on the ``Draft`` of a command (``draft.hooks``) and to the queries that
take it (``legal.legal_actions``, ``view.view``, ``scoring.fame_parts``).
How the package is put together: ``docs/architecture.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.kernel import Command

from .state import StandardState

if TYPE_CHECKING:
    from .draft import Draft

Hook = Callable[["Draft"], None]
Rule = Callable[["Draft", int, Any], None]
Offer = Callable[[StandardState, int], Iterator[Command]]
CanEnd = Callable[[StandardState, int], "str | None"]
# a Move step ended away from a surface city or spaceport: a hook may hold the turn open
# (True) to ask something ("Jettisoning") and end the turn with ``rounds.end_turn``
AwayFromPort = Callable[["Draft", str], bool]
# the End Movement step: a hook may hold it open (True) to ask something (the Shuttle) and
# go on with ``rounds.resume_end_movement(draft, landed, hook)`` when answered
EndMovement = Callable[["Draft", "str | None"], bool]
FameSource = Callable[[StandardState, int], list[tuple[str, int]]]
Revealed = Callable[["Draft", "int | None", str, str], None]  # (draft, seat, system, culture)
TechGrant = Callable[["Draft", int, str], None]
# an encounter's outcome handed back to the Move step (``encounters.Resolution``)
AfterEncounter = Callable[["Draft", int, Any], None]
Part = Callable[[StandardState, int], Any]


@dataclass
class Hooks:
    """Which functions act at each moment of the game, in their order (``order.py``)."""

    #: a command class -> its rule ``(draft, seat, command)`` (``rules.decide``)
    rules: Mapping[type[Command], Rule]
    #: run after every command's rule, on its draft (the solo challenges notice completion)
    after_command: tuple[Hook, ...]
    #: a prompt -> the functions listing the commands a seat may issue there, in order
    offers: Mapping[str, tuple[Offer, ...]]
    #: a prompt -> the command types that answer it (``rules.decide`` refuses any other)
    prompts: Mapping[str, frozenset[type[Command]]]
    #: Setup: a step's number -> the components' parts of it
    setup_steps: Mapping[int, tuple[Hook, ...]]
    #: Setup 14: the technologies' owner places a starting technology (none: the core's)
    tech_grant: tuple[TechGrant, ...]
    #: "Beginning a New Round": a round-track icon -> what resolves it
    icons: Mapping[str, Hook]
    #: "Beginning a New Round": after the icons (the titles, the solo challenges)
    round_start: tuple[Hook, ...]
    #: a phase -> what runs when it begins
    phase_start: Mapping[str, tuple[Hook, ...]]
    #: a phase -> whether it has something to do (else it is passed over)
    phase_needed: Mapping[str, Callable[[StandardState], bool]]
    #: a phase -> why it may not end yet (a question still open...)
    can_end: Mapping[str, tuple[CanEnd, ...]]
    #: the End Movement step (the Shuttle)
    end_movement: tuple[EndMovement, ...]
    #: a Move step ended away from a port ("Jettisoning")
    away_from_port: tuple[AwayFromPort, ...]
    #: an encounter's outcome for the Move step (movement: ``helm.after_encounter``)
    after_encounter: AfterEncounter
    #: a First Contact card turned face up: the culture's market set out
    revealed: tuple[Revealed, ...]
    #: "at the end of the game, before final scoring" (a spoiler's fame roll)
    before_scoring: tuple[Hook, ...]
    #: End of the Game 2: the components' sources of fame
    fame_sources: tuple[FameSource, ...]
    #: a view's part name -> what the component shows a viewer, in the view's order
    parts: Mapping[str, Part]
    #: a command's ``type`` -> its class (``commands.parse_command``)
    commands: Mapping[str, type[Command]]
