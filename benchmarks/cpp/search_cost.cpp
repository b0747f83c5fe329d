// search_cost PART N: runs one part of an ISMCTS iteration N times from each of the four Euchre
// peer positions (stich.Euchre().deal(seed=s, dealer=s % 4) for s = 1..4, as
// benchmarks/peers/openspiel_speed.py deals them), so that an instruction counter (cachegrind) run on
// two parts gives the cost of the difference:
//   setup   the positions and their world samplers only
//   worlds  + N worlds drawn and installed in a copy of the position
//   deals   + each world played to the end by random moves (bidding and play)
//   search  a search of N iterations from each position (random playouts, one thread, seed 1,
//           the game's exploration constant): stich.ismcts(state, iterations=N, seed=1,
//           playout="random", threads=1)
// Prints what it ran, a checksum of the results (so that nothing is optimised away) and the part's
// wall time a unit (world, deal or iteration; the positions' setup not counted); for search, each
// position's root visits by action id too (tests/common/test_embedding.py compares them with
// stich.ismcts).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "stich/stich.hpp"

int main(int argc, char** argv) {
    using namespace stich;
    const std::string part = argc > 1 ? argv[1] : "";
    const long long n = argc > 2 ? std::atoll(argv[2]) : 0;
    if (!(part == "setup" || part == "worlds" || part == "deals" || part == "search") || n < 1) {
        std::fprintf(stderr, "usage: search_cost setup|worlds|deals|search N (N >= 1)\n");
        return 2;
    }
    const EuchreRules rules = rules_of<EuchreDef>();
    long long checksum = 0;
    std::chrono::steady_clock::duration elapsed{};
    for (int seed = 1; seed <= 4; ++seed) {
        const EuchreState root = deal<EuchreDef>(rules, uint64_t(seed), seed % 4);
        const int observer = root.current_player();
        if (part == "search") {
            SearchConfig cfg = search_config<EuchreDef>(uint64_t(n), 1);   // stich.ismcts's defaults
            cfg.playout = Playout::Random;
            const auto start = std::chrono::steady_clock::now();
            const SearchResult result = ismcts(root, cfg);
            elapsed += std::chrono::steady_clock::now() - start;
            std::printf("seed %d:", seed);
            for (const ActionStats& a : result.actions) {
                std::printf(" %d=%llu", int(a.action), (unsigned long long)a.visits);
                checksum = checksum * 31 + (long long)a.visits;
            }
            std::printf("\n");
            continue;
        }
        const WorldSampler sampler(root.view(observer));
        if (part == "setup") continue;
        Rng rng{uint64_t(seed)};
        const auto start = std::chrono::steady_clock::now();
        for (long long i = 0; i < n; ++i) {
            EuchreState s = root;
            s.set_hidden(sampler.sample(rng), observer, rng);
            if (part == "deals")
                while (!s.is_terminal()) s.apply(s.random_action(rng));
            Returns r;
            s.returns(r);
            checksum += r[0] + popcount(s.hands[1] & s.deck_info().cards);
        }
        elapsed += std::chrono::steady_clock::now() - start;
    }
    std::printf("%s, %lld a position, 4 positions: checksum %lld, %.1f ns each\n", part.c_str(), n, checksum,
                std::chrono::duration<double, std::nano>(elapsed).count() / double(4 * n));
}
