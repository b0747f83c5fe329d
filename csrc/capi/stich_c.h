/* stich_c.h: the C ABI of stich, a fast engine for trick-taking card games (docs/c-api.md).
 *
 * C99, one header, one shared library (libstich_c.so): games by name and option text, deals,
 * positions in the notation, legal actions, a seat's view and worlds sampled from it, the
 * open-hand solver, ISMCTS, the analysis and batches of them on several threads. No C++ type,
 * exception or STL object crosses it; every object is an opaque handle.
 *
 * Conventions (every function follows them):
 * - Status: every function returns an int. 0 is STICH_OK, a value below -1 one of the
 *   STICH_E_* codes below; functions that answer with a number (a count, a length, a seat, an
 *   action id) return it when it is >= 0 (stich_current_player: -1 when the deal is over). The
 *   calling thread's last error message is stich_last_error(). Nothing aborts and no C++
 *   exception leaves the library.
 * - NULL pointers, handles of another kind, seats, dealers and ids out of range, unknown names
 *   and text that cannot be read are errors (a code and a message), never a crash.
 * - Text out: `char *buf, int cap`. The return is the text's length n in bytes (without the
 *   terminating NUL), written with its NUL when n < cap. buf == NULL with cap == 0 asks the
 *   length only (allocate n + 1 bytes). A text that does not fit is not truncated: the call
 *   fails with STICH_E_BUFFER_TOO_SMALL, writes "" (when cap > 0) and names the size it needs.
 * - Arrays out: `T *out, int cap`. The return is the full count n; the first min(n, cap) entries
 *   are written. out == NULL with cap == 0 asks the count only.
 * - Text in is UTF-8, NUL-terminated. Action ids are Action.id of the Python API.
 * - Handles: *_new, stich_deal and the readers make them; each has its *_free (which accepts
 *   NULL). A handle freed must not be used again.
 *
 * Threads (the contract):
 * - No global set-up or tear-down: any function may be called from any thread at any time.
 * - A stich_game is immutable: any number of threads may use one at once.
 * - A stich_state, stich_view or stich_result is used by one thread at a time (even to read it:
 *   a state keeps the legal actions it last listed). Different handles may be used on different
 *   threads at the same time; in particular different states may be solved, searched and
 *   analysed concurrently, each call on its own thread.
 * - The long calls (solve, ISMCTS, analyse, the batches) start and join their own worker
 *   threads when asked for more than one; they return only after every worker has ended.
 * - stich_last_error() is per thread: it is the message of the calling thread's last failed call.
 *
 * ABI version: stich_abi_version() returns the version the library implements; a program checks
 * it against STICH_ABI_VERSION, the version of the header it was compiled with. It changes only
 * when a change would break a program built against an older header: a function removed or its
 * parameters, return or meaning changed, a constant's value changed, stich_control's layout
 * changed. Adding functions, status codes or result columns does not change it (a program must
 * treat any negative status as an error, and an unknown one as STICH_E_INTERNAL). The package
 * version (stich_version()) follows the Python package.
 */
#ifndef STICH_C_H
#define STICH_C_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define STICH_API __attribute__((visibility("default")))
#else
#define STICH_API
#endif

/* The ABI version of this header (see "ABI version" above). */
#define STICH_ABI_VERSION 1

/* Status codes. -1 is none of them: it is stich_current_player's "nobody" (the deal is over). */
enum {
    STICH_OK = 0,
    STICH_E_INVALID_ARGUMENT = -2, /* NULL, a handle of another kind, a value not accepted, a finished deal, a phase without a solver */
    STICH_E_OUT_OF_RANGE = -3,     /* a seat, dealer, index or action id outside its range */
    STICH_E_ILLEGAL_ACTION = -4,   /* an action (id or text) not legal in the state; the message lists the legal ones */
    STICH_E_UNKNOWN_NAME = -5,     /* a game or method name not known; the message lists the known ones */
    STICH_E_BAD_TEXT = -6,         /* option text, a position, cards or a record that cannot be read; the message names the fault */
    STICH_E_BUFFER_TOO_SMALL = -7, /* a text out does not fit its buffer; the message gives the size needed */
    STICH_E_CANCELLED = -8,        /* stopped by the caller's flag or progress callback */
    STICH_E_OUT_OF_MEMORY = -9,
    STICH_E_INTERNAL = -10 /* a bug: please report it with the message */
};

