#include "stich/sampler.hpp"

#include <algorithm>
#include <stdexcept>

namespace stich {

namespace {

constexpr int CAP_BITS = 6;

int cap_of(uint64_t cap, int l) { return int(cap >> (CAP_BITS * l) & 63); }

// Binomial coefficients up to 64 (C(64, 32) < 2^63).
const std::array<std::array<uint64_t, 65>, 65>& binomials() {
    static const auto table = [] {
        std::array<std::array<uint64_t, 65>, 65> c{};
        for (int n = 0; n <= 64; ++n) {
            c[size_t(n)][0] = 1;
            for (int k = 1; k <= n; ++k) c[size_t(n)][size_t(k)] = c[size_t(n - 1)][size_t(k - 1)] + (k < n ? c[size_t(n - 1)][size_t(k)] : 0);
        }
        return c;
    }();
    return table;
}

u128 mul(u128 a, u128 b) {
    u128 r;
    if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("the number of worlds exceeds 2^128");
    return r;
}

u128 add(u128 a, u128 b) {
    u128 r;
    if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("the number of worlds exceeds 2^128");
    return r;
}

// Uniform in [0, bound) from 128 random bits, by rejection under the next power of two.
u128 below(Rng& rng, u128 bound) {
    u128 mask = bound - 1;
    for (int s = 1; s < 128; s <<= 1) mask |= mask >> s;
    for (;;) {
        const u128 r = ((u128(rng.next()) << 64) | rng.next()) & mask;
        if (r < bound) return r;
    }
}

}  // namespace

std::string u128_text(u128 v) {
    if (v == 0) return "0";
    std::string s;
    while (v) {
        s += char('0' + int(v % 10));
        v /= 10;
    }
    std::reverse(s.begin(), s.end());
    return s;
}

WorldSampler::WorldSampler(const View& v) : num_locations_(v.num_locations) {
    std::array<int, MAX_LOCATIONS> need{};
    int total_need = 0;
    for (int l = 0; l < num_locations_; ++l) {
        const Location& loc = v.where[size_t(l)];
        base_[size_t(l)] = loc.known;
        need[size_t(l)] = loc.size - popcount(loc.known);
        if (need[size_t(l)] < 0 || need[size_t(l)] > 63)
            throw std::invalid_argument("inconsistent view: location " + std::to_string(l) + " holds " + std::to_string(loc.size) +
                                        " cards but " + std::to_string(popcount(loc.known)) + " are known there");
        if (loc.known & loc.forbidden) throw std::invalid_argument("inconsistent view: a card is both known and forbidden at location " + std::to_string(l));
        total_need += need[size_t(l)];
        start_ |= Capacity(need[size_t(l)]) << (CAP_BITS * l);
    }
    if (total_need != popcount(v.unknown))
        throw std::invalid_argument("inconsistent view: " + std::to_string(popcount(v.unknown)) + " unknown cards for " +
                                    std::to_string(total_need) + " open places");
    std::unordered_map<uint8_t, size_t> by_mask;
    for (CardSet u = v.unknown; u;) {
        const Card c = pop_lsb(u);
        uint8_t mask = 0;
        for (int l = 0; l < num_locations_; ++l)
            if (need[size_t(l)] > 0 && !contains(v.where[size_t(l)].forbidden, c)) mask = uint8_t(mask | 1u << l);
        if (!mask) throw std::invalid_argument("inconsistent view: card id " + std::to_string(int(c)) + " can be nowhere");
        auto [it, fresh] = by_mask.try_emplace(mask, classes_.size());
        if (fresh) classes_.push_back({{}, mask});
        classes_[it->second].cards.push_back(c);
    }
    memo_.resize(classes_.size() + 1);
    options_.resize(classes_.size());
    total_ = worlds(0, start_);
    if (total_ == 0) throw std::invalid_argument("inconsistent view: no deal of the unknown cards satisfies every constraint");
}

u128 WorldSampler::worlds(size_t k, Capacity cap) {
    if (k == classes_.size()) return cap == 0 ? 1 : 0;
    if (auto it = memo_[k].find(cap); it != memo_[k].end()) return it->second;
    const Class& cls = classes_[k];
    const auto& C = binomials();
    std::vector<Option> opts;
    u128 sum = 0;
    std::array<uint8_t, MAX_LOCATIONS> counts{};
    // Enumerates the splits of the class over its locations, within the capacities.
    auto split = [&](auto&& self, int l, int left, u128 ways) -> void {
        if (l == num_locations_) {
            if (left) return;
            Capacity rest = cap;
            for (int j = 0; j < num_locations_; ++j) rest -= Capacity(counts[size_t(j)]) << (CAP_BITS * j);
            const u128 w = worlds(k + 1, rest);
            if (w == 0) return;
            sum = add(sum, mul(ways, w));
            opts.push_back({counts, sum});
            return;
        }
        const int most = (cls.locations >> l & 1) ? std::min(left, cap_of(cap, l)) : 0;
        for (int x = 0; x <= most; ++x) {
            counts[size_t(l)] = uint8_t(x);
            self(self, l + 1, left - x, mul(ways, C[size_t(left)][size_t(x)]));
        }
        counts[size_t(l)] = 0;
    };
    split(split, 0, int(cls.cards.size()), 1);
    options_[k][cap] = std::move(opts);
    memo_[k][cap] = sum;
    return sum;
}

const std::vector<WorldSampler::Option>& WorldSampler::options(size_t k, Capacity cap) const {
    return options_[k].at(cap);
}

Locations WorldSampler::sample(Rng& rng) const {
    Locations world = base_;
    Capacity cap = start_;
    std::array<Card, MAX_CARDS> cards;
    for (size_t k = 0; k < classes_.size(); ++k) {
        const auto& opts = options(k, cap);
        const u128 r = below(rng, opts.back().cumulative);
        const Option& pick = *std::upper_bound(opts.begin(), opts.end(), r,
                                               [](u128 value, const Option& o) { return value < o.cumulative; });
        const Class& cls = classes_[k];
        const int n = int(cls.cards.size());
        std::copy(cls.cards.begin(), cls.cards.end(), cards.begin());
        rng.shuffle(cards.data(), n);
        int next = 0;
        for (int l = 0; l < num_locations_; ++l) {
            for (int i = 0; i < pick.counts[size_t(l)]; ++i) world[size_t(l)] |= bit(cards[size_t(next++)]);
            cap -= Capacity(pick.counts[size_t(l)]) << (CAP_BITS * l);
        }
    }
    return world;
}

}  // namespace stich
