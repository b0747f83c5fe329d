// The C ABI (stich_c.h, docs/c-api.md): C functions over the C++ API of stich/stich.hpp, for the
// registered games (stich/registry.hpp) without naming one. Conversion only: every answer comes
// from the core; this file checks the C arguments, catches every exception (its kind, from
// stich/errors.hpp, gives the status code) and copies results into the caller's buffers.
//
// A handle is a struct with a tag (a different number per kind, cleared when freed), so that a
// NULL, a handle of another kind and most handles used after being freed are reported instead of
// read. A state holds its game's State in a std::variant over the registered games.
#include "stich_c.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "stich/errors.hpp"
#include "stich/stich.hpp"
#if __has_include("stich/analyse.hpp")   // the analysis in C++ (issue 42 waits for it)
#include "stich/analyse.hpp"
#define STICH_C_ANALYSE 1
#else
#define STICH_C_ANALYSE 0
#endif
#if __has_include("stich/records.hpp")   // the game records in C++ (issue 42 waits for them)
#include "stich/records.hpp"
#define STICH_C_RECORDS 1
#else
#define STICH_C_RECORDS 0
#endif

using namespace stich;

namespace {

// ------------------------------------------------------------------ handles

constexpr uint32_t GAME_TAG = 0x73744701, STATE_TAG = 0x73745302, VIEW_TAG = 0x73745603, RESULT_TAG = 0x73745204, RECORDS_TAG = 0x73745205;

template <class Def>
struct RulesOf {
    using D = Def;
    typename Def::Rules rules;
};
template <class Def>
struct StateOf {
    using D = Def;
    typename Def::State state;
    // Constructors, not an aggregate: clang before 16 (emscripten 3.1.6's) has no C++20
    // parenthesized aggregate init, which the variant's in-place construction needs.
    StateOf() = default;
    explicit StateOf(const typename Def::State& s) : state(s) {}
};
template <class List, template <class> class Box>
struct OneOfGames;
template <class... Def, template <class> class Box>
struct OneOfGames<GameList<Def...>, Box> {
    using type = std::variant<Box<Def>...>;
};
using AnyRules = OneOfGames<Games, RulesOf>::type;
using AnyState = OneOfGames<Games, StateOf>::type;

// Calls f.template operator()<Def>(the game's value) for whichever game the variant holds.
template <class Variant, class F>
decltype(auto) visit_game(Variant& v, F&& f) {
    return std::visit(
        [&](auto& box) -> decltype(auto) {
            using Def = typename std::remove_cvref_t<decltype(box)>::D;
            if constexpr (requires { box.state; }) return f.template operator()<Def>(box.state);
            else return f.template operator()<Def>(box.rules);
        },
        v);
}

}   // namespace

struct stich_game {
    uint32_t tag = GAME_TAG;
    AnyRules rules;
};

struct stich_state {
    uint32_t tag = STATE_TAG;
    AnyState game;
    // The legal actions last listed (valid while `listed`): stich_apply checks an id against
    // them instead of listing them again, so a loop of list-then-apply lists once a step.
    mutable ActionList legal;
    mutable bool listed = false;
    std::optional<uint64_t> seed;   // the seed it was dealt from (stich_deal), for its record
};

struct stich_view {
    uint32_t tag = VIEW_TAG;
    int seat = 0;
    std::string text;   // the position notation as the seat sees it
    AnyState base;      // the state that text reads to (hidden cards from seed 0): what the seat knows
    // The worlds of the seat's view of `base` under its game's rules (worlds_of, as state.resample
    // draws them): one drawn, and the count of the view's facts (count_worlds(): an upper bound
    // where a rule excludes worlds).
    std::function<Locations(Rng&)> sample_world;
    u128 world_count = 0;
};

struct stich_records {
    uint32_t tag = RECORDS_TAG;
#if STICH_C_RECORDS
    std::vector<GameRecord> records;
#endif
};

struct stich_result {
    uint32_t tag = RESULT_TAG;
    std::string method;
    bool partial = false;
    bool tied = false;
    Action best = 0;
    std::vector<int32_t> actions;                 // the table's order
    std::array<std::vector<double>, 7> columns;   // STICH_COLUMN_*, one value a row
};