/* Opaque handles. */
typedef struct stich_game stich_game;     /* a game and its options (immutable) */
typedef struct stich_state stich_state;   /* a deal in progress: every hand, the history */
typedef struct stich_view stich_view;     /* what one seat knows of a state, and nothing more */
typedef struct stich_result stich_result; /* the answer of a solve, a search or an analysis */

/* Progress of a long call, called on the thread that made the call about every `every` seconds:
 * `done` of `total` units of work (iterations, worlds, deals or positions; total 0 when not known
 * in advance) after `seconds`. A nonzero return stops the call. */
typedef int (*stich_progress_fn)(void *user, uint64_t done, uint64_t total, double seconds);

/* Cancellation and progress of a long call (a NULL stich_control *: neither). */
typedef struct stich_control {
    const volatile int32_t *cancel; /* NULL, or a flag another thread sets nonzero to stop the call */
    stich_progress_fn progress;     /* NULL, or called as above */
    void *user;                     /* passed to progress */
    double every;                   /* seconds between progress calls; 0: 0.1 */
} stich_control;

/* ------------------------------------------------------------------ versions and errors */

/* Returns the ABI version of the library (compare with STICH_ABI_VERSION). */
STICH_API int stich_abi_version(void);
/* Returns the package version, "0.1.0" (static text). */
STICH_API const char *stich_version(void);
/* Returns the calling thread's last error message, "" when none (valid until its next call). */
STICH_API const char *stich_last_error(void);
/* Returns the name of a status code, "STICH_E_ILLEGAL_ACTION" (static text; "unknown status"
 * for a code not listed above). */
STICH_API const char *stich_status_name(int status);

/* ------------------------------------------------------------------ games */

/* Returns the number of registered games. */
STICH_API int stich_game_count(void);
/* The name of the registered game `index` (0 .. stich_game_count() - 1), as the Python API spells it. */
STICH_API int stich_game_name(int index, char *buf, int cap);
/* A game by name (any case, as stich_game_name gives it) and option text: space-separated
 * key=value words as `stich play --option` takes them ("players=6 target=21"; "" for the
 * defaults). STICH_E_UNKNOWN_NAME for a name, STICH_E_BAD_TEXT for options that cannot be read
 * or are not accepted. */
STICH_API int stich_game_new(const char *name, const char *options, stich_game **out);
STICH_API void stich_game_free(stich_game *g);
/* The game's line in the position notation: its name, then the options that differ from the
 * defaults ("<name> players=6"). */
STICH_API int stich_game_text(const stich_game *g, char *buf, int cap);
/* Returns the number of seats the options give. */
STICH_API int stich_game_num_players(const stich_game *g);

/* ------------------------------------------------------------------ deals and states */

/* A new deal from a seed, dealt by `dealer` (stich.<Game>(...).deal(seed=seed, dealer=dealer)). */
STICH_API int stich_deal(const stich_game *g, uint64_t seed, int dealer, stich_state **out);
/* The same deal into a state handle the caller already has (whatever game it held), so that a loop
 * of many deals makes no new handle: s afterwards is what stich_deal would have made. On an error
 * s is unchanged. */
STICH_API int stich_deal_into(const stich_game *g, uint64_t seed, int dealer, stich_state *s);
/* The same with cards pinned per seat in deal order: hands[i] is seat i's card text ("EO GO HO",
 * NULL or "" for a random hand); n_hands <= the number of seats. */
STICH_API int stich_deal_hands(const stich_game *g, uint64_t seed, int dealer, const char *const *hands, int n_hands, stich_state **out);
STICH_API void stich_state_free(stich_state *s);
/* An independent copy. */
STICH_API int stich_state_clone(const stich_state *s, stich_state **out);
/* The game (with its options) the state is played under: a new handle. */
STICH_API int stich_state_game(const stich_state *s, stich_game **out);
/* The state as text: the hands, the trick, the history and the game's counters (str(state)). */
STICH_API int stich_state_text(const stich_state *s, char *buf, int cap);

