"""The 2012 "Fast Play Variant" (optional rule of the 2012 classic book; option
``fast_play``, classic-2012 only).

"Instead of placing the goods tokens beside the board in step 5 of setup, place all of the
goods tokens in the bonus cup. Then draw 20 tokens at random from the cup and place each
token on the corresponding culture's supply area." "When a new culture is discovered, draw
four tokens at random from the bonus cup and place each of them in the system of the culture
shown on the token", or in its supply area if that culture is still hidden.

The engine's ``market`` already holds a culture's tokens whether it is discovered (its
system) or not (its supply area), and a ``CupDrawn`` places a token with the culture on it,
so the variant is: goods start in the cup, 20 ``CupDrawn`` at setup, four after each
``CultureDiscovered``. The 20 at setup are goods only (step 5 comes before the bonus cup is
prepared); the later draws take any token (goods, demands, passengers). Factory goods stay
aside (they are no goods tokens of step 5). The counts are data
(``rules.fast_play_2012``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.kernel import Event, Randomness, RuleError, event

from .components import load_components
from .cup import draw
from .pieces import marker_home

if TYPE_CHECKING:
    from .rules import Decision
    from .state import VenusState

CLASSIC_2012 = "classic-2012"
OPTION = "fast_play"


def counts() -> dict[str, int]:
    return load_components().rules.fast_play_2012


def check(opts: dict[str, Any]) -> None:
    """The option (read as a flag by ``setup.read_flag``) exists only in the 2012 classic game."""
    if opts.get(OPTION, False) and opts["edition"] != CLASSIC_2012:
        raise RuleError("2012 fast play variant",
                        "the fast play variant is an optional rule of the classic-2012 edition")


def on(options: dict[str, Any]) -> bool:
    return bool(options.get(OPTION, False))


def opening_market(market: dict[str, list[str]], cup: list[str]) -> tuple[dict[str, list[str]],
                                                                           list[str]]:
    """Setup step 5 of the variant: every goods token into the bonus cup."""
    goods = [m for ms in market.values() for m in ms]
    return {k: [] for k in market}, [*cup, *goods]


def setup_draws(cup: list[str], rng: Randomness) -> list[Event]:
    """Draw 20 tokens at random, each to its culture's supply area (public).

    The draw is step 5 of setup, before step 9 ("Prepare Bonus Cup") puts the passengers and
    demands in: the 20 come from the goods alone (the cup then holds the rest of the goods
    with every bonus token, which is what the later draws see)."""
    left = [m for m in cup if m.startswith("goods:")]
    out = []
    for _ in range(min(counts()["setup_draws"], len(left))):
        marker = left.pop(rng.below(len(left)))
        out.append(event("CupDrawn", marker=marker, culture=marker_home(marker), loaded=0))
    return out


def discovery_draws(d: Decision) -> None:
    """After a first contact: draw four tokens, each placed with its culture."""
    s: VenusState = d.state
    if on(s.options):
        draw(d, counts()["discovery_draws"])
