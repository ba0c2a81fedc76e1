"""Property tests over random games (Hypothesis picks the seed, the number of players and the
options; the uniform random bot plays, deals and answers included): the 65 Trader's Luck
cards and the 72 Contracts are each in exactly one place after every command; money is only
ever paid from what a Trader has (Money: "If a rule directs a player to pay more money than
he has, that action cannot be performed") and a deal moves it without creating any; Prestige
stays within 0-30; engines within 1-6 (Engines); one station per world (Stations)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots.random_bot import UniformBot
from engine.kernel import Event, Game
from engine.startraders.components import contracts, luck_cards
from engine.startraders.limits import over_limit
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState

KEPT = ("quarantine", "envoy")  # cards kept in front of a player while their window is open


def _luck_places(state: StarState) -> Counter[str]:
    places: Counter[str] = Counter(state.luck_deck + state.luck_discard)
    for p in state.players:
        places.update(p.hand)
        if p.envoy is not None:
            places[p.envoy] += 1
    places.update(q["card"] for q in state.quarantines)
    places.update(w.card for w in state.windows
                  if w.card and luck_cards()[w.card].kind in KEPT and w.kind == "avoid_calamity"
                  and w.card not in places)
    return places


def _contract_places(state: StarState) -> Counter[int]:
    places: Counter[int] = Counter(state.deck + state.discard)
    places.update(c for c in state.slots if c is not None)
    places.update(e.contract for e in state.completed)
    places.update(p.mission for p in state.players if p.mission is not None)
    return places


def _check(state: StarState) -> None:
    assert _luck_places(state) == Counter(set(luck_cards())), "Trader's Luck cards"
    assert _contract_places(state) == Counter(set(contracts())), "Contracts"
    over = over_limit(state)  # a hold over two waits for its excess to be abandoned
    for p in state.players:
        assert 0 <= p.prestige <= 30
        assert p.out or 1 <= p.engines <= 6
        assert len(p.hold) <= 2 or over == (p.seat, "abandon_excess")
    assert set(state.imperial_stations) <= set(state.stations)


def _deal_money(events: list[Event]) -> int:
    """The Stellors a command's deals created (0: a deal only moves money)."""
    return sum(e.data["delta"] for e in events
               if e.type == "StellorsChanged" and e.data["reason"] == "deal")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), advanced=st.booleans())
def test_cards_contracts_money_and_prestige_are_conserved_over_random_games(
        seed: int, players: int, advanced: bool) -> None:
    game = Game.start(ruleset, {"advanced": advanced}, [f"p{i}" for i in range(players)],
                      seed=f"conserve{seed}")
    bots = [UniformBot(f"c{seed}-{i}") for i in range(players)]
    for _ in range(400):
        now = ruleset.pending(game.state)
        if now is None:
            break
        seat = now.seats[0]
        legal = [a for a in ruleset.legal_actions(game.state, seat) if a.type != "DropOut"]
        before = {p.seat: p.stellors for p in game.state.players}
        out = game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
        _check(game.state)
        assert _deal_money(out) == 0
        for p in game.state.players:
            paid = sum(e.data["delta"] for e in out
                       if e.type == "StellorsChanged" and e.data["seat"] == p.seat)
            if not p.out:
                assert before[p.seat] + paid == p.stellors, "a payment beyond the purse"
    assert all(p.stellors >= 0 for p in game.state.players)
