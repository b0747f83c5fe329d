"""The answer-quality benchmark (benchmarks/quality/) checked without timing: its data file is what
it says (stored exact values re-verified, positions rebuilt from their seeds), its scoring counts
what it should (rates over non-trivial positions, trivial ones apart), and its machinery runs on a
small sample at a small budget. No assertion depends on the machine's speed: what the analysis
answers at 0.2 s varies, the checks hold for any answer (except that an "exact" answer must agree
with the stored exact values exactly).
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

import stich
from stich import _core

HERE = Path(__file__).resolve().parent / "quality"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"stich_quality_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


run = _load("run")
positions = _load("positions")
DATA = run.load()
LATE = DATA["late"]
MID = DATA["mid"]
GAMES = list(stich.GAMES)
SECONDS = 0.2   # a small budget: the checks below hold for whatever the analysis answers in it


def _replay(record: dict) -> object:
    """The full state of a record, from its deal seed, dealer and actions."""
    state = stich.GAMES[record["game"]]().deal(seed=record["deal_seed"], dealer=record["dealer"])
    for text in record["actions"]:
        state.apply(next(a for a in state.legal_actions() if str(a) == text))
    return state


# --- the data file -----------------------------------------------------------------------------

def test_the_data_file_is_small_and_its_settings_are_the_generators() -> None:
    assert run.DATA.stat().st_size < 2_000_000
    assert DATA["seed_base"] == positions.SEED_BASE and DATA["cap_deals"] == positions.CAP_DEALS
    assert DATA["trivial_eps"] == positions.TRIVIAL_EPS == run.EPS
    assert DATA["units"] == {name: game.UNIT for name, game in stich.GAMES.items()}
    assert len({r["id"] for r in LATE + MID}) == len(LATE) + len(MID)
    seeds = [r["deal_seed"] for r in LATE + MID]
    assert len(set(seeds)) == len(seeds)            # one position a deal
    assert min(seeds) >= positions.SEED_BASE        # disjoint from the tests' seeds (positions.py says why)
    assert max(seeds) < positions.SEED_BASE + positions.SEEDS_PER_BUCKET * len(DATA["buckets"])


def test_every_game_has_late_positions_of_both_origins_and_mid_game_positions_of_every_kind() -> None:
    for game in GAMES:
        late = [r for r in LATE if r["game"] == game and not r["trivial"]]
        assert {r["origin"] for r in late} == set(positions.LATE_ORIGINS), game
        assert {2, 3} <= {r["hand_size"] for r in late}, game
        assert {r["kind"] for r in MID if r["game"] == game} == set(positions.QUOTA_MID), game
    # The buckets' counts are the records' (the report's trivial counts come from the records).
    for b in DATA["buckets"]:
        if b["set"] == "late":
            mine = [r for r in LATE if (r["game"], r["hand_size"], r["origin"]) == (b["game"], b["hand_size"], b["origin"])]
            assert b["non_trivial"] == sum(not r["trivial"] for r in mine)
            assert b["trivial"] == sum(r["trivial"] for r in mine)
            assert b["outcomes"].get("ok", 0) == len(mine)


def test_late_records_are_what_they_say() -> None:
    """Every late record: its text parses to a card-play decision of the seat to act with that hand
    size, the legal moves are the stored moves, sorted best first, the trivial flag is the values'
    spread, the deals solved are at most the core's count and within the cap, and the text is the
    replayed deal's."""
    for r in LATE:
        pos = stich.parse(r["position"])
        state = pos.state
        assert pos.to_act and state.phase == "play", r["id"]
        assert len(state.hand(pos.seat)) == r["hand_size"] and pos.seat == r["seat"], r["id"]
        assert sorted(str(a) for a in state.legal_actions()) == sorted(a for a, _ in r["moves"]), r["id"]
        values = [v for _, v in r["moves"]]
        assert len(values) >= 2 and values == sorted(values, reverse=True), r["id"]
        assert r["trivial"] == (max(values) - min(values) <= positions.TRIVIAL_EPS), r["id"]
        # The deals solved: the core's deals of the playing hands less those the game's rules exclude (Mistigri's).
        assert 0 < r["exact_deals"] <= _core.exact_deals(state) <= positions.CAP_DEALS, r["id"]
        assert stich.position_text(_replay(r)) == r["position"], r["id"]


