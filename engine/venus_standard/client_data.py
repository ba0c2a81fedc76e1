"""The client data (``GET /api/games/venus-standard/data``): the names of the standard
game's things for the browser client (cultures, goods, passengers, racial technologies,
equipment, pilots, missions, rewards, encounter and challenge cards...), read from the data
files the engine reads, so the client never keeps a list of its own.

The files are authored by several hands in slightly different shapes, so the names are found
generically: in every JSON file of ``engine/venus_standard/data/`` (and the shared 2012
culture facts, ``engine/cluster/data/cultures.json``), any object with an id (``key``, ``id``
or ``face``) and a name (``name`` or ``title``) is a named thing of the kind of the file
(``technologies.json`` -> ``technologies``) and of the field holding it (``passengers``); an
object of objects with names (``"equipment": {"laser": {"name": "Laser"}}``) names its keys.
A culture's goods are also named by the culture's key (``goods.nillis`` -> "Bionic Perfume"),
and a card's text is under ``texts`` by its id (the cards are public components; which one a
deck holds where stays the engine's secret).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .pilots import load_pilots
from .state import PILOTS

ENGINE = Path(__file__).resolve().parents[1]
FILES = (ENGINE / "venus_standard" / "data", ENGINE / "cluster" / "data" / "cultures.json")

Names = dict[str, dict[str, Any]]


def _name_of(node: dict[str, Any]) -> str | None:
    name = node.get("name", node.get("title"))
    return name if isinstance(name, str) else None


def _id_of(node: dict[str, Any]) -> str | None:
    for field in ("key", "id", "face"):
        value = node.get(field)
        if isinstance(value, str | int) and not isinstance(value, bool):
            return str(value)
    return None


def _collect(node: Any, kinds: tuple[str, ...], out: Names) -> None:
    """Add every named thing under ``node`` to ``out`` under each of ``kinds``."""
    if isinstance(node, list):
        for item in node:
            _collect(item, kinds, out)
        return
    if not isinstance(node, dict):
        return
    key, name = _id_of(node), _name_of(node)
    if key is not None and name is not None:
        for kind in kinds:
            out.setdefault(kind, {}).setdefault(key, name)
        if isinstance(node.get("text"), str):  # a card's text (missions, rewards, encounters)
            out.setdefault("texts", {}).setdefault(key, node["text"])
    for field, value in node.items():
        here = (kinds[0], field) if field not in kinds else kinds
        named = isinstance(value, dict) and all(
            isinstance(v, dict) and _name_of(v) for v in value.values())
        if value and named:
            for k, v in value.items():
                for kind in here:
                    out.setdefault(kind, {}).setdefault(str(k), str(_name_of(v)))
        _collect(value, here, out)


def _goods(data: Any, out: Names) -> None:
    """"goods" by culture key: the goods a culture sells; "goods_resale": their three resale
    values (low, active, high market), so a hold's goods show their price where sold."""
    for culture in data.get("cultures", []) if isinstance(data, dict) else []:
        goods = culture.get("goods")
        if isinstance(goods, dict) and isinstance(goods.get("name"), str):
            out.setdefault("goods", {})[str(culture.get("key"))] = goods["name"]
            resale = goods.get("resale")
            if isinstance(resale, dict) and {"low", "mid", "high"} <= set(resale):
                # "Sell Actions": the three resale values, low/active/high market
                out.setdefault("goods_resale", {})[str(culture.get("key"))] = [
                    resale["low"], resale["mid"], resale["high"]]


@cache
def names() -> Names:
    out: Names = {}
    files: list[Path] = []
    for where in FILES:
        if where.is_dir():
            files.extend(sorted(where.glob("*.json")))
        elif where.exists():
            files.append(where)
    for path in files:
        data = json.loads(path.read_text("utf-8"))
        _collect(data, (path.stem,), out)
        _goods(data, out)
    out["pilot_help"] = pilot_help()
    return out


def pilot_help() -> dict[str, str]:
    """What each pilot does, said where a player chooses one (Setup 8; "Pilots", "Pilot Card
    Anatomy"): the level 1 face he starts with, his home culture's discount, and what
    training gives (level 2 at Galactic Base, level 3 at his home culture, c60 each). The
    cards are ours (``data/pilots.json``)."""
    deck = load_pilots()
    out: dict[str, str] = {}
    for pilot in PILOTS:
        first = deck.of_pilot(pilot, 1)[0]
        culture = first.culture.title()
        says = [f"Starts as {first.name}, piloting skill {first.skill}, no ability. "
                f"Home culture the {culture} (culture {first.culture_number}): "
                f"c{first.discount} off every buy there (c20 at level 2, c30 at level 3)."]
        for level, where in ((2, "at Galactic Base"), (3, f"at a {culture} city or spaceport")):
            faces = deck.of_pilot(pilot, level)
            said = " or ".join(f"{f.name} (skill {f.skill}: "
                               f"{deck.abilities[f.ability].rstrip('.')})" for f in faces)
            says.append(f"Level {level} for c60 {where}: {said}.")
        out[pilot] = " ".join(says)
    return out
