/* stich_c_example GAME SEED ITERATIONS
 *
 * A deal of GAME (its default options; "euchre", "Mucken", ...) dealt from SEED by seat 0 and
 * played to its end by ISMCTS bots: at move k the seat to act searches ITERATIONS iterations with
 * seed SEED + k and plays the most visited action. Prints one line a move ("seat: action
 * (visits)"), then the returns. stich.ismcts(state, iterations=ITERATIONS, seed=SEED + k) makes the
 * same moves (tests/common/test_c_abi_examples.py compares them). */
#include <stdio.h>
#include <stdlib.h>

#include "stich_c.h"

/* Exits with the library's message when a call fails. */
static int check(int status, const char *what) {
    if (status < -1) {
        fprintf(stderr, "stich_c_example: %s: %s (%s)\n", what, stich_last_error(), stich_status_name(status));
        exit(1);
    }
    return status;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: stich_c_example GAME SEED ITERATIONS\n");
        return 2;
    }
    if (stich_abi_version() != STICH_ABI_VERSION) {
        fprintf(stderr, "stich_c_example: built for ABI %d, the library is %d\n", STICH_ABI_VERSION, stich_abi_version());
        return 1;
    }
    const uint64_t seed = strtoull(argv[2], NULL, 10), iterations = strtoull(argv[3], NULL, 10);
    stich_game *game = NULL;
    check(stich_game_new(argv[1], "", &game), "stich_game_new");
    stich_state *state = NULL;
    check(stich_deal(game, seed, 0, &state), "stich_deal");
    printf("stich %s: %s from seed %llu\n", stich_version(), argv[1], (unsigned long long)seed);
    for (uint64_t move = 0; !check(stich_is_terminal(state), "stich_is_terminal"); ++move) {
        stich_result *found = NULL;
        check(stich_ismcts(state, iterations, 0, 1, seed + move, NULL, &found), "stich_ismcts");
        const int best = check(stich_result_best(found), "stich_result_best");
        double visits = 0; /* the best action's: the table's first row */
        check(stich_result_column(found, STICH_COLUMN_VISITS, &visits, 1), "stich_result_column");
        char text[64];
        check(stich_action_text(state, best, text, sizeof text), "stich_action_text");
        printf("%d: %s (%.0f)\n", check(stich_current_player(state), "stich_current_player"), text, visits);
        check(stich_apply(state, best), "stich_apply");
        stich_result_free(found);
    }
    double returns[6];
    const int seats = check(stich_returns(state, returns, 6), "stich_returns");
    printf("returns:");
    for (int seat = 0; seat < seats; ++seat) printf(" %g", returns[seat]);
    printf("\n");
    stich_state_free(state);
    stich_game_free(game);
    return 0;
}