def test_mid_records_are_what_they_say() -> None:
    for r in MID:
        pos = stich.parse(r["position"])
        assert pos.to_act and pos.seat == r["seat"] and pos.state.phase == r["phase"], r["id"]
        assert (r["kind"] == "before play") == (r["phase"] != "play"), r["id"]
        assert len(pos.state.legal_actions()) >= 2, r["id"]
        assert stich.position_text(_replay(r)) == r["position"], r["id"]


def _cheap(game: str, count: int) -> list[dict]:
    """The game's ``count`` non-trivial late positions with the fewest deals to solve."""
    mine = sorted((r for r in LATE if r["game"] == game and not r["trivial"]), key=lambda r: (r["exact_deals"], r["id"]))
    return mine[:count]


@pytest.mark.parametrize("game", GAMES)
def test_stored_exact_values_are_the_exact_analysis(game: str) -> None:
    """Re-verified from the text (hidden cards drawn anew): stich.pimc over every deal, and
    stich.analyse(method="exact"), give the stored values."""
    for r in _cheap(game, 3):
        view = stich.parse(r["position"], seed=5).view
        exact = stich.pimc(view, worlds=r["exact_deals"], seed=1)
        assert exact.exact and exact.worlds == r["exact_deals"] and exact.world_count == r["world_count"], r["id"]
        got = {str(row.action): row.mean for row in exact.table}
        assert got.keys() == dict(r["moves"]).keys()
        for action, value in r["moves"]:
            assert got[action] == pytest.approx(value, abs=1e-9), (r["id"], action)
        a = stich.analyse(view, seconds=SECONDS, seed=1, method="exact")
        assert a.method == "exact"
        assert {str(row.action): row.mean for row in a.table} == pytest.approx(dict(r["moves"]), abs=1e-9), r["id"]


@pytest.mark.parametrize("game", GAMES)
def test_the_generator_rebuilds_the_first_stored_positions(game: str) -> None:
    """positions.py run again on the cheapest buckets (2 cards; mid-game) writes the same records."""
    buckets = positions.late_buckets()
    index = buckets.index((game, 2, "heuristic"))
    records, _ = positions.make_late(index, game, 2, "heuristic", quota=2)
    stored = [r for r in LATE if (r["game"], r["hand_size"], r["origin"]) == (game, 2, "heuristic")][:len(records)]
    assert [{k: v for k, v in r.items() if k != "id"} for r in stored] == records
    mid_index = len(buckets) + positions.mid_buckets().index((game, "heuristic"))
    records, _ = positions.make_mid(mid_index, game, "heuristic")
    stored = [r for r in MID if (r["game"], r["origin"]) == (game, "heuristic")]
    assert [{k: v for k, v in r.items() if k != "id"} for r in stored] == records


# --- the scoring, on made-up answers -----------------------------------------------------------

def test_wilson_interval() -> None:
    assert run.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert run.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert run.wilson(10, 10)[1] == 1.0 and run.wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert all(math.isnan(x) for x in run.wilson(0, 0))


def _record(trivial: bool, moves: list, id_: str = "x") -> dict:
    return {"id": id_, "game": "Mucken", "hand_size": 3, "origin": "heuristic", "trivial": trivial, "moves": moves}


def _answer(method: str, rows: list[dict], tied: bool = False, threshold: float | None = 1.0) -> dict:
    full = [{"low": None, "high": None, "diff_low": None, "diff_high": None, "visits": None, **row} for row in rows]
    best = full[0]["mean"]
    for row in full:
        row.setdefault("diff", row["mean"] - best)
    return {"method": method, "why": "", "best": full[0]["action"], "tied": tied, "tie_threshold": threshold,
            "rows": full, "seconds": 0.0}


