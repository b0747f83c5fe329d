"""The WebAssembly build for the tests (docs/wasm.md): ``bash tools/wasm.sh`` into pytest's cache
(kept between runs: the script rebuilds only what changed), or a skip saying what is missing."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from helpers import ROOT


def built_wasm(config) -> str:
    """The folder of a current build (stich.mjs, stich_core.mjs, stich.wasm)."""
    if not shutil.which("node"):
        pytest.skip("node is not installed (the wasm build and its tests need Node.js 20)")
    if not shutil.which("em++") and not (shutil.which("apt-get") and os.geteuid() == 0):
        pytest.skip("emscripten (em++) is not installed and apt-get cannot install it here (see docs/wasm.md)")
    out = config.cache.mkdir("stich-wasm")
    done = subprocess.run(["bash", str(ROOT / "tools" / "wasm.sh"), str(out)], capture_output=True, text=True)
    assert done.returncode == 0, f"tools/wasm.sh failed:\n{done.stderr[-4000:]}"
    return str(out)
