"""Perft of Mucken (docs/rules/mucken.md, U-1 .. U-11): leaves of the full tree of legal actions.

Each row of PERFT_MUCKEN is a deal of `stich.Mucken(**options)` named by (seed, dealer) -- its
cards are in PERFT_DEALS -- an action sequence played from the deal's start, a depth in plies and
the leaf count (a finished deal is one leaf, depth 0 is one leaf). Every count is given both by the
engine's `stich.perft` and by the pure-Python reference `tests/reference/perft.py` (`perft_mucken`)
built from the same cards; each takes the reference under 2 s. Options are written `name=value`,
separated by `;`; an empty cell means the defaults (4 players, short deck).

| options                 | seed | dealer | moves                                                                     | depth | leaves | covers                                       |
|-------------------------|-----:|-------:|---------------------------------------------------------------------------|------:|-------:|----------------------------------------------|
|                         |    1 |      0 |                                                                           |     6 |   6435 | auction from the start, into Ramsch play     |
| players=6               |    2 |      5 |                                                                           |     6 |   5005 | 6 players: auction from the start            |
| long_deck=True          |    3 |      1 |                                                                           |     6 |   6441 | long deck: auction from the start            |
| if_all_pass=throw_in    |    1 |      0 |                                                                           |     6 |   6421 | all pass: thrown in (a leaf at depth 4)      |
| games=('Muck', 'Wenz')  |    1 |      0 |                                                                           |     6 |   1219 | auction without Geier                        |
|                         | 5992 |      3 |                                                                           |     5 |      1 | Sie: the deal is over at once                |
| ranking=wenz_over_muck  | 5992 |      3 |                                                                           |     5 |   2568 | the same cards, no Sie: auction              |
|                         |    1 |      0 | Wenz pass pass pass                                                       |     8 |   3996 | Wenz: Kontra/Re/Sup/Hirsch, then play        |
|                         |    4 |      2 | Schneider-Wenz pass pass pass Kontra Re Sup Hirsch                        |     8 |   2315 | Schneider-Wenz play after four doublings     |
|                         |    1 |      0 | Muck pass pass pass pass pass                                             |     7 |   2778 | Muck play                                    |
|                         |    1 |      0 | pass Geier pass pass pass pass                                            |     8 |   6155 | Geier play                                   |
|                         |    1 |      0 | pass pass pass pass                                                       |    10 |   6788 | Ramsch play, Stichzwang (M-9 cascade)        |
| ramsch_stichzwang=False |    1 |      0 | pass pass pass pass                                                       |     7 |   2778 | Ramsch play without Stichzwang               |
|                         |    1 |      0 | pass pass Muck-Tout pass pass pass GO HA SO H9 SU HZ EO SA GU             |    15 |   1664 | Muck-Tout, mid-trick, to the end of the deal |
| if_all_pass=must_play   |    1 |      0 | pass pass pass pass                                                       |     7 |   3861 | must_play: the EO holder chooses, then play  |
| players=6               |    2 |      5 | pass Geier pass pass pass pass pass pass pass                             |     8 |   2620 | 6 players: Geier play                        |
| long_deck=True          |    3 |      1 | Wenz pass pass pass pass pass                                             |     6 |   3473 | long deck: Wenz play                         |
| long_deck=True          |    3 |      1 | pass pass pass pass EA E7 E8 E9 EZ SU GU EO SZ H7 HO SK GZ GA H8 G8 S9 GO |    14 |    780 | long deck: Ramsch, mid-trick, to the end     |

Reproduce a row: `s = stich.Mucken(**options).deal(seed=seed, dealer=dealer)`, `s.apply(a)` for
each move, `stich.perft(s, depth)`.
"""

import ast
import functools

import pytest

import stich
from reference import cards as ref_cards
from reference.mucken import RefMucken
from reference.perft import perft_mucken

pytestmark = pytest.mark.rules

# (players, long_deck, seed) -> the hands of seats 0..n-1 (the deal does not depend on the dealer).
PERFT_DEALS = {
    (4, False, 1): ("EA EZ GZ G9 H9 SA", "EK GO HU SK SU SZ", "E9 GA HA HK HO HZ",
                    "EO EU GK GU SO S9"),
    (4, False, 4): ("EA EK GK GU HZ SA", "EO E9 GA GO HK SU", "EU GZ G9 HO HU SO",
                    "EZ HA H9 SK SZ S9"),
    (4, False, 5992): ("EO EU GO GU HO SO", "EA GK HA HK SA SZ", "EK E9 G9 H9 SU S9",
                       "EZ GA GZ HU HZ SK"),
    (6, False, 2): ("EK EO HZ SU", "GA HO SO S9", "EZ E9 GU SK", "EA GK GO HK", "EU G9 SA SZ",
                    "GZ HA HU H9"),
    (4, True, 3): ("E8 GA GK GU G7 HA HK SK", "EO E9 H8 SA SZ S9 S8 S7",
                   "EA EK EZ GO G8 H9 H7 SO", "EU E7 GZ G9 HO HU HZ SU"),
}

