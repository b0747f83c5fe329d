// The exact open-hand solver (every hand known) and PIMC / exact analysis under hidden cards
// (docs/solver.md).
//
// Values are the root seat's return (returns()[root], the game's unit). Two-sided games (teams
// seat % 2, zero-sum between the teams): every seat maximises its own return, which is the root's
// team maximising and the other team minimising the root's return. Other games (each seat for itself): the
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
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "stich/game.hpp"
#include "stich/limits.hpp"
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
    int trick_winner = -1;                // the seat that took the trick this move completed, or -1
    std::array<int, MAX_SEATS> tally{};   // State::tally(seat) after the move
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
    // The allocation is filled a chunk at a time, polling `stop` (SolveStopped when set): 2^26
    // entries take seconds to fill, and Ctrl-C must land within a fraction of a second. A fill
    // that was stopped leaves a short table, which the next reset fills again.
    void reset(int bits, bool keep_larger, const std::atomic<bool>* stop = nullptr) {
        const size_t size = size_t(1) << bits;
        if (keep_larger ? slots.size() < size : slots.size() != size) {
            slots.clear();
            slots.shrink_to_fit();   // the old table goes before the new one is allocated
            slots.reserve(size);
            generation = 0;
            constexpr size_t CHUNK = size_t(1) << 16;   // about 5 MB, a few milliseconds
            while (slots.size() < size) {
                if (stop && stop->load(std::memory_order_relaxed)) throw SolveStopped();
                slots.resize(std::min(size, slots.size() + CHUNK));
            }
        }
        mask = size - 2;           // bucket index: even slots
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
    static constexpr size_t MAX_KEPT = 8;                      // tables of solvers that ran at once
    static constexpr size_t MAX_KEPT_SIZE = size_t(1) << 20;   // entries: larger ones (asked for) go
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

}   // namespace detail

// The table size a solve of `s` takes when none is given (table_bits 0): 2 + half the cards in
// play, 12..18 (measured: larger tables miss the cache more than they save).
template <GameState State>
int table_bits_by_size(const State& s) {
    return std::clamp(2 + popcount(SolverTraits<State>::in_play_cards(s)) / 2, 12, 18);
}

// The largest table_bits a solve of `s` accepts: what the position can use, or what this
// machine's memory holds, whichever is smaller, never below the size by the position's size nor
// above 28. A table holds positions at the start of a trick: with h_i cards in seat i's hand, at
// most sum over t of prod_i C(h_i + 1, t + 1) sets of remaining cards (C(h + 1, t + 1) bounds
// the ways to take t or t + 1 cards from a hand, which covers a trick under way), times the seats
// that may lead, times 16 for the score keys (points taken), with two entries each (the table's
// buckets). Half the physical memory is the most a table may take. `why` (if given) says which bound holds.
template <GameState State>
int max_table_bits(const State& s, std::string* why = nullptr) {
    using T = SolverTraits<State>;
    const CardSet in_play = T::in_play_cards(s);
    std::vector<int> held;
    for (int seat = 0; seat < s.num_players(); ++seat)
        if (T::plays(s, seat)) held.push_back(popcount(s.hand(seat) & in_play));
    auto choose = [](int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; ++i) c = c * double(n - k + i) / double(i);
        return k < 0 || k > n ? 0.0 : c;
    };
    double positions = 0;
    for (int t = 0; t <= MAX_CARDS; ++t) {
        double p = 1;
        for (int h : held) p *= choose(h + 1, t + 1);
        positions += p;
    }
    const double entries = positions * double(held.size()) * 16 * 2;
    int by_position = 0;
    while (by_position < 62 && std::ldexp(1.0, by_position) < entries) ++by_position;
    int by_memory = 62;
    const uint64_t memory = physical_memory();
    if (memory) {
        by_memory = 0;
        while (by_memory < 62 && (uint64_t(2) << by_memory) * sizeof(detail::SolveEntry) <= memory / 2) ++by_memory;
    }
    const int most = std::clamp(std::min(by_position, by_memory), table_bits_by_size(s), 28);
    if (why) {
        if (by_memory < by_position && most == by_memory)
            *why = "a table of 2^" + std::to_string(most + 1) + " entries (" +
                   gib_text(double(uint64_t(2) << most) * double(sizeof(detail::SolveEntry))) +
                   ") would take more than half of this machine's memory (" + gib_text(double(memory)) + ")";
        else if (most == 28) *why = "28 is the largest table";
        else
            *why = "a position with " + std::to_string(popcount(in_play)) + " cards in play uses at most 2^" + std::to_string(most) +
                   " entries";
    }
    return most;
}