/* Returns 1 when the deal is over, else 0. */
STICH_API int stich_is_terminal(const stich_state *s);
/* Returns the seat to act, -1 when the deal is over. */
STICH_API int stich_current_player(const stich_state *s);
/* Returns the number of seats. */
STICH_API int stich_num_players(const stich_state *s);
/* The name of the current phase ("play" is the card play, where the solver works). */
STICH_API int stich_phase(const stich_state *s, char *buf, int cap);
/* Returns the number of legal actions (0 when the deal is over) and writes the first min(count,
 * cap) of their ids, ascending. */
STICH_API int stich_legal_actions(const stich_state *s, int32_t *ids, int cap);
/* The canonical text of action `id` in this state (any id 0..65534: a legal one, or one of the
 * history). */
STICH_API int stich_action_text(const stich_state *s, int32_t id, char *buf, int cap);
/* Applies a legal action by id (STICH_E_ILLEGAL_ACTION otherwise, the state unchanged). */
STICH_API int stich_apply(stich_state *s, int32_t id);
/* One step of a playout loop in one call: applies the legal action at `index` of the ascending
 * list stich_legal_actions gives (0 .. count - 1), then lists the legal actions of the state that
 * follows as stich_legal_actions does (returns their count, 0 when the deal is over, and writes
 * the first min(count, cap) ids). STICH_E_OUT_OF_RANGE for an index outside the list
 * (STICH_E_ILLEGAL_ACTION when the deal is over), STICH_E_INVALID_ARGUMENT for ids and cap that do
 * not go together: the state unchanged. */
STICH_API int stich_step(stich_state *s, int index, int32_t *ids, int cap);
/* Applies a legal action by its text (case-insensitive; cards in any form the game reads);
 * returns its id. */
STICH_API int stich_apply_text(stich_state *s, const char *text);
/* Returns the number of seats and writes min(seats, cap) returns (each seat's payoff of the
 * deal, in the game's unit; zeros before the end). */
STICH_API int stich_returns(const stich_state *s, double *out, int cap);
/* The cards `seat` holds now, as text. */
STICH_API int stich_hand(const stich_state *s, int seat, char *buf, int cap);
/* Returns the action the rule-of-thumb bot chooses for the seat to act (state.heuristic_action(seed)). */
STICH_API int stich_heuristic_action(const stich_state *s, uint64_t seed);

/* ------------------------------------------------------------------ positions (docs/notation.md) */

/* Reads a position text: a state consistent with every line, its hidden cards drawn from `seed`
 * (as stich.parse(text, seed)); *seat (if not NULL) is the seat whose view the text is. */
STICH_API int stich_position_read(const char *text, uint64_t seed, stich_state **out, int *seat);
/* The position text of the state as `seat` sees it (stich.position_text(state, seat)); the
 * deal must not be over. */
STICH_API int stich_position_text(const stich_state *s, int seat, char *buf, int cap);
/* Reads a full deal: a position text plus a 'handN: cards' line per seat (every hand known,
 * for the open-hand solver); *seat (if not NULL) is the position's seat. */
STICH_API int stich_full_deal_read(const char *text, stich_state **out, int *seat);

/* ------------------------------------------------------------------ views and worlds */

/* What `seat` knows of the state (the deal must not be over). The view holds only that: its
 * text is the position notation as the seat sees it. */
STICH_API int stich_view_new(const stich_state *s, int seat, stich_view **out);
STICH_API void stich_view_free(stich_view *v);
/* Returns the seat whose view it is. */
STICH_API int stich_view_seat(const stich_view *v);
/* The view as a position text (stich.position_text(state, seat)). */
STICH_API int stich_view_text(const stich_view *v, char *buf, int cap);
/* The number of worlds (deals of the cards the seat cannot see) consistent with the view, in
 * decimal (it may exceed 64 bits): InfoSet.count_worlds(), an upper bound where a rule of the game
 * excludes worlds (docs/api.md, "Views and worlds"). */
STICH_API int stich_view_world_count(const stich_view *v, char *buf, int cap);
/* A world drawn uniformly among those consistent with the view that the game's rules allow, from
 * `seed`: a full state (as stich.parse(view text, seed).state and state.resample draw it). */
STICH_API int stich_view_sample(const stich_view *v, uint64_t seed, stich_state **out);

/* ------------------------------------------------------------------ solve, search, analyse */

