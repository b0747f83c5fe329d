"""The game registry (docs/adding-a-game.md): every game registered in C++ has its Python face,
its option schema drives the checks, the defaults, repr, equality and pickling (the docs' option
tables: tests/common/test_docs_agree.py), and no Python module of the package names a game."""

from __future__ import annotations

import ast
import os
import pickle
from pathlib import Path
import re
import subprocess
import sys

import pytest

import stich
from helpers import ROOT


def test_every_registered_game_has_its_face():
    names = [d["name"] for d in stich._core.games()]
    assert names == list(stich.GAMES) and len(names) >= 3
    for name, game in stich.GAMES.items():
        assert getattr(stich, name) is game and game.name == name
        for cls in (game.Rules, game.State, game.Match):
            assert getattr(stich, cls.__name__) is cls and cls.__name__ == name + cls.__name__[len(name):]
        assert game.UNIT and game.TALLY and 0 < game.SEARCH_C <= stich._core.SEARCH_MAX_C
        assert game.BENCH, f"{name} lists no bench positions"
        for option in game.OPTIONS.values():
            assert option.doc and re.fullmatch(r"[A-Z]-\d+(\.\.[A-Z]-\d+)?", option.ruling), option


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_defaults_come_from_the_schema(name):
    game = stich.GAMES[name]
    g = game()
    assert g.options == {k: o.default for k, o in game.OPTIONS.items()}
    assert repr(g) == f"{name}()" and g == game(**g.options) and hash(g) == hash(game(**g.options))
    assert pickle.loads(pickle.dumps(g)) == g
    assert g.rules.options == g.options and game.Rules() == g.rules


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_every_option_value_round_trips(name):
    # Each accepted value of every choice option (and the ends of every range) makes a game whose
    # options say that value back, unless validate() refuses the combination with the defaults.
    game = stich.GAMES[name]
    for key, option in game.OPTIONS.items():
        values = list(option.choices) if option.kind == "choice" else \
            [option.low, option.high] if option.kind == "int" else [True, False] if option.kind == "bool" else []
        for value in values:
            try:
                g = game(**{key: value})
            except ValueError as e:
                assert key in str(e) or "deck" in str(e) or "players" in str(e), e
                continue
            # a value a game picks by itself (Mistigri's deck for its players) reads back as None
            assert g.options[key] == value or (g.options[key] is None and game(**{key: None}) == g), (key, value)
            again = pickle.loads(pickle.dumps(g))
            assert again == g and repr(again) == repr(g)


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_bad_option_values_name_what_is_accepted(name):
    game = stich.GAMES[name]
    for key, option in game.OPTIONS.items():
        for bad in (1.5, "no such value", object()):
            with pytest.raises(ValueError, match=rf"^option {key} of {name} must be {re.escape(option.accepts)}, got "):
                game(**{key: bad})
    with pytest.raises(ValueError, match=rf"unknown option\(s\) for {name}: zz_unknown; valid options: "):
        game(zz_unknown=1)
    with pytest.raises(ValueError, match=r"deal\(\) takes no argument 'zz_unknown'; its arguments: seed, dealer, hands"):
        game().deal(seed=1, zz_unknown=1)
    with pytest.raises(ValueError, match=r"random_playouts\(\) takes no argument 'zz_unknown'; its arguments: n, seed"):
        game().random_playouts(1, seed=1, zz_unknown=1)


def test_help_lists_the_options():
    for name, game in stich.GAMES.items():
        doc = game.__doc__ or ""
        for key, option in game.OPTIONS.items():
            assert f"{key} = {option.default!r}" in doc and option.ruling in doc


# A game named in code: isinstance() against it, a call or subscript of it, or its name as a str.
def _naming(names):
    alt = "|".join(names)
    return re.compile(rf"isinstance\([^)]*\b({alt})\b|\b({alt})\(|\[[\"']({alt})[\"']\]|[\"']({alt})[\"']\s*[:,)]|==\s*[\"']({alt})[\"']")


