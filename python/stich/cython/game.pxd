# The shape every game's State follows: stich/game.hpp (docs/embedding.md, "Cython").
from libc.stdint cimport uint16_t, int32_t
from libcpp.string cimport string

cdef extern from "stich/game.hpp" namespace "stich" nogil:
    ctypedef uint16_t Action   # card plays are card ids (0..63); a game's decisions follow
    const Action HIDDEN_ACTION
    const int MAX_SEATS
    const int MAX_ACTIONS

    # A state's legal actions: a[0] .. a[n - 1], ascending ids.
    cppclass ActionList:
        Action a[64]
        int n
        ActionList()
        bint contains(Action x)

    # std::array<int32_t, 6>: the first num_players() count.
    cppclass Returns:
        Returns()
        int32_t& operator[](size_t i)

    # The checked apply (IllegalAction, a std::invalid_argument -> ValueError, lists the legal
    # actions) and the text lookup; for the states of stich.cython.games.
    void apply_checked[S](S& s, Action a) except +
    Action find_action[S](const S& s, const string& text) except +

cdef extern from "stich/trick.hpp" namespace "stich" nogil:
    const Action CARD_ACTIONS   # 64: action ids below it are card plays (the card's id)
