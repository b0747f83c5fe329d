"""The Cython declarations shipped in the package (python/stich/cython/*.pxd, docs/embedding.md,
"Cython") and examples/cython built against the installed package: its setup.py builds it into a
temporary folder and the test imports it from there, so that the environment is left as it was. Its playout sums are the Python API's, its Cython loop over legal
actions and apply gives what the same loop in Python gives, its policy written in Cython is
deterministic and zero-sum, its search gives stich.ismcts's visits.

The build skips, saying so, when stich is imported from the source tree (``PYTHONPATH=python``:
no installed headers or library), or where Cython, setuptools or a C++ compiler is missing (the
test group brings Cython and setuptools). The tests of the built example are marked slow (the build
costs half a minute of CPU); the declarations' test is not."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT

import stich

PXD = ("__init__", "cards", "game", "games", "search")


def test_the_declarations_are_in_the_package():
    """The .pxd files sit in the package (stich/cython/), where `cimport stich.cython.games` finds them."""
    folder = Path(stich.__file__).resolve().parent / "cython"
    for name in PXD:
        assert (folder / f"{name}.pxd").is_file(), f"{name}.pxd is missing from {folder}"
    games = (folder / "games.pxd").read_text(encoding="utf-8")
    for game in ("Couillon", "Mucken", "Mistigri", "Euchre"):
        assert f"cppclass {game}State" in games and f"stich::deal<stich::{game}Def>" in games


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """examples/cython built in a temporary folder and imported from there; with it, as the module
    stich_cython_example._guide, the ```cython block of docs/embedding.md."""
    try:
        stich.get_library()
    except FileNotFoundError as e:
        pytest.skip(f"stich is imported from the source tree ({Path(stich.__file__).parent}), not an installed package: {e}")
    for module in ("Cython", "setuptools"):
        try:
            importlib.import_module(module)
        except ImportError:
            pytest.skip(f"no {module} in this environment (pip install cython setuptools, or pip install --group test)")
    if not any(c and shutil.which(c) for c in (os.environ.get("CXX", ""), "c++", "g++")):
        pytest.skip("no C++ compiler on this machine (c++ or g++)")
    tmp = tmp_path_factory.mktemp("cython")
    src = tmp / "src"
    shutil.copytree(EXAMPLES / "cython", src)
    guide = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"^```cython\n(.*?)^```", guide, re.S | re.M)
    (src / "stich_cython_example" / "_guide.pyx").write_text(block, encoding="utf-8")
    site = tmp / "site"
    # setup.py's build (build_py + build_ext) into a folder of its own: what pip install would put
    # into site-packages, without a wheel (the wheel package) and without touching the environment.
    build = subprocess.run([sys.executable, "setup.py", "build", "--parallel", "2", "--build-lib", str(site), "--build-temp", str(tmp / "build")],
                           cwd=src, capture_output=True, text=True)
    assert build.returncode == 0, f"building examples/cython failed:\n{build.stdout[-4000:]}\n{build.stderr[-4000:]}"
    sys.path.insert(0, str(site))
    try:
        module = importlib.import_module("stich_cython_example")
    finally:
        sys.path.remove(str(site))
    assert Path(module.__file__).resolve().is_relative_to(site.resolve())
    return module


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "n"), [(11, 3000), (0, 1), (123456789, 20000), (5, 0)])
def test_playout_sums_are_the_python_apis(example, seed, n):
    sums = example.couillon_playout_sums(seed, n)
    assert sums == [int(x) for x in stich.Couillon().random_playouts(n, seed=seed).sum(axis=0)]
    assert all(type(x) is int for x in sums)


@pytest.mark.slow
def test_the_cython_loop_is_the_python_loop(example):
    """loop_legal_apply (Cython, C++ calls) and loop_legal_apply_python (stich's Python API): the
    same deals, legal actions in the same order, the same applies, so the same counts and returns."""
    for seed, n in ((1, 40), (1000, 25)):
        steps, sums = example.loop_legal_apply(seed, n)
        assert (steps, sums) == example.loop_legal_apply_python(seed, n)
        assert steps > 10 * n and sums[0] == sums[2] == -sums[1] == -sums[3]
    assert example.loop_legal_apply(3, 0) == (0, [0, 0, 0, 0])


@pytest.mark.slow
def test_the_cython_policy_is_deterministic_and_zero_sum(example):
    """Seats 0 and 2 play the lowest legal card (the policy of _playouts.pyx), seats 1 and 3 at random."""
    n = 20_000
    sums = example.lowest_card_playout_sums(7, n)
    assert sums == example.lowest_card_playout_sums(7, n)        # reproducible
    assert sums != example.lowest_card_playout_sums(8, n)        # and seeded
    assert sums[0] == sums[2] == -sums[1] == -sums[3]            # partners share, teams opposite (G-4)
    assert 0 < abs(sums[0]) < 4 * n                              # a deal is worth a few match points
    # Keeping the high cards beats random play: measured +0.19 match points a deal over 200000 deals
    # for seeds 1, 2, 3, 7, 8 (random play against itself: within 0.01 of 0); at n = 20000 the mean's
    # standard error is about 0.012.
    assert sums[0] > n // 20

@pytest.mark.slow
def test_the_search_gives_the_python_searchs_visits(example):
    state = stich.Couillon().deal(seed=3)
    result = stich.ismcts(state, iterations=3000, seed=1)
    assert example.couillon_search_visits(3, 3000, 1) == {row.action.text: row.visits for row in result.table}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Couillon", "Mucken", "Mistigri", "Euchre"])
def test_every_game_through_one_fused_function(example, name):
    """_games.pyx: the declarations of each game's State, deal, playouts, checked calls and search,
    against the Python API on the same deal."""
    assert name in example.GAMES
    game = getattr(stich, name)()
    state = game.deal(seed=3, dealer=1)
    root = example.on_deal(name, 3, 1, "root")
    assert root == {"num_players": state.num_players, "current_player": state.current_player, "phase": state.phase,
                    "legal": [a.text for a in state.legal_actions()],
                    "hand_sizes": [len(state.hand(seat)) for seat in range(state.num_players)], "text": str(state)}
    end, steps = state.clone(), 0
    while not end.is_terminal:
        end.apply(end.legal_actions()[0])
        steps += 1
    assert example.on_deal(name, 3, 1, "first") == (steps, end.returns())
    heuristic = example.on_deal(name, 3, 1, "heuristic", 5)
    assert heuristic == example.on_deal(name, 3, 1, "heuristic", 5) and len(heuristic[1]) == state.num_players
    assert example.playout_sums(name, 2, 1000) == [int(x) for x in game.random_playouts(1000, seed=2).sum(axis=0)]
    result = stich.ismcts(state, iterations=500, seed=1)
    assert example.on_deal(name, 3, 1, "search", 500, 1) == {row.action.text: row.visits for row in result.table}
    first = state.legal_actions()[0]
    with pytest.raises(ValueError, match="not legal"):            # apply_checked: IllegalAction
        example.on_deal(name, 3, 1, "checked", first.text, 63)
    with pytest.raises(ValueError):                               # find_action: no such action
        example.on_deal(name, 3, 1, "checked", "no such action", 0)


@pytest.mark.slow
def test_the_guides_cython_block(example):
    """docs/embedding.md's example: a deal played to its end by the first legal action, without the GIL."""
    guide = importlib.import_module("stich_cython_example._guide")
    for seed in (1, 5, 99):
        state = stich.Couillon().deal(seed=seed)
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        assert guide.first_action_playout(seed) == state.returns()


@pytest.mark.slow
def test_errors_reach_python(example):
    with pytest.raises(ValueError, match="n must be >= 0"):
        example.couillon_playout_sums(1, -1)                      # std::invalid_argument from the core
    with pytest.raises(ValueError, match="n must be >= 0"):
        example.lowest_card_playout_sums(1, -1)
    with pytest.raises(ValueError, match="card must be 0..63"):
        example.card_name(64)
    with pytest.raises(OverflowError):
        example.couillon_playout_sums(-1, 1)                      # seeds are unsigned 64-bit
    for card in stich.Deck("french24"):
        assert example.card_name(card.id) == str(card)           # the core's card_text
