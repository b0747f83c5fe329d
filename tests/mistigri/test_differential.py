"""Differential tests of Mistigri / Moench: the C++ engine (stich.Mistigri) against the pure-Python
reference (tests/reference/mistigri.py), both following tests/reference/SPEC.md "Mistigri / Moench
deal" and docs/rules/mistigri.md (M-1 .. M-12). Everything is compared through card and action texts.

- Deals (M-1 .. M-11, G-4): the reference is built from each engine deal (hands, turned card, talon
  in draw order, dealer, options, carried pot and side pot); both sides are played in lock step
  with the same random actions, comparing at every step the seat to act, the phase, the sorted
  legal action texts, the joined seats and (exchange, play) the hand of the seat to act, (play) the
  trick and the trump; after every exchange the exchanging seat's hand, the talon (in order) and
  the discards not yet reshuffled; at the start the pot and side pot after the antes (and the
  Moench pot cap); at the end the returns, pot, side pot, outcome, flush winner and tricks won.
  * Core: 3 and 4 players, each with and without `monch`: env STICH_DIFF_DEALS (default 2500)
    deals each, FAST_DEALS (200) of them in the fast part and the rest in the slow part (marked
    slow, a seed of its own).
  * Options: STICH_DIFF_DEALS // 10 deals each (FAST_OPTION_DEALS in the fast part) for club_law, every other deck (french32, german36,
    french36, french52), 5 and 6 players, the smallest talon (german32 with 6 players) and other
    stakes, with and without monch; at the largest stake the carried pots reach the largest a deal
    accepts (Mistigri.DEAL_PARAMS["pot"].high).
  Every 6th deal pins cards (hands=, turned=) to force flushes -- several at once, trump flushes,
  equal flush points, the Mistigri as the wild fifth card -- a turned Mistigri, and (monch) the
  M-11 position: the first leader holds the trump ace and another seat the Mistigri.
- Matches (M-12): random matches against RefMistigriMatch with deals=N and deals=None, the numeric
  options at their extremes among them; chips, pot, side pot, dealer, deals played and is_over
  compared after every deal.
  Matches: env STICH_DIFF_MATCHES (default 200).

Moench reshuffle (M-6): the engine shuffles the earlier seats' discards into a new talon with its
own generator. The engine applies each exchange first; the reference's `reshuffle` hook then puts
the cards the engine's seat drew from the reshuffled pile on top and the engine's remaining talon
below them, so both sides go on with the same talon; the hook itself checks that these cards are
exactly the pile (a seat never draws a card that was not in it).

Random play: every legal action has a positive probability. Each deal draws a join probability
(so that nobody, exactly one and several seats join) and an exchange style (uniform over the
actions, uniform over the discard sizes, flush seeking, mostly keep, or everybody joins and
discards all it can, so that the talon runs out); a first lead takes the trump ace with
probability 1/2 when it may. Coverage of the rare events (every discard size, discards limited by
the talon, reshuffles, flush ties, each naming of the Mistigri, M-11, the pot cap) is counted and
asserted for a part of at least RARE_COVERAGE_DEALS (2000) deals, each where the configuration
allows it (no reshuffle can happen with 3 players on german36: 12 draws at most from a talon of
20); the common events (nobody, one or several joined, flushes, a Mistigri lead, club law,
reshuffles) for any part of at least COMMON_COVERAGE_DEALS (150). All randomness comes from
fixed seeds; failure messages quote the engine call and the actions that reproduce a mismatch.
"""

import collections
import math
import os
import random
import time

import pytest

import stich
from reference import cards as ref_cards
from reference.mistigri import RefMistigri, RefMistigriMatch, check_options, deck_of, suits_of
from reference.rules import MISTIGRI_CARD, RefContract
from helpers import fast_and_slow, skip_empty
from helpers.lockstep import Lockstep, Mismatch, memoising
from helpers.play import text_set

pytestmark = pytest.mark.rules

