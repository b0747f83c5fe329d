# stich's C++ core for Cython (docs/embedding.md, "Cython"): `from stich.cython.games cimport ...`.
# This file makes stich/cython a package Cython can cimport from; it declares nothing itself.
