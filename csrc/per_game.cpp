// The heavy instantiations of one registered game, its search and its solver, for the bindings
// (stich/search.hpp, stich/solve.hpp declare them extern). CMakeLists.txt compiles this file once
// per game of STICH_GAMES (stich/registry.hpp) with STICH_GAME_INDEX set, into the core: the
// games build in parallel, and no file but a game's own names it. It lies outside csrc/stich so
// that the core's glob of csrc/stich/*.cpp does not take it in a second time.
#include "stich/search.hpp"
#include "stich/solve.hpp"

static_assert(STICH_GAME_COUNT == stich::NUM_GAMES,
              "CMakeLists.txt counts the games by the X(...) lines of STICH_GAMES in stich/registry.hpp: one entry a line");

namespace stich {

using PerGameState = GameAt<STICH_GAME_INDEX>::State;
template SearchResult ismcts<PerGameState>(const PerGameState&, const SearchConfig&);
template struct SolverEntry<PerGameState>;

}  // namespace stich
