#include "bind_game.hpp"
#include "stich/dispatch.hpp"

// What this build is (stich._core.build_info(); `stich bench` reports it): the compiler's own
// macros, and the flags, build type, native target and link-time optimisation that CMake passes
// (target_compile_definitions in CMakeLists.txt; "unknown"/None when built otherwise).
#ifndef STICH_BUILD_FLAGS
#define STICH_BUILD_FLAGS "unknown"
#endif
#ifndef STICH_BUILD_TYPE
#define STICH_BUILD_TYPE "unknown"
#endif

namespace {

pybind11::dict build_info() {
    namespace py = pybind11;
    py::dict info;
#if defined(__clang__)
    info["compiler"] = "clang " __clang_version__;
#elif defined(__GNUC__)
    info["compiler"] = "gcc " __VERSION__;
#else
    info["compiler"] = "unknown";
#endif
    info["cplusplus"] = long(__cplusplus);
    info["build_type"] = STICH_BUILD_TYPE;
    info["flags"] = STICH_BUILD_FLAGS;
#ifdef STICH_BUILD_NATIVE
    info["native"] = py::bool_(STICH_BUILD_NATIVE);
#else
    info["native"] = py::none();
#endif
#ifdef STICH_BUILD_LTO
    info["lto"] = py::bool_(STICH_BUILD_LTO);
#else
    info["lto"] = py::none();
#endif
#ifdef NDEBUG
    info["assertions"] = false;
#else
    info["assertions"] = true;
#endif
    // The debug build (STICH_DEBUG): every state's invariants checked after every action.
#ifdef STICH_DEBUG
    info["invariants_checked"] = true;
#else
    info["invariants_checked"] = false;
#endif
    // The instruction-set extensions the core's hot paths use when compiled for them: ssse3 (the
    // search's edge-key test), popcnt and bmi (card counts, lowest cards), bmi2 (pdep: the n-th
    // card of a set), avx2 (the compiler's vectorisation). "features": those this build was
    // compiled for; "cpu_features": those the running CPU has.
    py::list compiled, cpu;
#ifdef __SSSE3__
    compiled.append("ssse3");
#endif
#ifdef __POPCNT__
    compiled.append("popcnt");
#endif
#ifdef __BMI__
    compiled.append("bmi");
#endif
#ifdef __BMI2__
    compiled.append("bmi2");
#endif
#ifdef __AVX2__
    compiled.append("avx2");
#endif
    const stich::CpuFeatures& has = stich::cpu_features();   // cpuid (stich/dispatch.hpp)
    for (const auto& [name, present] :
         {std::pair{"ssse3", has.ssse3}, {"popcnt", has.popcnt}, {"bmi", has.bmi}, {"bmi2", has.bmi2}, {"avx2", has.avx2}})
        if (present) cpu.append(name);
    info["features"] = compiled;
    info["cpu_features"] = cpu;
    // Runtime dispatch (csrc/stich/dispatch.hpp): the clone of the hot loops (search, playouts) this
    // CPU runs, "x86-64-v3" or "default"; None when the build has none (native, non-x86, macOS).
    if (const char* clone = stich::dispatch_clone()) info["dispatch"] = clone;
    else info["dispatch"] = py::none();
    // Whether the n-th card of a set is one pdep (BMI2) in this build on this CPU (stich/cards.hpp).
    info["pdep"] = stich::uses_pdep();
    return info;
}

// pybind11 hands a method a raw, lazily allocated value when the Python object was made by
// cls.__new__(cls) without __init__ (type_info::operator_new, used for nothing else); refuse instead
// of reading garbage. Pickling still works: __setstate__ constructs the value itself.
// This reaches into pybind11's internals (detail::get_type_info, type_info::operator_new) because
// pybind11 3.1.0, the newest release, has no supported way to refuse such an object: the lazy
// allocation in type_caster_generic::load_value is unconditional (pybind11 issue #6153; fixed on
// its master by pull request #6157, not yet released). The alternatives that pybind11 does
// support fail here: a class-level operator new is also what pybind11 uses to construct the
// value, and a custom __new__ that refuses would break py::init's allocation and pickling's
// copyreg.__newobj__. Once a release has the fix, drop this and keep the rest below.
[[noreturn]] void* refuse_uninitialised(size_t) {
    throw pybind11::type_error(
        "this stich object was made by __new__ without __init__ and holds no value; "
        "make objects with their class, a game or a state method");
}

// Whether a stich object holds its C++ value (it was made by __init__, __setstate__ or stich).
bool initialised(pybind11::handle self) {
    auto* inst = reinterpret_cast<pybind11::detail::instance*>(self.ptr());
    for (const auto& vh : pybind11::detail::values_and_holders(inst))
        if (vh.holder_constructed()) return true;
    return false;
}

// The reduction of every class (pickle at protocols 0..5, copy.copy, copy.deepcopy): CPython's
// default reduction for protocols 0 and 1 (copyreg._reduce_ex) calls pybind11's base class
// pybind11_object itself, which throws a C++ exception through C ("instance allocation failed")
// and aborts the interpreter, and object.__reduce__ does the same at any protocol. So every class
// gets its own: one with __getstate__/__setstate__ (py::pickle) reduces through cls.__new__ and
// __setstate__ at every protocol; one with its own __reduce__ (Contract) uses it; any other
// raises TypeError saying how such objects are made.
enum class Reduction { ByState, Own, None };

pybind11::object reduce(pybind11::handle self, Reduction how) {
    namespace py = pybind11;
    const py::type cls = py::type::of(self);
    switch (how) {
        case Reduction::ByState:
            return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(cls), self.attr("__getstate__")());
        case Reduction::Own: return self.attr("__reduce__")();
        case Reduction::None: break;
    }
    throw py::type_error("cannot pickle or copy '" + std::string(py::str(cls.attr("__name__"))) +
                         "' objects: make them again with their class or the method that made them");
}

