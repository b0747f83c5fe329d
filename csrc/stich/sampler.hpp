// Exact determinization: counting and uniformly sampling the worlds consistent with a View.
//
// A world places every unknown card in one location (a hand, the talon, a discard pile) so that
// each location receives exactly the number of cards it still lacks and no card goes where the
// view forbids it. Cards with the same set of possible locations form a class; a world is a
// class-by-location count table x[k][l] weighted by prod_k n_k! / prod_l x[k][l]! (the ways to
// split each class's cards). A DP over classes and remaining capacities counts the worlds
// exactly (128-bit); sampling then picks each class's counts with probability proportional to its
// weight times the worlds left for the remaining classes, and deals the class's cards by a uniform
// shuffle. The tables depend only on the view, so a search builds them once; a sample then walks
// flat arrays (a stage per class and remaining capacity, its options side by side, each naming
// the next stage) and draws a number only where a class has more than one way to split.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <unordered_map>
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
        std::vector<Card> cards;
        CardSet set = 0;
        uint8_t locations;   // bit per location this class's cards may go to
    };
    struct Option {          // one way to split a class: counts per location and the running weight
        std::array<uint8_t, MAX_LOCATIONS> counts;
        int8_t largest;      // the location with the largest count
        bool whole;          // it takes the whole class
        uint32_t next;       // the stage of the next class
        u128 cumulative;
    };
    struct Stage {           // a class and the capacities left for it and the classes after it
        uint32_t first = 0, count = 0;   // its options in options_
        u128 worlds = 0;
    };
    using Capacity = uint64_t;   // 6 bits per location: cards it still lacks

    struct Build {            // the construction's memo: stages by class and capacities
        std::vector<std::unordered_map<Capacity, uint32_t>> stages;
        std::vector<uint8_t> reach;   // reach[k]: the locations any class from k on may go to
    };
    // Builds (once) the stage of class k with capacities cap; returns its index.
    uint32_t stage(size_t k, Capacity cap, Build& b);

    int num_locations_ = 0;
    Locations base_{};                 // the known cards
    std::vector<Class> classes_;
    std::vector<Stage> stages_;        // stage 0: the first class with every capacity open
    std::vector<Option> options_;
    u128 total_ = 0;
};

}  // namespace stich