namespace {

// ------------------------------------------------------------------ errors

// The calling thread's last error message: a fixed buffer, which no failure can fail to fill.
thread_local char last_error[4096];

void set_error(const char* function, const char* message) noexcept {
    std::snprintf(last_error, sizeof last_error, "%s: %s", function, message);
}

// A text out that does not fit its buffer (STICH_E_BUFFER_TOO_SMALL: no kind of the core's).
struct BufferTooSmall : std::length_error {
    using std::length_error::length_error;
};

// The one mapping of the core's error kinds to status codes.
int status_of(ErrorKind k) noexcept {
    switch (k) {
        case ErrorKind::InvalidArgument: return STICH_E_INVALID_ARGUMENT;
        case ErrorKind::OutOfRange: return STICH_E_OUT_OF_RANGE;
        case ErrorKind::IllegalAction: return STICH_E_ILLEGAL_ACTION;
        case ErrorKind::UnknownName: return STICH_E_UNKNOWN_NAME;
        case ErrorKind::BadText: return STICH_E_BAD_TEXT;
        case ErrorKind::Cancelled: return STICH_E_CANCELLED;
        case ErrorKind::OutOfMemory: return STICH_E_OUT_OF_MEMORY;
        case ErrorKind::Internal: return STICH_E_INTERNAL;
    }
    return STICH_E_INTERNAL;
}

// The status of the exception being handled (inside a catch), its message kept for the thread.
int failed(const char* function) noexcept {
    const std::exception_ptr e = std::current_exception();
    int status = STICH_E_INTERNAL;
    try {
        std::rethrow_exception(e);
    } catch (const BufferTooSmall& x) {
        set_error(function, x.what());
        return STICH_E_BUFFER_TOO_SMALL;
    } catch (const std::bad_alloc&) {
        set_error(function, "out of memory");
        return STICH_E_OUT_OF_MEMORY;
    } catch (const std::exception& x) {
        status = status_of(error_kind(e));
        set_error(function, *x.what() ? x.what() : "an error without a message");
    } catch (...) {
        set_error(function, "an unknown exception (a bug: please report it)");
    }
    return status;
}

// Runs the body of a C function: its result (the thread's last error then ""), or the status of
// what it threw. A thread being ended (pthread_exit, pthread_cancel: a forced unwind) unwinds
// through: only C++ exceptions (std::exception, everything the core throws) are caught, under
// libstdc++ and libc++ alike (stich::run_on_threads says why not catch (...)).
template <class F>
int guarded(const char* function, F&& body) {
    try {
        const int status = body();
        if (status >= -1) last_error[0] = '\0';   // a result, not an error (a batch returns its first error)
        return status;
    } catch (const std::exception&) {
        return failed(function);
    }
}

#define STICH_GUARDED(...) guarded(__func__, [&]() -> int { __VA_ARGS__ })

// ------------------------------------------------------------------ arguments

// Each kind of handle's name and tag.
template <class T>
constexpr const char* kind_name();
template <>
constexpr const char* kind_name<stich_game>() {
    return "stich_game";
}
template <>
constexpr const char* kind_name<stich_state>() {
    return "stich_state";
}
template <>
constexpr const char* kind_name<stich_view>() {
    return "stich_view";
}
template <>
constexpr const char* kind_name<stich_result>() {
    return "stich_result";
}
template <>
constexpr const char* kind_name<stich_records>() {
    return "stich_records";
}

template <class T>
constexpr uint32_t tag_of();
template <>
constexpr uint32_t tag_of<stich_game>() {
    return GAME_TAG;
}
template <>
constexpr uint32_t tag_of<stich_state>() {
    return STATE_TAG;
}
template <>
constexpr uint32_t tag_of<stich_view>() {
    return VIEW_TAG;
}
template <>
constexpr uint32_t tag_of<stich_result>() {
    return RESULT_TAG;
}
template <>
constexpr uint32_t tag_of<stich_records>() {
    return RECORDS_TAG;
}

[[noreturn, gnu::cold, gnu::noinline]] void refuse_null(const char* what) { throw std::invalid_argument(std::string(what) + " is NULL"); }

[[noreturn, gnu::cold, gnu::noinline]] void refuse_handle(const void* h, const char* what, const char* kind) {
    if (!h) refuse_null(what);
    throw std::invalid_argument(std::string(what) + " is not a live " + kind + " (a handle of another kind, or one already freed)");
}

// The handle `h` (named `what` in messages) if it is a live handle of its kind. (The checks are
// inline, the refusals out of line: a playout loop checks a handle twice a step.)
template <class T>
T& live(T* h, const char* what) {
    using Kind = std::remove_const_t<T>;
    if (!h || h->tag != tag_of<Kind>()) [[unlikely]]
        refuse_handle(h, what, kind_name<Kind>());
    return *h;
}

template <class T>
T* not_null(T* p, const char* what) {
    if (!p) [[unlikely]]
        refuse_null(what);
    return p;
}

// Frees a handle made by this library: NULL is nothing to free; a handle of another kind (or
// one freed already, while its memory still says so) is left alone, with a message.
template <class T>
void free_handle(T* h, const char* function) {
    if (h && h->tag != tag_of<T>()) {
        std::snprintf(last_error, sizeof last_error, "%s: not a live %s (a handle of another kind, or one already freed): nothing freed",
                      function, kind_name<T>());
        return;
    }
    if (h) {
        h->tag = 0;
        delete h;
    }
    last_error[0] = '\0';
}

// The pointer where a call puts a new handle, set to NULL until it succeeds.
template <class T>
T** out_handle(T** out) {
    not_null(out, "out");
    *out = nullptr;
    return out;
}

// Copies a text out (see "Text out" in stich_c.h).
int put_text(const std::string& text, char* buf, int cap) {
    if (cap < 0) throw std::invalid_argument("cap must be >= 0, got " + std::to_string(cap));
    if (!buf && cap > 0) throw std::invalid_argument("buf is NULL with cap " + std::to_string(cap) + " (NULL and 0 ask the length)");
    if (text.size() >= size_t(INT_MAX)) throw std::length_error("the text is longer than an int can count");
    const int n = int(text.size());
    if (!buf) return n;
    if (n >= cap) {
        if (cap > 0) buf[0] = '\0';
        throw BufferTooSmall("the text needs " + std::to_string(n + 1) + " bytes with its NUL; the buffer has " + std::to_string(cap) +
                             " (NULL and 0 ask the length)");
    }
    std::memcpy(buf, text.data(), size_t(n));
    buf[n] = '\0';
    return n;
}

// Copies an array out (see "Arrays out" in stich_c.h): n values of at(i).
[[noreturn, gnu::cold, gnu::noinline]] void refuse_array_out(int cap) {
    if (cap < 0) throw std::invalid_argument("cap must be >= 0, got " + std::to_string(cap));
    throw std::invalid_argument("the output array is NULL with cap " + std::to_string(cap) + " (NULL and 0 ask the count)");
}

// An array out's pointer and capacity (see "Arrays out" in stich_c.h), refused if they do not go together.
inline void check_array_out(const void* out, int cap) {
    if (cap < 0 || (!out && cap > 0)) [[unlikely]]
        refuse_array_out(cap);
}

template <class T, class At>
int put_array(int n, T* out, int cap, At&& at) {
    check_array_out(out, cap);
    for (int i = 0; i < std::min(n, cap); ++i) out[i] = at(i);
    return n;
}

// ------------------------------------------------------------------ games and states

template <class Def>
std::unique_ptr<stich_game> new_game(const typename Def::Rules& r) {
    auto g = std::make_unique<stich_game>();
    g->rules.template emplace<RulesOf<Def>>(RulesOf<Def>{r});
    return g;
}

template <class Def>
std::unique_ptr<stich_state> new_state(const typename Def::State& s, std::optional<uint64_t> seed = std::nullopt) {
    // The game's State copied once, straight into the variant (no other game's State made first).
    return std::unique_ptr<stich_state>(new stich_state{STATE_TAG, AnyState(std::in_place_type<StateOf<Def>>, s), {}, false, seed});
}

// The state a long call reads: a copy, so that nothing the caller does meanwhile reaches it.
template <class F>
decltype(auto) on_state(const stich_state* s, const char* what, F&& f) {
    return visit_game(live(s, what).game, f);
}

// The state's legal actions, listed once until it changes.
template <class State>
const ActionList& legal_of(const stich_state& h, const State& s) {
    if (!h.listed) {
        h.legal.n = 0;
        if (!s.is_terminal()) s.legal_actions(h.legal);
        h.listed = true;
    }
    return h.legal;
}

// A card text of the game's deck as card ids in order (BadText naming the seat otherwise).
std::vector<Card> cards_of_seat(std::string_view text, const Deck& deck, int seat) {
    try {
        return parse_cards(text, deck);
    } catch (const std::invalid_argument& e) {
        throw BadText("the hand of seat " + std::to_string(seat) + ": " + e.what());
    }
}

// ------------------------------------------------------------------ long calls

// Runs `work` (returning a result) under the caller's control: without one, on the calling
// thread; with one, on a worker thread while the calling thread watches the cancel flag, calls
// the progress function (`progress()` gives done and total) and sets `stop` when either asks.
// The worker is always joined before this returns; its exception is rethrown here.
template <class Work, class Progress>
auto controlled(const stich_control* ctl, std::atomic<bool>& stop, Work&& work, Progress&& progress) {
    if (!ctl || (!ctl->cancel && !ctl->progress)) return work();
    if (!(ctl->every >= 0 && ctl->every <= 86400))
        throw std::invalid_argument("ctl->every must be a number of seconds in 0..86400 (0: 0.1), got " + std::to_string(ctl->every));
    auto cancelled = [&] { return ctl->cancel && __atomic_load_n(const_cast<const int32_t*>(ctl->cancel), __ATOMIC_ACQUIRE) != 0; };
    if (cancelled()) stop = true;
    // The work's result or exception, handed over from the worker. (Not std::future: its
    // std::call_once crashes in a library with its own static C++ runtime loaded by dlopen.)
    using R = decltype(work());
    struct Handover {
        std::mutex m;
        std::condition_variable cv;
        bool ready = false;
        std::optional<R> value;
        std::exception_ptr error;
    } out;
    std::thread worker;
    try {
        worker = std::thread([&] {
            std::optional<R> value;
            std::exception_ptr error;
            try {
                value.emplace(work());
            } catch (...) {
                error = std::current_exception();
            }
            const std::lock_guard lock(out.m);
            out.value = std::move(value);
            out.error = error;
            out.ready = true;
            out.cv.notify_one();
        });
    } catch (const std::system_error&) {   // no thread to be had: the work runs here, unwatched
        return work();
    }
    const auto start = std::chrono::steady_clock::now();
    const auto period =
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(ctl->every > 0 ? ctl->every : 0.1));
    const auto slice = std::min<std::chrono::steady_clock::duration>(period, std::chrono::milliseconds(10));
    auto next = start + period;
    auto ended = [&] {
        std::unique_lock lock(out.m);
        return out.cv.wait_for(lock, slice, [&] { return out.ready; });
    };
    // Never leave with the worker running: not by an exception, nor by this thread's end (its wait
    // is a cancellation point; a forced unwind, which no catch may stop: guarded says why).
    struct JoinOnUnwind {
        std::atomic<bool>& stop;
        std::thread& worker;
        ~JoinOnUnwind() {
            if (!worker.joinable()) return;
            stop = true;
            worker.join();
        }
    } join_on_unwind{stop, worker};
    while (!ended()) {
        if (stop) continue;
        if (cancelled()) stop = true;
        const auto now = std::chrono::steady_clock::now();
        if (ctl->progress && now >= next && !stop) {
            const auto [done, total] = progress();
            if (ctl->progress(ctl->user, done, total, std::chrono::duration<double>(now - start).count()) != 0) stop = true;
            next = std::chrono::steady_clock::now() + period;
        }
    }
    worker.join();
    if (out.error) std::rethrow_exception(out.error);
    return std::move(*out.value);
}

