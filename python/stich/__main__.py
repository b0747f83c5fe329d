"""Command line: ``python -m stich play|perft|bench|analyse|solve|review|match|serve|config ...``
(the ``stich`` console script is the same).

Bad arguments and files exit with status 2 and one line saying what is wrong; Ctrl-C exits with
130 (``analyse`` first says how far it got); a closed pipe (``| head``) ends quietly with 141."""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _core, perft
from .analysis import METHODS
from .errors import exit_status
from .games import GAMES

if TYPE_CHECKING:
    from .bots import Bot

DEFAULT_SECONDS = 2.0   # analyse's budget when none is given


def _read_hands(path: str | None) -> list[str | None] | None:
    """One hand per line, seat 0 first; '-' or an empty line leaves that seat random; '#' starts a comment."""
    if path is None:
        return None
    text = Path(path).read_text(encoding="utf-8-sig")
    if text.lstrip().startswith("stich position"):
        raise ValueError(f"{path} is a position, not a file of hands: analyse it with 'stich analyse' "
                         "('stich solve' where it gives every hand)")
    hands: list[str | None] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        hands.append(None if line == "-" else line)
    return hands


def _game(name: str, options: list[str] | None = None):
    """The game a name and ``--option key=value`` words give, read as the notation's game line
    reads them (docs/notation.md); the core's error naming the games or the option at fault."""
    from .games import Game

    return Game.from_rules(_core.game_rules(name, " ".join(options or [])))


BOT_NAMES = ("random", "heuristic", "ismcts", "pimc")


def _bots(text: str, game: Any, args: argparse.Namespace) -> list[Bot]:
    """--bots: one bot name for every seat, or one per seat, comma-separated."""
    from .bots import HeuristicBot, IsmctsBot, RandomBot
    from .solve import PimcBot

    names = [n.strip().lower() for n in text.split(",")]
    if len(names) == 1:
        names *= game.num_players
    if len(names) != game.num_players or any(n not in BOT_NAMES for n in names):
        raise ValueError(f"--bots takes one bot for every seat or one per seat ({game.num_players} for {game.name}), "
                         f"each of {', '.join(BOT_NAMES)}; got {text!r}")
    make: dict[str, Callable[[], Bot]] = {
        "random": RandomBot, "heuristic": HeuristicBot,
        "ismcts": lambda: IsmctsBot(iterations=args.iterations), "pimc": lambda: PimcBot(worlds=args.worlds)}
    return [make[n]() for n in names]


