"""The position notation: round trips over random positions of every game, views, bad input, the
analyse command (docs/notation.md)."""

from __future__ import annotations

import random
import re

import pytest

import stich
from stich.__main__ import main
from helpers import EXAMPLES, starts_in_play
from helpers.hooks import HOOKS, configs
from helpers.random_play import played_on
from helpers.play import texts


# Every registered game, in its hooks' NOTATION_CONFIGS (else its CONFIGS).
CONFIGS = {repr(g): g for g in configs("NOTATION_CONFIGS")}


def _random_positions(game, n, seed):
    """States at random decision points (every phase), with the deal's random extra arguments
    where the game's hooks give some (random_deal_args: Bock, a pot)."""
    rng = random.Random(seed)
    deal_args = getattr(HOOKS[game.name], "random_deal_args", lambda rng, i: {})
    for i in range(n):
        state = game.deal(seed=seed * 1000 + i, dealer=i % game.num_players, **deal_args(rng, i))
        yield played_on(state, rng, rng.randrange(0, 45))


def _every_step(game, deals):
    """Every decision point of a few seeded random deals, in order (each phase on the way)."""
    rng = random.Random(7)
    for i in range(deals):
        state = game.deal(seed=i, dealer=i % game.num_players)
        while not state.is_terminal:
            yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def _assert_same_view(a, b):
    assert a.hand == b.hand
    assert a.history == b.history
    assert a.location_names == b.location_names
    for loc in range(len(a.location_names)):
        assert a.known(loc) == b.known(loc), a.location_names[loc]
        assert a.forbidden(loc) == b.forbidden(loc), a.location_names[loc]
        assert a.size(loc) == b.size(loc), a.location_names[loc]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_round_trip(name):
    game = CONFIGS[name]
    phases = set()
    for state in _random_positions(game, 60, seed=len(name)):
        for seat in range(game.num_players):
            text = stich.position_text(state, seat)
            pos = stich.parse(text)
            assert str(pos) == text
            assert pos.seat == seat and pos.game.options == game.options
            _assert_same_view(pos.view, state.view(seat))
            if state.current_player == seat:     # (a hidden Mit pass may differ otherwise)
                assert pos.state.phase == state.phase
                assert pos.state.current_player == seat
                assert texts(pos.state) == texts(state)
        phases.add(state.phase)
    # The walks reach a decision before the card play, where the configuration has one.
    assert "play" in phases and (len(phases) >= 2 or starts_in_play(game)), phases


def test_every_decision_kind_round_trips():
    """Bids, declarations, doubling, exchanges, trump naming, card play, Mistigri naming."""
    seen = set()
    # Six-player Mönch positions take 0.1-0.3 s each to rebuild: the random positions cover them.
    def steps(game):
        return list(_every_step(game, 2)) if game.num_players < 6 else []
    for game in CONFIGS.values():
        fresh = [game.deal(seed=i, dealer=i % game.num_players) for i in range(3)]
        for state in fresh + list(_random_positions(game, 40, seed=99)) + steps(game):
            acts = {a.text.split()[0].split(":")[0] for a in state.legal_actions()}
            kind = (game.name, state.phase)
            seen.add(kind)
            text = stich.position_text(state)
            assert str(stich.parse(text)) == text, acts
    for name, hooks in HOOKS.items():   # every phase of every game (its hooks' PHASES)
        for phase in hooks.PHASES:
            assert (name, phase) in seen, ((name, phase), sorted(seen))


def test_format_lines():
    game = stich.Mucken(players=4, if_all_pass="throw_in")
    state = game.deal(seed=3, dealer=0, bock=True)
    state.apply("Wenz")
    text = stich.position_text(state, 2)
    lines = text.splitlines()
    assert lines[0] == "stich position 1"
    assert lines[1] == "game: Mucken if_all_pass=throw_in"
    assert "dealer: 0" in lines and "seat: 2" in lines and "bock: yes" in lines
    assert "history: 1 Wenz" in lines
    assert f"hand: {state.hand(2)}" in lines
    # Couillon reveal, forehand sees three cards in the trump phase
    c = stich.Couillon().deal(seed=1, dealer=1)
    assert stich.position_text(c).splitlines()[4] == f"hand: {c.first_three}"
    assert stich.position_text(c, 0).splitlines()[4] == "hand: -"
    c.apply("reveal")
    assert f"history: 2 reveal {c.reveal_card}" in stich.position_text(c, 0)
    # Mistigri: the observer's own exchange with its draws; others' as counts; carried pot
    m = stich.Mistigri().deal(seed=1, dealer=3, pot=7)
    for a in ["join"] * 4:
        m.apply(a)
    m.apply("discard EU GA")
    text = stich.position_text(m, 0)
    discarded, drawn = m.exchange(0)
    assert f"0 discard EU GA draw {drawn}" in text
    assert "0 discards 2" in stich.position_text(m, 1)
    assert "turned: H9" in text and "pot: 7" in text and "side_pot: 0" in text
    # any card order, option order, comments and blank lines are accepted
    pos = stich.parse("# a comment\n" + text.replace("discard EU GA", "discard GA EU") + "\n\n")
    assert str(pos) == text


