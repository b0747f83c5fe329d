/* The C ABI from C (stich_c.h, docs/c-api.md): one ctest test per case, also built and run by the
 * sanitizer build (.ci/sanitize). Compiled as C99 with -pedantic: the header is plain C.
 *
 *   test_c_abi CASE     (cases: versions games play positions views solve search threads cancel batch
 *                        bad_input buffers)
 *
 * Each case exits 0 when every check holds; a failed check prints the file, line, expression and
 * the library's last error, and exits 1. The comparisons with the Python API are in
 * tests/common/test_c_abi.py; this program checks what C sees: the statuses, the messages, the
 * buffers, the handles, threads. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stich_c.h"

static int failures = 0;

#define CHECK(expr)                                                                                                      \
    do {                                                                                                                 \
        if (!(expr)) {                                                                                                   \
            fprintf(stderr, "%s:%d: CHECK(%s) failed; last error: %s\n", __FILE__, __LINE__, #expr, stich_last_error()); \
            ++failures;                                                                                                  \
        }                                                                                                                \
    } while (0)

/* A status that must be an error, with a message naming the function. */
#define CHECK_ERROR(call, code, function)                                                 \
    do {                                                                                  \
        const int status_ = (call);                                                       \
        CHECK(status_ == (code));                                                         \
        CHECK(strncmp(stich_last_error(), function ": ", strlen(function) + 2) == 0);     \
        if (status_ != (code)) fprintf(stderr, "  got %s\n", stich_status_name(status_)); \
    } while (0)

#define OK(call) CHECK((call) == STICH_OK)

static stich_game *game(const char *name, const char *options) {
    stich_game *g = NULL;
    OK(stich_game_new(name, options, &g));
    return g;
}

static stich_state *dealt(const stich_game *g, uint64_t seed) {
    stich_state *s = NULL;
    OK(stich_deal(g, seed, (int)(seed % (uint64_t)stich_game_num_players(g)), &s));
    return s;
}

/* Plays the heuristic's actions until the card play (or the end). */
static void to_card_play(stich_state *s, uint64_t seed) {
    char phase[64];
    while (!stich_is_terminal(s) && stich_phase(s, phase, sizeof phase) >= 0 && strcmp(phase, "play") != 0)
        OK(stich_apply(s, stich_heuristic_action(s, seed)));
}

/* A Mucken deal at its first card (seed 1..): a position the solver takes. */
static stich_state *card_play(uint64_t *seed) {
    stich_game *g = game("Mucken", "");
    for (;; ++*seed) {
        stich_state *s = dealt(g, *seed);
        to_card_play(s, *seed);
        if (!stich_is_terminal(s)) {
            stich_game_free(g);
            return s;
        }
        stich_state_free(s);
    }
}

static char *text_of(int (*get)(const stich_state *, char *, int), const stich_state *s) {
    const int n = get(s, NULL, 0);
    CHECK(n >= 0);
    if (n < 0) exit(1);
    char *buf = malloc((size_t)n + 1);
    CHECK(get(s, buf, n + 1) == n);
    CHECK(strlen(buf) == (size_t)n);
    return buf;
}

static void case_versions(void) {
    CHECK(stich_abi_version() == STICH_ABI_VERSION);
    CHECK(strlen(stich_version()) >= 5);
    CHECK(strcmp(stich_last_error(), "") == 0);
    CHECK(strcmp(stich_status_name(STICH_E_ILLEGAL_ACTION), "STICH_E_ILLEGAL_ACTION") == 0);
    CHECK(strcmp(stich_status_name(STICH_OK), "STICH_OK") == 0);
    CHECK(strcmp(stich_status_name(-1000), "unknown status") == 0);
    for (int code = STICH_E_INTERNAL; code <= STICH_E_INVALID_ARGUMENT; ++code) CHECK(strncmp(stich_status_name(code), "STICH_E_", 8) == 0);
    CHECK(strcmp(stich_status_name(-1), "unknown status") == 0); /* -1 is no status: stich_current_player's "nobody" */
}