def cmd_review(args: argparse.Namespace) -> int:
    """Judges every decision of the records in a file (docs/review.md)."""
    from .records import read_records
    from .review import _stderr_bar, dump, resume, review, settings, summary_table

    records = read_records(args.file)
    made_with = settings(args.worlds, args.iterations, args.seed, not args.open_only)
    earlier: list[dict] = []
    if args.resume:
        if args.out is None:
            raise ValueError("--resume needs --out FILE: the reviews already written there are skipped")
        earlier = resume(args.out, records, made_with)   # the file cut after its last complete line
    skip = {rv["record"] for rv in earlier}
    out = open(args.out, "a" if args.resume else "w", encoding="utf-8") if args.out else None
    bar = _stderr_bar(len(records) - len(skip))
    reviews = []
    try:
        for rv in review(records, worlds=args.worlds, iterations=args.iterations, seed=args.seed, workers=args.workers, skip=skip,
                         view=not args.open_only, ray=args.ray):
            if out is not None or args.json:   # the JSON text only where it goes somewhere: it costs as much as the result's transfer
                line = dump({**rv, "settings": made_with})
                if out is not None:
                    # One line a review, written whole and flushed as it is done (only this process
                    # writes the file): Ctrl-C keeps every one; a kill leaves at most a part of the
                    # last, which --resume cuts and reviews again.
                    out.write(line + "\n")
                    out.flush()
                if args.json:
                    print(line, flush=True)
            reviews.append(rv)
            if bar is not None:
                bar.update()
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print(f"stich: interrupted after {len(reviews)} records" + (f"; {args.out} holds them (--resume goes on)" if args.out else ""),
              file=sys.stderr)
        return 130
    finally:
        if out is not None:
            out.close()
    reviews = sorted(earlier + reviews, key=lambda rv: rv["record"])   # the summary and the report cover the whole file
    if bar is not None:
        bar.close()
    if args.html is not None:
        from .review import html_report

        with open(args.html, "w", encoding="utf-8") as f:
            f.write(html_report(records, reviews))
    if not args.json:
        for rv in reviews:
            mistakes = [d for d in rv["decisions"] if d["view"] and d["view"]["mistake"]]
            print(f"record {rv['record'] + 1} ({rv['game']}): {len(rv['decisions'])} decisions, {len(mistakes)} mistakes")
            for d in mistakes:
                v = d["view"]
                print(f"  action {d['index']}: seat {d['seat']} played {d['played']}; {v['best']} better by {v['loss']:.3f} "
                      f"[{v['loss_low']:.3f}, {v['loss_high']:.3f}] ({v['method']})")
        print()
        print(summary_table(reviews))
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    """A duplicate match of two bots (docs/review.md, "Matches")."""
    from .bots import progress_bar
    from .match import duplicate_match

    if not args.duplicate:
        raise ValueError("stich match plays duplicate deals only: add --duplicate")
    game = _game(args.game, args.option)
    bar = progress_bar(args.deals, "deals", None)
    try:
        result = duplicate_match(game, args.a, args.b, deals=args.deals, seed=args.seed, workers=args.workers, sprt=args.sprt,
                                 iterations=args.iterations, worlds=args.worlds,
                                 progress=None if bar is None else (lambda done: bar.update(done - bar.n)))
    finally:
        if bar is not None:
            bar.close()
    print(result)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Plays deals with bots, printing each deal's play trick by trick and a final table."""
    from .bots import play_deals, progress_bar

    game = _game(args.game, args.option)
    dealer = args.dealer
    bots = _bots(args.bots, game, args)
    hands = _read_hands(args.hands)
    names = [b.name for b in bots]
    trick: list[str] = []

    def show(state: Any, seat: int, action: Any) -> None:
        if not state.trick_plays and state.trick_taker is None:   # not a card play
            print(f"  seat {seat} ({names[seat]}): {action}")
            return
        trick.append(f"{seat}:{action}")
        if state.trick_taker is not None:
            print(f"  trick: {' '.join(trick)}  -> seat {state.trick_taker}")
            trick.clear()

    bar = progress_bar(args.deals, "deals", None) if args.quiet else None
    returns: list[list[int]] = []
    seed = args.seed if args.seed is not None else random.randrange(2**63)
    print(f"{game!r}, {args.deals} deal{'s' if args.deals > 1 else ''} from seed {seed}; bots: "
          + ", ".join(f"seat {k} {n}" for k, n in enumerate(names)))

    def dealt(state: Any) -> None:
        print(f"deal {len(returns) + 1}:")
        print("\n".join("  " + line for line in str(state).splitlines()))

    records: list[Any] = []   # --record FILE: every finished deal as a record (docs/records.md)

    def on_deal(state: Any, deal_seed: int) -> None:
        if args.record is not None:
            from .records import Record

            records.append(Record.dealt(state, seed=deal_seed, names=names))
        if not args.quiet:
            dealt(state)

    def on_action(state: Any, seat: int, action: Any) -> None:
        if args.record is not None:
            records[-1] = records[-1].with_action(seat, action.text)
        if not args.quiet:
            show(state, seat, action)

    def save() -> None:
        if args.record is not None:
            from .records import write_records

            write_records(records[:len(returns)], args.record)   # the finished deals only

    try:
        for state in play_deals(game, bots, args.deals, seed, dealer, on_action=on_action, hands=hands, on_deal=on_deal):
            returns.append(state.returns())
            if bar is not None:
                bar.update()
            if not args.quiet:
                print(f"  {str(state).splitlines()[0]}")
                print("  returns: " + "  ".join(f"seat {k} {r:+d}" for k, r in enumerate(returns[-1])))
                print()
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        save()
        if returns:
            print(_play_table(names, returns, game.UNIT))
        print(f"stich: interrupted after {len(returns)} of {args.deals} deals" + (": the table above counts those"
                                                                                  if returns else ""), file=sys.stderr)
        return 130
    if bar is not None:
        bar.close()
    save()
    print(_play_table(names, returns, game.UNIT))
    return 0


