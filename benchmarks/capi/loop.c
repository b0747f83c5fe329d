/* The random-playout loop through the C ABI, in C99 (main.cpp has the same loop with the C++ API). */
#include <stddef.h>

#include "loop.h"

int c_playouts(const stich_game *g, long deals, uint64_t seed, double *sums, long *steps) {
    double returns[6];
    uint64_t pick = seed | 1;
    const int players = stich_game_num_players(g);
    /* One handle for every deal: stich_deal_into deals into it (no handle made a deal). */
    stich_state *s = NULL;
    if (stich_deal(g, seed, 0, &s) != STICH_OK) return -1;
    int status = 0;
    for (long i = 0; i < deals; ++i) {
        if (stich_deal_into(g, seed + (uint64_t)i, (int)(i % players), s) != STICH_OK) {
            status = -1;
            break;
        }
        /* Count the legal actions, pick one by its index in the list, apply it: stich_step
         * applies the one picked and counts the next ones. A random playout needs no ids (a
         * loop that looks at them passes a buffer: ids, 64). */
        int n = stich_legal_actions(s, NULL, 0);
        while (n > 0) {
            n = stich_step(s, (int)(bench_next(&pick) % (uint64_t)n), NULL, 0);
            ++*steps;
        }
        if (n != 0 || stich_returns(s, returns, 6) != players) {
            status = -1;
            break;
        }
        for (int k = 0; k < players; ++k) sums[k] += returns[k];
    }
    stich_state_free(s);
    return status;
}
