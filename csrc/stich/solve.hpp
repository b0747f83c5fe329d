// The exact open-hand solver (every hand known) and PIMC / exact analysis under hidden cards
// (docs/solver.md).
//
// Values are the root seat's return (returns()[root], the game's unit). Two-sided games (teams
// seat % 2, zero-sum between the teams): every seat maximises its own return, which is the root's
// team maximising and the other team minimising the root's return. Other games (Mistigri): the
// root seat against all the others, who minimise its return (the "paranoid" reading).
//
// Search: fail-soft alpha-beta on null windows ("is the return >= t?"), driven by MTD(f) for an
// exact value. A transposition table holds lower and upper bounds on the root's return for
// positions at the start of a trick, keyed by every seat's remaining cards, the seat to lead and
// the score information the return still depends on (a per-game key). Before that, quick bounds
// from the points and tricks still out (a per-game hook) cut the window. Move ordering: the
// table's best move, the move that last cut at this ply, then cards that take the trick cheaply,
// points to a partner's trick, cheap discards. Equivalent cards count once: cards of one hand in
// the same effective suit, worth the same, with no card between them in the contract's order
// that is still in another hand or on the table (bridge solvers' "sequences").
//
// Per-game hooks: SolverTraits<State> (stich/solver_traits.hpp; each game specialises it in its own
// header). The bindings instantiate
// solve and pimc for every registered game (stich/registry.hpp) that has them.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "stich/game.hpp"
#include "stich/registry.hpp"
#include "stich/sampler.hpp"
#include "stich/solver_traits.hpp"

namespace stich {

// Thrown inside a solve when its stop flag is set.
struct SolveStopped : std::runtime_error {
    SolveStopped() : std::runtime_error("the solve was stopped") {}
};

// Thrown inside a solve past its node limit (Solver::node_limit); the solver's table keeps what
// the search had finished, so the same solver can take the solve up again without the limit.
struct SolveLimitReached : std::runtime_error {
    SolveLimitReached() : std::runtime_error("the solve reached its node limit") {}
};

// One move of a principal variation, with what every seat's side has taken after it.
struct SolveStep {
    Action action = 0;
    int seat = 0;
    int trick_winner = -1;                 // the seat that took the trick this move completed, or -1
    std::array<int, MAX_SEATS> tally{};    // State::tally(seat) after the move
    bool operator==(const SolveStep&) const = default;
};

// How much of the principal variation a solve gives: none, its first move only, or all of it.
enum class SolveLine { None, FirstMove, Full };

struct SolveResult {
    int root = 0;
    std::vector<std::pair<Action, int>> values;   // every legal action, ascending ids
    Action best = 0;
    int value = 0;
    std::vector<SolveStep> line;
    uint64_t nodes = 0;
    double seconds = 0;
};

namespace detail {

constexpr int SOLVE_INF = 1 << 30;
constexpr int SOLVE_MAX_PLY = 64;

struct SolveKey {
    std::array<CardSet, MAX_SEATS> hands{};
    uint64_t extra = 0;   // score key, the seat to lead (bits 56-59) and the root seat (60-63; 0 when two-sided)
    bool operator==(const SolveKey&) const = default;
};

struct SolveEntry {
    SolveKey key;
    int32_t lower = -SOLVE_INF, upper = SOLVE_INF;
    uint32_t generation = 0;   // 0: empty; an entry of another solve counts as empty
    uint8_t move = NO_CARD;    // the card that last gave the bound
    uint8_t cards = 0;         // cards still in the hands: the larger subtree is kept
};

// The transposition table: two-entry buckets, allocated once, reused across solves (a new
// generation empties it without touching the memory).
struct SolveTable {
    std::vector<SolveEntry> slots;
    uint64_t mask = 0;
    uint32_t generation = 0;

