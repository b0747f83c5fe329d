"""Perft of Mistigri / Moench (M-1 .. M-11, docs/rules/mistigri.md): leaves of the full tree of legal actions.

Each row of PERFT_MISTIGRI is a deal of `stich.Mistigri(**options)` named by (seed, dealer) -- its
pinned hands and turned card, and the talon the seed then deals (top first), are in PERFT_DEALS --
an action sequence played from the deal's start, a depth in plies and the leaf count (a finished
deal is one leaf, depth 0 is one leaf; every action is one ply: `pass`/`join`, `keep`/`discard
...`, each card and each naming `EU:X` / `CJ:X` of the Mistigri). Every count is given both by the
engine's `stich.perft` and by the pure-Python reference `tests/reference/perft.py`
(`perft_mistigri`) built from the same cards; each takes the reference under 2 s. Options are
written `name=value`, separated by `;`; moves are separated by `,`.

| options                                 | seed | dealer | moves                                                   | depth | leaves | covers                                                 |
|-----------------------------------------|-----:|-------:|---------------------------------------------------------|------:|-------:|--------------------------------------------------------|
| players=4                               |    1 |      3 |                                                         |     5 |    357 | bidding from the start, into the exchange              |
| players=4                               |    1 |      3 | pass                                                    |     5 |   4100 | bidding after a pass, exchange of two and three seats  |
| players=3                               |    2 |      0 |                                                         |     5 |   4100 | 3 players: bidding, a flush hand, exchange             |
| players=4; monch=True                   |    3 |      0 |                                                         |     5 |    346 | Moench bidding (german36), exchange of at most 4       |
| players=3; monch=True                   |    4 |      2 |                                                         |     5 |   3848 | Moench, 3 players: bidding into the exchange           |
| players=4; deck=french32; club_law=True |    5 |      1 |                                                         |     6 |   1024 | turned Mistigri: clubs trump, club law (join only)     |
| players=4                               |    1 |      3 | join, join, join, join                                  |     2 |   1024 | wide exchange: 32 actions a seat                       |
| players=4                               |    1 |      3 | join, join, join, join, discard GA GK S7, discard EA EK |     2 |    848 | exchange limited by the talon: 6 - k cards left        |
| players=4                               |    1 |      3 | join, pass, pass, join, keep                            |     4 |   2222 | exchange of the second seat into the first trick       |
| players=3                               |    2 |      0 | join, join, pass, keep                                  |     3 |    621 | the flush holder's exchange: keeping ends the deal     |
| players=4; deck=french32; club_law=True |    5 |      1 | join, join, join, join, keep, keep, keep                |     6 |   2537 | the last seat's spade flush: kept or broken            |
| players=4; monch=True                   |    3 |      0 | join, join, join, join                                  |     2 |    961 | Moench wide exchange: 31 actions a seat                |
| players=6; monch=True; deck=german32    |    6 |      5 | join, join, pass, join, pass, join                      |     4 |   1296 | talon of one card: 1 discard a seat, reshuffles        |
| players=4                               |    1 |      3 | join, join, join, join, keep, keep, keep, keep          |     8 |   2012 | play: the leader holds the Mistigri (EU:E .. EU:S)     |
| players=4; monch=True                   |    3 |      0 | join, join, join, join, keep, keep, keep, keep          |     8 |    138 | Moench play, first trick led with the trump ace or not |
| players=4; monch=True                   |    3 |      0 | join, join, join, join, keep, keep, keep, keep, GA      |    11 |    420 | M-11: the Mistigri keeps still under the trump ace     |
| players=3; monch=True                   |    4 |      2 | join, join, join, keep, keep, keep                      |     7 |   1896 | Moench play, 3 players, the Mistigri led               |
| players=4                               |    1 |      3 | join, pass, join, pass, keep, keep, GA, GO, S7          |     7 |     96 | mid-trick, two seats, to the end of the deal           |

Reproduce a row: `g = stich.Mistigri(**options)`, `s = g.deal(seed=seed, dealer=dealer,
hands=hands, turned=turned)` with PERFT_DEALS' hands and turned card, `s.apply(a)` for each move,
`stich.perft(s, depth)`.

Moench reshuffles (M-6) draw from the engine's own generator; the reference reshuffles in card
order. A count depends on that order only if a later ply depends on the reshuffled cards, so the
one row with reshuffles (6 players, german32) stops at the last exchange, where the number of
actions depends only on the number of cards left to draw.
"""

