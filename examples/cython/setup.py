"""Builds the extension against the installed stich: its headers (stich.get_include()), its static
core (stich.get_library()) and its .pxd declarations (stich/cython/*.pxd, which Cython finds on
sys.path: `from stich.cython.games cimport ...`)."""

import stich
from Cython.Build import cythonize
from setuptools import Extension, setup

extension = Extension(
    "stich_cython_example._playouts",
    ["stich_cython_example/_playouts.pyx"],
    language="c++",
    include_dirs=[stich.get_include()],
    extra_objects=[stich.get_library()],   # libstich_core.a: position-independent, hidden symbols
    extra_compile_args=["-std=c++20", "-O2"],
    extra_link_args=["-pthread"],
)

setup(packages=["stich_cython_example"], ext_modules=cythonize([extension], language_level=3))
