// Single-observer ISMCTS with partially observable moves (Cowling, Powley & Whitehouse 2012).
//
// One tree for the searching seat (the observer). Every iteration samples a world uniformly from
// the observer's view (stich/sampler.hpp, Worlds), installs it in a copy of the root and descends the tree:
// the observer's own moves are edges keyed by the action, the other seats' by its public
// projection (a hand-dependent discard is keyed by its size; the actual cards are drawn among the legal
// actions with that projection). UCB uses availability counts, since an edge exists only in the
// worlds where it is legal. One new node per iteration, then a playout (random or the game's
// heuristic), and each node on the path backs up the return of the seat that chose its edge.
// Exploration: a child's bonus is c * sqrt(available^(1/4) / visits), i.e. c * available^(1/8) /
// sqrt(visits) (detail::exploration_bonus), a polynomial bonus of the kind of Shah, Xie & Xu
// ("Non-asymptotic analysis of Monte Carlo tree search", 2020), where UCB1's
// sqrt(ln(available) / visits) suits stationary bandits only: a tree's means drift as their
// subtrees grow, and a move UCB1 tried early keeps its visit count for the next million
// iterations (ln n grows too slowly to reach it again).
// Rewards: nodes keep raw mean returns (the game's unit); the selection step maps them into [0, 1]
// with the lowest and highest return any seat has had in this tree so far (MuZero's min-max
// normalisation, here over returns), so that c means the same in every phase of every game
// (docs/search.md).
// Memory: 32-byte nodes in an arena reserved up front; a node's children sit side by side (a full
// child array moves to the arena's end with twice the room), and their keys sit in a byte array
// beside the nodes. A selection step tests 16 keys at a time against the legal keys and then
// touches only the nodes of the available children.
// At the root the bonus is c * sqrt(available^(1/2) / visits) instead: a move's visits there grow
// like the square root of the iterations over its gap to the best, so no root move freezes (with
// the fourth root, a move behind by a tenth of the return range kept its 2,691 visits from 34k to
// 1.2M iterations), and the answer, which is the root's choice, keeps improving with the budget.
// The other seats' decisions before the card play (SearchConfig::others_before_play): a
// single-observer tree keys another seat's bid by what the observer sees, so the bid its UCB picks
// is the same whatever that seat holds, and its early, nearly uniform picks stay in every mean
// above: in one auction position the value of passing moved from +7 to -1.4 game points between 20k
// and 1.6M iterations. By default (Others::Heuristic) those decisions are the game's heuristic's,
// which looks at the seat's sampled hand; their edges are still keyed by the public projection.
// Every decision of the card play, and the observer's own throughout, stay the tree's.
// Independent runs: the budget is split over `runs` separate trees (seeds mixed with the run's
// index), spread over the threads, whose root statistics are merged; their spread is what another
// run would find (the result keeps each run's statistics for that). A (seed, runs, iterations)
// triple gives the same result every time, on every thread count and machine (no fused
// multiply-adds, no approximate square roots).
#pragma once
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#if defined(__SSSE3__)
#include <immintrin.h>
#endif
#if STICH_SEARCH_PROFILE && defined(__x86_64__)
#include <x86intrin.h>
#endif
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "stich/dispatch.hpp"
#include "stich/errors.hpp"
#include "stich/game.hpp"
#include "stich/limits.hpp"
#include "stich/sampler.hpp"
#include "stich/solver_traits.hpp"

