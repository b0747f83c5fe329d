"""Positions rebuilt exactly in C++ (issue 11, docs/notation.md "How parse builds a state"): the
rebuilt world is the one `state.resample(seat, seed)` draws, uniform over the consistent worlds
(chi-square against enumeration), and an impossible history is refused at its first impossible
entry, named with its index and text and why."""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter

import pytest

import stich
from helpers.stats import chi_square_uniform
from helpers.worlds import enumerate_worlds
from helpers import EXAMPLES, slow_except
from helpers.hooks import HOOKS, configs
from helpers.random_play import played_on
from helpers.play import text_set

pytestmark = pytest.mark.rules

# Every registered game, in its hooks' POSITION_CONFIGS (else its first two configurations).
CONFIGS = {repr(g): g for g in configs("POSITION_CONFIGS", first=2)}
# The configurations whose positions take seconds each to rebuild (the hooks' SLOW_CONFIGS): in the slow part.
SLOW = {repr(g) for h in HOOKS.values() for g in getattr(h, "SLOW_CONFIGS", [])}


def _walk(game, seed, steps):
    """A deal (seed, dealer seed % players) after up to `steps` random legal actions (stopping
    before the end)."""
    return played_on(game.deal(seed=seed, dealer=seed % game.num_players), random.Random(seed), steps)


def _hidden(view, locations):
    """A world without the cards the view knows: a frozenset of card texts per location."""
    return tuple(frozenset(str(c) for c in locations[l] - view.known(l)) for l in range(len(view.location_names)))


# Six-seat Mönch takes as long as the others together and adds no code path to four-seat Mönch.
@pytest.mark.parametrize("name", slow_except(list(CONFIGS), [n for n in CONFIGS if n not in SLOW]))
def test_rebuilt_world_is_the_resampled_world(name):
    """parse(text, seed) draws the hidden cards exactly as state.resample(seat, seed) does: the same
    world for the same seed, from any state with that view."""
    game = CONFIGS[name]
    rng = random.Random(len(name))
    checked = 0
    for i in range(25):
        state = _walk(game, 100 + i, rng.randrange(0, 45))
        for seat in range(game.num_players):
            text = stich.position_text(state, seat)
            for seed in (0, 5, 2**64 - 1):
                pos = stich.parse(text, seed=seed)
                assert pos.state._locations() == state.resample(seat, seed)._locations()
                checked += 1
    assert checked == 25 * game.num_players * 3


def _small_position(game, seed, low, high):
    """A state and seat whose view has between low and high consistent worlds."""
    rng = random.Random(seed)
    for k in range(400):
        state = game.deal(seed=seed * 1000 + k, dealer=k % game.num_players)
        while not state.is_terminal:
            for seat in range(game.num_players):
                view = state.view(seat)
                if low <= view.count_worlds() <= high:
                    return state, seat
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no small position found")


# (configuration, low, high): each game's hooks' POSITION_WORLDS, else its first configuration with
# 6 to 40 worlds.
WORLD_RANGES = [pytest.param(g, low, high, id=repr(g))
                for h in HOOKS.values() for g, low, high in getattr(h, "POSITION_WORLDS", [(h.CONFIGS[0], 6, 40)])]


@pytest.mark.parametrize("game, low, high", WORLD_RANGES)
def test_rebuilt_worlds_are_uniform(game, low, high):
    """The worlds rebuilt from one position with many seeds are each consistent with the view and
    uniform over all of them (chi-square against brute-force enumeration and count_worlds)."""
    state, seat = _small_position(game, 7, low, high)
    text = stich.position_text(state, seat)
    view = state.view(seat)
    worlds = {_hidden(view, w) for w in enumerate_worlds(view)}
    assert len(worlds) == view.count_worlds()
    draws = 50 * len(worlds)
    counts = Counter()
    for seed in range(draws):
        pos = stich.parse(text, seed=seed)
        assert pos.state.is_consistent_with(view)
        counts[_hidden(view, pos.state._locations())] += 1
    assert set(counts) <= worlds
    stat, threshold = chi_square_uniform([counts[w] for w in worlds])
    assert stat < threshold, (stat, threshold, len(worlds))


# ----- errors: the first entry that cannot happen, with its index and text, and why -----------------

COUILLON = (EXAMPLES / "position_couillon.txt").read_text()
MUCKEN = (EXAMPLES / "position_mucken.txt").read_text()
MISTIGRI = (EXAMPLES / "position_mistigri.txt").read_text()


def _history(text):
    return next(ln for ln in text.splitlines() if ln.startswith("history:"))


def _with_history(text, entries):
    return text.replace(_history(text), "history: " + "; ".join(entries))


