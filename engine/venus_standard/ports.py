"""The seam between the cards and the rest of the ruleset: what an encounter, a pirate, a
mission or a reward reads from or asks of the ship, the purse, the cargo and the markets,
which other modules own. ``encounters.py`` calls only these; each is one small function
over the real state (kept here so the cards' rules read the same whatever the owners name
their fields)."""

from __future__ import annotations

from typing import Any, Protocol

from engine.kernel import PUBLIC, Audience

from .cards import Dial
from .cards_state import CardsState
from .standing import Standing


class CardDraft(Protocol):
    """The draft a rule writes events on (``Draft`` of the ruleset)."""

    @property
    def state(self) -> Any: ...

    def emit(self, type_: str, audience: Audience = PUBLIC, *, type_public: bool = True,
             **data: Any) -> None: ...

    def die(self) -> int: ...


def cards_of(state: Any) -> CardsState:
    cards: CardsState = state.cards
    return cards


class Ports(Protocol):
    def standing(self, state: Any, seat: int) -> Standing: ...

    def credits(self, draft: CardDraft, seat: int, delta: int, reason: str) -> None: ...

    def dial(self, draft: CardDraft, seat: int, dial: Dial, by: int) -> None: ...

    def lose_goods(self, draft: CardDraft, seat: int, token: str) -> None: ...

    def produce(self, draft: CardDraft, culture: int) -> None: ...

    def drills(self, state: Any, seat: int) -> int: ...

    def beyond_thirty(self, state: Any) -> bool: ...

    def idle(self, state: Any, seat: int) -> bool:
        """Its own turn, no Move step under way and no other choice waiting."""
        ...

    def phase(self, state: Any) -> str: ...

    def count_buy(self, draft: CardDraft, seat: int) -> None:
        """A purchase at Galactic Base takes one buy action (Transaction phase)."""
        ...


_PORTS: list[Ports] = []


def use(ports: Ports) -> None:
    """Install the ruleset's ports (``ship_ports.py`` at import; tests may install their own)."""
    _PORTS[:] = [ports]


def ports() -> Ports:
    if not _PORTS:
        from . import ship_ports  # noqa: F401  (installs the real ports)
    return _PORTS[0]
