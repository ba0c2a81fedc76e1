"""2012 classic differences in encounters, relics and asteroids ("Encounters", "Asteroids",
"Making Room in a Ship", "Appendix: Relics"). The 1988 rules are unchanged.

- **Gate Lock** (appendix): "When a player with this relic enters a telegate space, he may
  choose to treat that telegate as a blue space instead." Per gate, decided when leaving it
  (a telegate acts when exited, 2012 "Telegates"): from a face-up telegate the ship may jump
  by its navigation value or go on along a path as from a blue space (no navigation die
  needed). The 1988 switch (8.47, ``UseGateLock`` before rolling, all gates off) does not
  exist in 2012.
- **Relics** ("Encounters", Relic): "The current player may collect the relic ... He then
  places an asteroid token on that encounter space and ends his turn." Collecting is stopping
  on the relic's space (an unclaimed relic is an asteroid, "Asteroids") and ``PickUpRelic``;
  the turn then ends at once.
- **Asteroids** ("End Movement": "If he lands his ship on an asteroid, his turn immediately
  ends"): only player trading is left ("Player Trading": a player who ends his Movement
  phase on an asteroid may trade with players there), and collecting a relic there.
  Offloading ("Making Room in a Ship") needs a surface city or spaceport.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import VenusState

CLASSIC_2012 = "classic-2012"


def per_gate_lock(state: VenusState, seat: int) -> bool:
    """2012 Gate Lock: the player may treat each telegate he enters as a blue space."""
    return state.edition == CLASSIC_2012 and "gate_lock" in state.players[seat].relics


def switch_gate_lock(state: VenusState) -> bool:
    """8.47 (1988 only): the Gate Lock is switched on before rolling for all gates."""
    return state.edition != CLASSIC_2012


def relic_ends_turn(state: VenusState) -> bool:
    """2012 "Encounters": collecting a relic ends the turn."""
    return state.edition == CLASSIC_2012


def offload_here(state: VenusState, site: str | None) -> bool:
    """2012 "Making Room in a Ship": offloading only at a surface city or spaceport (1988
    11.3 also allows an Asteroid). ``site`` is the trading place of the dot, if any."""
    return state.edition != CLASSIC_2012 or site is not None
