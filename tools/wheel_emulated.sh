#!/usr/bin/env bash
# bash tools/wheel_emulated.sh WHEEL: runs an aarch64 wheel's smoke tests on an x86_64 machine,
# under user-mode emulation (docs/wheels.md "aarch64").
#
# No container and no binfmt_misc: Debian's qemu-user-static runs Debian's own arm64 Python
# (`qemu-aarch64-static -L ROOT`), taken from an arm64 Debian root that debootstrap's first stage
# downloads and this script unpacks (no second stage: that would need binfmt_misc to run arm64
# programs inside the root). The wheel is unpacked, not installed, beside the root's numpy and
# pytest; the smoke tests are the same as the wheel tests' (tests/common/test_wheel.py): every
# game's perft rows and the build's own report. The Python of the root is Debian bookworm's 3.11,
# so the wheel must be a cp311 one.
#
# Environment: STICH_ARM64_ROOT (default build/wheels/arm64-root: made once, ~120 MB),
# STICH_DEBIAN_MIRROR (default http://deb.debian.org/debian). Needs root for apt-get only when
# qemu-user-static or debootstrap is missing.
set -euo pipefail

die() { echo "tools/wheel_emulated.sh: $*" >&2; exit 1; }
say() { echo "== wheel_emulated: $* ($(date -u +%T))"; }

[ $# -eq 1 ] && [ -f "$1" ] || die "usage: bash tools/wheel_emulated.sh WHEEL (an aarch64 cp311 wheel of tools/wheels.sh)"
WHEEL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
case $(basename "$WHEEL") in
    stich-*-cp311-cp311-*aarch64.whl) ;;
    *) die "$(basename "$WHEEL") is not a cp311 aarch64 stich wheel (the emulated Python is Debian bookworm's 3.11)" ;;
esac
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARM=${STICH_ARM64_ROOT:-$ROOT/build/wheels/arm64-root}
MIRROR=${STICH_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! command -v qemu-aarch64-static >/dev/null || ! command -v debootstrap >/dev/null; then
    say "qemu-user-static and debootstrap from Debian"
    [ "$(id -u)" = 0 ] || die "qemu-user-static or debootstrap is missing and installing them needs root"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q qemu-user-static debootstrap >/dev/null \
        || die "apt-get could not install qemu-user-static debootstrap"
fi

if [ ! -x "$ARM/usr/bin/python3.11" ]; then
    say "an arm64 Debian root with Python, numpy and pytest in $ARM"
    rm -rf "$ARM"
    debootstrap --foreign --arch=arm64 --variant=minbase \
        --include=python3,python3-numpy,python3-pytest,python3-tqdm,python3-tabulate \
        bookworm "$ARM" "$MIRROR" >"$ARM.log" 2>&1 || die "debootstrap failed: see $ARM.log"
    # The first stage unpacks the base alone; the packages asked for wait in the cache.
    for deb in "$ARM"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$deb" "$ARM"; done
    # Debian's alternatives would link BLAS and LAPACK in the second stage: numpy needs both.
    ln -sf blas/libblas.so.3 "$ARM/usr/lib/aarch64-linux-gnu/libblas.so.3"
    ln -sf lapack/liblapack.so.3 "$ARM/usr/lib/aarch64-linux-gnu/liblapack.so.3"
fi

SITE=$(mktemp -d)
trap 'rm -rf "$SITE"' EXIT
python3 -m zipfile -e "$WHEEL" "$SITE"
say "the smoke tests of $(basename "$WHEEL") under qemu-aarch64-static"
cd "$SITE"   # outside the source tree: nothing is imported from python/
# The same environment as the wheel tests: no PYTHONPATH but the wheel's, no compiler on PATH.
arm_python() {
    env -i PATH=/usr/bin:/bin HOME="$SITE" PYTHONPATH="$SITE" PYTHONDONTWRITEBYTECODE=1 \
        qemu-aarch64-static -L "$ARM" "$ARM/usr/bin/python3.11" "$@"
}
arm_python -c "import platform, stich, stich._core as c; print(platform.machine(), stich.__file__, c.build_info()['dispatch'])"
arm_python -m pytest -q -p no:cacheprovider --rootdir "$ROOT" -c "$ROOT/pyproject.toml" \
    "$ROOT/tests/common/test_perft.py" "$ROOT/tests/common/test_build.py"