/* The exact open-hand value of every legal action of the seat to act (every hand as in the
 * state; card play only): stich.solve(state). Rows in id order; the column STICH_COLUMN_VALUE
 * is the mover's return. */
STICH_API int stich_solve(const stich_state *s, const stich_control *ctl, stich_result **out);
/* ISMCTS from the seat to act's view (every card it cannot see is resampled): exactly one budget,
 * iterations (> 0, seconds 0) or seconds (> 0, iterations 0); threads 1..256; the same
 * (iterations, seed, threads) give the same result as stich.ismcts(state, iterations=...,
 * seed=..., threads=...). Rows most visited first. Stopped by `ctl`, it answers with what it
 * has (stich_result_partial() is 1). */
STICH_API int stich_ismcts(const stich_state *s, uint64_t iterations, double seconds, int threads, uint64_t seed, const stich_control *ctl,
                           stich_result **out);
/* stich.analyse(state, seconds=..., seed=..., method=..., threads=..., iterations=...): method
 * "auto", "exact", "pimc" or "ismcts"; seconds > 0; iterations 0 (none) or the search's budget.
 * Rows best first, with intervals. */
STICH_API int stich_analyse(const stich_state *s, const char *method, double seconds, uint64_t iterations, uint64_t seed, int threads,
                            const stich_control *ctl, stich_result **out);

/* Batches: n positions worked on by `threads` threads (each position on one thread), the same
 * results as n single calls. results[i] is set (NULL where position i failed) and, if statuses is
 * not NULL, statuses[i] is its status. Returns STICH_OK when every position succeeded, else the
 * status of the first that failed (its message names the position). Stopped by `ctl`, the
 * positions not yet finished get STICH_E_CANCELLED (a search: its partial answer). */
STICH_API int stich_solve_batch(const stich_state *const *states, int n, int threads, const stich_control *ctl, stich_result **results,
                                int *statuses);
STICH_API int stich_analyse_batch(const stich_state *const *states, int n, const char *method, double seconds, uint64_t iterations,
                                  uint64_t seed, int threads, const stich_control *ctl, stich_result **results, int *statuses);

/* The open-hand review of a deal played from `s` along `actions` (n action ids, the whole deal:
 * bids too, each legal where it is taken), as stich.review's open-hand verdicts: a JSON array, one
 * object a decision of the card play with a choice: "index" (of its action among those given),
 * "seat", "played" and "best" (action texts: the played one where it ties for the best), the
 * mover's exact "value_played" and "value_best", and "loss". Stopped by `ctl`: STICH_E_CANCELLED.
 * NULL and 0 ask the length, which runs the review: pass a buffer large enough (a deal's review is
 * a few KB) to run it once. */
STICH_API int stich_review_open(const stich_state *s, const int32_t *actions, int n, const stich_control *ctl, char *buf, int cap);
/* The seat's-view review of a deal played from `s` along `actions` (as stich_review_open takes
 * them), as stich.review(records, worlds=..., iterations=..., seed=...)'s "view" verdicts for the
 * record of index `record` (part of each decision's seed): a JSON array, one object a decision
 * with a choice whose action's index is in [first, last) (0 and n: the whole deal; the rest are
 * checked and played through, so a caller without threads can review a few decisions a call):
 * "index", "seat", "method" ("exact", "pimc": `worlds` worlds of the seat's view, in the card
 * play from where the solver starts; "ismcts": `iterations` iterations in four runs, before it),
 * "played", "best", "value_played", "value_best", "loss" (value_best - value_played), "loss_low"
 * and "loss_high" (the loss's interval), and "mistake" (the loss is above the game's tie
 * threshold and its interval excludes 0); the values are null where the search never tried the
 * played action, the interval null where too few runs tried it. worlds 1..10,000,000,
 * iterations >= 1. `ctl`'s progress gets the index of the action being judged and n; stopped by
 * `ctl`: STICH_E_CANCELLED. NULL and 0 ask the length, which runs the review (see stich_review_open). */
STICH_API int stich_review_view(const stich_state *s, const int32_t *actions, int n, int first, int last, uint64_t worlds,
                                uint64_t iterations, uint64_t seed, uint64_t record, const stich_control *ctl, char *buf, int cap);