MAX_CHIPS, MAX_POT = stich.Mistigri.OPTIONS["chips"].high, stich.Mistigri.DEAL_PARAMS["pot"].high
N_DEALS = int(os.environ.get("STICH_DIFF_DEALS", "2500"))       # per core configuration
FAST_DEALS = 200                                                 # of N_DEALS, in the fast part
N_OPTION_DEALS = max(40, N_DEALS // 10)                          # per option configuration
FAST_OPTION_DEALS = 60                                           # of N_OPTION_DEALS, fast part
N_MATCHES = int(os.environ.get("STICH_DIFF_MATCHES", "200"))     # over all match configurations
RARE_COVERAGE_DEALS = 2000           # a part this large must reach every rare event
COMMON_COVERAGE_DEALS = 150          # an option part this large must reach the common events
PINNED_EVERY = 6                     # every 6th deal pins cards

PHASE = {"bid": "bidding", "exchange": "exchange", "play": "play", "over": "over"}

CORE = {
    "3p": {"players": 3},
    "3p-monch": {"players": 3, "monch": True},
    "4p": {"players": 4},
    "4p-monch": {"players": 4, "monch": True},
}
OPTION_CONFIGS = {
    "4p-club_law": {"club_law": True},
    "3p-monch-club_law": {"players": 3, "monch": True, "club_law": True},
    "4p-french32": {"deck": "french32"},
    "3p-monch-french32": {"players": 3, "monch": True, "deck": "french32"},
    "4p-german36": {"deck": "german36"},
    "4p-monch-german32": {"monch": True, "deck": "german32"},
    "4p-french36": {"deck": "french36"},
    "3p-monch-french36": {"players": 3, "monch": True, "deck": "french36"},
    "4p-french52": {"deck": "french52"},
    "5p-french52": {"players": 5, "deck": "french52"},
    "6p-french52": {"players": 6, "deck": "french52"},
    "5p-monch": {"players": 5, "monch": True},                       # german36
    "6p-monch": {"players": 6, "monch": True},                       # french52
    "5p-monch-french52-club_law": {"players": 5, "monch": True, "deck": "french52",
                                   "club_law": True},
    "6p-german32": {"players": 6, "deck": "german32"},               # a talon of one card
    "6p-monch-german32": {"players": 6, "monch": True, "deck": "german32"},
    "4p-stake1-chips10": {"stake": 1, "chips": 10},
    "3p-stake7-chips40": {"players": 3, "stake": 7, "chips": 40},
    "4p-monch-stake9": {"monch": True, "stake": 9},                 # antes 36: the cap bites
    "5p-monch-stake2-chips100": {"players": 5, "monch": True, "stake": 2, "chips": 100},
    # The largest stake, with pots up to the largest a deal accepts (big_pots).
    "6p-french52-stake-max": {"players": 6, "deck": "french52", "stake": MAX_CHIPS},
    "6p-monch-stake-max": {"players": 6, "monch": True, "stake": MAX_CHIPS},
}
# (options, deals) of the matches; N_MATCHES is spread over them.
MATCH_CONFIGS = [
    ({"players": 4}, None),
    ({"players": 3}, None),
    ({"players": 4, "monch": True}, None),
    ({"players": 3, "monch": True}, None),
    ({"players": 4}, 6),
    ({"players": 3, "monch": True, "stake": 3, "chips": 12}, 9),
    ({"players": 5, "deck": "french52", "club_law": True, "chips": 15}, None),
    ({"players": 6, "monch": True, "stake": 4, "chips": 30}, 4),
    # The numeric options at their extremes.
    ({"players": 6, "deck": "french52", "stake": MAX_CHIPS, "chips": MAX_CHIPS}, 12),
    ({"players": 6, "monch": True, "stake": MAX_CHIPS, "chips": MAX_CHIPS}, 12),
    ({"players": 3, "stake": 1, "chips": 0}, None),
    ({"players": 4, "monch": True, "stake": MAX_CHIPS, "chips": 1}, None),
]

MAX_REPORTED = 5


# The reference parses every card text on every call, sorts cards by card_id and builds a new
# contract whenever the trump changes; all three are pure functions of their arguments (a contract
# is never changed after it is built), so memoising them leaves every answer unchanged and removes
# most of the reference's run time.
_memoised_reference = memoising((ref_cards, "parse"), (ref_cards, "card_id"), (RefContract, "mistigri"))


def options_call(options):
    return "stich.Mistigri(" + ", ".join(f"{k}={v!r}" for k, v in options.items()) + ")"


# ----- building the reference from an engine deal -------------------------------------------------

def reference_of(state, options, pot, side_pot):
    """A RefMistigri holding the engine deal's hands, turned card, talon (top first) and dealer."""
    n = state.num_players
    return RefMistigri([sorted(text_set(state.hand(seat))) for seat in range(n)], str(state.turned),
                       [str(c) for c in state.talon], state.dealer, options, pot, side_pot)


def check_setup(state, options, dealer, label):
    """Engine-side facts of a fresh deal (M-1, M-4, SPEC "Mistigri / Moench deal")."""
    full = check_options(options)
    deck = ref_cards.DECKS[deck_of(full)]
    n = full["players"]
    assert state.dealer == dealer and state.num_players == n, label
    assert state.phase == "bid" and not state.is_terminal, label
    hands = [text_set(state.hand(seat)) for seat in range(n)]
    talon = [str(c) for c in state.talon]
    turned = str(state.turned)
    assert all(len(h) == 5 for h in hands), (label, hands)
    assert len(talon) == len(deck) - 5 * n - 1, label
    assert sorted(set().union(*hands) | set(talon) | {turned}) == sorted(deck), label
    assert sum(len(h) for h in hands) + len(talon) + 1 == len(deck), label
    mistigri = MISTIGRI_CARD[ref_cards.alphabet_of(deck_of(full))]
    trump = suits_of(deck_of(full))[0] if turned == mistigri else turned[0]
    assert state.trump == trump, (label, state.trump, turned)
    assert state.joined == [] and state.flush_winner is None, label


# ----- random policy -----------------------------------------------------------------------------

class Policy:
    """The random choices of one deal. Every legal action keeps a positive probability."""

    def __init__(self, rng, favoured=()):
        self.rng = rng
        self.join_p = rng.random()
        self.style = rng.choice(("uniform", "size", "flush", "keep", "max"))
        if self.style == "max":   # everybody joins and discards all it can: the talon runs out
            self.join_p = 0.8 + 0.2 * self.join_p
        self.favoured = set(favoured)   # seats that join (and keep a flush) with probability 0.9

    def bid(self, ref, names):
        if len(names) == 1:
            return names[0]
        p = 0.9 if ref.current_player() in self.favoured else self.join_p
        return "join" if self.rng.random() < p else "pass"

    def exchange(self, ref, names):
        rng = self.rng
        seat = ref.current_player()
        hand = ref.hands[seat]
        style = self.style
        if seat in self.favoured and ref.flush_of(hand) and rng.random() < 0.9:
            return "keep"
        if style == "uniform":
            return rng.choice(names)
        if style == "keep":
            return "keep" if rng.random() < 0.7 else rng.choice(names)
        if style == "max" and rng.random() < 0.9:
            return max(names, key=lambda name: (len(name.split()), rng.random()))
        by_size = collections.defaultdict(list)
        for name in names:
            by_size[len(name.split()) - 1].append(name)
        if style == "size" or rng.random() < 0.2:
            return rng.choice(by_size[rng.choice(sorted(by_size))])
        # flush seeking: keep the longest printed suit (the Mistigri counts as wild)
        counts = collections.Counter(c[0] for c in hand if c != ref.mistigri)
        best = max(counts.values())
        suit = rng.choice(sorted(s for s, k in counts.items() if k == best))
        away = ref.sort_cards([c for c in hand if c[0] != suit and c != ref.mistigri])
        if not away:
            return "keep"
        while len(away) > ref.max_discard():
            away.pop(rng.randrange(len(away)))
        return "discard " + " ".join(away) if away else "keep"

    def play(self, ref, names):
        if not ref.trick_winners and not ref.trick and ref.trump + "A" in names \
                and self.rng.random() < 0.5:
            return ref.trump + "A"    # a first lead of the trump ace (M-11 under monch)
        return self.rng.choice(names)

    def choose(self, ref, names):
        step = {"bidding": self.bid, "exchange": self.exchange, "play": self.play}[ref.phase]
        return step(ref, names)


# ----- pinned deals: flushes, turned Mistigri, M-11 ----------------------------------------------

def pinned_deal(rng, options):
    """(hands, turned, favoured seats, scenario) of a deal with pinned cards; for the scenario
    "keeps-still" the hands follow from keeps_still_hands (they depend on the dealer)."""
    full = check_options(options)
    deck_name = deck_of(full)
    deck = ref_cards.DECKS[deck_name]
    n = full["players"]
    suits = suits_of(deck_name)
    mistigri = MISTIGRI_CARD[ref_cards.alphabet_of(deck_name)]
    free = set(deck)
    hands = [None] * n
    scenario = rng.choice(["flush", "flush", "flush", "turned-mistigri", "keeps-still"])
    if scenario == "keeps-still" and not full["monch"]:
        scenario = "flush"
    if scenario == "turned-mistigri":
        return hands, mistigri, set(), scenario
    if scenario == "keeps-still":
        trump = rng.choice(suits)
        turned = rng.choice([c for c in deck if c[0] == trump and c[1] != "A" and c != mistigri])
        return hands, turned, set(), scenario
    # flushes: 1..3 seats, distinct suits, sometimes with equal ranks (equal flush points) and
    # sometimes the Mistigri as the wild fifth card
    k = min(n, rng.choice([1, 2, 2, 3]))
    seats = rng.sample(range(n), k)
    flush_suits = rng.sample(suits, k)
    same_ranks = rng.random() < 0.35
    ranks = sorted({c[1] for c in deck if c != mistigri and c[1] not in "UJ"})
    shared = rng.sample(ranks, 5)
    wild_seat = rng.choice(seats) if rng.random() < 0.4 else None
    for seat, suit in zip(seats, flush_suits):
        if same_ranks:
            cards = [suit + r for r in shared]
        else:
            cards = rng.sample(sorted(c for c in free if c[0] == suit and c != mistigri), 5)
        if seat == wild_seat:
            cards = cards[:4] + [mistigri]
        hands[seat] = cards
        free -= set(cards)
    roll = rng.random()
    if roll < 0.45:
        turned = rng.choice(sorted(c for c in free if c[0] in flush_suits))   # a trump flush
    elif roll < 0.55 and mistigri in free:
        turned = mistigri
    elif roll < 0.85:
        turned = rng.choice(sorted(free))
    else:
        turned = None
    return [" ".join(h) if h else None for h in hands], turned, set(seats), scenario


def keeps_still_hands(rng, options, dealer, turned):
    """M-11 position: forehand holds the trump ace, another seat the Mistigri and four others."""
    full = check_options(options)
    deck_name = deck_of(full)
    n = full["players"]
    mistigri = MISTIGRI_CARD[ref_cards.alphabet_of(deck_name)]
    trump = turned[0]
    ace = trump + "A"
    free = sorted(set(ref_cards.DECKS[deck_name]) - {turned, ace, mistigri})
    rng.shuffle(free)
    forehand = (dealer + 1) % n
    holder = (forehand + rng.randrange(1, n)) % n
    hands = [None] * n
    hands[forehand] = " ".join([ace] + free[:4])
    hands[holder] = " ".join([mistigri] + free[4:8])
    return hands, {forehand, holder}


# ----- lock step ---------------------------------------------------------------------------------

def lockstep(state, ref, rng, label, coverage, policy):
    """Plays one deal on both sides with the same random choices; see the module docstring."""
    ls = Lockstep(state, ref, label)
    ls.same((state.pot, state.side_pot), (ref.pot, ref.side_pot), "pot, side_pot after the antes")

    def check(ls, seat, names):
        ls.same(PHASE.get(state.phase, state.phase), ref.phase, "phase")
        if not names:
            return
        phase = ref.phase
        if phase != "bidding":
            ls.same(state.joined, ref.joined, "joined")
        if phase in ("exchange", "play"):
            ls.same(text_set(state.hand(seat)), ref.hands[seat], f"hand of seat {seat}")
        if phase == "play":
            ls.same([str(c) for c in state.trick], [c for _, c in ref.trick], "trick")
            ls.same(state.trump, ref.trump, "trump")
            if ref.keeps_still and ref.mistigri in ref.hands[seat] and len(ref.hands[seat]) > 1:
                coverage["M-11 keeps still"] += 1
        if phase == "bidding" and names == ["join"]:
            coverage["club law: join only"] += 1
        if phase == "exchange" and ref.max_discard() < (4 if ref.monch else 5):
            coverage["discards limited by the talon"] += 1

    def apply(ls, seat, action, name):
        phase = ref.phase
        if phase == "exchange":
            exchange_step(ls, seat, action, name, coverage)
            return
        state.apply(action)
        ref.apply(name)
        if phase == "play" and ":" in name:
            coverage[f"Mistigri names {name[-1]}"] += 1
            if len(ref.trick) == 1:
                coverage["Mistigri lead"] += 1

    def finish(ls):
        ls.same(state.returns(), ref.returns(), "returns")
        ls.same((state.pot, state.side_pot), (ref.pot, ref.side_pot), "pot, side_pot at the end")
        if not ref.joined:
            outcome = "nobody joined"
        elif len(ref.joined) == 1:
            outcome = "one joined"
        elif ref.flush_winner is not None:
            outcome = "flush"
        else:
            outcome = "played"
        ls.same(state.outcome, outcome, "outcome")
        ls.same(state.flush_winner, ref.flush_winner, "flush_winner")
        ls.same(state.joined, ref.joined, "joined")
        if outcome == "played":
            ls.same(list(state.tricks_won), ref.tricks_won, "tricks_won")
        record_coverage(ref, outcome, coverage)

    return ls.play(policy.choose, as_action=lambda step: rng.random() < 0.5, check=check, apply=apply,
                   finish=finish)


def exchange_step(ls, seat, action, name, coverage):
    """One exchange: the engine first; the reference's reshuffle hook (monch) then reproduces the
    engine's new talon; afterwards hands, talon and pending discards must agree."""
    state, ref, same = ls.state, ls.ref, ls.same
    state.apply(action)
    hand_after = text_set(state.hand(seat))
    talon_after = [str(c) for c in state.talon]

    def engine_order(pile):
        drawn = [c for c in pile if c in hand_after]
        order = drawn + talon_after
        if sorted(order) != sorted(pile):
            raise Mismatch(f"reshuffle: the engine drew {sorted(drawn)} and left the talon "
                           f"{talon_after} from the earlier discards {pile}")
        return order

    ref.reshuffle = engine_order
    reshuffles = ref.reshuffles
    ref.apply(name)
    if ref.reshuffles > reshuffles:
        coverage["reshuffle"] += 1
    coverage[f"discard {len(name.split()) - 1}{' (monch)' if ref.monch else ''}"] += 1
    same(hand_after, ref.hands[seat], f"hand of seat {seat} after {name}")
    same(talon_after, ref.talon, f"talon after {name}")
    pending = set().union(*(text_set(state.discards(s)) for s in range(ref.n)))
    same(sorted(pending), sorted(ref.discard_pile if ref.monch else ref.dead),
         "discards not yet reshuffled")


def record_coverage(ref, outcome, coverage):
    coverage[outcome] += 1
    if len(ref.joined) >= 3:
        coverage["3+ joined"] += 1
    if ref.turned == ref.mistigri:
        coverage["turned Mistigri"] += 1
    if len(ref.flushes) >= 2:
        coverage["several flushes"] += 1
        win = ref.flushes[ref.flush_winner]
        others = [f for s, f in ref.flushes.items() if s != ref.flush_winner]
        if any(f[1] > win[1] for f in others):
            coverage["trump flush beats more points"] += 1
        if any(f[1] == win[1] and (f[0] == ref.trump) == (win[0] == ref.trump) for f in others):
            coverage["flush tie: nearer forehand"] += 1
    if ref.flush_winner is not None and ref.mistigri in ref.hands[ref.flush_winner] \
            and any(c[0] != ref.mistigri[0] for c in ref.hands[ref.flush_winner]):
        coverage["flush with the wild Mistigri"] += 1
    if outcome == "played" and any(ref.tricks_won[s] == 0 for s in ref.joined):
        coverage["loo penalty"] += 1
    if outcome == "played" and ref.trump != ref.initial_trump:
        coverage["trump changed"] += 1


# ----- deals -------------------------------------------------------------------------------------

def random_pots(rng, big):
    pot = rng.choice([0, 0, rng.randint(1, 90)])
    side_pot = rng.choice([0, 0, rng.randint(1, 60)])
    if big:   # up to the largest pots a deal accepts
        pot, side_pot = rng.choice([pot, rng.randint(0, MAX_POT)]), rng.choice([side_pot, rng.randint(0, MAX_POT)])
    return pot, side_pot


def run_deals(options, count, seed):
    """`count` random deals of stich.Mistigri(**options) in lock step; returns the coverage."""
    game = stich.Mistigri(**options)
    n = check_options(options)["players"]
    monch = check_options(options)["monch"]
    rng = random.Random(seed)
    coverage = collections.Counter()
    mismatches = []
    for i in range(count):
        engine_seed, dealer = rng.getrandbits(64), rng.randrange(n)
        pot, side_pot = random_pots(rng, big=check_options(options)["stake"] == MAX_CHIPS)
        hands, turned, favoured = None, None, set()
        if i % PINNED_EVERY == PINNED_EVERY - 1:
            hands, turned, favoured, scenario = pinned_deal(rng, options)
            if scenario == "keeps-still":
                hands, favoured = keeps_still_hands(rng, options, dealer, turned)
        call = (f"{options_call(options)}.deal(seed={engine_seed}, dealer={dealer}, "
                f"hands={hands!r}, turned={turned!r}, pot={pot}, side_pot={side_pot})")
        state = game.deal(seed=engine_seed, dealer=dealer, hands=hands, turned=turned, pot=pot,
                          side_pot=side_pot)
        check_setup(state, options, dealer, call)
        for seat, cards in enumerate(hands or []):
            if cards:
                assert text_set(state.hand(seat)) == set(cards.split()), (call, seat)
        if turned is not None:
            assert str(state.turned) == turned, call
        if monch:
            total = pot + n * check_options(options)["stake"]
            if total > 40:
                coverage["pot cap: overflow"] += 1
            elif total < 40 and side_pot:
                coverage["pot cap: top-up"] += 1
        ref = reference_of(state, options, pot, side_pot)
        try:
            lockstep(state, ref, rng, call, coverage, Policy(rng, favoured))
        except Mismatch as exc:
            mismatches.append(str(exc))
            if len(mismatches) >= MAX_REPORTED:
                break
    assert not mismatches, (f"{len(mismatches)} of {count} deals differ, e.g.:\n  "
                            + "\n  ".join(mismatches))
    return coverage


def talon_size(full):
    return len(ref_cards.DECKS[deck_of(full)]) - 5 * full["players"] - 1


def reshuffle_possible(full):
    """M-6 (monch): a reshuffle needs more draws (at most 4 a seat) than the talon holds."""
    return full["monch"] and 4 * full["players"] > talon_size(full)


def limit_possible(full):
    """M-6: can a seat be kept below the full discard (5; monch 4) by the cards left to draw?
    Under monch the talon plus the earlier seats' discards always holds the talon's first size."""
    if full["monch"]:
        return talon_size(full) < 4
    return 5 * full["players"] > talon_size(full)


def expected_coverage(options):
    full = check_options(options)
    want = ["nobody joined", "one joined", "flush", "played", "3+ joined", "turned Mistigri",
            "several flushes", "trump flush beats more points", "flush tie: nearer forehand",
            "flush with the wild Mistigri", "loo penalty", "trump changed", "Mistigri lead"]
    want += [f"Mistigri names {s}" for s in suits_of(deck_of(full))]
    if full["monch"]:
        want += [f"discard {k} (monch)" for k in range(5)]
        want += ["M-11 keeps still", "pot cap: overflow", "pot cap: top-up"]
    else:
        want += [f"discard {k}" for k in range(6)]
    if limit_possible(full):
        want.append("discards limited by the talon")
    if reshuffle_possible(full):
        want.append("reshuffle")
    if full["club_law"]:
        want.append("club law: join only")
    return want


def common_events(options):
    """The events every part of COMMON_COVERAGE_DEALS deals must reach."""
    want = ["nobody joined", "one joined", "played", "flush", "several flushes", "Mistigri lead"]
    if options.get("club_law"):
        want.append("club law: join only")
    if reshuffle_possible(check_options(options)):
        want.append("reshuffle")
    return want


def run_deals_reported(config, options, n, seed):
    """run_deals, printing how long it took and what it covered."""
    started = time.perf_counter()
    coverage = run_deals(options, n, seed=seed)
    print(f"{config}: {n} deals in {time.perf_counter() - started:.1f} s; {dict(sorted(coverage.items()))}")
    return coverage


def assert_covered(config, coverage, want):
    missing = [e for e in want if coverage[e] == 0]
    assert not missing, (config, missing, dict(coverage))


def part_seed(seed, part):
    """The seed of a part: the fast part keeps the test's seed, the slow part has its own."""
    return seed if part[0] == "fast" else f"{seed}-slow"


@pytest.mark.parametrize("config", list(CORE))
@pytest.mark.parametrize("part", fast_and_slow(N_DEALS, FAST_DEALS))
def test_random_deals(part, config):
    options = CORE[config]
    count = skip_empty(part)
    coverage = run_deals_reported(config, options, count,
                                  seed=part_seed(7000 + list(CORE).index(config), part))
    if count >= RARE_COVERAGE_DEALS:
        assert_covered(config, coverage, expected_coverage(options))
    elif count >= COMMON_COVERAGE_DEALS:
        assert_covered(config, coverage, common_events(options))


@pytest.mark.parametrize("config", list(OPTION_CONFIGS))
@pytest.mark.parametrize("part", fast_and_slow(N_OPTION_DEALS, FAST_OPTION_DEALS))
def test_option_deals(part, config):
    options = OPTION_CONFIGS[config]
    count = skip_empty(part)
    coverage = run_deals_reported(config, options, count,
                                  seed=part_seed(8000 + list(OPTION_CONFIGS).index(config), part))
    if count >= COMMON_COVERAGE_DEALS:   # at a tenth of the size only the common events are required
        assert_covered(config, coverage, common_events(options))


# ----- matches -----------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(MATCH_CONFIGS)),
                         ids=[f"{options_call(o)}-deals{d}" for o, d in MATCH_CONFIGS])
