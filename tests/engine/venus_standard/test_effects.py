"""The effect interpreter ("Encounters": draw the card and resolve its text)."""

from __future__ import annotations

from collections.abc import Callable

from engine.venus_standard import effects
from engine.venus_standard.cards import encounter_cards


def dice(*values: int) -> Callable[[], int]:
    it = iter(values)
    return lambda: next(it)


def card_effects(cid: str) -> list[effects.Effect]:
    return encounter_cards()[cid].effects


def test_placing_a_pirate_and_ending_the_turn() -> None:
    out = effects.run(card_effects("raider-fleet"), dice(), {})
    assert out.ops == [{"op": "place", "token": "pirate"}] and out.end_turn


def test_check_passes_when_the_die_is_less_than_the_attribute() -> None:
    """"Hazards": less than the attribute passes, equal or greater fails."""
    passed = effects.run(card_effects("space-mines"), dice(2), {"laser": 3})
    assert passed.ops[-1] == {"op": "gain", "credits": 0, "fame": 1, "infamy": 0}
    assert not passed.end_turn
    failed = effects.run(card_effects("space-mines"), dice(3), {"laser": 3})
    assert failed.ops == [{"op": "rolled", "die": 3, "attribute": "laser", "passed": False}]
    assert failed.end_turn


def test_a_failed_shield_check_turns_the_dial_and_ends_the_turn() -> None:
    out = effects.run(card_effects("meteor-swarm"), dice(6), {"shield": 5})
    assert {"op": "dial", "dial": "shield", "by": -1} in out.ops and out.end_turn


def test_roll_picks_the_range_of_the_result() -> None:
    low = effects.run(card_effects("customs-patrol"), dice(3), {})
    assert low.ops[-1] == {"op": "pay", "credits": 20}
    high = effects.run(card_effects("customs-patrol"), dice(4), {})
    assert high.ops == [{"op": "rolled", "die": 4}]
    relic = effects.run(card_effects("ancient-ruins"), dice(6), {})
    assert relic.ops[-1] == {"op": "reward"}


def test_movement_points_add_up() -> None:
    assert effects.run(card_effects("ion-storm"), dice(1), {"pilot": 3}).movement == 2
    assert effects.run(card_effects("ion-storm"), dice(5), {"pilot": 3}).movement == -2
    assert effects.run(card_effects("gravity-well"), dice(), {}).movement == -3


def test_an_offer_stops_and_resumes_with_the_answer() -> None:
    out = effects.run(card_effects("refugee-ship"), dice(), {})
    assert out.offer is not None and out.offer.pay == 30 and out.ops == []
    yes = effects.run(effects.answer_offer(out.offer, out.rest, True), dice(), {})
    assert yes.ops == [{"op": "pay", "credits": 30},
                       {"op": "gain", "credits": 0, "fame": 3, "infamy": 0}]
    no = effects.run(effects.answer_offer(out.offer, out.rest, False), dice(), {})
    assert no.ops == [{"op": "gain", "credits": 0, "fame": 0, "infamy": 1}]


def test_effects_round_trip_through_json() -> None:
    for card in encounter_cards().values():
        assert effects.load(effects.dump(card.effects)) == card.effects


def test_a_deal_is_paid_then_rolled() -> None:
    """Trade Convoy (ours): pay c50 for a share, then the effect die: 1-2 c20, 3-6 c110."""
    out = effects.run(card_effects("trade-convoy"), dice(), {})
    assert out.offer is not None and out.offer.pay == 50
    good = effects.run(effects.answer_offer(out.offer, out.rest, True), dice(3), {})
    assert good.ops[0] == {"op": "pay", "credits": 50}
    assert good.ops[-1] == {"op": "gain", "credits": 110, "fame": 0, "infamy": 0}
    poor = effects.run(effects.answer_offer(out.offer, out.rest, True), dice(2), {})
    assert poor.ops[-1] == {"op": "gain", "credits": 20, "fame": 0, "infamy": 0}


def test_refusing_protection_costs_the_shield_and_the_turn() -> None:
    """Protection Racket (ours): pay c30, or lower the shield by 1 and end the turn."""
    out = effects.run(card_effects("protection-racket"), dice(), {})
    assert out.ops == [{"op": "place", "token": "pirate"}] and out.offer is not None
    no = effects.run(effects.answer_offer(out.offer, out.rest, False), dice(), {})
    assert no.ops == [{"op": "dial", "dial": "shield", "by": -1}] and no.end_turn
    yes = effects.run(effects.answer_offer(out.offer, out.rest, True), dice(), {})
    assert yes.ops == [{"op": "pay", "credits": 30}] and not yes.end_turn


def test_most_cards_have_stakes() -> None:
    """The deck's stakes (ours, docs/venus-standard.md): more than half the cards move
    credits or fame on some die face, windfalls and hazards of c50 or more among them."""
    def moves(effs: list[effects.Effect]) -> list[int]:
        out: list[int] = []
        for e in effs:
            if e.do == "gain" and (e.credits or e.fame):
                out.append(e.credits or 1)
            elif e.do == "pay":
                out.append(-e.credits)
            elif e.do == "offer":
                out += [-e.pay, *moves(e.then), *moves(e.otherwise)]
            elif e.do == "check":
                out += moves(e.pass_) + moves(e.fail)
            elif e.do == "roll":
                out += [m for r in e.results for m in moves(r.then)]
        return out
    staked = [c for c in encounter_cards().values() if moves(c.effects)]
    assert len(staked) > 21
    assert max(m for c in staked for m in moves(c.effects)) >= 100
    assert min(m for c in staked for m in moves(c.effects)) <= -30
