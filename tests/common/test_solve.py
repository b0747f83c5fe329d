"""The exact open-hand solver and PIMC (issue 12): ``stich.solve`` against a brute-force minimax
written independently in tests/reference/minimax.py on a few hundred small random late positions
per game (and options); ``stich.pimc`` with every world enumerated against the average of
``solve`` over those worlds; bad input; Ctrl-C."""

from __future__ import annotations

import os
import random

import pytest

import stich
from stich import _core
from helpers.interrupting import interrupted
from reference.minimax import action_values
from helpers import EXAMPLES, fast_and_slow, skip_empty
from helpers.hooks import HOOKS

# Every registered game that has the solver (optional: docs/adding-a-game.md), in the configurations
# its hooks give the solver (tests/<game>/hooks.py: SOLVE_CONFIGS, else CONFIGS).
GAMES = {name: list(getattr(hooks, "SOLVE_CONFIGS", hooks.CONFIGS)) for name, hooks in HOOKS.items() if stich.GAMES[name].SOLVER}


def test_the_solver_takes_the_games_that_have_it():
    """Game.SOLVER says whether the core has the game's solver hooks: stich.solve takes a late
    card-play position of such a game, and refuses the states of any other by their type."""
    for name, game in stich.GAMES.items():
        state = game().deal(seed=1)
        while not state.is_terminal and (state.phase != game.PLAY_PHASE or len(state.hand(state.current_player)) > 3):
            state.apply(state.legal_actions()[0])
        if state.is_terminal:
            continue
        if game.SOLVER:
            assert stich.solve(state.clone()).best in state.legal_actions()
        else:
            with pytest.raises(TypeError):
                stich.solve(state)


PER_GAME = int(os.environ.get("STICH_SOLVE_POSITIONS", "1000"))   # late positions a game against the reference
FAST_PER_GAME = 150                                               # of PER_GAME, in the fast part
MAX_LEAVES = 4000
MAX_PLIES = 200          # more plies than any card play has left: perft to this depth counts every leaf


def late_position(game, rng: random.Random, max_leaves: int = MAX_LEAVES):
    """A seeded deal played at random (every decision) into the card play, then on at random until
    the full tree from it has at most ``max_leaves`` leaves; None when the deal ends first."""
    state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.num_players))
    while not state.is_terminal and state.phase != "play":
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_terminal and leaves_at_most(state, max_leaves) is None:
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal else state


def leaves_at_most(state, limit: int):
    """The tree's leaves if at most ``limit`` (a cheap bound first: the product of hand sizes).
    The engine's perft counts them (test_perft.py checks it against the reference's counts): it
    only picks the positions small enough for the brute force, which decides nothing compared."""
    bound = 1
    for seat in range(state.num_players):
        for k in range(1, len(state.hand(seat)) + 1):
            bound *= k
            if bound > 10**9:
                return None
    if bound > 4 * limit:
        return None
    n = stich.perft(state, MAX_PLIES)
    return n if n <= limit else None


def positions(name: str, count: int, seed: int | str, max_leaves: int = MAX_LEAVES):
    rng = random.Random(seed)
    games = GAMES[name]
    out = []
    while len(out) < count:
        game = games[len(out) % len(games)]
        s = late_position(game, rng, max_leaves)
        if s is not None:
            out.append(s)
    return out


def replay_line(state, result):
    s = state.clone()
    for move in result.line:
        assert s.current_player == move.seat
        s.apply(move.action)
    return s


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("part", fast_and_slow(PER_GAME, FAST_PER_GAME))
def test_solve_matches_brute_force_minimax(part, name):
    """A few hundred late positions per game (FAST_PER_GAME in the fast part, the rest from a
    seed of their own in the slow part), every option set: the exact value of every legal action
    equals the reference's; the best is a best; the principal variation is legal, ends the deal
    and reaches the value."""
    count = skip_empty(part)
    checked = 0
    seed = len(name) * 101 if part[0] == "fast" else f"{name}-slow"
    for state in positions(name, count, seed=seed):
        expected = action_values(state, getattr(HOOKS[name], "TEAMS", False))
        result = stich.solve(state)
        got = {str(a): v for a, v in result.values.items()}
        assert got == expected, (state, got, expected)
        assert result.value == max(expected.values()) == result.values[result.best]
        end = replay_line(state, result)
        assert end.is_terminal
        assert end.returns()[state.current_player] == result.value
        assert result.line[0].action == str(result.best)
        checked += 1
    assert checked == count