static void case_games(void) {
    const int n = stich_game_count();
    CHECK(n >= 4);
    for (int i = 0; i < n; ++i) {
        char name[64], lower[64], line[256];
        CHECK(stich_game_name(i, name, sizeof name) > 0);
        size_t k = 0;
        for (; name[k]; ++k) lower[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] - 'A' + 'a' : name[k]);
        lower[k] = '\0';
        stich_game *g = game(lower, ""); /* names are case-insensitive */
        CHECK(stich_game_text(g, line, sizeof line) == (int)strlen(name));
        CHECK(strcmp(line, name) == 0); /* the defaults: the name alone */
        CHECK(stich_game_num_players(g) >= 3);
        stich_game_free(g);
    }
    stich_game *g = game("MUCKEN", "players=6 target=31");
    char line[256];
    CHECK(stich_game_text(g, line, sizeof line) > 0);
    CHECK(strstr(line, "players=6") != NULL && strstr(line, "target=31") != NULL);
    CHECK(stich_game_num_players(g) == 6);
    stich_game_free(g);
    stich_game *none = (stich_game *)1;
    CHECK_ERROR(stich_game_new("Skat", "", &none), STICH_E_UNKNOWN_NAME, "stich_game_new");
    CHECK(none == NULL);
    CHECK(strstr(stich_last_error(), "Couillon") != NULL); /* names the games */
    CHECK_ERROR(stich_game_new("Mucken", "players=9", &none), STICH_E_BAD_TEXT, "stich_game_new");
    CHECK(strstr(stich_last_error(), "players") != NULL);
    CHECK_ERROR(stich_game_new("Mucken", "colour=blue", &none), STICH_E_BAD_TEXT, "stich_game_new");
    CHECK_ERROR(stich_game_new("Mucken", "players", &none), STICH_E_BAD_TEXT, "stich_game_new");
    CHECK_ERROR(stich_game_new("Mucken", "players=6 players=4", &none), STICH_E_BAD_TEXT, "stich_game_new");
    CHECK_ERROR(stich_game_num_players(NULL), STICH_E_INVALID_ARGUMENT, "stich_game_num_players");
    CHECK_ERROR(stich_game_name(n, line, sizeof line), STICH_E_OUT_OF_RANGE, "stich_game_name");
    CHECK_ERROR(stich_game_name(-1, line, sizeof line), STICH_E_OUT_OF_RANGE, "stich_game_name");
}

/* Random deals of every game played to the end: the legal actions, their texts, apply by id and
 * by text, an illegal id refused without a change, the returns. */
