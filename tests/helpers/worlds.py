"""Brute-force enumeration of the worlds consistent with a view: obviously correct and slow, the
yardstick for the sampler and the search tests."""

from __future__ import annotations

import stich


def enumerate_worlds(view) -> list[list[stich.CardSet]]:
    """Every placement of the unknown cards, each location getting exactly the cards it lacks and
    none where the view forbids it: per world, the full card set of every location (known cards
    included), in `view.location_names` order."""
    locations = range(len(view.location_names))
    need = [view.size(l) - len(view.known(l)) for l in locations]
    cards = list(view.unknown)
    forbidden = [view.forbidden(l) for l in locations]
    worlds, placed = [], [[] for _ in need]

    def place(i):
        if i == len(cards):
            worlds.append([view.known(l) | stich.CardSet(placed[l]) for l in locations])
            return
        for l, n in enumerate(need):
            if n and cards[i] not in forbidden[l]:
                need[l] -= 1
                placed[l].append(cards[i])
                place(i + 1)
                placed[l].pop()
                need[l] += 1

    place(0)
    return worlds
