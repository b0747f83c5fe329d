"""The games' Python faces, made from the C++ registry (``_core.games()``).

Every registered game becomes a :class:`Game` subclass here (``stich.<Game>`` for each name in
``stich.GAMES``): its options, their checks and defaults, its deal and playout arguments, its unit and search
constant all come from the game's description in C++ (docs/adding-a-game.md). This module only
converts seeds, seats and hands given as text; it knows no game by name.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Optional, TypeAlias, Union

import numpy as np
import numpy.typing as npt

from . import _core

if TYPE_CHECKING:   # the classes made below from the registry, as tools/stubs.py declares them
    from ._games import *  # noqa: F403

#: Cards as the API takes them: text ("EO GU HA"), a CardSet, or Cards / card texts.
Cards: TypeAlias = Union[str, _core.CardSet, Iterable[Union[_core.Card, str]]]
#: Hands given to ``deal()``: one entry per seat (None or "" for a random hand), or a dict seat -> cards.
Hands: TypeAlias = Union[Sequence[Optional[Cards]], Mapping[int, Optional[Cards]], None]


def _int(value: Any) -> Any:
    """A numpy int as an int; the core checks the value (a seat, a dealer, a count) and the bindings its type."""
    return int(value) if isinstance(value, np.integer) else value


def _seed(seed: Any) -> Any:
    """A seed for the core: None draws a random one; the bindings check the rest (an int in 0..2**64-1)."""
    return secrets.randbits(64) if seed is None else _int(seed)


def _check_seed(seed: Any) -> int:
    """A seed for Python's own generators (the bots'), checked as the bindings check the core's."""
    seed = _seed(seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return seed


def _check_count(n: Any) -> int:
    """A number of deals Python plays (stich.play's)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"the number of deals must be an int >= 0, got {n!r}")
    return int(n)


def _hand_seat(seat: Any, players: int) -> int:
    """A seat of a ``hands`` dict, as an index of the per-seat list the core takes."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise TypeError(f"a seat in hands must be a seat 0..{players - 1} (an int), got {seat!r}")
    if not 0 <= int(seat) < players:
        raise IndexError(f"a seat in hands must be a seat 0..{players - 1}, got {seat!r}")
    return int(seat)


@dataclass(frozen=True)
class Option:
    """One option of a game (or one extra argument of its deal or playouts), as the C++ schema
    describes it: ``accepts`` says in words what it takes; ``kind`` is bool, int, choice, subset,
    card or cards; ``low``/``high`` bound an int; ``choices`` lists a choice's values."""

    name: str
    default: Any
    accepts: str
    doc: str
    ruling: str = ""
    kind: str = ""
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    none_ok: bool = False

    @classmethod
    def _from_core(cls, d: dict[str, Any]) -> Option:
        a = d["accepts"]
        return cls(d["name"], d["default"], a["text"], d["doc"], d.get("ruling", ""), a["kind"], tuple(a["choices"]),
                   a.get("low"), a.get("high"), a["none_ok"])


class Game:
    """Base of the games: a rules object with validated options (G-3). The subclasses are made
    from the registry; ``OPTIONS`` describes each option, ``DEAL_PARAMS`` and ``PLAYOUT_PARAMS``
    the extra keyword arguments of :meth:`deal` and :meth:`random_playouts`."""

    name: ClassVar[str] = ""
    UNIT: ClassVar[str] = ""          # the unit of returns()
    TALLY: ClassVar[str] = ""         # what State.tally counts, with {seat}
    SEARCH_C: ClassVar[float] = 1.0   # the search's exploration constant
    TIE_THRESHOLD: ClassVar[float] = 0.1   # analysis: smaller differences between moves can be a tie
    PLAY_PHASE: ClassVar[str] = ""    # State.phase in the card play (the solver's phase), from the core
    OPTIONS: ClassVar[dict[str, Option]] = {}
    DEAL_PARAMS: ClassVar[dict[str, Option]] = {}
    PLAYOUT_PARAMS: ClassVar[dict[str, Option]] = {}
    # The game's extra functions (its core's, stich/schema.hpp FunctionSpec), each also a static
    # method of the class: name -> the parameters it takes.
    FUNCTIONS: ClassVar[dict[str, dict[str, Option]]] = {}
    # The size of the game's fixed action space (docs/rl.md): every legal action of every state has
    # an id below it (state.legal_actions_mask(), state.apply_fixed()).
    num_distinct_actions: ClassVar[int] = 0
    # The places of a deal after the seats (a talon, an upcard, a kitty), as records name them.
    DEAL_LOCATIONS: ClassVar[tuple[str, ...]] = ()
    # The game's name in OpenSpiel where OpenSpiel plays it the same way (stich bench --peer), else None.
    OPENSPIEL: ClassVar[str | None] = None
    # Whether the game has the exact open-hand solver (its SolverTraits): stich.solve, stich.pimc, PimcBot.
    SOLVER: ClassVar[bool] = False
    Rules: ClassVar[type[_core._RulesBase]]
    State: ClassVar[type[_core._StateBase]]
    Match: ClassVar[type[_core._MatchBase]]
    # The game's positions of ``stich bench``: (name, options, seed, moves).
    BENCH: ClassVar[tuple[tuple[str, dict[str, Any], int, tuple[str, ...]], ...]] = ()
    # The bench's solver rows: (name, options, deals), each deal solved open-handed at its first card.
    SOLVE_BENCH: ClassVar[tuple[tuple[str, dict[str, Any], int], ...]] = ()

    def __init__(self, **options: Any) -> None:
        self._rules = type(self).Rules(**options)

    @classmethod
    def from_rules(cls, rules: _core._RulesBase) -> Game:
        """The game of a rules object (``state.rules``)."""
        game = GAMES_BY_RULES.get(type(rules))
        if game is None:
            raise TypeError(f"not the rules of a stich game: {rules!r}")
        out = game.__new__(game)
        out._rules = rules
        return out

    @property
    def options(self) -> dict[str, Any]:
        """Every option's value (a copy), in the game's order."""
        return dict(self._rules.options)

    @property
    def num_players(self) -> int:
        return int(self._rules.num_players)

    @property
    def deck(self) -> _core.Deck:
        return self._rules.deck_info

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of ``state.observation_tensor(seat)`` and ``view.observation_tensor()`` under
        these options (docs/rl.md)."""
        return tuple(self._rules.observation_shape)

    @property
    def rules(self) -> _core._RulesBase:
        """The C++ rules object (immutable)."""
        return self._rules

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.OPTIONS[k].default}
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in changed.items())})"

    # A game is the value of its options: equal, hashed and pickled by them.
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._rules == self._rules

    def __hash__(self) -> int:
        return hash((type(self), self._rules))

    def __reduce__(self) -> tuple[Any, ...]:
        return (functools.partial(type(self), **self.options), ())

    def _fixed_hands(self, hands: Hands) -> list[list[int]]:
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
            seat = _hand_seat(seat, self.num_players)
            if cards is None:
                continue
            if not isinstance(cards, (str, _core.CardSet, Iterable)):
                raise TypeError(f"the hand of seat {seat} must be card text, a CardSet or cards, got {type(cards).__name__}")
            out[seat] = [c.id for c in self.deck.parse(cards)]
        return out

    def deal(self, seed: int | None = None, dealer: int = 0, hands: Hands = None, **extras: Any) -> _core._StateBase:
        """A new deal from ``seed`` (None: a random one) with ``dealer``. ``hands`` pins cards per
        seat in deal order (text, a CardSet or cards; the rest is random); the game's extra
        arguments are in ``DEAL_PARAMS``."""
        return self._rules.deal(_seed(seed), _int(dealer), self._fixed_hands(hands), **extras)

    def random_playouts(self, n: int, seed: int | None = None, **extras: Any) -> npt.NDArray[np.int32]:
        """Plays ``n`` random deals with uniformly random legal actions in C++; returns an
        (n, players) int32 array of returns. Deal i uses dealer i % players and depends only on
        (seed, i). The game's extra arguments are in ``PLAYOUT_PARAMS``."""
        return self._rules.random_playouts(_int(n), _seed(seed), **extras)

    def match(self, seed: int | None = None, dealer: int = 0) -> _core._MatchBase:
        """A match of this game: ``next_deal()``, play it, ``record(state)`` (docs/rules/)."""
        return type(self).Match(self._rules, _seed(seed), _int(dealer))


def _docstring(d: dict[str, Any]) -> str:
    lines = [d["doc"], "", "Options (keyword arguments):"]
    for o in d["options"]:
        lines.append(f"    {o['name']} = {o['default']!r}: {o['doc']} ({o['ruling']}; {o['accepts']['text']})")
    if d["deal_params"]:
        lines.append("")
        lines.append("Extra arguments of deal():")
        lines += [f"    {p['name']} = {p['default']!r}: {p['doc']}" for p in d["deal_params"]]
    if d["playout_params"]:
        lines.append("")
        lines.append("Extra arguments of random_playouts():")
        lines += [f"    {p['name']} = {p['default']!r}: {p['doc']}" for p in d["playout_params"]]
    return "\n".join(lines)


def _game_class(d: dict[str, Any]) -> type[Game]:
    namespace = {
        "__doc__": _docstring(d),
        "__module__": __name__,
        "__qualname__": d["name"],
        "name": d["name"],
        "UNIT": d["unit"],
        "TALLY": d["tally"],
        "SEARCH_C": d["search_c"],
        "TIE_THRESHOLD": d["tie_threshold"],
        "PLAY_PHASE": d["play_phase"],
        "OPTIONS": {o["name"]: Option._from_core(o) for o in d["options"]},
        "DEAL_PARAMS": {p["name"]: Option._from_core(p) for p in d["deal_params"]},
        "PLAYOUT_PARAMS": {p["name"]: Option._from_core(p) for p in d["playout_params"]},
        "Rules": d["rules"],
        "State": d["state"],
        "Match": d["match"],
        "BENCH": tuple((b["name"], b["options"], b["seed"], tuple(b["moves"])) for b in d["bench"]),
        "SOLVE_BENCH": tuple((b["name"], b["options"], b["deals"]) for b in d["solve_bench"]),
        "OPENSPIEL": d["openspiel"],
        "SOLVER": d["solver"],
        "num_distinct_actions": d["num_distinct_actions"],
        "DEAL_LOCATIONS": tuple(d["deal_locations"]),
        "FUNCTIONS": {name: {p["name"]: Option._from_core(p) for p in f["params"]} for name, f in d["functions"].items()},
    }
    namespace.update({name: staticmethod(f["call"]) for name, f in d["functions"].items()})
    return type(d["name"], (Game,), namespace)


#: The registered games by name, in registry order.
GAMES: dict[str, type[Game]] = {d["name"]: _game_class(d) for d in _core.games()}
GAMES_BY_RULES: dict[type, type[Game]] = {g.Rules: g for g in GAMES.values()}
GAMES_BY_STATE: dict[type, type[Game]] = {g.State: g for g in GAMES.values()}
globals().update(GAMES)


def game_of(state: _core._StateBase) -> Game:
    """The Game (with its options) a state was dealt under."""
    if type(state) not in GAMES_BY_STATE:
        raise TypeError(f"not a stich game state: {state!r}")
    return Game.from_rules(state.rules)


def in_card_play(state: _core._StateBase) -> bool:
    """Whether a state is in its game's card play (``Game.PLAY_PHASE``, named by the core)."""
    return state.phase == GAMES_BY_STATE[type(state)].PLAY_PHASE


def solvable(state: _core._StateBase) -> bool:
    """Whether the open-hand solver (solve, pimc, the exact analysis) takes a state: a game with
    the solver, in its card play from where its solver starts (the core's; a game whose whole
    deals are too big starts it late, in its last tricks)."""
    return GAMES_BY_STATE[type(state)].SOLVER and bool(_core.solvable(state))


def game_named(name: str) -> type[Game]:
    """The game class of a name, case-insensitive; ValueError naming the games."""
    for key, game in GAMES.items():
        if key.lower() == str(name).lower():
            return game
    raise ValueError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
