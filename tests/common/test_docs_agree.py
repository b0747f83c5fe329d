"""The documentation agrees with the code where a fact can be checked (docs/testing.md):

- the option tables of docs/rules/*.md are what tools/options_doc.py makes of each game's
  ``Game.OPTIONS`` (the C++ option table), and the defaults the rule pages state in prose
  (``Entry point: `stich.Euchre(...)` ``, ``(the default)``) are its defaults; the ruling ranges of
  docs/rules/README.md are the pages' ids;
- every list of games in README.md and docs/api.md names every game of ``stich.GAMES``;
- the budget the docs give ``stich analyse`` is ``stich.__main__.DEFAULT_SECONDS``, and no doc
  gives it a default iteration count;
- the CMake option defaults the docs state are those of CMakeLists.txt's ``option(...)`` lines;
- no doc says a game has no notation yet (every game has it: docs/notation.md).

Each check is a function from a text to its problems, run on the docs and, to show that it can
fail, on a broken copy.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from helpers import ROOT

import stich
import stich.__main__

sys.path.insert(0, str(ROOT / "tools"))
import options_doc  # noqa: E402  (tools/options_doc.py)

sys.path.pop(0)

README = ROOT / "README.md"
API = ROOT / "docs" / "api.md"
RULES = ROOT / "docs" / "rules"
DOCS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The text without its fenced code blocks (code is checked by test_docs_examples.py)."""
    return FENCE.sub("", text)


def _paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", _prose(text)) if p.strip()]


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ------------------------------------------------------------------ the option tables of the rules

ENTRY_POINT = re.compile(r"Entry\s+point:\s*`stich\.(\w+)\(([^`]*)\)`")
THE_DEFAULT = re.compile(r"`(\w+)=([^`]+)`\s*\(the default\)")


def test_the_option_tables_and_game_lists_are_generated():
    old = options_doc.stale()
    assert not old, f"stale option tables or game lists {[_rel(p) for p in old]}: run PYTHONPATH=python python tools/options_doc.py"


def test_the_game_lists_are_made_from_the_rules_pages():
    """README.md's and docs/rules/README.md's lists of games: a line a registered game, from its
    rules page's title, summary line and ruling ids; a page without them is an error."""
    readme, index = options_doc.game_lists({options_doc.page_of(g): _read(options_doc.page_of(g)) for g in stich.GAMES.values()})
    assert len(readme.splitlines()) == len(index.splitlines()) == len(stich.GAMES)
    for name, line in zip(stich.GAMES, index.splitlines()):
        assert f"]({name.lower()}.md): `" in line
    page = _read(RULES / "mucken.md")
    with pytest.raises(ValueError, match="summary"):
        options_doc.page_facts(stich.Mucken, page.replace("<!-- summary:", "<!-- "))


def test_the_option_table_check_can_fail():
    page = _read(RULES / "mucken.md")
    assert options_doc.rewritten(page, stich.Mucken) == page
    broken = page.replace("'throw_in', 'must_play', 'one_point'", "'throw_in', 'one_point'")
    assert broken != page and options_doc.rewritten(broken, stich.Mucken) == page
    with pytest.raises(ValueError, match="lacks the lines"):
        options_doc.rewritten(page.replace(options_doc.END, ""), stich.Mucken)


def default_problems(page: str, game: type[stich.Game]) -> list[str]:
    """What the prose of the rules page of ``game`` calls a default that the schema does not."""
    problems = []
    for cls, args in ENTRY_POINT.findall(page):
        if cls != game.name:
            problems.append(f"the entry point names stich.{cls}, the page's game is {game.name}")
        for arg in filter(None, (a.strip() for a in args.split(","))):
            key, _, value = arg.partition("=")
            if key.startswith("**"):
                continue
            option = game.OPTIONS.get(key)
            if option is None or value != repr(option.default):
                problems.append(f"the entry point gives {arg}, the game's default is "
                                f"{repr(option.default) if option else 'no such option'}")
    for key, value in THE_DEFAULT.findall(_prose(page)):
        option = game.OPTIONS.get(key)
        if option is not None and value != repr(option.default):
            problems.append(f"`{key}={value}` is called the default, the game's is {option.default!r}")
    return problems


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_the_rules_pages_state_the_defaults_of_the_code(name):
    assert default_problems(_read(RULES / f"{name.lower()}.md"), stich.GAMES[name]) == []


def test_the_default_check_can_fail():
    game = stich.Euchre
    page = _read(RULES / "euchre.md")
    assert default_problems(page, game) == []
    assert any("entry point" in p for p in default_problems(
        page.replace("allow_lone_defender=False, stick", "allow_lone_defender=True, stick"), game))
    assert any("called the default" in p for p in default_problems(
        page.replace("`stick_the_dealer=True` (the default)", "`stick_the_dealer=False` (the default)"), game))


RANGE = re.compile(r"\]\(([a-z]+)\.md\)[^\n]*?`([A-Z])-1` … `[A-Z]-(\d+)`")
RULING_ID = re.compile(r"(?:\[|\*\*|, )([A-Z])-(\d+)\b")