def test_rates_count_non_trivial_positions_only_and_trivial_ones_apart() -> None:
    results = []
    # two non-trivial positions: one hit, one miss with regret 2
    rec = _record(False, [["A", 3.0], ["B", 1.0]])
    results.append(run.score_late(rec, run.exact_facts(rec), _answer("exact", [{"action": "A", "mean": 3.0},
                                                                               {"action": "B", "mean": 1.0}]), None))
    miss = _answer("pimc", [{"action": "B", "mean": 2.5, "low": 0.5, "high": 1.5, "diff_low": 0.0, "diff_high": 0.0},
                            {"action": "A", "mean": 2.0, "low": 2.5, "high": 3.5, "diff_low": 0.5, "diff_high": 2.5}])
    results.append(run.score_late(rec, run.exact_facts(rec), miss, miss))
    # three trivial ones (any pick is best; a tie declared on one)
    triv = _record(True, [["A", 1.0], ["B", 1.0]])
    for tied in (True, False, False):
        results.append(run.score_late(triv, run.exact_facts(triv), _answer("pimc", [{"action": "B", "mean": 0.0},
                                                                                    {"action": "A", "mean": 5.0}], tied), None))
    s = run.summarize_late(results)
    assert s["positions"] == 2 and s["trivial"] == 3 and s["trivial_tied"] == 1
    assert s["exact_best"]["k"] == 1 and s["exact_best"]["n"] == 2 and s["exact_best"]["rate"] == 0.5
    assert s["mean_regret"] == 1.0 and s["worst_regret"] == 2.0
    assert s["methods"] == {"exact": 1, "pimc": 1}
    # the pimc rows: B's [0.5, 1.5] holds its exact 1.0, A's [2.5, 3.5] holds 3.0; against the second
    # run (the same answer) B's 2.5 is outside, A's 2.0 outside; diff of A (exact 3 - 1 = 2) in [0.5, 2.5]
    assert s["covers_exact"] == {"k": 2, "n": 2, "missing": 0}
    assert s["covers_other"] == {"k": 0, "n": 2, "missing": 0}
    assert s["diff_covers_exact"] == {"k": 1, "n": 1, "missing": 0}
    assert s["diff_covers_other"] == {"k": 0, "n": 1, "missing": 0}   # the 2nd run's diff: 2.0 - 2.5 = -0.5
    # both non-trivial gaps (2.0) exceed the threshold (1.0): no tie declared on them
    assert s["tied_when_different"] == {"k": 0, "n": 2} and s["tied_when_close"] == {"k": 0, "n": 0}


def test_missing_fields_count_as_not_available_and_exact_rows_are_not_scored_as_samples() -> None:
    rec = _record(False, [["A", 3.0], ["B", 1.0], ["C", 2.95]])
    old = _answer("ismcts", [{"action": "A", "mean": 2.0, "low": 1.0, "high": 4.0}, {"action": "C", "mean": 1.0},
                             {"action": "B", "mean": 0.0, "low": -1.0, "high": 0.5}], tied=True, threshold=None)
    scored = run.score_late(rec, run.exact_facts(rec), old, None)
    assert scored["hit"] and scored["regret"] == 0.0 and scored["best_moves"] == ["A"]
    assert scored["gap"] == pytest.approx(0.05)
    assert [row["covers_exact"] for row in scored["rows"]] == [True, None, False]
    assert all(row["covers_other"] is None and row["diff_covers_exact"] is None for row in scored["rows"])
    s = run.summarize_late([scored])
    assert not s["tie_threshold_known"]
    assert s["tied_when_different"] == {"k": 1, "n": 1}   # without a threshold: any gap above 1e-9
    assert s["covers_exact"] == {"k": 1, "n": 2, "missing": 1}
    exact = run.score_late(rec, run.exact_facts(rec), _answer("exact", [{"action": "C", "mean": 2.95}]), None)
    assert not exact["hit"] and exact["regret"] == pytest.approx(0.05)
    assert exact["rows"][0]["covers_exact"] is None and run.summarize_late([exact])["covers_exact"]["n"] == 0


def test_mid_scoring() -> None:
    def ans(best: str, method: str = "ismcts", visits: tuple = (100, 10), means: tuple = (1.0, 0.0)) -> dict:
        other = "B" if best == "A" else "A"
        return _answer(method, [{"action": best, "mean": means[0], "visits": visits[0]},
                                {"action": other, "mean": means[1], "visits": visits[1]}], threshold=0.5)
    rec = {"id": "m", "game": "Mucken", "kind": "trick 1", "phase": "play", "origin": "heuristic"}
    s = run.score_mid(rec, [ans("A"), ans("A"), ans("B")], ans("A", visits=(400, 10)))
    assert s["separated"] and not s["agree"] and not s["stable"] and s["frozen"] == ["B"] and s["moves"] == 2
    assert s["visits"] == {"A": [100, 400], "B": [10, 10]}
    tied_dissent = [ans("A"), ans("A"), {**ans("B"), "tied": True}]
    assert run.score_mid(rec, tied_dissent, ans("A"))["stable"]
    s2 = run.score_mid(rec, [ans("A")] * 3, ans("A", visits=(400, 40), means=(1.0, 0.9)))
    assert not s2["separated"] and s2["agree"] and s2["frozen"] == []
    summary = run.summarize_mid([s, s2])
    assert summary["separated"] == 1 and summary["agree_separated"]["k"] == 0 and summary["agree_all"]["k"] == 1
    assert summary["stable"] == {"k": 1, "n": 2}
    assert summary["frozen_moves"] == {"k": 1, "n": 4} and summary["frozen_positions"] == {"k": 1, "n": 2}


