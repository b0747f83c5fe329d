"""Command line: ``python -m stich play|perft|bench|analyse|solve|config ...`` (the ``stich`` console script is the same).

Bad arguments exit with status 2 and a message; Ctrl-C exits with 130 (``analyse`` first prints the
search so far)."""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import perft
from .games import GAMES, game_named

if TYPE_CHECKING:
    from .search import SearchResult

DEFAULT_SECONDS = 2.0   # analyse's budget when none is given


def _read_hands(path: str | None) -> list[str | None] | None:
    """One hand per line, seat 0 first; '-' or an empty line leaves that seat random; '#' starts a comment."""
    if path is None:
        return None
    hands: list[str | None] = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        hands.append(None if line == "-" else line)
    return hands


def _game(name: str):
    try:
        return game_named(name)()
    except ValueError as e:
        raise SystemExit(str(e)) from None


def cmd_play(args: argparse.Namespace) -> int:
    """Deals (seeded, hands optionally pinned) and plays the deal out with random legal actions."""
    game = _game(args.game)
    state = game.deal(seed=args.seed, dealer=args.dealer, hands=_read_hands(args.hands))
    chooser = random.Random(args.seed)
    print(state)
    print()
    while not state.is_terminal:
        seat = state.current_player
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        print(f"seat {seat}: {action}")
    print()
    print(state)
    return 0


