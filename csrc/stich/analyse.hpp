// The analysis of a decision (docs/analysis.md): stich.analyse's method choice, the exact
// analysis's cost estimate, the budget split, and the tables of the search and of PIMC with their
// intervals, ties and verdicts. The Python API (stich.analyse, stich.ismcts's and stich.pimc's
// tables) and the C ABI read them from here: one implementation.
//
// Method "auto": in the card play, the exact analysis (every deal of the hands that still play
// consistent with what the seat knows, solved open-handed) where it finishes within the budget,
// else an estimate of it by PIMC (the deals in a random order, or worlds drawn with repeats beyond
// TIMED_LIST_LIMIT deals), with intervals; before the card play, which the solver does not cover,
// the search (ISMCTS, ANALYSE_SEARCH_RUNS independent runs whose spread gives the intervals). The
// exact analysis's cost is estimated first (the deals to solve times the measured cost of
// EXACT_COST_SAMPLE sampled solves) to say why the method was chosen.
//
// Every result shares one table (AnalysisRow, best first): each action's mean, an interval for it
// and for its difference to the best, and whether the runner-up can be told from the best
// (is_tie: the interval of the difference contains 0 and the difference is below the game's
// TIE_THRESHOLD).
//
// The games' analyses are compiled once, in analyse.cpp (like search.cpp's searches).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stich/registry.hpp"
#include "stich/search.hpp"
#include "stich/solve.hpp"

