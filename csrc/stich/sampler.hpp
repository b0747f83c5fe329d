// Exact determinization: counting and uniformly sampling the worlds consistent with a View.
//
// A world places every unknown card in one location (a hand, the talon, a discard pile) so that
// each location receives exactly the number of cards it still lacks and no card goes where the
// view forbids it. Cards with the same set of possible locations form a class; a world is a
// class-by-location count table x[k][l] weighted by prod_k n_k! / prod_l x[k][l]! (the ways to
// split each class's cards). A DP over classes and remaining capacities counts the worlds
// exactly (128-bit); sampling then picks each class's counts with probability proportional to its
// weight times the worlds left for the remaining classes, and deals the class's cards by a uniform
// shuffle. The tables depend only on the view, so a search builds them once and samples cheaply.
#pragma once
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "stich/game.hpp"

namespace stich {

__extension__ typedef unsigned __int128 u128;   // exact world counts (GCC and Clang)
std::string u128_text(u128 v);

class WorldSampler {
   public:
    // Throws std::invalid_argument when no world is consistent with the view.
    explicit WorldSampler(const View& v);

    u128 count() const { return total_; }
    // A uniformly drawn world: the content of every location (known cards included).
    Locations sample(Rng& rng) const;
    int num_classes() const { return int(classes_.size()); }

   private:
    struct Class {
        std::vector<Card> cards;
        uint8_t locations;   // bit per location this class's cards may go to
    };
    struct Option {          // one way to split a class: counts per location and the running weight
        std::array<uint8_t, MAX_LOCATIONS> counts;
        u128 cumulative;
    };
    using Capacity = uint64_t;   // 6 bits per location: cards it still lacks

    u128 worlds(size_t k, Capacity cap);   // DP: worlds for classes k.. with capacity cap
    const std::vector<Option>& options(size_t k, Capacity cap) const;

    int num_locations_ = 0;
    Locations base_{};                 // the known cards
    std::vector<Class> classes_;
    std::vector<std::unordered_map<Capacity, u128>> memo_;
    std::vector<std::unordered_map<Capacity, std::vector<Option>>> options_;
    Capacity start_ = 0;
    u128 total_ = 0;
};

}  // namespace stich