def test_monch_pot_carried():
    game = stich.Mistigri(monch=True)
    for pot, side in [(0, 0), (17, 0), (30, 10), (40, 0), (40, 25), (0, 30)]:
        s = game.deal(seed=2, dealer=0, pot=pot, side_pot=side)
        pos = stich.parse(stich.position_text(s))
        assert (pos.state.pot, pos.state.side_pot) == (s.pot, s.side_pot)


def test_analyse_examples(capsys):
    for name in ("position_mucken.txt", "position_couillon.txt", "position_mistigri.txt", "position_euchre.txt"):
        path = EXAMPLES / name
        pos = stich.parse(path.read_text())
        assert pos.to_act
        assert main(["analyse", str(path), "--method", "ismcts", "--iterations", "3000", "--seed", "2"]) == 0
        out = capsys.readouterr().out
        assert f"seat {pos.seat} to act" in out and "search: 3,000 iterations" in out and "#" in out
    text = (EXAMPLES / "position_couillon.txt").read_text()
    assert main(["analyse", text, "--seconds", "0.05", "--playout", "heuristic", "--threads", "2"]) == 0
    assert "to act" in capsys.readouterr().out


def test_analyse_errors(capsys):
    assert main(["analyse", "no/such/file.txt"]) == 2
    state = stich.Mucken().deal(seed=1)
    text = stich.position_text(state, 2)          # seat 1 (forehand) is to act, not seat 2
    assert main(["analyse", text]) == 2
    assert "not to act" in capsys.readouterr().err


BASE = stich.position_text(stich.Mucken().deal(seed=1), 1)


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "starts with"),
        (BASE.replace("stich position 1", "stich position 2"), "starts with"),
        (BASE + "colour: red\n", r"line 7 \(colour\): unknown key"),
        (BASE.replace("game: Mucken", "game: Skat"), r"line 2 \(game\): unknown game"),
        (BASE.replace("game: Mucken", "game: Mucken players=5"), r"line 2 \(game\).*players"),
        (BASE.replace("game: Mucken", "game: Mucken colour=red"), r"line 2 \(game\).*unknown option"),
        (BASE.replace("game: Mucken", "game: Mucken players"), r"line 2 \(game\).*key=value"),
        (BASE.replace("seat: 1", "seat: 4"), r"line 4 \(seat\)"),
        (BASE.replace("dealer: 0", "dealer: x"), r"line 3 \(dealer\)"),
        (BASE.replace("hand: ", "hand: XX "), r"line 5 \(hand\): bad card text 'XX' for the german24 deck: not a card"),
        (BASE.replace("seat: 1", "sit 1"), r"line 4.*key: value"),
        (BASE.replace("history: -", "history: 9 pass"), r"line 6 \(history\)"),
        (BASE.replace("history: -", "history: 1 Skat"), r"line 6 \(history\).*not a legal action"),
        (BASE + "bock: maybe\n", r"line 7 \(bock\)"),
        (BASE + "turned: H7\n", r"line 7 \(turned\): not a line of a Mucken"),
        (BASE.replace("history: -\n", ""), "no 'history' line"),
    ],
)
def test_malformed(text, match):
    with pytest.raises(ValueError, match=match):
        stich.parse(text)


MISTIGRI_BASE = stich.position_text(stich.Mistigri().deal(seed=2))


@pytest.mark.parametrize("text, match", [
    (BASE.replace("seat: 1", "seat: \u00b2"), r"^line 4 \(seat\): must be a seat 0..3, got '\u00b2'$"),
    (BASE.replace("dealer: 0", "dealer: \u0663"), r"^line 3 \(dealer\): must be a seat 0..3, got '\u0663'$"),
    (BASE.replace("history: -", "history: \u00b2 pass"), r"^line 6 \(history\): each action is 'SEAT TEXT'"),
    (BASE.replace("game: Mucken", "game: Mucken target=\u00b2\u00b9"), r"^line 2 \(game\): option target of Mucken must be an int"),
    (BASE.replace("history: -", "history: 1 \udc80"), r"^line 6 \(history\): the line .* cannot be encoded as UTF-8$"),
    (BASE.replace("hand: ", "hand: \ud800 "), r"^line 5 \(hand\): the line .* cannot be encoded as UTF-8$"),
    (MISTIGRI_BASE.replace("pot: 0", "pot: \u00b2"), r"^line \d+ \(pot\): must be an int in 0..\d+, got '\u00b2'$"),
])
def test_parse_names_the_line_for_every_error(text, match):
    """A digit that is not ASCII ('\u00b2' passes str.isdigit() and then failed in int() with no
    line) and text that cannot be encoded are named with their line."""
    with pytest.raises(ValueError, match=match):
        stich.parse(text)


