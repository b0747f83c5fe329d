"""Differential tests: the C++ engine (stich) against the pure-Python reference (tests/reference/).

Both sides follow tests/reference/SPEC.md; the reference is written from docs/rules/*.md only.
Everything is compared through canonical card texts and action texts.

- Contracts (U-2..U-4, U-10, C-1, C-3, C-5, M-1, M-2, M-8, M-9): random hands and random partial
  tricks; legal set, trick winner, points and forbidden(trick, c) for every legal c.
  Cases per family: env STICH_DIFF_CASES (default 30000), spread over the family's contracts;
  FAST_CASES (3000) of them in the fast part, the rest in the slow part (marked slow, seeds of
  their own).
- Couillon deals (C-2..C-6, G-4): random deals played in lock step with random actions.
  Deals: env STICH_DIFF_DEALS (default 2500), half with kontra_doubles=False, half with True;
  FAST_DEALS (300) of them in the fast part, the rest in the slow part.
- Couillon matches (C-6): random matches; scores, dealer and winner compared after every deal.
  Matches: env STICH_DIFF_MATCHES (default 200).

All randomness comes from fixed seeds, so a failure is reproduced by running the test again; the
failure messages quote the inputs needed to reproduce it directly against the engine.
"""

import functools
import math
import os
import random

import pytest

import stich
from reference import cards as ref_cards
from reference.couillon import RefCouillon, RefCouillonMatch
from reference.rules import RefContract
from helpers import fast_and_slow, skip_empty
from helpers.lockstep import memoising, play_lockstep
from helpers.play import text_set

pytestmark = pytest.mark.rules

N = int(os.environ.get("STICH_DIFF_CASES", "30000"))           # per contract family
FAST_CASES = 3000                                              # of N, in the fast part
N_DEALS = int(os.environ.get("STICH_DIFF_DEALS", "2500"))      # Couillon deals, both options
FAST_DEALS = 300                                               # of N_DEALS, in the fast part
N_MATCHES = int(os.environ.get("STICH_DIFF_MATCHES", "200"))   # Couillon matches, both options

MAX_REPORTED = 5  # mismatching cases quoted in a failure message


# Card parsing is a pure function of (text, deck): memoised for this module's tests.
_memoised_reference = memoising((ref_cards, "parse"))


# ----- contracts ----------------------------------------------------------------------------------

# (id, engine factory, reference factory, deck, largest hand, longest partial trick)
# Mucken: 4 players (6 players on the short deck, U-1: trick up to 5 cards), 6 cards (8 long).
MUCKEN = [
    (f"{game}{'-stichzwang' if zwang else ''}-{'long' if long_deck else 'short'}",
     functools.partial(stich.Contract.mucken, game, long_deck=long_deck, stichzwang=zwang),
     functools.partial(RefContract.mucken, game, long_deck=long_deck, stichzwang=zwang),
     "german32" if long_deck else "german24", 8 if long_deck else 6, 3 if long_deck else 5)
    for long_deck in (False, True)
    for game, zwang in (("Muck", False), ("Geier", False), ("Wenz", False),
                        ("Ramsch", False), ("Ramsch", True))
]
# Couillon: 4 players, 5 cards, trumps C S H D, Mit declared or not (C-3).
COUILLON = [
    (f"{trump}{'-mit' if mit else ''}",
     functools.partial(stich.Contract.couillon, trump, mit=mit),
     functools.partial(RefContract.couillon, trump, mit=mit),
     "french24", 5, 3)
    for trump in "CSHD" for mit in (False, True)
]
# Mistigri: up to 6 players (M-1 option), 5 cards.
MISTIGRI = [
    (f"{deck}-{trump}",
     functools.partial(stich.Contract.mistigri, trump, deck=deck),
     functools.partial(RefContract.mistigri, trump, deck=deck),
     deck, 5, 5)
    for deck in ("german32", "french32", "german36", "french36", "french52")
    for trump in (ref_cards.GERMAN_SUITS if deck.startswith("german") else ref_cards.FRENCH_SUITS)
]
FAMILIES = {"mucken": MUCKEN, "couillon": COUILLON, "mistigri": MISTIGRI}
CONTRACT_CASES = [
    pytest.param(family, index, len(contracts), *row[1:], id=f"{family}-{row[0]}")
    for family, contracts in FAMILIES.items()
    for index, row in enumerate(contracts)
]


