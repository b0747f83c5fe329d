"""stich match (docs/review.md, "Matches"): duplicate deals, the same result on any number of
workers, the interval and the SPRT."""

from __future__ import annotations

import subprocess
import sys

import pytest

import stich
from stich.match import duplicate_match


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_the_match_is_the_same_on_any_number_of_workers(name):
    game = stich.GAMES[name]()
    one = duplicate_match(game, "heuristic", "random", deals=12, seed=3, workers=1)
    two = duplicate_match(game, "heuristic", "random", deals=12, seed=3, workers=2)
    assert one == two and one.deals == 12
    assert one.low <= one.diff <= one.high and one.diff == pytest.approx(one.mean_a - one.mean_b)


def test_duplicate_deals_cancel_the_cards():
    """A bot against itself: every rotation gives both sides the same cards and the same play,
    so the difference is exactly 0 in a zero-sum two-team game."""
    game = stich.Euchre()
    r = duplicate_match(game, "heuristic", "heuristic", deals=30, seed=1)
    assert r.diff == 0 and r.mean_a == -r.mean_b == 0


def test_the_heuristic_beats_random_play_and_the_sprt_stops():
    game = stich.Euchre()
    r = duplicate_match(game, "heuristic", "random", deals=200, seed=2)
    assert r.low > 0
    stopped = duplicate_match(game, "heuristic", "random", deals=500, seed=2, sprt=0.5)
    assert stopped.sprt == "H1" and stopped.deals < 500


def test_match_arguments_and_cli():
    game = stich.Couillon()
    with pytest.raises(ValueError, match="unknown bot 'strong'"):
        duplicate_match(game, "strong", "random")
    with pytest.raises(ValueError, match="sprt must be None or a difference > 0"):
        duplicate_match(game, "random", "random", sprt=-1)
    out = subprocess.run([sys.executable, "-m", "stich", "match", "heuristic", "random", "--game", "mucken", "--deals", "10",
                          "--duplicate", "--workers", "1"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "heuristic against random, 10 deals (duplicate)" in out.stdout, out.stderr
    out = subprocess.run([sys.executable, "-m", "stich", "match", "heuristic", "random", "--deals", "10"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "add --duplicate" in out.stderr