std::pair<uint64_t, uint64_t> no_progress() { return {0, 0}; }

const double NOT_A_NUMBER = std::nan("");

std::unique_ptr<stich_result> new_result(const char* method, size_t rows) {
    auto r = std::make_unique<stich_result>();
    r->method = method;
    for (auto& c : r->columns) c.assign(rows, NOT_A_NUMBER);
    r->actions.reserve(rows);
    return r;
}

template <class Def>
std::unique_ptr<stich_result> solve_result(const typename Def::State& root, const std::atomic<bool>* stop) {
    const SolveResult sol = solve(root, stop);
    auto r = new_result("solve", sol.values.size());
    for (size_t i = 0; i < sol.values.size(); ++i) {
        r->actions.push_back(sol.values[i].first);
        r->columns[STICH_COLUMN_VALUE][i] = sol.values[i].second;
    }
    r->best = sol.best;
    int at_best = 0;   // exact values: a tie is two actions with the best value
    for (const auto& [a, v] : sol.values) at_best += v == sol.value;
    r->tied = at_best > 1;
    return r;
}

template <class Def>
std::unique_ptr<stich_result> solve_of(const typename Def::State& s, const stich_control* ctl) {
    if constexpr (!Solvable<typename Def::State>) {
        throw std::invalid_argument(std::string("solve needs a solver, which ") + Def::NAME + " does not have");
    } else {
        const typename Def::State root = s;
        check_solvable(root);
        std::atomic<bool> stop{false};
        return controlled(ctl, stop, [&] { return solve_result<Def>(root, &stop); }, no_progress);
    }
}

#if STICH_C_ANALYSE
// A table of the analysis (best first) as a result's rows.
std::unique_ptr<stich_result> table_result(const char* method, const std::vector<AnalysisRow>& table, bool tied, bool partial) {
    auto r = new_result(method, table.size());
    auto put = [](std::vector<double>& column, size_t i, std::optional<double> v) { column[i] = v.value_or(NOT_A_NUMBER); };
    for (size_t i = 0; i < table.size(); ++i) {
        const AnalysisRow& row = table[i];
        r->actions.push_back(row.action);
        r->columns[STICH_COLUMN_VISITS][i] = double(row.visits);
        r->columns[STICH_COLUMN_VALUE][i] = row.mean;
        put(r->columns[STICH_COLUMN_LOW], i, row.low);
        put(r->columns[STICH_COLUMN_HIGH], i, row.high);
        r->columns[STICH_COLUMN_DIFF][i] = row.diff;
        put(r->columns[STICH_COLUMN_DIFF_LOW], i, row.diff_low);
        put(r->columns[STICH_COLUMN_DIFF_HIGH], i, row.diff_high);
    }
    r->best = table.empty() ? 0 : table[0].action;
    r->tied = tied;
    r->partial = partial;
    return r;
}
#endif

// The search's rows as stich.ismcts's table: most visited first (ties by action id), with the
// intervals of the independent runs (search_rows) and whether the runner-up is a tie.
template <class Def>
std::unique_ptr<stich_result> search_result(const SearchResult& found, bool partial) {
#if STICH_C_ANALYSE
    const std::vector<AnalysisRow> table =
        search_rows(found.actions, found.runs, requires(const typename Def::State& s) { s.schneider(); });
    return table_result("ismcts", table, table_tied(table, Def::TIE_THRESHOLD), partial);
#else
    std::vector<ActionStats> rows = found.actions;
    std::stable_sort(rows.begin(), rows.end(), [](const ActionStats& a, const ActionStats& b) { return a.visits > b.visits; });
    auto r = new_result("ismcts", rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        r->actions.push_back(rows[i].action);
        r->columns[STICH_COLUMN_VISITS][i] = double(rows[i].visits);
        if (rows[i].visits) r->columns[STICH_COLUMN_VALUE][i] = rows[i].reward / double(rows[i].visits);
    }
    r->best = rows.empty() ? 0 : rows[0].action;
    r->partial = partial;
    return r;
#endif
}

template <class Def>
std::unique_ptr<stich_result> ismcts_of(const typename Def::State& s, uint64_t iterations, double seconds, int threads, uint64_t seed,
                                        const stich_control* ctl) {
    if (iterations > uint64_t(INT64_MAX))
        throw std::invalid_argument("iterations must be at most 2**63 - 1, got " + std::to_string(iterations));
    const typename Def::State root = s;
    SearchConfig cfg = search_config_from(iterations ? std::optional<int64_t>(int64_t(iterations)) : std::nullopt,
                                          seconds != 0 || !iterations ? std::optional<double>(seconds) : std::nullopt, threads,
                                          std::nullopt, Def::SEARCH_C, SearchConfig{}.max_nodes, std::nullopt);
    cfg.seed = seed;
    cfg.playout = Playout::Heuristic;   // stich.ismcts's defaults (search_config<Def>)
    cfg.others_before_play = Others::Heuristic;
    std::atomic<bool> stop{false};
    SearchProgress progress;
    cfg.stop = &stop;
    const bool watched = ctl && ctl->progress;
    if (watched) cfg.progress = &progress;
    const SearchResult found = controlled(
        ctl, stop, [&] { return ismcts(root, cfg); },
        [&]() -> std::pair<uint64_t, uint64_t> {
            progress.request();
            return {progress.iterations, cfg.iterations};
        });
    return search_result<Def>(found, stop.load() && (cfg.iterations ? found.iterations < cfg.iterations : true));
}

#if STICH_C_ANALYSE
// stich.analyse's settings from the C arguments (each checked by the core: std::invalid_argument
// saying what is accepted; a method not known: UnknownName).
AnalyseConfig analyse_config(const char* method, double seconds, uint64_t iterations, uint64_t seed, int threads) {
    AnalyseConfig cfg;
    not_null(method, "method");
    cfg.method = analyse_method_named(method);   // UnknownName for a method not known
    if (iterations > uint64_t(INT64_MAX))
        throw std::invalid_argument("iterations must be at most 2**63 - 1, got " + std::to_string(iterations));
    cfg.seconds = seconds;
    if (iterations) cfg.iterations = int64_t(iterations);
    cfg.seed = seed;
    check_threads(threads);
    cfg.threads = threads;
    return cfg;
}

// The analysis of `root` under `cfg` (its stop flag set) as a result; `stopped`: whether the flag was
// set (a search stopped early answers with what it has).
template <class Def>
std::unique_ptr<stich_result> analysis_result(const typename Def::State& root, const AnalyseConfig& cfg, const std::atomic<bool>& stopped) {
    const Analysis a = analyse<Def>(root, cfg);
    const bool partial =
        a.method == AnalyseMethod::Ismcts && stopped.load() && (cfg.iterations ? a.iterations < uint64_t(*cfg.iterations) : true);
    return table_result(analyse_method_name(a.method), a.table, a.tied, partial);
}

