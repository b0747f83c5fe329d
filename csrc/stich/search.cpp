#include "stich/search.hpp"

namespace stich {

#define STICH_INSTANTIATE_SEARCH(Def) template SearchResult ismcts<Def::State>(const Def::State&, const SearchConfig&);
STICH_GAMES(STICH_INSTANTIATE_SEARCH)
#undef STICH_INSTANTIATE_SEARCH

}   // namespace stich
