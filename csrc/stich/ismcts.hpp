// Single-observer ISMCTS with partially observable moves (Cowling, Powley & Whitehouse 2012).
//
// One tree for the searching seat (the observer). Every iteration samples a world uniformly from
// the observer's view (WorldSampler), installs it in a copy of the root and descends the tree:
// the observer's own moves are edges keyed by the action, the other seats' by its public
// projection (a Mistigri discard is keyed by its size; the actual cards are drawn among the legal
// actions with that projection). UCB uses availability counts, since an edge exists only in the
// worlds where it is legal. One new node per iteration, then a playout (random or the game's
// heuristic), and each node on the path backs up the normalised return of the seat that chose
// its edge. Nodes are 32 bytes in an arena reserved up front: no allocation per iteration.
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
    double seconds = 0;
    double return_scale = 1;
};

struct alignas(32) SearchNode {
    uint32_t first_child = 0, next_sibling = 0;   // 0: none (node 0 is the root)
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

// One thread's search: returns the root children's statistics (keyed by action).
template <GameState State>
void search_tree(const State& root, int observer, const WorldSampler& sampler, const SearchConfig& cfg, uint64_t seed,
                 uint64_t iterations, std::chrono::steady_clock::time_point deadline, std::vector<ActionStats>& out,
                 uint64_t& done, uint64_t& node_count) {
    Rng rng(seed);
    std::vector<SearchNode> nodes;
    nodes.reserve(iterations ? iterations + 1 : 1 << 20);
    nodes.emplace_back();
    const double scale = root.return_scale();
    const float c = float(cfg.c);
    std::array<uint32_t, MAX_DEPTH> path;
    uint64_t it = 0;
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
            // The keys available here, each once.
            ActionList keys;
            for (Action a : legal) {
                const Action k = own ? a : s.public_projection(a);
                if (!keys.contains(k)) keys.push(k);
            }
            // Mark the existing children whose key is available; collect the keys not yet expanded.
            uint64_t seen = 0;
            uint32_t best = 0;
            float best_score = -1e30f;
            for (uint32_t ch = nodes[node].first_child; ch; ch = nodes[ch].next_sibling) {
                for (int i = 0; i < keys.n; ++i)
                    if (keys.a[size_t(i)] == nodes[ch].key) {
                        seen |= uint64_t(1) << i;
                        SearchNode& n = nodes[ch];
                        n.available++;
                        const float score = n.reward / float(n.visits) +
                                            c * std::sqrt(fast_log(n.available) / float(n.visits));
                        if (score > best_score) {
                            best_score = score;
                            best = ch;
                        }
                        break;
                    }
            }
            const int unexpanded = keys.n - popcount(seen);
            Action key;
            if (unexpanded > 0) {
                int pick = int(rng.below(uint32_t(unexpanded)));
                int i = 0;
                for (;; ++i)
                    if (!(seen >> i & 1) && pick-- == 0) break;
                key = keys.a[size_t(i)];
                SearchNode child;
                child.key = key;
                child.seat = uint8_t(p);
                child.available = 1;
                child.next_sibling = nodes[node].first_child;
                nodes.push_back(child);
                best = uint32_t(nodes.size() - 1);
                nodes[node].first_child = best;
                expanded = true;
            } else {
                key = nodes[best].key;
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
    node_count = nodes.size();
    for (uint32_t ch = nodes[0].first_child; ch; ch = nodes[ch].next_sibling)
        for (ActionStats& a : out)
            if (a.action == nodes[ch].key) {
                a.visits += nodes[ch].visits;
                a.reward += nodes[ch].reward;
                a.reward_sq += nodes[ch].reward_sq;
            }
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
    std::vector<uint64_t> done(size_t(cfg.threads)), nodes(size_t(cfg.threads));
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(cfg.seconds));
    auto run = [&](int t) {
        const uint64_t share = cfg.iterations / uint64_t(cfg.threads) + (uint64_t(t) < cfg.iterations % uint64_t(cfg.threads) ? 1 : 0);
        detail::search_tree(root, observer, sampler, cfg, mix_seed(cfg.seed, uint64_t(t)), cfg.iterations ? share : 0, deadline,
                            per_thread[size_t(t)], done[size_t(t)], nodes[size_t(t)]);
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
    }
    return result;
}

}  // namespace stich
