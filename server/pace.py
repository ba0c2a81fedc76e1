"""Pacing one client: a token bucket that defers work for a client (on its own connection
only) instead of making the server work for it faster than ``rate``."""

from __future__ import annotations

import time


class Pace:
    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate  # tokens a second
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def try_take(self) -> float:
        """Take a token if one is free (answer 0.0), else answer the seconds until one is."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

