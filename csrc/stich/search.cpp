#include "stich/search.hpp"

namespace stich {

template SearchResult ismcts<CouillonState>(const CouillonState&, const SearchConfig&);
template SearchResult ismcts<MuckenState>(const MuckenState&, const SearchConfig&);
template SearchResult ismcts<MistigriState>(const MistigriState&, const SearchConfig&);

}  // namespace stich
