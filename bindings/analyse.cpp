// The analyses' Python face (stich.analyse, stich.exact_cost, stich.pimc, and the tables, ties and
// verdicts of stich.ismcts's results): conversion only; the analysis is in csrc/stich/analyse.hpp.
// Results go to Python as dicts of plain values and rows as tuples in the fields' order of
// Python's ActionRow and PimcRow (python/stich/search.py, solve.py), which makes them.
#include "bind_game.hpp"
#include "stich/analyse.hpp"

namespace stich::py_bind {

namespace {

using Clock = std::chrono::steady_clock;

py::object optional_float(std::optional<double> x) { return x ? py::object(py::float_(*x)) : py::object(py::none()); }

// A row as Python's ActionRow takes it: (action, visits, mean, low, high, taken, win, schneider,
// diff, diff_low, diff_high).
py::tuple search_row(py::object action, const AnalysisRow& r) {
    return py::make_tuple(std::move(action), r.visits, r.mean, optional_float(r.low), optional_float(r.high), optional_float(r.taken),
                          optional_float(r.win), optional_float(r.schneider), r.diff, optional_float(r.diff_low),
                          optional_float(r.diff_high));
}

// A row as Python's PimcRow takes it: (action, mean, low, high, worst, best, diff, diff_low, diff_high).
py::tuple pimc_row(py::object action, const AnalysisRow& r) {
    return py::make_tuple(std::move(action), r.mean, optional_float(r.low), optional_float(r.high), r.worst, r.best, r.diff,
                          optional_float(r.diff_low), optional_float(r.diff_high));
}

// A Python int >= 0 modulo 2**64: a review's seed and record index may be any (each decision's
// seed is taken modulo 2**63, which only their residues modulo 2**64 decide).
uint64_t int_mod_2_64(py::handle obj, const char* name) {
    if (!PyLong_Check(obj.ptr()) || PyBool_Check(obj.ptr()) || PyObject_RichCompareBool(obj.ptr(), py::int_(0).ptr(), Py_LT) == 1)
        throw py::value_error(std::string(name) + " must be an int >= 0, got " + std::string(py::repr(obj)));
    return PyLong_AsUnsignedLongLongMask(obj.ptr());
}

py::int_ big_int(u128 x) { return py::int_(py::str(u128_text(x))); }

// An ExactCost as (deals, seconds, threads, sampled, sample_seconds): Python's ExactCost's fields.
py::tuple cost_tuple(const ExactCost& c) { return py::make_tuple(big_int(c.deals), c.seconds, c.threads, c.sampled, c.sample_seconds); }

ExactCost cost_of(py::handle deals, double seconds, int threads, uint64_t sampled, double sample_seconds) {
    ExactCost c;
    const std::string digits = py::str(deals);
    if (!PyLong_Check(deals.ptr()) || PyBool_Check(deals.ptr()) || digits.empty() || digits[0] == '-' || digits.size() > 39)
        throw py::value_error("deals must be an int in 0..2**128-1, got " + std::string(py::repr(deals)));
    for (char ch : digits) c.deals = c.deals * 10 + u128(ch - '0');
    c.seconds = seconds;
    c.threads = threads;
    c.sampled = sampled;
    c.sample_seconds = sample_seconds;
    return c;
}

// What _core.analyse and _core.pimc return (stich.analyse and stich.pimc make their results from
// it): the method, why, the observer, the table's rows (tuples of ActionRow's fields for the
// search, of PimcRow's for PIMC), the cost where it was estimated, and what the method's own
// result shows (the search's statistics; PIMC's worlds).
struct PyAnalysis {
    std::string method, why;
    int observer = 0;
    py::list rows;
    py::object cost = py::none();     // ExactCost's fields
    py::object search = py::none();   // the search's SearchStats
    bool exact = false, stopped = false;
    uint64_t worlds = 0, population = 0, nodes = 0;
    double weight = 0, seconds = 0;
    py::int_ world_count;
};

template <GameState State>
PyAnalysis py_analysis(const State& root, const Analysis& a) {
    PyAnalysis out;
    out.method = analyse_method_name(a.method);
    out.why = a.why;
    out.observer = a.observer;
    for (const AnalysisRow& r : a.table) {
        py::object action = py::cast(make_action(root, r.action));
        out.rows.append(a.method == AnalyseMethod::Ismcts ? search_row(action, r) : pimc_row(action, r));
    }
    if (a.cost) out.cost = cost_tuple(*a.cost);
    if (a.method == AnalyseMethod::Ismcts) out.search = py::cast(py_search_stats(root, a.search));
    out.exact = a.exact;
    out.worlds = a.worlds;
    out.weight = a.weight;
    out.world_count = big_int(a.world_count);
    out.population = a.population;
    out.nodes = a.nodes;
    out.seconds = a.seconds;
    return out;
}

// A search's statistics as the core's ActionStats: a SearchStats row (ActionStats) as it is, else
// any object with its fields (visits, reward, reward_sq, tally, wins, schneider).
ActionStats action_stats(py::handle row) {
    ActionStats a;
    if (py::isinstance<PyActionStats>(row)) {
        const auto& r = row.cast<const PyActionStats&>();
        a = {r.action.id, r.visits, r.reward, r.reward_sq, r.tally, r.wins, r.schneider.value_or(0)};
    } else {
        a.visits = row.attr("visits").cast<uint64_t>();
        a.reward = row.attr("reward").cast<double>();
        a.tally = row.attr("tally").cast<double>();
        a.wins = row.attr("wins").cast<uint64_t>();
        const py::object schneider = row.attr("schneider");
        a.schneider = schneider.is_none() ? 0 : schneider.cast<uint64_t>();
    }
    return a;
}

// Every `every` seconds from `since`: the next report's time.
struct Pace {
    Clock::duration period;
    Clock::time_point next;
    bool due() {
        const Clock::time_point now = Clock::now();
        if (now < next) return false;
        next = now + period;
        return true;
    }
};

Clock::duration seconds_duration(double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); }

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// PIMC's settings from Python objects, each checked by the core (ValueError or TypeError naming it):
// for stich.pimc, and for a bot checking its settings when made (check_pimc_args).
PimcConfig pimc_config_from_py(py::handle worlds, py::handle threads, uint64_t seed, py::handle seconds) {
    return pimc_config_from(int_arg(worlds, "worlds"), int_arg(threads, "threads"), seed, optional_number_arg(seconds, "seconds"));
}

// stich.analyse's settings from Python objects: their types checked here, their values by the core
// (analyse_method_named, check_threads; the rest by check_analyse_args).
AnalyseConfig analyse_config_from_py(py::handle method, py::handle seconds, py::handle iterations, py::handle seed, py::handle threads,
                                     py::handle worlds, py::handle playout) {
    AnalyseConfig cfg;
    if (!py::isinstance<py::str>(method))
        throw py::type_error("method must be a str (auto, exact, pimc, ismcts), got " + std::string(py::repr(method)));
    cfg.method = analyse_method_named(utf8(method));
    cfg.seconds = number_arg(seconds, "seconds");
    cfg.iterations = optional_int_arg(iterations, "iterations");
    cfg.seed = seed_arg(seed);
    const int64_t n_threads = int_arg(threads, "threads");
    check_threads(n_threads);
    cfg.threads = int(n_threads);
    const int64_t n_worlds = int_arg(worlds, "worlds");
    cfg.worlds = n_worlds < 0 ? 0 : uint64_t(n_worlds);   // 0: refused by the core with the rest
    if (!py::isinstance<py::str>(playout))
        throw py::type_error("playout must be a str (random, heuristic), got " + std::string(py::repr(playout)));
    cfg.playout = playout_named(utf8(playout));
    return cfg;
}

template <class Def>
void bind_analysis(py::module_& m) {
    using State = typename Def::State;
    m.def(
        "check_analyse_args",
        [](const State& s, py::handle method, py::handle seconds, py::handle iterations, py::handle seed, py::handle threads,
           py::handle worlds, py::handle playout) {
            check_analyse_args<Def>(s, analyse_config_from_py(method, seconds, iterations, seed, threads, worlds, playout));
        },
        py::arg("state"), py::arg("method") = "auto", py::arg("seconds") = 2.0, py::arg("iterations") = py::none(), py::arg("seed") = 0,
        py::arg("threads") = 1, py::arg("worlds") = 200, py::arg("playout") = "heuristic",
        "Raises what analyse() would raise for these arguments before any work, without analysing (a job that runs it later "
        "refuses bad arguments up front).");
    m.def(
        "analyse",
        [](const State& s, py::handle method, py::handle seconds, py::handle iterations, py::handle seed, py::handle threads,
           py::handle worlds, py::handle playout, py::object callback) {
            const State root = s;   // a copy: other Python threads may change `s` meanwhile
            AnalyseConfig cfg = analyse_config_from_py(method, seconds, iterations, seed, threads, worlds, playout);
            if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
                throw py::type_error("callback must be callable, got " + std::string(py::repr(callback)));
            std::atomic<bool> stop = false;
            AnalyseProgress progress;
            cfg.stop = &stop;
            if (!callback.is_none()) cfg.progress = &progress;
            // The reports, on the calling thread: the cost once known (before any other report), then the
            // exact analysis's or PIMC's counts every 0.1 s, or the search's statistics every 0.1 s (False stops it).
            bool cost_reported = false;
            Pace solving{seconds_duration(0.1), {}}, searching{seconds_duration(0.1), Clock::time_point::max()};
            auto report_cost = [&] {
                if (cost_reported || !progress.cost_known.load(std::memory_order_acquire)) return;
                cost_reported = true;
                callback("cost", cost_tuple(progress.cost));
            };
            auto tick = [&] {
                if (callback.is_none()) return true;
                report_cost();
                if (progress.solving.load(std::memory_order_acquire) && solving.due())
                    callback("solving",
                             py::make_tuple(progress.solved.load(), progress.total.load(), seconds_since(progress.solving_since)));
                if (progress.searching.load(std::memory_order_acquire)) {
                    if (searching.next == Clock::time_point::max()) searching.next = progress.searching_since + searching.period;
                    if (Clock::now() < searching.next) return true;
                    without_gil([&] { progress.search.request(); });
                    if (progress.search.snapshot.empty()) return true;   // the threads have not started yet
                    searching.due();
                    PySearchStats partial;
                    partial.observer = root.current_player();
                    partial.rows = py_action_stats(root, progress.search.snapshot);
                    partial.iterations = progress.search.iterations;
                    partial.seconds = seconds_since(progress.searching_since);
                    return py::cast<bool>(callback("search", std::move(partial)));
                }
                return true;
            };
            const Analysis a = run_interruptible(stop, [&] { return analyse<Def>(root, cfg); }, tick);
            if (!callback.is_none()) report_cost();   // an analysis that ended before the first tick
            PyAnalysis out = py_analysis(root, a);
            out.stopped = stop.load();
            return out;
        },
        py::arg("state"), py::arg("method") = "auto", py::arg("seconds") = 2.0, py::arg("iterations") = py::none(), py::arg("seed") = 0,
        py::arg("threads") = 1, py::arg("worlds") = 200, py::arg("playout") = "heuristic", py::arg("callback") = py::none(),
        "The core of stich.analyse (which makes its Analysis from it); every argument is checked here. "
        "`callback(kind, report)`: ('cost', ExactCost fields), ('solving', (solved, total, seconds)), ('search', SearchStats so far: "
        "False stops the search).");
    m.def(
        "review_view",
        [](const State& s, py::handle actions, py::handle worlds, py::handle iterations, py::handle seed, py::handle record,
           py::object progress) {
            const State root = s;   // a copy: other Python threads may change `s` meanwhile
            const std::vector<Action> ids = played_ids(root, actions);
            ViewReviewConfig cfg;
            cfg.worlds = int_arg(worlds, "worlds");
            cfg.iterations = int_arg(iterations, "iterations");
            cfg.seed = int_mod_2_64(seed, "seed");
            cfg.record = int_mod_2_64(record, "record");
            if (!progress.is_none() && !PyCallable_Check(progress.ptr()))
                throw py::type_error("progress must be callable, got " + std::string(py::repr(progress)));
            std::atomic<bool> stop = false;
            std::atomic<size_t> reached = 0;
            cfg.stop = &stop;
            cfg.reached = &reached;
            // progress(k, n) once for every action k, in order, on this thread: k = 0 now, the
            // rest as the review reaches them (checked every 50 ms), and those left once it ends.
            size_t reported = 0;
            auto report = [&](size_t upto) {
                for (; !progress.is_none() && reported <= upto && reported < ids.size(); ++reported) progress(reported, ids.size());
                return true;
            };
            report(0);
            const std::vector<ViewVerdict> verdicts =
                run_interruptible(stop, [&] { return review_view<Def>(root, ids, cfg); }, [&] { return report(reached.load()); });
            report(ids.size());
            py::list out;
            State at = root;
            size_t k = 0;
            for (const ViewVerdict& v : verdicts) {
                for (; k < v.index; ++k) at.apply(ids[k]);
                out.append(py::make_tuple(v.index, v.seat, analyse_method_name(v.method), at.action_text(v.best),
                                          optional_float(v.value_played), v.value_best, optional_float(v.loss), optional_float(v.loss_low),
                                          optional_float(v.loss_high), v.mistake));
            }
            return out;
        },
        py::arg("state"), py::arg("actions"), py::arg("worlds") = 100, py::arg("iterations") = 4000, py::arg("seed") = 0,
        py::arg("record") = 0, py::arg("progress") = py::none(),
        "The seat's-view verdicts of a played deal from `state` along `actions` (the whole deal): (index, seat, method, best, "
        "value_played, value_best, loss, loss_low, loss_high, mistake) for every decision with a choice (stich.review's view part); "
        "`seed` and `record` (any ints >= 0) seed each decision's analysis. `progress(k, n)` is called for every action k of "
        "the n, in order, as the review reaches it; an exception from it ends the review.");
    m.def(
        "exact_cost",
        [](const State& s, py::handle threads, py::handle seed) {
            const State root = s;
            const int64_t n = int_arg(threads, "threads");
            check_threads(n);
            const uint64_t sd = seed_arg(seed);
            std::atomic<bool> stop = false;
            return cost_tuple(run_interruptible(stop, [&] { return exact_cost<Def>(root, int(n), sd, &stop); }, no_tick));
        },
        py::arg("state"), py::arg("threads") = 1, py::arg("seed") = 0,
        "The exact analysis's estimated cost (ExactCost's fields: deals, seconds, threads, sampled, sample_seconds).");
    if constexpr (Solvable<State>)
        m.def(
            "pimc",
            [](const State& s, py::handle worlds, py::handle threads, py::handle seed, py::handle seconds, py::object callback,
               double every) {
                const State root = s;
                PimcConfig cfg = pimc_config_from_py(worlds, threads, seed_arg(seed), seconds);
                if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
                    throw py::type_error("callback must be callable, got " + std::string(py::repr(callback)));
                std::atomic<bool> stop = false;
                std::atomic<uint64_t> total = 0, solved = 0;
                cfg.stop = &stop;
                cfg.total = &total;
                cfg.solved = &solved;
                const Clock::time_point start = Clock::now();
                Pace pace{seconds_duration(every), start};
                // Every `every` seconds: callback(solved, total, elapsed seconds).
                auto tick = [&] {
                    if (!callback.is_none() && pace.due()) callback(solved.load(), total.load(), seconds_since(start));
                    return true;
                };
                return py_analysis(root, run_interruptible(stop, [&] { return pimc_analysis<Def>(root, cfg); }, tick));
            },
            py::arg("state"), py::arg("worlds") = 100, py::arg("threads") = 1, py::arg("seed") = 0, py::arg("seconds") = py::none(),
            py::arg("callback") = py::none(), py::arg("every") = 0.1,
            "PIMC over worlds of the mover's view, exact when the deals of the playing hands are few (stich.pimc makes its "
            "PimcResult from it); `callback(solved, total, seconds)` is called every `every` seconds.");
}

}   // namespace

