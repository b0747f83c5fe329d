#!/usr/bin/env bash
# Formats the repository's C and C++ with clang-format in the style of .clang-format, in place;
# with --check, changes nothing and lists the files whose formatting differs (exit 1 if any).
#
#   bash tools/format.sh [--check]
#
# The files: *.c, *.h, *.cpp and *.hpp under csrc/, bindings/, examples/, benchmarks/ and tests/
# (git's tracked files in a checkout; elsewhere the same folders less build folders and the C++
# Cython generates in examples/cython). Nothing there is generated or vendored.
# CLANG_FORMAT names the program (default: clang-format, the test group's `clang-format` package,
# the major version pyproject.toml pins: another major formats some lines otherwise).
# tests/common/test_format.py runs the check.
set -euo pipefail

die() { echo "tools/format.sh: $*" >&2; exit 2; }

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) die "usage: bash tools/format.sh [--check]" ;;
esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
clang_format=${CLANG_FORMAT:-clang-format}
command -v "$clang_format" >/dev/null 2>&1 || die "$clang_format not found: pip install --group test (or set CLANG_FORMAT)"

folders=(csrc bindings examples benchmarks tests)
files=()
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    while IFS= read -r f; do files+=("$f"); done < <(git ls-files -- "${folders[@]/%//*.c}" "${folders[@]/%//*.h}" \
        "${folders[@]/%//*.cpp}" "${folders[@]/%//*.hpp}" | sort)
else
    while IFS= read -r f; do files+=("$f"); done < <(find "${folders[@]}" \( -name build -o -name '.*' -o -path examples/cython \) -prune \
        -o -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' \) -print | sort)
fi
[ ${#files[@]} -gt 0 ] || die "no C or C++ files found under ${folders[*]}"

if [ "$check" -eq 0 ]; then
    "$clang_format" -i "${files[@]}"
    echo "formatted ${#files[@]} files"
    exit 0
fi
# One run over every file; each line of a difference is reported as "FILE:LINE:COL: error: ...".
report=$("$clang_format" --dry-run -Werror "${files[@]}" 2>&1) && status=0 || status=$?
differ=()
while IFS= read -r f; do [ -n "$f" ] && differ+=("$f"); done < <(printf '%s\n' "$report" | sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if [ "$status" -ne 0 ] && [ ${#differ[@]} -eq 0 ]; then
    printf '%s\n' "$report" >&2
    die "$clang_format failed"
fi
if [ ${#differ[@]} -gt 0 ]; then
    echo "tools/format.sh: ${#differ[@]} of ${#files[@]} files differ from .clang-format's style (bash tools/format.sh formats them):" >&2
    printf '  %s\n' "${differ[@]}" >&2
    exit 1
fi
echo "${#files[@]} files in .clang-format's style"
