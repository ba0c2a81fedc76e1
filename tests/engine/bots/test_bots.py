"""Bots (``docs/architecture.md``, Bots): they play only legal commands from their seat's view,
deterministically,
and the trader beats the random bot. Rule numbers are the 1988 manual's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.bots import UniformBot, act
from engine.bots.simulate import summarize
from engine.cli import main
from engine.kernel import Game
from engine.kernel.registry import games
from engine.venus import commands as c
from engine.venus.bots.trader import Trader
from engine.venus.definition import GAME
from engine.venus.reach import reachable
from engine.venus.ruleset import ruleset
from engine.venus.simulation import play_game
from engine.venus.state import VenusState, clone_state


def test_registered_bots_are_random_trader_star_trader_and_merchant() -> None:
    assert {kind for g in games().values() for kind in g.bots} >= {
        "random", "trader", "star-trader", "merchant"}  # the registry's: other games add theirs
    assert list(GAME.bots) == ["trader", "normal", "hard", "random"]  # easy first (docs/bots.md)
    with pytest.raises(ValueError, match="unknown bot"):
        GAME.make_bot("oracle", 1)


@pytest.mark.parametrize("seed", range(12))
def test_trader_beats_random(seed: int) -> None:
    """A trader must beat random in >95% of games (13.2: first to $1,000 here).
    Twelve seeded games, seats alternated: every one is a trader win, without a stall."""
    bots = ["trader", "random"] if seed % 2 == 0 else ["random", "trader"]
    result = play_game(bots, f"beat-{seed}", {"game_length": 1000})
    assert result.winner is not None, "stall"
    assert bots[result.winner] == "trader"
    assert result.fallbacks == 0


def _commands(bots: list[str], seed: str, limit: int) -> tuple[list[Any], Game[VenusState]]:
    game: Game[VenusState] = Game.start(ruleset, {}, [f"p{i}" for i in range(len(bots))],
                                        seed=seed)
    players = [GAME.make_bot(b, f"{seed}|{i}") for i, b in enumerate(bots)]
    out = []
    for _ in range(limit):
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        cmd = act(players[seat], ruleset, game.state, seat, game.seq)
        assert cmd is not None
        out.append((seat, cmd))
        game.play(seat, cmd)
    return out, game


def test_bots_are_seeded_and_deterministic() -> None:
    """Same seeds, same game: the same commands, whoever asks (a fresh bot per command)."""
    first, _ = _commands(["trader", "random", "trader"], "det", 600)
    again, _ = _commands(["trader", "random", "trader"], "det", 600)
    assert first == again
    game: Game[VenusState] = Game.start(ruleset, {}, ["a", "b", "c"], seed="det")
    for seat, cmd in first:
        fresh = GAME.make_bot("trader" if seat != 1 else "random", f"det|{seat}")
        assert act(fresh, ruleset, game.state, seat, game.seq) == cmd
        game.play(seat, cmd)


def test_trader_plays_only_legal_commands_or_reachable_paths() -> None:
    """DESIGN: a command legal_actions does not yield, decide must refuse; the trader plays
    legal actions, or a MoveAlong whose path is one the reachable query returned."""
    game: Game[VenusState] = Game.start(ruleset, {"game_length": 1000}, ["a", "b", "c"],
                                        seed="legal")
    bots = [Trader(f"legal|{i}") for i in range(3)]
    for _ in range(1500):
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        cmd = act(bots[seat], ruleset, game.state, seat, game.seq)
        if isinstance(cmd, c.MoveAlong):
            paths = {(d.path, d.pilot) for d in reachable(game.state)}
            assert (tuple(cmd.path), cmd.pilot) in paths
        else:
            assert cmd in legal, (pending.prompt, cmd)
        game.play(seat, cmd)
    assert game.state.stage == "over"


def test_trader_sees_only_its_view() -> None:
    """4.12, 7.2: the trader decides from its view; secrets the view hides (which Culture
    is in which hidden System) cannot change its choice."""
    _, game = _commands(["trader", "trader"], "secret", 120)
    state = game.state
    hidden = sorted(s for s in state.iou_at if s not in state.discovered
                    and all(s not in p.observed for p in state.players))
    assert len(hidden) >= 2
    other = clone_state(state)
    a, b = hidden[0], hidden[1]
    other.iou_at[a], other.iou_at[b] = state.iou_at[b], state.iou_at[a]
    pending = ruleset.pending(state)
    assert pending is not None
    seat = pending.seats[0]
    assert ruleset.view(other, seat) == ruleset.view(state, seat)
    assert act(Trader("x"), ruleset, other, seat, game.seq) == act(
        Trader("x"), ruleset, state, seat, game.seq)


def test_trader_answers_offers_11_4() -> None:
    """11.4: the trader accepts a gift and refuses to give its goods away for nothing."""
    trader = Trader(1)
    legal = [c.AnswerOffer(accept=True), c.AnswerOffer(accept=False)]

    def view(offer: dict[str, Any]) -> dict[str, Any]:
        return {"pending": {"prompt": "answer_offer", "seats": [1, 0], "detail": offer}}

    gift = {"frm": 0, "to": 1, "give": ["relic:shield"], "get": [], "give_money": 0,
            "get_money": 0}
    theft = {"frm": 0, "to": 1, "give": [], "get": ["goods:humans"], "give_money": 0,
             "get_money": 0}
    assert trader.choose(view(gift), legal, seat=1, seq=5) == c.AnswerOffer(accept=True)
    assert trader.choose(view(theft), legal, seat=1, seq=5) == c.AnswerOffer(accept=False)


def test_uniform_bot_picks_among_legal_actions() -> None:
    legal = [c.EndTurn(), c.Jettison(item="goods:graw"), c.Sell(goods="goods:graw")]
    picks = {UniformBot(3).choose({}, legal, seat=0, seq=s) for s in range(60)}
    assert picks == set(legal)


def test_clone_state_is_a_deep_copy() -> None:
    """decide works on a copy (never mutates the state): the fast clone must be deep."""
    _, game = _commands(["trader", "trader", "trader"], "clone", 300)
    state = game.state
    copy = clone_state(state)
    assert copy == state
    assert copy.model_dump_json() == state.model_dump_json()
    copy.players[0].goods.append("goods:graw")
    copy.market.setdefault("graw", []).append("x")
    copy.cup.clear()
    dot, box = next(iter(state.qboxes.items()))
    copy.qboxes[dot] = box.model_copy(update={"face_up": not box.face_up})  # boxes are frozen
    if copy.turn is not None:
        copy.turn.used.append("a>b")
    assert state == VenusState.model_validate_json(ruleset.dump_state(state))
    assert copy != state


def test_simulate_json_has_the_health_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """starport simulate venus ... --json prints one object with the game-health keys."""
    code = main(["simulate", "venus", "--players", "2", "--bots", "trader,random",
                 "--games", "2", "--seed", "7", "--target", "1000", "--json",
                 "--option", "small_bank=false"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "games_per_s", "rounds", "stalls", "win_rate_by_seat",
                "win_rate_by_label", "winners_by_bot", "games_detail"):
        assert key in out
    assert set(out["rounds"]) == {"median", "p10", "p90"}
    assert out["games"] == 2 and len(out["games_detail"]) == 2
    assert out["winners_by_bot"]["trader"] == 2
    assert len(out["win_rate_by_seat"]) == 2


def test_simulate_prints_each_game_and_the_aggregate(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "venus", "--players", "2", "--bots", "trader", "--games", "1",
                 "--seed", "3", "--target", "1000"])
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("game 1: seat ")
    for text in ("games/s", "rounds median", "stalls", "win rate by seat", "win rate by race"):
        assert text in out


def test_simulate_refuses_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "venus", "--players", "2", "--games", "1",
                 "--option", "game_length=7"]) == 2
    assert "14 game length" in capsys.readouterr().err


def test_summary_counts_stalls() -> None:
    """A game without a winner within the round limit is a stall (``docs/balance.md``)."""
    result = play_game(["random", "random"], "stall", {"game_length": 1000}, max_rounds=3)
    summary = summarize([result], 1.0)
    assert result.stalled and summary["stalls"] == 1.0 and summary["rounds"]["median"] is None


# --- the optional rules (15, 16, 17) -----------------------------------------------------


@pytest.mark.parametrize("bots", [["trader", "trader"], ["trader", "random", "trader"],
                                  ["random", "random"]])
def test_games_with_combat_and_rastur_end_without_refused_commands(bots: list[str]) -> None:
    """15, 16: whole games with the optional rules end (a winner, or the Rastur, 16.5)."""
    result = play_game(bots, "optional", {"combat": True, "rastur": True,
                                          "game_length": 1000})
    assert not result.stalled and result.fallbacks == 0
    assert result.reason in ("net_worth", "bank", "rastur")


def test_solitaire_trader_plays_to_the_end() -> None:
    """17: one trader against the Rastur."""
    result = play_game(["trader"], "solo", {"solitaire": True, "game_length": 1000})
    assert not result.stalled and result.fallbacks == 0


def _prompted(doc: dict[str, Any], *commands: c.Command) -> tuple[Game[VenusState], int]:
    from engine.venus.scenario import start

    g = start(doc)
    for cmd in commands:
        pending = ruleset.pending(g.state)
        assert pending is not None
        g.play(pending.seats[0], cmd)
    pending = ruleset.pending(g.state)
    assert pending is not None
    return g, pending.seats[0]


def _trader_says(g: Game[VenusState], seat: int) -> c.Command:
    cmd = act(Trader("t"), ruleset, g.state, seat, g.seq)
    assert cmd is not None
    return cmd


def test_trader_fires_back_with_everything_15_43() -> None:
    doc = {"players": [
        {"name": "A", "race": "humans", "dot": "polluted-planet.2", "equipment": ["laser"]},
        {"name": "B", "race": "dell", "dot": "polluted-planet.1",
         "equipment": ["laser", "nova_ball"]}],
        "options": {"combat": True}, "other_qboxes": "empty", "dice": [1, 1, 1]}
    g, seat = _prompted(doc, c.DeclareHeading(dot="polluted-planet.1"), c.RollDice(),
                        c.MoveTo(dot="polluted-planet.1"),
                        c.Blast(target="pawn:1", fire=["equipment:laser"]))
    assert seat == 1
    cmd = _trader_says(g, 1)
    assert isinstance(cmd, c.FireBack) and len(cmd.fire) == 2


def test_trader_packs_its_holds_apart_before_a_hit_15_431() -> None:
    """15.431 with 3.431: the loser of a combat packs his Holds before the winner chooses one;
    the trader spreads its Drive and its Fare over its two Holds (one hit, one loss)."""
    doc = {"players": [
        {"name": "A", "race": "humans", "dot": "polluted-planet.2", "equipment": ["laser"]},
        {"name": "B", "race": "dell", "dot": "polluted-planet.1",
         "equipment": ["yellow_drive"], "fares": ["fare:graw:qossuth"]}],
        "options": {"combat": True}, "other_qboxes": "empty", "dice": [1, 1, 1, 6, 1]}
    g, seat = _prompted(doc, c.DeclareHeading(dot="polluted-planet.1"), c.RollDice(),
                        c.MoveTo(dot="polluted-planet.1"),
                        c.Blast(target="pawn:1", fire=["equipment:laser"]), c.FireBack(fire=[]))
    pending = ruleset.pending(g.state)
    assert seat == 1 and pending is not None and pending.prompt == "pack"
    cmd = _trader_says(g, 1)
    assert isinstance(cmd, c.PackHolds) and len(cmd.holds) == 2
    g.play(1, cmd)  # legal: the rules accept it


def test_trader_places_a_rastur_on_a_rivals_spaceport_16_23() -> None:
    doc = {"players": [{"name": "A", "race": "humans", "dot": "polluted-planet.2"},
                       {"name": "B", "race": "dell", "dot": "galactic-base"}],
           "options": {"rastur": True}, "other_qboxes": "empty", "dice": [1, 2, 3],
           "spaceports": {"jungle-planet.3": 1, "polluted-planet.3": 0},
           "rastur_pool": [80, 90]}
    g, seat = _prompted(doc, c.DeclareHeading(dot="polluted-planet.1"), c.RollDice())
    cmd = _trader_says(g, seat)
    assert cmd == c.PlaceRastur(dot="jungle-planet.3")


def test_trader_pays_and_blasts_a_weak_rastur_16_3() -> None:
    doc = {"players": [{"name": "A", "race": "humans", "dot": "polluted-planet.2", "cash": 400,
                        "ship": "clipper", "equipment": ["laser", "laser", "nova_ball"],
                        "relics": ["laser"]},
                       {"name": "B", "race": "dell", "dot": "galactic-base"}],
           "options": {"rastur": True}, "other_qboxes": "empty", "dice": [2, 2, 2, 2],
           "rastur": {"polluted-planet.1": 60}, "rastur_pool": [80, 90]}
    g, seat = _prompted(doc, c.DeclareHeading(dot="polluted-planet.1"), c.RollDice(),
                        c.MoveTo(dot="polluted-planet.1"))
    assert _trader_says(g, seat) == c.PayPenalty()
    g.play(seat, c.PayPenalty())
    cmd = _trader_says(g, seat)
    assert isinstance(cmd, c.Blast) and cmd.target == "rastur"


def test_trader_holds_fire_when_stuck_with_a_switch_switch_15_41() -> None:
    """15.41, 8.46: stuck on a pawn's dot (both Pilot Numbers lead back), the Switch Switch
    lets a Pilot Number be chosen again and again; the trader declines the attack instead of
    re-choosing forever (found in a Rastur game that never ended)."""
    doc = {"players": [
        {"name": "A", "race": "humans", "dot": "space-station-planet.12", "equipment": ["laser"],
         "relics": ["switch_switch"]},
        {"name": "B", "race": "dell", "dot": "space-station-planet.13"}],
        "options": {"combat": True}, "other_qboxes": "empty", "dice": [2, 5, 2]}
    g, seat = _prompted(doc, c.DeclareHeading(dot="space-station-planet.13"), c.RollDice(),
                        c.MoveTo(dot="space-station-planet.13"))
    assert _trader_says(g, seat) == c.HoldFire()


def _armed_doc(pool: list[int]) -> dict[str, Any]:
    return {"players": [{"name": "A", "race": "humans", "dot": "polluted-planet.2", "cash": 400,
                         "equipment": ["laser", "laser", "laser", "nova_ball", "shield"]},
                        {"name": "B", "race": "dell", "dot": "galactic-base"}],
            "options": {"rastur": True}, "other_qboxes": "empty", "dice": [1, 2, 3],
            "spaceports": {"jungle-planet.3": 1, "polluted-planet.3": 0},
            "rastur_pool": pool}


def test_armed_trader_places_its_rastur_where_it_can_blast_it_16_23() -> None:
    """16.23, 16.3: an armed trader puts a weak Rastur it drew on the nearest site it can
    enter (here its declared dot), to pay its penalty less the Shield and blast it."""
    g, seat = _prompted(_armed_doc([60, 60]), c.DeclareHeading(dot="polluted-planet.1"),
                        c.RollDice())
    assert _trader_says(g, seat) == c.PlaceRastur(dot="polluted-planet.1")
    g.play(seat, c.PlaceRastur(dot="polluted-planet.1"))
    g.play(seat, c.MoveTo(dot="polluted-planet.1"))
    assert _trader_says(g, seat) == c.PayPenalty()  # 15.411: $60 - $20 for the Shield


def test_a_rastur_kill_is_worth_more_as_the_pool_empties_16_5() -> None:
    """16.5: the last Rastur drawn is the Rastur's win, so the bonus for sending one back to
    the Active pool grows as the pool empties."""
    from engine.venus.bots import combat
    from engine.venus.scenario import start

    bonuses = []
    for pool in ([60] * 12, [60] * 4, [60]):
        g = start(_armed_doc(pool))
        bonuses.append(combat.rastur_bonus(ruleset.view(g.state, 0)))
    assert bonuses[0] < bonuses[1] < bonuses[2]


def test_trader_buys_shields_for_the_rastur_8_3() -> None:
    """8.3, 16.3: in a Rastur game an armed trader values more Shields (each takes $20 off
    every Rastur's penalty paid before blasting it), up to ``MAX_SHIELDS``."""
    from engine.venus.bots import combat
    from engine.venus.scenario import start

    doc = _armed_doc([60, 60])
    view = ruleset.view(start(doc).state, 0)
    assert (combat.shield_value(view, 0) or 0) > 0
    doc["players"][0]["equipment"] += ["shield"] * (combat.MAX_SHIELDS - 1)
    assert combat.shield_value(ruleset.view(start(doc).state, 0), 0) is None
    doc["options"] = {}
    assert combat.shield_value(ruleset.view(start(doc).state, 0), 0) is None


def test_trader_values_only_a_laser_it_can_carry_15_31() -> None:
    """15.31, 3.431: a Laser that would not fit the Holds is no reason to visit (or stay at)
    an Industry City; counting it made two traders stay put forever in a Rastur game (no
    dice, so no Rastur drawn either: a stall)."""
    from engine.venus.bots.knowledge import Knowledge
    from engine.venus.scenario import start

    worth = []
    for goods in ([], ["goods:niks", "goods:niks"]):
        doc = {"players": [{"name": "A", "race": "humans", "dot": "polluted-planet.2",
                            "cash": 250, "ship": "transport", "equipment": ["laser", "laser"],
                            "goods": goods},
                           {"name": "B", "race": "dell", "dot": "galactic-base"}],
               "options": {"rastur": True}, "other_qboxes": "empty"}
        view = ruleset.view(start(doc).state, 0)
        worth.append(Trader("t")._upgrade_value(Knowledge(view, 0), "dell", 250))
    assert worth[1] + 70 <= worth[0]


def test_readme_optional_rules_commands_run(capsys: pytest.CaptureFixture[str]) -> None:
    """README "Optional rules": the simulate commands run to the end."""
    assert main(["simulate", "venus", "--players", "1", "--bots", "trader", "--option",
                 "solitaire=true", "--target", "1000", "--games", "1", "--seed", "r"]) == 0
    assert main(["simulate", "venus", "--players", "2", "--bots", "trader", "--option",
                 "combat=true", "--option", "rastur=true", "--games", "1", "--seed", "r"]) == 0
    out = capsys.readouterr().out
    assert "stalls 0%" in out


def test_each_labels_wins_against_its_share() -> None:
    """``label_tally``: a seat of an n-player game has 1/n of a win to expect."""
    from types import SimpleNamespace

    from engine.bots.simulate import label_tally

    games = [SimpleNamespace(labels=["a", "b"], winner=0),
             SimpleNamespace(labels=["a", "b", "c"], winner=None),
             SimpleNamespace(labels=["c", "a", "b"], winner=2)]
    tally = label_tally(games)
    assert (tally["a"].dealt, tally["a"].won) == (3, 1)
    assert abs(tally["a"].share - (1 / 2 + 2 / 3)) < 1e-9
    assert (tally["b"].dealt, tally["b"].won, round(tally["b"].ratio, 3)) == (3, 1, 0.857)
    assert (tally["c"].dealt, tally["c"].won) == (2, 0) and tally["c"].ratio == 0
