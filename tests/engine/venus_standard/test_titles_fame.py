"""Title cards ("Title Cards"; ours: the most of a figure) and the cards' part of "Count
Fame" (the end-of-game example: two relic Reward cards six fame, three completed missions
six fame, two infamy tokens take two fame)."""

from __future__ import annotations

from engine.venus_standard import titles
from engine.venus_standard.cards import Title, encounter_cards
from engine.venus_standard.fame import reward_fame
from engine.venus_standard.missions import completed_fame


def _archeologist() -> Title:
    title = encounter_cards()["archeologist"].title
    assert title is not None, "the Archeologist card carries a title"
    return title


ARCH = _archeologist()


def test_title_goes_to_the_single_leader() -> None:
    figures = {0: {"relics": 1}, 1: {"relics": 2}}
    assert titles.holder(ARCH, figures, None) == 1


def test_title_stays_beside_the_track_below_the_threshold() -> None:
    assert titles.holder(ARCH, {0: {"relics": 0}}, None) is None


def test_title_passes_only_to_a_player_with_more() -> None:
    assert titles.holder(ARCH, {0: {"relics": 2}, 1: {"relics": 2}}, 0) == 0
    assert titles.holder(ARCH, {0: {"relics": 2}, 1: {"relics": 3}}, 0) == 1


def test_a_tie_goes_to_the_drawer_among_the_leaders() -> None:
    figures = {0: {"relics": 1}, 1: {"relics": 1}}
    assert titles.holder(ARCH, figures, None, drawer=1) == 1
    assert titles.holder(ARCH, figures, None, drawer=2) is None


def test_count_fame_example_cards_part() -> None:
    """Two relic Reward cards six fame, three completed missions six fame."""
    assert reward_fame(["star-idol", "rastur-helm"]) == 6
    assert completed_fame(["colony-charter", "jungle-medicine", "mining-claim"]) == 6
