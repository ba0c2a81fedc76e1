"""The Draw stage, the explicit end of turn, the next Trader's turn, the Insider's stations
and the Telzey look (Stages of the Turn; Setting Up 6; special payoffs)."""

from __future__ import annotations

from engine.kernel import RuleError, only

from .cargo import forced_deliveries
from .commodity import take_effect
from .decks import draw_luck, turn_in
from .draft import Draft
from .quarantine import lift
from .setup import begin_play
from .state import StarState, Turn


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def _draw_count(state: StarState, seat: int) -> int:
    """Draw one card; Lucky Lou two, never beyond his three (Personalities)."""
    p = state.player(seat)
    per_draw = 2 if p.has("lucky-lou") else 1
    return max(0, min(per_draw, p.hand_limit - len(p.hand)))


def must_draw(state: StarState, seat: int) -> bool:
    """Draw stage: draw a card unless you already hold a full hand."""
    turn = _turn(state)
    return not turn.drawn and len(state.player(seat).hand) < state.player(seat).hand_limit


def draw(draft: Draft, seat: int) -> None:
    st = draft.state
    if _turn(st).stage != "draw" or _turn(st).drawn:
        raise RuleError("Stages of the Turn", "cards are drawn once, in the Draw stage")
    if not must_draw(st, seat):
        raise RuleError("Trader's Luck", "you already hold a full hand; exchange a card instead")
    draw_luck(draft, seat, _draw_count(st, seat), stage=True)


def exchange(draft: Draft, seat: int, cards: list[str]) -> None:
    """Trader's Luck: "If you have two cards, you may discard one in order to draw another
    one." Lucky Lou: "Before drawing, he can discard down to one or two cards in order to
    draw more cards" (then draws two, never beyond three)."""
    st = draft.state
    p = st.player(seat)
    if _turn(st).stage != "draw" or _turn(st).drawn:
        raise RuleError("Stages of the Turn", "cards are drawn once, in the Draw stage")
    hand = list(p.hand)
    for card in cards:
        if card not in hand:
            raise RuleError("Trader's Luck", f"you do not hold {card}")
        hand.remove(card)
    if p.has("lucky-lou"):
        if len(hand) not in (1, 2):
            raise RuleError("Personalities", "Lucky Lou discards down to one or two cards")
    elif len(p.hand) < 2 or len(cards) != 1:
        raise RuleError("Trader's Luck", "exchange one of two cards you hold")
    for card in cards:
        turn_in(draft, seat, card, "exchange")
    draw_luck(draft, seat, _draw_count(draft.state, seat), stage=True)


def exchanges(state: StarState, seat: int) -> list[list[str]]:
    """The discards ``exchange`` accepts now (one card; Lucky Lou also two of three)."""
    hand = sorted(state.player(seat).hand)
    if len(hand) < 2:
        return []
    singles = [[card] for card in sorted(set(hand))]
    if not state.player(seat).has("lucky-lou") or len(hand) < 3:
        return singles
    pairs = sorted({(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]})
    return singles + [list(pair) for pair in pairs]


def end_turn(draft: Draft, seat: int) -> None:
    """Stages of the Turn: you must explicitly state that your turn is over."""
    st = draft.state
    turn = _turn(st)
    if turn.stage != "draw":
        raise RuleError("Stages of the Turn", "finish the movement and Action stages first")
    if must_draw(st, seat):
        raise RuleError("Stages of the Turn", "draw your Trader's Luck card first")
    draft.emit("TurnEnded", seat=seat)
    next_turn(draft, seat)


def next_turn(draft: Draft, seat: int) -> None:
    """Turns go clockwise (seat order); a lost turn (Petition Table) is skipped."""
    take_effect(draft)  # Personalities traded during the turn (optional rule)
    st = draft.state
    n = len(st.players)
    rnd = st.round
    current = seat
    for _ in range(2 * n):
        nxt = (current + 1) % n
        if (nxt - st.first_player) % n <= (current - st.first_player) % n:
            rnd += 1
        current = nxt
        p = st.player(current)
        if p.out:
            continue
        if p.lose_turn:
            draft.emit("TurnSkipped", seat=current, round=rnd)
            continue
        draft.emit("TurnStarted", seat=current, round=rnd)
        lift(draft, current)
        forced_deliveries(draft, current)  # Dropping Off: "at the beginning of your turn"
        return


def place_station(draft: Draft, seat: int, world: int) -> None:
    """Setting Up 6: the Insider places three more stations anywhere free, after the first
    stations and before the Contracts are dealt."""
    st = draft.state
    insider = st.insider()
    if st.insider_left <= 0 or insider is None or insider.seat != seat:
        raise RuleError("Setting Up 6", "only the Insider places extra stations, at setup")
    if world in st.stations or not 11 <= world <= 66 or world % 10 in (0, 7, 8, 9):
        raise RuleError("Stations", f"{world} is not a world without a station")
    draft.emit("StationBuilt", seat=seat, world=world, insider=True)
    if draft.state.insider_left == 0:
        begin_play(draft)


def look_at_cards(draft: Draft, seat: int, target: int) -> None:
    """Special payoff, Telzey (23): look at any one player's Trader's Luck cards; what is seen
    is told to the looker alone."""
    st = draft.state
    if not _turn(st).telzey:
        raise RuleError("Special payoff", "no Telzey look is waiting")
    if target == seat or not 0 <= target < len(st.players) or st.player(target).out:
        raise RuleError("Special payoff", "look at another player still in the game")
    draft.emit("TelzeyLooked", seat=seat, target=target)
    draft.emit("CardsSeen", only(seat), seat=seat, target=target,
               cards=list(st.player(target).hand))
