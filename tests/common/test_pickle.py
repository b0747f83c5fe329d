"""Everything pickles and compares by value (docs/api.md, "Pickling and equality"): games and their
rules, states, views, actions and matches, at every pickle protocol and through copy.deepcopy. A
state pickles as its serial form (options, dealer, cards as dealt, actions) and loads by replaying
it through the checked rules: every load is a state legal play reaches, or ValueError."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import stich
from helpers import starts_in_play
from helpers.hooks import HOOKS, configs
from stich import _core
from helpers.serial import Decoded, decode_match, decode_state, encode_state, replay

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)

# Every registered game, in its hooks' PICKLE_CONFIGS (else its first two configurations).
GAMES = configs("PICKLE_CONFIGS", first=2)
IDS = [repr(g) for g in GAMES]
# The configurations that sample worlds slowly (the hooks' SLOW_CONFIGS: seconds per view in
# play): the tests that resample every seat's view skip them.
SMALL = [g for g in GAMES if all(g not in getattr(h, "SLOW_CONFIGS", []) for h in HOOKS.values())]
SMALL_IDS = [repr(g) for g in SMALL]


def positions(game: Any, deals: int = 12, resampled: bool = False) -> list[Any]:
    """Every position of random walks through deals of the game (the deal, each decision, every
    card of every trick, the end), and (resampled) a sampled world of each for a random seat."""
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        s = game.deal(seed=seed, dealer=seed % game.num_players)
        while True:
            out.append(s.clone())
            if resampled:
                out.append(s.resample(rng.randrange(s.num_players), seed))
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
    return out


def same_position(a: Any, b: Any) -> None:
    assert a == b and type(a) is type(b)
    assert a.legal_actions() == b.legal_actions() and [x.id for x in a.legal_actions()] == [x.id for x in b.legal_actions()]
    assert [a.hand(s) for s in range(a.num_players)] == [b.hand(s) for s in range(b.num_players)]
    assert str(a) == str(b) and a.returns() == b.returns()


def is_legal_play(s: Any) -> None:
    """The state is the one legal play reaches from its serial form's deal: dealt again and every
    action applied through the Python API (tests/helpers/serial.py reads the form independently)."""
    assert replay(decode_state(s.__getstate__())) == s


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_state_round_trip_keeps_the_position(game):
    seen_phases, mid_trick = set(), False
    for s in positions(game):
        seen_phases.add(s.phase)
        mid_trick = mid_trick or bool(s.trick)
        for proto in PROTOCOLS:
            same_position(pickle.loads(pickle.dumps(s, protocol=proto)), s)
        same_position(copy.deepcopy(s), s)
        same_position(copy.copy(s), s)
        is_legal_play(s)
    assert mid_trick and "play" in seen_phases and "over" in seen_phases
    # A decision before the card play (the game's own phases, its hooks' PHASES), where the
    # configuration has one.
    assert seen_phases & (set(HOOKS[game.name].PHASES) - {"play"}) or starts_in_play(game), seen_phases


def test_monch_reshuffles_replay():
    """Mönch deals in which the talon runs out and discards are reshuffled (six seats on 32 cards)
    round-trip at every step: the form carries the reshuffle generator as dealt and the talon as
    dealt, and the replay reshuffles alike."""
    game = stich.Mistigri(players=6, deck="german32", monch=True)
    reshuffles = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = game.deal(seed=seed)
        while not s.is_terminal:
            before = [len(s.discards(k)) for k in range(s.num_players)]
            s.apply(rng.choice(s.legal_actions()))
            reshuffles += any(len(s.discards(k)) < n for k, n in enumerate(before))   # discards back in the talon
            same_position(pickle.loads(pickle.dumps(s)), s)
            is_legal_play(s)
    assert reshuffles > 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_sampled_worlds_are_states_play_reaches(game):
    """A sampled world is a state play reaches from its deal, in every game and phase: its hidden
    history fits its cards (a Couillon Mit pass by the world's Mit holder, another Mistigri seat's
    exchange of the world's discards), so it pickles, and the load is the same state, replayed
    through the checked rules."""
    for s in positions(game, deals=4, resampled=True)[1::2]:
        same_position(copy.deepcopy(s), s)
        same_position(copy.copy(s), s)
        same_position(pickle.loads(pickle.dumps(s)), s)
        is_legal_play(s)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_state_round_trip_keeps_the_future(game):
    """The same actions lead the original and its copy through the same positions (Mönch
    reshuffles included: the reshuffle generator is part of the state)."""
    for seed in range(10):
        rng = random.Random(seed)
        s = game.deal(seed=seed)
        for _ in range(rng.randrange(12)):
            if not s.is_terminal:
                s.apply(rng.choice(s.legal_actions()))
        t = pickle.loads(pickle.dumps(s))
        while not s.is_terminal:
            a = rng.choice(s.legal_actions())
            s.apply(a)
            t.apply(a)
            same_position(t, s)


@pytest.mark.parametrize("game", GAMES[::2] + GAMES[-1:], ids=IDS[::2] + IDS[-1:])
def test_damaged_state_pickle_raises_value_error_or_plays_safely(game):
    """Random bytes, truncated or lengthened forms and changed bytes never crash: they raise
    ValueError, or (a change the checks cannot tell from a real position, such as a pot) give a
    state that plays to the end."""
    rng = random.Random(7)
    states = positions(game, deals=3, resampled=False)
    cls = type(states[0])
    good = states[0].__getstate__()

    def load(data: bytes) -> Any:
        obj = cls.__new__(cls)
        obj.__setstate__(data)
        return obj

    for data in (b"", b"S", good[:-1], good + b"\0", bytes(len(good)), good[:3] + b"\xff" + good[4:]):
        with pytest.raises(ValueError, match="corrupt pickled"):
            load(data)
    with pytest.raises(ValueError, match="expected bytes"):
        load("not bytes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="format version 99; this stich reads version 2"):
        load(good[:1] + b"\x63" + good[2:])
    for _ in range(200):   # a valid header on random content
        with pytest.raises(ValueError):
            load(good[:3] + bytes(rng.randrange(256) for _ in range(len(good) - 3)))
    rejected = 0
    for i in range(600):
        data = bytearray(rng.choice(states).__getstate__())
        for _ in range(rng.choice((1, 1, 2, 3))):
            k = rng.randrange(len(data))
            data[k] = rng.choice((rng.randrange(256), data[k] ^ 1, (data[k] + 1) & 255, (data[k] - 1) & 255))
        try:
            s = load(bytes(data))
        except ValueError:
            rejected += 1
            continue
        is_legal_play(s)
        play = random.Random(i)
        while not s.is_terminal:
            for seat in range(s.num_players):
                s.view(seat)
            s.heuristic_action(i)
            s.apply(play.choice(s.legal_actions()))
        s.returns()
    assert rejected > 0


def test_state_pickle_of_another_class_is_refused():
    couillon = stich.Couillon().deal(seed=1).__getstate__()
    obj = _core.MuckenState.__new__(_core.MuckenState)
    with pytest.raises(ValueError, match="a form of 'Couillon', not of Mucken"):
        obj.__setstate__(couillon)
    rules = _core.CouillonRules.__new__(_core.CouillonRules)
    with pytest.raises(ValueError, match="the form of a state, not of rules"):
        rules.__setstate__(couillon)
    match = _core.CouillonMatch.__new__(_core.CouillonMatch)
    with pytest.raises(ValueError, match="the form of a state, not of a match"):
        match.__setstate__(couillon)


@pytest.mark.parametrize("game", SMALL, ids=SMALL_IDS)
def test_views_equal_when_the_information_is(game):
    for s in positions(game, deals=4)[::3]:
        for seat in range(s.num_players):
            v = s.view(seat)
            other = s.resample(seat, 99)   # the same information, other hidden cards
            assert other.view(seat) == v and hash(other.view(seat)) == hash(v)
            assert s.view((seat + 1) % s.num_players) != v
            for proto in PROTOCOLS:
                w = pickle.loads(pickle.dumps(v, protocol=proto))
                assert w == v and hash(w) == hash(v) and w.observer == seat and w.history == v.history
                assert [w.known(i) for i in range(len(w.location_names))] == [v.known(i) for i in range(len(v.location_names))]
                is_legal_play(w._origin)   # a view loads as one of a state legal play reaches
            assert copy.deepcopy(v) == v
            # A pickled view carries only what its seat knows, where a state holding only that
            # replays (always in some games, the hooks' VIEWS_PICKLE_ALIKE; docs/api.md says where else).
            if getattr(HOOKS[game.name], "VIEWS_PICKLE_ALIKE", False):
                assert pickle.dumps(other.view(seat)) == pickle.dumps(v)
        if not s.is_terminal:
            t = s.clone()
            t.apply(t.legal_actions()[0])
            assert t.view(s.current_player) != s.view(s.current_player)


def test_views_of_other_rules_differ():
    a = stich.Couillon().deal(seed=3)
    b = stich.Couillon(kontra_doubles=True).deal(seed=3)
    assert a.view(0) != b.view(0) and a.view(0) == stich.Couillon().deal(seed=3).view(0)
    assert a.view(0) != stich.Mucken().deal(seed=3).view(0) and a.view(0) != "view"


def test_damaged_view_pickle_raises_value_error():
    v = stich.Mucken().deal(seed=2).view(1)
    state, seat = v.__reduce_ex__(2)[2]
    for bad in ((state, 9), (state, True), ("state", 0), (state,), None):
        obj = type(v).__new__(type(v))
        with pytest.raises(ValueError, match="corrupt pickled InfoSet"):
            obj.__setstate__(bad)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_actions_round_trip_and_apply(game):
    for s in positions(game, deals=2):
        for a in s.legal_actions():
            for proto in PROTOCOLS:
                b = pickle.loads(pickle.dumps(a, protocol=proto))
                assert b == a and (b.id, b.text, b.game, b.phase) == (a.id, a.text, a.game, a.phase) and hash(b) == hash(a)
        if not s.is_terminal:
            t = s.clone()
            t.apply(pickle.loads(pickle.dumps(s.legal_actions()[-1])))
            s.apply(s.legal_actions()[-1])
            assert t == s


def test_damaged_action_pickle_raises_value_error():
    a = stich.Couillon().deal(seed=1).legal_actions()[0]
    game, phase, ident, text = a.__reduce_ex__(2)[2]
    for bad in ((game, "bidding", ident, text), ("OtherState", phase, ident, text), (game, phase, -1, text),
                (game, phase, 1 << 70, text), (game, phase, ident), None):
        obj = type(a).__new__(type(a))
        with pytest.raises(ValueError, match="corrupt pickled Action"):
            obj.__setstate__(bad)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_games_and_rules_by_value(game):
    for proto in PROTOCOLS:
        g = pickle.loads(pickle.dumps(game, protocol=proto))
        assert g == game and hash(g) == hash(game) and g.options == game.options and g.deck == game.deck
        assert g._rules == game._rules and hash(g._rules) == hash(game._rules)
        assert pickle.loads(pickle.dumps(game._rules, protocol=proto)) == game._rules
        assert g.deal(seed=4) == game.deal(seed=4)
    assert copy.deepcopy(game) == game and type(game)(**game.options) == game
    assert len({g for g in GAMES}) == len(GAMES)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_matches_round_trip(game):
    m = game.match(seed=5)
    rng = random.Random(5)
    for _ in range(3):
        if m.is_over:
            break
        for proto in PROTOCOLS:
            assert pickle.loads(pickle.dumps(m, protocol=proto)) == m
        c = copy.deepcopy(m)
        assert c == m and c.next_deal() == m.next_deal()
        s = m.next_deal()
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        m.record(s)
        assert c != m
        c.record(s)
        assert c == m
    with pytest.raises(TypeError):
        hash(m)


def test_cards_and_decks_at_every_protocol():
    for obj in (stich.Card("EO"), stich.CardSet("EO GU"), stich.CardSet(), stich.Deck("french52")):
        for proto in PROTOCOLS:
            assert pickle.loads(pickle.dumps(obj, protocol=proto)) == obj


def fuzzed_payloads(forms: list[bytes], other_game: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    """Damaged and crafted state forms: random bytes, truncations, bit flips, the wrong version,
    another game's form, and re-encoded forms with the history cut short (a legal form), an
    illegal action, a card twice or a card missing."""
    out: list[tuple[str, bytes]] = [("foreign game", other_game)]
    for good in forms:
        f = decode_state(good)
        out.append(("random bytes", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2 * len(good))))))
        out.append(("random body", good[:4 + good[3]] + bytes(rng.randrange(256) for _ in range(len(good) - 4 - good[3]))))
        out.append(("truncated", good[:rng.randrange(len(good))]))
        data = bytearray(good)
        for _ in range(rng.choice((1, 1, 2, 3))):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        out.append(("bit flips", bytes(data)))
        out.append(("wrong version", encode_state(f, version=rng.choice((0, 1, 3, 255)))))
        if f.actions:
            k = rng.randrange(len(f.actions))
            out.append(("history cut", encode_state(decode_state(good)._replace_actions(f.actions[:k]))))
            out.append(("illegal action",
                        encode_state(decode_state(good)._replace_actions(f.actions[:k] + [rng.randrange(200)] + f.actions[k + 1:]))))
        g = decode_state(good)
        g.cards[1][0] = g.cards[0][0]
        out.append(("card twice", encode_state(g)))
        g = decode_state(good)
        g.cards[0] = g.cards[0][1:]
        out.append(("card missing", encode_state(g)))
    return out


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_payload_fuzz_loads_legal_play_or_raises(game):
    """Every payload either loads as the state legal play reaches from the deal it names (checked
    by an independent replay through the Python API) or raises ValueError; the crafted damage that
    cannot be a deal (the wrong version, another game, a card twice or missing) always raises."""
    rng = random.Random(11)
    states = positions(game, deals=3)
    cls = type(states[0])
    other = next(g for g in stich.GAMES.values() if g.name != game.name)().deal(seed=1).__getstate__()   # another game's
    loaded = refused = 0
    for kind, data in fuzzed_payloads([s.__getstate__() for s in states], other, rng):
        obj = cls.__new__(cls)
        try:
            obj.__setstate__(data)
        except ValueError as e:
            assert str(e).startswith("corrupt pickled stich object: ")
            refused += 1
            continue
        assert kind not in ("foreign game", "wrong version", "card twice", "card missing"), kind
        try:
            again = replay(decode_state(data))
        except Decoded as e:
            raise AssertionError(f"{kind}: loaded a form the reader cannot decode ({e})") from None
        assert again == obj, kind
        loaded += 1
    assert loaded > 0 and refused > 0


@pytest.mark.parametrize("game", configs(first=1), ids=repr)
def test_a_match_loads_only_by_recording_its_deals_again(game):
    """A match's form is its rules, seed, first dealer and the forms of its recorded deals; a load
    records each deal again (checked by the match: its dealer, its rules, finished), so scores,
    chips and Bobbl never come from the bytes. Damage raises ValueError or loads a match equal to
    the one those deals make."""
    m = game.match(seed=3, dealer=1)
    rng = random.Random(3)
    for _ in range(3):
        if m.is_over:
            break
        s = m.next_deal()
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        m.record(s)
    good = m.__getstate__()
    cls = type(m)

    def load(data: bytes) -> Any:
        obj = cls.__new__(cls)
        obj.__setstate__(data)
        return obj

    assert load(good) == m
    # The first deal's dealer is part of the match: a form naming another first dealer refuses
    # its deals (each dealt by the seat the rotation gives).
    name_end = 4 + good[3]
    rules_len = len(game._rules.__getstate__()) - name_end
    at = name_end + rules_len + 8
    with pytest.raises(ValueError, match="deal 0: .*dealt by seat 1 but the match expects seat 2"):
        load(good[:at] + bytes([2]) + good[at + 1:])
    # Unfinished deals are refused.
    unfinished = game.deal(seed=1, dealer=1).__getstate__()
    count = at + 1
    crafted = good[:count] + (1).to_bytes(4, "little") + len(unfinished).to_bytes(4, "little") + unfinished
    with pytest.raises(ValueError, match="deal 0: "):
        load(crafted)
    loaded = 0
    for _ in range(300):
        data = bytearray(good)
        for _ in range(rng.choice((1, 2))):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        try:
            x = load(bytes(data))
        except ValueError:
            continue
        loaded += 1
        name, options, seed, dealer, forms = decode_match(bytes(data))
        replayed = stich.GAMES[name](**options).match(seed=seed, dealer=dealer)
        for form in forms:
            s = replay(decode_state(form))
            assert s.is_terminal
            replayed.record(s)
        assert x == replayed
    assert loaded > 0
    # A deal that is not finished is refused by record too.
    with pytest.raises(ValueError):
        game.match(seed=3).record(game.deal(seed=1))
