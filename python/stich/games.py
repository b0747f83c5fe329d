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


def _check_count(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"the number of deals must be an int >= 0, got {n!r}")
    return int(n)


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
        if isinstance(hands, (str, _core.CardSet)) or not isinstance(hands, (Mapping, Iterable)):
            raise TypeError(
                f"hands must be a list with one entry per seat (or a dict seat -> cards), got {type(hands).__name__}"
            )
        items = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
        out: list[list[int]] = [[] for _ in range(self.num_players)]
        for seat, cards in items.items():
            seat = _check_seat("a seat in hands", seat, self.num_players)
            if cards is None:
                continue
            if not isinstance(cards, (str, _core.CardSet, Iterable)):
                raise TypeError(f"the hand of seat {seat} must be card text, a CardSet or cards, got {type(cards).__name__}")
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
        return _core.couillon_random_playouts(self._rules, _check_seed(seed), _check_count(n))

    def match(self, seed: int | None = None, dealer: int = 0) -> _core.CouillonMatch:
        """A match from 13 down to 0 (C-6): ``next_deal()``, play it, ``record(state)``."""
        return _core.CouillonMatch(self._rules, _check_seed(seed), _check_seat("dealer", dealer, 4))


class Mucken(Game):
    """Mucken (RULINGS U-1 .. U-12): 4 players (partners opposite) or 6 (alternating teams)."""

    name = "Mucken"
    OPTIONS = {
        "players": (4, (4, 6), "U-1: 4 players, or 6 in two alternating teams of three (short deck only)"),
        "long_deck": (False, bool, "U-1: add the 8s and 7s (32 cards, 8 each)"),
        "ranking": (
            "geier_over_wenz",
            ("geier_over_wenz", "wenz_over_geier", "wenz_over_muck"),
            "U-5: order of the games within each tier; wenz_over_muck also drops the Sie",
        ),
        "games": (("Muck", "Geier", "Wenz"), (("Muck", "Geier", "Wenz"), ("Muck", "Wenz")), "U-5: the games played"),
        "kontra_takes_over": (True, bool, "U-7: after Kontra the defenders need 61, the players win with 60"),
        "if_all_pass": (
            "ramsch",
            ("ramsch", "throw_in", "must_play", "one_point"),
            "U-9: what happens when every seat passes",
        ),
        "ramsch_double": (True, bool, "U-10: Ramsch counts 4 instead of 2"),
        "ramsch_stichzwang": (True, bool, "U-10: in Ramsch follow, head, trump and over-trump (M-9 cascade)"),
        "target": (21, int, "U-12: points that win a Bobbl (usually 21 or 31)"),
        "hanger": (False, bool, "U-12: a match is the best of three Bobbl"),
    }

    def __init__(self, **options: Any) -> None:
        if "games" in options and isinstance(options["games"], list):
            options["games"] = tuple(options["games"])
        super().__init__(**options)
        o = self.options
        self.num_players = o["players"]
        self.deck = _core.Deck("german32" if o["long_deck"] else "german24")
        self._rules = _core.MuckenRules(
            players=o["players"],
            long_deck=o["long_deck"],
            ranking=getattr(_core.MuckenRanking, o["ranking"].upper()),
            with_geier="Geier" in o["games"],
            kontra_takes_over=o["kontra_takes_over"],
            if_all_pass=getattr(_core.AllPass, o["if_all_pass"].upper()),
            ramsch_double=o["ramsch_double"],
            ramsch_stichzwang=o["ramsch_stichzwang"],
            target=o["target"],
            hanger=o["hanger"],
        )

    def deal(
        self, seed: int | None = None, dealer: int = 0, hands: Any = None, bock: bool = False
    ) -> _core.MuckenState:
        """A new deal; ``hands`` pins cards per seat, ``bock`` doubles this deal's value (U-9)."""
        dealer = _check_seat("dealer", dealer, self.num_players)
        if not isinstance(bock, bool):
            raise ValueError(f"bock must be True or False, got {bock!r}")
        return _core.mucken_deal(self._rules, _check_seed(seed), dealer, bock, self._fixed_hands(hands))

    def random_playouts(self, n: int, seed: int | None = None) -> np.ndarray:
        """Plays ``n`` random deals (random auction, doubling and play) in C++; returns an
        (n, players) int32 array of returns. Deal i uses dealer i % players."""
        return _core.mucken_random_playouts(self._rules, _check_seed(seed), _check_count(n))

    def match(self, seed: int | None = None, dealer: int = 0) -> _core.MuckenMatch:
        """Bobbl to ``target`` (best of three with ``hanger``), the dealer rotating and Bock
        carried over: ``next_deal()``, play it, ``record(state)``."""
        return _core.MuckenMatch(self._rules, _check_seed(seed), _check_seat("dealer", dealer, self.num_players))