def _play_table(names: list[str], returns: list[list[int]], unit: str) -> str:
    """Each seat's bot, total, mean a deal and (over several deals) the 95% interval of the mean."""
    from tabulate import tabulate

    rows = []
    for seat, name in enumerate(names):
        values = [r[seat] for r in returns]
        mean = sum(values) / len(values)
        row = [seat, name, sum(values), f"{mean:+.3f}"]
        if len(values) > 1:
            sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
            row.append(f"±{1.96 * sd / math.sqrt(len(values)):.3f}")
        rows.append(row)
    head = ["seat", "bot", f"total ({unit})", "mean a deal"] + (["95% interval"] if len(returns) > 1 else [])
    return tabulate(rows, head, colalign=("right", "left", "right", "right", "left"), disable_numparse=True)


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


def _port(text: str) -> int:
    value = _depth(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"must be a port 0..65535, got {text!r}")
    return value


def cmd_perft(args: argparse.Namespace) -> int:
    game = _game(args.game, args.option)
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
        text = Path(arg).read_text(encoding="utf-8-sig")   # a byte-order mark is no part of the position
        if not text.lstrip().startswith("stich position"):
            raise ValueError(f"{arg} is not a position (a position starts with the line 'stich position 1', "
                             "docs/notation.md); a file of one hand a line is for 'stich play GAME --hands FILE'")
        return text
    arg = arg.removeprefix("\ufeff")   # a byte-order mark is no part of the position
    if "\n" not in arg and not arg.lstrip().startswith("stich position"):
        raise ValueError(f"no such position file: {arg!r}")
    return arg


def cmd_solve(args: argparse.Namespace) -> int:
    """Solves a position with every hand given (the full-deal notation) open-handed."""
    from .fulldeal import parse_full
    from .solve import solve

    text = _position_text(args.position)
    if not _is_full_deal(text):
        raise ValueError("this position is one seat's view (no hand0: ... lines): analyse it with 'stich analyse', "
                         "or give every seat's hand (hand0: ... hand3: ...) to solve it open-handed")
    position = parse_full(text)
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


