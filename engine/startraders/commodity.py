"""Optional Rules, "Personalities as Commodity" (table option ``personality_trading``):
"Personalities can be traded, bought, sold, lent, etc., just like any other game commodity.
You may have no personality or more than one. Personality changes don't take effect until
the end of turns. (If the Insider moves from one player to another, ownership of Capital
changes to the new Insider at the end of the turn.)"

A Personality in a deal changes hands on paper at once (``PersonalityTraded``, public: the
cards are face up) and in effect at the end of the turn (``PersonalityMoved``). Our readings
(docs/rulings.md): one promised away may not be traded again before it moves; Capital goes
with the Insider when her former holder owns it; an Engineer's sixth engine ceases to exist
when the Engineer leaves (Engines: "the extra engines immediately cease to exist"); a hand
over its limit when Lucky Lou leaves is discarded down at once (``limits``).
"""

from __future__ import annotations

from engine.kernel import RuleError

from .cargo import max_engines
from .draft import Draft
from .galaxy import CAPITAL
from .state import Bundle, StarState

RULE = "Optional Rules"


def check_side(state: StarState, giver: int, side: Bundle) -> None:
    """The Personalities one side of a deal gives: only under the optional rule, each one the
    giver has in effect and has not promised away already this turn."""
    if not side.personalities:
        return
    if not state.personality_trading:
        raise RuleError("Trades and Deals", "Personalities are not commodities (see the "
                        "optional rules)")
    promised = {m["personality"] for m in state.personality_moves if m["seat"] == giver}
    for name in side.personalities:
        if not state.player(giver).has(name) or name in promised \
                or side.personalities.count(name) > 1:
            raise RuleError(RULE, f"seat {giver} has no {name} to trade")


def transfer(draft: Draft, giver: int, taker: int, side: Bundle) -> None:
    for name in side.personalities:
        draft.emit("PersonalityTraded", personality=name, seat=giver, to=taker)


def take_effect(draft: Draft) -> None:
    """At the end of a turn the Personalities traded during it change hands in effect."""
    for move in list(draft.state.personality_moves):
        name, old, new = move["personality"], move["seat"], move["to"]
        st = draft.state
        if st.player(old).out or st.player(new).out:
            draft.emit("PersonalityLapsed", personality=name, seat=old, to=new)
            continue
        draft.emit("PersonalityMoved", personality=name, seat=old, to=new)
        if name == "insider" and st.stations.get(CAPITAL) == old:
            draft.emit("StationGiven", world=CAPITAL, seat=old, to=new)
        if draft.state.player(old).engines > max_engines(draft.state, old):
            draft.emit("EnginesChanged", seat=old, engines=max_engines(draft.state, old))