def reference_trick_key(ref, trick, winner):
    """The reference's legal() reads a trick only through the effective suit of its led card
    (rules "follow" and "follow_or_trump") or through that suit and the card now winning it
    ("cascade"): see RefContract.legal. Its forbidden() answers are therefore memoised on that
    key and computed on the shortest trick with the same key (checked by
    test_reference_trick_key_is_sound)."""
    if not trick:
        return None, []
    led = ref.suit_of(trick[0])
    if ref.rule == "cascade":
        return (led, trick[winner]), ([trick[0]] if winner == 0 else [trick[0], trick[winner]])
    return led, [trick[0]]


def engine_cards(deck_name):
    """Canonical text -> engine Card, for every card of the deck."""
    deck = ref_cards.DECKS[deck_name]
    cards = stich.Deck(deck_name).parse(" ".join(deck))
    assert [str(c) for c in cards] == deck
    return dict(zip(deck, cards))


def check_contract_static(eng, ref, deck_name):
    """Exhaustive small checks: deck, trumps, each card's points, every two-card trick."""
    deck = ref_cards.DECKS[deck_name]
    card = engine_cards(deck_name)
    assert text_set(stich.Deck(deck_name).cards) == set(deck)
    assert text_set(eng.trumps) == ref.trumps, (sorted(text_set(eng.trumps)), sorted(ref.trumps))
    for c in deck:
        assert eng.points(card[c]) == ref.points(c), c
        assert ref_cards.card_id(c, deck_name) == card[c].id, c
    for a in deck:
        for b in deck:
            if a != b:
                assert eng.winner([card[a], card[b]]) == ref.winner([a, b]), (a, b)


@pytest.mark.parametrize("family, index, size, make_engine, make_reference, deck_name, "
                         "max_hand, max_trick", CONTRACT_CASES)
@pytest.mark.parametrize("part", fast_and_slow(N, FAST_CASES))
def test_contract_random(part, family, index, size, make_engine, make_reference, deck_name,
                         max_hand, max_trick):
    """A family's cases spread over its contracts: FAST_CASES in the fast part (with the static
    checks), the rest in the slow part (its own seed)."""
    cases = math.ceil(skip_empty(part) / size)
    eng, ref = make_engine(), make_reference()
    if part[0] == "fast":
        check_contract_static(eng, ref, deck_name)

    deck = ref_cards.DECKS[deck_name]
    card = engine_cards(deck_name)
    seed = 1000 * (1 + list(FAMILIES).index(family)) + index
    rng = random.Random(seed if part[0] == "fast" else f"{seed}-slow")
    forbidden_memo = {}
    mismatches = []
    for case in range(cases):
        k = rng.randint(1, max_hand)
        t = rng.randint(0, max_trick)
        picks = rng.sample(deck, k + t)
        hand, trick = picks[:k], picks[k:]

        # engine, with Card / CardSet objects (every 64th case: with texts)
        if case % 64 == 0:
            e_hand, e_trick = " ".join(hand), list(trick)
        else:
            e_hand, e_trick = stich.CardSet([card[c] for c in hand]), [card[c] for c in trick]
        e_legal = text_set(eng.legal(e_hand, e_trick))
        e_winner = eng.winner(e_trick) if trick else None
        e_points = eng.points(e_hand)
        e_forbidden = {c: text_set(eng.forbidden(e_trick, card[c])) for c in e_legal}

        # reference
        r_legal = ref.legal(hand, trick)
        r_winner = ref.winner(trick) if trick else None
        r_points = ref.points(hand)
        key, short_trick = reference_trick_key(ref, trick, r_winner)
        r_forbidden = {}
        for c in r_legal:
            if (key, c) not in forbidden_memo:
                forbidden_memo[key, c] = ref.forbidden(short_trick, c)
            r_forbidden[c] = forbidden_memo[key, c]

        if (e_legal, e_winner, e_points, e_forbidden) != (r_legal, r_winner, r_points,
                                                          r_forbidden):
            diff = []
            if e_legal != r_legal:
                diff.append(f"legal engine={sorted(e_legal)} reference={sorted(r_legal)}")
            if e_winner != r_winner:
                diff.append(f"winner engine={e_winner} reference={r_winner}")
            if e_points != r_points:
                diff.append(f"points engine={e_points} reference={r_points}")
            for c in sorted(e_legal & r_legal):
                if e_forbidden[c] != r_forbidden[c]:
                    only_e = sorted(e_forbidden[c] - r_forbidden[c])
                    only_r = sorted(r_forbidden[c] - e_forbidden[c])
                    diff.append(f"forbidden({c}) engine-only={only_e} reference-only={only_r}")
            mismatches.append(f"{eng!r} hand={' '.join(hand)!r} trick={trick!r}: "
                              + "; ".join(diff))
    assert not mismatches, (f"{len(mismatches)} of {cases} cases differ, e.g.:\n  "
                            + "\n  ".join(mismatches[:MAX_REPORTED]))


