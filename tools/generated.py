"""What the generators of tools/ (stubs.py, options_doc.py) share: each makes some files, or parts
of files, from the registry; it rewrites those that differ, or with ``--check`` lists the stale
ones and exits 1 (the tests call ``stale`` the same way)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path


def stale(expected: dict[Path, str]) -> list[Path]:
    """The files whose text differs from what the generator makes."""
    return [p for p, text in expected.items() if not p.exists() or p.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None, description: str, expected: Callable[[], dict[Path, str]], root: Path, command: str) -> int:
    """Rewrite the stale files, or with --check name them and return 1."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="exit 1 if a checked-in file is stale; write nothing")
    args = parser.parse_args(argv)
    files = expected()
    old = stale(files)
    for p in old:
        if args.check:
            print(f"stale: {p.relative_to(root)} (run: {command})", file=sys.stderr)
        else:
            p.write_text(files[p], encoding="utf-8")
            print(f"wrote {p.relative_to(root)}")
    return 1 if args.check and old else 0