template <class Def>
std::unique_ptr<stich_result> analyse_of(const typename Def::State& s, AnalyseConfig cfg, const stich_control* ctl) {
    const typename Def::State root = s;
    std::atomic<bool> stop{false};
    AnalyseProgress progress;
    cfg.stop = &stop;
    if (ctl && ctl->progress) cfg.progress = &progress;
    // Progress: the exact analysis's or PIMC's deals or worlds, or the search's iterations.
    return controlled(
        ctl, stop, [&] { return analysis_result<Def>(root, cfg, stop); },
        [&]() -> std::pair<uint64_t, uint64_t> {
            if (progress.searching.load(std::memory_order_acquire)) {
                progress.search.request();
                return {progress.search.iterations, cfg.iterations ? uint64_t(*cfg.iterations) : 0};
            }
            if (progress.solving.load(std::memory_order_acquire)) return {progress.solved.load(), progress.total.load()};
            return {0, 0};
        });
}
#endif

// A batch: one(i, stop) for every position on `threads` threads (see stich_c.h).
template <class One>
int batch(const char* function, const stich_state* const* states, int n, int threads, const stich_control* ctl, stich_result** results,
          int* statuses, One&& one) {
    if (n < 0) throw std::invalid_argument("n must be >= 0, got " + std::to_string(n));
    check_threads(threads);
    if (n > 0) {
        not_null(states, "states");
        not_null(results, "results");
    }
    for (int i = 0; i < n; ++i) {
        results[i] = nullptr;
        if (statuses) statuses[i] = STICH_E_CANCELLED;
    }
    std::vector<int> status(size_t(n), STICH_E_CANCELLED);
    std::vector<std::string> messages(static_cast<size_t>(n));
    std::atomic<int> next{0}, finished{0};
    std::atomic<bool> stop{false};
    controlled(
        ctl, stop,
        [&] {
            run_on_threads(std::max(1, std::min(threads, n)), [&](int) {
                for (int i; (i = next.fetch_add(1)) < n;) {
                    if (stop.load()) break;
                    try {
                        results[i] = one(states[i], i, &stop).release();
                        status[size_t(i)] = STICH_OK;
                    } catch (const std::exception&) {   // not a thread's forced unwind (guarded says why)
                        status[size_t(i)] = failed(function);
                        messages[size_t(i)] = last_error;
                    }
                    finished.fetch_add(1);
                }
            });
            return true;
        },
        [&]() -> std::pair<uint64_t, uint64_t> { return {uint64_t(finished.load()), uint64_t(n)}; });
    int first = -1;
    for (int i = 0; i < n; ++i) {
        if (statuses) statuses[i] = status[size_t(i)];
        if (first < 0 && status[size_t(i)] != STICH_OK) first = i;
    }
    if (first < 0) return STICH_OK;
    // "<function>: position i of n: why" (the position's message without its "<function>: ").
    std::string why = messages[size_t(first)].empty() ? "stopped before it was worked on" : messages[size_t(first)];
    if (why.starts_with(std::string(function) + ": ")) why.erase(0, std::strlen(function) + 2);
    const std::string text = "position " + std::to_string(first) + " of " + std::to_string(n) + ": " + why;
    set_error(function, text.c_str());
    return status[size_t(first)];
}

#if STICH_C_RECORDS
// Record `index` of a handle (std::out_of_range naming the records there are).
const GameRecord& record_at(const stich_records& r, int index) {
    if (index < 0 || size_t(index) >= r.records.size())
        throw std::out_of_range("index must be a record 0.." + std::to_string(int(r.records.size()) - 1) + ", got " +
                                std::to_string(index));
    return r.records[size_t(index)];
}
#endif

// An index of stich_step outside the legal actions (the deal over: none).
template <class State>
[[noreturn, gnu::cold, gnu::noinline]] void refuse_index(int index, int n, const State& st) {
    if (n == 0) throw IllegalAction("the deal is over; there is no action to apply (index " + std::to_string(index) + ")");
    throw std::out_of_range("index must be a legal action's index 0.." + std::to_string(n - 1) + ", got " + std::to_string(index) +
                            "; legal: " + legal_actions_text(st));
}

// Applies action `id` to the state of handle `h` if it is one of the legal actions (listed once
// for the state, see legal_of); otherwise throws IllegalAction naming the legal ones, the state
// unchanged. The check is a walk of the listed ids: no listing again, no allocation.
template <class State>
void apply_listed(stich_state& h, State& st, int32_t id) {
    const ActionList& legal = legal_of(h, st);
    for (int i = 0; i < legal.n; ++i)
        if (int32_t(legal.a[size_t(i)]) == id) {
            h.listed = false;
            st.apply(Action(id));
            return;
        }
    if (id < 0 || id >= int32_t(HIDDEN_ACTION))
        throw IllegalAction("action id " + std::to_string(id) +
                            " out of range: not an action of this game; legal: " + legal_actions_text(st));
    h.listed = false;
    apply_checked(st, Action(id));   // not legal: throws IllegalAction naming the legal ones
}

}   // namespace

// ---------------------------------------------------------------------- the C functions

extern "C" {

int stich_abi_version(void) { return STICH_ABI_VERSION; }

const char* stich_version(void) { return STICH_VERSION; }

const char* stich_last_error(void) { return last_error; }

const char* stich_status_name(int status) {
    switch (status) {
        case STICH_OK: return "STICH_OK";
        case STICH_E_INVALID_ARGUMENT: return "STICH_E_INVALID_ARGUMENT";
        case STICH_E_OUT_OF_RANGE: return "STICH_E_OUT_OF_RANGE";
        case STICH_E_ILLEGAL_ACTION: return "STICH_E_ILLEGAL_ACTION";
        case STICH_E_UNKNOWN_NAME: return "STICH_E_UNKNOWN_NAME";
        case STICH_E_BAD_TEXT: return "STICH_E_BAD_TEXT";
        case STICH_E_BUFFER_TOO_SMALL: return "STICH_E_BUFFER_TOO_SMALL";
        case STICH_E_CANCELLED: return "STICH_E_CANCELLED";
        case STICH_E_OUT_OF_MEMORY: return "STICH_E_OUT_OF_MEMORY";
        case STICH_E_INTERNAL: return "STICH_E_INTERNAL";
        default: return "unknown status";
    }
}

// ------------------------------------------------------------------ games

int stich_game_count(void) {
    int n = 0;
    for_each_game([&]<class>() { ++n; });
    return n;
}

int stich_game_name(int index, char* buf, int cap) {
    return STICH_GUARDED({
        std::string name;
        int i = 0;
        for_each_game([&]<class Def>() {
            if (i++ == index) name = Def::NAME;
        });
        if (name.empty())
            throw std::out_of_range("index must be a game 0.." + std::to_string(stich_game_count() - 1) + ", got " + std::to_string(index));
        return put_text(name, buf, cap);
    });
}

int stich_game_new(const char* name, const char* options, stich_game** out) {
    return STICH_GUARDED({
        out_handle(out);
        not_null(name, "name");
        not_null(options, "options");
        std::unique_ptr<stich_game> g;
        visit_game_options(name, options, [&]<class Rules>(const Rules& r) {
            for_each_game([&]<class Def>() {
                if constexpr (std::is_same_v<Rules, typename Def::Rules>) g = new_game<Def>(r);
            });
        });
        *out = g.release();
        return STICH_OK;
    });
}

void stich_game_free(stich_game* g) { free_handle(g, __func__); }

int stich_game_text(const stich_game* g, char* buf, int cap) {
    return STICH_GUARDED({
        return put_text(visit_game(live(g, "g").rules, []<class Def>(const typename Def::Rules& r) { return notation_game_line<Def>(r); }),
                        buf, cap);
    });
}

int stich_game_num_players(const stich_game* g) {
    return STICH_GUARDED(
        { return visit_game(live(g, "g").rules, []<class Def>(const typename Def::Rules& r) { return Def::num_players(r); }); });
}

// ------------------------------------------------------------------ deals and states

int stich_deal(const stich_game* g, uint64_t seed, int dealer, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        *out = visit_game(live(g, "g").rules, [&]<class Def>(const typename Def::Rules& r) {
                   return new_state<Def>(deal<Def>(r, seed, dealer), seed);
               }).release();
        return STICH_OK;
    });
}