namespace stich {

enum class Playout : uint8_t { Random, Heuristic };

// A playout policy by its name (stich.ismcts's playout=...); UnknownName for another.
inline Playout playout_named(const std::string& name) {
    if (name == "random") return Playout::Random;
    if (name == "heuristic") return Playout::Heuristic;
    throw UnknownName("unknown playout '" + name + "'; accepted: random, heuristic");
}

// How the search chooses the other seats' decisions before the card play (stich.ismcts's
// others_before_play=...).
enum class Others : uint8_t { Tree, Heuristic };

inline Others others_named(const std::string& name) {
    if (name == "tree") return Others::Tree;
    if (name == "heuristic") return Others::Heuristic;
    throw UnknownName("unknown others_before_play '" + name + "'; accepted: heuristic, tree");
}

struct SearchProgress;

struct SearchConfig {
    uint64_t iterations = 0;   // total over all threads; 0: use seconds
    double seconds = 0;        // wall-clock budget when iterations is 0
    int threads = 1;
    uint64_t seed = 0;
    double c = 0.7;   // UCB exploration constant, on returns mapped into [0, 1]; 0..100
    // Independent trees the budget is split over (rounded up to a multiple of the threads);
    // 0: one a thread, the plain root-parallel search. Splitting costs strength at small budgets
    // (in one game at 2,000 iterations against the heuristic: +2.7 a deal in one tree, -0.1 in four),
    // so only an analysis that wants the spread asks for several.
    int runs = 0;
    bool wide_root = true;   // the root's bonus grows with sqrt(available) (see the top of this file)
    Playout playout = Playout::Random;
    // The other seats' decisions before the card play (bids, calls, doublings, exchanges): by
    // the game's heuristic from the sampled world's hands (Others::Heuristic, stich.ismcts's
    // default), or by UCB inside the tree (Others::Tree). See the top of this file.
    Others others_before_play = Others::Heuristic;
    const std::atomic<bool>* stop = nullptr;   // optional external stop flag
    SearchProgress* progress = nullptr;        // optional: root statistics while searching
    // A tree stops growing at this many node slots (about 33 bytes each); later iterations play
    // out from its leaves. The default, 2^26, is about 2.2 GB a thread.
    uint32_t max_nodes = uint32_t(1) << 26;
};

struct ActionStats {
    Action action = 0;
    uint64_t visits = 0;
    double reward = 0, reward_sq = 0;   // sums of the observer's returns (the game's unit)
    double tally = 0;                   // sum of what the observer's side took by the end (State::tally)
    uint64_t wins = 0;                  // iterations in which the observer's return was positive
    uint64_t schneider = 0;             // iterations that ended "with Schneider" (State::schneider, where the game has it)
};

// One edge of the principal line: its key (the chooser's action if the observer chose it, else
// its public projection), the seat that chose it, its visits and that seat's mean return (the game's unit).
struct LineStep {
    Action key = 0;
    int seat = 0;
    uint64_t visits = 0;
    double mean = 0;
};

struct SearchResult {
    int observer = 0;
    std::vector<ActionStats> actions;             // the observer's legal actions at the root, in id order
    std::vector<std::vector<ActionStats>> runs;   // the same for each independent run
    // The most visited continuation in thread 0's tree, from the most visited root action (over
    // all threads), while an edge has at least LINE_MIN_VISITS visits.
    std::vector<LineStep> line;
    uint64_t iterations = 0;
    uint64_t nodes = 0;
    uint64_t arena_bytes = 0;   // node memory of all threads' trees (slots of moved child arrays included)
    double seconds = 0;
};

// Edge keys as bits of an ActionSet: action ids are below 127; the hidden projection takes bit 127.
inline uint8_t key_bit(Action a) { return a == HIDDEN_ACTION ? 127 : uint8_t(a); }
inline Action key_action(uint8_t bit) { return bit == 127 ? HIDDEN_ACTION : Action(bit); }

struct alignas(32) SearchNode {
    uint32_t children = 0;   // index of this node's child array in the arena
    uint16_t num_children = 0, capacity = 0;
    uint32_t visits = 0, available = 0;
    // The mean return of `seat` (the game's unit) and 1/visits, kept by the backup so that
    // scoring a child in the selection step multiplies instead of dividing.
    float mean = 0, inv_visits = 1;
    uint8_t seat = 0;   // the seat that chose this edge
};
static_assert(sizeof(SearchNode) == 32);

// A running search's root statistics on demand: request() asks every running thread to add its
// statistics at its next budget check (every 256 iterations) and waits for all of them; threads
// that have ended have added theirs to `ended`.
struct SearchProgress {
    std::mutex m;
    std::condition_variable cv;
    std::atomic<uint64_t> wanted{0};   // the latest request's number
    uint64_t epoch = 0;
    int running = 0, pending = 0;
    std::vector<ActionStats> ended, snapshot;
    uint64_t ended_iterations = 0, iterations = 0;

