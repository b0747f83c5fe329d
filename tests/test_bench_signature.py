"""The bench signature (``stich bench``): total iterations and a checksum of every root visit count
of its fixed positions. It depends only on the code, so it is asserted against the value the
README records: a change to the search, a game's rules or the bench positions must update both in
the same commit and say why."""

from __future__ import annotations

import re
from pathlib import Path

import stich.bench

README = Path(__file__).resolve().parents[1] / "README.md"


def recorded_signature() -> str:
    text = " ".join(README.read_text(encoding="utf-8").split())
    match = re.search(r"signature `(\d+ iterations, checksum [0-9a-f]{16})`", text)
    assert match, "the README records no bench signature"
    return match.group(1)


def test_bench_signature_is_the_recorded_one():
    assert stich.bench.signature()["text"] == recorded_signature()
