"""Take-backs in Merchant of Venus: a platform house rule (``docs/rulings.md``,
"Take-backs"; ``engine.kernel.takeback`` and ``engine.venus.takeback``), one test per
barrier kind: a roll, a "?" marker turned, a culture discovered, a bonus cup draw, combat
dice; and what may be taken back: moves, purchases, several commands one by one.
"""

from __future__ import annotations

from engine.kernel import TakeBack, fold, takeback
from engine.venus import commands as c
from engine.venus.scenario import start

from .movekit import Venus, game, of_type, play, refused, roll
from .test_combat import marker_game
from .tradekit import CITY, at_city, cash, markers_everywhere, scenario

JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}  # jungle-planet.5: a "?" box
BOX = JP[5]
RULE = "house rule: take-backs"


def can_take_back(g: Venus, seat: int = 0) -> bool:
    return TakeBack() in list(g.ruleset.legal_actions(g.state, seat))


def replayed_to(g: Venus, seq: int) -> str:
    """The state after event ``seq``, replayed from the log (JSON, to compare)."""
    return g.ruleset.dump_state(fold(g.ruleset, [e for e in g.events if e.seq <= seq]))


def take_back(g: Venus, seat: int = 0) -> int:
    """Take back; check the state is the one replayed to the rewind point; its seq."""
    (took,) = play(g, TakeBack(), actor=seat)
    assert took.type == "TookBack" and took.data["seat"] == seat
    to_seq = int(took.data["to_seq"])
    assert g.ruleset.dump_state(g.state) == replayed_to(g, to_seq)
    return to_seq


def test_a_move_taken_back_puts_the_ship_back_and_the_log_keeps_both() -> None:
    g = game(JP[3], [1, 1, 1])
    roll(g, JP[4])
    before = g.seq
    moved = play(g, c.MoveTo(dot=JP[4]))
    assert g.state.players[0].dot == JP[4] and can_take_back(g)
    assert take_back(g) == before
    assert g.state.players[0].dot == JP[3] and g.state.turn is not None
    assert g.state.turn.moves == 0
    types = [e.type for e in g.events]
    assert moved[0].type in types and types[-1] == "TookBack"  # nothing deleted
    assert moved[0].actor == 0  # the command's first event names its seat
    play(g, c.MoveTo(dot=JP[4]))  # the player moves again: the roll still stands
    assert g.state.players[0].dot == JP[4]


def test_several_commands_are_taken_back_one_by_one_down_to_the_roll() -> None:
    g = game(JP[3], [1, 1, 1])
    roll(g, JP[4])
    after_roll = g.seq
    play(g, c.MoveTo(dot=JP[4]))
    after_first = g.seq
    play(g, c.MoveTo(dot=JP[5]))  # an empty "?" box: nothing turned over
    assert take_back(g) == after_first and g.state.players[0].dot == JP[4]
    assert take_back(g) == after_roll and g.state.players[0].dot == JP[3]
    assert not can_take_back(g)  # back at the roll: the dice are known (barrier)


def test_barrier_the_dice_roll() -> None:
    """5.2: once the dice are rolled, the heading declared before cannot be taken back."""
    g = game(JP[3], [1, 1, 1])
    play(g, c.DeclareHeading(dot=JP[4]))
    declared = g.seq
    assert can_take_back(g)  # the declaration alone may be taken back
    assert take_back(g) == declared - 1 and g.state.turn is not None
    assert g.state.turn.heading is None
    roll(g, JP[4])
    assert not can_take_back(g)
    err = refused(g, TakeBack(), RULE)
    assert "roll, reveal or draw" in err.detail


def test_barrier_a_marker_turned_face_up() -> None:
    """6.1: a "?" marker turned up cannot be unseen; the moves before it stand too."""
    g = game(JP[3], [1, 1, 1], qboxes={BOX: {"kind": "telegate", "number": 6}})
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    assert can_take_back(g)
    events = play(g, c.MoveTo(dot=BOX))
    assert of_type(events, "MarkerRevealed")
    assert not can_take_back(g)
    refused(g, TakeBack(), RULE)


def test_barrier_a_culture_discovered() -> None:
    """7.3: landing on a hidden system's City discovers its culture: no taking back."""
    g = start(scenario("qossuth", discovered=False, dice=[1, 1, 1]))
    play(g, c.DeclareHeading(dot=CITY), c.RollDice())
    events = play(g, c.MoveTo(dot=CITY))
    assert of_type(events, "CultureDiscovered")
    assert not can_take_back(g)
    refused(g, TakeBack(), RULE)


def test_barrier_a_bonus_cup_draw() -> None:
    """2.7, 9.31: a sale draws from the bonus cup (an encounter with the unknown)."""
    g = at_city("qossuth", me={"goods": ["goods:cholos"]}, draws=["fare:base:graw"])
    events = play(g, c.Sell(goods="goods:cholos"))
    assert of_type(events, "CupDrawn")
    assert not can_take_back(g)
    refused(g, TakeBack(), RULE)


def test_a_purchase_is_taken_back_with_its_money_and_marker() -> None:
    """9.4 buying reveals nothing: the Goods go back to the Culture, the money to Ann."""
    g = at_city("qossuth")
    money, markers = cash(g), markers_everywhere(g)
    play(g, c.Buy(item="goods:qossuth"))
    assert cash(g) < money and "goods:qossuth" in g.state.players[0].goods
    take_back(g)
    assert cash(g) == money and markers_everywhere(g) == markers
    assert "goods:qossuth" not in g.state.players[0].goods


def test_barrier_combat_dice() -> None:
    """15.42: a blast rolls the dice; neither it nor the penalty paid before comes back."""
    g = marker_game([2, 2, 2, 6, 1])
    play(g, c.PayPenalty())
    assert can_take_back(g)
    events = play(g, c.Blast(target="marker", fire=["equipment:laser"]))
    assert of_type(events, "Blasted")
    assert not can_take_back(g)
    refused(g, TakeBack(), RULE)


def test_the_turn_passing_is_a_barrier_and_only_the_mover_takes_back() -> None:
    """4.4: after his turn ends, nothing of it comes back; another seat never takes back
    someone else's actions."""
    g = game(JP[3], [1, 1, 1], others=[{"name": "Bob", "dot": "galactic-base"}])
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    assert not can_take_back(g, seat=1)
    play(g, c.MoveTo(dot=JP[5]), c.MoveTo(dot=JP[6]))  # the last MP: the turn ends
    assert g.state.turn is not None and g.state.turn.seat == 1
    assert not can_take_back(g, seat=0) and not can_take_back(g, seat=1)


def test_the_table_option_turns_take_backs_off() -> None:
    g = game(JP[3], [1, 1, 1], options={"takebacks": False})
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    assert not can_take_back(g)
    err = refused(g, TakeBack(), RULE)
    assert "turned off" in err.detail
    assert g.state.rewinds == takeback.NONE  # no marks kept: nothing to pay for