static void case_play(void) {
    for (int i = 0; i < stich_game_count(); ++i) {
        char name[64];
        stich_game_name(i, name, sizeof name);
        stich_game *g = game(name, "");
        const int players = stich_game_num_players(g);
        for (uint64_t seed = 1; seed <= 30; ++seed) {
            stich_state *s = dealt(g, seed);
            uint64_t pick = seed * 2654435761u + 1;
            int steps = 0;
            while (!stich_is_terminal(s)) {
                int32_t ids[64];
                const int n = stich_legal_actions(s, ids, 64);
                CHECK(n > 0 && n <= 64);
                for (int k = 1; k < n; ++k) CHECK(ids[k] > ids[k - 1]); /* ascending */
                const int seat = stich_current_player(s);
                CHECK(seat >= 0 && seat < players);
                char before[4096], after[4096], text[256];
                CHECK(stich_state_text(s, before, sizeof before) > 0);
                CHECK_ERROR(stich_apply(s, 30000), STICH_E_ILLEGAL_ACTION, "stich_apply");
                CHECK(strstr(stich_last_error(), "legal:") != NULL);
                CHECK(stich_state_text(s, after, sizeof after) > 0 && strcmp(before, after) == 0);
                pick = pick * 6364136223846793005u + 1442695040888963407u;
                const int32_t id = ids[(pick >> 33) % (uint64_t)n];
                CHECK(stich_action_text(s, id, text, sizeof text) > 0);
                if (steps++ % 2) {
                    OK(stich_apply(s, id));
                } else {
                    stich_state *twin = NULL;
                    OK(stich_state_clone(s, &twin));
                    CHECK(stich_apply_text(s, text) == id); /* the text names the same action */
                    /* stich_step by the id's index: the same state, and the legal ids of the next. */
                    CHECK_ERROR(stich_step(twin, n, ids, 64), STICH_E_OUT_OF_RANGE, "stich_step");
                    CHECK_ERROR(stich_step(twin, 0, NULL, 64), STICH_E_INVALID_ARGUMENT, "stich_step");
                    int index = 0;
                    while (ids[index] != id) ++index;
                    int32_t next[64], listed[64];
                    const int m = stich_step(twin, index, next, 64);
                    CHECK(m >= 0 && m == stich_legal_actions(s, listed, 64) && memcmp(next, listed, sizeof next[0] * (size_t)m) == 0);
                    char a[4096], b[4096];
                    stich_state_text(s, a, sizeof a);
                    stich_state_text(twin, b, sizeof b);
                    CHECK(strcmp(a, b) == 0);
                    stich_state_free(twin);
                }
            }
            double returns[6];
            CHECK(stich_returns(s, returns, 6) == players);
            CHECK(stich_current_player(s) == -1);
            CHECK(stich_legal_actions(s, NULL, 0) == 0);
            CHECK_ERROR(stich_apply(s, 0), STICH_E_ILLEGAL_ACTION, "stich_apply");
            CHECK_ERROR(stich_step(s, 0, NULL, 0), STICH_E_ILLEGAL_ACTION, "stich_step");
            CHECK_ERROR(stich_heuristic_action(s, 1), STICH_E_ILLEGAL_ACTION, "stich_heuristic_action");
            stich_state_free(s);
        }
        stich_game_free(g);
    }
    /* Hands pinned per seat. */
    stich_game *g = game("Mucken", "");
    const char *hands[] = {"EO GO HO SO EU GU", NULL, ""};
    stich_state *s = NULL;
    OK(stich_deal_hands(g, 5, 0, hands, 3, &s));
    char hand[128];
    CHECK(stich_hand(s, 0, hand, sizeof hand) > 0);
    CHECK(strcmp(hand, "EO EU GO GU HO SO") == 0); /* in display order */
    /* Dealt into a handle it has: the state stich_deal makes; a refused dealer changes nothing. */
    stich_state *fresh = dealt(g, 7);
    OK(stich_deal_into(g, 7, 3, s));
    char *into = text_of(stich_state_text, s), *made = text_of(stich_state_text, fresh);
    CHECK(strcmp(into, made) == 0);
    CHECK_ERROR(stich_deal_into(g, 8, 4, s), STICH_E_OUT_OF_RANGE, "stich_deal_into");
    char *after = text_of(stich_state_text, s);
    CHECK(strcmp(into, after) == 0);
    free(into);
    free(made);
    free(after);
    stich_state_free(fresh);
    stich_state_free(s);
    const char *bad[] = {"EO EO"};
    stich_state *none = NULL;
    CHECK_ERROR(stich_deal_hands(g, 5, 0, bad, 1, &none), STICH_E_BAD_TEXT, "stich_deal_hands");
    const char *french[] = {"CA"};
    CHECK_ERROR(stich_deal_hands(g, 5, 0, french, 1, &none), STICH_E_BAD_TEXT, "stich_deal_hands");
    CHECK_ERROR(stich_deal_hands(g, 5, 0, hands, 5, &none), STICH_E_OUT_OF_RANGE, "stich_deal_hands");
    CHECK_ERROR(stich_deal(g, 5, 4, &none), STICH_E_OUT_OF_RANGE, "stich_deal");
    CHECK_ERROR(stich_deal(g, 5, -1, &none), STICH_E_OUT_OF_RANGE, "stich_deal");
    CHECK(none == NULL);
    stich_game_free(g);
}

