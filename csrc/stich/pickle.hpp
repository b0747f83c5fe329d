// Portable byte forms of the rules, states and matches of the three games, for pickling.
//
// A form is a header (the magic 'S', the kind of object, the format version) followed by every
// member in a fixed order, each integer little-endian at its own width, bools as 0/1, enums as
// their code, the contract as its index among the game's contracts (states hold a pointer to it).
// Reading checks the size, every enum and bool, the ranges of seats and counts, and then the
// consistency of the whole state (cards in one place each, every seat's view agreeing with the
// cards), so a damaged form raises std::invalid_argument instead of making a state that could
// misbehave. Bump FORMAT_VERSION when a member list below changes.
#pragma once
#include <string>
#include <string_view>

#include "stich/couillon.hpp"
#include "stich/mistigri.hpp"
#include "stich/mucken.hpp"

namespace stich {

constexpr uint8_t FORMAT_VERSION = 1;

std::string dump(const CouillonRules&);
std::string dump(const MuckenRules&);
std::string dump(const MistigriRules&);
std::string dump(const CouillonState&);
std::string dump(const MuckenState&);
std::string dump(const MistigriState&);
std::string dump(const CouillonMatch&);
std::string dump(const MuckenMatch&);
std::string dump(const MistigriMatch&);

// load<T>(bytes): the object dump() wrote; std::invalid_argument naming what is wrong otherwise.
template <class T>
T load(std::string_view bytes);

}  // namespace stich