    // A table of 2^bits entries. `keep_larger`: a larger allocation is kept and only its first
    // 2^bits entries are used (a thread's table serves solves of every size; a small solve
    // spread over a large table would miss the cache at every probe).
    void reset(int bits, bool keep_larger) {
        const size_t size = size_t(1) << bits;
        if (keep_larger ? slots.size() < size : slots.size() != size) {
            slots.assign(size, SolveEntry{});
            generation = 0;
        }
        mask = size - 2;   // bucket index: even slots
        if (++generation == 0) {   // wrapped: clear for real
            std::fill(slots.begin(), slots.end(), SolveEntry{});
            generation = 1;
        }
    }
    static uint64_t hash(const SolveKey& k) {
        uint64_t h = k.extra * 0x9E3779B97F4A7C15ULL;
        for (CardSet c : k.hands) h = (h ^ c) * 0xBF58476D1CE4E5B9ULL + 0x94D049BB133111EBULL;
        return h ^ (h >> 29);
    }
    SolveEntry* find(const SolveKey& k, uint64_t h) {
        SolveEntry* b = &slots[h & mask];
        for (int i = 0; i < 2; ++i)
            if (b[i].generation == generation && b[i].key == k) return &b[i];
        return nullptr;
    }
    SolveEntry* place(const SolveKey& k, uint64_t h, int cards) {
        SolveEntry* b = &slots[h & mask];
        for (int i = 0; i < 2; ++i)
            if (b[i].generation == generation && b[i].key == k) return &b[i];
        SolveEntry* e = &b[0];
        if (b[0].generation == generation && (b[1].generation != generation || b[1].cards <= b[0].cards)) e = &b[1];
        if (e->generation == generation && e->cards > cards) e = (e == &b[0]) ? &b[1] : &b[0];
        *e = SolveEntry{};
        e->key = k;
        e->generation = generation;
        e->cards = uint8_t(cards);
        return e;
    }
};

// Tables kept between solves: a solver leases one for its lifetime and gives it back, so that a
// table is allocated (and its memory touched) once, and each solve starts a new generation
// instead of clearing it. Allocating a table per solve cost far more than many searches (2^20
// entries are 70 MB); the solving threads come and go (the bindings run each call on a thread of
// its own), so the tables live in a pool, not in the threads.
class TableLease {
   public:
    TableLease() {
        std::lock_guard lock(mutex());
        if (!pool().empty()) {
            table_ = std::move(pool().back());
            pool().pop_back();
        } else {
            table_ = std::make_unique<SolveTable>();
        }
    }
    ~TableLease() {
        std::lock_guard lock(mutex());
        if (pool().size() < MAX_KEPT && table_->slots.size() <= MAX_KEPT_SIZE) pool().push_back(std::move(table_));
    }
    TableLease(const TableLease&) = delete;
    TableLease& operator=(const TableLease&) = delete;
    SolveTable* operator->() const { return table_.get(); }

   private:
    static constexpr size_t MAX_KEPT = 8;                     // tables of solvers that ran at once
    static constexpr size_t MAX_KEPT_SIZE = size_t(1) << 20;  // entries: larger ones (asked for) go
    static std::mutex& mutex() {
        static std::mutex m;
        return m;
    }
    static std::vector<std::unique_ptr<SolveTable>>& pool() {
        static std::vector<std::unique_ptr<SolveTable>> p;
        return p;
    }
    std::unique_ptr<SolveTable> table_;
};

}  // namespace detail

// The solver of one game: reusable (its table stays allocated) but not shared between threads.
template <GameState State>
class Solver {
    using T = SolverTraits<State>;

   public:
    const std::atomic<bool>* stop = nullptr;
    uint64_t node_limit = 0;   // > 0: SolveLimitReached once the nodes (counted from 0) pass it
    uint64_t nodes = 0;
    // Both on by default; off only to check that they change no value (tests): the
    // transposition table, and equivalent cards searched once.
    bool use_table = true;
    bool merge_equivalent = true;