namespace stich {

enum class AnalyseMethod : uint8_t { Auto, Exact, Pimc, Ismcts };

// "auto", "exact", "pimc", "ismcts".
const char* analyse_method_name(AnalyseMethod m);
// The method of a name; std::invalid_argument naming the accepted ones.
AnalyseMethod analyse_method_named(std::string_view name);

// Solves timed to estimate the exact analysis's cost (fewer when the deals are fewer).
constexpr uint64_t EXACT_COST_SAMPLE = 8;
// Independent search runs of an analysis by ISMCTS: their spread gives the intervals (three
// degrees of freedom); each still has a quarter of the budget.
constexpr int ANALYSE_SEARCH_RUNS = 4;
// The half-width of PIMC's intervals in standard errors: a 98% interval for the exact value (the
// mean over every consistent world), which covers another run's mean at the same budget about 90%
// of the time (their difference has twice the variance); docs/search.md measures both.
constexpr double PIMC_Z = 2.326;

// What the exact analysis of a position would cost: the deals to solve (those of the hands that
// still play), the seconds estimated on `threads` threads from `sampled` solves that took
// `sample_seconds`.
struct ExactCost {
    u128 deals = 0;
    double seconds = 0;
    int threads = 1;
    uint64_t sampled = 0;
    double sample_seconds = 0;
};

// "4,204,200 deals to solve, about 12 min on 1 thread (from 8 sampled solves in 1.3 ms)".
std::string exact_cost_text(const ExactCost& c);

// One action of an analysis's table.
struct AnalysisRow {
    Action action = 0;
    // The search: the move's visits (0: no mean). PIMC: the worlds solved (every world values every move).
    uint64_t visits = 0;
    // The mean return of the seat to act (the game's unit); NaN without a visit.
    double mean = 0;
    // The search: where another run's mean falls 95% of the time (from the spread of its
    // independent runs; none unless two runs tried the move). PIMC: PIMC_Z standard errors around
    // the mean (equal to it when exact; none below two worlds).
    std::optional<double> low, high;
    // The mean's difference to the best action's (0 for the best) and the same kind of interval
    // for it (paired: the runs, or the worlds, that valued both).
    double diff = 0;
    std::optional<double> diff_low, diff_high;
    // The search only: the mean of what the seat's side had taken by the end of the deal (the
    // game's tally), the share of the move's iterations with a positive return, and where the game
    // has it the share decided with Schneider.
    std::optional<double> taken, win, schneider;
    // PIMC only: the lowest and highest value of a single world.
    int worst = 0, best = 0;
};

// Student's t two-sided 95% quantile with df >= 1 degrees of freedom (a table: the next smaller
// entry above 16, slightly wide, never narrow; 1.96 above 120). std::invalid_argument below 1.
double t95(int64_t df);

// Whether a move whose mean is `diff` from the best's, with the interval [low, high] on that
// difference (none: unknown), cannot be told from the best: the interval contains 0 (or is
// unknown) and the difference is below `threshold` (the game's unit); an exact difference (low ==
// high) is a tie only at zero.
bool is_tie(double diff, std::optional<double> low, std::optional<double> high, double threshold);

// Whether the runner-up of a table (best first) is a tie with the best (false below two rows).
bool table_tied(const std::vector<AnalysisRow>& table, double threshold);

// The search's table, most visited first (ties by action id): pooled means over the runs, and
// intervals from their spread (a run's mean of a move it tried; the difference to the most
// visited move in the runs that tried both). `merged`: the actions' statistics summed over the
// runs; `runs`: each run's (none: no intervals); `schneider`: the game counts Schneider.
std::vector<AnalysisRow> search_rows(const std::vector<ActionStats>& merged, const std::vector<std::vector<ActionStats>>& runs,
                                     bool schneider);

// PIMC's table: the best action first, then by mean (highest first) and action id; intervals of
// PIMC_Z standard errors.
std::vector<AnalysisRow> pimc_rows(const PimcResult& r);

// One line on the best move (`best`) against the runner-up (`second`, whose row gives the
// difference and its interval), when there are `moves` moves: a tie, a clear best with its margin,
// or a best whose lead the interval does not yet confirm. `unit`: the game's unit of the values.
std::string verdict_text(size_t moves, std::string_view best, std::string_view second, double diff, std::optional<double> diff_low,
                         std::optional<double> diff_high, bool tied, double threshold, std::string_view unit, bool exact);

// Why the top two moves of a tied table are a tie, in words (the runner-up's difference and its
// interval's low end, none: too few runs tried both).
std::string tie_reason_text(double diff, std::optional<double> diff_low, double threshold, std::string_view unit);

// A running analysis's progress, for a display (AnalyseConfig::progress): read from another
// thread while the analysis runs. Each flag is set (release) after what it announces is written.
struct AnalyseProgress {
    std::atomic<bool> cost_known{false};   // `cost` holds the exact analysis's estimated cost
    ExactCost cost;
    std::atomic<bool> solving{false};   // the exact analysis or PIMC runs since `solving_since`
    std::chrono::steady_clock::time_point solving_since;
    std::atomic<uint64_t> total{0}, solved{0};   // its deals or worlds (total 0: until the time is up) and those solved
    std::atomic<bool> searching{false};          // the search runs since `searching_since`: `search` gives its statistics
    std::chrono::steady_clock::time_point searching_since;
    SearchProgress search;
};

struct AnalyseConfig {
    AnalyseMethod method = AnalyseMethod::Auto;
    double seconds = 2.0;                // the budget, in (0, MAX_SECONDS]
    std::optional<int64_t> iterations;   // the search's budget instead, >= 1 (method Ismcts, or Auto before the card play)
    uint64_t seed = 0;
    int threads = 1;
    uint64_t worlds = 200;                     // method Pimc: the worlds to solve within the budget
    Playout playout = Playout::Heuristic;      // the search's playouts
    const std::atomic<bool>* stop = nullptr;   // set: the analysis ends early (SolveStopped, or a partial search)
    AnalyseProgress* progress = nullptr;
};

// The answer of an analysis.
struct Analysis {
    AnalyseMethod method = AnalyseMethod::Exact;   // the method that answered: Exact, Pimc or Ismcts
    std::string why;                               // why it answered, with the budget and the cost where estimated
    int observer = 0;                              // the seat to act
    std::vector<AnalysisRow> table;                // best first
    bool tied = false;                             // the runner-up cannot be told from the best (is_tie)
    double tie_threshold = 0;                      // the game's TIE_THRESHOLD
    std::string verdict;                           // verdict_text on the table
    bool exact = false;                            // every consistent world counted (no interval)
    std::optional<ExactCost> cost;                 // where the exact analysis's cost was estimated
    uint64_t iterations = 0;                       // the search's iterations (method Ismcts)
    uint64_t worlds = 0;                           // PIMC's worlds (or deals) solved
    double weight = 0;                             // PIMC: their total weight (the worlds each deal stands for; the worlds when drawn)
    u128 world_count = 0;                          // PIMC: the worlds consistent with the seat's view
    uint64_t population = 0;                       // PIMC: the deals listed to solve without repeats (0: drawn with repeats)
    uint64_t nodes = 0;
    double seconds = 0;    // the answering method's time (after the cost estimate)
    SearchResult search;   // method Ismcts: the search's statistics (its line, runs, memory)

