#include "stich/sampler.hpp"

#include <algorithm>
#include <bit>
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
            for (int k = 1; k <= n; ++k)
                c[size_t(n)][size_t(k)] = c[size_t(n - 1)][size_t(k - 1)] + (k < n ? c[size_t(n - 1)][size_t(k)] : 0);
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

// Uniform in [0, bound). A bound that fits in 64 bits: Lemire's multiply-shift, the high word of
// a random number times the bound, with rejection (rare: the low word below 2^64 mod bound), one
// random number a draw but for those. A larger one: 128 random bits masked under the next power of
// two, by rejection.
u128 below(Rng& rng, u128 bound) {
    if (bound <= u128(UINT64_MAX)) {
        const uint64_t b = uint64_t(bound);
        u128 m = u128(rng.next()) * b;
        if (uint64_t(m) < b) {
            const uint64_t threshold = (0 - b) % b;   // 2^64 mod b
            while (uint64_t(m) < threshold) m = u128(rng.next()) * b;
        }
        return m >> 64;
    }
    u128 mask = bound - 1;
    for (int s = 1; s < 128; s <<= 1) mask |= mask >> s;
    for (;;) {
        const u128 r = ((u128(rng.next()) << 64) | rng.next()) & mask;
        if (r < bound) return r;
    }
}

}   // namespace

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

