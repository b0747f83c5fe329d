"""``stich bench``: a fixed list of decision points searched with fixed seeds and budgets.

The signature (total iterations and a checksum of every root visit count) depends only on the
code, never on the machine or its load; the speeds are information.
"""

from __future__ import annotations

import hashlib
import platform
import random
import time
from dataclasses import dataclass

from .bots import progress_bar
from .games import GAMES, Game
from .search import ismcts


@dataclass(frozen=True)
class BenchPosition:
    name: str
    game: Game
    seed: int
    moves: tuple[str, ...]   # applied after the deal; "*" plays a seeded random legal action

    def state(self):
        s = self.game.deal(seed=self.seed, dealer=self.seed % self.game.num_players)
        rng = random.Random(self.seed)
        for m in self.moves:
            s.apply(rng.choice(s.legal_actions()) if m == "*" else m)
        return s


def positions() -> list[BenchPosition]:
    """Every registered game's bench positions, in registry order (each game lists its own)."""
    return [BenchPosition(name, game(**options), seed, moves)
            for game in GAMES.values() for name, options, seed, moves in game.BENCH]


def run(iterations: int = 20_000, threads: int = 1, out=print, progress: bool | None = False) -> str:
    """Searches every position with seed 1; prints one line per position and the signature.
    ``progress``: a bar on stderr with the rate, ETA and running mean speed (None: when stderr is a
    terminal)."""
    digest = hashlib.sha256()
    total = 0
    seconds = 0.0
    out(f"stich bench: {iterations} iterations per position, {threads} thread(s), {platform.machine()}")
    bar = progress_bar(len(positions()), "positions", progress)
    for p in positions():
        state = p.state()
        t = time.perf_counter()
        r = ismcts(state, iterations=iterations, threads=threads, seed=1)
        seconds += time.perf_counter() - t
        total += r.iterations
        for row in sorted(r.table, key=lambda row: row.action.id):
            digest.update(f"{p.name}|{row.action}|{row.visits};".encode())
        line = f"  {p.name:<28} best {str(r.best):<16} {r.speed:>12,.0f} it/s"
        if bar is None:
            out(line)
        else:
            (bar.write if out is print else out)(line)   # above the bar
            bar.update()
            bar.set_postfix_str(f"mean {total / seconds:,.0f} it/s", refresh=False)
    if bar is not None:
        bar.close()
    signature = f"{total} iterations, checksum {digest.hexdigest()[:16]}"
    out(f"signature: {signature}")
    out(f"speed: {total / seconds:,.0f} iterations/s over all positions")
    return signature
