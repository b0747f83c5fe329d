"""The game registry (docs/adding-a-game.md): every game registered in C++ has its Python face,
its option schema drives the checks, the defaults, repr, equality and pickling (the docs' option
tables: tests/common/test_docs_agree.py), and no Python module of the package names a game."""

from __future__ import annotations

import pickle
from pathlib import Path
import re

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


def _own_file(path: Path, game: str) -> bool:
    """A game's own files: those named after it (csrc/stich/<game>.cpp and .hpp, a peer bridge
    python/stich/peers/<game>.py, ...), and the registry that lists the games."""
    return path.stem.lower().startswith(game.lower()) or path.name == "registry.hpp"


def shared_files_naming(game: str, root: Path = ROOT) -> list[str]:
    """Lines of files outside the game's own that name the game (as a word or the start of an
    identifier, in any case: Mucken, MuckenDef, mucken_contract)."""
    pattern = re.compile(rf"\b{re.escape(game)}", re.IGNORECASE)
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