    // The root statistics of all threads now (in snapshot, iterations).
    void request() {
        std::unique_lock lk(m);
        snapshot = ended;
        iterations = ended_iterations;
        pending = running;
        wanted.store(++epoch, std::memory_order_release);
        cv.wait(lk, [&] { return pending == 0; });
    }
};

constexpr uint64_t LINE_MIN_VISITS = 10;
constexpr int MAX_RUNS = 4096;

namespace detail {

constexpr int MAX_DEPTH = 160;
// Visit and availability counts are 32-bit: a thread stops after this many iterations.
constexpr uint64_t MAX_ITERATIONS = UINT32_MAX - 1;
// The largest exploration constant (rewards are in [0, 1]: long before it the search only explores).
constexpr double MAX_C = 100;

// The most node slots a tree may have: 2^31, and what this machine's physical memory holds at 33
// bytes a slot (a node and its key), but never below the default (2^26, 2.2 GB), which a
// smaller machine accepts too: its tree stops growing where memory runs out (Arena::allocate).
inline uint64_t max_nodes_limit() {
    const uint64_t memory = physical_memory();
    const uint64_t by_memory = memory ? memory / (sizeof(SearchNode) + 1) : uint64_t(1) << 31;
    return std::clamp<uint64_t>(by_memory, SearchConfig{}.max_nodes, uint64_t(1) << 31);
}

// Fourth roots of the availability counts: a table below 4096, above it the table at the top 12
// bits times 2^(shift/4) (a relative error below 1/8192; square roots only, so the same on every
// machine).
struct QuarterRootTable {
    static constexpr uint32_t SIZE = 4096;
    std::array<float, SIZE> t{};
    std::array<float, 21> scale{};   // 2^(shift/4) for the shifts of 32-bit counts
    QuarterRootTable() {
        for (size_t i = 0; i < SIZE; ++i) t[i] = float(std::sqrt(std::sqrt(double(i))));
        for (size_t k = 0; k < scale.size(); ++k) scale[k] = float(std::sqrt(std::sqrt(double(uint64_t(1) << k))));
    }
    float operator()(uint32_t n) const {
        if (n < SIZE) [[likely]]
            return t[n];
        const int shift = std::bit_width(n) - 12;
        return t[n >> shift] * scale[size_t(shift)];
    }
};

inline const QuarterRootTable& quarter_root_table() {
    static const QuarterRootTable table;
    return table;
}

// A child's exploration bonus: c * sqrt(available^(1/4) / visits), from its availability count and
// 1/visits (see the top of this file).
inline float exploration_bonus(const QuarterRootTable& root4, float c, uint32_t available, float inv_visits) {
    return c * std::sqrt(root4(available) * inv_visits);
}

// A uniformly chosen legal action of another seat whose public projection equals `key`.
// Flattened for search_tree's, as the playouts are (stich/game.hpp): Clang's flatten is not recursive.
template <GameState State>
[[gnu::flatten]] Action action_for_key(const State& s, const ActionList& legal, Action key, Rng& rng) {
    int matching = 0;
    for (Action a : legal) matching += s.public_projection(a) == key;
    int pick = matching > 1 ? int(rng.below(uint32_t(matching))) : 0;
    for (Action a : legal)
        if (s.public_projection(a) == key && pick-- == 0) return a;
    return legal.a[0];
}

// Which of n (at most 16) consecutive edge keys are in `keys`: bit i for keys[i]. With SSSE3,
// one table lookup per key byte (its byte of the set, then its bit) for 16 keys at once.
inline uint32_t available_mask(const ActionSet& keys, const uint8_t* edge, int n) {
#if defined(__SSSE3__)
    // From the two words, not from memory: a 16-byte load of what two 8-byte stores just wrote
    // would wait for them (no store forwarding).
    const __m128i set = _mm_set_epi64x(int64_t(keys.w[1]), int64_t(keys.w[0]));
    const __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i*>(edge));   // the arena pads 16 bytes
    const __m128i byte_of_set = _mm_shuffle_epi8(set, _mm_and_si128(_mm_srli_epi16(k, 3), _mm_set1_epi8(0x0F)));
    const __m128i bit_in_byte =
        _mm_shuffle_epi8(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128), _mm_and_si128(k, _mm_set1_epi8(7)));
    const __m128i absent = _mm_cmpeq_epi8(_mm_and_si128(byte_of_set, bit_in_byte), _mm_setzero_si128());
    return ~uint32_t(_mm_movemask_epi8(absent)) & ((uint32_t(1) << n) - 1);
#else
    uint32_t m = 0;
    for (int i = 0; i < n; ++i) m |= uint32_t(keys.has(edge[i])) << i;
    return m;
#endif
}

#if STICH_SEARCH_PROFILE
// Where a search's time goes, by part and tree level (the profiling build only, CMake option
// STICH_SEARCH_PROFILE; without it none of this is compiled): time-stamp counter cycles and counts,
// printed to stderr at the end of every search_tree run (benchmarks/search_levels.py reads them;
// docs/search.md, "third round: by level"). A part's level is the depth of the node it starts
// from (1: the root's choice); the draw is level 0; the playout and backup go by the descent's end.
struct SearchProfile {
    enum Part : uint8_t { Draw, Select, Heuristic, Expand, End, Apply, Playout, Backup, Iteration, PARTS };
    static constexpr const char* NAMES[PARTS] = {"draw", "select", "heuristic", "expand", "end", "apply", "playout", "backup", "iteration"};
    // A span longer than this (about 0.3 ms) had the thread descheduled: it is counted apart.
    static constexpr uint64_t PREEMPTED = uint64_t(1) << 20;
    std::array<std::array<uint64_t, MAX_DEPTH + 1>, PARTS> cycles{}, count{};
    std::array<uint64_t, PARTS> preempted{};
    std::array<uint64_t, MAX_DEPTH + 1> children{};   // children of the nodes a selection scanned
    static uint64_t now() {
#if defined(__x86_64__)
        return __rdtsc();
#else
        return uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
    }
    // Counts one part from `start` to its end (the scope's end).
    struct Timed {
        SearchProfile& profile;
        Part part;
        int level;
        uint64_t start = now();
        ~Timed() {
            const uint64_t span = now() - start;
            if (span > PREEMPTED) [[unlikely]] {
                profile.preempted[part]++;
                return;
            }
            profile.cycles[part][size_t(level)] += span;
            profile.count[part][size_t(level)]++;
        }
    };
    void print() const __attribute__((noinline, cold)) {
        // What two reads of the clock cost (a span's overhead): their mean over 1,000 pairs.
        uint64_t clock = 0;
        for (int i = 0; i < 1000; ++i) {
            const uint64_t t = now();
            clock += now() - t;
        }
        std::fprintf(stderr, "stich-search-profile clock 0 1000 %llu 0\n", (unsigned long long)clock);
        for (int part = 0; part < PARTS; ++part)
            if (preempted[size_t(part)])
                std::fprintf(stderr, "stich-search-profile preempted-%s 0 %llu 0 0\n", NAMES[part],
                             (unsigned long long)preempted[size_t(part)]);
        for (int part = 0; part < PARTS; ++part)
            for (size_t level = 0; level <= MAX_DEPTH; ++level)
                if (count[size_t(part)][level])
                    std::fprintf(stderr, "stich-search-profile %s %zu %llu %llu %llu\n", NAMES[part], level,
                                 (unsigned long long)count[size_t(part)][level], (unsigned long long)cycles[size_t(part)][level],
                                 (unsigned long long)(part == Select ? children[level] : 0));
    }
};
#define STICH_SEARCH_PROFILED(...) __VA_ARGS__
#else
#define STICH_SEARCH_PROFILED(...)
#endif

