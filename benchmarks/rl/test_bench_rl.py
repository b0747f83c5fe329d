"""bench_rl.py's machinery at a tiny budget, without the peers: every row measured, the vector
rows with the CPU time of env.step alone beside the whole loop's (docs/rl.md, "Speed")."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (pettingzoo, gymnasium) is not installed")

spec = importlib.util.spec_from_file_location("stich_bench_rl", Path(__file__).with_name("bench_rl.py"))
bench_rl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_rl)


def test_every_row_is_measured_and_the_vector_rows_count_their_calls_alone(tmp_path, capsys):
    out = tmp_path / "rows.json"
    assert bench_rl.main(["--no-peers", "--game", "Couillon", "--seconds", "0.05", "--repeats", "1", "--envs", "64",
                          "--threads", "1", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [r["what"] for r in rows] == ["Couillon AEC environment (env(): the call order enforced)",
                                         "Couillon AEC environment (raw_env: the same, unwrapped)",
                                         "Couillon VectorEnv, num_envs=64, threads=1",
                                         "Couillon VectorEnv, num_envs=64, threads=1, uint8 observations"]
    aec, raw, *vector_rows = rows
    assert aec["steps_per_second"] > 0 and aec["steps_per_cpu_second_in_calls"] is None
    for vector in vector_rows:
        # The calls alone take part of the loop's CPU time, so they make more steps a CPU second.
        assert vector["steps_per_cpu_second_in_calls"] >= vector["steps_per_cpu_second"] > 0
    table = capsys.readouterr().out
    assert "| steps per CPU second in env.step alone (median) |" in table.splitlines()[0]
