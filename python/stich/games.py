"""The games' Python faces: option checking, seeds and hands given as text.

The rules themselves live in the C++ core (``stich._core``); this module only converts.
"""

from __future__ import annotations

import functools
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
    """TypeError for a seat that is not an int, IndexError for one out of range (like the core's)."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise TypeError(f"{name} must be a seat 0..{players - 1} (an int), got {seat!r}")
    if not 0 <= int(seat) < players:
        raise IndexError(f"{name} must be a seat 0..{players - 1}, got {seat!r}")
    return int(seat)


def _accepts(accepted: Any, value: Any) -> bool:
    """An option's accepted values: a type (bool/int are kept apart), or a tuple of values and types."""
    choices = accepted if isinstance(accepted, tuple) else (accepted,)
    for choice in choices:
        if isinstance(choice, type):
            if choice is int and isinstance(value, bool):
                continue
            if isinstance(value, choice):
                return True
        elif type(value) is type(choice) and value == choice:
            return True
    return False


def _describe(accepted: Any) -> str:
    names = {bool: "True or False", int: "an int"}
    choices = accepted if isinstance(accepted, tuple) else (accepted,)
    parts = [names.get(c, c.__name__) if isinstance(c, type) else repr(c) for c in choices]
    return parts[0] if len(parts) == 1 else "one of " + ", ".join(parts)


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
            if not _accepts(accepted, value):
                raise ValueError(f"option {key} of {self.name} must be {_describe(accepted)}, got {value!r}")
            self.options[key] = value

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.OPTIONS[k][0]}
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in changed.items())})"

    # A game is the value of its options: equal, hashed and pickled by them.
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), repr(self)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (functools.partial(type(self), **self.options), ())

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
    """Couillon with Mit (docs/rules/couillon.md, C-1 .. C-6): four players, partners opposite."""

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
    """Mucken (docs/rules/mucken.md, U-1 .. U-13): 4 players (partners opposite) or 6 (alternating teams)."""

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
        "kontra_takes_over": (
            True, bool, "U-7: after Kontra in a normal game the lines swap: the players win with 60, Schneider at 90"
        ),
        "if_all_pass": (
            "ramsch",
            ("ramsch", "throw_in", "must_play", "one_point"),
            "U-9: what happens when every seat passes",
        ),
        "ramsch_double": (True, bool, "U-10: Ramsch counts 4 instead of 2"),
        "ramsch_stichzwang": (True, bool, "U-10: in Ramsch follow, head, trump and over-trump (M-9 cascade)"),
        "target": (21, int, "U-12: points that win a Bobbl (usually 21 or 31)"),
        "hanger": (False, bool, "U-12: a match is the best of three Bobbl"),
        # (checked in __init__: a tuple of distinct names from BOCK_AFTER)
        "bock_after": (("throw_in",), object, "U-13: the deals (throw_in, ramsch) after which Bock follows"),
        "bock_round": (False, bool, "U-13: Bock lasts a round (one deal per seat) instead of one deal"),
        "glasses": (False, bool, "U-13: a Bobbl lost with 0 points counts as two Bobbl"),
    }
    BOCK_AFTER = ("throw_in", "ramsch")

    def __init__(self, **options: Any) -> None:
        for key in ("games", "bock_after"):
            if key in options and isinstance(options[key], list):
                options[key] = tuple(options[key])
        super().__init__(**options)
        o = self.options
        if not 1 <= o["target"] <= 1000:
            raise ValueError(f"option target of Mucken must be 1..1000 (usually 21 or 31), got {o['target']!r}")
        bock_after = o["bock_after"]
        if not isinstance(bock_after, tuple) or not all(k in self.BOCK_AFTER for k in bock_after) \
                or len(set(bock_after)) != len(bock_after):
            raise ValueError(
                "option bock_after of Mucken must be a tuple of distinct deal kinds from 'throw_in', 'ramsch' "
                f"(e.g. ('throw_in',), ('throw_in', 'ramsch') or ()), got {bock_after!r}"
            )
        o["bock_after"] = tuple(k for k in self.BOCK_AFTER if k in bock_after)  # one spelling per set
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
            bock_after_throw_in="throw_in" in o["bock_after"],
            bock_after_ramsch="ramsch" in o["bock_after"],
            bock_round=o["bock_round"],
            glasses=o["glasses"],
        )

    def deal(
        self, seed: int | None = None, dealer: int = 0, hands: Any = None, bock: bool = False
    ) -> _core.MuckenState:
        """A new deal; ``hands`` pins cards per seat, ``bock`` doubles this deal's value (U-13)."""
        dealer = _check_seat("dealer", dealer, self.num_players)
        if not isinstance(bock, bool):
            raise ValueError(f"bock must be True or False, got {bock!r}")
        return _core.mucken_deal(self._rules, _check_seed(seed), dealer, bock, self._fixed_hands(hands))

    GAMES = ("Wenz", "Geier", "Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
             "Wenz-Tout", "Geier-Tout", "Muck-Tout")

    def random_playouts(self, n: int, seed: int | None = None, game: str | None = None) -> np.ndarray:
        """Plays ``n`` random deals in C++ with random legal actions; returns an (n, players) int32
        array of returns. Deal i uses dealer i % players. ``game`` fixes the game instead of a
        random auction: one of ``Mucken.GAMES`` (forehand announces it, nobody doubles) or
        ``"Ramsch"`` (everyone passes)."""
        if game is None:
            opening = -1
        elif game == "Ramsch":
            opening = _core.MUCKEN_OPENING_RAMSCH
        elif game in self.GAMES:
            opening = self.GAMES.index(game)
        else:
            raise ValueError(f"unknown game {game!r}; accepted: {', '.join(self.GAMES)}, Ramsch")
        return _core.mucken_random_playouts(self._rules, _check_seed(seed), _check_count(n), opening)

    def match(self, seed: int | None = None, dealer: int = 0) -> _core.MuckenMatch:
        """Bobbl to ``target`` (best of three with ``hanger``; ``glasses`` counts a Bobbl won to nil
        twice), the dealer rotating and Bock carried over (one deal, or a round with ``bock_round``):
        ``next_deal()``, play it, ``record(state)``."""
        return _core.MuckenMatch(self._rules, _check_seed(seed), _check_seat("dealer", dealer, self.num_players))


