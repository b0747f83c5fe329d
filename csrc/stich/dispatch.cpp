#include "stich/dispatch.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

namespace stich {

namespace {

struct CpuInfo {
    CpuFeatures features;
    bool fast_pdep = false;
};

// cpuid and xgetbv, read directly: the compiler runtime's __builtin_cpu_supports answers "nothing"
// in zig's Clang (stich/dispatch.hpp).
CpuInfo detect_cpu() {
    CpuInfo info;
#if defined(__x86_64__) && defined(__GNUC__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return info;
    const bool amd = (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163)       // "AuthenticAMD"
                     || (b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975);   // "HygonGenuine"
    if (!__get_cpuid(1, &a, &b, &c, &d)) return info;
    unsigned family = (a >> 8) & 0xF;
    if (family == 0xF) family += (a >> 20) & 0xFF;
    CpuFeatures& f = info.features;
    f.ssse3 = c & bit_SSSE3;
    f.popcnt = c & bit_POPCNT;
    const bool fma = c & bit_FMA, movbe = c & bit_MOVBE, xsave = c & bit_XSAVE, avx = c & bit_AVX, f16c = c & bit_F16C;
    bool ymm = false;   // the operating system saves the SSE and AVX registers
    if ((c & bit_OSXSAVE) && avx) {
        unsigned lo = 0, hi = 0;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        ymm = (lo & 6) == 6;
    }
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        f.bmi = b & bit_BMI;
        f.bmi2 = b & bit_BMI2;
        f.avx2 = (b & bit_AVX2) && ymm;
    }
    const bool lzcnt = __get_cpuid(0x80000001, &a, &b, &c, &d) && (c & bit_LZCNT);
    f.x86_64_v3 = f.avx2 && f.bmi && f.bmi2 && fma && f16c && lzcnt && movbe && xsave;
    // AMD microcodes pdep before Zen 3 (family 19h): Excavator (15h), Zen 1/2 (17h), Hygon (18h).
    info.fast_pdep = f.bmi2 && !(amd && family < 0x19);
#endif
    return info;
}

const CpuInfo& cpu() {
    static const CpuInfo info = detect_cpu();
    return info;
}

}   // namespace

const CpuFeatures& cpu_features() { return cpu().features; }

#if STICH_RUNTIME_PDEP
const bool fast_pdep = cpu().fast_pdep;
bool uses_pdep() { return fast_pdep; }
#elif defined(__BMI2__)
bool uses_pdep() { return true; }
#else
bool uses_pdep() { return false; }
#endif

#if defined(STICH_DISPATCH) && STICH_DISPATCH
const bool hot_v3 = cpu().features.x86_64_v3;
const char* dispatch_clone() { return hot_v3 ? "x86-64-v3" : "default"; }
#else
const char* dispatch_clone() { return nullptr; }
#endif

}   // namespace stich
