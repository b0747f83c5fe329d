"""Euchre as OpenSpiel plays it (docs/rules/euchre.md, E-1 .. E-12): the Python face.

The rules live in the C++ core (``csrc/stich/euchre.*``); this module checks options and converts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _core
from .games import Game, _check_count, _check_seat, _check_seed


class Euchre(Game):
    """Euchre (docs/rules/euchre.md): four players, partners opposite, 24 cards 9-A, an upcard,
    two rounds of bidding, bowers, going alone; OpenSpiel's rules and options."""

    name = "Euchre"
    OPTIONS = {
        "allow_lone_defender": (False, bool, "E-8: after the maker's go-alone decision each defender may go alone too"),
        "stick_the_dealer": (True, bool, "E-5: the dealer may not pass in the second round"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.num_players = 4
        self.deck = _core.Deck("french24")
        self._rules = _core.EuchreRules(**self.options)

    def deal(self, seed: int | None = None, dealer: int = 0, hands: Any = None, upcard: Any = None,
             kitty: Any = None) -> _core.EuchreState:
        """A new deal. ``hands`` pins cards per seat, ``upcard`` the turned card, ``kitty`` (up to
        three) of the cards face down; the rest is random. The seat left of the dealer bids first."""
        dealer = _check_seat("dealer", dealer, 4)
        fixed = self._fixed_hands(hands) or [[] for _ in range(4)]
        fixed.append([self.deck.card(upcard).id] if upcard is not None else [])
        fixed.append([c.id for c in self.deck.parse(kitty)] if kitty is not None else [])
        return _core.euchre_deal(self._rules, _check_seed(seed), dealer, fixed)

    def random_playouts(self, n: int, seed: int | None = None) -> np.ndarray:
        """Plays ``n`` random deals with random legal actions in C++; returns an (n, 4) int32 array
        of returns. Deal i uses dealer i % 4 and depends only on (seed, i)."""
        return _core.euchre_random_playouts(self._rules, _check_seed(seed), _check_count(n))

    @staticmethod
    def random_playouts_from(state: _core.EuchreState, n: int, seed: int | None = None) -> np.ndarray:
        """Plays ``n`` random continuations of ``state`` (its cards as they are) in C++; returns an
        (n, 4) int32 array of returns."""
        if not isinstance(state, _core.EuchreState):
            raise TypeError(f"random_playouts_from needs a EuchreState, got {type(state).__name__}")
        return _core.euchre_random_playouts_from(state, _check_seed(seed), _check_count(n))
