"""Vector environment steps a second, every game, one thread, observations (float32 and uint8)
and masks written (docs/rl.md, "Speed"; benchmarks/rl/bench_rl.py measures against the peers).

Run:  python -m pytest benchmarks/rl --benchmark-enable
"""

from __future__ import annotations

import pytest

import stich

pytest.importorskip("gymnasium", reason="the rl extra (pettingzoo, gymnasium) is not installed")
import stich.envs  # noqa: E402

NUM_ENVS = 512
CALLS = 20   # steps of every env a timed call


@pytest.mark.parametrize("dtype", ["float32", "uint8"])
@pytest.mark.parametrize("name", list(stich.GAMES))
def test_vector_env_steps(benchmark, name, dtype):
    v = stich.envs.VectorEnv(name, num_envs=NUM_ENVS, threads=1, seed=1, observation_dtype=dtype)
    obs, info = v.reset(seed=1)

    def steps():
        nonlocal obs, info
        for _ in range(CALLS):
            obs, _, _, _, info = v.step(obs["action_mask"].argmax(axis=1))   # each env's first legal id

    benchmark.extra_info.update(work=NUM_ENVS * CALLS, unit="steps")
    benchmark(steps)
    shape = stich.GAMES[name]().observation_shape
    assert obs["observation"].shape == (NUM_ENVS, *shape) and obs["observation"].dtype == dtype
    assert obs["action_mask"].shape[0] == NUM_ENVS
    # Every env observes for a seat with a legal action, or its deal just ended.
    assert (obs["action_mask"].any(axis=1) | (info["seat"] < 0)).all()