// Throws std::invalid_argument unless `bits` is 0 (by the position's size) or 10..max_table_bits(s)
// (as wide as a caller may give it: stich.solve's table_bits).
template <GameState State>
void check_table_bits(const State& s, int64_t bits) {
    if (bits == 0) return;
    std::string why;
    const int most = max_table_bits(s, &why);
    if (bits < 10 || bits > most)
        throw std::invalid_argument("table_bits must be 0 (by the position's size) or 10.." + std::to_string(most) + " here (" + why +
                                    "), got " + std::to_string(bits));
}

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
        if (by_size) bits = table_bits_by_size(s);
        table_->reset(bits, by_size, stop);
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
    if constexpr (requires { SolverTraits<State>::START; })
        if (!SolverTraits<State>::in_play(s) && std::string_view(s.phase_name()) == PLAY_PHASE)
            throw std::invalid_argument(std::string("solve and pimc take this game's card-play phase ('") + PLAY_PHASE + "') " +
                                        SolverTraits<State>::START + "; this state is earlier in that phase (play on, or search it)");
    if (!SolverTraits<State>::in_play(s))
        throw std::invalid_argument(std::string("solve and pimc need the card-play phase ('") + PLAY_PHASE +
                                    "'); this state is in phase '" + s.phase_name() + "' (play the decisions before the first card first)");
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
    check_table_bits(s, table_bits);
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
    // searched again (roots of games where each seat plays for itself want different things: each is searched).
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
        for (size_t i = out.size() - 1; i-- > moves.size();)
            out[i].line.insert(out[i].line.end(), out[i + 1].line.begin(), out[i + 1].line.end());
    if (!moves.empty() && out.size() < moves.size())
        throw std::invalid_argument("the deal ended after " + std::to_string(out.size()) + " of the " + std::to_string(moves.size()) +
                                    " moves given");
}

// analyse_deal_into with a solver of its own: one result per decision solved, in order.
template <GameState State>
std::vector<SolveResult> analyse_deal(const State& s, const std::vector<Action>& moves, bool to_end, bool lines = true,
                                      const std::atomic<bool>* stop = nullptr, int table_bits = 0) {
    check_solvable(s);
    check_table_bits(s, table_bits);
    Solver<State> solver;
    solver.stop = stop;
    solver.start(s, table_bits);
    std::vector<SolveResult> out;
    analyse_deal_into(solver, s, moves, to_end, lines, out);
    return out;
}

// The open-hand part of a review (stich.review, docs/review.md): the verdict on a decision of the
// card play with a choice, from its solve `r`, where `played` was chosen by seat `seat`: the best
// action is the played one where it ties for the best value, else the lowest id of that value.
struct OpenVerdict {
    size_t index = 0;   // of the decision's action among the actions reviewed
    int seat = 0;
    Action played = 0;
    Action best = 0;
    int value_played = 0;
    int value_best = 0;   // the loss is value_best - value_played
};

inline OpenVerdict open_verdict(const SolveResult& r, size_t index, int seat, Action played) {
    OpenVerdict v{index, seat, played, played, 0, std::numeric_limits<int>::min()};
    for (const auto& [a, value] : r.values) {
        if (a == played) v.value_played = value;
        if (value > v.value_best || (value == v.value_best && a == played)) {
            v.best = a;
            v.value_best = value;
        }
    }
    return v;
}