def ruling_range_problems(index: str, pages: dict[str, str]) -> list[str]:
    """The range docs/rules/README.md gives each game against the ids its page defines."""
    problems = []
    stated = {page: (letter, int(high)) for page, letter, high in RANGE.findall(index)}
    for page, text in pages.items():
        if page not in stated:
            problems.append(f"docs/rules/README.md gives no ruling range for {page}.md")
            continue
        letter, high = stated[page]
        used = [int(n) for l, n in RULING_ID.findall(text) if l == letter]
        if not used or max(used) != high:
            problems.append(f"{page}.md: docs/rules/README.md says {letter}-1 … {letter}-{high}, "
                            f"the page goes to {letter}-{max(used, default=0)}")
    return problems


def test_the_ruling_ranges_are_the_pages_ids():
    pages = {name.lower(): _read(RULES / f"{name.lower()}.md") for name in stich.GAMES}
    index = _read(RULES / "README.md")
    assert ruling_range_problems(index, pages) == []
    assert ruling_range_problems(index.replace("`E-1` … `E-13`", "`E-1` … `E-12`"), pages)


# ----------------------------------------------------------------------------- the lists of games

def _games_named(text: str) -> set[str]:
    return {name for name in stich.GAMES if re.search(rf"\b{name}\b", text, re.I)}


def game_list_problems(text: str, where: str) -> list[str]:
    """A paragraph (a block of prose between blank lines) naming three games or more is a list of
    the games, and must name them all."""
    problems = []
    for paragraph in _paragraphs(text):
        named = _games_named(paragraph)
        if len(named) >= 3 and named != set(stich.GAMES):
            missing = sorted(set(stich.GAMES) - named)
            problems.append(f"{where}: a list of games without {', '.join(missing)}: {paragraph.strip()[:160]!r}")
    return problems


@pytest.mark.parametrize("path", [README, API], ids=_rel)
def test_every_list_of_games_names_every_game(path):
    assert game_list_problems(_read(path), _rel(path)) == []


def test_the_readme_names_every_game_with_its_rules_page():
    readme = _read(README)
    for name in stich.GAMES:
        assert f"(docs/rules/{name.lower()}.md)" in readme, f"the README does not link {name}'s rules page"


def test_the_game_list_check_can_fail():
    assert game_list_problems("Units: Couillon, Mucken and Euchre.", "x")
    assert game_list_problems("`stich.GAMES` maps `{\"Couillon\": ..., \"Mucken\": ..., \"Mistigri\": ...}`", "x")
    assert not game_list_problems("Couillon and Mucken have two teams.", "x")
    assert not game_list_problems(", ".join(stich.GAMES) + ".", "x")
    readme = _read(README)
    last = list(stich.GAMES)[-1]
    without = "\n".join(line for line in readme.splitlines() if f"(docs/rules/{last.lower()}.md)" not in line)
    assert game_list_problems(without, "readme")


# ---------------------------------------------------------------------------- the analyse budget

ANALYSE = re.compile(r"\banalyse\b(?!_)")
SECONDS = re.compile(r"(?:budget|default)\b[^.;:\n]{0,20}?\b(?:is|of)\s+(?:about\s+)?(\d+(?:\.\d+)?)\s*(?:s|seconds?)\b")
ITERATIONS = re.compile(r"\bdefault(?:s)?\b[^.;]{0,12}?\s(\d[\d,_]*)\s+iterations")


def budget_problems(text: str, where: str) -> list[str]:
    """In a paragraph about ``stich analyse``: a default budget in seconds must be
    DEFAULT_SECONDS, and none may be an iteration count."""
    problems = []
    for paragraph in _paragraphs(text):
        if not ANALYSE.search(paragraph):
            continue
        flat = " ".join(paragraph.split())
        for m in SECONDS.finditer(flat):
            if float(m.group(1)) != stich.__main__.DEFAULT_SECONDS:
                problems.append(f"{where}: analyse's budget given as {m.group(0)!r}, "
                                f"the code's is {stich.__main__.DEFAULT_SECONDS:g} s")
        for m in ITERATIONS.finditer(flat):
            problems.append(f"{where}: analyse's default given as {m.group(0)!r}: it is a time budget, "
                            f"{stich.__main__.DEFAULT_SECONDS:g} s")
    return problems


def _budget_statements(text: str) -> int:
    return sum(len(SECONDS.findall(" ".join(p.split()))) for p in _paragraphs(text) if ANALYSE.search(p))


def test_the_analyse_budget_is_the_code_s():
    problems = [p for path in DOCS for p in budget_problems(_read(path), _rel(path))]
    assert problems == []
    stated = {_rel(path) for path in DOCS if _budget_statements(_read(path))}
    assert {"README.md", "docs/notation.md", "docs/api.md"} <= stated, stated


def test_the_budget_check_can_fail():
    assert budget_problems("`stich analyse POSITION` searches (default 20,000 iterations, seed 1).", "x")
    assert budget_problems("`stich analyse` analyses within a budget of 5 seconds.", "x")
    assert not budget_problems("`stich analyse` analyses within a budget of 2 seconds.", "x")
    readme = _read(README)
    assert budget_problems(readme.replace("budget of 2 seconds", "budget of 3 seconds"), "README")


