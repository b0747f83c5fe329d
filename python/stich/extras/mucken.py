"""Mucken's Python extras (stich/extras/__init__.py): the ranking list of a tournament of pairs
playing Bobbl matches (U-12, U-13; docs/rules/mucken.md, "Matches, Bock and tournaments"),
conveniences over the core's ``Mucken.tournament_table``, which does the ranking."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import NamedTuple

from ..games import GAMES

__all__ = ["BobblResult", "TableRow", "bobbl_results", "tournament_table"]

_TABLE = GAMES["Mucken"].tournament_table   # type: ignore[attr-defined]


class BobblResult(NamedTuple):
    """One Bobbl between two pairs: the points each reached and the pair that won it."""

    pair_a: Hashable
    pair_b: Hashable
    points_a: int
    points_b: int
    winner: Hashable


class TableRow(NamedTuple):
    pair: Hashable
    bobbl_won: int                # with glasses a Bobbl won to nil counts two (U-13)
    goals_in_lost: int            # points the pair scored in the Bobbl it lost (more is better)
    opponent_goals_in_won: int    # points its opponents scored in the Bobbl it won (fewer is better)
    plus: int                     # all points the pair scored
    plus_minus: int               # its points minus its opponents' points


def bobbl_results(match, pair_a: Hashable, pair_b: Hashable) -> list[BobblResult]:
    """The Bobbl of a match as results for the table; ``pair_a`` is team 0 (seats 0, 2, ...)."""
    pairs = (pair_a, pair_b)
    return [
        BobblResult(pair_a, pair_b, pts[0], pts[1], pairs[w])
        for pts, w in zip(match.bobbl_points, match.bobbl_winners)
    ]


def tournament_table(
    results: Iterable[BobblResult | tuple], method: str = "bobbl", glasses: bool = False
) -> list[TableRow]:
    """Ranks the pairs, best first. ``bobbl``: by Bobbl won, then goals in lost Bobbl, then fewest
    opponent goals in won Bobbl. ``plus``: by the points scored. ``plus_minus``: by points scored
    minus points conceded. Remaining ties keep the order in which the pairs first appear.
    ``glasses`` (U-13): a Bobbl whose losers have 0 points counts as two Bobbl won.

    The ranking is the core's (the game's ``tournament_table``); this names the pairs by index for it."""
    results = list(results)
    pairs: list[Hashable] = []
    index: dict[Hashable, int] = {}

    def index_of(pair: Hashable) -> int:
        if pair not in index:
            index[pair] = len(pairs)
            pairs.append(pair)
        return index[pair]

    indexed = []
    for record in results:
        try:
            r = BobblResult(*record)
        except TypeError:
            raise ValueError(
                f"a Bobbl result is (pair_a, pair_b, points_a, points_b, winner), got {record!r}"
            ) from None
        for pts in (r.points_a, r.points_b):
            if isinstance(pts, bool) or not isinstance(pts, int) or not -(2**31) <= pts < 2**31:
                raise ValueError(f"points must be ints >= 0: {record!r}")
        a, b = index_of(r.pair_a), index_of(r.pair_b)
        winner = a if r.winner == r.pair_a else b if r.winner == r.pair_b else -1
        indexed.append((a, b, r.points_a, r.points_b, winner))
    rows = _TABLE(indexed, method, glasses)   # ValueError names a bad result
    return [TableRow(pairs[pair], *vals) for pair, *vals in rows]
