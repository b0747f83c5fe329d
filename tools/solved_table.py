"""Writes tests/data/solved.json: the exact open-hand values of every legal first card of seeded
whole deals, kept like the perft table (tests/common/test_solved_table.py checks the engine against it).

Each row is a deal of ``stich.<game>(**options)`` named by (seed, dealer), its hands as dealt
(checked, so that a changed shuffle is told apart from a changed solver), the decisions before
the first card (the heuristic bot's, seeded by the row's seed; recorded as texts), and
``values``: every legal first card's exact value for the seat to act. The games, option sets and
seeds are each game's (its hooks' ``SOLVED_ROWS``, tests/<game>/hooks.py); a game whose whole
deals are too big to solve here (its hooks' ``SOLVE_MOST_CARDS``) is played on by the heuristic
until the seat to act holds that many cards. Run it only when a value
is meant to change (a rule fixed), and say why in the commit:

    PYTHONPATH=python python tools/solved_table.py           # rewrite the table
    PYTHONPATH=python python tools/solved_table.py --check   # exit 1 if the engine disagrees
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import stich

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "data" / "solved.json"
sys.path.insert(0, str(ROOT / "tests"))
from helpers.hooks import HOOKS  # noqa: E402  (tests/helpers/hooks.py: each game's tests/<game>/hooks.py)

sys.path.pop(0)

# (game, options, seeds): every game with the solver, its main option sets (its hooks' SOLVED_ROWS);
# deals small enough to solve in well under a second each.
CASES: list[tuple[str, dict[str, Any], range]] = [
    (name, options, seeds) for name, hooks in HOOKS.items() if stich.GAMES[name].SOLVER for options, seeds in hooks.SOLVED_ROWS
]


def first_card(game: Any, seed: int, dealer: int) -> tuple[Any, list[str]]:
    """The deal played by the heuristic (seeded) up to its first card (or on, until the seat to act
    holds its hooks' SOLVE_MOST_CARDS cards), and the decisions taken."""
    state = game.deal(seed=seed, dealer=dealer)
    rng = random.Random(seed)
    moves = []
    most = getattr(HOOKS[game.name], "SOLVE_MOST_CARDS", 99)
    while not state.is_terminal and (state.phase != "play" or len(state.hand(state.current_player)) > most):
        action = state.heuristic_action(rng.getrandbits(32))
        moves.append(str(action))
        state.apply(action)
    return state, moves


def hands(state: Any) -> list[str]:
    return [str(state.hand(seat)) for seat in range(state.num_players)]


def rows() -> list[dict[str, Any]]:
    out = []
    for name, options, seeds in CASES:
        game = stich.GAMES[name](**options)
        for seed in seeds:
            dealer = seed % game.num_players
            dealt = game.deal(seed=seed, dealer=dealer)
            state, moves = first_card(game, seed, dealer)
            if state.is_terminal:   # thrown in before any card: nothing to solve
                continue
            result = stich.solve(state)
            out.append({"game": name, "options": options, "seed": seed, "dealer": dealer, "hands": hands(dealt),
                        "moves": moves, "to_act": state.current_player,
                        "values": {str(a): v for a, v in sorted(result.values.items(), key=lambda kv: kv[0].id)}})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the table instead of writing it")
    args = parser.parse_args(argv)
    made = rows()
    if args.check:
        kept = json.loads(TABLE.read_text(encoding="utf-8"))
        if kept != made:
            print(f"{TABLE.relative_to(ROOT)} disagrees with the engine", file=sys.stderr)
            return 1
        print(f"{len(made)} rows agree")
        return 0
    TABLE.write_text("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in made) + "\n]\n", encoding="utf-8")
    print(f"wrote {len(made)} rows to {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