// A record's action k, about to be taken at `at`: std::invalid_argument where the deal has ended
// or the action is not legal for the seat to act. `legal` is left holding at's legal actions.
template <GameState State>
void check_record_action(const State& at, const std::vector<Action>& actions, size_t k, ActionList& legal) {
    if (at.is_terminal())
        throw std::invalid_argument("the deal ended after " + std::to_string(k) + " of the " + std::to_string(actions.size()) +
                                    " actions given");
    at.legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), actions[k]) == legal.end())
        throw std::invalid_argument("action " + std::to_string(k) + " is not legal for seat " + std::to_string(at.current_player()));
}

// The index of the first of `actions` (legal ones, taken in turn from `s`; std::invalid_argument
// names one that is not) taken in the card play, from where the solver starts; actions.size()
// when the actions do not reach it. `at` is left at that action's position.
template <GameState State>
size_t first_card_play(State& at, const std::vector<Action>& actions) {
    ActionList legal;
    for (size_t k = 0; k < actions.size(); ++k) {
        if (!at.is_terminal() && SolverTraits<State>::in_play(at)) return k;
        check_record_action(at, actions, k, legal);
        at.apply(actions[k]);
    }
    return actions.size();
}

// The verdicts of the decisions with a choice among analyse_deal's `results` along actions[first:]
// from `at` (the position of actions[first]).
template <GameState State>
std::vector<OpenVerdict> open_verdicts(State at, const std::vector<Action>& actions, size_t first,
                                       const std::vector<SolveResult>& results) {
    std::vector<OpenVerdict> out;
    for (size_t i = 0; i < results.size(); ++i) {
        if (results[i].values.size() >= 2) out.push_back(open_verdict(results[i], first + i, at.current_player(), actions[first + i]));
        at.apply(actions[first + i]);
    }
    return out;
}

// The open-hand review of the actions taken from `s` (the whole deal, bids included): the verdict
// of every decision of the card play with a choice, from one analyse_deal along the card play.
template <GameState State>
std::vector<OpenVerdict> review_open(const State& s, const std::vector<Action>& actions, const std::atomic<bool>* stop = nullptr) {
    State at = s;
    const size_t first = first_card_play(at, actions);
    if (first == actions.size()) return {};
    const std::vector<Action> tail(actions.begin() + std::ptrdiff_t(first), actions.end());
    return open_verdicts(at, actions, first, analyse_deal(at, tail, false, false, stop));
}

// A timed PIMC lists the deals of the playing hands (to solve them in a random order without
// repeats) only when there are at most this many; beyond, it draws worlds with repeats.
constexpr uint64_t TIMED_LIST_LIMIT = uint64_t(1) << 18;
// The most worlds a PIMC call takes: the deals listed and the worlds' values take memory in
// proportion (about 100 bytes a world).
constexpr uint64_t PIMC_MAX_WORLDS = 10'000'000;

struct PimcConfig {
    uint64_t worlds = 100;   // worlds to solve (at most); all deals when there are no more
    int threads = 1;
    uint64_t seed = 0;
    double seconds = 0;   // > 0: stop taking new worlds after this long (at least one a thread)
    const std::atomic<bool>* stop = nullptr;
    // Optional progress for a caller's display: the worlds to solve, once known, and those solved.
    std::atomic<uint64_t>* total = nullptr;
    std::atomic<uint64_t>* solved = nullptr;
};

// Per action (the observer's legal actions, ascending ids): the weighted mean open-hand value over
// the worlds solved and its standard error; the difference to the best action's mean and the
// standard error of that difference from the per-world (paired) differences. The standard errors
// are 0 when exact and NaN below two worlds.
struct PimcResult {
    int observer = 0;
    std::vector<Action> actions;
    std::vector<double> mean, se, diff, diff_se;
    std::vector<int> low, high;   // per action: the lowest and highest value of a world
    size_t best = 0;              // the highest mean (the lowest id among equal means)
    uint64_t worlds = 0;          // worlds solved
    double weight = 0;            // their total weight (worlds solved when sampling)
    bool exact = false;           // every consistent world counted once
    // The deals listed to solve without repeats (0: worlds drawn with repeats); a time budget that
    // ends before all are solved leaves a sample of them (its standard errors shrink by the
    // finite-population factor).
    uint64_t population = 0;
    u128 world_count = 0;   // the consistent worlds of the observer's view
    uint64_t nodes = 0;
    double seconds = 0;
};