// The node arena: child arrays have power-of-two sizes; an array left behind when its node
// outgrows it goes on a free list of its size (linked through its first slot) for reuse. The
// edges' keys are in `keys`, at the same indices as the nodes.
struct Arena {
    static constexpr uint32_t FULL = UINT32_MAX;   // add_child: no room left
    std::vector<SearchNode> nodes;
    std::vector<uint8_t> keys;
    std::array<uint32_t, 17> free_head{};   // by log2(size); 0: empty (slot 0 is the root)
    size_t max_nodes = 0;

    // FULL when memory runs out: the tree stops growing there (max_nodes drops to its size) and
    // the search goes on playing out from its leaves, instead of failing with std::bad_alloc.
    uint32_t allocate(int log_size) {
        if (uint32_t at = free_head[size_t(log_size)]) {
            free_head[size_t(log_size)] = nodes[at].children;
            return at;
        }
        const size_t at = nodes.size();
        try {
            nodes.resize(at + (size_t(1) << log_size));
            keys.resize(nodes.size() + 16);   // room for reading 16 keys at once
        } catch (const std::bad_alloc&) {
            nodes.resize(at);   // shrinking does not allocate
            max_nodes = at;
            return FULL;
        }
        return uint32_t(at);
    }
    void release(uint32_t at, int log_size) {
        nodes[at].children = free_head[size_t(log_size)];
        free_head[size_t(log_size)] = at;
    }

    // Adds a child with `key` to `parent`; a full child array moves to one twice its size (at
    // least `room_hint`, the keys seen at this node). Returns the child's index, or FULL when the
    // arena would grow past max_nodes.
    uint32_t add_child(uint32_t parent, uint8_t key, uint8_t seat, int room_hint) {
        SearchNode* p = &nodes[parent];
        if (p->num_children == p->capacity) {
            int log_size = 1;
            while ((1 << log_size) < std::max(int(p->capacity) * 2, room_hint)) ++log_size;
            if (!free_head[size_t(log_size)] && nodes.size() + (size_t(1) << log_size) > max_nodes) return FULL;
            const uint32_t at = allocate(log_size);
            if (at == FULL) return FULL;
            p = &nodes[parent];   // allocate may have moved the arena
            std::copy_n(nodes.begin() + p->children, p->num_children, nodes.begin() + at);
            std::copy_n(keys.begin() + p->children, p->num_children, keys.begin() + at);
            if (p->capacity) release(p->children, std::countr_zero(unsigned(p->capacity)));
            p->children = at;
            p->capacity = uint16_t(1 << log_size);
        }
        const uint32_t child = p->children + p->num_children++;
        SearchNode& n = nodes[child];
        n = SearchNode{};
        keys[child] = key;
        n.seat = seat;
        n.available = 1;
        return child;
    }
};