    // Prepares a solve of `s` for its seat to act (table of 2^bits entries; bits 0: by size),
    // with an empty table.
    void start(const State& s, int bits = 0) {
        const bool by_size = bits == 0;
        if (by_size) {
            const int cards = popcount(T::in_play_cards(s));
            bits = std::clamp(2 + cards / 2, 12, 18);   // measured: larger tables miss the cache more than they save
        }
        table_->reset(bits, by_size);
        follow(s);
    }

    // Prepares the next solve of the same analysis: `s` is a position of the same deal and
    // contract as the solves since start() (a later one, as when every card of a deal is
    // analysed). The table keeps its entries: they are exact bounds for any position of that
    // deal, since their keys hold everything the return still depends on (and the root seat, or
    // in a two-sided game the bounds are on seat 0's return).
    void follow(const State& s) {
        root_ = s.current_player();
        two_sided_ = T::two_sided(s);
        sign_ = two_sided_ && root_ % 2 == 1 ? -1 : 1;
        killer_.fill(NO_CARD);
    }

    // The exact value (root's return) of a position.
    int exact(const State& s, int guess = 0) {
        int lower = -detail::SOLVE_INF, upper = detail::SOLVE_INF, g = guess;
        while (lower < upper) {
            const int beta = g == lower ? g + 1 : g;
            g = search(s, beta, 0);
            if (g < beta) upper = g;
            else lower = g;
        }
        return g;
    }

    // The root's return after each legal action (equivalent cards share one search).
    std::vector<std::pair<Action, int>> root_values(const State& s) {
        ActionList legal;
        s.legal_actions(legal);
        ActionList reps;
        std::array<int8_t, MAX_ACTIONS> rep_of{};
        representatives(s, legal, reps, rep_of);
        std::array<int, MAX_ACTIONS> rep_value{};
        int guess = 0;
        for (int i = 0; i < reps.n; ++i) {
            State c = s;
            c.apply(reps.a[size_t(i)]);
            rep_value[size_t(i)] = guess = exact(c, guess);
        }
        std::vector<std::pair<Action, int>> out;
        for (int i = 0; i < legal.n; ++i) out.emplace_back(legal.a[size_t(i)], rep_value[size_t(rep_of[size_t(i)])]);
        return out;
    }

    // A principal variation from `s` (whose exact value is `value`): at every move the first
    // action (in search order) whose value equals the position's.
    std::vector<SolveStep> line(State s, int value) {
        std::vector<SolveStep> out;
        while (!s.is_terminal()) {
            ActionList legal;
            s.legal_actions(legal);
            const bool max_node = maximiser(s.current_player());
            Action chosen = legal.a[0];
            for (Action a : legal) {
                State c = s;
                c.apply(a);
                // The value is the best over the children: a child reaching it equals it.
                const bool equal = max_node ? search(c, value, 0) >= value : search(c, value + 1, 0) < value + 1;
                if (equal) {
                    chosen = a;
                    break;
                }
            }
            SolveStep step;
            step.action = chosen;
            step.seat = s.current_player();
            const int done = s.trick.done;
            s.apply(chosen);
            if (s.trick.done != done || s.is_terminal()) step.trick_winner = s.trick.winner;
            if constexpr (requires { s.tally(0); })
                for (int seat = 0; seat < s.num_players(); ++seat) step.tally[size_t(seat)] = s.tally(seat);
            out.push_back(step);
        }
        return out;
    }

   private:
    int root_ = 0;
    bool two_sided_ = true;
    // The table holds bounds on seat 0's return when two-sided (any root's return is it or its
    // negation: returns[s] is returns[0] for even s, -returns[0] for odd), else the root's.
    int sign_ = 1;
    detail::TableLease table_;
    std::array<Card, detail::SOLVE_MAX_PLY> killer_{};

    bool maximiser(int seat) const { return two_sided_ ? seat % 2 == root_ % 2 : seat == root_; }