// Checks a PIMC's values (in Python's names and notation: stich.pimc), as wide as a caller may
// give them; `seconds` None: no time budget. std::invalid_argument saying what is accepted and
// what was given.
inline void check_pimc_values(int64_t worlds, int64_t threads, std::optional<double> seconds) {
    auto refuse = [](const std::string& accepted, const std::string& got) { throw std::invalid_argument(accepted + ", got " + got); };
    if (worlds < 1 || uint64_t(worlds) > PIMC_MAX_WORLDS)
        refuse("worlds must be an int in 1.." + std::to_string(PIMC_MAX_WORLDS), std::to_string(worlds));
    check_threads(threads);
    if (seconds) check_seconds(*seconds, "seconds", " (or None: no time budget)");
}

inline void check_pimc_config(const PimcConfig& cfg) {
    check_pimc_values(int64_t(std::min<uint64_t>(cfg.worlds, INT64_MAX)), cfg.threads,
                      cfg.seconds == 0 ? std::nullopt : std::optional<double>(cfg.seconds));
}

// A configuration from what a caller gives (stich.pimc): seconds or None (no time budget); every
// value checked.
inline PimcConfig pimc_config_from(int64_t worlds, int64_t threads, uint64_t seed, std::optional<double> seconds) {
    check_pimc_values(worlds, threads, seconds);
    PimcConfig cfg;
    cfg.worlds = uint64_t(worlds);   // in range now
    cfg.threads = int(threads);
    cfg.seed = seed;
    cfg.seconds = seconds.value_or(0.0);
    return cfg;
}

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
// A set `stop` flag ends the listing (SolveStopped): millions of deals take seconds to list.
inline DealClasses deal_classes(const View& v, const std::vector<int>& live, uint64_t limit, uint64_t seed,
                                const std::atomic<bool>* stop = nullptr) {
    DealClasses out;
    const WorldSampler merged(merged_view(v, live));
    if (merged.count() > u128(limit)) return out;
    Rng rng(seed);
    bool stopped = false;
    // With at most one dead location that has open places (a talon, a kitty),
    // each deal of the live hands completes one way: the rest of the unknown cards go there. No
    // sampler to build per deal, which took about as long as solving the deal.
    int open_dead = -1, open_dead_count = 0;
    for (int l = 0; l < v.num_locations; ++l)
        if (std::find(live.begin(), live.end(), l) == live.end() && v.where[size_t(l)].size > popcount(v.where[size_t(l)].known)) {
            open_dead = l;
            ++open_dead_count;
        }
    merged.enumerate([&](const Locations& w) {
        if (stop && (out.worlds.size() & 1023) == 0 && stop->load(std::memory_order_relaxed)) {
            stopped = true;
            return false;
        }
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
        if (open_dead_count <= 1) {
            Locations world{};
            for (int l = 0; l < v.num_locations; ++l) world[size_t(l)] = sub.where[size_t(l)].known;
            if (open_dead >= 0) {
                if (sub.unknown & sub.where[size_t(open_dead)].forbidden) return true;   // no world
                world[size_t(open_dead)] |= sub.unknown;
            } else if (sub.unknown) {
                return true;
            }
            out.worlds.push_back(world);
            out.weights.push_back(1.0);
            return true;
        }
        try {
            const WorldSampler completions(sub);
            out.worlds.push_back(completions.sample(rng));
            out.weights.push_back(double(completions.count()));
        } catch (const std::invalid_argument&) {   // the dead cards fit no split: no world
        }
        return true;
    });
    if (stopped) throw SolveStopped();
    return out;
}