// One thread's search: adds the root children's statistics (keyed by action) to `out`. Runs
// `iterations`, or until `deadline` when `timed` (reading the clock every 256 iterations from the
// 256th on, so at least 256 iterations).
// Flattened so that the game's moves inline into the loop whatever link-time optimisation decides.
// One function on purpose: with the child choice and the backup as functions of their own (even
// always_inline), the search ran 8-16% slower in every game, measured side by side.
// Run through run_hot: copied for x86-64-v3 in portable builds (stich/dispatch.hpp).
template <GameState State, class Worlds>
[[gnu::flatten]] void search_tree(const State& root, int observer, const Worlds& worlds, const SearchConfig& cfg, uint64_t seed, bool timed,
                                  uint64_t iterations, std::chrono::steady_clock::time_point deadline, std::vector<ActionStats>& out,
                                  uint64_t& done, uint64_t& node_count, uint64_t& arena, Arena* keep) {
    Rng rng(seed);
    Arena arena_;
    std::vector<SearchNode>& nodes = arena_.nodes;
    std::vector<uint8_t>& edge_keys = arena_.keys;
    arena_.max_nodes = cfg.max_nodes;
    // The first room asked for up front; less when memory is short (the tree then grows as it can).
    for (size_t room = std::min<size_t>(timed ? 1 << 21 : 2 * iterations + 64, cfg.max_nodes);; room /= 2) {
        try {
            nodes.reserve(room);
            edge_keys.reserve(nodes.capacity() + 16);
            break;
        } catch (const std::bad_alloc&) {
            if (room <= 64) throw;
            nodes.shrink_to_fit();
        }
    }
    nodes.emplace_back();
    edge_keys.resize(1 + 16);
    const float c = float(cfg.c);
    // The lowest and highest return of any seat so far, and 1 / (highest - lowest): the selection
    // step scores mean * inv_range, the mean mapped into [0, 1] up to a shift common to all
    // children (which leaves the choice unchanged).
    double lo = INFINITY, hi = -INFINITY;
    float inv_range = 1;
    const QuarterRootTable& root4 = quarter_root_table();
    // The root's children are the observer's actions (key bit = action id): their sums in double
    // for the result table.
    std::array<double, 128> root_reward{}, root_reward_sq{}, root_tally{};
    std::array<uint64_t, 128> root_wins{}, root_schneider{};
    uint64_t it = 0, used = 1;   // iterations started, nodes
    // Adds the root children's statistics to `to` (out of line: kept off the hot loop's code).
    auto add_root = [&](std::vector<ActionStats>& to) __attribute__((noinline, cold)) {
        const SearchNode& rootnode = nodes[0];
        for (uint32_t ch = rootnode.children; ch < rootnode.children + rootnode.num_children; ++ch)
            for (ActionStats& a : to)
                if (a.action == key_action(edge_keys[ch])) {
                    a.visits += nodes[ch].visits;
                    a.reward += root_reward[edge_keys[ch]];
                    a.reward_sq += root_reward_sq[edge_keys[ch]];
                    a.tally += root_tally[edge_keys[ch]];
                    a.wins += root_wins[edge_keys[ch]];
                    a.schneider += root_schneider[edge_keys[ch]];
                }
    };
    // The last progress request this run answered: a run that starts after a request was counted
    // out of it (SearchProgress::request waits for the runs running then).
    uint64_t answered = 0;
    if (cfg.progress) {
        std::lock_guard lk(cfg.progress->m);
        answered = cfg.progress->epoch;
        ++cfg.progress->running;
    }
    auto answer = [&](uint64_t done_now) __attribute__((noinline, cold)) {
        SearchProgress& p = *cfg.progress;
        std::lock_guard lk(p.m);
        answered = p.epoch;
        add_root(p.snapshot);
        p.iterations += done_now;
        if (--p.pending == 0) p.cv.notify_all();
    };
    // One iteration's descent: its world, its path from the root, and the root edge it took.
    struct Descent {
        State s;
        int depth = 0;
        uint32_t node = 0;
        bool expanded = false;
        uint8_t root_key = 0;
        std::array<uint32_t, MAX_DEPTH> path{};
    };
    // Whether another iteration may start (the budget, the stop flag, progress requests).
    auto may_start = [&]() -> bool {
        if (!timed ? it >= iterations : (it && (it & 255) == 0 && std::chrono::steady_clock::now() >= deadline) || it >= MAX_ITERATIONS)
            return false;
        if ((it & 255) == 0) {
            if (cfg.stop && cfg.stop->load(std::memory_order_relaxed)) return false;
            if (cfg.progress && cfg.progress->wanted.load(std::memory_order_acquire) != answered) [[unlikely]]
                answer(it);
        }
        ++it;
        return true;
    };
    STICH_SEARCH_PROFILED(SearchProfile profile;)
    auto begin = [&](Descent& d) {
        STICH_SEARCH_PROFILED(SearchProfile::Timed part_clock{profile, SearchProfile::Draw, 0};)
        d.s = root;
        d.s.set_hidden(worlds.sample(rng), observer, rng);
        d.depth = 0;
        d.node = 0;
        d.path[size_t(d.depth++)] = 0;
        nodes[0].visits++;
        d.expanded = false;
        d.root_key = 0;
    };
    // Enters child `to` of d.node.
    auto enter = [&](Descent& d, uint32_t to) {
        d.node = to;
        d.path[size_t(d.depth++)] = to;
    };
    // One tree level of d; false when its descent has ended (the playout and backup follow).
    auto step = [&](Descent& d) -> bool {
        State& s = d.s;
        STICH_SEARCH_PROFILED(SearchProfile::Timed part_clock{profile, SearchProfile::End, d.depth};)
        if (s.is_terminal() || d.expanded || d.depth >= MAX_DEPTH) return false;
        const uint32_t node = d.node;
        const int depth = d.depth;
        const int p = s.current_player();
        const bool own = p == observer;
        // Another seat's decision before the card play, by the game's heuristic on the sampled
        // world (others_before_play; see the top of this file), keyed like the tree's edges.
        if constexpr (Solvable<State> && requires { s.heuristic_action(rng); }) {
            if (!own && cfg.others_before_play == Others::Heuristic && !stich::in_card_play(s)) {
                STICH_SEARCH_PROFILED(part_clock.part = SearchProfile::Heuristic;)
                const Action a = s.heuristic_action(rng);
                const uint8_t k = key_bit(s.public_projection(a));
                const SearchNode& parent = nodes[node];
                uint32_t child = Arena::FULL;
                for (uint32_t ch = parent.children; ch < parent.children + parent.num_children; ++ch)
                    if (edge_keys[ch] == k) child = ch;
                if (child == Arena::FULL) {
                    STICH_SEARCH_PROFILED(part_clock.part = SearchProfile::Expand;)
                    child = arena_.add_child(node, k, uint8_t(p), 4);
                    used += child != Arena::FULL;
                    d.expanded = true;
                }
                {
                    STICH_SEARCH_PROFILED(SearchProfile::Timed apply_clock{profile, SearchProfile::Apply, depth};)
                    s.apply(a);
                }
                if (child == Arena::FULL) return false;
                enter(d, child);
                return true;
            }
        }
        STICH_SEARCH_PROFILED(part_clock.part = SearchProfile::Select;)
        // The legal keys: the observer's own actions, the other seats' public projections;
        // from the game where it lists them directly, else from the listed actions.
        ActionList legal;
        ActionSet keys = s.legal_keys(own);
        const bool listed = keys.empty();
        if (listed) {
            s.legal_actions(legal);
            for (Action a : legal) keys.add(key_bit(own ? a : s.public_projection(a)));
        }
        // The children whose keys are legal here gain an availability and compete by UCB,
        // unless a legal key has no child yet: then one of those is added.
        const SearchNode& parent = nodes[node];
        const uint32_t first = parent.children;
        const int num_children = parent.num_children;
        // Bit i of available[j]: child 16 j + i is available.
        std::array<uint32_t, 8> available;
        int num_available = 0;
        const bool wide = depth == 1 && cfg.wide_root;
        const int chunks = (num_children + 15) / 16;
        for (int j = 0; j < chunks; ++j) {
            available[size_t(j)] = available_mask(keys, &edge_keys[first + uint32_t(16 * j)], std::min(16, num_children - 16 * j));
            num_available += std::popcount(available[size_t(j)]);
        }
        uint32_t best = 0;
        uint8_t key;
        STICH_SEARCH_PROFILED(profile.children[size_t(depth)] += uint64_t(num_children);)
        if (const int fresh = keys.count() - num_available) {
            STICH_SEARCH_PROFILED(part_clock.part = SearchProfile::Expand;)
            // Leave in `keys` only the legal keys without a child, and add one of them.
            for (int i = 0; i < num_children; ++i) keys.remove(edge_keys[first + uint32_t(i)]);
            for (int j = 0; j < chunks; ++j)
                for (uint32_t m = available[size_t(j)]; m; m &= m - 1) nodes[first + uint32_t(16 * j + std::countr_zero(m))].available++;
            key = uint8_t(keys.nth(int(rng.below(uint32_t(fresh)))));
            best = arena_.add_child(node, key, uint8_t(p), fresh + num_children);
            used += best != Arena::FULL;
            d.expanded = true;
        } else {
            float best_score = -1e30f;
            for (int j = 0; j < chunks; ++j)
                for (uint32_t m = available[size_t(j)]; m; m &= m - 1) {
                    const uint32_t ch = first + uint32_t(16 * j + std::countr_zero(m));
                    SearchNode& n = nodes[ch];
                    n.available++;
                    const float score = n.mean * inv_range + (wide ? c * std::sqrt(std::sqrt(float(n.available)) * n.inv_visits)
                                                                   : exploration_bonus(root4, c, n.available, n.inv_visits));
                    best = score > best_score ? ch : best;
                    best_score = std::max(score, best_score);
                }
            key = edge_keys[best];
            // Start loading the next level's children while the move is applied.
            __builtin_prefetch(&nodes[nodes[best].children]);
            __builtin_prefetch(&nodes[nodes[best].children] + 2);
            __builtin_prefetch(&edge_keys[nodes[best].children]);
        }
        if (depth == 1) d.root_key = key;
        {
            STICH_SEARCH_PROFILED(SearchProfile::Timed apply_clock{profile, SearchProfile::Apply, depth};)
            s.apply(own ? Action(key) : listed ? action_for_key(s, legal, key_action(key), rng) : s.action_with_key(key, rng));
        }
        if (best == Arena::FULL) return false;   // no room for the new node: play out from here
        enter(d, best);
        return true;
    };
    // The playout from where d's descent ended, and the backup of its returns.
    auto finish = [&](Descent& d) {
        State& s = d.s;
        Returns r;
        {
            STICH_SEARCH_PROFILED(SearchProfile::Timed part_clock{profile, SearchProfile::Playout, d.depth};)
            if (cfg.playout == Playout::Random) play_out_randomly(s, rng);
            else play_out_heuristically(s, rng);
            s.returns(r);
        }
        STICH_SEARCH_PROFILED(SearchProfile::Timed part_clock{profile, SearchProfile::Backup, d.depth};)
        const auto [r_lo, r_hi] = std::minmax_element(r.begin(), r.begin() + root.num_players());
        if (*r_lo < lo || *r_hi > hi) [[unlikely]] {
            lo = std::min(lo, double(*r_lo));
            hi = std::max(hi, double(*r_hi));
            inv_range = hi > lo ? float(1 / (hi - lo)) : 1.0f;
        }
        for (int i = 1; i < d.depth; ++i) {
            SearchNode& n = nodes[d.path[size_t(i)]];
            const float v = float(r[n.seat]);
            n.visits++;
            n.inv_visits = 1.0f / float(n.visits);
            n.mean += (v - n.mean) * n.inv_visits;
        }
        if (d.depth > 1) {
            const uint8_t root_key = d.root_key;
            const double v = r[size_t(observer)];
            root_reward[root_key] += v;
            root_reward_sq[root_key] += v * v;
            if constexpr (requires { s.tally(observer); }) root_tally[root_key] += s.tally(observer);
            root_wins[root_key] += v > 0;
            if constexpr (requires { s.schneider(); }) root_schneider[root_key] += s.schneider();
        }
    };
    Descent d{root};
    while (may_start()) {
        STICH_SEARCH_PROFILED(SearchProfile::Timed part_clock{profile, SearchProfile::Iteration, 0};)
        begin(d);
        while (step(d)) {}
        finish(d);
    }
    STICH_SEARCH_PROFILED(profile.print();)
    done = it;
    node_count = used;
    add_root(out);
    if (cfg.progress) {
        SearchProgress& p = *cfg.progress;
        std::lock_guard lk(p.m);
        --p.running;
        add_root(p.ended);
        p.ended_iterations += it;
        if (answered != p.epoch) {   // a request waits for this thread
            add_root(p.snapshot);
            p.iterations += it;
            if (--p.pending == 0) p.cv.notify_all();
        }
    }
    arena = nodes.size() * (sizeof(SearchNode) + sizeof(uint8_t));
    if (keep) *keep = std::move(arena_);
}

