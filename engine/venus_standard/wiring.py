"""Every module of the ruleset that registers commands, rules, event handlers, prompts,
setup steps, round-track icons or fame sources, imported once so that all registrations are
in place before a command is decided or an event applied. Add your module here."""

from __future__ import annotations

from . import (  # noqa: F401
    commands,
    legal,
    rounds,
    rules,
    scoring,
    secrets,
    setup,
    solo,
)