int stich_deal_into(const stich_game* g, uint64_t seed, int dealer, stich_state* s) {
    return STICH_GUARDED({
        stich_state& h = live(s, "s");
        visit_game(live(g, "g").rules, [&]<class Def>(const typename Def::Rules& r) {
            // Dealt first, then put in: an error leaves the handle as it was.
            StateOf<Def> dealt{deal<Def>(r, seed, dealer)};
            h.game.template emplace<StateOf<Def>>(std::move(dealt));
        });
        h.listed = false;
        h.seed = seed;
        return STICH_OK;
    });
}

int stich_deal_hands(const stich_game* g, uint64_t seed, int dealer, const char* const* hands, int n_hands, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        *out = visit_game(live(g, "g").rules, [&]<class Def>(const typename Def::Rules& r) {
                   const int players = Def::num_players(r);
                   if (n_hands < 0 || n_hands > players)
                       throw std::out_of_range("n_hands must be 0.." + std::to_string(players) + " (one hand a seat at most), got " +
                                               std::to_string(n_hands));
                   if (n_hands > 0) not_null(hands, "hands");
                   FixedHands fixed{};
                   for (int seat = 0; seat < n_hands; ++seat)
                       if (hands[seat]) fixed[size_t(seat)] = cards_of_seat(hands[seat], Def::deck_of(r), seat);
                   return new_state<Def>(deal<Def>(r, seed, dealer, fixed, default_deal_extras<Def>()), seed);
               }).release();
        return STICH_OK;
    });
}

void stich_state_free(stich_state* s) { free_handle(s, __func__); }

int stich_state_clone(const stich_state* s, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        auto copy = std::make_unique<stich_state>(live(s, "s"));
        *out = copy.release();
        return STICH_OK;
    });
}

int stich_state_game(const stich_state* s, stich_game** out) {
    return STICH_GUARDED({
        out_handle(out);
        *out = on_state(s, "s", []<class Def>(const typename Def::State& st) { return new_game<Def>(st.rules); }).release();
        return STICH_OK;
    });
}

int stich_state_text(const stich_state* s, char* buf, int cap) {
    return STICH_GUARDED(
        { return put_text(on_state(s, "s", []<class Def>(const typename Def::State& st) { return st.to_string(); }), buf, cap); });
}

int stich_is_terminal(const stich_state* s) {
    return STICH_GUARDED({ return on_state(s, "s", []<class Def>(const typename Def::State& st) { return st.is_terminal() ? 1 : 0; }); });
}

int stich_current_player(const stich_state* s) {
    return STICH_GUARDED(
        { return on_state(s, "s", []<class Def>(const typename Def::State& st) { return st.is_terminal() ? -1 : st.current_player(); }); });
}

int stich_num_players(const stich_state* s) {
    return STICH_GUARDED({ return on_state(s, "s", []<class Def>(const typename Def::State& st) { return st.num_players(); }); });
}

int stich_phase(const stich_state* s, char* buf, int cap) {
    return STICH_GUARDED({
        return put_text(on_state(s, "s", []<class Def>(const typename Def::State& st) { return std::string(st.phase_name()); }), buf, cap);
    });
}

int stich_legal_actions(const stich_state* s, int32_t* ids, int cap) {
    return STICH_GUARDED({
        const stich_state& h = live(s, "s");
        return visit_game(h.game, [&]<class Def>(const typename Def::State& st) {
            const ActionList& legal = legal_of(h, st);
            return put_array(legal.n, ids, cap, [&](int i) { return int32_t(legal.a[size_t(i)]); });
        });
    });
}

int stich_action_text(const stich_state* s, int32_t id, char* buf, int cap) {
    return STICH_GUARDED({
        if (id < 0 || id >= int32_t(HIDDEN_ACTION))
            throw std::out_of_range("id must be an action id 0.." + std::to_string(HIDDEN_ACTION - 1) + ", got " + std::to_string(id));
        return put_text(on_state(s, "s", [&]<class Def>(const typename Def::State& st) { return st.action_text(Action(id)); }), buf, cap);
    });
}

int stich_apply(stich_state* s, int32_t id) {
    return STICH_GUARDED({
        stich_state& h = live(s, "s");
        visit_game(h.game, [&]<class Def>(typename Def::State& st) { apply_listed(h, st, id); });
        return STICH_OK;
    });
}

int stich_step(stich_state* s, int index, int32_t* ids, int cap) {
    return STICH_GUARDED({
        stich_state& h = live(s, "s");
        check_array_out(ids, cap);   // before the state changes: a failed call changes nothing
        return visit_game(h.game, [&]<class Def>(typename Def::State& st) {
            const ActionList& legal = legal_of(h, st);
            if (index < 0 || index >= legal.n) [[unlikely]]
                refuse_index(index, legal.n, st);
            h.listed = false;
            st.apply(legal.a[size_t(index)]);
            legal_of(h, st);
            // The ids out as put_array writes them, in a loop the compiler can vectorise.
            const int n = legal.n, m = std::min(n, cap);
            for (int i = 0; i < m; ++i) ids[i] = int32_t(legal.a[size_t(i)]);
            return n;
        });
    });
}

int stich_apply_text(stich_state* s, const char* text) {
    return STICH_GUARDED({
        stich_state& h = live(s, "s");
        not_null(text, "text");
        return visit_game(h.game, [&]<class Def>(typename Def::State& st) {
            const Action a = find_action(st, text);
            h.listed = false;
            st.apply(a);
            return int(a);
        });
    });
}

int stich_returns(const stich_state* s, double* out, int cap) {
    return STICH_GUARDED({
        return on_state(s, "s", [&]<class Def>(const typename Def::State& st) {
            Returns r{};
            st.returns(r);
            return put_array(st.num_players(), out, cap, [&](int i) { return double(r[size_t(i)]); });
        });
    });
}

int stich_hand(const stich_state* s, int seat, char* buf, int cap) {
    return STICH_GUARDED({
        return put_text(on_state(s, "s",
                                 [&]<class Def>(const typename Def::State& st) {
                                     return cards_text(st.hand(checked_seat(seat, st.num_players())), st.deck_info().alphabet);
                                 }),
                        buf, cap);
    });
}

int stich_heuristic_action(const stich_state* s, uint64_t seed) {
    return STICH_GUARDED({
        return on_state(s, "s", [&]<class Def>(const typename Def::State& st) {
            if (st.is_terminal()) throw IllegalAction("the deal is over; there is no action to choose");
            Rng rng(seed);
            return int(st.heuristic_action(rng));
        });
    });
}

// ------------------------------------------------------------------ positions

int stich_position_read(const char* text, uint64_t seed, stich_state** out, int* seat) {
    return STICH_GUARDED({
        out_handle(out);
        not_null(text, "text");
        int read_seat = 0;
        auto h = visit_position_text(text, seed, [&]<class Def>(const ParsedPosition<Def>& p) {
            read_seat = p.seat;
            return new_state<Def>(p.state);
        });
        if (seat) *seat = read_seat;
        *out = h.release();
        return STICH_OK;
    });
}

int stich_position_text(const stich_state* s, int seat, char* buf, int cap) {
    return STICH_GUARDED({
        return put_text(on_state(s, "s",
                                 [&]<class Def>(const typename Def::State& st) {
                                     return position_text<Def>(st, seat);   // checks the seat
                                 }),
                        buf, cap);
    });
}

