"""The C ABI (stich_c.h, libstich_c.so; docs/c-api.md) called through ctypes and compared with the
Python API: every game and option set of the shared tests' hooks, on many seeded deals, gives the
same seats to act, legal ids and texts, returns, position texts, views and worlds, solve values and
ISMCTS results; every function refuses bad input with a status and a message; the library exports
the functions of the header and nothing else (the list is pinned here).

The library is the installed package's (``stich config --c-library``) or the one STICH_C_LIBRARY
names (a build tree's: ``STICH_C_LIBRARY=build/dev/libstich_c.so``); without either (the source
tree alone) the tests skip, saying so. The C test program (tests/c, ctest) checks the same ABI from C."""

from __future__ import annotations

import ctypes as C
import random
import re
import shutil
import subprocess
import threading

import pytest
from helpers import ROOT, fast_and_slow, skip_empty
from helpers.c_abi import HEADER, P, PROGRESS, SIGNATURES, STATUS, CError, Control, Lib, header_functions, library_path, options_text
from helpers.hooks import HOOKS

import stich
from stich.games import in_card_play

pytestmark = pytest.mark.rules   # the differential part runs under the sanitizers too (.ci/sanitize)

# The exported symbols, pinned: a change here is a change of the ABI (docs/c-api.md, "ABI version").
PINNED = """
stich_abi_version stich_action_text stich_analyse stich_analyse_batch stich_apply stich_apply_text
stich_current_player stich_deal stich_deal_hands stich_deal_into stich_full_deal_read stich_game_count stich_game_free
stich_game_name stich_game_new stich_game_num_players stich_game_schema stich_game_text stich_hand stich_heuristic_action
stich_is_terminal stich_ismcts stich_last_error stich_legal_actions stich_num_players stich_phase
stich_position_read stich_position_text stich_record_length stich_record_state stich_record_text
stich_records_count stich_records_free stich_records_read stich_result_actions stich_result_best stich_result_column
stich_result_count stich_result_free stich_result_method stich_result_partial stich_result_tied stich_returns stich_review_open
stich_review_view stich_solve
stich_solve_batch stich_state_clone stich_state_free stich_state_game stich_state_table stich_state_text stich_status_name stich_step
stich_version stich_view_free stich_view_new stich_view_sample stich_view_seat stich_view_text
stich_view_world_count
""".split()

CONFIGS = [(name, game) for name, hooks in HOOKS.items() for game in hooks.CONFIGS]
CONFIG_IDS = [repr(game) for _, game in CONFIGS]


@pytest.fixture(scope="module")
def lib() -> Lib:
    return Lib(library_path())


# The analysis and the records have their C ABI functions in every build; a library built without
# their C++ (stich/analyse.hpp, stich/records.hpp) answers them with an error that says so.
ANALYSE = ("stich_analyse", "stich_analyse_batch")
RECORDS = ("stich_records_read", "stich_records_count", "stich_record_length", "stich_record_state", "stich_record_text")


@pytest.fixture(scope="module")
def analyse_built(lib: Lib) -> None:
    if why := lib.not_built("analyse"):
        pytest.skip(why)


@pytest.fixture(scope="module")
def records_built(lib: Lib) -> None:
    if why := lib.not_built("records"):
        pytest.skip(why)


def test_a_part_not_built_says_so(lib):
    """Where the analysis or the records are not built, each of their functions fails with a status
    and a message naming the function, never a crash (with NULL arguments too)."""
    missing = [part for part in ("analyse", "records") if lib.not_built(part)]
    if not missing:
        pytest.skip("this library has the analysis and the records")
    out = P()
    g = lib.game("Mucken")
    s = lib.new("stich_deal", g, 1, 0)
    calls = {"analyse": [("stich_analyse", (s, b"auto", 1.0, 0, 1, 1, None, C.byref(out))),
                         ("stich_analyse_batch", ((P * 1)(s), 1, b"auto", 1.0, 0, 1, 1, None, (P * 1)(), None))],
             "records": [("stich_records_read", (b"[Game \"Mucken\"]\n", C.byref(out))), ("stich_record_text", (s, None, 0)),
                         ("stich_records_count", (None,)), ("stich_record_length", (None, 0)), ("stich_record_state", (None, 0, 0,
                                                                                                                       C.byref(out)))]}
    for part in missing:
        for function, args in calls[part]:
            status, message = _call(lib, function, *args)
            assert status < -1 and message.startswith(function + ": ") and not out, (function, message)
    lib.stich_state_free(s)
    lib.stich_game_free(g)   # a call that succeeds: the thread's message is "" again


def test_exported_symbols_are_pinned(lib):
    """Only the functions of stich_c.h, under the version node STICH_C_1: no C++ name, no symbol of
    the static C++ runtime."""
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("no nm on this machine (binutils)")
    out = subprocess.run([nm, "-D", "--defined-only", str(lib.path)], capture_output=True, text=True, check=True).stdout
    symbols = [line.split()[-1] for line in out.splitlines() if line.strip()]
    names = sorted(s.split("@")[0] for s in symbols if s != "STICH_C_1")
    assert names == sorted(PINNED)
    assert all(s.endswith("@@STICH_C_1") for s in symbols if s != "STICH_C_1"), symbols
    assert set(PINNED) == header_functions() == set(SIGNATURES)


def test_docs_list_every_function_and_status():
    """docs/c-api.md's table of functions names each function of stich_c.h once, and its table of
    status codes gives each code of the header with its value."""
    page = (ROOT / "docs" / "c-api.md").read_text(encoding="utf-8")
    assert sorted(re.findall(r"^\| `[^`|]*?\b(stich_\w+)\(", page, re.M)) == sorted(header_functions())
    codes = {name: int(value) for name, value in re.findall(r"^\| `(STICH_(?:OK|E_\w+))` \| (-?\d+) \|", page, re.M)}
    assert codes == {"STICH_OK": 0, **STATUS}


def test_versions(lib):
    abi = re.search(r"#define STICH_ABI_VERSION (\d+)", HEADER.read_text(encoding="utf-8"))
    assert abi and lib.stich_abi_version() == int(abi.group(1))
    assert lib.stich_version().decode() == stich.__version__
    assert lib.stich_status_name(STATUS["STICH_E_BAD_TEXT"]).decode() == "STICH_E_BAD_TEXT"
    assert -1 not in STATUS.values() and all(code < -1 for code in STATUS.values())
    assert lib.stich_last_error().decode() == ""