// An analysis pickled as the tuple of its fields, and equal to another with the same fields.
py::tuple analysis_fields(const PyAnalysis& a) {
    return py::make_tuple(a.method, a.why, a.observer, a.rows, a.cost, a.search, a.exact, a.stopped, a.worlds, a.population, a.nodes,
                          a.weight, a.seconds, a.world_count);
}

PyAnalysis analysis_of_fields(const py::object& state) {
    PyAnalysis a;
    try {
        const py::tuple t = state.cast<py::tuple>();
        if (t.size() != 14 || !py::isinstance<py::list>(t[3]) || !py::isinstance<py::int_>(t[13])) throw py::cast_error();
        a.method = t[0].cast<std::string>();
        a.why = t[1].cast<std::string>();
        a.observer = t[2].cast<int>();
        a.rows = t[3].cast<py::list>();
        a.cost = t[4];
        a.search = t[5];
        a.exact = t[6].cast<bool>();
        a.stopped = t[7].cast<bool>();
        a.worlds = t[8].cast<uint64_t>();
        a.population = t[9].cast<uint64_t>();
        a.nodes = t[10].cast<uint64_t>();
        a.weight = t[11].cast<double>();
        a.seconds = t[12].cast<double>();
        a.world_count = t[13].cast<py::int_>();
    } catch (const py::cast_error&) {
        throw py::value_error("corrupt pickled AnalysisStats: expected a tuple of 14 fields of their types");
    }
    return a;
}

