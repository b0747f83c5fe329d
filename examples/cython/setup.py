"""Builds the extension against the installed stich: its headers (stich.get_include()), its static
core (stich.get_library()) and its .pxd declarations (stich/cython/*.pxd, which Cython finds on
sys.path: `from stich.cython.games cimport ...`)."""

from pathlib import Path

import stich
from Cython.Build import cythonize
from setuptools import Extension, setup

# Each .pyx of the package is one extension module (_playouts.pyx, _games.pyx).
extensions = [
    Extension(
        f"stich_cython_example.{pyx.stem}",
        [str(pyx)],
        language="c++",
        include_dirs=[stich.get_include()],
        extra_objects=[stich.get_library()],   # libstich_core.a: position-independent, hidden symbols
        extra_compile_args=["-std=c++20", "-O2"],
        extra_link_args=["-pthread"],
    )
    for pyx in sorted(Path("stich_cython_example").glob("*.pyx"))
]

setup(packages=["stich_cython_example"], ext_modules=cythonize(extensions, language_level=3))
