/* The random-playout loop through the C ABI, in C99 (main.cpp has the same loop with the C++ API). */
#include <stddef.h>

#include "loop.h"

int c_playouts(const stich_game *g, long deals, uint64_t seed, double *sums, long *steps) {
    int32_t ids[64];
    double returns[6];
    uint64_t pick = seed | 1;
    const int players = stich_game_num_players(g);
    for (long i = 0; i < deals; ++i) {
        stich_state *s = NULL;
        if (stich_deal(g, seed + (uint64_t)i, (int)(i % players), &s) != STICH_OK) return -1;
        int n;
        while ((n = stich_legal_actions(s, ids, 64)) > 0) {
            if (stich_apply(s, ids[bench_next(&pick) % (uint64_t)n]) != STICH_OK) return -1;
            ++*steps;
        }
        const int ok = n == 0 && stich_returns(s, returns, 6) == players;
        stich_state_free(s);
        if (!ok) return -1;
        for (int k = 0; k < players; ++k) sums[k] += returns[k];
    }
    return 0;
}
