// The solver's Python face that is not per game; each game's (bind_solver.hpp) is compiled in
// bindings/per_game.cpp.
#include "common.hpp"
#include "stich/registry.hpp"
#include "stich/sampler.hpp"
#include "bind_game.hpp"

namespace stich::py_bind {

void register_solvers(py::module_& m) {
    for_each_game_index([&]<size_t I>() { bind_solver_at<I>(m); });   // bindings/per_game.cpp
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
