"""Nothing from outside can crash it (issue 26): every class pickles and copies at every protocol
or refuses with TypeError, a damaged pickled state raises ValueError, interpreter exit with a long
call in flight and running out of memory end the process normally, size arguments beyond what a
call can use or the machine holds are refused, views compare by the information they hold, and a
byte-order mark does not stop a position from being read.

Whatever could abort the interpreter runs in a child interpreter (``subprocess.run``), so that an
abort fails one test instead of ending the run; each child prints a last line of its own, which
the test requires besides the exit code."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import stich
from helpers.hooks import configs
from helpers import EXAMPLES, TESTS, slow_except, starts_in_play

PACKAGE_PARENT = Path(stich.__file__).resolve().parents[1]


def run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs `code` in a child interpreter that imports this stich (and tests/ for the helpers)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PACKAGE_PARENT), str(TESTS)]), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=str(TESTS.parent))


def assert_clean(done: subprocess.CompletedProcess, last: str) -> None:
    """Exit code 0, no terminate() or abort message, and `last` as the child's last line."""
    report = f"exit code {done.returncode}\nstdout:\n{done.stdout[-3000:]}\nstderr:\n{done.stderr[-3000:]}"
    assert done.returncode == 0, report
    assert "terminate" not in done.stderr and "Fatal Python error" not in done.stderr, report
    assert done.stdout.strip().splitlines()[-1:] == [last], report


# Objects of every class of stich._core, from every game: states at several phases (fresh, the
# first card played, finished), their views and actions, cards, card sets, decks, contracts, rules
# and matches. Shared by the children below.
OBJECTS = """
import copy, pickle, random
import stich, stich._core as core

def states(game, seed):
    rng = random.Random(seed)
    s = game.deal(seed=seed)
    out = [s.clone()]
    while not s.is_terminal:
        if s.phase == "play" and out[-1].phase != "play":
            out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
        if rng.random() < 0.05:
            out.append(s.clone())
    return out + [s]

objects = []
for game in stich.GAMES.values():
    g = game()
    objects += [g.rules, g.match(seed=1), g.deck]
    for s in states(g, 5):
        objects += [s, s.view(0), s.view(s.num_players - 1)]
        objects += s.legal_actions()[:3]
        for seat in range(s.num_players):
            objects.append(s.hand(seat))
            objects += list(s.hand(seat))[:2]
# The learning environments' C++ cores hold running deals and threads: no pickled form (TypeError).
UNPICKLABLE = {c for c in vars(core).values() if isinstance(c, type) and c.__name__.endswith("VectorEnv")}
for game in stich.GAMES.values():
    cls = getattr(core, "_" + game.__name__ + "VectorEnv", None)
    if cls is not None:
        objects.append(cls(game().rules, 2, 1, 0, True))
objects += [stich.Contract.couillon("H"), stich.Contract.couillon("C", mit=True), stich.Contract.mucken("Wenz"),
            stich.Contract.mucken("Ramsch", stichzwang=True), stich.Contract.mistigri("E"),
            stich.Contract.mistigri("S", deck="french32"), stich.Card("SQ", deck="french24"), stich.CardSet(),
            stich.Deck("german24"), stich.Alphabet.GERMAN, stich.Alphabet.FRENCH]
stats = core.ismcts(stich.Couillon().deal(seed=1), iterations=2000, seed=1)   # a search's records
objects += [stats, stats.rows[0], stats.line[0]]
play = stich.Couillon().deal(seed=1)
while play.phase != "play":
    play.apply(play.heuristic_action(1))
solved, sampled = core.solve(play), core.pimc(play, worlds=4, seed=1)   # the solver's records
objects += [solved, sampled]   # an analysis's rows are plain tuples (stich.pimc makes its PimcRows of them)
classes = {c for c in vars(core).values() if isinstance(c, type) and not issubclass(c, BaseException)}
missing = classes - {type(x) for x in objects}
assert not missing, f"no object of {missing}"

def same(a, b):
    if isinstance(a, core.InfoSet):
        return a == b and a.observer == b.observer
    return a == b
"""