@pytest.mark.parametrize("tries", [0, -1, 1.5, True, "3"])
def test_parse_refuses_tries_below_one(tries):
    with pytest.raises(ValueError, match=f"tries must be an int >= 1, got {re.escape(repr(tries))}"):
        stich.parse(BASE, tries=tries)
    assert stich.parse(BASE, tries=1).seat == 1


def test_inconsistent_card_twice():
    state = stich.Mucken().deal(seed=1)
    state.apply("Wenz")
    for _ in range(3):
        state.apply("pass")
    while state.phase != "play":
        state.apply("pass")
    seat = state.current_player
    text = stich.position_text(state, (seat + 1) % 4)
    card = str(state.hand((seat + 1) % 4)).split()[0]
    bad = text.rstrip("\n") + f"; {seat} {card}\n"
    with pytest.raises(ValueError, match=rf"line 6 \(history\): history entry \d+ \('{seat} {card}'\): .*the card {card} is given twice"):
        stich.parse(bad)
    hand_line = next(ln for ln in text.splitlines() if ln.startswith("hand:"))
    with pytest.raises(ValueError, match=r"line 5 \(hand\).*given twice"):
        stich.parse(text.replace(hand_line, hand_line + " " + card))


def test_inconsistent_hand_size():
    text = stich.position_text(stich.Mucken().deal(seed=1), 1)
    hand_line = next(ln for ln in text.splitlines() if ln.startswith("hand:"))
    short = " ".join(hand_line.split()[:-1])
    with pytest.raises(ValueError, match=r"line 5 \(hand\): no deal is consistent"):
        stich.parse(text.replace(hand_line, short))
    extra = str(stich.Mucken().deal(seed=1).hand(2)).split()[0]
    with pytest.raises(ValueError, match="no deal is consistent.*seat 1 would hold 7 cards"):
        stich.parse(text.replace(hand_line, hand_line + " " + extra))


def test_inconsistent_followed_suit_after_void():
    """A seat that showed a void (did not follow) and later plays a card of that suit: no deal
    explains it."""
    found = 0
    games = configs(first=1)
    for game in games:
        sits_out = getattr(HOOKS[game.name], "sits_out", lambda state, seat: False)
        for state in _random_positions(game, 80, seed=5):
            q = state.current_player
            if state.phase != "play":
                continue
            o = (q + 1) % game.num_players
            view = state.view(o)
            if sits_out(state, o):
                continue
            voids = [c for c in view.forbidden(q) if c in view.unknown]
            if not voids:
                continue
            text = stich.position_text(state, o)
            assert str(stich.parse(text)) == text
            bad = text.replace("\nhistory: ", "\nhistory: ", 1)
            lines = bad.splitlines()
            i = next(k for k, ln in enumerate(lines) if ln.startswith("history:"))
            lines[i] += f"; {q} {voids[0]}"
            with pytest.raises(ValueError, match=rf"line 6 \(history\): history entry \d+ \('{q} {voids[0]}'\): no deal is consistent"):
                stich.parse("\n".join(lines) + "\n")
            found += 1
            break
    assert found == len(games)


def test_position_text_errors():
    state = stich.Couillon().deal(seed=1)
    with pytest.raises(IndexError, match="seat 4 out of range 0..3"):
        stich.position_text(state, 4)
    with pytest.raises(TypeError, match="seat must be an int"):
        stich.position_text(state, "1")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        stich.position_text(state)


def _reshuffled(game, state):
    """Did the exchange so far draw more cards than the talon held (a Mönch reshuffle, M-6)?"""
    drawn = 0
    for _, text in state.view(0).history:
        words = text.split()
        drawn += int(words[1]) if words[0] == "discards" else len(words) - 1 if words[0] == "discard" else 0
    return drawn > len(game.deck) - 5 * game.num_players - 1


@pytest.mark.parametrize("players,deck", [(6, "german32"), (5, "german32"), (6, "german36")])
def test_monch_positions_after_a_reshuffle_round_trip(players, deck):
    # Draws from reshuffled discards are pinned by Mistigri.deal(redraws=...), so every seat's
    # position after a reshuffle parses, including another seat drawing (and playing) a card the
    # observer discarded.
    game = stich.Mistigri(players=players, monch=True, deck=deck)
    rng = random.Random(players * 100 + len(deck))
    found = 0
    for seed in range(120):
        state = game.deal(seed=seed, dealer=seed % players)
        for _ in range(rng.randrange(0, 40)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal or not _reshuffled(game, state):
            continue
        found += 1
        for seat in range(players):
            text = stich.position_text(state, seat)
            pos = stich.parse(text)
            assert str(pos) == text
            _assert_same_view(pos.view, state.view(seat))
    assert found >= 10, found