def test_random_matches(index):
    options, deals = MATCH_CONFIGS[index]
    game = stich.Mistigri(deals=deals, **options)
    full = check_options(dict(options, deals=deals))
    n = full["players"]
    rng = random.Random(9000 + index)
    coverage = collections.Counter()
    for _ in range(math.ceil(N_MATCHES / len(MATCH_CONFIGS))):
        seed, dealer = rng.getrandbits(64), rng.randrange(n)
        match = game.match(seed=seed, dealer=dealer)
        ref = RefMistigriMatch(n=n, chips=full["chips"], stake=full["stake"], deals=deals,
                               dealer=dealer,
                               options={k: full[k] for k in ("monch", "club_law", "deck")})
        label = f"{options_call(dict(options, deals=deals))}.match(seed={seed}, dealer={dealer})"
        got = (list(match.chips), match.pot, match.side_pot, match.dealer, match.deals_played,
               match.is_over)
        want = (ref.chips, ref.pot, ref.side_pot, ref.dealer, ref.deals_played, ref.is_over())
        assert got == want, (label, got, want)
        while not ref.is_over():
            assert not match.is_over, (label, ref.chips)
            state = match.next_deal()
            deal_label = f"{label} deal {ref.deals_played}"
            assert state.dealer == ref.dealer, (deal_label, state.dealer, ref.dealer)
            check_setup(state, full, ref.dealer, deal_label)
            deal = ref.new_deal([sorted(text_set(state.hand(seat))) for seat in range(n)],
                                str(state.turned), [str(c) for c in state.talon])
            try:
                lockstep(state, deal, rng, deal_label, coverage, Policy(rng))
            except Mismatch as exc:
                pytest.fail(str(exc))
            match.record(state)
            ref.book(deal)
            got = (list(match.chips), match.pot, match.side_pot, match.dealer,
                   match.deals_played, match.is_over)
            want = (ref.chips, ref.pot, ref.side_pot, ref.dealer, ref.deals_played,
                    ref.is_over())
            assert got == want, (deal_label, got, want)
            assert ref.deals_played < 1000, label
            coverage["deals"] += 1
        assert match.is_over, label
        if deals is not None:
            assert match.deals_played == deals, label
        else:
            assert min(match.chips) <= 0, label
        with pytest.raises(ValueError):
            match.next_deal()
    print(f"match config {index}: {dict(coverage)}")
