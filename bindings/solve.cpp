// The solver's Python face (stich.solve, stich.analyse_deal): conversion only; the search is in
// csrc/stich/solve.hpp. register_solvers binds it for every registered game with SolverTraits.
// PIMC and the exact analysis are bound with the analyses (bindings/analyse.cpp).
#include "bind_game.hpp"
#include "stich/registry.hpp"
#include "stich/solve.hpp"

namespace stich::py_bind {

namespace {

// A solve's result for Python, `root` being the position solved, with the first `moves` moves of
// its line (the rest: the next result's line, `continued`).
template <GameState State>
PySolveStats solve_stats(const State& root, const SolveResult& r, size_t moves = SIZE_MAX) {
    PySolveStats out;
    out.root = r.root;
    out.two_sided = SolverTraits<State>::two_sided(root);
    for (const auto& [a, v] : r.values) {
        out.actions.push_back(make_action(root, a));
        out.values.push_back(v);
    }
    out.best = make_action(root, r.best);
    out.value = r.value;
    State at = root;   // where each move is made, for its text
    for (size_t i = 0; i < std::min(moves, r.line.size()); ++i) {
        const SolveStep& step = r.line[i];
        out.line_seats.push_back(step.seat);
        out.line_actions.push_back(at.action_text(step.action));
        out.line_took.push_back(step.trick_winner < 0 ? std::nullopt : std::optional<int>(step.trick_winner));
        out.line_tallies.emplace_back(step.tally.begin(), step.tally.begin() + root.num_players());
        at.apply(step.action);
    }
    out.continued = moves < r.line.size();
    out.nodes = r.nodes;
    out.seconds = r.seconds;
    out.state = py::cast(root);
    return out;
}

// Prepares `solver` for `root` with a table of 2^bits entries (0: by the position's size). A
// table larger than the ones the solvers' pool keeps (2^20 entries) takes from milliseconds to
// seconds to allocate and fill: that runs on a worker (run_interruptible), where Ctrl-C stops it.
template <class Solver, class State>
void start_solver(Solver& solver, const State& root, int64_t bits, std::atomic<bool>& stop) {
    check_table_bits(root, bits);
    if (bits <= 20) solver.start(root, int(bits));
    else
        run_interruptible(
            stop,
            [&] {
                solver.start(root, int(bits));
                return true;
            },
            no_tick);
}

// Solves up to this many nodes (a few ms) run on the calling thread: a thread to wait on (for
// Ctrl-C) costs about 0.1 ms a call, more than most solves late in a deal. A solve that gets
// this far goes on in a thread with the table it has filled.
constexpr uint64_t BRIEF_SOLVE_NODES = 50'000;

// Runs `work` with `solver` on the calling thread (GIL released) up to BRIEF_SOLVE_NODES nodes:
// true if it finished. Else the solver's limit is lifted, for the caller to run the work again
// in a thread (for Ctrl-C), with the table it has filled.
template <class Solver, class Work>
bool solve_briefly(Solver& solver, Work&& work) {
    solver.node_limit = solver.nodes + BRIEF_SOLVE_NODES;
    bool done = true;
    without_gil([&] {
        try {
            work();
        } catch (const SolveLimitReached&) {
            done = false;
        }
    });
    solver.node_limit = 0;
    return done;
}

// analyse_deal (the core's) from `root` along `ids`, interruptible by Ctrl-C, GIL released.
template <GameState State>
std::vector<SolveResult> analyse_along(const State& root, const std::vector<Action>& ids, bool to_end, bool with_lines, int64_t bits) {
    std::atomic<bool> stop = false;
    Solver<State> solver;
    solver.stop = &stop;
    start_solver(solver, root, bits, stop);   // the first solve is the largest
    std::vector<SolveResult> results;
    if (!solve_briefly(solver, [&] { analyse_deal_into(solver, root, ids, to_end, with_lines, results); }))
        run_interruptible(
            stop,
            [&] {
                analyse_deal_into(solver, root, ids, to_end, with_lines, results);
                return true;
            },
            no_tick);
    return results;
}

template <GameState State>
void bind_solver(py::module_& m) {
    m.def(
        "solvable", [](const State& s) { return !s.is_terminal() && SolverTraits<State>::in_play(s); }, py::arg("state"),
        "Whether solve and pimc take this state: the card play, from where the game's solver starts.");
    // Every argument is checked here: its type by the conversion (TypeError), its value by the core (ValueError).
    m.def(
        "solve",
        [](const State& s, py::handle table_bits, py::handle transpositions, py::handle merge_equivalent) {
            const State root = s;   // a copy: other Python threads may change `s` meanwhile
            const int64_t bits = int_arg(table_bits, "table_bits");
            std::atomic<bool> stop = false;
            Solver<State> solver;
            solver.stop = &stop;
            solver.use_table = bool_arg(transpositions, "transpositions");
            solver.merge_equivalent = bool_arg(merge_equivalent, "merge_equivalent");
            check_solvable(root);
            const auto start = std::chrono::steady_clock::now();
            start_solver(solver, root, bits, stop);
            std::optional<SolveResult> r;
            if (!solve_briefly(solver, [&] { r = solve_with(solver, root); }))
                r = run_interruptible(stop, [&] { return solve_with(solver, root); }, no_tick);
            r->nodes = solver.nodes;
            r->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return solve_stats(root, *r);
        },
        py::arg("state"), py::arg("table_bits") = 0, py::arg("transpositions") = true, py::arg("merge_equivalent") = true,
        "Exact open-hand values of every legal action of the seat to act (card play; stich.solve makes its SolveResult).");
    m.def(
        "analyse_deal",
        [](const State& s, py::handle moves, py::handle table_bits, py::handle lines) {
            const State root = s;
            const int64_t bits = int_arg(table_bits, "table_bits");
            const bool with_lines = bool_arg(lines, "lines");
            const bool to_end = moves.is_none();
            std::vector<py::object> given;
            if (!to_end) {
                if (py::isinstance<py::str>(moves) || py::isinstance<py::bytes>(moves) || !py::hasattr(moves, "__iter__"))
                    throw py::type_error("moves must be a sequence of actions (Actions, texts or ids), got " +
                                         std::string(py::str(py::type::of(moves).attr("__name__"))));
                for (py::handle move : moves) given.push_back(py::reinterpret_borrow<py::object>(move));
                if (given.empty())
                    throw py::value_error("moves is empty: pass the moves to analyse, or None to follow the best actions to the end");
            }
            check_solvable(root);
            std::vector<Action> ids;   // the moves checked by playing them, as apply() would
            State at = root;
            for (size_t i = 0; i < given.size(); ++i) {
                if (at.is_terminal())
                    throw py::value_error("the deal ended after " + std::to_string(i) + " of the " + std::to_string(given.size()) +
                                          " moves given");
                if (!SolverTraits<State>::in_play(at))
                    throw py::value_error("move " + std::to_string(i) + " left the card-play phase (phase " + at.phase_name() + ")");
                ids.push_back(apply_handle(at, given[i]));
            }
            const std::vector<SolveResult> results = analyse_along(root, ids, to_end, with_lines, bits);
            // A line that is its first move and then the next one's holds that move only (continued):
            // a whole deal's lines share their moves instead of repeating them.
            std::vector<PySolveStats> out;
            at = root;
            for (size_t i = 0; i < results.size(); ++i) {
                const std::vector<SolveStep>& line = results[i].line;
                const bool chained = i + 1 < results.size() && !line.empty() && line.size() == results[i + 1].line.size() + 1 &&
                                     std::equal(line.begin() + 1, line.end(), results[i + 1].line.begin());
                out.push_back(solve_stats(at, results[i], chained ? 1 : SIZE_MAX));
                at.apply(i < ids.size() ? ids[i] : results[i].best);
            }
            return out;
        },
        py::arg("state"), py::arg("moves") = py::none(), py::arg("table_bits") = 0, py::arg("lines") = true,
        "A solve at each decision of the card play from `state`, along `moves` (Actions, texts or ids) or, when None, "
        "the best actions to the end, with one table (stich.analyse_deal makes its SolveResults).");
    m.def(
        "review_open",
        [](const State& s, py::handle actions) {
            const State root = s;
            const std::vector<Action> ids = played_ids(root, actions);
            State at = root;
            const size_t first = first_card_play(at, ids);
            py::list out;
            if (first == ids.size()) return out;
            const std::vector<Action> tail(ids.begin() + std::ptrdiff_t(first), ids.end());
            const std::vector<OpenVerdict> verdicts = open_verdicts(at, ids, first, analyse_along(at, tail, false, false, 0));
            size_t k = first;
            for (const OpenVerdict& v : verdicts) {
                for (; k < v.index; ++k) at.apply(ids[k]);
                out.append(py::make_tuple(v.index, v.seat, at.action_text(v.played), at.action_text(v.best), v.value_played, v.value_best));
            }
            return out;
        },
        py::arg("state"), py::arg("actions"),
        "The open-hand verdicts of a played deal from `state` along `actions` (the whole deal): (index, seat, played, best, "
        "value_played, value_best) for every decision of the card play with a choice (stich.review's open part).");
    m.def(
        "_max_table_bits",
        [](const State& s) {
            check_solvable(s);
            return max_table_bits(s);
        },
        py::arg("state"), "Test hook: the largest table_bits solve(state) accepts here (the position's and the machine's bound).");
    m.def(
        "exact_deals", [](const State& s) { return py::int_(py::str(u128_text(exact_deals(s)))); }, py::arg("state"),
        "How many deals of the playing hands the exact analysis of the seat to act would solve.");
}

}   // namespace

void register_solvers(py::module_& m) {
    for_each_game([&]<class Def>() {
        if constexpr (Solvable<typename Def::State>) bind_solver<typename Def::State>(m);
    });
    // Every world consistent with a view, each once (at most `limit`; ValueError beyond).
    m.def(
        "enumerate_worlds",
        [](const PyView& v, uint64_t limit) {
            const WorldSampler sampler(v.view);
            if (sampler.count() > u128(limit))
                throw py::value_error("the view has " + u128_text(sampler.count()) + " worlds, more than the limit " +
                                      std::to_string(limit));
            std::vector<std::vector<PyCardSet>> out;
            const Deck& d = deck(v.alphabet == Alphabet::German ? DeckKind::German32 : DeckKind::French52);
            sampler.enumerate([&](const Locations& w) {
                std::vector<PyCardSet> world;
                for (int l = 0; l < v.view.num_locations; ++l) world.push_back(make_set(w[size_t(l)], d));
                out.push_back(std::move(world));
                return true;
            });
            return out;
        },
        py::arg("view"), py::arg("limit"), "Every world consistent with a view, each once (ValueError above `limit`).");
}

}   // namespace stich::py_bind
