"""The types are honest: the stubs match the built core and the registry, mypy accepts the package
and the documentation's examples under --strict, the field types the games state hold for their
values, and every bound method says what it does (docs/api.md, "Types")."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

import stich
from stich import _core

sys.path.insert(0, str(ROOT / "tools"))
import stubs  # noqa: E402  (tools/stubs.py)

sys.path.pop(0)

HAS_MYPY = importlib.util.find_spec("mypy") is not None
needs_mypy = pytest.mark.skipif(not HAS_MYPY, reason="mypy is not installed (pip install --group test)")
DOCS = [ROOT / "README.md", ROOT / "docs" / "api.md"]
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _env() -> dict[str, str]:
    """The environment for a mypy subprocess that imports the stich these tests import."""
    env = dict(os.environ)
    package_parent = str(Path(stich.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([package_parent, env.get("PYTHONPATH", "")])
    if "site-packages" not in package_parent:   # a source tree: let mypy read it like one
        env["MYPYPATH"] = package_parent
    return env


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def strict_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One mypy cache for the --strict runs of this module (same options each time): the first
    run analyses stich and its imports, the others only their own file. Fresh for each test
    session, so nothing from an earlier stich is read."""
    return str(tmp_path_factory.mktemp("mypy-strict-cache"))


# ----------------------------------------------------------------------------------- the stubs

def test_generated_stubs_are_current() -> None:
    """tools/stubs.py writes the registry's classes into _core.pyi and _games.pyi; a game whose
    options, arguments or fields changed (or a new game) needs a rerun."""
    old = stubs.stale()
    assert not old, f"stale stubs {[str(p.relative_to(ROOT)) for p in old]}: run PYTHONPATH=python python tools/stubs.py"


def test_the_staleness_check_sees_a_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CORE_STUB", "GAMES_STUB", "GAMES_PXD", "SEARCH_PXD"):
        copy = tmp_path / getattr(stubs, name).name
        copy.write_text(getattr(stubs, name).read_text(encoding="utf-8"), encoding="utf-8")
        monkeypatch.setattr(stubs, name, copy)
    assert stubs.stale() == []
    stubs.GAMES_STUB.write_text(stubs.GAMES_STUB.read_text(encoding="utf-8").replace("target: int = 21", "target: int = 31"))
    assert stubs.stale() == [stubs.GAMES_STUB]
    # The Cython declarations of a game are generated too: one left out is seen.
    stubs.SEARCH_PXD.write_text(stubs.SEARCH_PXD.read_text(encoding="utf-8").replace(", EuchreState", ""))
    assert stubs.stale() == [stubs.GAMES_STUB, stubs.SEARCH_PXD]


def test_every_registered_game_is_declared() -> None:
    core = stubs.CORE_STUB.read_text(encoding="utf-8")
    games = stubs.GAMES_STUB.read_text(encoding="utf-8")
    for d in _core.games():
        assert f"\nclass {d['name']}(Game):" in games
        for cls in (d["rules"], d["state"], d["match"]):
            assert f"\nclass {cls.__name__}(" in core
        for f in d["state_fields"] + d["match_fields"]:
            assert f"def {f['name']}(self" in core


# stubtest and the docs' strict type check take 40 s of the fast part's 215 s of work: they run in
# the README's command and CI (the stubs are checked current in the fast part: test_generated_stubs_are_current).
@needs_mypy
@pytest.mark.slow
def test_stubtest_accepts_the_core_stubs() -> None:
    """Every name of the built stich._core is in _core.pyi and the reverse, with the same kind
    (method, property, static method, class) and, where the runtime says, the same signature."""
    r = _run("mypy.stubtest", "stich._core", "--mypy-config-file", str(ROOT / "pyproject.toml"),
             "--allowlist", str(ROOT / "tools" / "stubtest-allowlist.txt"))
    assert r.returncode == 0, r.stdout + r.stderr


@needs_mypy
def test_mypy_is_clean_on_the_package() -> None:
    r = _run("mypy", "--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "python" / "stich"))
    assert r.returncode == 0, r.stdout + r.stderr


@needs_mypy
@pytest.mark.slow
@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_examples_type_check_strictly(path: Path, tmp_path: Path, strict_cache: str) -> None:
    """The Python blocks of the file, in order (they share a namespace), pass mypy --strict."""
    blocks = FENCE.findall(path.read_text(encoding="utf-8"))
    assert blocks, f"no python blocks in {path.name}"
    code = tmp_path / "examples.py"
    code.write_text("\n".join(blocks), encoding="utf-8")
    # Errors inside stich itself are the package test's business (its own config, not --strict).
    r = _run("mypy", "--strict", "--follow-imports=silent", "--cache-dir", strict_cache, "--config-file", os.devnull,
             str(code), cwd=tmp_path)
    assert r.returncode == 0, f"{path.name}:\n{r.stdout}{r.stderr}"


def test_mypy_catches_a_wrong_keyword(tmp_path: Path, strict_cache: str) -> None:
    """The generated game classes are precise: an unknown option or a wrong type is an error."""
    if not HAS_MYPY:
        pytest.skip("mypy is not installed (pip install --group test)")
    code = tmp_path / "wrong.py"
    code.write_text("import stich\n"
                    "stich.Mucken(target='31')\n"
                    "stich.Couillon(kontra=True)\n"
                    "s: stich.MistigriState = stich.Mucken().deal(seed=1)\n"
                    "stich.Mistigri().deal(bock=True)\n", encoding="utf-8")
    r = _run("mypy", "--strict", "--follow-imports=silent", "--cache-dir", strict_cache, "--config-file", os.devnull,
             str(code), cwd=tmp_path)
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in errors] == [2, 3, 4, 5], r.stdout