def test_no_python_module_names_a_game():
    """Rule knowledge lives in C++: the package's modules read the registry instead of naming games."""
    pattern = _naming(list(stich.GAMES))
    offenders = []
    for path in sorted((ROOT / "python" / "stich").glob("*.py")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line.split("#", 1)[0]):
                offenders.append(f"{path.name}:{no}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_the_naming_check_can_fail():
    pattern = _naming(["Mucken"])
    for line in ('if isinstance(g, Mucken):', 'g = Mucken(players=6)', 'GAMES["Mucken"]', '{"Mucken": 1}', 'name == "Mucken"'):
        assert pattern.search(line), line
    assert not pattern.search("a Mucken deal")


# ------------------------------------------------------------------- a game's code in its own files

# Generated from the registry by tools/stubs.py (checked by tests/common/test_types.py).
GENERATED = {"python/stich/_core.pyi", "python/stich/_games.pyi", "python/stich/cython/games.pxd", "python/stich/cython/search.pxd"}
SHARED_TREES = ("csrc", "bindings", "python/stich")
TEXT_SUFFIXES = {".cpp", ".hpp", ".h", ".py", ".pyi", ".pxd", ".pyx", ".txt", ".cmake"}
SUIT_WORDS = {"clubs", "spades", "hearts", "diamonds"}   # the French suits' names


def _own_file(path: Path, game: str) -> bool:
    """A game's own files: those named after it (csrc/stich/<game>.cpp and .hpp, a peer bridge
    python/stich/peers/<game>.py, ...), and the registry that lists the games."""
    return path.stem.lower().startswith(game.lower()) or path.name == "registry.hpp"


def shared_files_naming(game: str, root: Path = ROOT) -> list[str]:
    """Lines of files outside the game's own that name the game (as a word or the start of an
    identifier, in any case: Mucken, MuckenDef, mucken_contract). A game named after a suit
    (Hearts) is named by its identifiers only (HeartsDef, hearts_contract): the word alone is the
    suit's, which the cards and other games name."""
    suit_word = game.lower() in SUIT_WORDS
    pattern = re.compile(rf"\b{re.escape(game)}" + (r"(?=\w)" if suit_word else ""), re.IGNORECASE)
    out = []
    for tree in SHARED_TREES:
        for path in sorted((root / tree).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if not path.is_file() or path.suffix not in TEXT_SUFFIXES or rel in GENERATED or _own_file(path, game):
                continue
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    out.append(f"{rel}:{no}: {line.strip()}")
    return out


@pytest.mark.parametrize("game", list(stich.GAMES))
def test_no_shared_file_names_a_game(game):
    """docs/adding-a-game.md: a game's code is its own files and one line of the registry; no other
    file of csrc/, bindings/ or python/stich/ names it (the generated stubs aside), so a game is
    added or removed there alone."""
    offenders = shared_files_naming(game)
    assert not offenders, "\n".join(offenders)


def test_the_own_files_check_can_fail(tmp_path):
    for tree in SHARED_TREES:
        (tmp_path / tree).mkdir(parents=True)
    (tmp_path / "csrc" / "shared.cpp").write_text("// a comment about Mucken\nint x = mucken_contract();\n")
    (tmp_path / "csrc" / "mucken.cpp").write_text("Mucken is named in its own file\n")
    (tmp_path / "python" / "stich" / "other.py").write_text("EuchreState is another game's\n")
    assert shared_files_naming("Mucken", tmp_path) == ["csrc/shared.cpp:1: // a comment about Mucken",
                                                        "csrc/shared.cpp:2: int x = mucken_contract();"]


# ------------------------------------------------------- per-game tables outside the games' files

# The shared tests, their helpers, the tools and the examples run over every registered game: what
# they need of a game (its configurations, seeds, pinned digests, solved rows) comes from the game's
# hooks (tests/<game>/hooks.py) or its data, so that a new game needs no edit here.
TABLE_TREES = ("tests/common", "tests/helpers", "tools", "examples")


def _game_name(node, names: set[str]) -> str | None:
    """The game a node names: a str constant that is a game's name (any case), or stich.<Game>(...)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
        return node.value.lower()
    if isinstance(node, ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name.lower() in names:
            return name.lower()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2:
        kind = node.args[1]   # isinstance(game, stich.Mucken)
        name = kind.attr if isinstance(kind, ast.Attribute) else kind.id if isinstance(kind, ast.Name) else ""
        return name.lower() if name.lower() in names else None
    if isinstance(node, ast.Call) and node.args:   # pytest.param("Mucken", ...)
        return _game_name(node.args[0], names)
    if isinstance(node, ast.Tuple) and node.elts:  # ("Mucken", {...}) rows
        return _game_name(node.elts[0], names)
    return None


def per_game_tables(source: str, games: list[str]) -> list[tuple[int, str]]:
    """The per-game tables and special cases of a Python source: a dict whose keys, or a list, tuple
    or set whose entries, name two games or more (a row per game: a new game would need a row), and
    a test of a condition that compares something with a game's name (a special case). Each as
    (line, what)."""
    names = {g.lower() for g in games}
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            named = {_game_name(k, names) for k in node.keys if k is not None} - {None}
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            named = {_game_name(e, names) for e in node.elts} - {None}
        else:
            named = set()
        if len(named) >= 2:
            out.append((node.lineno, f"a table of {', '.join(sorted(named))}"))
        tests = [node.test] if isinstance(node, (ast.If, ast.IfExp, ast.While)) else \
            list(node.ifs) if isinstance(node, ast.comprehension) else []
        for test in tests:
            for sub in ast.walk(test):
                if isinstance(sub, ast.Compare) and any(_game_name(c, names) for c in [sub.left, *sub.comparators]) or \
                        isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "isinstance" \
                        and _game_name(sub, names):
                    out.append((sub.lineno, "a special case of a game"))
    return out


def shared_tables(root: Path = ROOT) -> list[str]:
    """The per-game tables of the shared test, tool and example files (not the registry test itself,
    whose examples show the checks failing)."""
    out = []
    names = re.compile(rf"\b({'|'.join(stich.GAMES)})", re.IGNORECASE)
    for tree in TABLE_TREES:
        for path in sorted((root / tree).rglob("*")):
            if path.name == "test_registry.py" or path.suffix not in (".py", ".pyx", ".pxi"):
                continue
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".py":
                found = per_game_tables(text, list(stich.GAMES))
            else:   # Cython: a line naming two games or more (a fused type, a dispatch by name)
                found = [(no, "a line naming " + ", ".join(sorted({m.lower() for m in names.findall(line)})))
                         for no, line in enumerate(text.splitlines(), 1) if len({m.lower() for m in names.findall(line)}) >= 2]
            out += [f"{path.relative_to(root).as_posix()}:{line}: {what}" for line, what in found]
    return out


def test_no_shared_test_tool_or_example_has_a_per_game_table():
    offenders = shared_tables()
    assert not offenders, "\n".join(offenders)


def test_the_table_check_can_fail():
    games = ["Mucken", "Couillon", "Euchre"]
    bad = ['X = {"Mucken": [1], "Couillon": [2]}', 'GAMES = [stich.Mucken(), stich.Couillon(players=4)]',
           'ROWS = [("Mucken", {}, 3), ("euchre", {}, 2)]', 'P = [pytest.param("Mucken", {}), pytest.param("Euchre", {})]',
           'if name != "Mucken":\n    pass', 'if isinstance(game, stich.Mucken):\n    pass', 'y = 1 if game.name == "Euchre" else 2',
           'z = [g for g in G if g.name != "Euchre"]']
    for source in bad:
        assert per_game_tables(source, games), source
    good = ['state = stich.Mucken().deal(seed=1)', 'assert a.game == "Mucken"', 'GAMES = list(stich.GAMES)',
            'positions("Couillon", 1, seed=3)', 'X = {"Mucken": 1}']
    for source in good:
        assert not per_game_tables(source, games), source


# ------------------------------------------------------------------- a build without one of the games

# Run in a fresh interpreter: the core is loaded as stich._core before the package, its registry
# without the game named on the command line (as a build that leaves the game out would have it),
# then the package, its CLI and the generators of tools/ run on what is left.
WITHOUT = """
import importlib.machinery, importlib.util, io, sys
from contextlib import redirect_stdout
from pathlib import Path

removed, root = sys.argv[1], Path(sys.argv[2])
package = Path(importlib.util.find_spec("stich").submodule_search_locations[0])
(path,) = package.glob("_core*" + importlib.machinery.EXTENSION_SUFFIXES[0])
spec = importlib.util.spec_from_file_location("stich._core", path)
core = importlib.util.module_from_spec(spec)
sys.modules["stich._core"] = core
spec.loader.exec_module(core)
games = core.games
core.games = lambda: [d for d in games() if d["name"] != removed]

import stich
import stich.__main__

assert removed not in stich.GAMES and not hasattr(stich, removed) and stich.GAMES, sorted(stich.GAMES)
extras = stich.extras.modules()
assert removed not in extras and all(hasattr(stich, n) for m in extras.values() for n in m.__all__)
other = next(iter(stich.GAMES))
with redirect_stdout(io.StringIO()):
    assert stich.__main__.main(["play", other.lower(), "--seed", "1", "--bots", "heuristic"]) == 0
sys.path[:0] = [str(root / "tools"), str(root / "tests")]
import options_doc, stubs
from helpers.hooks import HOOKS
readme, index = options_doc.game_lists({options_doc.page_of(g): options_doc.page_of(g).read_text(encoding="utf-8")
                                        for g in stich.GAMES.values()})
assert removed.lower() + ".md" not in readme + index and other.lower() + ".md" in index
assert f"class {removed}(" not in stubs.games_stub(list(core.games()), {n.lower(): list(m.__all__) for n, m in extras.items()})
assert removed not in HOOKS and other in HOOKS
print("ok without", removed)
"""


@pytest.mark.parametrize("game", list(stich.GAMES))
def test_the_package_tools_and_hooks_work_without_any_one_game(game):
    """docs/adding-a-game.md: nothing outside a game's own files depends on it. With the game left
    out of the registry, stich imports (the other games' extras with it, none of its own), its CLI
    plays another game, and the game lists, the stubs and the shared tests' hooks are made without
    it."""
    out = subprocess.run([sys.executable, "-c", WITHOUT, game, str(ROOT)], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(stich.__file__).parent.parent),
                                                                           os.environ.get("PYTHONPATH", "")])})
    assert out.returncode == 0 and out.stdout.strip() == f"ok without {game}", out.stderr[-3000:]


# --------------------------------------------------------------------------- the adding-a-game checklist

GUIDE = ROOT / "docs" / "adding-a-game.md"
TEMPLATE = re.compile(r"`([\w./-]*<game>[\w./<>-]*)`")


def per_game_files(root: Path = ROOT) -> dict[str, set[str]]:
    """The repository's files named after a game, as templates (``tests/<game>/hooks.py``): for
    each template, the games that have such a file."""
    out: dict[str, set[str]] = {}
    files = repository_files(root)
    for name in stich.GAMES:
        for path in files:
            template = re.sub(rf"(?<![a-z]){name.lower()}(?![a-z])", "<game>", path)
            if template != path:
                out.setdefault(template, set()).add(name)
    return out


def repository_files(root: Path) -> list[str]:
    """The checkout's own files: git's tracked and untracked-but-not-ignored ones outside hidden
    folders, so that what a build, pytest or CI puts into the checkout (build/, .ci/venv,
    .pytest_cache, the copied module) is not taken for a game's file; outside git, every file less
    build/ and hidden folders."""
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                                capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
        # Untracked files count (a game being added), but not those in hidden folders (.pytest_cache's builds).
        return [p for p in listed if (root / p).is_file() and not any(part.startswith(".") for part in p.split("/")[:-1])]
    except (OSError, subprocess.CalledProcessError):
        return [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(root).parts[:-1])
                and not p.relative_to(root).as_posix().startswith(("build/", "python/stich/_core"))]


def checklist_problems(guide: str, files: dict[str, set[str]], root: Path = ROOT) -> list[str]:
    """What docs/adding-a-game.md (``guide``) misses: a kind of file every registered game has that
    it does not name, and a file it asks for (not marked "(optional") that a game lacks."""
    named = set(TEMPLATE.findall(guide))
    everyone = {t for t, games in files.items() if games == set(stich.GAMES)}
    problems = [f"every game has {t}, which the checklist does not name" for t in sorted(everyone - named)]
    required = {t for t in named if not re.search(rf"`{re.escape(t)}`\s*\(optional", guide)}   # "`file` (optional...)" is optional
    for template in sorted(required):
        problems += [f"{name}: no {template}" for name in stich.GAMES if not (root / template.replace("<game>", name.lower())).exists()]
    return problems


def test_the_checklist_names_every_file_a_game_has():
    """docs/adding-a-game.md lists every step: each kind of file that every registered game has is
    in its checklist, and each file the checklist asks of a game (not marked optional) exists for
    every registered game."""
    assert checklist_problems(GUIDE.read_text(encoding="utf-8"), per_game_files()) == []


def test_the_checklist_check_can_fail():
    guide = GUIDE.read_text(encoding="utf-8")
    files = per_game_files()
    assert checklist_problems(guide.replace("`tests/<game>/hooks.py`", "the hooks"), files) == \
        ["every game has tests/<game>/hooks.py, which the checklist does not name"]
    assert checklist_problems(guide + "\n`tests/<game>/no_such_file.py`\n", files)[0].endswith(": no tests/<game>/no_such_file.py")
