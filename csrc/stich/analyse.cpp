// The analyses' statistics and words (stich/analyse.hpp), and the registered games' analyses,
// compiled once.
#include "stich/analyse.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <numeric>

#include "stich/errors.hpp"

namespace stich {

namespace {

// printf into a string (the formats Python's format() shares with C: %.3f, %+.3f, %g, %.2g, ...).
[[gnu::format(printf, 1, 2)]] std::string printed(const char* format, ...) {
    char buf[128];
    va_list args;
    va_start(args, format);
    const int n = std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    return std::string(buf, size_t(std::clamp(n, 0, int(sizeof buf) - 1)));
}

// A duration for people: 0.3 s, 45 s, 12 min, 3.5 h, 4 days.
std::string duration_text(double seconds) {
    if (seconds < 60) return seconds < 10 ? printed("%.2g s", seconds) : printed("%.0f s", seconds);
    if (seconds < 3600) return printed("%.0f min", seconds / 60);
    if (seconds < 86400) return printed("%.1f h", seconds / 3600);
    return printed("%.0f days", seconds / 86400);
}

// The half-width of a 95% interval around the mean of `values` (one per independent run) for
// another run's mean of as many runs; none below two runs.
std::optional<double> prediction_half_width(const std::vector<double>& values) {
    const size_t k = values.size();
    if (k < 2) return std::nullopt;
    double sum = 0;
    for (double v : values) sum += v;
    const double m = sum / double(k);
    // The squares by the C library's pow, as Python's (v - m) ** 2 computed them: the tables are
    // the same to the bit as those of the Python implementation this replaced (the compiler would
    // make pow(x, 2.0) of a constant exponent x * x, which rounds differently now and then).
    static volatile double two = 2.0;
    const double square = two;
    double squares = 0;
    for (double v : values) squares += std::pow(v - m, square);
    const double s = std::sqrt(squares / double(k - 1));
    return t95(int64_t(k) - 1) * s * std::sqrt(2.0 / double(k));
}

std::optional<double> minus(double x, std::optional<double> half) { return half ? std::optional(x - *half) : std::nullopt; }
std::optional<double> plus(double x, std::optional<double> half) { return half ? std::optional(x + *half) : std::nullopt; }

}   // namespace

const char* analyse_method_name(AnalyseMethod m) {
    switch (m) {
        case AnalyseMethod::Auto: return "auto";
        case AnalyseMethod::Exact: return "exact";
        case AnalyseMethod::Pimc: return "pimc";
        case AnalyseMethod::Ismcts: return "ismcts";
    }
    return "auto";
}

AnalyseMethod analyse_method_named(std::string_view name) {
    for (AnalyseMethod m : {AnalyseMethod::Auto, AnalyseMethod::Exact, AnalyseMethod::Pimc, AnalyseMethod::Ismcts})
        if (name == analyse_method_name(m)) return m;
    throw UnknownName("unknown method " + quoted(name) + "; accepted: auto, exact, pimc, ismcts");
}

namespace detail {

std::string g_text(double x) { return printed("%g", x); }

}   // namespace detail

std::string exact_cost_text(const ExactCost& c) {
    return u128_grouped(c.deals) + " deals to solve, about " + duration_text(c.seconds) + " on " + std::to_string(c.threads) + " thread" +
           (c.threads > 1 ? "s" : "") + " (from " + std::to_string(c.sampled) + " sampled solves in " +
           printed("%.1f", 1000 * c.sample_seconds) + " ms)";
}

double t95(int64_t df) {
    // Two-sided 95% quantiles of Student's t by degrees of freedom.
    static constexpr std::pair<int64_t, double> TABLE[] = {{1, 12.706}, {2, 4.303},  {3, 3.182},  {4, 2.776},  {5, 2.571},  {6, 2.447},
                                                           {7, 2.365},  {8, 2.306},  {9, 2.262},  {10, 2.228}, {11, 2.201}, {12, 2.179},
                                                           {13, 2.160}, {14, 2.145}, {15, 2.131}, {16, 2.120}, {20, 2.086}, {25, 2.060},
                                                           {30, 2.042}, {40, 2.021}, {60, 2.000}, {120, 1.980}};
    if (df < 1) throw std::invalid_argument("t95 needs at least one degree of freedom");
    if (df > 120) return 1.96;
    double q = TABLE[0].second;
    for (const auto& [k, value] : TABLE)
        if (k <= df) q = value;
    return q;
}

bool is_tie(double diff, std::optional<double> low, std::optional<double> high, double threshold) {
    if (low && high && *low == *high) return std::abs(diff) <= 1e-9;   // exact
    const bool contains_zero = !low || !high || (*low <= 0 && 0 <= *high);
    return contains_zero && std::abs(diff) < threshold;
}

bool table_tied(const std::vector<AnalysisRow>& table, double threshold) {
    if (table.size() < 2) return false;
    const AnalysisRow& b = table[1];
    return is_tie(b.diff, b.diff_low, b.diff_high, threshold);
}

std::vector<AnalysisRow> search_rows(const std::vector<ActionStats>& merged, const std::vector<std::vector<ActionStats>>& runs,
                                     bool schneider) {
    std::vector<size_t> order(merged.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const ActionStats &x = merged[a], &y = merged[b];
        return x.visits != y.visits ? x.visits > y.visits : x.action < y.action;
    });
    std::vector<AnalysisRow> rows;
    if (order.empty()) return rows;
    const size_t top = order[0];
    auto mean_of = [](const ActionStats& a) { return a.visits ? std::optional(a.reward / double(a.visits)) : std::nullopt; };
    const double best_mean = mean_of(merged[top]).value_or(NAN);
    for (size_t i : order) {
        const ActionStats& a = merged[i];
        AnalysisRow row;
        row.action = a.action;
        row.visits = a.visits;
        if (a.visits == 0) {
            row.mean = NAN;
            rows.push_back(row);
            continue;
        }
        const double visits = double(a.visits);
        row.mean = a.reward / visits;
        row.taken = a.tally / visits;
        row.win = double(a.wins) / visits;
        if (schneider) row.schneider = double(a.schneider) / visits;
        // A run's mean of this move where it tried it, and its difference to the top move's where it tried both.
        std::vector<double> means, diffs;
        for (const std::vector<ActionStats>& run : runs) {
            const std::optional<double> x = mean_of(run.at(i)), y = mean_of(run.at(top));
            if (x) means.push_back(*x);
            if (x && y) diffs.push_back(*x - *y);
        }
        const std::optional<double> half = prediction_half_width(means);
        const std::optional<double> diff_half = i == top ? std::optional(0.0) : prediction_half_width(diffs);
        row.low = minus(row.mean, half);
        row.high = plus(row.mean, half);
        row.diff = row.mean - best_mean;
        row.diff_low = minus(row.diff, diff_half);
        row.diff_high = plus(row.diff, diff_half);
        rows.push_back(row);
    }
    return rows;
}