def test_selection_takes_non_trivial_positions_in_turn_from_the_buckets() -> None:
    for game in GAMES:
        chosen = run.select_late(LATE, [game], 7)
        assert sum(not r["trivial"] for r in chosen) == 7
        buckets = {(r["hand_size"], r["origin"]) for r in chosen if not r["trivial"]}
        assert len(buckets) == min(7, len({(r["hand_size"], r["origin"]) for r in LATE if r["game"] == game}))
        assert len(run.select_mid(MID, [game], 3)) == 3
    assert len(run.select_late(LATE, GAMES, None)) == len(LATE)


# --- the machinery on a small sample -----------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_late_measurement_runs_and_an_exact_answer_agrees_with_the_stored_values(game: str) -> None:
    # the first two non-trivial positions (2 cards: answered exactly at any speed worth having), the
    # trivial ones met before them, and the dearest (sampled at 0.2 s, unless the machine is fast)
    chosen = run.select_late(LATE, [game], 2)
    chosen.append(max((r for r in LATE if r["game"] == game and not r["trivial"]), key=lambda r: r["exact_deals"]))
    results = [run.measure_late(r, SECONDS, 1, independent=not r["trivial"]) for r in chosen]
    for record, res in zip(chosen, results):
        values = dict(record["moves"])
        assert res["method"] in run.METHODS and res["pick"] in values
        assert res["regret"] >= 0 and res["hit"] == (res["regret"] <= run.EPS)
        assert {row["action"] for row in res["rows"]} == set(values)
        if res["method"] == "exact":
            assert res["hit"]
            for row in res["rows"]:
                assert row["mean"] == pytest.approx(values[row["action"]], abs=1e-9)
                assert row["low"] == row["high"] == row["mean"]
        else:
            assert res["second_run"] == (not record["trivial"])
    s = run.summarize_late(results)
    assert s["positions"] == 3 and s["trivial"] == sum(r["trivial"] for r in chosen)
    assert 0 <= s["exact_best"]["wilson"][0] <= s["exact_best"]["rate"] <= s["exact_best"]["wilson"][1] <= 1
    assert game in run.markdown_late(results, DATA["units"])


def test_mid_measurement_and_the_command_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "q.json"
    code = run.main(["--seconds", "0.05", "--positions", "1", "--mid-positions", "1", "--games", "mucken", "euchre",
                     "--json", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "| Mucken |" in text and "| Euchre |" in text and "| **all** |" in text
    data = json.loads(out.read_text())
    assert not data["interrupted"]
    assert data["late"]["summary"]["all"]["positions"] == 2
    assert data["mid"]["summary"]["all"]["positions"] == 2
    for m in data["mid"]["positions"]:
        legal = {str(a) for a in stich.parse(next(r for r in MID if r["id"] == m["id"])["position"]).state.legal_actions()}
        assert set(m["picks"]) <= legal and m["reference_best"] in legal
        assert m["frozen"] is None or set(m["frozen"]) <= legal


def test_a_forced_method_answers_the_late_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--seconds", "0.05", "--positions", "1", "--games", "Couillon", "--part", "late", "--method", "pimc"]) == 0
    text = capsys.readouterr().out
    assert "--method pimc" in text and "| Couillon | 1 |" in text and "Mid-game" not in text


def test_ctrl_c_stops_cleanly_and_prints_what_was_measured(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*args: object, **kwargs: object) -> dict:
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "measure_mid", interrupted)
    code = run.main(["--seconds", "0.05", "--positions", "1", "--games", "Mistigri"])
    assert code == 130
    text = capsys.readouterr().out
    assert "interrupted" in text and "| Mistigri |" in text and "Mid-game" not in text
