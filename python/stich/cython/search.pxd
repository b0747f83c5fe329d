# The search: ismcts (stich/ismcts.hpp, stich/search.hpp) with the games' settings of stich/stich.hpp
# (docs/embedding.md, "Cython"). The registered games' searches are compiled into libstich_core:
# the same (iterations, seed, threads) give the same visits as stich.ismcts(state, ...).
from libc.stdint cimport uint64_t
from libcpp.vector cimport vector

from stich.cython.game cimport Action
from stich.cython.games cimport CouillonState, MuckenState, MistigriState, EuchreState

cdef extern from "stich/stich.hpp" namespace "stich" nogil:
    cpdef enum class Playout(unsigned char):
        Random
        Heuristic

    cppclass SearchConfig:
        SearchConfig()
        uint64_t iterations   # total over all threads; 0: use seconds
        double seconds        # wall-clock budget when iterations is 0
        int threads
        uint64_t seed
        double c              # UCB exploration constant
        Playout playout

    cppclass ActionStats:
        Action action
        uint64_t visits
        double reward         # sum of the observer's returns over the visits (the game's unit)
        double reward_sq
        double tally

    cppclass LineStep:
        Action key
        int seat
        uint64_t visits
        double mean

    cppclass SearchResult:
        SearchResult()
        int observer
        vector[ActionStats] actions   # the observer's legal actions at the root, in id order
        vector[LineStep] line         # the principal line
        uint64_t iterations
        uint64_t nodes
        double seconds

    # What stich.ismcts uses by default for each game (its c, heuristic playouts).
    SearchConfig couillon_search_config "stich::search_config<stich::CouillonDef>"(uint64_t iterations, uint64_t seed, int threads)
    SearchConfig mucken_search_config "stich::search_config<stich::MuckenDef>"(uint64_t iterations, uint64_t seed, int threads)
    SearchConfig mistigri_search_config "stich::search_config<stich::MistigriDef>"(uint64_t iterations, uint64_t seed, int threads)
    SearchConfig euchre_search_config "stich::search_config<stich::EuchreDef>"(uint64_t iterations, uint64_t seed, int threads)

    # The decision of the seat to act; std::invalid_argument (ValueError) for a finished deal or a bad budget.
    # Release the GIL around it (`with nogil:`): with threads > 1 it starts and joins its own threads.
    SearchResult ismcts(const CouillonState& root, const SearchConfig& cfg) except +
    SearchResult ismcts(const MuckenState& root, const SearchConfig& cfg) except +
    SearchResult ismcts(const MistigriState& root, const SearchConfig& cfg) except +
    SearchResult ismcts(const EuchreState& root, const SearchConfig& cfg) except +
