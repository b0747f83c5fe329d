#include "common.hpp"
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
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("ssse3")) cpu.append("ssse3");
    if (__builtin_cpu_supports("popcnt")) cpu.append("popcnt");
    if (__builtin_cpu_supports("bmi")) cpu.append("bmi");
    if (__builtin_cpu_supports("bmi2")) cpu.append("bmi2");
    if (__builtin_cpu_supports("avx2")) cpu.append("avx2");
#endif
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
    m.def("build_info", &build_info,
          "What this build is: compiler, C++ standard (cplusplus), build_type, flags, native (-march=native), "
          "lto, assertions, and of the CPU features the core uses (ssse3 popcnt bmi bmi2 avx2) those compiled "
          "for (features) and those the running CPU has (cpu_features), and dispatch: the clone of the hot loops "
          "the running CPU gets (\"x86-64-v3\" or \"default\"; None: a build without runtime dispatch), pdep: whether card picks use BMI2's pdep here.");
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