@pytest.mark.parametrize("name", GAMES)
def test_whole_deal_solve_is_consistent(name):
    """Whole deals (too big for the reference; from the hooks' SOLVE_MOST_CARDS cards a hand where
    a whole deal is too big for a test): the value is the best action's, and the principal
    variation is a legal play to the end that reaches it."""
    rng = random.Random(7)
    most = whole_deal_cards(name)
    done = 0
    while done < 3:
        game = GAMES[name][0]
        state = game.deal(seed=rng.getrandbits(32))
        while not state.is_terminal and (state.phase != "play" or len(state.hand(state.current_player)) > most):
            state.apply(state.heuristic_action(rng.getrandbits(32)))
        if state.is_terminal:
            continue
        result = stich.solve(state)
        assert result.value == max(result.values.values())
        end = replay_line(state, result)
        assert end.is_terminal and end.returns()[state.current_player] == result.value
        # the first move's value checked on its own: solving after it gives the same
        after = state.clone()
        after.apply(result.best)
        if result.two_sided and not after.is_terminal and after.current_player % 2 == state.current_player % 2:
            assert stich.solve(after).value == result.value
        done += 1


def whole_deal_cards(name: str) -> int:
    """The most cards a hand holds in the deals the tests solve whole: every card (99), unless the
    game's hooks say fewer (SOLVE_MOST_CARDS: a game whose whole deals are too big for a test)."""
    return getattr(HOOKS[name], "SOLVE_MOST_CARDS", 99)


def few_world_positions(name: str, count: int, seed: int, most: int = 60):
    """Card-play positions (a random walk) at the first decision with 2..most consistent worlds
    for the seat to act."""
    rng = random.Random(seed)
    out = []
    # A game's hooks may name configurations where such positions come up (FEW_WORLDS_CONFIGS:
    # Mistigri's talon keeps the worlds many unless six seats join and the exchange empties it).
    games = getattr(HOOKS[name], "FEW_WORLDS_CONFIGS", GAMES[name])
    for _ in range(20000):
        if len(out) == count:
            break
        game = games[len(out) % len(games)]
        s = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.num_players))
        while not s.is_terminal:
            if s.phase == "play" and 2 <= s.view(s.current_player).count_worlds() <= most:
                out.append(s)
                break
            s.apply(rng.choice(s.legal_actions()))
    assert len(out) == count
    return out


@pytest.mark.parametrize("name", GAMES)
def test_pimc_exact_equals_mean_of_solve_over_every_world(name):
    """With all worlds enumerated (count_worlds() <= worlds), pimc is exact and each mean is the
    average of solve over exactly those worlds, each once."""
    for state in few_world_positions(name, 12, seed=5):
        seat = state.current_player
        view = state.view(seat)
        worlds = _core.enumerate_worlds(view, 10**6)
        assert len(worlds) == view.count_worlds()
        assert len({tuple(str(cs) for cs in w) for w in worlds}) == len(worlds)   # each once
        totals: dict[str, float] = {}
        for w in worlds:
            ws = state.with_world(seat, w)
            assert ws.is_consistent_with(view)
            for a, v in stich.solve(ws).values.items():
                totals[str(a)] = totals.get(str(a), 0) + v
        for threads in (1, 2):
            result = stich.pimc(view, worlds=len(worlds), threads=threads, seed=3)
            # one solve per deal of the hands that play, weighted by the worlds it stands for
            assert result.exact and result.world_count == len(worlds) and result.worlds <= len(worlds)
            for row in result.table:
                assert row.mean == pytest.approx(totals[str(row.action)] / len(worlds), abs=1e-12)
                assert row.low == row.high == row.mean and row.diff_low == row.diff_high == row.diff   # exact: no spread
        if result.worlds > 1:
            sampled = stich.pimc(state, worlds=result.worlds - 1, seed=3)
            assert not sampled.exact and sampled.worlds == result.worlds - 1


