// The limits every long call shares: the longest time budget (MAX_SECONDS, check_seconds), the most threads
// (MAX_THREADS, check_threads), and the machine's physical memory, which bounds the size arguments
// of the searches (a transposition table, a search tree, the vector environments): a size the
// machine cannot hold is refused up front with a ValueError naming what is accepted, instead of
// running the machine out of memory. With the number texts of those messages.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace stich {

// The longest time budget of a search or PIMC, in seconds (11.6 days): far below where a deadline
// would overflow the clock's 64-bit nanoseconds.
constexpr double MAX_SECONDS = 1e6;
// The most threads a search, PIMC or vector environment takes.
constexpr int MAX_THREADS = 256;

// Throws std::invalid_argument unless `threads` is 1..MAX_THREADS (as wide as a caller may give it).
inline void check_threads(int64_t threads) {
    if (threads < 1 || threads > MAX_THREADS)
        throw std::invalid_argument("threads must be an int in 1.." + std::to_string(MAX_THREADS) + ", got " + std::to_string(threads));
}

// Bytes of physical memory; 0 where the system does not say (then nothing is bounded by it).
inline uint64_t physical_memory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) return uint64_t(pages) * uint64_t(page);
#endif
    return 0;
}

// A number as Python's repr writes it, for messages: the shortest digits that read back the same,
// fixed between 1e-4 and 1e16 ("0.5", "1000000.0", "1e+16", "inf", "nan").
inline std::string number_text(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char buf[40];
    int digits = 1;
    for (; digits < 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
        if (std::strtod(buf, nullptr) == x) break;
    }
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
    const int exp = std::atoi(std::strchr(buf, 'e') + 1);
    if (exp < -4 || exp >= 16) {   // Python: "1e+16", "2.5e-05"
        std::string t = buf;
        const size_t e = t.find('e');
        return t.substr(0, e) + (exp < 0 ? "e-" : "e+") + (std::abs(exp) < 10 ? "0" : "") + std::to_string(std::abs(exp));
    }
    std::snprintf(buf, sizeof buf, "%.*f", std::max(digits - 1 - exp, 1), x);
    return buf;
}

// A limit as a message names it ("%g": "100", "1e+06").
inline std::string limit_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

// The one check of a time budget (stich.ismcts's, stich.pimc's, stich.analyse's, the C ABI's, the
// web server's): std::invalid_argument unless `seconds` is a number in (0, MAX_SECONDS] (NaN and the
// infinities are not); `name` names it, `none_note` says what None means where a caller may give none.
inline void check_seconds(double seconds, std::string_view name = "seconds", std::string_view none_note = "") {
    if (!(seconds > 0 && seconds <= MAX_SECONDS))
        throw std::invalid_argument(std::string(name) + " must be a number in (0, " + limit_text(MAX_SECONDS) + "]" +
                                    std::string(none_note) + ", got " + number_text(seconds));
}

// A size in bytes as text for messages, e.g. "23.5 GiB".
inline std::string gib_text(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(uint64_t(1) << 30));
    return buf;
}

}   // namespace stich