def test_every_object_reduces_pickles_and_copies_at_every_protocol_or_refuses():
    done = run_child(OBJECTS + """
refused = set()
for x in objects:
    if type(x) in UNPICKLABLE:
        for call in ([lambda: pickle.dumps(x, protocol=p) for p in range(pickle.HIGHEST_PROTOCOL + 1)] +
                     [x.__reduce__, lambda: copy.copy(x), lambda: copy.deepcopy(x)]):
            try:
                call()
            except TypeError:
                continue
            raise AssertionError(f"{type(x).__name__} pickled")
        continue
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        try:
            y = pickle.loads(pickle.dumps(x, protocol=protocol))
        except TypeError:
            refused.add(type(x).__name__)
            continue
        assert type(y) is type(x) and same(y, x), (x, protocol)
        x.__reduce_ex__(protocol)
    try:
        x.__reduce__()
        assert same(copy.copy(x), x) and same(copy.deepcopy(x), x), x
    except TypeError:
        refused.add(type(x).__name__)
assert not refused, refused   # every other class of stich has a working reduction
print("OK")
""")
    assert_clean(done, "OK")


def test_objects_made_by_new_alone_refuse_every_reduction_and_method():
    done = run_child(OBJECTS + """
for cls in sorted(classes, key=lambda c: c.__name__):
    raw = cls.__new__(cls)
    for call in ([lambda: pickle.dumps(raw, protocol=p) for p in range(pickle.HIGHEST_PROTOCOL + 1)] +
                 [raw.__reduce__, lambda: copy.copy(raw), lambda: copy.deepcopy(raw)]):
        try:
            call()
        except TypeError:
            pass
        else:
            if cls is not core.Alphabet:   # an enum's pickle needs no value
                raise AssertionError(f"{cls.__name__}: made by __new__ alone, yet it worked")
print("OK")
""")
    assert_clean(done, "OK")


def test_setstate_refuses_an_object_that_holds_a_value():
    done = run_child(OBJECTS + """
for x in objects:
    if not hasattr(type(x), "__getstate__") or isinstance(x, core.Contract) or type(x) in UNPICKLABLE:
        continue
    before = pickle.dumps(x)
    try:
        x.__setstate__(x.__getstate__())
    except TypeError as e:
        assert "already holds a value" in str(e), e
    else:
        raise AssertionError(f"{type(x).__name__}.__setstate__ on a made object did not raise")
    assert pickle.dumps(x) == before
print("OK")
""")
    assert_clean(done, "OK")


def test_out_of_range_ints_in_a_pickled_state_raise_value_error():
    done = run_child("""
import stich, stich._core as core
s = stich.Couillon().deal(seed=1)
cases = [
    (stich.Card, (2**64, 0)), (stich.Card, (0, 2**64)), (stich.Card, (-1, 0)), (stich.Card, (2**200, 1)),
    (stich.Card, (1, 0)), (stich.Card, (True, 0)), (stich.Card, (0,)), (stich.Card, "EA"),
    (stich.CardSet, (2**64, 0)), (stich.CardSet, (-1, 0)), (stich.CardSet, (0, 2)), (stich.CardSet, (1, 0)),
    (stich.Alphabet, 2**64), (stich.Alphabet, 7), (stich.Alphabet, -1),
    (stich.Deck, "german99"), (stich.Deck, 3),
    (core.Action, ("CouillonState", s.phase, 2**64, "C")), (core.Action, ("CouillonState", s.phase, -1, "C")),
    (core.InfoSet, (s, 2**64)), (core.InfoSet, (s, -1)), (core.InfoSet, (s, 4)),
    (type(s), b"\\x00" * 8), (type(s), 2**64),
]
for cls, state in cases:
    raw = cls.__new__(cls)
    try:
        raw.__setstate__(state)
    except ValueError:
        continue
    raise AssertionError(f"{cls.__name__}.__setstate__({state!r}) did not raise ValueError")
print("OK")
""")
    assert_clean(done, "OK")


