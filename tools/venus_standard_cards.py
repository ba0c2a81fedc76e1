"""Figures of the standard game's cards (ours) for balancing: what one Encounter card draw
is worth on average (every card equally likely, every die face enumerated; an offer taken
when it adds fame), and the chance to win a pirate engagement by attribute value against
each pirate token. Usage: ``.venv/bin/python tools/venus_standard_cards.py [laser shield
pilot]``."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from fractions import Fraction

from engine.venus_standard import effects
from engine.venus_standard.cards import encounter_cards, pirate_tokens

KEYS = ("credits", "fame", "infamy", "movement", "end_turn", "pirates", "rewards")


def outcome(card_effects: list[effects.Effect], faces: tuple[int, ...],
            attrs: dict[str, int]) -> Counter[str]:
    dice = iter(faces)
    out = effects.run(card_effects, lambda: next(dice), attrs)
    if out.offer is not None:
        take = any(getattr(e, "fame", 0) > 0 for e in out.offer.then) or \
            any(getattr(e, "do", "") == "dial" for e in out.offer.then)
        offer, rest, out.offer = out.offer, out.rest, None
        out = effects.run(effects.answer_offer(offer, rest, take), lambda: next(dice),
                          attrs, out)
    got: Counter[str] = Counter()
    for op in out.ops:
        if op["op"] == "gain":
            got["credits"] += op["credits"]
            got["fame"] += op["fame"]
            got["infamy"] += op["infamy"]
        elif op["op"] == "pay":
            got["credits"] -= op["credits"]
        elif op["op"] == "place" and op["token"] == "pirate":
            got["pirates"] += 1
        elif op["op"] == "reward":
            got["rewards"] += 1
    got["movement"] += out.movement
    got["end_turn"] += int(out.end_turn)
    return got


def per_draw(attrs: dict[str, int]) -> dict[str, Fraction]:
    sums = {k: Fraction(0) for k in KEYS}
    cards = list(encounter_cards().values())
    for card in cards:
        runs = list(itertools.product(range(1, 7), repeat=2))
        for faces in runs:
            got = outcome(card.effects, faces, attrs)
            for k in KEYS:
                sums[k] += Fraction(got[k], len(runs) * len(cards))
    return sums


def main() -> None:
    laser, shield, pilot = (int(a) for a in (sys.argv[1:4] or ("2", "1", "3")))
    attrs = {"laser": laser, "shield": shield, "pilot": pilot}
    print(f"one Encounter card draw, laser {laser} shield {shield} pilot {pilot}:")
    for k, v in per_draw(attrs).items():
        print(f"  {k:9} {float(v):+.2f}")
    print("chance to win a pirate engagement (value: +0 +1 +2 +3):")
    mods = sorted({t.modifier for t in pirate_tokens().values()})
    for value in range(1, 8):
        row = [sum(1 for d in range(1, 7) if d + m < value) / 6 for m in mods]
        print(f"  value {value}: " + " ".join(f"{p:.2f}" for p in row))


if __name__ == "__main__":
    main()