/* Position texts: written, read back to a state that writes the same text, from every seat. */
static void case_positions(void) {
    for (int i = 0; i < stich_game_count(); ++i) {
        char name[64];
        stich_game_name(i, name, sizeof name);
        stich_game *g = game(name, "");
        for (uint64_t seed = 1; seed <= 10; ++seed) {
            stich_state *s = dealt(g, seed);
            for (int k = 0; k < 6 && !stich_is_terminal(s); ++k) OK(stich_apply(s, stich_heuristic_action(s, seed)));
            if (stich_is_terminal(s)) {
                stich_state_free(s);
                continue;
            }
            for (int seat = 0; seat < stich_num_players(s); ++seat) {
                const int n = stich_position_text(s, seat, NULL, 0);
                CHECK(n > 0);
                char *text = malloc((size_t)n + 1);
                CHECK(stich_position_text(s, seat, text, n + 1) == n);
                stich_state *read = NULL;
                int read_seat = -1;
                OK(stich_position_read(text, seed, &read, &read_seat));
                CHECK(read_seat == seat);
                char *again = malloc((size_t)n + 1);
                CHECK(stich_position_text(read, seat, again, n + 1) == n);
                CHECK(strcmp(text, again) == 0);
                free(again);
                free(text);
                stich_state_free(read);
            }
            stich_state_free(s);
        }
        stich_game_free(g);
    }
    stich_state *none = NULL;
    CHECK_ERROR(stich_position_read("stich position 1\ngame: Skat\n", 0, &none, NULL), STICH_E_BAD_TEXT, "stich_position_read");
    CHECK_ERROR(stich_position_read("", 0, &none, NULL), STICH_E_BAD_TEXT, "stich_position_read");
    CHECK_ERROR(stich_position_read("\xff\xfe garbage", 0, &none, NULL), STICH_E_BAD_TEXT, "stich_position_read");
    CHECK(none == NULL);
    /* A full deal: every hand given, for the solver. */
    uint64_t seed = 1;
    stich_state *s = card_play(&seed);
    const int seat = stich_current_player(s);
    char text[4096], hand[256], line[300];
    CHECK(stich_position_text(s, seat, text, sizeof text) > 0);
    for (int k = 0; k < stich_num_players(s); ++k) {
        stich_hand(s, k, hand, sizeof hand);
        snprintf(line, sizeof line, "hand%d: %s\n", k, hand);
        strcat(text, line);
    }
    stich_state *full = NULL;
    int full_seat = -1;
    OK(stich_full_deal_read(text, &full, &full_seat));
    CHECK(full_seat == seat);
    for (int k = 0; k < stich_num_players(s); ++k) {
        char a[256], b[256];
        stich_hand(s, k, a, sizeof a);
        stich_hand(full, k, b, sizeof b);
        CHECK(strcmp(a, b) == 0);
    }
    stich_state_free(full);
    stich_state_free(s);
}

/* A view holds what its seat knows: its text is the position text; every world sampled from it
 * agrees with it; the world count is a number. */
static void case_views(void) {
    stich_game *g = game("Couillon", "");
    stich_state *s = dealt(g, 3);
    for (int k = 0; k < 9; ++k) OK(stich_apply(s, stich_heuristic_action(s, 1)));
    const int seat = stich_current_player(s);
    stich_view *v = NULL;
    OK(stich_view_new(s, seat, &v));
    CHECK(stich_view_seat(v) == seat);
    char text[4096], world_text[4096], count[64];
    CHECK(stich_view_text(v, text, sizeof text) > 0);
    CHECK(stich_position_text(s, seat, world_text, sizeof world_text) > 0 && strcmp(text, world_text) == 0);
    CHECK(stich_view_world_count(v, count, sizeof count) > 0);
    CHECK(strspn(count, "0123456789") == strlen(count) && strcmp(count, "0") != 0);
    int differ = 0;
    char first[4096] = "";
    for (uint64_t seed = 0; seed < 20; ++seed) {
        stich_state *w = NULL;
        OK(stich_view_sample(v, seed, &w));
        CHECK(stich_position_text(w, seat, world_text, sizeof world_text) > 0 && strcmp(text, world_text) == 0);
        stich_state_text(w, world_text, sizeof world_text);
        if (seed == 0) strcpy(first, world_text);
        else differ += strcmp(first, world_text) != 0;
        stich_state *again = NULL;
        OK(stich_view_sample(v, seed, &again)); /* a seed gives the same world */
        char b[4096];
        stich_state_text(again, b, sizeof b);
        CHECK(strcmp(world_text, b) == 0);
        stich_state_free(again);
        stich_state_free(w);
    }
    CHECK(differ > 0);
    stich_view_free(v);
    stich_view *none = NULL;
    CHECK_ERROR(stich_view_new(s, 4, &none), STICH_E_OUT_OF_RANGE, "stich_view_new");
    while (!stich_is_terminal(s)) OK(stich_apply(s, stich_heuristic_action(s, 1)));
    CHECK_ERROR(stich_view_new(s, 0, &none), STICH_E_INVALID_ARGUMENT, "stich_view_new");
    stich_state_free(s);
    stich_game_free(g);
}