def _restore_action(state: tuple):
    raw = stich._core.Action.__new__(stich._core.Action)
    raw.__setstate__(state)
    return raw


def test_pickled_action_whose_id_and_text_disagree_raises_value_error():
    s = stich.Couillon().deal(seed=2)
    while s.phase != "play":
        s.apply(s.legal_actions()[0])
    a, b = s.legal_actions()[:2]
    game, phase, ident, text = a.__getstate__()
    assert _restore_action((game, phase, ident, text)) == a
    for bad in [(game, phase, ident, b.text),          # the id of one legal action, the text of another
                (game, phase, ident, "reveal"),        # a text of another action
                (game, phase, ident, "nonsense"),      # a text no action has
                (game, phase, 120, "action 120"),      # an id no action has
                (game, "no such phase", ident, text), ("NoState", phase, ident, text)]:
        with pytest.raises(ValueError, match="corrupt pickled Action"):
            _restore_action(bad)


def test_pickled_mistigri_exchange_keeps_its_cards_and_checks_its_form():
    rng = random.Random(3)
    for seed in range(40):
        s = stich.Mistigri().deal(seed=seed)
        while not s.is_terminal and s.phase != "exchange":
            s.apply(rng.choice(s.legal_actions()))
        if s.phase == "exchange":
            break
    else:
        pytest.fail("no exchange phase reached")
    discards = [a for a in s.legal_actions() if a.text.startswith("discard ")]
    assert discards
    for a in discards:   # a hand-dependent id: its text names cards of the hand
        assert pickle.loads(pickle.dumps(a)) == a
    game, phase, ident, _ = discards[0].__getstate__()
    for bad in ["EA", "keep discard", "pass"]:
        with pytest.raises(ValueError, match="corrupt pickled Action"):
            _restore_action((game, phase, ident, bad))


# The long calls, each in a daemon thread with a budget of minutes; the main thread then exits.
LONG_CALLS = {
    "ismcts": "stich.ismcts(deal, seconds=100, seed=1)",
    "ismcts_two_threads_with_callback": "stich.ismcts(deal, seconds=100, threads=2, seed=1, callback=lambda r: True, every=0.01)",
    "solve": "stich.solve(play, table_bits=22)",
    "analyse_deal": "stich.analyse_deal(play)",
    "pimc": "stich.pimc(play, worlds=10**6, threads=2, seed=1)",
    "random_playouts": "stich.Couillon().random_playouts(10**9, seed=1)",
    # Short calls again and again: the exit meets one of them inside the core or between two.
    "vector_env_steps": "import stich.envs; v = stich.envs.VectorEnv('Couillon', num_envs=2048, threads=2, seed=1); "
                        "obs, _ = v.reset()\n    while True: obs, *_ = v.step(obs['action_mask'].argmax(axis=1))",
}

START = """
import sys, threading, time
import stich
deal = stich.Couillon().deal(seed=3)
play = stich.Mucken(long_deck=True).deal(seed=4)
while play.phase != "play":
    play.apply(play.heuristic_action(1))
started = threading.Event()
def work():
    started.set()
    {call}
threading.Thread(target=work, daemon=True).start()
started.wait()
time.sleep(0.3)
print("exiting")
"""


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_interpreter_exit_with_a_long_call_in_a_daemon_thread_is_a_normal_exit(name):
    if name == "vector_env_steps" and os.environ.get("STICH_SANITIZED"):
        # The exit meets this thread mostly in Python between the steps, where CPython ends it; AddressSanitizer's
        # sigaltstack interceptor then reports the ending thread's own stack now and then (not stich's frames).
        pytest.skip("under AddressSanitizer a thread CPython ends from Python code trips its sigaltstack interceptor")
    assert_clean(run_child(START.format(call=LONG_CALLS[name])), "exiting")


# Address-space limits: the interpreter with stich imported, plus this much.
HEADROOM = 150 * 2**20

