#include "stich/dispatch.hpp"

namespace stich {

#if STICH_RUNTIME_PDEP
namespace {
bool detect_fast_pdep() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("znver1") &&
           !__builtin_cpu_is("znver2");
}
}  // namespace
const bool fast_pdep = detect_fast_pdep();
bool uses_pdep() { return fast_pdep; }
#elif defined(__BMI2__)
bool uses_pdep() { return true; }
#else
bool uses_pdep() { return false; }
#endif

#if defined(STICH_DISPATCH) && STICH_DISPATCH
// Function multiversioning with the same two targets as STICH_HOT: the loader's resolver picks
// the version for the running CPU as it picks the hot loops' clones.
namespace {
[[gnu::target("default")]] const char* clone_name() { return "default"; }
[[gnu::target("arch=x86-64-v3")]] const char* clone_name() { return "x86-64-v3"; }
}  // namespace
const char* dispatch_clone() { return clone_name(); }
#else
const char* dispatch_clone() { return nullptr; }
#endif

}  // namespace stich
