"""Perft of every game: leaves of the full tree of legal actions, from the rows of tests/data/perft.json.

Each row is a deal of ``stich.<game>(**options)`` named by (seed, dealer), its cards pinned in the
row (``hands`` per seat in deal order; the game's deal arguments in ``deal``, e.g. Mistigri's
turned card and talon; ``seeded``: what the seed deals once the rest is pinned), the moves played
from the deal's start, a depth in plies and the leaf count (a finished deal is one leaf, depth 0 is one
leaf; every action is one ply). Every count is given both by the engine's ``stich.perft`` and by the slow pure-Python reference of the game
(``tests/reference/<game>.py``: ``perft_root(row)``, counted by ``reference.perft.perft``). The
perft tables of docs/perft.md are made from this file (``readme_tables()``; a test checks they agree).
The engine counts every row in the fast run; the reference's largest counts (more than 10,000
leaves, or 12 plies and more) are marked slow.

Reproduce a row: ``s = stich.<game>(**options).deal(seed=seed, dealer=dealer)``, ``s.apply(a)`` for
each move, ``stich.perft(s, depth)``.
"""

from __future__ import annotations

import importlib
import json

import pytest

import stich
from reference import cards as ref_cards
from reference.perft import perft as reference_perft
from helpers import ROOT
from helpers.lockstep import memoising
from helpers.play import texts

pytestmark = pytest.mark.rules

ROWS = json.loads((ROOT / "tests" / "data" / "perft.json").read_text(encoding="utf-8"))
IDS = [f"{r['game']}-{'-'.join(f'{k}={v}' for k, v in r['options'].items()) or 'defaults'}-seed{r['seed']}"
       f"-dealer{r['dealer']}-{len(r['moves'])}moves-depth{r['depth']}" for r in ROWS]
# The reference's counts, its largest ones slow (a third of its time in a tenth of the rows).
REFERENCE_ROWS = [pytest.param(r, id=i, marks=[pytest.mark.slow] if r["leaves"] > 10_000 or r["depth"] >= 12 else [])
                  for r, i in zip(ROWS, IDS)]


# Card parsing is a pure function of (text, deck); memoising it only saves time.
_memoised_reference = memoising((ref_cards, "parse"))


def game_of(row):
    return stich.GAMES[row["game"]](**row["options"])


def pinned_deal(row):
    """The engine's deal of the row with every card the row gives pinned."""
    return game_of(row).deal(seed=row["seed"], dealer=row["dealer"], hands=row["hands"], **row["deal"])


def card_sets(state, row):
    hands = [frozenset(str(state.hand(s)).split()) for s in range(state.num_players)]
    extras = {k: " ".join(str(c) for c in v) if isinstance(v, list) else str(v)
              for k, v in ((k, getattr(state, k)) for k in row["deal"])}
    return hands, extras


def test_every_game_has_perft_rows():
    assert {r["game"] for r in ROWS} == set(stich.GAMES)


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_seeded_deal_unchanged(row):
    """The rows name their deals by seed: given the cards the row was made with pinned, the seeded
    shuffle must still deal the rest (``seeded``: the hands, or the parts of the deal named; if it
    is changed on purpose, regenerate the rows' cards and check the counts again)."""
    want = ([frozenset(h.split()) for h in row["hands"]], {k: str(v) for k, v in row["deal"].items()})
    pins = {k: v for k, v in row["deal"].items() if k not in row["seeded"]}
    hands = None if "hands" in row["seeded"] else row["hands"]
    assert card_sets(game_of(row).deal(seed=row["seed"], dealer=row["dealer"], hands=hands, **pins), row) == want
    assert card_sets(pinned_deal(row), row) == want


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_perft_engine(row):
    state = pinned_deal(row)
    for action in row["moves"]:
        state.apply(action)
    before = (str(state), texts(state))
    assert stich.perft(state, 0) == 1
    assert stich.perft(state, row["depth"]) == row["leaves"]
    divided = stich.perft(state, row["depth"], divide=True)
    assert sum(divided.values()) == row["leaves"] or state.is_terminal
    assert list(divided) == texts(state)
    assert (str(state), texts(state)) == before   # perft leaves the state untouched


@pytest.mark.parametrize("row", REFERENCE_ROWS)
def test_perft_reference(row):
    deal = importlib.import_module(f"reference.{row['game'].lower()}").perft_root(row)
    for action in row["moves"]:
        deal.apply(action)
    assert reference_perft(deal, row["depth"]) == row["leaves"]


def readme_tables() -> str:
    """The perft tables of docs/perft.md, one per game, from the rows."""
    out = []
    for game in stich.GAMES:
        rows = [r for r in ROWS if r["game"] == game]
        cells = [("options", "seed", "dealer", "moves", "depth", "leaves", "covers")]
        for r in rows:
            options = "; ".join(f"{k}={tuple(v) if isinstance(v, list) else v}" for k, v in r["options"].items())
            cells.append((options, str(r["seed"]), str(r["dealer"]), " ".join(r["moves"]), str(r["depth"]),
                          str(r["leaves"]), r["covers"]))
        widths = [max(len(row[i]) for row in cells) for i in range(7)]
        right = {1, 2, 4, 5}
        lines = [f"{game}:", ""]
        for k, row in enumerate(cells):
            lines.append("| " + " | ".join(c.rjust(w) if i in right and k else c.ljust(w)
                                           for i, (c, w) in enumerate(zip(row, widths))) + " |")
            if k == 0:
                lines.append("|" + "|".join("-" * (w + 1) + (":" if i in right else "-") for i, w in enumerate(widths)) + "|")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def test_readme_tables_are_the_rows():
    page = (ROOT / "docs" / "perft.md").read_text(encoding="utf-8")
    assert readme_tables() in page, "regenerate the perft tables of docs/perft.md: PYTHONPATH=tests python tests/common/test_perft.py"


if __name__ == "__main__":
    print(readme_tables(), end="")
