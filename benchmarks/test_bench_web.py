"""stich serve under load (benchmarks/web/load.py, docs/web.md "Load"), run briefly: two clients
for two seconds, no errors. The figures in the docs come from the script itself (8 clients, 30 s).

Run:  python benchmarks/web/load.py
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="starlette is not installed (the web extra)")
pytest.importorskip("uvicorn", reason="uvicorn is not installed (the web extra)")


def test_the_load_script_runs_without_errors():
    spec = importlib.util.spec_from_file_location("web_load", Path(__file__).parent / "web" / "load.py")
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    result = load.run(clients=2, seconds=2.0, budget=0.05, warmup=0.5)
    assert result["errors"] == [] and result["requests"] > 0
    assert set(result["kinds"]) >= {"deal", "apply", "analyse"}
    print(load.report(result))