// The most visited continuation from the root child with action `first` (see SearchResult::line).
inline std::vector<LineStep> principal_line(const Arena& a, Action first) {
    std::vector<LineStep> line;
    uint32_t node = 0;
    for (bool root = true;; root = false) {
        const SearchNode& parent = a.nodes[node];
        uint32_t best = Arena::FULL;
        for (uint32_t ch = parent.children; ch < parent.children + parent.num_children; ++ch)
            if (root ? key_action(a.keys[ch]) == first : best == Arena::FULL || a.nodes[ch].visits > a.nodes[best].visits) best = ch;
        if (best == Arena::FULL || a.nodes[best].visits < LINE_MIN_VISITS) return line;
        const SearchNode& n = a.nodes[best];
        line.push_back({key_action(a.keys[best]), n.seat, n.visits, double(n.mean)});
        node = best;
    }
}

}   // namespace detail

// Checks a search's values (in Python's names and notation: stich.ismcts), as wide as a caller may
// give them: std::invalid_argument saying what is accepted and what was given.
inline void check_search_values(uint64_t iterations, double seconds, int64_t threads, double c, int64_t max_nodes, int64_t runs) {
    auto refuse = [](const std::string& accepted, const std::string& got) { throw std::invalid_argument(accepted + ", got " + got); };
    if (iterations == 0) check_seconds(seconds);
    check_threads(threads);
    if (iterations > detail::MAX_ITERATIONS * uint64_t(threads))
        refuse("iterations must be at most " + std::to_string(detail::MAX_ITERATIONS) + " a thread (visit counts are 32-bit)",
               std::to_string(iterations) + " for " + std::to_string(threads) + " thread(s)");
    if (max_nodes < 64 || uint64_t(max_nodes) > detail::max_nodes_limit())
        refuse("max_nodes must be an int in 64.." + std::to_string(detail::max_nodes_limit()) +
                   " (a tree of more node slots than that, at 33 bytes a slot, would not fit in this machine's memory of " +
                   gib_text(double(physical_memory())) + "; 2**31 at most)",
               std::to_string(max_nodes));
    if (!(c >= 0 && c <= detail::MAX_C))
        refuse("c must be a number in [0, " + limit_text(detail::MAX_C) + "] (or None: the game's default)", number_text(c));
    if (runs < 0 || runs > MAX_RUNS)
        refuse("runs must be an int in 1.." + std::to_string(MAX_RUNS) + " (or None: one a thread)", std::to_string(runs));
}

