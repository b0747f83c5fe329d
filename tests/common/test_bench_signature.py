"""The bench signature (``stich bench``): total iterations and a checksum of every root visit count
of its fixed positions. It depends only on the code, so it is asserted against the value the
docs/bench.md records: a change to the search, a game's rules or the bench positions must update both in
the same commit and say why."""

from __future__ import annotations

from helpers import recorded_signature

import stich.bench


def test_bench_signature_is_the_recorded_one():
    assert stich.bench.signature()["text"] == recorded_signature()
