"""Checks the shared libraries of a stich wheel against its manylinux tag (docs/wheels.md).

    python tools/wheel_check.py dist/stich-*.whl [--json]

For every ELF file in the wheel (the Python module, the C ABI library, any other): the libraries it
needs (DT_NEEDED) are the C library's and libgcc_s alone (the C++ runtime is linked in), every
symbol version it needs from them is no newer than the tag allows (GLIBC_x.y from the tag's own
glibc, GCC_x.y from the manylinux policy), and it exports only its own interface (the module:
PyInit__core; the C ABI: stich_*). The ELF is read here, in Python, so that the check needs no
binutils and reads a wheel of any architecture. Exit status 1 with one line per problem, 0 when
every file passes; auditwheel (tools/wheels.sh) checks the same needs by its own reading.
"""

from __future__ import annotations

import argparse
import json
import re
import struct
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

# The system libraries a manylinux wheel may need (PEP 599/600; the C++ runtime is not among those
# stich needs: it is linked in).
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libgcc_s.so.1",
                  "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}
# libgcc_s's newest symbol version per tag and architecture (auditwheel's manylinux policy).
GCC_MAX = {("manylinux_2_17", "x86_64"): (4, 8, 0), ("manylinux_2_17", "aarch64"): (4, 7, 0),
           ("manylinux_2_28", "x86_64"): (7, 0, 0), ("manylinux_2_28", "aarch64"): (7, 0, 0)}
MACHINES = {62: "x86_64", 183: "aarch64"}
# What each library may export (its defined global dynamic symbols), by file name.
EXPORTS = [(re.compile(r"_core\..*\.so$"), re.compile(r"PyInit__core$")),
           (re.compile(r"libstich_c\.so"), re.compile(r"stich_\w+$"))]


@dataclass
class Elf:
    machine: str
    needed: list[str] = field(default_factory=list)
    versions: dict[str, list[str]] = field(default_factory=dict)   # library -> version names needed
    exports: list[str] = field(default_factory=list)


def read_elf(data: bytes) -> Elf:
    """The dynamic section's needs, the version needs and the exported symbols of a 64-bit
    little-endian ELF shared object."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    (machine,) = struct.unpack_from("<H", data, 18)
    shoff, = struct.unpack_from("<Q", data, 40)
    shentsize, shnum = struct.unpack_from("<HH", data, 58)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    by_type = {s[1]: s for s in sections}

    def strtab(index: int, offset: int) -> str:
        base = sections[index][4] + offset
        return data[base:data.index(b"\0", base)].decode()

    elf = Elf(MACHINES.get(machine, f"machine {machine}"))
    dynamic = by_type.get(6)   # SHT_DYNAMIC
    if dynamic:
        for i in range(dynamic[5] // 16):
            tag, val = struct.unpack_from("<qQ", data, dynamic[4] + 16 * i)
            if tag == 0:
                break
            if tag == 1:   # DT_NEEDED
                elf.needed.append(strtab(dynamic[6], val))
    verneed = by_type.get(0x6FFFFFFE)   # SHT_GNU_verneed
    if verneed:
        pos, link = verneed[4], verneed[6]
        while True:
            _, cnt, file_off, aux, nxt = struct.unpack_from("<HHIII", data, pos)
            names = elf.versions.setdefault(strtab(link, file_off), [])
            apos = pos + aux
            for _ in range(cnt):
                _, _, _, name_off, anext = struct.unpack_from("<IHHII", data, apos)
                names.append(strtab(link, name_off))
                apos += anext
            if not nxt:
                break
            pos += nxt
    dynsym = by_type.get(11)   # SHT_DYNSYM
    if dynsym:
        for i in range(1, dynsym[5] // 24):
            name, info, _, shndx, _, _ = struct.unpack_from("<IBBHQQ", data, dynsym[4] + 24 * i)
            if shndx != 0 and info >> 4 in (1, 2):   # defined, global or weak
                elf.exports.append(strtab(dynsym[6], name))
    return elf


def version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text))


def check(name: str, elf: Elf, tag: str) -> list[str]:
    """The problems of one library against the manylinux tag (e.g. manylinux_2_17_x86_64)."""
    m = re.fullmatch(r"(manylinux_(\d+)_(\d+))_(\w+)", tag)
    if not m:
        return [f"{name}: {tag!r} is not a manylinux_X_Y_ARCH tag"]
    policy, glibc, arch = m.group(1), (int(m.group(2)), int(m.group(3))), m.group(4)
    problems = []
    if elf.machine != arch:
        problems.append(f"{name}: built for {elf.machine}, the tag says {arch}")
    for lib in elf.needed:
        if lib not in ALLOWED_NEEDED:
            problems.append(f"{name}: needs {lib}, which a manylinux system need not have (allowed: "
                            f"{', '.join(sorted(ALLOWED_NEEDED))})")
    gcc_max = GCC_MAX.get((policy, arch))
    for lib, names in elf.versions.items():
        for v in names:
            if v.startswith("GLIBC_") and v[6:7].isdigit() and version(v) > glibc:
                problems.append(f"{name}: needs {v} from {lib}, newer than {tag} allows (GLIBC_{glibc[0]}.{glibc[1]})")
            elif v.startswith("GCC_") and (gcc_max is None or version(v) > gcc_max):
                problems.append(f"{name}: needs {v} from {lib}, newer than {tag} allows")
            elif v.startswith(("GLIBCXX_", "CXXABI_")):
                problems.append(f"{name}: needs {v} from {lib}: the C++ runtime should be linked in")
    for pattern, allowed in EXPORTS:
        if pattern.search(name):
            extra = sorted(s for s in elf.exports if not allowed.match(s))
            if extra:
                problems.append(f"{name}: exports {len(extra)} symbols beyond its interface, e.g. {', '.join(extra[:5])}")
    return problems


def wheel_tag(wheel: Path) -> str:
    """The manylinux tag of a wheel's file name (the newest, when it has several)."""
    platforms = wheel.stem.split("-")[-1].split(".")
    tags = sorted((p for p in platforms if p.startswith("manylinux_")), key=version)
    if not tags:
        raise SystemExit(f"{wheel.name}: no manylinux_X_Y tag in the name (auditwheel repair gives one)")
    return tags[-1]


def libraries(wheel: Path) -> dict[str, Elf]:
    with zipfile.ZipFile(wheel) as z:
        out = {}
        for info in z.infolist():
            with z.open(info) as f:
                if f.read(4) == b"\x7fELF":
                    out[info.filename] = read_elf(z.read(info))
        return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wheel", type=Path)
    ap.add_argument("--json", action="store_true", help="print each library's needs as JSON")
    args = ap.parse_args()
    tag = wheel_tag(args.wheel)
    libs = libraries(args.wheel)
    problems = [] if libs else [f"{args.wheel.name}: no shared library inside"]
    for name, elf in libs.items():
        problems += check(name, elf, tag)
    if args.json:
        print(json.dumps({n: {"machine": e.machine, "needed": e.needed, "versions": e.versions, "exports": e.exports}
                          for n, e in libs.items()}, indent=1))
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        for name, elf in libs.items():
            newest = max((v for vs in elf.versions.values() for v in vs if v.startswith("GLIBC_") and v[6:7].isdigit()),
                         key=version, default="none")
            print(f"{name}: {elf.machine}, needs {', '.join(elf.needed)}; newest glibc symbol {newest}; "
                  f"exports {', '.join(elf.exports)}: fits {tag}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
