// One registered game's Python face: its classes (bind_registry.hpp), its notation (bind_game.hpp)
// and its solver (bind_solver.hpp). CMakeLists.txt compiles this file once per game of STICH_GAMES
// (stich/registry.hpp) with STICH_GAME_INDEX set: each game's pybind11 instantiations are a
// translation unit of their own, the games build in parallel, and no file but a game's own names it.
#include "bind_registry.hpp"
#include "bind_solver.hpp"

static_assert(STICH_GAME_COUNT == stich::NUM_GAMES,
              "CMakeLists.txt counts the games by the X(...) lines of STICH_GAMES in stich/registry.hpp: one entry a line");

namespace stich::py_bind {

template <size_t I>
void bind_game_at(py::module_& m) {
    bind_game<GameAt<I>>(m);
}

template <size_t I>
void bind_position_at(py::module_& m) {
    bind_position<GameAt<I>>(m);
}

template <size_t I>
void bind_solver_at(py::module_& m) {
    if constexpr (Solvable<typename GameAt<I>::State>) bind_solver<typename GameAt<I>::State>(m);
}

template void bind_game_at<STICH_GAME_INDEX>(py::module_&);
template void bind_position_at<STICH_GAME_INDEX>(py::module_&);
template void bind_solver_at<STICH_GAME_INDEX>(py::module_&);

}  // namespace stich::py_bind
