// Runtime dispatch of the hot loops (issue 13): a portable x86-64 build (x86-64-v2 baseline,
// STICH_NATIVE=OFF) compiles each hot loop twice, for x86-64-v3 (AVX2, BMI1/2, FMA, LZCNT, MOVBE...)
// and for the baseline, and runs the copy for the CPU, which cpuid tells once at load time.
// A hot loop is a flattened function `f` called as run_hot<f>(args...): each copy is a flattened
// function of its own with f's body inlined, so the code f calls inlines into the copy and runs
// with the copy's instructions (GCC inlines the whole call tree; Clang 22, whose flatten is not
// recursive, f's direct callees and what they mark flatten: so the templates between a loop and
// the game's moves are flattened too, random_playouts, play_out_randomly, play_out_heuristically).
// Not gnu::target_clones: Clang refuses it on templates (the search's tree loop is one), and the
// compiler runtime of zig's Clang, which builds the wheels (tools/wheels.sh), answers "nothing" to
// the CPU tests of its resolvers (__builtin_cpu_supports), so they would always pick the baseline.
// CMake defines STICH_DISPATCH=1 where the compiler supports the target attribute and cpuid (GCC
// or Clang on x86-64 Linux, portable builds only: a native build has the CPU's instructions anyway).
// Macros such as __AVX2__ / __BMI2__ are the translation unit's, not the copy's: code under them
// is the baseline's in both copies. Floating point stays the same in both copies: the core is
// compiled with -ffp-contract=off, so the x86-64-v3 copy does not fuse multiply-adds either.
#pragma once

#include <utility>

// A portable x86-64 Linux build with GCC or Clang uses BMI2's pdep (stich/cards.hpp: nth_card)
// where the running CPU has it and it is fast, decided once at load time (elsewhere: a loop).
#if !defined(__BMI2__) && defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define STICH_RUNTIME_PDEP 1
#else
#define STICH_RUNTIME_PDEP 0
#endif

namespace stich {

#if STICH_RUNTIME_PDEP
// The CPU has BMI2 and is not an AMD (or Hygon) one that microcodes pdep (before Zen 3: hundreds
// of cycles).
extern const bool fast_pdep;
#endif

// The instruction-set extensions of the running CPU that the core cares about (cpuid; AVX2 only
// where the operating system saves its registers). All false on other processors.
struct CpuFeatures {
    bool ssse3 = false, popcnt = false, bmi = false, bmi2 = false, avx2 = false;
    bool x86_64_v3 = false;   // every extension of x86-64-v3
};
const CpuFeatures& cpu_features();

// The copy of the hot loops that the running CPU gets: "x86-64-v3" or "default"; nullptr when
// the build has no dispatch.
const char* dispatch_clone();
// Whether nth_card uses pdep in this build on this CPU.
bool uses_pdep();

#if defined(STICH_DISPATCH) && STICH_DISPATCH
// The running CPU has x86-64-v3: run_hot takes the copy for it.
extern const bool hot_v3;

namespace detail {
// x86-64-v3's extensions spelled out: Clang's target("arch=x86-64-v3") keeps the feature list
// that zig passes for the command line's -march, so the copy would get none of them.
template <auto Fn, class... Args>
[[gnu::flatten, gnu::target("avx,avx2,bmi,bmi2,f16c,fma,lzcnt,movbe,xsave")]] void run_hot_v3(Args&&... args) {
    Fn(std::forward<Args>(args)...);
}
template <auto Fn, class... Args>
[[gnu::flatten]] void run_hot_baseline(Args&&... args) {
    Fn(std::forward<Args>(args)...);
}
}   // namespace detail

// Calls Fn(args...), a hot loop, in the copy compiled for the running CPU.
template <auto Fn, class... Args>
inline void run_hot(Args&&... args) {
    if (hot_v3) detail::run_hot_v3<Fn>(std::forward<Args>(args)...);
    else detail::run_hot_baseline<Fn>(std::forward<Args>(args)...);
}
#else
template <auto Fn, class... Args>
inline void run_hot(Args&&... args) {
    Fn(std::forward<Args>(args)...);
}
#endif

}   // namespace stich