def test_pimc_is_reproducible_across_thread_counts():
    state = positions("Couillon", 1, seed=11)[0]
    a = stich.pimc(state, worlds=40, threads=1, seed=9)
    b = stich.pimc(state, worlds=40, threads=2, seed=9)
    assert [(str(r.action), r.mean) for r in a.table] == [(str(r.action), r.mean) for r in b.table]


def test_enumerate_worlds_refuses_more_than_the_limit():
    state = stich.Couillon().deal(seed=1)
    with pytest.raises(ValueError, match="more than the limit"):
        _core.enumerate_worlds(state.view(1), 10)


def test_mistigri_is_the_mover_against_all_others():
    """Mistigri: the other seats minimise the mover's return, whatever it costs them (documented)."""
    state = positions("Mistigri", 1, seed=2)[0]
    result = stich.solve(state)
    assert "against all the others" in str(result)


AGREE_POSITIONS = int(os.environ.get("STICH_SOLVE_AGREE", "10000"))   # over all games
SWITCHES = [dict(transpositions=False), dict(merge_equivalent=False), dict(transpositions=False, merge_equivalent=False)]


def play_position(game, rng: random.Random, most_cards: int):
    """A seeded deal played at random into the card play, then on at random until the seat to
    act holds at most ``most_cards`` cards; None when the deal ends first."""
    state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.num_players))
    while not state.is_terminal and (state.phase != "play" or len(state.hand(state.current_player)) > most_cards):
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal else state


@pytest.mark.parametrize("name", GAMES)
def test_solve_without_table_or_merging_agrees(name):
    """Random play-phase positions (a quarter of AGREE_POSITIONS per game, every option set, at
    most four cards in the mover's hand): the values of every legal action are the same without
    the transposition table, without merging equivalent cards, and without both."""
    rng = random.Random(len(name) * 7 + 1)
    games = GAMES[name]
    count = AGREE_POSITIONS // len(GAMES)
    done = 0
    while done < count:
        state = play_position(games[done % len(games)], rng, most_cards=rng.choice([2, 3, 4]))
        if state is None:
            continue
        expected = stich.solve(state).values
        switches = SWITCHES[done % len(SWITCHES)]
        assert stich.solve(state, **switches).values == expected, (str(state), switches)
        done += 1


def analyse_cases(name: str, seed: int):
    """(first-card state, moves or None) pairs: whole deals along the best cards, and along a
    random play given as the moves (all of it, or only its first few cards); a game whose whole
    deals are too big to solve starts at its hooks' SOLVE_MOST_CARDS."""
    rng = random.Random(seed)
    out = []
    for i, game in enumerate(GAMES[name][:3]):
        state = play_position(game, rng, most_cards=whole_deal_cards(name) if i == 0 else min(6, whole_deal_cards(name)))
        if state is None:
            continue
        out.append((state, None))
        walk, moves = state.clone(), []
        while not walk.is_terminal:
            moves.append(rng.choice(walk.legal_actions()))
            walk.apply(moves[-1])
        out.append((state, moves))
        out.append((state, [str(m) for m in moves[:3]]))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_analyse_deal_equals_a_solve_at_every_decision(name):
    """analyse_deal (one table for the whole deal) gives at each decision what a fresh solve of
    that position gives: values, best, value and principal variation."""
    for state, moves in analyse_cases(name, seed=len(name)):
        before = state.clone()
        results = stich.analyse_deal(state, moves)
        assert state == before   # analysed on a copy
        at = state.clone()
        for i, r in enumerate(results):
            fresh = stich.solve(at)
            assert (r.values, r.best, r.value, r.line) == (fresh.values, fresh.best, fresh.value, fresh.line), (name, i)
            assert r.root == at.current_player
            assert r.state == at and r.side_totals() == fresh.side_totals(), (name, i)   # the position solved
            at.apply(moves[i] if moves is not None else r.best)
        assert len(results) == (len(moves) if moves is not None else len(results))
        assert at.is_terminal or moves is not None
        bare = stich.analyse_deal(state, moves, lines=False)
        assert [(r.values, r.best, r.value) for r in bare] == [(r.values, r.best, r.value) for r in results]
        assert all(r.line == () for r in bare)