LIMITED = """
import resource
import stich
with open("/proc/self/status") as f:
    vm = int(f.read().split("VmSize:")[1].split()[0]) * 1024
limit = vm + {headroom}
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    r = {call}
except MemoryError:
    print("MemoryError")
else:
    print({check})
"""


# AddressSanitizer reserves terabytes of address space for its shadow memory: a limit on the address
# space measures that, not stich (.ci/sanitize sets STICH_SANITIZED).
SANITIZED = pytest.mark.skipif(bool(os.environ.get("STICH_SANITIZED")),
                               reason="under AddressSanitizer an address-space limit measures its shadow memory")


@SANITIZED
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the interpreter's size from /proc")
@pytest.mark.parametrize("threads", slow_except([1, 2], [2]))   # 13-14 s each: two threads in the fast part
def test_search_out_of_memory_stops_growing_the_tree_and_answers(threads):
    # 3 million iterations ask for a tree of 6 million nodes (200 MB) up front, more than the
    # headroom: the tree is smaller and then stops growing where memory runs out.
    call = f"stich.ismcts(stich.Couillon().deal(seed=3), iterations=3 * 10**6, threads={threads}, seed=1)"
    done = run_child(LIMITED.format(headroom=HEADROOM, call=call, check="'answered', r.nodes < r.iterations"))
    assert_clean(done, "answered True")


SOLVER_CALLS = {
    # the table (2^24 entries, 1.3 GB) does not fit in the headroom
    "solve": ("stich.solve(_play(stich.Mucken(long_deck=True).deal(seed=4)), table_bits=24)", HEADROOM),
    # two threads' tables (21 MB each) and stacks in 40 MiB
    "pimc": ("stich.pimc(_play(stich.Mucken(long_deck=True).deal(seed=4)), worlds=50, threads=2, seed=1)", 40 * 2**20),
}


@SANITIZED
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the interpreter's size from /proc")
@pytest.mark.parametrize("name", list(SOLVER_CALLS))
def test_solver_out_of_memory_raises_memory_error_or_answers(name):
    call, headroom = SOLVER_CALLS[name]
    code = LIMITED.replace("import stich\n", "import stich\n" + textwrap.dedent("""
        def _play(s):
            while s.phase != "play":
                s.apply(s.heuristic_action(1))
            return s
        """))
    done = run_child(code.format(headroom=headroom, call=call, check="'answered'"))
    last = done.stdout.strip().splitlines()[-1:]
    assert last in (["MemoryError"], ["answered"]), done.stdout + done.stderr
    assert_clean(done, last[0])


def _play_phase(state):
    while state.phase != "play":
        state.apply(state.heuristic_action(1))
    return state


def _late(state):
    """The state with all but the last two tricks played."""
    state = _play_phase(state)
    while len(state.hand(state.current_player)) > 2:
        state.apply(state.heuristic_action(1))
    return state


def test_table_bits_beyond_what_the_position_can_use_is_refused_with_the_limit():
    late = _late(stich.Couillon().deal(seed=3))
    most = stich._core._max_table_bits(late)
    assert 10 <= most < 28
    with pytest.raises(ValueError, match=rf"table_bits must be 0 \(by the position's size\) or 10\.\.{most} here "
                                         r"\(a position with \d+ cards in play uses at most 2\^\d+ entries\), got 28"):
        stich.solve(late, table_bits=28)
    with pytest.raises(ValueError, match=rf"10\.\.{most} here"):
        stich.analyse_deal(late, table_bits=most + 1)
    assert stich.solve(late, table_bits=most).value == stich.solve(late).value
    with pytest.raises(ValueError, match=r"or 10\.\.\d+ here .*got 9"):
        stich.solve(late, table_bits=9)


def test_table_bits_beyond_half_the_machine_memory_is_refused():
    memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    full = _play_phase(stich.Mucken(long_deck=True).deal(seed=4))
    most = stich._core._max_table_bits(full)
    if most == 28:
        pytest.skip("this machine holds the largest table")
    with pytest.raises(ValueError, match=r"would take more than half of this machine's memory"):
        stich.solve(full, table_bits=most + 1)
    assert most >= 20 or memory < 2**32


