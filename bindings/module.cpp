#include "common.hpp"

namespace {

// pybind11 hands a method a raw, lazily allocated value when the Python object was made by
// cls.__new__(cls) without __init__ (type_info::operator_new, used for nothing else); refuse instead
// of reading garbage. Pickling still works: __setstate__ constructs the value itself.
[[noreturn]] void* refuse_uninitialised(size_t) {
    throw pybind11::type_error("this stich object was made by __new__ without __init__ and holds no value; "
                               "make objects with their class, a game or a state method");
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "stich core: bitmask cards, contract orders and games (C++20)";
    stich::py_bind::register_cards(m);
    stich::py_bind::register_games(m);
    for (auto item : m.attr("__dict__").cast<pybind11::dict>())
        if (PyType_Check(item.second.ptr()))
            if (auto* info = pybind11::detail::get_type_info(reinterpret_cast<PyTypeObject*>(item.second.ptr())))
                info->operator_new = &refuse_uninitialised;
}
