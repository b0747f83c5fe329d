// The C++ API in one include (docs/embedding.md): the registered games (stich/registry.hpp), the
// generic algorithms (stich/game.hpp), world counting and sampling (stich/sampler.hpp), the search
// (stich/search.hpp: the registered games' searches compiled once, into libstich_core), the
// solver and PIMC (stich/solve.hpp), the analysis of a decision (stich/analyse.hpp: stich.analyse,
// compiled once per game), the position notation (stich/notation.hpp), game records
// (stich/records.hpp: read, replayed and written), the version
// (stich/version.hpp) and a seat's view as the analyses show it (stich/view_text.hpp); plus a few
// entry points that the Python API has as one call.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "stich/analyse.hpp"
#include "stich/game.hpp"
#include "stich/notation.hpp"
#include "stich/records.hpp"
#include "stich/registry.hpp"
#include "stich/sampler.hpp"
#include "stich/schema.hpp"
#include "stich/search.hpp"
#include "stich/solve.hpp"
#include "stich/version.hpp"
#include "stich/view_text.hpp"

namespace stich {

// The Rules of a game from named option values ({"target", Value::of_int(31)}, ...): the checks
// of stich.<Game>(option=value) (std::invalid_argument naming the option and what it accepts).
template <class Def>
typename Def::Rules rules_of(const std::vector<std::pair<std::string, Value>>& options = {}) {
    return make_rules<typename Def::Rules>(Def::NAME, Def::options(), options);
}

// A deal from a seed with random hands and the deal's extra arguments at their defaults: what
// stich.<Game>(...).deal(seed=seed, dealer=dealer) gives.
template <class Def>
typename Def::State deal(const typename Def::Rules& r, uint64_t seed, int64_t dealer = 0) {
    return Def::deal(r, seed, checked_dealer(dealer, Def::num_players(r)), FixedHands{}, default_deal_extras<Def>());
}

// The same with cards pinned per seat and the deal's extra arguments (stich.<Game>(...).deal(...)).
template <class Def>
typename Def::State deal(const typename Def::Rules& r, uint64_t seed, int64_t dealer, const FixedHands& hands,
                         const std::vector<Value>& extras) {
    return Def::deal(r, seed, checked_dealer(dealer, Def::num_players(r)), hands, extras);
}

// The returns of n deals played out with uniformly random legal actions, deal i from (seed, i)
// with dealer i % players: n rows of num_players(r) values, row after row. The same numbers as
// stich.<Game>(...).random_playouts(n, seed=seed) (the playouts' extra arguments at their defaults).
template <class Def>
std::vector<int32_t> random_playout_returns(const typename Def::Rules& r, int64_t n, uint64_t seed) {
    std::vector<int32_t> out(size_t(checked_deal_count(n)) * size_t(Def::num_players(r)));
    Def::random_playouts(r, seed, n, out.data(), default_playout_extras<Def>(), nullptr);
    return out;
}

// The column sums of random_playout_returns(r, n, seed): one total per seat, as
// stich.<Game>(...).random_playouts(n, seed=seed).sum(axis=0) gives them.
template <class Def>
std::vector<int64_t> random_playout_sums(const typename Def::Rules& r, int64_t n, uint64_t seed) {
    const int players = Def::num_players(r);
    std::vector<int64_t> sums(size_t(players), 0);
    const std::vector<int32_t> rows = random_playout_returns<Def>(r, n, seed);
    for (size_t i = 0; i < rows.size(); ++i) sums[i % size_t(players)] += rows[i];
    return sums;
}

// The search's settings as stich.ismcts takes them by default: the game's exploration constant
// (Def::SEARCH_C), its heuristic playouts and the other seats' decisions before the card play by
// the heuristic, an iteration budget, a seed and a thread count.
// The same (iterations, seed, threads) give the same result as stich.ismcts(state,
// iterations=..., seed=..., threads=...).
template <class Def>
SearchConfig search_config(uint64_t iterations, uint64_t seed, int threads = 1) {
    SearchConfig cfg;
    cfg.iterations = iterations;
    cfg.seed = seed;
    cfg.threads = threads;
    cfg.c = Def::SEARCH_C;
    cfg.playout = Playout::Heuristic;
    cfg.others_before_play = Others::Heuristic;
    return cfg;
}

// A search's table as text: one line per root action, most visited first, with its visits, its
// share of them and the mean return of the searching seat (the game's unit, Def::UNIT).
template <class Def>
std::string search_table(const typename Def::State& root, const SearchResult& r) {
    std::vector<ActionStats> rows = r.actions;
    std::stable_sort(rows.begin(), rows.end(), [](const ActionStats& a, const ActionStats& b) { return a.visits > b.visits; });
    std::string out = std::string(Def::NAME) + ", seat " + std::to_string(r.observer) + " to act: " + std::to_string(r.iterations) +
                      " iterations; mean in " + Def::UNIT + "\n";
    char line[160];
    for (const ActionStats& a : rows) {
        const double share = r.iterations ? 100.0 * double(a.visits) / double(r.iterations) : 0.0;
        const double mean = a.visits ? a.reward / double(a.visits) : 0.0;
        std::snprintf(line, sizeof line, "  %-16s %10llu visits %6.1f%%  mean %+8.3f\n", root.action_text(a.action).c_str(),
                      static_cast<unsigned long long>(a.visits), share, mean);
        out += line;
    }
    return out;
}

}   // namespace stich
