"""Writes tests/wasm/data.json: what the node suites of tests/wasm/ check the WebAssembly build
against, taken from the native engine's recorded data in a form JavaScript reads without Python
(options as the C ABI's option text, seeded moves as their texts):

- ``perft``: every row of tests/data/perft.json (its counts as recorded there; a row whose deal
  pins more than the hands, e.g. Mistigri's turned card, as the record text of its deal, which
  holds every card as dealt, the talon's order too);
- ``solved``: every row of tests/data/solved.json (its values as recorded there);
- ``bench``: the bench's search positions (stich.bench.positions(), their seeded moves played) and
  the signature's configuration; the signature itself node reads from docs/bench.md;
- ``solve_bench``: the bench's solver deals (stich.bench.solve_cases()), for benchmarks/wasm_bench.mjs;
- ``review``: a Couillon deal played with the last legal action each turn and stich.review's
  seat's-view verdicts of its record under small settings, for state.reviewView.

Run it when one of those changes (tests/common/test_wasm.py fails while it is stale):

    PYTHONPATH=python python tools/wasm_testdata.py           # rewrite the file
    PYTHONPATH=python python tools/wasm_testdata.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import stich
import stich.bench

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "wasm" / "data.json"


def options_text(game: Any) -> str:
    """A game's options as the C ABI takes them: its notation game line without the name."""
    return game.rules._game_line[len(game.name):].strip()


def perft_rows() -> list[dict[str, Any]]:
    rows = json.loads((ROOT / "tests" / "data" / "perft.json").read_text(encoding="utf-8"))
    out = []
    for r in rows:
        game = stich.GAMES[r["game"]](**r["options"])
        row = {"game": r["game"], "options": options_text(game), "seed": r["seed"], "dealer": r["dealer"],
               "hands": None if "hands" in r["seeded"] else r["hands"], "moves": r["moves"], "record": None,
               "depth": r["depth"], "leaves": r["leaves"]}
        # The C ABI deals by (seed, dealer, hands). A row pinning other cards (Mistigri's turned
        # card) is given as the record of its deal (every card as dealt, the talon in its order),
        # which the wasm reads back into exactly the native deal; its moves are applied after.
        if any(k not in r["seeded"] for k in r["deal"]):
            state = game.deal(seed=r["seed"], dealer=r["dealer"], hands=r["hands"], **r["deal"])
            out_text = io.StringIO()
            stich.write_records([stich.Record.dealt(state, seed=r["seed"])], out_text)
            row["record"] = out_text.getvalue()
        out.append(row)
    return out


def solved_rows() -> list[dict[str, Any]]:
    rows = json.loads((ROOT / "tests" / "data" / "solved.json").read_text(encoding="utf-8"))
    return [{"game": r["game"], "options": options_text(stich.GAMES[r["game"]](**r["options"])), "seed": r["seed"],
             "dealer": r["dealer"], "hands": r["hands"], "moves": r["moves"], "to_act": r["to_act"], "values": r["values"]}
            for r in rows]


def bench() -> dict[str, Any]:
    positions = []
    for p in stich.bench.positions():
        _, moves = p.played()
        positions.append({"name": p.name, "game": p.game.name, "options": options_text(p.game), "seed": p.seed,
                          "dealer": p.seed % p.game.num_players, "moves": moves})
    return {"positions": positions, "iterations": stich.bench.SIGNATURE_ITERATIONS,
            "threads": stich.bench.SIGNATURE_THREADS, "seed": stich.bench.SIGNATURE_SEED}


def solve_bench() -> list[dict[str, Any]]:
    """The solver rows' deals as (seed, dealer, moves), replaying stich.bench.first_cards."""
    out = []
    for name, game, deals in stich.bench.solve_cases():
        rng = random.Random(1)
        found: list[dict[str, Any]] = []
        while len(found) < deals:
            seed, dealer = rng.getrandbits(32), rng.randrange(game.num_players)
            state, moves = game.deal(seed=seed, dealer=dealer), []
            while not state.is_terminal and state.phase != game.PLAY_PHASE:
                action = state.heuristic_action(rng.getrandbits(32))
                moves.append(str(action))
                state.apply(action)
            if not state.is_terminal:
                found.append({"seed": seed, "dealer": dealer, "moves": moves})
        out.append({"name": name, "game": game.name, "options": options_text(game), "deals": found})
    return out


def review_case() -> dict[str, Any]:
    game = stich.GAMES["Couillon"]()
    state = game.deal(seed=5, dealer=0)
    record = stich.Record.dealt(state, seed=5)
    while not state.is_terminal:
        action = state.legal_actions()[-1]
        record = record.with_action(state.current_player, action.text)
        state.apply(action)
    settings = {"worlds": 8, "iterations": 200, "seed": 3}
    reviewed = next(stich.review([record], **settings))
    verdicts = [{"index": d["index"], "seat": d["seat"], "played": d["played"], **d["view"]}
                for d in reviewed["decisions"] if d["view"] is not None]
    return {"game": game.name, "options": options_text(game), "deal_seed": 5, "dealer": 0, **settings, "record": 0,
            "verdicts": verdicts}


def expected() -> dict[Path, str]:
    data = {"perft": perft_rows(), "solved": solved_rows(), "bench": bench(), "solve_bench": solve_bench(),
            "review": review_case()}
    return {OUT: json.dumps(data, indent=0, ensure_ascii=False) + "\n"}


if __name__ == "__main__":
    sys.exit(main(None, __doc__.splitlines()[0], expected, ROOT, "PYTHONPATH=python python tools/wasm_testdata.py"))
