// Single-observer ISMCTS with partially observable moves (Cowling, Powley & Whitehouse 2012).
//
// One tree for the searching seat (the observer). Every iteration samples a world uniformly from
// the observer's view (WorldSampler), installs it in a copy of the root and descends the tree:
// the observer's own moves are edges keyed by the action, the other seats' by its public
// projection (a Mistigri discard is keyed by its size; the actual cards are drawn among the legal
// actions with that projection). UCB uses availability counts, since an edge exists only in the
// worlds where it is legal. One new node per iteration, then a playout (random or the game's
// heuristic), and each node on the path backs up the normalised return of the seat that chose
// its edge. Nodes are 32 bytes in an arena reserved up front; a node's children sit side by side
// (a full child array moves to the arena's end with twice the room), so a selection step reads
// a few cache lines instead of chasing siblings across the arena.
// Root-parallel threads build separate trees from seeds mixed with the thread index and merge
// their root statistics; a (seed, threads, iterations) triple gives the same result every time.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

#include "stich/game.hpp"
#include "stich/sampler.hpp"

namespace stich {

enum class Playout : uint8_t { Random, Heuristic };

struct SearchConfig {
    uint64_t iterations = 0;   // total over all threads; 0: use seconds
    double seconds = 0;        // wall-clock budget when iterations is 0
    int threads = 1;
    uint64_t seed = 0;
    double c = 0.7;            // UCB exploration constant, on returns normalised by return_scale()
    Playout playout = Playout::Random;
    const std::atomic<bool>* stop = nullptr;   // optional external stop flag
};

struct ActionStats {
    Action action = 0;
    uint64_t visits = 0;
    double reward = 0, reward_sq = 0;   // sums of the observer's normalised returns
};

struct SearchResult {
    int observer = 0;
    std::vector<ActionStats> actions;   // the observer's legal actions at the root, in id order
    uint64_t iterations = 0;
    uint64_t nodes = 0;
    uint64_t arena_bytes = 0;   // node memory of all threads' trees (slots of moved child arrays included)
    double seconds = 0;
    double return_scale = 1;
};

struct alignas(32) SearchNode {
    uint32_t children = 0;                         // index of this node's child array in the arena
    uint16_t num_children = 0, capacity = 0;
    uint32_t visits = 0, available = 0;
    float reward = 0, reward_sq = 0;               // normalised returns of `seat`
    Action key = 0;                                // the action, or its public projection
    uint8_t seat = 0;                              // the seat that chose this edge
};
static_assert(sizeof(SearchNode) == 32);

namespace detail {

constexpr int MAX_DEPTH = 160;

inline float fast_log(uint32_t n) {
    static const auto table = [] {
        std::array<float, 4096> t{};
        for (size_t i = 1; i < t.size(); ++i) t[i] = std::log(float(i));
        return t;
    }();
    return n < table.size() ? table[n] : std::log(float(n));
}

// A uniformly chosen legal action whose projection (for the acting seat) equals `key`.
template <GameState State>
Action action_for_key(const State& s, const ActionList& legal, bool own, Action key, Rng& rng) {
    if (own) return key;
    int matching = 0;
    for (Action a : legal) matching += s.public_projection(a) == key;
    int pick = int(rng.below(uint32_t(matching)));
    for (Action a : legal)
        if (s.public_projection(a) == key && pick-- == 0) return a;
    return legal.a[0];
}

template <GameState State>
Action playout_action(const State& s, Playout p, Rng& rng) {
    if constexpr (requires { s.heuristic_action(rng); })
        if (p == Playout::Heuristic) return s.heuristic_action(rng);
    return s.random_action(rng);
}

// Keys as bits of a 128-bit set: action ids are below 127; the hidden projection takes bit 127.
inline int key_bit(Action k) { return k == HIDDEN_ACTION ? 127 : k; }

struct KeySet {
    uint64_t w[2] = {0, 0};
    void add(Action k) { w[key_bit(k) >> 6] |= uint64_t(1) << (key_bit(k) & 63); }
    bool has(Action k) const { return w[key_bit(k) >> 6] >> (key_bit(k) & 63) & 1; }
    void remove(Action k) { w[key_bit(k) >> 6] &= ~(uint64_t(1) << (key_bit(k) & 63)); }
    int count() const { return popcount(w[0]) + popcount(w[1]); }
    Action nth(int n) const {
        const int low = popcount(w[0]);
        const int b = n < low ? nth_card(w[0], n) : 64 + nth_card(w[1], n - low);
        return b == 127 ? HIDDEN_ACTION : Action(b);
    }
};

// The node arena: child arrays have power-of-two sizes; an array left behind when its node
// outgrows it goes on a free list of its size (linked through its first slot) for reuse.
struct Arena {
    std::vector<SearchNode> nodes;
    std::array<uint32_t, 17> free_head{};   // by log2(size); 0: empty (slot 0 is the root)