# ------------------------------------------------------------------------ the CMake option defaults

OPTION = re.compile(r"^\s*option\((STICH_\w+)\s+\"[^\"]*\"\s+(\S+?)\)", re.M)
STATED = [
    re.compile(r"`(STICH_\w+)` \((ON|OFF)\b"),                            # - `STICH_NATIVE` (OFF): ...
    re.compile(r"default[^.;()]{0,20}\(`(STICH_\w+)=(ON|OFF)`\)"),       # by default (`STICH_NATIVE=OFF`)
    re.compile(r"`(STICH_\w+)=(ON|OFF)` \(the default"),                 # `STICH_LTO=ON` (the default ...
    re.compile(r"`?(STICH_\w+)`? is (ON|OFF) by default"),               # STICH_NATIVE is OFF by default
    re.compile(r"`?(STICH_\w+)`?(?: and `?STICH_\w+`?)? defaults? to (ON|OFF)"),
]
TOP_LEVEL_WORDS = {"ON": ("top-level",), "OFF": ("add_subdirectory", "subproject")}


def cmake_options() -> dict[str, str]:
    """CMakeLists.txt's option defaults: ON, OFF, or TOP_LEVEL (ON when stich is the top-level project)."""
    found = {name: ("TOP_LEVEL" if value == "${STICH_TOP_LEVEL}" else value)
             for name, value in OPTION.findall(_read(ROOT / "CMakeLists.txt"))}
    assert {"STICH_NATIVE", "STICH_LTO"} <= set(found), found
    return found


def cmake_default_problems(text: str, where: str, options: dict[str, str]) -> tuple[list[str], set[str]]:
    """The problems, and the options whose default the text states."""
    problems, stated = [], set()
    flat = " ".join(_prose(text).split())
    for pattern in STATED:
        for m in pattern.finditer(flat):
            name, value = m.group(1), m.group(2)
            if name not in options:
                problems.append(f"{where}: {m.group(0)!r} names no option of CMakeLists.txt")
                continue
            stated.add(name)
            want = options[name]
            if want == "TOP_LEVEL":
                window = flat[max(0, m.start() - 120): m.end() + 120]
                if not any(w in window for w in TOP_LEVEL_WORDS[value]):
                    problems.append(f"{where}: {m.group(0)!r}: {name}'s default depends on whether stich is the "
                                    "top-level project; say which")
            elif value != want:
                problems.append(f"{where}: {m.group(0)!r}, but CMakeLists.txt's default is {want}")
    return problems, stated


def test_the_cmake_defaults_in_the_docs_are_cmakelists_s():
    options = cmake_options()
    problems, stated_in_api = cmake_default_problems(_read(API), "docs/api.md", options)
    for path in DOCS:
        if path != API:
            problems += cmake_default_problems(_read(path), _rel(path), options)[0]
    assert problems == []
    assert stated_in_api == set(options), f"docs/api.md does not state the default of {set(options) - stated_in_api}"


def test_the_cmake_check_can_fail():
    options = cmake_options()
    assert cmake_default_problems("- **CPU**: by default (`STICH_NATIVE=ON`) the library", "x", options)[0]
    assert cmake_default_problems("- `STICH_DISPATCH` (OFF): ...", "x", options)[0]
    assert cmake_default_problems("- `STICH_LTO` (ON): link-time optimisation", "x", options)[0]   # top-level only
    assert not cmake_default_problems("- `STICH_LTO` (ON when stich is the top-level project)", "x", options)[0]
    embedding = _read(ROOT / "docs" / "embedding.md")
    assert cmake_default_problems(embedding.replace("(`STICH_NATIVE=OFF`)", "(`STICH_NATIVE=ON`)"), "x", options)[0]


# ------------------------------------------------------------------------------- the notation

NO_NOTATION = re.compile(r"no (?:position )?notation yet|has no (?:position )?notation\b", re.I)


def test_no_doc_says_a_game_has_no_notation():
    said = [f"{_rel(path)}: {m.group(0)!r}" for path in DOCS for m in NO_NOTATION.finditer(" ".join(_read(path).split()))]
    assert said == []
    notation = _read(ROOT / "docs" / "notation.md")
    assert "Every registered game has the notation (`stich.GAMES`)" in notation
    assert NO_NOTATION.search("Euchre has no notation yet: `HasNotation<Def>` says which games have it.")


def test_the_architecture_names_every_core_header():
    """docs/architecture.md's table of the core names each header of csrc/stich/ (a game's own pair
    as ``<game>.hpp/.cpp``, so that a new game needs no line there)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    games = {name.lower() for name in stich.GAMES}
    named = set(re.findall(r"`([\w<>]+)(?:\.hpp|`)", text))
    missing = [h.name for h in sorted((ROOT / "csrc" / "stich").glob("*.hpp"))
               if h.stem not in named and not (h.stem in games and "<game>" in named)]
    assert missing == [], f"docs/architecture.md does not name {missing}"