    // The legal actions with equivalent cards merged: reps gets one action per class (the
    // highest card), rep_of[i] the class of legal.a[i].
    void representatives(const State& s, const ActionList& legal, ActionList& reps, std::array<int8_t, MAX_ACTIONS>& rep_of) const {
        const Contract& k = T::contract(s);
        const CardSet hand = s.hand(s.current_player());
        const CardSet others = T::in_play_cards(s) & ~hand;   // cards in other hands or on the table
        const CardSet distinct = T::distinct(s);
        reps.n = 0;
        for (int i = 0; i < legal.n; ++i) {
            const Action a = legal.a[size_t(i)];
            const Card c = T::card_of(s, a);
            int found = -1;
            if (merge_equivalent && !contains(distinct, c)) {
                for (int j = 0; j < reps.n && found < 0; ++j) {
                    const Card d = T::card_of(s, reps.a[size_t(j)]);
                    if (contains(distinct, d) || k.points[d] != k.points[c] || !contains(k.same_suit[c], d)) continue;
                    const int lo = std::min(k.strength[c], k.strength[d]), hi = std::max(k.strength[c], k.strength[d]);
                    bool separated = false;
                    for (CardSet between = others & k.same_suit[c]; between && !separated;) {
                        const Card x = pop_lsb(between);
                        separated = k.strength[x] > lo && k.strength[x] < hi;
                    }
                    if (!separated) found = j;
                }
            }
            if (found < 0) {
                found = reps.n;
                reps.push(a);
            }
            rep_of[size_t(i)] = int8_t(found);
        }
    }

