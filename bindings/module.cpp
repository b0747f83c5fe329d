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
    stich::py_bind::register_solvers(m);
    // Protocols 0 and 1 rebuild objects with object.__new__, which skips pybind11's allocation
    // (__setstate__ then aborts the interpreter); reduce through cls.__new__ at every protocol.
    const pybind11::object newobj = pybind11::module_::import("copyreg").attr("__newobj__");
    const pybind11::cpp_function reduce_ex(
        [newobj](pybind11::handle self, int) {
            return pybind11::make_tuple(newobj, pybind11::make_tuple(pybind11::type::of(self)), self.attr("__getstate__")());
        },
        pybind11::is_method(pybind11::none()), pybind11::arg("protocol"));
    for (auto item : m.attr("__dict__").cast<pybind11::dict>())
        if (PyType_Check(item.second.ptr()))
            if (auto* info = pybind11::detail::get_type_info(reinterpret_cast<PyTypeObject*>(item.second.ptr()))) {
                info->operator_new = &refuse_uninitialised;
                if (pybind11::hasattr(item.second, "__setstate__")) item.second.attr("__reduce_ex__") = reduce_ex;
            }
}
