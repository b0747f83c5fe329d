# distutils: language = c++
# cython: boundscheck=False, wraparound=False, cdivision=True
"""stich_cython_example._games: one piece of Cython for every registered game, through a fused
type (the State API is the same for every game, docs/embedding.md, "From Cython"). The games come
from the installed stich: setup.py writes _registry.pxi (the cimports, the fused type `State`,
`GAMES` and the dispatch by name) from stich.GAMES, so that nothing here names a game."""

from libc.stdint cimport int64_t, uint64_t
from libcpp.string cimport string
from libcpp.vector cimport vector

from stich.cython.cards cimport Rng, popcount
from stich.cython.game cimport Action, ActionList, Returns, apply_checked, find_action
from stich.cython.search cimport SearchConfig, SearchResult, ismcts

include "_registry.pxi"


cdef list _returns(const State& s):
    cdef Returns r
    s.returns(r)
    return [r[i] for i in range(s.num_players())]


cdef object _run(State s, str what, tuple args):
    cdef ActionList legal
    cdef Rng rng
    cdef int64_t steps = 0
    cdef SearchConfig cfg
    cdef SearchResult found
    cdef Action a
    if what == "root":      # what the state says of itself before the first action
        s.legal_actions(legal)
        return {
            "num_players": s.num_players(),
            "current_player": s.current_player(),
            "phase": s.phase_name().decode(),
            "legal": [s.action_text(legal.a[i]).decode() for i in range(legal.n)],
            "hand_sizes": [popcount(s.hand(seat)) for seat in range(s.num_players())],
            "text": s.to_string().decode(),
        }
    if what == "first":     # every step the first legal action: (steps, returns)
        with nogil:
            while not s.is_terminal():
                s.legal_actions(legal)
                s.apply(legal.a[0])
                steps += 1
        return steps, _returns(s)
    if what == "heuristic":   # every seat the game's rule-of-thumb bot, seeded: (steps, returns)
        rng = Rng(<uint64_t>args[0])
        with nogil:
            while not s.is_terminal():
                s.apply(s.heuristic_action(rng))
                steps += 1
        return steps, _returns(s)
    if what == "checked":     # the checked calls: apply the action of this text, then this action id
        a = find_action(s, (<str>args[0]).encode())
        apply_checked(s, a)
        apply_checked(s, <Action>args[1])
        return s.phase_name().decode()
    if what == "search":      # ismcts with the game's defaults: {action text: visits}
        cfg = _search_config(s, <uint64_t>args[0], <uint64_t>args[1])
        with nogil:
            found = ismcts(s, cfg)
        return {s.action_text(stats.action).decode(): stats.visits for stats in found.actions}
    raise ValueError(f"unknown request {what!r}")


def on_deal(str game, uint64_t seed, int dealer, str what, *args):
    """Deals <game> (its default rules) from seed with dealer, then runs `what` on the deal:
    "root", "first", "heuristic" (rng seed), "checked" (action text, action id), "search" (iterations, seed)."""
    return _on_game(game, seed, dealer, what, args)


def playout_sums(str game, uint64_t seed, int64_t n):
    """The core's random playouts of <game>: stich.<game>().random_playouts(n, seed=seed).sum(axis=0)."""
    return [int(x) for x in _playout_sums(game, seed, n)]