import ast
import functools

import pytest

import stich
from reference import cards as ref_cards
from reference.mistigri import RefMistigri
from reference.perft import perft_mistigri

pytestmark = pytest.mark.rules

# (seed, dealer) -> (options, hands of seats 0..n-1 as pinned, turned card as pinned, the talon the
# engine then deals from the seed, top first).
PERFT_DEALS = {
    (1, 3): ({"players": 4},
             ("EU GA GK HA S7", "EA EK G9 H8 SZ", "GO HK HU H9 SA", "EZ E9 GZ G7 SO"), "HO",
             "HZ EO H7 E7 GU S8 SK G8 E8 S9 SU"),
    (2, 0): ({"players": 3},
             ("EA EK HZ H7 GO", "EU HA GA G7 E7", "SA SK SO S9 S8"), "H9",
             "EZ GZ SZ E8 HK SU S7 G9 E9 HO GU EO HU G8 H8 GK"),
    (3, 0): ({"players": 4, "monch": True},
             ("EA EO GZ H7 SZ", "GA E6 HZ S9 S6", "EU G8 HA S7 E9", "G6 HK HU SA SK"), "GK",
             "E8 G9 SU H9 HO GO SO H8 GU H6 EK G7 S8 E7 EZ"),
    (4, 2): ({"players": 3, "monch": True},
             ("EU EK G6 HA S8", "GA GK GU SZ S6", "EA E7 HO H6 SK"), "S7",
             "GZ G9 EZ H9 GO E6 HU G8 S9 EO SU H8 G7 E9 HZ SA H7 E8 SO HK"),
    (5, 1): ({"players": 4, "deck": "french32", "club_law": True},
             ("CA CK DA D7 H8", "SA SK SQ ST S9", "HA HK HQ HJ D8", "C7 C8 C9 DT DJ"), "CJ",
             "H7 S8 SJ DK S7 D9 CT CQ DQ H9 HT"),
    (6, 5): ({"players": 6, "monch": True, "deck": "german32"},
             ("E9 GO H8 SA S9", "GA GK GU HK HO", "EK GZ HZ H7 SZ", "EU G8 HA SU S7",
              "EA EZ E7 SK SO", "EO G9 HU H9 S8"), "E8",
             "G7"),
}

P4, P3 = {"players": 4}, {"players": 3}
M4, M3 = {"players": 4, "monch": True}, {"players": 3, "monch": True}
CLUB = {"players": 4, "deck": "french32", "club_law": True}
M6 = {"players": 6, "monch": True, "deck": "german32"}
JOIN4, KEEP4 = "join, join, join, join", "keep, keep, keep, keep"

# (options, seed, dealer, moves played from the deal's start, depth, leaves)
PERFT_MISTIGRI = [
    (P4, 1, 3, "", 5, 357),
    (P4, 1, 3, "pass", 5, 4100),
    (P3, 2, 0, "", 5, 4100),
    (M4, 3, 0, "", 5, 346),
    (M3, 4, 2, "", 5, 3848),
    (CLUB, 5, 1, "", 6, 1024),
    (P4, 1, 3, JOIN4, 2, 1024),
    (P4, 1, 3, JOIN4 + ", discard GA GK S7, discard EA EK", 2, 848),
    (P4, 1, 3, "join, pass, pass, join, keep", 4, 2222),
    (P3, 2, 0, "join, join, pass, keep", 3, 621),
    (CLUB, 5, 1, JOIN4 + ", keep, keep, keep", 6, 2537),
    (M4, 3, 0, JOIN4, 2, 961),
    (M6, 6, 5, "join, join, pass, join, pass, join", 4, 1296),
    (P4, 1, 3, JOIN4 + ", " + KEEP4, 8, 2012),
    (M4, 3, 0, JOIN4 + ", " + KEEP4, 8, 138),
    (M4, 3, 0, JOIN4 + ", " + KEEP4 + ", GA", 11, 420),
    (M3, 4, 2, "join, join, join, keep, keep, keep", 7, 1896),
    (P4, 1, 3, "join, pass, join, pass, keep, keep, GA, GO, S7", 7, 96),
]