def _entries(text):
    return _history(text).removeprefix("history: ").split("; ")


def _without(text, card):
    """The text with `card` gone from the hand line (the observer played it)."""
    hand = next(ln for ln in text.splitlines() if ln.startswith("hand:"))
    return text.replace(hand, " ".join(w for w in hand.split() if w != str(card)))


def _raises(text, pattern):
    with pytest.raises(ValueError, match=pattern) as info:
        stich.parse(text)
    return str(info.value)


def test_error_out_of_turn():
    entries = _entries(COUILLON)
    i = entries.index("1 DK")
    entries[i] = "2 DK"
    _raises(_with_history(COUILLON, entries),
            rf"^line 6 \(history\): history entry {i} \('2 DK'\): seat 2 cannot act here, seat 1 is to act$")


def test_error_not_legal_names_the_legal_actions():
    """U-5: no such game; U-4: the observer itself must follow suit."""
    base = stich.position_text(stich.Mucken().deal(seed=1), 1)
    _raises(_with_history(base, ["1 Skat"]),
            r"history entry 0 \('1 Skat'\): 'Skat' is not a legal action for seat 1; legal: Wenz, Geier, Muck, .*pass$")
    for seed in range(200):
        state = stich.Mucken().deal(seed=seed)
        for a in ["Geier", "pass", "pass", "pass", "pass", "pass", "pass"]:
            if state.phase != "play":
                state.apply(a)
        state.apply(state.legal_actions()[0])   # a lead
        me = state.current_player
        illegal = [c for c in state.hand(me) if str(c) not in text_set(state)]
        if not illegal:
            continue
        text = stich.position_text(state, me)
        entries = _entries(text) + [f"{me} {illegal[0]}"]
        _raises(_with_history(_without(text, illegal[0]), entries),
                rf"history entry {len(entries) - 1} \('{me} {illegal[0]}'\): '{illegal[0]}' is not a legal action for seat {me}; legal: ")
        return
    raise AssertionError("no position found")


def test_error_card_in_two_places():
    """A card the observer holds, a card already played, the declared Mit (C-3) or a revealed card
    (C-2) played or revealed by another seat."""
    entries = _entries(COUILLON)
    n = len(entries)
    played = _without(COUILLON, "HK")
    _raises(_with_history(played, entries + ["0 HK", "1 CQ"]),
            rf"history entry {n + 1} \('1 CQ'\): .*the card CQ is given twice: it is in seat 0 \(the observer\)")
    _raises(_with_history(played, entries + ["0 HK", "1 DK"]),
            rf"history entry {n + 1} \('1 DK'\): .*the card DK is out of play, played at entry {entries.index('1 DK')} \('1 DK'\)")
    # seat 3 declared the Mit (SQ) at entry 1 and still holds it: SQ cannot be seat 1's
    mit = ["2 reveal HQ", "3 Mit", "2 pass", "0 pass", "2 DQ", "3 D9", "0 DA", "1 SQ"]
    _raises(_with_history(COUILLON, mit),
            r"history entry 7 \('1 SQ'\): no deal is consistent with the position: the card SQ is given twice: it is in seat 3")
    # the observer holds HK: forehand cannot reveal it
    _raises(_with_history(COUILLON, ["2 reveal HK"] + entries[1:]),
            r"history entry 0 \('2 reveal HK'\): .*the card HK is given twice: it is in seat 0 \(the observer\)")


def test_error_mit_declared_by_a_seat_without_it():
    """C-3: only the holder of SQ declares it; a seat that cannot hold it is named at its declaration."""
    text = _with_history(COUILLON, ["2 Hearts"]).replace("hand: CQ CT SJ HK", "hand: CQ CT SJ HK SQ")
    _raises(_with_history(text, ["2 Hearts", "3 Mit"]),
            r"history entry 1 \('3 Mit'\): no deal is consistent with the position: the card SQ is given twice: "
            r"it is in seat 0 \(the observer\) \(to declare the Mit, seat 3 holds SQ \(C-3\)\)")


