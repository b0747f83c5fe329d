// The searches of the registered games (stich/registry.hpp): instantiated once, in search.cpp,
// with the core's options (link-time optimisation across the games' moves), for the bindings.
#pragma once
#include "stich/ismcts.hpp"
#include "stich/registry.hpp"

namespace stich {

#define STICH_EXTERN_SEARCH(Def) extern template SearchResult ismcts<Def::State>(const Def::State&, const SearchConfig&);
STICH_GAMES(STICH_EXTERN_SEARCH)
#undef STICH_EXTERN_SEARCH

}   // namespace stich