@pytest.mark.parametrize("moves", [None, "recorded"])
def test_analyse_deals_lines_share_their_moves(moves):
    # A whole deal's analysis keeps one LineMove per move it shows: a line that is its first move
    # and then the next decision's line holds the same objects (`stich review` keeps many deals).
    state = play_state()
    given = None
    if moves == "recorded":   # the heuristic's cards, which are often the best ones
        walk, given = state.clone(), []
        while not walk.is_terminal:
            given.append(walk.heuristic_action(1))
            walk.apply(given[-1])
    results = stich.analyse_deal(state, given)
    chained = [(a, b) for a, b in zip(results, results[1:]) if a.line[1:] == b.line]
    assert chained and all(x is y for a, b in chained for x, y in zip(a.line[1:], b.line))
    distinct = {id(m) for r in results for m in r.line}
    if given is None:   # along the best cards every line goes on as the next one: one LineMove a decision
        assert len(distinct) == len(results)
    else:
        assert len(distinct) < 0.7 * sum(len(r.line) for r in results)


def test_analyse_deal_bad_input():
    s = play_state()
    legal = s.legal_actions()
    with pytest.raises(stich.IllegalActionError, match="legal"):
        stich.analyse_deal(s, ["XX"] if "XX" not in map(str, legal) else ["?"])
    with pytest.raises(ValueError, match="ended after"):
        walk, moves = s.clone(), []
        while not walk.is_terminal:
            moves.append(walk.legal_actions()[0])
            walk.apply(moves[-1])
        stich.analyse_deal(s, moves + moves[:1])
    with pytest.raises(ValueError, match="^moves is empty: pass the moves to analyse, or None to follow the best actions to the end$"):
        stich.analyse_deal(s, [])
    with pytest.raises(TypeError, match=r"^moves must be a sequence of actions \(Actions, texts or ids\), got str$"):
        stich.analyse_deal(s, str(legal[0]))
    with pytest.raises(TypeError, match=r"^moves must be a sequence of actions \(Actions, texts or ids\), got int$"):
        stich.analyse_deal(s, 3)
    with pytest.raises(ValueError, match="phase 'auction'"):
        stich.analyse_deal(stich.Mucken().deal(seed=1))
    with pytest.raises(TypeError, match="InfoSet"):
        stich.analyse_deal(s.view(s.current_player))
    with pytest.raises(ValueError, match=r"^table_bits must be 0 \(by the position's size\) or 10\.\.\d+ here \(.*\), got 40$"):
        stich.analyse_deal(s, table_bits=40)
    with pytest.raises(TypeError, match="^table_bits must be an int, got 12.0$"):
        stich.analyse_deal(s, table_bits=12.0)
    with pytest.raises(TypeError, match="^lines must be True or False, got 'no'$"):
        stich.analyse_deal(s, lines="no")


# --- bad input ------------------------------------------------------------------------------

def play_state():
    return positions("Mucken", 1, seed=3)[0]


def test_solve_outside_the_play_phase_names_the_phase():
    with pytest.raises(ValueError, match="phase 'auction'"):
        stich.solve(stich.Mucken().deal(seed=1))
    with pytest.raises(ValueError, match="phase 'trump'"):
        stich.pimc(stich.Couillon().deal(seed=1))
    with pytest.raises(ValueError, match="phase 'bid'"):
        stich.solve(stich.Mistigri().deal(seed=1))


def test_solve_refuses_a_view_and_other_objects():
    s = play_state()
    with pytest.raises(TypeError, match="InfoSet"):
        stich.solve(s.view(s.current_player))
    with pytest.raises(TypeError, match="game state"):
        stich.solve("EO GO")