    uint32_t allocate(int log_size) {
        if (uint32_t at = free_head[size_t(log_size)]) {
            free_head[size_t(log_size)] = nodes[at].children;
            return at;
        }
        const uint32_t at = uint32_t(nodes.size());
        nodes.resize(nodes.size() + (size_t(1) << log_size));
        return at;
    }
    void release(uint32_t at, int log_size) {
        nodes[at].children = free_head[size_t(log_size)];
        free_head[size_t(log_size)] = at;
    }
};

// Adds a child with `key` to `parent`; a full child array moves to one twice its size (at least
// `room_hint`, the keys seen at this node). Returns the child's index.
inline uint32_t add_child(Arena& arena, uint32_t parent, Action key, uint8_t seat, int room_hint) {
    SearchNode* p = &arena.nodes[parent];
    if (p->num_children == p->capacity) {
        int log_size = 1;
        while ((1 << log_size) < std::max(int(p->capacity) * 2, room_hint)) ++log_size;
        const uint32_t at = arena.allocate(log_size);
        p = &arena.nodes[parent];   // allocate may have moved the arena
        std::copy_n(arena.nodes.begin() + p->children, p->num_children, arena.nodes.begin() + at);
        if (p->capacity) arena.release(p->children, std::countr_zero(unsigned(p->capacity)));
        p->children = at;
        p->capacity = uint16_t(1 << log_size);
    }
    const uint32_t child = p->children + p->num_children++;
    SearchNode& n = arena.nodes[child];
    n = SearchNode{};
    n.key = key;
    n.seat = seat;
    n.available = 1;
    return child;
}

// One thread's search: adds the root children's statistics (keyed by action) to `out`.
// Flattened so that the game's moves inline into the loop whatever link-time optimisation decides.
template <GameState State>
[[gnu::flatten]] void search_tree(const State& root, int observer, const WorldSampler& sampler, const SearchConfig& cfg, uint64_t seed,
                 uint64_t iterations, std::chrono::steady_clock::time_point deadline, std::vector<ActionStats>& out,
                 uint64_t& done, uint64_t& node_count, uint64_t& arena) {
    Rng rng(seed);
    Arena arena_;
    std::vector<SearchNode>& nodes = arena_.nodes;
    nodes.reserve(iterations ? 2 * iterations + 64 : 1 << 21);
    nodes.emplace_back();
    const double scale = root.return_scale();
    const float c = float(cfg.c);
    std::array<uint32_t, MAX_DEPTH> path;
    uint64_t it = 0, used = 1;
    for (;; ++it) {
        if (iterations ? it >= iterations
                       : ((it & 255) == 0 && std::chrono::steady_clock::now() >= deadline))
            break;
        if (cfg.stop && (it & 255) == 0 && cfg.stop->load(std::memory_order_relaxed)) break;
        State s = root;
        s.set_hidden(sampler.sample(rng), observer, rng);
        int depth = 0;
        uint32_t node = 0;
        path[size_t(depth++)] = 0;
        nodes[0].visits++;
        bool expanded = false;
        while (!s.is_terminal() && !expanded && depth < MAX_DEPTH) {
            ActionList legal;
            s.legal_actions(legal);
            const int p = s.current_player();
            const bool own = p == observer;
            KeySet keys;
            for (Action a : legal) keys.add(own ? a : s.public_projection(a));
            // Count the availability of the children whose key is here and pick the best by UCB;
            // what remains in `keys` has no child yet.
            uint32_t best = 0;
            float best_score = -1e30f;
            const SearchNode& parent = nodes[node];
            for (uint32_t ch = parent.children, end = ch + parent.num_children; ch < end; ++ch) {
                SearchNode& n = nodes[ch];
                if (!keys.has(n.key)) continue;
                keys.remove(n.key);
                n.available++;
                const float score = n.reward / float(n.visits) + c * std::sqrt(fast_log(n.available) / float(n.visits));
                if (score > best_score) {
                    best_score = score;
                    best = ch;
                }
            }
            Action key;
            if (keys.count() > 0) {
                key = keys.nth(int(rng.below(uint32_t(keys.count()))));
                best = add_child(arena_, node, key, uint8_t(p), keys.count() + parent.num_children);
                ++used;
                expanded = true;
            } else {
                key = nodes[best].key;
                // Start loading the next level's children while the move is applied.
                __builtin_prefetch(&nodes[nodes[best].children]);
                __builtin_prefetch(&nodes[nodes[best].children] + 2);
            }
            s.apply(action_for_key(s, legal, own, key, rng));
            node = best;
            path[size_t(depth++)] = node;
        }
        while (!s.is_terminal()) s.apply(playout_action(s, cfg.playout, rng));
        Returns r;
        s.returns(r);
        for (int i = 1; i < depth; ++i) {
            SearchNode& n = nodes[path[size_t(i)]];
            const float v = float(r[n.seat] / scale);
            n.visits++;
            n.reward += v;
            n.reward_sq += v * v;
        }
    }
    done = it;
    node_count = used;
    const SearchNode& rootnode = nodes[0];
    for (uint32_t ch = rootnode.children; ch < rootnode.children + rootnode.num_children; ++ch)
        for (ActionStats& a : out)
            if (a.action == nodes[ch].key) {
                a.visits += nodes[ch].visits;
                a.reward += nodes[ch].reward;
                a.reward_sq += nodes[ch].reward_sq;
            }
    arena = nodes.size() * sizeof(SearchNode);
}

}  // namespace detail

// Searches the decision of the seat to act in `root`. Throws std::invalid_argument for a finished
// deal or an empty budget.
template <GameState State>
SearchResult ismcts(const State& root, const SearchConfig& cfg) {
    if (root.is_terminal()) throw std::invalid_argument("the deal is over: there is no decision to search");
    if (cfg.iterations == 0 && !(cfg.seconds > 0)) throw std::invalid_argument("give a budget: iterations > 0 or seconds > 0");
    if (cfg.threads < 1 || cfg.threads > 256) throw std::invalid_argument("threads must be 1..256");
    if (!(cfg.c >= 0)) throw std::invalid_argument("the exploration constant c must be >= 0");
    const int observer = root.current_player();
    const WorldSampler sampler(root.view(observer));
    SearchResult result;
    result.observer = observer;
    result.return_scale = root.return_scale();
    ActionList legal;
    root.legal_actions(legal);
    std::vector<std::vector<ActionStats>> per_thread(size_t(cfg.threads));
    for (auto& v : per_thread)
        for (Action a : legal) v.push_back({a, 0, 0, 0});
    std::vector<uint64_t> done(size_t(cfg.threads)), nodes(size_t(cfg.threads)), arena(size_t(cfg.threads));
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(cfg.seconds));
    auto run = [&](int t) {
        const uint64_t share = cfg.iterations / uint64_t(cfg.threads) + (uint64_t(t) < cfg.iterations % uint64_t(cfg.threads) ? 1 : 0);
        detail::search_tree(root, observer, sampler, cfg, mix_seed(cfg.seed, uint64_t(t)), cfg.iterations ? share : 0, deadline,
                            per_thread[size_t(t)], done[size_t(t)], nodes[size_t(t)], arena[size_t(t)]);
    };
    if (cfg.threads == 1) {
        run(0);
    } else {
        std::vector<std::thread> pool;
        for (int t = 0; t < cfg.threads; ++t) pool.emplace_back(run, t);
        for (auto& th : pool) th.join();
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.actions = per_thread[0];
    for (int t = 1; t < cfg.threads; ++t)
        for (size_t i = 0; i < result.actions.size(); ++i) {
            result.actions[i].visits += per_thread[size_t(t)][i].visits;
            result.actions[i].reward += per_thread[size_t(t)][i].reward;
            result.actions[i].reward_sq += per_thread[size_t(t)][i].reward_sq;
        }
    for (int t = 0; t < cfg.threads; ++t) {
        result.iterations += done[size_t(t)];
        result.nodes += nodes[size_t(t)];
        result.arena_bytes += arena[size_t(t)];
    }
    return result;
}

}  // namespace stich