def test_max_nodes_beyond_the_machine_memory_is_refused():
    memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    if memory // 33 >= 2**31:
        pytest.skip("this machine holds the largest tree")
    with pytest.raises(ValueError, match=r"max_nodes must be an int in 64\.\.\d+ \(a tree of more node slots"):
        stich.ismcts(stich.Couillon().deal(seed=1), iterations=100, max_nodes=2**31)
    assert stich.ismcts(stich.Couillon().deal(seed=1), iterations=100, max_nodes=2**26).iterations == 100


@SANITIZED
@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="needs the page counts")
def test_ctrl_c_while_a_large_table_is_filled_stops_the_fill():
    # Not a timing check: without the interruptible fill the whole table would be touched before
    # KeyboardInterrupt, so the peak resident size tells whether the fill stopped on the way.
    done = run_child("""
import resource
import stich
from helpers.interrupting import CtrlC
s = stich.Mucken(long_deck=True).deal(seed=4)
while s.phase != "play":
    s.apply(s.heuristic_action(1))
bits = min(25, stich._core._max_table_bits(s))
assert bits >= 22, bits
CtrlC(busy=0.05).during(lambda: stich.solve(s, table_bits=bits))   # fails unless KeyboardInterrupt
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print("peak below half the table:", peak < 2**bits * 64 // 2)   # an entry takes more than 64 bytes
""", timeout=300)
    assert_clean(done, "peak below half the table: True")


# Views: equal exactly when they hold the same information.
GAME_CONFIGS = configs(first=2)   # every registered game, the first two configurations of its hooks


def _positions(game, deals, seed):
    """Decision points of deals played by random and by heuristic actions, in every phase."""
    rng = random.Random(seed)
    for i in range(deals):
        s = game.deal(seed=seed * 100 + i, dealer=i % game.num_players)
        heuristic = i % 2 == 1
        while not s.is_terminal:
            if rng.random() < 0.35:
                yield s.clone()
            s.apply(s.heuristic_action(rng.getrandbits(32)) if heuristic else rng.choice(s.legal_actions()))


@pytest.mark.parametrize("game", GAME_CONFIGS, ids=repr)
def test_a_view_equals_the_view_of_its_parsed_position(game):
    phases = set()
    for s in _positions(game, 8, seed=len(repr(game))):
        phases.add(s.phase)
        for seat in range(s.num_players):
            view = s.view(seat)
            parsed = stich.parse(stich.position_text(s, seat)).view
            assert parsed == view and view == parsed, (s.phase, seat)
            assert hash(parsed) == hash(view)
            assert view == s.resample(seat, 11).view(seat)
            again = pickle.loads(pickle.dumps(view))
            assert again == view and hash(again) == hash(view)
    assert "play" in phases and (len(phases) >= 2 or starts_in_play(game)), phases


@pytest.mark.parametrize("game", GAME_CONFIGS, ids=repr)
def test_views_that_differ_in_a_visible_fact_are_unequal(game):
    for s in _positions(game, 4, seed=3):
        view = s.view(s.current_player)
        assert view != s.view((s.current_player + 1) % s.num_players)   # another observer
        after = s.clone()
        after.apply(after.legal_actions()[0])
        assert view != after.view(s.current_player)                      # one more action
        other_deal = game.deal(seed=12345, dealer=(s.current_player + 1) % s.num_players)
        assert view != other_deal.view(s.current_player) or s.view(s.current_player) == other_deal.view(s.current_player)
    # Another game's options with the same cards: unequal.
    s = game.deal(seed=1)
    other = type(game)(**{**game.options, **_other_option(game)}).deal(seed=1)
    assert s.view(0) != other.view(0)


