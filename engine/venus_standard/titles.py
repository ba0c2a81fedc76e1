"""Title cards ("Title Cards": they remain in play and can change hands; their conditions are
on the card -- ours: the most of a figure, at least a threshold, passing only to a player
with more) and the optional rule "Title & Intel Cards in Play" (the six cards start beside
the round track). Pure: who should hold a title given each seat's figure."""

from __future__ import annotations

from .cards import Title


def stat(title: Title, figures: dict[str, int]) -> int:
    return figures.get(title.stat, 0)


def holder(title: Title, figures: dict[int, dict[str, int]], current: int | None,
           drawer: int | None = None) -> int | None:
    """Who holds the title now. The holder keeps it unless another seat has strictly more
    (or the holder falls below the threshold, when the card returns beside the track). A
    newly drawn or unheld title goes to the seat with the most; on a tie among the leaders,
    to the drawer if he is one of them, else it stays beside the track."""
    qualified = {s: stat(title, f) for s, f in figures.items()
                 if stat(title, f) >= title.at_least}
    if not qualified:
        return None
    best = max(qualified.values())
    leaders = sorted(s for s, v in qualified.items() if v == best)
    if current is not None and current in qualified:
        return current if qualified[current] == best else (
            leaders[0] if len(leaders) == 1 else current)
    if len(leaders) == 1:
        return leaders[0]
    return drawer if drawer in leaders else None
