"""The ranking list of a Mucken tournament (U-12, U-13; docs/rules/mucken.md "Matches")."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import NamedTuple

METHODS = ("bobbl", "plus", "plus_minus")


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
    """The Bobbl of a Mucken match as results for the table; ``pair_a`` is team 0 (seats 0, 2, ...)."""
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
    ``glasses`` (U-13): a Bobbl whose losers have 0 points counts as two Bobbl won."""
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; accepted: {', '.join(METHODS)}")
    if not isinstance(glasses, bool):
        raise ValueError(f"glasses must be True or False, got {glasses!r}")
    rows: dict[Hashable, list[int]] = {}
    for record in results:
        try:
            r = BobblResult(*record)
        except TypeError:
            raise ValueError(
                f"a Bobbl result is (pair_a, pair_b, points_a, points_b, winner), got {record!r}"
            ) from None
        if r.pair_a == r.pair_b or r.winner not in (r.pair_a, r.pair_b):
            raise ValueError(f"the winner must be one of two different pairs: {record!r}")
        for pts in (r.points_a, r.points_b):
            if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
                raise ValueError(f"points must be ints >= 0: {record!r}")
        for me, mine, theirs in ((r.pair_a, r.points_a, r.points_b), (r.pair_b, r.points_b, r.points_a)):
            row = rows.setdefault(me, [0, 0, 0, 0, 0])
            if r.winner == me:
                row[0] += 2 if glasses and theirs == 0 else 1
                row[2] += theirs
            else:
                row[1] += mine
            row[3] += mine
            row[4] += mine - theirs
    table = [TableRow(pair, *vals) for pair, vals in rows.items()]
    keys = {
        "bobbl": lambda t: (-t.bobbl_won, -t.goals_in_lost, t.opponent_goals_in_won),
        "plus": lambda t: -t.plus,
        "plus_minus": lambda t: -t.plus_minus,
    }
    return sorted(table, key=keys[method])  # sorted() is stable: ties keep first-appearance order
