#!/usr/bin/env bash
# Builds stich's WebAssembly module into OUTDIR (docs/wasm.md): the core and the C ABI
# (csrc/stich/*.cpp, csrc/capi/stich_c.cpp) compiled with emscripten to stich.wasm, emscripten's
# loader stich_core.mjs, and the hand-written ES module stich.mjs (csrc/wasm/) over them.
#
#   bash tools/wasm.sh OUTDIR
#
# Installs Debian's emscripten with apt-get where em++ is missing and apt is usable (as root).
# Environment: STICH_WASM_FLAGS adds compiler and linker flags (e.g. "-msimd128"); JOBS the
# number of compilers run at once (default: the machine's processors).
set -euo pipefail

die() { echo "tools/wasm.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: bash tools/wasm.sh OUTDIR"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$1" || die "cannot make the output folder $1"
out=$(cd "$1" && pwd)

# ---------------------------------------------------------------- the toolchain
if ! command -v em++ >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "tools/wasm.sh: em++ not found: installing Debian's emscripten (apt-get install emscripten)" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -q emscripten >&2 || { apt-get update -q >&2 && apt-get install -y -q emscripten >&2; } ||
            die "apt-get install emscripten failed (see above)"
    else
        die "em++ (emscripten) not found, and apt-get cannot install it here (it needs root):
  install emscripten (Debian/Ubuntu: apt-get install emscripten; elsewhere: the emsdk,
  https://emscripten.org/docs/getting_started/downloads.html) and run this again"
    fi
fi
command -v node >/dev/null 2>&1 || die "node not found: emscripten needs Node.js (Debian: apt-get install nodejs)"
# Debian's emscripten runs its JavaScript optimizer with the machine's node, which must find
# Debian's acorn when that node is not Debian's own.
[ -d /usr/share/nodejs ] && export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

# ---------------------------------------------------------------- compile
version=$(sed -n 's/^__version__ = "\([0-9.]*\)".*/\1/p' "$root/python/stich/_version.py")
[[ $version =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "no version in python/stich/_version.py"
obj="$out/.obj"
mkdir -p "$obj/include/stich"
sed -e "s/@PROJECT_VERSION_MAJOR@/${BASH_REMATCH[1]}/" -e "s/@PROJECT_VERSION_MINOR@/${BASH_REMATCH[2]}/" \
    -e "s/@PROJECT_VERSION_PATCH@/${BASH_REMATCH[3]}/" -e "s/@PROJECT_VERSION@/$version/" \
    "$root/cmake/version.hpp.in" > "$obj/include/stich/version.hpp.new"
cmp -s "$obj/include/stich/version.hpp.new" "$obj/include/stich/version.hpp" 2>/dev/null ||
    mv "$obj/include/stich/version.hpp.new" "$obj/include/stich/version.hpp"
rm -f "$obj/include/stich/version.hpp.new"

# -fwasm-exceptions: C++ exceptions are WebAssembly's own (the C ABI turns them into statuses and
# messages); no threads (std::thread fails, and every long call then runs on the calling thread).
# -flto -mbulk-memory (memcpy and memset as single instructions: a state copy is a search's
# commonest call): 1.4x the search's and the solver's speed of plain -O3 (docs/wasm.md, "Speed").
flags=(-std=c++20 -O3 -DNDEBUG -fwasm-exceptions -flto -mbulk-memory ${STICH_WASM_FLAGS:-})
includes=(-I"$root/csrc" -I"$root/csrc/capi" -I"$obj/include")
sources=("$root"/csrc/stich/*.cpp "$root/csrc/capi/stich_c.cpp")
echo "${flags[*]}" > "$obj/flags.new"
cmp -s "$obj/flags.new" "$obj/flags" 2>/dev/null || { rm -f "$obj"/*.o; mv "$obj/flags.new" "$obj/flags"; }
rm -f "$obj/flags.new"
# Recompile a source when it or any header is newer than its object (headers are few and shared).
newest_header=$(ls -t "$root"/csrc/stich/*.hpp "$root"/csrc/capi/*.h "$obj/include/stich/version.hpp" | head -1)
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
todo=()
for src in "${sources[@]}"; do
    o="$obj/$(basename "${src%.cpp}").o"
    if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || [ "$newest_header" -nt "$o" ]; then todo+=("$src"); fi
done
if [ ${#todo[@]} -gt 0 ]; then
    echo "tools/wasm.sh: compiling ${#todo[@]} sources with $(em++ --version 2>/dev/null | sed -n 1p | cut -c1-60)" >&2
    printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -I{} sh -c 'src="$1"; shift; o="$0/$(basename "${src%.cpp}").o"; em++ "$@" -c "$src" -o "$o" || { rm -f "$o"; exit 255; }' \
        "$obj" {} "${flags[@]}" "${includes[@]}" || die "compiling failed (see above)"
fi

# ---------------------------------------------------------------- link
# Every function stich_c.h declares, and the allocator the JavaScript side needs for its buffers.
exports=$(sed -n 's/^STICH_API [^(]*[ *]\(stich_[a-z0-9_]*\)(.*/"_\1"/p' "$root/csrc/capi/stich_c.h" | paste -sd, -)
[ -n "$exports" ] || die "no functions found in csrc/capi/stich_c.h"
objects=()
for src in "${sources[@]}"; do objects+=("$obj/$(basename "${src%.cpp}").o"); done
# Link unless stich.wasm is newer than every object and this script (a rebuild without a change is quick).
relink=0
for f in "${objects[@]}" "${BASH_SOURCE[0]}"; do [ "$out/stich.wasm" -nt "$f" ] || relink=1; done
[ -f "$out/stich_core.mjs" ] || relink=1
if [ $relink = 1 ]; then
    em++ "${flags[@]}" "${objects[@]}" -o "$out/stich_core.mjs" \
        -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createStichCore -sENVIRONMENT=web,worker \
        -sWASM_BIGINT=1 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=4MB -sFILESYSTEM=0 \
        -sEXPORTED_FUNCTIONS="[$exports,\"_malloc\",\"_free\"]" \
        -sEXPORTED_RUNTIME_METHODS='["UTF8ToString","stringToUTF8","lengthBytesUTF8"]' ||
        die "linking failed (see above)"
    mv "$out/stich_core.wasm" "$out/stich.wasm"
fi
cp "$root/csrc/wasm/stich.mjs" "$out/stich.mjs"
size=$(wc -c < "$out/stich.wasm")
gz=$(gzip -9 -c "$out/stich.wasm" | wc -c)
echo "tools/wasm.sh: wrote $out/stich.mjs, stich_core.mjs, stich.wasm ($size bytes, $gz gzipped)" >&2