def cmd_analyse(args: argparse.Namespace) -> int:
    """Parses a position (a file or the text itself) and analyses the decision of its seat with
    stich.analyse: by default the method that fits the budget (the exact analysis where its
    estimated cost fits, else the search), with a progress display on a terminal."""
    from . import parse
    from .analysis import ExactCost, analyse

    text = _position_text(args.position)
    if _is_full_deal(text):
        raise ValueError("this position gives every seat's hand (hand0: ... lines): solve it open-handed with "
                         "'stich solve', or write it as one seat's view (a 'seat:' and a 'hand:' line) for 'stich analyse'")
    position = parse(text)
    state = position.state
    if state.current_player != position.seat:
        raise ValueError(f"seat {position.seat} is not to act in this position (seat {state.current_player} is)")
    if args.method == "pimc" and args.iterations is not None:
        raise ValueError("--iterations is a budget of the search (--method ismcts), not of pimc")
    seconds = args.seconds if args.seconds is not None else DEFAULT_SECONDS
    show = (lambda r: r.to_json()) if args.json else str
    latest: list[Any] = []   # the last progress report: printed on Ctrl-C
    bar = _Progress(enabled=not args.json and sys.stderr.isatty())

    def progress(report: Any) -> None:
        if isinstance(report, ExactCost):   # before it starts: what the exact analysis would take
            if bar.enabled:
                print(f"exact analysis: {report}", file=sys.stderr)
            return
        latest.append(report)
        if isinstance(report, tuple):
            bar.update(*report)

    try:
        result = analyse(state, seconds=seconds, seed=args.seed, method=args.method, threads=args.threads,
                         iterations=args.iterations, worlds=args.worlds, playout=args.playout, callback=progress)
    except KeyboardInterrupt:
        bar.close()
        report = latest[-1] if latest else None
        if isinstance(report, tuple) and report[1] == 0 and report[0] > 0:
            print(f"stich: interrupted: {report[0]:,} worlds solved in {report[2]:.1f} s; no values yet", file=sys.stderr)
        elif isinstance(report, tuple) and report[1] == 0:
            print(f"stich: interrupted after {report[2]:.1f} s while listing the deals to solve; none solved yet",
                  file=sys.stderr)
        elif isinstance(report, tuple):
            solved, total, elapsed = report
            print(f"stich: interrupted: {solved:,} of {total:,} deals solved ({solved / max(total, 1):.1%}) in "
                  f"{elapsed:.1f} s; no values yet (the exact analysis averages over every deal)", file=sys.stderr)
        elif report is not None:
            print(show(report))
            print("stich: interrupted: the table above is the search so far", file=sys.stderr)
        else:
            print("stich: interrupted before the analysis started (it was estimating the exact analysis's cost)",
                  file=sys.stderr)
        return 130
    bar.close()
    print(show(result))
    return 0


class _Progress:
    """A tqdm bar of deals solved with the time left, on stderr (only on a terminal); a counter with
    the rate when the total is open (``total`` 0: PIMC drawing worlds until its time is up)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Any = None

    def update(self, solved: int, total: int, elapsed: float) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total or None, unit="deal" if total else "world",
                            desc="exact analysis" if total else "PIMC", file=sys.stderr, dynamic_ncols=True)
        self.bar.update(solved - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _is_full_deal(text: str) -> bool:
    """A full-deal text (every hand given, for ``stich solve``) rather than one seat's view."""
    return _core.is_full_deal(text)


