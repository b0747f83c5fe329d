// Python-side value types and conversions shared by the binding units. Only conversion here:
// the rules live in csrc/stich.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "stich/cards.hpp"

namespace stich::py_bind {

namespace py = pybind11;

struct PyCard {
    Card id;
    Alphabet alphabet;
    bool operator==(const PyCard&) const = default;
};

struct PyCardSet {
    CardSet bits = 0;
    Alphabet alphabet = Alphabet::German;
    bool operator==(const PyCardSet&) const = default;
};

// The UTF-8 text of a Python str; a ValueError (not an internal cast error) for text that cannot
// be encoded, such as lone surrogates.
inline std::string utf8(py::handle obj) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
    if (!data) {
        PyErr_Clear();
        throw py::value_error("the text " + std::string(py::repr(obj)) + " cannot be encoded as UTF-8");
    }
    return std::string(data, size_t(size));
}

// A deck given by name ('german24') or as a Deck; TypeError naming the names for anything else.
const Deck& deck_of(py::handle name_or_deck);

// Converts a Card, card text or card id to a card of the deck.
Card to_card(py::handle obj, const Deck& d);
// Converts a CardSet, text ("EO GU HA"), or an iterable of cards to a set of cards of the deck.
CardSet to_cardset(py::handle obj, const Deck& d);
// Converts text or an iterable of cards to a list in order (a trick).
std::vector<Card> to_card_list(py::handle obj, const Deck& d);

inline PyCardSet make_set(CardSet s, const Deck& d) { return {s, d.alphabet}; }

void register_cards(py::module_& m);
void register_games(py::module_& m);
void register_solvers(py::module_& m);   // bindings/solve.cpp
void register_registry(py::module_& m);   // every registered game (bind_registry.hpp)

}  // namespace stich::py_bind