// The seats whose hands still play (the exact analysis deals only these).
template <GameState State>
std::vector<int> live_seats(const State& root) {
    std::vector<int> live;
    for (int seat = 0; seat < root.num_players(); ++seat)
        if (SolverTraits<State>::plays(root, seat)) live.push_back(seat);
    return live;
}

}   // namespace detail

// How many deals of the playing hands the exact analysis of the seat to act would solve (an
// upper bound: a deal whose dead cards fit no split is dropped); pimc is exact with at least
// this many worlds. What a caller needs to estimate the exact analysis's cost before it starts.
template <GameState State>
u128 exact_deals(const State& root) {
    check_solvable(root);
    const WorldSampler merged(detail::merged_view(root.view(root.current_player()), detail::live_seats(root)));
    return merged.count();
}

namespace detail {

// Weighted means, differences to the best and their standard errors (see PimcResult) from the
// values of the worlds solved: `values` holds na values a world, in world order.
inline void pimc_statistics(PimcResult& r, const std::vector<int>& values, const std::vector<double>& weights) {
    const size_t na = r.actions.size(), n = weights.size();
    r.worlds = n;
    r.weight = 0;
    for (double w : weights) r.weight += w;
    r.mean.assign(na, 0);
    r.low.assign(na, std::numeric_limits<int>::max());
    r.high.assign(na, std::numeric_limits<int>::min());
    for (size_t i = 0; i < n; ++i)
        for (size_t a = 0; a < na; ++a) {
            const int v = values[i * na + a];
            r.mean[a] += weights[i] * v;
            r.low[a] = std::min(r.low[a], v);
            r.high[a] = std::max(r.high[a], v);
        }
    for (double& m : r.mean) m /= r.weight;
    r.best = size_t(std::max_element(r.mean.begin(), r.mean.end()) - r.mean.begin());
    r.diff.resize(na);
    for (size_t a = 0; a < na; ++a) r.diff[a] = r.mean[a] - r.mean[r.best];
    r.se.assign(na, 0);
    r.diff_se.assign(na, 0);
    if (r.exact) return;
    if (n < 2) {
        r.se.assign(na, NAN);
        r.diff_se.assign(na, NAN);
        return;
    }
    // The ratio estimator's variance, sum w_i^2 (x_i - mean)^2 / W^2, with n / (n - 1) for the
    // estimated mean (s^2 / n for equal weights), and without repeats (1 - n / N).
    const double fpc = r.population ? std::max(0.0, 1.0 - double(n) / double(r.population)) : 1.0;
    const double scale = double(n) / double(n - 1) / (r.weight * r.weight) * fpc;
    for (size_t a = 0; a < na; ++a) {
        double ss = 0, dd = 0;
        for (size_t i = 0; i < n; ++i) {
            const double w = weights[i], v = values[i * na + a], b = values[i * na + r.best];
            ss += w * w * (v - r.mean[a]) * (v - r.mean[a]);
            dd += w * w * (v - b - r.diff[a]) * (v - b - r.diff[a]);
        }
        r.se[a] = std::sqrt(ss * scale);
        r.diff_se[a] = std::sqrt(dd * scale);
    }
}

}   // namespace detail

