# distutils: language = c++
# cython: boundscheck=False, wraparound=False, cdivision=True
"""stich_cython_example._playouts: stich's C++ core from Cython (docs/embedding.md, "Cython").

- couillon_playout_sums(seed, n): the core's random playouts, the same integers as
  stich.Couillon().random_playouts(n, seed=seed).sum(axis=0).
- lowest_card_playout_sums(seed, n): a playout policy written here, in Cython, at C speed.
- loop_legal_apply(seed, n): the plain legal_actions()/apply() loop, the benchmark's C side.
- couillon_search_visits(deal_seed, iterations, seed): the search, as stich.ismcts gives it.
"""

from libc.stdint cimport int64_t, uint64_t
from libcpp.vector cimport vector

from stich.cython.cards cimport Alphabet, Card, Rng, card_text, mix_seed, rank_of
from stich.cython.game cimport CARD_ACTIONS, Action, ActionList, Returns
from stich.cython.games cimport (CouillonRules, CouillonState, couillon_deal,
                                 couillon_random_playout_sums, couillon_rules)
from stich.cython.search cimport SearchConfig, SearchResult, couillon_search_config, ismcts

def couillon_playout_sums(uint64_t seed, int64_t n):
    """Per seat, the sum of the returns of n random playouts: through the core's own playout loop."""
    cdef CouillonRules rules = couillon_rules()
    cdef vector[int64_t] sums
    with nogil:
        sums = couillon_random_playout_sums(rules, n, seed)
    return [int(x) for x in sums]


cdef inline Action lowest_card(const CouillonState& s, Rng& rng) noexcept nogil:
    """The custom policy: the legal card of the lowest rank (the lowest id among equal ranks); a
    decision that is no card play (naming the trump, Mit, Kontra, Re) is uniformly random."""
    cdef ActionList legal
    s.legal_actions(legal)
    if legal.a[0] >= CARD_ACTIONS:
        return s.random_action(rng)
    cdef Action best = legal.a[0]
    cdef int i
    for i in range(1, legal.n):
        if legal.a[i] < CARD_ACTIONS and rank_of(<Card>legal.a[i]) < rank_of(<Card>best):
            best = legal.a[i]
    return best


cdef void play_lowest_card_deals(uint64_t seed, int64_t n, int64_t* sums) noexcept nogil:
    cdef CouillonRules rules = couillon_rules()
    cdef CouillonState s
    cdef Returns r
    cdef Rng rng
    cdef int64_t i
    cdef int seat
    for i in range(n):
        s = couillon_deal(rules, mix_seed(seed, <uint64_t>i), <int>(i % 4))
        rng = Rng(mix_seed(seed ^ 0x5EED, <uint64_t>i))
        while not s.is_terminal():
            if s.current_player() % 2 == 0:
                s.apply(lowest_card(s, rng))   # seats 0 and 2: the Cython policy
            else:
                s.apply(s.random_action(rng))  # seats 1 and 3: uniformly random
        s.returns(r)
        for seat in range(4):
            sums[seat] += r[seat]


def lowest_card_playout_sums(uint64_t seed, int64_t n):
    """Per seat, the sum of the returns of n deals where seats 0 and 2 play lowest_card and seats 1
    and 3 play uniformly at random; deal i from mix_seed(seed, i), dealer i % 4. Runs without the GIL."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    cdef int64_t sums[4]
    sums[:] = [0, 0, 0, 0]
    with nogil:
        play_lowest_card_deals(seed, n, sums)
    return [sums[0], sums[1], sums[2], sums[3]]


def loop_legal_apply(uint64_t seed, int64_t n):
    """n deals, deal i = stich.Couillon().deal(seed=seed + i, dealer=i % 4), each played to its end
    by legal_actions() then apply(legal[k % len(legal)]) at its step k: (steps, returns summed per seat).
    The same loop in Python gives the same numbers (benchmarks/test_bench_cython.py)."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    cdef CouillonRules rules = couillon_rules()
    cdef CouillonState s
    cdef ActionList legal
    cdef Returns r
    cdef int64_t i, steps = 0, k
    cdef int64_t sums[4]
    cdef int seat
    sums[:] = [0, 0, 0, 0]
    with nogil:
        for i in range(n):
            s = couillon_deal(rules, seed + <uint64_t>i, <int>(i % 4))
            k = 0
            while not s.is_terminal():
                s.legal_actions(legal)
                s.apply(legal.a[k % legal.n])
                k += 1
            steps += k
            s.returns(r)
            for seat in range(4):
                sums[seat] += r[seat]
    return steps, [sums[0], sums[1], sums[2], sums[3]]


def couillon_search_visits(uint64_t deal_seed, uint64_t iterations, uint64_t seed, int threads=1):
    """The search of stich.Couillon().deal(seed=deal_seed)'s first decision: {action text: visits},
    the visits of stich.ismcts(state, iterations=iterations, seed=seed, threads=threads)."""
    cdef CouillonState s = couillon_deal(couillon_rules(), deal_seed, 0)
    cdef SearchConfig cfg = couillon_search_config(iterations, seed, threads)
    cdef SearchResult found
    with nogil:
        found = ismcts(s, cfg)
    return {s.action_text(a.action).decode(): a.visits for a in found.actions}


def card_name(int card):
    """A card's text (French alphabet, Couillon's deck), e.g. card_name(0x0E)."""
    if not 0 <= card < 64:
        raise ValueError(f"card must be 0..63, got {card}")
    return card_text(<Card>card, Alphabet.French).decode()