def test_error_contradicts_a_void():
    """C-5 / U-4 / M-9: a seat that did not follow suit holds none of it later."""
    found = 0
    games = configs("POSITION_CONFIGS", first=1)
    for game in games:
        sits_out = getattr(HOOKS[game.name], "sits_out", lambda state, seat: False)
        for k in range(300):
            state = _walk(game, k, 30)
            if state.phase != "play":
                continue
            q = state.current_player
            o = (q + 1) % game.num_players
            if sits_out(state, o):
                continue
            view = state.view(o)
            voids = [c for c in view.forbidden(q) if c in view.unknown]
            proof = [i for i, (w, _) in enumerate(view.history) if w == q]
            if not voids or not proof:
                continue
            text = stich.position_text(state, o)
            entries = _entries(text) + [f"{q} {voids[0]}"]
            msg = _raises(_with_history(text, entries),
                          rf"history entry {len(entries) - 1} \('{q} {voids[0]}'\): no deal is consistent with the position: "
                          rf"seat {q} cannot hold {voids[0]}: entry \d+ \('{q} [^']+'\) showed that it does not$")
            j = int(re.search(r"entry (\d+) \('", msg.split("cannot hold")[1]).group(1))
            assert entries[j].startswith(f"{q} ") and j < len(entries) - 1
            found += 1
            break
    assert found == len(games)


def test_error_too_many_cards():
    """A hand larger than the deal gives (U-1), a seat with fewer cards than the history leaves."""
    text = stich.position_text(stich.Mucken().deal(seed=1), 1)
    hand = next(ln for ln in text.splitlines() if ln.startswith("hand:"))
    extra = str(stich.Mucken().deal(seed=1).hand(2)).split()[0]
    _raises(text.replace(hand, hand + " " + extra),
            r"^line 5 \(hand\): no deal is consistent with the position: seat 1 would hold 7 cards, more than 6$")
    _raises(text.replace(hand, " ".join(hand.split()[:-1])),
            r"^line 5 \(hand\): no deal is consistent with the position: the history leaves seat 1 with 6 cards here; the hand gives 5$")


def test_error_talon_runs_out():
    """M-6: without Mönch no seat draws more than the talon holds (32 - 4*5 - 1 = 11 cards)."""
    text = MISTIGRI.replace("2 join; 3 join; 2 discards 1", "2 join; 3 join; 2 discards 5")
    base = _with_history(text, ["0 join", "1 join", "2 join", "3 join", "0 discards 5", "1 discards 5", "2 discards 2"])
    _raises(base, r"history entry 6 \('2 discards 2'\): seat 2 may exchange 0..1 cards here: the talon has 1 cards left \(M-6\)")
    _raises(_with_history(text, ["0 join", "1 join", "2 join", "3 join", "0 discards 6"]),
            r"history entry 4 \('0 discards 6'\): .*seat 0 may exchange 0..5 cards here")


def test_error_mistigri_keeps_still():
    """M-11: under Mönch the Mistigri may not be played to a first trick led with the trump ace."""
    game = stich.Mistigri(players=3, monch=True)
    for seed in range(400):
        state = game.deal(seed=seed, dealer=0, turned="H7")
        ace = next((c for c in ("HA",) if stich.Card("HA") in state.hand(1)), None)
        if ace is None or stich.Card("EU") in state.hand(1):
            continue
        for a in ["join", "join", "join", "keep", "keep", "keep", "HA"]:
            state.apply(a)
        if stich.Card("EU") in state.hand(0) or stich.Card("EU") in state.hand(1):
            continue
        text = stich.position_text(state, 0)
        entries = _entries(text) + ["2 EU:H"]
        _raises(_with_history(text, entries), r"history entry 7 \('2 EU:H'\): the Mistigri keeps still .*\(M-11\)")
        return
    raise AssertionError("no position found")


def test_error_must_play_chooser_holds_the_eichel_ober():
    """U-9 must_play: the holder of EO chooses; a chooser that cannot hold it is named."""
    game = stich.Mucken(if_all_pass="must_play")
    for seed in range(100):
        state = game.deal(seed=seed, dealer=0)
        if stich.Card("EO") not in state.hand(2):
            continue
        text = stich.position_text(state, 2).replace("history: -", "history: 1 pass; 2 pass; 3 pass; 0 pass; 3 Muck")
        _raises(text, r"history entry 4 \('3 Muck'\): no deal is consistent with the position: the card EO is given twice: "
                      r"it is in seat 2 \(the observer\) \(the holder of EO chooses the must-play game \(U-9\)\)")
        return
    raise AssertionError("no position found")


def test_error_one_point_lines():
    """U-9 one_point: once every seat passed, the position says which team holds EO."""
    game = stich.Mucken(if_all_pass="one_point")
    state = game.deal(seed=3, dealer=0)
    for _ in range(4):
        state.apply("pass")
    text = stich.position_text(state, 1)
    assert "eo_team: " in text and str(stich.parse(text)) == text
    no_line = "\n".join(ln for ln in text.splitlines() if not ln.startswith("eo_team")) + "\n"
    _raises(no_line, r"every seat passed in a one_point deal: the position needs the line 'eo_team: T'")
    early = stich.position_text(game.deal(seed=3, dealer=0), 1) + "eo_team: 0\n"
    _raises(early, r"^line 7 \(eo_team\): only a one_point deal in which every seat passed has this line \(U-9\)$")
    holder = next(s for s in range(4) if stich.Card("EO") in state.hand(s))
    wrong = text.replace(f"eo_team: {holder % 2}", f"eo_team: {1 - holder % 2}")
    if holder == 1:
        _raises(wrong,
                r"history entry 3 \('0 pass'\): no deal is consistent with the position: seat 1 \(the observer\) is known to hold EO")


