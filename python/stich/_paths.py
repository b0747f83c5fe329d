"""Where ``pip install`` put the C++ core for C++ projects (docs/embedding.md): the headers, the
static library ``libstich_core.a`` and the CMake package (``find_package(stich CONFIG)``), all inside
the installed package, as pybind11 does for its own headers; and the C ABI's shared library
``libstich_c.so`` with its header ``stich_c.h`` in the same include folder (docs/c-api.md); and the
WebAssembly module (``stich.mjs``, ``stich_core.mjs``, ``stich.wasm``, docs/wasm.md) where a wheel ships it."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _installed(path: Path, what: str) -> str:
    if not path.exists():
        raise FileNotFoundError(
            f"stich's {what} is not at {path}: this stich is a source tree, not an installed package "
            "(pip install . puts the headers, the core library and the CMake package into the package)"
        )
    return str(path)


def get_include() -> str:
    """The folder to put on the include path: ``#include "stich/stich.hpp"``."""
    return _installed(_HERE / "include", "include folder")


def get_cmake_dir() -> str:
    """The folder of ``stichConfig.cmake``: ``cmake -Dstich_DIR=...`` for ``find_package(stich CONFIG)``."""
    return _installed(_HERE / "share" / "cmake" / "stich", "CMake package")


def get_library() -> str:
    """The static library of the core (``libstich_core.a``, position-independent code)."""
    return _installed(_HERE / "lib" / "libstich_core.a", "core library")


def get_c_library() -> str:
    """The C ABI's shared library (``libstich_c.so``, docs/c-api.md); its header ``stich_c.h`` is in
    :func:`get_include`."""
    return _installed(_HERE / "lib" / "libstich_c.so", "C ABI library")


def get_wasm_dir() -> str:
    """The folder of the WebAssembly module a wheel ships (``stich.mjs`` and ``stich.wasm``,
    docs/wasm.md: ``bash tools/wasm.sh OUTDIR`` builds them from the source)."""
    folder = _HERE / "wasm"
    if not (folder / "stich.mjs").exists() or not (folder / "stich.wasm").exists():
        raise FileNotFoundError(
            f"this stich ships no WebAssembly module (no stich.mjs and stich.wasm in {folder}): only a wheel built "
            "with one has it; build it from the source with: bash tools/wasm.sh OUTDIR (docs/wasm.md)"
        )
    return str(folder)
