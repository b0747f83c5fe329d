// The solver and PIMC of the three games, instantiated once with the core's options (link-time
// optimisation across the games' moves), for the bindings to call.
#include "stich/solve.hpp"

namespace stich {

template SolveResult solve<CouillonState>(const CouillonState&, const std::atomic<bool>*, int);
template SolveResult solve<MuckenState>(const MuckenState&, const std::atomic<bool>*, int);
template SolveResult solve<MistigriState>(const MistigriState&, const std::atomic<bool>*, int);
template PimcResult pimc<CouillonState>(const CouillonState&, const PimcConfig&);
template PimcResult pimc<MuckenState>(const MuckenState&, const PimcConfig&);
template PimcResult pimc<MistigriState>(const MistigriState&, const PimcConfig&);

}  // namespace stich
