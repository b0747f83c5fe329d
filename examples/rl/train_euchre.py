"""A small Euchre policy trained with stich's vector environment, NumPy only (docs/rl.md).

Seat 0 learns a linear softmax policy over the observation tensor by REINFORCE (the policy
gradient with the batch's mean return as baseline); its partner and both opponents are stich bots
played inside the C++ core. Every round deals ``--envs`` deals anew, plays them to the end and
updates the policy once. Then the greedy policy (the most probable legal action) and the untrained
one (uniform among the legal actions) play held-out seeded deals against random and heuristic bots:
the mean return a deal of seat 0 with a 95% interval, and the trained policy's gain over the
untrained one on the same deals.

    PYTHONPATH=python python examples/rl/train_euchre.py [--rounds 300] [--envs 512] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

import stich.envs

EVAL_SEED = 10**9   # held-out deals: training seeds are below it


class Policy:
    """Logits = observation @ W + b over the fixed action space, illegal actions masked out."""

    def __init__(self, features: int, actions: int) -> None:
        self.w = np.zeros((features, actions), np.float32)
        self.b = np.zeros(actions, np.float32)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = x @ self.w + self.b
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action a row of probabilities."""
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


def play_round(env: stich.envs.VectorEnv, seed: int, choose) -> tuple[list, np.ndarray]:
    """Every env's deal from `seed` played to its end: the learner's steps (observation, mask,
    action, env) and each env's return for seat 0."""
    obs, _ = env.reset(seed=seed)
    running = np.ones(env.num_envs, bool)
    returns = np.zeros(env.num_envs, np.float32)
    steps = []
    while running.any():
        x, mask = obs["observation"].copy(), obs["action_mask"].copy()
        acting = running & mask.any(axis=1)
        actions = mask.argmax(axis=1)   # envs done with their round's deal: any legal action (the next deal is not used)
        if acting.any():
            actions[acting] = choose(x[acting], mask[acting])
            steps.append((x[acting], mask[acting], actions[acting], np.flatnonzero(acting)))
        obs, rewards, ended, _, _ = env.step(actions)
        ended = ended & running   # a copy: the env's array is rewritten by the next step
        returns[ended] = rewards[ended, 0]
        running &= ~ended
    return steps, returns


def train(rounds: int, envs: int, seed: int, lr: float = 0.05, opponents: str = "random", progress: bool = True) -> Policy:
    env = stich.envs.VectorEnv("euchre", num_envs=envs, seed=seed, seat=0, opponents=opponents)
    game = env.game
    policy = Policy(game.observation_shape[0], game.num_distinct_actions)
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    for r in range(rounds):
        steps, returns = play_round(env, seed * 100_003 + r, lambda x, m: sample(policy.probabilities(x, m), rng))
        advantage = (returns - returns.mean()) / (returns.std() + 1e-6)
        gw, gb = np.zeros_like(policy.w), np.zeros_like(policy.b)
        for x, mask, a, which in steps:
            p = policy.probabilities(x, mask)
            g = -p
            g[np.arange(len(a)), a] += 1.0        # d log pi(a) / d logits
            g *= advantage[which][:, None]
            gw += x.T @ g
            gb += g.sum(axis=0)
        policy.w += lr * gw / envs
        policy.b += lr * gb / envs
        if progress and (r + 1) % max(1, rounds // 10) == 0:
            print(f"round {r + 1}/{rounds}: mean return {returns.mean():+.3f} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return policy


def evaluate(choose, opponents: str, deals: int, seed: int = EVAL_SEED, envs: int = 500) -> np.ndarray:
    """Seat 0's return in each of `deals` held-out deals (the same deals for every policy)."""
    env = stich.envs.VectorEnv("euchre", num_envs=envs, seed=seed, seat=0, opponents=opponents)
    out = []
    for k in range(math.ceil(deals / envs)):
        out.append(play_round(env, seed + k, choose)[1])
    return np.concatenate(out)[:deals]


def interval(values: np.ndarray) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    m = float(values.mean())
    h = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return m, m - h, m + h


def greedy(policy: Policy):
    return lambda x, m: policy.probabilities(x, m).argmax(axis=1)


def uniform(seed: int):
    rng = np.random.default_rng(seed)
    return lambda x, m: sample(m / m.sum(axis=1, keepdims=True), rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="policy updates (default 300)")
    parser.add_argument("--envs", type=int, default=512, help="deals a round (default 512)")
    parser.add_argument("--deals", type=int, default=5000, help="held-out deals per evaluation (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    policy = train(args.rounds, args.envs, args.seed)
    print(f"trained on {args.rounds * args.envs:,} deals in {time.perf_counter() - t0:.0f} s")
    for opponents in ("random", "heuristic"):
        trained = evaluate(greedy(policy), opponents, args.deals)
        untrained = evaluate(uniform(args.seed), opponents, args.deals)
        m, lo, hi = interval(trained)
        um, ulo, uhi = interval(untrained)
        dm, dlo, dhi = interval(trained - untrained)
        print(f"against {opponents} bots ({args.deals:,} held-out deals, seat 0's return a deal): trained {m:+.3f} "
              f"[{lo:+.3f}, {hi:+.3f}], untrained {um:+.3f} [{ulo:+.3f}, {uhi:+.3f}], gain {dm:+.3f} [{dlo:+.3f}, {dhi:+.3f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