def _int_at_least(low: int):
    """An argparse type: an int >= low, else an error that says so."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"must be an int >= {low}, got {text!r}")
        return value
    return parse


_positive_int = _int_at_least(1)
_depth = _int_at_least(0)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds > 0, got {text!r}")
    return value


def cmd_perft(args: argparse.Namespace) -> int:
    game = _game(args.game)
    state = game.deal(seed=args.seed, dealer=args.dealer)
    for depth in range(args.depth + 1):
        print(f"depth {depth}: {perft(state, depth)}")
    return 0


def _thread_counts(text: str) -> tuple[int, ...]:
    """--threads: one thread count or a comma-separated list of them (each 1..256, no repeats)."""
    counts = []
    for part in text.split(","):
        try:
            value = int(part)
        except ValueError:
            value = 0
        if not 1 <= value <= 256:
            raise argparse.ArgumentTypeError(f"must be thread counts 1..256 separated by commas, got {text!r}")
        counts.append(value)
    if len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(f"names a thread count twice: {text!r}")
    return tuple(counts)


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import Options, run

    options = Options(iterations=args.iterations, threads=args.threads, repeats=args.repeats, warmup=args.warmup,
                      max_seconds=args.max_seconds, solve=not args.no_solve, peer=args.peer,
                      solve_deals=args.solve_deals)
    run(options, progress=False if args.no_progress else None, json_path=args.json, compare_path=args.compare)
    return 0


def _position_text(arg: str) -> str:
    """A position argument: a file, or the position text itself."""
    if "\n" not in arg and Path(arg).is_file():
        return Path(arg).read_text(encoding="utf-8")
    if "\n" not in arg and not arg.lstrip().startswith("stich position"):
        raise ValueError(f"no such position file: {arg!r}")
    return arg


def cmd_solve(args: argparse.Namespace) -> int:
    """Solves a position with every hand given (the full-deal notation) open-handed."""
    from .fulldeal import parse_full
    from .solve import solve

    position = parse_full(_position_text(args.position))
    state = position.state
    if state.current_player != position.seat:
        raise ValueError(f"seat {position.seat} is not to act in this position (seat {state.current_player} is)")
    if args.every_card:
        return _print_every_card(state, args.json)
    result = solve(state)
    print(result.to_json() if args.json else result)
    return 0


def _print_every_card(state: Any, as_json: bool) -> int:
    """``solve --every-card``: a solve at each decision from the position to the end of the deal,
    along the best cards (stich.analyse_deal), one line per decision."""
    import json

    from .solve import analyse_deal

    results = analyse_deal(state)
    if as_json:
        print(json.dumps([r.to_data() for r in results], indent=2))
        return 0
    unit = results[0].unit or "the game's unit"
    print(f"{results[0].game or 'position'}: every card analysed open-handed along the best cards "
          f"({len(results)} decisions; values are the return of the seat to act, {unit})")
    for i, r in enumerate(results, 1):
        others = ", ".join(f"{a} {v:+d}" for a, v in sorted(r.values.items(), key=lambda kv: (-kv[1], kv[0].id)))
        print(f"  {i:>2}. seat {r.root} plays {r.best} ({r.value:+d})  every card: {others}")
    print(f"{sum(r.nodes for r in results):,} nodes in {sum(r.seconds for r in results):.3f} s")
    return 0


EXACT_WORLDS = 1000   # analyse's default method is the exact analysis up to this many worlds


def cmd_analyse(args: argparse.Namespace) -> int:
    """Parses a position (a file or the text itself) and analyses the decision of its seat: the
    search, PIMC or the exact analysis (--method; by default exact when the worlds are few)."""
    from . import ismcts, parse
    from .solve import MAX_WORLDS, pimc

    position = parse(_position_text(args.position))
    state = position.state
    if state.current_player != position.seat:
        raise ValueError(f"seat {position.seat} is not to act in this position (seat {state.current_player} is)")
    method = args.method
    if method is None:
        few = state.phase == "play" and state.view(position.seat).count_worlds() <= EXACT_WORLDS
        method = "exact" if few else "ismcts"
    if method in ("pimc", "exact"):
        if args.iterations is not None:
            raise ValueError(f"--iterations is a budget of the search (--method ismcts), not of {method}")
        if state.phase != "play":
            raise ValueError(f"--method {method} solves the card play only; this position is in phase {state.phase!r} "
                             "(use --method ismcts)")
        if method == "exact":
            count = state.view(position.seat).count_worlds()
            if count > MAX_WORLDS:
                raise ValueError(f"the exact analysis would solve {count:,} worlds (at most {MAX_WORLDS:,}); "
                                 "use --method pimc or ismcts")
            worlds, seconds = count, None
        else:
            worlds, seconds = args.worlds, args.seconds
        analysis = pimc(state, worlds=worlds, threads=args.threads, seed=args.seed, seconds=seconds)
        print(analysis.to_json() if args.json else analysis)
        return 0
    if args.seconds is not None and args.iterations is not None:
        raise ValueError("give --iterations or --seconds, not both")
    seconds = args.seconds if args.seconds is not None or args.iterations is not None else DEFAULT_SECONDS
    show = (lambda r: r.to_json()) if args.json else str
    latest: list[SearchResult] = []   # the last report while searching: printed on Ctrl-C
    try:
        result = ismcts(state, iterations=args.iterations, seconds=seconds, threads=args.threads, seed=args.seed,
                        playout=args.playout, callback=latest.append, every=0.1)
    except KeyboardInterrupt:
        if latest:
            print(show(latest[-1]))
        print("stich: interrupted: the table above is the search so far" if latest else "stich: interrupted",
              file=sys.stderr)
        return 130
    print(show(result))
    return 0


def cmd_config(args: argparse.Namespace) -> int:
    """Where the installed C++ core is, for a C++ build (docs/embedding.md), as pybind11 says its own."""
    from . import __version__, get_cmake_dir, get_include, get_library

    print({"includedir": get_include, "cmakedir": get_cmake_dir, "library": get_library,
           "version": lambda: __version__}[args.what]())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stich", description="A fast engine for trick-taking card games.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="deal and play out one deal with random legal actions, printing every step")
    play.add_argument("game", help="game name: " + ", ".join(g.lower() for g in GAMES))
    play.add_argument("--seed", type=int, default=None, help="seed of the deal and of the random choices")
    play.add_argument("--dealer", type=int, default=0)
    play.add_argument("--hands", help="file with one hand per line (seat 0 first; '-' = random)")
    play.set_defaults(func=cmd_play)
    pf = sub.add_parser("perft", help="count the leaves of the tree of legal actions from a seeded deal")
    pf.add_argument("game")
    pf.add_argument("--seed", type=int, default=1)
    pf.add_argument("--dealer", type=int, default=0)
    pf.add_argument("--depth", type=_depth, default=6, help="plies (>= 0, default 6)")
    pf.set_defaults(func=cmd_perft)
    bench = sub.add_parser("bench", help="search and solve fixed positions: a signature, and speeds with their spread "
                                         "and context (docs/bench.md)")
    bench.add_argument("--iterations", type=_positive_int, default=20_000,
                       help="search iterations a position a run (default 20000; the signature always uses 20000)")
    bench.add_argument("--threads", type=_thread_counts, default=(1,),
                       help="thread count(s) of the search rows, e.g. 1,2,4 for a scaling table (default 1)")
    bench.add_argument("--repeats", type=_positive_int, default=5, help="measured runs of every row (default 5)")
    bench.add_argument("--warmup", type=_depth, default=1, help="unmeasured runs of every row first (default 1)")
    bench.add_argument("--max-seconds", type=_seconds, default=120.0,
                       help="no round of runs starts that would end after this many seconds (default 120; at least "
                            "one round is measured)")
    bench.add_argument("--no-solve", action="store_true", help="leave out the solver rows")
    bench.add_argument("--peer", choices=("openspiel",), default=None,
                       help="also OpenSpiel's ISMCTS on the Euchre positions, side by side (needs open_spiel)")
    bench.add_argument("--json", metavar="FILE", default=None, help="write the whole report to FILE as JSON")
    bench.add_argument("--compare", metavar="OLD.json", default=None,
                       help="compare with a report written by --json: ratios with their noise band")
    bench.add_argument("--solve-deals", type=_positive_int, default=None, help=argparse.SUPPRESS)   # tests: tiny rows
    bench.add_argument("--no-progress", action="store_true", help="no progress bar (there is none when stderr is not a terminal)")
    bench.set_defaults(func=cmd_bench)
    an = sub.add_parser("analyse", help="search the decision of a position (stich position notation)")
    an.add_argument("position", help="a position file, or the position text itself")
    an.add_argument("--iterations", type=_positive_int, default=None, help="an iteration budget (>= 1; reproducible)")
    an.add_argument("--seconds", type=_seconds, default=None,
                    help=f"a time budget in seconds (finite, > 0); the default is {DEFAULT_SECONDS:g}")
    an.add_argument("--threads", type=int, default=1)
    an.add_argument("--seed", type=int, default=1)
    an.add_argument("--playout", choices=("random", "heuristic"), default="heuristic",
                    help="playout policy (default heuristic, as stich.ismcts; docs/search.md)")
    an.add_argument("--method", choices=("ismcts", "pimc", "exact"), default=None,
                    help=f"ismcts: the search; pimc: open-hand solves of sampled worlds; exact: every world solved "
                         f"once. Default: exact in the card play when the worlds are at most {EXACT_WORLDS}, else ismcts")
    an.add_argument("--worlds", type=_positive_int, default=200, help="worlds for --method pimc (default 200)")
    an.add_argument("--json", action="store_true", help="print the result as JSON (SearchResult.to_json())")
    an.set_defaults(func=cmd_analyse)
    so = sub.add_parser("solve", help="solve a position with every hand given (hand0: ... lines) open-handed")
    so.add_argument("position", help="a position file with every seat's hand, or that text itself (docs/notation.md)")
    so.add_argument("--json", action="store_true", help="print the result as JSON (SolveResult.to_json())")
    so.add_argument("--every-card", action="store_true",
                    help="solve at every decision from the position to the end along the best cards (stich.analyse_deal)")
    so.set_defaults(func=cmd_solve)
    cf = sub.add_parser("config", help="where the installed C++ core is: headers, CMake package, library (docs/embedding.md)")
    what = cf.add_mutually_exclusive_group(required=True)
    what.add_argument("--includedir", dest="what", action="store_const", const="includedir",
                      help="the include folder (#include \"stich/stich.hpp\")")
    what.add_argument("--cmakedir", dest="what", action="store_const", const="cmakedir",
                      help="the CMake package folder: cmake -Dstich_DIR=$(python -m stich config --cmakedir)")
    what.add_argument("--library", dest="what", action="store_const", const="library", help="the static library libstich_core.a")
    what.add_argument("--version", dest="what", action="store_const", const="version", help="the version of stich")
    cf.set_defaults(func=cmd_config)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, OSError) as e:
        print(f"stich: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stich: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
