"""The client data (``GET /api/games/star-traders/data``): what the browser client needs
to name and draw the pieces of Star Traders (the galaxy's worlds and jumplines with their
minimum rolls, the Trader's Luck cards, the Contracts, the Personalities, the Petition Tables
and the prices), read from the engine's data so the client never copies a rule."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.help.reference import load_reference

from .actions import (
    MISSION_PAYOFF,
    MISSION_TABLE,
    PETITION_PRESTIGE,
    STATION_COST,
    STATION_TABLE,
    engine_cost,
)
from .cargo import ABANDON_STELLORS
from .components import (
    OPTIONAL_PERSONALITIES,
    PERSONALITIES,
    contracts,
    luck_cards,
)
from .galaxy import load_galaxy

HERE = Path(__file__).resolve().parent
# each Personality's entry in the rules reference (Personalities; New Personalities): the
# lobby and the seat panel describe a Personality in the words of the rules page
PERSONALITY_RULES = {
    "navigator": "The Navigator", "psychic": "The Psychic", "lucky-lou": "Lucky Lou",
    "negotiator": "The Negotiator", "engineer": "The Engineer", "insider": "The Insider",
    "hero": "The Hero", "awesome-andi": "Awesome Andi", "seer": "The Seer",
    "verdant-velma": "Verdant Velma", "banker": "The Banker", "pirate-pete": "Pirate Pete",
}


# each Trader's Luck card's face in our words (the book prints the cards' texts only on the
# cards: docs/rulings.md, "Trader's Luck cards"); ``{amount}`` and ``{world}`` are the card's
CARD_FACES = {
    "takeover": "Calamity. Take over the victim's station on your own world (not an Imperial "
                "Station, not the Insider's Capital); it ends your movement and is your Action.",
    "disfavor": "Calamity. The victim loses {amount} Prestige.",
    "favor": "The Trader you name gains {amount} Prestige.",
    "envoy": "Calamity. The victim must take the Imperial Envoy to {world}: no deliveries "
             "until the ship gets there.",
    "lost": "Calamity. Right after a successful jump: two dice name the world the ship ends "
            "up on instead.",
    "quarantine": "Calamity. A jumping ship's world is closed: no ship leaves it until the "
                  "Quarantine ends. Anyone may cancel it with Avoid Calamity!.",
    "piracy": "Calamity. On a Trader on your world: take one of her cargoes and up to 2 "
              "Prestige.",
    "stressed": "Calamity. The victim pays 10 Stellors for repairs (the Engineer 5), else "
                "loses an engine.",
    "lose-station": "Calamity. The victim loses one of her stations (never an Imperial "
                    "Station, nor the Insider's Capital).",
    "lose-cargo": "Calamity. The victim loses one cargo from her hold (not the Imperial "
                  "Cargo).",
    "gotcha": "Calamity. Take 2 Prestige from the victim (what she has, if less).",
    "zap": "Change a die roll just made by 1, up or down.",
    "superzap": "Change a die roll just made by 2, up or down.",
    "codebreaker": "In your movement: a station jump to a neighbouring world's station "
                   "without asking its owner.",
    "priority-run": "In your movement: one more jump attempt this turn.",
    "superjump": "In your movement: jump to a neighbouring world, no roll needed.",
    "avoid": "Played at once: cancels a Calamity played on you, or any Quarantine!.",
    "jubilee": "Played when drawn: every Trader pays 1 Stellor for each of her stations.",
}
REROLL_FACE = "Any card may instead be turned in to re-roll a failed jump attempt."


def card_faces() -> dict[str, str]:
    """Each card's face (``CARD_FACES`` with its amount and world filled in)."""
    galaxy = load_galaxy()
    out = {}
    for cid, card in luck_cards().items():
        world = galaxy.worlds[card.world] if card.world is not None else None
        out[cid] = CARD_FACES[card.kind].format(
            amount=card.amount, world=f"{world.name} ({world.number})" if world else "")
    return out


def personality_help() -> dict[str, str]:
    """Each Personality's effect in a sentence or two, from ``data/rules_help.toml``."""
    rules = {r.id: r for r in load_reference(HERE / "data" / "rules_help.toml").rule}
    return {key: rules[rule].text for key, rule in PERSONALITY_RULES.items()}


@cache
def components() -> dict[str, Any]:
    galaxy = load_galaxy()
    return {
        "worlds": [{"number": w.number, "name": w.name, "arm": w.arm, "x": w.x, "y": w.y,
                    "starred": w.starred, "shipyard": w.shipyard}
                   for w in sorted(galaxy.worlds.values(), key=lambda w: w.number)],
        "jumplines": [{"a": ln.a, "b": ln.b, "color": ln.color.value,
                       "minimum": ln.color.minimum} for ln in galaxy.data.jumplines],
        "luck": {cid: card.model_dump(exclude_none=True) for cid, card in luck_cards().items()},
        "contracts": {str(cid): card.model_dump() for cid, card in contracts().items()},
        "personalities": [*PERSONALITIES, *OPTIONAL_PERSONALITIES],
        "personality_help": personality_help(),
        "card_faces": card_faces(), "reroll_face": REROLL_FACE,
        "petition": {"prestige": PETITION_PRESTIGE, "mission_payoff": MISSION_PAYOFF,
                     "mission": {str(k): v for k, v in MISSION_TABLE.items()},
                     "station": {str(k): v for k, v in STATION_TABLE.items()}},
        "prices": {"station": STATION_COST, "abandon": ABANDON_STELLORS,
                   "engines": {str(n): engine_cost(n) for n in range(2, 7)}},
    }