std::vector<AnalysisRow> pimc_rows(const PimcResult& r) {
    std::vector<AnalysisRow> rows;
    auto half = [](double se) { return std::isnan(se) ? std::nullopt : std::optional(PIMC_Z * se); };
    for (size_t i = 0; i < r.actions.size(); ++i) {
        AnalysisRow row;
        row.action = r.actions[i];
        row.visits = r.worlds;
        row.mean = r.mean[i];
        row.low = minus(row.mean, half(r.se[i]));
        row.high = plus(row.mean, half(r.se[i]));
        row.diff = r.diff[i];
        row.diff_low = minus(row.diff, half(r.diff_se[i]));
        row.diff_high = plus(row.diff, half(r.diff_se[i]));
        row.worst = r.low[i];
        row.best = r.high[i];
        rows.push_back(row);
    }
    // The best first (the highest mean, the lowest id among equal means), then by mean and id.
    const Action best = rows.empty() ? 0 : rows[r.best].action;
    std::sort(rows.begin(), rows.end(), [&](const AnalysisRow& a, const AnalysisRow& b) {
        if ((a.action == best) != (b.action == best)) return a.action == best;
        if (a.mean != b.mean) return a.mean > b.mean;
        return a.action < b.action;
    });
    return rows;
}

std::string verdict_text(size_t moves, std::string_view best, std::string_view second, double diff, std::optional<double> diff_low,
                         std::optional<double> diff_high, bool tied, double threshold, std::string_view unit, bool exact) {
    const std::string a(best), b(second), u(unit);
    if (moves < 2) return moves ? "only move: " + a : "no move";
    const std::string margin = printed("%.3f", std::abs(diff)) + " " + u;
    if (tied) {
        if (exact) return "the top two moves, " + a + " and " + b + ", have the same value: a tie";
        return "the top two moves, " + a + " and " + b + ", cannot be told apart: " + b + " is " + margin +
               " behind (below the tie threshold of " + detail::g_text(threshold) + ") and the interval of the difference includes 0";
    }
    if (exact || (diff_high && *diff_high < 0)) return "best: " + a + ", better than " + b + " by " + margin;
    if (!diff_high || !diff_low) return "best: " + a + ", ahead of " + b + " by " + margin + " (no interval: too few runs)";
    return "probably best: " + a + ", ahead of " + b + " by " + margin + ", but the interval of the difference [" +
           printed("%+.3f, %+.3f", *diff_low, *diff_high) + "] includes 0: more time would tell";
}

double round9(double x) {
    // The decimal text correctly rounded (glibc's and musl's printf are exact, ties to even, as
    // Python's round), read back as the nearest double: Python's round(x, 9).
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.9f", x);
    return std::strtod(buf, nullptr);
}

std::string tie_reason_text(double diff, std::optional<double> diff_low, double threshold, std::string_view unit) {
    if (!diff_low) return "too few runs tried both to tell them apart";
    return "the runner-up is " + printed("%.3g", std::abs(diff)) + " behind, less than " + detail::g_text(threshold) + " " +
           std::string(unit) + ", and its interval includes 0";
}

#define STICH_INSTANTIATE_ANALYSE(Def)                                                              \
    template ExactCost exact_cost<Def>(const Def::State&, int, uint64_t, const std::atomic<bool>*); \
    template Analysis analyse<Def>(const Def::State&, const AnalyseConfig&);                        \
    template Analysis pimc_analysis<Def>(const Def::State&, const PimcConfig&);                     \
    template std::vector<ViewVerdict> review_view<Def>(const Def::State&, const std::vector<Action>&, const ViewReviewConfig&);
STICH_GAMES(STICH_INSTANTIATE_ANALYSE)
#undef STICH_INSTANTIATE_ANALYSE

}   // namespace stich