std::string u128_grouped(u128 v) {
    const std::string digits = u128_text(v);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

WorldSampler::WorldSampler(const View& v) : num_locations_(v.num_locations) {
    std::array<int, MAX_LOCATIONS> need{};
    int total_need = 0;
    Capacity start = 0;
    for (int l = 0; l < num_locations_; ++l) {
        const Location& loc = v.where[size_t(l)];
        base_[size_t(l)] = loc.known;
        need[size_t(l)] = loc.size - popcount(loc.known);
        if (need[size_t(l)] < 0 || need[size_t(l)] > 63)
            throw std::invalid_argument("inconsistent view: location " + std::to_string(l) + " holds " + std::to_string(loc.size) +
                                        " cards but " + std::to_string(popcount(loc.known)) + " are known there");
        if (loc.known & loc.forbidden)
            throw std::invalid_argument("inconsistent view: a card is both known and forbidden at location " + std::to_string(l));
        total_need += need[size_t(l)];
        start |= Capacity(need[size_t(l)]) << (CAP_BITS * l);
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
        if (fresh) classes_.push_back({0, 0, mask});
        classes_[it->second].size++;
        classes_[it->second].set |= bit(c);
    }
    if (classes_.empty()) {
        total_ = 1;
        return;
    }
    Build b{std::vector<std::unordered_map<Capacity, uint32_t>>(classes_.size()), std::vector<uint8_t>(classes_.size() + 1, 0)};
    for (size_t k = classes_.size(); k-- > 0;) b.reach[k] = uint8_t(b.reach[k + 1] | classes_[k].locations);
    stage(0, start, b);
    total_ = stages_[0].worlds;
    if (total_ == 0) throw std::invalid_argument("inconsistent view: no deal of the unknown cards satisfies every constraint");
}

uint32_t WorldSampler::stage(size_t k, Capacity cap, Build& b) {
    auto& built = b.stages[k];
    if (auto it = built.find(cap); it != built.end()) return it->second;
    const uint32_t index = uint32_t(stages_.size());
    built[cap] = index;
    stages_.emplace_back();
    const Class& cls = classes_[k];
    const auto& C = binomials();
    std::vector<Option> opts;
    u128 sum = 0;
    std::array<uint8_t, MAX_LOCATIONS> counts{};
    // Room left for the class from location l on; a location no later class may go to must be
    // filled by this one (else no world completes the split: the split is skipped unvisited,
    // which leaves the options and their order as a full enumeration would make them).
    std::array<int, MAX_LOCATIONS + 1> room{};
    for (int l = num_locations_; l-- > 0;) room[size_t(l)] = room[size_t(l + 1)] + ((cls.locations >> l & 1) ? cap_of(cap, l) : 0);
    const uint8_t later = b.reach[k + 1];
    // Enumerates the splits of the class over its locations, within the capacities.
    auto split = [&](auto&& self, int l, int left, u128 ways) -> void {
        if (left > room[size_t(l)]) return;
        if (l == num_locations_) {
            if (left) return;
            Capacity rest = cap;
            int largest = 0;
            uint8_t used = 0;
            for (int j = 0; j < num_locations_; ++j) {
                rest -= Capacity(counts[size_t(j)]) << (CAP_BITS * j);
                if (counts[size_t(j)] > 0) used = uint8_t(used | 1u << j);
                if (counts[size_t(j)] > counts[size_t(largest)]) largest = j;
            }
            u128 w = 1;
            uint32_t next = 0;
            if (k + 1 < classes_.size()) {
                next = stage(k + 1, rest, b);
                w = stages_[next].worlds;
            } else if (rest != 0) {
                w = 0;
            }
            if (w == 0) return;
            sum = add(sum, mul(ways, w));
            opts.push_back({counts, int8_t(largest), uint8_t(used & ~(1u << largest)), next, sum});
            return;
        }
        const int most = (cls.locations >> l & 1) ? std::min(left, cap_of(cap, l)) : 0;
        const int least = (later >> l & 1) ? 0 : cap_of(cap, l);
        for (int x = least; x <= most; ++x) {
            counts[size_t(l)] = uint8_t(x);
            self(self, l + 1, left - x, mul(ways, C[size_t(left)][size_t(x)]));
        }
        counts[size_t(l)] = 0;
    };
    split(split, 0, cls.size, 1);
    Stage& st = stages_[index];
    st.first = uint32_t(options_.size());
    st.count = uint32_t(opts.size());
    st.worlds = sum;
    options_.insert(options_.end(), opts.begin(), opts.end());
    return index;
}

Locations WorldSampler::sample(Rng& rng) const {
    Locations world = base_;
    uint32_t at = 0;
    for (const Class& cls : classes_) {
        const Stage& st = stages_[at];
        const Option* pick = &options_[st.first];
        if (st.count > 1) {
            const u128 r = below(rng, st.worlds);
            pick = std::upper_bound(pick, pick + st.count, r, [](u128 value, const Option& o) { return value < o.cumulative; });
        }
        const int largest = pick->largest;
        if (pick->drawn) {
            // The locations other than the largest draw their cards one at a time, each uniformly
            // among the class's cards not yet dealt (a uniform rank among the set bits: nth_bit),
            // two draws from each 64-bit random number; the largest takes the rest. A uniform
            // sample without replacement: every way to deal the class's cards into the counts is
            // equally likely.
            CardSet rest = cls.set;
            uint32_t left = uint32_t(cls.size);
            uint64_t r = 0;
            for (uint32_t drawn = pick->drawn; drawn; drawn &= drawn - 1) {
                const int l = std::countr_zero(drawn);
                int want = pick->counts[size_t(l)];
                CardSet got = 0;
                do {
                    if ((left ^ uint32_t(cls.size)) % 2 == 0) r = rng.next();   // an even number drawn so far
                    const CardSet c = nth_bit(rest, int(rng.below(left--, uint32_t(r))));
                    r >>= 32;
                    got |= c;
                    rest ^= c;
                } while (--want);
                world[size_t(l)] |= got;
            }
            world[size_t(largest)] |= rest;
        } else {
            world[size_t(largest)] |= cls.set;
        }
        at = pick->next;
    }
    return world;
}

// Class by class: each option of the class's stage (its counts per location), then every way to
// deal the class's cards into those counts (combinations, location by location), then the next
// class at the option's next stage.
void WorldSampler::enumerate(const std::function<bool(const Locations&)>& f) const {
    if (classes_.empty()) {
        f(base_);
        return;
    }
    Locations world = base_;
    bool go = true;
    auto by_class = [&](auto&& self, size_t k, uint32_t at) -> void {
        if (k == classes_.size()) {
            go = f(world);
            return;
        }
        const Class& cls = classes_[k];
        const Stage& st = stages_[at];
        for (uint32_t o = st.first; go && o < st.first + st.count; ++o) {
            const Option& opt = options_[o];
            // Deals the class's cards still in `left` to locations l.. with opt.counts.
            auto deal = [&](auto&& deal_self, int l, CardSet left) -> void {
                if (!go) return;
                while (l < num_locations_ && opt.counts[size_t(l)] == 0) ++l;
                if (l == num_locations_) {
                    if (!left) self(self, k + 1, opt.next);
                    return;
                }
                const int want = opt.counts[size_t(l)];
                if (popcount(left) < want) return;
                // Every subset of `left` of size `want`, by a recursion over its cards.
                auto choose = [&](auto&& choose_self, CardSet from, int need, CardSet taken) -> void {
                    if (!go) return;
                    if (need == 0) {
                        const CardSet before = world[size_t(l)];
                        world[size_t(l)] |= taken;
                        deal_self(deal_self, l + 1, left & ~taken);
                        world[size_t(l)] = before;
                        return;
                    }
                    if (popcount(from) < need) return;
                    const Card c = lsb(from);
                    choose_self(choose_self, from & (from - 1), need - 1, taken | bit(c));
                    choose_self(choose_self, from & (from - 1), need, taken);
                };
                choose(choose, left, want, 0);
            };
            deal(deal, 0, cls.set);
        }
    };
    by_class(by_class, 0, 0);
}

}   // namespace stich
