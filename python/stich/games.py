"""The games' Python faces: option checking, seeds and hands given as text.

The rules themselves live in the C++ core (``stich._core``); this module only converts.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np

from . import _core

HandSpec = "str | _core.CardSet | Iterable[_core.Card | str] | None"


def _check_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int in 0..2**64-1 or None, got {seed!r}")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return int(seed)


def _check_seat(name: str, seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= int(seat) < players:
        raise ValueError(f"{name} must be a seat 0..{players - 1}, got {seat!r}")
    return int(seat)


class Game:
    """Base of the games: a rules object with validated options (G-3)."""

    name: ClassVar[str]
    num_players: int
    deck: _core.Deck
    # option name -> (default, accepted values or a type, description)
    OPTIONS: ClassVar[dict[str, tuple[Any, Any, str]]] = {}

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            valid = ", ".join(f"{k} (default {v[0]!r})" for k, v in self.OPTIONS.items()) or "none"
            raise ValueError(f"unknown option(s) for {self.name}: {', '.join(unknown)}; valid options: {valid}")
        self.options: dict[str, Any] = {}
        for key, (default, accepted, _) in self.OPTIONS.items():
            value = options.get(key, default)
            if isinstance(accepted, type):
                if accepted is bool and not isinstance(value, bool):
                    raise ValueError(f"option {key} of {self.name} must be True or False, got {value!r}")
                if accepted is int and (isinstance(value, bool) or not isinstance(value, int)):
                    raise ValueError(f"option {key} of {self.name} must be an int, got {value!r}")
            elif value not in accepted:
                raise ValueError(f"option {key} of {self.name} must be one of {list(accepted)!r}, got {value!r}")
            self.options[key] = value

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.OPTIONS[k][0]}
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in changed.items())})"

    def _fixed_hands(self, hands: Mapping[int, Any] | Iterable[Any] | None) -> list[list[int]]:
        """Hands given per seat (text, CardSet or cards; None or "" for a random hand) as card ids."""
        if hands is None:
            return []
        if isinstance(hands, (str, _core.CardSet)):
            raise TypeError("hands must be a list with one entry per seat (or a dict seat -> cards), not one hand")
        items = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
        out: list[list[int]] = [[] for _ in range(self.num_players)]
        for seat, cards in items.items():
            seat = _check_seat("a seat in hands", seat, self.num_players)
            if cards is None:
                continue
            out[seat] = [c.id for c in self.deck.parse(cards)]
        return out


class Couillon(Game):
    """Couillon with Mit (RULINGS C-1 .. C-6): four players, partners opposite."""

    name = "Couillon"
    OPTIONS = {
        "kontra_doubles": (False, bool, "C-6: Kontra and Re double the value instead of adding one"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.num_players = 4
        self.deck = _core.Deck("french24")
        self._rules = _core.CouillonRules(**self.options)

    def deal(self, seed: int | None = None, dealer: int = 0, hands: Any = None) -> _core.CouillonState:
        """A new deal. ``hands`` pins cards per seat in deal order (forehand: its first three
        cards are those it names trump on, the fifth is its reveal card); the rest is random."""
        dealer = _check_seat("dealer", dealer, 4)
        return _core.couillon_deal(self._rules, _check_seed(seed), dealer, self._fixed_hands(hands))

    def random_playouts(self, n: int, seed: int | None = None) -> np.ndarray:
        """Plays ``n`` random deals with random legal actions in C++; returns an (n, 4) int32
        array of returns. Deal i uses dealer i % 4 and depends only on (seed, i)."""
        return _core.couillon_random_playouts(self._rules, _check_seed(seed), int(n))

    def match(self, seed: int | None = None, dealer: int = 0) -> _core.CouillonMatch:
        """A match from 13 down to 0 (C-6): ``next_deal()``, play it, ``record(state)``."""
        return _core.CouillonMatch(self._rules, _check_seed(seed), _check_seat("dealer", dealer, 4))