def test_inconsistent_input_fails_at_once_and_alike():
    """An impossible history fails at its first impossible entry (here entry 8; entry 9 is impossible
    too), with the same message for every seed and every `tries`: nothing is retried."""
    entries = _entries(COUILLON)
    entries[entries.index("1 DK")] = "2 DK"
    entries.append("3 CQ")
    text = _with_history(COUILLON, entries)
    messages = set()
    for seed in range(5):
        for tries in (1, 4000):
            with pytest.raises(ValueError) as info:
                stich.parse(text, seed=seed, tries=tries)
            messages.add(str(info.value))
    assert messages == {"line 6 (history): history entry 8 ('2 DK'): seat 2 cannot act here, seat 1 is to act"}


# ----- C-2 regression: forehand's first three cards stay hidden from the other seats ---------------

def test_C_2_resample_redraws_forehands_first_three():
    """A resampled world (and a pickled view) of another seat no longer carries forehand's real first
    packet: it is three of forehand's cards as dealt (in hand or played), never the revealed card."""
    game = stich.Couillon()
    a = game.deal(seed=4, dealer=0, hands={1: "CA CK CQ HA HK"})
    b = game.deal(seed=4, dealer=0, hands={1: "HA HK CQ CA CK"})
    assert a.first_three != b.first_three and a.hand(1) == b.hand(1)
    assert a.view(1) != b.view(1)             # forehand names trump on its packet: its known cards
    for s in (a, b):
        for act in ["Clubs"] + (["pass"] if s.phase == "mit" else []):
            s.apply(act)
        s.apply(s.legal_actions()[0])
    assert a.view(2) == b.view(2)             # the same information for seat 2
    # Once trump is named the packet changes nothing forehand can do; the position notation does not
    # write it, and views compare by what a position holds (docs/api.md, "Pickling and equality").
    assert a.view(1) == b.view(1)
    assert pickle.dumps(a.view(2)) == pickle.dumps(b.view(2)) and pickle.dumps(a.view(1)) == pickle.dumps(b.view(1))
    packets, own = Counter(), Counter()
    for seed in range(300):
        r = a.resample(2, seed)
        dealt = r.hand(1) | stich.CardSet([str(c) for w, c in r.view(2).history if w == 1 and len(str(c)) == 2])
        assert len(r.first_three) == 3 and r.first_three <= dealt
        packets[str(r.first_three)] += 1
        # forehand's own packet is no longer its view either: drawn anew among its cards as dealt
        mine = a.resample(1, seed)
        assert len(mine.first_three) == 3 and mine.first_three <= a.hand(1) | (dealt - r.hand(1))
        own[str(mine.first_three)] += 1
    assert len(packets) > 5 and len(own) > 5
    # while it names trump the packet is all forehand sees: its resample keeps it
    fresh = game.deal(seed=4, dealer=0)
    assert all(fresh.resample(1, seed).first_three == fresh.first_three for seed in range(20))
    # revealed: the reveal card is public and never among the first three
    c = game.deal(seed=9, dealer=0)
    c.apply("reveal")
    for seed in range(50):
        r = c.resample(3, seed)
        assert r.reveal_card == c.reveal_card and c.reveal_card not in r.first_three and r.first_three <= r.hand(1)


def test_M_6_resample_hides_the_other_seats_discards():
    """A resampled world keeps the observer's own exchange and nobody else's."""
    state = stich.Mistigri().deal(seed=3, dealer=0)
    for a in ["join"] * 4 + ["discard " + " ".join(str(c) for c in list(state.hand(1))[:2])]:
        state.apply(a)
    assert state.exchange(1)[0]
    real = state.exchange(1)
    seen = set()
    for seed in range(40):
        # seat 1's exchange in a world of seat 2: the world's discards, and two cards of its hand drawn
        r = state.resample(2, seed)
        out, drawn = r.exchange(1)
        assert out == r.discards(1) and len(out) == 2 and len(drawn) == 2 and drawn <= r.hand(1)
        seen.add((str(out), str(drawn)))
        assert state.resample(1, seed).exchange(1) == real
    assert len(seen) > 20 and (str(real[0]), str(real[1])) not in seen