    // Fail-soft null-window search: a result >= beta is a lower bound on the root's return, a
    // result < beta an upper bound.
    int search(const State& s, int beta, int ply) {
        if (s.is_terminal()) {
            Returns r;
            s.returns(r);
            return r[size_t(root_)];
        }
        if ((++nodes & 1023) == 0) {
            if (stop && stop->load(std::memory_order_relaxed)) throw SolveStopped();
            if (node_limit && nodes > node_limit) throw SolveLimitReached();
        }
        ActionList legal;
        s.legal_actions(legal);
        if (legal.n == 1) {   // forced (the whole last trick): no bounds, table or ordering to pay for
            State c = s;
            c.apply(legal.a[0]);
            return search(c, beta, ply + 1);
        }
        const bool at_start = s.trick.size == 0;
        detail::SolveEntry* entry = nullptr;
        detail::SolveKey key;
        uint64_t h = 0;
        Card tt_move = NO_CARD;
        int cards = 0;
        if (at_start) {
            int lo, hi;
            T::bounds(s, root_, lo, hi);
            if (lo >= beta) return lo;
            if (hi < beta) return hi;
            for (int seat = 0; seat < s.num_players(); ++seat) {
                key.hands[size_t(seat)] = s.hand(seat);
                cards += popcount(s.hand(seat));
            }
            key.extra = T::score_key(s) | uint64_t(s.current_player()) << 56 | uint64_t(two_sided_ ? 0 : root_) << 60;
            h = detail::SolveTable::hash(key);
            entry = use_table ? table_->find(key, h) : nullptr;
            if (entry) {
                const int lower = sign_ > 0 ? entry->lower : -entry->upper;
                const int upper = sign_ > 0 ? entry->upper : -entry->lower;
                if (lower >= beta) return lower;
                if (upper < beta) return upper;
                tt_move = entry->move;
            }
        }
        ActionList reps;
        std::array<int8_t, MAX_ACTIONS> rep_of;
        representatives(s, legal, reps, rep_of);
        // Move ordering: scores, then a selection sort as the moves are taken.
        std::array<int, MAX_ACTIONS> score;
        const Contract& k = T::contract(s);
        const int seat = s.current_player();
        const bool max_node = maximiser(seat);
        const Card killer = ply < detail::SOLVE_MAX_PLY ? killer_[size_t(ply)] : NO_CARD;
        for (int i = 0; i < reps.n; ++i) {
            const Action a = reps.a[size_t(i)];
            const Card c = T::card_of(s, a);
            int sc;
            if (s.trick.size == 0) {
                sc = 2000 + 8 * k.strength[c] + k.points[c];
            } else if (maximiser(s.trick.winner) == max_node) {   // a partner (or the seat's side) wins it
                sc = 1000 + 8 * k.points[c] - k.strength[c];
            } else if (takes(k, s.trick.winning, c)) {
                sc = 3000 + 8 * k.points[c] - k.strength[c];
            } else {
                sc = 1000 - 8 * k.points[c] - k.strength[c];
            }
            if (c == killer) sc += 10000;
            if (c == tt_move && is_card_action(a)) sc += 20000;
            score[size_t(i)] = sc;
        }
        int best = max_node ? -detail::SOLVE_INF : detail::SOLVE_INF;
        Card best_card = NO_CARD;
        for (int n = 0; n < reps.n; ++n) {
            int pick = n;
            for (int j = n + 1; j < reps.n; ++j)
                if (score[size_t(j)] > score[size_t(pick)]) pick = j;
            std::swap(score[size_t(n)], score[size_t(pick)]);
            std::swap(reps.a[size_t(n)], reps.a[size_t(pick)]);
            const Action a = reps.a[size_t(n)];
            State c = s;
            c.apply(a);
            const int v = search(c, beta, ply + 1);
            if (max_node ? v > best : v < best) {
                best = v;
                best_card = T::card_of(s, a);
            }
            if (max_node ? best >= beta : best < beta) {
                if (ply < detail::SOLVE_MAX_PLY) killer_[size_t(ply)] = best_card;
                break;
            }
        }
        if (at_start && use_table) {
            entry = table_->place(key, h, cards);
            const int stored = sign_ * best;
            if ((best >= beta) == (sign_ > 0)) entry->lower = std::max(entry->lower, stored);   // a lower bound on the stored side
            else entry->upper = std::min(entry->upper, stored);
            entry->move = best_card;
        }
        return best;
    }
};

template <GameState State>
void check_solvable(const State& s) {
    if (s.is_terminal()) throw std::invalid_argument("the deal is over: there is nothing to solve");
    if (!SolverTraits<State>::in_play(s))
        throw std::invalid_argument(std::string("solve and pimc need the card-play phase; this state is in phase ") +
                                    s.phase_name() + " (play the decisions before the first card first)");
}

// The exact open-hand values of every legal action of `s`'s seat to act, the best action, its
// value and a principal variation (as much as `line` asks), by a solver prepared for `s` (start or
// follow). `nodes`: the nodes this solve searched.
template <GameState State>
SolveResult solve_with(Solver<State>& solver, const State& s, SolveLine line = SolveLine::Full) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = solver.nodes;
    SolveResult r;
    r.root = s.current_player();
    r.values = solver.root_values(s);
    r.best = r.values[0].first;
    r.value = r.values[0].second;
    for (const auto& [a, v] : r.values)
        if (v > r.value) {
            r.value = v;
            r.best = a;
        }
    if (line != SolveLine::None) {
        State after = s;
        after.apply(r.best);
        SolveStep first;
        first.action = r.best;
        first.seat = r.root;
        if (after.trick.done != s.trick.done || after.is_terminal()) first.trick_winner = after.trick.winner;
        if constexpr (requires { after.tally(0); })
            for (int seat = 0; seat < s.num_players(); ++seat) first.tally[size_t(seat)] = after.tally(seat);
        r.line.push_back(first);
        if (line == SolveLine::Full) {
            std::vector<SolveStep> rest = solver.line(after, r.value);
            r.line.insert(r.line.end(), rest.begin(), rest.end());
        }
    }
    r.nodes = solver.nodes - nodes_before;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

// The exact open-hand values of every legal action of the seat to act (all hands as they are in
// `s`), the best action, its value and a principal variation. Throws std::invalid_argument
// outside the card-play phase, SolveStopped when `stop` is set.
template <GameState State>
SolveResult solve(const State& s, const std::atomic<bool>* stop = nullptr, int table_bits = 0) {
    check_solvable(s);
    Solver<State> solver;
    solver.stop = stop;
    solver.start(s, table_bits);
    return solve_with(solver, s);
}

// Every card of a deal analysed: a solve at each decision of the card play from `s`, with one
// table for all of them (each later solve finds the positions the earlier ones searched). The
// play goes on with `moves` in turn while there are any (std::invalid_argument for an illegal
// one), then, when `to_end`, with each solve's best action to the end of the deal. Appends one
// result per decision solved to `out`, in order, by `solver` (started for `s`), with principal
// variations if `lines`; results already in `out` are taken as done, so a call stopped by the
// solver's node limit can be taken up again.
template <GameState State>
void analyse_deal_into(Solver<State>& solver, const State& s, const std::vector<Action>& moves, bool to_end, bool lines,
                       std::vector<SolveResult>& out) {
    // Along the best actions of a two-sided game, a solve's principal variation is its best move
    // and then the next solve's: each picks the lowest-id action of the value, and the next
    // root's values are the same or negated. So those lines are put together at the end, not
    // searched again (Mistigri's roots want different things: each is searched).
    const bool chained = lines && to_end && SolverTraits<State>::two_sided(s);
    State at = s;
    for (size_t i = 0; i < out.size(); ++i) at.apply(i < moves.size() ? moves[i] : out[i].best);
    for (size_t i = out.size(); !at.is_terminal() && (i < moves.size() || to_end); ++i) {
        if (!SolverTraits<State>::in_play(at))
            throw std::invalid_argument("move " + std::to_string(i) + " left the card-play phase (phase " + at.phase_name() + ")");
        solver.follow(at);
        const SolveLine line = !lines ? SolveLine::None : chained && i >= moves.size() ? SolveLine::FirstMove : SolveLine::Full;
        SolveResult r = solve_with(solver, at, line);
        Action a = r.best;
        if (i < moves.size()) {
            a = moves[i];
            ActionList legal;
            at.legal_actions(legal);
            if (std::find(legal.begin(), legal.end(), a) == legal.end())
                throw std::invalid_argument("move " + std::to_string(i) + " (" + at.action_text(a) + ") is not legal for seat " +
                                            std::to_string(at.current_player()));
        }
        out.push_back(std::move(r));
        at.apply(a);
    }
    if (chained && at.is_terminal())   // the last solve's best move ended the deal: its line is whole
        for (size_t i = out.size() - 1; i-- > moves.size();) out[i].line.insert(out[i].line.end(), out[i + 1].line.begin(), out[i + 1].line.end());
    if (!moves.empty() && out.size() < moves.size())
        throw std::invalid_argument("the deal ended after " + std::to_string(out.size()) + " of the " + std::to_string(moves.size()) +
                                    " moves given");
}

// analyse_deal_into with a solver of its own: one result per decision solved, in order.
template <GameState State>
std::vector<SolveResult> analyse_deal(const State& s, const std::vector<Action>& moves, bool to_end, bool lines = true,
                                      const std::atomic<bool>* stop = nullptr, int table_bits = 0) {
    check_solvable(s);
    Solver<State> solver;
    solver.stop = stop;
    solver.start(s, table_bits);
    std::vector<SolveResult> out;
    analyse_deal_into(solver, s, moves, to_end, lines, out);
    return out;
}

// A timed PIMC prepares at most this many worlds (they are drawn before the clock is read).
constexpr uint64_t TIMED_WORLDS = 4096;

struct PimcConfig {
    uint64_t worlds = 100;    // worlds to sample (at most); all of them when there are no more
    int threads = 1;
    uint64_t seed = 0;
    double seconds = 0;       // > 0: stop taking new worlds after this long (at least one a thread)
    const std::atomic<bool>* stop = nullptr;
};

struct PimcResult {
    int observer = 0;
    std::vector<Action> actions;               // the observer's legal actions, ascending ids
    std::vector<double> sum, sum_sq;           // per action over the worlds solved, weighted
    std::vector<int> low, high;                // per action: the lowest and highest value of a world
    uint64_t worlds = 0;                       // worlds solved
    double weight = 0;                         // their total weight (worlds solved when sampling)
    bool exact = false;                        // every consistent world counted once
    u128 world_count = 0;                      // the consistent worlds of the observer's view
    uint64_t nodes = 0;
    double seconds = 0;
};

namespace detail {

// The exact analysis solves one world per deal of the hands that still play: worlds that differ
// only in the cards no one will play (a talon, discards, the hands of seats that sit out) have
// the same open-hand values. `live` lists the playing seats; the other locations merge into one
// dead location (a card may go there if some dead location allows it). Each deal of the merged
// view stands for the worlds that split its dead cards over the real dead locations: its weight.
struct DealClasses {
    std::vector<Locations> worlds;   // a representative world of each deal
    std::vector<double> weights;     // how many consistent worlds it stands for
};

inline View merged_view(const View& v, const std::vector<int>& live) {
    View m = v;
    m.num_locations = uint8_t(live.size() + 1);
    Location dead;
    dead.forbidden = ALL_CARDS;
    bool any = false;
    for (int l = 0; l < v.num_locations; ++l) {
        if (std::find(live.begin(), live.end(), l) != live.end()) continue;
        const Location& loc = v.where[size_t(l)];
        dead.known |= loc.known;
        dead.size = uint8_t(dead.size + loc.size);
        if (loc.size > popcount(loc.known)) dead.forbidden &= loc.forbidden;
        any = true;
    }
    if (!any || popcount(dead.known) == dead.size) dead.forbidden = ~dead.known;   // nothing unknown goes there
    dead.forbidden &= ~dead.known;
    for (size_t i = 0; i < live.size(); ++i) m.where[i] = v.where[size_t(live[i])];
    m.where[live.size()] = dead;
    for (size_t i = live.size() + 1; i < MAX_LOCATIONS; ++i) m.where[i] = Location{};
    return m;
}

// The deals of the live hands, if at most `limit` (else empty), with their weights.
inline DealClasses deal_classes(const View& v, const std::vector<int>& live, uint64_t limit, uint64_t seed) {
    DealClasses out;
    const WorldSampler merged(merged_view(v, live));
    if (merged.count() > u128(limit)) return out;
    Rng rng(seed);
    merged.enumerate([&](const Locations& w) {
        View sub = v;
        for (size_t i = 0; i < live.size(); ++i) {
            Location& loc = sub.where[size_t(live[i])];
            loc.known = w[i];
            loc.forbidden = ~w[i];
        }
        for (int l = 0; l < v.num_locations; ++l)
            if (std::find(live.begin(), live.end(), l) == live.end()) sub.where[size_t(l)].forbidden |= ~w[live.size()];
        CardSet hands = 0;
        for (size_t i = 0; i < live.size(); ++i) hands |= w[i] & ~v.where[size_t(live[i])].known;
        sub.unknown = v.unknown & ~hands;
        try {
            const WorldSampler completions(sub);
            out.worlds.push_back(completions.sample(rng));
            out.weights.push_back(double(completions.count()));
        } catch (const std::invalid_argument&) {   // the dead cards fit no split: no world
        }
        return true;
    });
    return out;
}

}  // namespace detail

// PIMC: solves worlds of the seat to act's view open-handed and sums each action's value. When
// the view has at most cfg.worlds deals of the hands that still play, every one is solved once,
// weighted by the consistent worlds it stands for (the exact expectation of open-hand play over
// all consistent deals); else cfg.worlds worlds are drawn uniformly. The worlds are drawn from
// the seed before solving, so a seed gives the same result on every thread count (without a
// time budget).
template <GameState State>
PimcResult pimc(const State& root, const PimcConfig& cfg) {
    check_solvable(root);
    if (cfg.worlds < 1) throw std::invalid_argument("worlds must be >= 1");
    if (cfg.threads < 1 || cfg.threads > 256) throw std::invalid_argument("threads must be 1..256");
    const auto start = std::chrono::steady_clock::now();
    const int observer = root.current_player();
    const View view = root.view(observer);
    const WorldSampler sampler(view);
    PimcResult r;
    r.observer = observer;
    r.world_count = sampler.count();
    std::vector<int> live;
    for (int seat = 0; seat < root.num_players(); ++seat)
        if (SolverTraits<State>::plays(root, seat)) live.push_back(seat);
    // With a time budget the worlds are prepared up front all the same: at most TIMED_WORLDS.
    const bool timed = cfg.seconds > 0;
    const uint64_t most = timed ? std::min<uint64_t>(cfg.worlds, TIMED_WORLDS) : cfg.worlds;
    detail::DealClasses classes = detail::deal_classes(view, live, most, cfg.seed);
    std::vector<Locations>& worlds = classes.worlds;
    std::vector<double>& weights = classes.weights;
    if (!worlds.empty()) {
        r.exact = true;
    } else {
        Rng rng(cfg.seed);
        worlds.reserve(size_t(most));
        for (uint64_t i = 0; i < most; ++i) worlds.push_back(sampler.sample(rng));
        weights.assign(worlds.size(), 1.0);
    }
    ActionList legal;
    root.legal_actions(legal);
    const size_t na = size_t(legal.n);
    std::vector<int> values(worlds.size() * na);
    std::vector<uint8_t> solved(worlds.size(), 0);
    std::atomic<size_t> next{0};
    std::vector<uint64_t> nodes(size_t(cfg.threads), 0);
    const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(timed ? cfg.seconds : 0.0));
    auto run = [&](int t) {
        Solver<State> solver;
        solver.stop = cfg.stop;
        bool first = true;
        for (;;) {
            if (timed && !first && std::chrono::steady_clock::now() >= deadline) break;
            if (cfg.stop && cfg.stop->load(std::memory_order_relaxed)) throw SolveStopped();
            const size_t i = next.fetch_add(1);
            if (i >= worlds.size()) break;
            first = false;
            State w = root;
            Rng rng(mix_seed(cfg.seed, i));
            w.set_hidden(worlds[i], observer, rng);
            solver.start(w);
            const auto vals = solver.root_values(w);
            for (size_t a = 0; a < na; ++a) values[i * na + a] = vals[a].second;
            solved[i] = 1;
        }
        nodes[size_t(t)] = solver.nodes;
    };
    run_on_threads(cfg.threads, run);
    r.actions.assign(legal.begin(), legal.end());
    r.sum.assign(na, 0);
    r.sum_sq.assign(na, 0);
    r.low.assign(na, std::numeric_limits<int>::max());
    r.high.assign(na, std::numeric_limits<int>::min());
    for (size_t i = 0; i < worlds.size(); ++i) {   // in world order: the same sums on any thread count
        if (!solved[i]) {
            r.exact = false;   // a time budget cut the enumeration short
            continue;
        }
        ++r.worlds;
        r.weight += weights[i];
        for (size_t a = 0; a < na; ++a) {
            const int v = values[i * na + a];
            r.sum[a] += weights[i] * v;
            r.sum_sq[a] += weights[i] * double(v) * v;
            r.low[a] = std::min(r.low[a], v);
            r.high[a] = std::max(r.high[a], v);
        }
    }
    for (uint64_t n : nodes) r.nodes += n;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}  // namespace stich