int stich_full_deal_read(const char* text, stich_state** out, int* seat) {
    return STICH_GUARDED({
        out_handle(out);
        not_null(text, "text");
        int read_seat = 0;
        auto h = visit_full_deal_text(text, [&]<class State>(int position_seat, const State& st) {
            read_seat = position_seat;
            std::unique_ptr<stich_state> made;
            for_each_game([&]<class Def>() {
                if constexpr (std::is_same_v<State, typename Def::State>) made = new_state<Def>(st);
            });
            return made;
        });
        if (seat) *seat = read_seat;
        *out = h.release();
        return STICH_OK;
    });
}

// ------------------------------------------------------------------ views

int stich_view_new(const stich_state* s, int seat, stich_view** out) {
    return STICH_GUARDED({
        out_handle(out);
        auto v = std::make_unique<stich_view>();
        on_state(s, "s", [&]<class Def>(const typename Def::State& st) {
            v->text = position_text<Def>(st, seat);   // checks the seat
            v->seat = seat;
            // Only what the text holds: the state it reads to, whose hidden cards are any world.
            const typename Def::State base = read_position_text<Def>(v->text, 0).state;
            v->base.template emplace<StateOf<Def>>(StateOf<Def>{base});
            auto worlds = std::make_shared<const decltype(worlds_of(base, seat))>(worlds_of(base, seat));
            v->world_count = worlds->facts_count();
            v->sample_world = [worlds](Rng& rng) { return worlds->sample(rng); };
        });
        *out = v.release();
        return STICH_OK;
    });
}

void stich_view_free(stich_view* v) { free_handle(v, __func__); }

int stich_view_seat(const stich_view* v) {
    return STICH_GUARDED({ return live(v, "v").seat; });
}

int stich_view_text(const stich_view* v, char* buf, int cap) {
    return STICH_GUARDED({ return put_text(live(v, "v").text, buf, cap); });
}

int stich_view_world_count(const stich_view* v, char* buf, int cap) {
    return STICH_GUARDED({ return put_text(u128_text(live(v, "v").world_count), buf, cap); });
}

int stich_view_sample(const stich_view* v, uint64_t seed, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        const stich_view& view = live(v, "v");
        // As state.resample(seat, seed) draws the hidden cards (the notation's rebuild draws the same).
        *out = visit_game(view.base, [&]<class Def>(const typename Def::State& base) {
                   Rng rng(seed);
                   typename Def::State world = base;
                   install_world(world, view.sample_world(rng), view.seat, rng);
                   return new_state<Def>(world);
               }).release();
        return STICH_OK;
    });
}

// ------------------------------------------------------------------ solve, search, analyse

int stich_solve(const stich_state* s, const stich_control* ctl, stich_result** out) {
    return STICH_GUARDED({
        out_handle(out);
        *out = on_state(s, "s", [&]<class Def>(const typename Def::State& st) { return solve_of<Def>(st, ctl); }).release();
        return STICH_OK;
    });
}

int stich_ismcts(const stich_state* s, uint64_t iterations, double seconds, int threads, uint64_t seed, const stich_control* ctl,
                 stich_result** out) {
    return STICH_GUARDED({
        out_handle(out);
        *out = on_state(s, "s", [&]<class Def>(const typename Def::State& st) {
                   return ismcts_of<Def>(st, iterations, seconds, threads, seed, ctl);
               }).release();
        return STICH_OK;
    });
}

#if STICH_C_ANALYSE
int stich_analyse(const stich_state* s, const char* method, double seconds, uint64_t iterations, uint64_t seed, int threads,
                  const stich_control* ctl, stich_result** out) {
    return STICH_GUARDED({
        out_handle(out);
        const AnalyseConfig cfg = analyse_config(method, seconds, iterations, seed, threads);
        *out = on_state(s, "s", [&]<class Def>(const typename Def::State& st) { return analyse_of<Def>(st, cfg, ctl); }).release();
        return STICH_OK;
    });
}
#else
int stich_analyse(const stich_state* s, const char* method, double, uint64_t, uint64_t, int, const stich_control*, stich_result** out) {
    return STICH_GUARDED({
        out_handle(out);
        live(s, "s");
        not_null(method, "method");
        throw std::logic_error("stich_analyse is not in this build: it waits for the analysis in C++ (stich/analyse.hpp)");
    });
}
#endif

int stich_solve_batch(const stich_state* const* states, int n, int threads, const stich_control* ctl, stich_result** results,
                      int* statuses) {
    return STICH_GUARDED({
        return batch("stich_solve_batch", states, n, threads, ctl, results, statuses,
                     [](const stich_state* s, int i, const std::atomic<bool>* stop) {
                         const std::string what = "states[" + std::to_string(i) + "]";
                         return on_state(s, what.c_str(), [&]<class Def>(const typename Def::State& st) -> std::unique_ptr<stich_result> {
                             if constexpr (!Solvable<typename Def::State>) {
                                 throw std::invalid_argument(std::string("solve needs a solver, which ") + Def::NAME + " does not have");
                             } else {
                                 check_solvable(st);
                                 return solve_result<Def>(st, stop);
                             }
                         });
                     });
    });
}

#if STICH_C_ANALYSE
int stich_analyse_batch(const stich_state* const* states, int n, const char* method, double seconds, uint64_t iterations, uint64_t seed,
                        int threads, const stich_control* ctl, stich_result** results, int* statuses) {
    return STICH_GUARDED({
        const AnalyseConfig cfg = analyse_config(method, seconds, iterations, seed, 1);   // one thread a position
        return batch("stich_analyse_batch", states, n, threads, ctl, results, statuses,
                     [&](const stich_state* s, int i, const std::atomic<bool>* stop) {
                         const std::string what = "states[" + std::to_string(i) + "]";
                         return on_state(s, what.c_str(), [&]<class Def>(const typename Def::State& st) {
                             AnalyseConfig one = cfg;
                             one.stop = stop;
                             return analysis_result<Def>(st, one, *stop);
                         });
                     });
    });
}
#else
int stich_analyse_batch(const stich_state* const*, int, const char* method, double, uint64_t, uint64_t, int, const stich_control*,
                        stich_result**, int*) {
    return STICH_GUARDED({
        not_null(method, "method");
        throw std::logic_error("stich_analyse_batch is not in this build: it waits for the analysis in C++ (stich/analyse.hpp)");
    });
}
#endif

// ------------------------------------------------------------------ results

void stich_result_free(stich_result* r) { free_handle(r, __func__); }

int stich_result_count(const stich_result* r) {
    return STICH_GUARDED({ return int(live(r, "r").actions.size()); });
}

int stich_result_best(const stich_result* r) {
    return STICH_GUARDED({ return int(live(r, "r").best); });
}

int stich_result_actions(const stich_result* r, int32_t* ids, int cap) {
    return STICH_GUARDED({
        const stich_result& res = live(r, "r");
        return put_array(int(res.actions.size()), ids, cap, [&](int i) { return res.actions[size_t(i)]; });
    });
}

int stich_result_column(const stich_result* r, int column, double* out, int cap) {
    return STICH_GUARDED({
        const stich_result& res = live(r, "r");
        if (column < 0 || column >= int(res.columns.size()))
            throw std::out_of_range("column must be a STICH_COLUMN_* 0.." + std::to_string(res.columns.size() - 1) + ", got " +
                                    std::to_string(column));
        const std::vector<double>& values = res.columns[size_t(column)];
        return put_array(int(values.size()), out, cap, [&](int i) { return values[size_t(i)]; });
    });
}

int stich_result_method(const stich_result* r, char* buf, int cap) {
    return STICH_GUARDED({ return put_text(live(r, "r").method, buf, cap); });
}

int stich_result_partial(const stich_result* r) {
    return STICH_GUARDED({ return live(r, "r").partial ? 1 : 0; });
}