ROW_IDS = [f"{'-'.join(f'{k}={v}' for k, v in o.items())}-seed{s}-dealer{d}-"
           f"{len([m for m in moves.split(',') if m.strip()])}moves-depth{depth}"
           for o, s, d, moves, depth, _ in PERFT_MISTIGRI]


@pytest.fixture(scope="module", autouse=True)
def _memoised_reference_parse():
    """Card parsing and card ids are pure functions of (text, deck); memoising them only saves
    time."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ref_cards, "parse", functools.lru_cache(maxsize=None)(ref_cards.parse))
        mp.setattr(ref_cards, "card_id", functools.lru_cache(maxsize=None)(ref_cards.card_id))
        yield


def moves_of(text):
    return [m.strip() for m in text.split(",") if m.strip()]


def engine_deal(seed, dealer):
    """The engine deal with PERFT_DEALS' pinned hands and turned card."""
    options, hands, turned, _ = PERFT_DEALS[seed, dealer]
    return stich.Mistigri(**options).deal(seed=seed, dealer=dealer, hands=list(hands),
                                          turned=turned)


def dealt(state):
    """(hands as sets, turned card, talon top first) of an engine deal."""
    hands = tuple(frozenset(str(state.hand(seat)).split()) for seat in range(state.num_players))
    return hands, str(state.turned), " ".join(str(c) for c in state.talon)


@pytest.mark.parametrize("seed, dealer", sorted(PERFT_DEALS))
def test_seeded_deals_unchanged(seed, dealer):
    """The table names its deals by seed: with the pinned hands and turned card the seeded
    shuffle must still deal this talon (if it is changed on purpose, regenerate PERFT_DEALS and
    check the counts again: only rows that reach the talon can change)."""
    _, hands, turned, talon = PERFT_DEALS[seed, dealer]
    want = (tuple(frozenset(h.split()) for h in hands), turned, talon)
    assert dealt(engine_deal(seed, dealer)) == want


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_MISTIGRI,
                         ids=ROW_IDS)
def test_perft_engine(options, seed, dealer, moves, depth, leaves):
    assert PERFT_DEALS[seed, dealer][0] == options
    state = engine_deal(seed, dealer)
    for action in moves_of(moves):
        state.apply(action)
    before = (str(state), [str(a) for a in state.legal_actions()], dealt(state))
    assert stich.perft(state, 0) == 1
    assert stich.perft(state, depth) == leaves
    # perft leaves the state untouched
    assert (str(state), [str(a) for a in state.legal_actions()], dealt(state)) == before


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_MISTIGRI,
                         ids=ROW_IDS)
def test_perft_reference(options, seed, dealer, moves, depth, leaves):
    deal_options, hands, turned, talon = PERFT_DEALS[seed, dealer]
    assert deal_options == options
    deal = RefMistigri([h.split() for h in hands], turned, talon.split(), dealer, options)
    for action in moves_of(moves):
        deal.apply(action)
    assert perft_mistigri(deal, depth) == leaves


def test_docstring_table_is_the_table():
    """The table printed above (for the README) is PERFT_MISTIGRI."""
    rows = []
    for line in __doc__.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[1].isdigit():
            options = {}
            for item in filter(None, (i.strip() for i in cells[0].split(";"))):
                name, value = item.split("=")
                options[name] = value if name == "deck" else ast.literal_eval(value)
            rows.append((options, int(cells[1]), int(cells[2]), moves_of(cells[3]),
                         int(cells[4]), int(cells[5])))
    assert rows == [(o, s, d, moves_of(m), depth, n) for o, s, d, m, depth, n in PERFT_MISTIGRI]
