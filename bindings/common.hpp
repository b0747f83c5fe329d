// Python-side value types and conversions shared by the binding units. Only conversion here:
// the rules live in csrc/stich.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
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

// Arguments of a Python call as C++ values: only their type is checked here (TypeError "<name>
// must be ..., got <repr>", or ValueError for a value no C++ type of it holds: beyond 64 bits, a
// seed outside 0..2**64-1); the core checks their ranges (a seat: stich::checked_seat) and its
// errors reach Python by their kind (register_errors in games.cpp). An int is never a bool.
inline int64_t int_arg(py::handle obj, const char* name) {
    if (!PyLong_Check(obj.ptr()) || PyBool_Check(obj.ptr()))
        throw py::type_error(std::string(name) + " must be an int, got " + std::string(py::repr(obj)));
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
    if (overflow) throw py::value_error(std::string(name) + " is out of range (beyond 64 bits), got " + std::string(py::repr(obj)));
    return v;
}
inline double number_arg(py::handle obj, const char* name) {
    if (PyFloat_Check(obj.ptr())) return PyFloat_AsDouble(obj.ptr());
    if (!PyLong_Check(obj.ptr()) || PyBool_Check(obj.ptr()))
        throw py::type_error(std::string(name) + " must be a number, got " + std::string(py::repr(obj)));
    const double v = PyLong_AsDouble(obj.ptr());
    if (v == -1.0 && PyErr_Occurred()) throw py::error_already_set();   // OverflowError past a double
    return v;
}
inline std::optional<int64_t> optional_int_arg(py::handle obj, const char* name) {
    if (obj.is_none()) return std::nullopt;
    return int_arg(obj, name);
}
inline std::optional<double> optional_number_arg(py::handle obj, const char* name) {
    if (obj.is_none()) return std::nullopt;
    return number_arg(obj, name);
}
inline bool bool_arg(py::handle obj, const char* name) {
    if (!PyBool_Check(obj.ptr())) throw py::type_error(std::string(name) + " must be True or False, got " + std::string(py::repr(obj)));
    return obj.ptr() == Py_True;
}
// A seed: an int in 0..2**64-1 (ValueError outside it).
inline uint64_t seed_arg(py::handle obj) {
    if (!PyLong_Check(obj.ptr()) || PyBool_Check(obj.ptr()))
        throw py::type_error("seed must be an int in 0..2**64-1, got " + std::string(py::repr(obj)));
    const unsigned long long v = PyLong_AsUnsignedLongLong(obj.ptr());
    if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::value_error("seed must be an int in 0..2**64-1, got " + std::string(py::repr(obj)));
    }
    return v;
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
void register_solvers(py::module_& m);    // bindings/solve.cpp
void register_analysis(py::module_& m);   // bindings/analyse.cpp
void register_records(py::module_& m);    // bindings/records.cpp
void register_registry(py::module_& m);   // every registered game (bind_registry.hpp)

}   // namespace stich::py_bind
