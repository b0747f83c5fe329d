/* The two halves of capi_bench: the loop through the C ABI (loop.c) and the generator both loops
 * pick actions with (xorshift64, inline in both). */
#ifndef CAPI_BENCH_LOOP_H
#define CAPI_BENCH_LOOP_H
#include <stdint.h>

#include "stich_c.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline uint64_t bench_next(uint64_t *x) {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* `deals` deals of g, deal i from seed + i with dealer i % players, played to the end with legal
 * actions picked by bench_next; adds the returns to sums and the actions to *steps. 0, or -1 on
 * an error (stich_last_error() says which). */
int c_playouts(const stich_game *g, long deals, uint64_t seed, double *sums, long *steps);

#ifdef __cplusplus
}
#endif
#endif