int stich_result_tied(const stich_result* r) {
    return STICH_GUARDED({ return live(r, "r").tied ? 1 : 0; });
}

// ------------------------------------------------------------------ game records

void stich_records_free(stich_records* r) { free_handle(r, __func__); }

#if STICH_C_RECORDS
int stich_records_read(const char* text, stich_records** out) {
    return STICH_GUARDED({
        out_handle(out);
        not_null(text, "text");
        auto r = std::make_unique<stich_records>();
        try {
            r->records = read_records(text);
        } catch (const RecordError& e) {   // the text cannot be read as records
            throw BadText(e.what());
        }
        *out = r.release();
        return STICH_OK;
    });
}

int stich_records_count(const stich_records* r) {
    return STICH_GUARDED({ return int(live(r, "r").records.size()); });
}

int stich_record_length(const stich_records* r, int index) {
    return STICH_GUARDED({ return int(record_at(live(r, "r"), index).actions.size()); });
}

int stich_record_state(const stich_records* r, int index, int at, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        const GameRecord& record = record_at(live(r, "r"), index);
        if (at < -1 || (at >= 0 && size_t(at) > record.actions.size()))
            throw std::out_of_range("at must be an action 0.." + std::to_string(record.actions.size()) + " or -1 (after the last), got " +
                                    std::to_string(at));
        const int64_t before = at < 0 ? int64_t(record.actions.size()) : at;
        *out = visit_game_named(record.game, [&]<class Def>() {
                   return new_state<Def>(record_state<Def>(record, before), record.seed);
               }).release();
        return STICH_OK;
    });
}

int stich_record_text(const stich_state* s, char* buf, int cap) {
    return STICH_GUARDED({
        const stich_state& h = live(s, "s");
        const GameRecord record = visit_game(h.game, [&]<class Def>(const typename Def::State& st) {
            // The deal as dealt, then the state's history replayed for each action's text then.
            const InitialDeal dealt = Def::initial_deal(st);
            typename Def::State at = serial::deal_exactly<Def>(st.rules, h.seed.value_or(0), int(st.dealer), dealt.cards, dealt.extras);
            GameRecord r = dealt_record<Def>(at, h.seed);
            for (int i = 0; i < int(st.history.size); ++i) {
                const Action a = st.history.actions[size_t(i)];
                r.actions.emplace_back(int(st.history.actors[size_t(i)]), at.action_text(a));
                at.apply(a);
            }
            return r;
        });
        return put_text(write_records({record}, RecordFormat::Text), buf, cap);
    });
}
#else
int stich_records_read(const char* text, stich_records** out) {
    return STICH_GUARDED({
        out_handle(out);
        not_null(text, "text");
        throw std::logic_error("stich_records_read is not in this build: it waits for the records in C++ (stich/records.hpp)");
    });
}

int stich_records_count(const stich_records* r) {
    return STICH_GUARDED({ return live(r, "r"), 0; });
}

int stich_record_length(const stich_records* r, int) {
    return STICH_GUARDED({ return live(r, "r"), throw std::out_of_range("no records in this build"), 0; });
}

int stich_record_state(const stich_records* r, int, int, stich_state** out) {
    return STICH_GUARDED({
        out_handle(out);
        live(r, "r");
        throw std::out_of_range("no records in this build");
    });
}

int stich_record_text(const stich_state* s, char*, int) {
    return STICH_GUARDED({
        live(s, "s");
        throw std::logic_error("stich_record_text is not in this build: it waits for the records in C++ (stich/records.hpp)");
    });
}
#endif

}   // extern "C"

// ------------------------------------------------------------------ the table (a board's drawing)
// Kept apart at the end: what a board draws (the served board reads the same through Python).

namespace {

// A JSON string literal (the texts here are card texts and place names, but quote whatever comes).
std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            out += "\\u00";
            out += "0123456789abcdef"[(c >> 4) & 0xF];
            out += "0123456789abcdef"[c & 0xF];
        } else out += c;
    }
    return out + "\"";
}

// Cards in display order as [{"card": text, "suit": suit index}, ...].
std::string json_cards(CardSet cards, Alphabet alphabet) {
    std::string out = "[";
    for_each_card_display(cards, [&](Card c) {
        if (out.size() > 1) out += ",";
        out += "{\"card\":" + json_string(card_text(c, alphabet)) + ",\"suit\":" + std::to_string(suit_of(c)) + "}";
    });
    return out + "]";
}

template <class Def>
std::string table_json(const typename Def::State& st) {
    const Alphabet al = st.deck_info().alphabet;
    const int players = st.num_players();
    std::string out = "{\"dealer\":" + std::to_string(int(st.dealer)) + ",\"tally\":";
    if constexpr (requires { st.tally(0); }) {
        out += "[";
        for (int seat = 0; seat < players; ++seat) out += (seat ? "," : "") + std::to_string(st.tally(seat));
        out += "]";
    } else {
        out += "null";
    }
    out += ",\"hands\":[";
    for (int seat = 0; seat < players; ++seat) out += (seat ? "," : "") + json_cards(st.hand(seat), al);
    // The trick's cards are the history's last actions (as trick_plays in Python).
    out += "],\"trick\":[";
    const int first = int(st.history.size) - int(st.trick.size);
    for (int i = 0; i < int(st.trick.size); ++i) {
        const Card c = st.trick.cards[size_t(i)];
        out += std::string(i ? "," : "") + "{\"seat\":" + std::to_string(int(st.history.actors[size_t(first + i)])) +
               ",\"card\":" + json_string(card_text(c, al)) + ",\"suit\":" + std::to_string(suit_of(c)) + "}";
    }
    out += "],\"trick_taker\":";
    out += st.trick.size == 0 && st.trick.done != 0 ? std::to_string(int(st.trick.winner)) : "null";
    out += ",\"places\":[";
    const Locations where = st.locations();
    const auto& names = Def::extra_locations();
    for (size_t k = 0; k < names.size() && size_t(players) + k < where.size(); ++k)
        out += std::string(k ? "," : "") + "{\"name\":" + json_string(names[k]) +
               ",\"cards\":" + json_cards(where[size_t(players) + k], al) + "}";
    return out + "]}";
}

// stich_review_open's JSON: the core's open-hand verdicts (review_open) of the deal played from
// `st` along `ids`, each with its action texts.
template <class Def>
std::string review_open_json(const typename Def::State& st, const std::vector<Action>& ids, const stich_control* ctl) {
    if constexpr (!Solvable<typename Def::State>) {
        throw std::invalid_argument(std::string("the open-hand review needs a solver, which ") + Def::NAME + " does not have");
    } else {
        std::atomic<bool> stop{false};
        const std::vector<OpenVerdict> verdicts = controlled(ctl, stop, [&] { return review_open(st, ids, &stop); }, no_progress);
        typename Def::State at = st;
        size_t k = 0;
        std::string out = "[";
        for (const OpenVerdict& v : verdicts) {
            for (; k < v.index; ++k) at.apply(ids[k]);
            out += std::string(out.size() > 1 ? "," : "") + "{\"index\":" + std::to_string(v.index) +
                   ",\"seat\":" + std::to_string(v.seat) + ",\"played\":" + json_string(at.action_text(v.played)) +
                   ",\"best\":" + json_string(at.action_text(v.best)) + ",\"value_played\":" + std::to_string(v.value_played) +
                   ",\"value_best\":" + std::to_string(v.value_best) + ",\"loss\":" + std::to_string(v.value_best - v.value_played) + "}";
        }
        return out + "]";
    }
}

// A number as JSON that reads back as the same double (none: null).
std::string json_number(std::optional<double> x) {
    if (!x) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", *x);
    return buf;
}