inline void check_search_config(const SearchConfig& cfg) {
    check_search_values(cfg.iterations, cfg.seconds, cfg.threads, cfg.c, cfg.max_nodes, cfg.runs);
}

// A configuration from what a caller gives (stich.ismcts): exactly one budget (iterations or
// seconds), runs or None (one a thread), c or None (the game's `default_c`); every value checked.
inline SearchConfig search_config_from(std::optional<int64_t> iterations, std::optional<double> seconds, int64_t threads,
                                       std::optional<double> c, double default_c, int64_t max_nodes, std::optional<int64_t> runs) {
    if (iterations.has_value() == seconds.has_value())
        throw std::invalid_argument("give exactly one budget: iterations=N (an int >= 1) or seconds=S (a number in (0, " +
                                    limit_text(MAX_SECONDS) + "])");
    if (iterations && *iterations < 1) throw std::invalid_argument("iterations must be an int >= 1, got " + std::to_string(*iterations));
    if (runs && *runs < 1)
        throw std::invalid_argument("runs must be an int in 1.." + std::to_string(MAX_RUNS) + " (or None: one a thread), got " +
                                    std::to_string(*runs));
    SearchConfig cfg;
    cfg.iterations = iterations ? uint64_t(*iterations) : 0;
    cfg.seconds = seconds.value_or(0.0);
    cfg.c = c.value_or(default_c);
    check_search_values(cfg.iterations, cfg.seconds, threads, cfg.c, max_nodes, runs.value_or(0));
    cfg.threads = int(threads);   // in range now
    cfg.max_nodes = uint32_t(max_nodes);
    cfg.runs = int(runs.value_or(0));
    return cfg;
}

