"""Brute-force enumeration of the worlds consistent with a view: obviously correct and slow, the
yardstick for the sampler and the search tests."""

from __future__ import annotations

from collections.abc import Iterator

import stich


def _placements(view, as_text: bool = False) -> Iterator[list[list]]:
    """Every placement of the unknown cards, each location getting exactly the cards it lacks and
    none where the view forbids it: per placement, the unknown cards of every location (Card
    objects, or their texts; lists that are reused: copy what you keep), in `view.location_names`
    order."""
    locations = range(len(view.location_names))
    need = [view.size(l) - len(view.known(l)) for l in locations]
    cards = list(view.unknown)
    forbidden = [view.forbidden(l) for l in locations]
    allowed = [[l for l in locations if card not in forbidden[l]] for card in cards]
    items = [str(c) for c in cards] if as_text else cards
    placed: list[list] = [[] for _ in need]

    def place(i):
        if i == len(items):
            yield placed
            return
        for l in allowed[i]:
            if need[l]:
                need[l] -= 1
                placed[l].append(items[i])
                yield from place(i + 1)
                placed[l].pop()
                need[l] += 1

    yield from place(0)


def enumerate_worlds(view) -> list[list[stich.CardSet]]:
    """Every world consistent with the view (see _placements): per world, the full card set of
    every location (known cards included), in `view.location_names` order."""
    known = [view.known(l) for l in range(len(view.location_names))]
    return [[k | stich.CardSet(p) for k, p in zip(known, placed)] for placed in _placements(view)]


def enumerate_hidden(view) -> list[tuple[frozenset[str], ...]]:
    """The same worlds without their known cards: per world, a frozenset of the texts of the
    unknown cards of every location (what `world[l] - view.known(l)` holds), without building a
    card set a location."""
    return [tuple(frozenset(p) for p in placed) for placed in _placements(view, as_text=True)]
