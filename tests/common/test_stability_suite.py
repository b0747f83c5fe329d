"""The search stability suite's positions (benchmarks/stability_positions.json, docs/search.md):
at least 60, every decision kind of every game, and each entry still replays to the position its
notation records (a rules change that moved them would silently change what the suite measures)."""

from __future__ import annotations

import collections
import sys

from helpers import ROOT

import stich

sys.path.insert(0, str(ROOT / "benchmarks"))

import stability_positions  # noqa: E402


def test_the_suite_covers_every_decision_kind_with_at_least_60_positions():
    entries = [entry for entry, _ in stability_positions.load()]
    assert len(entries) >= 60
    have = collections.Counter((e["game"], e["kind"]) for e in entries)
    want = {(game, kind): n for game, kinds in stability_positions.QUOTA.items() for kind, n in kinds.items()}
    assert have == want


def test_each_entry_replays_to_its_recorded_position_and_kind():
    for entry, state in stability_positions.load():
        assert stich.position_text(state) == entry["text"], entry
        legal = state.legal_actions()
        assert len(legal) >= 2
        if state.phase != "play":
            assert stability_positions.kind(state, legal, -1, 0) == entry["kind"], entry
        else:
            assert entry["kind"].startswith("play"), entry