def _other_option(game) -> dict:
    """An option of `game` changed to another accepted value that keeps the deal dealable (the
    first such of its options: a flag flipped, another choice, the other end of a range)."""
    for name, option in type(game).OPTIONS.items():
        now = game.options[name]
        values = [not now] if option.kind == "bool" else list(option.choices) if option.kind == "choice" else \
            [option.low, option.high] if option.kind == "int" else []
        for value in values:
            if value == now:
                continue
            try:
                type(game)(**{**game.options, name: value}).deal(seed=1)
            except ValueError:
                continue
            return {name: value}
    raise AssertionError(f"{game!r} has no other option value")


def test_a_byte_order_mark_before_a_position_is_no_part_of_it(tmp_path):
    text = (EXAMPLES / "position_couillon.txt").read_text(encoding="utf-8")
    plain = stich.parse(text)
    marked = stich.parse("\ufeff" + text)
    assert str(marked) == str(plain) and marked.view == plain.view
    seat, state = stich._core.parse_position(b"\xef\xbb\xbf" + text.encode(), 0)
    assert seat == plain.seat and stich.position_text(state, seat) == str(plain)
    # Only at the top: elsewhere it is a character like any other, and the line is named.
    with pytest.raises(ValueError, match="line"):
        stich.parse(text.replace("\ndealer:", "\n\ufeffdealer:"))
    from stich.__main__ import _position_text
    assert _position_text("\ufeff" + text) == text
    path = tmp_path / "position.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert _position_text(str(path)) == text


def test_a_byte_order_mark_before_a_bench_record_is_no_part_of_it(tmp_path):
    from stich import benchreport
    marked = tmp_path / "record.json"
    marked.write_bytes(b"\xef\xbb\xbf[]")
    # Read as JSON (it then fails as no report), not refused as "not JSON" for the mark.
    with pytest.raises(ValueError, match="is not a stich bench report"):
        benchreport.load(marked)


# --------------------------------------------------------------- damaged pickles, byte by byte

# Every single-byte change (three flips of each byte) of the pickles of states at several phases,
# and random multi-byte damage: each load either raises ValueError or gives a state that plays out
# to the end, taking the search and (in the card play) the solver on the way. In a child: a crash
# fails the test instead of ending pytest. (A form loads only by dealing its cards and replaying its
# actions through the checked rules, so a state that loads is one legal play reaches;
# tests/common/test_pickle.py checks that against an independent replay.)
SWEEP = """
import pickle, random
import stich
game = stich.GAMES[{name!r}]()
loaded = refused = 0
states = []
for seed in range({seeds}):
    s, rng, k = game.deal(seed=seed), random.Random(seed), 0
    while not s.is_terminal:
        if k in (0, 2, 5, 9, 14, 25):
            states.append(pickle.loads(pickle.dumps(s)))
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    states.append(s)


def damaged(good, rng):
    yield from (bytes(good[:i]) + bytes([good[i] ^ flip]) + bytes(good[i + 1:]) for i in range(len(good)) for flip in (1, 0x80, 0xFF))
    for _ in range(200):
        data = bytearray(good)
        for _ in range(rng.randrange(2, 9)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        yield bytes(data)


for s in states:
    rng = random.Random(len(states))
    for data in damaged(s.__getstate__(), rng):
        t = type(s).__new__(type(s))
        try:
            t.__setstate__(data)
        except ValueError:
            refused += 1
            continue
        loaded += 1
        steps = 0
        while not t.is_terminal:
            if steps % 4 == 0:
                stich.ismcts(t, iterations=16, seed=1)
                if stich.games.solvable(t):
                    stich.solve(t)
            t.apply(rng.choice(t.legal_actions()))
            steps += 1
            assert steps < 200, "a loaded state that does not end"
print("swept", loaded > 0, refused > 0)
"""


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seeds", [pytest.param(1, id="fast"), pytest.param(3, id="slow", marks=pytest.mark.slow)])
def test_every_damaged_state_pickle_raises_or_plays_out(name, seeds):
    assert_clean(run_child(SWEEP.format(name=name, seeds=seeds), timeout=600), "swept True True")
