// What one seat sees of a state, as the analyses describe the position (stich.ismcts, stich.pimc,
// stich.solve as text): the state's own text (State::to_string) with the cards of each location
// that the seat cannot see replaced by their count, then what the public history proves about
// the other seats' hands.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "stich/game.hpp"

namespace stich {

// `state_text`: the state's to_string(); `v`: the seat's view of it; `extra_locations`: the names
// of the view's locations after the seats (talon, kitty, ...), as the state's text names them.
// Each line of the state's text that starts "<location>: " (a seat as "seat N") becomes
// "<location>: <the cards the seat knows there> + <n> unknown" (or "<n> unknown", or "-" for an
// empty location), keeping what follows the cards from "  (" on; then, if the history proves
// anything about another seat whose hand the seat cannot see, the line
// "inferred: seat N void in <suits>, not <cards>; ..." (the unknown cards it cannot hold: whole
// suits as voids, the rest as cards).
std::vector<std::string> view_lines(std::string_view state_text, const View& v, Alphabet alphabet,
                                    const std::vector<std::string>& extra_locations);

}   // namespace stich
