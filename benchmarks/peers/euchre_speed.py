"""Euchre against OpenSpiel's C++, one core, side by side in one run: the same as
`openspiel_speed.py --game Euchre` (random games a second, with the deal and from post-deal
positions; ISMCTS iterations a second with random rollouts at 20k and 100k iterations), under the
name issue 46's target uses.

Run:  PYTHONPATH=python python benchmarks/peers/euchre_speed.py [--positions 4] [--quick]
(needs open_spiel; about a minute).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import openspiel_speed  # noqa: E402

if __name__ == "__main__":
    if any(a == "--game" or a.startswith("--game=") for a in sys.argv[1:]):
        sys.exit("euchre_speed.py: Euchre only; for another game, openspiel_speed.py --game NAME")
    sys.argv[1:1] = ["--game", "Euchre"]
    openspiel_speed.main()