void register_analysis(py::module_& m) {
    using A = PyAnalysis;
    py::class_<A>(m, "AnalysisStats",
                  "An analysis's answer as the core gives it (stich.analyse and stich.pimc make their results from it).")
        .def_readonly("method", &A::method, "The method that answered: exact, pimc or ismcts.")
        .def_readonly("why", &A::why, "Why it answered (empty from _core.pimc).")
        .def_readonly("observer", &A::observer, "The seat to act.")
        .def_readonly("rows", &A::rows, "The table, best first: tuples of ActionRow's fields (ismcts) or of PimcRow's.")
        .def_readonly("cost", &A::cost, "The exact analysis's estimated cost, where estimated: ExactCost's fields.")
        .def_readonly("search", &A::search, "The search's SearchStats (method ismcts).")
        .def_readonly("exact", &A::exact, "Every consistent world counted once.")
        .def_readonly("stopped", &A::stopped, "The callback stopped the search: a partial result.")
        .def_readonly("worlds", &A::worlds, "PIMC's worlds (or deals) solved.")
        .def_readonly("weight", &A::weight, "Their total weight (the worlds each deal stands for; the worlds solved when drawn).")
        .def_readonly("world_count", &A::world_count, "PIMC: the worlds consistent with the seat's view.")
        .def_readonly("population", &A::population, "PIMC: the deals listed to solve without repeats (0: drawn with repeats).")
        .def_readonly("nodes", &A::nodes, "Nodes searched, all threads.")
        .def_readonly("seconds", &A::seconds, "The answering method's wall-clock seconds.")
        .def("__repr__", [](const A& a) { return "<AnalysisStats " + a.method + " of seat " + std::to_string(a.observer) + ">"; })
        .def("__eq__",
             [](const A& a, py::handle b) { return py::isinstance<A>(b) && analysis_fields(a).equal(analysis_fields(b.cast<const A&>())); })
        .def(py::pickle(&analysis_fields, &analysis_of_fields));
    for_each_game([&]<class Def>() { bind_analysis<Def>(m); });
    m.attr("ANALYSE_SEARCH_RUNS") = ANALYSE_SEARCH_RUNS;
    m.attr("PIMC_Z") = PIMC_Z;
    // The most deals a timed PIMC lists to solve without repeats, and the most worlds it takes (solve.hpp).
    m.attr("PIMC_LIST_LIMIT") = TIMED_LIST_LIMIT;
    m.attr("PIMC_MAX_WORLDS") = PIMC_MAX_WORLDS;
    m.def(
        "check_pimc_args",
        [](py::handle worlds, py::handle threads, py::handle seconds) { (void)pimc_config_from_py(worlds, threads, 0, seconds); },
        py::arg("worlds"), py::arg("threads"), py::arg("seconds"),
        "Raises ValueError/TypeError, as stich.pimc would, for settings it does not accept (a bot checks its own when made).");
    m.def(
        "search_rows",
        [](py::handle rows, py::handle runs) {
            std::vector<py::object> actions;
            std::vector<ActionStats> merged;
            bool schneider = false;
            for (py::handle row : rows) {
                actions.push_back(row.attr("action"));
                merged.push_back(action_stats(row));
                merged.back().action = Action(merged.size() - 1);   // the rows' order: ties go by id, which is this order
                schneider = !row.attr("schneider").is_none();
            }
            std::vector<std::vector<ActionStats>> per_run;
            for (py::handle run : runs) {
                per_run.emplace_back();
                for (py::handle row : run) per_run.back().push_back(action_stats(row));
                if (per_run.back().size() != merged.size())
                    throw py::value_error("each run has a row per action: " + std::to_string(merged.size()) + ", got " +
                                          std::to_string(per_run.back().size()));
            }
            py::list out;
            for (const AnalysisRow& r : search_rows(merged, per_run, schneider)) out.append(search_row(actions[r.action], r));
            return out;
        },
        py::arg("rows"), py::arg("runs"),
        "The search's table, most visited first, from its rows (the actions in id order: SearchStats.rows) and each run's: "
        "tuples of ActionRow's fields.");
    m.def("is_tie", &is_tie, py::arg("diff"), py::arg("low"), py::arg("high"), py::arg("threshold"),
          "Whether a move `diff` from the best, with the interval [low, high] on that difference, cannot be told from the best.");
    m.def("verdict", &verdict_text, py::arg("moves"), py::arg("best"), py::arg("second"), py::arg("diff"), py::arg("diff_low"),
          py::arg("diff_high"), py::arg("tied"), py::arg("threshold"), py::arg("unit"), py::arg("exact"),
          "One line on the best move against the runner-up (its difference to the best and that difference's interval).");
    m.def("tie_reason", &tie_reason_text, py::arg("diff"), py::arg("diff_low"), py::arg("threshold"), py::arg("unit"),
          "Why the top two moves are a tie, in words.");
    m.def(
        "exact_cost_text",
        [](py::handle deals, double seconds, int threads, uint64_t sampled, double sample_seconds) {
            return exact_cost_text(cost_of(deals, seconds, threads, sampled, sample_seconds));
        },
        py::arg("deals"), py::arg("seconds"), py::arg("threads"), py::arg("sampled"), py::arg("sample_seconds"), "An ExactCost in words.");
}

}   // namespace stich::py_bind