// Whether the class itself (not a base) defines `name`.
bool defines(pybind11::handle cls, const char* name) {
    return PyDict_GetItemString(reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_dict, name) != nullptr;
}

void make_robust(pybind11::module_& m) {
    namespace py = pybind11;
    for (auto item : m.attr("__dict__").cast<py::dict>()) {
        if (!PyType_Check(item.second.ptr())) continue;
        auto* info = py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(item.second.ptr()));
        if (!info) continue;   // the exception types
        info->operator_new = &refuse_uninitialised;
        const py::object cls = py::reinterpret_borrow<py::object>(item.second);
        const bool by_state = defines(cls, "__setstate__"), own = defines(cls, "__reduce__");
        const Reduction how = by_state ? Reduction::ByState : own ? Reduction::Own : Reduction::None;
        cls.attr("__reduce_ex__") =
            py::cpp_function([how](py::handle self, int) { return reduce(self, how); }, py::name("__reduce_ex__"), py::is_method(cls),
                             py::arg("protocol"), "The pickle reduction at every protocol (TypeError where the class has none).");
        if (!own)
            cls.attr("__reduce__") = py::cpp_function([how](py::handle self) { return reduce(self, how); }, py::name("__reduce__"),
                                                      py::is_method(cls), "As __reduce_ex__.");
        if (by_state) {
            // pybind11 ignores __setstate__ (like __init__) on an object that holds a value; refuse.
            const py::object restore = py::reinterpret_borrow<py::object>(
                PyDict_GetItemString(reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_dict, "__setstate__"));
            cls.attr("__setstate__") = py::cpp_function(
                [restore, cls](py::handle self, py::handle state) -> py::object {
                    if (!py::isinstance(self, cls))
                        throw py::type_error("__setstate__ of " + std::string(py::str(cls.attr("__name__"))) + " needs one of its objects");
                    if (initialised(self))
                        throw py::type_error(std::string(py::str(cls.attr("__name__"))) +
                                             ".__setstate__ restores a pickled object only: this one already holds a value");
                    return restore(self, state);
                },
                // Not named __setstate__: pybind11 takes any function of that name for a constructor,
                // which it skips on an object that holds a value (so the check would never run).
                py::name("restore_pickled"), py::is_method(cls), py::arg("state"), "Restores a pickled object (pickle calls it).");
        }
    }
}

}   // namespace

PYBIND11_MODULE(_core, m) {
    namespace py = pybind11;
    m.doc() = "stich core: bitmask cards, contract orders and games (C++20)";
    stich::py_bind::register_cards(m);
    stich::py_bind::register_games(m);
    stich::py_bind::register_solvers(m);
    stich::py_bind::register_analysis(m);
    stich::py_bind::register_records(m);
    m.def("build_info", &build_info,
          "What this build is: compiler, C++ standard (cplusplus), build_type, flags, native (-march=native), "
          "lto, assertions, and of the CPU features the core uses (ssse3 popcnt bmi bmi2 avx2) those compiled "
          "for (features) and those the running CPU has (cpu_features), and dispatch: the clone of the hot loops "
          "the running CPU gets (\"x86-64-v3\" or \"default\"; None: a build without runtime dispatch), "
          "pdep: whether card picks use BMI2's pdep here.");
    make_robust(m);
    // At interpreter exit, before daemon threads are ended: stop every long call in flight and
    // wait for its worker (bind_game.hpp, run_interruptible), so that the exit is a normal one.
    py::module_::import("atexit").attr("register")(py::cpp_function([] { stich::py_bind::stop_long_calls(10.0); }));
}