// stich_review_view's JSON: the core's seat's-view verdicts (review_view) of the deal played from
// `st` along `ids`, each with its action texts.
template <class Def>
std::string review_view_json(const typename Def::State& st, const std::vector<Action>& ids, ViewReviewConfig cfg,
                             const stich_control* ctl) {
    std::atomic<bool> stop{false};
    std::atomic<size_t> reached{cfg.first};
    cfg.stop = &stop;
    cfg.reached = &reached;
    const std::vector<ViewVerdict> verdicts = controlled(
        ctl, stop, [&] { return review_view<Def>(st, ids, cfg); },
        [&] { return std::pair<uint64_t, uint64_t>(reached.load(), ids.size()); });
    typename Def::State at = st;
    size_t k = 0;
    std::string out = "[";
    for (const ViewVerdict& v : verdicts) {
        for (; k < v.index; ++k) at.apply(ids[k]);
        out += std::string(out.size() > 1 ? "," : "") + "{\"index\":" + std::to_string(v.index) + ",\"seat\":" + std::to_string(v.seat) +
               ",\"method\":\"" + analyse_method_name(v.method) + "\",\"played\":" + json_string(at.action_text(v.played)) +
               ",\"best\":" + json_string(at.action_text(v.best)) + ",\"value_played\":" + json_number(v.value_played) +
               ",\"value_best\":" + json_number(v.value_best) + ",\"loss\":" + json_number(v.loss) +
               ",\"loss_low\":" + json_number(v.loss_low) + ",\"loss_high\":" + json_number(v.loss_high) +
               ",\"mistake\":" + (v.mistake ? "true" : "false") + "}";
    }
    return out + "]";
}

// A schema value as JSON: None null, a bool, an int, a text, names and cards as arrays of texts.
std::string json_value(const Value& v, Alphabet alphabet) {
    auto array = [](const auto& items, auto&& each) {
        std::string out = "[";
        for (const auto& item : items) out += (out.size() > 1 ? "," : "") + each(item);
        return out + "]";
    };
    switch (v.kind) {
        case Value::Kind::None: return "null";
        case Value::Kind::Bool: return v.i ? "true" : "false";
        case Value::Kind::Int: return std::to_string(v.i);
        case Value::Kind::Text: return json_string(v.text);
        case Value::Kind::Texts: return array(v.texts, [](const std::string& t) { return json_string(t); });
        case Value::Kind::OneCard: return json_string(card_text(Card(v.i), alphabet));
        case Value::Kind::Cards: {
            std::vector<std::string> texts;
            for_each_card_display(v.cards, [&](Card c) { texts.push_back(card_text(c, alphabet)); });
            return array(texts, [](const std::string& t) { return json_string(t); });
        }
        case Value::Kind::CardList: return array(v.ints, [&](int64_t c) { return json_string(card_text(Card(c), alphabet)); });
        case Value::Kind::Ints: return array(v.ints, [](int64_t x) { return std::to_string(x); });
        case Value::Kind::List:
        case Value::Kind::Tuple: return array(v.items, [&](const Value& x) { return json_value(x, alphabet); });
    }
    return "null";
}

template <class Def>
std::string schema_json(const typename Def::Rules& rules) {
    static constexpr const char* KINDS[] = {"bool", "int", "choice", "subset", "card", "cards", "text", "int_rows", "deck"};
    const typename Def::Rules defaults{};
    const Deck& deck = Def::deck_of(rules);
    const Alphabet al = deck.alphabet;
    const int players = Def::num_players(rules);
    std::string out = "{\"name\":" + json_string(Def::NAME) + ",\"num_players\":" + std::to_string(players) + ",\"options\":[";
    bool first = true;
    for (const auto& o : Def::options()) {
        const Accepts& a = o.accepts;
        out += std::string(first ? "" : ",") + "{\"name\":" + json_string(o.name) + ",\"doc\":" + json_string(o.doc) + ",\"kind\":\"" +
               KINDS[size_t(a.kind)] + "\",\"accepts\":" + json_string(describe(a)) + ",\"none_ok\":" + (a.none_ok ? "true" : "false") +
               ",\"choices\":" + json_value(Value::list(a.choices), al) +
               ",\"low\":" + (a.kind == Accepts::Kind::Int ? std::to_string(a.low) : "null") +
               ",\"high\":" + (a.kind == Accepts::Kind::Int ? std::to_string(a.high) : "null") +
               ",\"default\":" + json_value(o.get(defaults), al) + ",\"value\":" + json_value(o.get(rules), al) + "}";
        first = false;
    }
    // The places of a deal and their sizes (the seats, then the game's deal_locations()), as dealt.
    const InitialDeal dealt = Def::initial_deal(deal<Def>(rules, 0, 0));
    out += "],\"deck\":" + json_cards(deck.cards, al) + ",\"places\":[";
    const size_t places = size_t(players) + Def::deal_locations().size();
    for (size_t k = 0; k < places; ++k) {
        const std::string name = k < size_t(players) ? "seat" + std::to_string(k) : Def::deal_locations()[k - size_t(players)];
        out += std::string(k ? "," : "") + "{\"name\":" + json_string(name) + ",\"size\":" + std::to_string(dealt.cards[k].size()) + "}";
    }
    return out + "]}";
}

// The ids of n actions given to a review (each in range: their legality is the review's to check).
std::vector<Action> action_ids(const int32_t* actions, int n) {
    if (n < 0) throw std::invalid_argument("n must be >= 0, got " + std::to_string(n));
    if (n > 0) not_null(actions, "actions");
    std::vector<Action> ids;
    for (int i = 0; i < n; ++i) {
        if (actions[i] < 0 || actions[i] > std::numeric_limits<Action>::max())
            throw std::invalid_argument("actions[" + std::to_string(i) + "] is not an action id, got " + std::to_string(actions[i]));
        ids.push_back(Action(actions[i]));
    }
    return ids;
}

}   // namespace

extern "C" {

int stich_game_schema(const stich_game* g, char* buf, int cap) {
    return STICH_GUARDED({
        return put_text(visit_game(live(g, "g").rules, []<class Def>(const typename Def::Rules& r) { return schema_json<Def>(r); }), buf,
                        cap);
    });
}

int stich_state_table(const stich_state* s, char* buf, int cap) {
    return STICH_GUARDED(
        { return put_text(on_state(s, "s", []<class Def>(const typename Def::State& st) { return table_json<Def>(st); }), buf, cap); });
}

int stich_review_open(const stich_state* s, const int32_t* actions, int n, const stich_control* ctl, char* buf, int cap) {
    return STICH_GUARDED({
        const std::vector<Action> ids = action_ids(actions, n);
        return put_text(on_state(s, "s", [&]<class Def>(const typename Def::State& st) { return review_open_json<Def>(st, ids, ctl); }),
                        buf, cap);
    });
}

int stich_review_view(const stich_state* s, const int32_t* actions, int n, int first, int last, uint64_t worlds, uint64_t iterations,
                      uint64_t seed, uint64_t record, const stich_control* ctl, char* buf, int cap) {
    return STICH_GUARDED({
        const std::vector<Action> ids = action_ids(actions, n);
        if (first < 0 || first > last || last > n)
            throw std::invalid_argument("first and last must be in 0 <= first <= last <= n (" + std::to_string(n) + "), got " +
                                        std::to_string(first) + " and " + std::to_string(last));
        ViewReviewConfig cfg;
        cfg.worlds = int64_t(std::min<uint64_t>(worlds, INT64_MAX));
        cfg.iterations = int64_t(std::min<uint64_t>(iterations, INT64_MAX));
        cfg.seed = seed;
        cfg.record = record;
        cfg.first = size_t(first);
        cfg.last = size_t(last);
        return put_text(
            on_state(s, "s", [&]<class Def>(const typename Def::State& st) { return review_view_json<Def>(st, ids, cfg, ctl); }), buf, cap);
    });
}

}   // extern "C"
