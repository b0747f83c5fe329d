#include "common.hpp"

PYBIND11_MODULE(_core, m) {
    m.doc() = "stich core: bitmask cards, contract orders and games (C++20)";
    stich::py_bind::register_cards(m);
    stich::py_bind::register_games(m);
}