def cmd_board(args: argparse.Namespace) -> int:
    """The analysis board as a static site (docs/wasm.md): the page, its Web Worker and the
    WebAssembly module, for any static file host."""
    import shutil
    from pathlib import Path

    from ._paths import get_wasm_dir

    wasm = Path(args.wasm_dir if args.wasm_dir is not None else get_wasm_dir())
    missing = [n for n in ("stich.mjs", "stich_core.mjs", "stich.wasm") if not (wasm / n).is_file()]
    if missing:
        raise ValueError(f"--wasm-dir {wasm} lacks {', '.join(missing)}: build them with bash tools/wasm.sh {wasm}")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out} is a file, not a folder")
    (out / "stich").mkdir(parents=True, exist_ok=True)
    for f in (Path(__file__).parent / "board").iterdir():
        if f.suffix in (".html", ".js", ".mjs"):
            shutil.copyfile(f, out / f.name)
    for n in ("table.js", "style.css"):   # the served board's table drawing and look, shared
        shutil.copyfile(Path(__file__).parent / "web" / "static" / n, out / n)
    for n in ("stich.mjs", "stich_core.mjs", "stich.wasm"):
        shutil.copyfile(wasm / n, out / "stich" / n)
    print(f"wrote the board to {out}: serve the folder with any static file host (python -m http.server -d {out}) "
          "and open index.html")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The analysis board in the browser and its HTTP API (docs/web.md), until Ctrl-C."""
    try:
        from .web import Limits, serve
    except ImportError as e:
        raise ValueError(f"stich serve needs the web extra: pip install 'stich[web]' ({e})") from None
    try:
        serve(args.host, args.port, Limits(seconds=args.max_seconds, analyses=args.analyses), token=not args.no_token,
              allow_hosts=tuple(args.allow_host))
    except KeyboardInterrupt:
        print("stich: interrupted", file=sys.stderr, flush=True)
        sys.stdout.flush()
        # The server has stopped and cancelled its analyses; the interpreter's own teardown of
        # what it loaded (numpy, the core, the web stack) would take a few tenths of a second
        # more, and nothing is left to write: end now, so that Ctrl-C ends it within half a second.
        os._exit(130)
    return 0


def cmd_config(args: argparse.Namespace) -> int:
    """Where the installed C++ core and C ABI are, for a C or C++ build (docs/embedding.md, docs/c-api.md), as
    pybind11 says its own."""
    from . import __version__, get_c_library, get_cmake_dir, get_include, get_library
    from ._paths import get_wasm_dir

    print({"includedir": get_include, "cmakedir": get_cmake_dir, "library": get_library, "c-library": get_c_library,
           "wasm-dir": get_wasm_dir, "version": lambda: __version__}[args.what]())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stich", description="A fast engine for trick-taking card games.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play deals with bots, printing every trick and the final scores")
    play.add_argument("game", help="game name: " + ", ".join(g.lower() for g in GAMES))
    play.add_argument("--option", action="append", metavar="KEY=VALUE", default=[],
                      help="a game option as the notation writes it (e.g. players=6, games=Muck,Wenz); repeatable")
    play.add_argument("--bots", default="random",
                      help=f"one bot for every seat or one per seat, comma-separated: {', '.join(BOT_NAMES)} (default random)")
    play.add_argument("--deals", type=_positive_int, default=1, help="deals to play (default 1)")
    play.add_argument("--seed", type=int, default=None, help="seed of the deals and the bots (default: a random one, printed)")
    play.add_argument("--dealer", type=int, default=None, help="the dealer of every deal (default: rotating from seat 0)")
    play.add_argument("--hands", help="file with one hand per line (seat 0 first; '-' = random)")
    play.add_argument("--iterations", type=_positive_int, default=2000, help="iterations of an ismcts bot a decision (default 2000)")
    play.add_argument("--worlds", type=_positive_int, default=50, help="worlds of a pimc bot a decision (default 50)")
    play.add_argument("--quiet", action="store_true", help="print only the final table (with a progress bar on a terminal)")
    play.add_argument("--record", metavar="FILE", default=None,
                      help="write every finished deal as a record to FILE (JSON Lines if it ends in .jsonl, else the text form; "
                           "docs/records.md)")
    play.set_defaults(func=cmd_play)
    match_p = sub.add_parser("match", help="a duplicate match of two bots: the same deals with the seats rotated")
    match_p.add_argument("a", choices=("random", "heuristic", "ismcts", "pimc"), help="bot A")
    match_p.add_argument("b", choices=("random", "heuristic", "ismcts", "pimc"), help="bot B")
    match_p.add_argument("--game", default=next(iter(GAMES)).lower(), help="game name: " + ", ".join(g.lower() for g in GAMES))
    match_p.add_argument("--option", action="append", metavar="KEY=VALUE", default=[], help="a game option; repeatable")
    match_p.add_argument("--deals", type=_positive_int, default=100, help="duplicate deals (default 100)")
    match_p.add_argument("--duplicate", action="store_true", help="play every deal in every rotation of the seats (required)")
    match_p.add_argument("--seed", type=int, default=0, help="the seed of the deals and the bots (default 0)")
    match_p.add_argument("--workers", type=_positive_int, default=os.cpu_count() or 1, help="local processes (default: every core)")
    match_p.add_argument("--sprt", type=float, default=None, metavar="DELTA",
                         help="stop early once A is shown better by DELTA a deal or not better (SPRT, 5%% errors)")
    match_p.add_argument("--iterations", type=_positive_int, default=2000, help="iterations of an ismcts bot a decision (default 2000)")
    match_p.add_argument("--worlds", type=_positive_int, default=50, help="worlds of a pimc bot a decision (default 50)")
    match_p.set_defaults(func=cmd_match)
    review_p = sub.add_parser("review", help="judge every decision of the records in a file (docs/review.md)")
    review_p.add_argument("file", help="a records file (docs/records.md): the text form or JSON Lines")
    review_p.add_argument("--json", action="store_true", help="print one JSON object a record, as each is done")
    review_p.add_argument("--out", metavar="FILE", default=None, help="also write the JSON lines to FILE, each as it is done")
    review_p.add_argument("--resume", action="store_true", help="skip the records already in --out (a stopped run goes on)")
    review_p.add_argument("--workers", type=_positive_int, default=os.cpu_count() or 1,
                          help="local processes (default: every core); the output is the same for any number")
    review_p.add_argument("--worlds", type=_positive_int, default=100, help="PIMC worlds a card-play decision (default 100)")
    review_p.add_argument("--iterations", type=_positive_int, default=4000,
                          help="search iterations a decision before the card play (default 4000)")
    review_p.add_argument("--seed", type=int, default=0, help="the seed of every analysis (default 0)")
    review_p.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                          help="run on Ray: a cluster's ADDRESS, or without one a local instance of --workers CPUs (the ray extra); "
                               "the output is the same")
    review_p.add_argument("--open-only", action="store_true", help="the open-hand values alone (no view analysis: fast)")
    review_p.add_argument("--html", metavar="REPORT.html", default=None,
                          help="also write one self-contained page: a chart a deal (matplotlib, the review extra), the mistakes, the table")
    review_p.set_defaults(func=cmd_review)
    pf = sub.add_parser("perft", help="count the leaves of the tree of legal actions from a seeded deal")
    pf.add_argument("game", help="game name: " + ", ".join(g.lower() for g in GAMES))
    pf.add_argument("--option", action="append", metavar="KEY=VALUE", default=[], help="a game option (as for play); repeatable")
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
    bench.add_argument("--max-seconds", type=float, default=120.0,
                       help="no round of runs starts that would end after this many seconds (default 120; at least "
                            "one round is measured)")
    bench.add_argument("--no-solve", action="store_true", help="leave out the solver rows")
    bench.add_argument("--peer", choices=("openspiel",), default=None,
                       help="also OpenSpiel's ISMCTS on the positions of the game it plays the same way, side by side (needs open_spiel)")
    bench.add_argument("--json", metavar="FILE", default=None, help="write the whole report to FILE as JSON")
    bench.add_argument("--compare", metavar="OLD.json", default=None,
                       help="compare with a report written by --json: ratios with their noise band")
    bench.add_argument("--solve-deals", type=_positive_int, default=None, help=argparse.SUPPRESS)   # tests: tiny rows
    bench.add_argument("--no-progress", action="store_true", help="no progress bar (there is none when stderr is not a terminal)")
    bench.set_defaults(func=cmd_bench)
    an = sub.add_parser("analyse", help="analyse the decision of a position (stich position notation)")
    an.add_argument("position", help="a position file, or the position text itself")
    an.add_argument("--iterations", type=_positive_int, default=None, help="an iteration budget (>= 1; reproducible)")
    an.add_argument("--seconds", type=float, default=None,
                    help=f"the time budget in seconds (finite, > 0; default {DEFAULT_SECONDS:g}); --method exact may take longer")
    an.add_argument("--threads", type=int, default=1)
    an.add_argument("--seed", type=int, default=1)
    an.add_argument("--playout", choices=("random", "heuristic"), default="heuristic",
                    help="playout policy (default heuristic, as stich.ismcts; docs/search.md)")
    an.add_argument("--method", choices=METHODS, default="auto",
                    help="auto (default): the exact analysis where its estimated cost fits the budget, else the search; "
                         "exact: every consistent deal solved open-handed; pimc: sampled worlds solved; ismcts: the search")
    an.add_argument("--worlds", type=_positive_int, default=200, help="worlds for --method pimc (default 200)")
    an.add_argument("--json", action="store_true", help="print the result as JSON (Analysis.to_json(): the method, why, and the result)")
    an.set_defaults(func=cmd_analyse)
    so = sub.add_parser("solve", help="solve a position with every hand given (hand0: ... lines) open-handed")
    so.add_argument("position", help="a position file with every seat's hand, or that text itself (docs/notation.md)")
    so.add_argument("--json", action="store_true", help="print the result as JSON (SolveResult.to_json())")
    so.add_argument("--every-card", action="store_true",
                    help="solve at every decision from the position to the end along the best cards (stich.analyse_deal)")
    so.set_defaults(func=cmd_solve)
    sv = sub.add_parser("serve", help="the analysis board in the browser, with its HTTP API (docs/web.md; the web extra)")
    sv.add_argument("--port", type=_port, default=8765, help="the port (default 8765; 0: any free port, printed)")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens it to the network)")
    sv.add_argument("--max-seconds", type=float, default=30.0, help="the longest analysis a client may ask for (default 30)")
    sv.add_argument("--analyses", type=_positive_int, default=2, help="analyses running at once; more wait their turn (default 2)")
    sv.add_argument("--no-token", action="store_true",
                    help="ask no token of the API (default: a new token every start, in the address printed; docs/web.md)")
    sv.add_argument("--allow-host", action="append", metavar="NAME", default=[],
                    help="also answer requests for this host name (a reverse proxy's public name); repeatable")
    sv.set_defaults(func=cmd_serve)
    bd = sub.add_parser("board", help="the analysis board as a static site on the WebAssembly module, no server needed (docs/wasm.md)")
    bd.add_argument("--out", required=True, help="the folder to write the site into (made if missing)")
    bd.add_argument("--wasm-dir", help="the folder of stich.mjs and stich.wasm (default: the installed package's, "
                    "stich config --wasm-dir; from the source: bash tools/wasm.sh DIR)")
    bd.set_defaults(func=cmd_board)
    cf = sub.add_parser("config", help="where the installed C++ core and C ABI are: headers, CMake package, libraries (docs/embedding.md)")
    what = cf.add_mutually_exclusive_group(required=True)
    what.add_argument("--includedir", dest="what", action="store_const", const="includedir",
                      help="the include folder (#include \"stich/stich.hpp\")")
    what.add_argument("--cmakedir", dest="what", action="store_const", const="cmakedir",
                      help="the CMake package folder: cmake -Dstich_DIR=$(python -m stich config --cmakedir)")
    what.add_argument("--library", dest="what", action="store_const", const="library", help="the static library libstich_core.a")
    what.add_argument("--c-library", dest="what", action="store_const", const="c-library",
                      help="the C ABI's shared library libstich_c.so (its header stich_c.h is in --includedir; docs/c-api.md)")
    what.add_argument("--wasm-dir", dest="what", action="store_const", const="wasm-dir",
                      help="the folder of the WebAssembly module a wheel ships: stich.mjs, stich.wasm (docs/wasm.md)")
    what.add_argument("--version", dest="what", action="store_const", const="version", help="the version of stich")
    cf.set_defaults(func=cmd_config)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (`stich ... | head`): end quietly, as Unix tools do, with no more
        # writes to the closed pipe (Python would report them at exit).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as e:   # bad input (the core's kinds, Python's own checks): errors.STATUS's exit status
        status = exit_status(e)
        if status is None:
            raise
        print(f"stich: error: {e}", file=sys.stderr)
        return status
    except KeyboardInterrupt:
        print("stich: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