static void case_solve(void) {
    uint64_t seed = 1;
    stich_state *s = card_play(&seed);
    stich_result *r = NULL;
    OK(stich_solve(s, NULL, &r));
    int32_t legal[64], ids[64];
    double values[64], best_value = -1e300;
    const int n = stich_legal_actions(s, legal, 64);
    CHECK(stich_result_count(r) == n);
    CHECK(stich_result_actions(r, ids, 64) == n);
    CHECK(stich_result_column(r, STICH_COLUMN_VALUE, values, 64) == n);
    int best_seen = 0;
    for (int k = 0; k < n; ++k) {
        CHECK(ids[k] == legal[k]); /* id order */
        CHECK(values[k] == floor(values[k]));
        if (values[k] > best_value) best_value = values[k];
    }
    for (int k = 0; k < n; ++k) best_seen |= ids[k] == stich_result_best(r) && values[k] == best_value;
    CHECK(best_seen);
    char method[16];
    CHECK(stich_result_method(r, method, sizeof method) == 5 && strcmp(method, "solve") == 0);
    CHECK(stich_result_partial(r) == 0);
    double visits[64];
    CHECK(stich_result_column(r, STICH_COLUMN_VISITS, visits, 64) == n && isnan(visits[0]));
    CHECK_ERROR(stich_result_column(r, 7, values, 64), STICH_E_OUT_OF_RANGE, "stich_result_column");
    stich_result_free(r);
    /* Before the card play there is nothing to solve. */
    stich_game *g = game("Mucken", "");
    stich_state *start = dealt(g, 1);
    stich_result *none = NULL;
    CHECK_ERROR(stich_solve(start, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_solve");
    CHECK(strstr(stich_last_error(), "play") != NULL);
    stich_state_free(start);
    stich_game_free(g);
    stich_state_free(s);
}

static void search(const stich_state *s, int threads, uint64_t seed, int32_t *ids, double *visits, int *n) {
    stich_result *r = NULL;
    OK(stich_ismcts(s, 2000, 0, threads, seed, NULL, &r));
    *n = stich_result_actions(r, ids, 64);
    CHECK(stich_result_column(r, STICH_COLUMN_VISITS, visits, 64) == *n);
    CHECK(stich_result_best(r) == ids[0]);
    stich_result_free(r);
}

static void case_search(void) {
    stich_game *g = game("Euchre", "");
    stich_state *s = dealt(g, 1);
    int32_t a[64], b[64];
    double va[64], vb[64];
    int na, nb;
    search(s, 1, 7, a, va, &na);
    search(s, 1, 7, b, vb, &nb); /* a seed and an iteration budget: the same result */
    CHECK(na == nb && na == stich_legal_actions(s, NULL, 0));
    double total = 0;
    for (int k = 0; k < na; ++k) {
        CHECK(a[k] == b[k] && va[k] == vb[k]);
        if (k) CHECK(va[k] <= va[k - 1]); /* most visited first */
        total += va[k];
    }
    CHECK(total == 2000);
    search(s, 2, 7, a, va, &na);
    total = 0;
    for (int k = 0; k < na; ++k) total += va[k];
    CHECK(total == 2000);
    stich_result *r = NULL;
    OK(stich_ismcts(s, 0, 0.05, 1, 1, NULL, &r)); /* a time budget */
    CHECK(stich_result_count(r) == na);
    stich_result_free(r);
    stich_result *none = NULL;
    CHECK_ERROR(stich_ismcts(s, 100, 1.0, 1, 1, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_ismcts"); /* two budgets */
    CHECK_ERROR(stich_ismcts(s, 0, 0, 1, 1, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_ismcts");     /* none */
    CHECK_ERROR(stich_ismcts(s, 100, 0, 0, 1, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_ismcts");   /* no thread */
    CHECK_ERROR(stich_ismcts(s, 0, NAN, 1, 1, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_ismcts");
    CHECK_ERROR(stich_ismcts(s, 0, -1, 1, 1, NULL, &none), STICH_E_INVALID_ARGUMENT, "stich_ismcts");
    CHECK(none == NULL);
    stich_state_free(s);
    stich_game_free(g);
}

/* Different states searched and solved on different threads at once: the same answers as one
 * after the other. */
struct job {
    const stich_state *state;
    int32_t ids[64];
    double visits[64];
    int n;
    double values[64];
};

static void *job_run(void *arg) {
    struct job *j = arg;
    search(j->state, 1, 3, j->ids, j->visits, &j->n);
    return NULL;
}

static void case_threads(void) {
    stich_game *g = game("Couillon", "");
    struct job jobs[4];
    pthread_t threads[4];
    for (int k = 0; k < 4; ++k) jobs[k].state = dealt(g, (uint64_t)k + 1);
    for (int k = 0; k < 4; ++k) CHECK(pthread_create(&threads[k], NULL, job_run, &jobs[k]) == 0);
    for (int k = 0; k < 4; ++k) pthread_join(threads[k], NULL);
    for (int k = 0; k < 4; ++k) {
        struct job alone;
        alone.state = jobs[k].state;
        job_run(&alone);
        CHECK(alone.n == jobs[k].n);
        for (int i = 0; i < alone.n; ++i) CHECK(alone.ids[i] == jobs[k].ids[i] && alone.visits[i] == jobs[k].visits[i]);
        stich_state_free((stich_state *)jobs[k].state);
    }
    stich_game_free(g);
}

static int stop_at_once(void *user, uint64_t done, uint64_t total, double seconds) {
    (void)done, (void)total, (void)seconds;
    ++*(int *)user;
    return 1;
}

static int count_calls(void *user, uint64_t done, uint64_t total, double seconds) {
    (void)done, (void)total, (void)seconds;
    ++*(int *)user;
    return 0;
}

/* Cancellation: a flag set before the call, or a progress function asking to stop. No time is
 * asserted: a search that did not stop would run for a day, and the test would time out. */
static void case_cancel(void) {
    stich_game *g = game("Euchre", "");
    stich_state *s = dealt(g, 2);
    volatile int32_t flag = 1;
    stich_control ctl = {&flag, NULL, NULL, 0};
    stich_result *r = NULL;
    OK(stich_ismcts(s, 0, 86400, 1, 1, &ctl, &r)); /* stopped: a partial answer */
    CHECK(stich_result_partial(r) == 1);
    CHECK(stich_result_count(r) == stich_legal_actions(s, NULL, 0));
    stich_result_free(r);
    int calls = 0;
    stich_control stopper = {NULL, stop_at_once, &calls, 0.01};
    OK(stich_ismcts(s, 0, 86400, 2, 1, &stopper, &r));
    CHECK(calls == 1 && stich_result_partial(r) == 1);
    stich_result_free(r);
    calls = 0;
    stich_control counter = {NULL, count_calls, &calls, 0.01};
    OK(stich_ismcts(s, 3000, 0, 1, 1, &counter, &r)); /* progress without a stop: the same answer as without */
    int32_t ids[64];
    double visits[64];
    int n;
    search(s, 1, 1, ids, visits, &n);
    int32_t ids2[64];
    stich_result_actions(r, ids2, 64);
    CHECK(stich_result_partial(r) == 0 && ids2[0] == ids[0]);
    stich_result_free(r);
    uint64_t seed = 1;
    stich_state *play = card_play(&seed);
    stich_result *none = NULL;
    CHECK_ERROR(stich_solve(play, &ctl, &none), STICH_E_CANCELLED, "stich_solve");
    CHECK(none == NULL);
    stich_control bad = {NULL, count_calls, &calls, -1};
    CHECK_ERROR(stich_solve(play, &bad, &none), STICH_E_INVALID_ARGUMENT, "stich_solve");
    stich_state_free(play);
    stich_state_free(s);
    stich_game_free(g);
}

static void case_batch(void) {
    enum { N = 12 };
    const stich_state *states[N];
    uint64_t seed = 1;
    for (int k = 0; k < N; ++k, ++seed) states[k] = card_play(&seed);
    stich_result *results[N];
    int statuses[N];
    OK(stich_solve_batch(states, N, 2, NULL, results, statuses));
    for (int k = 0; k < N; ++k) {
        CHECK(statuses[k] == STICH_OK);
        stich_result *alone = NULL;
        OK(stich_solve(states[k], NULL, &alone));
        double a[64], b[64];
        const int n = stich_result_column(alone, STICH_COLUMN_VALUE, a, 64);
        CHECK(stich_result_column(results[k], STICH_COLUMN_VALUE, b, 64) == n);
        CHECK(memcmp(a, b, sizeof(double) * (size_t)n) == 0);
        CHECK(stich_result_best(alone) == stich_result_best(results[k]));
        stich_result_free(alone);
        stich_result_free(results[k]);
    }
    /* One position that cannot be solved: its status, the others answered. */
    stich_game *g = game("Mucken", "");
    stich_state *start = dealt(g, 1);
    const stich_state *mixed[3] = {states[0], start, NULL};
    CHECK_ERROR(stich_solve_batch(mixed, 3, 2, NULL, results, statuses), STICH_E_INVALID_ARGUMENT, "stich_solve_batch");
    CHECK(strstr(stich_last_error(), "position 1 of 3: ") != NULL);
    CHECK(statuses[0] == STICH_OK && results[0] != NULL);
    CHECK(statuses[1] == STICH_E_INVALID_ARGUMENT && results[1] == NULL);
    CHECK(statuses[2] == STICH_E_INVALID_ARGUMENT && results[2] == NULL);
    stich_result_free(results[0]);
    /* Cancelled before it starts: every position says so. */
    volatile int32_t flag = 1;
    stich_control ctl = {&flag, NULL, NULL, 0};
    CHECK_ERROR(stich_solve_batch(states, N, 2, &ctl, results, statuses), STICH_E_CANCELLED, "stich_solve_batch");
    CHECK(strstr(stich_last_error(), "position 0 of 12: ") != NULL);
    for (int k = 0; k < N; ++k) CHECK(statuses[k] == STICH_E_CANCELLED && results[k] == NULL);
    OK(stich_solve_batch(NULL, 0, 1, NULL, NULL, NULL)); /* nothing to do */
    CHECK_ERROR(stich_solve_batch(states, -1, 1, NULL, results, NULL), STICH_E_INVALID_ARGUMENT, "stich_solve_batch");
    CHECK_ERROR(stich_solve_batch(states, N, 0, NULL, results, NULL), STICH_E_INVALID_ARGUMENT, "stich_solve_batch");
    CHECK_ERROR(stich_solve_batch(states, N, 1, NULL, NULL, NULL), STICH_E_INVALID_ARGUMENT, "stich_solve_batch");
    for (int k = 0; k < N; ++k) stich_state_free((stich_state *)states[k]);
    stich_state_free(start);
    stich_game_free(g);
}

/* NULL, handles of another kind and freed handles: an error and a message, never a crash. */
static void case_bad_input(void) {
    stich_game *g = game("Couillon", "");
    stich_state *s = dealt(g, 1);
    char buf[64];
    int32_t ids[8];
    double d[8];
    stich_state *out = NULL;
    CHECK_ERROR(stich_game_new(NULL, "", (stich_game **)&out), STICH_E_INVALID_ARGUMENT, "stich_game_new");
    CHECK_ERROR(stich_game_new("Mucken", NULL, (stich_game **)&out), STICH_E_INVALID_ARGUMENT, "stich_game_new");
    CHECK_ERROR(stich_game_new("Mucken", "", NULL), STICH_E_INVALID_ARGUMENT, "stich_game_new");
    CHECK_ERROR(stich_deal(NULL, 1, 0, &out), STICH_E_INVALID_ARGUMENT, "stich_deal");
    CHECK_ERROR(stich_deal(g, 1, 0, NULL), STICH_E_INVALID_ARGUMENT, "stich_deal");
    CHECK_ERROR(stich_deal((const stich_game *)s, 1, 0, &out), STICH_E_INVALID_ARGUMENT, "stich_deal"); /* another kind */
    CHECK(strstr(stich_last_error(), "not a live stich_game") != NULL);
    CHECK_ERROR(stich_legal_actions((const stich_state *)g, ids, 8), STICH_E_INVALID_ARGUMENT, "stich_legal_actions");
    CHECK_ERROR(stich_legal_actions(NULL, ids, 8), STICH_E_INVALID_ARGUMENT, "stich_legal_actions");
    CHECK_ERROR(stich_legal_actions(s, NULL, 8), STICH_E_INVALID_ARGUMENT, "stich_legal_actions");
    CHECK_ERROR(stich_legal_actions(s, ids, -1), STICH_E_INVALID_ARGUMENT, "stich_legal_actions");
    CHECK_ERROR(stich_apply(NULL, 0), STICH_E_INVALID_ARGUMENT, "stich_apply");
    CHECK_ERROR(stich_apply_text(s, NULL), STICH_E_INVALID_ARGUMENT, "stich_apply_text");
    CHECK_ERROR(stich_apply_text(s, "no such action"), STICH_E_ILLEGAL_ACTION, "stich_apply_text");
    CHECK_ERROR(stich_action_text(s, -1, buf, 64), STICH_E_OUT_OF_RANGE, "stich_action_text");
    CHECK_ERROR(stich_action_text(s, 65535, buf, 64), STICH_E_OUT_OF_RANGE, "stich_action_text");
    CHECK_ERROR(stich_returns(NULL, d, 8), STICH_E_INVALID_ARGUMENT, "stich_returns");
    CHECK_ERROR(stich_hand(s, 7, buf, 64), STICH_E_OUT_OF_RANGE, "stich_hand");
    CHECK_ERROR(stich_position_text(s, -1, buf, 64), STICH_E_OUT_OF_RANGE, "stich_position_text");
    CHECK_ERROR(stich_is_terminal(NULL), STICH_E_INVALID_ARGUMENT, "stich_is_terminal");
    CHECK_ERROR(stich_current_player(NULL), STICH_E_INVALID_ARGUMENT, "stich_current_player");
    CHECK_ERROR(stich_result_best(NULL), STICH_E_INVALID_ARGUMENT, "stich_result_best");
    CHECK_ERROR(stich_view_seat(NULL), STICH_E_INVALID_ARGUMENT, "stich_view_seat");
    /* A handle freed without being used, and free(NULL): nothing to report. */
    stich_state *unused = NULL;
    OK(stich_state_clone(s, &unused));
    stich_state_free(unused);
    stich_state_free(NULL);
    stich_game_free(NULL);
    stich_view_free(NULL);
    stich_result_free(NULL);
    CHECK(strcmp(stich_last_error(), "") == 0);
    /* Freeing a handle of another kind frees nothing and says so. */
    stich_state_free((stich_state *)g);
    CHECK(strstr(stich_last_error(), "nothing freed") != NULL);
    CHECK(stich_game_num_players(g) == 4);      /* still alive */
    CHECK(strcmp(stich_last_error(), "") == 0); /* a call that succeeds clears the message */
    stich_state_free(s);
    stich_game_free(g);
}

/* Text out: the length query, an exact fit, one byte short, a zero buffer. */
static void case_buffers(void) {
    stich_game *g = game("Mucken", "players=6");
    stich_state *s = dealt(g, 1);
    char *text = text_of(stich_state_text, s);
    const int n = (int)strlen(text);
    char *buf = malloc((size_t)n + 1);
    CHECK(stich_state_text(s, buf, n + 1) == n && strcmp(buf, text) == 0);
    memset(buf, 'x', (size_t)n + 1);
    CHECK_ERROR(stich_state_text(s, buf, n), STICH_E_BUFFER_TOO_SMALL, "stich_state_text");
    CHECK(buf[0] == '\0'); /* never a truncated text */
    char needs[32];
    snprintf(needs, sizeof needs, "needs %d bytes", n + 1);
    CHECK(strstr(stich_last_error(), needs) != NULL);
    CHECK_ERROR(stich_state_text(s, buf, 1), STICH_E_BUFFER_TOO_SMALL, "stich_state_text");
    CHECK(stich_state_text(s, NULL, 0) == n);
    CHECK_ERROR(stich_state_text(s, NULL, 5), STICH_E_INVALID_ARGUMENT, "stich_state_text");
    CHECK_ERROR(stich_state_text(s, buf, -1), STICH_E_INVALID_ARGUMENT, "stich_state_text");
    CHECK_ERROR(stich_state_text(s, buf, 0), STICH_E_BUFFER_TOO_SMALL, "stich_state_text");
    /* Arrays: the count, the first cap entries written. */
    int32_t all[64], some[2] = {-7, -7};
    const int count = stich_legal_actions(s, all, 64);
    CHECK(count > 2);
    CHECK(stich_legal_actions(s, some, 1) == count && some[0] == all[0] && some[1] == -7);
    CHECK(stich_legal_actions(s, NULL, 0) == count);
    double r[1];
    CHECK(stich_returns(s, r, 1) == 6);
    free(buf);
    free(text);
    stich_state_free(s);
    stich_game_free(g);
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        void (*run)(void);
    } cases[] = {{"versions", case_versions}, {"games", case_games}, {"play", case_play},           {"positions", case_positions},
                 {"views", case_views},       {"solve", case_solve}, {"search", case_search},       {"threads", case_threads},
                 {"cancel", case_cancel},     {"batch", case_batch}, {"bad_input", case_bad_input}, {"buffers", case_buffers}};
    if (argc != 2) {
        fprintf(stderr, "usage: test_c_abi CASE\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        if (strcmp(argv[1], cases[i].name) == 0) {
            cases[i].run();
            if (failures) fprintf(stderr, "%s: %d check(s) failed\n", argv[1], failures);
            return failures ? 1 : 0;
        }
    fprintf(stderr, "test_c_abi: no case %s\n", argv[1]);
    return 2;
}