// Searches the decision of the seat to act in `root`. Throws std::invalid_argument for a finished
// deal or a budget that cannot be searched; any accepted budget gives at least one iteration a
// thread.
template <GameState State>
SearchResult ismcts(const State& root, const SearchConfig& cfg) {
    if (root.is_terminal()) throw std::invalid_argument("the deal is over: there is no decision to search");
    check_search_config(cfg);
    const int observer = root.current_player();
    const auto worlds = worlds_of(root, observer);   // the view's worlds that the game's rules allow
    SearchResult result;
    result.observer = observer;
    ActionList legal;
    root.legal_actions(legal);
    // Runs: a multiple of the threads; thread t runs t, t + threads, ... one after the other.
    // (With fewer iterations than runs, as many runs as iterations.)
    int asked = cfg.runs ? cfg.runs : cfg.threads;
    if (cfg.iterations) asked = int(std::min<uint64_t>(uint64_t(asked), cfg.iterations));
    const int per_thread = (asked + cfg.threads - 1) / cfg.threads;
    const int runs = per_thread * cfg.threads;
    std::vector<std::vector<ActionStats>> per_run(static_cast<size_t>(runs));
    for (auto& v : per_run)
        for (Action a : legal) v.push_back({a, 0, 0, 0});
    std::vector<uint64_t> done(static_cast<size_t>(runs)), nodes(static_cast<size_t>(runs)), arena(static_cast<size_t>(runs));
    const auto start = std::chrono::steady_clock::now();
    const bool timed = cfg.iterations == 0;
    if (cfg.progress) {
        std::lock_guard lk(cfg.progress->m);
        cfg.progress->running = 0;
        cfg.progress->ended = per_run[0];
    }
    detail::Arena tree0;   // run 0's tree, for the principal line
    auto run = [&](int t) {
        for (int k = 0; k < per_thread; ++k) {
            const int r = t + k * cfg.threads;
            // Every run has at least one iteration (its share of a budget below the run count is
            // rounded up); a thread's runs share its time in equal slices.
            const uint64_t share =
                std::max<uint64_t>(1, cfg.iterations / uint64_t(runs) + (uint64_t(r) < cfg.iterations % uint64_t(runs) ? 1 : 0));
            const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                              std::chrono::duration<double>(timed ? cfg.seconds * (k + 1) / per_thread : 0.0));
            // A run that ends by an exception (to the caller, through run_on_threads) or by its
            // thread's end (a forced unwind, which no catch may stop) releases a waiting request.
            struct ReleaseOnUnwind {
                const SearchConfig& cfg;
                bool returned = false;
                ~ReleaseOnUnwind() {
                    if (returned || !cfg.progress) return;
                    std::lock_guard lk(cfg.progress->m);
                    cfg.progress->pending = 0;
                    cfg.progress->cv.notify_all();
                }
            } release{cfg};
            using W = std::remove_cvref_t<decltype(worlds)>;
            run_hot<detail::search_tree<State, W>>(root, observer, worlds, cfg, mix_seed(cfg.seed, uint64_t(r)), timed, share, deadline,
                                                   per_run[size_t(r)], done[size_t(r)], nodes[size_t(r)], arena[size_t(r)],
                                                   r == 0 ? &tree0 : nullptr);
            release.returned = true;
            if (cfg.stop && cfg.stop->load(std::memory_order_relaxed)) break;
        }
    };
    run_on_threads(cfg.threads, run);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.actions = per_run[0];
    for (int r = 1; r < runs; ++r)
        for (size_t i = 0; i < result.actions.size(); ++i) {
            const ActionStats& x = per_run[size_t(r)][i];
            ActionStats& a = result.actions[i];
            a.visits += x.visits;
            a.reward += x.reward;
            a.reward_sq += x.reward_sq;
            a.tally += x.tally;
            a.wins += x.wins;
            a.schneider += x.schneider;
        }
    for (int r = 0; r < runs; ++r) {
        result.iterations += done[size_t(r)];
        result.nodes += nodes[size_t(r)];
        result.arena_bytes += arena[size_t(r)];
    }
    result.runs = std::move(per_run);
    const auto most = std::max_element(result.actions.begin(), result.actions.end(),
                                       [](const ActionStats& a, const ActionStats& b) { return a.visits < b.visits; });
    if (most != result.actions.end() && !tree0.nodes.empty()) result.line = detail::principal_line(tree0, most->action);
    return result;
}

}   // namespace stich