# Checked once, in C++: the core's messages reach Python unchanged (a wrong type: TypeError).
@pytest.mark.parametrize("kwargs, exc, message", [
    (dict(table_bits=5), ValueError, r"^table_bits must be 0 \(by the position's size\) or 10\.\.\d+ here \(.*\), got 5$"),
    (dict(table_bits=-1), ValueError, r"^table_bits must be 0 \(by the position's size\) or 10\.\.\d+ here \(.*\), got -1$"),
    (dict(table_bits=2**70), ValueError, r"^table_bits is out of range \(beyond 64 bits\), got 1180591620717411303424$"),
    (dict(table_bits=16.0), TypeError, "^table_bits must be an int, got 16.0$"),
    (dict(table_bits=True), TypeError, "^table_bits must be an int, got True$"),
    (dict(transpositions=0), TypeError, "^transpositions must be True or False, got 0$"),
    (dict(merge_equivalent=None), TypeError, "^merge_equivalent must be True or False, got None$"),
])
def test_solve_bad_arguments(kwargs, exc, message):
    with pytest.raises(exc, match=message):
        stich.solve(play_state(), **kwargs)


def test_solve_refuses_a_finished_deal():
    s = play_state()
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        stich.solve(s)


SECONDS = r"^seconds must be a number in \(0, 1e\+06\] \(or None: no time budget\), got "


@pytest.mark.parametrize("kwargs, exc, message", [
    (dict(worlds=0), ValueError, "^worlds must be an int in 1..10000000, got 0$"),
    (dict(worlds=-3), ValueError, "^worlds must be an int in 1..10000000, got -3$"),
    (dict(worlds=10**8), ValueError, "^worlds must be an int in 1..10000000, got 100000000$"),
    (dict(worlds=2**70), ValueError, r"^worlds is out of range \(beyond 64 bits\), got 1180591620717411303424$"),
    (dict(worlds=True), TypeError, "^worlds must be an int, got True$"),
    (dict(worlds=2.5), TypeError, "^worlds must be an int, got 2.5$"),
    (dict(threads=0), ValueError, "^threads must be an int in 1..256, got 0$"),
    (dict(threads=1000), ValueError, "^threads must be an int in 1..256, got 1000$"),
    (dict(threads="2"), TypeError, "^threads must be an int, got '2'$"),
    (dict(seed=-1), ValueError, r"^seed must be an int in 0..2\*\*64-1, got -1$"),
    (dict(seed=2**64), ValueError, r"^seed must be an int in 0..2\*\*64-1, got 18446744073709551616$"),
    (dict(seed=1.0), TypeError, r"^seed must be an int in 0..2\*\*64-1, got 1.0$"),
    (dict(seconds=0), ValueError, SECONDS + "0.0$"),
    (dict(seconds=-1), ValueError, SECONDS + "-1.0$"),
    (dict(seconds=float("inf")), ValueError, SECONDS + "inf$"),
    (dict(seconds=float("nan")), ValueError, SECONDS + "nan$"),
    (dict(seconds=1e6 * (1 + 1e-9)), ValueError, SECONDS + "1000000.001$"),
    (dict(seconds="1"), TypeError, "^seconds must be a number, got '1'$"),
    (dict(callback=3), TypeError, "^callback must be callable, got 3$"),
])
def test_pimc_bad_arguments(kwargs, exc, message):
    # Checked once, in C++: the core's messages reach Python unchanged (a wrong type: TypeError).
    with pytest.raises(exc, match=message):
        stich.pimc(play_state(), **kwargs)


def test_pimc_limits_come_from_the_core():
    assert stich._core.PIMC_MAX_WORLDS == 10**7
    s = play_state()
    assert stich.pimc(s, worlds=stich._core.PIMC_MAX_WORLDS, seed=1, seconds=0.01).worlds >= 1   # the limit is accepted


def test_pimc_view_of_a_seat_not_to_act():
    s = play_state()
    other = (s.current_player + 1) % s.num_players
    with pytest.raises(ValueError, match="to act"):
        stich.pimc(s.view(other))


def test_pimc_bot_plays_whole_deals():
    game = stich.Couillon()
    results = stich.play(game, [stich.PimcBot(worlds=8), stich.HeuristicBot()] * 2, deals=3, seed=4)
    assert results.shape == (3, 4)
    again = stich.play(game, [stich.PimcBot(worlds=8), stich.HeuristicBot()] * 2, deals=3, seed=4)
    assert (results == again).all()