    Action best() const { return table.at(0).action; }
};

// The exact analysis's cost for the seat to act of `root` (card play only; std::invalid_argument
// elsewhere or for a finished deal): the deals it would solve (exact_deals) times the mean time of
// up to EXACT_COST_SAMPLE solves of worlds sampled from `seed`, divided over `threads`. A set
// `stop` throws SolveStopped.
template <class Def>
ExactCost exact_cost(const typename Def::State& root, int threads = 1, uint64_t seed = 0, const std::atomic<bool>* stop = nullptr);

// The analysis of the decision of the seat to act in `root` (see the top of this file). Throws
// std::invalid_argument for a finished deal or a setting not accepted (naming it and what is
// accepted), SolveStopped when cfg.stop stops an exact analysis or PIMC.
template <class Def>
Analysis analyse(const typename Def::State& root, const AnalyseConfig& cfg);

// What analyse(root, cfg) checks before any work (the same exceptions): for a caller that runs it
// later and answers bad arguments now (the web server's analysis jobs).
template <class Def>
void check_analyse_args(const typename Def::State& root, const AnalyseConfig& cfg);

// stich.pimc's answer: PIMC (or the exact analysis, when the view has at most cfg.worlds deals of
// the hands that play) as an Analysis of method Pimc or Exact (why empty). Card play only.
template <class Def>
Analysis pimc_analysis(const typename Def::State& root, const PimcConfig& cfg);

// The seat's-view part of a review (stich.review, docs/review.md; review_open in solve.hpp is the
// open-hand part): each decision with a choice judged from what its seat knew. Where the solver
// takes the position, PIMC over `worlds` worlds of the seat's view (the exact analysis where the
// view has at most that many deals of the hands that play); before it, the search (`iterations`
// ISMCTS iterations in ANALYSE_SEARCH_RUNS independent runs). The best action is the table's best
// (PIMC) or the highest mean among the moves searched (the search); the loss is its mean less the
// played action's, with an interval from the played row's difference interval; a mistake is a
// loss above the game's TIE_THRESHOLD whose interval excludes zero. Every analysis runs on one
// thread seeded by review_seed(seed, record, index), so a review's numbers are the same whatever
// runs it. The numbers are rounded to 9 decimals (as stich.review has always given them), the loss
// before it is compared with the threshold.
struct ViewVerdict {
    size_t index = 0;   // of the decision's action among the actions reviewed
    int seat = 0;
    AnalyseMethod method = AnalyseMethod::Pimc;   // Exact, Pimc or Ismcts
    Action played = 0, best = 0;
    // None where the search never tried the played move: nothing to judge it by (no mistake).
    std::optional<double> value_played;
    double value_best = 0;
    std::optional<double> loss, loss_low, loss_high;
    bool mistake = false;
};

struct ViewReviewConfig {
    int64_t worlds = 100;        // PIMC's worlds a decision, 1..PIMC_MAX_WORLDS
    int64_t iterations = 4000;   // the search's iterations a decision, >= 1
    uint64_t seed = 0;
    uint64_t record = 0;   // the record's index among those reviewed: part of each decision's seed
    // The decisions judged: those whose action's index is in [first, last) (the rest are checked
    // and played through): a caller without threads reviews a deal a few decisions a call.
    size_t first = 0, last = SIZE_MAX;
    const std::atomic<bool>* stop = nullptr;   // set: the review ends (SolveStopped)
    std::atomic<size_t>* reached = nullptr;    // optional progress: the index of the action being judged
};

// The seed of one decision's analysis: reproducible and different for every decision; the same
// as stich.review's (seed * 1,000,003 + record * 10,007 + decision, modulo 2**63).
constexpr uint64_t review_seed(uint64_t seed, uint64_t record, uint64_t decision) {
    return (seed * 1'000'003u + record * 10'007u + decision) & ((uint64_t(1) << 63) - 1);
}

// `x` rounded to 9 decimals as Python's round(x, 9) rounds it (correctly rounded).
double round9(double x);

// The seat's-view verdicts of the decisions with a choice among `actions` (the whole deal from
// `s`, bids included; std::invalid_argument names one that is not legal, or settings not accepted,
// before any work).
template <class Def>
std::vector<ViewVerdict> review_view(const typename Def::State& s, const std::vector<Action>& actions, const ViewReviewConfig& cfg);

// ------------------------------------------------------------------------------ the definitions

namespace detail {

// A number as Python's format(x, "g") writes it.
std::string g_text(double x);

// Where the solver takes the state (the card play, or its end where a game's solver starts late:
// Hearts' last five tricks); a game without a solver: the card play (its analyses then say so).
template <class State>
bool solver_takes(const State& s) {
    if constexpr (Solvable<State>) return !s.is_terminal() && SolverTraits<State>::in_play(s);
    else return std::string_view(s.phase_name()) == PLAY_PHASE;
}

// The phase a position too early for the solver is in, and from where a late solver starts.
template <class State>
std::string too_early(const State& s) {
    std::string text = "this position is in phase " + quoted(s.phase_name());
    if constexpr (Solvable<State> && requires { SolverTraits<State>::START; })
        if (std::string_view(s.phase_name()) == PLAY_PHASE)
            text += std::string(" before the solver starts (") + SolverTraits<State>::START + ")";
    return text;
}

// The tie, the threshold and the verdict of a result whose table is made.
template <class Def>
void conclude(Analysis& a, const typename Def::State& root) {
    a.tie_threshold = Def::TIE_THRESHOLD;
    a.tied = table_tied(a.table, a.tie_threshold);
    const std::vector<AnalysisRow>& t = a.table;
    const AnalysisRow runner_up = t.size() > 1 ? t[1] : AnalysisRow{};
    a.verdict = verdict_text(t.size(), t.empty() ? "" : root.action_text(t[0].action), t.size() > 1 ? root.action_text(t[1].action) : "",
                             runner_up.diff, runner_up.diff_low, runner_up.diff_high, a.tied, a.tie_threshold, Def::UNIT, a.exact);
}

[[noreturn]] inline void no_solver(const char* game) {
    throw std::invalid_argument(std::string("the exact analysis and PIMC need a solver, which ") + game + " does not have");
}

}   // namespace detail

template <class Def>
ExactCost exact_cost(const typename Def::State& root, int threads, uint64_t seed, const std::atomic<bool>* stop) {
    if (root.is_terminal()) throw std::invalid_argument("the deal is over: there is no decision to analyse");
    if (!detail::solver_takes(root))
        throw std::invalid_argument("the exact analysis covers the card play only; " + detail::too_early(root));
    check_threads(threads);
    if constexpr (!Solvable<typename Def::State>) {
        detail::no_solver(Def::NAME);
    } else {
        ExactCost c;
        c.deals = exact_deals(root);
        c.threads = threads;
        PimcConfig sample;
        sample.worlds = uint64_t(std::max<u128>(1, std::min<u128>(EXACT_COST_SAMPLE, c.deals)));
        sample.seed = seed;
        sample.stop = stop;
        const PimcResult r = pimc(root, sample);
        const double per_deal = r.seconds / double(std::max<uint64_t>(r.worlds, 1));
        c.seconds = per_deal * double(c.deals) / double(threads);
        c.sampled = r.worlds;
        c.sample_seconds = r.seconds;
        return c;
    }
}

template <class Def>
Analysis pimc_analysis(const typename Def::State& root, const PimcConfig& cfg) {
    if constexpr (!Solvable<typename Def::State>) {
        detail::no_solver(Def::NAME);
    } else {
        const PimcResult r = pimc(root, cfg);
        Analysis a;
        a.method = r.exact ? AnalyseMethod::Exact : AnalyseMethod::Pimc;
        a.observer = r.observer;
        a.table = pimc_rows(r);
        a.exact = r.exact;
        a.worlds = r.worlds;
        a.weight = r.weight;
        a.world_count = r.world_count;
        a.population = r.population;
        a.nodes = r.nodes;
        a.seconds = r.seconds;
        detail::conclude<Def>(a, root);
        return a;
    }
}

template <class Def>
void check_analyse_args(const typename Def::State& root, const AnalyseConfig& cfg) {
    using M = AnalyseMethod;
    const std::string method = analyse_method_name(cfg.method);
    check_seconds(cfg.seconds);
    if (cfg.iterations && (cfg.method == M::Exact || cfg.method == M::Pimc))
        throw std::invalid_argument("iterations is a budget of the search (method 'ismcts'), not of " + quoted(method));
    if (cfg.iterations && *cfg.iterations < 1)
        throw std::invalid_argument("iterations must be an int >= 1, got " + std::to_string(*cfg.iterations));
    check_pimc_values(int64_t(std::min<uint64_t>(cfg.worlds, INT64_MAX)), cfg.threads, std::nullopt);
    if (root.is_terminal()) throw std::invalid_argument("the deal is over: there is no decision to analyse");
    const bool in_play = detail::solver_takes(root);
    if (cfg.method == M::Auto && in_play && cfg.iterations)
        throw std::invalid_argument(
            "iterations is a budget of the search; in the card play the auto method answers by the exact "
            "analysis or PIMC within `seconds`: pass method 'ismcts' (CLI: --method ismcts) to search");
    if ((cfg.method == M::Exact || cfg.method == M::Pimc) && !in_play)
        throw std::invalid_argument("method " + quoted(method) + " solves the card play only; " + detail::too_early(root) +
                                    " (use 'auto' or 'ismcts')");
}

template <class Def>
Analysis analyse(const typename Def::State& root, const AnalyseConfig& cfg) {
    using detail::g_text;
    using M = AnalyseMethod;
    check_analyse_args<Def>(root, cfg);
    const std::string method = analyse_method_name(cfg.method);
    const bool in_play = detail::solver_takes(root);
    std::string why = cfg.iterations ? "as asked (budget " + u128_grouped(u128(*cfg.iterations)) + " iterations)"
                                     : "as asked (budget " + g_text(cfg.seconds) + " s)";
    AnalyseProgress* const progress = cfg.progress;
    // PIMC (the exact analysis when it lists every deal), reporting its progress.
    auto solve = [&](uint64_t worlds, std::optional<double> seconds) {
        PimcConfig pc = pimc_config_from(int64_t(std::min<uint64_t>(worlds, INT64_MAX)), cfg.threads, cfg.seed, seconds);
        pc.stop = cfg.stop;
        if (progress) {
            pc.total = &progress->total;
            pc.solved = &progress->solved;
            progress->solving_since = std::chrono::steady_clock::now();
            progress->solving.store(true, std::memory_order_release);
        }
        return pimc_analysis<Def>(root, pc);
    };
    auto estimate = [&] {
        const ExactCost c = exact_cost<Def>(root, cfg.threads, cfg.seed, cfg.stop);
        if (progress) {
            progress->cost = c;
            progress->cost_known.store(true, std::memory_order_release);
        }
        return c;
    };
    auto worlds_of = [](u128 deals) { return uint64_t(std::min<u128>(deals, UINT64_MAX)); };
    if (in_play && cfg.method == M::Exact) {
        const ExactCost cost = estimate();
        if (cost.deals > u128(PIMC_MAX_WORLDS))
            throw std::invalid_argument("method 'exact' solves every deal: this position has " + u128_grouped(cost.deals) +
                                        ", more than the " + u128_grouped(u128(PIMC_MAX_WORLDS)) +
                                        " it takes (use 'auto' or 'pimc', or a later position)");
        Analysis a = solve(worlds_of(cost.deals), std::nullopt);
        a.method = M::Exact;
        a.why = "as asked: " + exact_cost_text(cost);
        a.cost = cost;
        return a;
    }
    if (in_play && cfg.method == M::Auto) {
        const ExactCost cost = estimate();
        const double left = std::max(cfg.seconds - cost.sample_seconds, cfg.seconds / 2);
        const bool listed = cost.deals <= u128(TIMED_LIST_LIMIT);
        Analysis a = solve(listed ? worlds_of(cost.deals) : PIMC_MAX_WORLDS, left);
        const std::string budget =
            "the exact analysis " + std::string(a.exact ? "fits" : "would not fit") + " the budget of " + g_text(cfg.seconds) + " s";
        if (a.exact) {
            a.method = M::Exact;
            a.why = budget + ": " + exact_cost_text(cost);
        } else {
            a.method = M::Pimc;
            a.why = budget + " (" + exact_cost_text(cost) + "): " +
                    (listed ? u128_grouped(a.worlds) + " of its " + u128_grouped(cost.deals) + " deals solved in a random order"
                            : "PIMC on " + u128_grouped(a.worlds) + " worlds drawn at random") +
                    ", the same for every move";
        }
        a.cost = cost;
        return a;
    }
    if (cfg.method == M::Auto) why = "the exact analysis covers the card play only; " + detail::too_early(root);
    if (cfg.method == M::Pimc) {
        Analysis a = solve(cfg.worlds, cfg.seconds);
        a.method = M::Pimc;
        a.why = why;
        return a;
    }
    SearchConfig sc = search_config_from(cfg.iterations, cfg.iterations ? std::nullopt : std::optional<double>(cfg.seconds), cfg.threads,
                                         std::nullopt, Def::SEARCH_C, SearchConfig{}.max_nodes, ANALYSE_SEARCH_RUNS);
    sc.seed = cfg.seed;
    sc.playout = cfg.playout;
    sc.stop = cfg.stop;
    if (progress) {
        sc.progress = &progress->search;
        progress->searching_since = std::chrono::steady_clock::now();
        progress->searching.store(true, std::memory_order_release);
    }
    Analysis a;
    a.search = ismcts(root, sc);
    a.method = M::Ismcts;
    a.why = why;
    a.observer = a.search.observer;
    a.table = search_rows(a.search.actions, a.search.runs, requires { root.schneider(); });
    a.iterations = a.search.iterations;
    a.nodes = a.search.nodes;
    a.seconds = a.search.seconds;
    detail::conclude<Def>(a, root);
    return a;
}

namespace detail {

// One decision's verdict from the seat's view (review_view): the seat to act in `at` chose `played`.
template <class Def>
ViewVerdict view_verdict(const typename Def::State& at, size_t index, Action played, const ViewReviewConfig& cfg) {
    ViewVerdict v;
    v.index = index;
    v.seat = at.current_player();
    v.played = played;
    const uint64_t seed = review_seed(cfg.seed, cfg.record, index);
    auto row_of = [&](const std::vector<AnalysisRow>& table) -> const AnalysisRow& {
        for (const AnalysisRow& r : table)
            if (r.action == played) return r;
        throw std::logic_error("the action played has no row in its analysis");
    };
    double loss = 0;
    std::optional<double> low, high;
    const AnalysisRow* best = nullptr;
    const AnalysisRow* mine = nullptr;
    bool by_solver = false;   // a game with a solver, from where it starts (stich.games.solvable)
    if constexpr (Solvable<typename Def::State>) by_solver = solver_takes(at);
    if (by_solver) {
        PimcConfig pc = pimc_config_from(cfg.worlds, 1, seed, std::nullopt);
        pc.stop = cfg.stop;
        const Analysis a = pimc_analysis<Def>(at, pc);
        v.method = a.exact ? AnalyseMethod::Exact : AnalyseMethod::Pimc;
        best = &a.table.at(0);
        mine = &row_of(a.table);
        loss = best->mean - mine->mean;
        // The interval of the loss: of the played action's difference to the best (paired worlds).
        if (mine->diff_high) low = -*mine->diff_high;
        if (mine->diff_low) high = -*mine->diff_low;
        if (a.exact) low = high = loss;
        v.best = best->action;
        v.value_best = round9(best->mean);
        v.value_played = round9(mine->mean);
    } else {
        SearchConfig sc =
            search_config_from(cfg.iterations, std::nullopt, 1, std::nullopt, Def::SEARCH_C, SearchConfig{}.max_nodes, ANALYSE_SEARCH_RUNS);
        sc.seed = seed;
        sc.playout = Playout::Heuristic;
        sc.stop = cfg.stop;
        const SearchResult r = ismcts(at, sc);
        if (cfg.stop && cfg.stop->load()) throw SolveStopped();
        // The table with the actions numbered in the search's order (ties by that order, as stich.ismcts's tables).
        std::vector<ActionStats> merged = r.actions;
        std::vector<std::vector<ActionStats>> runs = r.runs;
        for (size_t i = 0; i < merged.size(); ++i) merged[i].action = Action(i);
        std::vector<AnalysisRow> table = search_rows(merged, runs, false);
        for (AnalysisRow& row : table) row.action = r.actions[row.action].action;
        v.method = AnalyseMethod::Ismcts;
        // The best: the highest mean among the moves searched (the first of the table's order among equals).
        best = &table[0];
        auto key = [](const AnalysisRow& row) { return row.visits ? row.mean : -std::numeric_limits<double>::infinity(); };
        for (const AnalysisRow& row : table)
            if (key(row) > key(*best)) best = &row;
        mine = &row_of(table);
        v.best = best->action;
        v.value_best = round9(best->mean);
        if (!mine->visits) return v;   // the search never tried the move: nothing to judge it by
        v.value_played = round9(mine->mean);
        loss = best->mean - mine->mean;
        // The runs' spread gives each row's interval on its difference to the most visited move;
        // the loss is against the best mean, so its interval is the played row's shifted by the best's.
        if (mine->diff_low && mine->diff_high) {
            const double shift = best->mean - table[0].mean;
            low = shift - *mine->diff_high;
            high = shift - *mine->diff_low;
        }
    }
    v.loss = round9(loss);
    v.mistake = *v.loss > Def::TIE_THRESHOLD && low && *low > 0;
    if (low) v.loss_low = round9(*low);
    if (high) v.loss_high = round9(*high);
    return v;
}

}   // namespace detail

template <class Def>
std::vector<ViewVerdict> review_view(const typename Def::State& s, const std::vector<Action>& actions, const ViewReviewConfig& cfg) {
    check_pimc_values(cfg.worlds, 1, std::nullopt);
    if (cfg.iterations < 1) throw std::invalid_argument("iterations must be an int >= 1, got " + std::to_string(cfg.iterations));
    typename Def::State at = s;
    ActionList legal;
    std::vector<ViewVerdict> out;
    for (size_t k = 0; k < actions.size(); ++k) {
        check_record_action(at, actions, k, legal);
        if (legal.n >= 2 && cfg.first <= k && k < cfg.last) {
            if (cfg.reached) cfg.reached->store(k);
            out.push_back(detail::view_verdict<Def>(at, k, actions[k], cfg));
            if (cfg.stop && cfg.stop->load()) throw SolveStopped();
        }
        at.apply(actions[k]);
    }
    return out;
}

#define STICH_EXTERN_ANALYSE(Def)                                                                          \
    extern template ExactCost exact_cost<Def>(const Def::State&, int, uint64_t, const std::atomic<bool>*); \
    extern template Analysis analyse<Def>(const Def::State&, const AnalyseConfig&);                        \
    extern template Analysis pimc_analysis<Def>(const Def::State&, const PimcConfig&);                     \
    extern template std::vector<ViewVerdict> review_view<Def>(const Def::State&, const std::vector<Action>&, const ViewReviewConfig&);
STICH_GAMES(STICH_EXTERN_ANALYSE)
#undef STICH_EXTERN_ANALYSE

}   // namespace stich