// PIMC: solves worlds of the seat to act's view open-handed and averages each action's value.
// When the view has at most cfg.worlds deals of the hands that still play, each is solved once
// (in an order shuffled by the seed), weighted by the consistent worlds it stands for: the exact
// expectation of open-hand play over all consistent deals, or, when a time budget ends first, a
// sample of those deals without repeats. Else world i is drawn uniformly from mix_seed(seed, i),
// so a seed gives the same worlds on every thread count; without a time budget, the same result.
// Every world gives the values of all actions, so the differences between actions are paired.
template <GameState State>
PimcResult pimc(const State& root, const PimcConfig& cfg) {
    check_solvable(root);
    check_pimc_config(cfg);
    const auto start = std::chrono::steady_clock::now();
    const int observer = root.current_player();
    const View view = root.view(observer);
    const auto worlds = worlds_of(root, observer);   // the view's worlds that the game's rules allow
    PimcResult r;
    r.observer = observer;
    r.world_count = worlds.facts_count();
    const bool timed = cfg.seconds > 0;
    const uint64_t listable = timed ? std::min(cfg.worlds, TIMED_LIST_LIMIT) : cfg.worlds;
    detail::DealClasses classes = detail::deal_classes(view, detail::live_seats(root), listable, cfg.seed, cfg.stop);
    // The rules read only the hands that play: a deal of them is allowed or not whatever its dead cards.
    for (size_t i = classes.worlds.size(); i-- > 0;)
        if (!worlds.allows(classes.worlds[i])) {
            classes.worlds.erase(classes.worlds.begin() + std::ptrdiff_t(i));
            classes.weights.erase(classes.weights.begin() + std::ptrdiff_t(i));
        }
    const bool listed = !classes.worlds.empty();
    if (listed) {   // a random order: a time budget's cut leaves a uniform sample of the deals
        Rng shuffle(mix_seed(cfg.seed, ~uint64_t(0)));
        for (size_t i = classes.worlds.size(); i > 1; --i) {
            const size_t j = shuffle.below(uint32_t(i));
            std::swap(classes.worlds[i - 1], classes.worlds[j]);
            std::swap(classes.weights[i - 1], classes.weights[j]);
        }
        r.population = classes.worlds.size();
    }
    const uint64_t to_solve = listed ? classes.worlds.size() : cfg.worlds;
    if (cfg.total) cfg.total->store(listed || !timed ? to_solve : 0);   // 0: until the time is up
    ActionList legal;
    root.legal_actions(legal);
    const size_t na = size_t(legal.n);
    r.actions.assign(legal.begin(), legal.end());
    // Each thread keeps the worlds it solved (their indices and values); merged in world order.
    struct Solved {
        std::vector<uint64_t> index;
        std::vector<int> values;
        uint64_t nodes = 0;
    };
    std::vector<Solved> per_thread(size_t(cfg.threads));
    std::atomic<uint64_t> next{0};
    const auto deadline =
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(timed ? cfg.seconds : 0.0));
    auto run = [&](int t) {
        Solver<State> solver;
        solver.stop = cfg.stop;
        Solved& mine = per_thread[size_t(t)];
        for (bool first = true;; first = false) {
            if (timed && !first && std::chrono::steady_clock::now() >= deadline) break;
            if (cfg.stop && cfg.stop->load(std::memory_order_relaxed)) throw SolveStopped();
            const uint64_t i = next.fetch_add(1);
            if (i >= to_solve) break;
            Rng rng(mix_seed(cfg.seed, i));
            State w = root;
            w.set_hidden(listed ? classes.worlds[size_t(i)] : worlds.sample(rng), observer, rng);
            solver.start(w);
            const auto vals = solver.root_values(w);
            mine.index.push_back(i);
            for (size_t a = 0; a < na; ++a) mine.values.push_back(vals[a].second);
            if (cfg.solved) cfg.solved->fetch_add(1, std::memory_order_relaxed);
        }
        mine.nodes = solver.nodes;
    };
    run_on_threads(cfg.threads, run);
    // In world order: the same sums on any thread count.
    std::vector<std::pair<uint64_t, const int*>> order;
    for (const Solved& t : per_thread) {
        for (size_t k = 0; k < t.index.size(); ++k) order.emplace_back(t.index[k], &t.values[k * na]);
        r.nodes += t.nodes;
    }
    std::sort(order.begin(), order.end());
    std::vector<int> values;
    std::vector<double> weights;
    values.reserve(order.size() * na);
    for (const auto& [i, v] : order) {
        values.insert(values.end(), v, v + na);
        weights.push_back(listed ? classes.weights[size_t(i)] : 1.0);
    }
    r.exact = listed && order.size() == classes.worlds.size();
    detail::pimc_statistics(r, values, weights);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}   // namespace stich