# --- Ctrl-C ---------------------------------------------------------------------------------

def long_deck_first_card():
    state = stich.Mucken(long_deck=True).deal(seed=2)
    rng = random.Random(2)
    while state.phase != "play":
        state.apply(state.heuristic_action(rng.getrandbits(32)))
    return state


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_while_pimc_works_ends_it_within_half_a_second_of_work(threads):
    """A PIMC of a million whole long-deck Mucken deals would run for days; Ctrl-C, sent once it
    works, ends it within half a second of CPU time (helpers.interrupting; never a speed assertion)."""
    state = long_deck_first_card()
    i = interrupted(lambda: stich.pimc(state, worlds=10**6, threads=threads, seed=1))
    assert i.prompt(), i


def test_ctrl_c_while_solving_ends_the_solve_within_half_a_second_of_work():
    """Whole-deal solves of long-deck Mucken worlds one after another (each is a long solve with
    the GIL released): Ctrl-C ends the run within the bound."""
    state = long_deck_first_card()
    i = interrupted(lambda: [stich.solve(state.resample(state.current_player, k)) for k in range(10**6)])
    assert i.prompt(), i


@pytest.mark.parametrize("name", GAMES)
def test_exact_analysis_counts_each_world_once(name):
    """The exact analysis on positions with many worlds but few deals of the playing hands (a
    hidden talon, discards): its weights add up to count_worlds(), less the worlds a rule of the
    game excludes (the hooks' WORLDS_PLAY_EXCLUDES)."""
    rng = random.Random(8)
    found = 0
    for _ in range(4000):
        game = GAMES[name][0]
        s = game.deal(seed=rng.getrandbits(32))
        while not s.is_terminal and s.phase != "play":
            s.apply(rng.choice(s.legal_actions()))
        while not s.is_terminal and len(s.hand(s.current_player)) > 2:
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal or len(s.legal_actions()) < 2:
            continue
        exact = stich.pimc(s, worlds=400, seed=1)
        if not exact.exact:
            continue
        raw = _core.pimc(s, worlds=400, seed=1)
        count = s.view(s.current_player).count_worlds()
        if getattr(HOOKS[name], "WORLDS_PLAY_EXCLUDES", False):
            # count_worlds() counts the view's facts; the analysis weighs only the worlds play reaches
            # (docs/api.md, "Views and worlds")
            assert 0.5 * count < raw.weight <= count
        else:
            assert raw.weight == pytest.approx(count, rel=1e-12)
        found += 1
        if found == 5:
            break
    assert found == 5


def test_cli_solve_and_analyse_methods(capsys):

    from stich.__main__ import main

    root = EXAMPLES
    assert main(["solve", str(root / "deal_couillon.txt")]) == 0
    out = capsys.readouterr().out
    assert "exact open-hand solve" in out and "principal variation" in out
    assert main(["analyse", str(root / "position_couillon_late.txt"), "--method", "pimc", "--worlds", "20"]) == 0
    assert "PIMC: 20 of" in capsys.readouterr().out
    assert main(["solve", str(root / "deal_couillon.txt"), "--every-card"]) == 0
    lines = capsys.readouterr().out.splitlines()
    from stich.fulldeal import parse_full
    expected = stich.analyse_deal(parse_full((root / "deal_couillon.txt").read_text()).state)
    decisions = [line for line in lines if ". seat " in line]
    assert "every card analysed" in lines[0] and len(decisions) == len(expected)
    assert all(f"seat {r.root} plays {r.best} ({r.value:+d})" in line for r, line in zip(expected, decisions))
    assert main(["solve", str(root / "deal_couillon.txt"), "--every-card", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert len(data) == len(decisions) and all(row["value"] == max(row["values"].values()) for row in data)
    assert main(["solve", str(root / "position_couillon.txt")]) == 2   # no hands given
    assert "hand" in capsys.readouterr().err
    assert main(["analyse", str(root / "position_mistigri.txt"), "--method", "exact"]) == 2   # not the card play
    assert "phase" in capsys.readouterr().err