# ------------------------------------------------------------------- field types hold at runtime

_NAMES: dict[str, Any] = {n: getattr(_core, n) for n in stubs.CORE_NAMES} | {"Literal": typing.Literal}


def conforms(value: Any, annotation: Any) -> bool:
    """Whether ``value`` has the type ``annotation`` (the small grammar the field tables use)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is None or annotation is type(None):
        return value is None
    if origin in (types.UnionType, typing.Union):
        return any(conforms(value, a) for a in args)
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(conforms(v, a) for v, a in zip(value, args))
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, annotation)


def test_the_type_checker_of_these_tests() -> None:
    t = eval("tuple[CardSet, CardSet] | None", _NAMES)
    assert conforms(None, t) and conforms((_core.CardSet(), _core.CardSet("EO")), t)
    assert not conforms((_core.CardSet(),), t) and not conforms([_core.CardSet(), _core.CardSet()], t)
    assert not conforms(True, int) and conforms(3, eval("int | None", _NAMES)) and not conforms("a", eval("list[int]", _NAMES))
    assert conforms(4, eval("Literal[4, 6]", _NAMES)) and not conforms(5, eval("Literal[4, 6]", _NAMES))


def _fields_hold(obj: Any, fields: list[dict[str, Any]], players: int, where: str) -> None:
    for f in fields:
        if f["kind"] == "property":
            values = [getattr(obj, f["name"])]
        elif f["kind"] == "method":
            values = [getattr(obj, f["name"])()]
        else:
            values = [getattr(obj, f["name"])(seat) for seat in range(players)]
        for v in values:
            assert conforms(v, eval(f["type"], _NAMES)), f"{where}.{f['name']} = {v!r} is not {f['type']}"


@pytest.mark.parametrize("d", _core.games(), ids=lambda d: d["name"])
def test_field_types_hold_over_random_deals_and_matches(d: dict[str, Any]) -> None:
    """Every state and match field has the type its game's table states, in every phase of many
    random deals (all option values that change the fields' shapes: players, decks)."""
    rng = random.Random(1)
    game = stich.GAMES[d["name"]]
    variants = [{}] + [{o.name: c} for o in game.OPTIONS.values() if o.name in ("players", "deck", "monch") for c in o.choices
                       if c is not None]
    for options in variants:
        g = game(**options)
        match = g.match(seed=rng.getrandbits(32))
        for _ in range(12):
            if match.is_over:
                break
            state = match.next_deal()
            while True:
                _fields_hold(state, d["state_fields"], g.num_players, d["state"].__name__)
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            match.record(state)
            _fields_hold(match, d["match_fields"], g.num_players, d["match"].__name__)


@pytest.mark.parametrize("d", _core.games(), ids=lambda d: d["name"])
def test_option_values_have_their_declared_types(d: dict[str, Any]) -> None:
    rules = d["rules"]()
    for o in d["options"]:
        assert conforms(getattr(rules, o["name"]), eval(stubs.value_type(o["accepts"]), _NAMES)), o["name"]
        assert conforms(o["default"], eval(stubs.value_type(o["accepts"]), _NAMES)), o["name"]


# ------------------------------------------------------------------------------- docstrings

def _doc_text(obj: Any) -> str:
    """The docstring without pybind11's signature lines (``name(self: ...) -> ...``, overloads)."""
    doc = getattr(obj, "__doc__", None) or ""
    lines = [line for line in doc.splitlines()
             if not re.match(r"^\s*(\d+\.\s*)?\w+\(.*\)( -> .*)?$", line) and line.strip() != "Overloaded function."]
    return "\n".join(lines).strip()


def _documented_members() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for name, obj in vars(_core).items():
        if isinstance(obj, type):
            for attr, member in vars(obj).items():
                if (attr.startswith("__") and attr != "__init__") or attr == "_pybind11_conduit_v1_":
                    continue
                if name == "Alphabet" and attr in ("__init__", "name", "value"):   # py::enum_'s own machinery
                    continue
                out.append((f"{name}.{attr}", member))
        elif callable(obj):
            out.append((name, obj))
    return out


@pytest.mark.parametrize("name,member", _documented_members(), ids=[n for n, _ in _documented_members()])
def test_every_bound_method_and_property_says_what_it_does(name: str, member: Any) -> None:
    target = member.__func__ if isinstance(member, staticmethod) else member
    assert _doc_text(target), f"stich._core.{name} has no docstring (add one to its .def in bindings/)"


def test_help_of_apply_and_ismcts_says_what_they_do() -> None:
    state = stich.Couillon().deal(seed=1)
    assert "Applies an Action" in _doc_text(state.apply)
    assert "SO-ISMCTS" in (stich.ismcts.__doc__ or "")
    assert all(f["doc"] for d in _core.games() for f in d["state_fields"] + d["match_fields"])
