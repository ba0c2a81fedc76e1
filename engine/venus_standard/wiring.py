"""Every module of the ruleset that registers commands, rules, event handlers, prompts,
setup steps, round-track icons or fame sources, imported once so that all registrations are
in place before a command is decided or an event applied. Add your module here."""

from __future__ import annotations

from . import (  # noqa: F401
    card_events,
    card_rules,
    challenges,
    commands,
    fame,
    flight_events,
    helm_commands,
    helm_legal,
    legal,
    market_view,
    merchant_spaceports,
    rounds,
    rules,
    scoring,
    secrets,
    setup,
    solo,
    tech_abilities,
    trade_events,
    trading,
)
