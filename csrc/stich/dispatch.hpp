// Runtime dispatch of the hot loops (issue 13): a portable x86-64 build (x86-64-v2 baseline,
// STICH_NATIVE=OFF) compiles each function marked STICH_HOT twice, for x86-64-v3 (AVX2, BMI2,
// FMA...) and for the baseline, and the loader picks one for the running CPU (an ifunc resolver
// that asks __builtin_cpu_supports). The marked functions are flattened, so the code they call
// inlines into each clone and runs with the clone's instructions.
// CMake defines STICH_DISPATCH=1 where the compiler supports it (CMakeLists.txt checks it): GCC or
// Clang on x86-64 Linux, portable builds only (a native build has the CPU's instructions anyway).
// Macros such as __AVX2__ / __BMI2__ are the translation unit's, not the clone's: code under them
// is the baseline's in both clones. Floating point stays the same in both clones: the core is
// compiled with -ffp-contract=off, so the x86-64-v3 clone does not fuse multiply-adds either.
#pragma once

#if defined(STICH_DISPATCH) && STICH_DISPATCH
#define STICH_HOT [[gnu::target_clones("arch=x86-64-v3", "default")]]
#else
#define STICH_HOT
#endif

// A portable x86-64 Linux build with GCC or Clang uses BMI2's pdep (stich/cards.hpp: nth_card)
// where the running CPU has it and it is fast, decided once at load time (elsewhere: a loop).
#if !defined(__BMI2__) && defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define STICH_RUNTIME_PDEP 1
#else
#define STICH_RUNTIME_PDEP 0
#endif

namespace stich {

#if STICH_RUNTIME_PDEP
// The CPU has BMI2 and is not an AMD one that microcodes pdep (before Zen 3: hundreds of cycles).
extern const bool fast_pdep;
#endif

// The clone of the hot loops that the running CPU gets: "x86-64-v3" or "default"; nullptr when
// the build has no dispatch. Chosen by the same resolver logic as the STICH_HOT functions
// (function multiversioning in dispatch.cpp).
const char* dispatch_clone();
// Whether nth_card uses pdep in this build on this CPU.
bool uses_pdep();

}  // namespace stich