class Mistigri(Game):
    """Mistigri and Mönch (docs/rules/mistigri.md, M-1 .. M-12): 3 to 6 players, pot and chips, pass or join,
    exchange, flushes, the Mistigri as top trump and wild card."""

    name = "Mistigri"
    DECKS = ("german32", "french32", "german36", "french36", "french52")
    OPTIONS = {
        "players": (4, (3, 4, 5, 6), "M-1: 3 to 6 players"),
        "deck": (None, (None, *DECKS), "M-1: None picks german32 (monch: german36, french52 for 6)"),
        "chips": (25, int, "M-3: chips each seat starts a match with"),
        "stake": (5, int, "M-3: each deal's ante, and the penalties"),
        "monch": (False, bool, "M-5..M-11: the Mönch refinements"),
        "club_law": (False, bool, "M-5: with clubs/acorns trump nobody may pass"),
        "deals": (None, (None, int), "M-12: deals in a match; None: until a seat runs out of chips"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        # The ranges live in the C++ rules (MistigriRules: no chip count of a match can overflow);
        # checked here too since a Python int may not fit a C++ int.
        limits = _core.MistigriRules
        ranges = (("chips", 0, limits.MAX_CHIPS), ("stake", 1, limits.MAX_CHIPS), ("deals", 1, limits.MAX_DEALS))
        for key, low, high in ranges:
            if o[key] is not None and not low <= o[key] <= high:
                also = "None or " if key == "deals" else ""
                raise ValueError(f"option {key} of Mistigri must be {also}an int in {low}..{high}, got {o[key]!r}")
        deck = o["deck"] or ("german32" if not o["monch"] else "german36" if o["players"] <= 5 else "french52")
        self.num_players = o["players"]
        self.deck = _core.Deck(deck)
        self._rules = _core.MistigriRules(
            players=o["players"], deck=deck, chips=o["chips"], stake=o["stake"], monch=o["monch"],
            club_law=o["club_law"], deals=o["deals"] or 0,
        )

    def deal(
        self, seed: int | None = None, dealer: int = 0, hands: Any = None, turned: Any = None,
        pot: int = 0, side_pot: int = 0, talon: Any = None, redraws: Any = None,
    ) -> _core.MistigriState:
        """A new deal: every seat antes ``stake`` into ``pot`` (carried in). ``hands`` pins cards
        per seat, ``turned`` the trump card, ``talon`` the top cards of the talon (in draw order),
        ``redraws`` (Mönch) the cards drawn from reshuffled discards (in draw order)."""
        dealer = _check_seat("dealer", dealer, self.num_players)
        for name, value in (("pot", pot), ("side_pot", side_pot)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _core.MistigriRules.MAX_POT:
                raise ValueError(f"{name} must be an int in 0..{_core.MistigriRules.MAX_POT}, got {value!r}")
        fixed = self._fixed_hands(hands) or [[] for _ in range(self.num_players)]
        fixed.append([self.deck.card(turned).id] if turned is not None else [])
        if talon is not None:
            fixed.append([c.id for c in self.deck.parse(talon)])
        pinned = [c.id for c in self.deck.parse(redraws)] if redraws is not None else []
        return _core.mistigri_deal(self._rules, _check_seed(seed), dealer, pot, side_pot, fixed, pinned)

    def random_playouts(self, n: int, seed: int | None = None) -> np.ndarray:
        """Plays ``n`` random deals (random bidding, exchange and play) in C++ from an empty pot;
        returns an (n, players) int32 array of chip changes. Deal i uses dealer i % players."""
        return _core.mistigri_random_playouts(self._rules, _check_seed(seed), _check_count(n))

    def match(self, seed: int | None = None, dealer: int = 0) -> _core.MistigriMatch:
        """A match (M-12): chips per seat, the pot carried over, the dealer rotating."""
        return _core.MistigriMatch(self._rules, _check_seed(seed), _check_seat("dealer", dealer, self.num_players))


def game_of(state: Any) -> Game:
    """The Game (with its options) a state was dealt under."""
    r = state.rules
    if isinstance(r, _core.CouillonRules):
        return Couillon(kontra_doubles=r.kontra_doubles)
    if isinstance(r, _core.MuckenRules):
        return Mucken(
            players=r.players, long_deck=r.long_deck, ranking=r.ranking.name.lower(),
            games=("Muck", "Geier", "Wenz") if r.with_geier else ("Muck", "Wenz"),
            kontra_takes_over=r.kontra_takes_over, if_all_pass=r.if_all_pass.name.lower(),
            ramsch_double=r.ramsch_double, ramsch_stichzwang=r.ramsch_stichzwang, target=r.target, hanger=r.hanger,
            bock_after=tuple(k for k, on in (("throw_in", r.bock_after_throw_in), ("ramsch", r.bock_after_ramsch)) if on),
            bock_round=r.bock_round, glasses=r.glasses,
        )
    if isinstance(r, _core.MistigriRules):
        return Mistigri(players=r.players, deck=r.deck.name, chips=r.chips, stake=r.stake, monch=r.monch,
                        club_law=r.club_law, deals=r.deals or None)
    if isinstance(r, _core.EuchreRules):
        from .euchre import Euchre

        return Euchre(allow_lone_defender=r.allow_lone_defender, stick_the_dealer=r.stick_the_dealer)
    raise TypeError(f"not a stich game state: {state!r}")
