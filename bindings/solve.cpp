// The solver's Python face (stich.solve, stich.pimc): conversion only; the search is in
// csrc/stich/solve.hpp. register_solvers binds it for every registered game with SolverTraits
// (the one translation unit that instantiates the solver).
#include "bind_game.hpp"
#include "stich/registry.hpp"
#include "stich/solve.hpp"

namespace stich::py_bind {

namespace {

template <GameState State>
py::list line_rows(const State& root, const std::vector<SolveStep>& line) {
    py::list out;
    for (const SolveStep& step : line)
        out.append(py::make_tuple(root.action_text(step.action), step.seat, step.trick_winner,
                                  std::vector<int>(step.tally.begin(), step.tally.begin() + root.num_players())));
    return out;
}

template <GameState State>
void bind_solver(py::module_& m) {
    m.def("solve",
          [](const State& s, int table_bits) {
              if (table_bits != 0 && (table_bits < 10 || table_bits > 28))
                  throw py::value_error("table_bits must be 0 (by the position's size) or 10..28, got " + std::to_string(table_bits));
              const State root = s;   // a copy: other Python threads may change `s` meanwhile
              check_solvable(root);
              std::atomic<bool> stop = false;
              const SolveResult r = run_interruptible(stop, [&] { return solve(root, &stop, table_bits); }, no_tick);
              py::list values;
              for (const auto& [a, v] : r.values) values.append(py::make_tuple(make_action(root, a), v));
              return py::dict(py::arg("root") = r.root, py::arg("two_sided") = SolverTraits<State>::two_sided(root),
                              py::arg("values") = values, py::arg("best") = make_action(root, r.best),
                              py::arg("value") = r.value, py::arg("line") = line_rows(root, r.line), py::arg("nodes") = r.nodes,
                              py::arg("seconds") = r.seconds);
          },
          py::arg("state"), py::arg("table_bits") = 0,
          "Exact open-hand values of every legal action of the seat to act (card play; stich.solve wraps it).");
    m.def("pimc",
          [](const State& s, uint64_t worlds, int threads, uint64_t seed, double seconds) {
              const State root = s;
              check_solvable(root);
              std::atomic<bool> stop = false;
              PimcConfig cfg;
              cfg.worlds = worlds;
              cfg.threads = threads;
              cfg.seed = seed;
              cfg.seconds = seconds;
              cfg.stop = &stop;
              const PimcResult r = run_interruptible(stop, [&] { return pimc(root, cfg); }, no_tick);
              py::list rows;
              for (size_t i = 0; i < r.actions.size(); ++i)
                  rows.append(py::make_tuple(make_action(root, r.actions[i]), r.sum[i], r.sum_sq[i], r.low[i], r.high[i]));
              return py::dict(py::arg("observer") = r.observer, py::arg("rows") = rows, py::arg("worlds") = r.worlds,
                              py::arg("weight") = r.weight, py::arg("exact") = r.exact, py::arg("world_count") = py::int_(py::str(u128_text(r.world_count))),
                              py::arg("nodes") = r.nodes, py::arg("seconds") = r.seconds);
          },
          py::arg("state"), py::arg("worlds"), py::arg("threads"), py::arg("seed"), py::arg("seconds") = 0.0,
          "PIMC over worlds of the mover's view, exact when the deals of the playing hands are few (stich.pimc wraps it).");
}

}  // namespace

void register_solvers(py::module_& m) {
    for_each_game([&]<class Def>() {
        if constexpr (Solvable<typename Def::State>) bind_solver<typename Def::State>(m);
    });
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