@pytest.mark.parametrize("family", list(FAMILIES))
def test_reference_trick_key_is_sound(family):
    """The memo of test_contract_random is exact: on a sample, the reference's own legal() and
    forbidden() give the same answers on the full trick as on the shortened one."""
    rng = random.Random(77)
    for _ in range(200):
        _, _, make_reference, deck_name, max_hand, max_trick = rng.choice(FAMILIES[family])
        ref = make_reference()
        deck = ref_cards.DECKS[deck_name]
        k, t = rng.randint(1, max_hand), rng.randint(1, max_trick)
        picks = rng.sample(deck, k + t)
        hand, trick = picks[:k], picks[k:]
        _, short_trick = reference_trick_key(ref, trick, ref.winner(trick))
        assert ref.legal(hand, trick) == ref.legal(hand, short_trick), (ref, hand, trick)
        for c in ref.legal(hand, trick):
            assert ref.forbidden(trick, c) == ref.forbidden(short_trick, c), (ref, trick, c)


# ----- Couillon deals -----------------------------------------------------------------------------

def reference_deal(state, kontra_doubles):
    """A RefCouillon holding the engine deal's hands, talon, dealer and reveal card."""
    return RefCouillon([sorted(text_set(state.hand(seat))) for seat in range(4)],
                       sorted(text_set(state.talon)), state.dealer, str(state.reveal_card),
                       kontra_doubles=kontra_doubles)


def check_deal_setup(state, dealer):
    """Engine-side facts of a fresh deal (C-2, SPEC "Couillon deal")."""
    assert state.dealer == dealer
    forehand = (dealer + 1) % 4
    hands = [text_set(state.hand(seat)) for seat in range(4)]
    talon = text_set(state.talon)
    assert all(len(h) == 5 for h in hands) and len(talon) == 4
    assert set().union(*hands, talon) == set(ref_cards.french24)
    reveal = str(state.reveal_card)
    first_three = text_set(state.first_three)
    assert reveal in hands[forehand]
    assert len(first_three) == 3 and first_three <= hands[forehand] and reveal not in first_three


def check_play(ls, seat, names):
    """In the play phase, the hand of the seat to act."""
    if names and ls.ref.phase == "play":
        ls.same(text_set(ls.state.hand(seat)), ls.ref.hands[seat], f"hand of seat {seat}")


def check_end(ls):
    ls.same(list(ls.state.score_moves()), ls.ref.score_moves(),
            f"score_moves (the reference's team points: {ls.ref.team_points})")
    ls.same(list(ls.state.returns()), ls.ref.returns(), "returns")


def lockstep(state, ref, rng, label):
    """Plays one deal on both sides with the same uniformly random choices, comparing the player
    to act, the legal actions and (play phase) that player's hand at every step, then the end."""
    return play_lockstep(state, ref, lambda ref, names: names[rng.randrange(len(names))], label,
                         as_action=lambda step: rng.random() < 0.5, check=check_play, finish=check_end)


