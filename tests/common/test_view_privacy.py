"""A view hands nothing of what its seat cannot see to pickle or copy (issue 41; docs/api.md,
"Pickling and equality"): its reduction holds a state made from the seat's knowledge alone, so two
states with the same view of a seat give byte-identical view pickles, and no pickle reproduces
another seat's hidden cards more often than dealing them anew from the view would. Every game of
the registry, every configuration its shared-test hooks walk (tests/<game>/hooks.py CONFIGS), every
phase of random deals; views still round-trip equal, and sampled worlds (states play reaches)
pickle too."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Iterator

import pytest

from helpers.hooks import HOOKS

CONFIGS = [(name, game) for name, hooks in HOOKS.items() for game in hooks.CONFIGS]
IDS = [repr(game) for _, game in CONFIGS]
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def views(game: Any, deals: range, per_deal: int) -> Iterator[tuple[Any, int, int]]:
    """(state, seat, seed): up to `per_deal` random positions of each random walk, a random seat
    each, among the views where the seat cannot see every card."""
    for seed in deals:
        rng = random.Random(seed)
        s = game.deal(seed=seed, dealer=seed % game.num_players)
        walk = []
        while True:
            walk.append(s.clone())
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
        for s in rng.sample(walk, min(per_deal, len(walk))):
            seat = rng.randrange(s.num_players)
            v = s.view(seat)
            if any(len(v.known(loc)) < v.size(loc) for loc in v.location_names):
                yield s, seat, rng.randrange(2**32)


def hidden(s: Any, seat: int) -> list[Any]:
    return [s.hand(j) for j in range(s.num_players) if j != seat]


def check_view(s: Any, seat: int, seed: int, protocols: Any) -> bool:
    """Checks one view; whether its pickle holds every other seat's real hand."""
    v = s.view(seat)
    data = pickle.dumps(v)
    back = pickle.loads(data)
    assert back == v and back.observer == seat and type(back._origin) is type(s)
    # Another state with this view of the seat (its hidden cards dealt anew) pickles its view to the
    # same bytes, at every protocol, and reduces it to equal objects: nothing in them depends on
    # what the seat cannot see.
    w = s.resample(seat, seed)
    u = w.view(seat)
    assert u == v
    for proto in protocols:
        assert pickle.dumps(u, protocol=proto) == pickle.dumps(v, protocol=proto), (repr(s), seat, proto)
        ru, rv = u.__reduce_ex__(proto), v.__reduce_ex__(proto)
        assert ru[:2] == rv[:2] and ru[2][1] == rv[2][1] == seat and ru[2][0] == rv[2][0]
    assert copy.copy(u)._origin == copy.copy(v)._origin == back._origin
    assert copy.deepcopy(v) == v
    # The state the pickle carries is one of the view's worlds, a state play reaches (it pickles).
    assert back._origin.view(seat) == v
    assert pickle.loads(pickle.dumps(back._origin)) == back._origin
    # A sampled world pickles, as does every view of it.
    assert pickle.loads(pickle.dumps(w)) == w
    for j in range(w.num_players):
        assert pickle.loads(pickle.dumps(w.view(j))) == w.view(j)
    # ... and plays on legally to the end of the deal.
    rng = random.Random(seed)
    while not w.is_terminal:
        w.apply(rng.choice(w.legal_actions()))
    return hidden(back._origin, seat) == hidden(s, seat)


def run(game: Any, deals: range, per_deal: int, protocols: Any = PROTOCOLS) -> None:
    checked = reproduced = redealt = 0
    for s, seat, seed in views(game, deals, per_deal):
        checked += 1
        reproduced += check_view(s, seat, seed, protocols)
        redealt += hidden(s.resample(seat, seed + 1), seat) == hidden(s, seat)
    assert checked >= len(deals) * per_deal // 2, checked
    # Implied by the byte equality above, and the figure issue 41 measured (before: 112 of 400
    # Couillon views, 187 of 306 Mistigri views held every other real hand): the pickles hold the
    # real hands about as often as a re-deal does, which is rarely where cards are hidden.
    assert reproduced <= redealt + 3 + checked // 20, (checked, reproduced, redealt)


def large(game: Any) -> bool:
    """A deal of more than 40 cards: counting its worlds takes up to a second a view in the play."""
    v = game.deal(seed=0).view(0)
    return sum(v.size(loc) for loc in v.location_names) > 40


@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=IDS)
def test_view_pickles_hold_only_the_seats_knowledge(name, game):
    # fast: about 1,200 views over the configurations, two protocols
    run(game, range(2) if large(game) else range(16), 6, (0, pickle.HIGHEST_PROTOCOL))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "game"), CONFIGS, ids=IDS)
def test_view_pickles_hold_only_the_seats_knowledge_many(name, game):
    run(game, range(100, 106) if large(game) else range(100, 300), 10)
