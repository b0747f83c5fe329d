# The games: each one's Rules and State (the uniform State API of stich/game.hpp), its deal and its
# random playouts, through the entry points of stich/stich.hpp (docs/embedding.md, "Cython").
#
# Everything here is declared nogil: the calls hold no Python object. The unchecked State calls
# (legal_actions, apply, random_action, ...) check nothing and throw nothing: apply() needs a legal
# action (use stich.cython.game.apply_checked for actions from outside). The rest is `except +`:
# std::invalid_argument becomes ValueError, std::out_of_range IndexError.
from libc.stdint cimport int32_t, int64_t, uint64_t
from libcpp cimport bool
from libcpp.string cimport string
from libcpp.vector cimport vector

from stich.cython.cards cimport Card, CardSet, Rng
from stich.cython.game cimport Action, ActionList, Returns

cdef extern from "stich/stich.hpp" namespace "stich" nogil:
    # Couillon
    cppclass CouillonRules:
        CouillonRules()   # the struct's defaults; couillon_rules() are the registry's (stich.Couillon())
    cppclass CouillonState:
        CouillonState()
        CouillonState(CouillonState&)
        int num_players()
        int current_player()          # -1 once the deal is over
        bint is_terminal()
        void legal_actions(ActionList& out)
        void apply(Action a)          # unchecked: a must be legal
        Action random_action(Rng& rng)   # uniform among the legal actions
        Action heuristic_action(Rng& rng)   # the rule-of-thumb bot (docs/bots.md), the search's playout policy
        void returns(Returns& out)    # valid once is_terminal()
        CardSet hand(int seat)
        int tally(int seat)
        string action_text(Action a) except +
        string to_string() except +
        const char* phase_name()
        bool operator==(CouillonState&)
    CouillonRules couillon_rules "stich::rules_of<stich::CouillonDef>"() except +
    # = stich.Couillon().deal(seed=seed, dealer=dealer); IndexError for a dealer not at the table.
    CouillonState couillon_deal "stich::deal<stich::CouillonDef>"(const CouillonRules& rules, uint64_t seed, int dealer) except +
    # n deals played out with uniformly random legal actions, deal i from (seed, i), dealer i % players:
    # the rows of stich.Couillon().random_playouts(n, seed=seed) one after the other, and their column sums.
    vector[int32_t] couillon_random_playout_returns "stich::random_playout_returns<stich::CouillonDef>"(const CouillonRules& rules, int64_t n, uint64_t seed) except +
    vector[int64_t] couillon_random_playout_sums "stich::random_playout_sums<stich::CouillonDef>"(const CouillonRules& rules, int64_t n, uint64_t seed) except +
    # Mucken
    cppclass MuckenRules:
        MuckenRules()   # the struct's defaults; mucken_rules() are the registry's (stich.Mucken())
    cppclass MuckenState:
        MuckenState()
        MuckenState(MuckenState&)
        int num_players()
        int current_player()          # -1 once the deal is over
        bint is_terminal()
        void legal_actions(ActionList& out)
        void apply(Action a)          # unchecked: a must be legal
        Action random_action(Rng& rng)   # uniform among the legal actions
        Action heuristic_action(Rng& rng)   # the rule-of-thumb bot (docs/bots.md), the search's playout policy
        void returns(Returns& out)    # valid once is_terminal()
        CardSet hand(int seat)
        int tally(int seat)
        string action_text(Action a) except +
        string to_string() except +
        const char* phase_name()
        bool operator==(MuckenState&)
    MuckenRules mucken_rules "stich::rules_of<stich::MuckenDef>"() except +
    # = stich.Mucken().deal(seed=seed, dealer=dealer); IndexError for a dealer not at the table.
    MuckenState mucken_deal "stich::deal<stich::MuckenDef>"(const MuckenRules& rules, uint64_t seed, int dealer) except +
    # n deals played out with uniformly random legal actions, deal i from (seed, i), dealer i % players:
    # the rows of stich.Mucken().random_playouts(n, seed=seed) one after the other, and their column sums.
    vector[int32_t] mucken_random_playout_returns "stich::random_playout_returns<stich::MuckenDef>"(const MuckenRules& rules, int64_t n, uint64_t seed) except +
    vector[int64_t] mucken_random_playout_sums "stich::random_playout_sums<stich::MuckenDef>"(const MuckenRules& rules, int64_t n, uint64_t seed) except +
    # Mistigri
    cppclass MistigriRules:
        MistigriRules()   # the struct's defaults; mistigri_rules() are the registry's (stich.Mistigri())
    cppclass MistigriState:
        MistigriState()
        MistigriState(MistigriState&)
        int num_players()
        int current_player()          # -1 once the deal is over
        bint is_terminal()
        void legal_actions(ActionList& out)
        void apply(Action a)          # unchecked: a must be legal
        Action random_action(Rng& rng)   # uniform among the legal actions
        Action heuristic_action(Rng& rng)   # the rule-of-thumb bot (docs/bots.md), the search's playout policy
        void returns(Returns& out)    # valid once is_terminal()
        CardSet hand(int seat)
        int tally(int seat)
        string action_text(Action a) except +
        string to_string() except +
        const char* phase_name()
        bool operator==(MistigriState&)
    MistigriRules mistigri_rules "stich::rules_of<stich::MistigriDef>"() except +
    # = stich.Mistigri().deal(seed=seed, dealer=dealer); IndexError for a dealer not at the table.
    MistigriState mistigri_deal "stich::deal<stich::MistigriDef>"(const MistigriRules& rules, uint64_t seed, int dealer) except +
    # n deals played out with uniformly random legal actions, deal i from (seed, i), dealer i % players:
    # the rows of stich.Mistigri().random_playouts(n, seed=seed) one after the other, and their column sums.
    vector[int32_t] mistigri_random_playout_returns "stich::random_playout_returns<stich::MistigriDef>"(const MistigriRules& rules, int64_t n, uint64_t seed) except +
    vector[int64_t] mistigri_random_playout_sums "stich::random_playout_sums<stich::MistigriDef>"(const MistigriRules& rules, int64_t n, uint64_t seed) except +
    # Euchre
    cppclass EuchreRules:
        EuchreRules()   # the struct's defaults; euchre_rules() are the registry's (stich.Euchre())
    cppclass EuchreState:
        EuchreState()
        EuchreState(EuchreState&)
        int num_players()
        int current_player()          # -1 once the deal is over
        bint is_terminal()
        void legal_actions(ActionList& out)
        void apply(Action a)          # unchecked: a must be legal
        Action random_action(Rng& rng)   # uniform among the legal actions
        Action heuristic_action(Rng& rng)   # the rule-of-thumb bot (docs/bots.md), the search's playout policy
        void returns(Returns& out)    # valid once is_terminal()
        CardSet hand(int seat)
        int tally(int seat)
        string action_text(Action a) except +
        string to_string() except +
        const char* phase_name()
        bool operator==(EuchreState&)
    EuchreRules euchre_rules "stich::rules_of<stich::EuchreDef>"() except +
    # = stich.Euchre().deal(seed=seed, dealer=dealer); IndexError for a dealer not at the table.
    EuchreState euchre_deal "stich::deal<stich::EuchreDef>"(const EuchreRules& rules, uint64_t seed, int dealer) except +
    # n deals played out with uniformly random legal actions, deal i from (seed, i), dealer i % players:
    # the rows of stich.Euchre().random_playouts(n, seed=seed) one after the other, and their column sums.
    vector[int32_t] euchre_random_playout_returns "stich::random_playout_returns<stich::EuchreDef>"(const EuchreRules& rules, int64_t n, uint64_t seed) except +
    vector[int64_t] euchre_random_playout_sums "stich::random_playout_sums<stich::EuchreDef>"(const EuchreRules& rules, int64_t n, uint64_t seed) except +
