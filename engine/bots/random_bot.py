"""Random bots: seeded, deterministic choices among the seat's legal actions.

``UniformBot`` (registered as ``random``) picks uniformly among the legal actions: the fuzzer
and the baseline a real bot must beat. ``RandomBot`` is the server's stand-in for an absent
player (a timed-out turn, a bot seat); it prefers moving on over fiddling with settings
(toggles that do not advance the game are chosen rarely), so its turns end. Same seed, same
state, same seat: same command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.kernel import Command, Randomness, Ruleset
from engine.kernel.registry import games

from .base import Aid

# take-backs a stand-in never plays (they would only loop; engine.kernel.takeback); a game
# adds what else it never plays and what it plays rarely (GameDefinition.stand_in_never,
# settings_commands)
NEVER = frozenset({"TakeBack"})


class UniformBot:
    """Uniform over ``legal`` (the ``random`` bot of ``starport simulate``)."""

    name = "random"

    def __init__(self, seed: str | int) -> None:
        self.seed = seed

    def choose(
        self,
        view: dict[str, Any],
        legal: Sequence[Command],
        *,
        seat: int,
        seq: int,
        aid: Aid | None = None,
    ) -> Command:
        return Randomness(self.seed, seq, f"random{seat}").choice(list(legal))


class RandomBot:
    def __init__(self, seed: str | int) -> None:
        self.seed = seed

    def choose(self, ruleset: Ruleset[Any], state: Any, seat: int, seq: int) -> Command | None:
        """The command this bot issues for ``seat`` in ``state`` (the game at ``seq``)."""
        definition = games().get(getattr(ruleset, "id", ""))
        never = NEVER | (definition.stand_in_never if definition else frozenset())
        fiddling = definition.settings_commands if definition else frozenset()
        actions = [a for a in ruleset.legal_actions(state, seat) if a.type not in never]
        if not actions:
            return None
        rng = Randomness(self.seed, seq, f"bot{seat}")
        progress = [a for a in actions if a.type not in fiddling]
        if progress and (len(progress) == len(actions) or rng.below(10) > 0):
            actions = progress
        return rng.choice(actions)
