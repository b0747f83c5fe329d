"""Same-game speed: a game OpenSpiel plays the same way (Euchre, Hearts: `--game`) in stich against
OpenSpiel's C++ implementation, side by side in one run.

- Random games per second, one core: whole games with the deal (stich's C++ batch
  `<Game>.random_playouts`; OpenSpiel's C++ `pyspiel.evaluate_bots` with four C++ uniform random
  bots from the initial state, chance actions sampled, one Python call per game), and from
  post-deal positions (the same deals in both engines, by the game's bridge stich.peers.<game>;
  `<Game>().random_playouts(n, from_deal=seed, dealer=seed % 4)`, and the
  faster of two OpenSpiel loops: `evaluate_bots` on a clone of the state, and the pure C++ loop of
  its `RandomRolloutEvaluator(n)`, run as the one leaf evaluation of an ISMCTSBot with two
  simulations, i.e. 2n rollouts a call).
- ISMCTS iterations per second from the same post-deal positions at 20k and 100k iterations, one
  random rollout per leaf, one thread: `stich.ismcts(playout="random")` (and with
  `others_before_play="tree"`: every decision in the tree, as OpenSpiel's) and OpenSpiel's C++
  `ISMCTSBot` (a new world each iteration, as its tests build it).

Run:  PYTHONPATH=python python benchmarks/peers/openspiel_speed.py [--game Hearts] [--positions 4] [--quick]
(needs open_spiel; about a minute).
"""

from __future__ import annotations

import argparse
import itertools
import statistics

import pyspiel

import stich
from stich.peers import openspiel_bridges, openspiel_ismcts, timed


def openspiel_random_games(bots, start, n: int) -> float:
    """n random games from start() with OpenSpiel's C++ game loop; their mean return of seat 0."""
    total = 0.0
    for i in range(n):
        total += pyspiel.evaluate_bots(start(), bots, i)[0]
    return total / n


def openspiel_rollouts(o, n: int) -> int:
    """2n random rollouts from o in OpenSpiel's C++ RandomRolloutEvaluator: an ISMCTSBot with two
    simulations evaluates two leaves (the root's world, then one child), n rollouts each."""
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(n, 1), 2.0, 2, -1,
                            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    return bot.step(o)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=4, help="post-deal positions (the first N deal seeds whose position has a choice)")
    parser.add_argument("--quick", action="store_true", help="smaller batches and budgets (a smoke run)")
    parser.add_argument("--game", default="Euchre", help="a game OpenSpiel plays the same way (default Euchre)")
    args = parser.parse_args()
    scale = 20 if args.quick else 1
    bridges = openspiel_bridges()
    if args.game not in bridges:
        parser.error(f"--game must be one of {', '.join(bridges)}")
    bridge = bridges[args.game]
    game = bridge.GAME()
    os_game = pyspiel.load_game(game.OPENSPIEL, dict(game.options))
    # The first post-deal positions with a choice (deal seeds 1, 2, ...): where one action is legal
    # (Hearts without a pass: the two of clubs' lead) OpenSpiel's ISMCTS returns without searching.
    seeds, positions = [], []
    for seed in itertools.count(1):
        if len(positions) == args.positions:
            break
        s, o = bridge.deal_pair(seed, game, os_game)
        if len(o.legal_actions()) > 1:
            seeds.append(seed)
            positions.append((s, o))
    rows = []

    # Whole games, with the deal.
    n_stich, n_os = 2_000_000 // scale, 200_000 // scale
    _, t_stich = timed(game.random_playouts, n_stich, seed=1)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(4)]
    _, t_os = timed(openspiel_random_games, bots, lambda: os_game.new_initial_state(), n_os)
    rows.append(("random games with the deal", n_stich / t_stich, n_os / t_os, "games/s"))

    # From post-deal positions.
    n_stich, n_os = 1_000_000 // scale, 100_000 // scale
    rs, ro = [], []
    for s_seed, (s, o) in zip(seeds, positions):
        _, t = timed(game.random_playouts, n_stich, seed=1, from_deal=s_seed, dealer=s.dealer)
        rs.append(n_stich / t)
        _, t = timed(openspiel_random_games, bots, o.clone, n_os)
        _, t_rollouts = timed(openspiel_rollouts, o, n_os // 2)
        ro.append(max(n_os / t, n_os // 2 * 2 / t_rollouts))
    rows.append(("random games from a post-deal position", statistics.mean(rs), statistics.mean(ro), "games/s"))

    # ISMCTS from the same positions. stich's default plays the other seats' decisions before the
    # card play (Hearts' passes) by its heuristic; OpenSpiel's ISMCTS keeps every decision in its
    # tree, as stich does with others_before_play="tree" (its row, against the same OpenSpiel runs).
    for iterations in (20_000 // scale, 100_000 // scale):
        rs, rt, ro = [], [], []
        for s, o in positions:
            res, t = timed(stich.ismcts, s, iterations=iterations, threads=1, seed=1, playout="random")
            assert sum(r.visits for r in res.table) == iterations
            rs.append(iterations / t)
            res, t = timed(stich.ismcts, s, iterations=iterations, threads=1, seed=1, playout="random", others_before_play="tree")
            assert sum(r.visits for r in res.table) == iterations
            rt.append(iterations / t)
            bot = openspiel_ismcts(1, iterations)
            action, t = timed(bot.step, o)
            assert action in o.legal_actions()
            ro.append(iterations / t)
        name = f"ISMCTS, {iterations:,} iterations, random rollouts"
        rows.append((name, statistics.mean(rs), statistics.mean(ro), "iterations/s"))
        rows.append((name + ", others' decisions in the tree", statistics.mean(rt), statistics.mean(ro), "iterations/s"))

    print(f"{game.name}, stich {stich.__version__} vs OpenSpiel (pyspiel), one core, {args.positions} post-deal positions")
    print("| measure | stich | OpenSpiel | ratio |")
    print("|---|---:|---:|---:|")
    for name, a, b, unit in rows:
        print(f"| {name} | {a:,.0f} {unit} | {b:,.0f} {unit} | {a / b:.0f}x |", flush=True)


if __name__ == "__main__":
    main()
