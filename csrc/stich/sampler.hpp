// Exact determinization: counting and uniformly sampling the worlds consistent with a View.
//
// A world places every unknown card in one location (a hand, the talon, a discard pile) so that
// each location receives exactly the number of cards it still lacks and no card goes where the
// view forbids it. Cards with the same set of possible locations form a class; a world is a
// class-by-location count table x[k][l] weighted by prod_k n_k! / prod_l x[k][l]! (the ways to
// split each class's cards). A DP over classes and remaining capacities counts the worlds
// exactly (128-bit); sampling then picks each class's counts with probability proportional to its
// weight times the worlds left for the remaining classes, and deals the class's cards by uniform
// draws without replacement (a card a draw, picked from the set's bits). The tables depend only on
// the view, so a search builds them once; a sample then walks flat arrays (a stage per class and
// remaining capacity, its options side by side, each naming the next stage) and draws a number
// only where a class has more than one way to split.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "stich/game.hpp"

namespace stich {

__extension__ typedef unsigned __int128 u128;   // exact world counts (GCC and Clang)
std::string u128_text(u128 v);
// "1,234,567", as Python's format(n, ",") writes it.
std::string u128_grouped(u128 v);

class WorldSampler {
   public:
    // Throws std::invalid_argument when no world is consistent with the view.
    explicit WorldSampler(const View& v);

    u128 count() const { return total_; }
    // A uniformly drawn world: the content of every location (known cards included).
    Locations sample(Rng& rng) const;
    // Calls f once for every consistent world (count() calls in all, each world once, in a fixed
    // order) until f returns false: the exact analysis enumerates them instead of sampling.
    void enumerate(const std::function<bool(const Locations&)>& f) const;

   private:
    struct Class {
        int size = 0;   // its cards
        CardSet set = 0;
        uint8_t locations;   // bit per location this class's cards may go to
    };
    struct Option {   // one way to split a class: counts per location and the running weight
        std::array<uint8_t, MAX_LOCATIONS> counts;
        int8_t largest;   // the location with the largest count
        uint8_t drawn;    // bit per location, other than the largest, that takes some of the class's cards
        uint32_t next;    // the stage of the next class
        u128 cumulative;
    };
    struct Stage {                       // a class and the capacities left for it and the classes after it
        uint32_t first = 0, count = 0;   // its options in options_
        u128 worlds = 0;
    };
    using Capacity = uint64_t;   // 6 bits per location: cards it still lacks

    struct Build {   // the construction's memo: stages by class and capacities
        std::vector<std::unordered_map<Capacity, uint32_t>> stages;
        std::vector<uint8_t> reach;   // reach[k]: the locations any class from k on may go to
    };
    // Builds (once) the stage of class k with capacities cap; returns its index.
    uint32_t stage(size_t k, Capacity cap, Build& b);

    int num_locations_ = 0;
    Locations base_{};   // the known cards
    std::vector<Class> classes_;
    std::vector<Stage> stages_;   // stage 0: the first class with every capacity open
    std::vector<Option> options_;
    u128 total_ = 0;
};

// Worlds that play reaches. A view's facts (the cards known or forbidden at each location, the
// sizes) say most of what a seat knows, but not all: a game may have rules about the hidden cards
// that no fact about single cards can say (a hand of a kind that ends the deal at once, had it been
// dealt or made in the exchange, cannot be hidden in a deal that goes on). Such a game's State has
//   WorldRules world_rules(int observer) const;   // made once a view: `allows(world)` is cheap
// and the worlds are the sampler's worlds that the rules allow: drawn by rejection (exactly
// uniform among the allowed worlds), listed by skipping the others. The rules read only the hands
// of the seats that play (stich/solve.hpp's exact analysis relies on it).
struct NoWorldRules {
    static constexpr bool allows(const Locations&) { return true; }
};

template <class State>
auto world_rules_of(const State& s, int observer) {
    if constexpr (requires { s.world_rules(observer); }) return s.world_rules(observer);
    else return NoWorldRules{};
}

template <class Rules>
class Worlds {
   public:
    // Throws std::invalid_argument when no world is consistent with the view's facts.
    Worlds(const View& v, Rules rules) : sampler_(v), rules_(std::move(rules)) {}

    const WorldSampler& sampler() const { return sampler_; }
    // The worlds of the view's facts: all of the worlds where the game has no rules beyond them,
    // else an upper bound.
    u128 facts_count() const { return sampler_.count(); }
    bool allows(const Locations& w) const { return rules_.allows(w); }
    // A world drawn uniformly among those the rules allow. In the positions play makes a draw is
    // refused rarely; a position typed by hand may admit none: std::invalid_argument after MAX_REFUSED draws in a row.
    static constexpr uint32_t MAX_REFUSED = 1u << 20;
    Locations sample(Rng& rng) const {
        for (uint32_t refused = 0;; ++refused) {
            const Locations w = sampler_.sample(rng);
            if (rules_.allows(w)) [[likely]]
                return w;
            if (refused == MAX_REFUSED)
                throw std::invalid_argument("no deal of the hidden cards found that keeps the game's rules (" +
                                            std::to_string(MAX_REFUSED) + " drawn)");
        }
    }
    // Calls f once for every allowed world (in the sampler's order) until f returns false.
    void enumerate(const std::function<bool(const Locations&)>& f) const {
        sampler_.enumerate([&](const Locations& w) { return !rules_.allows(w) || f(w); });
    }

   private:
    WorldSampler sampler_;
    Rules rules_;
};

// The worlds of `observer`'s view of s under the game's rules.
template <class State>
auto worlds_of(const State& s, int observer) {
    return Worlds(s.view(observer), world_rules_of(s, observer));
}

// Installs a world (one the rules allow) in place of what `observer` cannot see. set_hidden installs
// what play reads (the search's every iteration); settle_world, where a game has it, then makes the
// hidden history fit the world's cards (State::settle_world): the state is one play reaches from
// its deal, and holds nothing of the state it was sampled from that the observer cannot see.
template <class State>
void install_world(State& s, const Locations& world, int observer, Rng& rng) {
    s.set_hidden(world, observer, rng);
    if constexpr (requires { s.settle_world(observer, rng); }) s.settle_world(observer, rng);
}

// A copy in which every card `seat` cannot see is dealt anew from `seed`, uniformly among the
// worlds play reaches (state.resample(seat, seed)).
template <class State>
State resampled(const State& s, int seat, uint64_t seed) {
    const auto worlds = worlds_of(s, seat);
    Rng rng(seed);
    State out = s;
    install_world(out, worlds.sample(rng), seat, rng);
    return out;
}

}   // namespace stich