def test_games_by_name_and_options(lib):
    names = [lib.text("stich_game_name", i) for i in range(lib.stich_game_count())]
    assert names == list(stich.GAMES)
    for name, game in CONFIGS:
        for spelling in (name, name.lower(), name.upper()):
            g = lib.game(spelling, options_text(game))
            assert lib.text("stich_game_text", g) == game.rules._game_line
            assert lib.stich_game_num_players(g) == game.num_players
            lib.stich_game_free(g)
    with pytest.raises(CError) as e:
        lib.game("Skat")
    assert e.value.status == STATUS["STICH_E_UNKNOWN_NAME"] and "Couillon" in e.value.message
    with pytest.raises(CError) as e:   # the message of `stich play --option`
        lib.game("mucken", "players=9")
    assert e.value.status == STATUS["STICH_E_BAD_TEXT"] and "option players of Mucken must be" in e.value.message


def _walk(lib: Lib, name: str, game, seed: int) -> None:
    """One seeded deal played on both APIs, every step compared."""
    g = lib.game(name, options_text(game))
    players = game.num_players
    state = game.deal(seed=seed, dealer=seed % players)
    if seed % 2:
        s = lib.new("stich_deal", g, seed, seed % players)
    else:   # a handle of another deal (and for odd players another dealer), dealt into
        s = lib.new("stich_deal", g, seed + 1, (seed + 1) % players)
        assert lib.ok(lib.stich_deal_into(g, seed, seed % players, s)) == 0
    rng = random.Random(seed)
    step = 0
    while True:
        assert lib.stich_is_terminal(s) == int(state.is_terminal)
        assert lib.stich_current_player(s) == (-1 if state.current_player is None else state.current_player)
        legal = state.legal_actions()
        assert lib.legal(s) == [a.id for a in legal]
        assert [lib.text("stich_action_text", s, a.id) for a in legal] == [str(a) for a in legal]
        if step % 5 == 0:
            assert lib.text("stich_state_text", s) == str(state)
            assert lib.text("stich_phase", s) == state.phase
        if state.is_terminal:
            break
        if step % 7 == 3:
            assert lib.stich_heuristic_action(s, seed + step) == state.heuristic_action(seed + step).id
        action = rng.choice(legal)
        if step % 3 == 1:
            assert lib.ok(lib.stich_apply(s, action.id)) == 0
        elif step % 3 == 2:   # by its index, the next legal ids out
            ids = (C.c_int32 * 64)()
            n = lib.ok(lib.stich_step(s, legal.index(action), ids, 64))
            state.apply(action)
            assert list(ids[:n]) == [a.id for a in state.legal_actions()]
            step += 1
            continue
        else:
            assert lib.ok(lib.stich_apply_text(s, str(action).encode())) == action.id
        state.apply(action)
        step += 1
    assert lib.returns(s) == [float(r) for r in state.returns()]
    lib.stich_state_free(s)
    lib.stich_game_free(g)


@pytest.mark.parametrize("part", fast_and_slow(full=200, fast=10))
@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_play_agrees_with_python(lib, name, game, part):
    """Seeded random walks: the same seat to act, legal ids and texts, phase, state text and
    heuristic action at every step (applied by id or by text), the same returns at the end."""
    first = 0 if part[0] == "fast" else 1000
    for seed in range(first, first + skip_empty(part)):
        _walk(lib, name, game, seed)


def _to_card_play(lib: Lib, s: P, state, seed: int, cards: int, solver: bool = False) -> bool:
    """Both states up to the card play by the heuristic, then `cards` seeded random plays (and with
    `solver`, more until the game's solver takes the state: Hearts' last five tricks); False when
    the deal ends first."""
    rng = random.Random(seed)
    while not state.is_terminal and not in_card_play(state):
        a = state.heuristic_action(seed)
        assert lib.ok(lib.stich_heuristic_action(s, seed)) == a.id
        state.apply(a)
        lib.ok(lib.stich_apply(s, a.id))
    for _ in range(cards):
        if state.is_terminal:
            break
        a = rng.choice(state.legal_actions())
        state.apply(a)
        lib.ok(lib.stich_apply(s, a.id))
    while solver and not state.is_terminal and not stich.games.solvable(state):
        a = rng.choice(state.legal_actions())
        state.apply(a)
        lib.ok(lib.stich_apply(s, a.id))
    return not state.is_terminal


