"""The version of stich: the one place it is written (pyproject.toml, CMakeLists.txt and the C++
header stich/version.hpp read it from here)."""

__version__ = "0.1.0"
