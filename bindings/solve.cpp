// The solver's Python face (stich.solve, stich.pimc): conversion only; the search is in
// csrc/stich/solve.hpp. register_solvers binds it for every registered game with SolverTraits
// (the one translation unit that instantiates the solver).
#include "bind_game.hpp"
#include "stich/registry.hpp"
#include "stich/solve.hpp"

namespace stich::py_bind {

namespace {

// One move of a principal variation as a row in the field order of Python's LineMove: (seat,
// action text, the seat that took the trick the move completed or None, every seat's tally);
// `at` is the position the move is made in.
template <GameState State>
py::tuple line_row(const State& at, const SolveStep& step) {
    py::tuple tally(size_t(at.num_players()));
    for (int seat = 0; seat < at.num_players(); ++seat) tally[size_t(seat)] = step.tally[size_t(seat)];
    return py::make_tuple(step.seat, at.action_text(step.action),
                          step.trick_winner < 0 ? py::object(py::none()) : py::object(py::int_(step.trick_winner)), tally);
}

// The principal variation from `root` as rows. `shared`: the rows of the next position's line,
// when this line is its first move and then that line (analyse_deal along the best actions):
// those rows are taken as they are.
template <GameState State>
py::tuple line_rows(const State& root, const std::vector<SolveStep>& line, const py::tuple* shared = nullptr) {
    py::tuple out(line.size());
    if (shared && !line.empty() && shared->size() + 1 == line.size()) {
        out[0] = line_row(root, line[0]);
        for (size_t i = 1; i < line.size(); ++i) out[i] = (*shared)[i - 1];
        return out;
    }
    State at = root;
    for (size_t i = 0; i < line.size(); ++i) {
        out[i] = line_row(at, line[i]);
        at.apply(line[i].action);
    }
    return out;
}

// A solve's result for Python, `root` being the position solved and `line` its rows.
template <GameState State>
py::dict solve_dict(const State& root, const SolveResult& r, const py::tuple& line) {
    py::list values;
    for (const auto& [a, v] : r.values) values.append(py::make_tuple(make_action(root, a), v));
    return py::dict(py::arg("root") = r.root, py::arg("two_sided") = SolverTraits<State>::two_sided(root), py::arg("values") = values,
                    py::arg("best") = make_action(root, r.best), py::arg("value") = r.value, py::arg("line") = line,
                    py::arg("nodes") = r.nodes, py::arg("seconds") = r.seconds);
}

// Prepares `solver` for `root` with a table of 2^bits entries (0: by the position's size). A
// table larger than the ones the solvers' pool keeps (2^20 entries) takes from milliseconds to
// seconds to allocate and fill: that runs on a worker (run_interruptible), where Ctrl-C stops it.
template <class Solver, class State>
void start_solver(Solver& solver, const State& root, int bits, std::atomic<bool>& stop) {
    check_table_bits(root, bits);
    if (bits <= 20) solver.start(root, bits);
    else run_interruptible(stop, [&] {
        solver.start(root, bits);
        return true;
    }, no_tick);
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

template <GameState State>
void bind_solver(py::module_& m) {
    m.def("solve",
          [](const State& s, int table_bits, bool use_table, bool merge_equivalent) {
              const State root = s;   // a copy: other Python threads may change `s` meanwhile
              check_solvable(root);
              std::atomic<bool> stop = false;
              const auto start = std::chrono::steady_clock::now();
              Solver<State> solver;
              solver.stop = &stop;
              solver.use_table = use_table;
              solver.merge_equivalent = merge_equivalent;
              start_solver(solver, root, table_bits, stop);
              std::optional<SolveResult> r;
              if (!solve_briefly(solver, [&] { r = solve_with(solver, root); }))
                  r = run_interruptible(stop, [&] { return solve_with(solver, root); }, no_tick);
              r->nodes = solver.nodes;
              r->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
              return solve_dict(root, *r, line_rows(root, r->line));
          },
          py::arg("state"), py::arg("table_bits") = 0, py::arg("use_table") = true, py::arg("merge_equivalent") = true,
          "Exact open-hand values of every legal action of the seat to act (card play; stich.solve wraps it).");
    m.def("analyse_deal",
          [](const State& s, const std::vector<py::object>& moves, bool to_end, int table_bits, bool lines) {
              const State root = s;
              check_solvable(root);
              std::vector<Action> ids;   // the moves checked by playing them, as apply() would
              State at = root;
              for (size_t i = 0; i < moves.size(); ++i) {
                  if (at.is_terminal())
                      throw py::value_error("the deal ended after " + std::to_string(i) + " of the " + std::to_string(moves.size()) +
                                            " moves given");
                  if (!SolverTraits<State>::in_play(at))
                      throw py::value_error("move " + std::to_string(i) + " left the card-play phase (phase " + at.phase_name() + ")");
                  ids.push_back(apply_handle(at, moves[i]));
              }
              std::atomic<bool> stop = false;
              Solver<State> solver;
              solver.stop = &stop;
              start_solver(solver, root, table_bits, stop);   // the first solve is the largest
              std::vector<SolveResult> results;
              if (!solve_briefly(solver, [&] { analyse_deal_into(solver, root, ids, to_end, lines, results); }))
                  run_interruptible(stop, [&] {
                      analyse_deal_into(solver, root, ids, to_end, lines, results);
                      return true;
                  }, no_tick);
              std::vector<State> positions;   // where each solve was
              at = root;
              for (size_t i = 0; i < results.size(); ++i) {
                  positions.push_back(at);
                  at.apply(i < ids.size() ? ids[i] : results[i].best);
              }
              // From the last: a line that is its first move and then the next one's shares its rows.
              std::vector<py::object> dicts(results.size());
              py::tuple next_rows;
              for (size_t i = results.size(); i-- > 0;) {
                  const std::vector<SolveStep>& line = results[i].line;
                  const bool chained = i + 1 < results.size() && !line.empty() && line.size() == results[i + 1].line.size() + 1 &&
                                       std::equal(line.begin() + 1, line.end(), results[i + 1].line.begin());
                  py::tuple rows = line_rows(positions[i], line, chained ? &next_rows : nullptr);
                  py::dict d = solve_dict(positions[i], results[i], rows);
                  d["state"] = py::cast(std::move(positions[i]));   // the position solved, for SolveResult.state
                  dicts[i] = std::move(d);
                  next_rows = rows;
              }
              py::list out;
              for (py::object& d : dicts) out.append(d);
              return out;
          },
          py::arg("state"), py::arg("moves"), py::arg("to_end"), py::arg("table_bits") = 0, py::arg("lines") = true,
          "A solve at each decision of the card play from `state`, along `moves` and then (to_end) the best actions, with one "
          "table (stich.analyse_deal wraps it).");
    m.def("pimc",
          [](const State& s, uint64_t worlds, int threads, uint64_t seed, double seconds, py::object report, double every) {
              const State root = s;
              check_solvable(root);
              std::atomic<bool> stop = false;
              std::atomic<uint64_t> total = 0, solved = 0;
              PimcConfig cfg;
              cfg.worlds = worlds;
              cfg.threads = threads;
              cfg.seed = seed;
              cfg.seconds = seconds;
              cfg.stop = &stop;
              cfg.total = &total;
              cfg.solved = &solved;
              const auto start = std::chrono::steady_clock::now();
              auto next = start;
              // Every `every` seconds: report(solved, total, elapsed seconds); False stops (SolveStopped: KeyboardInterrupt-like).
              auto tick = [&] {
                  if (report.is_none() || std::chrono::steady_clock::now() < next) return true;
                  next = std::chrono::steady_clock::now() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(every));
                  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                  return py::cast<bool>(report(solved.load(), total.load(), elapsed));
              };
              const PimcResult r = run_interruptible(stop, [&] { return pimc(root, cfg); }, tick);
              py::list rows;
              for (size_t i = 0; i < r.actions.size(); ++i)
                  rows.append(py::make_tuple(make_action(root, r.actions[i]), r.mean[i], r.se[i], r.diff[i], r.diff_se[i],
                                             r.low[i], r.high[i]));
              return py::dict(py::arg("observer") = r.observer, py::arg("rows") = rows, py::arg("best") = r.best,
                              py::arg("worlds") = r.worlds, py::arg("weight") = r.weight, py::arg("exact") = r.exact,
                              py::arg("population") = r.population,
                              py::arg("world_count") = py::int_(py::str(u128_text(r.world_count))),
                              py::arg("nodes") = r.nodes, py::arg("seconds") = r.seconds);
          },
          py::arg("state"), py::arg("worlds"), py::arg("threads"), py::arg("seed"), py::arg("seconds") = 0.0,
          py::arg("report") = py::none(), py::arg("every") = 0.1,
          "PIMC over worlds of the mover's view, exact when the deals of the playing hands are few (stich.pimc wraps it); "
          "`report(solved, total, seconds)` is called every `every` seconds and stops it by returning False.");
    m.def("_max_table_bits", [](const State& s) {
              check_solvable(s);
              return max_table_bits(s);
          },
          py::arg("state"), "Test hook: the largest table_bits solve(state) accepts here (the position's and the machine's bound).");
    m.def("exact_deals",
          [](const State& s) { return py::int_(py::str(u128_text(exact_deals(s)))); },
          py::arg("state"), "How many deals of the playing hands the exact analysis of the seat to act would solve.");
}

}  // namespace

void register_solvers(py::module_& m) {
    for_each_game([&]<class Def>() {
        if constexpr (Solvable<typename Def::State>) bind_solver<typename Def::State>(m);
    });
    // The most deals a timed PIMC lists to solve without repeats (solve.hpp).
    m.attr("PIMC_LIST_LIMIT") = TIMED_LIST_LIMIT;
    // Every world consistent with a view, each once (at most `limit`; ValueError beyond).
    m.def("enumerate_worlds",
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

}  // namespace stich::py_bind
