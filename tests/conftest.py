"""Installs the tests' own game, Tiny Duel (``tests/platform/tinygame``), for every test.

A game installed as a package of its own is found through its distribution's metadata: a
``*.dist-info`` folder with an ``entry_points.txt`` naming its ``GameDefinition`` in the
``starport.games`` group (``engine.kernel.registry``). ``tests/platform/site`` holds such a
folder; putting it on ``sys.path`` installs the game in this process, and on ``PYTHONPATH``
(with the project's root, where ``tests`` is a package) in every process the tests start (a
server, the CLI). This runs before any test module is imported, so before anything asks the
registry (``games()`` reads the entry points once).

It also marks the suite's tiers from what a test uses (the markers are declared in
pyproject.toml):

- ``browser``: drives Chromium (the ``browser``, ``page``, ``phone`` or ``csp_page`` fixture);
- ``postgres``: runs on PostgreSQL (``db_url``'s second run, ``pg_url``);
- ``process``: starts real server processes (``spawn``) or other child processes;
- ``slow``: takes seconds on its own (``SLOW`` below: whole games, property tests, long
  waits; measured with ``--durations``).

``make test`` runs every tier. The fast tier alone:
``.venv/bin/pytest -n auto -m "not slow and not browser and not postgres and not process"``.

The longest tests start first (pytest-xdist hands the tests out in the order collected): the
modules with a slow browser test, then those with another slow test, then those that drive
a browser or start processes, then the rest, each module's tests kept together and in their
own order (a module's fixtures are made once per worker), so that the run ends on short
tests instead of one worker finishing a long one while the other waits.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(__file__).resolve().parent / "platform" / "site"


def _install_tiny_duel() -> None:
    for folder in (str(SITE), str(ROOT)):
        if folder not in sys.path:
            sys.path.insert(0 if folder == str(SITE) else len(sys.path), folder)
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    for folder in (str(SITE), str(ROOT)):
        if folder not in paths:
            paths.append(folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    registry = sys.modules.get("engine.kernel.registry")
    if registry is not None:  # asked already (a plugin?): ask again with the game installed
        registry.games.cache_clear()


_install_tiny_duel()


BROWSER_FIXTURES = frozenset({"browser", "page", "phone", "csp_page"})
# ``spawn`` (tests/server), ``server`` (tests/platform: one ``starport serve`` a module)
PROCESS_FIXTURES = frozenset({"spawn", "server"})
# modules whose tests start child processes of their own
PROCESS_MODULES = frozenset({
    "tests/engine/kernel/test_hooks.py",
    "tests/platform/test_conformance_cli.py",
    "tests/platform/test_conformance_server.py",
    "tests/server/test_workers.py",
})
# tests (or whole modules) that take seconds on their own, by node id without parameters
# (over 8 s, or 20 s for a browser's, in a run of the whole suite on a loaded machine)
SLOW: frozenset[str] = frozenset({
    "tests/engine/bots/test_bots.py::test_bots_are_seeded_and_deterministic",
    "tests/engine/help/test_rules_help.py::test_every_rule_a_game_cites_has_an_entry",
    "tests/engine/startraders/test_bots.py::test_simulate_prints_the_same_json_as_venus",
    "tests/engine/startraders/test_bots.py::test_trader_bots_finish_the_advanced_game",
    "tests/engine/startraders/test_bots.py::test_trader_bots_finish_without_stall_or_refused_command",
    "tests/engine/startraders/test_conservation.py::test_cards_contracts_money_and_prestige_are_conserved_over_random_games",
    "tests/engine/venus/test_acting_view.py::test_boxes_and_reachable_dicts_equal_their_plain_forms_at_every_seq",
    "tests/engine/venus/test_apply_unchanged.py::test_the_direct_writes_leave_the_state_as_the_assignments_did",
    "tests/engine/venus/test_draft.py::test_draft_state_equals_the_fold_and_refusals_change_nothing",
    "tests/engine/venus/test_events_unchanged.py::test_random_games_store_the_same_bytes_as_with_validated_events",
    "tests/engine/venus/test_movement_reference.py::test_reachable_and_legal_commands_equal_the_former_search_at_every_seq",
    "tests/engine/venus/test_mover_memo.py::test_the_kept_mover_equals_a_fresh_one_and_answers_alike_at_every_seq",
    "tests/engine/venus_standard/test_bots.py::test_every_offered_command_is_accepted_and_the_game_ends",
    "tests/engine/venus_standard/test_hidden_games.py::test_no_view_or_event_of_a_whole_bot_game_gives_a_secret_away",
    "tests/engine/venus_standard/test_merchant_bot.py::test_merchants_play_whole_games_with_no_refused_command",
    "tests/engine/venus_standard/test_order.py::test_a_standard_game_offers_the_same_commands_whatever_module_is_imported_first",
    "tests/platform/test_conformance_browser.py::test_a_duel_from_the_start_page_to_its_replay",
    "tests/platform/test_conformance_server.py::test_the_game_is_installed_and_served_like_any_other",
    "tests/server/test_async_play.py::test_a_player_who_acts_in_time_keeps_the_turn",
    "tests/server/test_async_play.py::test_a_timed_out_turn_is_played_by_a_bot_and_pushed",
    "tests/server/test_async_play.py::test_an_online_seat_is_not_notified_and_private_hooks_are_refused",
    "tests/server/test_http_hygiene.py::test_clients_that_leave_right_after_hello_leave_no_traceback",
    "tests/server/test_leaks.py::test_no_outbound_message_leaks_a_secret",
    "tests/server/test_live.py::test_sigkill_mid_game_then_restart_and_every_client_resumes",
    "tests/server/test_my_games.py::test_a_timed_out_seat_is_shown_and_taken_back",
    "tests/server/test_openapi_fuzz.py::test_api_conforms",
    "tests/server/test_replay_timeline.py::test_frames_of_a_long_game_match_the_fold_from_the_start_at_checkpoint_edges",
    "tests/server/test_star_traders.py::test_a_reaction_windows_countdown_passes_for_the_silent_seats",
    "tests/server/test_star_traders.py::test_bot_seats_play_star_traders",
    "tests/server/test_table_status.py::test_two_processes_a_bot_takeover_on_one_holds_on_the_other",
    "tests/server/test_table_status.py::test_two_processes_the_host_ends_on_one_the_other_refuses",
    "tests/server/test_tables.py::test_export_only_when_finished_then_import_replays",
    "tests/server/test_tables.py::test_restart_loses_nothing_and_snapshots_load",
    "tests/server/test_takeback.py::test_a_server_folding_the_log_from_its_rows_still_takes_back",
    "tests/server/test_takeback.py::test_every_client_sees_the_take_back_and_the_views_follow",
    "tests/server/test_takeback.py::test_take_back_is_refused_with_the_option_off",
    "tests/server/test_venus_standard.py::test_a_table_of_bots_plays_the_standard_game_to_its_end",
    "tests/server/test_venus_standard.py::test_no_message_leaks_a_face_down_card_or_a_deck",
    "tests/server/test_view_made_fresh.py::test_a_sandbox_start_too",
    "tests/server/test_view_made_fresh.py::test_every_link_sees_the_view_made_from_scratch_at_every_seq",
    "tests/server/test_workers.py::test_sqlite_refuses_more_than_one_worker",
    "tests/server/test_workers.py::test_two_workers_serve_one_game_and_every_viewer_gets_every_event",
    "tests/server/test_ws_commands.py::test_a_view_delta_leaves_out_the_parts_the_socket_has_and_adds_up_to_the_view",
    "tests/server/test_ws_commands.py::test_an_inline_ack_rides_in_the_events_frame_of_its_command",
    "tests/server/test_ws_commands.py::test_an_inline_view_rides_in_the_events_frame",
    "tests/server/test_ws_commands.py::test_seats_play_over_their_sockets_with_the_view_pushed",
    "tests/server/test_ws_commands.py::test_socket_commands_answer_what_the_post_answers",
    "tests/web/test_alerts_push.py::test_push_reaches_the_service_worker_with_the_tab_closed",
    "tests/web/test_combat_page.py::test_two_armed_ships_blast_fire_back_and_hit",
    "tests/web/test_live_pace.py::test_an_idle_game_page_costs_almost_no_cpu",
    "tests/web/test_live_pace.py::test_the_live_view_catches_up_with_fast_bots",
    "tests/web/test_live_told.py::test_my_market_my_turns_and_a_bot_in_my_seat",
    "tests/web/test_my_games.py::test_my_time_runs_out_a_bot_plays_and_i_take_my_seat_back",
    "tests/web/test_replay.py::test_a_link_opens_at_the_moment_chosen",
    "tests/web/test_replay.py::test_autoplay_speeds",
    "tests/web/test_rules_help_standard.py::test_a_refusal_in_a_standard_game_opens_its_headings_summary",
    "tests/web/test_star_traders_page.py::test_a_zap_in_the_zap_reroll_interval",
    "tests/web/test_star_traders_page.py::test_deal_jump_reaction_and_petition",
    "tests/web/test_star_traders_page.py::test_station_jump_permission_and_an_imperial_station",
    "tests/web/test_star_traders_page.py::test_the_imperial_mission_completed_ends_the_game",
    "tests/web/test_star_traders_words.py::test_every_event_has_words",
    "tests/web/test_table_combat.py::test_blast_defend_in_his_own_tab_and_hit",
    "tests/web/test_table_game.py::test_a_won_game_shows_the_winner_and_its_replay_every_secret",
    "tests/web/test_table_game.py::test_offers_chat_reconnect_since_last_turn_and_replay",
    "tests/web/test_table_game.py::test_two_tabs_play_a_real_game",
    "tests/web/test_tutorial.py::test_learn_to_play_from_the_start_page_to_the_end",
    "tests/web/test_tutorial.py::test_the_tutorial_on_a_phone",
    "tests/web/test_venus_standard_outcomes.py::test_a_data_probe_looks_at_two_cards_and_switches_them",
    "tests/web/test_venus_standard_outcomes.py::test_a_failed_hazard_check_answered_stop",
    "tests/web/test_venus_standard_outcomes.py::test_a_reward_traded_in",
    "tests/web/test_venus_standard_outcomes.py::test_losing_a_pirate_engagement",
    "tests/web/test_venus_standard_page.py::test_a_standard_game_with_a_human_seat_and_bots",
    "tests/web/test_venus_standard_play.py::test_a_failed_hazard_check_answered",
    "tests/web/test_venus_standard_play.py::test_a_pirate_engagement",
    "tests/web/test_venus_standard_questions.py::test_a_question_on_a_phone_shows_its_answers",
    "tests/web/test_venus_standard_questions.py::test_a_ship_on_a_pirate_leaves_the_pirate_visible",
    "tests/web/test_venus_standard_questions.py::test_take_back_while_the_pirates_ask",
    "tests/web/test_venus_standard_replay_secrets.py::test_a_finished_games_replay_shows_the_face_down_first_contact_cards",
    "tests/web/test_ws_commands_page.py::test_the_page_plays_over_its_socket_and_reads_refusals_as_before",
})


def _slow(nodeid: str) -> bool:
    plain = nodeid.split("[", 1)[0]
    return plain in SLOW or plain.split("::", 1)[0] in SLOW


def _rank(item: pytest.Item) -> int:
    """How early the item's module should start: 0 first (see the module's docstring)."""
    marks = {mark.name for mark in item.iter_markers()}
    if "slow" in marks:
        return 0 if "browser" in marks else 1
    return 2 if marks & {"browser", "process"} else 3


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the markers and the order
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank: dict[str, int] = {}
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        module = item.nodeid.split("::", 1)[0]
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if "pg_url" in used:
            item.add_marker(pytest.mark.postgres)
        if used & PROCESS_FIXTURES or module in PROCESS_MODULES:
            item.add_marker(pytest.mark.process)
        if _slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
        rank[module] = min(rank.get(module, 3), _rank(item))
    items.sort(key=lambda item: rank[item.nodeid.split("::", 1)[0]])  # stable
