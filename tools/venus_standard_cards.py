"""Figures of the standard game's cards (ours) for balancing: what one Encounter card draw
is worth (every card equally likely, every die face enumerated; an offer taken when it adds
fame or a dial, or, with ``--take-offers``, every offer, as the merchant bot does with c100
or more): the mean, the share of draws that change neither credits nor fame, the 10th and
90th percentiles of credits; and the chance to win a pirate engagement by attribute value against
each pirate token. Usage: ``.venv/bin/python tools/venus_standard_cards.py [laser shield
pilot] [--take-offers]``."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from fractions import Fraction

from engine.venus_standard import effects
from engine.venus_standard.cards import encounter_cards, pirate_tokens

KEYS = ("credits", "fame", "infamy", "movement", "end_turn", "pirates", "rewards")


def outcome(card_effects: list[effects.Effect], faces: tuple[int, ...],
            attrs: dict[str, int], take_all: bool = False) -> Counter[str]:
    dice = iter(faces)
    out = effects.run(card_effects, lambda: next(dice), attrs)
    if out.offer is not None:
        take = take_all or any(getattr(e, "fame", 0) > 0 for e in out.offer.then) or \
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


def per_draw(attrs: dict[str, int], take_all: bool = False) -> dict[str, Fraction]:
    sums = {k: Fraction(0) for k in KEYS}
    for (credits, fame), weight in distribution(attrs, take_all).items():
        sums["credits"] += credits * weight
        sums["fame"] += fame * weight
    cards = list(encounter_cards().values())
    for card in cards:
        runs = list(itertools.product(range(1, 7), repeat=2))
        for faces in runs:
            got = outcome(card.effects, faces, attrs, take_all)
            for k in KEYS:
                if k not in ("credits", "fame"):
                    sums[k] += Fraction(got[k], len(runs) * len(cards))
    return sums


def distribution(attrs: dict[str, int], take_all: bool = False
                 ) -> dict[tuple[int, int], Fraction]:
    """(credits, fame) of one draw -> its probability (every card alike, two dice faces)."""
    out: dict[tuple[int, int], Fraction] = {}
    cards = list(encounter_cards().values())
    runs = list(itertools.product(range(1, 7), repeat=2))
    for card in cards:
        for faces in runs:
            got = outcome(card.effects, faces, attrs, take_all)
            key = (got["credits"], got["fame"])
            out[key] = out.get(key, Fraction(0)) + Fraction(1, len(runs) * len(cards))
    return out


def percentile(dist: dict[tuple[int, int], Fraction], p: float) -> int:
    """The credits below which a share ``p`` of the draws falls (lowest value reaching it)."""
    seen = Fraction(0)
    for credits in sorted({c for c, _ in dist}):
        seen += sum((w for (c, _), w in dist.items() if c == credits), Fraction(0))
        if seen >= Fraction(p).limit_denominator():
            return credits
    return max(c for c, _ in dist)


def main() -> None:
    take_all = "--take-offers" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    laser, shield, pilot = (int(a) for a in (args[:3] or ("2", "1", "3")))
    attrs = {"laser": laser, "shield": shield, "pilot": pilot}
    offers = "every offer taken" if take_all else "offers of fame or a dial taken"
    print(f"one Encounter card draw, laser {laser} shield {shield} pilot {pilot} ({offers}):")
    for k, v in per_draw(attrs, take_all).items():
        print(f"  {k:9} {float(v):+.2f}")
    dist = distribution(attrs, take_all)
    nothing = dist.get((0, 0), Fraction(0))
    loss = sum((w for (c, _), w in dist.items() if c <= -30), Fraction(0))
    win = sum((w for (c, _), w in dist.items() if c >= 30), Fraction(0))
    print(f"  no credits nor fame {float(nothing):.0%}; credits p10 {percentile(dist, 0.1):+d}, "
          f"p90 {percentile(dist, 0.9):+d}; a loss of c30 or more {float(loss):.0%}, a gain "
          f"of c30 or more {float(win):.0%}")
    print("chance to win a pirate engagement (value: +0 +1 +2 +3):")
    mods = sorted({t.modifier for t in pirate_tokens().values()})
    for value in range(1, 8):
        row = [sum(1 for d in range(1, 7) if d + m < value) / 6 for m in mods]
        print(f"  value {value}: " + " ".join(f"{p:.2f}" for p in row))


if __name__ == "__main__":
    main()
