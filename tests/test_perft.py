"""Perft of Couillon with Mit (C-2 .. C-5, docs/rules/couillon.md): leaves of the full tree of legal actions.

Each row of PERFT_COUILLON is a deal named by (seed, dealer) -- its cards, in deal order, are in
PERFT_DEALS -- an action sequence played from the deal's start, a depth in plies and the leaf
count (a finished deal is one leaf, depth 0 is one leaf). Every count is given both by the
engine's `stich.perft` and by the pure-Python reference `tests/reference/perft.py` built from the
same cards; each takes the reference under 2 s.

| seed | dealer | moves                              | depth | leaves | covers                            |
|-----:|-------:|------------------------------------|------:|-------:|-----------------------------------|
|   13 |      1 |                                    |     8 |   9564 | SQ in the talon: no Mit phase     |
|    3 |      3 |                                    |     7 |   3051 | forehand holds SQ                 |
|    7 |      3 |                                    |     7 |   4879 | forehand's partner holds SQ       |
|    1 |      1 |                                    |     8 |   5248 | an opponent of forehand holds SQ  |
|    3 |      3 | Hearts Mit                         |     8 |   6282 | Kontra phase                      |
|    1 |      1 | reveal Mit pass Kontra             |     8 |   6007 | Re phase after a reveal           |
|    7 |      3 | Clubs Mit pass pass D9 CQ SA CK SJ |    10 |   5184 | mid-play, Mit declared, mid-trick |
|   13 |      1 | Spades CA S9 CT CQ ST SJ           |    14 |    712 | mid-play, to the end of the deal  |

Reproduce a row: `s = stich.Couillon().deal(seed=seed, dealer=dealer)`, `s.apply(a)` for each
move, `stich.perft(s, depth)`.
"""

import functools

import pytest

import stich
from reference import cards as ref_cards
from reference.couillon import RefCouillon
from reference.perft import perft_couillon

pytestmark = pytest.mark.rules

# (seed, dealer) -> the four hands, seat 0..3, each in deal order (forehand: the three cards it
# names trump on, then two more, the last being its reveal card); the talon is the rest.
PERFT_DEALS = {
    (1, 1): ("CT ST S9 H9 DA", "CA SQ HJ DK DT", "CK SA DJ HT HQ", "CQ C9 SK HA HK"),
    (3, 3): ("CT SQ S9 DK DQ", "HK HJ H9 DA D9", "CA CJ SA SK DT", "CK ST HA HQ HT"),
    (7, 3): ("SK HQ DT D9 HT", "CQ C9 HK H9 DK", "CA CJ CT SA SQ", "CK SJ ST S9 HJ"),
    (13, 1): ("CT SJ H9 DK DJ", "CQ C9 SA HJ D9", "CA HK DT CJ DQ", "CK SK ST S9 HA"),
}

# (seed, dealer, moves played from the deal's start, depth, leaves)
PERFT_COUILLON = [
    (13, 1, "", 8, 9564),
    (3, 3, "", 7, 3051),
    (7, 3, "", 7, 4879),
    (1, 1, "", 8, 5248),
    (3, 3, "Hearts Mit", 8, 6282),
    (1, 1, "reveal Mit pass Kontra", 8, 6007),
    (7, 3, "Clubs Mit pass pass D9 CQ SA CK SJ", 10, 5184),
    (13, 1, "Spades CA S9 CT CQ ST SJ", 14, 712),
]

ROW_IDS = [f"seed{s}-dealer{d}-{len(m.split())}moves-depth{depth}"
           for s, d, m, depth, _ in PERFT_COUILLON]


@pytest.fixture(scope="module", autouse=True)
def _memoised_reference_parse():
    """Card parsing is a pure function of (text, deck); memoising it only saves time."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ref_cards, "parse", functools.lru_cache(maxsize=None)(ref_cards.parse))
        yield


def deal_order(state):
    """The engine deal's hands, seat 0..3, as PERFT_DEALS writes them."""
    hands = []
    for seat in range(4):
        cards = str(state.hand(seat)).split()
        if seat == state.forehand:
            first, reveal = str(state.first_three).split(), str(state.reveal_card)
            cards = first + [c for c in cards if c not in first and c != reveal] + [reveal]
        hands.append(" ".join(cards))
    return tuple(hands)


def deal_shape(hands, dealer):
    """What a deal fixes for the rules: each seat's cards, the three cards forehand names trump
    on and its fifth card, the reveal card."""
    forehand = hands[(dealer + 1) % 4].split()
    return [set(h.split()) for h in hands], set(forehand[:3]), forehand[4]


@pytest.mark.parametrize("seed, dealer", sorted(PERFT_DEALS))
def test_seeded_deals_unchanged(seed, dealer):
    """The table names its deals by seed: the seeded shuffle must still deal these cards (if it
    is changed on purpose, regenerate PERFT_DEALS and the README table)."""
    state = stich.Couillon().deal(seed=seed, dealer=dealer)
    assert deal_shape(deal_order(state), dealer) == deal_shape(PERFT_DEALS[seed, dealer], dealer)


@pytest.mark.parametrize("seed, dealer, moves, depth, leaves", PERFT_COUILLON, ids=ROW_IDS)
def test_perft_engine(seed, dealer, moves, depth, leaves):
    state = stich.Couillon().deal(seed=seed, dealer=dealer, hands=list(PERFT_DEALS[seed, dealer]))
    assert deal_shape(deal_order(state), dealer) == deal_shape(PERFT_DEALS[seed, dealer], dealer)
    for action in moves.split():
        state.apply(action)
    before = str(state)
    assert stich.perft(state, 0) == 1
    assert stich.perft(state, depth) == leaves
    assert str(state) == before                     # perft leaves the state untouched


@pytest.mark.parametrize("seed, dealer, moves, depth, leaves", PERFT_COUILLON, ids=ROW_IDS)
def test_perft_reference(seed, dealer, moves, depth, leaves):
    hands = [h.split() for h in PERFT_DEALS[seed, dealer]]
    talon = sorted(set(ref_cards.french24) - {c for h in hands for c in h})
    forehand = (dealer + 1) % 4
    deal = RefCouillon(hands, talon, dealer, hands[forehand][4])
    for action in moves.split():
        deal.apply(action)
    assert perft_couillon(deal, depth) == leaves


def test_docstring_table_is_the_table():
    """The table printed above (for the README) is PERFT_COUILLON."""
    rows = []
    for line in __doc__.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0].isdigit():
            rows.append((int(cells[0]), int(cells[1]), cells[2], int(cells[3]), int(cells[4])))
    assert rows == PERFT_COUILLON
