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
- **Making Room in a Ship**: "At any time during a player's Transaction phase, if he is
  located on a surface city or spaceport, he may offload any number of goods, passengers, or
  equipment" (goods and passengers into the cup with as many draws, equipment to its
  stockpile); "Offloading does not count as an action, and players do not receive credits
  for offloading tokens". No 1988 11.3 "not in the same turn he acquired it", so nothing
  got this turn must fit a new ship (3.44), and a passenger offloaded at its destination
  pays no fare (drop it off instead).
- **Relics, 2012 appendix, where it differs from 1988**: the Jump Start's warp costs one
  movement point like every telegate transport ("Telegates" step 3), also from a surface
  city (1988 8.43: two). A failed Jump Start moves "in the direction of his choice (without
  declaring a heading)", as 1988's "moves away along a normal path in any direction" (from a
  navigation space still by the arrow of his navigation value, ``Mover._normal_steps``). Air
  Foil, the relic Yellow Drive (no cargo hold) and the relic Shield (neither the hull shield
  space nor a hold) play as the engine's 1988 relics (``cargo.py``, ``movement.py``).
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


def offload_acquired(state: VenusState) -> bool:
    """1988 11.3 forbids jettisoning what was acquired this turn; 2012 "Making Room in a
    Ship" has no such limit."""
    return state.edition == CLASSIC_2012


def offload_pays_fare(state: VenusState) -> bool:
    """1988 (our ruling on 11.3): a Fare jettisoned at its destination pays; 2012 "Making
    Room in a Ship": "players do not receive credits for offloading tokens"."""
    return state.edition != CLASSIC_2012


def jump_start_warp_mp(edition: str) -> int | None:
    """2012 appendix, Jump Start, with "Telegates": the warp costs 1 MP (None: 1988 8.43's
    normal MP, two from a Surface City)."""
    return 1 if edition == CLASSIC_2012 else None


def stays_on_hazard_free(edition: str) -> bool:
    """2012 "Movement Phase": "A player may choose to skip his Movement phase to remain on his
    ship's current space and end his turn", and "Hazards": a hazard is paid "when a player
    enters a hazard space". So a ship on a hazard stays there (or leaves) without paying;
    1988 6.3 ("If he starts his turn on a Penalty, he must pay the penalty or move away")
    still asks the 1988 ship to pay."""
    return edition == CLASSIC_2012


def only_last_step_blocks(edition: str) -> bool:
    """Backtracking. 1988 5.32: no path used this turn may be used in reverse. 2012 "Additional
    Movement Rules": "After a ship departs from a space, it cannot immediately turn around and
    return to that space": only the move just made may not be reversed at once."""
    return edition == CLASSIC_2012


JUMPS = ("telegate", "jump_start")  # the ``via`` of a move that is a Tele Gate jump


def destination_gate_idle(edition: str) -> bool:
    """2012 "Telegates" step 2: "He immediately moves his ship to the telegate with the number
    that matches his navigation value (the destination telegate is not resolved)"; step 3: he
    "continues his Move step from the new telegate". So a ship that arrived by a jump leaves
    that gate along a path, even with the Switch Switch. 1988 6.5 with 8.46 lets a Switch
    Switch holder jump on (the reference FAQ's jump back)."""
    return edition == CLASSIC_2012