# (options, seed, dealer, moves played from the deal's start, depth, leaves)
PERFT_MUCKEN = [
    ("", 1, 0, "", 6, 6435),
    ("players=6", 2, 5, "", 6, 5005),
    ("long_deck=True", 3, 1, "", 6, 6441),
    ("if_all_pass=throw_in", 1, 0, "", 6, 6421),
    ("games=('Muck', 'Wenz')", 1, 0, "", 6, 1219),
    ("", 5992, 3, "", 5, 1),
    ("ranking=wenz_over_muck", 5992, 3, "", 5, 2568),
    ("", 1, 0, "Wenz pass pass pass", 8, 3996),
    ("", 4, 2, "Schneider-Wenz pass pass pass Kontra Re Sup Hirsch", 8, 2315),
    ("", 1, 0, "Muck pass pass pass pass pass", 7, 2778),
    ("", 1, 0, "pass Geier pass pass pass pass", 8, 6155),
    ("", 1, 0, "pass pass pass pass", 10, 6788),
    ("ramsch_stichzwang=False", 1, 0, "pass pass pass pass", 7, 2778),
    ("", 1, 0, "pass pass Muck-Tout pass pass pass GO HA SO H9 SU HZ EO SA GU", 15, 1664),
    ("if_all_pass=must_play", 1, 0, "pass pass pass pass", 7, 3861),
    ("players=6", 2, 5, "pass Geier pass pass pass pass pass pass pass", 8, 2620),
    ("long_deck=True", 3, 1, "Wenz pass pass pass pass pass", 6, 3473),
    ("long_deck=True", 3, 1,
     "pass pass pass pass EA E7 E8 E9 EZ SU GU EO SZ H7 HO SK GZ GA H8 G8 S9 GO", 14, 780),
]

ROW_IDS = [f"{o or 'defaults'}-seed{s}-dealer{d}-{len(m.split())}moves-depth{depth}"
           for o, s, d, m, depth, _ in PERFT_MUCKEN]


def parse_options(text):
    """'players=6; long_deck=True' -> {'players': 6, 'long_deck': True}; bare words stay text."""
    options = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, value = part.split("=", 1)
        try:
            options[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            options[name] = value
    return options


def deal_key(options, seed):
    return options.get("players", 4), options.get("long_deck", False), seed


def hand_sets(hands):
    return [set(h.split()) for h in hands]


@pytest.fixture(scope="module", autouse=True)
def _memoised_reference_parse():
    """Card parsing is a pure function of (text, deck); memoising it only saves time."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ref_cards, "parse", functools.lru_cache(maxsize=None)(ref_cards.parse))
        yield


def test_every_row_has_its_deal():
    used = {deal_key(parse_options(o), s) for o, s, *_ in PERFT_MUCKEN}
    assert used == set(PERFT_DEALS)


@pytest.mark.parametrize("players, long_deck, seed", sorted(PERFT_DEALS))
def test_seeded_deals_unchanged(players, long_deck, seed):
    """The table names its deals by seed: the seeded shuffle must still deal these cards, for every
    dealer of the table (if it is changed on purpose, regenerate PERFT_DEALS and the table)."""
    game = stich.Mucken(players=players, long_deck=long_deck)
    dealers = {d for o, s, d, *_ in PERFT_MUCKEN
               if deal_key(parse_options(o), s) == (players, long_deck, seed)}
    for dealer in sorted(dealers | {0}):
        state = game.deal(seed=seed, dealer=dealer)
        got = [str(state.hand(seat)).split() for seat in range(players)]
        assert [set(h) for h in got] == hand_sets(PERFT_DEALS[players, long_deck, seed]), dealer


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_MUCKEN, ids=ROW_IDS)
def test_perft_engine(options, seed, dealer, moves, depth, leaves):
    opts = parse_options(options)
    hands = PERFT_DEALS[deal_key(opts, seed)]
    state = stich.Mucken(**opts).deal(seed=seed, dealer=dealer, hands=list(hands))
    assert [set(str(state.hand(s)).split()) for s in range(len(hands))] == hand_sets(hands)
    for action in moves.split():
        state.apply(action)
    before = str(state)
    assert stich.perft(state, 0) == 1
    assert stich.perft(state, depth) == leaves
    assert str(state) == before                     # perft leaves the state untouched


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_MUCKEN, ids=ROW_IDS)
def test_perft_reference(options, seed, dealer, moves, depth, leaves):
    opts = parse_options(options)
    hands = PERFT_DEALS[deal_key(opts, seed)]
    deal = RefMucken([h.split() for h in hands], dealer, opts)
    for action in moves.split():
        deal.apply(action)
    assert perft_mucken(deal, depth) == leaves


def test_docstring_table_is_the_table():
    """The table printed above (for the README) is PERFT_MUCKEN."""
    rows = []
    for line in __doc__.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[1].isdigit():
            rows.append((cells[0], int(cells[1]), int(cells[2]), cells[3], int(cells[4]),
                         int(cells[5])))
    assert rows == PERFT_MUCKEN