@pytest.mark.parametrize("part", fast_and_slow(full=60, fast=5))
@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_solve_agrees_with_python(lib, name, game, part):
    """The open-hand solve at the first card and later in the play: each legal action's value and
    the best action, as stich.solve gives them."""
    g = lib.game(name, options_text(game))
    first = 0 if part[0] == "fast" else 500
    for seed in range(first, first + skip_empty(part)):
        state = game.deal(seed=seed)
        s = lib.new("stich_deal", g, seed, 0)
        if _to_card_play(lib, s, state, seed, cards=seed % 7, solver=True):
            sol = stich.solve(state)
            r = lib.result(lib.new("stich_solve", s, None))
            assert r["method"] == "solve" and r["partial"] == 0
            assert dict(zip(r["actions"], r["value"])) == {a.id: float(v) for a, v in sol.values.items()}
            assert r["best"] == sol.best.id
        lib.stich_state_free(s)
    lib.stich_game_free(g)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_ismcts_agrees_with_python(lib, name, game, threads):
    """A seed and an iteration budget: the same visits and means per action and the same best as
    stich.ismcts, before the card play and in it."""
    g = lib.game(name, options_text(game))
    for seed in range(3):
        state = game.deal(seed=seed)
        s = lib.new("stich_deal", g, seed, 0)
        for _ in range(2):
            if state.is_terminal:
                break
            res = stich.ismcts(state, iterations=400, seed=seed, threads=threads)
            r = lib.result(lib.new("stich_ismcts", s, 400, 0.0, threads, seed, None))
            assert r["method"] == "ismcts" and r["partial"] == 0
            assert r["actions"] == [row.action.id for row in res.table]
            assert r["visits"] == [float(row.visits) for row in res.table]
            assert [m for m in r["value"] if m is not None] == [row.mean for row in res.table if row.visits]
            assert r["best"] == res.best.id
            if not _to_card_play(lib, s, state, seed, cards=2):
                break
        lib.stich_state_free(s)
    lib.stich_game_free(g)


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_positions_views_and_worlds_agree_with_python(lib, name, game):
    """Position texts written and read (stich.position_text, stich.parse), a seat's view (its text
    and world count) and worlds sampled from it (stich.parse(view text, seed)), full deals, hands."""
    g = lib.game(name, options_text(game))
    for seed in range(4):
        state = game.deal(seed=seed, dealer=seed % game.num_players)
        s = lib.new("stich_deal", g, seed, seed % game.num_players)
        rng = random.Random(seed)
        for step in range(seed * 5 + 3):
            if state.is_terminal:
                break
            a = rng.choice(state.legal_actions())
            state.apply(a)
            lib.ok(lib.stich_apply(s, a.id))
        if state.is_terminal:
            continue
        for seat in range(game.num_players):
            assert lib.text("stich_hand", s, seat) == str(state.hand(seat))
            text = stich.position_text(state, seat)
            assert lib.text("stich_position_text", s, seat) == text
            read_seat = C.c_int(-1)
            read = P()
            lib.ok(lib.stich_position_read(text.encode(), seed, C.byref(read), C.byref(read_seat)))
            parsed = stich.parse(text, seed)
            assert read_seat.value == parsed.seat == seat
            assert lib.text("stich_state_text", read) == str(parsed.state)
            lib.stich_state_free(read)
            v = lib.new("stich_view_new", s, seat)
            assert lib.stich_view_seat(v) == seat
            assert lib.text("stich_view_text", v) == text
            assert lib.text("stich_view_world_count", v) == str(state.view(seat).count_worlds())
            for world_seed in (0, 1, 2**64 - 1):
                w = lib.new("stich_view_sample", v, world_seed)
                assert lib.text("stich_state_text", w) == str(stich.parse(text, world_seed).state)
                assert lib.text("stich_position_text", w, seat) == text
                lib.stich_state_free(w)
            lib.stich_view_free(v)
        seat = state.current_player
        full = stich.position_text(state, seat) + "".join(f"hand{k}: {state.hand(k)}\n" for k in range(game.num_players))
        read_seat = C.c_int(-1)
        read = P()
        lib.ok(lib.stich_full_deal_read(full.encode(), C.byref(read), C.byref(read_seat)))
        full_seat, full_state = stich._core.parse_full_deal(full.encode())
        assert read_seat.value == full_seat and lib.text("stich_state_text", read) == str(full_state)
        lib.stich_state_free(read)
        other = lib.new("stich_state_game", s)
        assert lib.text("stich_game_text", other) == game.rules._game_line
        lib.stich_game_free(other)
        lib.stich_state_free(s)
    lib.stich_game_free(g)


def test_deal_with_hands_agrees_with_python(lib):
    for name, game in CONFIGS:
        g = lib.game(name, options_text(game))
        full = game.deal(seed=9)
        hands = [str(full.hand(0)), None, " ".join(str(full.hand(2)).split()[:2])]
        state = game.deal(seed=3, dealer=1, hands=hands)
        texts = (C.c_char_p * 3)(*[None if h is None else h.encode() for h in hands])
        s = lib.new("stich_deal_hands", g, 3, 1, texts, 3)
        assert lib.text("stich_state_text", s) == str(state)
        lib.stich_state_free(s)
        lib.stich_game_free(g)


def test_deal_into_replaces_any_handle_and_a_failed_one_changes_nothing(lib):
    """stich_deal_into: the handle afterwards is what stich_deal makes, whatever game it held; its
    record names the new seed; a refused dealer leaves the handle as it was."""
    first, other = list(stich.GAMES)[:2]
    one, two = lib.game(first.lower(), ""), lib.game(other.lower(), "")
    s = lib.new("stich_deal", one, 4, 1)
    lib.legal(s)   # a listing the new deal must not keep
    assert lib.ok(lib.stich_deal_into(two, 7, 2, s)) == 0
    fresh = lib.new("stich_deal", two, 7, 2)
    assert lib.text("stich_state_text", s) == lib.text("stich_state_text", fresh)
    assert lib.legal(s) == lib.legal(fresh)
    assert lib.text("stich_record_text", s) == lib.text("stich_record_text", fresh)
    before = lib.text("stich_state_text", s)
    assert lib.stich_deal_into(one, 8, 99, s) == STATUS["STICH_E_OUT_OF_RANGE"]
    assert "dealer" in lib.stich_last_error().decode()
    assert lib.text("stich_state_text", s) == before
    for h in (s, fresh):
        lib.stich_state_free(h)
    lib.stich_game_free(one)
    lib.stich_game_free(two)


def test_batch_agrees_with_single_calls(lib):
    """stich_solve_batch on 2 threads: each position's result as its own stich_solve; a position
    that cannot be solved has its status, the others their results."""
    g = lib.game("Mucken")
    states = []
    for seed in range(40):
        state = stich.Mucken().deal(seed=seed)
        s = lib.new("stich_deal", g, seed, 0)
        if _to_card_play(lib, s, state, seed, cards=seed % 5):
            states.append(s)
    start = lib.new("stich_deal", g, 1, 0)   # before the card play: not solvable
    batch = [*states[:5], start, *states[5:]]
    n = len(batch)
    results = (P * n)()
    statuses = (C.c_int * n)()
    status = lib.stich_solve_batch((P * n)(*batch), n, 2, None, results, statuses)
    assert status == STATUS["STICH_E_INVALID_ARGUMENT"]
    assert lib.error().startswith(f"stich_solve_batch: position 5 of {n}: ")
    for i, s in enumerate(batch):
        if i == 5:
            assert statuses[i] == STATUS["STICH_E_INVALID_ARGUMENT"] and not results[i]
            continue
        assert statuses[i] == 0
        alone = lib.result(lib.new("stich_solve", s, None))
        assert lib.result(P(results[i])) == alone
        lib.stich_result_free(results[i])


