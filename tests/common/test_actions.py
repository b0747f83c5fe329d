"""Actions, cards and card sets as Python values: an Action applies only where it means the same
move (its game, its phase, its cards), and equal objects hash alike (docs/api.md "Actions")."""

from __future__ import annotations

import itertools
import random
import re

import pytest

import stich
from stich import Action, Card, CardSet, Deck, IllegalActionError
from helpers.hooks import configs
from helpers.play import texts

GAMES = configs(first=2)   # every registered game, in the first two configurations of its hooks


def _play_to(state, phase: str, seed: int):
    rng = random.Random(seed)
    while not state.is_terminal and state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _couillon_mit():
    """A Couillon deal at the Mit decision (its 'Mit' has the id of Mistigri's 'join')."""
    for seed in range(100):
        state = _play_to(stich.Couillon().deal(seed=seed), "mit", seed)
        if state.phase == "mit":
            return state
    raise AssertionError("no Mit decision in 100 deals")


def _refused(state, action, fragment: str) -> None:
    before = state.clone()
    with pytest.raises(IllegalActionError, match=fragment) as e:
        state.apply(action)
    assert state == before
    assert "legal: " + ", ".join(a.text for a in state.legal_actions()) in str(e.value)


# ----- 6. foreign and stale actions -------------------------------------------------------------

def test_foreign_action_refused():
    """Mistigri's 'join' has the id of Couillon's 'Mit': it used to declare Mit."""
    state = _couillon_mit()
    join = next(a for a in stich.Mistigri().deal(seed=1).legal_actions() if a.text == "join")
    mit = next(a for a in state.legal_actions() if a.text == "Mit")
    assert join.id == mit.id and join.game == "Mistigri" and mit.game == "Couillon"
    _refused(state, join, r"^'join' is an action of Mistigri \(phase bid\), not of this Couillon \(phase mit\)")
    assert state.mit_declarer is None
    state.apply(mit)
    assert state.mit_declarer is not None


def test_foreign_action_equality():
    mit = next(a for a in _couillon_mit().legal_actions() if a.text == "Mit")
    join = next(a for a in stich.Mistigri().deal(seed=1).legal_actions() if a.text == "join")
    assert mit != join and not (mit == join) and mit.id == join.id


def test_stale_discard_refused_at_another_seat():
    """A Mistigri discard's id depends on the hand: one seat's 'discard X' used to discard another
    card at the next seat. Now it is matched by its text, which names cards that seat lacks."""
    for seed in range(200):
        state = _play_to(stich.Mistigri().deal(seed=seed), "exchange", seed)
        if state.phase != "exchange":
            continue
        first = state.current_player
        listed = [a for a in state.legal_actions() if a.text.startswith("discard")]
        state.apply("keep")
        if state.phase != "exchange":
            continue
        ids = {a.id for a in state.legal_actions()}
        stale = next((a for a in listed if a.id in ids), None)
        if stale is None:
            continue
        assert not set(stale.text.split()[1:]) & {str(c) for c in state.hand(state.current_player)}
        _refused(state, stale, f"^{re.escape(repr(stale.text))} is not legal for seat {state.current_player} here")
        assert state.current_player != first
        return
    raise AssertionError("no two exchanging seats with a shared discard id in 200 deals")


def test_stale_action_of_another_phase_refused():
    """Couillon's 'pass' of the Mit decision is not the 'pass' of the Kontra decision."""
    state = _couillon_mit()
    stale_pass = next(a for a in state.legal_actions() if a.text == "pass")
    state = _play_to(state, "kontra", 1)
    assert state.phase == "kontra" and "pass" in texts(state)
    _refused(state, stale_pass, r"^'pass' is an action of Couillon \(phase mit\), not of this Couillon \(phase kontra\)")
    state.apply("pass")                                   # its text still applies


def test_listed_actions_and_ids_apply_everywhere():
    """Every listed Action, its text and its id apply to a clone of the state that listed it; the
    search's, the bots' and the test hooks' actions carry their game and phase too."""
    for game in GAMES:
        state = game.deal(seed=5)
        rng = random.Random(5)
        while not state.is_terminal:
            actions = state.legal_actions()
            for a in actions:
                assert a.phase == state.phase and a.game == game.name
                for form in (a, a.text, a.id):
                    clone = state.clone()
                    clone.apply(form)
                    probe = state.clone()
                    probe.apply(a)
                    assert clone == probe
            assert state.heuristic_action(3) in actions and state._random_action(3) in actions
            state.apply(rng.choice(actions))
    state = stich.Couillon().deal(seed=2)
    best = stich.ismcts(state, iterations=50, seed=1).best
    assert best in state.legal_actions()
    state.apply(best)


# ----- 7. equal objects, equal hashes ------------------------------------------------------------

def _check_eq_hash(pool: list) -> None:
    for a, b in itertools.product(pool, repeat=2):
        if a == b:
            assert hash(a) == hash(b), (a, b)
            assert b == a, (a, b)


def _texts(x) -> list[str]:
    t = str(x)
    return [t, t.lower(), t.upper(), t[::-1], " ".join(reversed(t.split())), f" {t}"]


def test_card_equality_hash_agree():
    cards = list(Deck("german36")) + list(Deck("french52"))
    for c in cards:
        assert str(c) in {c} and c in {str(c)} and hash(c) == hash(str(c))
    pool = cards + [t for c in cards for t in _texts(c)] + ["\u2663O", "\u2663Q", "10S"]
    _check_eq_hash(pool)
    assert Card("EO") == "EO" and Card("EO") != "eo" and Card("EO") != "OE" and Card("EO") != "\u2663O"
    assert "EO" in {Card("EO")} and Card("EO") in {"EO"}


def test_cardset_equality_hash_agree():
    rng = random.Random(1)
    sets = [CardSet(), CardSet(deck="french24")]
    for name in ("german24", "german36", "french32", "french52"):
        deck = list(Deck(name))
        sets += [CardSet(rng.sample(deck, k), deck=name) for k in (1, 2, 5, 12)]
    pool = sets + [t for s in sets for t in _texts(s)]
    _check_eq_hash(pool)
    for s in sets:
        assert str(s) in {s} and hash(s) == hash(str(s))
    assert CardSet("EO GU") == "EO GU" and CardSet("EO GU") != "GU EO" and "EO GU" in {CardSet("GU EO")}


def test_action_equality_hash_agree():
    pool: list = []
    for game in GAMES:
        for seed in range(3):
            state = game.deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                actions = state.legal_actions()
                pool += actions + [t for a in actions[:3] for t in _texts(a)]
                state.apply(rng.choice(actions))
    pool = list({(type(x), getattr(x, "game", ""), getattr(x, "phase", ""), str(x)): x for x in pool}.values())
    _check_eq_hash(pool)
    for a in pool:
        if isinstance(a, Action):
            assert str(a) in {a} and a in {str(a)} and hash(a) == hash(str(a))
    state = stich.Couillon().deal(seed=1)
    reveal = state.legal_actions()[-1]
    assert reveal == "reveal" and reveal != "REVEAL" and reveal != "Reveal"
    state.apply("REVEAL")                       # apply() still reads text case-insensitively