@pytest.mark.parametrize("kontra_doubles", [False, True])
@pytest.mark.parametrize("part", fast_and_slow(N_DEALS, FAST_DEALS))
def test_couillon_random_deals(part, kontra_doubles):
    """Half of the part's deals for each kontra_doubles; the slow part from a seed of its own."""
    count = math.ceil(skip_empty(part) / 2)
    game = stich.Couillon(kontra_doubles=kontra_doubles)
    rng = random.Random(2024 + kontra_doubles if part[0] == "fast" else f"{2024 + kontra_doubles}-slow")
    for _ in range(count):
        seed, dealer = rng.getrandbits(64), rng.randrange(4)
        state = game.deal(seed=seed, dealer=dealer)
        check_deal_setup(state, dealer)
        ref = reference_deal(state, kontra_doubles)
        label = (f"stich.Couillon(kontra_doubles={kontra_doubles}).deal(seed={seed}, "
                 f"dealer={dealer})")
        lockstep(state, ref, rng, label)


@pytest.mark.parametrize("kontra_doubles", [False, True])
def test_couillon_deals_with_given_hands(kontra_doubles):
    """hands= as text per seat in deal order (forehand: 3 cards seen, then 2, the 5th is the
    reveal card); some seats left random. The engine must deal exactly the given cards."""
    game = stich.Couillon(kontra_doubles=kontra_doubles)
    rng = random.Random(99 + kontra_doubles)
    for n in range(max(20, N_DEALS // 50)):
        dealer = rng.randrange(4)
        forehand = (dealer + 1) % 4
        pack = list(ref_cards.french24)
        rng.shuffle(pack)
        given = [pack[5 * seat:5 * seat + 5] for seat in range(4)]
        pinned = [True] * 4 if n % 2 == 0 else [rng.random() < 0.5 for _ in range(4)]
        hands = [" ".join(h) if pin else None for h, pin in zip(given, pinned)]
        seed = rng.getrandbits(64)
        state = game.deal(seed=seed, dealer=dealer, hands=hands)
        label = (f"stich.Couillon(kontra_doubles={kontra_doubles}).deal(seed={seed}, "
                 f"dealer={dealer}, hands={hands!r})")
        check_deal_setup(state, dealer)
        for seat in range(4):
            if pinned[seat]:
                assert text_set(state.hand(seat)) == set(given[seat]), (label, seat)
        if pinned[forehand]:
            assert str(state.reveal_card) == given[forehand][4], label
            assert text_set(state.first_three) == set(given[forehand][:3]), label
        if all(pinned):
            assert text_set(state.talon) == set(pack[20:]), label
            ref = RefCouillon(given, pack[20:], dealer, given[forehand][4],
                              kontra_doubles=kontra_doubles)
        else:
            ref = reference_deal(state, kontra_doubles)
        lockstep(state, ref, rng, label)


# ----- Couillon matches ---------------------------------------------------------------------------

@pytest.mark.parametrize("kontra_doubles", [False, True])
def test_couillon_random_matches(kontra_doubles):
    game = stich.Couillon(kontra_doubles=kontra_doubles)
    rng = random.Random(31 + kontra_doubles)
    for _ in range(math.ceil(N_MATCHES / 2)):
        seed, dealer = rng.getrandbits(64), rng.randrange(4)
        match = game.match(seed=seed, dealer=dealer)
        ref = RefCouillonMatch(dealer=dealer, kontra_doubles=kontra_doubles)
        label = (f"stich.Couillon(kontra_doubles={kontra_doubles}).match(seed={seed}, "
                 f"dealer={dealer})")
        assert list(match.scores) == ref.scores and match.dealer == ref.dealer, label
        assert match.winner is None and not match.is_over and match.deals_played == 0, label
        while not ref.is_over():
            assert not match.is_over, (label, ref.scores)
            state = match.next_deal()
            assert state.dealer == ref.dealer, (label, ref.deals_played)
            check_deal_setup(state, ref.dealer)
            deal = ref.new_deal([sorted(text_set(state.hand(seat))) for seat in range(4)],
                                sorted(text_set(state.talon)), str(state.reveal_card))
            lockstep(state, deal, rng, f"{label} deal {ref.deals_played}")
            match.record(state)
            ref.apply_deal(deal)
            got = (list(match.scores), match.dealer, match.winner, match.is_over,
                   match.deals_played)
            want = (ref.scores, ref.dealer, ref.winner(), ref.is_over(), ref.deals_played)
            assert got == want, (label, got, want)
            assert ref.deals_played < 1000, label
        assert match.is_over, label
        with pytest.raises(ValueError):
            match.next_deal()