def test_cancel_and_progress(lib):
    """A progress function sees the iterations so far and stops the search by returning nonzero
    (the answer is then partial); a set flag stops a solve (STICH_E_CANCELLED)."""
    g = lib.game("Couillon")
    s = lib.new("stich_deal", g, 1, 0)
    seen: list[tuple[int, int]] = []

    @PROGRESS
    def progress(user, done, total, seconds):
        seen.append((done, total))
        return 1 if len(seen) >= 3 else 0

    ctl = Control(None, progress, None, 0.01)
    r = lib.result(lib.new("stich_ismcts", s, 0, 86400.0, 1, 1, C.byref(ctl)))
    assert r["partial"] == 1 and len(seen) == 3
    assert all(total == 0 for _, total in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    flag = C.c_int32(1)
    cancelled = Control(C.pointer(flag), PROGRESS(), None, 0)
    state = stich.Couillon().deal(seed=1)
    assert _to_card_play(lib, s, state, 1, cards=0)
    out = P()
    assert lib.stich_solve(s, C.byref(cancelled), C.byref(out)) == STATUS["STICH_E_CANCELLED"] and not out
    assert "stopped" in lib.error()


def test_states_searched_on_threads_at_once(lib):
    """Different states searched on different threads at the same time (ctypes releases the GIL):
    the same results as one after the other."""
    g = lib.game("Euchre")
    states = [lib.new("stich_deal", g, seed, seed % 4) for seed in range(6)]

    def search(s):
        return lib.result(lib.new("stich_ismcts", s, 3000, 0.0, 1, 5, None))

    alone = [search(s) for s in states]
    together: list = [None] * len(states)

    def run(i):
        together[i] = search(states[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(states))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


# ------------------------------------------------------------------------------ bad input

HOSTILE = [b"", b" ", b"\xff\xfe\xfd", b"%s%s%n%x", b"\x01\x02\x7f", b"A" * 100_000, b"players=" + b"9" * 400,
           b"stich position 1\n" + b"game: Mucken\n" * 2000, b"stich position 1\ngame: Mucken\ndealer: 0\nseat: 9\nhand: -\nhistory: -\n",
           "Über ♠♥".encode(), b"=", b"players==6", b"discard EA EA EA"]


def _call(lib: Lib, function: str, *args):
    """The call's status (< -1: an error, with the thread's message starting with the function's name)."""
    status = getattr(lib, function)(*args)
    return status, lib.error()


@pytest.fixture(scope="module")
def handles(lib):
    """One live handle of each kind (and one of each freed without being used)."""
    g = lib.game("Mucken")
    s = lib.new("stich_deal", g, 1, 0)
    v = lib.new("stich_view_new", s, 0)
    state = stich.Mucken().deal(seed=1)
    play = lib.new("stich_deal", g, 1, 0)
    assert _to_card_play(lib, play, state, 1, cards=1)
    r = lib.new("stich_solve", play, None)
    records = None if lib.not_built("records") else lib.new("stich_records_read", lib.text("stich_record_text", play).encode())
    for kind in ("stich_game", "stich_state", "stich_view", "stich_result"):   # freed never used: no error
        made = {"stich_game": lambda: lib.game("Euchre"), "stich_state": lambda: lib.new("stich_state_clone", s),
                "stich_view": lambda: lib.new("stich_view_new", s, 1), "stich_result": lambda: lib.new("stich_solve", play, None)}[kind]()
        getattr(lib, kind + "_free")(made)
        assert lib.error() == ""
    over = lib.new("stich_deal", g, 2, 0)   # a deal played to its end
    while lib.legal(over):
        lib.ok(lib.stich_apply(over, lib.legal(over)[0]))
    return {"g": g, "s": s, "v": v, "r": r, "play": play, "records": records, "over": over}


def _bad_calls(lib: Lib, h: dict) -> list[tuple[str, tuple, str]]:
    """(function, arguments, expected status) for every function that can fail: NULL pointers,
    handles of another kind, seats, indexes and ids out of range, hostile text, bad buffers."""
    g, s, v, r = h["g"], h["s"], h["v"], h["r"]
    buf = C.create_string_buffer(64)
    out = P()
    ids = (C.c_int32 * 4)()
    d = (C.c_double * 4)()
    seat = C.c_int()
    IA, OOR, IL, UN, BT, BTS = ("STICH_E_" + k for k in ("INVALID_ARGUMENT", "OUT_OF_RANGE", "ILLEGAL_ACTION", "UNKNOWN_NAME",
                                                          "BAD_TEXT", "BUFFER_TOO_SMALL"))
    rows = [
        ("stich_game_name", (99, buf, 64), OOR), ("stich_game_name", (-1, buf, 64), OOR), ("stich_game_name", (0, buf, 1), BTS),
        ("stich_game_new", (None, b"", C.byref(out)), IA), ("stich_game_new", (b"Mucken", None, C.byref(out)), IA),
        ("stich_game_new", (b"Mucken", b"", None), IA), ("stich_game_new", (b"Skat", b"", C.byref(out)), UN),
        ("stich_game_text", (None, buf, 64), IA), ("stich_game_text", (s, buf, 64), IA), ("stich_game_text", (g, buf, 0), BTS),
        ("stich_game_num_players", (None,), IA), ("stich_game_num_players", (r,), IA),
        ("stich_deal", (None, 1, 0, C.byref(out)), IA), ("stich_deal", (g, 1, 4, C.byref(out)), OOR),
        ("stich_deal", (g, 1, -1, C.byref(out)), OOR), ("stich_deal", (g, 1, 0, None), IA), ("stich_deal", (v, 1, 0, C.byref(out)), IA),
        ("stich_deal_into", (None, 1, 0, s), IA), ("stich_deal_into", (g, 1, 4, s), OOR), ("stich_deal_into", (g, 1, 0, None), IA),
        ("stich_deal_into", (g, 1, 0, v), IA), ("stich_deal_into", (s, 1, 0, s), IA),
        ("stich_deal_hands", (g, 1, 0, None, 2, C.byref(out)), IA), ("stich_deal_hands", (g, 1, 0, None, -1, C.byref(out)), OOR),
        ("stich_deal_hands", (g, 1, 0, (C.c_char_p * 1)(b"EO EO"), 1, C.byref(out)), BT),
        ("stich_deal_hands", (g, 1, 0, (C.c_char_p * 1)(b"EO GO HO SO EU GU EA"), 1, C.byref(out)), IA),
        ("stich_state_clone", (None, C.byref(out)), IA), ("stich_state_clone", (s, None), IA), ("stich_state_clone", (g, C.byref(out)), IA),
        ("stich_state_game", (None, C.byref(out)), IA), ("stich_state_game", (s, None), IA),
        ("stich_state_text", (None, buf, 64), IA), ("stich_state_text", (s, buf, 64), BTS), ("stich_state_text", (s, buf, -1), IA),
        ("stich_state_text", (s, None, 10), IA), ("stich_state_text", (s, buf, 0), BTS), ("stich_state_text", (s, buf, 1), BTS),
        ("stich_is_terminal", (None,), IA), ("stich_is_terminal", (v,), IA), ("stich_current_player", (None,), IA),
        ("stich_num_players", (g,), IA), ("stich_phase", (None, buf, 64), IA), ("stich_phase", (s, buf, 2), BTS),
        ("stich_legal_actions", (None, ids, 4), IA), ("stich_legal_actions", (s, None, 4), IA), ("stich_legal_actions", (s, ids, -1), IA),
        ("stich_action_text", (s, -1, buf, 64), OOR), ("stich_action_text", (s, 65535, buf, 64), OOR),
        ("stich_action_text", (None, 0, buf, 64), IA), ("stich_action_text", (s, 0, buf, 0), BTS),
        ("stich_apply", (None, 0), IA), ("stich_apply", (s, -1), IL), ("stich_apply", (s, 65535), IL), ("stich_apply", (s, 2**31 - 1), IL),
        ("stich_apply", (s, 0), IL), ("stich_apply", (g, 0), IA),
        ("stich_apply_text", (None, b"pass"), IA), ("stich_apply_text", (s, None), IA),
        ("stich_step", (None, 0, ids, 4), IA), ("stich_step", (g, 0, ids, 4), IA), ("stich_step", (s, -1, ids, 4), OOR),
        ("stich_step", (s, 64, ids, 4), OOR), ("stich_step", (s, 2**31 - 1, ids, 4), OOR), ("stich_step", (s, 0, None, 4), IA),
        ("stich_step", (s, 0, ids, -1), IA), ("stich_step", (h["over"], 0, ids, 4), IL),
        ("stich_returns", (None, d, 4), IA), ("stich_returns", (s, None, 4), IA), ("stich_returns", (s, d, -2), IA),
        ("stich_hand", (s, 4, buf, 64), OOR), ("stich_hand", (s, -1, buf, 64), OOR), ("stich_hand", (None, 0, buf, 64), IA),
        ("stich_hand", (s, 0, buf, 1), BTS),
        ("stich_heuristic_action", (None, 1), IA), ("stich_heuristic_action", (r, 1), IA),
        ("stich_position_read", (None, 0, C.byref(out), C.byref(seat)), IA), ("stich_position_read", (b"x", 0, None, None), IA),
        ("stich_position_text", (None, 0, buf, 64), IA), ("stich_position_text", (s, 4, buf, 64), OOR),
        ("stich_position_text", (s, 0, buf, 16), BTS),
        ("stich_full_deal_read", (None, C.byref(out), None), IA), ("stich_full_deal_read", (b"x", None, None), IA),
        ("stich_view_new", (None, 0, C.byref(out)), IA), ("stich_view_new", (s, 9, C.byref(out)), OOR),
        ("stich_view_new", (s, 0, None), IA), ("stich_view_new", (g, 0, C.byref(out)), IA),
        ("stich_view_seat", (None,), IA), ("stich_view_seat", (s,), IA),
        ("stich_view_text", (None, buf, 64), IA), ("stich_view_text", (v, buf, 8), BTS),
        ("stich_view_world_count", (None, buf, 64), IA), ("stich_view_world_count", (v, buf, 1), BTS),
        ("stich_view_sample", (None, 1, C.byref(out)), IA), ("stich_view_sample", (v, 1, None), IA), ("stich_view_sample", (s, 1,
                                                                                                                            C.byref(out)),
                                                                                                                            IA),
        ("stich_solve", (None, None, C.byref(out)), IA), ("stich_solve", (s, None, C.byref(out)), IA), ("stich_solve", (h["play"], None,
                                                                                                                        None), IA),
        ("stich_ismcts", (None, 10, 0.0, 1, 1, None, C.byref(out)), IA), ("stich_ismcts", (s, 10, 1.0, 1, 1, None, C.byref(out)), IA),
        ("stich_ismcts", (s, 0, 0.0, 1, 1, None, C.byref(out)), IA), ("stich_ismcts", (s, 10, 0.0, 0, 1, None, C.byref(out)), IA),
        ("stich_ismcts", (s, 10, 0.0, 257, 1, None, C.byref(out)), IA), ("stich_ismcts", (s, 0, float("nan"), 1, 1, None, C.byref(out)),
                                                                         IA),
        ("stich_ismcts", (s, 0, float("inf"), 1, 1, None, C.byref(out)), IA), ("stich_ismcts", (s, 2**64 - 1, 0.0, 1, 1, None,
                                                                                                C.byref(out)), IA),
        ("stich_ismcts", (s, 10, 0.0, 1, 1, None, None), IA),
        ("stich_analyse", (None, b"auto", 1.0, 0, 1, 1, None, C.byref(out)), IA),
        ("stich_solve_batch", (None, 2, 1, None, (P * 2)(), None), IA), ("stich_solve_batch", ((P * 1)(s), 1, 1, None, None, None), IA),
        ("stich_solve_batch", ((P * 1)(s), -1, 1, None, (P * 1)(), None), IA), ("stich_solve_batch", ((P * 1)(s), 1, 0, None, (P * 1)(),
                                                                                                      None), IA),
        ("stich_solve_batch", ((P * 1)(s), 1, 1, None, (P * 1)(), None), IA), ("stich_solve_batch", ((P * 1)(g), 1, 1, None, (P * 1)(),
                                                                                                     None), IA),
        ("stich_analyse_batch", ((P * 1)(s), 1, None, 1.0, 0, 1, 1, None, (P * 1)(), None), IA),
        ("stich_result_count", (None,), IA), ("stich_result_count", (s,), IA), ("stich_result_best", (v,), IA),
        ("stich_result_actions", (None, ids, 4), IA), ("stich_result_actions", (r, None, 4), IA), ("stich_result_actions", (r, ids, -1),
                                                                                                   IA),
        ("stich_result_column", (r, 7, d, 4), OOR), ("stich_result_column", (r, -1, d, 4), OOR), ("stich_result_column", (None, 0, d, 4),
                                                                                                  IA),
        ("stich_result_method", (None, buf, 64), IA), ("stich_result_method", (r, buf, 3), BTS), ("stich_result_partial", (g,), IA),
        ("stich_result_tied", (None,), IA), ("stich_result_tied", (s,), IA),
        ("stich_records_read", (None, C.byref(out)), IA), ("stich_records_read", (b"[Game \"Mucken\"]\n", None), IA),
        ("stich_records_count", (None,), IA), ("stich_records_count", (g,), IA),
        ("stich_record_length", (h["records"], 1), OOR), ("stich_record_length", (h["records"], -1), OOR), ("stich_record_length", (None,
                                                                                                                                    0), IA),
        ("stich_record_state", (h["records"], 0, -2, C.byref(out)), OOR), ("stich_record_state", (h["records"], 0, 10_000, C.byref(out)),
                                                                           OOR),
        ("stich_record_state", (h["records"], 5, 0, C.byref(out)), OOR), ("stich_record_state", (h["records"], 0, 0, None), IA),
        ("stich_record_state", (s, 0, 0, C.byref(out)), IA),
        ("stich_record_text", (None, buf, 64), IA), ("stich_record_text", (s, buf, 8), BTS), ("stich_record_text", (g, buf, 64), IA),
        ("stich_state_table", (None, buf, 64), IA), ("stich_state_table", (g, buf, 64), IA), ("stich_state_table", (s, buf, 8), BTS),
        ("stich_state_table", (s, None, 10), IA), ("stich_state_table", (s, buf, -1), IA),
        ("stich_game_schema", (None, buf, 64), IA), ("stich_game_schema", (s, buf, 64), IA), ("stich_game_schema", (g, buf, 8), BTS),
        ("stich_review_open", (None, ids, 0, None, buf, 64), IA), ("stich_review_open", (g, ids, 0, None, buf, 64), IA),
        ("stich_review_open", (s, None, 1, None, buf, 64), IA), ("stich_review_open", (s, ids, -1, None, buf, 64), IA),
        ("stich_review_open", (s, (C.c_int32 * 1)(-1), 1, None, buf, 64), IA),
        ("stich_review_open", (s, (C.c_int32 * 1)(70_000), 1, None, buf, 64), IA),
        ("stich_review_open", (s, ids, 0, None, buf, -1), IA), ("stich_review_open", (s, ids, 0, None, None, 10), IA),
        ("stich_review_view", (None, ids, 0, 0, 0, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (g, ids, 0, 0, 0, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, None, 1, 0, 1, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, -1, 0, 0, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, (C.c_int32 * 1)(-1), 1, 0, 1, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 1, 0, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 0, 1, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, -1, 0, 4, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 0, 0, 0, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 0, 0, 10**12, 50, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 0, 0, 4, 0, 0, 0, None, buf, 64), IA),
        ("stich_review_view", (s, ids, 0, 0, 0, 4, 50, 0, 0, None, buf, -1), IA),
    ]
    for text in HOSTILE:
        rows += [("stich_game_new", (text, b"", C.byref(out)), UN), ("stich_position_read", (text, 0, C.byref(out), None), BT),
                 ("stich_full_deal_read", (text, C.byref(out), None), BT), ("stich_apply_text", (s, text), IL),
                 ("stich_records_read", (b"[Game \"" + text + b"\"]\n[Dealer \"0\"]\n" + text, C.byref(out)), BT)]
        if text.strip():   # blank options are the defaults, a blank hand a random one
            rows += [("stich_game_new", (b"Mucken", text, C.byref(out)), BT),
                     ("stich_deal_hands", (g, 1, 0, (C.c_char_p * 1)(text), 1, C.byref(out)), None)]
    return rows


def test_bad_input_gives_a_status_and_a_message(lib, handles):
    """Every function that can fail, with NULL, handles of another kind, out-of-range seats and
    ids, hostile text and zero or tiny buffers: a status below -1 (the one expected, where the table
    names it; any error for the functions of a part not built), a message naming the function, no
    handle made, and the state unchanged."""
    before = lib.text("stich_state_text", handles["s"])
    not_built = {f for part, functions in (("analyse", ANALYSE), ("records", RECORDS)) if lib.not_built(part) for f in functions}
    rows = [(f, args, None if f in not_built else expected) for f, args, expected in _bad_calls(lib, handles)]
    for function, args, expected in rows:
        status, message = _call(lib, function, *args)
        assert status < -1, (function, args, status)
        if expected is not None:
            assert status == STATUS[expected], (function, args, lib.stich_status_name(status), message)
        assert message.startswith(function + ": ") and len(message) > len(function) + 2, (function, message)
    assert lib.text("stich_state_text", handles["s"]) == before
    free = {"stich_game_free", "stich_state_free", "stich_view_free", "stich_result_free", "stich_records_free"}
    cannot_fail = {"stich_abi_version", "stich_version", "stich_last_error", "stich_status_name", "stich_game_count"}
    assert {row[0] for row in rows} == set(SIGNATURES) - free - cannot_fail


def test_free_of_another_kind_frees_nothing(lib, handles):
    lib.stich_state_free(handles["g"])
    assert "nothing freed" in lib.error()
    assert lib.stich_game_num_players(handles["g"]) == 4 and lib.error() == ""
    for free in ("stich_game_free", "stich_state_free", "stich_view_free", "stich_result_free", "stich_records_free"):
        getattr(lib, free)(None)
        assert lib.error() == ""


# ------------------------------------------------------------------------------ the analysis

EXACT_FEW_DEALS = 2000   # test_analyse_agrees_with_python's exact analyses: at most this many deals


def _analysis_rows(result) -> dict:
    """A stich.analyse (or stich.ismcts) result as the C ABI's result dict: the table in its order."""
    table = result.table
    worlds = getattr(getattr(result, "result", result), "worlds", None)   # PIMC and the exact analysis: every row's worlds
    return {"actions": [row.action.id for row in table], "visits": [float(getattr(row, "visits", worlds)) for row in table],
            "value": [None if row.mean != row.mean else row.mean for row in table],
            "low": [row.low for row in table], "high": [row.high for row in table], "diff": [row.diff for row in table],
            "diff_low": [row.diff_low for row in table], "diff_high": [row.diff_high for row in table]}


def _same_table(r: dict, result) -> None:
    rows = _analysis_rows(result)
    assert {k: r[k] for k in rows} == rows
    assert r["best"] == result.best.id and r["tied"] == int(result.tied)


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.usefixtures("analyse_built")
def test_analyse_agrees_with_python(lib, name, game):
    """stich_analyse with a seed and an iteration budget before the card play (the search, four
    independent runs: intervals and ties) and the exact analysis late in the card play: the same
    table, best, method and tie as stich.analyse; stich_ismcts on two threads the same table as
    stich.ismcts."""
    g = lib.game(name, options_text(game))
    for seed in range(2):
        state = game.deal(seed=seed)
        s = lib.new("stich_deal", g, seed, 0)
        if state.is_terminal:
            continue
        found = stich.analyse(state, iterations=800, seed=seed, method="ismcts")
        r = lib.result(lib.new("stich_analyse", s, b"ismcts", 2.0, 800, seed, 1, None))
        assert r["method"] == "ismcts" == found.method and r["partial"] == 0
        _same_table(r, found)
        _same_table(lib.result(lib.new("stich_ismcts", s, 800, 0.0, 2, seed, None)), stich.ismcts(state, iterations=800, seed=seed,
                                                                                                  threads=2))
        if not _to_card_play(lib, s, state, seed, cards=0):
            continue
        rng = random.Random(seed)   # on to two cards a seat, and on to a few thousand deals: an exact analysis of a few deals
        # (six-seat Mucken leaves 113,400 deals at two cards a seat: minutes in .ci/sanitize's debug build, which checks
        # every state the solver makes); past the most the exact analysis takes, as they stand, to be refused alike
        while not state.is_terminal and (sum(len(state.hand(k)) for k in range(game.num_players)) > 2 * game.num_players
                                         or EXACT_FEW_DEALS < stich._core.exact_deals(state) <= stich._core.PIMC_MAX_WORLDS):
            a = rng.choice(state.legal_actions())
            state.apply(a)
            lib.ok(lib.stich_apply(s, a.id))
        if state.is_terminal:
            continue
        try:
            exact = stich.analyse(state, seed=seed, method="exact")
        except ValueError as e:   # too many deals to list (a 52-card deck's talon): refused alike
            out = P()
            assert lib.stich_analyse(s, b"exact", 2.0, 0, seed, 1, None, C.byref(out)) == STATUS["STICH_E_INVALID_ARGUMENT"]
            assert str(e) in lib.error()
            continue
        r = lib.result(lib.new("stich_analyse", s, b"exact", 2.0, 0, seed, 1, None))
        assert r["method"] == "exact" == exact.method
        _same_table(r, exact)
        lib.stich_state_free(s)
    lib.stich_game_free(g)


@pytest.mark.usefixtures("analyse_built")
def test_analyse_refuses_what_python_refuses(lib):
    g = lib.game("Mucken")
    s = lib.new("stich_deal", g, 1, 0)
    out = P()
    assert lib.stich_analyse(s, b"guess", 2.0, 0, 1, 1, None, C.byref(out)) == STATUS["STICH_E_UNKNOWN_NAME"] and not out
    assert "exact" in lib.error()
    for method, seconds, iterations, threads in ((b"exact", 2.0, 0, 1), (b"auto", 0.0, 0, 1), (b"auto", float("nan"), 0, 1),
                                                 (b"pimc", 2.0, 100, 1), (b"ismcts", 2.0, 100, 0)):
        assert lib.stich_analyse(s, method, seconds, iterations, 1, threads, None, C.byref(out)) == STATUS["STICH_E_INVALID_ARGUMENT"]
        assert lib.error().startswith("stich_analyse: ") and not out


@pytest.mark.usefixtures("analyse_built")
def test_analyse_batch_agrees_with_single_calls(lib):
    g = lib.game("Euchre")
    states = [lib.new("stich_deal", g, seed, seed % 4) for seed in range(6)]
    n = len(states)
    results = (P * n)()
    statuses = (C.c_int * n)()
    assert lib.stich_analyse_batch((P * n)(*states), n, b"ismcts", 2.0, 500, 3, 2, None, results, statuses) == 0
    for i, s in enumerate(states):
        assert statuses[i] == 0
        assert lib.result(P(results[i])) == lib.result(lib.new("stich_analyse", s, b"ismcts", 2.0, 500, 3, 1, None))


# ------------------------------------------------------------------------------ game records

@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.usefixtures("records_built")
def test_records_agree_with_python(lib, name, game, tmp_path):
    """A deal played on the C ABI written as a record (stich_record_text) reads in Python
    (stich.read_records) to the same deal, and back in C to the same states before every action;
    records written by Python (stich.write_records) read in C to Python's states."""
    g = lib.game(name, options_text(game))
    for seed in range(3):
        s = lib.new("stich_deal", g, seed, seed % game.num_players)
        rng = random.Random(seed)
        states = [lib.text("stich_state_text", s)]
        while not lib.stich_is_terminal(s) and len(states) < 12 + seed * 10:
            legal = lib.legal(s)
            lib.ok(lib.stich_apply(s, rng.choice(legal)))
            states.append(lib.text("stich_state_text", s))
        text = lib.text("stich_record_text", s)
        path = tmp_path / f"{seed}.txt"
        path.write_text(text, encoding="utf-8")
        (record,) = stich.read_records(path)
        assert record.seed == seed and len(record.actions) == len(states) - 1
        assert str(record.state()) == states[-1]
        records = lib.new("stich_records_read", text.encode())
        assert lib.stich_records_count(records) == 1 and lib.stich_record_length(records, 0) == len(states) - 1
        for at, want in enumerate(states):
            assert lib.text("stich_state_text", lib.new("stich_record_state", records, 0, at)) == want
        assert lib.text("stich_state_text", lib.new("stich_record_state", records, 0, -1)) == states[-1]
        lib.stich_records_free(records)
        lib.stich_state_free(s)
    bots = [stich.RandomBot() for _ in range(game.num_players)]
    _, played = stich.play(game, bots, deals=3, seed=5, records=True)
    path = tmp_path / "played.jsonl"
    stich.write_records(played, path)
    records = lib.new("stich_records_read", path.read_text(encoding="utf-8").encode())
    assert lib.stich_records_count(records) == 3
    for i, record in enumerate(played):
        assert lib.stich_record_length(records, i) == len(record.actions)
        assert lib.text("stich_state_text", lib.new("stich_record_state", records, i, -1)) == str(record.state())
    lib.stich_records_free(records)
    lib.stich_game_free(g)


def _table_of(state) -> dict:
    """What stich_state_table gives, from the Python API (the served board reads the same)."""
    cards = lambda held: [{"card": str(c), "suit": c.suit} for c in held]  # noqa: E731
    names = state.view(0).location_names
    return {"dealer": state.dealer, "tally": [state.tally(s) for s in range(state.num_players)] if hasattr(state, "tally") else None,
            "hands": [cards(state.hand(s)) for s in range(state.num_players)],
            "trick": [{"seat": s, "card": str(c), "suit": c.suit} for s, c in state.trick_plays], "trick_taker": state.trick_taker,
            "places": [{"name": names[k], "cards": cards(held)} for k, held in enumerate(state._locations()) if k >= state.num_players]}


def record_in_the_library(lib, record):
    """A played record as the C ABI's reviews take it: its first state read by the library from the
    record's text (stich_records_read), its action ids as a C array, and their count."""
    import io

    state = record.state(at=0)
    ids = []
    for _, text in record.actions:
        ids.append(next(a.id for a in state.legal_actions() if str(a) == text))
        state.apply(text)
    text = io.StringIO()
    stich.write_records([record], text)
    s = lib.new("stich_record_state", lib.new("stich_records_read", text.getvalue().encode()), 0, 0)
    return s, (C.c_int32 * max(len(ids), 1))(*ids), len(ids)


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_the_open_review_agrees_with_stich_review(lib, name, game):
    """stich_review_open (the static board's review) gives stich.review's open-hand verdicts: the
    same decisions, best actions, values and losses, from the one implementation in the core."""
    import json

    from stich.review import review_record

    if lib.not_built("records"):
        pytest.skip(lib.not_built("records"))
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    records = stich.play(game, bots, deals=2, seed=7, records=True)[1]
    for index, record in enumerate(records):
        s, array, n = record_in_the_library(lib, record)
        got = json.loads(lib.text("stich_review_open", s, array, n, None))
        want = [{"index": d["index"], "seat": d["seat"], "played": d["played"], **d["open"]}
                for d in review_record(record, index, view=False)["decisions"] if d["open"] is not None]
        assert got == want


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_the_view_review_agrees_with_stich_review(lib, name, game):
    """stich_review_view gives stich.review's seat's-view verdicts (the same decisions, methods,
    best actions, values, intervals and mistakes, from the one implementation in the core), and a
    deal reviewed a few decisions a call (first, last) gives the same as in one call."""
    import json

    from stich.review import review_record

    if lib.not_built("records"):
        pytest.skip(lib.not_built("records"))
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    records = stich.play(game, bots, deals=2, seed=9, records=True)[1]
    for index, record in enumerate(records):
        s, array, n = record_in_the_library(lib, record)

        def view(first, last):
            return json.loads(lib.text("stich_review_view", s, array, n, first, last, 5, 80, 3, index + 1, None))

        got = view(0, n)
        want = [{"index": d["index"], "seat": d["seat"], "played": d["played"], **d["view"]}
                for d in review_record(record, index + 1, worlds=5, iterations=80, seed=3)["decisions"]]
        assert got == want
        cut = n // 3
        assert view(0, cut) + view(cut, cut) + view(cut, n) == got


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_the_table_agrees_with_python(lib, name, game):
    """stich_state_table (what a board draws: tallies, hands, the trick with its seats, the trick's
    taker, the other places) equals the Python API's, at every action of random deals to their end."""
    import json

    g = lib.game(name, options_text(game))
    for seed in range(3):
        state = game.deal(seed=seed, dealer=seed % game.num_players)
        s = lib.new("stich_deal", g, seed, seed % game.num_players)
        rng = random.Random(seed)
        while True:
            assert json.loads(lib.text("stich_state_table", s)) == _table_of(state)
            if state.is_terminal:
                break
            a = rng.choice(state.legal_actions())
            state.apply(a)
            lib.ok(lib.stich_apply(s, a.id))
        lib.stich_state_free(s)
    lib.stich_game_free(g)


def _jsonable(x):
    """A Python option value as the C ABI's JSON gives it: tuples as lists, cards as their texts."""
    if isinstance(x, (list, tuple)):
        return [_jsonable(i) for i in x]
    if isinstance(x, (bool, int, str)) or x is None:
        return x
    if hasattr(x, "__iter__"):   # a card set
        return [str(c) for c in x]
    return str(x)   # a card


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=CONFIG_IDS)
def test_the_game_schema_agrees_with_python(lib, name, game):
    """stich_game_schema (what a board's option form and hand set-up need): every option as
    Game.OPTIONS describes it with the game's value, the deck, the places of a deal with their sizes."""
    import json

    g = lib.game(name, options_text(game))
    got = json.loads(lib.text("stich_game_schema", g))
    lib.stich_game_free(g)
    assert got["name"] == game.name and got["num_players"] == game.num_players
    assert got["options"] == [{"name": o.name, "doc": o.doc, "kind": o.kind, "accepts": o.accepts, "none_ok": o.none_ok,
                               "choices": _jsonable(o.choices), "low": o.low, "high": o.high, "default": _jsonable(o.default),
                               "value": _jsonable(game.options[o.name])} for o in game.OPTIONS.values()]
    assert got["deck"] == [{"card": str(c), "suit": c.suit} for c in game.deck.cards]
    cards, _ = game.deal(seed=0)._initial_deal()
    names = [f"seat{s}" for s in range(game.num_players)] + list(game.DEAL_LOCATIONS)
    assert got["places"] == [{"name": n, "size": len(c)} for n, c in zip(names, cards)]
