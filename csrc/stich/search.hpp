// The searches of the three games: instantiated once, in search.cpp, with the core's options
// (link-time optimisation across the games' moves), for the bindings to call.
#pragma once
#include "stich/couillon.hpp"
#include "stich/ismcts.hpp"
#include "stich/mistigri.hpp"
#include "stich/mucken.hpp"

namespace stich {

extern template SearchResult ismcts<CouillonState>(const CouillonState&, const SearchConfig&);
extern template SearchResult ismcts<MuckenState>(const MuckenState&, const SearchConfig&);
extern template SearchResult ismcts<MistigriState>(const MistigriState&, const SearchConfig&);

}  // namespace stich