/* ------------------------------------------------------------------ results */

/* The columns of a result's table (stich_result_column); NaN where a row has no such value. */
enum {
    STICH_COLUMN_VALUE = 0,  /* the mean (or exact) return of the seat to act, the game's unit */
    STICH_COLUMN_VISITS = 1, /* the search: the action's visits; PIMC: the worlds solved */
    STICH_COLUMN_LOW = 2,    /* the value's interval (analyse; ISMCTS with several threads) */
    STICH_COLUMN_HIGH = 3,
    STICH_COLUMN_DIFF = 4,     /* the value's difference to the best action's (0 for the best) */
    STICH_COLUMN_DIFF_LOW = 5, /* that difference's interval */
    STICH_COLUMN_DIFF_HIGH = 6
};

STICH_API void stich_result_free(stich_result *r);
/* Returns the number of rows (the legal actions of the position). */
STICH_API int stich_result_count(const stich_result *r);
/* Returns the best action's id. */
STICH_API int stich_result_best(const stich_result *r);
/* Returns the number of rows and writes min(rows, cap) action ids, in the table's order. */
STICH_API int stich_result_actions(const stich_result *r, int32_t *ids, int cap);
/* Returns the number of rows and writes min(rows, cap) values of a column, in the table's order. */
STICH_API int stich_result_column(const stich_result *r, int column, double *out, int cap);
/* The method that answered: "solve", "ismcts", "exact" or "pimc". */
STICH_API int stich_result_method(const stich_result *r, char *buf, int cap);
/* Returns 1 when a search was stopped before its budget (a partial answer), else 0. */
STICH_API int stich_result_partial(const stich_result *r);
/* Returns 1 when the runner-up cannot be told from the best (result.tied: the interval of its
 * difference to the best contains 0 and the difference is below the game's tie threshold; a
 * solve: two actions share the best value), else 0. */
STICH_API int stich_result_tied(const stich_result *r);

/* ------------------------------------------------------------------ game records (docs/records.md) */

typedef struct stich_records stich_records; /* game records read from text */

/* Reads records in the text form or as JSON Lines (stich.read_records), every record checked. */
STICH_API int stich_records_read(const char *text, stich_records **out);
STICH_API void stich_records_free(stich_records *r);
/* Returns the number of records. */
STICH_API int stich_records_count(const stich_records *r);
/* Returns the number of actions of record `index`. */
STICH_API int stich_record_length(const stich_records *r, int index);
/* The state of record `index` before its action `at` (0 .. its length; -1: after the last):
 * record.state(at=...). Its seed is the record's (for its record text). */
STICH_API int stich_record_state(const stich_records *r, int index, int at, stich_state **out);
/* The record of the state's deal as played so far, in the text form: the game, the dealer, every
 * card as dealt, the actions; with the seed when the state was made by stich_deal or
 * stich_deal_hands. */
STICH_API int stich_record_text(const stich_state *s, char *buf, int cap);

/* ------------------------------------------------------------------ the table (what a board draws) */

/* The table of the state as a JSON object (docs/c-api.md, "The functions"): "dealer" (a seat),
 * "tally" (each seat's side's take so far, the game's TALLY; null for a game without one), "hands"
 * (each seat's cards), "trick" (the cards on the table in the order played, each with its "seat"),
 * "trick_taker" (the seat that took the last complete trick until a card of the next is played,
 * else null), "places" (the game's other places after the seats, e.g. a talon: "name" and
 * "cards"). A card is {"card": its text, "suit": its suit 0..3}; cards are in display order. */
STICH_API int stich_state_table(const stich_state *s, char *buf, int cap);
/* The game's schema as a JSON object (docs/c-api.md, "The functions"): "name", "num_players",
 * "options" (each option in the game's order: "name", "doc", "kind" (bool, int, choice, subset,
 * ...), "accepts" (what it takes, in words), "none_ok", "choices", "low" and "high" (an int's
 * range, else null), "default", "value" (the game's)), "deck" (its cards, as a table's) and
 * "places" (the places of a deal, the seats then the game's others: "name", "size"). */
STICH_API int stich_game_schema(const stich_game *g, char *buf, int cap);

#ifdef __cplusplus
}
#endif

#endif /* STICH_C_H */
