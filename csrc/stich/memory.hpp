// The machine's physical memory, which bounds the size arguments of the searches (a transposition
// table, a search tree): a size the machine cannot hold is refused up front with a ValueError
// naming what is accepted, instead of running the machine out of memory.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace stich {

// Bytes of physical memory; 0 where the system does not say (then nothing is bounded by it).
inline uint64_t physical_memory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) return uint64_t(pages) * uint64_t(page);
#endif
    return 0;
}

// A size in bytes as text for messages, e.g. "23.5 GiB".
inline std::string gib_text(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(uint64_t(1) << 30));
    return buf;
}

}  // namespace stich
