"""The full-deal notation (docs/notation.md, "Full deals"), read in C++: round trips from dealt
states of every game, and the messages of bad texts naming their line."""

from __future__ import annotations

import random

import pytest

import stich
from stich.fulldeal import has_full_deal, parse_full
from helpers import EXAMPLES

EXAMPLE = (EXAMPLES / "deal_couillon.txt").read_text()


def _in_card_play(game, seed):
    """A state of `game` a few cards into the play, by the heuristic from a seeded deal (None if
    the deal ends before)."""
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    while not state.is_terminal and state.phase != game.PLAY_PHASE:
        state.apply(state.heuristic_action(rng.getrandbits(32)))
    for _ in range(rng.randrange(6)):
        if state.is_terminal:
            break
        state.apply(state.heuristic_action(rng.getrandbits(32)))
    return None if state.is_terminal else state


def _full_text(state, seat):
    return stich.position_text(state, seat) + "".join(
        f"hand{s}: {' '.join(map(str, state.hand(s))) or '-'}\n" for s in range(state.num_players))


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seed", range(4))
def test_full_deal_round_trip(name, seed):
    state = _in_card_play(stich.GAMES[name](), seed)
    if state is None:
        pytest.skip("the deal ended before the card play")
    seat = state.current_player
    text = _full_text(state, seat)
    assert has_full_deal(text)
    position = parse_full(text)
    full = position.state
    assert position.seat == seat and full.current_player == seat
    assert [full.hand(s) for s in range(full.num_players)] == [state.hand(s) for s in range(state.num_players)]
    assert stich.position_text(full, seat) == stich.position_text(state, seat)
    # The left-over cards change no solve (where the game's solver takes the position: played on to it).
    while stich.GAMES[name].SOLVER and not state.is_terminal and not stich.games.solvable(state):
        action = state.heuristic_action(seed)
        state.apply(action)
        full.apply(str(action))
    if stich.GAMES[name].SOLVER and not state.is_terminal:
        assert stich.solve(full).values == stich.solve(state).values


def test_the_example_reads_and_solves():
    position = parse_full(EXAMPLE)
    assert position.seat == 3 and str(position.state.hand(0)) == "HK DA DJ"
    assert stich.solve(position.state).best in position.state.legal_actions()


def test_a_position_without_hand_lines_is_not_a_full_deal():
    view = EXAMPLE.split("hand0:")[0]
    assert not has_full_deal(view) and has_full_deal(EXAMPLE)
    with pytest.raises(ValueError, match=r"^a full deal gives every seat's hand on 'handN: cards' lines \(hand0: \.\.\. hand3: \.\.\.\)$"):
        parse_full(view)


@pytest.mark.parametrize("old, new, message", [
    ("hand1: SQ ST HA", "hand1: SQ ST", r"^line 8 \(hand1\): seat 1 holds 3 cards now, got 2$"),
    ("hand1: SQ ST HA", "hand1: SQ ST HK", r"^line 8 \(hand1\): HK given to two seats$"),
    ("hand1: SQ ST HA", "hand1: SQ ST CA", r"^line 8 \(hand1\): seat 1 cannot hold CA in this position \(played already"),
    ("hand1: SQ ST HA", "hand1: SQ ST XX", r"^line 8 \(hand1\): .*'XX'"),
    ("hand2: SJ S9 H9", "hand2: SJ S9 H9\nhand2: SJ S9 H9", r"^line 10 \(hand2\): seat 2's hand is given twice$"),
    ("hand2: SJ S9 H9", "hand7: SJ S9 H9", r"^line 9 \(hand7\): no seat 7 in this game \(seats 0..3\)$"),
    ("hand2: SJ S9 H9", "", r"^seat 2's hand is missing: give it on a 'hand2:' line \(3 cards\)$"),
    ("hand3: SA HJ D9", "hand3: SA HJ H9", r"^line 10 \(hand3\): H9 given to two seats$"),
    ("hand3: SA HJ D9\n", "hand3: SA HJ D9\nhand2: SJ S9 H9\n", r"^line 11 \(hand2\): seat 2's hand is given twice$"),
    ("dealer: 2", "dealer: 9", r"^line 3 \(dealer\)"),   # the position's lines keep their numbers
])
def test_bad_full_deals_name_their_line(old, new, message):
    assert old in EXAMPLE
    with pytest.raises(ValueError, match=message):
        parse_full(EXAMPLE.replace(old, new))


def test_the_observer_may_be_left_out_and_its_line_must_agree():
    assert parse_full(EXAMPLE.replace("hand3: SA HJ D9\n", "")).state.hand(3) == parse_full(EXAMPLE).state.hand(3)
    with pytest.raises(ValueError, match=r"^line 10 \(hand3\): seat 3 holds D9 in this position, which this line leaves out$"):
        parse_full(EXAMPLE.replace("hand3: SA HJ D9", "hand3: SA HJ DK"))


def test_hands_no_play_reaches_are_refused():
    # U-11: a hand dealt as a Sie ends the deal at once, so a deal still in its auction had none.
    sie = stich.CardSet("EO GO HO SO EU GU".split())
    s = next(s for s in (stich.Mucken().deal(seed=k) for k in range(100)) if not s.hand(0) & sie)
    rest = [str(c) for c in s.view(0).unknown - sie]
    hands = {1: "EO GO HO SO EU GU", 2: " ".join(rest[:6]), 3: " ".join(rest[6:])}
    text = stich.position_text(s, 0).rstrip("\n") + "".join(f"\nhand{k}: {h}" for k, h in hands.items()) + "\n"
    with pytest.raises(ValueError, match="no play reaches these hands: a rule of the game excludes them"):
        parse_full(text)
    hands[1], hands[2] = hands[1].replace("EO", rest[0]), hands[2].replace(rest[0], "EO")   # five of them: fine
    text = stich.position_text(s, 0).rstrip("\n") + "".join(f"\nhand{k}: {h}" for k, h in hands.items()) + "\n"
    assert parse_full(text).state.hand(1) == stich.CardSet(hands[1].split())
